"""The class report: which rules the class has mastered, and which rules how many students missed.

Every ``bglearn grade`` run writes it beside the grade sheet (``grades.csv`` →
``grades.rules.svg``, ``grades.rules.md``, ``grades.rules.csv``). The rules are the engine's rule codes
and the scoring and cube topics (:data:`bglearn.exercises.rules.RULES`), as each question names them
(:meth:`Question.rules`, summed per student by :func:`bglearn.grading.gradebook.rule_results`): a
student *missed* a rule when some question testing it earned less than its points. The table lists
each rule, most missed first, with its sentence in the report's language, how many students it was
tested on and how many missed it; the heatmap (SVG, one row per student, one column per rule) colours
each cell by the share of that rule's points the student earned, with a title and description for a
screen reader and a tooltip on every cell.

>>> from bglearn.grading.class_report import class_mastery
>>> report = class_mastery({"ana": [("BAR_FIRST", 2, 2)], "ben": [("BAR_FIRST", 0, 2), ("BLOCKED", 1, 1)]})
>>> [(r.code, r.tested, r.missed) for r in report.rules]
[('BAR_FIRST', 2, 1), ('BLOCKED', 1, 0)]
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Mapping

from ..exercises.rules import RULES, rule_text
from ..i18n import _, ngettext
from .untrusted import markdown, visible
from .write import csv_row, write_atomically

__all__ = ["RuleMastery", "ClassReport", "class_mastery", "table_rows", "markdown_table", "heatmap_svg",
           "write_class_report", "report_paths"]

@dataclass(frozen=True)
class RuleMastery:
    """One rule over the class: how many students' questions tested it, how many of them missed it
    (earned less than its points), and the points earned and possible over the class."""

    code: str
    tested: int
    missed: int
    earned: float
    possible: float

    @property
    def name(self) -> str:
        """The rule in one sentence, in the current language (the code itself for an unknown code)."""
        return rule_text(self.code) if self.code in RULES else self.code


@dataclass(frozen=True)
class ClassReport:
    """Per-rule mastery of a class: ``rules`` most missed first, ``cells[(student, code)]`` the points
    earned and possible of that student on that rule (absent when no question of theirs tested it)."""

    students: tuple[str, ...]
    rules: tuple[RuleMastery, ...]
    cells: Mapping[tuple[str, str], tuple[float, float]]


def _rule_order(code: str) -> int:
    order = list(RULES)
    return order.index(code) if code in RULES else len(order)


def class_mastery(results: Mapping[str, Iterable[tuple[str, float, float]]]) -> ClassReport:
    """The class report of ``results``: for each student (in the order given), their per-rule
    ``(code, earned, possible)`` results; a code given more than once (several exercises) is added up."""
    cells: dict[tuple[str, str], tuple[float, float]] = {}
    for student, items in results.items():
        for code, earned, possible in items:
            e, p = cells.get((student, code), (0.0, 0.0))
            cells[(student, code)] = (e + float(earned), p + float(possible))
    codes = sorted({code for _s, code in cells}, key=lambda c: (_rule_order(c), c))
    rules = []
    for code in codes:
        mine = [cells[(s, code)] for s in results if (s, code) in cells]
        rules.append(RuleMastery(code, len(mine), sum(1 for e, p in mine if e < p),
                                 sum(e for e, _p in mine), sum(p for _e, p in mine)))
    rules.sort(key=lambda r: (-r.missed, _rule_order(r.code), r.code))
    return ClassReport(tuple(results), tuple(rules), cells)


def _share(earned: float, possible: float) -> str:
    return f"{round(100 * earned / possible)} %" if possible else "–"


def table_rows(report: ClassReport) -> list[list[str]]:
    """The report as table rows (header first): rule code, rule, students tested, students who missed it,
    share of the rule's points the class earned."""
    rows = [[_("rule code"), _("rule"), _("students tested"), _("students who missed it"), _("points earned")]]
    for r in report.rules:
        rows.append([r.code, r.name, str(r.tested), str(r.missed), _share(r.earned, r.possible)])
    return rows


def markdown_table(report: ClassReport) -> str:
    """The report as a Markdown document: a heading, one sentence, the table."""
    rows = table_rows(report)
    lines = ["# " + _("Rules the class missed"), "",
             _("Students: {n}. A student missed a rule when a question testing it earned less than its points.").format(
                 n=len(report.students)), "",
             "| " + " | ".join(rows[0]) + " |", "|" + "---|" * len(rows[0])]
    lines += ["| " + " | ".join(markdown(c) for c in row) + " |" for row in rows[1:]]
    return "\n".join(lines) + "\n"


# -- the heatmap ------------------------------------------------------------------------------------

_CELL, _ROW_LABEL, _HEADER, _LEGEND_LINE = 22, 150, 140, 18
_UNTESTED_STYLE = {"fill": "#ffffff", "stroke": "#999999", "stroke_dasharray": "2,2"}


