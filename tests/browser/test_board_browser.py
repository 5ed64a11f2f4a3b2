"""The board widget in a real browser: JupyterLab 4 and Notebook 7, driven by Playwright + Chromium.

Each test opens a fresh notebook, runs it, clicks on the board and checks both what the page shows
and what the kernel holds. Screenshots go to tests/artifacts/.
"""

from __future__ import annotations

import time

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # the browser_available fixture skips (or, on CI, fails) with the reason
    expect = None

from .harness import open_notebook, run_all_cells, screenshot, widget_output

pytestmark = pytest.mark.browser

CELLS = [
    "from bglearn import BoardWidget, Position, Move, explain",
    "w = BoardWidget(mode='humans', position=Position(), roll='31')\nw",
]


def _revision(board) -> int:
    return int(board.get_attribute("data-revision") or 0)


def click(page, out, selector: str) -> None:
    """Click ``selector`` inside the widget and wait until Python has answered (a new revision)."""
    board = out.locator(".bglearn-board")
    before = _revision(board)
    out.locator(selector).first.click()
    wait_revision(board, before)


def wait_revision(board, before: int) -> None:
    """Wait until the board shows a revision after ``before`` (the locator re-resolves, so a view
    re-created by a display update is found too)."""
    expect(board).not_to_have_attribute("data-revision", str(before), timeout=15_000)
    assert _revision(board) > before


def message(out) -> str:
    return out.locator(".bglearn-message").inner_text().strip()


def test_play_a_turn_in_jupyterlab(jupyter_server, page):
    name = "board_lab.ipynb"
    jupyter_server.write_notebook(name, CELLS)
    open_notebook(page, jupyter_server, name, "lab")
    run_all_cells(page)
    out = widget_output(page)
    svg = out.locator("svg.bg-board")
    screenshot(out, "lab-1-start.png")

    # Click a checker: its legal destinations (3-1 from the 8-point: 7, 5 and 4 with 3+1) light up.
    click(page, out, 'svg [data-point="8"]')
    for n in (7, 5, 4):
        assert svg.locator(f'[data-point="{n}"].bg-highlight').count() == 1
    assert svg.locator(".bg-highlight").count() == 3
    assert svg.locator('[data-point="8"].bg-selected').count() == 1
    screenshot(out, "lab-2-selected.png")

    # Click a destination: the Python-side position changes.
    click(page, out, 'svg [data-point="5"]')
    with jupyter_server.kernel_for(name) as k:
        assert k.eval("[list(m) for m in w.pending]") == [[8, 5, 3, False]]
        assert k.eval("w.position.point(w.position.turn, 5)") == 1
        assert k.eval("w.position != Position()") is True
        used = k.eval("w.session.dice_state")
    assert used == [{"value": 3, "used": True}, {"value": 1, "used": False}]
    assert out.locator(".bglearn-die-used").inner_text() == "3"

    # An illegal attempt: the mid-point cannot move a 1 (Red holds the 12-point); the engine says why.
    click(page, out, 'svg [data-point="13"]')
    with jupyter_server.kernel_for(name) as k:
        expected = k.eval("explain(Position(), '31', [Move(8, 5, 3), Move(13, 12, 1)], complete=False).message")
    assert message(out) == expected
    assert out.locator('.bglearn-message[data-kind="error"]').count() == 1
    screenshot(out, "lab-3-illegal.png")

    # "Done" with a die unused is refused, with the engine's explanation.
    click(page, out, 'button[data-control="done"]')
    with jupyter_server.kernel_for(name) as k:
        expected = k.eval("explain(Position(), '31', [Move(8, 5, 3)]).message")
        assert k.eval("w.game.phase") == "move"
    assert message(out) == expected

    # Keyboard: focus the 6-point, Enter selects it, and the focus (a visible ring: it came by the
    # keyboard) goes to its first legal destination, the 5-point.
    six = svg.locator('[data-point="6"]')
    six.focus()
    before = _revision(out.locator(".bglearn-board"))
    page.keyboard.press("Enter")
    wait_revision(out.locator(".bglearn-board"), before)
    assert svg.locator('[data-point="5"].bg-highlight').count() == 1
    page.wait_for_function("() => document.activeElement.matches('.bglearn-board [data-point=\"5\"]')")
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    screenshot(out, "lab-4-keyboard-focus.png")
    click(page, out, 'svg [data-point="5"]')

    # Finish the turn: the game moves on, Red to roll.
    click(page, out, 'button[data-control="done"]')
    with jupyter_server.kernel_for(name) as k:
        assert k.eval("w.game.phase") == "roll"
        assert k.eval("str(w.game.turn)") == "Red"
        assert k.eval("w.game.plays[-1].notation") == "8/5 6/5"
    out = widget_output(page)
    assert out.locator('button[data-control="roll"]').count() == 1
    screenshot(out, "lab-5-turn-done.png")

    # The saved notebook keeps the board of the last finished turn as SVG (for where no kernel runs).
    page.locator(".jp-Notebook").first.click(position={"x": 5, "y": 5})
    page.keyboard.press("Control+s")
    deadline = time.monotonic() + 15
    svg_text = ""
    while time.monotonic() < deadline:
        nb = jupyter_server.api(f"/api/contents/{name}?content=1")["content"]
        outputs = [o for c in nb["cells"] for o in c.get("outputs", [])]
        svgs = [o["data"]["image/svg+xml"] for o in outputs if "image/svg+xml" in o.get("data", {})]
        svg_text = "".join(svgs)
        if 'data-turn="red"' in svg_text:
            break
        time.sleep(0.3)
    assert 'data-turn="red"' in svg_text, "saved output should show the board after White's turn"
    plain = [o["data"]["text/plain"] for o in outputs if "text/plain" in o.get("data", {})]
    assert any(p.startswith("BoardWidget(Red to roll") for p in plain), plain


