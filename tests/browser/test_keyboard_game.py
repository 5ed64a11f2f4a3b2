"""The board for everyone, in a real browser: a whole game against the computer played by keyboard
alone, in a 400 px window, in JupyterLab's dark theme — always knowing whose turn it is, what was
rolled and why a move was refused; the board scaled down to 320 px with nothing clipped; axe-core
finding no serious or critical problem in the board.
"""

from __future__ import annotations

import re
import time

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # the browser_available fixture skips (or, on CI, fails) with the reason
    expect = None

from .harness import (
    ARROW_TOWARDS, REPO, JupyterServer, axe_violations, open_notebook, run_all_cells, screenshot,
    tab_to, widget_output,
)

pytestmark = pytest.mark.browser

BOARD = ".bglearn-board"
IN_SVG = ".bglearn-board svg [tabindex]"
KIT_WIDGETS = (".bglearn-board", ".bglearn-quiz", ".bglearn-answerbox", ".bglearn-board-picture")

HELPERS = '''
from bglearn import Move, explain
from bglearn.bots import HeuristicBot
_coach = HeuristicBot(0)

def _next_play():
    """The play the test makes: a simple player's choice, as single moves."""
    play = _coach.choose(w.game.position, w.game.roll)
    return [[m.source, m.destination] for m in play.moves]

def _a_refusal():
    """A single move of the first checker to move that the rules refuse, with the engine's words."""
    pos, roll = w.game.position, w.game.roll
    for src, _dest in _next_play()[:1]:
        for d in sorted(set(roll.dice)):
            dest = src - d
            if src != 25 and 1 <= dest <= 24:
                hit = pos.owner(dest, pos.turn)[0] is pos.turn.opponent
                v = explain(pos, roll, [Move(src, dest, d, hit)], complete=False)
                if not v.legal:
                    return [src, dest, v.message]
    return None
'''


@pytest.fixture(scope="module")
def dark_server(browser_available, tmp_path_factory):
    server = JupyterServer.start(tmp_path_factory.mktemp("dark"), theme="JupyterLab Dark")
    yield server
    server.stop()


@pytest.fixture
def narrow_page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    yield pg
    context.close()


def _sel(n: int) -> str:
    if n == 25:
        return '[data-bar="white"]'
    if n == 0:
        return '[data-off="white"]'
    return f'[data-point="{n}"]'


def _revision(page) -> int:
    return int(page.locator(BOARD).first.get_attribute("data-revision") or 0)


def press(page, key: str) -> None:
    """Press ``key`` and wait until Python has answered (the board shows a new revision)."""
    before = _revision(page)
    page.keyboard.press(key)
    expect(page.locator(BOARD).first).not_to_have_attribute("data-revision", str(before), timeout=15_000)


def text(page, part: str) -> str:
    return page.locator(f"{BOARD} .bglearn-{part}").first.inner_text().strip()


def focus_in_board(page) -> None:
    page.wait_for_function("() => !!document.activeElement && !!document.activeElement.closest('.bglearn-board')")


def arrow_to(page, selector: str, limit: int = 40) -> None:
    """Move the focus to ``selector`` with the arrow keys only, looking at where things are on the
    screen (harness.ARROW_TOWARDS); a failure names the targets the focus went through."""
    trail = []
    for _ in range(limit):
        key = page.evaluate(ARROW_TOWARDS, [selector])
        trail.append((page.evaluate("() => { const a = document.activeElement; const r = a.getBoundingClientRect();"
                                    " return [a.outerHTML.slice(0, 40), Math.round(r.left), Math.round(r.top),"
                                    " Math.round(r.width), Math.round(r.height)]; }"), key))
        if key == "here":
            return
        assert key is not None, f"no {selector} on the board"
        page.keyboard.press(key)
    screenshot(page, "keyboard-arrow-failure.png")
    raise AssertionError(f"{selector} not reached with {limit} arrow presses: {trail[-8:]}")


def to_svg(page) -> None:
    """The focus on the drawing (Shift+Tab from the play field or the buttons row)."""
    if not page.evaluate("() => !!document.activeElement && !!document.activeElement.closest('.bglearn-svg')"):
        tab_to(page, IN_SVG, backwards=True)


def fits(page) -> dict:
    """Where the board and its parts lie, against the window's width."""
    return page.evaluate("""() => {
        const b = document.querySelector('.bglearn-board');
        const r = (s) => { const e = b.querySelector(s); if (!e) return null;
                           const x = e.getBoundingClientRect(); return [x.left, x.right]; };
        return {win: window.innerWidth, svg: r('svg'), tray: r('[data-off="white"]'),
                point1: r('[data-point="1"]'), dice: r('svg .bg-cube'), buttons: r('.bglearn-controls'),
                overflow: b.scrollWidth - b.clientWidth};
    }""")


