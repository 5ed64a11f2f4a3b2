"""The course in Spanish, Finnish and Romanian: one text source per language, built into
``notebooks/<lang>/`` and ``exercises/<lang>/``; ``bglearn lessons --lang`` and the grader's language.

nbval executes the built lessons of every language with the English ones (pytest collects
``notebooks/`` recursively); the exercise notebooks of each language run here, blank, like a learner
opening them. These tests fail while a translation is missing or not yet built.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path

import nbformat
import pytest

from bglearn.i18n import TRANSLATED, set_language

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
EXERCISES = REPO / "exercises"
LINK = re.compile(r"\]\(([^)\s]+)\)")


def _module(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


BUILD = _module("lessons_build_i18n", NOTEBOOKS / "build.py")
ENGLISH = list(BUILD.sources("en"))


@pytest.fixture(autouse=True)
def _no_language_left_over():
    yield
    set_language(None)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_lesson_has_a_translated_source(lang):
    src = BUILD.source_dir(lang)
    missing = [BUILD.sources("en")[name].name for name in ENGLISH if not (src / BUILD.sources("en")[name].name).is_file()]
    assert not missing, f"notebooks/src/{lang}/ lacks {missing}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_translated_lesson_is_built_and_up_to_date(lang):
    if not BUILD.source_dir(lang).is_dir():
        pytest.fail(f"no notebooks/src/{lang}/ yet")
    stale = BUILD.out_of_date(lang)
    assert not stale, f"{stale} changed since the last build: run python notebooks/build.py --lang {lang}"
    built = sorted(p.name for p in BUILD.out_dir(lang).glob("*.ipynb"))
    assert built == sorted(BUILD.sources(lang)), "every built notebook has a source and every source is built"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_translated_notebook_chooses_its_language_first_and_links_within_its_language(lang):
    folder = BUILD.out_dir(lang)
    notebooks = sorted(folder.glob("*.ipynb"))
    if not notebooks:
        pytest.fail(f"notebooks/{lang}/ is not built: python notebooks/build.py --lang {lang}")
    for path in notebooks:
        nb = nbformat.read(path, as_version=4)
        first = nb.cells[0]
        assert first.cell_type == "code" and first.source == f'import bglearn\nbglearn.set_language("{lang}")', path
        for cell in nb.cells:
            if cell.cell_type != "markdown":
                continue
            for target in LINK.findall(cell.source):
                if target.startswith(("http://", "https://", "#", "mailto:")):
                    continue
                file = target.split("#")[0]
                assert not file.startswith("../exercises/"), f"{path.name}: {target} leaves the {lang} course"
                if file:
                    assert (folder / file).resolve().is_file() or file.startswith(f"../../exercises/{lang}/"), \
                        f"{path.name}: {target} leads nowhere"


def test_the_build_inserts_the_language_and_rewrites_exercise_links(tmp_path, monkeypatch):
    src = tmp_path / "src" / "fi"
    src.mkdir(parents=True)
    (src / "00-welcome.md").write_text(
        "# Tervetuloa\n\n[Harjoitus](../exercises/setup.ipynb)\n\n```{code-cell}\n1 + 1\n```\n", encoding="utf-8")
    monkeypatch.setattr(BUILD, "HERE", tmp_path)
    monkeypatch.setattr(BUILD, "SRC", tmp_path / "src")
    assert BUILD.out_of_date("fi") == ["00-welcome.ipynb"]
    nb = BUILD.load("00-welcome.ipynb", src / "00-welcome.md", "fi")
    assert [c.source for c in nb.cells][:2] == ['import bglearn\nbglearn.set_language("fi")',
                                                "# Tervetuloa\n\n[Harjoitus](../../exercises/fi/setup.ipynb)"]
    assert nb.metadata["bglearn"]["source"] == "src/fi/00-welcome.md"


# -- exercises ------------------------------------------------------------------------------------

def _exercise_names() -> list[str]:
    from bglearn.exercises import EXERCISES as SPECS

    return list(SPECS)


def _canonical(nb) -> str:
    return json.dumps(nbformat.from_dict(json.loads(nbformat.writes(nb))), sort_keys=True)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_exercise_has_translated_prose(lang):
    english = sorted(p.name for p in (EXERCISES / "src").glob("*.md"))
    assert english, "exercises/src/*.md (the English prose) is missing"
    missing = [n for n in english if not (EXERCISES / "src" / lang / n).is_file()]
    assert not missing, f"exercises/src/{lang}/ lacks {missing}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_exercise_notebook_is_built_in_each_language_and_up_to_date(lang):
    from bglearn.exercises import load_exercise
    from bglearn.exercises.notebook import build_notebook

    for name in _exercise_names():
        path = EXERCISES / lang / f"{name}.ipynb"
        assert path.is_file(), f"run python exercises/build_exercises.py --lang {lang}"
        on_disk = nbformat.read(path, as_version=4)
        same = _canonical(on_disk) == _canonical(build_notebook(load_exercise(name), lang=lang))
        assert same, f"{path} is stale: run python exercises/build_exercises.py --lang {lang}"  # (no huge diff)


@pytest.mark.slow
@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_exercise_notebook_runs_in_its_language(lang):
    """Each exercise notebook, opened and run blank by a learner: no cell fails, and the check cells
    answer in the notebook's language (not English)."""
    from nbclient import NotebookClient

    paths = sorted((EXERCISES / lang).glob("*.ipynb"))
    if not paths:
        pytest.fail(f"exercises/{lang}/ is not built")
    english_check = "not answered"  # ex.summary() of a blank notebook, in English
    for path in paths:
        nb = nbformat.read(path, as_version=4)
        NotebookClient(nb, timeout=120, kernel_name="python3",
                       resources={"metadata": {"path": str(path.parent)}}).execute()
        errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
                  if o.get("output_type") == "error"]
        assert not errors, f"{path}: {errors[0].get('ename')}: {errors[0].get('evalue')}"
        text = json.dumps([c.get("outputs", []) for c in nb.cells if c.cell_type == "code"])
        assert english_check not in text, f"{path}: an English check message"


