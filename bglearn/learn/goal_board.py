"""``GoalBoard``: a practice board with a goal the engine checks, stars, and the learner's progress kept.

A stage of a lesson (issue 25): the goal as the learner reads it, a :class:`~bglearn.widgets.BoardWidget`
to play on, a line of stars (★★☆, read aloud as "2 of 3 stars"), a **Try again** button and a message
line that says what the goal needs or what was missed. After each finished turn the goal
(:mod:`bglearn.learn.goals`) judges it:

- **met**: stars — 3 at the first attempt with no illegal try, 2 after one failed attempt or one
  illegal try, 1 otherwise — kept with ``progress().finish_stage`` (the best is kept) and the goal's
  rules recorded as right; the board stays as the learner left it, with nothing more to play (no
  opponent's turn, no buttons: :class:`~bglearn.widgets.locked.LockedMode`) until **Play again**;
- **not met**: what was missed is said, the goal's rules are recorded as wrong, and the board goes
  back to the start for the next attempt;
- a goal of several turns (``BearOffAll`` with ``rolls=[...]``) keeps the learner on roll: after each
  turn the board shows the position with the turn passed back and the next roll (the opponent does
  nothing).

Every move the board refuses is an illegal try (recorded as wrong, and it costs a star). A stage whose
previous stage (in the course plan) is not done says so, and stays playable. Displayed, it also
carries a static picture with the goal's text, for where no kernel runs; its repr is deterministic.

>>> from bglearn import Position
>>> from bglearn.learn import goals
>>> board = GoalBoard("03.9", goals.MakePoint(7), position=Position(), roll="61",
...                   text="Play 6-1 to make your 7-point.")
>>> board.board.play("13/7 8/7")
<Play 61: 13/7 8/7>
>>> board.met, board.stars
(True, 3)
>>> board
GoalBoard('03.9', MakePoint(7), 3 of 3 stars)
"""

from __future__ import annotations

import copy
import html
import warnings
from pathlib import Path
from typing import Any, Sequence

import anywidget
import ipywidgets as widgets
import traitlets as t

from ..dice import RollLike, as_roll
from ..i18n import _, ngettext
from ..plays import Play as Turn
from ..position import Position
from ..widgets.board import BoardWidget
from ..widgets.fallback import StaticFallback
from ..widgets.session import BoardSession
from .goals import STAGE_ID, CatchIllegal, Goal, GoalError, GoalResult, SetUp
from .plan import PlanError, course_plan

__all__ = ["GoalBoard", "stars_for", "stars_picture", "stars_words"]

_HERE = Path(__file__).parent
_warned: set[str] = set()


def stars_for(misses: int) -> int:
    """The stars of a goal met after ``misses`` failed attempts and illegal tries: 3, 2 or 1."""
    return 3 if misses <= 0 else 2 if misses == 1 else 1


def stars_picture(stars: int) -> str:
    """``★★☆`` for 2 stars (filled, then empty, three in all)."""
    return "★" * stars + "☆" * (3 - stars)


def stars_words(stars: int) -> str:
    """The stars in words, for screen readers and where the picture is not enough."""
    if not stars:
        return _("No stars yet")
    # Translators: {n} is 1, 2 or 3.
    return ngettext("{n} of 3 stars", "{n} of 3 stars", stars).format(n=stars)


def open_progress() -> Any | None:
    """The learner's store, or None (with one warning) when it cannot be opened."""
    from .store import recording_off

    if recording_off():  # BGLEARN_PROGRESS=off: nothing is kept, on purpose (no warning)
        return None
    try:
        from . import progress

        return progress()
    except Exception as exc:  # the board still works; the learner is told once why nothing is kept
        if "open" not in _warned:
            _warned.add("open")
            warnings.warn(f"progress is not kept: {exc}", stacklevel=3)
        return None


def _store(action: str, *args: Any, **kwargs: Any) -> Any:
    """Call ``progress().<action>(...)``; a broken store warns once and never stops the board."""
    store = open_progress()
    if store is None:
        return None
    try:
        return getattr(store, action)(*args, **kwargs)
    except Exception as exc:
        if action not in _warned:
            _warned.add(action)
            warnings.warn(f"progress not saved ({action}): {exc}", stacklevel=3)
        return None


