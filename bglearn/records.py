"""Match records in the plain-text ``.mat`` format (Jellyfish style), which GNU Backgammon and
eXtreme Gammon import and export.

>>> from bglearn import Match, Dice
>>> from bglearn.bots import HeuristicBot, play_match
>>> m = play_match(Match(3, dice=Dice(seed=2)), HeuristicBot(1), HeuristicBot(2))
>>> text = format_mat(m)
>>> text.splitlines()[4]
' 3 point match'
>>> back = parse_mat(text)
>>> back.match.score == m.score
True

What is written follows GNU Backgammon's own exporter (``export.c``, ``ExportGameJF``): a
``; [Key "Value"]`` header, `` N point match`` (``0`` for money games), `` Game k``, the score line
``Name : score`` for the left and right players, then numbered lines of two columns, each entry
either a roll and its moves (``52: 13/8 13/11``; each die's move written
separately, ``25`` for the bar, ``0`` for off, ``*`` after a hit; a roll with nothing after it is a
lost turn), `` Doubles => 2``, `` Takes``, `` Drops``, `` Beavers => 4``, `` Raccoons => 8``, and
``Wins 2 points`` in the winner's column when the game ends. An accepted resignation is written, as
GNU Backgammon does, as a ``Wins`` line before the game is over; a refused resignation is not written
(the format has no notation for it). A take that answers a beaver is implicit (the doubler's next
roll), as GNU Backgammon reads it.

Colours: the left column is GNU Backgammon's player 0, bglearn's Red (the top player); the right column
is player 1, White (see :data:`COLUMNS`). So a record's Match IDs are the ones GNU Backgammon prints.

The ``; [Key "Value"]`` header read from a record is kept (``MatRecord.meta``, ``Match.header``) and
written back.

Reading is lenient where programs differ (``Cannot Move``, ``bar``/``off``, consolidated moves such as
``13/5``, ``(2)``, ``and the match``, Backgammon Galaxy's ``Losses 1 point``, comment lines, CR LF, a
UTF-8 byte order mark) and strict about the game itself: every roll is replayed through the engine, so
an illegal play, a roll written without the play it needs, an out-of-turn action, a ``Wins`` line that
contradicts the game or an unreadable line raises :class:`~bglearn.errors.MatchRecordError` with its
line number.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Sequence, Union

from .dice import Dice, OpeningRoll, Roll
from .errors import BglearnError, MatchRecordError
from .i18n import _, ngettext
from .verdicts import parse_play
from .game import Game
from .match import Match
from .plays import BAR, OFF, Move
from .player import RED, WHITE, Player
from .position import Position
from .result import ResultKind

__all__ = ["MatRecord", "format_mat", "write_mat", "parse_mat", "read_mat", "format_move_plain", "COLUMNS"]

LEFT_WIDTH = 27
WINS_RIGHT_INDENT = 34

Recordable = Union[Match, Game, Sequence[Game], "MatRecord"]


# -- writing ------------------------------------------------------------------------------------

def format_move_plain(move: Move) -> str:
    """One die's move as GNU Backgammon writes it in a .mat file: ``25/20``, ``13/7*``, ``6/0``."""
    return f"{BAR if move.source == BAR else move.source}/{OFF if move.destination == OFF else move.destination}" + (
        "*" if move.hit else ""
    )


def _roll_text(roll: Roll, moves: Iterable[Move] = ()) -> str:
    text = f"{roll.high}{roll.low}:"
    # GNU Backgammon's canonical order: higher source first, then higher destination (a checker's
    # consecutive moves keep their order, since each starts lower than the one before).
    moves = sorted(moves, key=lambda m: (-m.source, -m.destination))
    if moves:
        text += " " + " ".join(format_move_plain(m) for m in moves)
    return text


def _plural(n: int) -> str:
    return f"{n} point{'s' if n != 1 else ''}"


COLUMNS: tuple[Player, Player] = (RED, WHITE)
"""Who plays in each column of a ``.mat`` record: the left column is GNU Backgammon's player 0,
which is bglearn's Red (the top player); the right column is player 1, White (the bottom player)."""


