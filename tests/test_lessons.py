"""The course of lesson notebooks: order and links, titles and goals, stored outputs, every quiz
answering, the builder being the source of the notebooks, and the ``bglearn lessons`` command.

The notebooks themselves are executed, and their stored outputs compared, by nbval
(``pytest --nbval notebooks/ --nbval-sanitize-with tests/nbval_sanitize.cfg``).
"""

from __future__ import annotations

import ast
import importlib.util
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import nbformat
import pytest

from bglearn.cli import main
from bglearn.commands.lessons import find_notebooks, jupyter_command
from bglearn.errors import BglearnError
from bglearn.quiz import ChoiceQuiz, NumberQuiz, PlayQuiz, PointQuiz, Quiz

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"


def _builder():
    spec = importlib.util.spec_from_file_location("build_lessons", NOTEBOOKS / "build_lessons.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BUILDER = _builder()
LESSON_FILES = [name for name, _title in BUILDER.LESSONS]
ALL_FILES = [BUILDER.WELCOME, *LESSON_FILES, BUILDER.GLOSSARY]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def read(name: str) -> nbformat.NotebookNode:
    return nbformat.read(str(NOTEBOOKS / name), as_version=4)


def markdown(nb) -> str:
    return "\n\n".join(c.source for c in nb.cells if c.cell_type == "markdown")


def links(nb) -> list[str]:
    return LINK.findall(markdown(nb))


# -- the course's shape --------------------------------------------------------------------------

def test_the_course_has_a_welcome_nine_lessons_and_a_glossary_in_order():
    assert len(LESSON_FILES) == 9
    assert [f[:2] for f in LESSON_FILES] == [f"{i:02d}" for i in range(1, 10)]
    present = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
    assert present == sorted(ALL_FILES)


@pytest.mark.parametrize("name", ALL_FILES)
def test_every_notebook_opens_with_a_title_and_learning_goals(name):
    first = read(name).cells[0]
    assert first.cell_type == "markdown"
    lines = first.source.splitlines()
    assert lines[0].startswith("# ") and len(lines[0]) > 4
    assert "Learning goals" in first.source
    assert sum(1 for line in lines if line.startswith("- ")) >= 2


@pytest.mark.parametrize("number", range(1, 10))
def test_every_lesson_links_to_the_next_the_contents_and_the_glossary(number):
    nb = read(LESSON_FILES[number - 1])
    assert nb.cells[0].source.startswith(f"# Lesson {number} · ")
    targets = links(nb)
    assert BUILDER.WELCOME in targets and any(t.startswith(BUILDER.GLOSSARY) for t in targets)
    last = nb.cells[-1].source
    if number < 9:
        assert f"]({LESSON_FILES[number]})" in last and "Next" in last
    else:
        assert "finished the course" in last


def test_the_welcome_notebook_links_to_every_lesson_in_order():
    targets = links(read(BUILDER.WELCOME))
    positions = [targets.index(name) for name in LESSON_FILES]
    assert positions == sorted(positions)
    assert BUILDER.GLOSSARY in targets


@pytest.mark.parametrize("name", ALL_FILES)
def test_every_link_leads_somewhere(name):
    glossary_headings = {BUILDER.anchor(c.source.splitlines()[0][3:])
                         for c in read(BUILDER.GLOSSARY).cells
                         if c.cell_type == "markdown" and c.source.startswith("## ")}
    for target in links(read(name)):
        if target.startswith(("http://", "https://")):
            continue
        file, _, fragment = target.partition("#")
        assert (NOTEBOOKS / file).is_file(), f"{name}: broken link {target}"
        if fragment:
            assert file == BUILDER.GLOSSARY and fragment in glossary_headings, f"{name}: no anchor {target}"


def test_lessons_link_to_the_glossary_for_their_words():
    for name in LESSON_FILES[:8]:
        assert any(t.startswith(BUILDER.GLOSSARY + "#") for t in links(read(name))), name


# -- contents and stored outputs -----------------------------------------------------------------

@pytest.mark.parametrize("name", [BUILDER.WELCOME, *LESSON_FILES])
def test_every_lesson_has_pictures_a_board_to_play_on_and_quizzes(name):
    nb = read(name)
    code = [c for c in nb.cells if c.cell_type == "code"]
    svgs = sum(1 for c in code for o in c.outputs if "image/svg+xml" in o.get("data", {}))
    boards = [c for c in code if "BoardWidget(" in c.source]
    quizzes = [c for c in code if re.search(r"\b(PlayQuiz|ChoiceQuiz|PointQuiz|NumberQuiz)\b", c.source)]
    assert svgs >= 3, f"{name}: only {svgs} board pictures"
    assert boards, f"{name}: no interactive board"
    if name != BUILDER.WELCOME:
        assert len(quizzes) >= 3, f"{name}: {len(quizzes)} quizzes"
    assert any("application/vnd.jupyter.widget-view+json" in o.get("data", {})
               for cell in boards for o in cell.outputs), f"{name}: no board widget is displayed"


@pytest.mark.parametrize("name", ALL_FILES)
def test_stored_outputs_are_complete_and_error_free(name):
    nb = read(name)
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        assert cell.execution_count is not None, f"{name} cell {i} was not executed"
        for out in cell.outputs:
            assert out.output_type != "error", f"{name} cell {i}: {out.get('ename')}"
            assert not (out.output_type == "stream" and out.name == "stderr"), f"{name} cell {i}: {out.text}"
            text = out.get("data", {}).get("text/plain", "")
            assert not re.search(r"at 0x[0-9a-f]+", text), f"{name} cell {i}: a memory address in {text!r}"
    assert nb.metadata["kernelspec"]["name"] == "python3"


@pytest.mark.parametrize("name", ALL_FILES)
def test_notebooks_are_what_the_builder_writes(name):
    """Lessons are edited in build_lessons.py: the stored cells must match what it generates."""
    built = BUILDER.make_notebook(BUILDER.NOTEBOOKS[name]())
    stored = read(name)
    assert [(c.cell_type, c.source) for c in stored.cells] == [(c.cell_type, c.source) for c in built.cells], (
        f"{name} differs from build_lessons.py: run python3 notebooks/build_lessons.py")


def test_rule_cases_copied_into_the_builder_match_the_shared_cases():
    cases = REPO.parent / "shared" / "cases" / "plays.json"
    if not cases.exists():
        pytest.skip("the shared rule cases are not on this machine")
    import json

    from bglearn import WHITE, Position, legal_plays

    data = {c["id"]: c for c in json.loads(cases.read_text())["cases"]}
    for cid, (_rule, white, red, roll) in BUILDER.CASES.items():
        c = data[cid]
        assert Position(white, red, WHITE) == Position.from_arrays(c["me"], c["opp"], WHITE), cid
        assert roll == "".join(map(str, c["dice"])), cid
        assert len(legal_plays(Position(white, red, WHITE), roll)) == len(c["expected_plays"]), cid


# -- every quiz in the course answers, headless ----------------------------------------------------

def _run_cells(nb) -> list:
    """Execute a notebook's code cells in-process, collecting the value of each cell's last
    expression (what the notebook displays)."""
    namespace: dict = {"__name__": "__lesson__"}
    shown = []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        tree = ast.parse(cell.source)
        last = tree.body[-1] if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        body = tree.body[:-1] if last is not None else tree.body
        exec(compile(ast.Module(body=body, type_ignores=[]), "<cell>", "exec"), namespace)
        if last is not None:
            shown.append(eval(compile(ast.Expression(last.value), "<cell>", "eval"), namespace))
    return shown


@pytest.mark.parametrize("name", LESSON_FILES + [BUILDER.WELCOME])
def test_every_quiz_in_the_lessons_marks_right_answers_right_and_explains_wrong_ones(name, monkeypatch, capsys):
    monkeypatch.chdir(NOTEBOOKS)
    monkeypatch.setattr(sys, "path", list(sys.path))
    quizzes = [v for v in _run_cells(read(name)) if isinstance(v, Quiz)]
    capsys.readouterr()
    assert quizzes or name == BUILDER.WELCOME
    for quiz in quizzes:
        if isinstance(quiz, PlayQuiz):
            rights = [p.notation for p in quiz.answers] or ["none"]
            wrongs = ["24/1", "13/7 13/7 13/7 13/7 13/7"]
        elif isinstance(quiz, ChoiceQuiz):
            rights = sorted(quiz.answer)
            wrongs = [c for c in quiz.choices if c not in quiz.answer]
        elif isinstance(quiz, PointQuiz):
            rights = [str(p) if p else "off" for p in sorted(quiz.answers)] or ["none"]
            wrongs = [str(p) for p in range(1, 25) if p not in quiz.answers][:3]
        elif isinstance(quiz, NumberQuiz):
            rights = [str(quiz.answer)]
            wrongs = [str(quiz.answer + 1), str(quiz.answer - 1)]
        else:  # pragma: no cover
            raise AssertionError(f"unknown quiz {quiz!r}")
        assert wrongs, quiz
        for answer in wrongs:
            fb = quiz.check(answer)
            assert not fb.correct, (quiz, answer)
            assert len(fb.message) > 20 and fb.message.lower() not in ("wrong", "wrong."), (quiz, answer)
        for answer in rights:
            assert quiz.check(answer).correct, (quiz, answer)


# -- the command ---------------------------------------------------------------------------------

def test_find_notebooks_finds_the_repository_folder():
    assert find_notebooks() == NOTEBOOKS
    cmd = jupyter_command(NOTEBOOKS, port=8899, browser=False)
    assert cmd[:3] == [sys.executable, "-m", "jupyterlab"]
    assert str(NOTEBOOKS / "00-welcome.ipynb") in cmd and "--port=8899" in cmd and "--no-browser" in cmd


def test_lessons_dry_run_prints_the_command(capsys):
    assert main(["lessons", "--dry-run", "--no-browser", "--port", "8765"]) == 0
    out = capsys.readouterr().out
    assert "jupyterlab" in out and "00-welcome.ipynb" in out and "--port=8765" in out


def test_lessons_says_what_to_do_when_the_notebooks_are_missing(tmp_path, capsys):
    assert main(["lessons", "--dir", str(tmp_path), "--dry-run"]) == 2
    err = capsys.readouterr().err
    assert "no lesson notebooks" in err and "00-welcome.ipynb" in err
    with pytest.raises(BglearnError, match="pip install -e"):
        from bglearn.commands import lessons

        monkey_root = tmp_path / "pkg"
        (monkey_root / "bglearn").mkdir(parents=True)
        original = lessons._package_root
        try:
            lessons._package_root = lambda: monkey_root
            find_notebooks()
        finally:
            lessons._package_root = original


def test_lessons_rejects_a_bad_port(capsys):
    assert main(["lessons", "--port", "70000", "--dry-run"]) == 2
    assert "--port" in capsys.readouterr().err


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.slow
def test_lessons_command_starts_jupyterlab_serving_the_welcome_notebook(tmp_path):
    port = _free_port()
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), env.get("PYTHONPATH", "")])
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTERLAB_SETTINGS_DIR", "JUPYTERLAB_WORKSPACES_DIR"):
        env[var] = str(tmp_path / var.lower())
    cmd = [sys.executable, "-m", "bglearn", "lessons", "--no-browser", "--port", str(port), "--",
           "--ip=127.0.0.1", "--IdentityProvider.token=", "--ServerApp.password="]
    log = tmp_path / "lab.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        model = None
        while time.monotonic() < deadline and model is None:
            assert proc.poll() is None, log.read_text()[-2000:]
            try:
                url = f"http://127.0.0.1:{port}/api/contents/00-welcome.ipynb?content=0"
                with urllib.request.urlopen(url, timeout=2) as r:
                    model = r.read().decode()
            except OSError:
                time.sleep(0.3)
        assert model and '"type": "notebook"' in model.replace('":"', '": "'), log.read_text()[-2000:]
        assert "00-welcome.ipynb" in log.read_text()
    finally:
        import signal

        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=20)
