"""Every error of the ``bglearn`` command is one clear line on stderr with exit status 2, found before
any work starts. Each case runs the installed ``bglearn`` entry point in a subprocess, as a user would."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bglearn.extras import DISTRIBUTION, EXTRAS


def entry_point() -> str:
    """The ``bglearn`` console script of the Python running the tests."""
    here = Path(sys.executable).parent / "bglearn"
    found = str(here) if here.exists() else shutil.which("bglearn")
    if not found:
        pytest.fail("the bglearn command is not installed: run python -m pip install -e '.[test]'")
    return found


def run(*args: str, cwd: Path, hide: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    """Run ``bglearn ARGS`` in ``cwd``; ``hide`` simulates modules that are not installed."""
    env = dict(os.environ)
    if hide:
        site = cwd / "_hide"
        site.mkdir(exist_ok=True)
        (site / "sitecustomize.py").write_text(
            "import sys\nfor _m in %r:\n    sys.modules[_m] = None  # import fails: not installed\n" % (hide,))
        env["PYTHONPATH"] = os.pathsep.join([str(site)] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    return subprocess.run([entry_point(), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


def assert_one_line_error(r: subprocess.CompletedProcess, command: str, fragment: str) -> None:
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    assert "Traceback" not in r.stderr
    lines = r.stderr.splitlines()
    assert len(lines) == 1, r.stderr
    assert lines[0].startswith(f"bglearn {command}".rstrip()), lines[0]
    assert fragment in lines[0], lines[0]
    assert r.stdout == "", f"work started before the error: {r.stdout[:200]!r}"


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    (tmp_path / "students.csv").write_text("id,name\nann,Ann\nbob,Bob\n")
    (tmp_path / "subs").mkdir()
    return tmp_path


CASES = {
    "replay a folder": (["replay", "."], "replay", ". is a folder, not a .mat file"),
    "replay a missing file": (["replay", "nothing.mat"], "replay", "no such .mat file: nothing.mat"),
    "match into a missing folder": (["match", "--length", "3", "--seed", "1", "-o", "missing/dir/x.mat"], "match",
                                    "missing/dir does not exist"),
    "match into a folder": (["match", "--length", "3", "-o", "subs"], "match", "subs is a folder"),
    "render into a missing folder": (["render", "-p", "4HPwATDgc/ABMA", "-o", "missing/x.svg"], "render",
                                     "missing does not exist"),
    "render PNG to stdout": (["render", "-p", "4HPwATDgc/ABMA", "--png"], "render", "needs a file name"),
    "explain bad notation": (["explain", "-p", "4HPwATDgc/ABMA", "-r", "31", "--play", "13/x"], "explain",
                             "'x' is not a point"),
    "explain bad position": (["explain", "-p", "XGID=bad", "-r", "31", "--play", "8/5"], "explain", "XGID"),
    "plays bad roll": (["plays", "-p", "4HPwATDgc/ABMA", "-r", "71"], "plays", "not a roll"),
    "assign into an existing file": (["assign", "--exercise", "bearing-off", "--roster", "students.csv", "--seed", "1",
                                      "-o", "students.csv"], "assign", "students.csv is a file, not a folder"),
    "assign a missing roster": (["assign", "--exercise", "bearing-off", "--roster", "nobody.csv", "--seed", "1",
                                 "-o", "out"], "assign", "no such roster file: nobody.csv"),
    "grade a missing folder": (["grade", "nowhere", "-o", "grades.csv"], "grade",
                               "no such folder of submissions: nowhere"),
    "grade a file": (["grade", "students.csv", "-o", "grades.csv"], "grade",
                     "students.csv is a file, not a folder of submissions nor a Canvas or Moodle zip"),
    "grade into a folder": (["grade", "subs", "-o", "subs"], "grade", "subs is a folder"),
    "grade without arguments": (["grade"], "grade", "the following arguments are required"),
    "grade without a manifest": (["grade", "subs", "-o", "grades.csv"], "grade", "no assignment manifest at"),
    "unknown option": (["plays", "-p", "4HPwATDgc/ABMA", "-r", "31", "--colour", "red"], "",
                       "unrecognized arguments: --colour red"),
    "unknown command": (["plya"], "", "invalid choice: 'plya'"),
}


@pytest.mark.parametrize("name", list(CASES))
def test_error_is_one_line_exit_2_before_any_work(name, workdir):
    args, command, fragment = CASES[name]
    r = run(*args, cwd=workdir)
    assert_one_line_error(r, command, fragment)
    assert sorted(p.name for p in workdir.iterdir()) == ["students.csv", "subs"]  # nothing was written


@pytest.mark.parametrize("name", ["assign into an existing file", "assign a missing roster", "grade a missing folder",
                                  "grade a file", "grade into a folder"])
def test_grade_and_assign_check_arguments_before_the_heavy_import(name, workdir):
    """With the Jupyter tools made unimportable, an argument error is still the argument error: the
    arguments are checked before nbformat/nbclient (seconds of start-up) are imported."""
    args, command, fragment = CASES[name]
    r = run(*args, cwd=workdir, hide=("nbformat", "nbclient"))
    assert_one_line_error(r, command, fragment)


@pytest.mark.parametrize("args,command,module", [
    (["grade", "subs", "-o", "grades.csv"], "grade", "nbformat"),
    (["assign", "--exercise", "bearing-off", "--roster", "students.csv", "--seed", "1", "-o", "out"], "assign",
     "nbformat"),
])
def test_a_missing_jupyter_tool_names_the_lessons_extra(args, command, module, workdir):
    r = run(*args, cwd=workdir, hide=(module,))
    assert_one_line_error(r, command, f"needs {module}, which comes with the kit's 'lessons' extra")
    assert f"pip install '{DISTRIBUTION}[lessons]'" in r.stderr


def test_lessons_without_jupyterlab_names_the_lessons_extra(workdir):
    r = run("lessons", "--no-browser", cwd=workdir, hide=("jupyterlab",))
    assert_one_line_error(r, "lessons", f"'lessons' extra: pip install '{DISTRIBUTION}[lessons]'")


def test_render_png_without_cairosvg_names_the_png_extra_before_drawing(workdir):
    r = run("render", "-p", "4HPwATDgc/ABMA", "-o", "board.png", cwd=workdir, hide=("cairosvg",))
    assert_one_line_error(r, "render", f"needs cairosvg, which comes with the kit's 'png' extra: "
                                       f"pip install '{DISTRIBUTION}[png]'")
    assert not (workdir / "board.png").exists()


def test_render_svg_needs_no_optional_part(workdir):
    r = run("render", "-p", "4HPwATDgc/ABMA", "-o", "board.svg", cwd=workdir, hide=("cairosvg",) + EXTRAS["lessons"])
    assert r.returncode == 0, r.stderr
    assert (workdir / "board.svg").read_text().startswith("<svg")


def test_the_engine_commands_run_without_the_jupyter_tools(workdir):
    """The runtime dependencies are only what runs in the browser: the engine commands need nothing else."""
    r = run("plays", "-p", "4HPwATDgc/ABMA", "-r", "31", cwd=workdir, hide=EXTRAS["lessons"] + EXTRAS["png"])
    assert r.returncode == 0, r.stderr
    assert len(r.stdout.splitlines()) == 16


@pytest.mark.parametrize("code", [
    "from bglearn.grading import grade",
    "from bglearn.exercises.notebook import build_notebook",
])
def test_library_use_without_nbformat_names_the_lessons_extra(code, workdir):
    site = workdir / "_hide"
    site.mkdir()
    (site / "sitecustomize.py").write_text("import sys\nsys.modules['nbformat'] = None\n")
    env = {**os.environ, "PYTHONPATH": str(site)}
    r = subprocess.run([sys.executable, "-c", code], cwd=workdir, env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 1
    assert r.stderr.splitlines()[-1] == (
        "bglearn.extras.MissingExtraError: writing or grading exercise notebooks needs nbformat, which comes "
        f"with the kit's 'lessons' extra: pip install '{DISTRIBUTION}[lessons]'")


def test_the_engine_diagrams_and_exercises_import_without_the_jupyter_tools(workdir):
    """What runs in the browser needs none of the 'lessons' or 'png' extras."""
    site = workdir / "_hide"
    site.mkdir()
    hidden = EXTRAS["lessons"] + EXTRAS["png"]
    (site / "sitecustomize.py").write_text(f"import sys\nfor m in {hidden!r}:\n    sys.modules[m] = None\n")
    code = ("from bglearn import Position, legal_plays, render, explain, points_won\n"
            "from bglearn.exercises import load_exercise\n"
            "assert len(legal_plays(Position(), '31')) == 16 and str(render(Position())).startswith('<svg')\n"
            "load_exercise('bearing-off', seed=1, student='a').question(1)\n")
    env = {**os.environ, "PYTHONPATH": str(site)}
    r = subprocess.run([sys.executable, "-c", code], cwd=workdir, env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
