"""Locate and load the worked rule cases in ``../shared/cases`` (next to the repository)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CANDIDATES = [ROOT.parent / "shared" / "cases", ROOT / "shared" / "cases"]


def cases_dir() -> Path:
    for c in CANDIDATES:
        if c.is_dir():
            return c
    pytest.fail(f"the shared rule cases were not found (looked in {', '.join(map(str, CANDIDATES))})")


def load(name: str) -> dict:
    return json.loads((cases_dir() / name).read_text())
