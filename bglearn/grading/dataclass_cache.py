"""The code the kit's dataclasses generate, compiled once, for the sandboxed runs' imports.

Each ``@dataclass`` writes its ``__init__``, ``__repr__``, ``__eq__``... as Python source and compiles it
while its module is imported: the exercise machinery's 30 dataclasses spend about 20 ms of a run's
60 ms of imports in the compiler, for every submission graded, to make the same code each time.
This module keeps that code, compiled, in a file beside the kit's own bytecode, and a run's setup
uses it instead of compiling again:

- :func:`ensure` (the grader's side, once per process, like :func:`~bglearn.grading.sandbox.precompile`)
  brings the file up to date where this user may write it: a fresh Python imports the modules a
  handout's setup cell imports, records every source ``dataclasses`` compiles, and writes it with
  ``marshal`` (the format of the kit's ``.pyc`` files), stamped with this Python's bytecode magic;
- :func:`generated_code` (the run's side, :mod:`bglearn.grading.runner`) lends ``dataclasses`` a
  compiler that takes the code of a source it knows from the file, until the setup cell has run.

Nothing here changes what runs: a code object is looked up by the exact source it was compiled from
(and compiled as ``dataclasses`` compiles it), a source not in the file is compiled as usual, and a
missing, stale, unreadable or foreign file means only that everything is compiled as before. In the
sandbox the file is read-only, like the rest of the kit.

>>> from bglearn.grading.dataclass_cache import compiled
>>> code = compiled("def f(x):\\n return x")
>>> code == compile("def f(x):\\n return x", "<string>", "exec", dont_inherit=True)
True
"""

from __future__ import annotations

import builtins
import contextlib
import marshal
import os
import sys
from importlib.util import MAGIC_NUMBER
from pathlib import Path
from types import CodeType
from typing import Any, Iterator

__all__ = ["CACHE_FILE", "SETUP_MODULES", "compiled", "ensure", "generated_code", "load", "record"]

CACHE_FILE = Path(__file__).resolve().parent / "__pycache__" / f"dataclass-code.{sys.implementation.cache_tag}.bin"
"""Where the compiled code is kept: beside this package's bytecode (mounted read-only in the sandbox)."""

SETUP_MODULES = ("bglearn.grading.runner", "bglearn.exercises.handout", "bglearn.exercises.session",
                 "bglearn.exercises.questions")
"""What a handout's setup cell imports (an assessment handout the first two, a practice one all)."""

_PACKAGE = Path(__file__).resolve().parents[1]


def compiled(source: str) -> CodeType:
    """``source`` compiled exactly as ``dataclasses`` compiles what it generates (``exec`` of a string
    in a module without ``__future__`` imports)."""
    return compile(source, "<string>", "exec", dont_inherit=True)


def load(path: Path = CACHE_FILE) -> dict[str, CodeType]:
    """The kept code by source, or ``{}`` when the file is missing, unreadable, damaged or written by
    another Python (then everything is compiled as usual)."""
    try:
        data = path.read_bytes()
        if not data.startswith(MAGIC_NUMBER):
            return {}
        table = marshal.loads(data[len(MAGIC_NUMBER):])
    except (OSError, ValueError, EOFError, TypeError):
        return {}
    if not isinstance(table, dict):
        return {}
    return {k: v for k, v in table.items() if isinstance(k, str) and isinstance(v, CodeType)}


@contextlib.contextmanager
def generated_code(table: dict[str, CodeType], *, keep_new: bool = False) -> Iterator[dict[str, CodeType]]:
    """While inside, the code ``dataclasses`` generates for a source in ``table`` is taken from it
    instead of being compiled again; with ``keep_new``, what it compiles is added to ``table``."""
    import dataclasses

    def exec_known(source: Any, globals: Any = None, locals: Any = None) -> None:
        if isinstance(source, str):
            code = table.get(source)
            if code is None:
                code = compiled(source)
                if keep_new:
                    table[source] = code
            source = code
        builtins.exec(source, globals, locals)

    had = "exec" in vars(dataclasses)
    old = vars(dataclasses).get("exec")
    setattr(dataclasses, "exec", exec_known)   # the name dataclasses' generated methods are compiled by
    try:
        yield table
    finally:
        if had:
            setattr(dataclasses, "exec", old)
        else:
            delattr(dataclasses, "exec")


def record(path: Path, modules: tuple[str, ...] = SETUP_MODULES) -> int:
    """Import ``modules`` (in a Python that has not imported them yet), keeping the code their
    dataclasses generate, and write it to ``path`` (atomically); the number of sources kept."""
    import tempfile

    table: dict[str, CodeType] = {}
    with generated_code(table, keep_new=True):
        for name in modules:
            __import__(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", dir=path.parent)
    try:
        os.fchmod(fd, 0o644)   # readable like the kit's bytecode (a sandboxed run is another user)
        with os.fdopen(fd, "wb") as fh:
            fh.write(MAGIC_NUMBER + marshal.dumps(table))
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return len(table)


def _newest_source() -> float:
    newest = 0.0
    for folder, _dirs, files in os.walk(_PACKAGE):
        for name in files:
            if name.endswith(".py"):
                with contextlib.suppress(OSError):
                    newest = max(newest, os.stat(os.path.join(folder, name)).st_mtime)
    return newest


def ensure(python: str, python_path: str, path: Path = CACHE_FILE) -> bool:
    """Bring the file at ``path`` up to date (write it again when the kit's sources are newer), with a
    fresh ``python`` (its ``PYTHONPATH`` ``python_path``); True when it is up to date now. False where
    it cannot be written (a read-only installation) or made: runs then compile as before."""
    import subprocess

    try:
        if path.stat().st_mtime >= _newest_source() and load(path):
            return True
    except OSError:
        pass
    env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PYTHONHASHSEED": "0",
           "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": python_path}
    try:
        done = subprocess.run([python, "-S", "-s", "-B", "-m", __name__, str(path)], env=env, timeout=120,
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


if __name__ == "__main__":  # pragma: no cover - run by ensure() in a fresh process
    try:
        record(Path(sys.argv[1]))
    except OSError:
        sys.exit(1)