def _column(player: Player | None) -> int:
    return 0 if player is None else COLUMNS.index(player)


def _game_slots(game: Game, wins_match: bool) -> list[tuple[int, str]]:
    """The entries of one game as (column, text): column 0 = Red (left), 1 = White (right)."""
    slots: list[tuple[int, str]] = []
    events = game.record
    last_offer_kind = None
    for i, e in enumerate(events):
        k = e.kind
        col = _column(e.player)
        if k == "play":
            assert e.play is not None
            slots.append((col, _roll_text(e.play.roll, e.play.moves)))
        elif k == "roll":
            # written with its play; a roll never played (a resignation came first) stands alone
            if not any(x.kind == "play" for x in events[i + 1:i + 2]):
                slots.append((col, _roll_text(e.roll)))  # type: ignore[arg-type]
        elif k in ("double", "beaver", "raccoon"):
            word = {"double": "Doubles", "beaver": "Beavers", "raccoon": "Raccoons"}[k]
            slots.append((col, f" {word} => {e.value}"))
            last_offer_kind = k
        elif k == "take":
            if last_offer_kind != "beaver":
                slots.append((col, " Takes"))
            last_offer_kind = None
        elif k == "drop":
            slots.append((col, " Drops"))
        elif k == "win":
            tail = " and the match" if wins_match else ""
            slots.append((col, f"Wins {_plural(e.value or 0)}{tail}"))
    return slots


def _layout(slots: list[tuple[int, str]]) -> list[str]:
    lines: list[str] = []
    n = 0
    left: str | None = None

    def flush_left() -> None:
        nonlocal left, n
        if left is not None:
            n += 1
            lines.append(f"{n:3d}) {left}".rstrip())
            left = None

    for col, text in slots:
        if text.startswith("Wins"):
            if col == 1 and left is not None and left.strip() in ("Drops",):
                n += 1  # as GNU Backgammon: the winner's "Wins" on the dropper's line
                lines.append(f"{n:3d}) {left:<{WINS_RIGHT_INDENT - 5}s}{text}".rstrip())
                left = None
            else:
                flush_left()
                lines.append((" " * (WINS_RIGHT_INDENT if col else 6)) + text)
            continue
        if col == 0:
            flush_left()
            left = text
        else:
            n += 1
            lines.append(f"{n:3d}) {(left or ''):<{LEFT_WIDTH}s} {text}".rstrip())
            left = None
    flush_left()
    return lines


def _games_of(obj: Recordable) -> tuple[int, tuple[str, str], list[Game], list[tuple[int, int]]]:
    if isinstance(obj, MatRecord):
        obj = obj.match if obj.match is not None else obj.games
    if isinstance(obj, Match):
        scores = [obj.score_before(i) for i in range(len(obj.games))]
        return obj.length, obj.names, list(obj.games), scores
    if isinstance(obj, Game):
        games = [obj]
    else:
        games = list(obj)
        if not all(isinstance(g, Game) for g in games):
            raise TypeError(_("format_mat takes a Match, a Game or a list of Games."))
    if not games:
        raise MatchRecordError(_("there is no game to write."))
    m = games[0].match
    names = m.names if m is not None else ("White", "Red")
    length = games[0].length
    scores = []
    w = r = 0
    for g in games:
        if length:
            scores.append(g.score)
        else:
            scores.append((w, r))
            if g.is_over:
                if g.winner is WHITE:
                    w += g.points
                else:
                    r += g.points
    return length, names, games, scores


def _header_of(obj: Recordable) -> tuple[dict[str, str], list[str]]:
    """The header a record already has: a :class:`MatRecord`'s, or the one its match carries."""
    if isinstance(obj, MatRecord):
        return dict(obj.meta), list(obj.comments)
    match = obj if isinstance(obj, Match) else obj.match if isinstance(obj, Game) else None
    if match is None and not isinstance(obj, (Match, Game)):
        games = list(obj)
        match = games[0].match if games and isinstance(games[0], Game) else None
    return (dict(match.header) if match is not None else {}), []


