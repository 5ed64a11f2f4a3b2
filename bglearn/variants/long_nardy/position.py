"""A Long Nardy position: the same 25 numbers a side as backgammon (index 0, the bar, always 0), a
different map between the two sides' numberings, its own state check, rules, scoring and words.

Each side numbers the points from its own home: my point ``i`` is the opponent's point
``OPPOSITE[i]`` (my 24-point, my head, is the opponent's 12-point; my 13-point is the opponent's
1-point). The map is its own inverse.

>>> opposite(24), opposite(13), opposite(12), opposite(1)
(12, 1, 24, 13)
>>> from bglearn import Position
>>> Position({}, {24: 15}, variant="long-nardy").result().label
'mars'
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, Any, ClassVar, Sequence

from ...errors import InvalidPositionError
from ...i18n import N_, _, ngettext
from ...player import CHECKERS, Player
from ...position import Position, ResultWords
from ...result import ResultKind
from .board import HEAD, OPPOSITE, START, VARIANT

if TYPE_CHECKING:  # pragma: no cover
    from ...dice import Roll
    from ...kernel import RawMove
    from ...verdicts import CheckState, PointWords

__all__ = ["VARIANT", "HEAD", "START", "LongNardyPosition", "opposite", "OPPOSITE", "nardy_result_kind"]

_FACING = itemgetter(*OPPOSITE[1:25])  # the opponent's counts, in the mover's point order 1-24


def opposite(point: int) -> int:
    """The opponent's number for my ``point`` (1-24): ``OPPOSITE[point]``."""
    if not 1 <= point <= 24:
        raise InvalidPositionError(_("there is no point {point}; points are 1-24.").format(point=point))
    return OPPOSITE[point]


class LongNardyPosition(Position):
    """A Long Nardy position (``position.variant == "long-nardy"``). Make one with
    ``Position(variant="long-nardy")`` (the start: 15 checkers on each head, White on roll) or
    ``Position.from_arrays(on_roll, opponent, turn, variant="long-nardy")``; ``white`` and ``red`` are
    given as for backgammon, each in its own numbering, with nothing on the bar."""

    __slots__ = ()
    variant = VARIANT
    # "table lungi" is the game's Romanian name; the older alias "table-lunga" still works
    aliases = ("nardy", "long-backgammon", "table-lungi", "table-lunga")
    display_name = N_("Long Nardy")
    START = START
    OPPOSITE = OPPOSITE
    hits = False
    has_bar = False
    has_cube = False
    has_gnubg_ids = False
    has_xgid = False
    opening_roll_played = False
    max_result = 2

    # the words of a win: an oin (1 point) or a mars (2)
    _WORDS: ClassVar[dict[int, tuple[str, str, str]]] = {
        1: (N_("oin"), N_("{player} wins an oin"), N_("{player} wins an oin (1 point): {reason}")),
        2: (N_("mars"), N_("{player} wins a mars"), N_("{player} wins a mars (2 points): {reason}")),
    }

    @classmethod
    def check_sides(cls, white: tuple[int, ...], red: tuple[int, ...]) -> None:
        """Nothing on the bar, at most 15 checkers a side, no point held by both colours (numbered by
        ``OPPOSITE``), not both sides borne off."""
        for who, side in ((_("White"), white), (_("Red"), red)):
            if side[0]:
                raise InvalidPositionError(
                    ngettext(
                        "{who}: Long Nardy has no bar (checkers are never hit), but {n} checker is given there; "
                        "index 0 must be 0.",
                        "{who}: Long Nardy has no bar (checkers are never hit), but {n} checkers are given there; "
                        "index 0 must be 0.",
                        side[0],
                    ).format(who=who, n=side[0])
                )
            total = sum(side)
            if total > CHECKERS:
                raise InvalidPositionError(
                    ngettext("{name} has {total} checker on the board; a side has only {max}.",
                             "{name} has {total} checkers on the board; a side has only {max}.", total).format(
                        name=who, total=total, max=CHECKERS)
                )
        for i in range(1, 25):
            j = OPPOSITE[i]
            if white[i] and red[j]:
                raise InvalidPositionError(
                    _("White's {i}-point (Red's {j}-point) holds checkers of both colours ({w} White, {r} Red); "
                      "in Long Nardy a point belongs to one side at a time.").format(i=i, j=j, w=white[i], r=red[j])
                )
        if not any(white) and not any(red):
            raise InvalidPositionError(_("both sides have borne off all their checkers; only one can win."))

    def head(self, player: Player | None = None) -> int:
        """Checkers of ``player`` (default: the side on roll) still on its head, its 24-point."""
        return self._sides[self._turn if player is None else player][HEAD]

    def facing(self) -> tuple[int, ...]:
        """The opponent's checkers on the mover's points 1-24, through ``OPPOSITE``."""
        found: tuple[int, ...] = _FACING(self._sides[1 - self._turn])
        return found

    def legal_sequences(self, roll: Roll) -> list[tuple[RawMove, ...]]:
        """Long Nardy's move generator: :func:`bglearn.variants.long_nardy.rules.nardy_sequences`."""
        from .rules import nardy_sequences

        return nardy_sequences(self, roll)

    def win_kind(self, winner: Player) -> tuple[ResultKind, str]:
        """An oin (1 point) or a mars (2): :func:`nardy_result_kind`."""
        return nardy_result_kind(self._sides[winner.opponent])

    @classmethod
    def result_words(cls, kind: int) -> ResultWords | None:
        """``oin`` for a single game, ``mars`` for a gammon (Long Nardy has no backgammon)."""
        label, phrase, sentence = cls._WORDS[min(int(kind), 2)]
        return _(label), _(phrase), _(sentence)

    def check_state(self, words: PointWords, roll: Roll | None) -> CheckState:
        """Long Nardy's rules for :func:`bglearn.verdicts.explain`: :class:`~bglearn.variants.long_nardy.explain.NardyState`."""
        from .explain import NardyState

        return NardyState.of_position(self, words, roll)

    def diagram_intro(self, perspective: Player, home: str = "right") -> tuple[str, str] | None:
        """The diagram names the variant: :func:`bglearn.variants.long_nardy.svg.describe_nardy`."""
        from .svg import describe_nardy

        return describe_nardy(self, perspective, home)

    def draw_variant(self, builder: Any, parent: Any, board: Any, theme: Any) -> None:
        """Both heads and both arrows of travel: :func:`bglearn.variants.long_nardy.svg.draw_nardy`."""
        from .svg import draw_nardy

        draw_nardy(builder, parent, board, theme, self)


def nardy_result_kind(loser_side: Sequence[int]) -> tuple[ResultKind, str]:
    """The kind of win against a loser whose checkers are ``loser_side`` (25 numbers, its own
    numbering): ``SINGLE`` (an oin, 1 point) when it has borne off at least one checker, ``GAMMON``
    (a mars, 2 points) when it has borne off none, with the reason in words."""
    off = CHECKERS - sum(loser_side)
    if off:
        return ResultKind.SINGLE, ngettext(
            "the loser has borne off {n} checker, so it is an oin",
            "the loser has borne off {n} checkers, so it is an oin", off).format(n=off)
    return ResultKind.GAMMON, _("the loser has borne off none, so it is a mars")