def assert_fits(page, timeout: float = 10.0) -> None:
    """Every part of the board lies inside the window. The layout follows a resize a frame or more
    later (the board listens for its new width), so a part outside is looked at again until
    ``timeout``."""
    deadline = time.monotonic() + timeout
    while True:
        f = fits(page)
        outside = [part for part in ("svg", "tray", "point1", "dice", "buttons")
                   if not (0 <= f[part][0] and f[part][1] <= f["win"] + 0.5)]
        if (not outside and f["overflow"] <= 0) or time.monotonic() > deadline:
            break
        page.wait_for_timeout(200)
    assert not outside, (outside, f)
    assert f["overflow"] <= 0, f


def test_a_whole_game_against_the_computer_by_keyboard_at_400px_in_the_dark_theme(dark_server, narrow_page):
    page, server = narrow_page, dark_server
    name = "keyboard_game.ipynb"
    server.write_notebook(name, ["from bglearn import BoardWidget", "w = BoardWidget(seed=11)\nw", HELPERS])
    open_notebook(page, server, name)
    run_all_cells(page)
    widget_output(page)
    assert page.evaluate("document.body.dataset.jpThemeLight") == "false"   # JupyterLab Dark
    page.keyboard.press("Escape")
    page.keyboard.press("Control+b")                  # a narrow window: hide the file browser
    page.set_viewport_size({"width": 400, "height": 900})
    assert_fits(page)

    cells = page.locator(".jp-Cell").count()
    tab_to(page, f"{IN_SVG}, {BOARD} button")          # into the board with Tab, like anyone else
    message = page.locator(f"{BOARD} .bglearn-message").first
    assert message.get_attribute("role") == "status" and message.get_attribute("aria-live") == "polite"

    refused = checked_keys = tabbed_done = False
    with server.kernel_for(name) as k:
        for _ in range(400):
            phase, actor = k.eval("(w.game.phase, None if w.game.is_over else str(w.game.to_act))")
            if phase == "over":
                break
            assert actor == "White", (phase, actor)          # the computer never leaves Red to act
            status = text(page, "status")
            to_svg(page)
            if phase == "roll":
                assert status.startswith("White to roll"), status
                press(page, "r")                              # R: the Roll button's key
                focus_in_board(page)
            elif phase == "respond":
                assert "take or drop" in text(page, "message")
                press(page, "t")                              # T: Take
                focus_in_board(page)
            else:
                roll = k.eval("str(w.game.roll)")
                assert status.startswith("White to play") and roll in status.split("·")[0], status
                dice = page.locator(f"{BOARD} .bglearn-die").all_inner_texts()
                assert sorted(dice) == sorted(roll.split("-") * (2 if roll[0] == roll[2] else 1))
                moves = k.eval("_next_play()")
                if not moves:                                # a lost turn: shown, with the reason
                    msg = text(page, "message")
                    assert f"White rolled {roll}." in msg and "Press Pass" in msg, msg
                    assert page.locator(f'{BOARD} button[data-control="done"]').inner_text() == "Pass"
                    press(page, "d")                          # D: Done, here Pass
                    focus_in_board(page)
                    continue
                if not refused:
                    bad = k.eval("_a_refusal()")
                    if bad:
                        src, dest, why = bad
                        arrow_to(page, _sel(src))
                        press(page, "Enter")
                        assert "It can go to" in text(page, "message")      # destinations announced
                        arrow_to(page, _sel(dest))
                        press(page, "Enter")
                        assert text(page, "message") == why                  # the engine's reason
                        assert message.get_attribute("data-kind") == "error"
                        refused = True
                        arrow_to(page, _sel(src))
                        press(page, "Enter")                                 # deselect: start again
                for src, dest in moves:
                    arrow_to(page, _sel(src))
                    press(page, "Enter")
                    assert text(page, "message").startswith("Selected the checker on "), text(page, "message")
                    arrow_to(page, _sel(dest))
                    press(page, "Enter")
                    if not checked_keys:                     # the notebook never sees the board's keys
                        active = page.evaluate("[...document.querySelectorAll('.jp-Cell')].findIndex(c => c.classList.contains('jp-mod-active'))")
                        for key in ("ArrowDown", "ArrowUp", "a", "b", "z", "j", "k"):
                            page.keyboard.press(key)
                        assert page.locator(".jp-Cell").count() == cells
                        assert page.evaluate("[...document.querySelectorAll('.jp-Cell')].findIndex(c => c.classList.contains('jp-mod-active'))") == active
                        focus_in_board(page)
                        arrow_to(page, _sel(dest))
                        checked_keys = True
                if checked_keys and not tabbed_done:          # Done by its button, once: Tab reaches it
                    tab_to(page, f'{BOARD} button[data-control="done"]')
                    press(page, "Enter")
                    tabbed_done = True
                else:
                    press(page, "d")                          # D: Done
                focus_in_board(page)                          # focus kept after Done
                expect(page.locator(f"{BOARD} .bglearn-message").first).to_have_text(
                    re.compile(r"^\s*White played "), timeout=15_000)  # under load the reply may come a sync later
                msg = text(page, "message")
                if not k.eval("w.game.is_over"):
                    assert "Red (computer)" in msg, msg     # what the computer rolled and did
        assert k.eval("w.game.is_over") is True
        winner = k.eval("str(w.game.winner)")
    assert refused and checked_keys
    msg = text(page, "message")
    assert f"Game over: {winner} wins" in msg and "on roll" not in msg
    assert message.get_attribute("data-kind") == ("ok" if winner == "White" else "loss")
    assert page.locator(f"{BOARD} svg .bg-on-roll").count() == 0
    assert page.locator(f'{BOARD} button[data-control="new-game"]').count() == 1
    screenshot(page, "keyboard-game-400-dark.png")
    problems = axe_violations(page, KIT_WIDGETS)
    assert not problems, problems

    page.set_viewport_size({"width": 320, "height": 900})
    page.wait_for_timeout(300)
    assert_fits(page)
    screenshot(page, "keyboard-game-320-dark.png")


