"""The flow of one game, as a referee runs it: opening roll, turns, cube actions, resignations, the end.

>>> from bglearn import Game, Dice
>>> game = Game(dice=Dice.fixed(["31", "52"]))
>>> opening = game.start()                 # White throws 3, Red 1: White plays 3-1
>>> game.phase, game.turn, str(game.roll)
('move', WHITE, '3-1')
>>> game.play("8/5 6/5").notation
'8/5 6/5'
>>> game.phase, game.turn                  # Red may double or roll
('roll', RED)
>>> game.double(); game.drop()
>>> game.winner, game.points, game.end_reason
(RED, 1, 'drop')

Phases: ``"opening"`` (nothing thrown yet), ``"roll"`` (the side on roll may double or roll),
``"move"`` (the dice are thrown; play them), ``"respond"`` (a double waits for take, drop or beaver),
``"resign"`` (a resignation waits to be accepted or refused), ``"over"``.

``game.turn`` is the side whose turn it is (the side on roll, ``game.position.turn``);
``game.to_act`` is the side that must act now: the same except while a double or a resignation
waits for the opponent's answer. A roll with no legal play is **not** passed automatically: play the
empty Play (``game.play(game.legal_plays()[0])`` is impossible, so use ``game.play("")`` or
``game.pass_turn()``), so that a learner sees the lost turn happen.

Every action out of phase or out of turn raises :class:`~bglearn.errors.GameFlowError`; every
refused cube action raises :class:`~bglearn.errors.CubeActionError` naming the rule; an illegal play
raises :class:`~bglearn.errors.IllegalPlayError` with the engine's ``verdict``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from .cube import Cube
from .dice import Dice, OpeningRoll, Roll, RollLike, as_roll
from .errors import CubeActionError, GameFlowError, IllegalPlayError, NotationError
from .verdicts import explain, parse_play
from .i18n import N_, _, ngettext
from .ids import MatchId, check_crawford, encode_match_id, format_xgid
from .plays import Play, legal_plays
from .player import Player
from .position import Position
from .result import ResultKind, game_result
from .variants import find_variant

if TYPE_CHECKING:  # pragma: no cover
    from .match import Match

__all__ = ["Game", "Event", "PHASES", "as_result_kind"]

PHASES = ("opening", "roll", "move", "respond", "resign", "over")


def as_result_kind(kind: ResultKind | int | str) -> ResultKind:
    """A :class:`ResultKind` from itself, 1/2/3 or ``"single"``/``"gammon"``/``"backgammon"``."""
    if isinstance(kind, ResultKind):
        return kind
    if isinstance(kind, str):
        try:
            return ResultKind[kind.strip().upper()]
        except KeyError:
            pass
    elif isinstance(kind, int) and not isinstance(kind, bool) and 1 <= kind <= 3:
        return ResultKind(kind)
    raise GameFlowError(
        _("a resignation is 'single', 'gammon' or 'backgammon' (or 1, 2, 3), got {value}.").format(value=repr(kind))
    )


def _name(player: Player | None) -> str:
    """A side's colour for a sentence, in the current language."""
    return player.name_text if player is not None else ""


def _by_kind(kind: ResultKind | None, single: str, gammon: str, backgammon: str) -> str:
    """The whole sentence that fits the kind of win (each kind has its own sentence to translate)."""
    if kind is ResultKind.GAMMON:
        return gammon
    return backgammon if kind is ResultKind.BACKGAMMON else single


def _no_cube(position: Position) -> str:
    return _("There is no doubling cube in {game}.").format(game=position.game_name())


# Translators: how a game ended, shown in brackets after "White wins a gammon".
_END_REASONS = {"bear-off": N_("borne off"), "drop": N_("cube dropped"), "resignation": N_("resignation")}
# Translators: the phase of a game, shown in brackets after "White to act".
_PHASES = {"opening": N_("opening roll"), "roll": N_("roll"), "move": N_("move"), "respond": N_("answer the cube"),
           "resign": N_("answer the resignation"), "over": N_("over")}


