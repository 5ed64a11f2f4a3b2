"""The exceptions bglearn raises.

Every error a learner or teacher can provoke by bad input is a subclass of :class:`ValueError`
whose message is a plain sentence naming the problem.

Every error bglearn raises is a :class:`BglearnError` (a ``ValueError``) whose message names the problem:

>>> from bglearn import BglearnError, NotationError, Roll
>>> try:
...     Roll.parse("7-1")
... except BglearnError as exc:
...     print(type(exc).__name__, exc)
NotationError '7-1' is not a roll: write two dice 1-6, such as '31' or '6-6'.
"""

from __future__ import annotations

__all__ = [
    "BglearnError",
    "InvalidPositionError",
    "NotationError",
    "IllegalPlayError",
    "CubeActionError",
    "GameFlowError",
    "MatchRecordError",
]


class BglearnError(ValueError):
    """Base class of every bglearn error caused by bad input."""


class InvalidPositionError(BglearnError):
    """A position breaks a rule of the board: wrong checker count, shared point, negative count."""


class NotationError(BglearnError):
    """Text (move notation, Position ID, Match ID, XGID) could not be read; the message names the bad part."""


class IllegalPlayError(BglearnError):
    """A play that the rules forbid; ``verdict`` holds the engine's explanation when there is one."""

    def __init__(self, message: str, verdict: object | None = None) -> None:
        super().__init__(message)
        self.verdict = verdict


class CubeActionError(BglearnError):
    """A doubling-cube action that the rules forbid at this moment; the message names the rule."""


class GameFlowError(BglearnError):
    """An action taken out of turn or at the wrong moment of a game (rolling twice, moving before rolling)."""


class MatchRecordError(BglearnError):
    """A match record (``.mat`` text) that could not be read; the message gives the line number."""

    def __init__(self, message: str, line: int | None = None) -> None:
        from .i18n import _

        super().__init__(_("line {line}: {message}").format(line=line, message=message) if line is not None
                         else message)
        self.line = line