# -- the commands ---------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", TRANSLATED)
def test_bglearn_lessons_lang_opens_that_course_and_sets_the_kernels_language(lang, capsys):
    from bglearn.cli import main
    from bglearn.commands import lessons

    if not (NOTEBOOKS / lang / "00-welcome.ipynb").is_file():
        pytest.fail(f"notebooks/{lang}/ is not built")
    assert main(["lessons", "--lang", lang, "--dry-run", "--no-browser"]) == 0
    cmd = capsys.readouterr().out
    assert f"--LabApp.default_url=/lab/tree/notebooks/{lang}/00-welcome.ipynb" in cmd
    from bglearn.course_copy import default_course_dir

    assert f"--ServerApp.root_dir={default_course_dir()}" in cmd  # the learner's copy: links reach exercises/<lang>/
    assert lessons._environment(lang)["BGLEARN_LANG"] == lang


def test_bglearn_lessons_refuses_an_unknown_language(capsys):
    from bglearn.cli import main

    with pytest.raises(SystemExit) as exit_:
        main(["lessons", "--lang", "de", "--dry-run"])
    assert exit_.value.code == 2
    assert "invalid choice: 'de'" in capsys.readouterr().err


def test_the_grader_writes_feedback_in_the_assigned_language_or_the_one_asked_for(tmp_path, capsys):
    """`bglearn assign --lang fi` keeps the language in assignment.json; `bglearn grade` then writes the
    feedback files in Finnish, and `bglearn grade --lang es` in Spanish."""
    from bglearn.cli import main
    from bglearn.i18n import _, using_language

    roster = tmp_path / "students.csv"
    roster.write_text("id,name\nana,Ana\nben,Ben\n")
    out = tmp_path / "out"
    assert main(["assign", "--exercise", "setup", "--roster", str(roster), "--seed", "5", "-o", str(out),
                 "--lang", "fi"]) == 0
    (out / "submissions" / "ben").mkdir()   # a folder with nobody's work in it is refused: Ben hands in
    (out / "submissions" / "ben" / "setup.ipynb").write_text("{}")   # something (unreadable: nothing runs)
    assert json.loads((out / "assignment.json").read_text())["language"] == "fi"
    handout = json.loads((out / "handouts" / "ana" / "setup.ipynb").read_text())
    assert handout["metadata"]["bglearn"].get("lang") == "fi"
    for lang, extra in (("fi", []), ("es", ["--lang", "es"])):
        sheet = tmp_path / lang / "grades.csv"
        assert main(["grade", str(out / "submissions"), "-o", str(sheet), *extra]) == 0
        feedback = (sheet.parent / "feedback" / "ana.md").read_text()
        with using_language(lang):
            expected = _("No submission was found.")
        assert expected != "No submission was found.", f"{lang}: the catalog lacks this message"
        assert expected in feedback and "No submission was found." not in feedback
    capsys.readouterr()


def test_an_unknown_language_in_the_manifest_is_a_clear_error(tmp_path):
    from bglearn.errors import BglearnError
    from bglearn.grading.roster import Assignment

    manifest = tmp_path / "assignment.json"
    manifest.write_text(json.dumps({"format": 1, "exercises": {}, "students": [], "language": "de"}))
    with pytest.raises(BglearnError, match="no translation for language 'de'"):
        Assignment.load(manifest)