@dataclass(frozen=True)
class Event:
    """One entry of a game's record.

    ``kind`` is one of ``"opening"`` (``roll`` = the opening roll, ``dice`` = (White's die, Red's
    die), ``rethrows`` = tied throws), ``"auto-double"`` (``value`` = new cube value), ``"roll"``,
    ``"play"`` (``play`` = the Play, empty for a lost turn), ``"double"``, ``"beaver"``, ``"raccoon"``
    (``value`` = the value offered), ``"take"`` (``value`` = the cube now), ``"drop"`` (``value`` =
    points paid), ``"resign"`` (``result`` = the kind offered), ``"accept"``, ``"reject"`` and
    ``"win"`` (``result`` = kind of win, ``value`` = points scored, ``reason`` = how it ended).
    ``player`` is the side that acted (for ``"win"``: the winner).
    """

    kind: str
    player: Player | None = None
    roll: Roll | None = None
    play: Play | None = None
    value: int | None = None
    result: ResultKind | None = None
    dice: tuple[int, int] | None = None
    rethrows: tuple[int, ...] = ()
    reason: str | None = None
    variant: str = "backgammon"

    def __str__(self) -> str:
        p = self.player.name_text if self.player is not None else ""
        k = self.kind
        game = find_variant(self.variant)
        if k == "opening" and not game.opening_roll_played:
            w, r = self.dice or (0, 0)
            return ngettext(
                "Opening throw after {n} tie: White {white}, Red {red}; {player} starts and throws both dice",
                "Opening throw after {n} ties: White {white}, Red {red}; {player} starts and throws both dice",
                len(self.rethrows)).format(n=len(self.rethrows), white=w, red=r, player=p) if self.rethrows else \
                _("Opening throw: White {white}, Red {red}; {player} starts and throws both dice").format(
                    white=w, red=r, player=p)
        words = game.result_words(self.result) if k == "win" and self.result is not None else None
        if words is not None:
            result = words[1].format(player=p)
            return ngettext("{result} ({reason}): {n} point", "{result} ({reason}): {n} points",
                            self.value or 0).format(result=result, reason=self.reason, n=self.value)
        if k == "opening":
            w, r = self.dice or (0, 0)
            names = {"white": w, "red": r, "player": p, "roll": self.roll, "n": len(self.rethrows)}
            if self.rethrows:
                return ngettext("Opening roll after {n} tied throw: White {white}, Red {red}; {player} starts with {roll}",
                                "Opening roll after {n} tied throws: White {white}, Red {red}; {player} starts with {roll}",
                                len(self.rethrows)).format(**names)
            return _("Opening roll: White {white}, Red {red}; {player} starts with {roll}").format(**names)
        if k == "auto-double":
            return _("Automatic double: the cube is now {value}").format(value=self.value)
        if k == "roll":
            return _("{player} rolls {roll}").format(player=p, roll=self.roll)
        if k == "play":
            assert self.play is not None
            if self.play.is_empty:
                return _("{player} cannot move with {roll}").format(player=p, roll=self.play.roll)
            return _("{player} plays {roll}: {play}").format(player=p, roll=self.play.roll, play=self.play.notation)
        if k == "double":
            return _("{player} doubles to {value}").format(player=p, value=self.value)
        if k == "beaver":
            return _("{player} beavers to {value}").format(player=p, value=self.value)
        if k == "raccoon":
            return _("{player} raccoons to {value}").format(player=p, value=self.value)
        if k == "take":
            return _("{player} takes (cube {value})").format(player=p, value=self.value)
        if k == "drop":
            return ngettext("{player} drops and pays {n} point", "{player} drops and pays {n} points",
                            self.value or 0).format(player=p, n=self.value)
        if k == "resign":
            return _by_kind(self.result, _("{player} resigns a single game"), _("{player} resigns a gammon"),
                            _("{player} resigns a backgammon")).format(player=p)
        if k == "accept":
            return _("{player} accepts the resignation").format(player=p)
        if k == "reject":
            return _("{player} refuses the resignation; play goes on").format(player=p)
        if k == "win":
            result = _by_kind(self.result, _("{player} wins a single game"), _("{player} wins a gammon"),
                              _("{player} wins a backgammon")).format(player=p)
            return ngettext("{result} ({reason}): {n} point", "{result} ({reason}): {n} points",
                            self.value or 0).format(result=result, reason=self.reason, n=self.value)
        return f"{k} {p}".strip()


