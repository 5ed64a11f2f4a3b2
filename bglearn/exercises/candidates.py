"""Plays a learner might try, judged by the engine: the wrong answers exercises are built from.

Generators propose attempts (single-die moves, pairs of moves, legal plays cut short); only
:func:`~bglearn.explain` decides which are illegal and why.

>>> from bglearn import Position, Roll
>>> from bglearn.exercises.candidates import notation_round_trips, tempting_plays
>>> dict(tempting_plays(Position(), Roll(6, 1)))["24/18"].name     # one die left unused
'DICE_NOT_FULLY_USED'
>>> notation_round_trips(Position(), Roll(6, 1))
True
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable

from ..dice import Roll
from ..verdicts import Reason, explain
from ..plays import BAR, legal_plays
from ..position import Position

__all__ = ["tempting_plays", "notation_round_trips"]


def _sources(position: Position) -> list[int]:
    me = position.checkers(position.turn)
    return ([BAR] if me[0] else []) + [i for i in range(24, 0, -1) if me[i]]


def _step(s: int, d: int) -> str:
    t = s - d
    return f"{'bar' if s == BAR else s}/{t if t >= 1 else 'off'}"


def _light_candidates(position: Position, roll: Roll) -> list[str]:
    """The attempts that show which rule of play is at stake: each checker moved by one die, and
    each legal play cut short (for doubles)."""
    dice = sorted(set(roll.dice), reverse=True)
    out = [_step(s, d) for s in _sources(position) for d in dice]
    if roll.is_double:
        for play in legal_plays(position, roll)[:4]:
            moves = play.moves
            out += [" ".join(str(m) for m in moves[:k]) for k in range(1, len(moves))]
    return list(dict.fromkeys(out))


def _candidate_texts(position: Position, roll: Roll) -> list[str]:
    """Plays a learner might try: single moves, pairs of moves, backwards moves, and legal plays cut
    short. Only proposals: :func:`explain` decides which are legal."""
    sources = _sources(position)
    out = _light_candidates(position, roll)
    if not roll.is_double:
        out += [f"{_step(s1, roll.high)} {_step(s2, roll.low)}" for s1 in sources for s2 in sources]
    else:
        out += [f"{_step(s1, roll.high)} {_step(s2, roll.high)}" for s1 in sources for s2 in sources if s1 >= s2]
    out += [f"{s}/{s + d}" for s in sources if s != BAR for d in set(roll.dice) if s + d <= 24]
    for play in legal_plays(position, roll)[:6]:
        moves = play.moves
        out += [" ".join(str(m) for m in moves[:k]) for k in range(1, len(moves))]
    return list(dict.fromkeys(out))


@lru_cache(maxsize=20000)
def _judged(position: Position, roll: Roll, light: bool) -> tuple[tuple[str, Reason], ...]:
    texts = _light_candidates(position, roll) if light else _candidate_texts(position, roll)
    plays = legal_plays(position, roll)  # once, not once per candidate
    out = []
    for text in texts:
        v = explain(position, roll, text, plays=plays)
        if not v.legal and v.reason is not Reason.BAD_NOTATION:
            out.append((text, v.reason))
    return tuple(out)


def tempting_plays(position: Position, roll: Roll, reasons: Iterable[Reason] | None = None, *,
                   light: bool = False) -> list[tuple[str, Reason]]:
    """Candidate plays the engine rules illegal (for ``reasons``, if given): ``(text, reason)``.
    ``light`` tries only single-die moves and cut-short plays (enough to see which rule is at stake)."""
    wanted = None if reasons is None else set(reasons)
    return [(t, r) for t, r in _judged(position, Roll(*roll), light) if wanted is None or r in wanted]


@lru_cache(maxsize=20000)
def notation_round_trips(position: Position, roll: Roll) -> bool:
    """True when every legal play's standard notation reads back (through :func:`explain`) as that
    same play. Generators use only such positions, so a student who writes the notation the engine
    itself prints is never marked wrong."""
    plays = legal_plays(position, roll)
    for play in plays:
        v = explain(position, roll, play.notation, plays=plays)
        if not v.legal or v.play != play:
            return False
    return True
