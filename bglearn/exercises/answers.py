"""Reading what a student wrote: plain Python values turned into the shapes the questions expect.

These helpers only *read* an answer (a yes/no, a number, a list of points or plays, a colour); whether
the answer is right is always decided by the engine in :mod:`bglearn.exercises.questions`. Each raises
:class:`AnswerFormatError` with a sentence that says how to write the answer.
"""

from __future__ import annotations

from typing import Any

from ..errors import BglearnError
from ..position import Player

__all__ = ["AnswerFormatError", "as_bool", "as_int", "as_int_list", "as_text_list", "as_player", "show_answer"]

_YES = {"yes", "y", "true", "t", "1", "oui", "ja"}
_NO = {"no", "n", "false", "f", "0", "non", "nein"}
_NONE_WORDS = {"none", "no play", "pass", "nowhere", "empty", "-", "no legal play", "(no legal play)",
               "can't move", "cannot move", "no move"}


class AnswerFormatError(BglearnError):
    """An answer written in a shape the question cannot read (the message says how to write it)."""


def show_answer(value: Any, limit: int = 120) -> str:
    """A short printable form of an answer, for feedback."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def as_bool(value: Any) -> bool:
    """``True``/``False`` (also ``"yes"``/``"no"``)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        word = value.strip().lower().rstrip(".!")
        if word in _YES:
            return True
        if word in _NO:
            return False
    raise AnswerFormatError(f"answer True or False (or \"yes\"/\"no\"), not {show_answer(value)}.")


def as_int(value: Any) -> int:
    """A whole number (an int, or text such as ``"4"``)."""
    if isinstance(value, bool):
        raise AnswerFormatError(f"answer a whole number such as 4, not {value!r}.")
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().lstrip("+-").isdigit():
        return int(value.strip())
    raise AnswerFormatError(f"answer a whole number such as 4, not {show_answer(value)}.")


def _point_number(item: Any) -> int:
    if isinstance(item, str):
        text = item.strip().lower()
        if text.startswith("bar/"):
            text = text[4:].rstrip("*")
        if text.isdigit():
            return int(text)
        raise AnswerFormatError(f"{item!r} is not a point: write point numbers such as 22 (or \"bar/22\").")
    return as_int(item)


def as_int_list(value: Any) -> list[int]:
    """A list of point numbers: one number, a list/tuple/set of numbers, or ``[]``/``"none"`` for none."""
    if isinstance(value, str) and value.strip().lower() in _NONE_WORDS | {""}:
        return []
    if isinstance(value, (list, tuple, set, frozenset)):
        return sorted(_point_number(v) for v in value)
    return [_point_number(value)]


def as_text_list(value: Any) -> list[str]:
    """A list of plays as text: one play as a string, or a list/tuple/set of strings (``[]`` for none)."""
    if isinstance(value, str):
        return [] if value.strip().lower() in _NONE_WORDS | {""} else [value]
    if isinstance(value, (list, tuple, set, frozenset)):
        out = []
        for v in value:
            if not isinstance(v, str):
                raise AnswerFormatError(
                    f"write each play as text in quotes, such as \"24/18 13/11\"; {show_answer(v)} is not text."
                )
            out.append(v)
        return out
    raise AnswerFormatError(
        f"write a list of plays as text, such as [\"24/18 13/11\", \"24/21 13/8\"], not {show_answer(value)}."
    )


def as_player(value: Any) -> Player:
    """A colour: ``"White"``/``"Red"`` (any case) or ``WHITE``/``RED``."""
    if isinstance(value, Player):
        return value
    if isinstance(value, str):
        word = value.strip().lower()
        if word in ("white", "w", "o"):
            return Player.WHITE
        if word in ("red", "r", "x"):
            return Player.RED
    raise AnswerFormatError(f"answer \"White\" or \"Red\", not {show_answer(value)}.")
