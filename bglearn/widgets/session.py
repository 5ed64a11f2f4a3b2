"""The board's state machine, without any Jupyter: what a click means, what is highlighted, when a
turn may end.

A :class:`BoardSession` wraps a :class:`bglearn.game.Game` and adds only what a pointer needs: the
checker selected, the single-die moves made so far this turn (``pending``), undo, and the message to
show under the board. Every rules question goes to the engine:

- a selected checker's destinations are :func:`bglearn.explain.legal_continuations` from its point,
  plus the points reachable by consecutive continuations of that same checker (both dice, or up to
  four steps with doubles — the shortest way, the engine's order breaking ties);
- a refused move and a refused "done" are explained by :func:`bglearn.explain.explain`, and that
  explanation is the message the learner reads;
- rolling, playing, the cube and the end of the game are the :class:`~bglearn.game.Game`'s (a
  refused cube action's :class:`~bglearn.errors.CubeActionError` text is shown as it is).

Points here are in the **mover's** numbering (``BAR`` = 25 as a source, ``OFF`` = 0 as a
destination). :meth:`BoardSession.click` takes what the browser reports — a point in the
*perspective's* numbering (``{"point": 13}``), a bar (``{"bar": "white"}``) or a tray
(``{"off": "white"}``) — and converts it.

>>> from bglearn.widgets.session import BoardSession
>>> from bglearn import Position
>>> s = BoardSession(mode="humans", position=Position(), roll="31")
>>> s.select(8)
>>> sorted(s.targets)
[4, 5, 7]
>>> s.move_to(5); s.select(6); s.move_to(5)
>>> s.done().notation
'8/5 6/5'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from ..dice import Dice, Roll, RollLike, as_roll
from ..errors import BglearnError, CubeActionError, GameFlowError, IllegalPlayError, InvalidPositionError
from ..explain import Reason, explain, legal_continuations, parse_play
from ..plays import BAR, OFF, Move, Play
from ..position import RED, WHITE, Player, Position

__all__ = ["BoardSession", "Control", "MODES", "make_bot"]

MODES = ("humans", "computer", "setup", "show")
"""``humans``: two people at one board; ``computer``: a person against a computer player;
``setup``: a teacher places checkers; ``show``: a given play is shown move by move."""

SETUP_TOOLS = ("white", "red", "remove")


@dataclass(frozen=True)
class Control:
    """A button under the board: ``id`` is what the browser sends back, ``label`` what it shows."""

    id: str
    label: str
    enabled: bool = True
    pressed: bool = False

    def as_dict(self) -> dict:
        return {"id": self.id, "label": self.label, "enabled": self.enabled, "pressed": self.pressed}


def make_bot(opponent: Any, seed: int | None = None):
    """A computer player from ``"random"``, ``"heuristic"`` or an object with ``choose``."""
    if isinstance(opponent, str):
        from .. import bots

        key = opponent.strip().lower()
        if key == "random":
            return bots.RandomBot(seed)
        if key in ("heuristic", "simple", "hitter"):
            return bots.HeuristicBot(seed)
        raise BglearnError(f"opponent must be 'random', 'heuristic' or a bot object, got {opponent!r}.")
    if not callable(getattr(opponent, "choose", None)):
        raise BglearnError(
            f"opponent must be 'random', 'heuristic' or a bot with a choose(position, roll) method, "
            f"got {type(opponent).__name__}."
        )
    return opponent


def _player(value: Any, what: str) -> Player:
    if isinstance(value, Player):
        return value
    if isinstance(value, str) and value.strip().lower() in ("white", "red"):
        return WHITE if value.strip().lower() == "white" else RED
    if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1):
        return Player(value)
    raise BglearnError(f"{what} must be WHITE or RED, got {value!r}.")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


class BoardSession:
    """One board: a game in progress (or a setup, or a play being shown) and a pointer's state.

    Parameters: ``mode`` (one of :data:`MODES`; default ``"computer"``: a person playing White
    against :class:`~bglearn.bots.HeuristicBot`); ``position`` to start from (default: the starting
    position with an opening roll; a given position skips the opening roll and its side on roll
    moves first); ``roll`` to set the first dice (for a lesson); ``seed`` for the dice source;
    ``opponent`` (``"heuristic"``, ``"random"`` or a bot) and ``human`` (the person's colour) for
    ``mode="computer"``; ``perspective`` (the colour at the bottom; default the human's side, else
    White); ``game`` to wrap an existing :class:`~bglearn.game.Game`; ``game_options`` passed to
    ``Game`` (``jacoby``, ``beavers``, ``max_cube``, ``match``).

    Callbacks (:meth:`on_move`, :meth:`on_turn_end`, :meth:`on_game_over`, :meth:`on_change`)
    receive the move, the finished turn's :class:`Play`, the game, and the session itself.
    """

    def __init__(
        self,
        *,
        mode: str = "computer",
        position: Position | None = None,
        roll: RollLike | None = None,
        seed: int | None = None,
        dice: Dice | None = None,
        opponent: Any = "heuristic",
        human: Player | str = WHITE,
        perspective: Player | str | None = None,
        game: Any = None,
        auto_roll: bool = False,
        **game_options: Any,
    ) -> None:
        if mode not in MODES:
            raise BglearnError(f"mode must be one of {', '.join(MODES)}, got {mode!r}.")
        if position is not None and not isinstance(position, Position):
            raise BglearnError(f"position must be a Position, got {type(position).__name__}.")
        self.human = _player(human, "human")
        self.perspective = self.human if perspective is None and mode == "computer" else (
            WHITE if perspective is None else _player(perspective, "perspective"))
        self.auto_roll = bool(auto_roll)
        self.dice = dice if dice is not None else Dice(seed)
        self.game_options = dict(game_options)
        self.bot = make_bot(opponent, seed) if mode == "computer" else None
        self.play_mode = "computer" if mode == "computer" else "humans"
        self.mode = self.play_mode
        self.pending: list[Move] = []
        self.selected: int | None = None
        self.targets: dict[int, tuple[Move, ...]] = {}
        self.message = ""
        self.message_kind = "info"   # "info" | "error" | "ok"
        self.last_play: Play | None = None
        self._offered_by: Player | None = None
        self._callbacks: dict[str, list[Callable]] = {"move": [], "turn_end": [], "game_over": [], "change": []}
        # setup and show state
        self.setup_tool = "white"
        self._setup_sides: list[list[int]] = [list(Position().white), list(Position().red)]
        self._setup_turn: Player = WHITE
        self.frames: list[dict] = []
        self.frame_index = 0
        self.shown_play: Play | None = None
        if game is not None:
            self.game = game
            self._after_change()
        else:
            self.new_game(position=position, roll=roll)
        if mode == "setup":
            self.start_setup(position if position is not None else Position())

    # -- reading --------------------------------------------------------------------------------
    @property
    def turn(self) -> Player:
        """The side whose turn it is."""
        return self.game.turn

    @property
    def roll(self) -> Roll | None:
        """The dice to play now (``None`` before rolling)."""
        return self.game.roll if self.phase == "move" else None

    @property
    def phase(self) -> str:
        """The game's phase: ``opening``, ``roll``, ``move``, ``respond``, ``resign`` or ``over``."""
        return self.game.phase

    @property
    def turn_position(self) -> Position:
        """The position at the start of the current turn (the game's position)."""
        return self.game.position

    @property
    def position(self) -> Position:
        """The position on the board: the turn's position with the pending moves made (the mover
        still on roll while the turn is open)."""
        base = self.game.position
        if not self.pending:
            return base
        return Play(base, self.game.roll, self.pending).result.with_turn(base.turn)

    @property
    def dice_left(self) -> tuple[int, ...]:
        """The die values not used yet this turn."""
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

    @property
    def is_over(self) -> bool:
        return bool(self.game.is_over)

    def actor(self) -> Player | None:
        """The side that must act now (the responder while a double is offered), None when over."""
        if self.game.is_over:
            return None
        return self.game.to_act

    def is_bot(self, player: Player | None) -> bool:
        return self.bot is not None and player is not None and player is not self.human

    # -- callbacks ------------------------------------------------------------------------------
    def on_move(self, callback: Callable[[Move], Any]) -> Callable:
        """Call ``callback(move)`` after every single-die move made on the board."""
        self._callbacks["move"].append(callback)
        return callback

    def on_turn_end(self, callback: Callable[[Play], Any]) -> Callable:
        """Call ``callback(play)`` when a turn is played (by a person, a script or the computer)."""
        self._callbacks["turn_end"].append(callback)
        return callback

    def on_game_over(self, callback: Callable[[Any], Any]) -> Callable:
        """Call ``callback(game)`` when the game ends (borne off, a drop or a resignation)."""
        self._callbacks["game_over"].append(callback)
        return callback

    def on_change(self, callback: Callable[["BoardSession"], Any]) -> Callable:
        """Call ``callback(session)`` after anything that changes what the board shows."""
        self._callbacks["change"].append(callback)
        return callback

    def _emit(self, kind: str, *args: Any) -> None:
        for cb in list(self._callbacks[kind]):
            cb(*args)

    def _say(self, text: str, kind: str = "info") -> None:
        self.message = text
        self.message_kind = kind

    # -- games ----------------------------------------------------------------------------------
    def new_game(self, position: Position | None = None, roll: RollLike | None = None) -> None:
        """Start a new game (from ``position``, else the start with an opening roll)."""
        from ..game import Game

        self.mode = self.play_mode
        self._clear_turn()
        self.last_play = None
        self._offered_by = None
        if position is None:
            self.game = Game(dice=self.dice, **self.game_options)
            if roll is not None:
                raise BglearnError("a roll can be set only with a position; the start has an opening roll.")
            opening = self.game.start()
            intro = (f"Opening roll: White throws {opening.white_die}, Red throws {opening.red_die}. "
                     f"{opening.starter} starts with {opening.roll}.")
            self._say(intro)
            self._advance()
            if self.message != intro:   # the computer started: keep the opening roll in view
                self._say(f"{intro} {self.message}", self.message_kind)
        else:
            self.game = Game(dice=self.dice, position=position, first=position.turn, **self.game_options)
            self._say(f"{position.turn} to play.")
            if roll is not None:
                self.roll_dice(roll)
                return
        self._after_change()

    def _clear_turn(self) -> None:
        self.pending = []
        self.selected = None
        self.targets = {}

    def _after_change(self) -> None:
        """Handle lost turns, automatic rolls and the computer's turns; then notify."""
        self._advance()
        self._emit("change", self)

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
            if phase == "move" and not self.pending and not game.legal_plays():
                verdict = explain(game.position, game.roll, "", complete=True)
                lost = Play(game.position, game.roll, ())
                self._finish(lost, note=f"{game.turn}: {verdict.message}")
                continue
            if not self.is_bot(actor):
                if phase == "roll" and self.auto_roll and not game.may_double():
                    self.roll_dice()
                    return
                return
            self._bot_act(phase, actor)

    def _bot_act(self, phase: str, actor: Player) -> None:
        game, bot = self.game, self.bot
        name = f"{actor} (computer)"
        if phase == "roll":
            if game.may_double() and _ask(bot, "wants_to_double", game, False):
                game.double()
                self._offered_by = actor
                self._say(f"{name} doubles to {_offered_value(game)}. {actor.opponent}: take or drop?")
                return
            game.roll_dice()
        elif phase == "move":
            play = bot.choose(game.position, game.roll)
            self._finish(play, note=f"{name} played {play.notation or 'nothing (no legal play)'} with {game.roll}.")
        elif phase == "respond":
            if _ask(bot, "accepts", game, True):
                game.take()
                self._offered_by = None
                self._say(f"{name} takes: the cube is at {game.cube.value}.")
            else:
                game.drop()
                self._offered_by = None
                self._game_over_note(f"{name} drops.")
        elif phase == "resign":
            game.accept_resignation()
            self._game_over_note(f"{name} accepts the resignation.")
        else:  # pragma: no cover - a phase the contract does not name
            raise GameFlowError(f"the board does not know the game phase {phase!r}.")

    def _finish(self, play: Play, note: str | None = None) -> None:
        """Play ``play`` as the whole turn through the game, then notify and report."""
        played = self.game.play(play)
        played = played if isinstance(played, Play) else play
        self.last_play = played
        self._clear_turn()
        self._emit("turn_end", played)
        if self.game.is_over:
            self._game_over_note(note)
        else:
            text = note or f"{played.player} played {played.notation or 'nothing'}."
            self._say(f"{text} {self.game.turn} to roll.")

    def _game_over_note(self, prefix: str | None = None) -> None:
        game = self.game
        kind = game.result_kind
        points = game.points
        word = getattr(kind, "word", "single")
        text = f"{game.winner} wins"
        text += f" a {word}" if word != "single" else ""
        text += f" and scores {_plural(points, 'point')}."
        self._say(f"{prefix} {text}" if prefix else text, "ok")
        self._emit("game_over", game)

    # -- dice and the cube ----------------------------------------------------------------------
    def roll_dice(self, roll: RollLike | None = None) -> Roll:
        """Throw the dice (or set ``roll``, for a lesson) for the side to play."""
        self._require_play_mode()
        mover = self.game.turn
        r = self.game.roll_dice(None if roll is None else as_roll(roll))
        self._clear_turn()
        self._say(f"{mover} rolled {r}.")
        self._after_change()
        return r

    def set_dice(self, roll: RollLike) -> Roll:
        """Set the dice for the side to play (a lesson's roll): same as ``roll_dice(roll)``."""
        return self.roll_dice(roll)

    def double(self) -> None:
        """Offer the cube (the side to act, before rolling). A refusal is explained."""
        self._require_play_mode()
        doubler = self.game.turn
        try:
            self.game.double()
        except (CubeActionError, GameFlowError) as exc:
            self._say(str(exc), "error")
            self._emit("change", self)
            return
        self._offered_by = doubler
        self._say(f"{doubler} doubles to {_offered_value(self.game)}. {doubler.opponent}: take or drop?")
        self._after_change()

    def take(self) -> None:
        """Accept the offered cube."""
        self._require_play_mode()
        taker = self.actor()
        try:
            self.game.take()
        except (CubeActionError, GameFlowError) as exc:
            self._say(str(exc), "error")
            self._emit("change", self)
            return
        self._offered_by = None
        self._say(f"{taker} takes: the cube is at {self.game.cube.value}. {self.game.turn} to roll.")
        self._after_change()

    def drop(self) -> None:
        """Refuse the offered cube: the game ends."""
        self._require_play_mode()
        dropper = self.actor()
        try:
            self.game.drop()
        except (CubeActionError, GameFlowError) as exc:
            self._say(str(exc), "error")
            self._emit("change", self)
            return
        self._offered_by = None
        self._game_over_note(f"{dropper} drops.")
        self._emit("change", self)

    def _require_play_mode(self) -> None:
        if self.mode not in ("humans", "computer"):
            raise GameFlowError(f"the board is in {self.mode} mode; finish it first.")

    # -- moving by pointer ----------------------------------------------------------------------
    def _continuations(self, moves: Sequence[Move]) -> list[Move]:
        return legal_continuations(self.game.position, self.game.roll, moves)

    def destinations(self, source: int) -> dict[int, tuple[Move, ...]]:
        """Where the mover's checker on ``source`` may go now: destination -> the moves that take
        it there (one move for one die; two or more when only consecutive dice reach it)."""
        if self.phase != "move":
            return {}
        found: dict[int, tuple[Move, ...]] = {}
        frontier: list[tuple[int, tuple[Move, ...]]] = [(source, ())]
        while frontier:
            nxt = []
            for point, path in frontier:
                for m in self._continuations(self.pending + list(path)):
                    if m.source != point or m.destination in found:
                        continue
                    found[m.destination] = path + (m,)
                    if m.destination != OFF:
                        nxt.append((m.destination, path + (m,)))
            frontier = nxt
        found.pop(source, None)
        return found

    def movable(self) -> list[int]:
        """The points (mover's numbering; 25 = bar) whose checker may move now."""
        if self.phase != "move":
            return []
        return sorted({m.source for m in self._continuations(self.pending)}, reverse=True)

    def select(self, source: int) -> None:
        """Select the mover's checker on ``source`` (25 = bar); its destinations become
        :attr:`targets`. A checker that cannot move is explained instead."""
        if self.mode != self.play_mode or self.phase != "move" or self.is_bot(self.game.turn):
            self._refuse_not_moving()
            return
        here = self.position.checkers(self.game.turn)
        count = here[0] if source == BAR else (here[source] if 1 <= source <= 24 else 0)
        if not count:
            self.selected = None
            self.targets = {}
            self._say(Reason.NO_CHECKER.rule, "error")
            return
        dests = self.destinations(source)
        if not dests:
            self.selected = None
            self.targets = {}
            self._say(self._why_stuck(source), "error")
            return
        self.selected = source
        self.targets = dests
        self._say(f"Choose where the checker on {_where(source)} goes.")

    def _why_stuck(self, source: int) -> str:
        """The engine's reason the checker on ``source`` cannot move now."""
        left = self.dice_left
        if not left:
            verdict = explain(self.game.position, self.game.roll, list(self.pending), complete=True)
            return verdict.message
        for d in sorted(set(left), reverse=True):
            start = 25 if source == BAR else source
            dest = start - d if start - d > 0 else OFF
            verdict = explain(self.game.position, self.game.roll, self.pending + [Move(source, dest, d)],
                              complete=False)
            if not verdict.legal:
                return verdict.message
        return Reason.MUST_MOVE.rule

    def move_to(self, destination: int) -> None:
        """Move the selected checker to ``destination`` (0 = off). A destination that is not
        legal is refused and the engine's explanation becomes :attr:`message`."""
        if self.selected is None:
            self._say("Select one of your checkers first: click it, then click where it goes.", "error")
            return
        source = self.selected
        path = self.targets.get(destination)
        if path is None:
            self._say(self._why_not(source, destination), "error")
            return
        self.pending.extend(path)
        self.selected = None
        self.targets = {}
        for m in path:
            self._emit("move", m)
        if not self._continuations(self.pending):
            verdict = explain(self.game.position, self.game.roll, list(self.pending), complete=True)
            self._say(verdict.message + (" Press Done to end your turn." if verdict.legal else ""),
                      "ok" if verdict.legal else "error")
        else:
            self._say(f"{' '.join(str(m) for m in path)}. {_plural(len(self.dice_left), 'die')} left to play.")

    def _why_not(self, source: int, destination: int) -> str:
        """The engine's explanation of the refused move ``source`` -> ``destination``."""
        pos, roll = self.game.position, self.game.roll
        left = self.dice_left
        if not left:
            verdict = explain(pos, roll, list(self.pending), complete=True)
            return f"No dice are left to play. {verdict.message}"
        if destination == OFF:
            start = source
            dice = [d for d in sorted(set(left)) if d >= start] or sorted(set(left), reverse=True)
            verdict = explain(pos, roll, self.pending + [Move(source, OFF, dice[0])], complete=False)
        elif 0 < source - destination and (source - destination) in left:
            d = source - destination
            hit = self.position.owner(destination, self.game.turn)[0] is self.game.turn.opponent
            verdict = explain(pos, roll, self.pending + [Move(source, destination, d, hit)], complete=False)
        else:
            text = " ".join([str(m) for m in self.pending] + [f"{_word(source)}/{_word(destination)}"])
            verdict = explain(pos, roll, text, complete=False)
        if verdict.legal:  # e.g. a chain the engine accepts but the board does not offer
            return Reason.DIE_MISMATCH.rule
        return verdict.message

    def _refuse_not_moving(self) -> None:
        phase = self.phase
        if self.mode == "setup" or self.mode == "show":
            return
        if phase == "over":
            self._say(self.message or "The game is over.", self.message_kind)
        elif self.is_bot(self.actor()):
            self._say(f"It is {self.actor()}'s turn (the computer).", "error")
        elif phase == "roll":
            self._say(f"{self.game.turn}: roll the dice first (or double).", "error")
        elif phase == "respond":
            self._say(f"{self.actor()}: take or drop the cube first.", "error")
        else:
            self._say(f"Nothing to move now ({phase}).", "error")

    def click(self, target: Mapping[str, Any] | int | str) -> None:
        """Handle a click reported by the board: ``{"point": n}`` (the perspective's numbering),
        ``{"bar": "white"}``, ``{"off": "red"}`` — or just a point number or ``"bar"``/``"off"``
        of the side to play."""
        kind, value = _target(target)
        if self.mode == "setup":
            self._setup_click(kind, value)
        elif self.mode == "show":
            pass
        elif self.phase != "move" or self.is_bot(self.game.turn):
            self._refuse_not_moving()
        else:
            mover = self.game.turn
            if value is None:
                value = mover
            if kind == "point":
                n = value if mover is self.perspective else 25 - value
            elif kind == "bar":
                n = BAR if value is mover else None
            else:
                n = OFF if value is mover else None
            if n is None:
                self._say(Reason.NO_CHECKER.rule, "error")
            elif self.selected is not None and n == self.selected:
                self.selected, self.targets = None, {}
                self._say("Selection cleared.")
            elif self.selected is not None and (n in self.targets or n == OFF or not self._own(n)):
                self.move_to(n)
            elif n == OFF:
                self._say("Select a checker first, then click the tray to bear it off.", "error")
            else:
                self.select(n)
        self._emit("change", self)

    def _own(self, n: int) -> bool:
        here = self.position.checkers(self.game.turn)
        return bool(here[0] if n == BAR else here[n] if 1 <= n <= 24 else 0)

    def move(self, text: str) -> None:
        """Make single moves from notation, like clicks (``"13/7"``, ``"bar/22"``, ``"13/7 8/7"``):
        each written step must be a destination the board offers. Raises :class:`IllegalPlayError`
        with the engine's explanation when one is refused."""
        from ..notation import parse_moves

        for seg in parse_moves(text):
            for _ in range(seg.count):
                for a, b in zip(seg.path, seg.path[1:]):
                    self.select(a)
                    if self.selected is None:
                        self._emit("change", self)
                        raise IllegalPlayError(self.message)
                    self.move_to(b)
                    if self.selected is not None:
                        self._emit("change", self)
                        raise IllegalPlayError(self.message)
        self._emit("change", self)

    def undo(self) -> Move | None:
        """Take back the last move of this turn (``None`` when there is none)."""
        if self.mode != self.play_mode or not self.pending:
            self._say("Nothing to undo this turn.", "error")
            self._emit("change", self)
            return None
        m = self.pending.pop()
        self.selected, self.targets = None, {}
        self._say(f"Took back {m}.")
        self._emit("change", self)
        return m

    def done(self) -> Play | None:
        """End the turn if the moves made are a legal play (then it is played through the game);
        otherwise refuse with the engine's explanation and return ``None``."""
        if self.mode != self.play_mode or self.phase != "move" or self.is_bot(self.game.turn):
            self._refuse_not_moving()
            self._emit("change", self)
            return None
        verdict = explain(self.game.position, self.game.roll, list(self.pending), complete=True)
        if not verdict.legal or verdict.play is None:
            self._say(verdict.message, "error")
            self._emit("change", self)
            return None
        mover = self.game.turn
        self._finish(verdict.play, note=f"{mover} played {verdict.play.notation}.")
        self._after_change()
        return verdict.play

    def play(self, play: Play | str) -> Play:
        """Play a whole turn from code (``"13/7 8/7"`` or a :class:`Play`), discarding moves made
        on the board this turn. Illegal plays raise :class:`IllegalPlayError` (its ``.verdict``
        is the engine's)."""
        self._require_play_mode()
        if self.phase != "move":
            raise GameFlowError(self._flow_text())
        if isinstance(play, str):
            try:
                play = parse_play(self.game.position, self.game.roll, play)
            except IllegalPlayError as exc:
                self._say(str(exc), "error")
                self._emit("change", self)
                raise
        mover = self.game.turn
        self._clear_turn()
        self._finish(play, note=f"{mover} played {play.notation or 'nothing (no legal play)'}.")
        self._after_change()
        return play

    def _flow_text(self) -> str:
        if self.phase == "roll":
            return f"{self.game.turn} has not rolled yet."
        if self.phase == "over":
            return "The game is over."
        return f"{self.actor()} must take or drop the cube first."

    # -- position setup -------------------------------------------------------------------------
    def start_setup(self, position: Position | None = None) -> None:
        """Enter setup mode, starting from ``position`` (default: the board shown now)."""
        base = position if position is not None else self.game.position
        self._setup_sides = [list(base.white), list(base.red)]
        self._setup_turn = base.turn
        self.mode = "setup"
        self._clear_turn()
        self._say("Setup: choose a colour, then click points to add checkers (Remove takes one away).")
        self._emit("change", self)

    @property
    def setup_position(self) -> Position:
        """The position being set up (checkers not placed count as borne off). Right after
        "Clear" the board is empty — not a position a game can be played from, so it is drawn
        through the engine's unchecked constructor and refused by :meth:`finish_setup`."""
        white, red = tuple(self._setup_sides[0]), tuple(self._setup_sides[1])
        if not any(white) and not any(red):
            return Position._trusted(white, red, self._setup_turn)
        return Position(white, red, self._setup_turn)

    def place(self, player: Player | str, point: int | str, count: int = 1) -> None:
        """Add ``count`` checkers of ``player`` on ``point`` (in ``player``'s own numbering, or
        ``"bar"``). Refused with the engine's reason when the position would be invalid."""
        who = _player(player, "player")
        index = 0 if point in ("bar", BAR, 0) else int(point)
        sides = [list(s) for s in self._setup_sides]
        if not 0 <= index <= 24:
            self._say(f"There is no point {point}; points are 1-24 (and 'bar').", "error")
            return
        sides[who][index] += count
        self._try_setup(sides)

    def remove(self, player: Player | str, point: int | str, count: int = 1) -> None:
        """Take ``count`` checkers of ``player`` off ``point`` (``player``'s numbering or ``"bar"``)."""
        who = _player(player, "player")
        index = 0 if point in ("bar", BAR, 0) else int(point)
        sides = [list(s) for s in self._setup_sides]
        if not 0 <= index <= 24 or sides[who][index] < count:
            self._say(f"{who} has no checker there to remove.", "error")
            return
        sides[who][index] -= count
        self._try_setup(sides)

    def _try_setup(self, sides: list[list[int]]) -> bool:
        try:
            Position(sides[0], sides[1], self._setup_turn)
        except InvalidPositionError as exc:
            self._say(str(exc), "error")
            return False
        self._setup_sides = sides
        w, r = self.setup_position.off(WHITE), self.setup_position.off(RED)
        self._say(f"Not on the board (borne off): White {w}, Red {r}.")
        return True

    def clear_setup(self) -> None:
        """An empty board (every checker counted as borne off)."""
        self._setup_sides = [[0] * 25, [0] * 25]
        self._say("Board cleared: click points to place checkers.")

    def _setup_click(self, kind: str, value: Any) -> None:
        tool = self.setup_tool
        if kind == "off":
            self._say("Checkers not placed count as borne off; use Remove to take one off the board.")
            return
        if kind == "bar":
            who = value if value is not None else _player(tool if tool != "remove" else WHITE, "colour")
            if tool == "remove":
                self.remove(who, "bar")
            elif _player(tool, "colour") is not who:
                self._say(f"That is {who}'s bar; choose {who} to place a checker there.", "error")
            else:
                self.place(who, "bar")
            return
        white_n = value if self.perspective is WHITE else 25 - value
        if tool == "remove":
            owner, _ = self.setup_position.owner(white_n, WHITE)
            if owner is None:
                self._say("There is no checker there to remove.", "error")
            else:
                self.remove(owner, white_n if owner is WHITE else 25 - white_n)
        else:
            who = _player(tool, "colour")
            self.place(who, white_n if who is WHITE else 25 - white_n)

    def finish_setup(self, turn: Player | str | None = None, roll: RollLike | None = None) -> None:
        """Leave setup mode: a new game starts from the position set up, ``turn`` on roll."""
        if turn is not None:
            self._setup_turn = _player(turn, "turn")
        try:
            pos = Position(self._setup_sides[0], self._setup_sides[1], self._setup_turn)
        except InvalidPositionError as exc:
            self._say(str(exc), "error")
            self._emit("change", self)
            return
        if pos.is_game_over:
            self._say(Reason.GAME_OVER.rule + " Place checkers for both sides.", "error")
            self._emit("change", self)
            return
        self.new_game(position=pos, roll=roll)

    def setup_control(self, cid: str) -> None:
        if cid.startswith("tool-"):
            self.setup_tool = cid[5:]
            self._say(f"Setup: clicks now {'remove a checker' if self.setup_tool == 'remove' else 'add a ' + self.setup_tool.capitalize() + ' checker'}.")
        elif cid == "clear":
            self.clear_setup()
        elif cid == "start":
            self._setup_sides = [list(Position().white), list(Position().red)]
            self._say("The starting position.")
        elif cid == "turn":
            self._setup_turn = self._setup_turn.opponent
            self._say(f"{self._setup_turn} will be on roll.")
        elif cid == "finish":
            self.finish_setup()
            return
        self._emit("change", self)

    # -- show me --------------------------------------------------------------------------------
    def show(self, play: Play | str, position: Position | None = None, roll: RollLike | None = None) -> list[dict]:
        """Show ``play`` move by move (a :class:`Play`, or notation for ``position``/``roll``,
        default the current turn's). Returns the frames (render options, one per step)."""
        if isinstance(play, Play):
            p = play
        else:
            pos = position if position is not None else self.game.position
            r = roll if roll is not None else self.game.roll
            if r is None:
                raise GameFlowError("Which roll? Give roll= (nothing has been rolled yet).")
            p = parse_play(pos, r, play)
        start = p.position
        frames = [self._frame(start, p.roll, (), f"{start.turn} to play {p.roll}: {p.notation}")]
        for k in range(1, len(p.moves) + 1):
            board = Play(start, p.roll, p.moves[:k]).result.with_turn(start.turn)
            frames.append(self._frame(board, p.roll, p.moves[:k], f"{p.roll}: " + " ".join(str(m) for m in p.moves[:k])))
        self.frames = frames
        self.frame_index = len(frames) - 1
        self.shown_play = p
        self.mode = "show"
        self._say(f"Showing {p.notation or 'a lost turn'} with {p.roll}.")
        self._emit("change", self)
        return frames

    def _frame(self, position: Position, roll: Roll, moves: Sequence[Move], caption: str) -> dict:
        return {"position": position, "perspective": self.perspective, "dice": roll,
                "arrows": list(moves) if moves else None, "caption": caption,
                **self._cube_view()}

    def step(self, delta: int = 1) -> None:
        """Step the shown play forwards (or back with ``-1``)."""
        if self.mode == "show" and self.frames:
            self.frame_index = max(0, min(len(self.frames) - 1, self.frame_index + delta))
            self._emit("change", self)

    def end_show(self) -> None:
        """Leave "show me" mode and return to the game."""
        self.mode = self.play_mode
        self.frames = []
        self.shown_play = None
        self._say(f"Back to the game: {self._status_words()}.")
        self._emit("change", self)

    # -- what the board shows ---------------------------------------------------------------------
    def _screen(self, n: int) -> int | str:
        """A point of the mover's numbering as the renderer's ``highlight`` wants it."""
        if n == BAR:
            return "bar"
        if n == OFF:
            return "off"
        return n if self.game.turn is self.perspective else 25 - n

    def _cube_view(self) -> dict:
        cube = self.game.cube
        return {"cube": int(cube.value), "cube_owner": cube.owner}

    def view(self) -> dict:
        """The renderer's options for the board as it should look now (``bglearn.svg.render``)."""
        if self.mode == "setup":
            pos = self.setup_position
            return {"position": pos, "perspective": self.perspective, "caption": f"Setup · {pos.turn} on roll"}
        if self.mode == "show" and self.frames:
            return dict(self.frames[self.frame_index])
        view = {"position": self.position, "perspective": self.perspective, **self._cube_view()}
        if self.phase == "move":
            view["dice"] = self.game.roll
            view["highlight"] = [self._screen(t) for t in sorted(self.targets, reverse=True)]
            if self.selected is not None:
                view["selected"] = self._screen(self.selected)
            if self.pending:
                view["arrows"] = list(self.pending)
            elif self.last_play is not None and not self.last_play.is_empty:
                view["last_play"] = self.last_play
        elif self.last_play is not None and not self.last_play.is_empty and self.phase != "over":
            view["last_play"] = self.last_play
        return view

    def controls(self) -> list[Control]:
        """The buttons to show now."""
        if self.mode == "setup":
            return [
                Control("tool-white", "Place White", pressed=self.setup_tool == "white"),
                Control("tool-red", "Place Red", pressed=self.setup_tool == "red"),
                Control("tool-remove", "Remove", pressed=self.setup_tool == "remove"),
                Control("clear", "Clear"),
                Control("start", "Start position"),
                Control("turn", f"{self._setup_turn} on roll"),
                Control("finish", "Finish setup"),
            ]
        if self.mode == "show":
            last = len(self.frames) - 1
            return [
                Control("replay", "Replay"),
                Control("back", "◀ Step", enabled=self.frame_index > 0),
                Control("forward", "Step ▶", enabled=self.frame_index < last),
                Control("end-show", "Back to the game"),
            ]
        phase = self.phase
        human_acts = not self.is_bot(self.actor())
        out: list[Control] = []
        if phase == "move":
            out += [Control("undo", "Undo", enabled=bool(self.pending) and human_acts),
                    Control("done", "Done", enabled=human_acts)]
        elif phase == "roll":
            out += [Control("roll", "Roll dice", enabled=human_acts),
                    Control("double", "Double", enabled=human_acts)]
        elif phase == "respond":
            out += [Control("take", "Take", enabled=human_acts), Control("drop", "Drop", enabled=human_acts)]
        elif phase == "over":
            out.append(Control("new-game", "New game"))
        return out

    def control(self, cid: str) -> None:
        """Press the button ``cid`` (what the browser sends)."""
        if self.mode == "setup":
            self.setup_control(cid)
            return
        if self.mode == "show":
            if cid == "replay":
                self.frame_index = len(self.frames) - 1
                self._emit("change", self)
            elif cid == "back":
                self.step(-1)
            elif cid == "forward":
                self.step(1)
            elif cid == "end-show":
                self.end_show()
            return
        actions: dict[str, Callable[[], Any]] = {
            "undo": self.undo, "done": self.done, "roll": self.roll_dice, "double": self.double,
            "take": self.take, "drop": self.drop, "new-game": self.new_game,
        }
        action = actions.get(cid)
        if action is None:
            raise BglearnError(f"unknown control {cid!r}.")
        try:
            action()
        except (GameFlowError, CubeActionError) as exc:
            self._say(str(exc), "error")
            self._emit("change", self)

    def _status_words(self) -> str:
        if self.mode == "setup":
            return f"setting up a position, {self._setup_turn} on roll"
        if self.mode == "show":
            return f"showing {self.shown_play.notation if self.shown_play else 'a play'}"
        phase = self.phase
        if phase == "over":
            return f"game over, {self.game.winner} won {_plural(self.game.points, 'point')}"
        if phase == "move":
            return f"{self.game.turn} to play, roll {self.game.roll}, {_plural(len(self.pending), 'move')} pending"
        if phase == "respond":
            return f"{self.actor()} to take or drop"
        if phase == "roll":
            return f"{self.game.turn} to roll"
        return f"{self.game.turn} to start"

    def status(self) -> str:
        """One line about the state: who acts, the dice, the cube, the pip counts."""
        words = self._status_words()
        if self.mode in ("setup", "show"):
            return words[0].upper() + words[1:]
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

    def __repr__(self) -> str:
        return f"BoardSession({self._status_words()})"


def _offered_value(game: Any) -> int:
    offer = getattr(game.cube, "offer", None)
    return int(offer.value) if offer is not None else 2 * int(game.cube.value)


def _ask(bot: Any, method: str, game: Any, default: bool) -> bool:
    fn = getattr(bot, method, None)
    return bool(fn(game)) if callable(fn) else default


def _where(n: int) -> str:
    return "the bar" if n == BAR else f"the {n}-point"


def _word(n: int) -> str:
    return "bar" if n == BAR else "off" if n == OFF else str(n)


def _target(target: Mapping[str, Any] | int | str) -> tuple[str, Any]:
    """``("point", n)``, ``("bar", Player)`` or ``("off", Player)`` from a click report."""
    if isinstance(target, Mapping):
        for key in ("point", "bar", "off"):
            if key in target and target[key] is not None:
                value = target[key]
                if key == "point":
                    try:
                        n = int(value)
                    except (TypeError, ValueError):
                        raise BglearnError(f"{value!r} is not a point; points are 1-24.") from None
                    if not 1 <= n <= 24:
                        raise BglearnError(f"there is no point {n}; points are 1-24.")
                    return "point", n
                return key, _player(value, key)
        raise BglearnError(f"a click names a point, a bar or a tray, got {dict(target)!r}.")
    if isinstance(target, str) and target.strip().lower() in ("bar", "off"):
        return target.strip().lower(), None
    if isinstance(target, int) and not isinstance(target, bool) and 1 <= target <= 24:
        return "point", target
    raise BglearnError(f"a click names a point 1-24, 'bar' or 'off', got {target!r}.")
