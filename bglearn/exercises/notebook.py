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

>>> from bglearn.exercises.notebook import cell_id
>>> cell_id("answer", 2), cell_id("setup")
('answer_2', 'setup')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..extras import require

nbformat = require("nbformat", "lessons", "writing or grading exercise notebooks")  # one line if it is missing
from ..i18n import _, ngettext  # noqa: E402
from .session import Exercise  # noqa: E402

if TYPE_CHECKING:  # pragma: no cover
    from pathlib import Path

    from nbformat import NotebookNode

    from ..svg import Diagram

__all__ = ["build_notebook", "cell_id", "SCHEMA_VERSION", "locked_ids", "expected_cells", "setup_source",
           "check_source", "write_notebook"]

SCHEMA_VERSION = 3
FORMAT_VERSION = 2
"""Version of this notebook layout (recorded in the notebook metadata)."""


def new_code_cell(source: str, metadata: dict[str, Any]) -> NotebookNode:
    """A code cell, not validated on its own (the whole notebook is validated when written): the
    grader builds every student's expected notebook, and validating cell by cell cost it 0.2 s each."""
    cell: NotebookNode = nbformat.from_dict({"cell_type": "code", "execution_count": None, "metadata": metadata,
                                             "outputs": [], "source": source})
    return cell


def new_markdown_cell(source: str, metadata: dict[str, Any]) -> NotebookNode:
    """A Markdown cell (see :func:`new_code_cell`)."""
    cell: NotebookNode = nbformat.from_dict({"cell_type": "markdown", "metadata": metadata, "source": source})
    return cell


def new_display_output(data: dict[str, Any]) -> NotebookNode:
    """A ``display_data`` output holding ``data`` (see :func:`new_code_cell`: nbformat's own
    ``new_output`` checks each output against the schema with the slow validator, 3 ms a handout)."""
    output: NotebookNode = nbformat.from_dict({"output_type": "display_data", "data": data, "metadata": {}})
    return output


