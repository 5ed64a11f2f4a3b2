"""Reading one submitted notebook without trusting it.

The grader never runs the submission's read-only cells (setup, questions, diagrams, checks): it
compares them with the notebook regenerated for that student, notes any that were edited or deleted,
and runs only the trusted setup code followed by the student's own cells (the answer cells and any
cells they added). It also reads every ``answer_<n> = <literal>`` statically, so answers can still be
scored when the run crashes or hangs, and the answers given with widgets
(:func:`bglearn.exercises.answers.saved_answers`). Notebooks in nbformat 3 are converted to 4 first.

>>> from bglearn.grading.submission import static_answers
>>> static_answers("answer_1 = [6, 8]\\nanswer_2 = open('x').read()\\n")   # literals only, nothing runs
{1: [6, 8]}
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass, field
from typing import Any

from ..exercises import Exercise
from ..exercises.notebook import expected_cells, setup_source

__all__ = ["Plan", "analyse", "static_answers", "strip_outputs", "MAX_STATIC_CHARS"]

MAX_STATIC_CHARS = 100_000
"""Cells longer than this are not read for plain-value answers (they still run)."""

_ANSWER = re.compile(r"^answer_([0-9]+)$")
_TAMPER = re.compile(
    r"(\b(check|show|ex|load_exercise)\s*=(?!=))|(\bdef\s+(check|show)\b)|(bglearn\s*\.\s*(exercises|grading))"
    r"|(\bfrom\s+bglearn\.(exercises|grading))|(sys\s*\.\s*modules)|(builtins)"
)


@dataclass
class Plan:
    """What the grader will do with one submission."""

    readable: bool
    notes: list[str] = field(default_factory=list)
    cells: list[str] = field(default_factory=list)        # sources to execute, in order
    labels: list[str] = field(default_factory=list)       # what each executed cell is
    static: dict[int, Any] = field(default_factory=dict)  # answers read from the text
    saved: dict[int, Any] = field(default_factory=dict)   # answers given with widgets, as saved
    tampered: bool = False


WITHOUT_FORMS = """

def ask(*args, **kwargs):
    # While grading no answer form is shown: the answers given with the forms are read from the file.
    return None
"""
"""Appended to the grader's copy of the setup cell: the answer cells' ``ask(n)`` calls show the
answer form, which grading does not need (it would only cost the import of the widget library)."""


def _source(cell: dict[str, Any]) -> str:
    src = cell.get("source", "")
    if isinstance(src, list):
        src = "".join(s for s in src if isinstance(s, str))
    return src if isinstance(src, str) else ""


def _norm(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.strip().splitlines())


def _grade_id(cell: dict[str, Any]) -> str | None:
    meta = cell.get("metadata")
    if not isinstance(meta, dict):
        return None
    nbg = meta.get("nbgrader")
    grade_id = nbg.get("grade_id") if isinstance(nbg, dict) else None
    return grade_id if isinstance(grade_id, str) else None


def static_answers(source: str) -> dict[int, Any]:
    """``{n: value}`` for each top-level ``answer_<n> = <plain literal>`` in ``source`` (the last wins).
    Lines of IPython magic (``%``, ``!``) are ignored; code that does not parse gives nothing."""
    if len(source) > MAX_STATIC_CHARS:
        return {}
    lines = [("" if line.lstrip().startswith(("%", "!")) else line) for line in source.splitlines()]
    try:
        tree = ast.parse("\n".join(lines))
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return {}
    found: dict[int, Any] = {}
    for node in tree.body:
        targets: list[ast.expr] = []
        value: ast.expr | None = None
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        for t in targets:
            if value is not None and isinstance(t, ast.Name) and _ANSWER.match(t.id):
                try:
                    found[int(t.id[7:])] = ast.literal_eval(value)
                except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                    found.pop(int(t.id[7:]), None)
    return found


def _what(gid: str) -> str:
    role, _, n = gid.partition("_")
    return {
        "question": f"the text of question {n}",
        "diagram": f"the diagram cell of question {n}",
        "check": f"the check cell of question {n}",
        "setup": "the setup cell",
        "summary": "the summary cell",
        "intro": "the introduction",
    }.get(role, f"cell {gid}")


def _upgrade(data: dict[str, Any]) -> Any:
    """An nbformat 3 notebook (cells inside ``worksheets``) converted to nbformat 4; ``data`` itself
    when it cannot be converted (the caller then finds no cells)."""
    import nbformat

    try:
        return nbformat.reads(json.dumps(data), as_version=4)
    except Exception:  # nbformat raises many kinds of error for malformed old notebooks
        return data


def strip_outputs(data: Any) -> None:
    """Drop from a parsed notebook what grading never reads: the cells' attachments and every output
    but the answer widgets' saved answers (a pasted screenshot can make a notebook 50 MB)."""
    from ..exercises.answers import ANSWER_MIME

    cells = data.get("cells") if isinstance(data, dict) else None
    for cell in cells if isinstance(cells, list) else ():
        if not isinstance(cell, dict):
            continue
        cell.pop("attachments", None)
        outputs = cell.get("outputs")
        if isinstance(outputs, list):
            cell["outputs"] = [o for o in outputs if isinstance(o, dict) and isinstance(o.get("data"), dict)
                               and ANSWER_MIME in o["data"]]


