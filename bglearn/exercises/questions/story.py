"""A question told as a short story of a money game: ties on the opening throw under automatic doubles,
doubles, beavers, takes, drops and a resignation — how many points does the winner score? Every step is
played on a :class:`~bglearn.game.Game` (the engine doubles the cube for a tie, refuses an action the
rules forbid and scores the end), so the answer is never worked out here.

>>> from bglearn import Position, WHITE
>>> q = GamePoints(Position(), beavers=True, actions=("double", "beaver", "drop"))
>>> q.example_answer()          # White doubles, Red beavers, White drops: White pays the beavered 2
2
>>> q.check(4).correct
False
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ...dice import OpeningRoll
from ...cube import Cube
from ...errors import BglearnError
from ...game import Game
from ...i18n import N_, _, join_and, ngettext
from ...position import Player
from .base import Level, PositionQuestion
from .scoring import cube_words

__all__ = ["GamePoints", "ACTIONS"]

ACTIONS = ("double", "take", "drop", "beaver", "resign-single", "resign-gammon", "resign-backgammon")
"""The steps a story may tell, in the order they happen; each is taken by the side to act."""

_STEP_WORDS = {"double": N_("{player} doubles"), "beaver": N_("{player} beavers"), "take": N_("{player} takes"),
               "drop": N_("{player} drops")}


@dataclass(frozen=True)
class GamePoints(PositionQuestion):
    """Money play: after the opening throw (``ties``: the tied throws before it, each a die value;
    ``opening``: White's and Red's die) under at most ``auto_doubles`` automatic doubles, the game reaches
    the position shown — its cube as the opening left it, or (with no ties) ``cube`` owned by
    ``cube_owner`` — and the sides take ``actions`` (:data:`ACTIONS`), ending with a drop or an accepted
    resignation. How many points does the winner score?"""

    kind: ClassVar[str] = "game-points"
    level: ClassVar[Level] = "transfer"
    answer_rules: ClassVar[frozenset[str]] = frozenset({"AUTO_DOUBLE", "BEAVER", "DROP", "RESIGN", "CUBE_VALUE"})
    cube: int = 1
    cube_owner: Player | None = None
    ties: tuple[int, ...] = ()
    opening: tuple[int, int] = (6, 1)
    auto_doubles: int = 0
    beavers: bool = False
    actions: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for name in ("ties", "opening", "actions"):
            value = getattr(self, name)
            if isinstance(value, list):
                object.__setattr__(self, name, tuple(value))
        unknown = [a for a in self.actions if a not in ACTIONS]
        if unknown:
            raise ValueError(f"unknown game actions {unknown}; known: {', '.join(ACTIONS)}")
        if len(self.opening) != 2 or self.opening[0] == self.opening[1]:
            raise ValueError(f"the opening throw {self.opening} is two different dice")
        if self.ties and (self.cube != 1 or self.cube_owner is not None):
            raise ValueError("after ties on the opening throw the cube is the one the opening left, not a given one")

    def _xgid_fields(self) -> dict[str, Any]:
        return {"cube": self.cube, "cube_owner": self.cube_owner}

    # -- the story, played by the engine ---------------------------------------------------------
    def opening_cube(self) -> Cube:
        """The cube after the opening throw: the engine doubles it for each tie, up to ``auto_doubles``."""
        opening = Game(auto_doubles=self.auto_doubles, beavers=self.beavers)
        opening.start(OpeningRoll(self.opening[0], self.opening[1], tuple(self.ties)))
        return opening.cube

    def played(self) -> tuple[Game, list[str]]:
        """The game from the position shown, the cube as the opening left it, with every action taken by
        the side to act; and each step in words. Raises :class:`BglearnError` for a story the rules do
        not allow."""
        cube = self.opening_cube() if self.ties else Cube(self.cube, self.cube_owner)
        game = Game(position=self.position, beavers=self.beavers,
                    cube=Cube(cube.value, cube.owner, beavers=self.beavers))
        steps: list[str] = []
        for action in self.actions:
            who = game.to_act
            if action.startswith("resign-"):
                kind = action.split("-", 1)[1]
                game.resign(kind)
                other = game.to_act
                game.accept_resignation()
                words = {"single": N_("{player} resigns a single game and {other} accepts"),
                         "gammon": N_("{player} resigns a gammon and {other} accepts"),
                         "backgammon": N_("{player} resigns a backgammon and {other} accepts")}[kind]
                steps.append(_(words).format(player=who, other=other))
                continue
            getattr(game, action)()  # double, beaver, take or drop: the engine refuses what the rules forbid
            steps.append(_(_STEP_WORDS[action]).format(player=who))
        if not game.is_over:
            raise BglearnError(f"the story {self.actions} does not end the game")
        return game, steps

    # -- the question ------------------------------------------------------------------------------
    def prompt(self) -> str:
        game, steps = self.played()
        options = []
        if self.auto_doubles:
            options.append(ngettext("automatic doubles (at most {n})", "automatic doubles (at most {n})",
                                    self.auto_doubles).format(n=self.auto_doubles))
        if self.beavers:
            options.append(_("beavers allowed"))
        text = (_("Money play, no Jacoby rule, with {options}.").format(options=join_and(options)) if options
                else _("Money play, no Jacoby rule."))
        white, red = self.opening
        if self.ties:
            throws = ", ".join(f"{d}-{d}" for d in self.ties)
            text += " " + ngettext("The opening throw was a tie ({throws}); then White threw {white} and Red {red}.",
                                   "The opening throws were ties ({throws}); then White threw {white} and Red {red}.",
                                   len(self.ties)).format(throws=throws, white=white, red=red)
        later = (_("Later, in the position shown, {player} is to roll: {steps}. How many points does {winner} win?")
                 if self.ties else
                 _("In the position shown, {cube}, and {player} is to roll: {steps}. How many points does {winner} "
                   "win?"))
        text += " " + later.format(cube=cube_words(self.cube, self.cube_owner), player=self.position.turn,
                                   steps="; ".join(steps), winner=game.winner)
        return text

    def truth(self) -> int:
        """The points the winner scores, as the engine's game counts them."""
        return self.played()[0].points

    def rules(self) -> tuple[str, ...]:
        out = set()
        if self.opening_cube().value > 1:
            out.add("AUTO_DOUBLE")
        if "beaver" in self.actions:
            out.add("BEAVER")
        if "drop" in self.actions:
            out.add("DROP")
        if any(a.startswith("resign") for a in self.actions):
            out.add("RESIGN")
        if self.played()[0].cube.value > 1:
            out.add("CUBE_VALUE")
        return tuple(sorted(out))

    def judge(self, answer: Any) -> tuple[bool, str]:
        mine = self.read(answer)
        game = self.played()[0]
        if mine == game.points:
            return True, ngettext("Right: {why}: {n} point.", "Right: {why}: {n} points.", game.points).format(
                why=game.record[-1].reason, n=game.points)
        return False, _("Not {answer}. Follow the cube step by step: what it shows after the opening throw, after "
                        "each double, beaver and take; a drop pays the stake before the double, and an accepted "
                        "resignation scores the kind of game resigned, multiplied by the cube.").format(answer=mine)

    def example_answer(self) -> int:
        return self.truth()
