"""A metamorphic property of the grader: whatever ONE student hands in — random text in answers and
error messages (lone surrogates, bidi, Markdown, CSV formulas), forged report lines, random bytes, a
FIFO, a link to a classmate's file, a folder, nothing, a loop, a fork or disk bomb, a deep tree — every
other student's rows and feedback file stay byte-identical, the run ends within its limit, and every
roster student has their rows."""

from __future__ import annotations

import csv
import json
import os
import shutil
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bglearn.grading import grade, sandbox
from bglearn.grading.synthetic import _set_answer, make_class, nest, remove_tree

EXERCISE = "bearing-off"
VICTIM = "s03"       # the student whose submission changes
CELL, NOTEBOOK = 2.0, 8.0


@pytest.fixture(scope="module")
def baseline(tmp_path_factory):
    assert sandbox.sandbox_problem() is None, "bubblewrap must work here (.ci/run installs it)"
    base = tmp_path_factory.mktemp("metamorphic")
    make_class(base / "class", EXERCISE, seed=2026, size=4, kinds=("perfect", "half", "perfect"))  # s04: nothing
    grade(base / "class" / "submissions", base / "first" / "grades.csv", cell_timeout=CELL, notebook_timeout=NOTEBOOK,
          jobs=2)
    yield base
    remove_tree(base)


def _rows(path: Path) -> dict[str, list[list[str]]]:
    with open(path, newline="", encoding="utf-8") as fh:
        rows = list(csv.reader(fh))[1:]
    out: dict[str, list[list[str]]] = {}
    for row in rows:
        out.setdefault(row[0], []).append(row)
    return out


def _cell(source: str) -> dict:
    return {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "source": source}


def _change(folder: Path, how: str, text: str, blob: bytes) -> None:
    """Change the victim's submission in ``folder`` (a copy of the class's submissions)."""
    path = folder / VICTIM / f"{EXERCISE}.ipynb"
    nb = json.loads(path.read_text())
    if how == "answer-text":
        _set_answer(nb, 1, f"answer_1 = {text!r}")
    elif how == "error-text":
        _set_answer(nb, 2, f"raise ValueError({text!r})")
    elif how == "forged-lines":
        line = json.dumps({"key": text, "n": 1, "cell": 0, "status": "ok", "error": text, "set": {}, "del": []})
        nb["cells"].append(_cell("import os\nfor fd in range(64):\n    try:\n"
                                 f"        os.write(fd, {(line + chr(10)) * 3!r}.encode('utf-8', 'surrogatepass'))\n"
                                 "    except OSError:\n        pass\n"))
    elif how == "stubborn-loop":
        nb["cells"].append(_cell("while True:\n    try:\n        pass\n    except BaseException:\n        pass\n"))
    elif how == "fork-bomb":
        nb["cells"].append(_cell("import os, time\nfor _ in range(200):\n    if os.fork() == 0:\n"
                                 "        time.sleep(20)\n        os._exit(0)\ntime.sleep(20)\n"))
    elif how == "disk":
        nb["cells"].append(_cell("import os\nfor i in range(6000):\n    open(f'/tmp/{i}', 'w').write('x' * 100)\n"))
    if how in ("answer-text", "error-text", "forged-lines", "stubborn-loop", "fork-bomb", "disk"):
        path.write_text(json.dumps(nb))
        return
    path.unlink()
    if how == "random-bytes":
        path.write_bytes(blob)
    elif how == "fifo":
        os.mkfifo(path)
    elif how == "link-to-classmate":
        path.symlink_to(folder / "s01" / f"{EXERCISE}.ipynb")
    elif how == "a-folder":
        path.mkdir()
    elif how == "deep-tree":
        nest(folder / VICTIM, 1100)


CHANGES = ["answer-text", "error-text", "forged-lines", "random-bytes", "fifo", "link-to-classmate", "a-folder",
           "nothing", "deep-tree", "stubborn-loop", "fork-bomb", "disk"]


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(how=st.sampled_from(CHANGES), text=st.text(max_size=60), blob=st.binary(max_size=200))
def test_one_students_submission_changes_nobody_elses_row_or_feedback(baseline, tmp_path_factory, how, text, blob):
    work = tmp_path_factory.mktemp("run")
    shutil.copytree(baseline / "class", work / "class", symlinks=True)
    _change(work / "class" / "submissions", how, text, blob)
    started = time.monotonic()
    try:
        report = grade(work / "class" / "submissions", work / "out" / "grades.csv", cell_timeout=CELL,
                       notebook_timeout=NOTEBOOK, jobs=2)
        seconds = time.monotonic() - started
        before, after = _rows(baseline / "first" / "grades.csv"), _rows(work / "out" / "grades.csv")
        assert set(after) == set(before) == {"s01", "s02", "s03", "s04"}
        assert len(after[VICTIM]) == len(before[VICTIM])
        for sid in ("s01", "s02", "s04"):
            assert after[sid] == before[sid], (how, sid)
            assert (work / "out" / "feedback" / f"{sid}.md").read_bytes() == \
                (baseline / "first" / "feedback" / f"{sid}.md").read_bytes(), (how, sid)
        assert (work / "out" / "feedback" / f"{VICTIM}.md").read_bytes().decode("utf-8")
        assert seconds < NOTEBOOK + 60, (how, seconds)
        assert len(report.results) == 4
    finally:
        remove_tree(work)

