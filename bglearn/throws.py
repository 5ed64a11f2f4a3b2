"""The rules of a physical throw of the dice, which the kit's own dice never break.

At a real table a die can land cocked, and a player can throw before the opponent has picked up
their dice. The kit's dice always land flat and in turn, so these rules are not part of a game:
this module states them once, for the lessons and quizzes that teach them.

>>> judge_throw(cocked=1).outcome is ThrowOutcome.THROW_AGAIN
True
>>> judge_throw(opponent_picked_up=False, rules="casual").outcome is ThrowOutcome.THROW_AGAIN
True
>>> judge_throw(opponent_picked_up=False, rules="tournament").outcome is ThrowOutcome.STANDS
True

The rules (``/work/shared/rules.md``, "Irregularities"; the rule texts differ on the early throw):

- a cocked die (not flat on the board's playing surface: tilted, off the board, on a checker) means
  **both** dice are thrown again, whatever the other die shows;
- a throw made before the opponent has picked up their dice (that is, before the opponent's turn
  has ended): in casual play it does not count and both dice are thrown again; under many
  tournament rules it stands and is played.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .errors import BglearnError
from .i18n import _

__all__ = ["CASUAL", "TOURNAMENT", "ThrowOutcome", "ThrowVerdict", "judge_throw"]

CASUAL = "casual"
TOURNAMENT = "tournament"


class ThrowOutcome(Enum):
    """What happens to a throw: it stands (the player plays it), or both dice are thrown again."""

    STANDS = "stands"
    THROW_AGAIN = "throw-again"

    @property
    def label(self) -> str:
        """The outcome as a short phrase in the current language (a quiz's choice)."""
        if self is ThrowOutcome.STANDS:
            return _("the throw stands and is played")
        return _("both dice are thrown again")


@dataclass(frozen=True)
class ThrowVerdict:
    """A throw's outcome and the rule that decides it, as a sentence in the current language."""

    outcome: ThrowOutcome
    reason: str


def judge_throw(*, cocked: int = 0, opponent_picked_up: bool = True, rules: str = CASUAL) -> ThrowVerdict:
    """The outcome of a throw in which ``cocked`` dice (0, 1 or 2) did not land flat, made after the
    opponent had picked up their dice or not (``opponent_picked_up``), under ``rules``
    (``"casual"`` or ``"tournament"``: they differ only on a throw made too early).

    A cocked die decides first: both dice are thrown again under either rules. Bad arguments raise
    :class:`~bglearn.errors.BglearnError` naming the argument.
    """
    if isinstance(cocked, bool) or not isinstance(cocked, int) or cocked not in (0, 1, 2):
        raise BglearnError(_("cocked is the number of cocked dice: 0, 1 or 2, not {value}.").format(value=repr(cocked)))
    if not isinstance(opponent_picked_up, bool):
        raise BglearnError(_("opponent_picked_up must be True or False, not {value}.").format(
            value=repr(opponent_picked_up)))
    if rules not in (CASUAL, TOURNAMENT):
        raise BglearnError(_("rules must be 'casual' or 'tournament', not {value}.").format(value=repr(rules)))
    if cocked:
        return ThrowVerdict(ThrowOutcome.THROW_AGAIN, _(
            "A cocked die (not flat on the board: tilted, off the board or on a checker) means both dice "
            "are thrown again, even the one that landed flat."))
    if not opponent_picked_up:
        if rules == CASUAL:
            return ThrowVerdict(ThrowOutcome.THROW_AGAIN, _(
                "The throw came before the opponent had picked up their dice: in casual play it does not "
                "count, and both dice are thrown again."))
        return ThrowVerdict(ThrowOutcome.STANDS, _(
            "The throw came before the opponent had picked up their dice: many tournament rules let it "
            "stand, so it is played (in casual play it would not count)."))
    return ThrowVerdict(ThrowOutcome.STANDS, _(
        "Both dice landed flat, after the opponent had picked up their dice: the throw is played."))
