""""Show me": a given play drawn move by move (the browser animates the frames), with Replay, a step
back and forward, and a way back to the game.

>>> from bglearn import Position
>>> from bglearn.widgets.session import BoardSession
>>> board = BoardSession(mode="humans", position=Position(), roll="31")
>>> board.show("8/5 6/5")         # doctest: +ELLIPSIS
[...]
>>> board.mode, board.message
('show', 'Showing White to play 3-1: 8/5 6/5.')
"""

from __future__ import annotations

from typing import Any, Sequence, TYPE_CHECKING

from ..dice import Roll
from ..errors import BglearnError
from ..i18n import _
from ..plays import Move, Play
from ..position import Position
from .common import Control

if TYPE_CHECKING:  # pragma: no cover
    from .seams import SessionView

__all__ = ["ShowMode"]


class ShowMode:
    """The frames of ``play``: the position before it, then after each of its moves, with arrows;
    ``cube`` is the renderer's cube options of the game behind the show."""

    name = "show"

    def __init__(self, board: SessionView, play: Play, cube: dict[str, Any]) -> None:
        self.board = board
        self.play = play
        start = play.position
        mover = play.player
        numbers = board.numbers
        first = (_("{player} to play {roll}: {play}").format(
            player=mover.name_text, roll=play.roll, play=numbers.play(mover, play.moves, play.notation))
            if play.moves else _("{player} to play {roll}: a lost turn").format(player=mover.name_text, roll=play.roll))
        self.frames: list[dict[str, Any]] = [self._frame(start, play.roll, (), first, cube)]
        for k in range(1, len(play.moves) + 1):
            after = Play(start, play.roll, play.moves[:k]).result.with_turn(start.turn)
            caption = f"{play.roll}: {numbers.moves(mover, play.moves[:k])}"
            self.frames.append(self._frame(after, play.roll, play.moves[:k], caption, cube))
        self.index = len(self.frames) - 1

    def _frame(self, position: Position, roll: Roll, moves: Sequence[Move], caption: str, cube: dict[str, Any]) -> dict[str, Any]:
        return {"position": position, "perspective": self.board.perspective, "dice": roll,
                "arrows": list(moves) if moves else None, "caption": caption, **cube}

    def step(self, delta: int = 1) -> None:
        self.index = max(0, min(len(self.frames) - 1, self.index + delta))
        self.board.say(self.frames[self.index]["caption"])
        self.board.changed()

    def click(self, kind: str, value: Any) -> None:
        self.board.say(_("This board is showing a play: press Back to the game to play on."))

    def control(self, cid: str) -> None:
        if cid == "replay":
            self.index = len(self.frames) - 1
            self.board.changed()
        elif cid == "back":
            self.step(-1)
        elif cid == "forward":
            self.step(1)
        elif cid == "end-show":
            self.board.end_show()
        else:
            raise BglearnError(_("unknown control {control}.").format(control=repr(cid)))

    def controls(self) -> list[Control]:
        last = len(self.frames) - 1
        return [
            Control("replay", _("Replay")),
            Control("back", _("◀ Step"), enabled=self.index > 0),
            Control("forward", _("Step ▶"), enabled=self.index < last),
            Control("end-show", _("Back to the game")),
        ]

    def view(self) -> dict[str, Any]:
        return dict(self.frames[self.index])

    def status_words(self) -> str:
        if not self.play.notation:
            return _("showing a lost turn")
        return _("showing {play}").format(play=self.play.notation)
