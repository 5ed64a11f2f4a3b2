"""Reading what a student wrote: plain Python values turned into the shapes the questions expect.

These helpers only *read* an answer (a yes/no, a number, a list of points or plays, a colour); whether
the answer is right is always decided by the engine in :mod:`bglearn.exercises.questions`. Each raises
:class:`AnswerFormatError` with a sentence that says how to write the answer.

>>> from bglearn.exercises.answers import as_int_list, as_player
>>> as_int_list(6), as_int_list([6, 8]), as_player("red")
([6], [6, 8], RED)
"""

from __future__ import annotations

import json
from typing import Any, Callable, Mapping

from ..errors import BglearnError
from ..i18n import _, pgettext
from ..position import Player

__all__ = ["AnswerFormatError", "SpecError", "MISSING", "as_bool", "as_int", "as_int_list", "as_text_list", "as_player", "show_answer",
           "ANSWER_MIME", "MAX_ANSWER_CHARS", "answer_bundle", "saved_answers", "plain_value"]

ANSWER_MIME = "application/vnd.bglearn.answer+json"
"""The mimetype of the output an answer widget keeps in its cell: ``{"version": 1, "question": n,
"answer": value}``. JupyterLab saves it with the notebook, so the answer given with a widget is in the
file the student hands in; :func:`saved_answers` reads it back."""

MAX_ANSWER_CHARS = 20_000
"""The largest saved answer (its JSON text) that is read; anything longer is ignored."""

def _answer_words(pgettext: Callable[[str, str], str]) -> dict[str, str]:
    # Each entry lists the words a learner may type for one keyword answer, separated by "|". A
    # translation lists that language's words (English words are always accepted as well). Called
    # with the catalog's pgettext, or with one that keeps the English.
    return {
        "yes": pgettext("answer words", "yes|y|true|t|1"),
        "no": pgettext("answer words", "no|n|false|f|0"),
        "white": pgettext("answer words", "white|w|o"),
        "red": pgettext("answer words", "red|r|x"),
        "none": pgettext("answer words", "none|no play|pass|nowhere|empty|-|no legal play|(no legal play)|"
                                         "can't move|cannot move|no move"),
        "empty": pgettext("answer words", "empty|none|nobody|no one"),
        "neither": pgettext("answer words", "neither|nobody|none|tie|again|throw again|reroll|re-roll|"
                                            "neither: throw again"),
        "single": pgettext("answer words", "single|single game|1"),
        "gammon": pgettext("answer words", "gammon|2"),
        "backgammon": pgettext("answer words", "backgammon|3"),
    }


_ENGLISH_WORDS: dict[str, frozenset[str]] | None = None


def is_word(value: Any, key: str) -> bool:
    """``value`` is text a learner may type for the keyword answer ``key`` (``"yes"``, ``"no"``,
    ``"white"``, ``"red"``, ``"none"``, ``"empty"``, ``"neither"``, ``"single"``, ``"gammon"``,
    ``"backgammon"``): its English words or those of the language messages are shown in, in any case.

    >>> is_word(" White ", "white"), is_word("gammon.", "gammon"), is_word("maybe", "yes")
    (True, True, False)
    """
    global _ENGLISH_WORDS
    if not isinstance(value, str):
        return False
    word = " ".join(value.strip().lower().rstrip(".!").split())
    if _ENGLISH_WORDS is None:
        _ENGLISH_WORDS = {k: frozenset(_split(v)) for k, v in _answer_words(lambda context, msg: msg).items()}
    return word in _ENGLISH_WORDS[key] or word in _split(_answer_words(pgettext)[key])


def _split(words: str) -> list[str]:
    return [w.strip().lower() for w in words.split("|") if w.strip()]


class AnswerFormatError(BglearnError):
    """An answer written in a shape the question cannot read (the message says how to write it)."""


class SpecError(AnswerFormatError):
    """A question description (``metadata.bglearn`` / the handout's setup cell) that cannot be read."""


class _Missing:
    def __repr__(self) -> str:
        return "<no answer>"


MISSING: Any = _Missing()
"""Stands for an answer variable that was never assigned."""


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
    if is_word(value, "yes"):
        return True
    if is_word(value, "no"):
        return False
    raise AnswerFormatError(_("answer True or False (or \"yes\"/\"no\"), not {answer}.").format(answer=show_answer(value)))


def as_int(value: Any) -> int:
    """A whole number (an int, or text such as ``"4"``)."""
    if isinstance(value, bool):
        raise AnswerFormatError(_("answer a whole number such as 4, not {answer}.").format(answer=repr(value)))
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().lstrip("+-").isdigit():
        return int(value.strip())
    raise AnswerFormatError(_("answer a whole number such as 4, not {answer}.").format(answer=show_answer(value)))


def _point_number(item: Any) -> int:
    if isinstance(item, str):
        text = item.strip().lower()
        if text.startswith("bar/"):
            text = text[4:].rstrip("*")
        if text.isdigit():
            return int(text)
        raise AnswerFormatError(_("{item} is not a point: write point numbers such as 22 (or \"bar/22\").").format(
            item=repr(item)))
    return as_int(item)


