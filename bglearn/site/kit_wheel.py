"""The kit's own wheel for the website, built from a clean copy of its sources, never from the
repository in place: setuptools packs all of a checkout's ``build/lib``, stale modules included.

>>> import tempfile
>>> from pathlib import Path
>>> from bglearn.site.course import course_root
>>> with tempfile.TemporaryDirectory() as tmp:
...     copy = kit_source(course_root(), Path(tmp) / "kit")
...     sorted(p.name for p in copy.iterdir())
['README.md', 'bglearn', 'pyproject.toml']
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from .process import Run, SiteError, runner

__all__ = ["KIT_FILES", "build_kit_wheel", "kit_source"]

#: What building the kit's wheel reads from the repository, besides the package folder (pyproject.toml's
#: ``readme``; the licence is given as text).
KIT_FILES = ("pyproject.toml", "README.md")


def kit_source(root: Path, dest: Path) -> Path:
    """Copy into ``dest`` (which must not exist) exactly what the kit's wheel is built from: the files
    :data:`KIT_FILES` and the package folder ``bglearn/`` without compiled files. Building from this
    copy, not from the repository in place, keeps out whatever an earlier build left in the
    repository's ``build/`` folder. Returns ``dest``; :class:`SiteError` when ``root`` is not the kit's
    source tree."""
    missing = [name for name in (*KIT_FILES, "bglearn") if not (root / name).exists()]
    if missing:
        raise SiteError(f"{root} is not the kit's source tree: it lacks {', '.join(missing)}")
    dest.mkdir(parents=True)
    for name in KIT_FILES:
        shutil.copy2(root / name, dest / name)
    shutil.copytree(root / "bglearn", dest / "bglearn",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".*"))
    return dest


def build_kit_wheel(root: Path, wheels: Path, work: Path, run: Run | None = None) -> Path:
    """Build the kit's wheel from a clean copy of its sources under ``root`` (see :func:`kit_source`,
    made in ``work``, which must not exist) into the folder ``wheels``; return the wheel's path.
    Raises :class:`SiteError` when pip fails or makes no kit wheel."""
    run = run or runner([])
    source = kit_source(root, work)
    before = set(wheels.glob("bglearn*.whl"))
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(source)],
        cwd=work.parent, what="building the kit's wheel")
    made = sorted(set(wheels.glob("bglearn*.whl")) - before)
    if len(made) != 1:
        raise SiteError(f"building the kit's wheel produced {len(made)} bglearn wheels in {wheels}")
    return made[0]
