"""Long Nardy on the board in a real browser (JupyterLab): a learner clicks moves against the computer,
sees no Double button, and a move the head rule forbids is refused with the rule's words under the
board. Screenshots go to tests/artifacts/ (long_nardy_*.png)."""

from __future__ import annotations

import re

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # the browser_available fixture skips (or, on CI, fails) with the reason
    expect = None

from .harness import open_notebook, run_all_cells, screenshot, widget_output

pytestmark = pytest.mark.browser

BOARD = ".bglearn-board"

HELPERS = '''
from bglearn import Reason
from bglearn.bots import HeuristicBot
_coach = HeuristicBot(0)

def _next_clicks():
    """The learner's next play as clicks in the board's printed numbers ('off' for the tray)."""
    mover = w.game.turn
    play = _coach.choose(w.game.position, w.game.roll)
    n = w.session.numbers
    return [[n.number(mover, m.source), "off" if m.destination == 0 else n.number(mover, m.destination)]
            for m in play.moves]
'''


def _revision(page) -> int:
    return int(page.locator(BOARD).first.get_attribute("data-revision") or 0)


def click(page, selector: str) -> None:
    """Click a part of the board and wait until Python has answered (a new revision is drawn)."""
    before = _revision(page)
    page.locator(f"{BOARD} {selector}").first.click()
    expect(page.locator(BOARD).first).not_to_have_attribute("data-revision", str(before), timeout=15_000)


def text(page, part: str) -> str:
    return page.locator(f"{BOARD} .bglearn-{part}").first.inner_text().strip()


def test_a_head_rule_refusal_is_explained_under_the_board(jupyter_server, page):
    server = jupyter_server
    name = "long_nardy_refusal.ipynb"
    server.write_notebook(name, [
        "from bglearn import BoardWidget, Position, Reason, explain",
        'w = BoardWidget(variant="long-nardy", mode="humans", position=Position(variant="long-nardy"), roll="65")\nw',
    ])
    open_notebook(page, server, name)
    run_all_cells(page)
    out = widget_output(page)
    screenshot(out, "long_nardy_start.png")
    # both heads drawn with fifteen checkers, and no Double button
    buttons = page.locator(f"{BOARD} button").all_inner_texts()
    assert "Double" not in buttons
    click(page, '[data-point="24"]')
    assert text(page, "message").startswith("Selected the checker on the 24-point"), text(page, "message")
    click(page, '[data-point="18"]')
    click(page, '[data-point="24"]')                  # a second checker off the head: refused at once
    message = page.locator(f"{BOARD} .bglearn-message").first
    with server.kernel_for(name) as k:
        expected = k.eval('explain(Position(variant="long-nardy"), "65", "24/18 24/19", complete=False).message')
        assert k.eval('explain(Position(variant="long-nardy"), "65", "24/18 24/19", complete=False).reason.name') == "HEAD_RULE"
        assert k.eval("len(w.pending)") == 1
    assert text(page, "message") == expected and "head" in expected
    assert message.get_attribute("data-kind") == "error"
    screenshot(out, "long_nardy_head_rule_refused.png")


def test_turns_against_the_computer_by_clicking(jupyter_server, page):
    server = jupyter_server
    name = "long_nardy_game.ipynb"
    server.write_notebook(name, ["from bglearn import BoardWidget",
                                 'w = BoardWidget(variant="long-nardy", seed=5)\nw', HELPERS])
    open_notebook(page, server, name)
    run_all_cells(page)
    out = widget_output(page)
    played = 0
    with server.kernel_for(name) as k:
        for _ in range(40):
            phase = k.eval("w.game.phase")
            if phase == "over" or played >= 6:
                break
            assert "Double" not in page.locator(f"{BOARD} button").all_inner_texts()
            if phase == "roll":
                click(page, 'button[data-control="roll"]')
                continue
            for src, dest in k.eval("_next_clicks()"):
                click(page, f'[data-point="{src}"]')
                click(page, '[data-off="white"]' if dest == "off" else f'[data-point="{dest}"]')
                assert page.locator(f"{BOARD} .bglearn-message").first.get_attribute("data-kind") != "error", \
                    text(page, "message")
            click(page, 'button[data-control="done"]')
            played += 1
            expect(page.locator(f"{BOARD} .bglearn-message").first).to_have_text(re.compile(r"^White played "))
        plays = k.eval("len(w.game.plays)")
        assert k.eval("all(p.position.variant == 'long-nardy' for p in w.game.plays)")
    assert played >= 4 and plays >= 2 * played - 1
    expect(page.locator(f"{BOARD} .bglearn-status").first).to_contain_text("no cube")
    screenshot(out, "long_nardy_midgame.png")
