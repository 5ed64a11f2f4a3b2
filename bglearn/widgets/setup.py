"""Setting up a position on the board: a teacher places and removes checkers, chooses the side on
roll, and starts a game from it. The engine checks every placement (15 checkers a side, one colour a
point); checkers not placed count as borne off.

>>> from bglearn import Position
>>> from bglearn.widgets.session import BoardSession
>>> board = BoardSession(mode="setup", position=Position())
>>> setup = board.setup_mode()
>>> setup.clear(); setup.place("white", 6, 2)
>>> setup.position.pips
{WHITE: 12, RED: 0}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..dice import RollLike
from ..errors import BglearnError, InvalidPositionError
from ..verdicts import Reason
from ..i18n import _
from ..plays import BAR
from ..position import RED, WHITE, Player, Position
from .common import Control, as_player

if TYPE_CHECKING:  # pragma: no cover
    from .seams import SessionView

__all__ = ["SetupMode", "SETUP_TOOLS"]

SETUP_TOOLS = ("white", "red", "remove")


class SetupMode:
    """Place checkers (tool ``"white"`` or ``"red"``) or remove them (``"remove"``) by clicking."""

    name = "setup"

    def __init__(self, board: SessionView, position: Position) -> None:
        self.board = board
        self.tool = "white"
        self.sides: list[list[int]] = [list(position.white), list(position.red)]
        self.turn: Player = position.turn

    @property
    def position(self) -> Position:
        """The position being set up. Right after "Clear" the board is empty — not a position a
        game can be played from, so it is drawn through the engine's unchecked constructor and
        refused by :meth:`finish`."""
        white, red = tuple(self.sides[0]), tuple(self.sides[1])
        if not any(white) and not any(red):
            return Position.from_sides(white, red, self.turn, check=False)
        return Position(white, red, self.turn)

    def place(self, player: Player | str, point: int | str, count: int = 1) -> None:
        """Add ``count`` checkers of ``player`` on ``point`` (``player``'s own numbering, or
        ``"bar"``) and redraw. Refused with the engine's reason when the position would be invalid."""
        self._place(player, point, count)
        self.board.changed()

    def remove(self, player: Player | str, point: int | str, count: int = 1) -> None:
        """Take ``count`` checkers of ``player`` off ``point`` (``player``'s numbering or ``"bar"``)
        and redraw."""
        self._remove(player, point, count)
        self.board.changed()

    def _place(self, player: Player | str, point: int | str, count: int = 1) -> None:
        who = as_player(player, "player")
        index = 0 if point in ("bar", BAR, 0) else int(point)
        if not 0 <= index <= 24:
            self.board.say(_("There is no point {point}; points are 1-24 (and 'bar').").format(point=point), "error")
            return
        sides = [list(s) for s in self.sides]
        sides[who][index] += count
        self._try(sides)

    def _remove(self, player: Player | str, point: int | str, count: int = 1) -> None:
        who = as_player(player, "player")
        index = 0 if point in ("bar", BAR, 0) else int(point)
        sides = [list(s) for s in self.sides]
        if not 0 <= index <= 24 or sides[who][index] < count:
            self.board.say(_("{player} has no checker there to remove.").format(player=who.name_text), "error")
            return
        sides[who][index] -= count
        self._try(sides)

    def _try(self, sides: list[list[int]]) -> None:
        try:
            Position(sides[0], sides[1], self.turn)
        except InvalidPositionError as exc:
            self.board.say(str(exc), "error")
            return
        self.sides = sides
        pos = self.position
        self.board.say(_("Not on the board (borne off): White {white}, Red {red}.").format(
            white=pos.off(WHITE), red=pos.off(RED)))

    def clear(self) -> None:
        """An empty board (every checker counted as borne off); redraws."""
        self.control("clear")

    def click(self, kind: str, value: Any) -> None:
        tool = self.tool
        if kind == "off":
            self.board.say(_("Checkers not placed count as borne off; use Remove to take one off the board."))
            return
        if kind == "bar":
            who = value if value is not None else as_player(tool if tool != "remove" else "white", "colour")
            if tool == "remove":
                self._remove(who, "bar")
            elif as_player(tool, "colour") is not who:
                self.board.say(_("That is {player}'s bar; choose {player} to place a checker there.").format(
                    player=Player(who).name_text), "error")
            else:
                self._place(who, "bar")
            return
        white_n = value if self.board.perspective is WHITE else 25 - value
        if tool == "remove":
            owner, _count = self.position.owner(white_n, WHITE)
            if owner is None:
                self.board.say(_("There is no checker there to remove."), "error")
            else:
                self._remove(owner, white_n if owner is WHITE else 25 - white_n)
        else:
            who = as_player(tool, "colour")
            self._place(who, white_n if who is WHITE else 25 - white_n)

    def finish(self, turn: Player | str | None = None, roll: RollLike | None = None) -> None:
        """Leave setup: a new game starts from the position set up, ``turn`` on roll."""
        if turn is not None:
            self.turn = as_player(turn, "turn")
        try:
            pos = Position(self.sides[0], self.sides[1], self.turn)
        except InvalidPositionError as exc:
            self.board.say(str(exc), "error")
            self.board.changed()
            return
        if pos.is_game_over:
            self.board.say(_("{rule} Place checkers for both sides.").format(rule=Reason.GAME_OVER.rule), "error")
            self.board.changed()
            return
        self.board.new_game(position=pos, roll=roll)

    def control(self, cid: str) -> None:
        if cid.startswith("tool-") and cid[5:] in SETUP_TOOLS:
            self.tool = cid[5:]
            self.board.say(_("Setup: selecting a point now will remove a checker.") if self.tool == "remove" else
                           _("Setup: selecting a point now will add a White checker.") if self.tool == "white" else
                           _("Setup: selecting a point now will add a Red checker."))
        elif cid == "clear":
            self.sides = [[0] * 25, [0] * 25]
            self.board.say(_("Board cleared: choose a colour, then select points to place checkers."))
        elif cid == "start":
            self.sides = [list(Position().white), list(Position().red)]
            self.board.say(_("The starting position."))
        elif cid == "turn":
            self.turn = self.turn.opponent
            self.board.say(_("{player} will be on roll.").format(player=self.turn.name_text))
        elif cid == "finish":
            self.finish()
            return
        else:
            raise BglearnError(_("unknown control {control}.").format(control=repr(cid)))
        self.board.changed()

    def controls(self) -> list[Control]:
        return [
            Control("tool-white", _("Place White"), pressed=self.tool == "white"),
            Control("tool-red", _("Place Red"), pressed=self.tool == "red"),
            Control("tool-remove", _("Remove"), pressed=self.tool == "remove"),
            Control("clear", _("Clear")),
            Control("start", _("Start position")),
            Control("turn", _("{player} on roll").format(player=self.turn.name_text)),
            Control("finish", _("Finish setup")),
        ]

    def view(self) -> dict[str, Any]:
        pos = self.position
        return {"position": pos, "perspective": self.board.perspective, "caption": _("Setup · {player} on roll").format(player=pos.turn.name_text)}

    def status_words(self) -> str:
        return _("setting up a position, {player} on roll").format(player=self.turn.name_text)
