"""A match to N points: the score, the Crawford game, post-Crawford play and the match winner.

>>> from bglearn import Match, Dice
>>> m = Match(5, dice=Dice(seed=1))
>>> game = m.new_game()
>>> m.score, m.crawford, game.crawford
((0, 0), False, False)

Rules (``shared/rules.md``): the first side to reach N points wins; points past N don't count. The
first time either side reaches N − 1, the next game is the Crawford game: nobody may double in it.
Every later game is post-Crawford and the cube works normally again; there is at most one Crawford
game. Gammons and backgammons count (times the cube); the Jacoby rule, beavers and automatic doubles
are never used in a match.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from .dice import Dice
from .errors import GameFlowError
from .i18n import _, ngettext
from .game import Game
from .ids import MatchId, encode_match_id, format_xgid
from .player import RED, WHITE, Player
from .position import Position

__all__ = ["Match"]


class Match:
    """A match to ``length`` points between White and Red.

    ``dice``: the dice all games use (default ``Dice()``); ``score``: start from this score (white,
    red) — for lessons and records that begin mid-match; ``crawford_rule``: play the Crawford rule
    (the default, and what every tournament uses); ``crawford_played``: the Crawford game has already
    been played (for a match started mid-way); ``names``: the players' names (White's, Red's; by
    default the colours, in the current language);
    ``header``: the record's ``[Key "Value"]`` header (site, event, date, transcriber, ...), which
    :func:`~bglearn.records.format_mat` writes back.
    """

    def __init__(
        self,
        length: int,
        dice: Dice | None = None,
        *,
        score: Sequence[int] = (0, 0),
        crawford_rule: bool = True,
        crawford_played: bool | None = None,
        names: Sequence[str] | None = None,
        refuse_dead_cube: bool = False,
        header: Mapping[str, str] | None = None,
    ) -> None:
        if isinstance(length, bool) or not isinstance(length, int) or length < 1:
            raise GameFlowError(_("a match is played to 1 or more points, got {value}.").format(value=repr(length)))
        w, r = (int(x) for x in score)
        if min(w, r) < 0 or max(w, r) >= length:
            raise GameFlowError(
                _("a score of {white}-{red} is not the score of a {length}-point match still being played.").format(
                    white=w, red=r, length=length)
            )
        self.length = length
        self.dice = dice if dice is not None else Dice()
        self.crawford_rule = bool(crawford_rule)
        # GNU Backgammon refuses a double that gains nothing; the rules allow it (shared case S6c).
        self.refuse_dead_cube = bool(refuse_dead_cube)
        if names is None:  # the colours, in the current language
            names = (WHITE.name_text, RED.name_text)
        self.names: tuple[str, str] = (str(names[0]), str(names[1]))
        self.header: dict[str, str] = {str(k): str(v) for k, v in (header or {}).items()}
        self.initial_score: tuple[int, int] = (w, r)
        # A match started mid-way at N-1 for one side plays the Crawford game next unless told
        # it has been played (GNU Backgammon's assumption when it imports a record).
        self._initial_crawford_played = bool(crawford_played)
        self.games: list[Game] = []
        self._crawford_flags: list[bool] = []

    # -- the score ----------------------------------------------------------------------------
    def counted_points(self, index: int) -> int:
        """The points game ``index`` added to the winner's score (capped at the match length)."""
        before = self.score_before(index)
        g = self.games[index]
        if not g.is_over or g.winner is None:
            return 0
        return min(g.points, self.length - before[g.winner])

    def score_before(self, index: int) -> tuple[int, int]:
        """The score (white, red) before game ``index`` (0-based)."""
        w, r = self.initial_score
        for g in self.games[:index]:
            if g.is_over and g.winner is not None:
                if g.winner is WHITE:
                    w = min(self.length, w + g.points)
                else:
                    r = min(self.length, r + g.points)
        return (w, r)

    @property
    def score(self) -> tuple[int, int]:
        """The score now (white, red), counting finished games only; points past N don't count."""
        return self.score_before(len(self.games))

    @property
    def is_over(self) -> bool:
        return max(self.score) >= self.length

    @property
    def winner(self) -> Player | None:
        """The side that reached the match length, if any."""
        w, r = self.score
        if w >= self.length:
            return WHITE
        if r >= self.length:
            return RED
        return None

    def away(self, player: Player) -> int:
        """Points ``player`` still needs."""
        return self.length - self.score[player]

    # -- Crawford -----------------------------------------------------------------------------
    def _crawford_played_before(self, index: int) -> bool:
        return self._initial_crawford_played or any(self._crawford_flags[:index])

    def _is_crawford_next(self) -> bool:
        if not self.crawford_rule or self.is_over:
            return False
        if self._crawford_played_before(len(self.games)):
            return False
        w, r = self.score
        return (w == self.length - 1) != (r == self.length - 1)

    @property
    def current(self) -> Game | None:
        """The game being played (or the last one), ``None`` before the first."""
        return self.games[-1] if self.games else None

    @property
    def crawford(self) -> bool:
        """True when this game (the one in progress, or the next one if none is in progress) is the
        Crawford game."""
        g = self.current
        if g is not None and not g.is_over:
            return self._crawford_flags[-1]
        return self._is_crawford_next()

    @property
    def post_crawford(self) -> bool:
        """True when the Crawford game has been played (later games are post-Crawford)."""
        g = self.current
        n = len(self.games) - 1 if g is not None and not g.is_over else len(self.games)
        return self._crawford_played_before(n)

    # -- games --------------------------------------------------------------------------------
    def new_game(self, **options: Any) -> Game:
        """Start the next game (it throws its opening roll on ``game.start()``). Raises
        :class:`GameFlowError` if a game is still in progress or the match is over. ``options`` go
        to :class:`~bglearn.game.Game` (``position``, ``first``, ``dice``)."""
        if self.is_over:
            raise GameFlowError(_("The match is over: {player} has won {score}.").format(
                player=self.names[self.winner], score=self.score_text()))  # type: ignore[index]
        g = self.current
        if g is not None and not g.is_over:
            raise GameFlowError(_("Game {number} is still being played; finish it first.").format(number=len(self.games)))
        crawford = self._is_crawford_next()
        options.setdefault("dice", self.dice)
        game = Game(crawford=crawford, score=self.score, length=self.length,
                    refuse_dead_cube=self.refuse_dead_cube, **options)
        game.match = self
        self.games.append(game)
        self._crawford_flags.append(crawford)
        return game

    def game_label(self, index: int) -> str:
        """``"Game 3 (Crawford)"`` and the like, 0-based ``index``."""
        if self._crawford_flags[index]:
            return _("Game {number} (Crawford)").format(number=index + 1)
        if self._crawford_played_before(index):
            return _("Game {number} (post-Crawford)").format(number=index + 1)
        return _("Game {number}").format(number=index + 1)

    def score_text(self, score: tuple[int, int] | None = None) -> str:
        w, r = self.score if score is None else score
        return f"{self.names[0]} {w} - {self.names[1]} {r}"

    # -- identifiers --------------------------------------------------------------------------
    def match_id(self) -> str:
        """The GNU Backgammon Match ID of the state now (the game in progress, or the next game
        about to start)."""
        return encode_match_id(self.match_id_fields())

    def match_id_fields(self) -> MatchId:
        g = self.current
        if g is not None and not g.is_over:
            return g.match_id_fields()
        if g is not None and self.is_over:
            f = g.match_id_fields()
            return MatchId(cube_value=f.cube_value, cube_owner=f.cube_owner, on_roll=f.on_roll,
                           crawford=False, game_state="over", acting=f.acting, match_length=self.length,
                           score=self.score)
        return MatchId(game_state="none", match_length=self.length, score=self.score,
                       crawford=self._is_crawford_next())

    def xgid(self) -> str:
        """The XGID of the state now (the game in progress, or the start of the next game)."""
        g = self.current
        if g is not None and (not g.is_over or self.is_over):
            return g.xgid()
        return format_xgid(Position(), score=self.score if not self.is_over else (0, 0),
                           crawford=self._is_crawford_next(), match_length=self.length)

    def summary(self) -> str:
        """One sentence for a learner, in the current language: the length, the score and whether
        the match is over or in its Crawford game."""
        if self.is_over:
            text = ngettext("Match to {length} point: {score}; the match is over.",
                            "Match to {length} points: {score}; the match is over.", self.length)
        elif self.crawford:
            text = ngettext("Match to {length} point: {score}; this is the Crawford game.",
                            "Match to {length} points: {score}; this is the Crawford game.", self.length)
        else:
            text = ngettext("Match to {length} point: {score}, in progress.",
                            "Match to {length} points: {score}, in progress.", self.length)
        return text.format(length=self.length, score=self.score_text())

    def __str__(self) -> str:
        return self.summary()

    def __repr__(self) -> str:
        state = "over" if self.is_over else ("Crawford game" if self.crawford else "playing")
        return f"<Match to {self.length}: {self.score_text()} ({state})>"
