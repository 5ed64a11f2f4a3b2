"""The exchange folder of a class on a shared machine (a JupyterHub): its layout and its safe file steps.

The hub's admin makes, once, the exchange (``/srv/bglearn/exchange``, everyone may enter it) and in it
one folder per course owned by its teacher; the teacher's commands make everything inside::

    <exchange>/<course>/                 the teacher's, 0711: students enter, but cannot list it
        outbound/<student>/<exercise>.ipynb   the student's own handout: only they may read it
        inbound/<student>/<exercise>.ipynb    their submission: only they may write there
        feedback/<student>/<exercise>.md      their feedback: only they may read it

Every folder is the teacher's, readable and writable by the teacher alone; each student is given access
to their own three folders by an access control list (:mod:`bglearn.hub.acl`), so no student can see
another's files, nor even their names. The only files a student makes are their submissions, which the
teacher's ``collect`` reads as untrusted input: regular files owned by that student, never a link.

>>> from bglearn.hub.exchange import Course
>>> Course("/srv/bglearn/exchange", "backgammon-101").box("inbound", "ada")
PosixPath('/srv/bglearn/exchange/backgammon-101/inbound/ada')
"""

from __future__ import annotations

import os
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from ..errors import BglearnError
from ..grading.roster import ID_PATTERN
from ..i18n import _
from .acl import set_acl

__all__ = ["Course", "BOXES", "DEFAULT_EXCHANGE", "exchange_folder", "make_folder", "write_file", "listing"]

DEFAULT_EXCHANGE = "/srv/bglearn/exchange"
"""Where the admin makes the exchange unless ``BGLEARN_EXCHANGE`` or ``--exchange`` says otherwise."""
BOXES = ("outbound", "inbound", "feedback")
"""The three folders of a course, each with one folder per student."""


def exchange_folder(given: str | None) -> Path:
    """The exchange: ``given``, else ``$BGLEARN_EXCHANGE``, else :data:`DEFAULT_EXCHANGE`; it must exist."""
    path = Path(given or os.environ.get("BGLEARN_EXCHANGE") or DEFAULT_EXCHANGE)
    if not path.is_dir():
        raise BglearnError(_("there is no exchange folder {path}: the hub's admin makes it once (see the README, "
                             "\"On a JupyterHub\"), or give --exchange").format(path=path))
    return path


@dataclass(frozen=True)
class Course:
    """One course's folder in the exchange."""

    exchange: Path | str
    name: str

    def __post_init__(self) -> None:
        if not ID_PATTERN.match(self.name):
            raise BglearnError(_("{name} is not a usable course name (letters, digits and . _ @ + -, starting with "
                                 "a letter or digit)").format(name=repr(self.name)))

    @property
    def folder(self) -> Path:
        return Path(self.exchange) / self.name

    def box(self, kind: str, student: str) -> Path:
        """The folder ``kind`` (one of :data:`BOXES`) of ``student``."""
        if not ID_PATTERN.match(student):
            raise BglearnError(_("{id} is not a usable student id").format(id=repr(student)))
        return self.folder / kind / student


def make_folder(path: Path, mode: int, users: Mapping[int, int] | None = None) -> None:
    """Make ``path`` (or take it as it is) as a folder of this user's with ``mode`` and, for ``users``,
    an ACL (uid → permissions). Refuses a link, a file, or a folder of another user's."""
    try:
        path.mkdir(mode=0o700)
    except FileExistsError:
        pass
    info = os.lstat(path)
    if not stat.S_ISDIR(info.st_mode):
        raise BglearnError(_("{path} is not a folder; remove it and try again").format(path=path))
    if info.st_uid != os.geteuid():
        raise BglearnError(_("{path} belongs to another user; the teacher of the course must own it").format(path=path))
    os.chmod(path, mode)   # a folder of ours, checked above, in a folder of ours
    if users:
        set_acl(path, owner=(mode >> 6) & 7, users=users)


def write_file(folder: Path, name: str, data: bytes, mode: int, users: Mapping[int, int] | None = None) -> Path:
    """Write ``folder/name`` whole or not at all: a new file of this user's, with ``mode`` (and an ACL
    for ``users``), renamed over whatever had that name (a link there is replaced, never followed)."""
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fchmod(fd, mode)
            if users:
                set_acl(fd, owner=(mode >> 6) & 7, users=users)
        os.replace(tmp, folder / name)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return folder / name


def listing(folder: Path, suffix: str) -> list[str]:
    """The names of the regular files (not links) in ``folder`` ending in ``suffix``, sorted."""
    with os.scandir(folder) as it:
        return sorted(e.name for e in it if e.name.endswith(suffix) and not e.name.startswith(".")
                      and e.is_file(follow_symlinks=False))
