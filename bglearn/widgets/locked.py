"""A board whose play is over for now: what a lesson's stage leaves on the board once its goal is met.

The board keeps showing where the learner left it (the last play's arrows, the checkers placed), with
no dice, no one on roll and no buttons; a click or a key on it says ``reason`` (what to do next), and
nothing moves. :meth:`~bglearn.widgets.session.BoardSession.new_game` and ``start_setup`` open it again.

>>> from bglearn import Position
>>> from bglearn.widgets.session import BoardSession
>>> board = BoardSession(mode="humans", position=Position(), roll="31")
>>> _ = board.game_mode().play("8/5 6/5")
>>> board.lock("Goal met: press Play again to play this stage again.")
>>> board.mode, board.controls()
('locked', [])
>>> board.click({"point": 13}); board.message
'Goal met: press Play again to play this stage again.'
"""

from __future__ import annotations

from typing import Any, TYPE_CHECKING

from ..i18n import _
from .common import Control

if TYPE_CHECKING:  # pragma: no cover
    from .seams import SessionView

__all__ = ["LockedMode"]

# What the renderer draws only for a board that can be played on now.
PLAYABLE_ONLY = ("dice", "highlight", "selected")


class LockedMode:
    """``view`` (the renderer's options of the board as it was) drawn still; ``reason`` said on a click."""

    name = "locked"

    def __init__(self, board: SessionView, view: dict[str, Any], reason: str) -> None:
        self.board = board
        self.reason = reason
        self._view = {k: v for k, v in view.items() if k not in PLAYABLE_ONLY}
        self._view["on_roll"] = False

    def click(self, kind: str, value: Any) -> None:
        self.board.say(self.reason)

    def control(self, cid: str) -> None:
        self.board.say(self.reason)

    def controls(self) -> list[Control]:
        return []

    def view(self) -> dict[str, Any]:
        return dict(self._view)

    def status_words(self) -> str:
        # Translators: the board's status line once a lesson stage's goal is met (nothing more to play)
        return _("done: nothing more to play here")
