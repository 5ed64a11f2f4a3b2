"""A cgroup v2 of its own for one sandboxed run, where the machine delegates cgroups to the grader.

The sandbox (:mod:`bglearn.grading.sandbox`) watches a run's processes, memory and files from outside
every 0.1 s and stops it when it passes a limit; between two looks a run can pass the limits a little.
Where the grading user may make cgroups (a unified, v2 hierarchy, with the ``memory`` and ``pids``
controllers enabled for the children of the grader's own group), each run also gets a group whose
``memory.max`` and ``pids.max`` the kernel enforces at once — set a little above the watched limits,
so the watch still stops a run with its own note and the group is the ceiling no poll interval can
pass. Elsewhere (cgroup v1 or hybrid machines, no delegation) :func:`parent` is ``None`` and the watch
alone holds; the README says what that bounds.

>>> from pathlib import Path
>>> from bglearn.grading.cgroup import parent
>>> parent(Path("/nonexistent"))   # no cgroup v2 hierarchy there
"""

from __future__ import annotations

import os
import secrets
import time
from pathlib import Path

__all__ = ["ROOT", "parent", "RunGroup", "MEMORY_MARGIN", "PROCESS_MARGIN"]

ROOT = Path("/sys/fs/cgroup")
MEMORY_MARGIN = 64 << 20
"""``memory.max`` is the run's memory limit plus this (the watch normally stops a run first)."""
PROCESS_MARGIN = 16
"""``pids.max`` is the run's process limit plus this."""


def parent(root: Path = ROOT, own: str | None = None) -> Path | None:
    """The cgroup v2 folder in which each run can get a group of its own, or ``None``: it needs a
    unified hierarchy at ``root``, the ``memory`` and ``pids`` controllers enabled for the children of
    the grader's own group (``own``: the text of ``/proc/self/cgroup``), and write access there."""
    if not (root / "cgroup.controllers").is_file():
        return None
    try:
        text = own if own is not None else Path("/proc/self/cgroup").read_text()
    except OSError:
        return None
    relative = next((line[3:].strip() for line in text.splitlines() if line.startswith("0::")), None)
    if relative is None:
        return None
    here = root / relative.lstrip("/")
    try:
        enabled = set((here / "cgroup.subtree_control").read_text().split())
    except OSError:
        return None
    if not {"memory", "pids"} <= enabled or not os.access(here, os.W_OK | os.X_OK) \
            or not os.access(here / "cgroup.procs", os.W_OK):   # moving a process needs the common ancestor's
        return None
    return here


class RunGroup:
    """One run's cgroup under ``base``: made with its limits by :meth:`make`, joined by the run's first
    process (:attr:`procs`, written between fork and exec), read (:meth:`oom_killed`) and removed
    (:meth:`close`) when the run ends."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.procs = str(path / "cgroup.procs")

    @classmethod
    def make(cls, base: Path, memory_bytes: int, processes: int) -> "RunGroup | None":
        """A new group with ``memory.max``, ``memory.swap.max`` (0) and ``pids.max`` set, or ``None``
        when it cannot be made (the run then goes on without it)."""
        path = base / f"bglearn-run-{os.getpid()}-{secrets.token_hex(4)}"
        try:
            path.mkdir()
        except OSError:
            return None
        group = cls(path)
        try:
            (path / "memory.max").write_text(f"{memory_bytes + MEMORY_MARGIN}\n")
            (path / "pids.max").write_text(f"{processes + PROCESS_MARGIN}\n")
        except OSError:
            group.close()
            return None
        try:
            (path / "memory.swap.max").write_text("0\n")
        except OSError:   # no swap accounting here: nothing to limit
            pass
        return group

    def oom_killed(self) -> bool:
        """Whether the kernel killed a process of the run for passing ``memory.max``."""
        try:
            events = (self.path / "memory.events").read_text().split()
        except OSError:
            return False
        counts = dict(zip(events[::2], events[1::2]))
        return counts.get("oom_kill", "0") not in ("0", "")

    def close(self) -> None:
        """Kill whatever is still in the group and remove it (quietly: the run's result stands)."""
        try:
            (self.path / "cgroup.kill").write_text("1\n")
        except OSError:
            pass
        for _ in range(50):   # the killed processes leave the group within milliseconds
            try:
                self.path.rmdir()
                return
            except FileNotFoundError:
                return
            except OSError:
                time.sleep(0.01)
