"""Run one submission's cells, one after another, in this process, and report after each cell.
The grader starts it inside the sandbox (:mod:`bglearn.grading.sandbox`)::

    python -m bglearn.grading.runner < JOB.json

``JOB``: ``{"cells": [source, ...], "answers": N, "cell_seconds": s, "setup_seconds": s}`` (the first
cell, the grader's own setup, may take ``setup_seconds``: importing the engine on a busy machine). The cells run as plain Python in
one shared namespace, as in a notebook (IPython line magics and shell escapes, ``%...`` / ``!...``, are
skipped; ``display()`` shows nothing). Every line this program writes to its result channel (its
original stdout; the cells' own output is discarded) is one JSON object:

- ``{"ready": true}`` once started;
- ``{"cell": i, "status": "ok" | "error" | "timeout" | "skipped", "error": text, "set": {...}, "del": [...]}``
  after cell ``i``: how it ended, and which of ``answer_1`` .. ``answer_N`` it set or deleted, each
  value encoded by :func:`encode` (plain data only, size-bounded);
- ``{"done": true}`` at the end.

Scoring never happens here, and nothing here is trusted: the grader decodes and checks every line.

>>> from bglearn import RED
>>> from bglearn.grading.runner import encode
>>> encode([6, 8]), encode(RED)
({'v': {'list': [6, 8]}}, {'v': {'player': 1}})
"""

from __future__ import annotations

import builtins
import json
import os
import signal
import sys
import types
from typing import Any, Callable, NoReturn

MAX_NODES = 2000
"""At most this many values (items, keys, characters/64) in one answer; a real answer has a few dozen."""
MAX_CHARS = 20000
"""At most this many characters of text in one answer."""
MAX_DEPTH = 8


class CellTimeout(BaseException):
    """Raised in a cell that runs past its time limit."""


class _TooLarge(Exception):
    pass


class _Unsupported(Exception):
    pass


# Containers read through their base type's own methods (a subclass cannot lie about its items).
_CONTAINERS: tuple[tuple[str, Any], ...] = (("list", list), ("tuple", tuple), ("set", set), ("set", frozenset))


def _player_type() -> Any:
    module = sys.modules.get("bglearn.position")
    return getattr(module, "Player", None) if module is not None else None


