"""Moves, plays and the legal plays of a position for a roll.

A :class:`Move` is one checker moved by one die. A :class:`Play` is a whole turn's moves; two plays
are the same play when they lead to the same position. :func:`legal_plays` returns every distinct
legal play after all the forced-move rules (both dice if possible, else the larger, doubles as far
as possible, bar first, bearing off only with all checkers home).

>>> from bglearn import Position, legal_plays
>>> len(legal_plays(Position(), "31"))
16
>>> legal_plays(Position(), "65")[0].notation
'24/13'
"""

from __future__ import annotations

from functools import cached_property
from typing import NamedTuple, Sequence

from .dice import Roll, RollLike, as_roll
from .position import CHECKERS, Player, Position

__all__ = ["BAR", "OFF", "Move", "Play", "legal_plays", "max_dice_playable"]

BAR = 25
"""The source number of a move from the bar (in the mover's numbering)."""
OFF = 0
"""The destination number of a move that bears a checker off."""

# Exact integer keys for positions reached during generation: 4 bits per place (off, points 1-24,
# bar) for the mover, plus one bit per point where an opposing blot was hit.
_W = tuple(1 << (4 * p) for p in range(26))
_H = tuple(1 << (104 + p) for p in range(26))


class Move(NamedTuple):
    """One checker moved by one die, in the mover's numbering: ``source`` 1–24 or ``BAR`` (25),
    ``destination`` 1–24 or ``OFF`` (0). ``hit`` is True when an opposing blot was hit."""

    source: int
    destination: int
    die: int
    hit: bool = False

    @property
    def pips(self) -> int:
        """Pips the checker travelled (a bear-off counts only the distance to off)."""
        return self.source - self.destination

    def __str__(self) -> str:
        s = "bar" if self.source == BAR else str(self.source)
        d = "off" if self.destination == OFF else str(self.destination)
        return f"{s}/{d}{'*' if self.hit else ''}"


def _mover_arrays(position: Position) -> tuple[list[int], list[int]]:
    """The side on roll as 26 numbers (0 = off, 1-24 points, 25 = bar) and the opponent's counts in
    the mover's numbering (indices 1-24)."""
    me = position.checkers(position.turn)
    opp = position.checkers(position.turn.opponent)
    b = [CHECKERS - sum(me), *me[1:25], me[0]]
    o = [0, *opp[24:0:-1], 0]
    return b, o


def _moves_for_die(b: list[int], o: list[int], d: int, outside: int) -> list[tuple[int, int, bool]]:
    """Every legal single move ``(source, destination, hit)`` with die ``d``."""
    if b[25]:
        t = 25 - d
        n = o[t]
        return [(25, t, n == 1)] if n < 2 else []
    out = []
    if outside:
        for s in range(24, d, -1):
            if b[s]:
                n = o[s - d]
                if n < 2:
                    out.append((s, s - d, n == 1))
        return out
    higher = False
    for s in range(6, 0, -1):
        if b[s]:
            t = s - d
            if t > 0:
                n = o[t]
                if n < 2:
                    out.append((s, t, n == 1))
            elif t == 0 or not higher:
                out.append((s, 0, False))
            higher = True
    return out


def _generate(b: list[int], o: list[int], dice: tuple[int, ...]) -> list[tuple[tuple[int, int, int, bool], ...]]:
    """The move sequences of every distinct legal play (one sequence per resulting position)."""
    key0 = 0
    for p in range(26):
        if b[p]:
            key0 += b[p] * _W[p]
    outside = b[25] + sum(b[7:25])
    found: dict[int, tuple[int, tuple]] = {}
    if len(dice) == 2:
        if not b[25] and outside >= 2:
            _nondouble_contact(b, o, dice[0], dice[1], key0, found)
        else:
            _nondouble(b, o, dice[0], dice[1], key0, outside, found)
    else:
        _double(b, o, dice[0], 0, 25, key0, outside, (), found)
    if not found:
        return []
    best = max(score for score, _ in found.values())
    return [moves for score, moves in found.values() if score == best]