class GoalPanel(anywidget.AnyWidget):
    """The stars, the Try again button and the message line under a goal board (``goal_panel.js``)."""

    _esm = _HERE / "goal_panel.js"
    _css = """
.bglearn-goal-panel { font-family: var(--jp-ui-font-family, "DejaVu Sans", Verdana, Arial, sans-serif);
  max-width: 680px; color: var(--jp-ui-font-color1, #222); }
.bglearn-goal-stars { font-size: 15px; margin: 4px 0; }
.bglearn-goal-stars-picture { font-size: 20px; color: #8a5a00; letter-spacing: 2px; }
body[data-jp-theme-light="false"] .bglearn-goal-stars-picture { color: #f2c14e; }
.bglearn-goal-text { margin: 8px 0 4px; }
.bglearn-goal-skipped { font-style: italic; margin: 0 0 4px; }
.bglearn-goal-retry { font: inherit; font-size: 13px; padding: 4px 12px; min-height: 28px; border-radius: 4px;
  border: 1px solid #555; background: #f4f4f4; color: #111; cursor: pointer; }
.bglearn-goal-retry:focus-visible { outline: 3px solid #1a73e8; outline-offset: 2px; }
.bglearn-goal-message { min-height: 1.6em; font-size: 14px; padding: 4px 8px; border-left: 5px solid transparent; }
.bglearn-goal-message[data-kind="ok"] { border-left-color: #1e7e34; }
.bglearn-goal-message[data-kind="ok"]::before { content: "✓ " / ""; font-weight: bold; }
.bglearn-goal-message[data-kind="error"] { border-left-color: #b3261e; }
.bglearn-goal-message[data-kind="error"]::before { content: "✗ " / ""; font-weight: bold; }
"""
    stars_picture = t.Unicode("").tag(sync=True)
    stars_words = t.Unicode("").tag(sync=True)
    retry_label = t.Unicode("").tag(sync=True)
    message = t.Unicode("").tag(sync=True)
    kind = t.Unicode("info").tag(sync=True)
    met = t.Bool(False).tag(sync=True)


