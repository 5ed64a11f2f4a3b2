"""Seeded variant generators: positions that actually test the rule each exercise is about.

Every exercise is built from a :class:`random.Random` seeded with the exercise name, the class seed
and the student's id, so the same three always give the same questions (the grader regenerates
exactly what each student saw) and different students get different positions. Generators propose
positions and candidate plays; the **engine** decides what is legal and why, and each generator
asserts (:class:`GenerationError` otherwise) that its question tests the rule: a bar-entry position
has a checker on the bar and at least one blocked entry point, a forced-move position has a tempting
play the forced-move rules forbid, and so on.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Iterable

from ..dice import ALL_ROLLS, Roll
from ..errors import BglearnError, InvalidPositionError
from ..explain import Reason, explain, legal_continuations
from ..plays import BAR, legal_plays
from ..position import START, Player, Position
from ..result import ResultKind, game_result
from .questions import (
    DropPoints,
    EntryPoints,
    ListPlays,
    MakePlay,
    MayBearOff,
    MayDouble,
    OpeningStarter,
    PickPlay,
    PipCount,
    PointOwner,
    PointsWon,
    Question,
    ResultKindQuestion,
    SetUpStart,
)

__all__ = ["GenerationError", "ExerciseSpec", "EXERCISES", "variant_rng", "generate", "blocked_entry_dice",
           "tempting_plays", "FORCED_REASONS"]

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
    for _ in range(n):
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


def _search(rng: random.Random, build: Callable[[random.Random], object], what: str, tries: int = 3000):
    """Call ``build`` until it returns something (it returns None to reject); GenerationError after ``tries``."""
    for _ in range(tries):
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
    for _ in range(plies):
        plays = legal_plays(p, _random_roll(rng))
        p = rng.choice(plays).result if plays else p.pass_turn()
    return p


# -- candidate plays, judged by the engine -------------------------------------------------

def _candidate_texts(position: Position, roll: Roll) -> list[str]:
    """Plays a learner might try: single moves, pairs of moves, backwards moves, and legal plays cut
    short. Only proposals: :func:`explain` decides which are legal."""
    me = position.checkers(position.turn)
    sources = ([BAR] if me[0] else []) + [i for i in range(24, 0, -1) if me[i]]
    dice = sorted(set(roll.dice), reverse=True)

    def step(s: int, d: int) -> str:
        t = s - d
        return f"{'bar' if s == BAR else s}/{t if t >= 1 else 'off'}"

    singles = [step(s, d) for s in sources for d in dice]
    out = list(singles)
    if not roll.is_double:
        out += [f"{step(s1, roll.high)} {step(s2, roll.low)}" for s1 in sources for s2 in sources]
    else:
        out += [f"{step(s1, roll.high)} {step(s2, roll.high)}" for s1 in sources for s2 in sources if s1 >= s2]
    out += [f"{s}/{s + d}" for s in sources if s != BAR for d in dice if s + d <= 24]
    for play in legal_plays(position, roll)[:6]:
        moves = play.moves
        for k in range(1, len(moves)):
            out.append(" ".join(str(m) for m in moves[:k]))
    seen, unique = set(), []
    for t in out:
        if t not in seen:
            seen.add(t)
            unique.append(t)
    return unique


def tempting_plays(position: Position, roll: Roll, reasons: Iterable[Reason] | None = None) -> list[tuple[str, Reason]]:
    """Candidate plays the engine rules illegal (for ``reasons``, if given): ``(text, reason)``."""
    wanted = None if reasons is None else set(reasons)
    out = []
    for text in _candidate_texts(position, roll):
        v = explain(position, roll, text)
        if not v.legal and v.reason is not Reason.BAD_NOTATION and (wanted is None or v.reason in wanted):
            out.append((text, v.reason))
    return out


def notation_round_trips(position: Position, roll: Roll) -> bool:
    """True when every legal play's standard notation reads back (through :func:`explain`) as that
    same play. Generators use only such positions, so a student who writes the notation the engine
    itself prints is never marked wrong."""
    for play in legal_plays(position, roll):
        v = explain(position, roll, play.notation)
        if not v.legal or v.play != play:
            return False
    return True


def blocked_entry_dice(position: Position) -> list[int]:
    """The die numbers with which the side on roll cannot enter from the bar (asked of the engine:
    with that double no legal play starts from the bar)."""
    return [d for d in range(1, 7)
            if not any(m.source == BAR for m in legal_continuations(position, Roll(d, d)))]


def _pick_options(rng: random.Random, position: Position, roll: Roll, prefer: Iterable[Reason],
                  n_wrong: int = 3) -> tuple[str, ...] | None:
    plays = legal_plays(position, roll)
    if not plays or not notation_round_trips(position, roll):
        return None
    bad = tempting_plays(position, roll)
    preferred = [t for t, r in bad if r in set(prefer)]
    if not preferred:
        return None
    others = [t for t, r in bad if t not in preferred]
    rng.shuffle(preferred)
    rng.shuffle(others)
    wrong = (preferred[:2] + others + preferred[2:])[:n_wrong]
    if len(wrong) < 2:
        return None
    options = [rng.choice(plays).notation] + wrong
    rng.shuffle(options)
    verdicts = [explain(position, roll, t).legal for t in options]
    assert sum(verdicts) == 1, "a pick-the-play question must have exactly one legal option"
    return tuple(options)


# -- setup ---------------------------------------------------------------------------------

def _setup(rng: random.Random) -> list[Question]:
    side = rng.choice([WHITE, RED])
    other = side.opponent
    empty_side = [0] * 25

    def without(p: Player) -> Position:
        return Position(white=empty_side if p is WHITE else START, red=empty_side if p is RED else START)

    qs: list[Question] = [
        SetUpStart(without(side), side=side, numbering=side),
        SetUpStart(without(other), side=other, numbering=side),
    ]
    start = Position()
    numbering = rng.choice([WHITE, RED])
    occupied = [p for p in range(1, 25) if start.owner(p, numbering)[0] is not None]
    p1 = rng.choice(occupied)
    qs.append(PointOwner(start, point=p1, numbering=numbering))
    p2 = rng.choice([p for p in occupied if start.owner(p, numbering)[0] != start.owner(p1, numbering)[0]])
    qs.append(PointOwner(start, point=p2, numbering=numbering.opponent if rng.random() < 0.5 else numbering))
    w, r = rng.sample(range(1, 7), 2)
    qs.append(OpeningStarter(start, white_die=w, red_die=r))
    w2, r2 = rng.sample(range(1, 7), 2)
    opening = OpeningStarter(start, white_die=w2, red_die=r2)._opening()
    assert notation_round_trips(Position(turn=opening.starter), opening.roll)
    qs.append(MakePlay(Position(turn=opening.starter), roll=opening.roll,
                       task=f"{opening.starter} won the opening throw {max(w2, r2)}–{min(w2, r2)} and plays both numbers."))
    mid = _played_from_start(rng, rng.randint(3, 8))
    qs.append(PipCount(mid, player=rng.choice([WHITE, RED])))
    mid_points = [p for p in range(1, 25) if mid.owner(p, WHITE)[0] is not None]
    qs.append(PointOwner(mid, point=rng.choice(mid_points), numbering=rng.choice([WHITE, RED])))

    def pick(r: random.Random):
        roll = _random_roll(r, doubles=False)
        pos = Position(turn=r.choice([WHITE, RED]))
        options = _pick_options(r, pos, roll, {Reason.WRONG_DIRECTION, Reason.BLOCKED, Reason.NO_CHECKER,
                                               Reason.DIE_MISMATCH})
        return None if options is None else PickPlay(pos, roll=roll, options=options)

    qs.append(_search(rng, pick, "an opening pick-the-play question"))
    return qs


# -- forced moves --------------------------------------------------------------------------

def _forced_position(rng: random.Random) -> Position:
    """A blocked-up position: the opponent holds several points, the mover has a few checkers out."""
    turn = rng.choice([WHITE, RED])
    made = rng.sample(range(2, 24), rng.randint(4, 7))
    them: dict[int, int] = {}
    for p in made:
        them[p] = rng.choice([2, 2, 3])
    while sum(them.values()) > 15:
        them.pop(next(iter(them)))
    free = [p for p in range(1, 25) if p not in them]
    field_n = rng.randint(1, 4)
    off = rng.randint(0, 4)
    me = _scatter(rng, field_n, [p for p in free if p >= 7], cap=2)
    home = _scatter(rng, 15 - off - sum(me.values()), [p for p in free if p <= 6], cap=6)
    for p, n in home.items():
        me[p] = me.get(p, 0) + n
    return _board(me, them, turn)


def _forced(rng: random.Random) -> list[Question]:
    qs: list[Question] = []

    def make(kind: str, max_plays: int):
        def build(r: random.Random):
            pos = _forced_position(r)
            roll = _random_roll(r)
            plays = legal_plays(pos, roll)
            if not 1 <= len(plays) <= max_plays or not notation_round_trips(pos, roll):
                return None
            if not tempting_plays(pos, roll, FORCED_REASONS):
                return None
            if kind == "list":
                return ListPlays(pos, roll=roll, points=2)
            if kind == "make":
                return MakePlay(pos, roll=roll, task="Mind the forced-move rules.")
            options = _pick_options(r, pos, roll, FORCED_REASONS)
            return None if options is None else PickPlay(pos, roll=roll, options=options)
        return build

    for kind, n, max_plays in (("list", 2, 4), ("pick", 3, 8), ("make", 3, 3)):
        for _ in range(n):
            qs.append(_search(rng, make(kind, max_plays), f"a forced-move {kind} question"))
    order = [1, 2, 0, 3, 5, 4, 6, 7] if len(qs) == 8 else list(range(len(qs)))
    return [qs[i] for i in order]


# -- bar entry -----------------------------------------------------------------------------

def _bar_position(rng: random.Random, bar: int | None = None) -> Position:
    """The mover has checkers on the bar; the opponent holds some points of its home board (the
    mover's 19- to 24-points)."""
    turn = rng.choice([WHITE, RED])
    bar = bar if bar is not None else rng.choice([1, 1, 1, 2])
    entry = list(range(19, 25))
    made = rng.sample(entry, rng.randint(2, 6))
    them: dict[int, int] = {p: rng.choice([2, 2, 3]) for p in made}
    for p in entry:
        if p not in them and rng.random() < 0.3:
            them[p] = 1  # a blot: entering there hits
    rest = 15 - sum(them.values()) - rng.randint(0, 2)
    outer = [p for p in range(7, 19) if rng.random() < 0.3]
    for p, n in _scatter(rng, max(rest, 0), outer or [13], cap=5).items():
        them[p] = them.get(p, 0) + n
    free = [p for p in range(1, 19) if p not in them]
    me = _scatter(rng, 15 - bar - rng.randint(0, 2), free, cap=4)
    return _board(me, them, turn, me_bar=bar)


def _tests_bar_rule(pos: Position) -> bool:
    return pos.bar(pos.turn) >= 1 and bool(blocked_entry_dice(pos))


def _bar(rng: random.Random) -> list[Question]:
    qs: list[Question] = []

    def entry(target: str):
        def build(r: random.Random):
            pos = _bar_position(r, bar=1 if target != "two" else 2)
            if not _tests_bar_rule(pos):
                return None
            blocked = blocked_entry_dice(pos)
            roll = _random_roll(r)
            n_blocked = sum(1 for d in set(roll.dice) if d in blocked)
            if not notation_round_trips(pos, roll):
                return None
            q = EntryPoints(pos, roll=roll)
            truth = q.truth()
            if target == "closed" and truth:
                return None
            if target in ("one", "two") and (n_blocked == 0 or not truth):
                return None
            return q
        return build

    qs.append(_search(rng, entry("one"), "an entry question with one blocked die"))
    qs.append(_search(rng, entry("closed"), "an entry question where nothing enters"))
    qs.append(_search(rng, entry("two"), "an entry question with two checkers on the bar"))

    def other(kind: str):
        def build(r: random.Random):
            pos = _bar_position(r)
            if not _tests_bar_rule(pos):
                return None
            roll = _random_roll(r)
            plays = legal_plays(pos, roll)
            if not notation_round_trips(pos, roll):
                return None
            if kind == "list":
                if len(plays) > 4 or not tempting_plays(pos, roll, BAR_REASONS):
                    return None
                return ListPlays(pos, roll=roll, points=2)
            if not plays or not tempting_plays(pos, roll, {Reason.BAR_FIRST}):
                return None
            if kind == "make":
                return MakePlay(pos, roll=roll)
            options = _pick_options(r, pos, roll, BAR_REASONS)
            return None if options is None else PickPlay(pos, roll=roll, options=options)
        return build

    for kind, n in (("pick", 2), ("make", 2), ("list", 1)):
        for _ in range(n):
            qs.append(_search(rng, other(kind), f"a bar {kind} question"))
    order = [0, 3, 1, 5, 2, 4, 6, 7]
    return [qs[i] for i in order]


# -- bearing off ---------------------------------------------------------------------------

def _bearoff_position(rng: random.Random, outside: int = 0) -> Position:
    turn = rng.choice([WHITE, RED])
    them: dict[int, int] = {}
    if rng.random() < 0.35:
        them[rng.randint(1, 6)] = 2  # an anchor in the mover's home board
    rest = 15 - sum(them.values()) - rng.randint(0, 6)
    for p, n in _scatter(rng, rest, list(range(13, 25)), cap=5).items():
        them[p] = them.get(p, 0) + n
    off = rng.randint(2, 10)
    home = [p for p in range(1, 7) if p not in them]
    me = _scatter(rng, 15 - off - outside, home, cap=5)
    if outside:
        for p, n in _scatter(rng, outside, [p for p in range(7, 11) if p not in them], cap=1).items():
            me[p] = n
    return _board(me, them, turn)


def _bearoff(rng: random.Random) -> list[Question]:
    qs: list[Question] = []

    def may(target: bool, reason: Reason | None):
        def build(r: random.Random):
            pos = _bearoff_position(r, outside=1 if reason is Reason.BEAR_OFF_NOT_ALL_HOME else 0)
            roll = _random_roll(r)
            me = pos.checkers(pos.turn)
            points = [p for p in range(1, 7) if me[p] and any(d >= p for d in roll.dice)]
            if not points:
                return None
            if not notation_round_trips(pos, roll):
                return None
            q = MayBearOff(pos, roll=roll, point=r.choice(points))
            if (q.witness() is not None) != target:
                return None
            if reason is not None:
                v = explain(pos, roll, f"{q.point}/off", complete=False)
                if v.legal or v.reason is not reason:
                    return None
            return q
        return build

    targets = [(True, None), (False, Reason.BEAR_OFF_HIGHER_POINT), (False, Reason.BEAR_OFF_NOT_ALL_HOME),
               (rng.random() < 0.5, None)]
    rng.shuffle(targets)
    for target, reason in targets:
        qs.append(_search(rng, may(target, reason), "a may-bear-off question"))

    def other(kind: str):
        def build(r: random.Random):
            pos = _bearoff_position(r)
            roll = _random_roll(r)
            plays = legal_plays(pos, roll)
            if not plays or (kind == "list" and len(plays) > 4) or not notation_round_trips(pos, roll):
                return None
            if not tempting_plays(pos, roll, BEAROFF_REASONS | FORCED_REASONS):
                return None
            if kind == "list":
                return ListPlays(pos, roll=roll, points=2)
            if kind == "make":
                return MakePlay(pos, roll=roll)
            options = _pick_options(r, pos, roll, BEAROFF_REASONS | FORCED_REASONS)
            return None if options is None else PickPlay(pos, roll=roll, options=options)
        return build

    for kind, n in (("make", 2), ("pick", 1), ("list", 1)):
        for _ in range(n):
            qs.append(_search(rng, other(kind), f"a bear-off {kind} question"))
    order = [0, 4, 1, 6, 2, 5, 3, 7]
    return [qs[i] for i in order]


# -- cube and scoring ----------------------------------------------------------------------

def _finished(rng: random.Random, kind: ResultKind) -> Position:
    winner = rng.choice([WHITE, RED])
    loser = winner.opponent
    if kind is ResultKind.SINGLE:
        off = rng.randint(1, 13)
        side = _scatter(rng, 15 - off, list(range(1, 13)), cap=5)
        bar = 0
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


def _scoring(rng: random.Random) -> list[Question]:
    qs: list[Question] = []
    kinds = [ResultKind.SINGLE, ResultKind.GAMMON, ResultKind.BACKGAMMON]
    # 1. cube turned and owned, no Jacoby
    k = rng.choice(kinds)
    pos = _finished(rng, k)
    qs.append(PointsWon(pos, cube=rng.choice([2, 4, 8]), cube_owner=rng.choice([WHITE, RED])))
    # 2. Jacoby, centred cube, a gammon or backgammon: counts single
    pos = _finished(rng, rng.choice(kinds[1:]))
    qs.append(PointsWon(pos, cube=1, cube_owner=None, jacoby=True))
    # 3. Jacoby, cube turned: gammons count again
    pos = _finished(rng, rng.choice(kinds[1:]))
    qs.append(PointsWon(pos, cube=2, cube_owner=rng.choice([WHITE, RED]), jacoby=True))
    # 4. match play: gammons count, no Jacoby; a score where no points are lost past the target
    pos = _finished(rng, rng.choice(kinds[1:]))
    qs.append(PointsWon(pos, cube=rng.choice([1, 2]), cube_owner=None, match_length=7,
                        score=(rng.randint(0, 1), rng.randint(0, 1))))
    # 5-6. kind of win
    a, b = rng.sample(kinds, 2)
    qs.append(ResultKindQuestion(_finished(rng, a)))
    qs.append(ResultKindQuestion(_finished(rng, b)))
    # 7. a drop
    doubler = rng.choice([WHITE, RED])
    value = rng.choice([1, 2, 4])
    mid = _played_from_start(rng, rng.randint(6, 14)).with_turn(doubler)
    qs.append(DropPoints(mid, cube=value, cube_owner=None if value == 1 else doubler, doubler=doubler))
    # 8-10. may this player double?
    scenarios = [
        dict(cube=1, cube_owner=None),                                  # yes: centred
        dict(cube=2, cube_owner="opponent"),                            # no: the opponent owns it
        dict(cube=2, cube_owner="self"),                                # yes: redouble
        dict(cube=1, cube_owner=None, rolled=True),                     # no: after rolling
        dict(cube=1, cube_owner=None, match_length=5, score="crawford"),  # no: Crawford game
    ]
    yes = [s for s in scenarios if s.get("cube_owner") != "opponent" and not s.get("rolled") and not s.get("score")]
    no = [s for s in scenarios if s not in yes]
    chosen = [rng.choice(yes)] + rng.sample(no, 2)
    rng.shuffle(chosen)
    for s in chosen:
        player = rng.choice([WHITE, RED])
        owner = {"opponent": player.opponent, "self": player}.get(s.get("cube_owner"), s.get("cube_owner"))
        extra: dict = {}
        if s.get("score") == "crawford":
            lead = rng.choice([WHITE, RED])
            score = [rng.randint(0, 3), rng.randint(0, 3)]
            score[lead] = 4
            extra = dict(match_length=5, score=tuple(score), crawford=True)
        pos = _played_from_start(rng, rng.randint(4, 12)).with_turn(player)
        qs.append(MayDouble(pos, cube=s["cube"], cube_owner=owner, player=player, rolled=s.get("rolled", False),
                            **extra))
    return qs


# -- the registry --------------------------------------------------------------------------

@dataclass(frozen=True)
class ExerciseSpec:
    """One graded exercise: its ``name`` (used on the command line), title, introduction and the
    generator of its questions."""

    name: str
    title: str
    intro: str
    build: Callable[[random.Random], list[Question]]


EXERCISES: dict[str, ExerciseSpec] = {s.name: s for s in (
    ExerciseSpec("setup", "Setting up the board",
                 "The starting position, each side's numbering of the points, the opening throw and pip counts.",
                 _setup),
    ExerciseSpec("forced-moves", "The forced-move rules",
                 "Use both dice if you can; if only one, the larger; with doubles as many as you can.",
                 _forced),
    ExerciseSpec("bar-entry", "Entering from the bar",
                 "A checker on the bar must enter in the opponent's home board before anything else moves.",
                 _bar),
    ExerciseSpec("bearing-off", "Bearing off",
                 "Only with every checker home; a die bears off from its point, or from the highest point "
                 "when no checker stands higher.",
                 _bearoff),
    ExerciseSpec("cube-and-scoring", "The cube and gammon scoring",
                 "Single, gammon and backgammon; the cube's value and owner; the Jacoby and Crawford rules; "
                 "who may double.",
                 _scoring),
)}


def generate(exercise: str, seed: int | str = 1, student: str = "") -> list[Question]:
    """The questions of ``exercise`` for ``student`` under the class ``seed`` (deterministic)."""
    spec = EXERCISES.get(exercise)
    if spec is None:
        raise BglearnError(f"there is no exercise {exercise!r}; choose one of {', '.join(EXERCISES)}.")
    questions = spec.build(variant_rng(exercise, seed, student))
    assert len(questions) >= 8, f"{exercise} has only {len(questions)} questions"
    return questions
