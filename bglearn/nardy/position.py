"""A Long Nardy position: the same 25 numbers a side as backgammon (index 0, the bar, always 0), a
different map between the two sides' numberings, and its own validation.

Each side numbers the points from its own home: my point ``i`` is the opponent's point
``((i + 11) mod 24) + 1`` (my 24-point, my head, is the opponent's 12-point; my 13-point is the
opponent's 1-point). The map is its own inverse.

>>> opposite(24), opposite(13), opposite(12), opposite(1)
(12, 1, 24, 13)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from ..errors import InvalidPositionError
from ..i18n import _, ngettext
from ..player import Player
from ..position import CHECKERS, Position, SideSpec, side_from_spec, side_repr
from .board import HEAD, OPPOSITE, START, VARIANT

if TYPE_CHECKING:  # pragma: no cover
    from ..dice import Roll
    from ..verdicts import CheckState, PointWords
    from ..result import ResultKind

__all__ = ["VARIANT", "HEAD", "START", "LongNardyPosition", "opposite", "OPPOSITE"]

def opposite(point: int) -> int:
    """The opponent's number for my ``point`` (1-24): ``((point + 11) mod 24) + 1``."""
    if not 1 <= point <= 24:
        raise InvalidPositionError(_("there is no point {point}; points are 1-24.").format(point=point))
    return OPPOSITE[point]


def _nardy_side(spec: SideSpec, who: str) -> tuple[int, ...]:
    if spec is None:
        return START
    side = side_from_spec(spec, who)
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
    return side


def _validate(white: tuple[int, ...], red: tuple[int, ...]) -> None:
    for name, side in ((_("White"), white), (_("Red"), red)):
        total = sum(side)
        if total > CHECKERS:
            raise InvalidPositionError(
                ngettext("{name} has {total} checker on the board; a side has only {max}.",
                         "{name} has {total} checkers on the board; a side has only {max}.", total).format(
                    name=name, total=total, max=CHECKERS)
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


class LongNardyPosition(Position):
    """A Long Nardy position (``position.variant == "long-nardy"``). Make one with
    ``Position(variant="long-nardy")`` (the start: 15 checkers on each head, White on roll) or
    ``Position.from_arrays(on_roll, opponent, turn, variant="long-nardy")``; ``white`` and ``red`` are
    given as for backgammon, each in its own numbering, with nothing on the bar."""

    __slots__ = ()
    variant = VARIANT

    def __init__(
        self,
        white: SideSpec = None,
        red: SideSpec = None,
        turn: Player = Player.WHITE,
        variant: str = VARIANT,
    ) -> None:
        if variant != VARIANT:
            raise InvalidPositionError(
                _("a Long Nardy position cannot have variant {variant!r}.").format(variant=variant))
        w = _nardy_side(white, _("White"))
        r = _nardy_side(red, _("Red"))
        try:
            turn = Player(turn)
        except ValueError:
            raise InvalidPositionError(_("turn must be WHITE or RED, got {turn!r}.").format(turn=turn)) from None
        _validate(w, r)
        self._sides = (w, r)
        self._turn = turn
        self._hash = hash((w, r, turn, VARIANT))

    @classmethod
    def _trusted(cls, white: tuple[int, ...], red: tuple[int, ...], turn: Player) -> "LongNardyPosition":
        p = object.__new__(cls)
        p._sides = (white, red)
        p._turn = turn
        p._hash = hash((white, red, turn, VARIANT))
        return p

    def owner(self, point: int, numbering: Player = Player.WHITE) -> tuple[Player | None, int]:
        """Who holds ``point`` (numbered from ``numbering``'s side) and how many checkers are there."""
        me = self._sides[numbering][point]
        if me:
            return Player(numbering), me
        them = self._sides[1 - numbering][OPPOSITE[point]]
        if them:
            return Player(1 - numbering), them
        return None, 0

    def head(self, player: Player | None = None) -> int:
        """Checkers of ``player`` (default: the side on roll) still on its head, its 24-point."""
        return self._sides[self._turn if player is None else player][HEAD]

    def opposite_point(self, point: int) -> int:
        """The opponent's number for the side's own ``point`` (1-24): ``((point + 11) mod 24) + 1``."""
        return OPPOSITE[point]

    def win_kind(self, winner: Player) -> tuple[ResultKind, str]:
        """An oin (1 point) or a mars (2): :func:`bglearn.nardy.result.nardy_result_kind`."""
        from .result import nardy_result_kind

        return nardy_result_kind(self._sides[winner.opponent])

    def check_state(self, words: PointWords, roll: Roll | None) -> CheckState:
        """Long Nardy's rules for :func:`bglearn.verdicts.explain`: :class:`bglearn.nardy.explain.NardyState`."""
        from .explain import NardyState

        return NardyState.of_position(self, words, roll)

    def diagram_intro(self, perspective: Player) -> tuple[str, str] | None:
        """The diagram names the variant: :func:`bglearn.nardy.svg.describe_nardy`."""
        from .svg import describe_nardy

        return describe_nardy(self, perspective)

    def draw_variant(self, builder: Any, parent: Any, board: Any, theme: Any) -> None:
        """Both heads and both arrows of travel: :func:`bglearn.nardy.svg.draw_nardy`."""
        from .svg import draw_nardy

        draw_nardy(builder, parent, board, theme, self)

    def position_id(self) -> str:
        """Refused: a GNU Backgammon Position ID cannot express a Long Nardy position."""
        raise InvalidPositionError(_no_ids())

    def xgid(self, **fields: object) -> str:
        """Refused: an XGID cannot express a Long Nardy position."""
        raise InvalidPositionError(_no_ids())

    def __reduce__(self) -> tuple[Any, ...]:
        return (LongNardyPosition, (self._sides[0], self._sides[1], self._turn))

    def __repr__(self) -> str:
        return (
            f"Position(white={side_repr(self._sides[0])}, red={side_repr(self._sides[1])}, "
            f"turn={self._turn.name}, variant={VARIANT!r})"
        )


def _no_ids() -> str:
    return _("GNU Backgammon Position IDs and XGIDs describe backgammon only; they cannot express a "
             "Long Nardy position (write it with Position.from_arrays(..., variant='long-nardy') or its repr).")


def from_arrays(on_roll: Sequence[int], opponent: Sequence[int], turn: Player) -> LongNardyPosition:
    """A Long Nardy position from the side on roll's 25 numbers and the opponent's."""
    turn = Player(turn)
    if turn is Player.WHITE:
        return LongNardyPosition(on_roll, opponent, turn)
    return LongNardyPosition(opponent, on_roll, turn)
