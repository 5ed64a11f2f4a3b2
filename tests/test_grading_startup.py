"""What a graded run's start-up saves, and that saving it changes nothing: the code the kit's
dataclasses generate is kept compiled (:mod:`bglearn.grading.dataclass_cache`), and the grader's copy
of a handout's cells is made from the manifest's question descriptions."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from importlib.util import MAGIC_NUMBER
from pathlib import Path

import pytest

from bglearn.exercises import EXERCISES, from_specs, load_exercise
from bglearn.exercises.notebook import build_notebook, expected_cells, notebook_text, write_notebook
from bglearn.grading import dataclass_cache, runner, sandbox
from bglearn.grading.dataclass_cache import compiled, ensure, generated_code, load

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def kept(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache file made as the grader makes it (a fresh Python imports what a setup cell imports)."""
    path = tmp_path_factory.mktemp("cache") / "dataclass-code.bin"
    assert ensure(os.path.realpath(sys.executable), sandbox._python_path(str(ROOT)), path)
    return path


def test_kept_code_is_exactly_what_the_compiler_makes(kept: Path) -> None:
    table = load(kept)
    assert len(table) >= 100   # __init__, __repr__, __eq__, ... of every dataclass of the exercise machinery
    assert any("def __init__(" in source for source in table)
    for source, code in table.items():
        assert code == compiled(source), source[:200]


def test_a_setup_cell_compiles_no_dataclass_code_with_the_cache(kept: Path) -> None:
    """In a fresh Python, importing what a practice handout's setup cell imports finds every source
    ``dataclasses`` generates in the file: none is compiled again."""
    program = (
        "import sys\n"
        "from pathlib import Path\n"
        "from bglearn.grading import dataclass_cache as c\n"
        "misses = []\n"
        "real = c.compiled\n"
        "c.compiled = lambda s: misses.append(s) or real(s)\n"
        "with c.generated_code(c.load(Path(sys.argv[1]))):\n"
        "    from bglearn.exercises import open_handout\n"
        "    import bglearn.exercises.session, bglearn.exercises.questions\n"
        "print(len(misses))\n")
    env = {**os.environ, "PYTHONPATH": sandbox._python_path(str(ROOT))}
    out = subprocess.run([sys.executable, *sandbox.PYTHON_FLAGS, "-c", program, str(kept)], env=env,
                         capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.strip() == "0", out.stderr


def test_a_damaged_or_foreign_cache_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / "cache.bin"
    assert load(path) == {}                               # missing
    path.write_bytes(b"\x00" * 40)
    assert load(path) == {}                               # not ours
    path.write_bytes(MAGIC_NUMBER + b"\xff\xfe garbage")
    assert load(path) == {}                               # damaged
    path.write_bytes(MAGIC_NUMBER + __import__("marshal").dumps({"x": 1, 2: compiled("pass")}))
    assert load(path) == {}                               # not source -> code


def test_the_loan_ends_with_the_setup_cell() -> None:
    """The cached compiler is lent to ``dataclasses`` only inside, and a source it does not know is
    compiled as usual (a student's own dataclass behaves exactly as without the cache)."""
    table: dict = {}
    with generated_code(table, keep_new=True):
        assert "exec" in vars(dataclasses)

        @dataclasses.dataclass(frozen=True)
        class Point:
            x: int
            y: int = 2

        assert Point(1) == Point(1, 2) and repr(Point(1)).endswith("Point(x=1, y=2)")
    assert "exec" not in vars(dataclasses)
    assert table and all(code == compiled(source) for source, code in table.items())


def test_a_run_reports_the_same_with_and_without_the_cache(kept: Path) -> None:
    ex = load_exercise("bearing-off", 2026, "ada")
    cells = [expected_cells(ex)["setup"].source + "\ndef ask(*a, **k):\n    return None\n",
             f"answer_1 = {ex.question(1).example_answer()!r}", "answer_2 = 'nonsense'"]
    job = {"cells": cells, "answers": len(ex.questions), "cell_seconds": 30}
    reports = []
    for table in ({}, load(kept)):
        code = """
import json, sys
from bglearn.grading import runner, dataclass_cache
from pathlib import Path
lines = []
runner.run(json.loads(sys.argv[1]), lines.append, dataclass_cache.load(Path(sys.argv[2])) if sys.argv[2] else None)
print(json.dumps(lines))
"""
        env = {**os.environ, "PYTHONPATH": sandbox._python_path(str(ROOT))}
        out = subprocess.run([sys.executable, *sandbox.PYTHON_FLAGS, "-c", code, json.dumps(job),
                              str(kept) if table else ""], env=env, capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, out.stderr
        lines = json.loads(out.stdout)
        assert [line.get("status") for line in lines] == ["ok", "ok", "ok", None]
        reports.append(lines)
    assert reports[0] == reports[1]
    assert runner.encode(ex.question(1).example_answer()) == reports[0][1]["set"]["answer_1"]


@pytest.mark.parametrize("name", list(EXERCISES))
def test_the_graders_cells_are_the_handouts(name: str) -> None:
    """The grader rebuilds a student's questions from the manifest's descriptions and compares the
    submission with cells made from them: the same cells, byte for byte, as the handout the student
    got, without judging every question's rules again."""
    for mode in ("practice", "assessment"):
        ex = load_exercise(name, 2026, "ada", mode)
        specs = json.loads(json.dumps(ex.specs()))     # as the manifest keeps them
        rebuilt = from_specs(name, specs, 2026, "ada", mode)
        given = rebuilt.specs()
        given[0]["kind"] = "changed by the caller"
        assert rebuilt.specs() == specs
        mine = expected_cells(rebuilt)
        theirs = expected_cells(ex)
        assert {k: (c.cell_type, c.source) for k, c in mine.items()} == \
               {k: (c.cell_type, c.source) for k, c in theirs.items()}
        assert notebook_text(build_notebook(rebuilt)) == notebook_text(build_notebook(ex))


def test_descriptions_that_are_not_plain_data_are_made_afresh() -> None:
    ex = load_exercise("forced-moves", 2026, "ada")
    specs = ex.specs()
    specs[0] = {**specs[0], "rules": tuple(specs[0]["rules"])}   # a tuple: not what a manifest holds
    assert from_specs("forced-moves", specs, 2026, "ada").specs() == ex.specs()


def test_a_handout_file_is_what_nbformat_writes(tmp_path: Path) -> None:
    import nbformat

    ex = load_exercise("bar-entry", 2026, "ada")
    write_notebook(ex, tmp_path / "mine.ipynb", lang="es")
    nb = build_notebook(ex, lang="es")
    with open(tmp_path / "theirs.ipynb", "w", encoding="utf-8") as fh:
        nbformat.write(nb, fh)
    assert (tmp_path / "mine.ipynb").read_bytes() == (tmp_path / "theirs.ipynb").read_bytes()
    bad = build_notebook(ex)
    bad.cells[0]["cell_type"] = "table"
    with pytest.raises(nbformat.ValidationError):
        notebook_text(bad)


def test_the_cache_file_is_where_the_sandbox_sees_the_kit() -> None:
    assert dataclass_cache.CACHE_FILE.is_relative_to(sandbox.PACKAGE_DIR)
