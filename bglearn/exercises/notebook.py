"""The exercise notebook writer: one notebook per exercise variant, with nbgrader cell metadata.

Layout (every cell carries ``metadata.nbgrader``, schema 3, with a unique ``grade_id``):

==================  ===========  =======================================================
grade_id            cell         role
==================  ===========  =======================================================
``intro``           markdown     read-only (``locked``)
``setup``           code         read-only: ``ex = open_handout(name, mode=..., questions=[...])`` —
                                 the questions themselves (positions as XGIDs), no seed
``question_<n>``    markdown     read-only: the task; ``metadata.bglearn`` describes the question
                                 (``kind``, ``rules``, ``xgid``, ``points``, ``params``)
``diagram_<n>``     code         read-only: ``show(n)`` (the diagram, also stored as output)
``answer_<n>``      code         answer cell (``solution``): ``answer_<n> = None`` and ``ask(n)``,
                                 the answer form (its answer is saved in the cell's output)
``check_<n>``       code         ``from bglearn.exercises import check`` / ``check(n, answer_<n>)``:
                                 practice mode — an nbgrader test cell (``grade``, ``points``) whose
                                 value is the points earned (nbgrader's partial credit); the checker
                                 is imported afresh, so rebinding ``check`` earns nothing.
                                 Assessment mode — a read-only cell that only confirms the form.
``summary``         code         read-only: ``ex.summary()``
==================  ===========  =======================================================

The student edits only the ``answer_<n>`` cells (or just uses the forms). With ``solutions=True``
the answer cells hold an answer computed by the engine between ``### BEGIN SOLUTION`` /
``### END SOLUTION`` (an nbgrader *source* notebook; nbgrader's ``generate_assignment`` strips it).
"""

from __future__ import annotations

from typing import Any

from ..extras import require

nbformat = require("nbformat", "lessons", "writing or grading exercise notebooks")  # one line if it is missing
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output  # noqa: E402

from .session import DEFAULT_SEED, Exercise  # noqa: E402

__all__ = ["build_notebook", "cell_id", "SCHEMA_VERSION", "locked_ids", "expected_cells", "setup_source",
           "check_source", "write_notebook"]

SCHEMA_VERSION = 3
FORMAT_VERSION = 2
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
    """The setup cell of ``ex``'s handout: its questions as descriptions (positions as XGIDs), no seed."""
    lines = [
        "# Run this cell first. Do not edit it: it holds your questions (each position as an XGID),",
        "# and the rules engine checks your answers.",
        "from bglearn.exercises import open_handout",
        "ex = open_handout(",
        f"    {ex.name!r}, mode={ex.mode!r}, student={ex.student!r},",
        "    questions=[",
    ]
    lines += [f"        {spec!r}," for spec in ex.specs()]
    lines += ["    ],", ")", "show, ask = ex.show, ex.ask"]
    return "\n".join(lines)


def check_source(n: int) -> str:
    """The check cell of question ``n``: the checker imported afresh, the answer passed explicitly."""
    return f"from bglearn.exercises import check\ncheck({n}, answer_{n})"


def _answer_source(ex: Exercise, n: int, solutions: bool) -> str:
    q = ex._question(n)
    hint = (f"# Answer with the form below (run this cell to show it), or in Python as {q.answer_hint},\n"
            f"# for example: answer_{n} = {q.answer_example}\n")
    if solutions:
        return hint + f"### BEGIN SOLUTION\nanswer_{n} = {q.example_answer()!r}\n### END SOLUTION\nask({n})"
    return hint + f"answer_{n} = None\nask({n})"


_MODE_TEXT = {
    "practice": ("Run the check cell under each answer for instant feedback from the rules engine: it says "
                 "whether your answer is right and which rule a wrong one breaks (it never shows the right "
                 "answer). `ex.summary()` at the end adds up your points."),
    "assessment": ("This is an **assessment**: the check cell under each answer only tells you whether your "
                   "answer is well formed and records it. Whether it is right, and why, comes with your "
                   "feedback after grading. Change an answer as often as you like before you hand in."),
}