def encode(value: Any) -> dict[str, Any]:
    """``value`` as tagged JSON the grader decodes into the same Python value:
    ``{"v": data}``, ``{"too_large": true}`` or ``{"unsupported": type name}``. Data: ``null``,
    ``true``/``false``, numbers, strings, and ``{"list"|"tuple"|"set": [...]}``,
    ``{"dict": [[k, v], ...]}``, ``{"player": 0|1}`` (``bglearn.WHITE`` / ``RED``). Subclasses of
    ``str``/``int``/``float``/``list``... are read as their base type, as ``check()`` reads them."""
    budget = {"nodes": MAX_NODES, "chars": MAX_CHARS}
    player = _player_type()

    def spend(nodes: int, chars: int = 0) -> None:
        budget["nodes"] -= nodes
        budget["chars"] -= chars
        if budget["nodes"] < 0 or budget["chars"] < 0:
            raise _TooLarge

    def enc(v: Any, depth: int) -> Any:
        if depth > MAX_DEPTH:
            raise _TooLarge
        spend(1)
        if v is None or v is True or v is False:
            return v
        if player is not None and isinstance(v, player):
            return {"player": int.__int__(v)}
        if isinstance(v, bool):
            return bool.__bool__(v)
        if isinstance(v, int):
            n = int.__int__(v)
            spend(0, 1 + n.bit_length() // 3)
            return n if abs(n) < 2 ** 53 else {"int": str(n)}
        if isinstance(v, float):
            x = float.__float__(v)
            return x if x == x and x not in (float("inf"), float("-inf")) else {"float": repr(x)}
        if isinstance(v, str):
            s = str.__str__(v)
            spend(len(s) // 64, len(s))
            return s
        for kind, base in _CONTAINERS:
            if isinstance(v, base):
                spend(base.__len__(v))
                return {kind: [enc(item, depth + 1) for item in base.__iter__(v)]}
        if isinstance(v, dict):
            spend(dict.__len__(v))
            return {"dict": [[enc(k, depth + 1), enc(val, depth + 1)] for k, val in dict.items(v)]}
        raise _Unsupported(type(v).__name__)

    try:
        return {"v": enc(value, 0)}
    except _TooLarge:
        return {"too_large": True}
    except _Unsupported as exc:
        return {"unsupported": str(exc)[:80]}
    except RecursionError:
        return {"too_large": True}
    except Exception as exc:  # a value that changes while read, a hostile __len__ ...
        return {"unsupported": type(exc).__name__}


def _without_magics(source: str) -> str | None:
    """``source`` with IPython line magics and shell escapes replaced by ``pass``; ``None`` for a
    cell magic other than ``%%time``/``%%timeit``/``%%capture`` (such a cell is not Python)."""
    lines = source.splitlines()
    if lines and lines[0].lstrip().startswith("%%"):
        name = lines[0].lstrip()[2:].split(" ")[0]
        if name not in ("time", "timeit", "capture"):
            return None
        lines = lines[1:]
    out = []
    for line in lines:
        stripped = line.lstrip()
        if stripped.startswith(("%", "!")):
            line = line[: len(line) - len(stripped)] + "pass"
        out.append(line)
    return "\n".join(out)


def _describe(exc: BaseException) -> str:
    try:
        text = f"{type(exc).__name__}: {exc}"
    except BaseException:  # an exception whose text cannot be made
        text = type(exc).__name__
    return text[:300]


def _display(*objs: Any, **kwargs: Any) -> None:
    """What ``display()`` does while grading: nothing (outputs are not kept)."""
    return None


def run(job: dict[str, Any], emit: Callable[[dict[str, Any]], None]) -> None:
    cells = [s if isinstance(s, str) else "" for s in job.get("cells", [])]
    count = int(job.get("answers", 0))
    cell_seconds = float(job.get("cell_seconds", 10))
    setup_seconds = max(cell_seconds, float(job.get("setup_seconds", cell_seconds)))
    names = [f"answer_{n}" for n in range(1, count + 1)]
    main = types.ModuleType("__main__")
    main.__dict__.update(__builtins__=builtins, display=_display)
    sys.modules["__main__"] = main
    ns = main.__dict__
    sent: dict[str, str] = {}

    def on_alarm(signum: int, frame: object) -> NoReturn:
        raise CellTimeout

    for i, source in enumerate(cells):
        status, error = "ok", None
        code_text = _without_magics(source)
        if code_text is None:
            status, error = "skipped", "a cell magic (%%...) is not Python; the cell was not run"
        else:
            signal.signal(signal.SIGALRM, on_alarm)
            try:
                code = compile(code_text, f"<cell {i}>", "exec")
                signal.setitimer(signal.ITIMER_REAL, setup_seconds if i == 0 else cell_seconds)
                try:
                    exec(code, ns)
                finally:
                    signal.setitimer(signal.ITIMER_REAL, 0)
            except CellTimeout:
                limit = setup_seconds if i == 0 else cell_seconds
                status, error = "timeout", f"ran past its {limit:g} s time limit and was interrupted"
            except BaseException as exc:  # SystemExit and KeyboardInterrupt too: the notebook goes on
                status, error = "error", _describe(exc)
        changed, removed = {}, []
        for name in names:
            if name in ns:
                value = encode(ns[name])
                text = json.dumps(value)
                if sent.get(name) != text:
                    sent[name] = text
                    changed[name] = value
            elif name in sent:
                del sent[name]
                removed.append(name)
        emit({"cell": i, "status": status, "error": error, "set": changed, "del": removed})
    emit({"done": True})


def main() -> int:
    job = json.loads(sys.stdin.read())
    sys.stdin.close()
    channel = os.fdopen(os.dup(1), "w", encoding="utf-8")
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    os.close(devnull)

    def emit(record: dict[str, Any]) -> None:
        channel.write(json.dumps(record) + "\n")
        channel.flush()

    emit({"ready": True})
    run(job, emit)
    channel.close()
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
