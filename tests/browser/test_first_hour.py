"""A newcomer's first hour, in a real browser (issue #10 items 2 and 3).

The server is started the way a learner starts it, with ``bglearn lessons`` (fresh Jupyter config,
data and runtime dirs, so no notebook is trusted unless the command trusts it), and the pages are
JupyterLab 4 and Notebook 7 in Chromium.

- An **unrun, untrusted** lesson shows its boards: pictures with a real size, not ``Position(...)``,
  ``<Diagram: ...>`` or ``<board diagram>`` text, and no SVG text run together.
- A **saved game** reopened without running anything shows the board as it was when saved, in
  JupyterLab and in Notebook 7 — never "Error displaying widget: model not found".
"""

from __future__ import annotations

import base64
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest

from bglearn.widgets.fallback import WIDGET_VIEW, normalize_notebook

from .harness import REPO, JupyterServer, free_port, jupyter_environment, notebook_url, open_notebook, screenshot, widget_output

pytestmark = pytest.mark.browser

NOT_A_PICTURE = re.compile(r"Position\(white=|<Diagram: \d+ characters|<board diagram>|Error displaying widget")

LESSON = [  # what a lesson's code cells display: a position, a rendered diagram, a board widget
    "from bglearn import BoardWidget, Position, render",
    "Position()",
    "render(Position(), caption='The starting position')",
    "BoardWidget(mode='humans', position=Position(), roll='31')",
]


class Lessons(JupyterServer):
    """``bglearn lessons --no-browser`` on a folder, with the harness's page and kernel helpers."""

    @classmethod
    def start(cls, tmp: Path, *options: str, timeout: float = 90) -> "Lessons":
        tmp = Path(tmp)
        root = tmp / "notebooks"
        root.mkdir(parents=True, exist_ok=True)
        nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# Welcome")]),
                       root / "00-welcome.ipynb")
        env = jupyter_environment(tmp)
        # render every cell, not only those near the screen, so a test sees all of a long lesson
        tracker = tmp / "settings" / "@jupyterlab" / "notebook-extension"
        tracker.mkdir(parents=True, exist_ok=True)
        (tracker / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
        port = free_port()
        log = tmp / "lessons.log"
        cmd = [sys.executable, "-m", "bglearn", "lessons", "--dir", str(root), "--no-browser",
               "--port", str(port), *options, "--",
               "--ip=127.0.0.1", "--IdentityProvider.token=", "--ServerApp.password=",
               "--ServerApp.disable_check_xsrf=True"]  # the test stops kernels through the REST API
        with open(log, "wb") as out:
            proc = subprocess.Popen(cmd, env=env, stdout=out, stderr=subprocess.STDOUT, cwd=str(root),
                                    start_new_session=True)
        server = cls(root, port, proc, env, log)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise RuntimeError(f"bglearn lessons exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
            if "welcome lesson is at" in log.read_text():
                return server
            time.sleep(0.25)
        server.stop()
        raise RuntimeError(f"bglearn lessons did not start within {timeout} s:\n{log.read_text()[-3000:]}")

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGTERM)  # bglearn lessons stops its server and kernels
            try:
                self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)


@pytest.fixture(scope="module")
def lessons(browser_available, tmp_path_factory):
    server = Lessons.start(tmp_path_factory.mktemp("first-hour"), "--no-trust")
    yield server
    server.stop()


def _built_lesson(path: Path, cells: list[str]) -> None:
    """A lesson built as the course's build does: executed with nbclient, then normalized."""
    from nbclient import NotebookClient

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    NotebookClient(nb, timeout=120, kernel_name="python3").execute()
    nbformat.write(normalize_notebook(nb), path)


def _pictures(page, timeout: float = 30_000) -> list[dict]:
    """Every board picture in the notebook's outputs: its size on the page and its SVG's position id."""
    page.locator(".jp-OutputArea-output img, .jp-OutputArea-output svg").first.wait_for(timeout=timeout)
    page.wait_for_function("""() => [...document.querySelectorAll('.jp-OutputArea-output img')]
                                   .every(i => i.complete)""", timeout=timeout)
    found = page.evaluate("""() => [...document.querySelectorAll(
            '.jp-OutputArea-output img[src^="data:image/svg+xml"], .jp-OutputArea-output svg.bg-board')]
        .map(e => { const r = e.getBoundingClientRect();
                    return {tag: e.tagName.toLowerCase(), width: r.width, height: r.height,
                            natural: e.naturalWidth || 0, src: e.getAttribute('src') || '',
                            id: e.getAttribute('data-position-id') || ''}; })""")
    for f in found:
        if f["src"]:
            board = re.search(r'data-position-id="([^"]+)"', base64.b64decode(f["src"].split(",", 1)[1]).decode())
            f["id"] = board.group(1) if board else ""
    return [f for f in found if f["id"]]   # boards only (the course map's mastery picture is not one)


def _output_texts(page) -> list[str]:
    return page.locator(".jp-OutputArea-output").all_inner_texts()


def _wait_saved(server: Lessons, name: str, check, timeout: float = 20) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        nb = server.api(f"/api/contents/{name}?content=1")["content"]
        if check(nb) or time.monotonic() > deadline:
            return nb
        time.sleep(0.3)


