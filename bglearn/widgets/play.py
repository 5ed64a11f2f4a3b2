"""Playing a game on the board: two people at one board, or a person against a computer player.

A :class:`PlayMode` wraps a :class:`bglearn.game.Game` and adds only what a pointer needs: the checker
selected, the single-die moves made so far this turn (``pending``), undo, and the sentences the
learner reads. Every rules question goes to the engine:

- a selected checker's destinations come from :func:`bglearn.destinations.checker_destinations`
  (the engine's ``legal_continuations``, chained for one checker);
- refused moves and a refused "done" are explained by :func:`bglearn.verdicts.explain`, in the point
  numbers printed on the board;
- rolling, playing, the cube and the end of the game are the :class:`~bglearn.game.Game`'s.

A turn that cannot be played is never passed silently for a person: the roll stays on the board
with the engine's reason and a **Pass** button, and only then does the other side (or the
computer) go on. Points are in the **mover's** numbering (``BAR`` = 25, ``OFF`` = 0) unless a name
says otherwise.

>>> from bglearn import Position
>>> from bglearn.widgets.session import BoardSession
>>> board = BoardSession(mode="computer", position=Position(), roll="31", seed=1)
>>> board.mode, board.human
('computer', WHITE)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ..destinations import checker_destinations, movable_points
from ..dice import Roll, RollLike, as_roll
from ..errors import BglearnError, CubeActionError, GameFlowError, IllegalPlayError
from ..verdicts import Reason, legal_continuations, parse_play
from ..plays import BAR, OFF, Move, Play
from ..position import RED, WHITE, Player, Position
from ..i18n import N_, _, join_or, ngettext
from .common import Control, dice_words, judge

if TYPE_CHECKING:  # pragma: no cover
    from ..verdicts import Attempt, Verdict
    from ..game import Game
    from .common import BoardNumbers
    from .session import BoardSession

__all__ = ["PlayMode"]


class PlayMode:
    """A game on the board: ``bot=None`` for two people, else the computer plays the side that is
    not ``human``. ``name`` is ``"humans"`` or ``"computer"``."""

    def __init__(self, board: "BoardSession", *, bot: Any = None, human: Player = WHITE,
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
        return Play(base, self._dice, self.pending).result.with_turn(base.turn)

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
        return self.bot is not None and player is not None and player is not self.human

    @property
    def _numbers(self) -> BoardNumbers:
        return self.board.numbers

    @property
    def _long_nardy(self) -> bool:
        """True when the board plays Long Nardy (no cube, no hitting, no bar)."""
        return getattr(self.board, "variant", "backgammon") == "long-nardy"

    @property
    def _dice(self) -> Roll:
        """The roll being played (in the ``move`` phase); before rolling, GameFlowError."""
        roll = self.game.roll
        if roll is None:
            raise GameFlowError(_("There is no roll to play: roll the dice first."))
        return roll

    def _explain(self, attempted: Attempt, complete: bool | None = None) -> Verdict:
        return judge(self.game.position, self._dice, attempted, complete=complete,
                     numbering=self.board.perspective)

    def _who(self, player: Player) -> str:
        return _("{player} (computer)").format(player=player) if self.is_bot(player) else str(player)

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
        actor = game.to_act
        phase = game.phase
        if phase == "move":
            if not game.legal_plays():
                verdict = self._explain("", complete=True)
                return _("{who} rolled {roll}. {why} Press Pass.").format(
                    who=self._who(actor), roll=game.roll, why=verdict.message)
            return _("{who} to play {roll}.").format(who=self._who(actor), roll=game.roll)
        if phase == "roll":
            may = game.may_double()
            if may:
                return _("{who} to roll or double.").format(who=self._who(actor))
            return _("{who} to roll.").format(who=self._who(actor))
        if phase == "respond":
            return _("{who}: take or drop the cube at {value}?").format(who=self._who(actor), value=_offered_value(game))
        if phase == "resign":
            return _("{who}: accept or refuse the resignation?").format(who=self._who(actor))
        return _("{who} to start.").format(who=self._who(actor))

    def _result_words(self) -> str:
        game = self.game
        if self._long_nardy:  # an oin (1 point) or a mars (2), as the engine names it
            result = game.position.result()
            kind = result.label if result is not None else _("oin")
            return ngettext("Game over: {winner} wins the game ({kind}) and scores {n} point.",
                            "Game over: {winner} wins the game ({kind}) and scores {n} points.", game.points).format(
                winner=game.winner, kind=kind, n=game.points)
        word = getattr(game.result_kind, "word", "single")
        if word == "single":
            return ngettext("Game over: {winner} wins and scores {n} point.",
                            "Game over: {winner} wins and scores {n} points.", game.points).format(
                winner=game.winner, n=game.points)
        return ngettext("Game over: {winner} wins a {kind} and scores {n} point.",
                        "Game over: {winner} wins a {kind} and scores {n} points.", game.points).format(
            winner=game.winner, kind=_(word), n=game.points)

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
            opening = self.game.start()
            if self._long_nardy:  # the higher die starts and then throws both dice for its first turn
                self._note(_("Opening throw: White throws {white}, Red throws {red}; {starter} starts and throws "
                             "both dice.").format(white=opening.white_die, red=opening.red_die,
                                                  starter=opening.starter))
            else:
                self._note(_("Opening roll: White throws {white}, Red throws {red}; {starter} starts with "
                             "{roll}.").format(white=opening.white_die, red=opening.red_die,
                                               starter=opening.starter, roll=opening.roll))
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
        for _ in range(64):
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
                self._note(_("{who} doubles to {value}.").format(who=name, value=_offered_value(game)))
                return
            game.roll_dice()
        elif phase == "move":
            roll = self._dice
            play = bot.choose(game.position, roll)
            if play is None or play.is_empty:
                verdict = self._explain("", complete=True)
                self._note(_("{who} rolled {roll} and cannot move: {why}").format(who=name, roll=roll, why=verdict.message))
            else:
                self._note(_("{who} rolled {roll} and played {play}.").format(
                    who=name, roll=roll, play=self._numbers.play(actor, play.moves, play.notation)))
            self._finish(play if play is not None else Play(game.position, roll, ()))
        elif phase == "respond":
            if _ask(bot, "accepts", game, True):
                game.take()
                self._note(_("{who} takes: the cube is at {value}.").format(who=name, value=game.cube.value))
            else:
                game.drop()
                self._note(_("{who} drops.").format(who=name))
                self.board.emit("game_over", game)
        elif phase == "resign":
            game.accept_resignation()
            self._note(_("{who} accepts the resignation.").format(who=name))
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
        doubler = self.game.turn
        try:
            self.game.double()
        except (CubeActionError, GameFlowError) as exc:
            self.refuse(str(exc))
            return
        self._note(_("{who} doubles to {value}.").format(who=self._who(doubler), value=_offered_value(self.game)))
        self.after_action()

    def take(self) -> None:
        """Accept the offered cube."""
        taker = self.game.to_act
        try:
            self.game.take()
        except (CubeActionError, GameFlowError) as exc:
            self.refuse(str(exc))
            return
        self._note(_("{who} takes: the cube is at {value}.").format(who=self._who(taker), value=self.game.cube.value))
        self.after_action()

    def drop(self) -> None:
        """Refuse the offered cube: the game ends."""
        dropper = self.game.to_act
        try:
            self.game.drop()
        except (CubeActionError, GameFlowError) as exc:
            self.refuse(str(exc))
            return
        self._note(_("{who} drops.").format(who=self._who(dropper)))
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
        return checker_destinations(self.game.position, self._dice, source, self.pending)

    def movable(self) -> list[int]:
        """The points (mover's numbering; 25 = bar) whose checker may move now."""
        if self.phase != "move":
            return []
        return movable_points(self.game.position, self._dice, self.pending)

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
        self.board.say(_("Selected the checker on {where}. It can go to {targets}.").format(
            where=self._numbers.where(mover, source), targets=_or_words(names)))

    def _why_stuck(self, source: int) -> str:
        """The engine's reason the checker on ``source`` cannot move now."""
        left = self.dice_left
        if not left:
            return _("No dice are left to play. {why}").format(why=self._explain(list(self.pending), complete=True).message)
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
            self.board.say(_("Select one of your checkers first, then the point it goes to."), "error")
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
                self.board.say(_("{moved}. All dice played: press Done to end your turn.").format(moved=moved), "info")
            else:
                self.board.say(f"{moved}. {verdict.message}", "error")
        else:
            left = self.dice_left
            self.board.say(ngettext("{moved}. {n} die left to play: {dice}.", "{moved}. {n} dice left to play: {dice}.",
                                    len(left)).format(moved=moved, n=len(left), dice=dice_words(left)))

    def turn_complete(self) -> bool:
        """True when no further single move may be made this turn."""
        return not legal_continuations(self.game.position, self._dice, self.pending)

    def _why_not(self, source: int, destination: int) -> str:
        """The engine's explanation of the refused move ``source`` -> ``destination``."""
        left = self.dice_left
        if not left:
            return _("No dice are left to play. {why}").format(why=self._explain(list(self.pending), complete=True).message)
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
            return Reason.DIE_MISMATCH.rule
        return verdict.message

    def _why_not_moving(self) -> str:
        phase = self.phase
        if phase == "over":
            return _("The game is over: press New game to play again.")
        actor = self.actor()
        if actor is not None and self.is_bot(actor):
            return _("It is {who}'s turn.").format(who=self._who(actor))
        if phase == "roll":
            if self.game.may_double():
                return _("{side}: roll the dice first (or double).").format(side=self.game.turn)
            return _("{side}: roll the dice first.").format(side=self.game.turn)
        if phase == "respond":
            return _("{side}: take or drop the cube first.").format(side=self.actor())
        return _("Nothing to move now ({phase}).").format(phase=phase)

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
            self.board.say(_("Selection cleared."))
        elif self.selected is not None and (n in self.targets or n == OFF or not self._own(n)):
            self.move_to(n)
        elif n == OFF:
            self.board.say(_("Select a checker first, then the tray to bear it off."), "error")
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
            self.refuse(_("Nothing to undo this turn."))
            return None
        m = self.pending.pop()
        self.selected, self.targets = None, {}
        self.board.say(_("Took back {move}.").format(move=self._numbers.move(self.game.turn, m)))
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
            self._note(_("{who} cannot move with {roll} and passes.").format(who=self._who(mover), roll=play.roll))
        else:
            self._note(_("{who} played {play}.").format(
                who=self._who(mover), play=self._numbers.play(mover, play.moves, play.notation)))
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
        return {"undo": self.undo, "done": self.done, "roll": self.roll_dice, "double": self.double,
                "take": self.take, "drop": self.drop, "new-game": self.new_game}

    def control(self, cid: str) -> None:
        action = self.actions().get(cid)
        if action is None:
            raise BglearnError(_("unknown control {cid!r}.").format(cid=cid))
        try:
            action()
        except (GameFlowError, CubeActionError) as exc:
            self.refuse(str(exc))

    def status_words(self) -> str:
        phase = self.phase
        game = self.game
        if phase == "over":
            return ngettext("game over, {winner} won {n} point", "game over, {winner} won {n} points",
                            game.points).format(winner=game.winner, n=game.points)
        if phase == "move":
            return ngettext("{side} to play, roll {roll}, {n} move pending", "{side} to play, roll {roll}, {n} moves pending",
                            len(self.pending)).format(side=game.turn, roll=game.roll, n=len(self.pending))
        if phase == "respond":
            return _("{side} to take or drop").format(side=self.actor())
        if phase == "roll":
            return _("{side} to roll").format(side=game.turn)
        return _("{side} to start").format(side=game.turn)

    def status(self) -> str:
        """One line: who acts, the dice, the cube, the pip counts, the match score."""
        words = self.status_words()
        pos = self.position
        if self._long_nardy:
            text = _("{words} · Long Nardy (no cube) · pips White {white}, Red {red}").format(
                words=words[0].upper() + words[1:], white=pos.pip_count(WHITE), red=pos.pip_count(RED))
            if self.bot is not None:
                name = str(getattr(self.bot, "label_long_nardy", None) or getattr(self.bot, "label", N_("computer")))
                text += " · " + _("{side}: {player}").format(side=self.human.opponent, player=_(name))
            return text
        cube = self.game.cube
        owner = _("centred") if cube.owner is None else _("owned by {side}").format(side=cube.owner)
        extra = " · " + _("cube {value} {owner} · pips White {white}, Red {red}").format(
            value=cube.value, owner=owner, white=pos.pip_count(WHITE), red=pos.pip_count(RED))
        game = self.game
        if game.length:
            white, red = game.score
            extra += " · " + _("{length}-point match, White {white} - Red {red}").format(
                length=game.length, white=white, red=red)
            if game.crawford:
                extra += " " + _("(Crawford game: no doubling)")
        if self.bot is not None:
            extra += " · " + _("{side}: {player}").format(
                side=self.human.opponent, player=_(getattr(self.bot, "label", N_("computer"))))
        return words[0].upper() + words[1:] + extra


def _offered_value(game: Any) -> int:
    offer = getattr(game.cube, "offer", None)
    return int(offer.value) if offer is not None else 2 * int(game.cube.value)


def _ask(bot: Any, method: str, game: Any, default: bool) -> bool:
    fn = getattr(bot, method, None)
    return bool(fn(game)) if callable(fn) else default


def _or_words(items: list[str]) -> str:
    return join_or(items)