def analyse(raw: bytes, ex: Exercise) -> Plan:
    """Read a submission's bytes against the notebook regenerated for its student (outputs and
    attachments are dropped first: :func:`strip_outputs`)."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return Plan(False, ["The file is not UTF-8 text, so it is not a notebook; no answers could be read."])
    except ValueError as exc:
        return Plan(False, [f"The file is not valid notebook JSON ({exc}); no answers could be read."])
    except RecursionError:
        return Plan(False, ["The file is nested too deeply to be a notebook; no answers could be read."])
    if isinstance(data, dict) and "worksheets" in data and "cells" not in data:
        data = _upgrade(data)
    strip_outputs(data)
    cells = data.get("cells") if isinstance(data, dict) else None
    if not isinstance(cells, list):
        return Plan(False, ["The file is JSON but not a notebook (it has no list of cells); no answers could be read."])
    from ..exercises.answers import saved_answers

    expected = expected_cells(ex)
    locked = {gid for gid, c in expected.items() if not c.metadata["nbgrader"]["solution"]}
    plan = Plan(True)
    plan.saved = saved_answers(data)
    meta = data.get("metadata") if isinstance(data.get("metadata"), dict) else {}
    owner = meta.get("bglearn", {}).get("student") if isinstance(meta.get("bglearn"), dict) else None
    if isinstance(owner, str) and ex.student and owner != ex.student:
        plan.notes.append(f"This notebook is the handout of {owner[:64]!r}, not of {ex.student!r} (copied?); its "
                          f"answers were checked against {ex.student!r}'s own questions.")
    setup = expected.get("setup")   # the handout's own setup cell (its source is setup_source(ex), made once)
    plan.cells.append((setup.source if setup is not None else setup_source(ex)) + WITHOUT_FORMS)
    plan.labels.append("setup (the original)")
    seen: set[str] = set()
    edited: list[str] = []
    added = 0
    for pos, cell in enumerate(cells, start=1):
        if not isinstance(cell, dict):
            continue
        gid = _grade_id(cell)
        src = _source(cell)
        if gid in locked:
            seen.add(gid)
            want = expected[gid]
            if cell.get("cell_type") != want.cell_type or _norm(src) != _norm(want.source):
                edited.append(gid)
            continue  # read-only cells never run: the original is used instead
        if cell.get("cell_type") != "code":
            continue
        if gid is not None and _ANSWER.match(gid):
            seen.add(gid)
            label = f"the answer cell of question {gid[7:]}"
        else:
            added += 1
            label = f"an added cell (cell {pos})"
        plan.cells.append(src)
        plan.labels.append(label)
        for n, value in static_answers(src).items():
            plan.static[n] = value
        if _TAMPER.search(src):
            plan.tampered = True
    missing_locked = [gid for gid in expected if gid in locked and gid not in seen]
    missing_answers = [gid for gid in expected if gid not in locked and gid not in seen]
    if edited:
        plan.notes.append("Edited read-only cells (the originals were used; edits have no effect on grading): "
                          + ", ".join(_what(g) for g in edited) + ".")
    if missing_locked:
        plan.notes.append("Deleted read-only cells (the questions are regenerated, so grading is unaffected): "
                          + ", ".join(_what(g) for g in missing_locked) + ".")
    if missing_answers:
        plan.notes.append("Deleted answer cells: " + ", ".join(f"question {g[7:]}" for g in missing_answers)
                          + " (an answer is still read if another cell assigns it).")
    if plan.tampered:
        plan.notes.append("The submission's own code redefines or reaches into the checking code; that has no "
                          "effect: answers are scored outside the notebook by the rules engine.")
    if added:
        plan.notes.append(f"{added} added code cell{'s' if added != 1 else ''} ran with the answers.")
    return plan
