"""The course notebooks the website holds: where they are, which they are, and how each is copied in.

>>> from bglearn.site.course import course_notebooks, course_root
>>> [p.relative_to(course_root()).as_posix() for p in course_notebooks(course_root())][:2]
['notebooks/00-welcome.ipynb', 'notebooks/01-board-and-setup.ipynb']
"""

from __future__ import annotations

import json
from pathlib import Path

from .. import course_files
from .process import SiteError

__all__ = ["COURSE_FOLDERS", "PYODIDE_KERNELSPEC", "copy_notebook", "course_notebooks", "course_root"]

#: Where the course's notebooks live, relative to the course's root; each is copied to the same
#: relative path in the site, so links between lessons and exercises keep working.
COURSE_FOLDERS = course_files.COURSE_FOLDERS

#: The kernel every notebook on the site asks for: JupyterLite's Pyodide kernel (no "Select Kernel" dialog).
PYODIDE_KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}


def course_root() -> Path:
    """The folder that holds the course (``notebooks/`` and ``exercises/``): the installed package's
    course, or a clone's repository folder (:func:`bglearn.course_files.course_root`). Raises
    :class:`SiteError` when the kit is installed without its course."""
    try:
        return course_files.course_root()
    except course_files.CourseMissing as exc:
        raise SiteError(str(exc)) from None


def course_notebooks(root: Path) -> list[Path]:
    """Every notebook of the course under ``root`` (lessons, glossary, exercises), in a stable order."""
    found: list[Path] = []
    for folder in COURSE_FOLDERS:
        base = root / folder
        if base.is_dir():
            found.extend(
                p for p in sorted(base.rglob("*.ipynb"))
                if not any(part.startswith(".") for part in p.relative_to(root).parts)
            )
    return found


def copy_notebook(source: Path, dest: Path) -> None:
    """Copy a notebook into the site, set to open on the browser's Python kernel; :class:`SiteError`
    when ``source`` is not a readable notebook."""
    try:
        nb = json.loads(source.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise SiteError(f"{source} is not a readable notebook: {exc}") from None
    if not isinstance(nb, dict) or "cells" not in nb:
        raise SiteError(f"{source} is not a notebook (no cells)")
    nb.setdefault("metadata", {})["kernelspec"] = dict(PYODIDE_KERNELSPEC)
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
