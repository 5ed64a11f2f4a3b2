"""The board for a keyboard and a screen reader, in a real JupyterLab (Chromium, Playwright).

- The board is few tab stops (the drawing is one, with a roving focus; then the play field and the
  buttons row), and a turn against the computer costs a few key presses (counted here, turn by turn).
- JupyterLab's own shortcuts work with the focus on the board (Ctrl+S saves, Ctrl+B hides the file
  browser), Escape leaves the board, the focus ring shows for the keyboard and not after a click.
- Chromium's accessibility tree: the drawing is a group of named buttons, no Position ID is a name,
  the message is one live region for the board's whole life (the same element after Done and the
  computer's move), and the S key puts the whole position into it.
- A typed play ("8/5 6/5") plays the turn; a refused one gets the engine's reason.
- Below 480 px the board asks for the portrait drawing: at 320 and 400 px every point is at least
  24 px across and the point numbers at least 9 px high.
- A saved board not yet run says "Run this cell to play" on its picture.
- What a real screen reader says: Orca (GNOME's screen reader) on a headful Chromium in a virtual X
  display (Xvfb), its speech read from its debug log (no synthesizer is needed: Orca logs each
  utterance as ``SPEECH OUTPUT: '...'``). Skipped unless Orca, Xvfb and dbus-launch are installed
  (Debian: ``apt-get install orca xvfb dbus-x11 at-spi2-core``). The keys are sent by Playwright straight
  to the page, not through Orca's own keyboard handling (its browse mode): this checks what Orca says.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import statistics
import subprocess
import time
from pathlib import Path

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # the browser_available fixture skips (or, on CI, fails) with the reason
    expect = None

from .harness import CHROMIUM, CHROMIUM_ARGS, open_notebook, run_all_cells, screenshot, widget_output

pytestmark = pytest.mark.browser

BOARD = ".bglearn-board"

COACH = '''
from bglearn.bots import HeuristicBot
_coach = HeuristicBot(0)

def _next_play():
    """The play a keyboard user makes: a simple player's choice, as single moves (mover's numbers)."""
    play = _coach.choose(w.game.position, w.game.roll)
    return [[m.source, m.destination, m.die] for m in play.moves], play.notation
'''


def _revision(page) -> int:
    return int(page.locator(BOARD).first.get_attribute("data-revision") or 0)


def press(page, key: str) -> None:
    """Press ``key`` and wait until Python has answered (the board shows a new revision)."""
    before = _revision(page)
    page.keyboard.press(key)
    expect(page.locator(BOARD).first).not_to_have_attribute("data-revision", str(before), timeout=15_000)


def active(page) -> str | None:
    """What has the focus: a board target's or button's selector, ``input``, or None outside the board."""
    return page.evaluate("""() => {
        const a = document.activeElement;
        if (!a || !a.closest('.bglearn-board')) return null;
        for (const n of ['data-point', 'data-bar', 'data-off', 'data-control'])
            if (a.hasAttribute(n)) return `[${n}="${a.getAttribute(n)}"]`;
        return a.tagName.toLowerCase();
    }""")


def wait_active(page, selector: str) -> None:
    page.wait_for_function("(s) => !!document.activeElement && document.activeElement.matches(s)", arg=selector,
                           timeout=15_000)


def _sel(n, colour="white") -> str:
    if n == 25:
        return f'[data-bar="{colour}"]'
    if n == 0:
        return f'[data-off="{colour}"]'
    return f'[data-point="{n}"]'


def steps(order: list[str], every: list[str], here: str | None, goal: str) -> tuple[str, int]:
    """The shorter way from ``here`` to ``goal`` with N (forwards) or P (backwards) along ``order``
    (from a target not in it, N and P first go to the nearest one of it along ``every``)."""
    if here == goal:
        return "n", 0
    j = order.index(goal)
    if here in order:
        i = order.index(here)
        return ("n", (j - i) % len(order)) if (j - i) % len(order) <= (i - j) % len(order) else ("p", (i - j) % len(order))
    ways = []
    for key, step in (("n", 1), ("p", -1)):
        f = every.index(here)
        first = next(every[(f + step * i) % len(every)] for i in range(1, len(every) + 1)
                     if every[(f + step * i) % len(every)] in order)
        i = order.index(first)
        ways.append((key, 1 + ((j - i) * step) % len(order)))
    return min(ways, key=lambda w: w[1])


def test_one_tab_stop_keys_live_region_summary_and_jupyterlab_shortcuts(jupyter_server, page):
    server = jupyter_server
    name = "a11y_board.ipynb"
    server.write_notebook(name, ["from bglearn import BoardWidget, Position",
                                 "w = BoardWidget(mode='humans', position=Position(), roll='31')\nw"])
    open_notebook(page, server, name)
    run_all_cells(page)
    out = widget_output(page)
    board = out.locator(BOARD)

    # one tab stop in the drawing: the first checker that may move (the 24-point)
    assert out.locator('svg [tabindex="0"]').count() == 1
    assert out.locator('svg [data-point="24"]').get_attribute("tabindex") == "0"
    out.evaluate("o => { o.tabIndex = -1; o.focus(); }")
    stops = []
    for _ in range(6):
        page.keyboard.press("Tab")
        where = active(page)
        if where is None:
            break
        stops.append(where)
    assert stops == ['[data-point="24"]', "input", '[data-control="done"]'], stops

    # the accessibility tree: a group of named buttons; no Position ID names anything
    tree = board.aria_snapshot()
    with server.kernel_for(name) as k:
        pid = k.eval("w.position.position_id()")
    assert pid not in tree, tree
    assert 'group "Backgammon board"' in tree, tree
    assert "8-point" in tree and 'textbox "Type a play, e.g. 8/5 6/5"' in tree, tree
    assert board.get_attribute("aria-describedby")
    assert out.locator('button[data-control="done"]').get_attribute("aria-keyshortcuts") == "D"

    # a mouse click shows no focus ring; the keyboard does
    before = _revision(page)
    out.locator('svg [data-point="8"]').click()
    expect(board).not_to_have_attribute("data-revision", str(before), timeout=15_000)
    wait_active(page, '[data-point="8"]')
    assert not page.evaluate("document.activeElement.matches(':focus-visible')")
    press(page, "Enter")                                   # deselect, by keyboard
    assert page.evaluate("document.activeElement.matches(':focus-visible')")
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"

    # Enter selects, and the focus goes to the first legal destination; the focused node is kept
    page.evaluate("document.querySelector('.bglearn-board [data-point=\"8\"]').__kept = 1")
    press(page, "Enter")
    wait_active(page, '[data-point="7"]')
    assert page.evaluate("document.querySelector('.bglearn-board [data-point=\"8\"]').__kept") == 1
    assert "It can go to" in board.locator(".bglearn-message").inner_text()
    page.keyboard.press("n")
    wait_active(page, '[data-point="5"]')
    press(page, "Enter")
    page.keyboard.press("p")                               # back along the checkers that may move
    wait_active(page, '[data-point="6"]')
    press(page, "Enter")
    wait_active(page, '[data-point="5"]')
    press(page, "Enter")
    with server.kernel_for(name) as k:
        assert k.eval("[list(m)[:2] for m in w.pending]") == [[8, 5], [6, 5]]

    # S reads the whole position into the live region
    message = board.locator(".bglearn-message")
    page.keyboard.press("s")
    expect(message).to_contain_text("Pip count: White 163, Red 167.")
    assert "All dice used: 3 and 1." in message.inner_text()
    assert message.get_attribute("aria-live") == "polite" and message.get_attribute("role") == "status"

    # JupyterLab's shortcuts pass: Ctrl+S saves (the tab loses its dirty mark), Ctrl+B hides the sidebar
    dirty = page.locator(".lm-TabBar-tab.jp-mod-dirty")
    expect(dirty).to_have_count(1)
    page.keyboard.press("Control+s")
    expect(dirty).to_have_count(0, timeout=15_000)
    sidebar = page.locator("#jp-left-stack")
    shown = sidebar.is_visible()
    page.keyboard.press("Control+b")
    expect(sidebar).to_be_visible(visible=not shown)
    page.keyboard.press("Control+b")
    expect(sidebar).to_be_visible(visible=shown)
    page.evaluate("document.querySelector('.bglearn-board .bglearn-message').__kept = 1")
    cells = page.locator(".jp-Cell").count()
    press(page, "d")                                        # Done
    for key in ("d", "a", "b"):                             # no button now, and stray keys: the board's
        page.keyboard.press(key)
    assert page.locator(".jp-Cell").count() == cells

    # the same live region says what was played after the display is updated
    expect(page.locator(f"{BOARD} .bglearn-message").first).to_contain_text("White played 8/5 6/5", timeout=15_000)
    with server.kernel_for(name) as k:
        assert k.eval("w.game.phase") == "roll"
    page.wait_for_timeout(500)                              # the display update re-creates the view
    out = widget_output(page)
    assert out.evaluate("o => o.querySelector('.bglearn-message').__kept") == 1
    assert page.locator(".bglearn-message").count() == 1

    # Escape leaves the board, for the notebook
    out.locator('svg [data-point="13"]').focus()
    page.keyboard.press("Escape")
    assert active(page) is None


def test_a_turn_against_the_computer_in_a_few_keys_and_a_typed_play(jupyter_server, page):
    server = jupyter_server
    name = "a11y_turns.ipynb"
    server.write_notebook(name, ["from bglearn import BoardWidget", "w = BoardWidget(seed=11)\nw", COACH])
    open_notebook(page, server, name)
    run_all_cells(page)
    out = widget_output(page)
    out.locator('svg [tabindex="0"]').focus()
    counts, typed_counts = [], []
    with server.kernel_for(name) as k:
        for _turn in range(8):
            phase = k.eval("w.game.phase")
            if phase == "over":
                break
            presses = 0
            if phase == "roll":
                press(page, "r")
                presses += 1
            assert k.eval("w.game.phase") == "move", k.eval("w.message")
            moves, notation = k.eval("_next_play()")
            typed_counts.append(presses + 2 + len(notation))      # "/", the play, Enter
            if _turn == 2 and moves:                              # this turn typed (not counted)
                page.keyboard.press("/")
                wait_active(page, "input.bglearn-typed-input")
                page.keyboard.type("24/1")                        # refused first: the engine says why
                press(page, "Enter")
                assert board_kind(page) == "error"
                assert k.eval("w.pending") == []                  # nothing of a refused play stays
                page.keyboard.press("Escape")                     # from the field back to the board
                page.wait_for_function("() => document.activeElement.closest('.bglearn-svg')")
                page.keyboard.press("/")
                wait_active(page, "input.bglearn-typed-input")
                page.fill(f"{BOARD} input.bglearn-typed-input", "")
                page.keyboard.type(notation)
                press(page, "Enter")
                expect(page.locator(f"{BOARD} .bglearn-message").first).to_contain_text(
                    f"White played {notation}", timeout=15_000)
                # the field goes away until the next roll: the focus is back on the board
                page.wait_for_function("() => document.activeElement && document.activeElement.closest('.bglearn-svg')",
                                       timeout=15_000)
                continue
            for src, dest, die in moves:                      # to the checker, then its die's digit
                order = k.eval("w.focus_order")
                key, n = steps(order["movable"], order["all"], active(page), _sel(src))
                for _ in range(n):
                    page.keyboard.press(key)
                wait_active(page, _sel(src))
                press(page, str(die))
                assert board_kind(page) != "error", page.locator(f"{BOARD} .bglearn-message").first.inner_text()
                presses += n + 1
            press(page, "d")
            presses += 1
            counts.append(presses)
            expect(page.locator(f"{BOARD} .bglearn-message").first).to_contain_text("White played", timeout=15_000)
            page.wait_for_function("() => document.activeElement && document.activeElement.closest('.bglearn-svg')",
                                   timeout=15_000)                 # the focus stays on the board
    print(f"key presses per turn: {counts} (median {statistics.median(counts)}); "
          f"typed: {typed_counts} (median {statistics.median(typed_counts)})")
    assert len(counts) >= 4
    assert statistics.median(counts) <= 10, counts
    screenshot(out, "a11y-turns.png")


def board_kind(page) -> str | None:
    return page.locator(f"{BOARD} .bglearn-message").first.get_attribute("data-kind")


@pytest.mark.parametrize("width", [320, 400])
def test_narrow_board_draws_the_portrait_layout_with_readable_numbers(jupyter_server, page, width):
    from bglearn.widgets.board import _renderer_has_layout

    if not _renderer_has_layout():
        pytest.skip("the renderer has no portrait layout yet")
    server = jupyter_server
    name = f"a11y_narrow_{width}.ipynb"
    server.write_notebook(name, ["from bglearn import BoardWidget, Position",
                                 "w = BoardWidget(mode='humans', position=Position(), roll='31')\nw"])
    page.set_viewport_size({"width": width, "height": 900})
    open_notebook(page, server, name, "notebook")          # Notebook 7: the page a phone shows best
    run_all_cells(page)
    widget_output(page)
    page.wait_for_function("() => document.querySelector('.bglearn-board svg').getAttribute('data-layout') === 'portrait'"
                           " || document.querySelector('.bglearn-board svg').viewBox.baseVal.height >"
                           " document.querySelector('.bglearn-board svg').viewBox.baseVal.width", timeout=15_000)
    sizes = page.evaluate("""() => {
        const b = document.querySelector('.bglearn-board');
        const pts = [...b.querySelectorAll('svg [data-point]')].map((p) => {
            const r = p.getBoundingClientRect(); return Math.min(r.width, r.height); });
        const svg = b.querySelector('svg');
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        // a number's glyphs: its font size in the drawing, scaled as the drawing is on the screen
        const nums = [...svg.querySelectorAll('text')].filter((t) => /^([1-9]|1[0-9]|2[0-4])$/.test(t.textContent.trim())
            && !t.closest('[data-point],[data-bar],[data-off],.bg-cube,.bg-info'))
            .map((t) => parseFloat(getComputedStyle(t).fontSize) * scale);
        return {points: pts, numbers: nums, width: b.getBoundingClientRect().width};
    }""")
    screenshot(page, f"a11y-narrow-{width}.png")
    assert sizes["width"] <= width
    assert len(sizes["points"]) == 24 and min(sizes["points"]) >= 24, sizes
    assert len(sizes["numbers"]) >= 24 and min(sizes["numbers"]) >= 9, sizes
    with server.kernel_for(name) as k:
        assert k.eval("w.narrow") is True


def test_a_saved_board_not_yet_run_says_run_this_cell_on_the_picture(jupyter_server, page):
    """What a notebook shows before its cells are run (an untrusted notebook: JupyterLab's sanitised
    HTML): the board's picture with "Run this cell to play" written over it, visibly."""
    import nbformat

    from bglearn import BoardWidget, Position

    w = BoardWidget(mode="humans", position=Position(), roll="31")
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("w = BoardWidget()\nw")
    cell.outputs = [nbformat.v4.new_output("display_data", data=w.static_bundle())]
    nb.cells = [cell]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nbformat.write(nb, str(jupyter_server.root / "unrun.ipynb"))
    open_notebook(page, jupyter_server, "unrun.ipynb")
    hint = page.locator(".jp-OutputArea-output .bglearn-run-hint")
    expect(hint).to_be_visible()
    expect(hint).to_have_text("▶ Run this cell to play")
    picture = page.locator(".jp-OutputArea-output .bglearn-static-board img").first.bounding_box()
    box = hint.bounding_box()
    assert picture and box
    # on the picture: inside its box, near its middle
    assert picture["x"] < box["x"] and box["x"] + box["width"] < picture["x"] + picture["width"]
    assert picture["y"] < box["y"] and box["y"] + box["height"] < picture["y"] + picture["height"]
    assert hint.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(255, 255, 255)"
    screenshot(page.locator(".jp-OutputArea-output").first, "a11y-unrun-board.png")


