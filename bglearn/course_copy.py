"""The learner's own copy of the course: made by ``bglearn lessons``, updated by a newer kit without losing
a learner's work.

The course that comes with the kit (:mod:`bglearn.course_files`) is never written to: a learner works in
a copy in a folder of their own, in the course's layout (``notebooks/[<lang>/]``, ``exercises/[<lang>/]``,
so lessons still link to their exercises). The copy keeps a manifest, ``.bglearn-course.json``, of the
version of each notebook it was given. When the kit is newer:

- a notebook the learner has not changed is replaced by the new version;
- a notebook the learner has changed is left as it is, and the new version is put beside it as
  ``<name>.v<kit version>.ipynb`` (never overwritten);
- a notebook that is new in the kit, or that the learner deleted, is copied.

"Changed" means a change to the notebook's cells or their outputs: the kernel information a Jupyter
front end writes into a notebook just by opening it (``kernelspec``, ``language_info``) is not a change.

>>> fingerprint(b'{"cells": [], "metadata": {"language_info": {"version": "3.11.7"}}}') == fingerprint(b'{"cells": [], "metadata": {}}')
True
"""

from __future__ import annotations

import hashlib
import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .course_files import course_root, learner_files
from .errors import BglearnError
from .extras import require
from .i18n import _

__all__ = ["MANIFEST", "CopyReport", "copy_course", "default_course_dir", "fingerprint"]

MANIFEST = ".bglearn-course.json"
"""The file in a learner's copy that records which version of each notebook it was given."""
_FORMAT = 1
_KERNEL_METADATA = ("kernelspec", "language_info")


def default_course_dir() -> Path:
    """Where ``bglearn lessons`` puts the learner's copy when no ``--dir`` is given: ``bglearn-course``
    in the user's documents folder (``~/Documents`` on most systems; platformdirs decides)."""
    platformdirs = require("platformdirs", "lessons", "finding your documents folder")
    return Path(platformdirs.user_documents_dir()) / "bglearn-course"


def fingerprint(data: bytes) -> str:
    """A hash of a notebook's content that ignores what opening it in Jupyter writes (the kernel's
    ``kernelspec`` and ``language_info``) and how the JSON is laid out; a file that is not a notebook
    is hashed as it is."""
    try:
        nb: Any = json.loads(data)
    except ValueError:
        nb = None
    if isinstance(nb, dict) and isinstance(nb.get("metadata"), dict):
        nb["metadata"] = {k: v for k, v in nb["metadata"].items() if k not in _KERNEL_METADATA}
        data = json.dumps(nb, sort_keys=True, ensure_ascii=False).encode("utf-8")
    return hashlib.sha256(data).hexdigest()


@dataclass
class CopyReport:
    """What :func:`copy_course` did to a learner's copy (paths relative to ``folder``)."""

    folder: Path
    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    beside: dict[str, str] = field(default_factory=dict)
    """A notebook the learner changed -> the file the kit's new version was put in, beside it."""

    def summary(self) -> list[str]:
        """Sentences for the learner saying what changed in their copy (none when nothing did)."""
        lines = []
        if self.added:
            lines.append(_("copied {count} course notebooks into {folder}").format(count=len(self.added),
                                                                                     folder=self.folder))
        if self.updated:
            lines.append(_("updated {count} notebooks you had not changed to the kit's new version")
                         .format(count=len(self.updated)))
        for mine, new in self.beside.items():
            lines.append(_("you changed {mine}: the kit's new version is beside it, as {new}").format(mine=mine, new=new))
        return lines


def _read_manifest(folder: Path) -> dict[str, str]:
    path = folder / MANIFEST
    if not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        files = data["files"]
        if not isinstance(files, dict):
            raise TypeError("files")
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise BglearnError(_("{path} is damaged ({problem}): delete it, and run the command again (your "
                             "changed notebooks are kept, the kit's versions put beside them).")
                           .format(path=path, problem=exc)) from None
    return {str(k): str(v) for k, v in files.items()}


def _write_manifest(folder: Path, files: dict[str, str], version: str) -> None:
    text = json.dumps({"format": _FORMAT, "kit": version, "files": dict(sorted(files.items()))}, indent=1)
    (folder / MANIFEST).write_text(text + "\n", encoding="utf-8")


def _beside_name(rel: str, version: str) -> str:
    path = Path(rel)
    return path.with_name(f"{path.stem}.v{version}{path.suffix}").as_posix()


def copy_course(folder: str | Path, lang: str = "en", *, version: str | None = None) -> CopyReport:
    """Make or update the learner's copy of the course in ``lang`` in ``folder`` (created if missing),
    as the module docstring says; returns what was done. ``version`` names the kit's version (used in
    the name of a new version put beside a learner's changed notebook); by default the installed
    kit's. Raises :class:`BglearnError` when ``folder`` is inside the kit's own course (which is never
    written to) or cannot be written."""
    if version is None:
        from . import __version__

        version = __version__
    root = course_root()
    dest = Path(folder).expanduser().resolve()
    if dest == root or root in dest.parents:
        raise BglearnError(_("{folder} is inside the kit's own course, which is never changed: choose a "
                             "folder of your own for your copy.").format(folder=dest))
    report = CopyReport(folder=dest)
    try:
        dest.mkdir(parents=True, exist_ok=True)
        given = _read_manifest(dest)
        for rel in learner_files(lang):
            source, target = root / rel, dest / rel
            shipped = fingerprint(source.read_bytes())
            if not target.exists():
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, target)
                given[rel] = shipped
                report.added.append(rel)
                continue
            mine = fingerprint(target.read_bytes())
            if mine == shipped:
                given[rel] = shipped
            elif given.get(rel) == mine:  # the learner has not changed it: the kit's new version replaces it
                shutil.copyfile(source, target)
                given[rel] = shipped
                report.updated.append(rel)
            else:  # the learner's own work: the new version goes beside it
                new = _beside_name(rel, version)
                if not (dest / new).exists():  # put there by an earlier run (and perhaps changed): kept
                    shutil.copyfile(source, dest / new)
                    report.beside[rel] = new
        _write_manifest(dest, given, version)
    except OSError as exc:
        raise BglearnError(_("can't write the course into {folder}: {problem}").format(folder=dest, problem=exc)) from None
    return report
