"""Fixtures for real-browser tests: one JupyterLab server per test session (the one Chromium, ``browser``,
is in tests/conftest.py: the tests of servers outside this folder share it).

Without Chromium (or Playwright) the tests are skipped with the reason — except when ``CI=true``,
where they fail loudly, so a CI machine that lost its browser cannot pass silently.
"""

from __future__ import annotations

import os

import pytest

from .harness import JupyterServer


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


@pytest.fixture
def page(browser, request):
    context = browser.new_context(viewport={"width": 1280, "height": 1100})
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    yield pg
    context.close()
    if "jupyter_server" in request.fixturenames:  # the test's kernels are of no use to the next test
        request.getfixturevalue("jupyter_server").shut_down_kernels()
