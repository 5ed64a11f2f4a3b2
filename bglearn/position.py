"""Positions: who is on roll and where every checker stands (the sides themselves live in
:mod:`bglearn.player` and are re-exported here).

A :class:`Position` is immutable and hashable. Each side's checkers are kept in that side's own
numbering as 25 numbers: index 0 is the bar, index ``i`` (1–24) is the side's ``i``-point; checkers
missing from 15 have been borne off. White's point ``i`` is Red's point ``25 - i``.

:class:`Position` is also the standard game, the variant named ``"backgammon"``. Another game is a
subclass that states what differs as class attributes (``START``, ``OPPOSITE``, ``hits``,
``has_cube``, ...) and overrides a few hooks (:meth:`Position.legal_sequences`,
:meth:`Position.check_sides`, :meth:`Position.check_state`, :meth:`Position.win_kind`, ...); it is
registered by name in :mod:`bglearn.variants` and ``Position(variant=name)`` makes one.

>>> from bglearn import Position, WHITE
>>> p = Position()
>>> p.pip_count(WHITE)
167
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Mapping, Sequence, Union

from .errors import InvalidPositionError
from .i18n import N_, _, ngettext
from .kernel import RawMove, generate, mover_arrays
from .player import CHECKERS, RED, WHITE, Player

if TYPE_CHECKING:  # pragma: no cover
    from .dice import Roll
    from .verdicts import CheckState, PointWords
    from .plays import Play
    from .result import GameResult, ResultKind

__all__ = ["Player", "WHITE", "RED", "Position", "CHECKERS", "START", "ResultWords"]

START: tuple[int, ...] = tuple(
    {6: 5, 8: 3, 13: 5, 24: 2}.get(i, 0) for i in range(25)
)
"""One side's checkers in the standard starting position (index 0 = bar)."""

ResultWords = tuple[str, str, str]
"""A variant's own words for a kind of win (:meth:`Position.result_words`): the label (``"oin"``), the
phrase with ``{player}`` (``"{player} wins an oin"``) and the sentence with ``{player}`` and
``{reason}`` (``"{player} wins an oin (1 point): {reason}"``), each already translated."""

SideSpec = Union[Sequence[int], Mapping[Union[int, str], int], None]


def side_from_spec(spec: SideSpec, who: str) -> tuple[int, ...]:
    """One side's checkers as its 25-number tuple (index 0 = bar, ``i`` = its ``i``-point) from a plain
    description: ``None`` (the backgammon start), 25 numbers, or a mapping ``{point: count}`` whose keys
    are 1-24 or ``"bar"``. Checks only the description itself (points, counts); a bad one raises
    :class:`~bglearn.errors.InvalidPositionError` naming ``who``. Whether the two sides fit together is
    the position class's check.

    >>> side_from_spec({"bar": 1, 6: 2}, "White")[:7]
    (1, 0, 0, 0, 0, 0, 2)
    """
    if spec is None:
        return START
    if isinstance(spec, Mapping):
        side = [0] * 25
        for key, count in spec.items():
            if isinstance(key, str):
                k = key.strip().lower()
                if k == "bar":
                    index = 0
                elif k.isdigit():
                    index = int(k)
                else:
                    raise InvalidPositionError(
                        _("{side}: {key} is not a point; use 1-24 or 'bar'.").format(side=who, key=repr(key))
                    )
            elif isinstance(key, int) and not isinstance(key, bool):
                index = key
            else:
                raise InvalidPositionError(
                    _("{side}: {key} is not a point; use 1-24 or 'bar'.").format(side=who, key=repr(key)))
            if not 0 <= index <= 24:
                raise InvalidPositionError(
                    _("{side}: there is no point {number}; points are 1-24 (and 'bar' or 0 for the bar).").format(
                        side=who, number=index)
                )
            side[index] = _count(count, who, index)
        return tuple(side)
    try:
        values = list(spec)
    except TypeError:
        raise InvalidPositionError(
            _("{side}: expected 25 numbers (bar, then points 1-24) or a mapping of point to count, "
              "got {type}.").format(side=who, type=type(spec).__name__)
        ) from None
    if len(values) == 26:
        # Accept a trailing borne-off count if it agrees with the rest.
        off = _count(values[25], who, "off")
        values = values[:25]
        on_board = sum(_count(v, who, i) for i, v in enumerate(values))
        if on_board + off != CHECKERS:
            raise InvalidPositionError(
                ngettext("{side}: {on_board} checkers on the board and {off} borne off make {n}, not {total}.",
                         "{side}: {on_board} checkers on the board and {off} borne off make {n}, not {total}.",
                         on_board + off).format(side=who, on_board=on_board, off=off, n=on_board + off,
                                                total=CHECKERS)
            )
    if len(values) != 25:
        raise InvalidPositionError(
            _("{side}: expected 25 numbers (bar, then points 1-24), got {count}.").format(
                side=who, count=len(values))
        )
    return tuple(_count(v, who, i) for i, v in enumerate(values))