def test_play_a_move_in_notebook7_and_against_the_computer(jupyter_server, page):
    name = "board_nb7.ipynb"
    jupyter_server.write_notebook(name, [
        "from bglearn import BoardWidget, Position",
        "w = BoardWidget(mode='computer', opponent='heuristic', position=Position(), roll='61', seed=5)\nw",
    ])
    open_notebook(page, jupyter_server, name, "notebook")
    run_all_cells(page)
    out = widget_output(page)
    click(page, out, 'svg [data-point="13"]')
    assert out.locator('svg [data-point="7"].bg-highlight').count() == 1
    click(page, out, 'svg [data-point="7"]')
    click(page, out, 'svg [data-point="8"]')
    click(page, out, 'svg [data-point="7"]')
    click(page, out, 'button[data-control="done"]')
    with jupyter_server.kernel_for(name) as k:
        plays = k.eval("[p.notation for p in w.game.plays]")
        assert plays[0] == "13/7 8/7"
        assert len(plays) == 2  # the computer (Red) answered at once
        assert k.eval("str(w.game.to_act)") == "White"
    out = widget_output(page)
    assert "Red" in message(out)
    screenshot(page, "nb7-after-computer.png")


def test_setup_and_show_me_modes_in_jupyterlab(jupyter_server, page):
    name = "board_modes.ipynb"
    jupyter_server.write_notebook(name, [
        "from bglearn import BoardWidget, Position, WHITE, RED",
        "w = BoardWidget(mode='setup')\nw",
    ])
    open_notebook(page, jupyter_server, name, "lab")
    run_all_cells(page)
    out = widget_output(page)
    click(page, out, 'button[data-control="clear"]')
    click(page, out, 'svg [data-point="6"]')              # a White checker on White's 6-point
    click(page, out, 'button[data-control="tool-red"]')
    assert out.locator('button[data-control="tool-red"][aria-pressed="true"]').count() == 1
    click(page, out, 'svg [data-point="19"]')             # a Red checker on Red's 6-point
    click(page, out, 'svg [data-point="6"]')              # refused: White holds it
    assert out.locator('.bglearn-message[data-kind="error"]').count() == 1
    with jupyter_server.kernel_for(name) as k:
        assert k.eval("(w.session.setup_position.point(WHITE, 6), w.session.setup_position.point(RED, 6))") == [1, 1]
        assert k.eval("w.mode") == "setup"
    screenshot(out, "modes-1-setup.png")

    # "Show me": the page steps through the frames of a play by itself.
    with jupyter_server.kernel_for(name) as k:
        k.eval("w.finish_setup() or w.new_game(Position(), '61') or w.show('13/7 8/7')")
    out = widget_output(page)
    expect(out.locator('button[data-control="replay"]')).to_have_count(1)
    # the animation ends on the last frame: both checkers have arrived on the 7-point
    expect(out.locator('svg [data-point="7"] [data-stack]')).to_have_attribute("data-count", "2", timeout=10_000)
    # Replay: the frames come one after another (no arrow, one arrow, both arrows).
    seen = out.locator(".bglearn-svg").evaluate("""(box) => new Promise((resolve) => {
        const counts = [];
        const obs = new MutationObserver(() => {
            counts.push(box.querySelectorAll('.bg-arrows .bg-arrow').length);
            if (counts.length >= 3) { obs.disconnect(); resolve(counts); }
        });
        obs.observe(box, { childList: true, subtree: true, attributes: true });  // updated in place
        box.closest('.bglearn-board').querySelector('button[data-control="replay"]').click();
        setTimeout(() => { obs.disconnect(); resolve(counts); }, 5000);
    })""")
    assert seen == [0, 1, 2]
    screenshot(out, "modes-2-show.png")