# -- a real screen reader ------------------------------------------------------------------------------
NEEDED = ("orca", "Xvfb", "dbus-launch")
ATSPI = Path("/usr/libexec/at-spi-bus-launcher")


def _start(cmd: list[str], env: dict[str, str], log: Path) -> subprocess.Popen:
    with open(log, "wb") as out:
        return subprocess.Popen(cmd, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=10)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


@pytest.fixture
def orca(tmp_path):
    """A virtual display, a session bus, the accessibility bus and Orca, logging what it says; yields
    (environment for the browser, a function returning what Orca has said since a mark)."""
    missing = [p for p in NEEDED if shutil.which(p) is None] + ([] if ATSPI.exists() else [str(ATSPI)])
    if missing:
        pytest.skip(f"no screen reader here: {', '.join(missing)} missing (apt-get install orca xvfb dbus-x11)")
    display = f":{90 + os.getpid() % 9}"
    env = dict(os.environ, DISPLAY=display, ACCESSIBILITY_ENABLED="1", NO_AT_BRIDGE="0",
               # Orca's settings and GSettings' writes stay in the test's folder, not the user's
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"),
               XDG_CACHE_HOME=str(tmp_path / "cache"))
    procs = [_start(["Xvfb", display, "-screen", "0", "1280x1000x24", "-nolisten", "tcp"], env, tmp_path / "xvfb.log")]
    try:
        time.sleep(1)
        bus = subprocess.run(["dbus-launch", "--sh-syntax"], env=env, capture_output=True, text=True, check=True).stdout
        address = re.search(r"DBUS_SESSION_BUS_ADDRESS='([^']+)'", bus).group(1)
        bus_pid = int(re.search(r"DBUS_SESSION_BUS_PID=(\d+)", bus).group(1))
        env["DBUS_SESSION_BUS_ADDRESS"] = address
        procs.append(_start([str(ATSPI), "--launch-immediately"], env, tmp_path / "atspi.log"))
        subprocess.run(["gsettings", "set", "org.gnome.desktop.a11y.applications", "screen-reader-enabled", "true"],
                       env=env, capture_output=True, check=False)
        log = tmp_path / "orca.log"
        procs.append(_start(["orca", "--replace", f"--debug-file={log}"], env, tmp_path / "orca.out"))
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not (log.exists() and b"About to enable speech" in log.read_bytes()):
            time.sleep(0.3)

        def said(since: int = 0) -> list[str]:
            text = log.read_bytes()[since:].decode("utf-8", "replace")
            return re.findall(r"SPEECH OUTPUT: '(.*?)'\{", text)

        said.mark = lambda: log.stat().st_size if log.exists() else 0  # type: ignore[attr-defined]
        said.problem = lambda: ((tmp_path / "orca.out").read_text(errors="replace")[-1500:]  # type: ignore[attr-defined]
                                + (log.read_bytes()[-1500:].decode("utf-8", "replace") if log.exists() else ""))
        yield env, said
    finally:
        for proc in reversed(procs):
            _stop(proc)
        try:
            os.kill(bus_pid, signal.SIGTERM)
        except (NameError, ProcessLookupError):
            pass