# -- every lesson page, scanned with axe-core ----------------------------------------------------------
LESSONS = sorted((REPO / "notebooks").glob("[0-9][0-9]-*.ipynb"))


@pytest.mark.slow
@pytest.mark.parametrize("lesson", [p.name for p in LESSONS])
def test_lesson_pages_have_no_serious_accessibility_problem_in_the_kits_widgets(dark_server, page, lesson):
    """axe-core (WCAG 2.0-2.2 A/AA rules) over the kit's widgets on each lesson page, after running
    it, in the dark theme: no serious or critical violation."""
    (dark_server.root / lesson).write_bytes((REPO / "notebooks" / lesson).read_bytes())
    open_notebook(page, dark_server, lesson)
    run_all_cells(page)
    page.wait_for_function(
        "() => document.querySelector('.jp-Notebook-ExecutionIndicator').getAttribute('data-status') === 'idle'"
        " && ![...document.querySelectorAll('.jp-InputArea-prompt')].some(p => p.textContent.includes('*'))",
        timeout=120_000)
    present = page.evaluate("(sels) => sels.filter(s => document.querySelector(s))", list(KIT_WIDGETS))
    problems = axe_violations(page, KIT_WIDGETS)
    assert not problems, (lesson, present, problems)


def test_practice_mode_accepting_or_correcting_an_illegal_play(dark_server, page):
    name = "practice.ipynb"
    dark_server.write_notebook(name, [
        "from bglearn import BoardWidget, Position",
        "w = BoardWidget(mode='practice', position=Position(), roll='61')\nw",
    ])
    open_notebook(page, dark_server, name)
    run_all_cells(page)
    widget_output(page)
    for selector in ('svg [data-point="13"]', 'svg [data-point="7"]', 'button[data-control="done"]'):
        before = _revision(page)
        page.locator(f"{BOARD} {selector}").first.click()
        expect(page.locator(BOARD).first).not_to_have_attribute("data-revision", str(before))
    assert "Red: accept the play" in text(page, "message")
    labels = page.locator(f"{BOARD} .bglearn-controls button").all_inner_texts()
    assert labels == ["Roll dice (accept)", "Double (accept)", "Demand a correction"]
    before = _revision(page)
    page.locator(f'{BOARD} button[data-control="correct"]').click()
    expect(page.locator(BOARD).first).not_to_have_attribute("data-revision", str(before))
    assert text(page, "message").startswith("Red demands a correction")
    with dark_server.kernel_for(name) as k:
        assert k.eval("(str(w.game.turn), w.pending, w.session.playing.strict)") == ["White", [], True]
    screenshot(page.locator(BOARD).first, "practice-correction.png")
