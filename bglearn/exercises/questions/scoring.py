"""Questions about the end of a game and the cube: how many points (or what match score) a win
brings, what a dropped double pays, single/gammon/backgammon, and may this player double now —
every answer asked of :func:`~bglearn.result.game_result`, :func:`~bglearn.result.points_won`,
:class:`~bglearn.cube.Cube` and :class:`~bglearn.match.Match`.

>>> from bglearn import Position, RED
>>> q = MayDouble(Position(), cube=2, cube_owner=RED)   # White on roll; Red owns the cube
>>> q.check("no").correct
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ...cube import Cube
from ...i18n import N_, _, ngettext
from ...position import Player, Position
from ...result import GameResult, game_result, points_won
from .base import Level, PositionQuestion

__all__ = ["PointsWon", "DropPoints", "ResultKindQuestion", "MayDouble", "TOPIC_HINT"]

TOPIC_HINT = N_("Look at the loser: has it borne off a checker? Has it a checker on the bar or in the "
                "winner's home board?")


def cube_words(value: int, owner: Player | None) -> str:
    if owner is None:
        return _("the cube is centred at {value}").format(value=value)
    return _("the cube is at {value}, owned by {owner}").format(value=value, owner=owner)


def _result(position: Position) -> GameResult:
    result = game_result(position)
    assert result is not None, "a scoring question needs a finished game"
    return result


def _result_topics(position: Position) -> set[str]:
    result = game_result(position)
    return set() if result is None else {result.kind.name}


@dataclass(frozen=True)
class _ScoringQuestion(PositionQuestion):
    cube: int = 1
    cube_owner: Player | None = None
    jacoby: bool = False
    match_length: int = 0
    score: tuple[int, int] = (0, 0)

    def setting(self) -> str:
        if self.match_length:
            w, r = self.score
            return _("A {length}-point match, score White {white} – Red {red}").format(
                length=self.match_length, white=w, red=r)
        return _("Money play, Jacoby rule in use") if self.jacoby else _("Money play, no Jacoby rule")

    def _xgid_fields(self) -> dict[str, Any]:
        return {"cube": self.cube, "cube_owner": self.cube_owner, "jacoby": self.jacoby and not self.match_length,
                "match_length": self.match_length, "score": tuple(self.score)}


@dataclass(frozen=True)
class PointsWon(_ScoringQuestion):
    """The game is over: how many points does the winner score (money play), or what is the winner's
    score in the match now (match play: points beyond the match length don't count)?"""

    kind: ClassVar[str] = "points-won"
    level: ClassVar[Level] = "apply"
    answer_rules: ClassVar[frozenset[str]] = frozenset({"SINGLE", "GAMMON", "BACKGAMMON", "CUBE_VALUE", "JACOBY",
                                                        "MATCH_SCORE", "MATCH_CAP"})

    def prompt(self) -> str:
        winner = self.position.winner
        if self.match_length:
            return _("{setting}. The game is over: {winner} has borne off all 15 checkers, and {cube}. What is "
                     "{winner}'s score in the match now, after this game?").format(
                         setting=self.setting(), winner=winner, cube=cube_words(self.cube, self.cube_owner))
        return _("{setting}. The game is over: {winner} has borne off all 15 checkers, and {cube}. How many points "
                 "does {winner} score?").format(setting=self.setting(), winner=winner,
                                                cube=cube_words(self.cube, self.cube_owner))

    def points_scored(self) -> int:
        """The points the game is worth (before any match cap), asked of :func:`points_won`."""
        result = _result(self.position)
        return points_won(result.kind, self.cube, cube_centred=self.cube_owner is None, jacoby=self.jacoby,
                          match_length=self.match_length)

    def match_score(self) -> tuple[int, int]:
        """The match score after the game, as :class:`~bglearn.match.Match` keeps it (capped at the
        match length): the game is ended by the loser resigning what the position shows."""
        from ...match import Match

        result = _result(self.position)
        match = Match(self.match_length, score=self.score)
        game = match.new_game(cube=Cube(self.cube, self.cube_owner))
        game.skip_opening(result.winner.opponent)
        game.resign(result.kind, player=result.winner.opponent)
        game.accept_resignation(player=result.winner)
        return match.score

    def truth(self) -> int:
        """The right answer: the points won, or in a match the winner's new score."""
        if self.match_length:
            return self.match_score()[_result(self.position).winner]
        return self.points_scored()

    def _why(self) -> str:
        result = _result(self.position)
        why = _("{winner} wins a {kind} ({reason})").format(winner=result.winner, kind=result.kind.word,
                                                            reason=result.reason)
        if self.jacoby and not self.match_length and self.cube_owner is None and int(result.kind) > 1:
            why += _("; with the Jacoby rule and a centred cube it counts as a single")
        elif int(result.kind) > 1:
            why += ngettext(", worth {n} time the cube", ", worth {n} times the cube", int(result.kind)).format(
                n=int(result.kind))
        return why

    def rules(self) -> tuple[str, ...]:
        out = _result_topics(self.position)
        more_than_single = int(_result(self.position).kind) > 1
        if self.cube > 1:
            out.add("CUBE_VALUE")
        if self.jacoby and not self.match_length and more_than_single:
            out.add("JACOBY")
        if self.match_length:
            out.add("MATCH_SCORE")
            if self.score[_result(self.position).winner] + self.points_scored() > self.match_length:
                out.add("MATCH_CAP")
        return tuple(sorted(out))

    def hint(self) -> str:
        """What a wrong answer's feedback says: how to work the answer out, the same sentence for every
        question in the same setting (it never depends on the position, so it never tells the answer)."""
        steps = _("Decide from the loser's checkers whether it is a single game, a gammon or a backgammon, and "
                  "multiply by the cube.")
        if self.match_length:
            return steps + " " + _("Then add the points to the winner's score before this game: in a match, "
                                   "points beyond the match length don't count, and the Jacoby rule is not used.")
        if self.jacoby:
            return steps + " " + _("Check whether the Jacoby rule changes what the game is worth here.")
        return steps

    def judge(self, answer: Any) -> tuple[bool, str]:
        mine = self.read(answer)
        truth = self.truth()
        if mine == truth:
            if self.match_length:
                w, r = self.match_score()
                n = self.points_scored()
                return True, ngettext("Right: {why}: {n} point, so the score is now White {white} – Red {red}.",
                                      "Right: {why}: {n} points, so the score is now White {white} – Red {red}.",
                                      n).format(why=self._why(), n=n, white=w, red=r)
            return True, ngettext("Right: {why}: {n} point.", "Right: {why}: {n} points.", truth).format(
                why=self._why(), n=truth)
        return False, _("Not {answer}.").format(answer=mine) + " " + self.hint()

    def example_answer(self) -> int:
        return self.truth()


@dataclass(frozen=True)
class DropPoints(_ScoringQuestion):
    """A double is dropped: how many points does the doubler win?"""

    kind: ClassVar[str] = "drop-points"
    level: ClassVar[Level] = "apply"
    answer_rules: ClassVar[frozenset[str]] = frozenset({"CUBE_VALUE"})
    doubler: Player = Player.WHITE

    def _cube(self) -> Cube:
        return Cube(self.cube, self.cube_owner)

    def prompt(self) -> str:
        d, r = self.doubler, self.doubler.opponent
        offered = self._cube().double(d, match_length=self.match_length, score=self.score).offer
        assert offered is not None  # double() puts the cube on offer (or raises)
        return _("{setting}; {cube}. {doubler} doubles to {value} and {other} **drops** (refuses). How many points "
                 "does {doubler} win?").format(setting=self.setting(), cube=cube_words(self.cube, self.cube_owner),
                                               doubler=d, value=offered.value, other=r)

    def truth(self) -> int:
        return self._cube().double(self.doubler, match_length=self.match_length, score=self.score).drop()

    def rules(self) -> tuple[str, ...]:
        return ("DROP",) + (("CUBE_VALUE",) if self.cube > 1 else ())

    def judge(self, answer: Any) -> tuple[bool, str]:
        mine = self.read(answer)
        pts = self.truth()
        why = _("a dropped double ends the game and the dropper pays the stake before the double")
        if mine == pts:
            return True, ngettext("Right: {why}: {n} point.", "Right: {why}: {n} points.", pts).format(why=why, n=pts)
        return False, _("Not {answer}: {why}.").format(answer=mine, why=why)

    def example_answer(self) -> int:
        return self.truth()


@dataclass(frozen=True)
class ResultKindQuestion(_ScoringQuestion):
    """The game is over: single, gammon or backgammon? In a game with words of its own (Long Nardy, which
    has no cube): an oin or a mars, named as the position names them."""

    kind: ClassVar[str] = "result-kind"
    level: ClassVar[Level] = "apply"
    answer_rules: ClassVar[frozenset[str]] = frozenset({"SINGLE", "GAMMON", "BACKGAMMON"})

    def prompt(self) -> str:
        words = [w for w in (self.position.result_words(k) for k in (1, 2)) if w is not None]
        if len(words) == 2 and self.position.max_result == 2:  # a game of its own words (Long Nardy: oin, mars)
            return _("The game is over: {winner} has borne off all 15 checkers. Is it {one} or {two}?").format(
                winner=self.position.winner, one=f'"{words[0][0]}"', two=f'"{words[1][0]}"')
        return _("The game is over: {winner} has borne off all 15 checkers. Is it a single game, a gammon or a "
                 "backgammon?").format(winner=self.position.winner)

    def rules(self) -> tuple[str, ...]:
        if not self.position.has_cube:  # Long Nardy: an oin or a mars
            return ("OIN_MARS",)
        return tuple(sorted(_result_topics(self.position)))

    def answer_rules_here(self) -> frozenset[str]:
        return self.answer_rules if self.position.has_cube else frozenset()

    def judge(self, answer: Any) -> tuple[bool, str]:
        said = self.read(answer)
        result = _result(self.position)
        if not self.position.has_cube:  # Long Nardy: no bar, no backgammon
            if said == int(result.kind):
                return True, _("Right: {reason}.").format(reason=result.reason)
            return False, _("No.") + " " + _("Look at the loser: has it borne off a checker?")
        if said == int(result.kind):
            return True, _("Right: it is a {kind}: {reason}.").format(kind=result.kind.word, reason=result.reason)
        return False, _("No.") + " " + _(TOPIC_HINT)

    def example_answer(self) -> str:
        result = _result(self.position)
        words = self.position.result_words(result.kind)
        return result.kind.word if words is None else words[0]


@dataclass(frozen=True)
class MayDouble(_ScoringQuestion):
    """May this player double now? The rules it tests follow from its setting, never from its answer:
    every such question tests when a double may be offered (``MAY_DOUBLE``, ``DOUBLE_BEFORE_ROLLING``),
    an owned cube its ownership, a match with a side one point away the Crawford rule (and after the
    Crawford game ``POST_CRAWFORD``), a cube that already gives the player what it needs ``DEAD_CUBE``.
    In such a match the prompt tells how many games ago that side got there (``games_since``), never
    whether this is the Crawford game: the learner works it out."""

    kind: ClassVar[str] = "may-double"
    level: ClassVar[Level] = "transfer"
    answer_rules: ClassVar[frozenset[str]] = frozenset({"MAY_DOUBLE", "CUBE_OWNERSHIP", "DOUBLE_BEFORE_ROLLING",
                                                        "CRAWFORD", "POST_CRAWFORD", "DEAD_CUBE"})
    player: Player = Player.WHITE
    crawford: bool = False
    rolled: bool = False
    games_since: int = 0
    """In a match where one side needs one point: how many games ago it reached that score (1: it won the
    previous game). The prompt tells this story, never whether this is the Crawford game."""

    def setting(self) -> str:
        text = super().setting()
        leader = self._leader()
        if leader is not None and self.games_since:
            text += ". " + ngettext("{leader} reached {n} points by winning the previous game",
                                    "{leader} reached {n} points {k} games ago", self.games_since).format(
                                        leader=leader, n=self.match_length - 1, k=self.games_since)
        return text

    def _leader(self) -> Player | None:
        """The side one point away from winning the match, if any."""
        if not self.match_length:
            return None
        return next((p for p in (Player.WHITE, Player.RED) if self.score[p] == self.match_length - 1), None)

    def _xgid_fields(self) -> dict[str, Any]:
        return {**super()._xgid_fields(), "crawford": self.crawford and bool(self.match_length)}

    def prompt(self) -> str:
        text = (_("{setting}; {cube}. It is {player}'s turn and {player} has already rolled the dice. May {player} "
                  "double now? Answer `True` or `False`.") if self.rolled else
                _("{setting}; {cube}. It is {player}'s turn and {player} is about to roll, at the start of the turn. "
                  "May {player} double now? Answer `True` or `False`."))
        return text.format(setting=self.setting(), cube=cube_words(self.cube, self.cube_owner), player=self.player)

    def _context(self) -> dict[str, Any]:
        return {"crawford": self.crawford, "rolled": self.rolled, "match_length": self.match_length,
                "score": self.score}

    def truth(self) -> str | None:
        return Cube(self.cube, self.cube_owner).why_not(self.player, **self._context())

    def rules(self) -> tuple[str, ...]:
        out = {"MAY_DOUBLE", "DOUBLE_BEFORE_ROLLING"}
        if self.cube_owner is not None:
            out.add("CUBE_OWNERSHIP")
        if self.crawford or self._leader() is not None:
            out.add("CRAWFORD")
            if not self.crawford:
                out.add("POST_CRAWFORD")
        owned = self.cube_owner in (None, self.player)
        if self.match_length and owned and not self.crawford and self.cube >= self.match_length - self.score[self.player]:
            out.add("DEAD_CUBE")
        return tuple(sorted(out))

    def judge(self, answer: Any) -> tuple[bool, str]:
        mine = self.read(answer)
        reason = self.truth()
        if reason is None:
            why = (_("{player} may double: either side may double while the cube is centred.") if self.cube_owner is None
                   else _("{player} may double: {player} owns the cube, so {player} may redouble.")).format(
                       player=self.player)
            if "DEAD_CUBE" in self.rules():
                why += " " + _("The cube is dead for {player}: the double gains nothing, but the rules allow it.").format(
                    player=self.player)
            return ((True, _("Right: {why}").format(why=why)) if mine else
                    (False, _("Not so: check who owns the cube and when a double may be offered.")))
        return ((True, _("Right: {why}").format(why=reason)) if not mine
                else (False, _("No: {why}").format(why=reason)))

    def example_answer(self) -> bool:
        return self.truth() is None
