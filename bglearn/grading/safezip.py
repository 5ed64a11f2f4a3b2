"""Reading a zip that anybody could have made: every entry checked before a byte is written.

A class's submissions downloaded from a learning management system arrive as one zip
(:mod:`bglearn.grading.lms`). Its structure is the platform's, but nothing guarantees that the file
given to the grader is the platform's, so :func:`open_archive` refuses the whole archive when its
structure could only be an attack or a damaged file:

- not a zip, a damaged central directory, more than :data:`MAX_ENTRIES` entries;
- an entry name that is absolute (``/x``, ``C:\\x``, ``\\\\host\\x``), climbs out (``..``), holds a
  backslash, a control character or an empty part, or names the same place as another entry (also
  ignoring case, as a Windows or macOS file system would);
- an entry that is a symbolic link or any other non-regular file, or is encrypted;
- more than :data:`MAX_TOTAL_BYTES` of files to extract together.

What a student controls — the content of their own file — is judged per entry by :func:`problem`:
an entry larger than :data:`~bglearn.grading.collect.MAX_FILE_BYTES` or compressed more than
:data:`MAX_RATIO` times (a zip bomb) is not extracted, and that student is told why. Extraction
(:func:`extract`) writes only into a fresh private folder, to names the grader chose, never
following a link, and stops at the size the entry declared (a lying header is caught by the count and
by the CRC check).

>>> import io, zipfile
>>> raw = io.BytesIO()
>>> with zipfile.ZipFile(raw, "w") as z:
...     z.writestr("../escape.ipynb", "{}")
>>> _ = raw.seek(0)
>>> open_archive(raw)
Traceback (most recent call last):
...
bglearn.grading.safezip.UnsafeArchiveError: the archive's entry '../escape.ipynb' climbs out of the folder it is extracted to; this is not a platform's download, and nothing was extracted
"""

from __future__ import annotations

import os
import re
import stat
import zipfile
import zlib
from pathlib import Path
from typing import IO

from ..errors import BglearnError
from ..i18n import _
from .collect import MAX_FILE_BYTES
from .untrusted import visible

__all__ = ["UnsafeArchiveError", "open_archive", "problem", "check_total", "extract", "MAX_ENTRIES", "MAX_TOTAL_BYTES", "MAX_RATIO"]

MAX_ENTRIES = 20_000
"""An archive with more entries than this is refused (a class of 500 hands in a few files each)."""
MAX_TOTAL_BYTES = 4 << 30
"""The notebooks extracted from one archive may hold this many bytes together, at most."""
MAX_RATIO = 200
"""An entry of more than 1 MB that unpacks to more than this many times its compressed size is a zip bomb."""
_RATIO_FLOOR = 1 << 20
_DRIVE = re.compile(r"^[A-Za-z]:")
_CHUNK = 1 << 20


class UnsafeArchiveError(BglearnError):
    """The archive is damaged or built to attack whoever extracts it: nothing was extracted."""


def _refuse(entry: str, why: str) -> UnsafeArchiveError:
    return UnsafeArchiveError(_("the archive's entry {entry} {why}; this is not a platform's download, and nothing "
                                "was extracted").format(entry=repr(visible(entry, 200)), why=why))


def _check_name(name: str) -> None:
    if not name.isprintable():
        raise _refuse(name, _("has a control character in its name"))
    if "\\" in name:
        raise _refuse(name, _("has a backslash in its name"))
    if name.startswith("/") or _DRIVE.match(name):
        raise _refuse(name, _("has an absolute name"))
    parts = name.rstrip("/").split("/")
    if ".." in parts:
        raise _refuse(name, _("climbs out of the folder it is extracted to"))
    if any(p in ("", ".") for p in parts):
        raise _refuse(name, _("has an empty part in its name"))


def open_archive(source: str | os.PathLike[str] | IO[bytes]) -> zipfile.ZipFile:
    """``source`` opened as a zip whose every entry passed the checks of the module documentation.
    Raises :class:`UnsafeArchiveError` (nothing extracted) otherwise; the caller closes the archive."""
    try:
        archive = zipfile.ZipFile(source)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, EOFError) as exc:
        raise UnsafeArchiveError(_("{source} is not a readable zip archive ({error})").format(
            source=visible(getattr(source, "name", source)), error=exc)) from None
    try:
        infos = archive.infolist()
        if len(infos) > MAX_ENTRIES:
            raise UnsafeArchiveError(_("the archive has {n} entries, more than the {limit} a class's download can "
                                       "have; nothing was extracted").format(n=len(infos), limit=MAX_ENTRIES))
        seen: set[str] = set()
        for info in infos:
            _check_name(info.filename)
            key = info.filename.rstrip("/").casefold()
            if key in seen:
                raise _refuse(info.filename, _("appears twice"))
            seen.add(key)
            mode = info.external_attr >> 16
            if stat.S_IFMT(mode) and not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):   # 0: no type recorded
                kind = _("a symbolic link") if stat.S_ISLNK(mode) else _("not a regular file")
                raise _refuse(info.filename, _("is {kind}").format(kind=kind))
            if info.flag_bits & 0x1:
                raise _refuse(info.filename, _("is encrypted"))
    except BaseException:
        archive.close()
        raise
    return archive


def problem(info: zipfile.ZipInfo) -> str | None:
    """Why the student's entry ``info`` is not extracted (too large, a zip bomb), or ``None``."""
    if info.file_size > MAX_FILE_BYTES:
        return _("The file is larger than {mb} MB (nbgrader's limit too), far more than an exercise notebook; it was "
                 "not read.").format(mb=MAX_FILE_BYTES >> 20)
    if info.file_size > _RATIO_FLOOR and info.file_size > MAX_RATIO * max(info.compress_size, 1):
        return _("The file unpacks to more than {n}-fold its compressed size, as a zip bomb does; it was not "
                 "read.").format(n=MAX_RATIO)
    return None


def check_total(infos: list[zipfile.ZipInfo]) -> None:
    """Raise :class:`UnsafeArchiveError` when the entries to extract hold more than :data:`MAX_TOTAL_BYTES`."""
    total = sum(i.file_size for i in infos)
    if total > MAX_TOTAL_BYTES:
        raise UnsafeArchiveError(_("the archive's notebooks would unpack to {gb:.1f} GB, more than the {limit} GB "
                                   "a class's download can hold; nothing was extracted").format(
            gb=total / (1 << 30), limit=MAX_TOTAL_BYTES >> 30))


def extract(archive: zipfile.ZipFile, info: zipfile.ZipInfo, target: Path) -> None:
    """Write entry ``info`` to ``target`` (a new file; its folder is the grader's own), reading no more
    than the size the entry declares. Raises :class:`UnsafeArchiveError` when the entry is damaged or
    holds more than it declared (the partial file is removed)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(target, flags, 0o600)
    written = 0
    try:
        with os.fdopen(fd, "wb") as out, archive.open(info) as member:
            while chunk := member.read(min(_CHUNK, info.file_size - written + 1)):
                written += len(chunk)
                if written > info.file_size:
                    raise _refuse(info.filename, _("holds more than its header says"))
                out.write(chunk)
    except (zipfile.BadZipFile, EOFError, zlib.error, NotImplementedError) as exc:
        target.unlink(missing_ok=True)
        raise _refuse(info.filename, _("is damaged ({error})").format(error=visible(exc, 200))) from None
    except BaseException:
        target.unlink(missing_ok=True)
        raise
