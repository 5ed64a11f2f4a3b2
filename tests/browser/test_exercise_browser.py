"""A graded exercise answered without writing Python: a student's assessment handout opened in
JupyterLab, every question answered with its form (clicking options, ticking points, typing a list of
plays, and clicking each "write a legal play" answer on the board in answer mode — after trying an
illegal move and taking it back), the notebook saved from the menu, and ``bglearn grade`` giving full
marks from the saved file."""

from __future__ import annotations

import csv
import json
import shutil
import subprocess
import sys
import time

import nbformat
import pytest

from bglearn.exercises import load_exercise, saved_answers
from bglearn.verdicts import explain
from bglearn.plays import BAR, OFF
from bglearn.grading import assign

from .harness import REPO, open_notebook, run_all_cells, screenshot

pytestmark = pytest.mark.browser

EXERCISE, STUDENT, SEED = "bearing-off", "kim", 5


def _form(page, n: int):
    """The answer form of question ``n`` (scrolling the notebook until JupyterLab has drawn it)."""
    loc = page.locator(".bglearn-form", has_text=f"Your answer to question {n}").first
    for _ in range(60):
        if loc.count():
            loc.scroll_into_view_if_needed()
            return loc
        page.locator(".jp-WindowedPanel-outer, .jp-Notebook").first.hover()
        page.mouse.wheel(0, 600)
        page.wait_for_timeout(150)
    raise AssertionError(f"the form of question {n} was not found")


def _board_click(board, selector: str, expect: str) -> None:
    """Click a point/bar/tray of the answer board and wait until the kernel has answered."""
    before = board.get_attribute("data-revision")
    board.locator(selector).first.click()
    board.page.wait_for_function(
        "([el, rev]) => el.dataset.revision !== rev", arg=[board.element_handle(), before], timeout=20_000)
    assert expect in board.locator(".bglearn-message").inner_text()


def _place(q, n: int, kind: str) -> str:
    side = str(q.mover).lower()
    if n == BAR:
        return f'[data-bar="{side}"]'
    if n == OFF:
        return f'[data-off="{side}"]'
    return f'.bglearn-svg [data-point="{n}"]'  # the answer board is drawn in the mover's numbering


def _answer_on_board(page, form, q, value, tried_illegal: list) -> None:
    """Open the form's board, click the play (checker, then where it goes, once per die) and hand it in."""
    form.locator(".bglearn-board-toggle").first.click()
    board = form.locator(".bglearn-answer-board").first
    board.wait_for(state="visible", timeout=20_000)
    if not tried_illegal:
        # any move is taken as input, legal or not, and the board says nothing about legality
        src = next(p for p in range(24, 0, -1) if q.position.checkers(q.mover)[p])
        _board_click(board, _place(q, src, "from"), "picked up")
        _board_click(board, _place(q, src - 1 if src > 1 else 24, "to"), "Your play:")
        message = board.locator(".bglearn-message").inner_text().lower()
        assert "legal" not in message and "rule" not in message
        assert board.locator(".bg-arrow").count() == 1                      # shown
        screenshot(form, "exercise-board-answer-illegal.png")
        before = board.get_attribute("data-revision")
        board.locator('[data-control="undo"]').click()                    # undoable
        page.wait_for_function("([el, rev]) => el.dataset.revision !== rev",
                               arg=[board.element_handle(), before], timeout=20_000)
        assert board.locator(".bg-arrow").count() == 0
        tried_illegal.append(True)
    play = explain(q.position, q.roll, value).play
    if play is None or not play.moves:
        board.locator('[data-control="no-play"]').click()
        return
    for m in play.moves:
        _board_click(board, _place(q, m.source, "from"), "picked up")
        _board_click(board, _place(q, m.destination, "to"), "Your play:")
    board.locator('[data-control="submit"]').click()


def _answer(page, form, q, value, tried_illegal: list) -> None:
    if q.form == "play":
        _answer_on_board(page, form, q, value, tried_illegal)
    elif q.form == "choice":
        label = next(text for text, v in q.answer_choices() if v == value)
        form.locator(".bglearn-choice", has_text=label).first.click()
    elif q.form == "points":
        for p in value:
            form.locator(".bglearn-point", has_text=str(p)).first.click()
        form.locator(".bglearn-save").first.click()
    else:
        text = "\n".join(value) if isinstance(value, list) else str(value)
        form.locator(".bglearn-answer-input").fill(text)
        form.locator(".bglearn-answer-submit").click()
    form.locator(".bglearn-feedback", has_text="Recorded").first.wait_for(state="visible", timeout=20_000)


def test_answer_by_clicking_save_and_grade(jupyter_server, page, tmp_path):
    out = tmp_path / "class"
    roster = tmp_path / "roster.csv"
    roster.write_text(f"id\n{STUDENT}\n")
    assign(EXERCISE, roster, SEED, out, mode="assessment")
    name = f"{STUDENT}-{EXERCISE}.ipynb"
    shutil.copy(out / "handouts" / STUDENT / f"{EXERCISE}.ipynb", jupyter_server.root / name)
    ex = load_exercise(EXERCISE, SEED, STUDENT, "assessment")
    qs = ex.questions
    assert {q.form for q in qs} >= {"choice", "play", "plays"}

    open_notebook(page, jupyter_server, name)
    run_all_cells(page)
    page.locator(".bglearn-form").first.wait_for(state="visible", timeout=90_000)
    tried_illegal: list = []
    for n, q in enumerate(qs, 1):
        form = _form(page, n)
        _answer(page, form, q, q.example_answer(), tried_illegal)
        if n == 1:
            screenshot(form, "exercise-form-answered.png")
        # the saved form of the answer is in the cell, in words a person reads
        cell = form.locator("xpath=ancestor::div[contains(@class,'jp-Cell')]").first
        assert f"Your answer to question {n}:" in cell.inner_text()

    page.locator('.jp-NotebookPanel-toolbar [data-command="docmanager:save"]').first.click()  # File → Save
    path = jupyter_server.root / name
    deadline = time.monotonic() + 30
    saved: dict = {}
    while time.monotonic() < deadline:
        try:
            saved = saved_answers(json.loads(path.read_text()))
        except json.JSONDecodeError:  # read while the server was writing it: read again
            saved = {}
        if len(saved) == len(qs):
            break
        time.sleep(0.5)
    assert set(saved) == set(range(1, len(qs) + 1)), saved

    sub = out / "submissions" / STUDENT
    sub.mkdir(parents=True, exist_ok=True)
    shutil.copy(path, sub / f"{EXERCISE}.ipynb")
    proc = subprocess.run([sys.executable, "-m", "bglearn", "grade", str(out / "submissions"), "-o",
                           str(out / "grades.csv")], capture_output=True, text=True, timeout=300, cwd=str(REPO))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    with open(out / "grades.csv", newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert tried_illegal, "no question was answered on the board"
    assert [float(r["points"]) for r in rows] == [q.points for q in qs]
    assert float(rows[0]["total"]) == ex.max_points
    nb = nbformat.read(path, as_version=4)
    assert nb.metadata["bglearn"]["mode"] == "assessment" and "seed" not in nb.metadata["bglearn"]
