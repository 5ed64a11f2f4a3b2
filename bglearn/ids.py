"""The standard position and match identifiers: GNU Backgammon Position ID and Match ID, and XGID.

Colours: bglearn's White is XG's *bottom* player and GNU Backgammon's player 1 (its ``X``, drawn at
the bottom); Red is XG's top player and GNU Backgammon's player 0 (``O``). In a ``.mat`` record GNU
Backgammon's player 0 is the left column, so :mod:`bglearn.records` reads the left column as Red and
the right column as White, and the Match IDs of a record are the ones GNU Backgammon prints for it.

In a match GNU Backgammon always sets the Match ID's "Jacoby not in use" bit (the Jacoby rule is for
money play only), and so does bglearn. A Crawford flag is refused unless exactly one side is one
point from winning (only a game still to be played or being played is checked: once a game is over
the score already counts its result).

>>> from bglearn import Position
>>> Position().position_id()
'4HPwATDgc/ABMA'
>>> Position().xgid()
'XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10'
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass, field
from typing import Sequence

from .errors import InvalidPositionError, NotationError
from .i18n import N_, _, ngettext
from .player import RED, WHITE, Player
from .position import CHECKERS, Position

__all__ = [
    "encode_position_id",
    "decode_position_id",
    "MatchId",
    "encode_match_id",
    "decode_match_id",
    "XGID",
    "parse_xgid",
    "format_xgid",
    "parse_position_text",
    "check_crawford",
]

_B64 = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")


def _bits_to_b64(bits: list[int], nbytes: int) -> str:
    data = bytearray(nbytes)
    for k, bit in enumerate(bits):
        if bit:
            data[k // 8] |= 1 << (k % 8)
    return base64.b64encode(bytes(data)).decode("ascii").rstrip("=")


def _b64_to_bits(text: str, nchars: int, nbytes: int, what: str) -> list[int]:
    if not isinstance(text, str):
        raise NotationError(_("a {what} is text, got {type}.").format(what=what, type=type(text).__name__))
    if len(text) != nchars:
        raise NotationError(
            ngettext("{text} is not a {what}: it has {n} character, a {what} has {size}.",
                     "{text} is not a {what}: it has {n} characters, a {what} has {size}.", len(text)).format(
                text=repr(text), what=what, n=len(text), size=nchars)
        )
    bad = sorted({c for c in text if c not in _B64})
    if bad:
        raise NotationError(
            ngettext("{text} is not a {what}: {bad} is not a base64 character.",
                     "{text} is not a {what}: {bad} are not base64 characters.", len(bad)).format(
                text=repr(text), what=what, bad=repr("".join(bad)))
        )
    try:
        data = base64.b64decode(text + "=" * (-len(text) % 4), validate=True)
    except (binascii.Error, ValueError) as exc:  # pragma: no cover - guarded above
        raise NotationError(_("{text} is not a {what}: {error}.").format(text=repr(text), what=what, error=exc)) from None
    data = data[:nbytes]
    return [(data[k // 8] >> (k % 8)) & 1 for k in range(8 * nbytes)]


# -- Position ID ------------------------------------------------------------------------------

def _gnubg_side(side: Sequence[int]) -> list[int]:
    """One side in GNU Backgammon's order: points 1..24 then the bar."""
    return list(side[1:25]) + [side[0]]


def encode_position_id(on_roll: Sequence[int], opponent: Sequence[int]) -> str:
    """The 14-character Position ID of the two sides (25 numbers each, index 0 = bar); the side not on
    roll is encoded first, as GNU Backgammon does."""
    bits: list[int] = []
    for side in (opponent, on_roll):
        for count in _gnubg_side(side):
            bits.extend([1] * count)
            bits.append(0)
    if len(bits) > 80:
        raise InvalidPositionError(_("too many checkers to encode as a Position ID."))
    return _bits_to_b64(bits, 10)