def _colour(share: float) -> str:
    """Red (nothing earned) through yellow to blue (everything earned): readable with red-green colour
    blindness, since the ends also differ in lightness and hue."""
    stops = ((0.0, (215, 48, 39)), (0.25, (252, 141, 89)), (0.5, (254, 224, 144)), (0.75, (145, 191, 219)),
             (1.0, (69, 117, 180)))   # ColorBrewer's RdYlBu
    for (a, ca), (b, cb) in zip(stops, stops[1:]):
        if share <= b:
            t = (share - a) / (b - a)
            return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ca, cb))
    return "#4575b4"


def _missed_line(r: RuleMastery) -> str:
    return ngettext("{code}: missed by {missed} of {tested} student. {rule}",
                    "{code}: missed by {missed} of {tested} students. {rule}", r.tested).format(
        code=r.code, missed=r.missed, tested=r.tested, rule=r.name)


def heatmap_svg(report: ClassReport) -> str:
    """The report as an SVG heatmap: a row per student, a column per rule (labelled with its code; the
    legend below gives each rule's sentence), cells coloured by the share of points earned."""
    import svgwrite

    codes = [r.code for r in report.rules]
    legend_top = _HEADER + _CELL * len(report.students) + 24
    height = legend_top + _LEGEND_LINE * (len(report.rules) + 2)
    width = max(_ROW_LABEL + _CELL * max(len(codes), 1) + 20, 620,
                round(4 + 6.5 * max((len(_missed_line(r)) for r in report.rules), default=0)))
    dwg = svgwrite.Drawing(size=(width, height), debug=False, profile="full")
    dwg.viewbox(0, 0, width, height)
    dwg.attribs["role"] = "img"
    worst = report.rules[0] if report.rules else None
    summary = (_("Students: {n}. Rules: {k}. Most missed: {rule}").format(n=len(report.students), k=len(codes),
                                                                          rule=_missed_line(worst))
               if worst is not None else _("Students: {n}. No question named a rule.").format(n=len(report.students)))
    dwg.set_desc(_("Rules the class missed"), summary)
    dwg.add(dwg.text(_("Rules the class missed"), insert=(4, 18), font_size=15, font_family="sans-serif",
                     font_weight="bold"))
    for j, r in enumerate(report.rules):
        x = _ROW_LABEL + _CELL * j + _CELL / 2
        label = dwg.text(r.code, insert=(x, _HEADER - 6), font_size=10, font_family="sans-serif",
                         transform=f"rotate(-60 {x} {_HEADER - 6})")
        label.set_desc(r.name)
        dwg.add(label)
    for i, student in enumerate(report.students):
        y = _HEADER + _CELL * i
        dwg.add(dwg.text(visible(student, 24), insert=(_ROW_LABEL - 6, y + _CELL * 0.7), font_size=11,
                         font_family="sans-serif", text_anchor="end"))
        for j, r in enumerate(report.rules):
            cell = report.cells.get((student, r.code))
            rect = dwg.rect(insert=(_ROW_LABEL + _CELL * j, y), size=(_CELL - 2, _CELL - 2),
                            **({"fill": _colour(cell[0] / cell[1])} if cell and cell[1] else _UNTESTED_STYLE))
            tip = (_("{student}, {code}: points {earned}/{possible}").format(
                student=visible(student, 64), code=r.code, earned=f"{cell[0]:g}", possible=f"{cell[1]:g}") if cell else
                _("{student}, {code}: not tested").format(student=visible(student, 64), code=r.code))
            rect.set_desc(tip)
            dwg.add(rect)
    for k, r in enumerate(report.rules):
        dwg.add(dwg.text(_missed_line(r), insert=(4, legend_top + _LEGEND_LINE * k), font_size=11, font_family="sans-serif"))
    key_y = legend_top + _LEGEND_LINE * len(report.rules) + 4
    for n, (share, text) in enumerate(((0.0, _("nothing earned")), (0.5, _("half")), (1.0, _("all points")),
                                       (None, _("not tested")))):
        x = 4 + 150 * n
        dwg.add(dwg.rect(insert=(x, key_y), size=(12, 12), **(_UNTESTED_STYLE if share is None else
                                                               {"fill": _colour(share)})))
        dwg.add(dwg.text(text, insert=(x + 16, key_y + 10), font_size=11, font_family="sans-serif"))
    out: str = dwg.tostring()
    return out


def report_paths(grade_sheet: str | Path) -> tuple[Path, Path, Path]:
    """Where the class report of ``grade_sheet`` is written: ``<stem>.rules.svg``, ``.md`` and ``.csv``."""
    sheet = Path(grade_sheet)
    svg, md, table = (sheet.with_name(f"{sheet.stem}.rules{ext}") for ext in (".svg", ".md", ".csv"))
    return svg, md, table


def write_class_report(report: ClassReport, grade_sheet: str | Path) -> list[Path]:
    """Write ``report`` beside ``grade_sheet`` (:func:`report_paths`), each file through a temporary
    name; return the paths written."""
    svg, md, table = report_paths(grade_sheet)
    buffer = io.StringIO(newline="")
    csv.writer(buffer).writerows(csv_row(row) for row in table_rows(report))
    write_atomically(svg, heatmap_svg(report))
    write_atomically(md, markdown_table(report))
    write_atomically(table, buffer.getvalue())
    return [svg, md, table]
