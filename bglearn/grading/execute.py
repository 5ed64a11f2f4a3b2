"""Step 3 of grading: run one submission's cells in its sandbox and read back what the run reports.

Threat model. The student's code runs in the same process as the runner (:mod:`bglearn.grading.runner`)
that reports on it, inside the sandbox (:mod:`bglearn.grading.sandbox`). That code can do anything the
runner can: read its memory (the run's random ``key`` included), write any bytes to the report channel
(its file descriptor is in the same process), write to stdout/stderr and fds 1 and 2 (those lead to
``/dev/null``), end the process, or stop reporting. So nothing the run reports is a verdict, and the
design makes sure a forged report can at most change *that student's own answers*:

- the run hands back only the values of ``answer_1`` .. ``answer_N`` (bounded, typed plain data,
  :mod:`bglearn.grading.codec`) and how each cell ended; the grader judges the values in its own
  process against its own copy of the questions (:mod:`bglearn.grading.score`), which the run never
  sees; the run learns nothing of other students and cannot reach their files, the manifest or the
  grade sheet (the sandbox has no view of them);
- a report is believed only when it is exactly the runner's sequence: every line valid JSON with the
  run's key, numbered 0, 1, 2 ... in order, one line per cell, ``ready`` first and ``done`` last, nothing
  else. Any extra, missing, duplicated, reordered or ill-formed line means something else wrote to the
  channel: the report is then not believed at all (its answers are dropped, the answers written as
  plain values in the notebook text are scored instead) and the student's feedback says so;
- a well-formed forgery (one that read the key from memory) can only claim answer values, exactly what
  the same code could have assigned to ``answer_<n>`` itself.

>>> from bglearn.grading.execute import read_report
>>> lines = [b'{"key": "k", "n": 0, "ready": true}', b'{"key": "k", "n": 1, "cell": 0, "status": "ok", '
...          b'"error": null, "set": {"answer_1": {"v": 3}}, "del": []}', b'{"key": "k", "n": 2, "done": true}']
>>> run = read_report(lines, "k", cells=1, count=1)
>>> run.believed, run.finished, run.answers
(True, True, {'answer_1': {'v': 3}})
>>> read_report(lines[:2] + [lines[1]] + lines[2:], "k", cells=1, count=1).believed   # a line twice
False
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import sandbox
from .submission import Plan

__all__ = ["Run", "execute", "read_report", "GRACE_SECONDS", "SETUP_SECONDS"]

GRACE_SECONDS = 3.0
"""Added to the cell time limit before a cell that ignores its interrupt is stopped from outside."""
SETUP_SECONDS = 30.0
"""The time limit of the grader's own setup cell (it imports the engine; slow on a busy machine)."""
_STATUSES = ("ok", "error", "timeout", "skipped")


@dataclass
class Run:
    """What the grader learnt from one run, every line decoded and checked."""

    cells: dict[int, dict[str, Any]] = field(default_factory=dict)   # index -> {"status", "error"}
    answers: dict[str, Any] = field(default_factory=dict)  # "answer_<n>" -> encoded value
    started: bool = False
    finished: bool = False
    believed: bool = True   # False: lines the runner did not write were found; nothing of the report is used
    outcome: sandbox.Outcome | None = None


def read_report(lines: list[bytes], key: str, cells: int, count: int) -> Run:
    """The run as its report lines tell it, if they are exactly the runner's sequence (see the module
    documentation); else a run with ``believed`` False and nothing in it."""
    run = Run()
    names = {f"answer_{n}" for n in range(1, count + 1)}
    for expected, line in enumerate(lines):
        try:
            record = json.loads(line)
        except (ValueError, RecursionError):
            return Run(believed=False)
        if not isinstance(record, dict) or record.get("key") != key or record.get("n") != expected \
                or run.finished:
            return Run(believed=False)
        if expected == 0:
            if set(record) != {"key", "n", "ready"} or record["ready"] is not True:
                return Run(believed=False)
            run.started = True
        elif expected == cells + 1:
            if set(record) != {"key", "n", "done"} or record["done"] is not True:
                return Run(believed=False)
            run.finished = True
        elif not _read_cell(record, expected - 1, names, run):
            return Run(believed=False)
    return run


def _read_cell(record: dict[str, Any], i: int, names: set[str], run: Run) -> bool:
    """Add cell ``i``'s report to ``run``; False when it is not exactly what the runner writes."""
    if set(record) != {"key", "n", "cell", "status", "error", "set", "del"} or record["cell"] != i:
        return False
    status, error, changed, removed = record["status"], record["error"], record["set"], record["del"]
    if status not in _STATUSES or not (error is None or isinstance(error, str)) or not isinstance(changed, dict) \
            or not isinstance(removed, list) or not set(changed) <= names or not set(removed) <= names \
            or set(changed) & set(removed):
        return False
    run.cells[i] = {"status": status, "error": (error or "")[:300]}
    run.answers.update(changed)
    for name in removed:
        run.answers.pop(name, None)
    return True


def execute(plan: Plan, count: int, limits: sandbox.Limits, cell_timeout: float, use_sandbox: bool,
            scratch: Path) -> Run:
    """Run ``plan``'s cells in a sandbox (or, with ``use_sandbox`` False, a plain process) and read the
    report of its ``count`` answers."""
    key = secrets.token_hex(16)
    job = json.dumps({"cells": plan.cells, "answers": count, "cell_seconds": cell_timeout, "key": key,
                      "setup_seconds": limits.warmup_seconds - GRACE_SECONDS,
                      "processes": limits.processes if use_sandbox else 0}).encode()
    last = f'"n": {len(plan.cells) + 1}, "done": true'.encode()
    outcome = sandbox.run(["-m", "bglearn.grading.runner"], job, limits, sandbox=use_sandbox, scratch=scratch,
                          until=lambda line: line.endswith(last + b"}"))
    run = read_report(outcome.lines, key, len(plan.cells), count)
    run.outcome = outcome
    return run