def decode_position_id(position_id: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(on_roll, opponent)`` 25-number sides of a Position ID. Raises :class:`NotationError` for a
    malformed ID and :class:`InvalidPositionError` for one that encodes an impossible position."""
    text = position_id.strip() if isinstance(position_id, str) else position_id
    bits = _b64_to_bits(text, 14, 10, "Position ID")
    sides: list[list[int]] = []
    k = 0
    for who in (N_("the side not on roll"), N_("the side on roll")):
        counts = []
        for _point in range(25):
            n = 0
            while k < 80 and bits[k]:
                n += 1
                k += 1
            if k >= 80:
                raise NotationError(
                    _("{text} is not a valid Position ID: it ends before {player}'s checkers are all "
                      "listed.").format(text=repr(text), player=_(who))
                )
            k += 1  # the 0 that closes the point
            counts.append(n)
        total = sum(counts)
        if total > CHECKERS:
            raise InvalidPositionError(
                ngettext("Position ID {text} gives {player} {n} checker; a side has only {total}.",
                         "Position ID {text} gives {player} {n} checkers; a side has only {total}.", total).format(
                    text=repr(text), player=_(who), n=total, total=CHECKERS)
            )
        sides.append([counts[24]] + counts[:24])
    if any(bits[k:]):
        raise NotationError(
            _("{text} is not a valid Position ID: it has checker bits after both sides are complete.").format(
                text=repr(text))
        )
    opponent, on_roll = sides
    return tuple(on_roll), tuple(opponent)


# -- Match ID ---------------------------------------------------------------------------------

GAME_STATES = ("none", "playing", "over", "resigned", "dropped")


@dataclass(frozen=True)
class MatchId:
    """The fields of a GNU Backgammon Match ID, with colours in bglearn's terms (White = gnubg's
    player 1, Red = player 0). ``score`` is ``(white, red)``; ``dice`` is ``None`` before rolling."""

    cube_value: int = 1
    cube_owner: Player | None = None
    on_roll: Player = WHITE
    crawford: bool = False
    game_state: str = "playing"
    acting: Player | None = None
    double_offered: bool = False
    resignation: int = 0
    dice: tuple[int, int] | None = None
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    jacoby: bool = True

    def __post_init__(self) -> None:
        if self.acting is None:
            object.__setattr__(self, "acting", self.on_roll)


def _gnubg_player(p: Player) -> int:
    return 1 if p is WHITE else 0


def _bg_player(bit: int) -> Player:
    return WHITE if bit else RED


def _put(bits: list[int], start: int, width: int, value: int) -> None:
    for i in range(width):
        bits[start + i] = (value >> i) & 1


def _get(bits: list[int], start: int, width: int) -> int:
    return sum(bits[start + i] << i for i in range(width))


def check_crawford(crawford: bool, match_length: int, score: Sequence[int], where: str) -> None:
    """Raise :class:`NotationError` if a Crawford flag is impossible at this score: there is no
    Crawford game in money play, and the Crawford game is played only when exactly one side needs
    one more point (``score`` is the score before the game)."""
    if not crawford:
        return
    if not match_length:
        raise NotationError(_("{where}: the Crawford flag is set in a money game; the Crawford rule "
                              "belongs to match play.").format(where=where))
    a, b = score
    if (a == match_length - 1) == (b == match_length - 1):
        raise NotationError(
            ngettext("{where}: the Crawford flag is set at {a}-{b} in a {length}-point match; the "
                     "Crawford game is played only when exactly one side has {n} point (one point from winning).",
                     "{where}: the Crawford flag is set at {a}-{b} in a {length}-point match; the "
                     "Crawford game is played only when exactly one side has {n} points (one point from winning).",
                     match_length - 1).format(where=where, a=a, b=b, length=match_length, n=match_length - 1)
        )


def encode_match_id(m: MatchId) -> str:
    """The 12-character Match ID of ``m``. Raises :class:`NotationError` for a cube that is not a
    power of two or a Crawford flag at an impossible score."""
    if m.game_state in ("none", "playing"):
        check_crawford(m.crawford, m.match_length, m.score, "Match ID")
    value = m.cube_value
    if value < 1 or value & (value - 1) or value > 2**15:
        raise NotationError(_("the cube value must be a power of two, got {value}.").format(value=value))
    bits = [0] * 72
    _put(bits, 0, 4, value.bit_length() - 1)
    _put(bits, 4, 2, 3 if m.cube_owner is None else _gnubg_player(m.cube_owner))
    _put(bits, 6, 1, _gnubg_player(m.on_roll))
    _put(bits, 7, 1, int(m.crawford))
    _put(bits, 8, 3, GAME_STATES.index(m.game_state))
    _put(bits, 11, 1, _gnubg_player(m.on_roll if m.acting is None else m.acting))
    _put(bits, 12, 1, int(m.double_offered))
    _put(bits, 13, 2, m.resignation)
    if m.dice:
        _put(bits, 15, 3, m.dice[0])
        _put(bits, 18, 3, m.dice[1])
    _put(bits, 21, 15, m.match_length)
    white, red = m.score
    _put(bits, 36, 15, red)  # player 0
    _put(bits, 51, 15, white)  # player 1
    _put(bits, 66, 1, int(not m.jacoby))
    return _bits_to_b64(bits, 9)


def decode_match_id(match_id: str) -> MatchId:
    """The fields of a Match ID; a malformed one raises :class:`NotationError` naming the bad field."""
    text = match_id.strip() if isinstance(match_id, str) else match_id
    bits = _b64_to_bits(text, 12, 9, "Match ID")
    state = _get(bits, 8, 3)
    if state >= len(GAME_STATES):
        raise NotationError(_("Match ID {text}: game state {state} is not one of 0-4.").format(text=repr(text), state=state))
    owner_bits = _get(bits, 4, 2)
    if owner_bits == 2:
        raise NotationError(_("Match ID {text}: cube owner 2 is not 0, 1 or 3 (centred).").format(text=repr(text)))
    d1, d2 = _get(bits, 15, 3), _get(bits, 18, 3)
    if (d1 == 0) != (d2 == 0) or d1 > 6 or d2 > 6:
        raise NotationError(_("Match ID {text}: the dice {d1} and {d2} are not a roll.").format(
            text=repr(text), d1=d1, d2=d2))
    length = _get(bits, 21, 15)
    red, white = _get(bits, 36, 15), _get(bits, 51, 15)
    if length and (red >= length or white >= length) and state != 2:
        raise NotationError(
            _("Match ID {text}: a score of {white}-{red} is impossible in a {length}-point match "
              "still being played.").format(text=repr(text), white=white, red=red, length=length)
        )
    if state <= 1:  # a game about to start or being played; after it the score counts its result
        check_crawford(bool(bits[7]), length, (white, red), _("Match ID {text}").format(text=repr(text)))
    return MatchId(
        cube_value=1 << _get(bits, 0, 4),
        cube_owner=None if owner_bits == 3 else _bg_player(owner_bits),
        on_roll=_bg_player(bits[6]),
        crawford=bool(bits[7]),
        game_state=GAME_STATES[state],
        acting=_bg_player(bits[11]),
        double_offered=bool(bits[12]),
        resignation=_get(bits, 13, 2),
        dice=(d1, d2) if d1 else None,
        match_length=length,
        score=(white, red),
        jacoby=not bits[66],
    )


# -- XGID -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class XGID:
    """Every field of an XGID. ``position`` carries the side on roll; ``score`` is ``(white, red)``
    (White is XG's bottom player); ``dice`` is ``None`` when the dice are still to be rolled;
    ``cube_action`` is ``None``, ``"D"`` (doubled), ``"B"`` (beavered) or ``"R"`` (raccooned)."""

    position: Position = field(default_factory=Position)
    cube_value: int = 1
    cube_owner: Player | None = None
    dice: tuple[int, int] | None = None
    cube_action: str | None = None
    score: tuple[int, int] = (0, 0)
    crawford: bool = False
    jacoby: bool = False
    beavers: bool = False
    match_length: int = 0
    max_cube: int = 1024

    @property
    def turn(self) -> Player:
        return self.position.turn

    def __str__(self) -> str:
        return format_xgid(
            self.position,
            cube=self.cube_value,
            cube_owner=self.cube_owner,
            dice=self.dice,
            cube_action=self.cube_action,
            score=self.score,
            crawford=self.crawford,
            jacoby=self.jacoby,
            beavers=self.beavers,
            match_length=self.match_length,
            max_cube=self.max_cube,
        )


def _log2(value: int, what: str) -> int:
    if value < 1 or value & (value - 1):
        raise NotationError(_("the {what} must be a power of two, got {value}.").format(what=_(what), value=value))
    return value.bit_length() - 1


def format_xgid(
    position: Position,
    *,
    cube: int = 1,
    cube_owner: Player | None = None,
    dice: Sequence[int] | None = None,
    cube_action: str | None = None,
    score: tuple[int, int] = (0, 0),
    crawford: bool = False,
    jacoby: bool = False,
    beavers: bool = False,
    match_length: int = 0,
    max_cube: int = 1024,
) -> str:
    """The XGID of ``position`` with the given cube, dice, score and rules fields. Raises
    :class:`NotationError` for a Crawford flag at an impossible score, and for a position of a game an
    XGID cannot express (``has_xgid`` false, such as Long Nardy)."""
    if not position.has_xgid:
        raise NotationError(_("an XGID describes a backgammon position; it cannot express a {variant} "
                              "position.").format(variant=position.variant))
    if match_length:
        check_crawford(crawford, match_length, score, "XGID")
    chars = []
    white, red = position.white, position.red
    chars.append(chr(ord("a") + red[0] - 1) if red[0] else "-")
    for i in range(1, 25):
        if white[i]:
            chars.append(chr(ord("A") + white[i] - 1))
        elif red[25 - i]:
            chars.append(chr(ord("a") + red[25 - i] - 1))
        else:
            chars.append("-")
    chars.append(chr(ord("A") + white[0] - 1) if white[0] else "-")
    owner = 0 if cube_owner is None else (1 if Player(cube_owner) is WHITE else -1)
    turn = 1 if position.turn is WHITE else -1
    if cube_action:
        if cube_action not in ("D", "B", "R"):
            raise NotationError(_("cube_action must be 'D', 'B' or 'R', got {value}.").format(value=repr(cube_action)))
        dice_text = cube_action
    elif dice:
        d = tuple(dice)
        if len(d) != 2 or not all(isinstance(x, int) and 1 <= x <= 6 for x in d):
            raise NotationError(_("dice must be two numbers 1-6, got {value}.").format(value=repr(dice)))
        dice_text = f"{d[0]}{d[1]}"
    else:
        dice_text = "00"
    if match_length:
        rules = int(bool(crawford))
    else:
        rules = int(bool(jacoby)) | (2 if beavers else 0)
    return (
        "XGID="
        + "".join(chars)
        + f":{_log2(cube, N_('cube value'))}:{owner}:{turn}:{dice_text}:{score[0]}:{score[1]}:{rules}"
        + f":{match_length}:{_log2(max_cube, N_('maximum cube'))}"
    )


def parse_xgid(text: str) -> XGID:
    """Every field of an XGID (``XGID=`` prefix optional). Malformed text raises
    :class:`NotationError` naming the field that is wrong."""
    if not isinstance(text, str):
        raise NotationError(_("an XGID is text, got {type}.").format(type=type(text).__name__))
    body = text.strip()
    if body.upper().startswith("XGID="):
        body = body[5:]
    parts = body.split(":")
    names = [N_("position"), N_("cube"), N_("cube position"), N_("turn"), N_("dice"), N_("score 1"),
             N_("score 2"), N_("rules"), N_("match length"), N_("maximum cube")]
    if len(parts) < 5 or len(parts) > 10:
        raise NotationError(
            ngettext("{text} is not an XGID: it has {n} ':'-separated field; an XGID has 10 "
                     "(position:cube:cubepos:turn:dice:score1:score2:rules:matchlen:maxcube).",
                     "{text} is not an XGID: it has {n} ':'-separated fields; an XGID has 10 "
                     "(position:cube:cubepos:turn:dice:score1:score2:rules:matchlen:maxcube).", len(parts)).format(
                text=repr(text), n=len(parts))
        )
    parts += ["0", "0", "0", "0", "10"][len(parts) - 5:]
    pos = parts[0]
    if len(pos) != 26:
        raise NotationError(
            ngettext("XGID position field {text} has {n} character; it must have 26.",
                     "XGID position field {text} has {n} characters; it must have 26.", len(pos)).format(
                text=repr(pos), n=len(pos))
        )
    white = [0] * 25
    red = [0] * 25
    for i, ch in enumerate(pos):
        if ch == "-":
            continue
        if "A" <= ch <= "O":
            n, mine = ord(ch) - ord("A") + 1, True
        elif "a" <= ch <= "o":
            n, mine = ord(ch) - ord("a") + 1, False
        else:
            raise NotationError(
                _("XGID position field: character {index} is {char}; use '-', 'A'-'O' (bottom "
                  "player's checkers) or 'a'-'o' (top player's).").format(index=i + 1, char=repr(ch))
            )
        if i == 0:
            if mine:
                raise NotationError(_("XGID position field: character 1 is the top player's bar; "
                                      "{char} is a bottom-player letter.").format(char=repr(ch)))
            red[0] = n
        elif i == 25:
            if not mine:
                raise NotationError(_("XGID position field: character 26 is the bottom player's bar; "
                                      "{char} is a top-player letter.").format(char=repr(ch)))
            white[0] = n
        elif mine:
            white[i] = n
        else:
            red[25 - i] = n

    def number(index: int) -> int:
        raw = parts[index].strip()
        try:
            return int(raw)
        except ValueError:
            raise NotationError(_("XGID {field} field {text} is not a number.").format(
                field=_(names[index]), text=repr(raw))) from None

    cube_log = number(1)
    if not 0 <= cube_log <= 15:
        raise NotationError(_("XGID cube field {value} is not the log2 of a cube value (0-15).").format(value=cube_log))
    cubepos = number(2)
    if cubepos not in (-1, 0, 1):
        raise NotationError(_("XGID cube position field {value} must be 1, 0 or -1.").format(value=cubepos))
    turn = number(3)
    if turn not in (-1, 1):
        raise NotationError(_("XGID turn field {value} must be 1 (bottom) or -1 (top).").format(value=turn))
    dice_field = parts[4].strip().upper()
    dice = None
    action = None
    if dice_field in ("D", "B", "R"):
        action = dice_field
    elif dice_field == "00":
        pass
    elif len(dice_field) == 2 and all(c in "123456" for c in dice_field):
        dice = (int(dice_field[0]), int(dice_field[1]))
    else:
        raise NotationError(
            _("XGID dice field {text} must be '00' (to roll), 'D', 'B', 'R' or two dice such as '52'.").format(
                text=repr(parts[4]))
        )
    s1, s2, rules, length, maxcube = number(5), number(6), number(7), number(8), number(9)
    if min(s1, s2, rules, length, maxcube) < 0:
        raise NotationError(_("XGID score, rules, match length and maximum cube fields cannot be negative."))
    if length and (s1 >= length or s2 >= length):
        raise NotationError(
            _("XGID score {s1}-{s2} is impossible in a {length}-point match that is still going on.").format(
                s1=s1, s2=s2, length=length)
        )
    if length:
        check_crawford(bool(rules & 1), length, (s1, s2), f"XGID {text.strip()!r}")
    try:
        position = Position(white, red, WHITE if turn == 1 else RED)
    except InvalidPositionError as exc:
        raise InvalidPositionError(_("XGID position field: {error}").format(error=exc)) from None
    return XGID(
        position=position,
        cube_value=1 << cube_log,
        cube_owner=None if cubepos == 0 else (WHITE if cubepos == 1 else RED),
        dice=dice,
        cube_action=action,
        score=(s1, s2),
        crawford=bool(length and rules & 1),
        jacoby=bool(not length and rules & 1),
        beavers=bool(not length and rules & 2),
        match_length=length,
        max_cube=1 << min(maxcube, 15),
    )


def parse_position_text(text: str, turn: Player = WHITE) -> Position:
    """A position from what a user pastes: an XGID, a GNU Position ID, or ``PositionID:MatchID``
    (the Match ID then says who is on roll)."""
    if not isinstance(text, str):
        raise NotationError(_("a position is text (a Position ID or an XGID), got {type}.").format(
            type=type(text).__name__))
    t = text.strip()
    if t.upper().startswith("XGID=") or t.count(":") >= 4:
        return parse_xgid(t).position
    if ":" in t:
        pid, mid = (s.strip() for s in t.split(":", 1))
        match = decode_match_id(mid)
        return Position.from_position_id(pid, match.on_roll)
    if len(t) != 14:
        raise NotationError(
            _("{text} is neither a GNU Position ID (14 characters such as 4HPwATDgc/ABMA) nor an XGID "
              "(XGID=...).").format(text=repr(text))
        )
    return Position.from_position_id(t, turn)
