"""A hostile class of 47 graded by the real ``bglearn grade`` command, in the sandbox: right, partial,
blank, copied, widget, nbformat 3 and hostile submissions (rewriting classmates' work and the grade
sheet, reading the manifest / other submissions / the environment, detached processes, killing the
grader, signals, the network, a huge answer, memory, an output flood), and the families of issue #23
that attack the code around the sandbox: lone surrogates and bidi characters, Markdown / HTML / CSV
injection, forged report lines, planted manifests, files that are not files (FIFO, links leading out,
a device, a socket, 101 MB), a 97 MB notebook, 1,100 nested folders, a wide folder, fork and memory
bombs, a full disk, too many files, a stopped process, routes to the teacher's files. Each student's
outcome is decided before grading (:func:`bglearn.grading.synthetic.make_hostile_class`); every
student must get exactly what their answers earn, and nothing hostile may have any effect."""

from __future__ import annotations

import csv
import hashlib
import os
import re
import secrets
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from bglearn.cli import main as cli
from bglearn.grading import sandbox
import stat
import unicodedata

from bglearn.grading.synthetic import HOSTILE_MIX, Targets, make_class, make_hostile_class, remove_tree

EXERCISE = "bearing-off"
ROOT = Path(__file__).resolve().parent.parent


def _digest(folder: Path) -> dict[str, str]:
    """A hash of every regular file under ``folder`` (iteratively: the class holds 1,100 nested folders;
    links, pipes, sockets and devices are named, never opened)."""
    found: dict[str, str] = {}
    stack = [str(folder)]
    while stack:
        with os.scandir(stack.pop()) as entries:
            for entry in entries:
                mode = entry.stat(follow_symlinks=False).st_mode
                rel = os.path.relpath(entry.path, folder)
                if stat.S_ISDIR(mode):
                    stack.append(entry.path)
                elif stat.S_ISREG(mode):
                    with open(entry.path, "rb") as fh:
                        found[rel] = hashlib.file_digest(fh, "sha256").hexdigest()
                else:
                    found[rel] = f"mode {stat.S_IFMT(mode):o}"
    return found


