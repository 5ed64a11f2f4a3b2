"""Long Nardy's rules inside :func:`bglearn.explain`: the board state a learner's moves are replayed
on, with the variant's reasons (:attr:`Reason.HEAD_RULE`, :attr:`Reason.CLOSED_POINT`,
:attr:`Reason.SIX_BLOCK`) and a sentence for each.

:func:`bglearn.verdicts.explain` asks the position for this state (:meth:`LongNardyPosition.check_state
<bglearn.variants.long_nardy.position.LongNardyPosition.check_state>`); the rest of the judging (reading the notation, trying the dice in every order, the dice-usage rules, the
legal suggestion) is shared with backgammon.

>>> from bglearn import Position, explain
>>> v = explain(Position(variant="long-nardy"), "65", "24/18 24/19")
>>> v.reason.name
'HEAD_RULE'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ...verdicts import CheckState, PointWords, Problem, Reason
from ...i18n import _, ngettext
from ...kernel import mover_arrays, position_key
from ...plays import BAR, OFF
from .board import HEAD
from .rules import ROUTE, head_limit, six_block

if TYPE_CHECKING:  # pragma: no cover
    from ...dice import Roll
    from ...position import Position

__all__ = ["NardyState"]


class NardyState(CheckState):
    """The mover's board during a check of a Long Nardy play (see :class:`bglearn.verdicts.CheckState`):
    also how many checkers stood on the head at the start (``head0``), how many may leave it this
    turn (``limit``) and how many the opponent has borne off (``opp_off``)."""

    __slots__ = ("head0", "limit", "opp_off")
    head0: int
    limit: int
    opp_off: int

    @classmethod
    def of_position(cls, position: "Position", w: PointWords, roll: "Roll | None") -> "NardyState":
        b, o = mover_arrays(position)
        st = cls(b, o, position_key(b), w)
        st.head0 = b[HEAD]
        st.limit = head_limit(b, roll.dice) if roll is not None else 1
        st.opp_off = position.off(position.turn.opponent)
        return st

    def copy(self) -> "NardyState":
        st = NardyState(self.b[:], self.o[:], self.key, self.w)
        st.head0, st.limit, st.opp_off = self.head0, self.limit, self.opp_off
        return st

    def open_step(self, s: int, t: int) -> bool:
        return t == OFF or not self.o[t]

    def problem(self, s: int, t: int, die: int) -> Problem | None:
        b, w = self.b, self.w
        if s != BAR and b[s]:
            if s == HEAD and self.head0 - b[HEAD] >= self.limit:
                if self.limit == 2:
                    text = _("With this roll two checkers may leave the head ({point}), and two already have.")
                else:
                    text = _("Only one checker may leave the head ({point}) in a turn, and one already has "
                             "(two only with 6-6, 4-4 or 3-3 while all 15 are still on the head).")
                return Problem(Reason.HEAD_RULE, text.format(point=w.pt(HEAD)), point=HEAD)
            if t != OFF and self.o[t]:
                n = self.o[t]
                return Problem(
                    Reason.CLOSED_POINT,
                    ngettext("{player} has a checker on {point}: in Long Nardy a single checker holds a point, "
                             "so you can't land there.",
                             "{player} has {n} checkers on {point}: in Long Nardy a point with any opposing "
                             "checker on it is closed, so you can't land there.", n).format(
                        player=w.them, point=w.pt(t), n=n),
                    point=t,
                )
        return super().problem(s, t, die)

    def reading_problem(self, chains: Sequence[tuple[tuple[int, ...], tuple[bool, ...]]]) -> Problem | None:
        for path, hits in chains:
            if BAR in path:
                return Problem(
                    Reason.BAD_NOTATION,
                    _("There is no bar in Long Nardy (no checker is ever hit): write moves from point to "
                      "point, such as 24/18."),
                )
        for path, hits in chains:
            if any(hits):
                return Problem(
                    Reason.CLOSED_POINT,
                    _("There is no hitting in Long Nardy: a point with an opposing checker on it is closed, "
                      "so a play never has a '*'."),
                )
        return None

    def end_problem(self, partial: bool) -> Problem | None:
        j = six_block(self.b, self.o, self.opp_off)
        if not j:
            return None
        # the whole run of points held from the opponent's j-point on, named in the order the
        # opponent's checkers meet them (its higher points first)
        run = [ROUTE[q - 1] for q in range(j, 25) if all(self.b[ROUTE[k - 1]] for k in range(j, q + 1))]
        names = [self.w.pt(p) for p in reversed(run)]
        points = _("{points} and {last}").format(points=", ".join(names[:-1]), last=names[-1])
        names_ = {"n": len(run), "points": points, "player": self.w.them}
        if partial:
            text = ngettext(
                "These moves leave you holding {n} point in a row on {player}'s way round ({points}), none of "
                "{player}'s checkers is past them, and the rest of the roll cannot break the block up: a block "
                "of six is allowed only when at least one opposing checker is already past it.",
                "These moves leave you holding {n} points in a row on {player}'s way round ({points}), none of "
                "{player}'s checkers is past them, and the rest of the roll cannot break the block up: a block "
                "of six is allowed only when at least one opposing checker is already past it.",
                len(run))
        else:
            text = ngettext(
                "This play leaves you holding {n} point in a row on {player}'s way round ({points}) and none of "
                "{player}'s checkers is past them: a block of six is allowed only when at least one opposing "
                "checker is already past it.",
                "This play leaves you holding {n} points in a row on {player}'s way round ({points}) and none of "
                "{player}'s checkers is past them: a block of six is allowed only when at least one opposing "
                "checker is already past it.",
                len(run))
        return Problem(Reason.SIX_BLOCK, text.format(**names_))