def format_mat(
    obj: Recordable,
    *,
    site: str | None = None,
    event: str | None = None,
    round: str | None = None,
    date: str | None = None,
    transcriber: str | None = None,
    comment: str | None = None,
) -> str:
    """The ``.mat`` text of a match, a game, a list of money games (written as a 0-point match) or
    a :class:`MatRecord` as read.

    The header a record was read with (``; [Site "..."]``, ``[Event ...]``, ``[EventDate ...]``,
    ``[Transcriber ...]`` and any other key, in its order, and for a :class:`MatRecord` its other
    comment lines too) is written back; the keyword arguments add or replace fields (``date`` as
    ``"YYYY.MM.DD"``). A match with no header of its own gets ``Transcriber "bglearn"``. The rule
    fields (``Crawford`` for a match; ``Jacoby``, ``Beaver``, ``CubeLimit`` for money games) always
    say the rules the games were played under."""
    length, names, games, scores = _games_of(obj)
    header, comments = _header_of(obj)
    if not header and transcriber is None:
        transcriber = "bglearn"
    for key, value in (("Site", site), ("Event", event), ("Round", round), ("EventDate", date),
                       ("Transcriber", transcriber)):
        if value:
            header[key] = value
    header.setdefault("Variation", "Backgammon")
    g0 = games[0]
    if length:
        crawford = g0.match.crawford_rule if g0.match is not None else True
        header["Crawford"] = "On" if crawford else "Off"
    else:
        header["Jacoby"] = "On" if g0.jacoby else "Off"
        header["Beaver"] = "On" if g0.beavers else "Off"
        if g0.max_cube:
            header["CubeLimit"] = str(g0.max_cube)
        else:
            header.pop("CubeLimit", None)
    out = [f'; [{key} "{value}"]' for key, value in header.items()]
    if comment:
        comments = comments + comment.splitlines()
    if comments:
        out.append("")
        out.extend(f"; {line}" for line in comments)
    out.append("")
    out.append(f" {length} point match")
    out.append("")
    start = Position()
    for i, (g, (w, r)) in enumerate(zip(games, scores)):
        if g.start_position.white != start.white or g.start_position.red != start.red:
            raise MatchRecordError(
                _("game {number} starts from a set-up position; a .mat record always starts from the "
                  "standard starting position.").format(number=i + 1)
            )
        out.append(f" Game {i + 1}")
        score = (w, r)
        left = f"{names[COLUMNS[0]]} : {score[COLUMNS[0]]}"
        out.append(f" {left:<31s}{names[COLUMNS[1]]} : {score[COLUMNS[1]]}")
        wins_match = False
        if length and g.is_over and g.winner is not None:
            wins_match = (w, r)[g.winner] + g.points >= length
        out.extend(_layout(_game_slots(g, wins_match)))
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def write_mat(obj: Recordable, path: str | Path, **header: str | None) -> Path:
    """Write :func:`format_mat` of ``obj`` to ``path``; returns the path."""
    p = Path(path)
    p.write_text(format_mat(obj, **header), encoding="utf-8")
    return p


# -- reading ------------------------------------------------------------------------------------

@dataclass
class MatRecord:
    """A record read from ``.mat`` text: ``length`` (0 = money games), the players' ``names``
    (White's, Red's: the right column's player is White, the left column's Red, as GNU Backgammon
    numbers them), the replayed ``games`` (each a :class:`~bglearn.game.Game` whose record can be
    replayed move by move), the ``match`` (``None`` for money games), ``meta`` (the
    ``; [Key "Value"]`` header, also kept as ``match.header``), other comment lines, ``warnings``
    about tolerated oddities and ``game_lines`` (the line of each `` Game k``)."""

    length: int
    names: tuple[str, str]
    games: list[Game]
    match: Match | None
    meta: dict[str, str] = field(default_factory=dict)
    comments: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    game_lines: list[int] = field(default_factory=list)

    @property
    def columns(self) -> tuple[str, str]:
        """The names as the record shows them: (left column, right column) = (Red's, White's)."""
        return (self.names[COLUMNS[0]], self.names[COLUMNS[1]])

    @property
    def score(self) -> tuple[int, int]:
        """The final score (white, red): the match score, or the money won in total."""
        if self.match is not None:
            return self.match.score
        w = sum(g.points for g in self.games if g.is_over and g.winner is WHITE)
        r = sum(g.points for g in self.games if g.is_over and g.winner is RED)
        return (w, r)