def _nondouble_contact(b, o, d1, d2, key0, found) -> None:
    """Non-doubles with no checker on the bar and at least two outside the home board: no bear-off can
    happen this turn and landing rights never change (a hit blot leaves its point open), so the moves
    are enumerated from static tables."""
    W, H = _W, _H
    pts = [s for s in range(24, 0, -1) if b[s]]
    free = [n < 2 for n in o]
    blot = [n == 1 for n in o]
    two = False
    for da, db in ((d1, d2), (d2, d1)):
        for s in pts:
            if s <= da:
                break
            t = s - da
            if not free[t]:
                continue
            k1 = key0 + W[t] - W[s] + (H[t] if blot[t] else 0)
            m1 = (s, t, da, blot[t])
            if da == d1:
                sources = pts if t in pts else pts + [t]
                single = b[s] == 1
            else:  # the other order adds only the plays where this checker moves again
                sources = (t,)
                single = False
            any2 = False
            for s2 in sources:
                if s2 <= db:
                    continue
                if s2 == s and single:
                    continue
                t2 = s2 - db
                if not free[t2]:
                    continue
                hit2 = blot[t2] and t2 != t
                k2 = k1 + W[t2] - W[s2] + (H[t2] if hit2 else 0)
                any2 = True
                if k2 not in found:
                    found[k2] = (200, (m1, (s2, t2, db, hit2)))
            if any2:
                two = True
            elif not two and da == d1:
                # Only the first order decides one-die plays: a checker that cannot move on in the
                # second order may still leave another checker a move, found in the first order.
                score = 100 + da
                prev = found.get(k1)
                if prev is None or prev[0] < score:
                    found[k1] = (score, (m1,))
    if not two:
        # One die at most: offer the moves of the smaller die too, so that the larger-die rule can pick.
        for s in pts:
            if s <= d2:
                break
            t = s - d2
            if free[t]:
                k1 = key0 + W[t] - W[s] + (H[t] if blot[t] else 0)
                if k1 not in found:
                    found[k1] = (100 + d2, ((s, t, d2, blot[t]),))


def _nondouble(b, o, d1, d2, key0, outside, found) -> None:
    W, H = _W, _H
    # With no checker on the bar and at least two outside the home board, moves of different checkers
    # commute, so the second order only needs the sequences where one checker uses both dice.
    restricted = not b[25] and outside >= 2
    two = False
    for first, (da, db) in enumerate(((d1, d2), (d2, d1))):
        for s, t, hit in _moves_for_die(b, o, da, outside):
            b[s] -= 1
            b[t] += 1
            if hit:
                o[t] = 0
            out1 = outside - 1 if s > 6 and t <= 6 else outside
            k1 = key0 + W[t] - W[s] + (H[t] if hit else 0)
            m1 = (s, t, da, hit)
            seconds = _moves_for_die(b, o, db, out1)
            if first and restricted:
                seconds = [m for m in seconds if m[0] == t]
            if seconds:
                two = True
                for s2, t2, hit2 in seconds:
                    k2 = k1 + W[t2] - W[s2] + (H[t2] if hit2 else 0)
                    if k2 not in found:
                        found[k2] = (200, (m1, (s2, t2, db, hit2)))
            elif not two:
                score = 100 + da
                prev = found.get(k1)
                if prev is None or prev[0] < score:
                    found[k1] = (score, (m1,))
            if hit:
                o[t] = 1
            b[t] -= 1
            b[s] += 1


def _double(b, o, d, depth, maxsrc, key, outside, moves, found) -> None:
    any_move = False
    if depth < 4:
        for s, t, hit in _moves_for_die(b, o, d, outside):
            if s > maxsrc:
                continue
            any_move = True
            b[s] -= 1
            b[t] += 1
            if hit:
                o[t] = 0
            _double(
                b, o, d, depth + 1, s,
                key + _W[t] - _W[s] + (_H[t] if hit else 0),
                outside - 1 if s > 6 and t <= 6 else outside,
                moves + ((s, t, d, hit),),
                found,
            )
            if hit:
                o[t] = 1
            b[t] -= 1
            b[s] += 1
    if not any_move and depth:
        prev = found.get(key)
        if prev is None or prev[0] < depth:
            found[key] = (depth, moves)


