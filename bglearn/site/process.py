"""How the website build fails and how it runs the tools it needs (pip, npm, jupyter lite, node).

Every failure of the build is a :class:`SiteError` whose message says what is missing or wrong; a tool
that fails becomes one with the tail of its output. :func:`runner` makes the function that runs a tool
and keeps what it printed in a log.

>>> log: list[str] = []
>>> run = runner(log)
>>> import sys
>>> run([sys.executable, "-c", "print('hello')"], cwd=".", what="a greeting").stdout
'hello\\n'
>>> run([sys.executable, "-c", "raise SystemExit(3)"], cwd=".", what="a failing tool")
Traceback (most recent call last):
...
bglearn.site.process.SiteError: a failing tool failed (exit 3):
<BLANKLINE>
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Protocol

from ..errors import BglearnError

__all__ = ["Run", "SiteError", "runner"]


class SiteError(BglearnError):
    """The site cannot be built as asked; the message says what is missing or wrong."""


class Run(Protocol):
    """Runs one tool of the build: ``run(cmd, cwd=..., what="building the kit's wheel")``; raises
    :class:`SiteError` naming ``what`` and the end of the tool's output when it fails."""

    def __call__(self, cmd: list[str], *, cwd: str | Path, what: str,
                 env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]: ...


def runner(log: list[str]) -> Run:
    """A :class:`Run` that appends each command and its output to ``log``."""

    def run(cmd: list[str], *, cwd: str | Path, what: str,
            env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
        proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
        log.append(f"$ {' '.join(map(str, cmd))}\n{proc.stdout}{proc.stderr}")
        if proc.returncode != 0:
            tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-15:])
            raise SiteError(f"{what} failed (exit {proc.returncode}):\n{tail}")
        return proc

    return run
