"""The learning path in a real browser (issue 25): a learner meets a stage's goal on a goal board by
clicking and gets the stars; the course map shows the next stage open; after a kernel restart the map
(run again) still shows the stars, read back from the progress file the server's kernels use."""

from __future__ import annotations

import os

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # the browser_available fixture skips (or, on CI, fails) with the reason
    expect = None

from bglearn.learn.plan import course_plan

from .harness import JupyterServer, open_notebook, run_all_cells, screenshot, widget_output
from .test_board_browser import click

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def path_server(browser_available, tmp_path_factory):
    """One JupyterLab server whose kernels keep progress in a fresh file of this test's."""
    tmp = tmp_path_factory.mktemp("learning-path")
    store = tmp / "progress.sqlite"
    before = os.environ.get("BGLEARN_PROGRESS")
    os.environ["BGLEARN_PROGRESS"] = str(store)
    try:
        server = JupyterServer.start(tmp)
    finally:
        if before is None:
            del os.environ["BGLEARN_PROGRESS"]
        else:
            os.environ["BGLEARN_PROGRESS"] = before
    yield server, store
    server.stop()


def _cells(first: str) -> list[str]:
    return [
        "from bglearn import Position\nfrom bglearn.learn import CourseMap, GoalBoard, goals, progress",
        f"board = GoalBoard({first!r}, goals.MakePoint(7), position=Position(), roll='61',\n"
        "                  text='Play 6-1 to make your 7-point.')\nboard",
        "CourseMap('en')",
    ]


def _map(page):
    out = page.locator(".jp-OutputArea-output:has(.bglearn-course-map)").first
    out.wait_for(state="attached", timeout=60_000)
    out.scroll_into_view_if_needed()
    return out


def test_meet_a_goal_get_stars_see_the_next_stage_and_keep_them_after_a_restart(path_server, page):
    server, store = path_server
    stages = course_plan("en").stage_ids()
    if len(stages) < 2:
        pytest.skip("the course plan has fewer than two stages")
    first, second = stages[:2]
    name = "learning_path.ipynb"
    server.write_notebook(name, _cells(first))
    open_notebook(page, server, name)
    run_all_cells(page)
    out = widget_output(page)
    panel = out.locator(".bglearn-goal-panel")
    expect(out.locator(".bglearn-goal-text")).to_have_text("Play 6-1 to make your 7-point.")
    expect(panel.locator(".bglearn-goal-stars-words")).to_have_text("No stars yet")
    course = _map(page)
    expect(course.locator(f'[data-stage="{first}"]')).to_have_attribute("aria-current", "step")

    # The learner plays 13/7 8/7 by clicking, then Done: the goal is met at the first attempt.
    for point in (13, 7, 8, 7):
        click(page, out, f'svg [data-point="{point}"]')
    click(page, out, 'button[data-control="done"]')
    expect(panel.locator(".bglearn-goal-stars-words")).to_have_text("3 of 3 stars", timeout=15_000)
    expect(panel.locator(".bglearn-goal-stars-picture")).to_have_text("★★★")
    expect(panel.locator(".bglearn-goal-message")).to_have_attribute("aria-live", "polite")
    expect(panel.locator(".bglearn-goal-message")).to_contain_text("Goal met")
    # The board stays as played, with nothing more to play: no Roll or Double for the other side, and a
    # click on a point moves nothing and says how to play the stage again.
    board = out.locator(".bglearn-board")
    expect(board.locator("button[data-control]")).to_have_count(0)
    expect(board.locator(".bglearn-status")).to_contain_text("nothing more to play")
    click(page, out, 'svg [data-point="24"]')
    expect(board.locator(".bglearn-message")).to_contain_text("press Play again")
    expect(panel.locator(".bglearn-goal-stars-words")).to_have_text("3 of 3 stars")
    screenshot(out, "learning-path-met.png")

    # The map redraws itself: the stage is done with its stars, and the next stage is where the learner is.
    course = _map(page)
    expect(course.locator(f'[data-stage="{first}"]')).to_contain_text("done, 3 of 3 stars", timeout=15_000)
    expect(course.locator(f'[data-stage="{second}"]')).to_have_attribute("aria-current", "step")
    screenshot(course, "learning-path-map.png")
    assert store.is_file()

    # A restart: a new kernel reads the same progress file; run again, the map still shows the stars.
    page.get_by_role("menuitem", name="Kernel", exact=True).click()
    page.locator(".lm-Menu-item", has_text="Restart Kernel and Run All Cells…").first.click()
    page.locator(".jp-Dialog button.jp-mod-accept").click()   # the dialog's "Restart"
    out = widget_output(page)
    panel = out.locator(".bglearn-goal-panel")
    expect(panel.locator(".bglearn-goal-message")).to_contain_text("Make your play", timeout=30_000)
    expect(panel.locator(".bglearn-goal-stars-words")).to_have_text("3 of 3 stars")
    course = _map(page)
    expect(course.locator(f'[data-stage="{first}"]')).to_contain_text("done, 3 of 3 stars", timeout=15_000)
    expect(course.locator(f'[data-stage="{second}"]')).to_have_attribute("aria-current", "step")
    with server.kernel_for(name) as kernel:
        assert kernel.eval(f"progress().stage({first!r}).stars") == 3
