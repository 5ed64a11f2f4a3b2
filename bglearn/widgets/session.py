"""The board's state, without any Jupyter: one :class:`BoardSession` per board, which hands each click
and button to the mode the board is in.

Modes, one module each:

- ``"humans"`` / ``"computer"`` — :class:`~bglearn.widgets.play.PlayMode`: a game between two people,
  or a person against a computer player (from :func:`bglearn.bots.make_bot`);
- ``"practice"`` — :class:`~bglearn.widgets.practice.PracticeMode`: two people, an illegal play may be
  made, and the opponent accepts it (by rolling or doubling) or demands a correction;
- ``"setup"`` — :class:`~bglearn.widgets.setup.SetupMode`: a teacher places checkers;
- ``"show"`` — :class:`~bglearn.widgets.show.ShowMode`: a given play shown move by move.

Setup and show are entered from a game and return to it. The session routes: a click or a button
goes to the mode the board is in (:class:`~bglearn.widgets.seams.Mode`), and the modes see the session
only as a :class:`~bglearn.widgets.seams.SessionView`. The game itself is driven on its mode,
:attr:`BoardSession.playing` (:meth:`BoardSession.game_mode` refuses while a setup or a show is on).

Points given to :meth:`BoardSession.click` are in the board's printed numbering (the
``perspective``'s): ``{"point": 13}``, ``{"bar": "white"}``, ``{"off": "white"}``;
:meth:`PlayMode.select <bglearn.widgets.play.PlayMode.select>` and ``move_to`` take the mover's
numbering (``BAR`` = 25, ``OFF`` = 0). Every sentence the learner reads uses the printed numbers.

>>> from bglearn.widgets.session import BoardSession
>>> from bglearn import Position
>>> s = BoardSession(mode="humans", position=Position(), roll="31")
>>> s.click(8)
>>> sorted(s.playing.targets)
[4, 5, 7]
>>> s.click(5); s.click(6); s.click(5)
>>> s.game_mode().done().notation
'8/5 6/5'
"""

from __future__ import annotations

import inspect
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Mapping

from ..bots import make_bot
from ..dice import Dice, RollLike
from ..errors import BglearnError, GameFlowError
from ..game import Game
from ..verdicts import parse_play
from ..plays import Move, Play
from ..i18n import _
from ..position import WHITE, Player, Position
from ..variants import find_variant
from .common import BoardNumbers, Control, as_player, as_variant, parse_target
from .play import PlayMode
from .practice import PracticeMode
from .setup import SetupMode
from .locked import LockedMode
from .show import ShowMode

if TYPE_CHECKING:  # pragma: no cover
    from .seams import Mode

