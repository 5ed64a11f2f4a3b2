"""``BoardWidget``: play backgammon by clicking, in JupyterLab 4 and Notebook 7.

The widget is an anywidget: the browser side (``board.js``) only draws the SVG that Python sends and
reports clicks (``data-point``, ``data-bar``, ``data-off``), key presses and button presses back.
Every decision is made in Python by a :class:`~bglearn.widgets.session.BoardSession`, which asks
the rules engine.

>>> from bglearn import BoardWidget, Position
>>> w = BoardWidget(mode="humans", position=Position(), roll="31")
>>> w
BoardWidget(White to play 3-1)
>>> w.click(8); w.click(5); w.click(6); w.click(5)
>>> w.pending
(Move(source=8, destination=5, die=3, hit=False), Move(source=6, destination=5, die=1, hit=False))
>>> w.done().notation
'8/5 6/5'

Displayed, the widget's output also carries the board at the last finished turn as ``text/html``
(an ``<img>`` that untrusted notebooks show) and ``image/svg+xml``, and ``text/plain`` (the repr),
so a saved notebook shows the board where no kernel runs (see :mod:`bglearn.widgets.fallback`).
"""

from __future__ import annotations

import html
import inspect
import itertools
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import anywidget
import traitlets as t

from ..dice import Roll, RollLike
from ..errors import BglearnError
from ..i18n import _
from ..plays import Move, Play
from ..position import Player, Position
from ..variants import find_variant
from ..diagram import svg_image
from .common import parse_target
from .fallback import StaticFallback
from .session import BoardSession

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game
    from .play import PlayMode
    from .seams import BoardModel

__all__ = ["BoardWidget"]

_HERE = Path(__file__).parent
_BOARD_NUMBERS = itertools.count(1)


#: The renderer's options a board passes on to every drawing (``bglearn.svg.render``): the rest of
#: the keywords are the session's. ``layout`` is ``"auto"`` (portrait below 480 px, when the renderer
#: has a portrait layout), ``"landscape"`` or ``"portrait"``.
RENDER_OPTIONS = ("home", "numbers", "pips", "layout")

#: The keys board.js gives the buttons (aria-keyshortcuts), by button id.
CONTROL_KEYS = {"done": "D", "undo": "U", "roll": "R", "double": "C", "take": "T", "drop": "X", "new-game": "G"}


def board_texts(variant: str = "backgammon") -> dict[str, Any]:
    """The labels board.js writes itself (it has no catalog): translated here, at each redraw.
    ``variant`` is the game on the board (its accessible name says which)."""
    return {
        # Translators: the board's accessible name; {game} is the game ("Backgammon", "Long Nardy").
        "board": _("{game} board").format(game=find_variant(variant).game_name()),
        "dice": _("Dice"),
        # Translators: a die's accessible name; {value} is the number on it.
        "die_used": _("{value}, used"),
        "die_to_play": _("{value}, to play"),
        # Translators: the accessible name of the drawing inside the board (a group of buttons).
        "drawing": _("Points, bar and trays"),
        # Translators: the accessible name of the row of buttons under the board.
        "actions": _("Board actions"),
        # Translators: the label of the field where a learner types a whole play; keep "8/5 6/5".
        "type_play": _("Type a play, e.g. 8/5 6/5"),
        # Translators: the board's accessible description: its keys. Keep the key letters (N, P, D, U,
        # R, C, T, X, S, /) as they are: they are the keys the board answers, in every language.
        "keys": _("Keys: arrow keys move between points; Enter or Space selects a checker and moves it; "
                  "a digit from 1 to 6 moves the checker by that die; N and P go to the next or previous "
                  "checker that can move, or destination; D Done, U Undo, R Roll, C Double, T Take, X Drop; "
                  "S reads the whole position; / types a play; Escape leaves the board."),
        "control_keys": dict(CONTROL_KEYS),
    }


def _renderer_has_layout() -> bool:
    """True when ``bglearn.svg.render`` draws a portrait layout (``layout=``)."""
    from ..svg import render

    return "layout" in inspect.signature(render).parameters


