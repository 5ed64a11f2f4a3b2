"""The rules an exercise can test, by code, and what makes a question's position realistic.

A rule code is either the name of one of the engine's :class:`~bglearn.verdicts.Reason` codes (the
rule an illegal play breaks, e.g. ``LARGER_DIE_REQUIRED``) or a topic the engine decides in another
way (the cube, scoring, the opening throw, ...). Questions find out which rules they test by asking
the engine (:meth:`bglearn.exercises.questions.Question.rules`); this module only names them.

:func:`position_problem` and :func:`cube_problem` say why a position or a cube could not occur in a
real game (``None`` when it could); the generators use them on every question.

>>> from bglearn.exercises.rules import rule_text
>>> rule_text("NO_CHECKER")
'You can only move your own checkers, from points where you have one.'
"""

from __future__ import annotations

from ..cube import Cube
from ..errors import CubeActionError
from ..verdicts import Reason
from ..i18n import N_, _
from ..position import Player, Position

__all__ = ["RULES", "TOPICS", "rule_text", "position_problem", "cube_problem"]

TOPICS: dict[str, str] = {
    "STARTING_POSITION": N_("Each side starts with 2 checkers on its 24-point, 5 on its 13, 3 on its 8 and 5 on its 6."),
    "NUMBERING": N_("Each side numbers the points 1-24 from its own home board: one side's 1-point is the other's 24."),
    "OPENING_THROW": N_("Each side throws one die; the higher die moves first and plays the two numbers thrown."),
    "OPENING_TIE": N_("If both opening dice show the same number, both sides throw again."),
    "PIP_COUNT": N_("The pip count adds up the point numbers of a side's checkers; a checker on the bar counts 25."),
    "SMALLER_DIE_ONLY": N_("When the larger die cannot be played at all, the smaller one must be played if it can."),
    "NO_LEGAL_PLAY": N_("When no checker can move, the turn is lost."),
    "ENTERING": N_("A checker on the bar enters on the opponent's home board, on the point matching a die."),
    "BEAR_OFF": N_("With every checker home, a die bears off a checker from the point of that number."),
    "HIT_DURING_BEAR_OFF": N_("A checker hit during the bear-off must re-enter and come back home before "
                               "any more checkers are borne off."),
    "SINGLE": N_("A side that has borne off at least one checker loses only a single game."),
    "GAMMON": N_("A side that has borne off no checker loses a gammon: twice the cube."),
    "BACKGAMMON": N_("A side with no checker off and a checker on the bar or in the winner's home board loses a "
                      "backgammon: three times the cube."),
    "CUBE_VALUE": N_("The winner scores the cube's value times 1, 2 or 3."),
    "JACOBY": N_("Under the Jacoby rule gammons and backgammons count single while the cube is centred."),
    "MATCH_SCORE": N_("In a match the Jacoby rule does not apply, and points beyond the match length don't count: "
                      "a win takes the winner's score at most to the match length."),
    "DROP": N_("A dropped double ends the game; the doubler wins the stake before the double."),
    "MAY_DOUBLE": N_("Either side may double while the cube is centred; then only its owner may redouble."),
    "CUBE_OWNERSHIP": N_("Only the cube's owner may redouble."),
    "DOUBLE_BEFORE_ROLLING": N_("A player may double only at the start of the turn, before rolling."),
    "CRAWFORD": N_("Nobody may double in the Crawford game."),
    "POST_CRAWFORD": N_("After the Crawford game the cube works normally again: either side may double."),
    "MATCH_CAP": N_("A game worth more points than the winner needs ends the match: the points past the match "
                    "length don't count."),
    "DEAD_CUBE": N_("A double that gains nothing, because the cube already gives the doubler the points it needs "
                    "(a dead cube), is still allowed by the rules."),
    "BEAVER": N_("A doubled player who beavers takes and at once redoubles, keeping the cube."),
    "AUTO_DOUBLE": N_("With automatic doubles, a tie on the opening throw doubles the centred cube, which stays "
                      "centred."),
    "RESIGN": N_("A player may resign a single game, a gammon or a backgammon; if it is accepted, the winner "
                 "scores that many times the cube."),
    "BEAR_OFF_DOUBLES": N_("Doubles are played four times, in the bear-off too: each of the four moves may bear off "
                           "a checker."),
    "HIT_ON_THE_WAY": N_("A checker that moves both dice stops on the point between: an opposing blot there is "
                         "hit."),
    "HEAD_EXCEPTION": N_("Long Nardy: on a side's first turn, with all fifteen checkers on the head, 6-6, 4-4 or 3-3 "
                         "lets two checkers leave the head."),
    "NARDY_NUMBERING": N_("Long Nardy: each side numbers the points 1-24 from its own home board, where it bears "
                          "off; one side's 1-point is the other's 13-point."),
    "NARDY_OPENING": N_("Long Nardy: each side throws one die; the higher die starts and throws both dice again "
                        "for its first turn; equal dice are thrown again."),
    "OIN_MARS": N_("Long Nardy: a win is an oin (1 point); a mars (2 points) when the loser has borne off no "
                   "checker."),
}
"""Rule topics decided by the engine without an illegal play (cube, scoring, setup, ...)."""

RULES: dict[str, str] = {r.name: r.rule for r in Reason if r not in (Reason.LEGAL, Reason.BAD_NOTATION)}
RULES.update(TOPICS)
"""Every rule code an exercise may declare, with the rule in one sentence."""


def rule_text(code: str) -> str:
    """The sentence of rule ``code`` (a :class:`Reason` name or a topic), in the current language."""
    if code in TOPICS:
        return _(TOPICS[code])
    if code in Reason.__members__:
        return Reason[code].rule
    return RULES[code]


def position_problem(position: Position) -> str | None:
    """Why ``position`` could not arise in a game, or ``None``.

    A side can bear off only with all its checkers home, so a side with checkers borne off has at
    most one checker outside its home board (one hit during the bear-off, on the bar or on its way
    home)."""
    for player in (Player.WHITE, Player.RED):
        side = position.checkers(player)
        off = position.off(player)
        outside = side[0] + sum(side[7:25])
        if off and off < 15 and outside > 1:
            return (f"{player} has {off} checker{'s' if off != 1 else ''} borne off but {outside} checkers "
                    f"outside its home board")
    return None


def cube_problem(value: int, owner: Player | None, *, match_length: int = 0, score: tuple[int, int] = (0, 0),
                 crawford: bool = False) -> str | None:
    """Why a cube at ``value`` owned by ``owner`` (``None``: centred) could not occur at this score,
    or ``None``. The cube leaves the middle only by a double, so a centred cube shows 1; in the
    Crawford game nobody doubles; in a match each double on the way to ``value`` must be one the
    engine allows a player who still needs more points than the cube gives (no dead-cube doubles)."""
    if owner is None:
        return None if value == 1 else f"a centred cube shows 1 (64), not {value}: only a double moves it"
    if value == 1:
        return "an owned cube has been doubled: it shows at least 2"
    cube, holder = Cube(), owner
    doublers = []
    v = value
    while v > 1:  # owners alternate: the last double was made by the owner's opponent
        holder = holder.opponent
        doublers.append(holder)
        v //= 2
    for doubler in reversed(doublers):
        try:
            cube = cube.double(doubler, match_length=match_length, score=score, crawford=crawford,
                               refuse_dead=bool(match_length)).take()
        except CubeActionError as exc:
            return f"the cube could not reach {value}: {exc}"
    return None
