"""Subcommand families of the ``bglearn`` command line (see :mod:`bglearn.cli`).

The helpers here check file arguments *before* a command does any work, so a wrong path is one
line on stderr (exit status 2) at once, not a traceback after a long run.

>>> from bglearn.commands import check_input_file
>>> check_input_file("no-such-roster.csv", "roster file")
Traceback (most recent call last):
  ...
bglearn.errors.BglearnError: no such roster file: no-such-roster.csv.
"""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path

from ..errors import BglearnError
from ..i18n import N_, _
from ..extras import EXTRAS, MissingExtraError, install_hint

__all__ = ["check_input_file", "check_input_folder", "check_output_file", "check_output_folder", "check_extra"]


def check_input_file(path: str, what: str = N_("file")) -> Path:
    """``path`` as a :class:`Path` if it names an existing regular file; otherwise a BglearnError
    saying what is wrong (missing, a folder)."""
    p = Path(path)
    what = _(what)  # the callers mark it with N_
    if p.is_dir():
        raise BglearnError(_("{path} is a folder, not a {what}.").format(path=path, what=what))
    if not p.exists():
        raise BglearnError(_("no such {what}: {path}.").format(path=path, what=what))
    if not p.is_file():
        raise BglearnError(_("{path} is not a regular {what}.").format(path=path, what=what))
    return p


def check_input_folder(path: str, what: str = N_("folder")) -> Path:
    """``path`` as a :class:`Path` if it names an existing folder; otherwise a BglearnError."""
    p = Path(path)
    what = _(what)
    if not p.exists():
        raise BglearnError(_("no such {what}: {path}.").format(path=path, what=what))
    if not p.is_dir():
        raise BglearnError(_("{path} is a file, not a {what}.").format(path=path, what=what))
    return p


def check_output_file(path: str, create_folders: bool = False) -> Path:
    """``path`` as a :class:`Path` if a file can be written there: it is not a folder, and its folder
    exists (or, with ``create_folders``, can be created: no part of it is a file). Raises
    BglearnError naming the problem."""
    p = Path(path)
    if p.is_dir():
        raise BglearnError(f"{path} is a folder; give a file name.")
    parent = p.parent
    if create_folders:
        while not parent.exists() and parent != parent.parent:
            parent = parent.parent
        if parent.is_dir():
            return p
    if not parent.is_dir():
        missing = "is a file, not a folder" if parent.exists() else "does not exist"
        raise BglearnError(f"cannot write {path}: {parent} {missing}.")
    return p


def check_output_folder(path: str) -> Path:
    """``path`` as a :class:`Path` if it is an existing folder or one that can be created (it is not
    a file). Raises BglearnError naming the problem."""
    p = Path(path)
    if p.exists() and not p.is_dir():
        raise BglearnError(f"{path} is a file, not a folder: give a folder to write into.")
    return p


def check_extra(extra: str, purpose: str, modules: tuple[str, ...] | None = None) -> None:
    """Raise MissingExtraError (one line naming the extra to install) unless ``modules`` (default:
    every package of ``extra``) can be imported. Nothing is imported, so the check is fast."""
    for module in modules or EXTRAS[extra]:
        if find_spec(module) is None:
            raise MissingExtraError(f"{purpose} needs {module}, which comes with the kit's '{extra}' extra: "
                                    f"{install_hint(extra)}")
