"""Seeded variant generators: positions that actually test the rule each exercise is about.

Every exercise is built from a :class:`random.Random` seeded with the exercise name, the class seed
and the student's id, so the same three always give the same questions (the grader regenerates
exactly what each student saw) and different students get different positions. Generators propose
positions and candidate plays; the **engine** decides what is legal and why, and each generator
asserts (:class:`GenerationError` otherwise) that its question tests the rule: a bar-entry position
has a checker on the bar and at least one blocked entry point, a forced-move position has a tempting
play the forced-move rules forbid, and so on.

>>> from bglearn.exercises.generators import generate
>>> questions = generate("bearing-off", seed=1, student="ada")
>>> questions == generate("bearing-off", seed=1, student="ada")   # the same seed, the same variant
True
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Callable, Iterable, TypeVar

from ..dice import ALL_ROLLS, Roll
from ..errors import BglearnError, InvalidPositionError
from ..i18n import N_, _
from ..verdicts import Reason, explain, legal_continuations
from ..plays import BAR, legal_plays, max_dice_playable
from ..position import START, Player, Position
from ..match import Match
from ..result import ResultKind, game_result
from .candidates import tempting_plays
from .long_nardy import LONG_NARDY_EXERCISE
from .slots import ANSWER_BANDS, ExerciseSpec, Slot, accepts, in_band
from .questions import (
    DropPoints,
    EntryPoints,
    ListPlays,
    MakePlay,
    MayBearOff,
    MayDouble,
    OpeningStarter,
    GamePoints,
    PickPlay,
    PipCount,
    PlayHits,
    PointOwner,
    PointsWon,
    Question,
    ResultKindQuestion,
    SetUpStart,
)

_T = TypeVar("_T")

__all__ = ["GenerationError", "ExerciseSpec", "EXERCISES", "variant_rng", "generate", "blocked_entry_dice",
           "tempting_plays", "FORCED_REASONS", "ANSWER_BANDS", "Slot"]

WHITE, RED = Player.WHITE, Player.RED

FORCED_REASONS = frozenset({Reason.DICE_NOT_FULLY_USED, Reason.LARGER_DIE_REQUIRED, Reason.DOUBLES_UNDERPLAYED})
BAR_REASONS = frozenset({Reason.BAR_FIRST, Reason.BLOCKED})
BEAROFF_REASONS = frozenset({Reason.BEAR_OFF_HIGHER_POINT, Reason.BEAR_OFF_NOT_ALL_HOME})


class GenerationError(BglearnError):
    """A generator could not find a position that tests its rule (a bug, never a student's fault)."""


def variant_rng(exercise: str, seed: int | str, student: str = "") -> random.Random:
    """The random source of one student's variant of one exercise (deterministic across runs)."""
    return random.Random(f"bglearn-exercise:{exercise}:{seed}:{student}")


# -- building positions --------------------------------------------------------------------

def _scatter(rng: random.Random, n: int, points: list[int], cap: int = 5) -> dict[int, int]:
    """Put ``n`` checkers on ``points`` at random, at most ``cap`` on a point (when possible)."""
    out: dict[int, int] = {}
    if not points:
        return out
    for _step in range(n):
        choices = [p for p in points if out.get(p, 0) < cap] or points
        p = rng.choice(choices)
        out[p] = out.get(p, 0) + 1
    return out


def _board(me: dict[int, int], them: dict[int, int], turn: Player, me_bar: int = 0, them_bar: int = 0) -> Position:
    """A position from the mover's view: ``me`` {point: n} in the mover's numbering, ``them`` the
    opponent's checkers {point: n} also in the **mover's** numbering. Raises InvalidPositionError."""
    on_roll = [me_bar] + [me.get(i, 0) for i in range(1, 25)]
    opp = [them_bar] + [them.get(25 - i, 0) for i in range(1, 25)]
    return Position.from_arrays(on_roll, opp, turn)


def _search(rng: random.Random, build: Callable[[random.Random], _T | None], what: str, tries: int = 3000) -> _T:
    """Call ``build`` until it returns something (it returns None to reject); GenerationError after ``tries``."""
    for _step in range(tries):
        try:
            found = build(rng)
        except InvalidPositionError:
            continue
        if found is not None:
            return found
    raise GenerationError(f"could not generate {what} after {tries} tries")


def _random_roll(rng: random.Random, doubles: bool = True) -> Roll:
    rolls = [r for r in ALL_ROLLS if doubles or not r.is_double]
    return rng.choice(rolls)


def _played_from_start(rng: random.Random, plies: int) -> Position:
    """The start position after ``plies`` random legal plays (the engine chooses what is legal)."""
    p = Position(turn=rng.choice([WHITE, RED]))
    for _step in range(plies):
        plays = legal_plays(p, _random_roll(rng))
        p = rng.choice(plays).result if plays else p.pass_turn()
    return p


def blocked_entry_dice(position: Position) -> list[int]:
    """The die numbers with which the side on roll cannot enter from the bar (asked of the engine:
    with that double no legal play starts from the bar)."""
    return [d for d in range(1, 7)
            if not any(m.source == BAR for m in legal_continuations(position, Roll(d, d)))]


def _pick_options(rng: random.Random, position: Position, roll: Roll, prefer: Iterable[Reason],
                  n_wrong: int = 3) -> tuple[str, ...] | None:
    """Four options, exactly one legal; at least one wrong option breaks a rule in ``prefer``."""
    plays = legal_plays(position, roll)
    if not plays:
        return None
    bad = tempting_plays(position, roll, light=True)
    if len(bad) < n_wrong:
        bad = tempting_plays(position, roll)
    preferred = [t for t, r in bad if r in set(prefer)]
    if not preferred:
        return None
    others = [t for t, r in bad if t not in preferred]
    rng.shuffle(preferred)
    rng.shuffle(others)
    wrong = (preferred[:2] + others + preferred[2:])[:n_wrong]
    if len(wrong) < n_wrong:
        return None
    options = [rng.choice(plays).notation] + wrong
    rng.shuffle(options)
    verdicts = [explain(position, roll, t, plays=plays).legal for t in options]
    assert sum(verdicts) == 1, "a pick-the-play question must have exactly one legal option"
    return tuple(options)


# -- fairness ------------------------------------------------------------------------------

# -- slots: one question of a given kind that must test a given rule ---------------------------

def _roll(rng: random.Random, doubles: bool) -> Roll:
    return rng.choice([r for r in ALL_ROLLS if r.is_double == doubles])


def _fill(rng: random.Random, n: int, points: list[int], cap: int) -> dict[int, int]:
    return _scatter(rng, n, points, cap=cap)


def _opponent(rng: random.Random, made: Iterable[int], extra_points: list[int]) -> dict[int, int]:
    """All 15 opposing checkers (mover's numbering): 2-3 on each ``made`` point, the rest on
    ``extra_points`` (so nobody has borne off)."""
    them: dict[int, int] = {}
    for p in made:
        them[p] = rng.choice([2, 2, 3])
    while sum(them.values()) > 15:
        them.pop(max(them))
    rest = 15 - sum(them.values())
    for p, n in _scatter(rng, rest, extra_points or list(them), cap=5).items():
        them[p] = them.get(p, 0) + n
    return them


def _play_question(kind: str, pos: Position, roll: Roll, rng: random.Random, target: str, points: int = 1,
                   task: str = "") -> Question | None:
    if kind == "list-plays":
        q: Question = ListPlays(pos, roll=roll, points=points)
    elif kind == "make-play":
        q = MakePlay(pos, roll=roll, task=task, points=points)
    else:
        prefer = {Reason[target]} if target in Reason.__members__ else set(FORCED_REASONS | BAR_REASONS | BEAROFF_REASONS)
        options = _pick_options(rng, pos, roll, prefer)
        if options is None:
            return None
        q = PickPlay(pos, roll=roll, options=options, points=points)
    return q if in_band(q) else None


# -- setup ---------------------------------------------------------------------------------

def _without(p: Player) -> Position:
    empty = [0] * 25
    return Position(white=empty if p is WHITE else START, red=empty if p is RED else START)


def _setup_slots() -> list[Slot]:
    start = Position()

    def own(r: random.Random) -> Question:
        side = r.choice([WHITE, RED])
        return SetUpStart(_without(side), side=side, numbering=side)

    def other(r: random.Random) -> Question:
        side = r.choice([WHITE, RED])
        return SetUpStart(_without(side), side=side, numbering=side.opponent)

    def owner_start(r: random.Random) -> Question:
        numbering = r.choice([WHITE, RED])
        occupied = [p for p in range(1, 25) if start.owner(p, numbering)[0] is not None]
        return PointOwner(start, point=r.choice(occupied), numbering=numbering)

    def owner_mid(r: random.Random) -> Question:
        mid = _played_from_start(r, r.randint(3, 8))
        numbering = r.choice([WHITE, RED])
        return PointOwner(mid, point=r.randint(1, 24), numbering=numbering)

    def opening(r: random.Random) -> Question:
        w, red = r.sample(range(1, 7), 2)
        return OpeningStarter(start, white_die=w, red_die=red)

    def tie(r: random.Random) -> Question:
        d = r.randint(1, 6)
        return OpeningStarter(start, white_die=d, red_die=d)

    def first_play(r: random.Random) -> Question | None:
        w, red = r.sample(range(1, 7), 2)
        starter = WHITE if w > red else RED
        return _play_question("make-play", Position(turn=starter), Roll(w, red), r, "DICE_NOT_FULLY_USED",
                              task=N_("{player} won the opening throw {high}–{low} and plays both numbers."))

    def pips(r: random.Random) -> Question:
        return PipCount(_played_from_start(r, r.randint(3, 8)), player=r.choice([WHITE, RED]))

    def pick(r: random.Random) -> Question | None:
        return _play_question("pick-play", Position(turn=r.choice([WHITE, RED])), _roll(r, False), r, "BLOCKED")

    return [Slot("set-up", "STARTING_POSITION", own), Slot("set-up", "NUMBERING", other),
            Slot("point-owner", "NUMBERING", owner_start), Slot("point-owner", "NUMBERING", owner_mid),
            Slot("opening-starter", "OPENING_THROW", opening), Slot("opening-starter", "OPENING_TIE", tie),
            Slot("make-play", "DICE_NOT_FULLY_USED", first_play, doubles=False),
            Slot("pip-count", "PIP_COUNT", pips), Slot("pick-play", "BLOCKED", pick, doubles=False)]


# -- forced moves --------------------------------------------------------------------------

def _forced_position(rng: random.Random) -> Position:
    """A blocked-up position: the opponent holds several points in front of a few of the mover's
    checkers; nobody has borne off."""
    turn = rng.choice([WHITE, RED])
    made = rng.sample(range(2, 24), rng.randint(4, 7))
    them = _opponent(rng, made, [])
    free = [p for p in range(1, 25) if p not in them]
    me = _scatter(rng, rng.randint(1, 3), [p for p in free if p >= 7], cap=2)
    for p, n in _scatter(rng, 15 - sum(me.values()), [p for p in free if p <= 6], cap=6).items():
        me[p] = me.get(p, 0) + n
    return _board(me, them, turn)


def _only_one_die(pos: Position, roll: Roll, die: int) -> bool:
    """Every legal play uses exactly one die, ``die`` (asked of the engine)."""
    plays = legal_plays(pos, roll)
    return bool(plays) and all(p.dice_used == (die,) for p in plays)


def _forced_builder(kind: str, target: str, doubles: bool, points: int = 1) -> Callable[[random.Random], Question | None]:
    def build(r: random.Random) -> Question | None:
        pos = _forced_position(r)
        rolls = [x for x in ALL_ROLLS if x.is_double == doubles]
        r.shuffle(rolls)
        for roll in rolls:
            if target == "LARGER_DIE_REQUIRED" and not _only_one_die(pos, roll, roll.high):
                continue
            if target == "SMALLER_DIE_ONLY" and not _only_one_die(pos, roll, roll.low):
                continue
            if target == "DOUBLES_UNDERPLAYED" and not 2 <= max_dice_playable(pos, roll) <= 3:
                continue
            if target == "DICE_NOT_FULLY_USED" and max_dice_playable(pos, roll) != 2:
                continue
            q = _play_question(kind, pos, roll, r, target, points)
            if accepts(q, target):
                return q
        return None
    return build


def _hit_on_the_way(r: random.Random) -> Question | None:
    """A play moving one checker with both dice (written with the point it stops on), where one of the
    two points it could stop on holds an opposing blot: by the toss of a coin the play goes through the
    blot or by the other way, when that way is open too (the engine judges the play and counts its hits)."""
    pos = _played_from_start(r, r.randint(4, 14))
    if pos.bar(pos.turn):
        return None
    roll = _roll(r, False)
    me = pos.checkers(pos.turn)
    starts = [p for p in range(1, 25) if me[p] and p - roll.high - roll.low >= 1]
    r.shuffle(starts)
    for start in starts:
        routes = [(start, start - a, start - a - b) for a, b in ((roll.high, roll.low), (roll.low, roll.high))]
        blots = [pos.owner(mid, pos.turn) == (pos.turn.opponent, 1) for _s, mid, _d in routes]
        if not any(blots):
            continue
        legal = [f"{s}/{mid}/{d}" for s, mid, d in routes if explain(pos, roll, f"{s}/{mid}/{d}").legal]
        if not legal:
            continue
        return PlayHits(pos, roll=roll, play=r.choice(legal))
    return None


def _forced_slots() -> list[Slot]:
    spec = [("list-plays", "DICE_NOT_FULLY_USED", False, 2), ("list-plays", "LARGER_DIE_REQUIRED", False, 2),
            ("pick-play", "LARGER_DIE_REQUIRED", False, 1), ("pick-play", "DOUBLES_UNDERPLAYED", True, 1),
            ("pick-play", "DICE_NOT_FULLY_USED", False, 1), ("make-play", "SMALLER_DIE_ONLY", False, 1),
            ("make-play", "DOUBLES_UNDERPLAYED", True, 1), ("make-play", "LARGER_DIE_REQUIRED", False, 1)]
    return ([Slot(k, t, _forced_builder(k, t, d, pts), doubles=d) for k, t, d, pts in spec]
            + [Slot("play-hits", "HIT_ON_THE_WAY", _hit_on_the_way, doubles=False)])


# -- bar entry -----------------------------------------------------------------------------

def _bar_position(rng: random.Random, bar: int) -> Position:
    """The mover has ``bar`` checkers on the bar; the opponent holds some points of its home board
    (the mover's 19- to 24-points). Nobody has borne off."""
    turn = rng.choice([WHITE, RED])
    made = rng.sample(range(19, 25), rng.randint(2, 5))
    them = _opponent(rng, made, [p for p in range(7, 25) if p not in made and rng.random() < 0.4] or [13])
    for p in range(19, 25):  # sometimes a blot to hit on entering
        if p not in them and rng.random() < 0.25:
            donor = max(them, key=lambda k: them[k])
            if them[donor] > 2:
                them[donor] -= 1
                them[p] = 1
    free = [p for p in range(1, 19) if p not in them]
    me = _scatter(rng, 15 - bar, free, cap=4)
    return _board(me, them, turn, me_bar=bar)


def _entry_builder(target: str, bar: int, entries: int, doubles: bool) -> Callable[[random.Random], Question | None]:
    def build(r: random.Random) -> Question | None:
        pos = _bar_position(r, bar)
        if not blocked_entry_dice(pos):
            return None
        rolls = [x for x in ALL_ROLLS if x.is_double == doubles]
        r.shuffle(rolls)
        for roll in rolls:
            q = EntryPoints(pos, roll=roll)
            if len(q.truth()) == entries and accepts(q, target):
                return q
        return None
    return build


def _bar_play_builder(kind: str, target: str, doubles: bool, points: int = 1) -> Callable[[random.Random], Question | None]:
    def build(r: random.Random) -> Question | None:
        pos = _bar_position(r, r.choice([1, 1, 2]))
        rolls = [x for x in ALL_ROLLS if x.is_double == doubles]
        r.shuffle(rolls)
        for roll in rolls[:6]:
            if not legal_plays(pos, roll):
                continue
            q = _play_question(kind, pos, roll, r, target, points)
            if accepts(q, target):
                return q
        return None
    return build


def _bar_slots() -> list[Slot]:
    return [Slot("entry-points", "BLOCKED", _entry_builder("BLOCKED", 1, 1, False), doubles=False),
            Slot("entry-points", "NO_LEGAL_PLAY", _entry_builder("NO_LEGAL_PLAY", 1, 0, False), doubles=False),
            Slot("entry-points", "ENTERING", _entry_builder("ENTERING", 2, 2, False), doubles=False),
            Slot("pick-play", "BAR_FIRST", _bar_play_builder("pick-play", "BAR_FIRST", False), doubles=False),
            Slot("pick-play", "BLOCKED", _bar_play_builder("pick-play", "BLOCKED", False), doubles=False),
            Slot("make-play", "BAR_FIRST", _bar_play_builder("make-play", "BAR_FIRST", False), doubles=False),
            Slot("make-play", "BAR_FIRST", _bar_play_builder("make-play", "BAR_FIRST", True), doubles=True),
            Slot("list-plays", "BAR_FIRST", _bar_play_builder("list-plays", "BAR_FIRST", False, 2), doubles=False)]


# -- bearing off ---------------------------------------------------------------------------

def _bearoff_position(rng: random.Random, *, outside: int = 0, hit: bool = False) -> Position:
    """The mover bears off: every checker home, some borne off. ``outside=1``: one checker still on
    its way home (nothing borne off yet). ``hit``: one checker was hit during the bear-off and is on
    the bar, and the opponent holds points of its home board."""
    turn = rng.choice([WHITE, RED])
    them: dict[int, int] = {}
    if hit:
        for p in rng.sample(range(19, 25), rng.randint(1, 4)):
            them[p] = rng.choice([2, 2, 3])
    elif rng.random() < 0.35:
        them[rng.randint(1, 6)] = 2  # an anchor in the mover's home board
    rest = 15 - sum(them.values())
    for p, n in _scatter(rng, rest, list(range(13, 25)), cap=5).items():
        them[p] = them.get(p, 0) + n
    off = 0 if outside else rng.randint(2, 9)
    home = [p for p in range(1, 7) if p not in them]
    me = _scatter(rng, 15 - off - outside - int(hit), home, cap=5)
    if outside:
        p = rng.choice([p for p in range(7, 11) if p not in them])
        me[p] = me.get(p, 0) + 1
    return _board(me, them, turn, me_bar=int(hit))


def _bearoff_builder(kind: str, target: str, *, outside: int = 0, hit: bool = False, truth: bool | None = None,
                     points: int = 1, doubles: bool = False) -> Callable[[random.Random], Question | None]:
    def build(r: random.Random) -> Question | None:
        pos = _bearoff_position(r, outside=outside, hit=hit)
        rolls = [x for x in ALL_ROLLS if x.is_double == doubles]
        r.shuffle(rolls)
        for roll in rolls[:8]:
            q: Question | None
            if kind == "may-bear-off":
                q = MayBearOff.chosen(pos, roll, r, truth)
                if q is None:
                    continue
            else:
                if not legal_plays(pos, roll):
                    continue
                q = _play_question(kind, pos, roll, r, target, points)
            if accepts(q, target):
                return q
        return None
    return build


def _bearoff_slots() -> list[Slot]:
    b = _bearoff_builder
    return [Slot("may-bear-off", "BEAR_OFF", b("may-bear-off", "BEAR_OFF", truth=True), doubles=False),
            Slot("may-bear-off", "BEAR_OFF_HIGHER_POINT", b("may-bear-off", "BEAR_OFF_HIGHER_POINT", truth=False),
                 doubles=False),
            Slot("may-bear-off", "BEAR_OFF_NOT_ALL_HOME", b("may-bear-off", "BEAR_OFF_NOT_ALL_HOME", outside=1,
                                                            truth=False), doubles=False),
            Slot("may-bear-off", "HIT_DURING_BEAR_OFF", b("may-bear-off", "HIT_DURING_BEAR_OFF", hit=True,
                                                          truth=False), doubles=False),
            Slot("make-play", "BEAR_OFF_HIGHER_POINT", b("make-play", "BEAR_OFF_HIGHER_POINT"), doubles=False),
            Slot("make-play", "HIT_DURING_BEAR_OFF", b("make-play", "HIT_DURING_BEAR_OFF", hit=True), doubles=False),
            Slot("pick-play", "BEAR_OFF_NOT_ALL_HOME", b("pick-play", "BEAR_OFF_NOT_ALL_HOME", outside=1),
                 doubles=False),
            Slot("list-plays", "BEAR_OFF_HIGHER_POINT", b("list-plays", "BEAR_OFF_HIGHER_POINT", points=2),
                 doubles=False),
            Slot("make-play", "BEAR_OFF_DOUBLES", b("make-play", "BEAR_OFF_DOUBLES", doubles=True), doubles=True)]


# -- cube and scoring ----------------------------------------------------------------------

def _finished(rng: random.Random, kind: ResultKind) -> Position:
    """A finished game won with a ``kind`` result. A loser that has borne off has every other
    checker home (it could only bear off with all of them home)."""
    winner = rng.choice([WHITE, RED])
    loser = winner.opponent
    bar = 0
    if kind is ResultKind.SINGLE:
        off = rng.randint(1, 13)
        side = _scatter(rng, 15 - off, list(range(1, 7)), cap=5)
    else:
        trapped = rng.randint(1, 2) if kind is ResultKind.BACKGAMMON else 0
        bar = rng.randint(0, trapped) if trapped else 0
        side = _scatter(rng, 15 - trapped, list(range(1, 19)), cap=5)
        for p, n in _scatter(rng, trapped - bar, list(range(19, 25)), cap=2).items():
            side[p] = side.get(p, 0) + n
    arr = [bar] + [side.get(i, 0) for i in range(1, 25)]
    pos = Position.from_arrays(arr, [0] * 25, loser)
    result = game_result(pos)
    assert result is not None and result.kind is kind and result.winner is winner
    return pos


_KINDS = [ResultKind.SINGLE, ResultKind.GAMMON, ResultKind.BACKGAMMON]


def _match_story(rng: random.Random, length: int, leader: Player, games_since: int) -> Match:
    """A ``length``-point match played by the engine up to a game in which ``leader`` is one point away:
    ``leader`` reached that score ``games_since`` games ago (1: by winning the previous game), and the
    other side won every game since, each a single game resigned (the match decides the Crawford game)."""
    need = rng.choice([1, 2])
    trailer = leader.opponent
    start = [0, 0]
    start[leader] = length - 1 - need
    start[trailer] = rng.randint(0, max(0, length - 2 - games_since))
    match = Match(length, score=(start[0], start[1]))

    def won(winner: Player, kind: str) -> None:
        game = match.new_game()
        game.skip_opening(winner.opponent)
        game.resign(kind, player=winner.opponent)
        game.accept_resignation(player=winner)

    won(leader, "single" if need == 1 else "gammon")
    for _game in range(games_since - 1):
        won(trailer, "single")
    return match


def _scoring_slots() -> list[Slot]:
    def cube_value(r: random.Random) -> Question:
        return PointsWon(_finished(r, r.choice(_KINDS)), cube=r.choice([2, 4, 8]), cube_owner=r.choice([WHITE, RED]))

    def jacoby(r: random.Random) -> Question:
        if r.random() < 0.5:
            return PointsWon(_finished(r, r.choice(_KINDS[1:])), cube=1, cube_owner=None, jacoby=True)
        return PointsWon(_finished(r, r.choice(_KINDS[1:])), cube=2, cube_owner=r.choice([WHITE, RED]), jacoby=True)

    def match(r: random.Random) -> Question:
        cube = r.choice([1, 2])
        return PointsWon(_finished(r, r.choice(_KINDS[1:])), cube=cube,
                         cube_owner=None if cube == 1 else r.choice([WHITE, RED]), match_length=7,
                         score=(r.randint(0, 4), r.randint(0, 4)))

    def result(kind: ResultKind) -> Callable[[random.Random], Question | None]:
        return lambda r: ResultKindQuestion(_finished(r, kind))

    def drop(r: random.Random) -> Question:
        doubler = r.choice([WHITE, RED])
        value = r.choice([1, 2, 4])
        mid = _played_from_start(r, r.randint(6, 14)).with_turn(doubler)
        return DropPoints(mid, cube=value, cube_owner=None if value == 1 else doubler, doubler=doubler)

    def match_cap(r: random.Random) -> Question:
        length = r.choice([3, 5, 7, 9])
        pos = _finished(r, r.choice(_KINDS))
        winner = pos.winner
        assert winner is not None
        score = [r.randint(0, length - 3), r.randint(0, length - 3)]
        score[winner] = length - r.choice([1, 2])
        cube = r.choice([1, 2, 2, 4])
        return PointsWon(pos, cube=cube, cube_owner=None if cube == 1 else r.choice([WHITE, RED]),
                         match_length=length, score=(score[0], score[1]))

    def story(target: str) -> Callable[[random.Random], Question | None]:
        """A money game told as a story (the engine plays it): ties on the opening throw under automatic
        doubles, then a resignation, with or without a double taken first; or a double (or, when the side
        to roll owns the cube, a redouble) that is beavered, then dropped, or taken and followed by a
        resignation."""
        def build(r: random.Random) -> Question:
            pos = _played_from_start(r, r.randint(8, 20))
            resign = "resign-" + r.choice(["single", "single", "gammon", "gammon", "backgammon"])
            opening = tuple(r.sample(range(1, 7), 2))
            if target == "AUTO_DOUBLE":
                ties = tuple(r.randint(1, 6) for _tie in range(r.choice([1, 1, 2])))
                actions = r.choice([(resign,), ("double", "take", resign)])
                return GamePoints(pos, ties=ties, opening=(opening[0], opening[1]), auto_doubles=r.choice([1, 2]),
                                  actions=actions)
            owned = r.random() < 0.5  # the side to roll may own the cube already: its redouble is beavered
            actions = r.choice([("double", "beaver", "drop"), ("double", "beaver", "take", resign)])
            return GamePoints(pos, cube=2 if owned else 1, cube_owner=pos.turn if owned else None,
                              opening=(opening[0], opening[1]), beavers=True, actions=actions)
        return build

    def may(target: str) -> Callable[[random.Random], Question | None]:
        """A may-double question on ``target`` whose answer is "yes" or "no" by the toss of a coin
        (the engine decides which): a centred cube before or after rolling; an owned cube, owned by the
        player or by the opponent; a redouble before or after rolling; a match with a side one point
        away, told as the match's story (how many games ago it got there: the Crawford game or a later
        one, as :class:`~bglearn.match.Match` decides); after the Crawford game, the side one point away
        (whose cube is dead) before or after rolling."""
        def build(r: random.Random) -> Question:
            player = r.choice([WHITE, RED])
            pos = _played_from_start(r, r.randint(4, 12)).with_turn(player)
            coin = r.random() < 0.5
            if target == "MAY_DOUBLE":
                return MayDouble(pos, cube=1, cube_owner=None, player=player, rolled=coin)
            if target == "CUBE_OWNERSHIP":
                return MayDouble(pos, cube=r.choice([2, 4]), cube_owner=player if coin else player.opponent,
                                 player=player)
            if target == "DOUBLE_BEFORE_ROLLING":
                return MayDouble(pos, cube=2, cube_owner=player, player=player, rolled=coin)
            leader = player if target == "POST_CRAWFORD" else r.choice([WHITE, RED])
            games_since = r.randint(2, 3) if target == "POST_CRAWFORD" or not coin else 1
            match = _match_story(r, 5, leader, games_since)
            return MayDouble(pos, cube=1, cube_owner=None, player=player, match_length=match.length,
                             score=match.score, crawford=match.crawford, games_since=games_since,
                             rolled=coin if target == "POST_CRAWFORD" else False)
        return build

    return [Slot("points-won", "CUBE_VALUE", cube_value), Slot("points-won", "JACOBY", jacoby),
            Slot("points-won", "MATCH_SCORE", match), Slot("result-kind", "SINGLE", result(ResultKind.SINGLE)),
            Slot("result-kind", "GAMMON", result(ResultKind.GAMMON)),
            Slot("result-kind", "BACKGAMMON", result(ResultKind.BACKGAMMON)), Slot("drop-points", "DROP", drop),
            Slot("may-double", "MAY_DOUBLE", may("MAY_DOUBLE")), Slot("may-double", "CUBE_OWNERSHIP", may("CUBE_OWNERSHIP")),
            Slot("may-double", "DOUBLE_BEFORE_ROLLING", may("DOUBLE_BEFORE_ROLLING")),
            Slot("may-double", "CRAWFORD", may("CRAWFORD")), Slot("may-double", "POST_CRAWFORD", may("POST_CRAWFORD")),
            Slot("points-won", "MATCH_CAP", match_cap), Slot("game-points", "AUTO_DOUBLE", story("AUTO_DOUBLE")),
            Slot("game-points", "BEAVER", story("BEAVER"))]


# -- the registry --------------------------------------------------------------------------

EXERCISES: dict[str, ExerciseSpec] = {s.name: s for s in (
    ExerciseSpec("setup", ("STARTING_POSITION", "NUMBERING", "OPENING_THROW", "OPENING_TIE", "PIP_COUNT"),
                 _setup_slots),
    ExerciseSpec("forced-moves",
                 ("DICE_NOT_FULLY_USED", "LARGER_DIE_REQUIRED", "SMALLER_DIE_ONLY", "DOUBLES_UNDERPLAYED",
                  "HIT_ON_THE_WAY"),
                 _forced_slots),
    ExerciseSpec("bar-entry", ("BAR_FIRST", "BLOCKED", "ENTERING", "NO_LEGAL_PLAY"), _bar_slots),
    ExerciseSpec("bearing-off", ("BEAR_OFF", "BEAR_OFF_HIGHER_POINT", "BEAR_OFF_NOT_ALL_HOME", "HIT_DURING_BEAR_OFF",
                                 "BEAR_OFF_DOUBLES"),
                 _bearoff_slots),
    ExerciseSpec("cube-and-scoring",
                 ("SINGLE", "GAMMON", "BACKGAMMON", "CUBE_VALUE", "JACOBY", "MATCH_SCORE", "MATCH_CAP", "DROP",
                  "MAY_DOUBLE", "CUBE_OWNERSHIP", "DOUBLE_BEFORE_ROLLING", "CRAWFORD", "POST_CRAWFORD", "DEAD_CUBE",
                  "AUTO_DOUBLE", "BEAVER", "RESIGN"), _scoring_slots),
)}

EXERCISES[LONG_NARDY_EXERCISE.name] = LONG_NARDY_EXERCISE


def generate(exercise: str, seed: int | str = 1, student: str = "") -> list[Question]:
    """The questions of ``exercise`` for ``student`` under the class ``seed`` (deterministic).

    Every variant has the same slots (the same number of questions of each kind, each testing the
    same rule, with the same number of doubles), in an order of its own; each question is checked
    with the engine to test its slot's rule, to have a position and cube that can occur in a game
    and an answer count within :data:`ANSWER_BANDS`. Raises :class:`GenerationError` if the
    variant does not test every rule the exercise declares."""
    spec = EXERCISES.get(exercise)
    if spec is None:
        raise BglearnError(_("there is no exercise {name}; choose one of {names}.").format(
            name=repr(exercise), names=", ".join(EXERCISES)))
    rng = variant_rng(exercise, seed, student)
    questions: list[Question] = []
    for slot in spec.slot_list():
        def build(r: random.Random, slot: Slot = slot) -> Question | None:
            q = slot.build(r)
            return q if accepts(q, slot.target) else None
        questions.append(_search(rng, build, f"a {slot.kind} question testing {slot.target} ({exercise})"))
    rng.shuffle(questions)
    covered = {code for q in questions for code in q.rules()}
    missing = [r for r in spec.rules if r not in covered]
    if missing:
        raise GenerationError(f"{exercise} for {student!r} does not test {', '.join(missing)}")
    return questions


def targets(exercise: str, questions: list[Question]) -> Counter[tuple[str, str]]:
    """How many questions of each (kind, rule) the exercise's slots ask for (the same for everyone)."""
    return Counter((s.kind, s.target) for s in EXERCISES[exercise].slot_list())