class Game:
    """One game of backgammon, run as a referee would (see the module docstring for phases).

    ``dice``: the source of throws (default ``Dice()``); ``position``: start from this position (its
    side on roll is to roll; no opening roll); ``first``: skip the opening roll and let ``first`` roll
    first. Money-play options (ignored in a match): ``jacoby``, ``beavers``, ``raccoons``,
    ``auto_doubles`` (how many ties of the opening throw may double the centred cube), ``max_cube``.
    A game of a match (normally made by ``Match.new_game()``) is told its match state:
    ``length`` (0 = money), ``score`` (white, red) before the game, ``crawford`` (this is the
    Crawford game: nobody may double) and ``refuse_dead_cube`` (refuse a double that gains the
    doubler nothing, as GNU Backgammon does). The game never asks its match anything; ``game.match``
    is only a reference back to the :class:`~bglearn.match.Match` that made it (``None`` otherwise).
    ``cube``: start with this cube (for lessons). ``recorded``: the game is replayed from a match
    record (:mod:`bglearn.records` sets it); its Match IDs are then the ones GNU Backgammon prints
    for a recorded game, which shows the opening roll, before the first play, with game state
    "none" (a game it plays live shows "playing").
    """

    def __init__(
        self,
        dice: Dice | None = None,
        position: Position | None = None,
        first: Player | None = None,
        jacoby: bool = False,
        beavers: bool = False,
        max_cube: int | None = None,
        *,
        raccoons: bool = False,
        auto_doubles: int = 0,
        cube: Cube | None = None,
        crawford: bool | None = None,
        score: tuple[int, int] | None = None,
        length: int | None = None,
        refuse_dead_cube: bool = False,
        recorded: bool = False,
        variant: str | None = None,
    ) -> None:
        self.dice = dice if dice is not None else Dice()
        self.recorded = bool(recorded)
        self.match: Match | None = None
        self.length: int = int(length or 0)
        money = self.length == 0
        self.jacoby = bool(jacoby) and money
        self.beavers = bool(beavers) and money
        self.raccoons = bool(raccoons) and self.beavers
        self.auto_doubles = max(0, int(auto_doubles)) if money else 0
        self.max_cube = max_cube if money else None
        self.score: tuple[int, int] = (int(score[0]), int(score[1])) if score is not None else (0, 0)
        self.crawford: bool = bool(crawford) and not money
        if self.crawford:
            try:
                check_crawford(True, self.length, self.score, "Game")
            except NotationError as exc:
                raise GameFlowError(str(exc)) from None
        self.refuse_dead_cube = bool(refuse_dead_cube) and not money
        if cube is None:
            cube = Cube(max_value=self.max_cube, beavers=self.beavers, raccoons=self.raccoons)
        self._cube = cube
        self._initial_cube = cube
        self._with_opening = position is None and first is None
        self.start_position = position if position is not None else Position(variant=variant)
        if variant is not None and type(self.start_position) is not find_variant(variant):
            raise GameFlowError(_("The position given is a {given} position, not {variant}.").format(
                given=self.start_position.variant, variant=variant))
        self.variant: str = self.start_position.variant
        """The game's name (:mod:`bglearn.variants`): ``"backgammon"``, ``"long-nardy"`` (no cube; the
        opening throw only decides who starts), ``"nackgammon"``."""
        if first is not None:
            self.start_position = self.start_position.with_turn(Player(first))
        self._position = self.start_position
        self._roll: Roll | None = None
        self._phase = "opening" if position is None and first is None else "roll"
        self._record: list[Event] = []
        self._resign: tuple[Player, ResultKind, str] | None = None  # resigner, kind, phase to resume
        self._winner: Player | None = None
        self._result_kind: ResultKind | None = None
        self._points = 0
        self._end_reason: str | None = None
        self._opening: OpeningRoll | None = None
        self._cube_before_offer: Cube | None = None
        self._legal_cache: tuple[tuple[Position, Roll], list[Play]] | None = None

    # -- state --------------------------------------------------------------------------------
    @property
    def position(self) -> Position:
        """The board now; its ``turn`` is the side whose turn it is."""
        return self._position

    @property
    def turn(self) -> Player:
        """The side whose turn it is (on roll)."""
        return self._position.turn

    @property
    def to_act(self) -> Player:
        """The side that must act now (the opponent while a double or resignation waits)."""
        if self._phase == "respond":
            assert self._cube.offer is not None
            return self._cube.offer.responder
        if self._phase == "resign":
            assert self._resign is not None
            return self._resign[0].opponent
        return self._position.turn

    @property
    def roll(self) -> Roll | None:
        """The dice to play now (``None`` before rolling)."""
        return self._roll

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def cube(self) -> Cube:
        """The cube now (an immutable :class:`~bglearn.cube.Cube`)."""
        return self._cube

    @property
    def opening(self) -> OpeningRoll | None:
        """The opening roll, once thrown."""
        return self._opening

    @property
    def record(self) -> list[Event]:
        """Every event so far, in order (a copy)."""
        return list(self._record)

    @property
    def plays(self) -> list[Play]:
        """The plays made so far (lost turns included, as empty plays)."""
        return [e.play for e in self._record if e.kind == "play" and e.play is not None]

    @property
    def is_over(self) -> bool:
        return self._phase == "over"

    @property
    def winner(self) -> Player | None:
        return self._winner

    @property
    def result_kind(self) -> ResultKind | None:
        """How the game was won (for a drop: single; for a resignation: the kind resigned)."""
        return self._result_kind

    @property
    def points(self) -> int:
        """What the winner scores: cube × 1/2/3 (gammons count single under the Jacoby rule while
        the cube is centred in money play), a drop scores the stake before the double. In a match,
        points beyond the match length are cut by the match score, not here. 0 while playing."""
        return self._points

    @property
    def end_reason(self) -> str | None:
        """``"bear-off"``, ``"drop"`` or ``"resignation"`` once the game is over."""
        return self._end_reason

    @property
    def resignation(self) -> tuple[Player, ResultKind] | None:
        """(resigner, kind) while a resignation waits for an answer."""
        return None if self._resign is None else (self._resign[0], self._resign[1])

    @property
    def is_money(self) -> bool:
        return self.length == 0

    @property
    def cube_in_play(self) -> bool:
        """False only in the Crawford game, where nobody may double whatever the position."""
        return not self.crawford

    @property
    def must_pass(self) -> bool:
        """True in phase "move" when the roll has no legal play (the turn is lost)."""
        return self._phase == "move" and not self.legal_plays()

    # -- helpers ------------------------------------------------------------------------------
    def _need(self, *phases: str, player: Player | None = None) -> None:
        if self._phase == "over":
            raise GameFlowError(_("The game is over: {player} has won.").format(player=_name(self._winner)))
        if player is not None and Player(player) != self.to_act:
            raise GameFlowError(_("It is {player}'s turn.").format(player=_name(self.to_act)))
        if self._phase in phases:
            return
        on = self.to_act
        if self._phase == "opening":
            raise GameFlowError(_("The game has not started: throw the opening roll first (game.start())."))
        if self._phase == "roll":
            raise GameFlowError(_("{player} has not rolled yet.").format(player=_name(on)))
        if self._phase == "move":
            raise GameFlowError(_("{player} has rolled {roll} and must play it first.").format(
                player=_name(on), roll=self._roll))
        if self._phase == "respond":
            assert self._cube.offer is not None
            raise GameFlowError(
                _("{player} has offered the cube at {value}: {other} must take or drop first.").format(
                    player=_name(self._cube.offer.by), value=self._cube.offer.value, other=_name(on))
            )
        if self._phase == "resign":
            assert self._resign is not None
            raise GameFlowError(_by_kind(
                self._resign[1],
                _("{player} has resigned a single game: {other} must accept or refuse first."),
                _("{player} has resigned a gammon: {other} must accept or refuse first."),
                _("{player} has resigned a backgammon: {other} must accept or refuse first."),
            ).format(player=_name(self._resign[0]), other=_name(on)))
        raise GameFlowError(_("That is not possible now."))  # pragma: no cover

    def _no_offer(self, verb: str) -> None:
        if self._phase in ("roll", "move"):
            raise GameFlowError(_("There is no double to take: nobody has offered the cube.") if verb == "take"
                                else _("There is no double to drop: nobody has offered the cube."))

    def _cube_context(self, player: Player) -> dict[str, Any]:
        return {
            "crawford": self.crawford,
            "rolled": self._phase == "move",
            "match_length": self.length,
            "score": self.score,
            "refuse_dead": self.refuse_dead_cube,
        }

    def _finish(self, winner: Player, kind: ResultKind, points: int, reason: str, why: str) -> None:
        self._winner = winner
        self._result_kind = kind
        self._points = points
        self._end_reason = reason
        self._phase = "over"
        self._roll = None
        self._record.append(Event("win", winner, value=points, result=kind, reason=why, variant=self.variant))

    def _score_kind(self, kind: ResultKind) -> int:
        if self.jacoby and self._cube.centred and self.is_money:
            return self._cube.value
        return self._cube.value * int(kind)

    # -- the opening ---------------------------------------------------------------------------
    def start(self, opening: OpeningRoll | Sequence[int] | None = None) -> OpeningRoll:
        """Throw the opening roll (ties are thrown again; in money play with ``auto_doubles`` each
        tie doubles the centred cube). The starter then plays that roll: phase ``"move"``.
        ``opening`` sets the throw instead: an OpeningRoll or (White's die, Red's die)."""
        if self._phase != "opening":
            if any(e.kind == "opening" for e in self._record):
                raise GameFlowError(_("The opening roll has already been thrown."))
            raise GameFlowError(_("This game began without an opening roll (a position or a first player was given)."))
        if opening is None:
            o = self.dice.opening_roll()
        elif isinstance(opening, OpeningRoll):
            o = opening
        else:
            w, r = opening
            if w == r:
                raise GameFlowError(_("An opening roll cannot be a tie: equal dice are thrown again."))
            o = OpeningRoll(int(w), int(r))
        self._opening = o
        starter = o.starter
        self._position = self._position.with_turn(starter)
        if not self._position.opening_roll_played:  # the higher die starts, then throws both dice for its first turn
            self._record.append(Event("opening", starter, dice=(o.white_die, o.red_die),
                                      rethrows=tuple(o.rethrows), variant=self.variant))
            self._phase = "roll"
            return o
        self._record.append(Event("opening", starter, roll=o.roll, dice=(o.white_die, o.red_die),
                                  rethrows=tuple(o.rethrows)))
        for _tie in o.rethrows[: self.auto_doubles]:
            if self._cube.value * 2 > self._cube.limit:
                break
            self._cube = self._cube.automatic_double()
            self._record.append(Event("auto-double", None, value=self._cube.value))
        self._roll = o.roll
        self._phase = "move"
        return o

    def skip_opening(self, first: Player) -> None:
        """Begin without an opening throw: ``first`` is to roll (or double) first."""
        if self._phase != "opening":
            raise GameFlowError(_("The game has already begun."))
        self.start_position = self.start_position.with_turn(Player(first))
        self._position = self.start_position
        self._with_opening = False
        self._phase = "roll"

    # -- a turn --------------------------------------------------------------------------------
    def roll_dice(self, roll: RollLike | None = None, *, player: Player | None = None) -> Roll:
        """Throw the dice (or set ``roll``, for a lesson); phase becomes ``"move"``."""
        self._need("roll", player=player)
        r = self.dice.roll() if roll is None else as_roll(roll)
        self._roll = r
        self._phase = "move"
        self._record.append(Event("roll", self.turn, roll=r))
        return r

    def legal_plays(self) -> list[Play]:
        """The legal plays of the roll to play now (empty before rolling, or when the turn is lost)."""
        if self._phase != "move" or self._roll is None:
            return []
        key = (self._position, self._roll)
        if self._legal_cache is None or self._legal_cache[0] != key:
            self._legal_cache = (key, legal_plays(self._position, self._roll))
        return list(self._legal_cache[1])

    def play(self, play: Play | str | None, *, player: Player | None = None) -> Play:
        """Play the thrown roll: a Play from :meth:`legal_plays` or notation text. A lost turn is
        the empty Play (``""``, ``None`` or ``Play(position, roll, ())``). Illegal plays raise
        :class:`IllegalPlayError` with the engine's ``verdict``. Returns the Play made."""
        self._need("move", player=player)
        pos, roll = self._position, self._roll
        assert roll is not None
        if play is None or (isinstance(play, str) and not play.strip()):
            play = Play(pos, roll, ())
        if isinstance(play, str):
            chosen = parse_play(pos, roll, play)
        elif isinstance(play, Play):
            if play.position != pos or play.roll != roll:
                raise IllegalPlayError(
                    (_("That play is for another position; {player} is playing {roll} in this position.")
                     if play.position != pos else
                     _("That play is for the roll {other}; {player} is playing {roll} in this position.")).format(
                        other=play.roll, player=_name(self.turn), roll=roll)
                )
            legal = self.legal_plays()
            by_result = {p.result: p for p in legal}
            if play.is_empty and not legal:
                chosen = play
            elif not play.is_empty and play.result in by_result:
                chosen = by_result[play.result]
            else:
                verdict = explain(pos, roll, play)
                if verdict:  # pragma: no cover - the engine agrees with legal_plays
                    chosen = play
                else:
                    raise IllegalPlayError(verdict.message, verdict)
        else:
            raise TypeError(_("play takes a Play or notation text, got {type}.").format(type=type(play).__name__))
        self._record.append(Event("play", self.turn, roll=roll, play=chosen))
        self._position = chosen.result if not chosen.is_empty else pos.pass_turn()
        self._roll = None
        result = game_result(self._position)
        if result is not None:
            self._finish(result.winner, result.kind, self._score_kind(result.kind), "bear-off", result.reason)
        else:
            self._phase = "roll"
        return chosen

    def pass_turn(self, *, player: Player | None = None) -> Play:
        """Play the lost turn of a roll with no legal play."""
        return self.play(None, player=player)

    # -- the cube ------------------------------------------------------------------------------
    def may_double(self, player: Player | None = None) -> bool:
        """True when ``player`` (default: the side to act) may double now."""
        return self.why_not_double(player) is None

    def why_not_double(self, player: Player | None = None) -> str | None:
        """Why ``player`` (default: the side to act) may not double now, or ``None``."""
        if not self._position.has_cube:
            return _no_cube(self._position)
        if self._phase == "over":
            return _("The game is over.")
        who = self.to_act if player is None else Player(player)
        if self._phase in ("opening", "respond", "resign") or who != self.turn:
            if self._phase == "respond":
                return self._cube.why_not(who)  # "a double is already on offer"
            if self._phase == "opening":
                return _("Nobody may double before the opening roll; the cube is turned at the start of a later turn.")
            if self._phase == "resign":
                return _("A resignation waits for an answer.")
            return _("You may double only at the start of your own turn; it is {player}'s turn.").format(
                player=_name(self.turn))
        return self._cube.why_not(who, **self._cube_context(who))

    def double(self, *, player: Player | None = None) -> None:
        """The side on roll offers the cube (before rolling); phase becomes ``"respond"``."""
        if not self._position.has_cube:
            raise CubeActionError(_no_cube(self._position))
        if self._phase == "move" and (player is None or Player(player) == self.turn):
            raise CubeActionError(self._cube.why_not(self.turn, rolled=True) or _("You may not double now."))
        self._need("roll", player=player)
        who = self.turn
        self._cube_before_offer = self._cube
        self._cube = self._cube.double(who, **self._cube_context(who))
        assert self._cube.offer is not None
        self._phase = "respond"
        self._record.append(Event("double", who, value=self._cube.offer.value))

    def take(self, *, player: Player | None = None) -> None:
        """Accept the cube on offer: the game goes on at the new value, the taker owns the cube
        (after a beaver the beaverer keeps it); the side on roll now rolls."""
        self._no_offer("take")
        self._need("respond", player=player)
        who = self.to_act
        self._cube = self._cube.take()
        self._phase = "roll"
        self._record.append(Event("take", who, value=self._cube.value))

    def drop(self, *, player: Player | None = None) -> None:
        """Refuse the cube on offer: the dropper loses the stake before that offer; the game ends."""
        self._no_offer("drop")
        self._need("respond", player=player)
        who = self.to_act
        stake = self._cube.drop()
        offer = self._cube.offer
        assert offer is not None
        self._record.append(Event("drop", who, value=stake))
        self._finish(offer.by, ResultKind.SINGLE, stake, "drop",
                     _("{player} refused the cube at {value} and pays the stake of {stake}").format(
                         player=_name(who), value=offer.value, stake=stake))

    def beaver(self, *, player: Player | None = None) -> None:
        """The doubled side takes and immediately redoubles, keeping the cube (money play with
        ``beavers=True``); the doubler must now take, drop or raccoon."""
        self._no_offer("beaver")
        self._need("respond", player=player)
        who = self.to_act
        self._cube = self._cube.beaver(who, match_length=self.length)
        assert self._cube.offer is not None
        self._record.append(Event("beaver", who, value=self._cube.offer.value))

    def raccoon(self, *, player: Player | None = None) -> None:
        """The original doubler answers a beaver by redoubling again (``raccoons=True``)."""
        self._no_offer("raccoon")
        self._need("respond", player=player)
        who = self.to_act
        self._cube = self._cube.raccoon(who, match_length=self.length)
        assert self._cube.offer is not None
        self._record.append(Event("raccoon", who, value=self._cube.offer.value))

    # -- resignations --------------------------------------------------------------------------
    def resign(self, kind: ResultKind | int | str = ResultKind.SINGLE, *, player: Player | None = None) -> None:
        """``player`` (default: the side to act) offers to resign a single, gammon or backgammon;
        the opponent must accept or refuse (phase ``"resign"``)."""
        k = as_result_kind(kind)
        if int(k) > self._position.max_result:
            most = ResultKind(self._position.max_result)
            words = self._position.result_words(most)
            raise GameFlowError(ngettext("In {game} a game is worth at most a {win} ({points} point).",
                                         "In {game} a game is worth at most a {win} ({points} points).",
                                         int(most)).format(game=self._position.game_name(), points=int(most),
                                                           win=most.label if words is None else words[0]))
        if self._phase == "over":
            raise GameFlowError(f"The game is over: {self._winner} has won.")
        if self._phase in ("opening", "resign"):
            self._need("roll", "move", "respond")
        who = self.to_act if player is None else Player(player)
        self._resign = (who, k, self._phase)
        self._phase = "resign"
        self._record.append(Event("resign", who, result=k))

    def accept_resignation(self, *, player: Player | None = None) -> None:
        """Accept the resignation: the resigner's opponent wins that kind of game × the cube."""
        if self._phase in ("roll", "move", "respond"):
            raise GameFlowError(_("There is no resignation to accept: nobody has resigned."))
        self._need("resign", player=player)
        assert self._resign is not None
        resigner, kind, _phase = self._resign
        winner = resigner.opponent
        self._record.append(Event("accept", winner))
        if self._cube.offer is not None:  # resigned instead of answering a double
            self._cube = self._cube_before_offer or Cube()
        self._resign = None
        self._finish(winner, kind, self._score_kind(kind), "resignation",
                     _by_kind(kind, _("{player} resigned a single game and {other} accepted"),
                              _("{player} resigned a gammon and {other} accepted"),
                              _("{player} resigned a backgammon and {other} accepted")).format(
                         player=_name(resigner), other=_name(winner)))

    def reject_resignation(self, *, player: Player | None = None) -> None:
        """Refuse the resignation: play goes on where it stopped."""
        if self._phase in ("roll", "move", "respond"):
            raise GameFlowError(_("There is no resignation to refuse: nobody has resigned."))
        self._need("resign", player=player)
        assert self._resign is not None
        resigner, kind, phase = self._resign
        self._record.append(Event("reject", resigner.opponent))
        self._resign = None
        self._phase = phase

    # -- replay and identifiers ----------------------------------------------------------------
    def position_at(self, n: int) -> Position:
        """The position after the first ``n`` plays (``n = 0``: the starting position; a lost turn
        counts as a play). Negative ``n`` counts from the end."""
        positions = [self.start_position]
        for e in self._record:
            if e.kind == "opening":
                positions[0] = positions[0].with_turn(e.player)  # type: ignore[arg-type]
            elif e.kind == "play":
                assert e.play is not None
                positions.append(e.play.result if not e.play.is_empty else e.play.position.pass_turn())
        try:
            return positions[n]
        except IndexError:
            raise GameFlowError(
                ngettext("the game has {n} play; ask for a position 0 to {n}.",
                         "the game has {n} plays; ask for a position 0 to {n}.", len(positions) - 1).format(
                    n=len(positions) - 1)
            ) from None

    def replay(self, upto: int | None = None) -> "Game":
        """A fresh copy of this game with the first ``upto`` events of the record applied (all of
        them by default), using the recorded dice. The copy is not attached to a match."""
        g = Game(
            dice=Dice(0), position=None if self._with_opening else self.start_position,
            jacoby=self.jacoby, beavers=self.beavers, max_cube=self.max_cube, raccoons=self.raccoons,
            auto_doubles=self.auto_doubles, cube=self._initial_cube, crawford=self.crawford,
            score=self.score, length=self.length, refuse_dead_cube=self.refuse_dead_cube,
            recorded=self.recorded, variant=self.variant,
        )
        events = self._record if upto is None else self._record[:upto]
        apply_events(g, events)
        return g

    def match_id(self) -> str:
        """The GNU Backgammon Match ID of the state now (money games have length 0)."""
        return encode_match_id(self.match_id_fields())

    def match_id_fields(self) -> MatchId:
        """The fields of :meth:`match_id`."""
        if not self._position.has_gnubg_ids:
            raise NotationError(_("A GNU Backgammon Match ID describes a backgammon game; it cannot express "
                                  "a {game} game.").format(game=self._position.game_name()))
        state = {"over": "over"}.get(self._phase, "playing")
        if self._phase == "over":
            state = {"drop": "dropped", "resignation": "resigned"}.get(self._end_reason or "", "over")
        elif self._phase == "opening":
            state = "none"
        elif self.recorded and self._phase == "move" and self._opening is not None and not self.plays:
            state = "none"  # GNU Backgammon's recorded games: the opening roll comes before the game starts
        resignation = 0
        if self._phase == "resign" and self._resign is not None:
            resignation = int(self._resign[1])
        cube = self._cube
        return MatchId(
            cube_value=cube.value,
            cube_owner=cube.owner,
            on_roll=self.turn,
            crawford=self.crawford,
            game_state=state,
            acting=self.to_act,
            double_offered=self._phase == "respond",
            resignation=resignation,
            dice=(self._roll.high, self._roll.low) if self._roll is not None else None,
            match_length=self.length,
            score=self.score,
            # GNU Backgammon sets "Jacoby not in use" in every match (the rule is money-only)
            jacoby=self.jacoby if self.is_money else False,
        )

    def gnubg_id(self) -> str:
        """``PositionID:MatchID``, the form GNU Backgammon pastes."""
        return f"{self._position.position_id()}:{self.match_id()}"

    def xgid(self) -> str:
        """The full XGID of the state now (cube, dice or a pending double, score, rules)."""
        if not self._position.has_xgid:
            self._position.xgid()  # refuses, naming the reason
        action = None
        if self._phase == "respond" and self._cube.offer is not None:
            action = {"double": "D", "beaver": "B", "raccoon": "R"}[self._cube.offer.kind]
        cube = self._cube
        max_cube = self.max_cube or 1024
        return format_xgid(
            self._position,
            cube=cube.value,
            cube_owner=cube.owner,
            dice=tuple(self._roll) if self._roll is not None else None,
            cube_action=action,
            score=self.score,
            crawford=self.crawford,
            jacoby=self.jacoby,
            beavers=self.beavers,
            match_length=self.length,
            max_cube=max_cube if max_cube & (max_cube - 1) == 0 else 1024,
        )

    def summary(self) -> str:
        """One line: who won what, or whose turn it is."""
        words = self._position.result_words(self._result_kind) if self.is_over and self._result_kind else None
        if words is not None:
            result = words[1].format(player=_name(self._winner))
            how = _(_END_REASONS.get(self._end_reason or "", self._end_reason or ""))
            return ngettext("{result} ({reason}): {n} point", "{result} ({reason}): {n} points",
                            self._points).format(result=result, reason=how, n=self._points)
        if self.is_over:
            result = _by_kind(self._result_kind, _("{player} wins a single game"), _("{player} wins a gammon"),
                              _("{player} wins a backgammon")).format(player=_name(self._winner))
            how = _(_END_REASONS.get(self._end_reason or "", self._end_reason or ""))
            return ngettext("{result} ({reason}): {n} point", "{result} ({reason}): {n} points",
                            self._points).format(result=result, reason=how, n=self._points)
        return _("{player} to act ({phase}); {cube}").format(
            player=_name(self.to_act), phase=_(_PHASES.get(self._phase, self._phase)), cube=self._cube)

    def __repr__(self) -> str:
        return f"<Game {self._phase}: {self.summary()}>"


def apply_events(game: Game, events: Iterable[Event]) -> Game:
    """Apply recorded events to ``game`` (the inverse of ``game.record``); returns ``game``."""
    for e in events:
        k = e.kind
        if k == "opening":
            assert e.dice is not None
            game.start(OpeningRoll(e.dice[0], e.dice[1], tuple(e.rethrows)))
        elif k == "auto-double":
            continue  # re-done by start() from the rethrows
        elif k == "roll":
            game.roll_dice(e.roll)
        elif k == "play":
            assert e.play is not None
            game.play(Play(game.position, e.play.roll, e.play.moves) if not e.play.is_empty else None)
        elif k == "double":
            game.double()
        elif k == "take":
            game.take()
        elif k == "drop":
            game.drop()
        elif k == "beaver":
            game.beaver()
        elif k == "raccoon":
            game.raccoon()
        elif k == "resign":
            assert e.result is not None
            game.resign(e.result, player=e.player)
        elif k == "accept":
            game.accept_resignation()
        elif k == "reject":
            game.reject_resignation()
        elif k == "win":
            continue
        else:  # pragma: no cover
            raise GameFlowError(f"unknown record event {k!r}.")
    return game
