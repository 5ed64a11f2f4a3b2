"""The seams between the board's parts, written down as :class:`typing.Protocol` classes.

Three parts talk to each other, and each sees only the protocol of the next:

- :class:`BoardModel` — what :class:`~bglearn.widgets.board.BoardWidget` reads from the state behind
  it (a :class:`~bglearn.widgets.session.BoardSession`, or the answer board's
  :class:`~bglearn.widgets.answer.AnswerSession`) and the two things it sends there: a click and a
  button press;
- :class:`Mode` — what a session asks of the mode the board is in (:mod:`.play`, :mod:`.practice`,
  :mod:`.setup`, :mod:`.show`): what a click or a button does, which buttons to show, what to draw,
  and a few words of status;
- :class:`SessionView` — what a mode may ask of its session: the board's numbering and dice, the
  sentence under the board, a redraw, the callbacks, and the way back to a game.

The protocols are runtime-checkable (``isinstance`` checks the names, mypy the types). The modes
import :class:`SessionView` from here, never the session itself, so the session can import
the modes without an import circle (``tests/test_widget_seams.py`` checks it).

>>> from bglearn import Position
>>> from bglearn.widgets.session import BoardSession
>>> board = BoardSession(mode="humans", position=Position(), roll="31")
>>> isinstance(board, BoardModel), isinstance(board, SessionView), isinstance(board.playing, Mode)
(True, True, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping, Protocol, Sequence, runtime_checkable

if TYPE_CHECKING:  # pragma: no cover
    from ..dice import Dice, RollLike
    from ..position import Player, Position
    from .common import BoardNumbers, Control

__all__ = ["BoardModel", "Mode", "SessionView"]


@runtime_checkable
class SessionView(Protocol):
    """What a board mode may ask of the session it belongs to."""

    @property
    def perspective(self) -> Player:
        """The colour at the bottom of the board (whose numbers are printed)."""

    @property
    def numbers(self) -> BoardNumbers:
        """The printed point numbers, for every sentence about a move."""

    @property
    def variant(self) -> str:
        """The game the board plays (``position.variant``)."""

    @property
    def dice(self) -> Dice:
        """The board's source of dice (seeded for a lesson)."""

    @property
    def message(self) -> str:
        """The sentence under the board now."""

    def say(self, text: str, kind: str = "info") -> None:
        """Set the sentence under the board (``kind``: ``info``, ``error``, ``ok``, ``loss``)."""

    def changed(self) -> None:
        """What the board shows has changed: redraw."""

    def emit(self, kind: str, *args: Any) -> None:
        """Call the listeners of ``kind`` (``move``, ``turn_end``, ``game_over``) with ``args``."""

    def new_game(self, position: Position | None = None, roll: RollLike | None = None) -> None:
        """Leave setup or show and start a game (from ``position``, else the start)."""

    def end_show(self) -> None:
        """Leave the play being shown and return to the game."""


@runtime_checkable
class Mode(Protocol):
    """What the session asks of the mode the board is in."""

    @property
    def name(self) -> str:
        """``humans``, ``computer``, ``practice``, ``setup`` or ``show``."""

    def click(self, kind: str, value: Any) -> None:
        """A click: ``("point", printed number)``, ``("bar" | "off", Player | None)``."""

    def control(self, cid: str) -> None:
        """The button ``cid`` was pressed."""

    def controls(self) -> list[Control]:
        """The buttons to show now."""

    def view(self) -> dict[str, Any]:
        """The renderer's options for the board as it should look now."""

    def status_words(self) -> str:
        """What the board is doing, in a few words."""


@runtime_checkable
class BoardModel(Protocol):
    """What :class:`~bglearn.widgets.board.BoardWidget` reads from the state behind it, and sends."""

    @property
    def message(self) -> str:
        """The sentence under the board."""

    @property
    def message_kind(self) -> str:
        """``info``, ``error``, ``ok`` (the learner won) or ``loss``."""

    @property
    def mode(self) -> str:
        """The mode's name (``show`` is animated by the browser)."""

    @property
    def variant(self) -> str:
        """The game on the board (its accessible name says which)."""

    @property
    def frames(self) -> Sequence[dict[str, Any]]:
        """The renderer's options for each frame of a play being shown (empty otherwise)."""

    @property
    def dice_state(self) -> list[dict[str, Any]]:
        """The dice drawn above the board, ``[{"value": 3, "used": True}, ...]``; empty for none."""

    def view(self) -> dict[str, Any]:
        """The renderer's options for the board as it should look now."""

    def controls(self) -> list[Control]:
        """The buttons to show now."""

    def status(self) -> str:
        """One line about the state."""

    def status_words(self) -> str:
        """A few words about the state (the widget's repr)."""

    def say(self, text: str, kind: str = "info") -> None:
        """Set the sentence under the board (the widget reports an error it caught this way)."""

    def click(self, target: Mapping[str, Any] | int | str) -> None:
        """A click the browser reported: ``{"point": n}``, ``{"bar": "white"}``, ``{"off": "red"}``."""

    def control(self, cid: str) -> None:
        """The button ``cid`` was pressed in the browser."""

    def on_change(self, callback: Callable[[Any], Any]) -> Callable[..., Any]:
        """Call ``callback(model)`` after anything that changes what the board shows."""

    def on_turn_end(self, callback: Callable[..., Any]) -> Callable[..., Any]:
        """Call ``callback(play)`` after every finished turn (the saved picture is updated then)."""
