"""Regenerate the graded exercise notebooks in this folder.

    cd /work/main && PYTHONPATH=. python3 exercises/build_exercises.py

Writes ``<name>.ipynb`` for every exercise in :data:`bglearn.exercises.EXERCISES` (the class-wide
variant: seed 1, no student id, practice mode). Per-student variants come from ``bglearn assign``.
Every notebook goes through :func:`bglearn.widgets.fallback.normalize_notebook` (inside
:func:`bglearn.exercises.notebook.build_notebook`), so the output is deterministic: running this twice
gives identical files, and the stored diagrams show in an untrusted notebook.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from bglearn.exercises import EXERCISES, load_exercise, write_notebook  # noqa: E402


def main() -> int:
    for name in EXERCISES:
        path = HERE / f"{name}.ipynb"
        write_notebook(load_exercise(name), path)
        print(f"wrote {path.relative_to(HERE.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
