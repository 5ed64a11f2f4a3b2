"""Playing a game on the board: two people at one board, or a person against a computer player.

A :class:`PlayMode` wraps a :class:`bglearn.game.Game` and adds only what a pointer needs: the checker
selected, the single-die moves made so far this turn (``pending``), undo, and the sentences the
learner reads (worded in :mod:`.messages`). Every rules question goes to the engine, through the
turn's :class:`~bglearn.widgets.turn.TurnPlays` (the legal plays of a turn are computed once):

- a selected checker's destinations come from :func:`bglearn.destinations.checker_destinations`
  (the engine's ``legal_continuations``, chained for one checker);
- refused moves and a refused "done" are explained by :func:`bglearn.verdicts.explain`, in the point
  numbers printed on the board;
- rolling, playing, the cube and the end of the game are the :class:`~bglearn.game.Game`'s.

A turn that cannot be played is never passed silently for a person: the roll stays on the board
with the engine's reason and a **Pass** button, and only then does the other side (or the
computer) go on. Points are in the **mover's** numbering (``BAR`` = 25, ``OFF`` = 0) unless a name
says otherwise. The mode talks to its board through :class:`~bglearn.widgets.seams.SessionView`.

>>> from bglearn import Position
>>> from bglearn.widgets.session import BoardSession
>>> board = BoardSession(mode="computer", position=Position(), roll="31", seed=1)
>>> board.mode, board.playing.human
('computer', WHITE)
>>> board.playing.select(8); sorted(board.playing.targets)
[4, 5, 7]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ..dice import Roll, RollLike, as_roll
from ..errors import BglearnError, CubeActionError, GameFlowError, IllegalPlayError
from ..verdicts import Reason, parse_play
from ..plays import BAR, OFF, Move, Play
from ..position import WHITE, Player, Position
from ..variants import find_variant
from ..i18n import _
from . import messages as say
from .common import Control, dice_words
from .turn import TurnPlays

if TYPE_CHECKING:  # pragma: no cover
    from ..verdicts import Attempt, Verdict
    from ..game import Game
    from .common import BoardNumbers
    from .seams import SessionView

__all__ = ["PlayMode"]


class PlayMode:
    """A game on the board: ``bot=None`` for two people, else the computer plays the side that is
    not ``human``. ``name`` is ``"humans"`` or ``"computer"``."""

    def __init__(self, board: SessionView, *, bot: Any = None, human: Player = WHITE,
                 auto_roll: bool = False, game_options: dict[str, Any] | None = None) -> None:
        self.board = board
        self.bot = bot
        self.human = human
        self.auto_roll = auto_roll
        self.game_options = dict(game_options or {})
        self.game: Game  # set at once by new_game() or use_game(), which the board calls
        self.pending: list[Move] = []
        self.selected: int | None = None
        self.targets: dict[int, tuple[Move, ...]] = {}
        self.last_play: Play | None = None
        self._notes: list[str] = []
        self._turn: TurnPlays | None = None
        self.refusal: tuple[str, Reason] | None = None
        """The engine's last refusal on this board: its words and the rule (:class:`Reason`) broken —
        what a goal board records a refused move against (its words show which message it was)."""

    @property
    def name(self) -> str:
        return "humans" if self.bot is None else "computer"

    # -- reading --------------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        """The game's phase: ``opening``, ``roll``, ``move``, ``respond``, ``resign`` or ``over``."""
        return self.game.phase

    @property
    def roll(self) -> Roll | None:
        """The dice to play now (``None`` before rolling)."""
        return self.game.roll if self.phase == "move" else None

    @property
    def position(self) -> Position:
        """The turn's position with the pending moves made (the mover still on roll)."""
        base = self.game.position
        if not self.pending:
            return base
        return Play(base, self._dice, self.pending).result.with_turn(base.turn)

    @property
    def dice_left(self) -> tuple[int, ...]:
        """The dice of the roll not used by the pending moves."""
        if self.roll is None:
            return ()
        left = list(self.roll.dice)
        for m in self.pending:
            if m.die in left:
                left.remove(m.die)
        return tuple(left)

    @property
    def dice_state(self) -> list[dict[str, Any]]:
        """Each die of the roll with whether it is used: ``[{"value": 3, "used": True}, ...]``."""
        if self.roll is None:
            return []
        used = [m.die for m in self.pending]
        out = []
        for d in self.roll.dice:
            if d in used:
                used.remove(d)
                out.append({"value": d, "used": True})
            else:
                out.append({"value": d, "used": False})
        return out

    def actor(self) -> Player | None:
        """The side that must act now (the responder while a double is offered), None when over."""
        return None if self.game.is_over else self.game.to_act

    def is_bot(self, player: Player | None) -> bool:
        """True when ``player`` is the computer's side."""
        return self.bot is not None and player is not None and player is not self.human

    @property
    def _numbers(self) -> BoardNumbers:
        return self.board.numbers

    @property
    def _long_nardy(self) -> bool:
        """True when the board plays a game like Long Nardy: no hitting (so no bar), no cube."""
        return not find_variant(getattr(self.board, "variant", "backgammon")).hits

    @property
    def _dice(self) -> Roll:
        """The roll being played (in the ``move`` phase); before rolling, GameFlowError."""
        roll = self.game.roll
        if roll is None:
            raise GameFlowError(_("There is no roll to play: roll the dice first."))
        return roll

    def turn_plays(self) -> TurnPlays:
        """The engine's answers about the turn being played: its legal plays (the game's, computed
        once a turn) and what follows from them, kept for the turn's clicks."""
        position, roll, numbering = self.game.position, self._dice, self.board.perspective
        if self._turn is None or not self._turn.is_for(position, roll, numbering):
            self._turn = TurnPlays(position, roll, self.game.legal_plays(), numbering=numbering)
        return self._turn

    def _explain(self, attempted: Attempt, complete: bool | None = None) -> Verdict:
        return self.turn_plays().explain(attempted, complete)

    def _who(self, player: Player) -> str:
        return say.who(player, self.is_bot(player))

    # -- messages -------------------------------------------------------------------------------
    def _note(self, text: str) -> None:
        """Add a sentence to what the learner reads after the action in progress."""
        self._notes.append(text)

    def _publish(self, kind: str = "info") -> None:
        """The notes of this action, then what happens next (whose turn, the roll)."""
        text = " ".join(self._notes + [self.prompt()]).strip()
        self._notes = []
        if self.game.is_over:
            kind = "info" if self.bot is None else "ok" if self.game.winner is self.human else "loss"
        self.board.say(text, kind)

    def prompt(self) -> str:
        """One sentence: what happens next and who does it."""
        return say.prompt(self.game, self._who, lambda: self._explain("", complete=True).message,
                          long_nardy=self._long_nardy)

    def _why_not_moving(self) -> str:
        actor = self.actor()
        return say.why_not_moving(self.game, self._who, actor, self.is_bot(actor))

    # -- games ----------------------------------------------------------------------------------
    def new_game(self, position: Position | None = None, roll: RollLike | None = None) -> None:
        """Start a new game (from ``position``, else the start with an opening roll)."""
        from ..game import Game

        self.clear_turn()
        self.last_play = None
        self._notes = []
        if position is None:
            if roll is not None:
                raise BglearnError("a roll can be set only with a position; the start has an opening roll.")
            self.game = Game(dice=self.board.dice, **self.game_options)
            self._note(say.opening_note(self.game.start(), long_nardy=self._long_nardy))
        else:
            self.game = Game(dice=self.board.dice, position=position, first=position.turn, **self.game_options)
            if roll is not None:
                self.game.roll_dice(as_roll(roll))
        self.after_action()

    def use_game(self, game: Game) -> None:
        """Play on with an existing :class:`~bglearn.game.Game` (a match's next game, say)."""
        self.clear_turn()
        self.last_play = None
        self.game = game
        self.after_action()

    def clear_turn(self) -> None:
        """Forget the moves made so far this turn and the selected checker (a new turn, or setup)."""
        self.pending = []
        self.selected = None
        self.targets = {}

    def after_action(self, kind: str = "info") -> None:
        """Let the computer act, roll automatically when asked, publish the message, redraw."""
        self._advance()
        self._publish(kind)
        self.board.changed()

    def _advance(self) -> None:
        game = self.game
        for _step in range(64):
            if game.is_over:
                return
            actor = game.to_act
            phase = game.phase
            if phase == "opening":
                game.start()
                continue
            if not self.is_bot(actor):
                if phase == "roll" and self.auto_roll and not game.may_double():
                    game.roll_dice()
                    continue
                return
            self._bot_act(phase, actor)

    def _bot_act(self, phase: str, actor: Player) -> None:
        game, bot = self.game, self.bot
        name = self._who(actor)
        if phase == "roll":
            if game.may_double() and _ask(bot, "wants_to_double", game, False):
                game.double()
                self._note(say.doubles(name, game))
                return
            game.roll_dice()
        elif phase == "move":
            roll = self._dice
            play = bot.choose(game.position, roll)
            if play is None or play.is_empty:
                self._note(say.bot_cannot_move(name, roll, self._explain("", complete=True).message))
            else:
                self._note(say.bot_played(name, roll, self._numbers.play(actor, play.moves, play.notation)))
            self._finish(play if play is not None else Play(game.position, roll, ()))
        elif phase == "respond":
            if _ask(bot, "accepts", game, True):
                game.take()
                self._note(say.takes(name, game))
            else:
                game.drop()
                self._note(say.drops(name))
                self.board.emit("game_over", game)
        elif phase == "resign":
            game.accept_resignation()
            self._note(say.bot_accepts_resignation(name))
            self.board.emit("game_over", game)
        else:  # pragma: no cover - a phase the contract does not name
            raise GameFlowError(f"the board does not know the game phase {phase!r}.")

    def _finish(self, play: Play) -> Play:
        """Play ``play`` as the whole turn through the game and notify."""
        played = self.game.play(play)
        played = played if isinstance(played, Play) else play
        self.last_play = played
        self.clear_turn()
        self.board.emit("turn_end", played)
        if self.game.is_over:
            self.board.emit("game_over", self.game)
        return played

    # -- dice and the cube ----------------------------------------------------------------------
    def roll_dice(self, roll: RollLike | None = None) -> Roll:
        """Throw the dice (or set ``roll``, for a lesson) for the side to play."""
        r = self.game.roll_dice(None if roll is None else as_roll(roll))
        self.clear_turn()
        self.after_action()
        return r

    def double(self) -> None:
        """Offer the cube (the side to act, before rolling). A refusal is explained."""
        self._cube_action(self.game.double, lambda who: say.doubles(who, self.game))

    def take(self) -> None:
        """Accept the offered cube."""
        self._cube_action(self.game.take, lambda who: say.takes(who, self.game))

    def drop(self) -> None:
        """Refuse the offered cube: the game ends."""
        self._cube_action(self.game.drop, say.drops)

    def _cube_action(self, action: Callable[[], Any], words: Callable[[str], str]) -> None:
        """Do a cube ``action`` of the side to act, then say so (``words(who)``); a refusal is explained."""
        who = self._who(self.game.to_act)
        try:
            action()
        except (CubeActionError, GameFlowError) as exc:
            self.refuse(str(exc))
            return
        self._note(words(who))
        if self.game.is_over:  # a drop
            self.board.emit("game_over", self.game)
        self.after_action()

    def _refused(self, verdict: Verdict) -> str:
        """Keep ``verdict`` (an illegal attempt's) as :attr:`refusal`; its message."""
        self.refusal = (verdict.message, verdict.reason)
        return verdict.message

    def refuse(self, text: str) -> None:
        """Show ``text`` as a refusal and redraw (nothing changes on the board)."""
        self.board.say(text, "error")
        self.board.changed()

    # -- moving by pointer ----------------------------------------------------------------------
    def destinations(self, source: int) -> dict[int, tuple[Move, ...]]:
        """Where the mover's checker on ``source`` may go now: destination -> the moves that take
        it there (one move for one die; several when only consecutive dice reach it)."""
        if self.phase != "move":
            return {}
        return self.turn_plays().destinations(source, self.pending)

    def movable(self) -> list[int]:
        """The points (mover's numbering; 25 = bar) whose checker may move now."""
        if self.phase != "move":
            return []
        return self.turn_plays().movable(self.pending)

    def _pointer_ready(self) -> bool:
        return self.phase == "move" and not self.is_bot(self.game.turn)

    def select(self, source: int) -> None:
        """Select the mover's checker on ``source`` (25 = bar); its destinations become
        :attr:`targets`, and the message names them. A checker that cannot move is explained."""
        if not self._pointer_ready():
            self.board.say(self._why_not_moving(), "error")
            return
        mover = self.game.turn
        if not self._own(source):
            self.selected, self.targets = None, {}
            self.refusal = (Reason.NO_CHECKER.rule, Reason.NO_CHECKER)
            self.board.say(Reason.NO_CHECKER.rule, "error")
            return
        dests = self.destinations(source)
        if not dests:
            self.selected, self.targets = None, {}
            self.board.say(self._why_stuck(source), "error")
            return
        self.selected, self.targets = source, dests
        order = sorted(dests, key=lambda d: -1 if d == OFF else self._numbers.number(mover, d), reverse=True)
        self.board.say(say.selected(self._numbers.where(mover, source), [self._numbers.word(mover, d) for d in order]))

    def _why_stuck(self, source: int) -> str:
        """The engine's reason the checker on ``source`` cannot move now."""
        left = self.dice_left
        if not left:
            return say.no_dice_left(self._explain(list(self.pending), complete=True).message)
        for d in sorted(set(left), reverse=True):
            start = 25 if source == BAR else source
            dest = start - d if start - d > 0 else OFF
            verdict = self._explain(self.pending + [Move(source, dest, d)], complete=False)
            if not verdict.legal:
                return self._refused(verdict)
        return Reason.MUST_MOVE.rule

    def move_to(self, destination: int) -> None:
        """Move the selected checker to ``destination`` (0 = off). A destination that is not
        legal is refused and the engine's explanation becomes the message."""
        if self.selected is None:
            self.board.say(say.select_first(), "error")
            return
        path = self.targets.get(destination)
        if path is None:
            self.board.say(self._why_not(self.selected, destination), "error")
            return
        self._make(path)

    def _make(self, path: tuple[Move, ...]) -> None:
        mover = self.game.turn
        self.pending.extend(path)
        self.selected, self.targets = None, {}
        for m in path:
            self.board.emit("move", m)
        moved = self._numbers.moves(mover, path)
        if self.turn_complete():
            verdict = self._explain(list(self.pending), complete=True)
            if verdict.legal:
                self.board.say(say.moved_all_dice(moved), "info")
            else:
                self.board.say(f"{moved}. {self._refused(verdict)}", "error")
        else:
            self.board.say(say.moved_with_dice_left(moved, self.dice_left))

    def turn_complete(self) -> bool:
        """True when no further single move may be made this turn."""
        return not self.turn_plays().continuations(self.pending)

    def _why_not(self, source: int, destination: int) -> str:
        """The engine's explanation of the refused move ``source`` -> ``destination``."""
        left = self.dice_left
        if not left:
            return say.no_dice_left(self._explain(list(self.pending), complete=True).message)
        if destination == OFF:
            dice = [d for d in sorted(set(left)) if d >= source] or sorted(set(left), reverse=True)
            verdict = self._explain(self.pending + [Move(source, OFF, dice[0])], complete=False)
        elif 0 < source - destination and (source - destination) in left:
            d = source - destination
            hit = (not self._long_nardy  # Long Nardy has no hitting: an occupied point is closed
                   and self.position.owner(destination, self.game.turn)[0] is self.game.turn.opponent)
            verdict = self._explain(self.pending + [Move(source, destination, d, hit)], complete=False)
        else:
            word = {BAR: "bar", OFF: "off"}
            text = " ".join([str(m) for m in self.pending]
                            + [f"{word.get(source, source)}/{word.get(destination, destination)}"])
            verdict = self._explain(text, complete=False)
        if verdict.legal:  # e.g. a chain the engine accepts but the board does not offer
            self.refusal = (Reason.DIE_MISMATCH.rule, Reason.DIE_MISMATCH)
            return Reason.DIE_MISMATCH.rule
        return self._refused(verdict)

    def _own(self, n: int) -> bool:
        here = self.position.checkers(self.game.turn)
        return bool(here[0] if n == BAR else here[n] if 1 <= n <= 24 else 0)

    def click(self, kind: str, value: Any) -> None:
        """A click on a point (``value``: printed number), a bar or a tray (``value``: its colour)."""
        if not self._pointer_ready():
            self.board.say(self._why_not_moving(), "error")
            return
        mover = self.game.turn
        if value is None:
            value = mover
        if kind == "point":
            n: int | None = self._numbers.number(mover, value)
        elif kind == "bar":
            n = BAR if value is mover else None
        else:
            n = OFF if value is mover else None
        if n is None:
            self.board.say(Reason.NO_CHECKER.rule, "error")
        elif self.selected is not None and n == self.selected:
            self.selected, self.targets = None, {}
            self.board.say(say.selection_cleared())
        elif self.selected is not None and (n in self.targets or n == OFF or not self._own(n)):
            self.move_to(n)
        elif n == OFF:
            self.board.say(say.tray_needs_selection(), "error")
        else:
            self.select(n)

    def move_die(self, kind: str, value: Any, die: int) -> None:
        """Move the checker on a clicked target (``kind``/``value`` as :meth:`click` takes them) by one
        ``die`` — the board's digit keys: a select and a move in one key press. A die not left to
        play, or a move the rules refuse, is explained by the engine; nothing is moved then."""
        if not self._pointer_ready():
            self.board.say(self._why_not_moving(), "error")
            return
        mover = self.game.turn
        if kind == "point":
            source: int | None = self._numbers.number(mover, value)
        elif kind == "bar":
            source = BAR if value in (None, mover) else None
        else:
            source = None
        if source is None or not self._own(source):
            self.selected, self.targets = None, {}
            self.board.say(Reason.NO_CHECKER.rule, "error")
            return
        if die not in self.dice_left:
            self.selected, self.targets = None, {}
            left = self.dice_left
            self.board.say(_("There is no {die} to play: the dice left are {left}.").format(
                die=die, left=dice_words(left)) if left else
                say.no_dice_left(self._explain(list(self.pending), complete=True).message), "error")
            return
        self.selected, self.targets = source, self.destinations(source)
        for dest, path in self.targets.items():
            if len(path) == 1 and path[0].die == die:
                self._make(path)
                return
        start = 25 if source == BAR else source
        self.board.say(self._why_not(source, start - die if start - die > 0 else OFF), "error")
        self.selected, self.targets = None, {}

    def move(self, text: str) -> None:
        """Make single moves from notation, like clicks (``"13/7"``, ``"bar/22"``); each step must be
        a destination the board offers. Raises :class:`IllegalPlayError` with the reason."""
        try:
            self._moves_from_text(text)
        finally:
            self.board.changed()

    def _moves_from_text(self, text: str) -> None:
        """The moves of ``text`` made one by one as clicks would (no redraw); the first one refused
        raises :class:`IllegalPlayError` with the board's message (the engine's reason)."""
        from ..notation import parse_moves

        for seg in parse_moves(text):
            for _copy in range(seg.count):
                for a, b in zip(seg.path, seg.path[1:]):
                    self.select(a)
                    if self.selected is None:
                        raise IllegalPlayError(self.board.message)
                    self.move_to(b)
                    if self.selected is not None:
                        raise IllegalPlayError(self.board.message)

    def type_play(self, text: str) -> Play | None:
        """A play the learner typed (``"8/5 6/5"``, in the mover's numbers): its moves are made as
        clicks would make them, after the moves already made this turn (or, when that is refused,
        as the whole turn from its start), and when they complete a legal play the turn ends (as
        with Done; the played :class:`Play` is returned). All or nothing: a play refused or not
        readable changes nothing, and the message is the engine's reason."""
        if not text.strip():
            self.refuse(_("Type a play, e.g. 8/5 6/5."))
            return None
        before = list(self.pending)
        starts = [before, []] if before else [before]
        problem: BglearnError | None = None
        for start in starts:
            self.pending = list(start)
            self.selected, self.targets = None, {}
            try:
                self._moves_from_text(text)
                if self.turn_complete():
                    verdict = self._explain(list(self.pending), complete=True)
                    if not verdict.legal or verdict.play is None:
                        raise IllegalPlayError(verdict.message)
                    return self._end_turn(verdict.play)
            except BglearnError as exc:   # IllegalPlayError, NotationError: nothing of it stays
                problem = problem or exc
                continue
            self.board.changed()
            return None
        self.pending = before
        self.selected, self.targets = None, {}
        self.refuse(str(problem))
        return None

    def undo(self) -> Move | None:
        """Take back the last move of this turn (``None`` when there is none)."""
        if not self.pending:
            self.refuse(say.nothing_to_undo())
            return None
        m = self.pending.pop()
        self.selected, self.targets = None, {}
        self.board.say(say.took_back(self._numbers.move(self.game.turn, m)))
        self.board.changed()
        return m

    def done(self) -> Play | None:
        """End the turn if the moves made are a legal play (then it is played through the game);
        otherwise refuse with the engine's explanation and return ``None``."""
        if not self._pointer_ready():
            self.refuse(self._why_not_moving())
            return None
        verdict = self._explain(list(self.pending), complete=True)
        if not verdict.legal or verdict.play is None:
            self.refuse(self._refused(verdict))
            return None
        return self._end_turn(verdict.play)

    def _end_turn(self, play: Play) -> Play:
        mover = self.game.turn
        if play.is_empty:
            self._note(say.cannot_move_passes(self._who(mover), play.roll))
        else:
            self._note(say.played(self._who(mover), self._numbers.play(mover, play.moves, play.notation)))
        played = self._finish(play)
        self.after_action()
        return played

    def play(self, play: Play | str) -> Play:
        """Play a whole turn from code (``"13/7 8/7"`` or a :class:`Play`), discarding moves made
        on the board this turn. Illegal plays raise :class:`IllegalPlayError` (``.verdict``)."""
        if self.phase != "move":
            raise GameFlowError(self._why_not_moving())
        if isinstance(play, str):
            try:
                play = parse_play(self.game.position, self._dice, play)
            except IllegalPlayError as exc:
                self.refuse(str(exc))
                raise
        self.clear_turn()
        return self._end_turn(play)

    # -- what the board shows -------------------------------------------------------------------
    def can_type(self) -> bool:
        """True when a person may play a move now (by pointer, keys or a typed play)."""
        return self._pointer_ready()

    def focus_order(self) -> dict[str, list[str]]:
        """Where the board's N / P keys lead (``board.js``), as CSS selectors of the drawing's
        targets: ``movable``, the points (or the bar) whose checker may move now, and ``targets``,
        the selected checker's legal destinations; both from the mover's farthest point to the
        nearest, the tray last; ``all``, every target in that order (where N goes on from a point
        not in the list). Empty lists when no person is to move."""
        if not self._pointer_ready():
            return {"movable": [], "targets": [], "all": []}
        try:
            far_first = sorted(self.movable(), reverse=True)
        except IllegalPlayError:  # practice mode: the moves made so far break a rule, so no move is "legal"
            far_first = []
        dests = sorted(self.targets, reverse=True)
        return {"movable": [self._target_key(n) for n in far_first],
                "targets": [self._target_key(n) for n in dests],
                "all": [self._target_key(n) for n in range(BAR, OFF - 1, -1)]}

    def _target_key(self, n: int) -> str:
        """The selector of the mover's point ``n`` (25 = bar, 0 = off) in the drawing."""
        colour = "white" if self.game.turn is WHITE else "red"
        if n == BAR:
            return f'[data-bar="{colour}"]'
        if n == OFF:
            return f'[data-off="{colour}"]'
        return f'[data-point="{self._numbers.number(self.game.turn, n)}"]'

    def summary(self) -> str:
        """The whole position in words (what happens now, the dice, pips, points, bar, trays), for
        the board's summary key: :func:`bglearn.widgets.summary.position_summary`."""
        from .summary import position_summary

        return position_summary(self.position, perspective=self.board.perspective, headline=self.prompt(),
                                dice=self.dice_state)

    def _screen(self, n: int) -> int | str:
        """A point of the mover's numbering as the renderer's ``highlight`` wants it."""
        if n == BAR:
            return "bar"
        if n == OFF:
            return "off"
        return self._numbers.number(self.game.turn, n)

    def view(self) -> dict[str, Any]:
        """The renderer's options for the board as it should look now (``bglearn.svg.render``)."""
        game = self.game
        view = {"position": self.position, "perspective": self.board.perspective,
                **self.cube_view(), **self.score_view()}
        if game.is_over:
            view["on_roll"] = False
        if self.phase == "move":
            view["dice"] = game.roll
            view["highlight"] = [self._screen(t) for t in sorted(self.targets, reverse=True)]
            if self.selected is not None:
                view["selected"] = self._screen(self.selected)
            if self.pending:
                view["arrows"] = list(self.pending)
            elif self.last_play is not None and not self.last_play.is_empty:
                view["last_play"] = self.last_play
        elif self.last_play is not None and not self.last_play.is_empty and not game.is_over:
            view["last_play"] = self.last_play
        return view

    def cube_view(self) -> dict[str, Any]:
        """The cube for the renderer (nothing in Long Nardy, which has no cube)."""
        if self._long_nardy:
            return {}
        cube = self.game.cube
        return {"cube": int(cube.value), "cube_owner": cube.owner}

    def score_view(self) -> dict[str, Any]:
        """The match score, length and Crawford flag for the renderer (nothing in money play)."""
        game = self.game
        if not game.length:
            return {}
        return {"score": tuple(game.score), "match_length": game.length, "crawford": bool(game.crawford)}

    def controls(self) -> list[Control]:
        """The buttons to show now."""
        phase = self.phase
        human_acts = not self.is_bot(self.actor())
        if phase == "move":
            lost = not self.game.legal_plays()
            return [Control("undo", _("Undo"), enabled=bool(self.pending) and human_acts),
                    Control("done", _("Pass") if lost else _("Done"), enabled=human_acts)]
        if phase == "roll":
            if self._long_nardy:  # no cube, so no Double button
                return [Control("roll", _("Roll dice"), enabled=human_acts)]
            return [Control("roll", _("Roll dice"), enabled=human_acts),
                    Control("double", _("Double"), enabled=human_acts and self.game.may_double())]
        if phase == "respond":
            return [Control("take", _("Take"), enabled=human_acts), Control("drop", _("Drop"), enabled=human_acts)]
        if phase == "over":
            return [Control("new-game", _("New game"))]
        return []

    def actions(self) -> dict[str, Callable[[], Any]]:
        """Each button's id -> what pressing it does."""
        return {"undo": self.undo, "done": self.done, "roll": self.roll_dice, "double": self.double,
                "take": self.take, "drop": self.drop, "new-game": self.new_game}

    def control(self, cid: str) -> None:
        """Press the button ``cid``; a refusal by the game is shown, not raised."""
        action = self.actions().get(cid)
        if action is None:
            raise BglearnError(_("unknown control {cid!r}.").format(cid=cid))
        try:
            action()
        except (GameFlowError, CubeActionError) as exc:
            self.refuse(str(exc))

    def status_words(self) -> str:
        """What the board is doing, in a few words (``White to play, roll 3-1, 0 moves pending``)."""
        return say.status_words(self.game, len(self.pending), self.actor())

    def status(self) -> str:
        """One line: who acts, the dice, the cube, the pip counts, the match score."""
        return say.status_line(self.status_words(), self.game, self.position, bot=self.bot, human=self.human,
                               long_nardy=self._long_nardy)


def _ask(bot: Any, method: str, game: Any, default: bool) -> bool:
    fn = getattr(bot, method, None)
    return bool(fn(game)) if callable(fn) else default