_META = re.compile(r'^\[\s*(?P<key>[A-Za-z][\w ]*?)\s+"(?P<value>.*)"\s*\]$')
_LENGTH = re.compile(r"^\s*(\d+)\s*[Pp]oint\s+[Mm]atch\b")
_GAME = re.compile(r"^\s*Game\s+(\d+)\s*$", re.I)
_SCORE = re.compile(r"^\s*(?P<n0>.*?)\s*:\s*(?P<s0>\d+)\s+(?P<n1>.*?)\s*:\s*(?P<s1>\d+)\s*$")
_NUMBERED = re.compile(r"^\s*(\d+)\)")
_ITEM = re.compile(
    r"(?<![^\s)])(?:[1-6][1-6]:|(?:doubles|double|beavers|beaver|raccoons|raccoon|takes|take|accepts|"
    r"drops|drop|passes|rejects|wins|win|losses|loses|resigns)\b)",
    re.I,
)
_NO_MOVE = {"", "cannot move", "can't move", "cant move", "no move", "no legal move", "dances", "???", "????"}


@dataclass
class _Slot:
    line: int
    player: Player
    text: str


def _split_line(raw: str, lineno: int) -> list[_Slot]:
    m = _NUMBERED.match(raw)
    start = m.end() if m else 0
    body = raw[start:]
    items = list(_ITEM.finditer(body))
    if not items:
        if body.strip():
            raise MatchRecordError(_("cannot read {text}: expected a roll such as '52: 13/8 13/11', "
                                     "'Doubles => 2', 'Takes', 'Drops' or 'Wins 1 point'.").format(
                text=repr(raw.strip())), lineno)
        return []
    before = body[: items[0].start()].strip()
    if before:
        raise MatchRecordError(_("cannot read {part} in {text}.").format(part=repr(before), text=repr(raw.strip())),
                               lineno)
    if len(items) > 2:
        raise MatchRecordError(_("{text} has more than two entries (one per column).").format(text=repr(raw.strip())),
                               lineno)
    texts = []
    for i, it in enumerate(items):
        end = items[i + 1].start() if i + 1 < len(items) else len(body)
        texts.append(body[it.start():end].strip())
    first_col = 1 if start + items[0].start() >= 20 else 0
    if len(items) == 2 and first_col == 1:
        raise MatchRecordError(_("{text}: the left column is empty but two entries follow.").format(
            text=repr(raw.strip())), lineno)
    return [_Slot(lineno, COLUMNS[first_col + i], t) for i, t in enumerate(texts)]


