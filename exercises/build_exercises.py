"""Regenerate the graded exercise notebooks in this folder.

    cd /work/main && PYTHONPATH=. python3 exercises/build_exercises.py            # English: exercises/*.ipynb
    cd /work/main && PYTHONPATH=. python3 exercises/build_exercises.py --lang es  # exercises/es/*.ipynb

Writes ``<name>.ipynb`` for every exercise in :data:`bglearn.exercises.EXERCISES` (the class-wide
variant: seed 1, no student id, practice mode). Each notebook's title, introduction and instructions
are the Markdown of ``exercises/src/<name>.md`` and ``exercises/src/instructions.md`` (a translation:
``exercises/src/<lang>/``); the question texts come from the message catalogs. Per-student variants
come from ``bglearn assign``. Every notebook goes through
:func:`bglearn.widgets.fallback.normalize_notebook` (inside
:func:`bglearn.exercises.notebook.build_notebook`), so the output is deterministic: running this twice
gives identical files, and the stored diagrams show in an untrusted notebook.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from bglearn.errors import BglearnError  # noqa: E402
from bglearn.exercises import EXERCISES, load_exercise, write_notebook  # noqa: E402
from bglearn.i18n import LANGUAGES  # noqa: E402


def out_dir(lang: str = "en") -> Path:
    """Where the notebooks in ``lang`` go: ``exercises/`` for English, ``exercises/<lang>/`` otherwise."""
    return HERE if lang == "en" else HERE / lang


def build(lang: str = "en", names: list[str] | None = None) -> list[Path]:
    """Write the exercise notebooks in ``lang`` (all, or those named); returns the files written."""
    if lang not in LANGUAGES:
        raise BglearnError(f"no language {lang!r}; choose one of {', '.join(LANGUAGES)}.")
    unknown = [n for n in names or () if n not in EXERCISES]
    if unknown:
        raise BglearnError(f"there is no exercise {unknown[0]!r}; choose from {', '.join(EXERCISES)}.")
    folder = out_dir(lang)
    folder.mkdir(exist_ok=True)
    written = []
    for name in names or list(EXERCISES):
        path = folder / f"{name}.ipynb"
        write_notebook(load_exercise(name), path, lang=lang)
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the graded exercise notebooks.")
    parser.add_argument("names", nargs="*", help="only these exercises (default: all)")
    parser.add_argument("--lang", default="en", choices=LANGUAGES, help="the language (default: en)")
    args = parser.parse_args(argv)
    try:
        for path in build(args.lang, args.names):
            print(f"wrote {path.relative_to(HERE.parent)}")
    except BglearnError as exc:
        print(f"build_exercises: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