def _apply(position: Position, moves: Sequence[Move]) -> Position:
    """The position after ``moves`` by the side on roll, with the other side on roll (no checks)."""
    turn = position.turn
    me = list(position.checkers(turn))
    opp = list(position.checkers(turn.opponent))
    for m in moves:
        s = 0 if m.source == BAR else m.source
        me[s] -= 1
        if m.destination != OFF:
            me[m.destination] += 1
            if m.hit:
                opp[25 - m.destination] -= 1
                opp[0] += 1
    me_t, opp_t = tuple(me), tuple(opp)
    if turn is Player.WHITE:
        return Position._trusted(me_t, opp_t, Player.RED)
    return Position._trusted(opp_t, me_t, Player.WHITE)


class Play:
    """A whole turn: the moves of one side for one roll, from ``position``.

    ``play.result`` is the position it leads to (the other side on roll), ``play.notation`` its
    standard notation (``"13/11*/5"``, ``"8/5(2) 6/3(2)"``), ``play.hits`` whether it hits. A play with
    no moves is the lost turn of a roll that cannot be played. Plays compare equal when they start
    from the same position and lead to the same position.
    """

    __slots__ = ("position", "roll", "moves", "__dict__")

    def __init__(self, position: Position, roll: RollLike, moves: Sequence[Move]) -> None:
        self.position = position
        self.roll = as_roll(roll)
        self.moves: tuple[Move, ...] = tuple(Move(*m) for m in moves)

    @cached_property
    def result(self) -> Position:
        """The position after the play, with the other side on roll."""
        return _apply(self.position, self.moves)

    @property
    def hits(self) -> bool:
        """True when the play hits at least one blot."""
        return any(m.hit for m in self.moves)

    @property
    def hit_count(self) -> int:
        return sum(1 for m in self.moves if m.hit)

    @property
    def player(self) -> Player:
        """The side that makes the play."""
        return self.position.turn

    @property
    def dice_used(self) -> tuple[int, ...]:
        """The die values the moves use, in order."""
        return tuple(m.die for m in self.moves)

    @property
    def pips(self) -> int:
        """Pips the play moved (bear-offs count the distance actually travelled)."""
        return sum(m.pips for m in self.moves)

    @property
    def is_empty(self) -> bool:
        """True for the lost turn of a roll with no legal play."""
        return not self.moves

    @cached_property
    def notation(self) -> str:
        """Standard notation, sources in descending order (``""`` for a lost turn)."""
        from .notation import format_play

        return format_play(self)

    def __str__(self) -> str:
        return self.notation or "(no legal play)"

    def __repr__(self) -> str:
        return f"<Play {self.roll.high}{self.roll.low}: {self}>"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Play):
            return NotImplemented
        return self.position == other.position and self.result == other.result

    def __hash__(self) -> int:
        return hash((self.position, self.result))


def legal_plays(position: Position, roll: RollLike) -> list[Play]:
    """Every distinct legal play of the side on roll for ``roll``, after all forced-move rules.

    An empty list means no legal play: the turn is lost. Plays are listed in a fixed order (by their
    moves, highest source first), so the same input always gives the same list.
    """
    if not isinstance(position, Position):
        raise TypeError(f"legal_plays takes a Position, got {type(position).__name__}.")
    r = as_roll(roll)
    if position.is_game_over:
        return []
    b, o = _mover_arrays(position)
    sequences = _generate(b, o, r.dice)
    sequences.sort(key=_order_key, reverse=True)
    make = Move._make
    new = object.__new__
    plays = []
    for seq in sequences:
        play = new(Play)
        play.position = position
        play.roll = r
        play.moves = tuple(map(make, seq))
        plays.append(play)
    return plays


def _order_key(seq: tuple) -> tuple:
    return tuple(sorted(seq, reverse=True))


def max_dice_playable(position: Position, roll: RollLike) -> int:
    """How many dice of ``roll`` the side on roll must use (0 when the turn is lost)."""
    plays = legal_plays(position, roll)
    return len(plays[0].moves) if plays else 0
