"""Computer players for simulations and for a learner to play against. **None of them is strong.**

>>> from bglearn import Position, Roll
>>> from bglearn.bots import HeuristicBot, RandomBot
>>> bot = HeuristicBot(seed=1)
>>> bot.label
'Simple heuristic player (hits, makes points, avoids blots) — not a strong player'
>>> bot.choose(Position(), Roll(3, 1)).notation
'8/5 6/5'

* :class:`RandomBot` plays a random legal play; it doubles, takes, resigns and accepts at random
  (rarely enough that games still finish), which makes it good at exercising every rule.
* :class:`HeuristicBot` scores each legal play by a few features — hitting, making points (home
  board points most), leaving blots within reach of the opponent, bearing off — and doubles, takes
  and resigns by simple pip-count rules. It is a sparring partner, not an engine.
* Both play **Long Nardy** too, and any game without hitting (``position.hits`` false): there the
  heuristic player scores bearing off, taking a checker off the head, holding points in front of the opponent's
  checkers (longer walls more), and spreading its checkers; in that game nobody doubles or resigns.

Both only ask the engine for the legal plays and the cube rules; nothing here decides legality.
:func:`play_game` and :func:`play_match` run whole games and matches between two bots.
"""

from __future__ import annotations

import random
from typing import Callable

from .dice import Roll, RollLike, as_roll
from .errors import BglearnError
from .game import Game
from .i18n import N_, _
from .match import Match
from .plays import Play, legal_plays
from .position import RED, WHITE, Player, Position
from .result import ResultKind

__all__ = ["Bot", "RandomBot", "HeuristicBot", "make_bot", "play_game", "play_match", "BOT_NAMES",
           "long_nardy_score"]


def _is_long_nardy(position: Position) -> bool:
    """True for a game without hitting, such as Long Nardy: a game of walls, played out (the bots
    never resign it) and scored by :func:`long_nardy_score`."""
    return not position.hits


def long_nardy_score(play: Play) -> float:
    """How much a simple Long Nardy player likes ``play`` (higher is better): checkers borne off,
    checkers taken off the head, points held in front of the opponent's checkers (a longer run of
    points more), spread rather than stacks, and home-board points once racing. The engine has
    already decided that ``play`` is legal; this only ranks legal plays."""
    me = play.player
    after = play.result
    mine = after.checkers(me)
    theirs = after.checkers(me.opponent)
    their_back = max((j for j in range(1, 25) if theirs[j]), default=0)  # their rearmost checker
    value = 1.2 * (15 - sum(mine[1:]))            # borne off
    value -= 0.25 * mine[24]                     # checkers still on the head
    run = 0
    for p in range(24, 0, -1):
        n = mine[p]
        if n:
            q = after.opposite_point(p)           # the point in the opponent's numbering
            if q < their_back:                    # in front of an opposing checker: it blocks
                value += 0.6 if their_back - q <= 6 else 0.3
                run += 1
                value += 0.15 * run               # consecutive blocking points count more
            else:
                run = 0
            if p != 24 and n > 3:
                value -= 0.2 * (n - 3)            # a stack wastes checkers
            if p <= 6:
                value += 0.1
        else:
            run = 0
    value -= 0.01 * after.pip_count(me)
    return value


def _contact(position: Position) -> bool:
    """True while the two sides' checkers can still meet (not a pure race)."""
    w, r = position.white, position.red
    w_far = 25 if w[0] else max((i for i in range(1, 25) if w[i]), default=0)
    r_far = 25 if r[0] else max((i for i in range(1, 25) if r[i]), default=0)
    return w_far + r_far > 25


class Bot:
    """The interface of a computer player. Subclasses override :meth:`choose` and may override the
    cube and resignation decisions."""

    label = N_("Computer player — not a strong player")

    def __init__(self, seed: int | str | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, position: Position, roll: RollLike) -> Play:
        """The play for ``roll`` (the empty Play when the turn is lost)."""
        raise NotImplementedError

    def wants_to_double(self, game: Game) -> bool:
        """Whether to double now (asked only when the rules allow it)."""
        return False

    def accepts(self, game: Game) -> bool:
        """Whether to take the double on offer."""
        return True

    def wants_to_resign(self, game: Game) -> ResultKind | None:
        """A resignation to offer before rolling, or ``None``."""
        return None

    def accepts_resignation(self, game: Game) -> bool:
        """Whether to accept the resignation on offer."""
        return True

    def wants_to_beaver(self, game: Game) -> bool:
        """Whether to beaver the double on offer (asked only when the rules allow it)."""
        return False

    def wants_to_raccoon(self, game: Game) -> bool:
        """Whether to raccoon the beaver on offer (asked only when the rules allow it)."""
        return False

    def _plays(self, position: Position, roll: RollLike) -> tuple[Roll, list[Play]]:
        r = as_roll(roll)
        return r, legal_plays(position, r)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"