def test_an_unrun_untrusted_lesson_shows_its_boards(lessons, page):
    name = "lesson.ipynb"
    _built_lesson(lessons.root / name, LESSON)
    page.goto(notebook_url(lessons, name))
    page.locator(".jp-Notebook").first.wait_for()
    pictures = _pictures(page)
    screenshot(page, "first-hour-untrusted-lesson.png")
    assert [p["tag"] for p in pictures] == ["img", "img", "img"], pictures
    assert all(p["width"] > 300 and p["height"] > 250 and p["natural"] > 300 for p in pictures), pictures
    start = "4HPwATDgc/ABMA"
    assert [p["id"] for p in pictures] == [start, start, start]
    texts = _output_texts(page)
    assert not [t for t in texts if NOT_A_PICTURE.search(t)], texts


@pytest.mark.parametrize("app", ["lab", "notebook"])
def test_a_saved_game_reopens_showing_the_board_as_it_was(lessons, page, app):
    name = f"game-{app}.ipynb"
    lessons.write_notebook(name, [
        "from bglearn import BoardWidget, Position",
        "w = BoardWidget(mode='humans', position=Position(), roll='31')\nw",
    ])
    open_notebook(page, lessons, name, app)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    out = widget_output(page)
    for point in ("8", "5", "6", "5"):  # 8/5 6/5, clicked
        board = out.locator(".bglearn-board")
        before = board.get_attribute("data-revision")
        out.locator(f'svg [data-point="{point}"]').first.click()
        page.wait_for_function("([el, b]) => el.getAttribute('data-revision') !== b",
                               arg=[board.element_handle(), before])
    out.locator('button[data-control="done"]').click()
    with lessons.kernel_for(name) as k:
        deadline = time.monotonic() + 15
        while k.eval("w.game.plays[-1].notation if w.game.plays else ''") != "8/5 6/5":
            assert time.monotonic() < deadline, "the move was not made"
            time.sleep(0.2)
        played = k.eval("w.position.position_id()")
    page.locator(".jp-Notebook").first.click(position={"x": 5, "y": 5})
    page.keyboard.press("Control+s")
    saved = _wait_saved(lessons, name, lambda nb: played in json.dumps(nb))
    outputs = [o for c in saved["cells"] for o in c.get("outputs", [])]
    assert not [o for o in outputs if WIDGET_VIEW in o.get("data", {})], "a dead widget view was saved"
    assert any(played in base64.b64decode(m).decode()
               for o in outputs for m in re.findall(r"base64,([A-Za-z0-9+/=]+)", o.get("data", {}).get("text/html", "")))

    # close everything, stop the kernel, reopen the notebook without running anything
    page.goto("about:blank")
    for s in lessons.api("/api/sessions"):
        lessons.api(f"/api/sessions/{s['id']}", method="DELETE")
    page.goto(notebook_url(lessons, name, app))
    page.locator(".jp-Notebook").first.wait_for()
    pictures = _pictures(page)
    screenshot(page, f"first-hour-saved-game-{app}.png")
    assert [(p["tag"], p["id"]) for p in pictures] == [("img", played)], pictures
    assert pictures[0]["width"] > 300 and pictures[0]["natural"] > 300
    assert not [t for t in _output_texts(page) if NOT_A_PICTURE.search(t)]
    assert "Error displaying widget" not in page.locator("body").inner_text()


COURSE = REPO / "notebooks"


@pytest.mark.parametrize("lesson", ["00-welcome.ipynb", "03-hitting-and-the-bar.ipynb"])
def test_the_course_lessons_open_untrusted_with_their_boards(lessons, page, lesson):
    """The real course notebooks as stored in the repository, opened for the first time."""
    stored = nbformat.read(COURSE / lesson, as_version=4)
    # a "predict before you run" cell's output is folded until the learner runs it: not shown yet
    boards = sum(1 for c in stored.cells if c.cell_type == "code"
                 and not c.metadata.get("jupyter", {}).get("outputs_hidden") for o in c.get("outputs", [])
                 if "image/svg+xml" in o.get("data", {}) or WIDGET_VIEW in o.get("data", {}))
    nbformat.write(stored, lessons.root / lesson)
    page.goto(notebook_url(lessons, lesson))
    page.locator(".jp-Notebook").first.wait_for()
    page.locator(".jp-OutputArea-output").first.wait_for()
    page.wait_for_function("n => document.querySelectorAll('.jp-OutputArea-output img').length >= n",
                           arg=boards)
    pictures = _pictures(page)
    quiz = page.locator(".jp-OutputArea-output:has(.bglearn-static-quiz)")
    if quiz.count():
        quiz.first.scroll_into_view_if_needed()
        screenshot(quiz.first, f"first-hour-course-{lesson.split('-')[0]}-quiz.png")
    assert boards and len(pictures) >= boards, (boards, pictures)
    assert all(p["width"] > 100 and p["height"] > 80 for p in pictures), pictures
    texts = _output_texts(page)
    assert not [t for t in texts if NOT_A_PICTURE.search(t)], [t[:200] for t in texts if NOT_A_PICTURE.search(t)]
    # quiz and board text is laid out, not run together ("13/711/5..."): no SVG label soup
    assert not [t for t in texts if re.search(r"\d{2,}(?:\s?\d{2}){6,}", t)], texts
