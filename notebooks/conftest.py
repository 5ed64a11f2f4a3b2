"""nbval runs every lesson notebook in a fresh kernel; each notebook also gets a fresh, empty progress store
(``BGLEARN_PROGRESS``), so a goal board or course map shows what the stored output shows (nothing done yet),
whatever ran before it and whatever the learner's own store holds."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

_current: list[object] = [None]


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """Before the first cell of a notebook (before nbval starts its kernel): a new store for it."""
    notebook = item.parent
    if notebook is not _current[0]:
        _current[0] = notebook
        folder = tempfile.mkdtemp(prefix="bglearn-progress-nb-")
        os.environ["BGLEARN_PROGRESS"] = str(Path(folder) / "progress.sqlite")
