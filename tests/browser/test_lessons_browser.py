"""The lessons in JupyterLab in a real browser: run a notebook, answer its quiz, use its board, show
folded code.

These share the session's Chromium (``conftest.py``); Playwright allows one sync instance per thread.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from .harness import JupyterServer, open_notebook, run_all_cells, screenshot

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def _build_module():
    spec = importlib.util.spec_from_file_location("lessons_build", NOTEBOOKS / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BUILD = _build_module()
SOURCES = list(BUILD.sources())
WELCOME = SOURCES[0]
LESSON_FILES = [name for name in SOURCES[1:] if name[:2].isdigit()]


@pytest.fixture(scope="module")
def lesson_server(browser_available, tmp_path_factory):
    """A JupyterLab server holding a copy of the course."""
    server = JupyterServer.start(tmp_path_factory.mktemp("lessons-lab"))
    for nb in NOTEBOOKS.glob("*.ipynb"):
        (server.root / nb.name).write_bytes(nb.read_bytes())
    yield server
    server.stop()


@pytest.mark.browser
@pytest.mark.slow
def test_welcome_notebook_runs_in_jupyterlab_and_its_quiz_and_board_answer(lesson_server, page):
    server = lesson_server
    page.set_default_timeout(60_000)
    open_notebook(page, server, WELCOME)
    run_all_cells(page)
    quiz = page.locator(".bglearn-quiz").first
    quiz.scroll_into_view_if_needed()
    quiz.locator("svg [data-point]").first.wait_for(state="visible")
    box = quiz.locator("input[type=text]")
    box.fill("13/7")
    box.press("Enter")
    feedback = quiz.locator(".bglearn-feedback")
    feedback.wait_for(state="visible")
    assert "both dice" in feedback.inner_text()
    screenshot(quiz, "lessons-welcome-quiz-wrong.png")
    box.fill("13/7 8/7")
    quiz.get_by_role("button", name="Check", exact=True).click()
    page.wait_for_function("() => /legal play of 6-1/.test(document.querySelector('.bglearn-quiz .bglearn-feedback').textContent)")
    quiz.locator("svg").nth(1).wait_for(state="visible")  # the position after the play, under the question's board
    screenshot(quiz, "lessons-welcome-quiz-right.png")
    # the interactive board: select White's checker on the 8-point, its destinations light up
    board = page.locator(".jp-OutputArea-output:has(.bglearn-board svg [data-point])").first
    board.scroll_into_view_if_needed()
    board.locator('svg [data-point="8"]').first.click()
    board.locator("svg .bg-highlight").first.wait_for(state="attached")
    screenshot(board, "lessons-welcome-board.png")
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert errors.count() == 0


@pytest.mark.browser
@pytest.mark.slow
def test_a_lesson_with_choice_buttons_runs_in_jupyterlab(lesson_server, page):
    server = lesson_server
    page.set_default_timeout(60_000)
    name = LESSON_FILES[5]  # winning: choice quizzes on finished games
    open_notebook(page, server, name)
    run_all_cells(page)
    quiz = page.locator(".bglearn-quiz", has_text="What kind of win").first
    quiz.scroll_into_view_if_needed()
    quiz.locator("svg [data-point]").first.wait_for(state="visible")
    quiz.get_by_role("button", name="gammon", exact=True).click()
    feedback = quiz.locator(".bglearn-feedback")
    feedback.wait_for(state="visible")
    assert "Not gammon" in feedback.inner_text() and "winner's home board" in feedback.inner_text()
    quiz.get_by_role("button", name="backgammon", exact=True).click()
    page.wait_for_function(
        "() => [...document.querySelectorAll('.bglearn-quiz .bglearn-feedback')].some(e => /Right: backgammon/.test(e.textContent))")
    answered = page.locator(".bglearn-quiz", has_text="Right: backgammon").first  # the view is redrawn after an answer
    answered.wait_for(state="visible")
    page.wait_for_timeout(300)
    screenshot(page.locator(".bglearn-quiz", has_text="Right: backgammon").first, "lessons-winning-choice.png")


@pytest.mark.browser
@pytest.mark.slow
def test_lesson_code_is_folded_and_one_click_shows_it(lesson_server, page):
    """A reader who does not program sees prose and pictures; the code is folded to one line and
    clicking the fold shows it."""
    server = lesson_server
    page.set_default_timeout(60_000)
    open_notebook(page, server, LESSON_FILES[0])
    setup = page.locator(".jp-InputPlaceholder", has_text="# Setup: load the kit").first
    setup.wait_for(state="visible")
    assert page.locator(".jp-Cell .cm-content", has_text="sys.path.insert").count() == 0
    screenshot(page, "lessons-code-folded.png")
    setup.locator(".jp-Placeholder-content").click()
    page.locator(".jp-Cell .cm-content", has_text="sys.path.insert").first.wait_for(state="visible")
    screenshot(page, "lessons-code-shown.png")