def _count(value: object, who: str, where: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            else:
                raise TypeError
        except TypeError:
            if where == 0:
                text = _("{side}: the count on the bar must be a whole number, got {value}.")
            elif where == "off":
                text = _("{side}: the count borne off must be a whole number, got {value}.")
            else:
                text = _("{side}: the count on point {number} must be a whole number, got {value}.")
            raise InvalidPositionError(text.format(side=who, number=where, value=repr(value))) from None
    if value < 0:
        if where == 0:
            text = _("{side}: the bar has a negative count ({value}).")
        elif where == "off":
            text = _("{side}: the count borne off is negative ({value}).")
        else:
            text = _("{side}: point {number} has a negative count ({value}).")
        raise InvalidPositionError(text.format(side=who, number=where, value=value))
    return int(value)


class Position:
    """A backgammon position: both sides' checkers and the side on roll.

    ``Position()`` is the standard starting position with White on roll. ``white`` and ``red`` may each
    be 25 numbers (bar, then points 1–24 in that side's own numbering) or a mapping such as
    ``{6: 5, 8: 3, 13: 5, 24: 2, "bar": 0}``. Invalid positions raise :class:`InvalidPositionError`.
    ``variant=`` names another game (:func:`bglearn.variants.find_variant`): ``Position(variant="long-nardy")``
    is the start of Long Nardy, a :class:`~bglearn.variants.long_nardy.LongNardyPosition`;
    ``position.variant`` says which game a position belongs to.

    **What a variant states** (class attributes; a subclass overrides those that differ): ``variant``
    (its registered name) and ``aliases``; ``display_name`` (marked for translation; :meth:`game_name`
    translates it); ``START`` (one side's checkers at the start); ``OPPOSITE`` (``OPPOSITE[i]`` is the
    opponent's number for my point ``i``); ``hits`` (a lone checker can be hit); ``has_bar``;
    ``has_cube``; ``has_gnubg_ids`` (GNU Backgammon Position and Match IDs, ``.mat`` records);
    ``has_xgid``; ``opening_roll_played`` (the opening roll is the starter's first roll; else it only
    decides who starts, who then throws both dice); ``max_result`` (the most a game scores, times the
    cube: 3 for a backgammon).

    **The hooks a variant may override**: :meth:`legal_sequences` (how a roll may be played),
    :meth:`check_sides` (the state check), :meth:`check_state` (the board :func:`~bglearn.explain`
    replays a play on), :meth:`win_kind` and :meth:`result_words` (the win and its words),
    :meth:`facing` (the opponent's checkers in the mover's numbering, when ``OPPOSITE`` differs),
    :meth:`diagram_intro` and :meth:`draw_variant` (the diagram).
    """

    __slots__ = ("_sides", "_turn", "_hash")
    variant: ClassVar[str] = "backgammon"
    """The game's registered name: ``"backgammon"``, ``"long-nardy"``, ``"nackgammon"`` (:mod:`bglearn.variants`)."""
    aliases: ClassVar[tuple[str, ...]] = ("standard",)
    """Other names :func:`bglearn.variants.find_variant` accepts for the game."""
    display_name: ClassVar[str] = N_("Backgammon")
    """The game's name for people, marked for translation (:meth:`game_name` gives it translated)."""
    START: ClassVar[tuple[int, ...]] = START
    """One side's checkers at the start (index 0 = bar, ``i`` = its ``i``-point)."""
    OPPOSITE: ClassVar[tuple[int, ...]] = (0, *range(24, 0, -1))
    """``OPPOSITE[i]``: the opponent's number for my point ``i`` (1-24; index 0 unused). Its own inverse."""
    hits: ClassVar[bool] = True
    """A lone checker can be hit (and sent to the bar)."""
    has_bar: ClassVar[bool] = True
    """Checkers can stand on the bar."""
    has_cube: ClassVar[bool] = True
    """The game is played with a doubling cube."""
    has_gnubg_ids: ClassVar[bool] = True
    """GNU Backgammon Position IDs, Match IDs and ``.mat`` records can express the game."""
    has_xgid: ClassVar[bool] = True
    """An XGID can express the game."""
    opening_roll_played: ClassVar[bool] = True
    """The opening roll is played as the starter's first roll (else it only decides who starts)."""
    max_result: ClassVar[int] = 3
    """The most a game scores, times the cube: 3 (a backgammon); 2 where a gammon (a mars) is the most."""

    def __new__(cls, *args: object, variant: str | None = None, **kwargs: object) -> "Position":
        """``Position(..., variant="long-nardy")`` makes a position of that game (its own class)."""
        if variant is None or cls is not Position:
            return object.__new__(cls)
        from .variants import find_variant

        return object.__new__(find_variant(variant))

    def __init__(
        self,
        white: SideSpec = None,
        red: SideSpec = None,
        turn: Player = Player.WHITE,
        variant: str | None = None,
    ) -> None:
        if variant is not None:
            from .variants import find_variant

            if find_variant(variant) is not type(self):
                raise InvalidPositionError(_("a {game} position cannot have variant {variant}.").format(
                    game=self.game_name(), variant=repr(variant)))
        w = self.START if white is None else side_from_spec(white, WHITE.name_text)
        r = self.START if red is None else side_from_spec(red, RED.name_text)
        try:
            turn = Player(turn)
        except ValueError:
            raise InvalidPositionError(_("turn must be WHITE or RED, got {turn}.").format(turn=repr(turn))) from None
        self.check_sides(w, r)
        self._sides = (w, r)
        self._turn = turn
        self._hash = hash((w, r, turn))

    @classmethod
    def game_name(cls) -> str:
        """The game's name for people, in the current language (``"Long Nardy"``).

        >>> Position.game_name()
        'Backgammon'
        """
        return _(cls.display_name)

    @classmethod
    def check_sides(cls, white: tuple[int, ...], red: tuple[int, ...]) -> None:
        """Hook — the state check: raise :class:`InvalidPositionError` naming the problem when the two
        sides (each already a valid 25-number description) cannot stand together in this game: too
        many checkers, a point held by both colours, both sides borne off."""
        _validate(white, red, cls.OPPOSITE)

    # -- construction -------------------------------------------------------------------------
    @classmethod
    def from_sides(
        cls, white: tuple[int, ...], red: tuple[int, ...], turn: Player, *, check: bool = True
    ) -> "Position":
        """A position of this class's variant from the two sides as stored (25 numbers each: bar, then
        points 1-24 in that side's own numbering) and the side on roll. ``check=False`` skips every
        check: only for sides already known to be valid (the engine's own results) or for a board
        drawn but never played from (an empty board while a position is being set up).

        >>> Position.from_sides(Position().white, Position().red, Player.RED) == Position().with_turn(Player.RED)
        True
        """
        if check:
            return cls(white, red, turn)
        return cls._trusted(white, red, turn)

    @classmethod
    def _trusted(cls, white: tuple[int, ...], red: tuple[int, ...], turn: Player) -> "Position":
        """Build without validation (the engine's own, already-valid results)."""
        p = object.__new__(cls)
        p._sides = (white, red)
        p._turn = turn
        p._hash = hash((white, red, turn))
        return p

    @classmethod
    def from_arrays(
        cls, on_roll: Sequence[int], opponent: Sequence[int], turn: Player = Player.WHITE,
        variant: str | None = None,
    ) -> "Position":
        """A position from the side on roll's 25 numbers and the opponent's (each in its own numbering),
        as in ``shared/cases``; ``turn`` says which colour is on roll; ``variant`` the game (default:
        this class's, ``"backgammon"`` for :class:`Position`; ``"long-nardy"`` takes nothing on the bar)."""
        turn = Player(turn)
        if variant is None:
            game = cls
        else:
            from .variants import find_variant

            game = find_variant(variant)
        if turn is Player.WHITE:
            return game(on_roll, opponent, turn)
        return game(opponent, on_roll, turn)

    @classmethod
    def from_position_id(cls, position_id: str, turn: Player = Player.WHITE) -> "Position":
        """Decode a GNU Backgammon Position ID; ``turn`` is the colour of the side on roll (the ID
        itself does not say which colour that is)."""
        from .ids import decode_position_id

        on_roll, opponent = decode_position_id(position_id)
        return cls.from_arrays(on_roll, opponent, turn)

    @classmethod
    def from_xgid(cls, xgid: str) -> "Position":
        """The position and side on roll of an XGID (White is XG's bottom player), as a position of this
        class's game (an XGID does not say which game it is)."""
        from .ids import parse_xgid

        p = parse_xgid(xgid).position
        return p if type(p) is cls else cls.from_sides(p.white, p.red, p.turn)

    @classmethod
    def parse(cls, text: str, turn: Player = Player.WHITE) -> "Position":
        """A position from a GNU Position ID (optionally ``ID:MatchID``) or an XGID."""
        from .ids import parse_position_text

        return parse_position_text(text, turn)

    # -- reading ------------------------------------------------------------------------------
    @property
    def turn(self) -> Player:
        """The side on roll."""
        return self._turn

    @property
    def white(self) -> tuple[int, ...]:
        """White's 25 numbers: bar, then points 1–24 in White's numbering."""
        return self._sides[0]

    @property
    def red(self) -> tuple[int, ...]:
        """Red's 25 numbers: bar, then points 1–24 in Red's numbering."""
        return self._sides[1]

    def checkers(self, player: Player) -> tuple[int, ...]:
        """That side's 25 numbers (index 0 = bar, index i = its i-point in its own numbering)."""
        return self._sides[player]

    def point(self, player: Player, point: int) -> int:
        """How many of ``player``'s checkers stand on ``point`` (in ``player``'s numbering)."""
        if not 1 <= point <= 24:
            raise InvalidPositionError(_("there is no point {number}; points are 1-24.").format(number=point))
        return self._sides[player][point]

    def owner(self, point: int, numbering: Player = Player.WHITE) -> tuple[Player | None, int]:
        """Who holds ``point`` (numbered from ``numbering``'s side) and how many checkers are there."""
        me = self._sides[numbering][point]
        if me:
            return numbering, me
        them = self._sides[1 - numbering][self.OPPOSITE[point]]
        if them:
            return Player(1 - numbering), them
        return None, 0

    def bar(self, player: Player) -> int:
        """Checkers of ``player`` on the bar."""
        return self._sides[player][0]

    def off(self, player: Player) -> int:
        """Checkers of ``player`` already borne off."""
        return CHECKERS - sum(self._sides[player])

    def pip_count(self, player: Player | None = None) -> int:
        """Pips ``player`` (default: the side on roll) needs to bear everything off; a checker on the
        bar counts 25."""
        side = self._sides[self._turn if player is None else player]
        return 25 * side[0] + sum(i * n for i, n in enumerate(side) if i)

    @property
    def pips(self) -> dict[Player, int]:
        """Both pip counts."""
        return {Player.WHITE: self.pip_count(Player.WHITE), Player.RED: self.pip_count(Player.RED)}

    def all_home(self, player: Player | None = None) -> bool:
        """True when every checker of ``player`` still in play is in its home board (may bear off)."""
        side = self._sides[self._turn if player is None else player]
        return not side[0] and not any(side[7:])

    def blots(self, player: Player | None = None) -> list[int]:
        """Points (in ``player``'s numbering) where ``player`` has exactly one checker."""
        side = self._sides[self._turn if player is None else player]
        return [i for i in range(1, 25) if side[i] == 1]

    @property
    def winner(self) -> Player | None:
        """The side that has borne off all 15 checkers, if any."""
        white, red = self._sides
        if not any(white):
            return Player.WHITE
        if not any(red):
            return Player.RED
        return None

    @property
    def is_game_over(self) -> bool:
        """True when a side has borne off all its checkers."""
        return self.winner is not None

    def result(self) -> GameResult | None:
        """The :class:`~bglearn.result.GameResult` of a finished game (``None`` while it goes on)."""
        from .result import game_result

        return game_result(self)

    # -- what each variant's class decides (the hooks; see bglearn.variants) -------------------
    def opposite_point(self, point: int) -> int:
        """The opponent's number for the side's own ``point`` (1-24): ``OPPOSITE[point]``, ``25 - point``
        in backgammon.

        >>> Position().opposite_point(6)
        19
        """
        return self.OPPOSITE[point]

    def facing(self) -> tuple[int, ...]:
        """Hook — the opponent's checkers on the points of the side on roll, in that side's numbering
        (its point ``i`` at index ``i - 1``): what :func:`bglearn.kernel.mover_arrays` sees. A variant
        whose ``OPPOSITE`` differs from ``25 - i`` overrides it to agree with ``OPPOSITE``.

        >>> Position().facing()[18]   # my 19-point is Red's 6-point
        5
        """
        return self._sides[1 - self._turn][24:0:-1]

    def legal_sequences(self, roll: Roll) -> list[tuple[RawMove, ...]]:
        """Hook — how ``roll`` may be played: the move sequences of every distinct legal play, one per
        resulting position, in the order :func:`bglearn.plays.legal_plays` lists them (highest
        source first); an empty list when the turn is lost. Backgammon's rules: :mod:`bglearn.kernel`."""
        b, o = mover_arrays(self)
        return generate(b, o, roll.dice)

    def win_kind(self, winner: Player) -> tuple[ResultKind, str]:
        """Hook — how a game ``winner`` has won here ends: the kind of win by this variant's scoring and
        the reason in words (:func:`bglearn.result.game_result` asks a variant's position for it)."""
        from .result import result_kind

        return result_kind(self._sides[winner.opponent])

    @classmethod
    def result_words(cls, kind: int) -> ResultWords | None:
        """Hook — the game's own words for a win of ``kind`` (1, 2, 3: :class:`~bglearn.result.ResultKind`),
        as :data:`ResultWords`; ``None``: backgammon's (single game, gammon, backgammon)."""
        return None

    def check_state(self, words: PointWords, roll: Roll | None) -> CheckState:
        """Hook — the board :func:`bglearn.verdicts.explain` replays a play of the side on roll on, with
        this variant's rules (``words`` names the points in its messages; ``roll`` the dice, if known)."""
        from .verdicts import CheckState

        return CheckState.of(self, words, roll)

    def diagram_intro(self, perspective: Player, home: str = "right") -> tuple[str, str] | None:
        """Hook — a variant's title and first sentences for the diagram's description (its accessible
        text), seen by ``perspective`` with its home board on the ``home`` side (the words follow the
        drawn direction); ``None``: backgammon's own (built by :func:`bglearn.svg.render`)."""
        return None

    def draw_variant(self, builder: Any, parent: Any, board: Any, theme: Any) -> None:
        """Hook — add what a variant marks on a diagram drawn by :func:`bglearn.svg.render` (backgammon:
        nothing)."""
        return None

    # -- changing (returns new positions) -----------------------------------------------------
    def play(self, play: Play) -> "Position":
        """The position after ``play`` (a :class:`~bglearn.plays.Play` of this position, or its
        notation with a roll: use :func:`bglearn.plays.parse_play`), with the other side on roll."""
        from .plays import Play

        if not isinstance(play, Play):
            raise TypeError(
                _("Position.play takes a Play from legal_plays(); to play text use "
                  "bglearn.parse_play(position, roll, text).")
            )
        if play.position != self:
            raise ValueError(_("that play belongs to a different position."))
        return play.result

    def pass_turn(self) -> "Position":
        """The same checkers with the other side on roll (a turn lost for want of a legal play)."""
        return self._trusted(self._sides[0], self._sides[1], self._turn.opponent)

    def with_turn(self, turn: Player) -> "Position":
        """The same checkers with ``turn`` on roll."""
        return self._trusted(self._sides[0], self._sides[1], Player(turn))

    def mirrored(self) -> "Position":
        """Colours swapped: White's checkers become Red's and the other side is on roll."""
        return self._trusted(self._sides[1], self._sides[0], self._turn.opponent)

    # -- notation -----------------------------------------------------------------------------
    def position_id(self) -> str:
        """The GNU Backgammon Position ID (the side not on roll is encoded first); refused for a game
        whose ``has_gnubg_ids`` is false."""
        from .ids import encode_position_id

        if not self.has_gnubg_ids:
            raise InvalidPositionError(self._no_ids())

        on_roll = self._sides[self._turn]
        return encode_position_id(on_roll, self._sides[1 - self._turn])

    def xgid(self, **fields: Any) -> str:
        """The XGID of this position (White is XG's bottom player); keyword fields as in
        :func:`bglearn.ids.format_xgid` (``dice``, ``cube``, ``cube_owner``, ``score``, ...); refused for
        a game whose ``has_xgid`` is false."""
        from .ids import format_xgid

        if not self.has_xgid:
            raise InvalidPositionError(self._no_ids())

        return format_xgid(self, **fields)

    @classmethod
    def _no_ids(cls) -> str:
        return _("GNU Backgammon Position IDs and XGIDs describe backgammon only; they cannot express a "
                 "{game} position (write it with its repr).").format(game=cls.game_name())

    # -- protocol -----------------------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return (self._hash == other._hash and self._sides == other._sides and self._turn == other._turn
                and type(self) is type(other))

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[type[Position], tuple[tuple[int, ...], tuple[int, ...], Player]]:
        return (type(self), (self._sides[0], self._sides[1], self._turn))

    def __repr__(self) -> str:
        game = "" if type(self) is Position else f", variant={self.variant!r}"
        return (
            f"Position(white={side_repr(self._sides[0])}, red={side_repr(self._sides[1])}, "
            f"turn={self._turn.name}{game})"
        )

    def __str__(self) -> str:
        from .diagram import text_diagram

        return text_diagram(self)

    def _repr_svg_(self) -> str:
        from .svg import render

        return render(self)._repr_svg_()

    def _repr_html_(self) -> str:
        """The board as an ``<img>``, the form an untrusted notebook shows (see bglearn.diagram)."""
        from .svg import render

        return render(self)._repr_html_()


