"""The board's state, without any Jupyter: one :class:`BoardSession` per board, which hands each click
and button to the mode the board is in.

Modes, one module each:

- ``"humans"`` / ``"computer"`` — :class:`~bglearn.widgets.play.PlayMode`: a game between two people,
  or a person against a computer player (from :func:`bglearn.bots.make_bot`);
- ``"practice"`` — :class:`~bglearn.widgets.practice.PracticeMode`: two people, an illegal play may be
  made, and the opponent accepts it (by rolling or doubling) or demands a correction;
- ``"setup"`` — :class:`~bglearn.widgets.setup.SetupMode`: a teacher places checkers;
- ``"show"`` — :class:`~bglearn.widgets.show.ShowMode`: a given play shown move by move.

Setup and show are entered from a game and return to it. Points given to :meth:`BoardSession.click`
are in the board's printed numbering (the ``perspective``'s): ``{"point": 13}``, ``{"bar": "white"}``,
``{"off": "white"}``; :meth:`BoardSession.select` and :meth:`BoardSession.move_to` take the mover's
numbering (``BAR`` = 25, ``OFF`` = 0). Every sentence the learner reads uses the printed numbers.

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

from typing import TYPE_CHECKING, Any, Callable, Mapping

from ..bots import make_bot
from ..dice import Dice, Roll, RollLike
from ..errors import BglearnError, GameFlowError
from ..verdicts import parse_play
from ..plays import Move, Play
from ..i18n import N_, _
from ..position import WHITE, Player, Position
from .common import BoardNumbers, Control, as_player, as_variant, parse_target
from .play import PlayMode
from .practice import PracticeMode
from .setup import SetupMode
from .show import ShowMode

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

__all__ = ["BoardSession", "Control", "MODES", "VARIANT_NAMES"]

LONG_NARDY = "long-nardy"
VARIANT_NAMES = {"backgammon": N_("backgammon"), LONG_NARDY: N_("Long Nardy")}
"""Each variant's name in a sentence (translated where shown)."""

MODES = ("humans", "computer", "practice", "setup", "show")
"""``humans``: two people at one board; ``computer``: a person against a computer player;
``practice``: two people practising accepting or correcting an illegal play; ``setup``: a teacher
places checkers; ``show``: a given play is shown move by move."""