class RandomBot(Bot):
    """Plays a random legal play; doubles, takes and resigns at random. ``double_rate`` is the chance
    of doubling when allowed, ``take_rate`` of taking, ``resign_rate`` of resigning before a roll."""

    label = N_("Random mover — not a strong player")

    def __init__(self, seed: int | str | None = None, *, double_rate: float = 0.05,
                 take_rate: float = 0.7, resign_rate: float = 0.003) -> None:
        super().__init__(seed)
        self.double_rate = double_rate
        self.take_rate = take_rate
        self.resign_rate = resign_rate

    def choose(self, position: Position, roll: RollLike) -> Play:
        r, plays = self._plays(position, roll)
        if not plays:
            return Play(position, r, ())
        return self.rng.choice(plays)

    def wants_to_double(self, game: Game) -> bool:
        return self.rng.random() < self.double_rate

    def accepts(self, game: Game) -> bool:
        return self.rng.random() < self.take_rate

    def wants_to_resign(self, game: Game) -> ResultKind | None:
        if _is_long_nardy(game.position):
            return None  # Long Nardy is played out: no resignations
        if self.rng.random() < self.resign_rate:
            return self.rng.choice(list(ResultKind))
        return None

    def accepts_resignation(self, game: Game) -> bool:
        return self.rng.random() < 0.5

    def wants_to_beaver(self, game: Game) -> bool:
        return self.rng.random() < 0.2

    def wants_to_raccoon(self, game: Game) -> bool:
        return self.rng.random() < 0.3


class HeuristicBot(Bot):
    """Prefers hitting and making points, avoids leaving blots within the opponent's reach, bears
    off when it can; doubles with a clear pip lead and takes unless far behind. Not strong."""

    label = N_("Simple heuristic player (hits, makes points, avoids blots) — not a strong player")
    label_long_nardy = N_("Simple heuristic player (leaves the head, builds walls, bears off) — not a strong player")
    """What the player is called at a Long Nardy board."""

    def score(self, play: Play) -> float:
        """How much the bot likes ``play`` (higher is better); a Long Nardy play is scored by
        :func:`long_nardy_score`."""
        me = play.player
        after = play.result
        if _is_long_nardy(after):
            return long_nardy_score(play)
        mine = after.checkers(me)
        theirs = after.checkers(me.opponent)
        # the opponent's checkers in my numbering: their point j is my point 25 - j; bar = my 0
        opp_at = [0] * 26
        opp_at[0] = theirs[0]
        for j in range(1, 25):
            if theirs[j]:
                opp_at[25 - j] = theirs[j]
        value = 2.5 * play.hit_count
        for p in range(1, 25):
            if mine[p] >= 2:
                value += 1.4 if p <= 6 else 0.9 if p <= 9 else 0.4 if p <= 12 else 0.1
            elif mine[p] == 1:
                # a blot is at risk from opponent checkers below it (they move up my numbering)
                risk = 0.0
                for q in range(0, p):
                    if opp_at[q]:
                        d = p - q
                        if d <= 6:
                            risk = max(risk, 1.0)
                        elif d <= 12:
                            risk = max(risk, 0.4)
                value -= risk * (1.5 + (0.6 if p <= 6 else 0.0))
        value += 0.6 * (15 - sum(mine))  # checkers borne off
        value -= 0.02 * after.pip_count(me)
        if mine[0]:
            value -= 0.5 * mine[0]
        return value

    def choose(self, position: Position, roll: RollLike) -> Play:
        r, plays = self._plays(position, roll)
        if not plays:
            return Play(position, r, ())
        best, best_score = [], None
        for play in plays:
            s = round(self.score(play), 6)
            if best_score is None or s > best_score:
                best, best_score = [play], s
            elif s == best_score:
                best.append(play)
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def _lead(self, game: Game, player: Player) -> tuple[int, int]:
        pos = game.position
        return pos.pip_count(player), pos.pip_count(player.opponent)

    def wants_to_double(self, game: Game) -> bool:
        mine, theirs = self._lead(game, game.turn)
        lead = theirs - mine
        return lead >= 0.08 * mine + 2 and lead <= 0.35 * mine + 10

    def accepts(self, game: Game) -> bool:
        doubler = game.turn
        d_pips, my_pips = self._lead(game, doubler)
        return my_pips - d_pips <= 0.12 * d_pips + 2

    def wants_to_resign(self, game: Game) -> ResultKind | None:
        pos = game.position
        me = game.turn
        if _is_long_nardy(pos):
            return None
        if _contact(pos) or pos.off(me) == 0:
            return None
        mine, theirs = pos.pip_count(me), pos.pip_count(me.opponent)
        if pos.checkers(me.opponent) and theirs <= 6 and mine > 3 * theirs + 20:
            return ResultKind.SINGLE
        return None

    def accepts_resignation(self, game: Game) -> bool:
        res = game.resignation
        if res is None:
            return False
        resigner, kind = res
        pos = game.position
        if pos.off(resigner) == 0 and kind == ResultKind.SINGLE:
            return False  # a gammon may still be on
        return True