def new_notebook() -> NotebookNode:
    nb: NotebookNode = nbformat.from_dict({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": []})
    return nb


def cell_id(role: str, number: int | None = None) -> str:
    return role if number is None else f"{role}_{number}"


def _meta(grade_id: str, *, solution: bool = False, grade: bool = False, locked: bool = False,
          points: int | None = None, cell_type: str = "code") -> dict[str, Any]:
    meta: dict[str, Any] = {
        "grade": grade, "grade_id": grade_id, "locked": locked, "schema_version": SCHEMA_VERSION,
        "solution": solution, "task": False,
    }
    if points is not None:
        meta["points"] = points
    return {"nbgrader": meta, "tags": [f"bglearn-{grade_id.split('_')[0]}"]}


def _lang_arg() -> str:
    from ..i18n import current_language

    lang = current_language()
    return "" if lang == "en" else f" lang={lang!r},"


def setup_source(ex: Exercise, specs: list[dict[str, Any]] | None = None) -> str:
    """The setup cell of ``ex``'s handout: its questions as descriptions (positions as XGIDs, or written
    out for a game without them, Long Nardy), no seed;
    in a language other than English, that language (the check cells answer in it). ``specs``:
    ``ex.specs()``, when the caller has them already."""
    specs = ex.specs() if specs is None else specs
    lines = [
        "# " + (_("Run this cell first. Do not edit it: it holds your questions (each position as an XGID),")
                if all("xgid" in spec for spec in specs) else
                _("Run this cell first. Do not edit it: it holds your questions (each position written out, the "
                  "checkers of each side point by point),")),
        "# " + _("and the rules engine checks your answers."),
        "from bglearn.exercises import open_handout",
        "ex = open_handout(",
        f"    {ex.name!r}, mode={ex.mode!r}, student={ex.student!r},{_lang_arg()}",
        "    questions=[",
    ]
    lines += [f"        {spec!r}," for spec in specs]
    lines += ["    ],", ")", "show, ask = ex.show, ex.ask"]
    return "\n".join(lines)


def check_source(n: int) -> str:
    """The check cell of question ``n``: the checker imported afresh, the answer passed explicitly."""
    return f"from bglearn.exercises import check\ncheck({n}, answer_{n})"


def _answer_source(ex: Exercise, n: int, solutions: bool) -> str:
    q = ex.unmasked_question(n)
    hint = "# " + _("Answer with the form below (run this cell to show it), or in Python as {how},").format(
        how=_(q.answer_hint)) + "\n# " + _("for example: {example}").format(example=f"answer_{n} = {q.answer_example}") + "\n"
    if solutions:
        return hint + f"### BEGIN SOLUTION\nanswer_{n} = {q.example_answer()!r}\n### END SOLUTION\nask({n})"
    return hint + f"answer_{n} = None\nask({n})"


def _intro(ex: Exercise, lang: str | None = None) -> str:
    """The first cell: the title and introduction of ``exercises/src/[<lang>/]<name>.md`` and the
    shared instructions for the notebook's mode (:mod:`bglearn.exercises.prose`)."""
    prose = ex.spec.prose(lang)
    title = prose.title
    if ex.student:
        title = _("{title} — for {student}").format(title=title, student=f"**{ex.student}**")
    return f"# {title}\n\n{prose.intro}\n\n{prose.instructions_for(ex.mode, len(ex.questions), ex.max_points)}"


def _svg_output(diagram: Diagram | None, n: int) -> Any:
    """The stored diagram: the SVG, and an ``<img>`` form of it that an untrusted notebook shows."""
    from ..diagram import svg_image
    from ..widgets.fallback import static_block

    svg = diagram._repr_svg_() if diagram is not None else ""
    alt = _("the board of question {n}").format(n=n)
    picture = static_block(f"<div>{svg_image(svg, alt=alt)}</div>", kind="diagram")
    return new_display_output({"image/svg+xml": svg, "text/html": picture, "text/plain": "<board diagram>"})


def build_notebook(ex: Exercise, *, solutions: bool = False, outputs: bool = True,
                   lang: str | None = None) -> NotebookNode:
    """The notebook of exercise ``ex`` in language ``lang`` (its prose from
    ``exercises/src/[<lang>/]<name>.md``, question texts from the message catalogs; ``None``: the
    language messages are shown in now, with English prose where the exercise has none in it). ``outputs``
    stores each diagram as the output of its cell so the handout shows the boards before anything
    runs; ``solutions`` writes engine-computed answers inside nbgrader solution markers (an nbgrader
    source notebook). Deterministic; outputs go through
    :func:`bglearn.widgets.fallback.normalize_notebook` so an untrusted notebook shows them."""
    from ..i18n import using_language

    with using_language(lang):
        return _build(ex, solutions, outputs, lang)


def _build(ex: Exercise, solutions: bool, outputs: bool, lang: str | None) -> NotebookNode:
    nb = new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    nb.metadata["bglearn"] = {"exercise": ex.name, "student": ex.student, "mode": ex.mode, "format": FORMAT_VERSION}
    if lang not in (None, "en"):
        nb.metadata["bglearn"]["lang"] = lang
    graded = ex.mode == "practice"
    specs = ex.specs()
    cells = [
        new_markdown_cell(_intro(ex, lang), metadata=_meta("intro", locked=True, cell_type="markdown")),
        new_code_cell(setup_source(ex, specs), metadata=_meta("setup", locked=True)),
    ]
    for n in range(1, len(ex.questions) + 1):
        q = ex.unmasked_question(n)
        heading = ngettext("Question {n} ({points} point)", "Question {n} ({points} points)", q.points).format(
            n=n, points=q.points)
        task = new_markdown_cell(f"## {heading}\n\n{q.prompt()}",
                                 metadata=_meta(cell_id("question", n), locked=True, cell_type="markdown"))
        task.metadata["bglearn"] = specs[n - 1]
        cells.append(task)
        diagram = new_code_cell(f"show({n})", metadata=_meta(cell_id("diagram", n), locked=True))
        if outputs:
            diagram.outputs = [_svg_output(q.diagram(), n)]
        cells.append(diagram)
        cells.append(new_code_cell(_answer_source(ex, n, solutions),
                                   metadata=_meta(cell_id("answer", n), solution=True)))
        cells.append(new_code_cell(check_source(n), metadata=_meta(cell_id("check", n), grade=graded, locked=True,
                                                                   points=q.points if graded else None)))
    title = "## " + (_("Your score so far") if graded else _("Your answers so far"))
    cells.append(new_markdown_cell(title, metadata=_meta("summary_title", locked=True, cell_type="markdown")))
    cells.append(new_code_cell("ex.summary()", metadata=_meta("summary", locked=True)))
    for c in cells:  # stable cell ids, so the same exercise always gives the same file
        c["id"] = c.metadata["nbgrader"]["grade_id"].replace("_", "-")
    nb.cells = cells
    if outputs:
        from ..widgets.fallback import normalize_notebook

        nb = normalize_notebook(nb, cell_ids=False)
    return nb


def expected_cells(ex: Exercise, lang: str | None = None) -> dict[str, NotebookNode]:
    """The cells of the pristine notebook of ``ex``, by ``grade_id`` (what the grader compares with)."""
    nb = build_notebook(ex, outputs=False, lang=lang)
    return {c.metadata["nbgrader"]["grade_id"]: c for c in nb.cells}


def locked_ids(ex: Exercise) -> list[str]:
    """The ``grade_id`` of every read-only cell of ``ex`` (everything but the answer cells)."""
    return [gid for gid, c in expected_cells(ex).items() if not c.metadata["nbgrader"]["solution"]]


def notebook_text(nb: NotebookNode) -> str:
    """``nb`` as the text of its file, exactly as ``nbformat.write`` writes it, after one check against
    nbformat's schema (``nbformat.write`` would check it again on its own); ValidationError if invalid."""
    nbformat.validate(nb)
    text: str = nbformat.versions[nb.nbformat].writes_json(nb)
    return text if text.endswith("\n") else text + "\n"


def write_notebook(ex: Exercise, path: str | Path, **options: Any) -> None:
    """Write the notebook of ``ex`` to ``path``."""
    text = notebook_text(build_notebook(ex, **options))
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
