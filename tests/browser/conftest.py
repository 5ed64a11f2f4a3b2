"""Fixtures for real-browser tests: one JupyterLab server per test session (the one Chromium, ``browser``,
is in tests/conftest.py: the tests of servers outside this folder share it).

Without Chromium (or Playwright) the tests are skipped with the reason — except when ``CI=true``,
where they fail loudly, so a CI machine that lost its browser cannot pass silently.
"""

from __future__ import annotations

import os

import pytest

from .harness import JupyterServer, clear_lab

VIEWPORT = {"width": 1280, "height": 1100}


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "tests/browser/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)
            # A real browser beside a busy second worker on 2 cores can lose a race the test did not mean
            # to run (a redraw during a screenshot, a file read mid-save): a failed browser test is run
            # once more (pytest-rerunfailures), and the run's summary reports every rerun. A real fault
            # fails both times.
            item.add_marker(pytest.mark.flaky(reruns=1, reruns_delay=2))


@pytest.fixture(scope="session")
def jupyter_server(browser_available, tmp_path_factory):
    server = JupyterServer.start(tmp_path_factory.mktemp("jupyter"))
    yield server
    server.stop()


class LabTab:
    """One browser tab per test worker, kept from test to test: JupyterLab takes 4-5 s to start in a new
    page on 2 cores, a notebook opened inside a running one about 1 s (harness.open_notebook). After
    each test the tab's documents are closed unsaved and its size and timeout reset; after a failed test,
    or when it cannot be cleared, the tab is thrown away and the next test gets a new one."""

    def __init__(self, browser) -> None:
        self.browser, self.context, self.page = browser, None, None

    def get(self):
        if self.page is None or self.page.is_closed():
            self.context = self.browser.new_context(viewport=VIEWPORT)
            self.page = self.context.new_page()
        self.page.set_default_timeout(30_000)
        if self.page.viewport_size != VIEWPORT:
            self.page.set_viewport_size(VIEWPORT)
        return self.page

    def tidy(self, failed: bool) -> None:
        if self.page is not None and (failed or not clear_lab(self.page)):
            self.drop()

    def drop(self) -> None:
        if self.context is not None:
            self.context.close()
        self.context = self.page = None


@pytest.fixture(scope="session")
def lab_tab(browser):
    tab = LabTab(browser)
    yield tab
    tab.drop()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call" and report.failed:
        item.stash[FAILED] = True
    return report


FAILED = pytest.StashKey[bool]()


@pytest.fixture
def page(lab_tab, request):
    pg = lab_tab.get()
    yield pg
    lab_tab.tidy(failed=request.node.stash.get(FAILED, False))
    if "jupyter_server" in request.fixturenames:  # the test's kernels are of no use to the next test
        request.getfixturevalue("jupyter_server").shut_down_kernels()
