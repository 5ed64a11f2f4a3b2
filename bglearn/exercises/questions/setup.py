"""Questions about the board and the start of a game: set up the starting position, who holds this
point, the pip count, who starts after the opening throw — asked of :class:`~bglearn.position.Position`
and :class:`~bglearn.dice.OpeningRoll`.

>>> from bglearn import Position, WHITE
>>> PipCount(Position(), WHITE).check(167).correct      # the pip count of the starting position
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ...dice import OpeningRoll
from ...i18n import _, ngettext
from ...position import Player, Position
from ..faces import NEITHER
from .base import Level, PositionQuestion

__all__ = ["SetUpStart", "PointOwner", "PipCount", "OpeningStarter"]


def _layout(d: dict[int, int]) -> str:
    return ", ".join(_("{n} on the {point}").format(n=n, point=p) for p, n in sorted(d.items(), reverse=True))


@dataclass(frozen=True)
class SetUpStart(PositionQuestion):
    """Set up one side's starting checkers as ``{point: count}``."""

    kind: ClassVar[str] = "set-up"
    level: ClassVar[Level] = "recall"
    answer_rules: ClassVar[frozenset[str]] = frozenset({"NUMBERING"})
    side: Player = Player.WHITE
    numbering: Player = Player.WHITE

    def prompt(self) -> str:
        text = (_("Set up the **starting position** of {side}'s checkers: write a dict {form} with the points in "
                  "**its own numbering** (the diagram shows the board numbered from {numbering}'s side, with "
                  "{side}'s checkers not yet placed).") if self.numbering == self.side else
                _("Set up the **starting position** of {side}'s checkers: write a dict {form} with the points in "
                  "**{numbering}'s numbering** (the diagram shows the board numbered from {numbering}'s side, with "
                  "{side}'s checkers not yet placed)."))
        return text.format(side=self.side, numbering=self.numbering, form="`{point: count}`")

    def rules(self) -> tuple[str, ...]:
        return ("STARTING_POSITION",) + (("NUMBERING",) if self.numbering != self.side else ())

    def expected(self) -> dict[int, int]:
        start = Position()
        out = {}
        for point in range(1, 25):
            owner, n = start.owner(point, self.numbering)
            if owner == self.side:
                out[point] = n
        return out

    def judge(self, answer: Any) -> tuple[bool, str]:
        mine = self.read(answer)
        want = self.expected()
        if mine == want:
            return True, _("Right: {side} starts with {layout}.").format(side=self.side, layout=_layout(want))
        total = sum(mine.values())
        parts = []
        if total != 15:
            parts.append(ngettext("You placed {n} checker; each side has 15.", "You placed {n} checkers; each side has 15.",
                                  total).format(n=total))
        wrong = sum(1 for p in set(mine) | set(want) if mine.get(p, 0) != want.get(p, 0))
        parts.append(ngettext("{n} point is not as at the start.", "{n} points are not as at the start.", wrong).format(
            n=wrong) + " " + _("Remember whose numbering the diagram uses."))
        return False, " ".join(parts)

    def example_answer(self) -> dict[int, int]:
        return self.expected()


@dataclass(frozen=True)
class PointOwner(PositionQuestion):
    """Who holds a point, and with how many checkers?"""

    kind: ClassVar[str] = "point-owner"
    level: ClassVar[Level] = "apply"
    point: int = 1
    numbering: Player = Player.WHITE

    def prompt(self) -> str:
        return _("In the position shown, whose checkers stand on **{numbering}'s {point}-point**, and how many? "
                 "Answer like {example}, or {empty} if nobody is there.").format(
                     numbering=self.numbering, point=self.point, example='`("Red", 5)`', empty='`"empty"`')

    def rules(self) -> tuple[str, ...]:
        return ("NUMBERING",) if self.position.OPPOSITE[1] == 24 else ("NARDY_NUMBERING",)

    def judge(self, answer: Any) -> tuple[bool, str]:
        mine = self.read(answer)
        owner, n = self.position.owner(self.point, self.numbering)
        truth = (_("it is empty") if owner is None else
                 ngettext("{owner} has {n} checker there", "{owner} has {n} checkers there", n).format(owner=owner, n=n))
        right = owner is None if mine is None else (owner == mine[0] and n == mine[1])
        if right:
            return True, _("Right: {truth}.").format(truth=truth)
        return False, _("No. Count from {numbering}'s 1-point, in {numbering}'s home board, to find the "
                        "{point}-point.").format(numbering=self.numbering, point=self.point)

    def example_answer(self) -> Any:
        owner, n = self.position.owner(self.point, self.numbering)
        return "empty" if owner is None else (str(owner), n)


