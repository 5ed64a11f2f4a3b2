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
    quiz.locator("svg.bg-board:visible").nth(1).wait_for(state="visible")  # the position after the play, under the question's board
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
    # the first wrong try explains the rule it breaks, without the answer (the README's feedback policy)
    assert "Not gammon" in feedback.inner_text() and "loses a gammon" in feedback.inner_text()
    quiz.get_by_role("button", name="single", exact=True).click()   # Red has borne off one checker
    page.wait_for_function(
        "() => [...document.querySelectorAll('.bglearn-quiz .bglearn-feedback')].some(e => /Right: single/.test(e.textContent))")
    answered = page.locator(".bglearn-quiz", has_text="Right: single").first  # the view is redrawn after an answer
    answered.wait_for(state="visible")
    page.wait_for_timeout(300)
    screenshot(page.locator(".bglearn-quiz", has_text="Right: single").first, "lessons-winning-choice.png")


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


GLOSSARY_ENTRY_IN_VIEW = """(term) => {
    const panel = [...document.querySelectorAll('.jp-NotebookPanel')].find(p => !p.classList.contains('lm-mod-hidden')
        && p.querySelector('h1') && /Glossary/.test(p.querySelector('h1').textContent));
    if (!panel) return null;
    const scroller = panel.querySelector('.jp-WindowedPanel-outer');
    const heading = [...panel.querySelectorAll('h2')].find(h => h.textContent.replace('¶', '').trim() === term);
    if (!scroller || !heading) return null;
    const view = scroller.getBoundingClientRect(), box = heading.getBoundingClientRect();
    return {top: Math.round(box.top - view.top), bottom: Math.round(box.bottom - view.top), height: Math.round(view.height)};
}"""


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.parametrize("term", ["Resign", "Dead cube"])
def test_a_glossary_link_in_a_lesson_opens_the_glossary_at_the_word(lesson_server, page, term):
    """Clicking a word's link in lesson 8 opens the glossary with that word's heading in view, and
    it stays there once the cells above it are drawn (the glossary keeps its pictures below the
    words: a picture above a word used to push the word out of view)."""
    server = lesson_server
    page.set_default_timeout(60_000)
    open_notebook(page, server, LESSON_FILES[7])
    link = page.locator(f'.jp-RenderedMarkdown a[href$="cell-id={BUILD.anchor(term)}"]').first
    link.scroll_into_view_if_needed()
    link.click()
    page.wait_for_function(f"() => {{ const r = ({GLOSSARY_ENTRY_IN_VIEW})({term!r}); return r && r.top >= 0 && r.bottom <= r.height; }}",
                           timeout=30_000)
    page.wait_for_timeout(2_000)  # let JupyterLab draw the cells around it at their real size
    where = page.evaluate(GLOSSARY_ENTRY_IN_VIEW, term)
    assert where and 0 <= where["top"] and where["bottom"] <= where["height"], f"{term} is out of view: {where}"
    screenshot(page, f"lessons-glossary-link-{BUILD.anchor(term)}.png")


@pytest.mark.browser
@pytest.mark.slow
def test_a_predict_cells_answer_is_folded_until_the_learner_runs_it(lesson_server, page):
    """Lesson 1 asks for White's pip count at the start before the engine says it: the stored answer
    (167) is hidden with the folded code; shown code shows only the output's header line; running
    the lesson shows the answer."""
    server = lesson_server
    page.set_default_timeout(60_000)
    open_notebook(page, server, LESSON_FILES[0])
    cell = page.locator(".jp-MarkdownCell:has-text('before the engine says it') + .jp-CodeCell").first
    cell.scroll_into_view_if_needed()
    code = cell.locator(".jp-InputPlaceholder")
    code.wait_for(state="visible")
    assert "167" not in cell.inner_text() and cell.locator(".jp-OutputArea-output").count() == 0
    screenshot(cell, "lessons-predict-folded.png")
    code.locator(".jp-Placeholder-content").click()  # show the code: the output stays folded to its header
    folded = cell.locator(".jp-OutputPlaceholder")
    folded.wait_for(state="visible")
    assert folded.inner_text().strip() == "The engine's answer:"
    assert "167" not in cell.locator(".jp-Cell-outputWrapper").inner_text()
    run_all_cells(page)  # the learner runs the lesson (this cell needs the ones above it)
    # the answer shows under the cell (waited for by its text: the output is redrawn as the lesson runs)
    cell.locator(".jp-OutputArea-output", has_text="White's pip count: 167 | Red's pip count: 167").first.wait_for(state="visible")
    screenshot(cell, "lessons-predict-run.png")
