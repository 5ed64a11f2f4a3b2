"""Load the worked rule cases kept with the tests in ``tests/cases/``.

They are test data (a copy of the course's shared rule cases), kept inside the repository so that a fresh
clone with nothing beside it runs its tests.
"""

from __future__ import annotations

import json
from pathlib import Path

CASES_DIR = Path(__file__).resolve().parent / "cases"


def cases_dir() -> Path:
    """The folder holding ``plays.json`` and ``scoring.json``."""
    return CASES_DIR


def load(name: str) -> dict:
    """The parsed JSON of one case file, e.g. ``load("plays.json")``."""
    return json.loads((CASES_DIR / name).read_text())