class BoardWidget(StaticFallback, anywidget.AnyWidget):
    """An interactive board for one game (or a setup, or a play being shown).

    ``BoardWidget()`` starts a game against a simple computer player (you are White; the opening
    roll decides who starts); ``opponent="random"`` or ``"heuristic"`` (the default) picks the
    computer player — neither is strong; ``mode="humans"`` is two people at one board; ``position=`` and ``roll=`` set a
    lesson's position and dice; ``seed=`` makes the dice reproducible; ``mode="setup"`` lets a
    teacher place checkers; ``mode="practice"`` lets two people practise accepting or correcting an
    illegal play (:mod:`bglearn.widgets.practice`); :meth:`show` animates a given play. Other keywords are those of
    :class:`~bglearn.widgets.session.BoardSession` (``human``, ``perspective``, ``auto_roll``,
    ``game``, and Game options such as ``jacoby``).

    The drawing's options ``home``, ``numbers``, ``pips``, ``theme`` and ``width`` are passed to
    :func:`bglearn.svg.render` (a bad one is refused with its sentence); ``layout`` is ``"auto"``
    (portrait when the browser reports a board narrower than 480 px), ``"landscape"`` or ``"portrait"``.

    Read :attr:`position`, :attr:`turn_position`, :attr:`roll`, :attr:`pending`, :attr:`selected`,
    :attr:`targets`, :attr:`message`, :attr:`mode`, :attr:`game`; drive it with :meth:`click`,
    :meth:`move`, :meth:`type_play`, :meth:`move_die`, :meth:`undo`, :meth:`done`, :meth:`play`,
    :meth:`roll_dice`, :meth:`set_dice`,
    :meth:`double`, :meth:`take`, :meth:`drop`, :meth:`new_game`, :meth:`show`, :meth:`end_show`,
    :meth:`finish_setup`; listen with :meth:`on_move`, :meth:`on_turn_end`, :meth:`on_game_over`.
    The state behind it is :attr:`session`, read through :class:`~bglearn.widgets.seams.BoardModel`.
    """

    _esm = _HERE / "board.js"
    _css = _HERE / "board.css"

    svg = t.Unicode("").tag(sync=True)
    message = t.Unicode("").tag(sync=True)
    message_kind = t.Unicode("info").tag(sync=True)
    status = t.Unicode("").tag(sync=True)
    dice = t.List(t.Dict()).tag(sync=True)
    controls = t.List(t.Dict()).tag(sync=True)
    frames = t.List(t.Unicode()).tag(sync=True)
    frame_ms = t.Int(700).tag(sync=True)
    animate = t.Int(0).tag(sync=True)
    revision = t.Int(0).tag(sync=True)
    theme = t.Unicode("classic").tag(sync=True)
    board_id = t.Unicode("").tag(sync=True)   # names the board for its views (keyboard focus kept)
    texts = t.Dict().tag(sync=True)   # the words board.js shows itself, in the current language
    summary = t.Unicode("").tag(sync=True)   # the whole position in words (the board's S key)
    focus_order = t.Dict().tag(sync=True)    # where N / P lead: {"movable": [...], "targets": [...]}
    can_type = t.Bool(False).tag(sync=True)  # a play may be typed now (the field is shown)
    narrow = t.Bool(False).tag(sync=True)    # the browser reports a narrow board (< 480 px)

    def __init__(self, *, theme: str = "classic", width: float | None = None, frame_ms: int = 700,
                 home: str = "right", numbers: bool | str = True, pips: bool = True, layout: str = "auto",
                 **options: Any) -> None:
        super().__init__()
        self.board_id = f"board-{next(_BOARD_NUMBERS)}"
        if layout not in ("auto", "landscape", "portrait"):
            raise BglearnError(_("layout must be 'auto', 'landscape' or 'portrait', got {value!r}.").format(value=layout))
        self._layout = layout
        self._render_options: dict[str, Any] = {"theme": theme, **({"width": width} if width else {})}
        # only what differs from the renderer's defaults, so a renderer without an option still draws
        self._render_options.update({k: v for k, v in (("home", home), ("numbers", numbers), ("pips", pips))
                                     if v != {"home": "right", "numbers": True, "pips": True}[k]})
        if layout != "auto":
            self._set_layout(layout)
        self._static_svg = ""
        self._shown_frames: tuple[Any, ...] = ()
        session = options.pop("session", None)  # a ready session (bglearn.widgets.answer: answer mode)
        self.session: BoardModel = session if session is not None else BoardSession(**options)
        self.session.on_change(lambda _s: self._sync())
        self.session.on_turn_end(lambda _p: self._mark_static())
        self.theme = theme
        self.frame_ms = frame_ms
        self.on_msg(self._on_custom_msg)
        self._sync()
        self._static_svg = self.svg

    # -- the game on the board: the documented API (README "Driving it from code"); each one is a
    # call on the mode that does the work (bglearn.widgets.play.PlayMode), which redraws -------------
    def _board(self) -> BoardSession:
        """The session of a game board (an answer board has no game to drive)."""
        if not isinstance(self.session, BoardSession):
            raise BglearnError(f"this board is in {self.session.mode} mode: it plays no game.")
        return self.session

    @property
    def game(self) -> Game:
        """The :class:`~bglearn.game.Game` being played."""
        return self._board().playing.game

    @property
    def position(self) -> Position:
        """The position on the board (the moves made so far this turn included)."""
        return self._board().playing.position

    @property
    def turn_position(self) -> Position:
        """The position at the start of this turn."""
        return self.game.position

    @property
    def roll(self) -> Roll | None:
        """The dice to play now (``None`` before rolling)."""
        return self._board().playing.roll

    @property
    def pending(self) -> tuple[Move, ...]:
        """The single-die moves made this turn, not yet ended with Done."""
        return tuple(self._board().playing.pending)

    @property
    def selected(self) -> int | None:
        """The selected checker's point (mover's numbering; 25 = bar), if any."""
        return self._board().playing.selected

    @property
    def targets(self) -> list[int]:
        """The selected checker's legal destinations (mover's numbering; 0 = off), highest first."""
        return sorted(self._board().playing.targets, reverse=True)

    @property
    def mode(self) -> str:
        """``humans``, ``computer``, ``practice``, ``setup``, ``show``, ``locked`` (a lesson stage done), or ``answer``."""
        return self.session.mode

    def click(self, target: Any) -> None:
        """What a click on the board does: a point number (the board's numbering), ``"bar"``,
        ``"off"``, or the browser's ``{"point": n}`` / ``{"bar": "white"}`` / ``{"off": "red"}``."""
        self.session.click(target)

    def move(self, text: str) -> None:
        """Make moves from notation as if clicked (``"13/7"``); refused ones raise with the reason."""
        self._board().game_mode().move(text)

    def undo(self) -> Move | None:
        """Take back the last move of this turn (``None`` when there is none)."""
        return self._board().game_mode().undo()

    def done(self) -> Play | None:
        """End the turn if the moves made are a legal play (else the reason is shown)."""
        return self._board().game_mode().done()

    def play(self, play: Play | str) -> Play:
        """Play a whole turn from code, e.g. ``widget.play("13/7 8/7")``."""
        return self._board().game_mode().play(play)

    def roll_dice(self, roll: RollLike | None = None) -> Roll:
        """Throw the dice (or set ``roll``) for the side to play."""
        return self._board().game_mode().roll_dice(roll)

    def set_dice(self, roll: RollLike) -> Roll:
        """Set the dice for the side to play (a lesson's roll)."""
        return self._board().game_mode().roll_dice(roll)

    def double(self) -> None:
        """Offer the cube (a refusal is shown with the rule)."""
        self._board().game_mode().double()

    def take(self) -> None:
        """Accept the offered cube."""
        self._board().game_mode().take()

    def drop(self) -> None:
        """Refuse the offered cube: the game ends."""
        self._board().game_mode().drop()

    def new_game(self, position: Position | None = None, roll: RollLike | None = None) -> None:
        """Start a new game (from ``position`` and ``roll``, else the start with an opening roll)."""
        self._board().new_game(position=position, roll=roll)

    def finish_setup(self, turn: Player | str | None = None, roll: RollLike | None = None) -> None:
        """Leave setup mode: a game starts from the position set up, ``turn`` on roll."""
        self._board().setup_mode().finish(turn, roll)

    def show(self, play: Play | str, position: Position | None = None, roll: RollLike | None = None) -> None:
        """Animate ``play`` move by move ("show me" mode); ``end_show()`` returns to the game."""
        self._board().show(play, position=position, roll=roll)

    def end_show(self) -> None:
        """Return from "show me" mode to the game."""
        self._board().end_show()

    def on_move(self, callback: Callable[[Move], Any]) -> Callable[..., Any]:
        """Call ``callback(move)`` after every single-die move on the board."""
        return self._board().on_move(callback)

    def on_turn_end(self, callback: Callable[[Play], Any]) -> Callable[..., Any]:
        """Call ``callback(play)`` after every turn (person, script or computer)."""
        return self.session.on_turn_end(callback)

    def on_game_over(self, callback: Callable[[Any], Any]) -> Callable[..., Any]:
        """Call ``callback(game)`` when the game ends."""
        return self._board().on_game_over(callback)

    # -- the browser ------------------------------------------------------------------------------
    def _on_custom_msg(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        try:
            if kind == "click":
                self.session.click(content.get("target") or {})
            elif kind == "control":
                cid = str(content.get("id", ""))
                if cid == "replay" and self.session.mode == "show":
                    self.animate += 1
                else:
                    self.session.control(cid)
            elif kind == "move_die":
                self.move_die(content.get("target") or {}, content.get("die"))
            elif kind == "play_text":
                self.type_play(str(content.get("text", "")))
            elif kind == "layout":
                self.narrow = bool(content.get("narrow"))
                if self._layout == "auto" and self._set_layout("portrait" if self.narrow else "landscape"):
                    self._sync()
        except Exception as exc:  # never leave the learner with a silent board
            self.session.say(_("{error}: {message}").format(error=type(exc).__name__, message=exc), "error")
            try:
                self._sync()
            except Exception:  # the board cannot be drawn: at least show the message
                self.message, self.message_kind = self.session.message, "error"
                self.revision += 1

    def move_die(self, target: Any, die: Any) -> None:
        """Move the checker on ``target`` (as :meth:`click` takes it) by one die (1-6): what the
        board's digit keys do (:meth:`bglearn.widgets.play.PlayMode.move_die`)."""
        mode = self._play_mode()
        if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= 6:
            raise BglearnError(_("a die is a whole number from 1 to 6, got {value!r}.").format(value=die))
        if mode is None:
            self.session.say(_("A checker can be moved by a die only during a game."), "error")
            self._sync()
            return
        mode.move_die(*parse_target(target), die)
        mode.board.changed()

    def type_play(self, text: str) -> Play | None:
        """A play typed in the board's field (``"8/5 6/5"``): made like clicks after the moves made so
        far, ending the turn when it completes a legal play; a refused one changes nothing and the
        message says why (:meth:`bglearn.widgets.play.PlayMode.type_play`)."""
        mode = self._play_mode()
        if mode is None:
            self.session.say(_("A play can be typed only during a game."), "error")
            self._sync()
            return None
        return mode.type_play(text)

    def _play_mode(self) -> PlayMode | None:
        """The game's mode when the board shows its game (not a setup, a show or an answer board)."""
        s = self.session
        if isinstance(s, BoardSession) and s.current is s.playing:
            return s.playing
        return None

    def _set_layout(self, layout: str) -> bool:
        """Draw in ``layout`` from now on, when the renderer has it; True when the drawing changes."""
        if not _renderer_has_layout():
            return False
        before = self._render_options.get("layout", "landscape")
        self._render_options["layout"] = layout
        return bool(before != layout)

    def _render(self, view: dict[str, Any]) -> str:
        from ..svg import render

        return str(render(**{"interactive": True, **view, **self._render_options}))

    def _sync(self) -> None:
        s = self.session
        view = s.view()
        frames: list[str] = []
        if s.mode == "show" and s.frames:
            key = tuple(id(f) for f in s.frames)
            if key != self._shown_frames:
                frames = [self._render(f) for f in s.frames]
                self._shown_frames = key
            else:
                frames = list(self.frames)
        else:
            self._shown_frames = ()
        svg = self._render(view)
        with self.hold_sync():
            new_anim = bool(frames) and frames != list(self.frames)
            self.frames = frames
            self.svg = svg
            self.message = s.message
            self.message_kind = s.message_kind
            self.status = s.status()
            self.texts = board_texts(s.variant)
            self.dice = s.dice_state
            self.controls = [c.as_dict() for c in s.controls()]
            mode = self._play_mode()
            self.focus_order = mode.focus_order() if mode is not None else {"movable": [], "targets": []}
            self.can_type = bool(mode is not None and mode.can_type())
            self.summary = self._summary(view, mode)
            self.revision += 1
            if new_anim:
                self.animate += 1
        self._flush_static()

    def _summary(self, view: dict[str, Any], mode: PlayMode | None) -> str:
        """The whole position in words for the summary key (the game's, else the position shown)."""
        if mode is not None:
            return mode.summary()
        from .summary import position_summary

        position = view.get("position")
        if not isinstance(position, Position):
            return str(self.session.status())
        return position_summary(position, perspective=view.get("perspective", position.turn),
                                headline=str(self.session.status()))

    # -- notebooks (the display part; see bglearn.widgets.fallback) ---------------------------------
    # A displayed board's output carries the live view, the board as a sanitiser-safe HTML picture
    # (what an untrusted or kernel-less notebook shows), the board as SVG and the repr as text. After
    # each finished turn (and at the end of a game) the displays are updated, so a saved notebook
    # holds the board as it was at the last finished turn. ``static_updates=False`` turns that off.
    # IPython's display protocol lets this return one dict; anywidget annotates the (data, metadata) pair.
    def _repr_mimebundle_(  # type: ignore[override]
        self, include: Any = None, exclude: Any = None, **kwargs: Any
    ) -> dict[str, Any]:
        """The widget view, plus the board as it is now (HTML picture and SVG) and the repr, for where
        no kernel runs."""
        self._static_svg = self.svg
        return super()._repr_mimebundle_(include=include, exclude=exclude, **kwargs)

    def _static_picture(self) -> str:
        return self._static_svg or self.svg

    def _static_html(self) -> str:
        """The saved picture, with "Run this cell to play" written on it: a notebook shows this before
        its cells are run, and the board must not look playable then. (Inline styles only, of the
        kinds JupyterLab's HTML sanitiser keeps: the picture and the words share one grid cell.)"""
        words = (_("Run this cell to play") if isinstance(self.session, BoardSession)
                 else _("Run this cell to answer"))
        cell = "grid-row:1;grid-column:1"
        return (f'<div class="bglearn-static-board" style="display:grid;max-width:680px">'
                f'<div style="{cell}">{svg_image(self._static_picture())}</div>'
                f'<p class="bglearn-run-hint" style="{cell};align-self:center;justify-self:center;margin:0;'
                'padding:8px 16px;background:#ffffff;color:#111111;border:3px solid #0b57d0;border-radius:8px;'
                f'font-size:18px;font-weight:bold;box-shadow:0 2px 8px #00000066">&#9654; {html.escape(words)}</p>'
                '</div>')

    def _mark_static(self) -> None:
        """After a turn: the saved-notebook picture becomes the board now (displays updated)."""
        self._static_pending = True

    def _flush_static(self) -> None:
        if not getattr(self, "_static_pending", False):
            return
        self._static_pending = False
        self._static_svg = self.svg
        self.refresh_static()

    def __repr__(self) -> str:
        return f"BoardWidget({self.session.status_words()})"

    def static_html(self) -> str:
        """The board, the message and the status as plain HTML (no widget machinery)."""
        return (f'<div class="bglearn-static">{svg_image(self.svg)}<p>{html.escape(self.status)}</p>'
                f'<p>{html.escape(self.message)}</p></div>')
