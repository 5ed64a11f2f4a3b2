"""The whole position in a few sentences, for a learner who cannot see the board.

The board's "summary" key (``s`` in :mod:`board.js <bglearn.widgets.board>`) puts this text into the
board's live region, so a screen reader speaks it: what happens now, the dice (to play and used), both
pip counts, the bar, the borne-off checkers and where each side's checkers stand, in the point numbers
printed on the board (the ``perspective``'s numbering, as in every point's accessible name).

Everything is read from the :class:`~bglearn.position.Position` (the engine's counts); nothing here
decides a rule.

>>> from bglearn import Position, WHITE
>>> print(position_summary(Position(), perspective=WHITE, headline="White to play 3-1.",
...                        dice=[{"value": 3, "used": True}, {"value": 1, "used": False}]))
White to play 3-1. Dice to play: 1; used: 3. Pip count: White 167, Red 167. White: 2 on 24, 5 on 13, 3 on 8, 5 on 6. Red: 5 on 19, 3 on 17, 5 on 12, 2 on 1. Nobody on the bar, nothing borne off.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..i18n import _
from ..position import RED, WHITE, Player, Position
from .common import dice_words

__all__ = ["position_summary"]


def position_summary(position: Position, *, perspective: Player = WHITE, headline: str = "",
                     dice: Sequence[Mapping[str, Any]] = ()) -> str:
    """A summary of ``position`` in the numbers printed for ``perspective``: ``headline`` (what
    happens now, a sentence), the ``dice`` (``[{"value": 3, "used": True}, ...]``, as the board
    shows them), the pip counts, each side's checkers on the points (highest printed number first),
    the bar and the trays. Only counts the position holds; one string of short sentences."""
    parts: list[str] = []
    if headline.strip():
        parts.append(headline.strip())
    if dice:
        left = [int(d["value"]) for d in dice if not d.get("used")]
        used = [int(d["value"]) for d in dice if d.get("used")]
        if left and used:
            # Translators: {left} and {used} are dice values, e.g. "1" and "3" or "5, 5 and 5".
            parts.append(_("Dice to play: {left}; used: {used}.").format(left=dice_words(left), used=dice_words(used)))
        elif left:
            parts.append(_("Dice to play: {left}.").format(left=dice_words(left)))
        else:
            parts.append(_("All dice used: {used}.").format(used=dice_words(used)))
    parts.append(_("Pip count: White {white}, Red {red}.").format(
        white=position.pip_count(WHITE), red=position.pip_count(RED)))
    for player in (position.turn, position.turn.opponent):
        stands = _points_of(position, player, perspective)
        if stands:
            # Translators: one side's checkers, e.g. "White: 2 on 24, 5 on 13" ({points} is the list).
            parts.append(_("{player}: {points}.").format(player=player.name_text, points=stands))
        else:
            parts.append(_("{player}: no checker on the points.").format(player=player.name_text))
    parts.append(_bar_and_trays(position))
    return " ".join(parts)


def _points_of(position: Position, player: Player, perspective: Player) -> str:
    """``"2 on 24, 5 on 13"``: ``player``'s checkers on the points, in printed numbers, highest first."""
    found = []
    for n in range(24, 0, -1):
        who, count = position.owner(n, perspective)
        if who is player and count:
            # Translators: {count} checkers on the point numbered {point}, e.g. "5 on 13".
            found.append(_("{count} on {point}").format(count=count, point=n))
    return ", ".join(found)


def _bar_and_trays(position: Position) -> str:
    """The bar (in a game that has one) and the borne-off checkers, in one sentence."""
    # Translators: "{player} {count}" is one side's count in the lists "On the bar: ..." and "Borne off: ...".
    bar = [_("{player} {count}").format(player=p.name_text, count=position.bar(p))
           for p in (WHITE, RED) if position.bar(p)]
    off = [_("{player} {count}").format(player=p.name_text, count=position.off(p))
           for p in (WHITE, RED) if position.off(p)]
    words = []
    if position.has_bar:
        words.append(_("On the bar: {sides}").format(sides=", ".join(bar)) if bar else _("Nobody on the bar"))
    words.append(_("Borne off: {sides}").format(sides=", ".join(off)) if off else _("nothing borne off"))
    text = ", ".join(words)
    return text[0].upper() + text[1:] + "."