class GoalBoard(StaticFallback, widgets.VBox):  # type: ignore[misc]  # ipywidgets ships no type information
    """A practice board for stage ``stage`` (``"03.2"``) with ``goal`` (:mod:`bglearn.learn.goals`).

    ``position`` and ``roll`` (or ``rolls=[...]`` for a goal of several turns) set the board; ``text`` is
    the goal as the learner reads it (the lesson's prose, in its language); ``title`` a short title for
    the course map (default: ``text``); ``mode`` the board's mode (``"humans"``; a ``SetUp`` goal uses
    ``"setup"``, a ``CatchIllegal`` goal ``"practice"``); other keywords go to the
    :class:`~bglearn.widgets.BoardWidget` (``seed``, ``perspective``, ``theme``, ...).

    Read :attr:`met`, :attr:`stars` (the best, kept or won now), :attr:`attempts`, :attr:`illegal_tries`,
    :attr:`message`, :attr:`board`; :meth:`try_again` starts a fresh attempt. Bad arguments raise
    :class:`~bglearn.learn.goals.GoalError` naming the problem.
    """

    def __init__(self, stage: str, goal: Goal, *, position: Position, roll: RollLike | None = None,
                 rolls: Sequence[RollLike] = (), text: str, mode: str = "humans", title: str | None = None,
                 **board_options: Any) -> None:
        if not isinstance(stage, str) or not STAGE_ID.match(stage):
            raise GoalError(_("a stage id is the lesson's number, a dot and the stage's number, like \"03.2\"; "
                              "got {stage!r}.").format(stage=stage))
        if not isinstance(goal, Goal):
            raise GoalError(_("GoalBoard needs a goal from bglearn.learn.goals (e.g. goals.MakePoint(7)), got "
                              "{kind}.").format(kind=type(goal).__name__))
        if not isinstance(text, str) or not text.strip():
            raise GoalError(_("GoalBoard needs text=: the goal as the learner reads it."))
        if not isinstance(position, Position):
            raise GoalError(_("GoalBoard needs position=, a Position; got {kind}.").format(kind=type(position).__name__))
        if mode == "humans" and goal.mode != "humans":
            mode = goal.mode
        if mode != goal.mode:
            raise GoalError(_("the goal {goal} needs mode={need!r}, not {mode!r}.").format(
                goal=goal.describe(), need=goal.mode, mode=mode))
        all_rolls = [as_roll(r) for r in rolls]
        if roll is not None:
            if all_rolls and all_rolls[0] != as_roll(roll):
                raise GoalError(_("give either roll= or rolls=, not both."))
            all_rolls = all_rolls or [as_roll(roll)]
        goal = copy.deepcopy(goal)  # bound to this board's position and dice (one goal may serve several boards)
        goal.prepare(position, all_rolls)
        super().__init__()
        self.stage = stage
        self.goal = goal
        self.text = text.strip()
        self.title = (title or text).strip()
        self.start = position
        self.rolls = all_rolls
        self.attempts = 1
        self.illegal_tries = 0
        self.plays: list[Turn] = []
        self.result: GoalResult | None = None
        self.won = 0
        self._error_seen = False
        self._log_seen = 0
        self._busy = False
        self._message, self._kind = self._goal_prompt(), "info"
        options: dict[str, Any] = dict(board_options, mode=goal.mode, position=position)
        if all_rolls and goal.mode != "setup":
            options["roll"] = all_rolls[0]
        self.board = BoardWidget(**options)
        self._prepare_board()
        self.board.on_turn_end(self._turn_ended)
        self.board.session.on_change(self._board_changed)
        self.header = widgets.HTML(self._header_html())
        self.panel = GoalPanel()
        self.panel.on_msg(self._panel_message)
        self.children = [self.header, self.board, self.panel]
        self.add_class("bglearn-goal-board")
        self._draw()

    # -- reading ------------------------------------------------------------------------------------
    @property
    def met(self) -> bool:
        """True when the goal has been met in this attempt."""
        return bool(self.result is not None and self.result.met)

    @property
    def kept(self) -> int:
        """The best stars the learner's progress keeps for this stage (0 when none)."""
        record = _store("stage", self.stage)
        return int(getattr(record, "stars", 0) or 0)

    @property
    def stars(self) -> int:
        """The stars shown: the best of those kept and those won now (0 to 3)."""
        return max(self.won, self.kept)

    @property
    def message(self) -> str:
        """What the board says about the goal now."""
        return self._message

    def _goal_prompt(self) -> str:
        if isinstance(self.goal, CatchIllegal):
            return _("Your opponent has played. Is it legal? Accept it by rolling, or demand a correction.")
        if isinstance(self.goal, SetUp):
            return _("Place the checkers one by one: choose a colour, then select points.")
        return _("Make your play on the board, then press Done.")

    def skipped_ahead(self) -> str | None:
        """The stage that comes first when it is not done yet (and the learner has done some stage),
        else None."""
        try:
            before = course_plan().previous(self.stage)
        except PlanError:
            return None
        if before is None:
            return None
        store = open_progress()
        if store is None:
            return None
        try:
            if not store.stages() or store.stage(before) is not None:
                return None
        except Exception:
            return None
        return before

    # -- the board's events -------------------------------------------------------------------------
    def _session(self) -> BoardSession:
        session = self.board.session
        assert isinstance(session, BoardSession)  # a game board (BoardWidget(mode=...)), never an answer board
        return session

    def _prepare_board(self) -> None:
        """Put the board at the start of an attempt (setup: an empty board; practice: the opponent's
        illegal play made and handed over for judgement)."""
        session = self._session()
        if isinstance(self.goal, SetUp):
            session.start_setup(self.start)
            session.setup_mode().control("clear")
        elif isinstance(self.goal, CatchIllegal):
            playing = session.playing
            self._log_seen = len(getattr(playing, "log", []))
            playing.clear_turn()
            playing.pending = self.goal.moves()  # the opponent's illegal play, made on the board
            playing.done()                       # and handed to the learner for judgement
        session.changed()

    def _restart(self) -> None:
        """Back to the start of the stage (a new attempt)."""
        self.plays = []
        self._busy = True
        try:
            if isinstance(self.goal, SetUp):
                self._prepare_board()
            else:
                self.board.new_game(position=self.start, roll=self.rolls[0] if self.rolls else None)
                if isinstance(self.goal, CatchIllegal):
                    self._prepare_board()
        finally:
            self._busy = False

    def _turn_ended(self, play: Turn) -> None:
        if self._busy or self.result is not None or self.goal.mode != "humans":
            return
        if play.player is not self.start.turn:
            return
        self.plays.append(play)
        result = self.goal.check(self.start, self.plays, play.result)
        if result.met:
            self._met(result)
        elif result.done:
            self._failed(result.message)
        else:
            self._busy = True
            try:  # the turn comes back to the learner, with the next roll
                self.board.new_game(position=play.result.with_turn(self.start.turn), roll=self.rolls[len(self.plays)])
            finally:
                self._busy = False
            self._say(result.message, "info")

    def _board_changed(self, session: Any) -> None:
        if self._busy or self.result is not None:
            return
        if session.message_kind == "error" and self.goal.mode != "practice":  # practice: the learner judges
            if not self._error_seen:
                self._error_seen = True
                self.illegal_tries += 1
                _store("record", self._refused_rules(session), False, source="stage", stage=self.stage)
        else:
            self._error_seen = False
        if isinstance(self.goal, SetUp) and session.mode == "setup":
            result = self.goal.check(self.start, (), session.setup_position)
            if result.met and session.message == _("The starting position."):  # what the Start position button says
                self._failed(_("The Start position button placed them for you: place them yourself this time."))
            elif result.met:
                self._met(result)
            elif result.message and result.message != self._message:
                self._say(result.message, "info")
        elif isinstance(self.goal, CatchIllegal):
            log = getattr(session.playing, "log", [])
            if len(log) > self._log_seen:
                entry = log[self._log_seen]
                self._log_seen = len(log)
                result = self.goal.judge(str(entry.get("decision")))
                if result.met:
                    self._met(result)
                else:
                    self._failed(result.message)

    def _panel_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "retry":
            self.try_again()

    def _refused_rules(self, session: Any) -> tuple[str, ...]:
        """The rule a refused move broke, as the engine said it: the board's last refusal (its rule, when
        the message shown is that refusal's); else a refused Done's verdict on the moves made; a refusal
        worded as a rule is that rule; otherwise the goal's rules."""
        from ..exercises.rules import RULES
        from ..verdicts import Reason, explain

        playing, said = session.playing, session.message
        refusal = getattr(playing, "refusal", None)
        if refusal is not None and refusal[0] and refusal[0] in said:
            return (refusal[1].name,) if refusal[1].name in RULES else self.goal.rules
        try:
            if playing.roll is not None:
                verdict = explain(playing.game.position, playing.roll, list(playing.pending), complete=True,
                                  numbering=session.perspective)
                if not verdict.legal and verdict.message and verdict.message in said:
                    found = verdict.reason.name
                    return (found,) if found in RULES else self.goal.rules
            named = [r.name for r in Reason if r.name in RULES and r.rule == said]
            return tuple(named) or self.goal.rules
        except Exception:  # a question the engine cannot answer here: the goal's own rules
            return self.goal.rules

    # -- results ----------------------------------------------------------------------------------
    def _met(self, result: GoalResult) -> None:
        self.result = result
        stars = stars_for(self.attempts - 1 + self.illegal_tries)
        self.won = max(self.won, stars)
        _store("finish_stage", self.stage, stars, attempts=self.attempts)
        _store("record", self.goal.rules, True, source="stage", stage=self.stage)
        self._busy = True
        try:  # the board stays as the learner left it, with nothing more to play (no opponent's turn)
            self._session().lock(_("This stage is done: press Play again to play it again."))
        finally:
            self._busy = False
        self._say(f"{result.message} {stars_words(stars)}.", "ok")
        self.refresh_static()

    def _failed(self, why: str) -> None:
        _store("record", self.goal.rules, False, source="stage", stage=self.stage)
        self.attempts += 1
        self._restart()
        self._say(_("{why} The board is back at the start: try again.").format(why=why), "error")

    def try_again(self) -> None:
        """Start a fresh attempt from the stage's start (after the goal was met: play the stage again;
        in the middle of a multi-turn attempt: that attempt counts as failed)."""
        if self.result is not None:
            self.result = None
            self.attempts, self.illegal_tries = 1, 0
        elif self.plays:
            self.attempts += 1
        self._restart()
        self._say(self._goal_prompt(), "info")

    # -- drawing ----------------------------------------------------------------------------------
    def _say(self, text: str, kind: str) -> None:
        self._message, self._kind = text, kind
        self._draw()

    def _header_html(self) -> str:
        parts = [f'<h3 class="bglearn-goal-text">{html.escape(self.text)}</h3>']
        before = self.skipped_ahead()
        if before:
            parts.append('<p class="bglearn-goal-skipped">' + html.escape(
                _("You skipped ahead: stage {stage} comes first.").format(stage=before)) + "</p>")
        return "".join(parts)

    def _draw(self) -> None:
        stars = self.stars
        panel = getattr(self, "panel", None)
        if panel is None:
            return
        with panel.hold_sync():
            panel.stars_picture = stars_picture(stars)
            panel.stars_words = stars_words(stars)
            panel.retry_label = _("Play again") if self.met else _("Try again")
            panel.message = self._message
            panel.kind = self._kind
            panel.met = self.met
        self.header.value = self._header_html()

    # -- notebooks ----------------------------------------------------------------------------------
    def _static_html(self) -> str:
        stars = self.stars
        return (self._header_html() + self.board._static_html()
                + f'<p class="bglearn-goal-stars"><span aria-hidden="true">{stars_picture(stars)}</span> '
                  f'{html.escape(stars_words(stars))}</p>'
                + f'<p class="bglearn-goal-message">{html.escape(self._message)}</p>')

    def _static_picture(self) -> str | None:
        return self.board._static_picture()

    def __repr__(self) -> str:
        return f"GoalBoard({self.stage!r}, {self.goal!r}, {stars_words(self.stars)})"
