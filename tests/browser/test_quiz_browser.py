"""Lesson quizzes in a real browser: one click on Check is one attempt (a number quiz does not give
its answer away after one wrong try), the feedback text keeps 4.5:1 contrast in JupyterLab's dark
theme, the quiz board scales to a 320 px wide window with nothing cut off, and on a phone (320 and
400 px) it is the portrait board, whose point numbers are at least 9 px."""

from __future__ import annotations

import pytest

from .harness import JupyterServer, open_notebook, run_all_cells, screenshot

pytestmark = pytest.mark.browser

CELLS = [
    "from bglearn import Position, WHITE\nfrom bglearn.quiz import NumberQuiz, PlayQuiz\n"
    "quiz = NumberQuiz.pip_count(Position(), WHITE)\nquiz",
    "play = PlayQuiz(Position(), '31', 'Play 3-1.')\nplay",
]

CONTRAST = """(el) => {
    const rgb = (s) => (s.match(/[\\d.]+/g) || []).slice(0, 4).map(Number);
    const lum = ([r, g, b]) => { const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4); };
                                 return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
    let bg = null;
    for (let n = el; n; n = n.parentElement) {
        const c = rgb(getComputedStyle(n).backgroundColor);
        if (c.length >= 3 && (c.length === 3 || c[3] > 0.5)) { bg = c; break; }
    }
    bg = bg || [255, 255, 255];
    const fg = rgb(getComputedStyle(el).color);
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    return (a + 0.05) / (b + 0.05);
}"""


def _quiz_box(page, index: int):
    box = page.locator(".bglearn-quiz").nth(index)
    # JupyterLab skips drawing cells outside the window, so a quiz below it only becomes visible once
    # scrolled to (under load, run-all can end with it still below the window).
    box.wait_for(state="attached", timeout=60_000)
    box.scroll_into_view_if_needed()
    box.wait_for(state="visible", timeout=60_000)
    return box


def _answer(page, box, text: str) -> None:
    field = box.locator(".bglearn-answer-input")
    field.fill(text)
    box.locator(".bglearn-answer-submit").click()
    box.locator(".bglearn-feedback").first.wait_for(state="visible")


@pytest.fixture(scope="module")
def dark_server(browser_available, tmp_path_factory):
    server = JupyterServer.start(tmp_path_factory.mktemp("quiz-dark"), theme="JupyterLab Dark")
    yield server
    server.stop()


def test_one_click_is_one_attempt_on_a_number_quiz(jupyter_server, page):
    jupyter_server.write_notebook("numberquiz.ipynb", CELLS)
    open_notebook(page, jupyter_server, "numberquiz.ipynb")
    run_all_cells(page)
    box = _quiz_box(page, 0)
    _answer(page, box, "160")
    feedback = box.locator(".bglearn-feedback").first
    assert "too low" in feedback.inner_text()
    assert "167" not in feedback.inner_text()          # not revealed after one wrong try
    with jupyter_server.kernel_for("numberquiz.ipynb") as kernel:
        assert kernel.eval("len(quiz.attempts)") == 1
    _answer(page, box, "167")
    page.wait_for_function("() => document.querySelector('.bglearn-quiz .bglearn-feedback-correct') !== null")
    with jupyter_server.kernel_for("numberquiz.ipynb") as kernel:
        assert kernel.eval("[f.correct for f in quiz.attempts]") == [False, True]


