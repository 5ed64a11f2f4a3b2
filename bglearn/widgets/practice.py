"""Practice accepting or correcting an illegal play: two people at one board, and the board lets the
mover make a play the rules forbid.

The rule being practised (every rule text has it): a player who makes an illegal play may be asked
by the opponent to correct it; once the opponent rolls or doubles, the play stands, illegal or not.

So in this mode (``BoardSession(mode="practice")``):

- a selected checker may go wherever a die left would take it physically — a point not held by two
  or more opposing checkers, or off — as well as where the rules allow; the board does not say
  whether the play is legal;
- **Done** hands the finished play to the opponent, whose buttons are **Roll dice** and **Double**
  (either one accepts the play: it stands) and **Demand a correction**;
- then the engine's verdict is shown: an accepted illegal play stands (the game goes on from the
  position it made, the record restarting there); a correction demanded for an illegal play takes
  the moves back and the mover must play the roll legally; a correction demanded for a legal play
  is refused, and the play stands.

Every turn goes to the opponent for judgement, legal or not: the opponent learns nothing from the
board before deciding.

>>> from bglearn import Position
>>> from bglearn.widgets.session import BoardSession
>>> board = BoardSession(mode="practice", position=Position(), roll="31")
>>> board.playing.select(8); board.playing.move_to(4)   # 8/4 with a 3-1: not legal, but allowed here
>>> board.message
'8/5 5/4. Press Done when your play is finished.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ..errors import CubeActionError, GameFlowError
from ..plays import BAR, OFF, Move, Play
from ..position import Player
from ..i18n import _, ngettext
from .common import Control, dice_words, other_number
from .play import PlayMode

if TYPE_CHECKING:  # pragma: no cover
    from .seams import SessionView

__all__ = ["PracticeMode"]


class PracticeMode(PlayMode):
    """Two people at one board; an illegal play may be made, and the opponent accepts it (by rolling
    or doubling) or demands a correction. :attr:`log` lists each judged play."""

    def __init__(self, board: SessionView, **kw: Any) -> None:
        super().__init__(board, bot=None, **kw)
        self.tabled: Play | None = None
        self.strict = False
        self.log: list[dict[str, Any]] = []

    @property
    def name(self) -> str:
        return "practice"

    def clear_turn(self) -> None:
        super().clear_turn()
        self.tabled = None
        self.strict = False

    # -- moves the rules may forbid ---------------------------------------------------------------
    def destinations(self, source: int) -> dict[int, tuple[Move, ...]]:
        """The legal destinations, plus (unless a correction was demanded) every single-die move
        the board can show: to a point not held by two or more opposing checkers (in Long Nardy: by
        any opposing checker), or off."""
        legal = super().destinations(source)
        if self.strict or self.phase != "move":
            return legal
        found = dict(legal)
        board = self.position
        mover = self.game.turn
        theirs = board.checkers(mover.opponent)
        nardy = self._long_nardy
        start = BAR if source == BAR else source
        for d in sorted(set(self.dice_left)):
            dest = (25 if start == BAR else start) - d
            if dest <= 0:
                dest = OFF
            if dest in found:
                continue
            held = 0 if dest == OFF else theirs[other_number(self.board.variant, dest)]
            if held >= (1 if nardy else 2):  # Long Nardy: one checker closes a point
                continue
            found[dest] = (Move(source, dest, d, held == 1 and not nardy),)
        return found

    def _make(self, path: tuple[Move, ...]) -> None:
        if self.strict:
            super()._make(path)
            return
        mover = self.game.turn
        self.pending.extend(path)
        self.selected, self.targets = None, {}
        for m in path:
            self.board.emit("move", m)
        left = self.dice_left
        moved = self._numbers.moves(mover, path)
        if left:
            self.board.say(ngettext("{moved}. {n} die not used: {dice}. Press Done when your play is finished.",
                                    "{moved}. {n} dice not used: {dice}. Press Done when your play is finished.",
                                    len(left)).format(moved=moved, n=len(left), dice=dice_words(left)))
        else:
            self.board.say(_("{moved}. Press Done when your play is finished.").format(moved=moved))

    def turn_complete(self) -> bool:
        return not self.dice_left if not self.strict else super().turn_complete()

    def _pointer_ready(self) -> bool:
        return self.tabled is None and super()._pointer_ready()

    def _why_not_moving(self) -> str:
        if self.tabled is not None:
            return _("{mover}'s play waits for {opponent}: roll or double to accept it, or demand a "
                     "correction.").format(mover=self.tabled.player, opponent=self.tabled.player.opponent)
        return super()._why_not_moving()

    # -- handing the play over ----------------------------------------------------------------------
    def done(self) -> Play | None:
        """Hand the play made to the opponent for judgement (after a correction: end the turn
        only with a legal play, as in normal play)."""
        if self.strict or not self._pointer_ready():
            return super().done()
        play = Play(self.game.position, self._dice, list(self.pending))
        self.tabled = play
        self.selected, self.targets = None, {}
        mover = play.player
        shown = self._numbers.moves(mover, play.moves) if play.moves else _("nothing")
        self.board.say(_("{mover} has played {shown} with {roll}. {opponent}: accept the play by rolling (or "
                         "doubling), or demand a correction.").format(mover=mover, shown=shown, roll=play.roll,
                                                                     opponent=mover.opponent))
        self.board.changed()
        return None

    def _judge(self) -> tuple[Play, Any]:
        play = self.tabled
        assert play is not None
        verdict = self._explain(list(play.moves), complete=True)
        return play, verdict

    def accept(self, then: str = "roll") -> None:
        """The opponent accepts the tabled play by rolling (``then="roll"``) or doubling."""
        play, verdict = self._judge()
        mover = play.player
        shown = self._numbers.moves(mover, play.moves) if play.moves else _("nothing")
        if verdict.legal and verdict.play is not None:
            self._note(_("{opponent} accepts {shown}: it was a legal play.").format(opponent=mover.opponent, shown=shown))
            self.log.append({"play": play, "legal": True, "decision": "accepted"})
            self._finish(verdict.play)
        else:
            self._note(_("{opponent} accepts {shown}, so it stands, although it was not legal: {why}").format(
                opponent=mover.opponent, shown=shown, why=verdict.message))
            self.log.append({"play": play, "legal": False, "decision": "accepted"})
            self._stand(play)
        if then == "double":
            try:
                self.game.double()
                self._note(_("{opponent} doubles.").format(opponent=mover.opponent))
            except (CubeActionError, GameFlowError) as exc:
                self._note(str(exc))
        else:
            self.game.roll_dice()
        self.after_action()

    def _stand(self, play: Play) -> None:
        """An accepted illegal play stands: the game goes on from the position it made."""
        from ..game import Game

        old = self.game
        after = play.result
        self.game = Game(dice=self.board.dice, position=after, first=after.turn, cube=old.cube,
                         **self.game_options)
        self.last_play = play
        self.clear_turn()
        self.board.emit("turn_end", play)

    def demand_correction(self) -> None:
        """The opponent demands a correction: an illegal play is taken back (the mover must play
        legally); a legal one stands."""
        play, verdict = self._judge()
        mover = play.player
        shown = self._numbers.moves(mover, play.moves) if play.moves else _("nothing")
        if verdict.legal and verdict.play is not None:
            self._note(_("Nothing to correct: {shown} is a legal play of {roll}, so it stands.").format(
                shown=shown, roll=play.roll))
            self.log.append({"play": play, "legal": True, "decision": "correction refused"})
            self._finish(verdict.play)
            self.after_action()
            return
        self.log.append({"play": play, "legal": False, "decision": "corrected"})
        self.tabled = None
        self.pending = []
        self.strict = True
        self.board.say(_("{opponent} demands a correction: {why} {mover}: the moves are taken back; play {roll} "
                         "again, legally this time.").format(opponent=mover.opponent, why=verdict.advice,
                                                            mover=mover, roll=play.roll), "error")
        self.board.changed()

    # -- buttons and status ----------------------------------------------------------------------
    def controls(self) -> list[Control]:
        if self.tabled is not None:
            return [Control("accept-roll", _("Roll dice (accept)")),
                    Control("accept-double", _("Double (accept)")),
                    Control("correct", _("Demand a correction"))]
        return super().controls()

    def actions(self) -> dict[str, Callable[[], Any]]:
        return {**super().actions(), "accept-roll": self.accept,
                "accept-double": lambda: self.accept("double"), "correct": self.demand_correction}

    def view(self) -> dict[str, Any]:
        view = super().view()
        if self.tabled is not None:
            view["position"] = self.position
            view["arrows"] = list(self.tabled.moves) or None
            view.pop("highlight", None)
        return view

    def status_words(self) -> str:
        if self.tabled is not None:
            p: Player = self.tabled.player
            return _("{opponent} to accept or correct {mover}'s play").format(opponent=p.opponent, mover=p)
        return super().status_words()