def side_repr(side: tuple[int, ...]) -> str:
    """One side's checkers written as the mapping ``Position(...)`` accepts (``repr`` uses it): the bar
    first, then the points from 24 down, empty ones left out; :func:`side_from_spec` reads it back.

    >>> side_repr(START)
    '{24: 2, 13: 5, 8: 3, 6: 5}'
    """
    items = []
    if side[0]:
        items.append(f"'bar': {side[0]}")
    items.extend(f"{i}: {side[i]}" for i in range(24, 0, -1) if side[i])
    return "{" + ", ".join(items) + "}"


def _validate(white: tuple[int, ...], red: tuple[int, ...], opposite: tuple[int, ...]) -> None:
    for player, side in ((WHITE, white), (RED, red)):
        total = sum(side)
        if total > CHECKERS:
            raise InvalidPositionError(
                ngettext("{player} has {n} checker on the board and bar; a side has only {total}.",
                         "{player} has {n} checkers on the board and bar; a side has only {total}.", total).format(
                    player=player.name_text, n=total, total=CHECKERS)
            )
    for i in range(1, 25):
        j = opposite[i]
        if white[i] and red[j]:
            raise InvalidPositionError(
                _("White's {point}-point (Red's {red_point}-point) holds checkers of both colours "
                  "({white} White, {red} Red); a point belongs to one side at a time.").format(
                    point=i, red_point=j, white=white[i], red=red[j])
            )
    if not any(white) and not any(red):
        raise InvalidPositionError(_("both sides have borne off all their checkers; only one can win."))