class _Reader:
    def __init__(self, text: str) -> None:
        if text.startswith("\ufeff"):
            text = text[1:]
        self.lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        self.meta: dict[str, str] = {}
        self.comments: list[str] = []
        self.warnings: list[str] = []

    def read(self) -> MatRecord:
        length = None
        i = 0
        n = len(self.lines)
        while i < n:
            line = self.lines[i].strip()
            i += 1
            if not line:
                continue
            if line[0] in ";#":
                body = line[1:].strip()
                mm = _META.match(body)
                if mm:
                    self.meta[mm.group("key")] = mm.group("value")
                elif body:
                    self.comments.append(body)
                continue
            lm = _LENGTH.match(line)
            if not lm:
                raise MatchRecordError(
                    _("expected the match length, such as ' 5 point match', got {text}.").format(text=repr(line)), i
                )
            length = int(lm.group(1))
            break
        if length is None:
            raise MatchRecordError(_("no ' N point match' line: this is not a .mat record."), max(1, n))
        # split into games
        blocks: list[tuple[int, int, list[tuple[int, str]]]] = []  # (game line, number, lines)
        current: list[tuple[int, str]] | None = None
        while i < n:
            raw = self.lines[i]
            i += 1
            s = raw.strip()
            if not s:
                continue
            gm = _GAME.match(s)
            if gm:
                current = []
                blocks.append((i, int(gm.group(1)), current))
                continue
            if s[0] in ";#":
                if current is not None and s[1:].strip().lower().startswith("set pos"):
                    raise MatchRecordError(_("'; Set Pos=' (a game starting from a set-up position) is not supported."), i)
                continue
            if current is None:
                raise MatchRecordError(_("expected ' Game 1' before {text}.").format(text=repr(s)), i)
            current.append((i, raw))
        if not blocks:
            raise MatchRecordError(_("the record has no games (no ' Game 1' line)."), n)
        return self._games(length, blocks)

    def _games(self, length: int, blocks: list[tuple[int, int, list[tuple[int, str]]]]) -> MatRecord:
        names: tuple[str, str] | None = None
        match: Match | None = None
        games: list[Game] = []
        game_lines: list[int] = []
        jacoby = self.meta.get("Jacoby", "Off").strip().lower() in ("on", "yes", "true", "1")
        crawford_rule = self.meta.get("Crawford", "On").strip().lower() not in ("off", "no", "false", "0")
        cube_limit = None
        if "CubeLimit" in self.meta:
            try:
                cube_limit = int(self.meta["CubeLimit"])
                if cube_limit < 1 or cube_limit & (cube_limit - 1):
                    cube_limit = None
            except ValueError:
                cube_limit = None
        money_total = [0, 0]
        for k, (gline, number, lines) in enumerate(blocks):
            if number != k + 1:
                self.warnings.append(_("line {line}: game numbered {number}, expected {expected}.").format(
                    line=gline, number=number, expected=k + 1))
            if not lines:
                raise MatchRecordError(_("Game {number} has no score line.").format(number=number), gline)
            sline, sraw = lines[0]
            sm = _SCORE.match(sraw)
            if not sm or not sm.group("n0") or not sm.group("n1"):
                raise MatchRecordError(
                    _("expected the players and score, such as 'White : 0     Red : 0', got {text}.").format(
                        text=repr(sraw.strip())), sline
                )
            # the left column is Red (GNU Backgammon's player 0), the right column White
            these = (sm.group("n1").strip(), sm.group("n0").strip())
            score = (int(sm.group("s1")), int(sm.group("s0")))
            shown = f"{sm.group('s0')}-{sm.group('s1')}"
            if names is None:
                names = these
            elif these != names:
                if these == (names[1], names[0]):
                    raise MatchRecordError(_("the players changed columns between games; bglearn keeps each "
                                             "player in one column."), sline)
                self.warnings.append(_("line {line}: players named {a} and {b}, earlier {c} and {d}.").format(
                    line=sline, a=repr(these[1]), b=repr(these[0]), c=repr(names[1]), d=repr(names[0])))
            slots: list[_Slot] = []
            for lineno, raw in lines[1:]:
                slots.extend(_split_line(raw, lineno))
            if length:
                if match is None:
                    if max(score) >= length:
                        raise MatchRecordError(_("a score of {score} is impossible in a {length}-point match "
                                                 "still being played.").format(score=shown, length=length), sline)
                    crawford_played = self._crawford_played_before(length, score, crawford_rule, slots, gline)
                    match = Match(length, dice=Dice(0), score=score, crawford_rule=crawford_rule, names=names,
                                  crawford_played=crawford_played, header=self.meta)
                if match.is_over:
                    self.warnings.append(_("line {line}: the match was already over; later games ignored.").format(
                        line=gline))
                    break
                if score != match.score:
                    w, r = match.score
                    raise MatchRecordError(
                        _("the record gives the score as {score}, but the games before make it "
                          "{r}-{w} ({red_name} {r}, {white_name} {w}).").format(
                            score=shown, r=r, w=w, red_name=names[1], white_name=names[0]), sline)
                game = match.new_game(recorded=True)
            else:
                if tuple(money_total) != score and k:
                    self.warnings.append(_("line {line}: money score {score}, the games before give {a}-{b}.").format(
                        line=sline, score=shown, a=money_total[1], b=money_total[0]))
                game = Game(dice=Dice(0), jacoby=jacoby, beavers=True, raccoons=True, max_cube=cube_limit,
                            recorded=True)
            self._replay(game, slots, number)
            games.append(game)
            game_lines.append(gline)
            if not length and game.is_over and game.winner is not None:
                money_total[game.winner] += game.points
        assert names is not None
        return MatRecord(length, names, games, match, self.meta, self.comments, self.warnings, game_lines)

    def _crawford_played_before(self, length: int, score: tuple[int, int], crawford_rule: bool,
                                slots: list[_Slot], gline: int) -> bool:
        """Whether a record that begins mid-match has already had its Crawford game.

        At a score where one side needs one point, the first game of the record is the Crawford game
        unless the Crawford game was played before the record begins (a score such as 6-5 in a
        7-point match is reached either way). GNU Backgammon assumes the Crawford game. A double in
        that first game is allowed only after the Crawford game, so such a record is read as
        post-Crawford (GNU Backgammon marks the game as the Crawford game yet accepts the double)."""
        if not crawford_rule or (score[0] == length - 1) == (score[1] == length - 1):
            return False
        doubles = [sl for sl in slots if sl.text.lower().split()[0] in ("doubles", "double")]
        if not doubles:
            return False
        w, r = score
        self.warnings.append(
            _("line {line}: the record begins at {r}-{w} in a {length}-point match and its first game has a "
              "double (line {double_line}), which the rules allow only after the Crawford game: it is read "
              "as a post-Crawford game (the Crawford game was played before the record begins).").format(
                line=gline, r=r, w=w, length=length, double_line=doubles[0].line)
        )
        return True

    def _replay(self, game: Game, slots: list[_Slot], number: int) -> None:
        unplayed: _Slot | None = None  # a roll written without its play
        for slot in slots:
            word = slot.text.lower().split()[0]
            if unplayed is not None and not (word.startswith(("win", "resign", "los"))):
                roll = game.roll
                example = game.legal_plays()[0].notation if game.legal_plays() else ""
                written = unplayed.text[3:].strip()
                names = {"number": number, "player": unplayed.player.name_text, "roll": roll,
                         "written": repr(written), "example": example}
                raise MatchRecordError(
                    (_("Game {number}: {player} rolled {roll} and wrote {written}, but {roll} can be played (for "
                       "example {example}); a roll without its play may only be followed by a resignation. The "
                       "record leaves out this play.") if written else
                     _("Game {number}: {player} rolled {roll} and no play is written, but {roll} can be played "
                       "(for example {example}); a roll without its play may only be followed by a resignation. "
                       "The record leaves out this play.")).format(**names),
                    unplayed.line,
                )
            unplayed = None
            try:
                if self._apply(game, slot):
                    unplayed = slot
            except MatchRecordError:
                raise
            except BglearnError as exc:
                raise MatchRecordError(_("Game {number}, {player} {text}: {error}").format(
                    number=number, player=slot.player.name_text, text=repr(slot.text), error=exc), slot.line) from None

    def _apply(self, game: Game, slot: _Slot) -> bool:
        """Apply one entry; True when it is a roll written without the play it needs."""
        who, text, line = slot.player, slot.text, slot.line
        low = text.lower()
        if low.startswith(("losses", "loses")):
            # Backgammon Galaxy writes "Losses 1 point" in the loser's column beside "Wins"
            if game.is_over and game.winner == who:
                raise MatchRecordError(_("the record says {player} loses, but {player} won the game.").format(
                    player=who.name_text), line)
            return False
        if game.is_over:
            if low.startswith("win"):
                if game.winner != who:
                    raise MatchRecordError(_("the record says {player} wins, but {winner} won the game.").format(
                        player=who.name_text, winner=game.winner.name_text if game.winner is not None else ""), line)
                m = re.search(r"(\d+)", text)
                # the points the game scores, or (some programs) what the match still needed
                counted = min(game.points, game.length - game.score[who]) if game.length else game.points
                if m and int(m.group(1)) not in (game.points, counted):
                    raise MatchRecordError(ngettext(
                        "the record says {player} wins {n} point, but the game gives {summary}.",
                        "the record says {player} wins {n} points, but the game gives {summary}.",
                        int(m.group(1))).format(player=who.name_text, n=int(m.group(1)), summary=game.summary()), line)
                return False
            raise MatchRecordError(_("the game is already over ({summary}), but the record goes on: {text}.").format(
                summary=game.summary(), text=repr(text)), line)
        if text[:2].isdigit() and text[2:3] == ":":
            roll = Roll(int(text[0]), int(text[1]))
            moves = text[3:].strip()
            if game.phase == "opening":
                if roll.is_double:  # no opening throw recorded: this side simply rolled first
                    game.skip_opening(who)
                else:
                    hi, lo = roll
                    game.start(OpeningRoll(hi, lo) if who is WHITE else OpeningRoll(lo, hi))
            if game.phase == "respond" and game.cube.offer is not None and game.cube.offer.kind == "beaver" \
                    and game.to_act == who:
                game.take(player=who)  # a roll after a beaver: the beaver was taken
            if game.phase == "move":
                if game.turn != who or game.roll != roll:
                    raise MatchRecordError(
                        _("{player} rolls {roll}, but {other} is to play {other_roll}.").format(
                            player=who.name_text, roll=roll, other=game.turn.name_text, other_roll=game.roll), line)
            else:
                game.roll_dice(roll, player=who)  # in any other phase: the GameFlowError saying why not
            if moves.lower().rstrip("?").strip() in _NO_MOVE or moves.lower() in _NO_MOVE:
                if not game.legal_plays():
                    game.play(None, player=who)
                    return False
                return True  # rolled, then resigned, or the record leaves the play out
            try:
                play = parse_play(game.position, roll, moves)
            except BglearnError as exc:
                raise MatchRecordError(_("{player} cannot play {roll} as {moves}: {error}").format(
                    player=who.name_text, roll=roll, moves=repr(moves), error=exc), line) from None
            game.play(play, player=who)
            return False
        word = low.split()[0]
        if word in ("doubles", "double"):
            if game.phase == "respond":
                offer = game.cube.offer
                assert offer is not None
                if offer.kind == "double":
                    game.beaver(player=who)
                else:
                    game.raccoon(player=who)
            else:
                game.double(player=who)
            return False
        if word in ("beavers", "beaver"):
            game.beaver(player=who)
            return False
        if word in ("raccoons", "raccoon"):
            game.raccoon(player=who)
            return False
        if word in ("takes", "take", "accepts"):
            game.take(player=who)
            return False
        if word in ("drops", "drop", "passes", "rejects"):
            game.drop(player=who)
            return False
        if word in ("wins", "win"):
            m = re.search(r"(\d+)", text)
            if not m:
                raise MatchRecordError(_("{text}: how many points?").format(text=repr(text)), line)
            n = int(m.group(1))
            cube = game.cube.value
            kind = ResultKind.SINGLE if n <= cube else ResultKind.GAMMON if n <= 2 * cube else ResultKind.BACKGAMMON
            if game.phase == "resign":
                game.reject_resignation()
            game.resign(kind, player=who.opponent)
            game.accept_resignation(player=who)
            return False
        if word.startswith("resign"):
            return False  # a .gam "resigns" line: the Wins line that follows decides
        raise MatchRecordError(_("cannot read {text}.").format(text=repr(text)), line)  # pragma: no cover - _ITEM guards


def parse_mat(text: str) -> MatRecord:
    """Read ``.mat`` text and replay every game through the engine. Malformed or illegal records
    raise :class:`MatchRecordError` with the line number."""
    if not isinstance(text, str):
        raise MatchRecordError(f"a .mat record is text, got {type(text).__name__}.")
    return _Reader(text).read()


def read_mat(path: str | Path) -> MatRecord:
    """:func:`parse_mat` of a file."""
    p = Path(path)
    try:
        data = p.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        data = p.read_text(encoding="latin-1")
    return parse_mat(data)