def test_feedback_contrast_in_the_dark_theme_and_boards_at_320px(dark_server, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        dark_server.write_notebook("darkquiz.ipynb", CELLS)
        open_notebook(page, dark_server, "darkquiz.ipynb")
        assert page.evaluate("document.body.dataset.jpThemeLight") == "false"
        run_all_cells(page)
        box = _quiz_box(page, 1)
        box.scroll_into_view_if_needed()
        _answer(page, box, "13/10")                       # wrong: the rule is explained
        wrong = box.locator(".bglearn-feedback-wrong").first
        wrong.wait_for(state="visible")
        page.wait_for_timeout(300)          # the saved (static) form is refreshed after an answer
        assert wrong.evaluate(CONTRAST) >= 4.5
        _answer(page, box, "8/5 6/5")
        right = box.locator(".bglearn-feedback-correct").first
        right.wait_for(state="visible")
        page.wait_for_timeout(300)
        assert right.evaluate(CONTRAST) >= 4.5
        page.keyboard.press("Escape")
        page.keyboard.press("Control+b")                  # a narrow window: hide the file browser
        page.set_viewport_size({"width": 320, "height": 900})
        box.scroll_into_view_if_needed()
        page.wait_for_timeout(500)
        # the board scales into the quiz: nothing wider than the box, and the box fits the window
        sizes = box.evaluate("""(b) => {
            const r = b.getBoundingClientRect();
            const pics = [...b.querySelectorAll('.bglearn-board-picture svg')].map(s => s.getBoundingClientRect())
                .filter(r => r.width > 0);          // the picture not shown at this width is display:none
            return {box: [r.left, r.right], pics: pics.map(p => [p.left, p.right, p.width]), window: window.innerWidth};
        }""")
        assert sizes["pics"], "no board picture in the quiz"
        for left, right_edge, width in sizes["pics"]:
            assert left >= sizes["box"][0] - 1 and right_edge <= sizes["box"][1] + 1 and width > 150
        assert sizes["box"][1] <= sizes["window"] + 1
        screenshot(box, "quiz-dark-320px.png")
    finally:
        context.close()


def test_a_play_quiz_is_answered_by_clicking_the_play_on_the_board(jupyter_server, page):
    """A lesson's PlayQuiz: Answer on the board, click 8 then 5 and 6 then 5, Check: the quiz marks it
    right (the same check as a typed answer) and shows the position after the play."""
    jupyter_server.write_notebook("boardquiz.ipynb", CELLS)
    open_notebook(page, jupyter_server, "boardquiz.ipynb")
    run_all_cells(page)
    box = _quiz_box(page, 1)
    box.locator(".bglearn-board-toggle").click()
    board = box.locator(".bglearn-answer-board")
    board.wait_for(state="visible", timeout=20_000)
    for point, expect in ((8, "picked up"), (5, "Your play: 8/5"), (6, "picked up"), (5, "Your play: 8/5 6/5")):
        before = board.get_attribute("data-revision")
        board.locator(f'.bglearn-svg [data-point="{point}"]').click()
        page.wait_for_function("([el, rev]) => el.dataset.revision !== rev", arg=[board.element_handle(), before],
                               timeout=20_000)
        assert expect in board.locator(".bglearn-message").inner_text()
    board.locator('[data-control="submit"]').click()
    box.locator(".bglearn-feedback-correct").wait_for(state="visible", timeout=20_000)
    assert box.locator(".bglearn-answer-input").input_value() == "8/5 6/5"
    screenshot(box, "quiz-board-answer.png")
    with jupyter_server.kernel_for("boardquiz.ipynb") as kernel:
        assert kernel.eval("[(f.correct, f.play.notation) for f in play.attempts]") == [[True, "8/5 6/5"]]


NUMBER_SIZES = """(box) => {
    const shown = [...box.querySelectorAll('.bglearn-board-picture svg')].filter(s => s.getBoundingClientRect().width > 0);
    return shown.map(svg => {
        const sizes = [...svg.querySelectorAll('.bg-numbers text')].map(t => {
            const m = t.getScreenCTM();
            return parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
        });
        return {layout: svg.dataset.layout || 'landscape', smallest: Math.min(...sizes), count: sizes.length,
                width: svg.getBoundingClientRect().width};
    });
}"""


@pytest.mark.parametrize("width", [320, 400])
def test_quiz_boards_on_a_phone_show_the_portrait_board_with_readable_numbers(jupyter_server, page, width):
    """On a phone (Notebook 7, the page a phone shows best, 320 and 400 px wide) the quiz shows the
    board turned a quarter turn, its point numbers at least 9 px; only one of its two pictures is
    shown (the other is display:none, so it is not read twice). So is the position after the play."""
    name = f"phonequiz_{width}.ipynb"
    jupyter_server.write_notebook(name, CELLS)
    page.set_viewport_size({"width": width, "height": 900})
    open_notebook(page, jupyter_server, name, "notebook")
    run_all_cells(page)
    box = _quiz_box(page, 1)
    page.wait_for_timeout(300)
    shown = box.evaluate(NUMBER_SIZES)
    assert [p["layout"] for p in shown] == ["portrait"], shown
    assert shown[0]["count"] >= 24 and shown[0]["smallest"] >= 9, shown
    assert shown[0]["width"] <= width
    screenshot(box, f"quiz-portrait-{width}px.png")
    _answer(page, box, "8/5 6/5")
    box.locator(".bglearn-feedback-correct").first.wait_for(state="visible")
    page.wait_for_timeout(300)
    after = box.evaluate(NUMBER_SIZES)
    assert [p["layout"] for p in after] == ["portrait", "portrait"], after
    assert min(p["smallest"] for p in after) >= 9, after


def test_a_wide_quiz_keeps_the_landscape_board(jupyter_server, page):
    jupyter_server.write_notebook("widequiz.ipynb", CELLS)
    open_notebook(page, jupyter_server, "widequiz.ipynb")
    run_all_cells(page)
    shown = _quiz_box(page, 1).evaluate(NUMBER_SIZES)
    assert [p["layout"] for p in shown] == ["landscape"], shown
    assert shown[0]["smallest"] >= 9, shown
