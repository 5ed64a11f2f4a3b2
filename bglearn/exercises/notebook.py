"""The exercise notebook writer: one notebook per exercise variant, with nbgrader cell metadata.

Layout (every cell carries ``metadata.nbgrader``, schema 3, with a unique ``grade_id``):

==================  ===========  =======================================================
grade_id            cell         nbgrader role
==================  ===========  =======================================================
``intro``           markdown     read-only (``locked``)
``setup``           code         read-only: ``ex = load_exercise(name, seed, student)``
``question_<n>``    markdown     read-only: the task
``diagram_<n>``     code         read-only: ``show(n)`` (the diagram, also stored as output)
``answer_<n>``      code         answer cell (``solution``): ``answer_<n> = None``
``check_<n>``       code         test cell (``grade``, ``points``): ``check(n)`` — its value is
                                 the points earned, which nbgrader reads as partial credit
``summary``         code         read-only: ``ex.summary()``
==================  ===========  =======================================================

The student edits only the ``answer_<n>`` cells. With ``solutions=True`` the answer cells hold an
answer computed by the engine between ``### BEGIN SOLUTION`` / ``### END SOLUTION`` (an nbgrader
*source* notebook; nbgrader's ``generate_assignment`` strips it).
"""

from __future__ import annotations

import base64
from typing import Any

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from .session import DEFAULT_SEED, Exercise

__all__ = ["build_notebook", "cell_id", "SCHEMA_VERSION", "locked_ids", "expected_cells"]

SCHEMA_VERSION = 3
FORMAT_VERSION = 1
"""Version of this notebook layout (recorded in the notebook metadata)."""


def cell_id(role: str, number: int | None = None) -> str:
    return role if number is None else f"{role}_{number}"


def _meta(grade_id: str, *, solution: bool = False, grade: bool = False, locked: bool = False,
          points: int | None = None, cell_type: str = "code") -> dict:
    meta: dict[str, Any] = {
        "grade": grade, "grade_id": grade_id, "locked": locked, "schema_version": SCHEMA_VERSION,
        "solution": solution, "task": False,
    }
    if points is not None:
        meta["points"] = points
    return {"nbgrader": meta, "tags": [f"bglearn-{grade_id.split('_')[0]}"]}


def setup_source(ex: Exercise) -> str:
    return (
        "# Run this cell first. Do not edit it: your answers are checked by the rules engine.\n"
        "from bglearn.exercises import load_exercise\n"
        f"ex = load_exercise({ex.name!r}, seed={ex.seed!r}, student={ex.student!r})\n"
        "show, check = ex.show, ex.check"
    )


def _answer_source(ex: Exercise, n: int, solutions: bool) -> str:
    q = ex.question(n)
    hint = f"# Answer with {q.answer_hint}, for example: answer_{n} = {q.answer_example}\n"
    if solutions:
        return hint + f"### BEGIN SOLUTION\nanswer_{n} = {q.example_answer()!r}\n### END SOLUTION"
    return hint + f"answer_{n} = None"


def _intro(ex: Exercise) -> str:
    who = f" — variant for **{ex.student}**" if ex.student else ""
    return (
        f"# {ex.title}{who}\n\n{ex.spec.intro}\n\n"
        f"This exercise has {len(ex.questions)} questions ({ex.max_points} points). For each one: read the task, "
        "look at the diagram, write your answer in plain Python in the answer cell "
        "(`answer_3 = \"bar/22 13/11\"`, `answer_5 = 4`, `answer_2 = True`, ...) and run the check cell "
        "below it for instant feedback from the rules engine. Moves are written in the mover's own numbering "
        "(`24/18 13/11`, `bar/22*`, `6/off`, `8/5(2)`); any equivalent notation and any order is accepted.\n\n"
        "Edit only the answer cells. Run the first code cell before anything else "
        "(**Run → Run All Cells** works too)."
    )


def _svg_output(diagram) -> Any:
    svg = diagram._repr_svg_() if hasattr(diagram, "_repr_svg_") else str(diagram)
    return new_output("execute_result", data={"image/svg+xml": svg, "text/plain": "<board diagram>"},
                      execution_count=None)


def build_notebook(ex: Exercise, *, solutions: bool = False, outputs: bool = True) -> nbformat.NotebookNode:
    """The notebook of exercise ``ex``. ``outputs`` stores each diagram as the output of its cell so
    the handout shows the boards before anything runs; ``solutions`` writes engine-computed answers
    inside nbgrader solution markers (an nbgrader source notebook)."""
    nb = new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    nb.metadata["bglearn"] = {"exercise": ex.name, "seed": ex.seed, "student": ex.student,
                              "format": FORMAT_VERSION}
    cells = [
        new_markdown_cell(_intro(ex), metadata=_meta("intro", locked=True, cell_type="markdown")),
        new_code_cell(setup_source(ex), metadata=_meta("setup", locked=True)),
    ]
    for n, q in enumerate(ex.questions, start=1):
        plural = "s" if q.points != 1 else ""
        cells.append(new_markdown_cell(f"## Question {n} ({q.points} point{plural})\n\n{q.prompt()}",
                                       metadata=_meta(cell_id("question", n), locked=True, cell_type="markdown")))
        diagram = new_code_cell(f"show({n})", metadata=_meta(cell_id("diagram", n), locked=True))
        if outputs:
            diagram.outputs = [_svg_output(q.diagram())]
        cells.append(diagram)
        cells.append(new_code_cell(_answer_source(ex, n, solutions),
                                   metadata=_meta(cell_id("answer", n), solution=True)))
        cells.append(new_code_cell(f"check({n})",
                                   metadata=_meta(cell_id("check", n), grade=True, locked=True, points=q.points)))
    cells.append(new_markdown_cell("## Your score so far", metadata=_meta("summary_title", locked=True,
                                                                          cell_type="markdown")))
    cells.append(new_code_cell("ex.summary()", metadata=_meta("summary", locked=True)))
    for c in cells:  # stable cell ids, so the same exercise always gives the same file
        c["id"] = c.metadata["nbgrader"]["grade_id"].replace("_", "-")
    nb.cells = cells
    return nb


def expected_cells(ex: Exercise) -> dict[str, nbformat.NotebookNode]:
    """The cells of the pristine notebook of ``ex``, by ``grade_id`` (what the grader compares with)."""
    nb = build_notebook(ex, outputs=False)
    return {c.metadata["nbgrader"]["grade_id"]: c for c in nb.cells}


def locked_ids(ex: Exercise) -> list[str]:
    """The ``grade_id`` of every read-only cell of ``ex`` (everything but the answer cells)."""
    return [gid for gid, c in expected_cells(ex).items() if not c.metadata["nbgrader"]["solution"]]


def write_notebook(ex: Exercise, path, **options) -> None:
    """Write the notebook of ``ex`` to ``path``."""
    nb = build_notebook(ex, **options)
    nbformat.validate(nb)
    with open(path, "w", encoding="utf-8") as fh:
        nbformat.write(nb, fh)
