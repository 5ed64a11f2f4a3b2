"""Playing a game on the board: two people at one board, or a person against a computer player.

A :class:`PlayMode` wraps a :class:`bglearn.game.Game` and adds only what a pointer needs: the checker
selected, the single-die moves made so far this turn (``pending``), undo, and the sentences the
learner reads. Every rules question goes to the engine:

- a selected checker's destinations come from :func:`bglearn.destinations.checker_destinations`
  (the engine's ``legal_continuations``, chained for one checker);
- refused moves and a refused "done" are explained by :func:`bglearn.explain.explain`, in the point
  numbers printed on the board;
- rolling, playing, the cube and the end of the game are the :class:`~bglearn.game.Game`'s.

A turn that cannot be played is never passed silently for a person: the roll stays on the board
with the engine's reason and a **Pass** button, and only then does the other side (or the
computer) go on. Points are in the **mover's** numbering (``BAR`` = 25, ``OFF`` = 0) unless a name
says otherwise.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ..destinations import checker_destinations, movable_points
from ..dice import Roll, RollLike, as_roll
from ..errors import BglearnError, CubeActionError, GameFlowError, IllegalPlayError
from ..explain import Reason, legal_continuations, parse_play
from ..plays import BAR, OFF, Move, Play
from ..position import RED, WHITE, Player, Position
from .common import Control, dice_words, judge, plural

if TYPE_CHECKING:  # pragma: no cover
    from .session import BoardSession

__all__ = ["PlayMode"]


class PlayMode:
    """A game on the board: ``bot=None`` for two people, else the computer plays the side that is
    not ``human``. ``name`` is ``"humans"`` or ``"computer"``."""

    def __init__(self, board: "BoardSession", *, bot: Any = None, human: Player = WHITE,
                 auto_roll: bool = False, game_options: dict | None = None) -> None:
        self.board = board
        self.bot = bot
        self.human = human
        self.auto_roll = auto_roll
        self.game_options = dict(game_options or {})
        self.game: Any = None
        self.pending: list[Move] = []
        self.selected: int | None = None
        self.targets: dict[int, tuple[Move, ...]] = {}
        self.last_play: Play | None = None
        self._notes: list[str] = []

    @property
    def name(self) -> str:
        return "humans" if self.bot is None else "computer"

    # -- reading --------------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        return self.game.phase

    @property
    def roll(self) -> Roll | None:
        return self.game.roll if self.phase == "move" else None

    @property
    def position(self) -> Position:
        """The turn's position with the pending moves made (the mover still on roll)."""
        base = self.game.position
        if not self.pending:
            return base
        return Play(base, self.game.roll, self.pending).result.with_turn(base.turn)

    @property
    def dice_left(self) -> tuple[int, ...]:
        if self.roll is None:
            return ()
        left = list(self.roll.dice)
        for m in self.pending:
            if m.die in left:
                left.remove(m.die)
        return tuple(left)

    @property
    def dice_state(self) -> list[dict]:
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
        return self.bot is not None and player is not None and player is not self.human

    @property
    def _numbers(self):
        return self.board.numbers

    def _explain(self, attempted, complete: bool | None = None):
        return judge(self.game.position, self.game.roll, attempted, complete=complete,
                     numbering=self.board.perspective)

    def _who(self, player: Player) -> str:
        return f"{player} (computer)" if self.is_bot(player) else str(player)

    # -- messages -------------------------------------------------------------------------------
    def _note(self, text: str) -> None:
        """Add a sentence to what the learner reads after the action in progress."""
        self._notes.append(text)

    def _publish(self, kind: str = "info") -> None:
        """The notes of this action, then what happens next (whose turn, the roll)."""
        text = " ".join(self._notes + [self.prompt()]).strip()
        self._notes = []
        if self.game.is_over:
            kind = self._over_kind()
        self.board.say(text, kind)

    def _over_kind(self) -> str:
        if self.bot is None:
            return "info"
        return "ok" if self.game.winner is self.human else "loss"

    def prompt(self) -> str:
        """One sentence: what happens next and who does it."""
        game = self.game
        if game.is_over:
            return self._result_words()
        actor = self.actor()
        phase = game.phase
        if phase == "move":
            if not game.legal_plays():
                verdict = self._explain("", complete=True)
                return f"{self._who(actor)} rolled {game.roll}. {verdict.message} Press Pass."
            return f"{self._who(actor)} to play {game.roll}."
        if phase == "roll":
            may = game.may_double()
            return f"{self._who(actor)} to roll{' or double' if may else ''}."
        if phase == "respond":
            return f"{self._who(actor)}: take or drop the cube at {_offered_value(game)}?"
        if phase == "resign":
            return f"{self._who(actor)}: accept or refuse the resignation?"
        return f"{self._who(actor)} to start."

    def _result_words(self) -> str:
        game = self.game
        word = getattr(game.result_kind, "word", "single")
        text = f"Game over: {game.winner} wins"
        text += f" a {word}" if word != "single" else ""
        return text + f" and scores {plural(game.points, 'point')}."

    # -- games ----------------------------------------------------------------------------------
    def new_game(self, position: Position | None = None, roll: RollLike | None = None) -> None:
        """Start a new game (from ``position``, else the start with an opening roll)."""
        from ..game import Game

        self._clear_turn()
        self.last_play = None
        self._notes = []
        if position is None:
            if roll is not None:
                raise BglearnError("a roll can be set only with a position; the start has an opening roll.")
            self.game = Game(dice=self.board.dice, **self.game_options)
            opening = self.game.start()
            self._note(f"Opening roll: White throws {opening.white_die}, Red throws {opening.red_die}; "
                       f"{opening.starter} starts with {opening.roll}.")
        else:
            self.game = Game(dice=self.board.dice, position=position, first=position.turn, **self.game_options)
            if roll is not None:
                self.game.roll_dice(as_roll(roll))
        self.after_action()

    def use_game(self, game: Any) -> None:
        """Play on with an existing :class:`~bglearn.game.Game` (a match's next game, say)."""
        self._clear_turn()
        self.last_play = None
        self.game = game
        self.after_action()

    def _clear_turn(self) -> None:
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
        for _ in range(64):
            if game.is_over:
                return
            actor = self.actor()
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
                self._note(f"{name} doubles to {_offered_value(game)}.")
                return
            game.roll_dice()
        elif phase == "move":
            roll = game.roll
            play = bot.choose(game.position, roll)
            if play is None or play.is_empty:
                verdict = self._explain("", complete=True)
                self._note(f"{name} rolled {roll} and cannot move: {verdict.message}")
            else:
                self._note(f"{name} rolled {roll} and played "
                           f"{self._numbers.play(actor, play.moves, play.notation)}.")
            self._finish(play if play is not None else Play(game.position, roll, ()))
        elif phase == "respond":
            if _ask(bot, "accepts", game, True):
                game.take()
                self._note(f"{name} takes: the cube is at {game.cube.value}.")
            else:
                game.drop()
                self._note(f"{name} drops.")
                self.board.emit("game_over", game)
        elif phase == "resign":
            game.accept_resignation()
            self._note(f"{name} accepts the resignation.")
            self.board.emit("game_over", game)
        else:  # pragma: no cover - a phase the contract does not name
            raise GameFlowError(f"the board does not know the game phase {phase!r}.")

    def _finish(self, play: Play) -> Play:
        """Play ``play`` as the whole turn through the game and notify."""
        played = self.game.play(play)
        played = played if isinstance(played, Play) else play
        self.last_play = played
        self._clear_turn()
        self.board.emit("turn_end", played)
        if self.game.is_over:
            self.board.emit("game_over", self.game)
        return played

    # -- dice and the cube ----------------------------------------------------------------------
    def roll_dice(self, roll: RollLike | None = None) -> Roll:
        """Throw the dice (or set ``roll``, for a lesson) for the side to play."""
        r = self.game.roll_dice(None if roll is None else as_roll(roll))
        self._clear_turn()
        self.after_action()
        return r

    def double(self) -> None:
        """Offer the cube (the side to act, before rolling). A refusal is explained."""
        doubler = self.game.turn
        try:
            self.game.double()
        except (CubeActionError, GameFlowError) as exc:
            self.refuse(str(exc))
            return
        self._note(f"{self._who(doubler)} doubles to {_offered_value(self.game)}.")
        self.after_action()

    def take(self) -> None:
        """Accept the offered cube."""
        taker = self.actor()
        try:
            self.game.take()
        except (CubeActionError, GameFlowError) as exc:
            self.refuse(str(exc))
            return
        self._note(f"{self._who(taker)} takes: the cube is at {self.game.cube.value}.")
        self.after_action()

    def drop(self) -> None:
        """Refuse the offered cube: the game ends."""
        dropper = self.actor()
        try:
            self.game.drop()
        except (CubeActionError, GameFlowError) as exc:
            self.refuse(str(exc))
            return
        self._note(f"{self._who(dropper)} drops.")
        self.board.emit("game_over", self.game)
        self.after_action()

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
        return checker_destinations(self.game.position, self.game.roll, source, self.pending)

    def movable(self) -> list[int]:
        """The points (mover's numbering; 25 = bar) whose checker may move now."""
        if self.phase != "move":
            return []
        return movable_points(self.game.position, self.game.roll, self.pending)

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
            self.board.say(Reason.NO_CHECKER.rule, "error")
            return
        dests = self.destinations(source)
        if not dests:
            self.selected, self.targets = None, {}
            self.board.say(self._why_stuck(source), "error")
            return
        self.selected, self.targets = source, dests
        order = sorted(dests, key=lambda d: -1 if d == OFF else self._numbers.number(mover, d), reverse=True)
        names = [self._numbers.word(mover, d) for d in order]
        self.board.say(f"Selected the checker on {self._numbers.where(mover, source)}. "
                       f"It can go to {_or_words(names)}.")

    def _why_stuck(self, source: int) -> str:
        """The engine's reason the checker on ``source`` cannot move now."""
        left = self.dice_left
        if not left:
            return "No dice are left to play. " + self._explain(list(self.pending), complete=True).message
        for d in sorted(set(left), reverse=True):
            start = 25 if source == BAR else source
            dest = start - d if start - d > 0 else OFF
            verdict = self._explain(self.pending + [Move(source, dest, d)], complete=False)
            if not verdict.legal:
                return verdict.message
        return Reason.MUST_MOVE.rule

    def move_to(self, destination: int) -> None:
        """Move the selected checker to ``destination`` (0 = off). A destination that is not
        legal is refused and the engine's explanation becomes the message."""
        if self.selected is None:
            self.board.say("Select one of your checkers first, then the point it goes to.", "error")
            return
        path = self.targets.get(destination)
        if path is None:
            self.board.say(self._why_not(self.selected, destination), "error")
            return
        self._make(path)

    def _make(self, path) -> None:
        mover = self.game.turn
        self.pending.extend(path)
        self.selected, self.targets = None, {}
        for m in path:
            self.board.emit("move", m)
        moved = self._numbers.moves(mover, path)
        if self.turn_complete():
            verdict = self._explain(list(self.pending), complete=True)
            if verdict.legal:
                self.board.say(f"{moved}. All dice played: press Done to end your turn.", "info")
            else:
                self.board.say(f"{moved}. {verdict.message}", "error")
        else:
            left = self.dice_left
            self.board.say(f"{moved}. {plural(len(left), 'die', 'dice')} left to play: {dice_words(left)}.")

    def turn_complete(self) -> bool:
        """True when no further single move may be made this turn."""
        return not legal_continuations(self.game.position, self.game.roll, self.pending)

    def _why_not(self, source: int, destination: int) -> str:
        """The engine's explanation of the refused move ``source`` -> ``destination``."""
        left = self.dice_left
        if not left:
            return "No dice are left to play. " + self._explain(list(self.pending), complete=True).message
        if destination == OFF:
            dice = [d for d in sorted(set(left)) if d >= source] or sorted(set(left), reverse=True)
            verdict = self._explain(self.pending + [Move(source, OFF, dice[0])], complete=False)
        elif 0 < source - destination and (source - destination) in left:
            d = source - destination
            hit = self.position.owner(destination, self.game.turn)[0] is self.game.turn.opponent
            verdict = self._explain(self.pending + [Move(source, destination, d, hit)], complete=False)
        else:
            word = {BAR: "bar", OFF: "off"}
            text = " ".join([str(m) for m in self.pending]
                            + [f"{word.get(source, source)}/{word.get(destination, destination)}"])
            verdict = self._explain(text, complete=False)
        if verdict.legal:  # e.g. a chain the engine accepts but the board does not offer
            return Reason.DIE_MISMATCH.rule
        return verdict.message

    def _why_not_moving(self) -> str:
        phase = self.phase
        if phase == "over":
            return "The game is over: press New game to play again."
        if self.is_bot(self.actor()):
            return f"It is {self._who(self.actor())}'s turn."
        if phase == "roll":
            return f"{self.game.turn}: roll the dice first{' (or double)' if self.game.may_double() else ''}."
        if phase == "respond":
            return f"{self.actor()}: take or drop the cube first."
        return f"Nothing to move now ({phase})."

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
            self.board.say("Selection cleared.")
        elif self.selected is not None and (n in self.targets or n == OFF or not self._own(n)):
            self.move_to(n)
        elif n == OFF:
            self.board.say("Select a checker first, then the tray to bear it off.", "error")
        else:
            self.select(n)

    def move(self, text: str) -> None:
        """Make single moves from notation, like clicks (``"13/7"``, ``"bar/22"``); each step must be
        a destination the board offers. Raises :class:`IllegalPlayError` with the reason."""
        from ..notation import parse_moves

        try:
            for seg in parse_moves(text):
                for _ in range(seg.count):
                    for a, b in zip(seg.path, seg.path[1:]):
                        self.select(a)
                        if self.selected is None:
                            raise IllegalPlayError(self.board.message)
                        self.move_to(b)
                        if self.selected is not None:
                            raise IllegalPlayError(self.board.message)
        finally:
            self.board.changed()

    def undo(self) -> Move | None:
        """Take back the last move of this turn (``None`` when there is none)."""
        if not self.pending:
            self.refuse("Nothing to undo this turn.")
            return None
        m = self.pending.pop()
        self.selected, self.targets = None, {}
        self.board.say(f"Took back {self._numbers.move(self.game.turn, m)}.")
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
            self.refuse(verdict.message)
            return None
        return self._end_turn(verdict.play)

    def _end_turn(self, play: Play) -> Play:
        mover = self.game.turn
        if play.is_empty:
            self._note(f"{self._who(mover)} cannot move with {play.roll} and passes.")
        else:
            self._note(f"{self._who(mover)} played {self._numbers.play(mover, play.moves, play.notation)}.")
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
                play = parse_play(self.game.position, self.game.roll, play)
            except IllegalPlayError as exc:
                self.refuse(str(exc))
                raise
        self._clear_turn()
        return self._end_turn(play)

    # -- what the board shows -------------------------------------------------------------------
    def _screen(self, n: int) -> int | str:
        """A point of the mover's numbering as the renderer's ``highlight`` wants it."""
        if n == BAR:
            return "bar"
        if n == OFF:
            return "off"
        return self._numbers.number(self.game.turn, n)

    def view(self) -> dict:
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

    def cube_view(self) -> dict:
        cube = self.game.cube
        return {"cube": int(cube.value), "cube_owner": cube.owner}

    def score_view(self) -> dict:
        """The match score, length and Crawford flag for the renderer (nothing in money play)."""
        game = self.game
        if not game.length:
            return {}
        return {"score": tuple(game.score), "match_length": game.length, "crawford": bool(game.crawford)}

    def controls(self) -> list[Control]:
        phase = self.phase
        human_acts = not self.is_bot(self.actor())
        if phase == "move":
            lost = not self.game.legal_plays()
            return [Control("undo", "Undo", enabled=bool(self.pending) and human_acts),
                    Control("done", "Pass" if lost else "Done", enabled=human_acts)]
        if phase == "roll":
            return [Control("roll", "Roll dice", enabled=human_acts),
                    Control("double", "Double", enabled=human_acts and self.game.may_double())]
        if phase == "respond":
            return [Control("take", "Take", enabled=human_acts), Control("drop", "Drop", enabled=human_acts)]
        if phase == "over":
            return [Control("new-game", "New game")]
        return []

    def actions(self) -> dict[str, Callable[[], Any]]:
        return {"undo": self.undo, "done": self.done, "roll": self.roll_dice, "double": self.double,
                "take": self.take, "drop": self.drop, "new-game": self.new_game}

    def control(self, cid: str) -> None:
        action = self.actions().get(cid)
        if action is None:
            raise BglearnError(f"unknown control {cid!r}.")
        try:
            action()
        except (GameFlowError, CubeActionError) as exc:
            self.refuse(str(exc))

    def status_words(self) -> str:
        phase = self.phase
        game = self.game
        if phase == "over":
            return f"game over, {game.winner} won {plural(game.points, 'point')}"
        if phase == "move":
            return f"{game.turn} to play, roll {game.roll}, {plural(len(self.pending), 'move')} pending"
        if phase == "respond":
            return f"{self.actor()} to take or drop"
        if phase == "roll":
            return f"{game.turn} to roll"
        return f"{game.turn} to start"

    def status(self) -> str:
        """One line: who acts, the dice, the cube, the pip counts, the match score."""
        words = self.status_words()
        pos = self.position
        cube = self.game.cube
        owner = "centred" if cube.owner is None else f"owned by {cube.owner}"
        extra = f" · cube {cube.value} {owner} · pips White {pos.pip_count(WHITE)}, Red {pos.pip_count(RED)}"
        game = self.game
        if game.length:
            white, red = game.score
            extra += f" · {game.length}-point match, White {white} - Red {red}"
            if game.crawford:
                extra += " (Crawford game: no doubling)"
        if self.bot is not None:
            extra += f" · {self.human.opponent}: {getattr(self.bot, 'label', 'computer')}"
        return words[0].upper() + words[1:] + extra


def _offered_value(game: Any) -> int:
    offer = getattr(game.cube, "offer", None)
    return int(offer.value) if offer is not None else 2 * int(game.cube.value)


def _ask(bot: Any, method: str, game: Any, default: bool) -> bool:
    fn = getattr(bot, method, None)
    return bool(fn(game)) if callable(fn) else default


def _or_words(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]
