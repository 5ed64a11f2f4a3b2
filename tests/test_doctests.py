"""Every public module of bglearn opens with a short example of what it is for, and every example
in the package's docstrings runs as written (the doctests are part of the suite).

Policy (see the README, "Typing and doctests"): a public module is any module of the package whose
name does not start with ``_``; its module docstring holds at least one ``>>>`` example. Examples
print exactly what a user would see (English messages; set with ``bglearn.set_language``).
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import bglearn

FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def _public_modules() -> list[str]:
    names = ["bglearn"]
    for info in pkgutil.walk_packages(bglearn.__path__, prefix="bglearn."):
        if not any(part.startswith("_") for part in info.name.split(".")):
            names.append(info.name)
    return sorted(names)


MODULES = _public_modules()


@pytest.fixture
def english():
    before = bglearn.current_language()
    bglearn.set_language("en")
    yield
    bglearn.set_language(before)


def _module(name: str) -> ModuleType:
    return importlib.import_module(name)


def test_the_package_has_modules_to_check():
    assert {"bglearn", "bglearn.position", "bglearn.plays", "bglearn.records", "bglearn.grading.grader",
            "bglearn.widgets.board"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_the_module_docstring_shows_an_example(name):
    doc = _module(name).__doc__ or ""
    assert ">>>" in doc, f"{name}: its docstring has no example of what the module is for"


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_run(name, english):
    module = _module(name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    failures = []
    for test in finder.find(module, name):
        test.globs = dict(test.globs)
        result = runner.run(test, out=failures.append, clear_globs=True)
        assert result.failed == 0 or failures
    assert not failures, "".join(failures)