@dataclass(frozen=True)
class PipCount(PositionQuestion):
    """How many pips does a side need to bear everything off?"""

    kind: ClassVar[str] = "pip-count"
    level: ClassVar[Level] = "apply"
    player: Player = Player.WHITE

    def prompt(self) -> str:
        return _("What is {player}'s **pip count** here (the total number of pips {player} must move to bear off "
                 "every checker; a checker on the bar counts 25)?").format(player=self.player)

    def rules(self) -> tuple[str, ...]:
        return ("PIP_COUNT",)

    def judge(self, answer: Any) -> tuple[bool, str]:
        mine = self.read(answer)
        truth = self.position.pip_count(self.player)
        if mine == truth:
            side = self.position.checkers(self.player)
            terms = " + ".join(f"{n}×{i}" for i, n in sorted(enumerate(side), reverse=True) if i and n)
            if side[0]:
                terms += " + " + _("{n}×25 (bar)").format(n=side[0])
            return True, _("Right: {sum} = {total}.").format(sum=terms, total=truth)
        return False, _("Not {answer}: for each point, multiply {player}'s checkers by the point number in "
                        "{player}'s numbering and add them up.").format(answer=mine, player=self.player)

    def example_answer(self) -> int:
        return self.position.pip_count(self.player)


@dataclass(frozen=True)
class OpeningStarter(PositionQuestion):
    """The opening throw: who moves first (or, on equal dice, nobody yet)?"""

    kind: ClassVar[str] = "opening-starter"
    level: ClassVar[Level] = "apply"
    answer_rules: ClassVar[frozenset[str]] = frozenset({"OPENING_THROW", "OPENING_TIE"})
    white_die: int = 1
    red_die: int = 2

    def prompt(self) -> str:
        return _("The opening throw: White throws a **{white}** and Red a **{red}**. Who moves first? Answer "
                 "\"White\", \"Red\", or \"neither\" if nobody may move yet.").format(white=self.white_die, red=self.red_die)

    def starter(self) -> Player | None:
        """The side that starts, or ``None`` on a tie (asked of :class:`OpeningRoll`)."""
        if self.white_die == self.red_die:
            return None
        return OpeningRoll(self.white_die, self.red_die).starter

    def rules(self) -> tuple[str, ...]:
        game = () if self.position.opening_roll_played else ("NARDY_OPENING",)
        return game + (("OPENING_TIE",) if self.starter() is None else ("OPENING_THROW",))

    def judge(self, answer: Any) -> tuple[bool, str]:
        mine = self.read(answer)
        starter = self.starter()
        if starter is None:
            why = _("the dice are equal, so both sides throw again.")
        elif not self.position.opening_roll_played:  # Long Nardy: the starter throws both dice anew
            why = _("{starter} threw the higher die, so {starter} starts by throwing both dice for its first "
                    "turn.").format(starter=starter)
        else:
            why = _("{starter} threw the higher die, so {starter} starts by playing {roll}.").format(
                starter=starter, roll=OpeningRoll(self.white_die, self.red_die).roll)
        if mine == starter:
            return True, _("Right: {why}").format(why=why)
        return False, _("No. Compare the two dice: the higher die moves first, and equal dice are thrown again.")

    def example_answer(self) -> str:
        starter = self.starter()
        return NEITHER if starter is None else str(starter)