def _intro(ex: Exercise) -> str:
    who = f" — for **{ex.student}**" if ex.student else ""
    return (
        f"# {ex.title}{who}\n\n{ex.spec.intro}\n\n"
        f"This exercise has {len(ex.questions)} questions ({ex.max_points} points). For each one, read the task "
        "and look at the diagram. Then answer **with the form** under it — type a play, click an option, tick "
        "points or enter a number — or, if you prefer Python, in the answer cell "
        "(`answer_3 = \"bar/22 13/11\"`, `answer_5 = 4`, `answer_2 = True`, ...). Your latest answer is "
        "shown as *Your answer to question n* and is saved with the notebook (**File → Save**); an answer "
        "written in Python takes precedence over the form.\n\n"
        f"{_MODE_TEXT[ex.mode]}\n\n"
        "Moves are written in the mover's own numbering (`24/18 13/11`, `bar/22*`, `6/off`, `8/5(2)`); any "
        "equivalent notation and any order is accepted.\n\n"
        "First run all the cells (**Run → Run All Cells**) so the forms appear. Edit only the answer cells."
    )


def _svg_output(diagram, n: int) -> Any:
    """The stored diagram: the SVG, and an ``<img>`` form of it that an untrusted notebook shows."""
    from ..diagram import svg_image
    from ..widgets.fallback import static_block

    svg = diagram._repr_svg_() if hasattr(diagram, "_repr_svg_") else str(diagram)
    picture = static_block(f"<div>{svg_image(svg, alt=f'the board of question {n}')}</div>", kind="diagram")
    return new_output("display_data", data={"image/svg+xml": svg, "text/html": picture,
                                            "text/plain": "<board diagram>"})


def build_notebook(ex: Exercise, *, solutions: bool = False, outputs: bool = True) -> nbformat.NotebookNode:
    """The notebook of exercise ``ex``. ``outputs`` stores each diagram as the output of its cell so
    the handout shows the boards before anything runs; ``solutions`` writes engine-computed answers
    inside nbgrader solution markers (an nbgrader source notebook). Deterministic; outputs go through
    :func:`bglearn.widgets.fallback.normalize_notebook` so an untrusted notebook shows them."""
    nb = new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    nb.metadata["bglearn"] = {"exercise": ex.name, "student": ex.student, "mode": ex.mode, "format": FORMAT_VERSION}
    graded = ex.mode == "practice"
    cells = [
        new_markdown_cell(_intro(ex), metadata=_meta("intro", locked=True, cell_type="markdown")),
        new_code_cell(setup_source(ex), metadata=_meta("setup", locked=True)),
    ]
    for n in range(1, len(ex.questions) + 1):
        q = ex._question(n)
        plural = "s" if q.points != 1 else ""
        task = new_markdown_cell(f"## Question {n} ({q.points} point{plural})\n\n{q.prompt()}",
                                 metadata=_meta(cell_id("question", n), locked=True, cell_type="markdown"))
        task.metadata["bglearn"] = q.spec()
        cells.append(task)
        diagram = new_code_cell(f"show({n})", metadata=_meta(cell_id("diagram", n), locked=True))
        if outputs:
            diagram.outputs = [_svg_output(q.diagram(), n)]
        cells.append(diagram)
        cells.append(new_code_cell(_answer_source(ex, n, solutions),
                                   metadata=_meta(cell_id("answer", n), solution=True)))
        cells.append(new_code_cell(check_source(n), metadata=_meta(cell_id("check", n), grade=graded, locked=True,
                                                                   points=q.points if graded else None)))
    title = "## Your score so far" if graded else "## Your answers so far"
    cells.append(new_markdown_cell(title, metadata=_meta("summary_title", locked=True, cell_type="markdown")))
    cells.append(new_code_cell("ex.summary()", metadata=_meta("summary", locked=True)))
    for c in cells:  # stable cell ids, so the same exercise always gives the same file
        c["id"] = c.metadata["nbgrader"]["grade_id"].replace("_", "-")
    nb.cells = cells
    if outputs:
        from ..widgets.fallback import normalize_notebook

        nb = normalize_notebook(nb, cell_ids=False)
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