__all__ = ["BoardSession", "Control", "MODES"]

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

    It is what :class:`~bglearn.widgets.board.BoardWidget` reads
    (:class:`~bglearn.widgets.seams.BoardModel`) and what each mode may ask of its board
    (:class:`~bglearn.widgets.seams.SessionView`); the game is :attr:`playing`.
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
        _check_game_options(game_options)
        if mode not in MODES or mode == "show":
            raise BglearnError(_("mode must be one of humans, computer, practice, setup, got {mode!r}.").format(mode=mode))
        if position is not None and not isinstance(position, Position):
            raise BglearnError(_("position must be a Position, got {kind}.").format(kind=type(position).__name__))
        self.variant = _choose_variant(variant, position, game)
        game_class = find_variant(self.variant)
        if game_class is not Position:  # another game: its Game, and no setup (it places backgammon checkers)
            if mode == "setup":
                raise BglearnError(_("setup mode places backgammon checkers only; for {game} give a position "
                                     "made with Position(..., variant={variant!r}).").format(
                    game=game_class.game_name(), variant=self.variant))
            game_options["variant"] = self.variant
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
        self.current: Mode = self.playing
        if game is not None:
            self.playing.use_game(game)
        else:
            self.playing.new_game(position=position, roll=roll)
        if mode == "setup":
            self.start_setup(position if position is not None else Position())
        self._quiet = False

    # -- what a mode may ask (SessionView) ----------------------------------------------------------
    def say(self, text: str, kind: str = "info") -> None:
        """Set the sentence under the board (``kind``: ``info``, ``error``, ``ok``, ``loss``)."""
        self.message = text
        self.message_kind = kind

    def changed(self) -> None:
        """Tell the listeners (the widget) that what the board shows has changed."""
        if not self._quiet:
            self.emit("change", self)

    def emit(self, kind: str, *args: Any) -> None:
        """Call the listeners of ``kind`` (``move``, ``turn_end``, ``game_over``, ``change``)."""
        for cb in list(self._callbacks[kind]):
            cb(*args)

    # -- reading ------------------------------------------------------------------------------------
    @property
    def mode(self) -> str:
        """``humans``, ``computer``, ``practice``, ``setup``, ``show`` or ``locked``."""
        return self.current.name

    # phase, is_over and actor() are the three questions a loop driving the board asks at each step
    # (the lessons' and tests' "whose turn, and what now?"); they read the game behind any mode.
    @property
    def phase(self) -> str:
        """The game's phase: ``opening``, ``roll``, ``move``, ``respond``, ``resign`` or ``over``."""
        return self.playing.game.phase

    @property
    def is_over(self) -> bool:
        """True when the game on the board has ended."""
        return bool(self.playing.game.is_over)

    def actor(self) -> Player | None:
        """The side that must act now (the responder while a double is offered), None when over."""
        return self.playing.actor()

    @property
    def dice_state(self) -> list[dict[str, Any]]:
        """The dice drawn above the board (only while the game is shown): ``[{"value": 3, "used":
        True}, ...]``."""
        return self.playing.dice_state if self.current is self.playing else []

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

    # -- the modes ------------------------------------------------------------------------------------
    def game_mode(self) -> PlayMode:
        """The game on the board, to drive it from code; refused while a setup or a show is on."""
        if self.current is not self.playing:
            raise GameFlowError(_("the board is in {mode} mode; finish it first.").format(mode=self.mode))
        return self.playing

    def new_game(self, position: Position | None = None, roll: RollLike | None = None) -> None:
        """Start a new game of the board's variant (from ``position``, else the start with an opening
        roll). A position of the other variant is refused with a clear error."""
        if position is not None:
            _check_same_variant(self.variant, position)
        self.current = self.playing
        self.playing.new_game(position=position, roll=roll)

    def start_setup(self, position: Position | None = None) -> None:
        """Enter setup mode, starting from ``position`` (default: the board shown now). Setup places
        backgammon checkers only: on a Long Nardy board it is refused with a clear error."""
        if find_variant(self.variant) is not Position:
            raise GameFlowError(_("setup mode places backgammon checkers only; this board plays {game}.").format(
                game=find_variant(self.variant).game_name()))
        base = position if position is not None else self.playing.game.position
        self.playing.clear_turn()
        self.current = SetupMode(self, base)
        self.say(_("Setup: choose a colour, then select points to add checkers (Remove takes one away)."))
        self.changed()

    def lock(self, reason: str) -> None:
        """Stop play on the board, leaving it as it is shown now (without dice or selection): no buttons,
        and a click says ``reason``. :meth:`new_game` or :meth:`start_setup` opens it again."""
        view = self.current.view()
        if self.current is self.playing:
            self.playing.clear_turn()
        self.current = LockedMode(self, view, reason)
        self.say(reason, self.message_kind if self.message_kind in ("ok", "loss") else "info")
        self.changed()

    def setup_mode(self) -> SetupMode:
        """The setup in progress (place, remove, finish); refused when the board is not in setup mode."""
        if not isinstance(self.current, SetupMode):
            raise GameFlowError("the board is not in setup mode: call start_setup() first.")
        return self.current

    @property
    def setup_position(self) -> Position:
        """The position being set up (checkers not placed count as borne off); read by the browser
        tests while the board is in setup mode."""
        return self.setup_mode().position

    def show(self, play: Play | str, position: Position | None = None, roll: RollLike | None = None) -> list[dict[str, Any]]:
        """Show ``play`` move by move (a :class:`Play`, or notation for ``position``/``roll``,
        default the current turn's). Returns the frames (render options, one per step)."""
        if not isinstance(play, Play):
            game = self.playing.game
            pos = position if position is not None else game.position
            r = roll if roll is not None else game.roll
            if r is None:
                raise GameFlowError(_("Which roll? Give roll= (nothing has been rolled yet)."))
            play = parse_play(pos, r, play)
        shown = ShowMode(self, play, self.playing.cube_view())
        self.current = shown
        self.say(_("Showing {caption}.").format(caption=shown.frames[0]["caption"]))
        self.changed()
        return shown.frames

    @property
    def frames(self) -> list[dict[str, Any]]:
        """The renderer's options for each frame of the play being shown (empty otherwise)."""
        return self.current.frames if isinstance(self.current, ShowMode) else []

    def end_show(self) -> None:
        """Leave "show me" mode and return to the game."""
        self.current = self.playing
        self.say(_("Back to the game: {prompt}").format(prompt=self.playing.prompt()))
        self.changed()

    # -- what the board shows (the mode's) ------------------------------------------------------------
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


SESSION_KEYWORDS = ("mode", "position", "roll", "seed", "dice", "opponent", "human", "perspective", "game",
                    "auto_roll", "variant")
"""The keywords of :class:`BoardSession` itself (the game's options come on top: :func:`game_keywords`)."""

DRAWING_KEYWORDS = ("theme", "width", "home", "numbers", "pips", "layout", "frame_ms")
"""How the board is drawn: the :class:`~bglearn.widgets.board.BoardWidget`'s keywords, not a session's."""


@lru_cache(maxsize=1)
def game_keywords() -> tuple[str, ...]:
    """The options a board passes on to :class:`~bglearn.game.Game` (``jacoby``, ``beavers``, ...):
    asked of ``Game`` itself, without those the board sets (dice, position, first, variant)."""
    params = inspect.signature(Game.__init__).parameters
    return tuple(name for name in params if name not in ("self", "dice", "position", "first", "variant"))


def _check_game_options(options: Mapping[str, Any]) -> None:
    """Refuse a keyword that is neither a session's nor a game option, naming it and the accepted ones."""
    for name in options:
        if name in game_keywords():
            continue
        if name in DRAWING_KEYWORDS:
            raise BglearnError(_("{name} is an option of the board's drawing: give it to BoardWidget({name}=...), "
                                 "not to BoardSession.").format(name=name))
        raise BglearnError(_("the board has no option {name}; it accepts {accepted}.").format(
            name=repr(name), accepted=", ".join(("session",) + DRAWING_KEYWORDS + SESSION_KEYWORDS + game_keywords())))


def _variant_of(position: Any) -> str:
    return getattr(position, "variant", "backgammon")


def _check_same_variant(variant: str, position: Position) -> None:
    if type(position) is not find_variant(variant):
        raise BglearnError(_("this board plays {variant}, but the position given is a {other} position.").format(
            variant=find_variant(variant).game_name(), other=type(position).game_name()))


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