class BoardSession:
    """One board: a game in progress (or a setup, or a play being shown) and a pointer's state.

    Parameters: ``mode`` (one of :data:`MODES`; default ``"computer"``: a person playing White
    against :class:`~bglearn.bots.HeuristicBot`); ``position`` to start from (default: the starting
    position with an opening roll; a given position skips the opening roll and its side on roll
    moves first); ``roll`` to set the first dice (for a lesson); ``seed`` for the dice source;
    ``opponent`` (``"heuristic"``, ``"random"`` or a bot object) and ``human`` (the person's colour)
    for ``mode="computer"``; ``perspective`` (the colour at the bottom; default the human's side in
    ``"computer"`` mode, else White); ``game`` to wrap an existing :class:`~bglearn.game.Game`;
    ``auto_roll`` to roll for a person who may not double; ``variant`` — ``"backgammon"`` (the
    default) or ``"long-nardy"`` (no cube, no setup mode; taken from ``position`` or ``game`` when
    omitted, and a position of another variant is refused); ``game_options`` passed to ``Game``
    (``jacoby``, ``beavers``, ``max_cube``; for a game of a match pass ``game=match.new_game()``).

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
        variant: str | None = None,
        **game_options: Any,
    ) -> None:
        if mode not in MODES or mode == "show":
            raise BglearnError(_("mode must be one of humans, computer, practice, setup, got {mode!r}.").format(mode=mode))
        if position is not None and not isinstance(position, Position):
            raise BglearnError(_("position must be a Position, got {kind}.").format(kind=type(position).__name__))
        self.variant = _choose_variant(variant, position, game)
        if self.variant == LONG_NARDY:
            if mode == "setup":
                raise BglearnError(_("setup mode places backgammon checkers only; for Long Nardy give a "
                                     "position made with Position(..., variant=\"long-nardy\")."))
            game_options["variant"] = LONG_NARDY
        human_side = as_player(human, "human")
        if perspective is not None:
            self.perspective = as_player(perspective, "perspective")
        else:
            self.perspective = human_side if mode == "computer" else WHITE
        self.numbers = BoardNumbers(self.perspective, self.variant)
        self.dice = dice if dice is not None else Dice(seed)
        self.message = ""
        self.message_kind = "info"   # "info" | "error" | "ok" (the learner won) | "loss"
        self._callbacks: dict[str, list[Callable[..., Any]]] = {"move": [], "turn_end": [], "game_over": [], "change": []}
        self._quiet = True            # no "change" notifications while constructing
        if mode == "practice":
            self.playing: PlayMode = PracticeMode(self, human=human_side, auto_roll=bool(auto_roll),
                                                  game_options=game_options)
        else:
            bot = make_bot(opponent, seed) if mode == "computer" else None
            self.playing = PlayMode(self, bot=bot, human=human_side, auto_roll=bool(auto_roll),
                                    game_options=game_options)
        self.current: PlayMode | SetupMode | ShowMode = self.playing
        if game is not None:
            self.playing.use_game(game)
        else:
            self.playing.new_game(position=position, roll=roll)
        if mode == "setup":
            self.start_setup(position if position is not None else Position())
        self._quiet = False

    # -- plumbing the modes use ---------------------------------------------------------------------
    def say(self, text: str, kind: str = "info") -> None:
        """Set the sentence under the board (``kind``: ``info``, ``error``, ``ok``, ``loss``)."""
        self.message = text
        self.message_kind = kind

    def changed(self) -> None:
        """Tell the listeners (the widget) that what the board shows has changed."""
        if not self._quiet:
            self.emit("change", self)

    def emit(self, kind: str, *args: Any) -> None:
        for cb in list(self._callbacks[kind]):
            cb(*args)

    def leave(self, mode: Any) -> None:
        """``mode`` (setup or show) is finished: the board shows the game again."""
        if self.current is mode:
            self.current = self.playing

    # -- reading ------------------------------------------------------------------------------------
    @property
    def mode(self) -> str:
        """``humans``, ``computer``, ``practice``, ``setup`` or ``show``."""
        return self.current.name

    @property
    def play_mode(self) -> str:
        """The mode of the game behind a setup or a play being shown."""
        return self.playing.name

    @property
    def game(self) -> Game:
        """The :class:`~bglearn.game.Game` being played."""
        return self.playing.game

    @property
    def bot(self) -> Any:
        return self.playing.bot

    @property
    def human(self) -> Player:
        return self.playing.human

    @property
    def turn(self) -> Player:
        """The side whose turn it is."""
        return self.game.turn

    @property
    def phase(self) -> str:
        """The game's phase: ``opening``, ``roll``, ``move``, ``respond``, ``resign`` or ``over``."""
        return self.game.phase

    @property
    def roll(self) -> Roll | None:
        """The dice to play now (``None`` before rolling)."""
        return self.playing.roll

    @property
    def turn_position(self) -> Position:
        """The position at the start of the current turn (the game's position)."""
        return self.game.position

    @property
    def position(self) -> Position:
        """The position on the board: the turn's position with the pending moves made."""
        return self.playing.position

    @property
    def pending(self) -> list[Move]:
        """The single-die moves made this turn, not yet ended with Done."""
        return self.playing.pending

    @property
    def selected(self) -> int | None:
        """The selected checker's point (mover's numbering; 25 = bar)."""
        return self.playing.selected

    @property
    def targets(self) -> dict[int, tuple[Move, ...]]:
        """The selected checker's destinations (mover's numbering) -> the moves that reach them."""
        return self.playing.targets

    @property
    def last_play(self) -> Play | None:
        return self.playing.last_play

    @property
    def dice_left(self) -> tuple[int, ...]:
        return self.playing.dice_left

    @property
    def dice_state(self) -> list[dict[str, Any]]:
        return self.playing.dice_state

    @property
    def is_over(self) -> bool:
        return bool(self.game.is_over)

    def actor(self) -> Player | None:
        """The side that must act now (the responder while a double is offered), None when over."""
        return self.playing.actor()

    def is_bot(self, player: Player | None) -> bool:
        return self.playing.is_bot(player)

    def destinations(self, source: int) -> dict[int, tuple[Move, ...]]:
        return self.playing.destinations(source)

    def movable(self) -> list[int]:
        return self.playing.movable()

    # -- callbacks ----------------------------------------------------------------------------------
    def on_move(self, callback: Callable[[Move], Any]) -> Callable[..., Any]:
        """Call ``callback(move)`` after every single-die move made on the board."""
        self._callbacks["move"].append(callback)
        return callback

    def on_turn_end(self, callback: Callable[[Play], Any]) -> Callable[..., Any]:
        """Call ``callback(play)`` when a turn is played (by a person, a script or the computer)."""
        self._callbacks["turn_end"].append(callback)
        return callback

    def on_game_over(self, callback: Callable[[Any], Any]) -> Callable[..., Any]:
        """Call ``callback(game)`` when the game ends (borne off, a drop or a resignation)."""
        self._callbacks["game_over"].append(callback)
        return callback

    def on_change(self, callback: Callable[["BoardSession"], Any]) -> Callable[..., Any]:
        """Call ``callback(session)`` after anything that changes what the board shows."""
        self._callbacks["change"].append(callback)
        return callback

    # -- input from the browser -----------------------------------------------------------------------
    def click(self, target: Mapping[str, Any] | int | str) -> None:
        """A click reported by the board: ``{"point": n}`` (printed numbering), ``{"bar": "white"}``,
        ``{"off": "red"}`` — or a point number, ``"bar"`` or ``"off"`` of the side to play."""
        kind, value = parse_target(target)
        self.current.click(kind, value)
        self.changed()

    def control(self, cid: str) -> None:
        """Press the button ``cid`` (what the browser sends)."""
        self.current.control(cid)

    # -- the game (the play mode behind any setup or show) --------------------------------------------
    def _game_mode(self) -> PlayMode:
        if self.current is not self.playing:
            raise GameFlowError(_("the board is in {mode} mode; finish it first.").format(mode=self.mode))
        return self.playing

    def select(self, source: int) -> None:
        """Select the mover's checker on ``source`` (mover's numbering; 25 = bar)."""
        self._game_mode().select(source)

    def move_to(self, destination: int) -> None:
        """Move the selected checker to ``destination`` (mover's numbering; 0 = off)."""
        self._game_mode().move_to(destination)

    def move(self, text: str) -> None:
        """Single moves from notation, as if clicked (``"13/7"``); a refused one raises
        :class:`~bglearn.errors.IllegalPlayError` with the reason."""
        self._game_mode().move(text)

    def undo(self) -> Move | None:
        """Take back the last move of this turn."""
        return self._game_mode().undo()

    def done(self) -> Play | None:
        """End the turn if the moves made are a legal play (else the reason is shown, ``None``)."""
        return self._game_mode().done()

    def play(self, play: Play | str) -> Play:
        """Play a whole turn from code; illegal plays raise :class:`~bglearn.errors.IllegalPlayError`."""
        return self._game_mode().play(play)

    def roll_dice(self, roll: RollLike | None = None) -> Roll:
        """Throw the dice (or set ``roll``, for a lesson) for the side to play."""
        return self._game_mode().roll_dice(roll)

    def set_dice(self, roll: RollLike) -> Roll:
        """Set the dice for the side to play (a lesson's roll)."""
        return self.roll_dice(roll)

    def double(self) -> None:
        self._game_mode().double()

    def take(self) -> None:
        self._game_mode().take()

    def drop(self) -> None:
        self._game_mode().drop()

    def new_game(self, position: Position | None = None, roll: RollLike | None = None) -> None:
        """Start a new game of the board's variant (from ``position``, else the start with an opening
        roll). A position of the other variant is refused with a clear error."""
        if position is not None:
            _check_same_variant(self.variant, position)
        self.current = self.playing
        self.playing.new_game(position=position, roll=roll)

    # -- setup ----------------------------------------------------------------------------------------
    def start_setup(self, position: Position | None = None) -> None:
        """Enter setup mode, starting from ``position`` (default: the board shown now). Setup places
        backgammon checkers only: on a Long Nardy board it is refused with a clear error."""
        if self.variant == LONG_NARDY:
            raise GameFlowError(_("setup mode places backgammon checkers only; this board plays Long Nardy."))
        base = position if position is not None else self.game.position
        self.playing.clear_turn()
        self.current = SetupMode(self, base)
        self.say(_("Setup: choose a colour, then select points to add checkers (Remove takes one away)."))
        self.changed()

    def _setup(self) -> SetupMode:
        if not isinstance(self.current, SetupMode):
            raise GameFlowError("the board is not in setup mode: call start_setup() first.")
        return self.current

    @property
    def setup_position(self) -> Position:
        """The position being set up (checkers not placed count as borne off)."""
        return self._setup().position

    @property
    def setup_tool(self) -> str:
        return self._setup().tool

    @setup_tool.setter
    def setup_tool(self, tool: str) -> None:
        self._setup().control(f"tool-{tool}")

    def place(self, player: Player | str, point: int | str, count: int = 1) -> None:
        self._setup().place(player, point, count)
        self.changed()

    def remove(self, player: Player | str, point: int | str, count: int = 1) -> None:
        self._setup().remove(player, point, count)
        self.changed()

    def clear_setup(self) -> None:
        self._setup().clear()
        self.changed()

    def finish_setup(self, turn: Player | str | None = None, roll: RollLike | None = None) -> None:
        """Leave setup mode: a new game starts from the position set up, ``turn`` on roll."""
        self._setup().finish(turn, roll)

    # -- show me --------------------------------------------------------------------------------------
    def show(self, play: Play | str, position: Position | None = None, roll: RollLike | None = None) -> list[dict[str, Any]]:
        """Show ``play`` move by move (a :class:`Play`, or notation for ``position``/``roll``,
        default the current turn's). Returns the frames (render options, one per step)."""
        if not isinstance(play, Play):
            pos = position if position is not None else self.game.position
            r = roll if roll is not None else self.game.roll
            if r is None:
                raise GameFlowError(_("Which roll? Give roll= (nothing has been rolled yet)."))
            play = parse_play(pos, r, play)
        shown = ShowMode(self, play)
        self.current = shown
        self.say(_("Showing {caption}.").format(caption=shown.frames[0]["caption"]))
        self.changed()
        return shown.frames

    @property
    def frames(self) -> list[dict[str, Any]]:
        return self.current.frames if isinstance(self.current, ShowMode) else []

    @property
    def frame_index(self) -> int:
        return self.current.index if isinstance(self.current, ShowMode) else 0

    @property
    def shown_play(self) -> Play | None:
        return self.current.play if isinstance(self.current, ShowMode) else None

    def step(self, delta: int = 1) -> None:
        """Step the shown play forwards (or back with ``-1``)."""
        if isinstance(self.current, ShowMode):
            self.current.step(delta)

    def end_show(self) -> None:
        """Leave "show me" mode and return to the game."""
        self.current = self.playing
        self.say(_("Back to the game: {prompt}").format(prompt=self.playing.prompt()))
        self.changed()

    # -- what the board shows -------------------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        """The renderer's options for the board as it should look now (``bglearn.svg.render``)."""
        return self.current.view()

    def controls(self) -> list[Control]:
        """The buttons to show now."""
        return self.current.controls()

    def status_words(self) -> str:
        """What the board is doing, in a few words (its repr)."""
        return self.current.status_words()

    def status(self) -> str:
        """One line about the state: who acts, the dice, the cube, the pip counts, the score."""
        if self.current is not self.playing:
            words = self.current.status_words()
            return words[0].upper() + words[1:]
        return self.playing.status()

    def __repr__(self) -> str:
        return f"BoardSession({self.status_words()})"


def _variant_of(position: Any) -> str:
    return getattr(position, "variant", "backgammon")


def _check_same_variant(variant: str, position: Position) -> None:
    if _variant_of(position) != variant:
        raise BglearnError(_("this board plays {variant}, but the position given is a {other} position.").format(
            variant=_(VARIANT_NAMES[variant]), other=_(VARIANT_NAMES[_variant_of(position)])))


def _choose_variant(variant: str | None, position: Position | None, game: Any) -> str:
    """The board's game: ``variant`` if given, else that of ``game`` or ``position``, else backgammon;
    a position or game of another variant than the one asked for is refused."""
    given = position if position is not None else getattr(game, "position", None)
    if variant is None:
        return _variant_of(given) if given is not None else "backgammon"
    chosen = as_variant(variant)
    if given is not None:
        _check_same_variant(chosen, given)
    return chosen
