"""Run one submission's cells, one after another, in this process, and report after each cell.
The grader starts it inside the sandbox (:mod:`bglearn.grading.sandbox`)::

    python -m bglearn.grading.runner < JOB.json

``JOB``: ``{"cells": [source, ...], "answers": N, "cell_seconds": s, "setup_seconds": s, "key": k}``
(the first cell, the grader's own setup, may take ``setup_seconds``: importing the engine on a busy
machine; ``key`` is a random word of this run). The cells run as plain Python in one shared namespace,
as in a notebook (IPython line magics and shell escapes, ``%...`` / ``!...``, are skipped;
``display()`` shows nothing). Every line this program writes to its report channel (its original
stdout; the cells' own stdout and stderr go to ``/dev/null``) is one JSON object carrying the run's
``key`` and its place ``n`` in the report:

- ``{"n": 0, "ready": true}`` once started;
- ``{"n": i + 1, "cell": i, "status": "ok" | "error" | "timeout" | "skipped", "error": text, "set": {...},
  "del": [...]}`` after cell ``i``: how it ended, and which of ``answer_1`` .. ``answer_N`` it set or
  deleted, each value encoded by :func:`bglearn.grading.codec.encode` (plain data only, size-bounded);
- ``{"n": len(cells) + 1, "done": true}`` at the end.

Scoring never happens here, and nothing here is trusted: the student's code runs in this very process
and can write to the channel too, so the grader (:mod:`bglearn.grading.execute`) believes a report only
when it is exactly this sequence, and even then takes from it nothing but that student's own answer
values, which it judges itself.

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

from .codec import encode
from .dataclass_cache import generated_code, load

__all__ = ["run", "main", "encode", "CellTimeout"]


class CellTimeout(BaseException):
    """Raised in a cell that runs past its time limit."""


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


def run(job: dict[str, Any], emit: Callable[[dict[str, Any]], None],
        setup_code: dict[str, types.CodeType] | None = None) -> None:
    """Run ``job``'s cells in order and ``emit`` the report of each (and the last line). ``setup_code``:
    the code the kit's dataclasses generate, compiled beforehand
    (:mod:`bglearn.grading.dataclass_cache`), lent to the first cell (the grader's setup) only."""
    cells = [s if isinstance(s, str) else "" for s in job.get("cells", [])]
    count = int(job.get("answers", 0))
    cell_seconds = float(job.get("cell_seconds", 10))
    setup_seconds = max(cell_seconds, float(job.get("setup_seconds", cell_seconds)))
    names = [f"answer_{n}" for n in range(1, count + 1)]
    if not hasattr(builtins, "exit"):   # started with -S: give the cells the exit()/quit() that site adds
        import _sitebuiltins

        for name in ("exit", "quit"):
            setattr(builtins, name, _sitebuiltins.Quitter(name, "Ctrl-D (i.e. EOF)"))
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
                    if i == 0 and setup_code:
                        with generated_code(setup_code):
                            exec(code, ns)
                    else:
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
        emit({"n": i + 1, "cell": i, "status": status, "error": error, "set": changed, "del": removed})
    emit({"n": len(cells) + 1, "done": True})


def main() -> int:
    job = json.loads(sys.stdin.read())
    sys.stdin.close()
    key = str(job.pop("key", ""))
    processes = int(job.get("processes", 0))
    if processes > 0:  # counted in the sandbox's own user namespace: this run's processes and threads only
        import resource

        resource.setrlimit(resource.RLIMIT_NPROC, (processes, processes))
    channel = os.fdopen(os.dup(1), "w", encoding="utf-8")
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    os.close(devnull)

    def emit(record: dict[str, Any]) -> None:
        channel.write(json.dumps({"key": key, **record}) + "\n")
        channel.flush()

    emit({"n": 0, "ready": True})
    run(job, emit, load())
    channel.close()
    return 0


if __name__ == "__main__":  # pragma: no cover
    # The report is complete and flushed: end at once, without the interpreter's teardown of every module
    # the cells imported (some 5-10 ms of a run's CPU), and without waiting for threads a cell started.
    os._exit(main())
