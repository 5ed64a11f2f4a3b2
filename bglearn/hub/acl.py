"""POSIX access control lists (ACLs), set without root and without the ``setfacl`` program.

The owner of a file may give named users access to it; that is how the teacher of a JupyterHub class
(an ordinary user) lets each student read their own handout and nothing else. The ACL is written as the
kernel's ``system.posix_acl_access`` extended attribute (the format of ``linux/posix_acl_xattr.h``):
a version number, then one ``(tag, permissions, id)`` entry per rule, sorted by tag and id.

>>> from bglearn.hub.acl import acl_bytes, R, X
>>> acl_bytes(owner=R | X, users={1001: R | X}).hex()
'0200000001000500ffffffff02000500e903000004000000ffffffff10000500ffffffff20000000ffffffff'
"""

from __future__ import annotations

import errno
import os
import struct
from pathlib import Path
from typing import Mapping

from ..errors import BglearnError
from ..i18n import _

__all__ = ["R", "W", "X", "acl_bytes", "set_acl", "AclUnsupportedError"]

R, W, X = 4, 2, 1
"""Permission bits of one ACL entry."""

_XATTR = "system.posix_acl_access"
_VERSION = 2
_USER_OBJ, _USER, _GROUP_OBJ, _MASK, _OTHER = 0x01, 0x02, 0x04, 0x10, 0x20
_NO_ID = 0xFFFFFFFF


class AclUnsupportedError(BglearnError):
    """The file system of the exchange keeps no access control lists."""


def acl_bytes(owner: int, users: Mapping[int, int]) -> bytes:
    """The extended attribute for: the owner has ``owner`` permissions, each uid in ``users`` its own,
    the owner's group and everyone else nothing."""
    mask = 0
    for perm in users.values():
        mask |= perm
    entries = [(_USER_OBJ, owner, _NO_ID)]
    entries += [(_USER, users[uid], uid) for uid in sorted(users)]
    entries += [(_GROUP_OBJ, 0, _NO_ID)]
    if users:
        entries.append((_MASK, mask, _NO_ID))
    entries.append((_OTHER, 0, _NO_ID))
    return struct.pack("<I", _VERSION) + b"".join(struct.pack("<HHI", *e) for e in entries)


def set_acl(target: int | Path, owner: int, users: Mapping[int, int]) -> None:
    """Give ``target`` (an open file descriptor, or a path that is not followed if it is a link) the
    ACL of :func:`acl_bytes`. Raises :class:`AclUnsupportedError` where the file system has no ACLs."""
    data = acl_bytes(owner, users)
    try:
        if isinstance(target, int):
            os.setxattr(target, _XATTR, data)
        else:
            os.setxattr(target, _XATTR, data, follow_symlinks=False)
    except OSError as exc:
        if exc.errno in (errno.ENOTSUP, errno.EOPNOTSUPP):
            raise AclUnsupportedError(_(
                "the exchange folder is on a file system without access control lists (ACLs), so each "
                "student's files cannot be kept from the others: put the exchange on ext4, XFS or Btrfs")) from None
        raise
