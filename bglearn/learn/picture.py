"""Mastery per rule as a picture: one row per rule the learner has answered on, weakest first — its short
name, a bar of right and wrong answers with their counts in words, and its Leitner box (1-5) as five squares.
The picture has a title and a description for a screen reader, and each row a title saying all of it.

>>> from datetime import datetime, timezone
>>> from bglearn.learn.mastery import tally
>>> t = datetime(2026, 12, 1, tzinfo=timezone.utc)
>>> svg = mastery_svg(tally([("BAR_FIRST", t, False)]), now=t)
>>> "Enter from the bar first" in svg and "0 right, 1 wrong" in svg
True
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Mapping

from ..i18n import _, ngettext, using_language
from .mastery import RuleMastery, weakest_first
from .records import utc_now
from .rule_names import short_name
from .schedule import BOXES

if TYPE_CHECKING:  # pragma: no cover
    from ..svg import Diagram
    from .store import Progress

__all__ = ["mastery_svg", "mastery_picture"]

_WIDTH, _TOP, _ROW = 760, 62, 26
_NAME, _BAR, _BAR_WIDTH, _COUNTS, _BOX, _DUE = 10, 256, 120, 384, 552, 640
_TEXT, _RIGHT, _WRONG, _FILLED, _EMPTY = "#1f2328", "#1a7f37", "#b42318", "#0969da", "#8c959f"
_FONT = {"font_family": "sans-serif", "fill": _TEXT}


def _order(mastery: Mapping[str, RuleMastery]) -> list[RuleMastery]:
    """Weakest first: the lowest box, then the larger share of wrong answers, then by code."""
    return sorted(mastery.values(), key=lambda m: (m.box, -m.wrong / max(1, m.answers), m.rule))


def _fit(name: str, most: int = 36) -> str:
    """``name`` cut to fit its column (the row's title says it whole)."""
    return name if len(name) <= most else name[: most - 1].rstrip() + "\u2026"


def _counts(m: RuleMastery) -> str:
    # Translators: how often a learner answered on a rule: "3 right, 1 wrong".
    return _("{right} right, {wrong} wrong").format(right=m.right, wrong=m.wrong)


def _when(m: RuleMastery, now: datetime) -> str:
    if m.is_due(now):
        return _("due for review now")
    return _("next review on {date}").format(date=m.due.strftime("%Y-%m-%d"))


def _row_title(m: RuleMastery, now: datetime) -> str:
    # Translators: one row of the mastery picture, read by a screen reader.
    return _("{name}: {counts}; box {box} of {boxes}; {when}").format(
        name=short_name(m.rule), counts=_counts(m), box=m.box, boxes=BOXES, when=_when(m, now))


def mastery_svg(mastery: Mapping[str, RuleMastery], *, now: datetime | None = None) -> str:
    """The picture of ``mastery`` (by rule code) at ``now`` (default: now), as SVG text."""
    import svgwrite

    when = utc_now() if now is None else now
    rows = _order(mastery)
    due = weakest_first(rows, when)
    height = _TOP + _ROW * max(1, len(rows)) + 52
    dwg = svgwrite.Drawing(size=(_WIDTH, height), debug=False, profile="full")
    dwg.viewbox(0, 0, _WIDTH, height)
    dwg.attribs["role"] = "img"
    title = _("Your mastery, rule by rule")
    if rows:
        summary = ngettext("{n} rule answered on", "{n} rules answered on", len(rows)).format(n=len(rows)) + "; " + \
            ngettext("{n} due for review", "{n} due for review", len(due)).format(n=len(due))
        weakest = "; ".join(_row_title(m, when) for m in rows[:3])
        description = f"{summary}. {weakest}."
    else:
        summary = description = _("No answers yet: the rules you answer on in the lessons appear here.")
    dwg.set_desc(title, description)
    dwg.add(dwg.rect(insert=(0, 0), size=(_WIDTH, height), fill="#ffffff"))
    dwg.add(dwg.text(title, insert=(_NAME, 22), font_size=16, font_weight="bold", **_FONT))
    dwg.add(dwg.text(summary, insert=(_NAME, 40), font_size=12, **_FONT))
    if rows:
        for x, head in ((_NAME, _("Rule")), (_BAR, _("Right and wrong")), (_BOX, _("Box (1-5)"))):
            dwg.add(dwg.text(head, insert=(x, _TOP - 6), font_size=11, font_weight="bold", **_FONT))
    for i, m in enumerate(rows):
        y = _TOP + _ROW * i
        row = dwg.g(class_="bglearn-mastery-row")
        row.set_desc(_row_title(m, when))
        row.attribs["data-rule"] = m.rule
        row.add(dwg.text(_fit(short_name(m.rule)), insert=(_NAME, y + 17), font_size=12, **_FONT))
        right_width = round(_BAR_WIDTH * m.right / max(1, m.answers))
        row.add(dwg.rect(insert=(_BAR, y + 5), size=(_BAR_WIDTH, 14), fill="#ffffff", stroke=_EMPTY))
        if right_width:
            row.add(dwg.rect(insert=(_BAR, y + 5), size=(right_width, 14), fill=_RIGHT))
        if right_width < _BAR_WIDTH and m.wrong:
            row.add(dwg.rect(insert=(_BAR + right_width, y + 5), size=(_BAR_WIDTH - right_width, 14), fill=_WRONG,
                             fill_opacity=0.85))
        row.add(dwg.text(_counts(m), insert=(_COUNTS, y + 17), font_size=11, **_FONT))
        if m.is_due(when):
            row.add(dwg.text(_("due"), insert=(_DUE, y + 17), font_size=11, font_weight="bold", **_FONT))
        for b in range(1, BOXES + 1):
            row.add(dwg.rect(insert=(_BOX + 16 * (b - 1), y + 6), size=(12, 12), stroke=_FILLED,
                             fill=_FILLED if b <= m.box else "#ffffff"))
        dwg.add(row)
    key_y = _TOP + _ROW * max(1, len(rows)) + 22
    if rows:
        dwg.add(dwg.text(_("Box 1: new or missed lately, due at once."), insert=(_NAME, key_y), font_size=11, **_FONT))
        dwg.add(dwg.text(_("A right answer when a rule is due moves it up a box; box 5 comes back after 14 days."),
                         insert=(_NAME, key_y + 16), font_size=11, **_FONT))
    out: str = dwg.tostring()
    return out


def mastery_picture(store: Progress | None = None, *, lang: str | None = None, now: datetime | None = None) -> Diagram:
    """The learner's mastery per rule as a picture (an SVG :class:`~bglearn.svg.Diagram`, which a notebook
    shows), from ``store`` (default: :func:`~bglearn.learn.progress`), in ``lang`` (default: the current
    language), at ``now`` (default: now)."""
    from ..svg import Diagram
    from .store import progress

    with using_language(lang):
        return Diagram(mastery_svg((store or progress()).mastery(), now=now))