def _wait_said(said, since: int, pattern: str, timeout: float = 15) -> list[str]:
    deadline = time.monotonic() + timeout
    while True:
        heard = said(since)
        if any(re.search(pattern, h) for h in heard) or time.monotonic() > deadline:
            return heard
        time.sleep(0.3)


def test_orca_reads_the_board_the_summary_and_the_computers_move(jupyter_server, browser, orca):
    env, said = orca
    name = "orca_board.ipynb"
    jupyter_server.write_notebook(name, ["from bglearn import BoardWidget", "w = BoardWidget(seed=11)\nw"])
    args = [a for a in CHROMIUM_ARGS if a != "--headless"] + ["--force-renderer-accessibility"]
    headful = browser.browser_type.launch(executable_path=CHROMIUM, args=args, headless=False, env=env)
    try:
        page = headful.new_page(viewport={"width": 1200, "height": 900})
        page.set_default_timeout(30_000)
        open_notebook(page, jupyter_server, name)
        run_all_cells(page)
        out = widget_output(page)
        # Orca follows the new browser once it has read something of its page
        assert _wait_said(said, 0, r".", timeout=30), "Orca said nothing at all: " + said.problem()
        page.wait_for_timeout(1500)

        since = said.mark()
        out.locator('svg [tabindex="0"]').focus()              # onto the board
        heard = _wait_said(said, since, r"point: .* push button")
        assert any(h.startswith("Backgammon board") for h in heard), heard
        assert any(re.match(r"White's \d+-point: .*push button", h) for h in heard), heard
        assert not any("Position ID" in h or "/ABMA" in h for h in heard), heard

        since = said.mark()
        page.keyboard.press("r")                               # roll: the message is spoken
        heard = _wait_said(said, since, r"^White to play \d-\d")
        assert any(h.startswith("White to play") for h in heard), heard

        since = said.mark()
        page.keyboard.press("s")                               # the whole position
        heard = _wait_said(said, since, r"Pip count: White \d+, Red \d+")
        assert any("Pip count" in h and "Nobody on the bar" in h for h in heard), heard

        with jupyter_server.kernel_for(name) as k:
            play = k.eval("__import__('bglearn.bots', fromlist=['x']).HeuristicBot(0).choose("
                          "w.game.position, w.game.roll).notation")
        since = said.mark()
        page.keyboard.press("/")
        page.keyboard.type(play)
        page.keyboard.press("Enter")                           # the turn, then the computer's: heard
        heard = _wait_said(said, since, r"Red \(computer\) rolled", timeout=20)
        assert any(h.startswith("White played ") and "Red (computer) rolled" in h for h in heard), (play, heard)
    finally:
        headful.close()
