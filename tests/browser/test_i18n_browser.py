"""The board widget in Finnish in a real browser (JupyterLab + Playwright + Chromium): the labels,
buttons, status line, dice names and the announced verdict are the Finnish ones the kernel produced,
not English. Screenshot: tests/artifacts/i18n-fi-board.png.
"""

from __future__ import annotations

import re

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # the browser_available fixture skips (or, on CI, fails) with the reason
    expect = None

from .harness import open_notebook, run_all_cells, screenshot, widget_output

pytestmark = pytest.mark.browser

CELLS = [
    'import bglearn\nbglearn.set_language("fi")',
    "from bglearn import BoardWidget, Position\nw = BoardWidget(mode='humans', position=Position(), roll='31')\nw",
]

# Words an English sentence has and a Finnish one never does.
ENGLISH_WORDS = re.compile(r"\b(or|and|the|to|on|checker|checkers|point|roll|play|Selected)\b")

ENGLISH = ("from bglearn.i18n import using_language\n"
           "with using_language('en'):\n"
           "    en = {'status': w.session.status(), 'message': w.session.message,\n"
           "          'controls': [c.label for c in w.session.controls()], 'texts': w.texts}\n")


def test_the_board_speaks_finnish(jupyter_server, page):
    name = "board_fi.ipynb"
    jupyter_server.write_notebook(name, CELLS)
    open_notebook(page, jupyter_server, name, "lab")
    run_all_cells(page)
    out = widget_output(page)
    board = out.locator(".bglearn-board")
    expect(board.locator(".bglearn-status")).not_to_be_empty(timeout=15_000)

    with jupyter_server.kernel_for(name) as k:
        texts = k.eval("w.texts")
        status = k.eval("w.status")
        labels = k.eval("[c['label'] for c in w.controls]")
        from bglearn.i18n import using_language
        from bglearn.widgets.board import board_texts

        with using_language("en"):
            english_texts = board_texts()
    assert texts["board"] != english_texts["board"] and texts["dice"] != english_texts["dice"]
    # what board.js shows comes from the kernel, in Finnish
    assert board.get_attribute("aria-label") == texts["board"]
    assert out.locator(".bglearn-dice").get_attribute("aria-label") == texts["dice"]
    dice_labels = [d.get_attribute("aria-label") for d in out.locator(".bglearn-die").all()]
    assert dice_labels == [texts["die_to_play"].replace("{value}", "3"), texts["die_to_play"].replace("{value}", "1")]
    assert out.locator(".bglearn-status").inner_text().strip() == status
    assert [b.inner_text().strip() for b in out.locator(".bglearn-button").all()] == labels
    # the diagram's accessible names are Finnish too
    point_label = out.locator('svg [data-point="8"]').first.get_attribute("aria-label")
    assert "point" not in point_label and "checker" not in point_label, point_label

    # an illegal attempt: the announcement (the ARIA live region) is the engine's Finnish verdict
    before = int(board.get_attribute("data-revision") or 0)
    out.locator('svg [data-point="13"]').first.click()
    expect(board).not_to_have_attribute("data-revision", str(before), timeout=15_000)
    screenshot(out, "i18n-fi-board.png")
    with jupyter_server.kernel_for(name) as k:
        k.run(ENGLISH)
        en = k.eval("en")
        message = k.eval("w.message")
        status = k.eval("w.status")
        labels = k.eval("[c['label'] for c in w.controls]")
    assert out.locator(".bglearn-status").inner_text().strip() == status
    shown = out.locator(".bglearn-message")
    assert shown.get_attribute("aria-live") == "polite"
    assert shown.inner_text().strip() == message
    assert message and not ENGLISH_WORDS.search(message), message  # no English word (no "10 or 9")
    assert status != en["status"] and labels != en["controls"], (status, labels)
    assert not ENGLISH_WORDS.search(status), status
