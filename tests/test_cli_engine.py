"""The command line: ``bglearn plays``, ``explain`` and ``show``; errors are one line, never a traceback."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bglearn.cli import main


def run(*args):
    return subprocess.run([sys.executable, "-m", "bglearn", *args], capture_output=True, text=True, timeout=60)


def test_plays_lists_every_legal_play(capsys):
    assert main(["plays", "--position", "4HPwATDgc/ABMA", "--roll", "31"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 16 and "8/5 6/5" in lines


def test_plays_accepts_an_xgid_with_its_dice(capsys):
    assert main(["plays", "-p", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"]) == 0
    assert "13/8 13/11" not in capsys.readouterr().out  # 5-2 plays, not 3-1
    assert main(["plays", "-p", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"]) == 0
    assert "13/11 13/8" in capsys.readouterr().out


def test_red_on_roll(capsys):
    assert main(["plays", "-p", "sGfwATDgc/ABMA", "--turn", "red", "-r", "66"]) == 0
    assert "24/18(2) 13/7(2)" in capsys.readouterr().out


def test_no_legal_play_is_said(capsys):
    # White on the bar against a closed board (shared case T24), 6-6.
    xgid = "XGID=-BBBBBC------------------A:0:0:1:66:0:0:0:0:10"
    code = main(["plays", "-p", xgid])
    out = capsys.readouterr().out
    assert code == 0 and "no legal play" in out


def test_explain_verdicts_and_exit_codes(capsys):
    assert main(["explain", "-p", "4HPwATDgc/ABMA", "-r", "61", "--play", "13/7 8/7"]) == 0
    assert capsys.readouterr().out.startswith("legal:")
    assert main(["explain", "-p", "4HPwATDgc/ABMA", "-r", "61", "--play", "13/7"]) == 1
    out = capsys.readouterr().out
    assert "DICE_NOT_FULLY_USED" in out and "both dice" in out


def test_show(capsys):
    assert main(["show", "-p", "4HPwATDgc/ABMA"]) == 0
    out = capsys.readouterr().out
    assert "XGID=-b----E-C---eE---c-e----B-" in out and "pips White 167" in out


@pytest.mark.parametrize(
    "args,fragment",
    [
        (["plays", "-p", "4HPwATDgc/ABM", "-r", "31"], "neither a GNU Position ID"),
        (["plays", "-p", "4HPwATDgc/ABMA", "-r", "71"], "not a roll"),
        (["plays", "-p", "4HPwATDgc/ABMA"], "no roll given"),
        (["explain", "-p", "XGID=bad", "-r", "31", "--play", "8/5"], "XGID"),
        # unreadable play text is bad input (status 2), not an illegal play (status 1)
        (["explain", "-p", "4HPwATDgc/ABMA", "-r", "31", "--play", "13/x"], "'x' is not a point"),
    ],
)
def test_errors_are_one_clear_line(args, fragment):
    r = run(*args)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and fragment in r.stderr


def test_import_is_light():
    code = ("import sys, time; t = time.perf_counter(); import bglearn; dt = time.perf_counter() - t; "
            "heavy = [m for m in ('ipywidgets', 'anywidget', 'IPython', 'jupyterlab', 'svgwrite', 'notebook') "
            "if m in sys.modules]; print(heavy)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
