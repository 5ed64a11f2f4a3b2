"""The board in *answer* mode: answer a question about a play by clicking the play on the board.

Every question whose answer is a play (:class:`~bglearn.quiz.PlayQuiz`, the exercises' "write a legal
play" and "list every legal play") can be answered here. The board takes **any** move the student
clicks as input — legal or not, even onto a point the opponent holds — because the board must not
give away which plays are legal: it never highlights destinations, never refuses a move for a rule,
never marks a die used and never explains. It only keeps what was clicked:

- click a checker of the side to play (or its bar), then the point it goes to (or its tray to bear
  off): the move is drawn as an arrow on the question's position and written under the board
  (``Your play: 13/7 8/7``); one click per die; click the selected checker again to put it down;
- **Undo** takes the last move back, **Clear** all of them;
- **Use this play** hands the play, written in standard notation in the mover's numbering, to the
  question's answer form — which judges it in practice mode or only records it in assessment mode,
  and saves it in the notebook like every other answer (:mod:`bglearn.exercises.form`);
  **No legal play** answers that the roll cannot be played.

>>> from bglearn import Position
>>> board = AnswerSession(Position(), "61")
>>> board.click(13); board.click(7); board.click(8); board.click(7)
>>> board.notation
'13/7 8/7'
>>> _ = board.undo(); board.notation
'13/7'
>>> board.click(13); board.click(12)     # an illegal move is taken as it is: the board does not judge
>>> board.notation
'13/7 13/12'

:class:`AnswerBoard` is the :class:`~bglearn.widgets.board.BoardWidget` that shows an
:class:`AnswerSession`; the browser side is the board's own (``board.js`` only draws and reports clicks).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping

from ..dice import Roll, RollLike, as_roll
from ..errors import BglearnError
from ..i18n import _
from ..plays import BAR, OFF, Move
from ..position import Player, Position
from .common import Control, as_player, other_number, parse_target

if TYPE_CHECKING:  # pragma: no cover
    from .board import BoardWidget

__all__ = ["AnswerSession", "AnswerBoard", "NO_PLAY"]

NO_PLAY = "no play"
"""The answer the **No legal play** button gives (the questions read it as "the roll cannot be played")."""


class AnswerSession:
    """What the answer board knows: the question's ``position`` and ``roll`` and the moves clicked.

    It offers what :class:`~bglearn.widgets.board.BoardWidget` asks of a session
    (:class:`~bglearn.widgets.seams.BoardModel`: ``view``, ``controls``, ``click``, ``control``,
    ``status``, ``message``, callbacks), so the widget draws it like any board. ``on_answer(text)`` callbacks receive the play when **Use this play** (or **No
    legal play**) is pressed."""

    mode = "answer"
    frames: tuple[dict[str, Any], ...] = ()

    def __init__(self, position: Position, roll: RollLike, *, perspective: Player | str | None = None,
                 submit_label: str | None = None) -> None:
        if not isinstance(position, Position):
            raise BglearnError(_("position must be a Position, got {kind}.").format(kind=type(position).__name__))
        self.position = position
        self.roll: Roll = as_roll(roll)
        self.mover: Player = position.turn
        self.perspective: Player = self.mover if perspective is None else as_player(perspective, "perspective")
        self.variant = getattr(position, "variant", "backgammon")
        self.submit_label = submit_label or _("Use this play")
        self.moves: list[Move] = []
        self.selected: int | None = None
        self.submitted: str | None = None
        self.message = _("Click a checker, then the point it goes to; once for each die.")
        self.message_kind = "info"
        self._callbacks: dict[str, list[Callable[..., Any]]] = {"change": [], "turn_end": [], "answer": []}

    # -- reading -----------------------------------------------------------------------------------
    @property
    def notation(self) -> str:
        """The moves clicked so far, in standard notation in the mover's numbering (``""`` for none)."""
        return " ".join(f"{self._word(m.source)}/{self._word(m.destination)}{'*' if m.hit else ''}"
                        for m in self.moves)

    @staticmethod
    def _word(n: int) -> str:
        return "bar" if n == BAR else "off" if n == OFF else str(n)

    def _printed(self, n: int) -> str:
        if n in (BAR, OFF):  # notation (bar/22, 6/off) is never translated
            return self._word(n)
        return str(n if self.mover is self.perspective else other_number(self.variant, n))

    def _shown(self) -> str:
        return " ".join(f"{self._printed(m.source)}/{self._printed(m.destination)}{'*' if m.hit else ''}"
                        for m in self.moves)

    def count(self, n: int) -> int:
        """The mover's checkers on ``n`` (mover's numbering; ``BAR`` = 25) after the moves clicked."""
        side = self.position.checkers(self.mover)
        have = side[0] if n == BAR else side[n]
        return have - sum(1 for m in self.moves if m.source == n) + sum(1 for m in self.moves if m.destination == n)

    # -- clicks --------------------------------------------------------------------------------------
    def _mine(self, target: Mapping[str, Any] | int | str) -> int:
        """A click as a place in the mover's numbering: 1-24, ``BAR`` or ``OFF``."""
        kind, value = parse_target(target)
        if kind == "point":
            return value if self.mover is self.perspective else other_number(self.variant, value)
        if value is not None and value is not self.mover:
            raise BglearnError(_("That is {player}'s {place}; {mover} is to play.").format(
                player=value, place=_("bar") if kind == "bar" else _("tray"), mover=self.mover))
        return BAR if kind == "bar" else OFF

    def click(self, target: Mapping[str, Any] | int | str) -> None:
        """A click on the board (printed numbering, ``"bar"``, ``"off"``, or the browser's report):
        select a checker of the side to play, or move the selected one there. Nothing is judged."""
        try:
            place = self._mine(target)
        except BglearnError as exc:
            self.say(str(exc), "error")
            return
        if self.selected is None:
            if place == OFF or self.count(place) <= 0:
                self.say(_("There is no {mover} checker there to move: click one of {mover}'s checkers.").format(
                    mover=self.mover), "error")
                return
            self.selected = place
            self.say(_("The checker on {place} is picked up: click where it goes (click it again to put it "
                       "down).").format(place=self._printed(place)))
            return
        if place == self.selected:
            self.selected = None
            self.say(_("Put down. Click a checker, then the point it goes to."))
            return
        if place == BAR:
            self.say(_("A checker cannot be moved to the bar: click a point, or the tray to bear off."), "error")
            return
        source, self.selected = self.selected, None
        self.moves.append(self._move(source, place))
        self.submitted = None
        self.say(_("Your play: {play}.").format(play=self._shown()))

    def _move(self, source: int, destination: int) -> Move:
        start = 25 if source == BAR else source
        die = start - destination if destination != OFF else start
        theirs = self.position.checkers(self.mover.opponent)
        hit = (destination not in (OFF, BAR) and theirs[self.position.opposite_point(destination)] == 1
               and not any(m.hit and m.destination == destination for m in self.moves)
               if self.position.hits else False)
        return Move(source, destination, die, hit)

    def undo(self) -> Move | None:
        """Take the last move back (or put the picked-up checker down)."""
        if self.selected is not None:
            self.selected = None
            self.say(_("Put down. Click a checker, then the point it goes to."))
            return None
        if not self.moves:
            self.say(_("There is no move to take back."))
            return None
        move = self.moves.pop()
        self.submitted = None
        self.say(_("Your play: {play}.").format(play=self._shown()) if self.moves
                 else _("No moves yet. Click a checker, then the point it goes to."))
        return move

    def clear(self) -> None:
        """Take every move back."""
        self.moves.clear()
        self.selected = None
        self.submitted = None
        self.say(_("No moves yet. Click a checker, then the point it goes to."))

    def submit(self, no_play: bool = False) -> str:
        """Hand the play (or, with ``no_play``, "no play") to the ``on_answer`` listeners; returns it."""
        self.selected = None
        text = NO_PLAY if no_play else self.notation
        if not text:
            self.say(_("Click your play first (or press No legal play)."), "error")
            return ""
        self.submitted = text
        self.say(_("Your answer: {play}.").format(play=self._shown() if not no_play else _("no legal play")))
        for cb in list(self._callbacks["answer"]):
            cb(text)
        return text

    def control(self, cid: str) -> None:
        actions: dict[str, Callable[[], object]] = {"undo": self.undo, "clear": self.clear, "submit": self.submit,
                   "no-play": lambda: self.submit(no_play=True)}
        action = actions.get(cid)
        if action is None:
            raise BglearnError(_("unknown control {cid!r}.").format(cid=cid))
        action()

    # -- what the board shows ---------------------------------------------------------------------------
    def say(self, text: str, kind: str = "info") -> None:
        self.message, self.message_kind = text, kind
        self.changed()

    def view(self) -> dict[str, Any]:
        """The question's position, the dice, and the moves clicked as arrows (nothing highlighted)."""
        view: dict[str, Any] = {"position": self.position, "perspective": self.perspective, "dice": self.roll}
        if self.moves:
            view["arrows"] = list(self.moves)
        if self.selected is not None:
            view["selected"] = "bar" if self.selected == BAR else int(self._printed(self.selected))
        return view

    @property
    def dice_state(self) -> list[dict[str, Any]]:
        values = [self.roll.high] * 4 if self.roll.is_double else [self.roll.high, self.roll.low]
        return [{"value": v, "used": False} for v in values]

    def controls(self) -> list[Control]:
        return [Control("undo", _("Undo"), enabled=bool(self.moves) or self.selected is not None),
                Control("clear", _("Clear"), enabled=bool(self.moves)),
                Control("submit", self.submit_label, enabled=bool(self.moves)),
                Control("no-play", _("No legal play"))]

    def status(self) -> str:
        return _("{mover} to play {roll}: click your answer").format(mover=self.mover, roll=self.roll)

    def status_words(self) -> str:
        return _("answer: {play}").format(play=self.notation or _("no moves yet"))

    # -- callbacks -----------------------------------------------------------------------------------
    def on_change(self, callback: Callable[["AnswerSession"], Any]) -> Callable[..., Any]:
        self._callbacks["change"].append(callback)
        return callback

    def on_turn_end(self, callback: Callable[..., Any]) -> Callable[..., Any]:
        """Kept for the board widget; an answer board has no turns."""
        self._callbacks["turn_end"].append(callback)
        return callback

    def on_answer(self, callback: Callable[[str], Any]) -> Callable[..., Any]:
        """Call ``callback(text)`` with the play each time the student hands it in."""
        self._callbacks["answer"].append(callback)
        return callback

    def changed(self) -> None:
        for cb in list(self._callbacks["change"]):
            cb(self)

    def __repr__(self) -> str:
        return f"AnswerSession({self.status_words()})"


def AnswerBoard(position: Position, roll: RollLike, *, on_answer: Callable[[str], Any] | None = None,
                perspective: Player | str | None = None, submit_label: str | None = None,
                **options: Any) -> BoardWidget:
    """A :class:`~bglearn.widgets.board.BoardWidget` in answer mode for ``position`` and ``roll``:
    any move may be clicked (see the module docstring); ``on_answer(text)`` gets the play handed in.
    ``options`` are the board's (``theme``, ``width``)."""
    from .board import BoardWidget

    session = AnswerSession(position, roll, perspective=perspective, submit_label=submit_label)
    if on_answer is not None:
        session.on_answer(on_answer)
    board = BoardWidget(session=session, **options)
    board.add_class("bglearn-answer-board")
    return board
