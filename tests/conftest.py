"""Suite-wide collection rules (they apply to ``tests/`` and to the notebooks nbval runs).

- **Markers** the quick inner loop selects on (README, "Running the tests"): ``notebook`` on every cell
  nbval runs, ``browser`` on the real-browser tests (``tests/browser/conftest.py``), ``slow`` on the
  rest that take more than a few seconds (marked where they are written).
- **Order.** The suite runs on every core (``-n auto --dist loadscope`` in pyproject's addopts): each
  module, and each notebook, runs whole on one worker, so its module fixtures (a JupyterLab server, the
  website build, a graded class) are made once. Workers take modules in collection order, so the longest
  go first (longest-first keeps the last worker from starting a long module when the others are done):
  ordered by the seconds each took in the last run (kept in pytest's cache, ``.pytest_cache``), and on a
  first run by :data:`FIRST_RUN_ORDER`. The order of the tests inside a module is never changed.
- **Progress.** ``BGLEARN_PROGRESS`` points each test process at a fresh, empty progress store.
"""

from __future__ import annotations

import os
import tempfile
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# A learner's progress (bglearn.learn) is never written to the real user's data folder by the tests:
# each test process (and the kernels and servers it starts, which inherit it) gets a fresh store.
# (A store named from outside is kept; one inherited from the controlling pytest process is not: each
# xdist worker gets its own.)
if "BGLEARN_PROGRESS" not in os.environ or os.environ.get("BGLEARN_PROGRESS_BY_TESTS"):
    os.environ["BGLEARN_PROGRESS"] = str(Path(tempfile.mkdtemp(prefix="bglearn-progress-")) / "progress.sqlite")
    os.environ["BGLEARN_PROGRESS_BY_TESTS"] = "1"

#: Where the seconds each module took in the last run are kept (pytest's cache).
CACHE_KEY = "bglearn/module-seconds"

#: Without timings from an earlier run: the modules that take longest first, in this order (path
#: prefixes relative to the repository), then the rest in collection order.
FIRST_RUN_ORDER = (
    "tests/browser/test_site.py",
    "tests/test_jupyterhub.py",
    "tests/test_wheel_install.py",
    "tests/browser/",
    "tests/test_server_extension.py",
    "tests/test_grading",
    "tests/test_nbgrader.py",
    "tests/test_i18n_build.py",
    "tests/test_exercises.py",
    "tests/test_typing.py",
    "notebooks/",
)


#: Tests that take more than a few seconds (on an idle 2-core machine) besides those marked ``slow`` where
#: they are written: node id prefixes (a module, or a module and a test's name). Marked ``slow`` here, so
#: that the quick subset (``-m "not browser and not slow and not notebook"``) stays quick.
SLOW = (
    "tests/test_grading.py",            # grades a synthetic class of 32 in the sandbox
    "tests/test_grading_hostile.py",    # grades a class of hostile notebooks, then waits for stragglers
    "tests/test_grading_metamorphic.py",
    "tests/test_grading_values.py",
    "tests/test_grading_untrusted.py",
    "tests/test_nbgrader.py",           # nbgrader's generate_assignment and autograde
    "tests/test_records_realworld.py",  # every real match record
    "tests/test_handout_key.py",        # builds and runs every exercise's handouts
    "tests/test_lessons_command.py",    # starts bglearn lessons (JupyterLab) and stops it
    "tests/test_exercises.py::test_every_student",  # these four use a class of 100 students per exercise
    "tests/test_exercises.py::test_the_rules_a_handout_names",
    "tests/test_exercises.py::test_variants_are_fair",
    "tests/test_exercises.py::test_copying_a_neighbour",
    "tests/test_exercises.py::test_generated_questions_are_judged_by_the_engine",
    "tests/test_exercises.py::test_notebook_runs_blank_keyed_and_wrong",
    "tests/test_exercises.py::test_assessment_notebook_reveals_nothing",
    "tests/test_exercise_fairness.py",
    "tests/test_long_nardy_exercise.py",
    "tests/test_site_kit_wheel.py::test_the_kit_wheel_holds_exactly_the_packages_modules",
)


def _module_of(item: pytest.Item) -> str:
    """The repository-relative path of the file ``item`` comes from (its xdist scope)."""
    return item.nodeid.split("::", 1)[0]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if _module_of(item).endswith(".ipynb"):
            item.add_marker(pytest.mark.notebook)
        if item.nodeid.startswith(SLOW):
            item.add_marker(pytest.mark.slow)
    cache = getattr(config, "cache", None)  # None with -p no:cacheprovider
    kept = cache.get(CACHE_KEY, {}) if cache is not None else {}
    last = {module: entry[0] for module, entry in kept.items() if isinstance(entry, list)}

    def rank(module: str) -> tuple[int, float]:
        """Modules the last run did not time that a hint names first (new long ones), then the timed
        ones, longest first, then the untimed rest."""
        if module in last:
            return (1, -last[module])
        hint = next((i for i, prefix in enumerate(FIRST_RUN_ORDER) if module.startswith(prefix)), None)
        return (0, hint) if hint is not None else (2, 0)

    first_seen: dict[str, int] = {}
    for index, item in enumerate(items):
        first_seen.setdefault(_module_of(item), index)
    order = {module: (rank(module), index) for module, index in first_seen.items()}
    items.sort(key=lambda item: order[_module_of(item)])


class _ModuleSeconds:
    """Adds up, on the process that reports results (the controller under xdist), the seconds each
    module's tests took (setup, call and teardown), and keeps them in the cache when the run ends. A
    run that ran fewer of a module's tests than the kept timing did (``-k``, one test) leaves it alone."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = defaultdict(float)
        self.tests: dict[str, set[str]] = defaultdict(set)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        module = report.nodeid.split("::", 1)[0]
        self.seconds[module] += report.duration
        self.tests[module].add(report.nodeid)

    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        cache = getattr(session.config, "cache", None)  # None with -p no:cacheprovider
        if cache is None or not self.seconds or hasattr(session.config, "workerinput"):
            return
        kept = {module: entry for module, entry in cache.get(CACHE_KEY, {}).items() if isinstance(entry, list)}
        for module, seconds in self.seconds.items():
            tests = len(self.tests[module])
            if module not in kept or tests >= kept[module][1]:
                kept[module] = [round(seconds, 2), tests]
        cache.set(CACHE_KEY, kept)


def pytest_configure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput"):
        config.pluginmanager.register(_ModuleSeconds(), "bglearn-module-seconds")


@pytest.fixture(scope="session")
def browser_available() -> bool:
    """Chromium and Playwright are here; otherwise the test is skipped with the reason — except when
    ``CI=true``, where it fails loudly, so a CI machine that lost its browser cannot pass silently."""
    import os

    from browser.harness import chromium_problem

    problem = chromium_problem()
    if problem:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"browser tests cannot run on CI: {problem}", pytrace=False)
        pytest.skip(f"browser tests skipped: {problem}")
    return True


@pytest.fixture(scope="session")
def browser(browser_available):
    """One Chromium per test worker, shared by every browser test (Playwright's sync API allows one
    running instance per thread)."""
    from playwright.sync_api import sync_playwright

    from browser.harness import launch_browser

    with sync_playwright() as p:
        b = launch_browser(p)
        yield b
        b.close()