def as_int_list(value: Any) -> list[int]:
    """A list of point numbers: one number, a list/tuple/set of numbers, or ``[]``/``"none"`` for none."""
    if isinstance(value, str) and (not value.strip() or is_word(value, "none")):
        return []
    if isinstance(value, (list, tuple, set, frozenset)):
        return sorted(_point_number(v) for v in value)
    return [_point_number(value)]


def as_text_list(value: Any) -> list[str]:
    """A list of plays as text: one play as a string, or a list/tuple/set of strings (``[]`` for none)."""
    if isinstance(value, str):
        return [] if (not value.strip() or is_word(value, "none")) else [value]
    if isinstance(value, (list, tuple, set, frozenset)):
        out = []
        for v in value:
            if not isinstance(v, str):
                raise AnswerFormatError(_("write each play as text in quotes, such as \"24/18 13/11\"; {answer} is "
                                          "not text.").format(answer=show_answer(v)))
            out.append(v)
        return out
    raise AnswerFormatError(_("write a list of plays as text, such as [\"24/18 13/11\", \"24/21 13/8\"], not "
                              "{answer}.").format(answer=show_answer(value)))


def as_player(value: Any) -> Player:
    """A colour: ``"White"``/``"Red"`` (any case) or ``WHITE``/``RED``."""
    if isinstance(value, Player):
        return value
    if is_word(value, "white"):
        return Player.WHITE
    if is_word(value, "red"):
        return Player.RED
    raise AnswerFormatError(_("answer \"White\" or \"Red\", not {answer}.").format(answer=show_answer(value)))


def plain_value(value: Any, *, _depth: int = 0) -> Any:
    """``value`` as plain JSON data (text, whole numbers, True/False, None, lists, dicts with text
    keys); tuples and sets become lists. Raises :class:`AnswerFormatError` for anything else."""
    if _depth > 8:
        raise AnswerFormatError(_("the answer is nested too deeply."))
    if isinstance(value, Player):  # before int: a Player is an int enum
        # language-neutral ("White"/"Red"), never str(value): that is translated, and stored question
        # parameters must read back with as_player() in every language
        return "White" if value is Player.WHITE else "Red"
    if value is None or isinstance(value, (bool, int, str)):
        return value if type(value) in (bool, int, str, type(None)) else (int(value) if isinstance(value, int) else str(value))
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, (list, tuple)):
        return [plain_value(v, _depth=_depth + 1) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((plain_value(v, _depth=_depth + 1) for v in value), key=repr)
    if isinstance(value, Mapping):
        return {str(k): plain_value(v, _depth=_depth + 1) for k, v in value.items()}
    raise AnswerFormatError(_("{answer} is not a plain answer (text, a number, a list...).").format(
        answer=show_answer(value)))


def answer_bundle(number: int, value: Any) -> dict[str, Any]:
    """The output data an answer widget shows in its cell for ``value``, the answer to question
    ``number``: the machine-readable :data:`ANSWER_MIME` part the grader reads, and the plain text
    ``Your answer to question n: ...`` a person reads (in the notebook and in the saved file)."""
    data = plain_value(value)
    text = _("(none yet)") if data is None else show_answer(value, 300)
    return {ANSWER_MIME: {"version": 1, "question": int(number), "answer": data},
            "text/plain": _("Your answer to question {n}: {answer}").format(n=number, answer=text)}


def _payload(data: Any) -> tuple[int, Any] | None:
    if isinstance(data, str):  # a notebook written by hand may keep the JSON as text
        if len(data) > MAX_ANSWER_CHARS:
            return None
        try:
            data = json.loads(data)
        except ValueError:
            return None
    if not isinstance(data, dict) or data.get("version") != 1:
        return None
    n = data.get("question")
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 999:
        return None
    try:
        size = len(json.dumps(data.get("answer")))
    except (TypeError, ValueError, RecursionError):
        return None
    if size > MAX_ANSWER_CHARS:
        return None
    return n, data.get("answer")


def saved_answers(nb: Any) -> dict[int, Any]:
    """The answers a student gave with the answer widgets, as saved in the notebook ``nb`` (a dict or
    :class:`nbformat.NotebookNode`): ``{question number: answer}``, the answer as plain JSON data.

    Each answer widget keeps an output of mimetype :data:`ANSWER_MIME` in its cell, updated on every
    answer, so the saved file holds the latest one; when several outputs answer the same question the
    last one in the notebook wins. Unanswered widgets (``answer`` ``None``), malformed outputs and
    answers longer than :data:`MAX_ANSWER_CHARS` are left out. Never raises for a malformed notebook."""
    found: dict[int, Any] = {}
    cells = nb.get("cells") if isinstance(nb, Mapping) else None
    if not isinstance(cells, list):
        return found
    for cell in cells:
        if not isinstance(cell, Mapping) or cell.get("cell_type") != "code":
            continue
        outputs = cell.get("outputs")
        if not isinstance(outputs, list):
            continue
        for out in outputs:
            data = out.get("data") if isinstance(out, Mapping) else None
            if not isinstance(data, Mapping) or ANSWER_MIME not in data:
                continue
            got = _payload(data[ANSWER_MIME])
            if got is None:
                continue
            n, value = got
            if value is None:
                found.pop(n, None)
            else:
                found[n] = value
    return found