class _Listener:
    """A TCP server on 127.0.0.1 that records every connection made to it."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen()
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.connections = 0
        self.stop = False
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while not self.stop:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            self.connections += 1
            conn.close()

    def close(self) -> None:
        self.stop = True
        self.thread.join()
        self.sock.close()


def _marked_processes(marker: str) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if marker.encode() in Path(f"/proc/{entry}/cmdline").read_bytes():
                    found.append(int(entry))
            except OSError:
                pass
    return found


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    assert sandbox.sandbox_problem() is None, "bubblewrap must work here (.ci/run installs it)"
    base = tmp_path_factory.mktemp("hostile")
    out, results = base / "class", base / "results"
    listener = _Listener()
    marker = "bglearn-hostile-" + secrets.token_hex(6)
    targets = Targets(submissions=out / "submissions", manifest=out / "assignment.json",
                      grades=results / "grades.csv", feedback=results / "feedback", port=listener.port,
                      marker=marker, secret_variable="BGLEARN_TEST_TEACHER_SECRET")
    try:
        students, expected = make_hostile_class(out, targets, EXERCISE, seed=2026)
        before = _digest(out)
        env = dict(os.environ, BGLEARN_TEST_TEACHER_SECRET="the answers are on my desk")
        env["PYTHONPATH"] = os.pathsep.join([str(ROOT)] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
        started = time.monotonic()
        proc = subprocess.run([sys.executable, "-m", "bglearn", "grade", str(targets.submissions),
                               "-o", str(targets.grades), "--cell-timeout", "5", "--notebook-timeout", "40",
                               "--memory-mb", "512"],
                              env=env, capture_output=True, text=True, timeout=900)
        seconds = time.monotonic() - started
        left_behind = _marked_processes(marker)
        graded = {"csv": targets.grades.read_bytes() if targets.grades.exists() else b"",
                  "feedback": _digest(targets.feedback) if targets.feedback.exists() else {}}
        time.sleep(6)  # long enough for any detached process to do what it planned (after 4 s)
        yield {"out": out, "targets": targets, "expected": expected, "students": students, "proc": proc,
               "before": before, "after": _digest(out), "graded": graded, "left_behind": left_behind,
               "connections": listener.connections, "seconds": seconds}
    finally:
        listener.close()
        remove_tree(base)   # pytest's own clean-up recurses once per folder level


def _rows(path: Path) -> list[dict]:
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def test_the_command_finishes_and_writes_a_sheet_for_everybody(hostile):
    proc = hostile["proc"]
    assert proc.returncode == 0, proc.stderr
    expected = hostile["expected"]
    graded = sum(e.status == "graded" for e in expected.values())
    assert f"graded {graded} submissions ({len(expected) - graded} missing or unreadable)" in proc.stdout
    rows = _rows(hostile["targets"].grades)
    assert {r["student"] for r in rows} == set(expected)
    assert len(expected) >= 30 and {e.kind for e in expected.values()} == set(HOSTILE_MIX) | {"missing"}
    assert {(r["student"], r["status"] in ("missing", "unreadable")) for r in rows} == {
        (sid, e.status != "graded") for sid, e in expected.items()}
    assert hostile["seconds"] < 300


def test_every_roster_student_has_one_row_per_question_and_nothing_else(hostile):
    rows = _rows(hostile["targets"].grades)
    per_student: dict[str, list[int]] = {}
    for r in rows:
        per_student.setdefault(r["student"], []).append(int(r["question"]))
    assert all(sorted(q) == list(range(1, len(e.points) + 1)) for sid, e in hostile["expected"].items()
               for q in [per_student[sid]])
    assert len(rows) == sum(len(e.points) for e in hostile["expected"].values())


def test_the_grade_sheet_holds_no_formula_and_no_invisible_character(hostile):
    raw = hostile["targets"].grades.read_bytes().decode("utf-8")   # strict: a lone surrogate would fail here
    with open(hostile["targets"].grades, newline="", encoding="utf-8") as fh:
        cells = [c for row in csv.reader(fh) for c in row]
    assert not [c for c in cells if c[:1] in ("=", "+", "-", "@")]
    assert not [c for c in cells if not c.isprintable()]
    assert raw.count("\n") == len(_rows(hostile["targets"].grades)) + 1   # no line break inside a cell


def _heading_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("#")]


def test_feedback_shows_a_students_text_as_text_never_as_formatting(hostile):
    feedback = hostile["targets"].feedback
    for sid, e in hostile["expected"].items():
        text = (feedback / f"{sid}.md").read_bytes().decode("utf-8")
        assert all(ch.isprintable() or ch == "\n" for ch in text), (sid, e.kind)
        assert not any(unicodedata.category(ch) in ("Cf", "Cs") for ch in text), (sid, e.kind)
        score_line = f"Score: **{e.total:g} / {_max(hostile, sid):g}**"
        assert [line for line in text.splitlines() if line.startswith("Score:")] == [score_line], (sid, e.kind)
        headings = _heading_lines(text)
        assert headings[0].startswith("# ") and "feedback for" in headings[0], (sid, e.kind)
        assert [h for h in headings[1:] if not h.startswith(("## Notes on your submission", "## Question by question",
                                                              "### Question "))] == [], (sid, e.kind)
        assert sum(h.startswith("### Question ") for h in headings) == len(e.points), (sid, e.kind)
        students_text = text.replace(score_line, "", 1)   # the grader's own score line may read **10 / 10**
        for raw in (r"(?<!\\)<script", r"(?<!\\)<img", r"(?<!\\)\]\(http", r"\*\*Score", r"\*\*10 / 10\*\*"):
            assert not re.search(raw, students_text), (sid, e.kind, raw)   # each would format: a tag, a link, bold


def _max(hostile, sid: str) -> float:
    return sum(float(r["max_points"]) for r in _rows(hostile["targets"].grades) if r["student"] == sid)


def test_a_planted_manifest_is_never_read_and_the_teacher_is_told(hostile):
    err = hostile["proc"].stderr
    assert "submissions/assignment.json was not read" in err
    assert "\x1b" not in hostile["proc"].stdout + err


def test_every_student_gets_exactly_what_their_answers_earn(hostile):
    got: dict[str, dict[int, float]] = {}
    for r in _rows(hostile["targets"].grades):
        got.setdefault(r["student"], {})[int(r["question"])] = float(r["points"])
    wrong = {sid: (e.kind, got.get(sid), e.points) for sid, e in hostile["expected"].items() if got.get(sid) != e.points}
    assert not wrong


def test_each_hostile_or_broken_submission_gets_a_clear_note(hostile):
    notes = {r["student"]: r["note"] for r in _rows(hostile["targets"].grades)}
    for sid, e in hostile["expected"].items():
        for word in e.note_words:
            assert word in notes[sid], (sid, e.kind, notes[sid])
    perfect = [sid for sid, e in hostile["expected"].items()
               if e.kind in ("perfect", "widget", "nbformat3", "big-notebook")]
    assert all(notes[sid] == "" for sid in perfect), {sid: notes[sid] for sid in perfect}


def test_nobody_changed_any_file_of_the_class(hostile):
    assert hostile["after"] == hostile["before"]


def test_nothing_outlives_the_grader_or_rewrites_its_output(hostile):
    t = hostile["targets"]
    assert hostile["left_behind"] == []
    assert _marked_processes(t.marker) == []
    assert t.grades.read_bytes() == hostile["graded"]["csv"]
    assert _digest(t.feedback) == hostile["graded"]["feedback"]
    assert b"vandalised" not in t.grades.read_bytes()
    assert all(r["points"] != "99" for r in _rows(t.grades))


def test_no_submission_reached_the_network(hostile):
    assert hostile["connections"] == 0


def test_a_huge_answer_costs_little_and_makes_no_huge_file(hostile):
    huge = next(sid for sid, e in hostile["expected"].items() if e.kind == "huge")
    assert (hostile["out"] / "submissions" / huge / f"{EXERCISE}.ipynb").stat().st_size > 2_000_000
    assert (hostile["targets"].feedback / f"{huge}.md").stat().st_size < 50_000
    assert hostile["targets"].grades.stat().st_size < 200_000


def test_grading_refuses_without_a_sandbox_unless_told(tmp_path, monkeypatch, capsys):
    students, expected = make_class(tmp_path, "bearing-off", seed=7, size=3, kinds=("perfect", "half"))
    monkeypatch.setattr(sandbox, "sandbox_problem", lambda: "bubblewrap (bwrap) is not installed")
    code = cli(["grade", str(tmp_path / "submissions"), "-o", str(tmp_path / "g.csv")])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and "bwrap" in err and "--no-sandbox" in err
    assert not (tmp_path / "g.csv").exists()
    assert cli(["grade", str(tmp_path / "submissions"), "-o", str(tmp_path / "g.csv"), "--no-sandbox"]) == 0
    captured = capsys.readouterr()
    assert "WITHOUT a sandbox" in captured.err
    got: dict[str, dict[int, float]] = {}
    for r in _rows(tmp_path / "g.csv"):
        got.setdefault(r["student"], {})[int(r["question"])] = float(r["points"])
    assert got == {sid: e.points for sid, e in expected.items()}


@pytest.mark.parametrize("args, message", [
    (["--cell-timeout", "0"], "--cell-timeout"),
    (["--notebook-timeout", "soon"], "--notebook-timeout"),
    (["--jobs", "0"], "--jobs"),
    (["--memory-mb", "12"], "--memory-mb"),
])
def test_argument_errors_are_one_line(tmp_path, capsys, args, message):
    (tmp_path / "subs").mkdir()
    with pytest.raises(SystemExit) as stop:
        cli(["grade", str(tmp_path / "subs"), "-o", str(tmp_path / "g.csv"), *args])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.count("\n") == 1 and message in err
    assert not (tmp_path / "g.csv").exists()


def test_sandbox_problem_says_why_no_sandbox_can_be_made(tmp_path, monkeypatch):
    monkeypatch.setattr(sandbox, "_which_bwrap", lambda: None)
    sandbox.sandbox_problem.cache_clear()
    try:
        assert "not installed" in sandbox.sandbox_problem()
        fake = tmp_path / "bwrap"
        fake.write_text("#!/bin/sh\necho 'bwrap: No permissions to create new namespace' >&2\nexit 1\n")
        fake.chmod(0o755)
        monkeypatch.setattr(sandbox, "_which_bwrap", lambda: str(fake))
        sandbox.sandbox_problem.cache_clear()
        assert "No permissions to create new namespace" in sandbox.sandbox_problem()
        with pytest.raises(RuntimeError, match="no sandbox"):
            sandbox.run(["-c", "print(1)"], b"", sandbox.Limits())
    finally:
        sandbox.sandbox_problem.cache_clear()
