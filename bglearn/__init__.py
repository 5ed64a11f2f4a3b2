"""bglearn — learn and teach the rules of backgammon in Jupyter.

>>> from bglearn import Position, legal_plays, explain
>>> p = Position()                       # the starting position, White on roll
>>> [play.notation for play in legal_plays(p, "31")][:3]
['24/23 24/21', '24/23 13/10', '24/23 8/5']
>>> explain(p, "31", "8/5 6/5").legal
True

The rules engine (positions, dice, plays, notation, explanations) imports nothing from Jupyter;
drawing and widgets load only when first used.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .dice import ALL_ROLLS, Dice, OpeningRoll, Roll
from .errors import (
    BglearnError,
    CubeActionError,
    GameFlowError,
    IllegalPlayError,
    InvalidPositionError,
    MatchRecordError,
    NotationError,
)
from .verdicts import Reason, Verdict, explain, legal_continuations, parse_play
from .i18n import current_language, set_language
from .plays import BAR, OFF, Move, Play, legal_plays
from .position import RED, WHITE, Player, Position
from .result import GameResult, ResultKind, game_result, points_won
from .variants import REGISTRY, find_variant

if TYPE_CHECKING:  # what the lazy names below are, for type checkers (nothing is imported at run time)
    from .cube import Cube as Cube
    from .game import Game as Game
    from .match import Match as Match
    from .svg import render as render
    from .variants.long_nardy import LongNardyPosition as LongNardyPosition
    from .widgets import BoardWidget as BoardWidget

__version__ = "0.1.0"

# Names served from modules that load only when first asked for (drawing, widgets, games).
_LAZY = {
    "render": "bglearn.svg",
    "Cube": "bglearn.cube",
    "Game": "bglearn.game",
    "Match": "bglearn.match",
    "BoardWidget": "bglearn.widgets",
}
# Every other registered game's position class, by its class name (bglearn.LongNardyPosition): bglearn.variants.
_GAMES = {cls: module for module, _sep, cls in (ref.partition(":") for ref in REGISTRY.values()) if cls != "Position"}
_LAZY.update(_GAMES)

__all__ = [
    "ALL_ROLLS", "BAR", "OFF", "Dice", "OpeningRoll", "Roll", "Move", "Play", "Player", "Position",
    "RED", "WHITE", "legal_plays", "explain", "legal_continuations", "parse_play", "Reason", "Verdict",
    "GameResult", "ResultKind", "game_result", "points_won", "BglearnError", "CubeActionError", "GameFlowError",
    "IllegalPlayError", "InvalidPositionError", "MatchRecordError", "NotationError",
    "set_language", "current_language", "find_variant", *_GAMES,
]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        value = getattr(import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'bglearn' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
