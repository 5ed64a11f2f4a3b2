"""The website builder is one wing, ``bglearn.site``; its former module names still work for one release
and say where the code went."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

import bglearn.site
from bglearn.site import bytecode

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("old, new, name", [
    ("bglearn.browser_site", "bglearn.site", "build_site"),
    ("bglearn.site_bytecode", "bglearn.site.bytecode", "rewrite_wheel"),
])
def test_the_former_module_names_warn_and_give_the_same_objects(old, new, name, monkeypatch):
    monkeypatch.delitem(sys.modules, old, raising=False)
    with pytest.warns(DeprecationWarning, match=f"{old} is now {new}"):
        alias = importlib.import_module(old)
    assert getattr(alias, name) is getattr(importlib.import_module(new), name)
    assert set(alias.__all__) == set(importlib.import_module(new).__all__)


def test_the_builders_scripts_live_in_the_wing_and_nowhere_else():
    wing = REPO / "bglearn" / "site"
    assert {"bytecode.mjs", "kernel_start.js"} <= {p.name for p in wing.iterdir()}
    top = {p.name for p in (REPO / "bglearn").iterdir()}
    assert not top & {"site_bytecode.mjs", "site_kernel_start.js"}


def test_the_wing_names_what_a_build_needs_and_reports():
    assert {"build_site", "SiteError", "SiteReport", "check_build_tools"} <= set(bglearn.site.__all__)
    assert bytecode.__file__ and Path(bytecode.__file__).parent == REPO / "bglearn" / "site"
