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

from .dice import RollLike, as_roll
from .i18n import _
from .kernel import RawMove
from .position import Player, Position

__all__ = ["BAR", "OFF", "Move", "Play", "legal_plays", "max_dice_playable"]

BAR = 25
"""The source number of a move from the bar (in the mover's numbering)."""
OFF = 0
"""The destination number of a move that bears a checker off."""

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


def _apply(position: Position, moves: Sequence[RawMove]) -> Position:
    """The position after ``moves`` by the side on roll, with the other side on roll (no checks)."""
    turn = position.turn
    me = list(position.checkers(turn))
    opp = list(position.checkers(turn.opponent))
    for source, destination, _die, hit in moves:
        me[0 if source == BAR else source] -= 1
        if destination != OFF:
            me[destination] += 1
            if hit:
                opp[position.OPPOSITE[destination]] -= 1
                opp[0] += 1
    me_t, opp_t = tuple(me), tuple(opp)
    if turn is Player.WHITE:
        return position.from_sides(me_t, opp_t, Player.RED, check=False)
    return position.from_sides(opp_t, me_t, Player.WHITE, check=False)


class Play:
    """A whole turn: the moves of one side for one roll, from ``position``.

    ``play.result`` is the position it leads to (the other side on roll), ``play.notation`` its
    standard notation (``"13/11*/5"``, ``"8/5(2) 6/3(2)"``), ``play.path_notation`` the learner's form
    with every landing point (``"13/11*/5"``, ``"24/18/13"``), ``play.hits`` whether it hits. A play with
    no moves is the lost turn of a roll that cannot be played. Plays compare equal when they start
    from the same position and lead to the same position.

    ``play.raw_moves`` (read it, don't set it) holds the moves as the engine made them, plain
    ``(source, destination, die, hit)`` tuples: what :attr:`moves` holds without a :class:`Move` made
    of each, for the engine's own loops over many plays (:mod:`bglearn.verdicts`).
    """

    __slots__ = ("position", "roll", "raw_moves", "__dict__")

    def __init__(self, position: Position, roll: RollLike, moves: Sequence[Move]) -> None:
        self.position = position
        self.roll = as_roll(roll)
        self.raw_moves: tuple[RawMove, ...] = tuple([Move(*m) for m in moves])

    @cached_property
    def moves(self) -> tuple[Move, ...]:
        """The moves in the order they are made."""
        make = tuple.__new__  # Move(*m) without NamedTuple's argument handling: m is a valid 4-tuple
        return tuple([make(Move, m) for m in self.raw_moves])

    @cached_property
    def result(self) -> Position:
        """The position after the play, with the other side on roll."""
        return _apply(self.position, self.raw_moves)

    @property
    def hits(self) -> bool:
        """True when the play hits at least one blot."""
        return any([m[3] for m in self.raw_moves])

    @property
    def hit_count(self) -> int:
        """How many blots the play hits."""
        return sum([1 for m in self.raw_moves if m[3]])

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
        """Standard notation as GNU Backgammon writes it, sources in descending order (``""`` for a lost
        turn): ``24/13``, ``bar/19``, ``6/4*(2)``. Records and IDs use this form."""
        from .notation import format_play

        return format_play(self)

    @property
    def path_notation(self) -> str:
        """The learner's form: every point each checker lands on (``24/18/13``, ``bar/21/19`` where the
        standard ``bar/19`` reads as a 6 entering); see :func:`bglearn.notation.format_play`."""
        from .notation import format_play

        return format_play(self, paths=True)

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
    moves, highest source first), so the same input always gives the same list. The position's game
    decides how a roll may be played (:meth:`Position.legal_sequences <bglearn.position.Position.legal_sequences>`).
    """
    if not isinstance(position, Position):
        raise TypeError(_("legal_plays takes a Position, got {type}.").format(type=type(position).__name__))
    r = as_roll(roll)
    if position.is_game_over:
        return []
    sequences = position.legal_sequences(r)  # already in order
    new = object.__new__
    plays: list[Play] = []
    append = plays.append
    for seq in sequences:  # the Move objects are made when a play's moves are first read
        play = new(Play)
        play.position = position
        play.roll = r
        play.raw_moves = seq
        append(play)
    return plays


def max_dice_playable(position: Position, roll: RollLike) -> int:
    """How many dice of ``roll`` the side on roll must use (0 when the turn is lost)."""
    plays = legal_plays(position, roll)
    return len(plays[0].moves) if plays else 0