BOT_NAMES: dict[str, Callable[..., Bot]] = {
    "bot": HeuristicBot,
    "heuristic": HeuristicBot,
    "random": RandomBot,
}


def make_bot(name: "str | Bot", seed: int | str | None = None) -> Bot:
    """A computer player from its name — ``"bot"`` or ``"heuristic"`` (:class:`HeuristicBot`),
    ``"random"`` (:class:`RandomBot`) — seeded with ``seed``; an object that already has a
    ``choose(position, roll)`` method is returned as it is. The one place names become players
    (the command line and the board both ask it)."""
    if not isinstance(name, str):
        if callable(getattr(name, "choose", None)):
            return name
        raise BglearnError(
            _("a computer player is a name ({names}) or an object with a choose(position, roll) method, "
              "got {kind}.").format(names=", ".join(sorted(BOT_NAMES)), kind=type(name).__name__)
        )
    key = name.strip().lower()
    if key not in BOT_NAMES:
        raise BglearnError(
            _("unknown player {name!r}: choose from {names} (computer players only).").format(
                name=name, names=", ".join(sorted(BOT_NAMES)))
        )
    return BOT_NAMES[key](seed)


def play_game(game: Game, white: Bot, red: Bot | None = None, *, max_turns: int = 5000) -> Game:
    """Play ``game`` to its end between ``white`` and ``red`` (the same bot for both if ``red`` is
    omitted), asking each bot for its cube, resignation and move decisions. Returns the game."""
    bots = {WHITE: white, RED: red if red is not None else white}
    steps = 0
    refused_at = -1  # a refused resignation is not offered again in the same turn
    while not game.is_over:
        steps += 1
        if steps > max_turns * 4:  # pragma: no cover - a safety net, never reached in practice
            raise RuntimeError("the game did not finish")
        phase = game.phase
        if phase == "opening":
            game.start()
        elif phase == "roll":
            me = bots[game.turn]
            kind = me.wants_to_resign(game) if refused_at != len(game.plays) else None
            if kind is not None:
                game.resign(kind)
            elif game.may_double() and me.wants_to_double(game):
                game.double()
            else:
                game.roll_dice()
        elif phase == "respond":
            me = bots[game.to_act]
            cube, who = game.cube, game.to_act
            if cube.why_not_beaver(who, match_length=game.length) is None and me.wants_to_beaver(game):
                game.beaver()
            elif cube.why_not_raccoon(who, match_length=game.length) is None and me.wants_to_raccoon(game):
                game.raccoon()
            elif me.accepts(game):
                game.take()
            else:
                game.drop()
        elif phase == "resign":
            if bots[game.to_act].accepts_resignation(game):
                game.accept_resignation()
            else:
                game.reject_resignation()
                refused_at = len(game.plays)
        elif phase == "move":
            assert game.roll is not None
            game.play(bots[game.turn].choose(game.position, game.roll))
    return game


def play_match(
    match: Match,
    white: Bot,
    red: Bot | None = None,
    *,
    after_game: Callable[[Match, Game], None] | None = None,
) -> Match:
    """Play ``match`` to its end between two bots; ``after_game(match, game)`` is called after each
    game (to print the score, say). Returns the match."""
    while not match.is_over:
        game = match.new_game()
        play_game(game, white, red)
        if after_game is not None:
            after_game(match, game)
    return match
