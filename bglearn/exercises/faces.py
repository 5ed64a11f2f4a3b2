"""What a student's side knows about an exercise question: its position, its kind and its answer
form — never its answer.

A :class:`Face` is read from a question description (:func:`read_spec`: the ``kind``, ``xgid`` or
written-out position, ``points`` and ``params`` a handout's setup cell carries) and offers exactly
what showing and answering need: the diagram, the answer control (:data:`SHAPES`: form, hint,
placeholder; :meth:`Face.answer_choices`), the board an answer can be clicked on, and the *reading*
of an answer (:data:`READERS`: is it a play, a number, True/False, ...). Reading never judges: no
function here asks the engine whether an answer is right, and this module imports no module that
could (:mod:`bglearn.exercises.questions` builds its judges on top of it). An assessment handout's
process holds faces only (:mod:`bglearn.exercises.handout`).

>>> face = read_spec({"kind": "make-play", "xgid": "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10",
...                   "points": 1, "rules": ["DICE_NOT_FULLY_USED"]})
>>> face.form, face.roll, face.problem("8/5 6/5"), face.problem("8/5 6/")
('play', Roll(3, 1), None, "'6/' has an empty point between '/' signs.")
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Mapping, Protocol

from ..dice import Roll
from ..errors import NotationError
from ..i18n import N_, _, ngettext
from ..notation import parse_moves
from ..position import Player, Position
from .answers import (
    MAX_ANSWER_CHARS,
    MISSING,
    AnswerFormatError,
    SpecError,
    as_bool,
    as_int,
    as_int_list,
    as_player,
    as_text_list,
    is_word,
    plain_value,
    show_answer,
)
from .feedback import Feedback

if TYPE_CHECKING:  # pragma: no cover
    from ..svg import Diagram

__all__ = ["Shape", "SHAPES", "READERS", "Face", "read_spec", "Answerable", "unanswered", "problem", "receipt",
           "LETTERS", "NEITHER", "XGID_FIELDS", "PLAYER_FIELDS", "position_spec", "empty_tray", "parse_layout"]

LETTERS = "ABCDEFGH"
"""The letters of a pick-the-play question's options."""

NEITHER = "neither"
"""The answer to an opening throw with equal dice: nobody starts, both throw again."""

XGID_FIELDS = ("position", "points", "roll", "cube", "cube_owner", "jacoby", "match_length", "score", "crawford")
"""The fields of a question its XGID (or written-out position) carries rather than its ``params``."""

PLAYER_FIELDS = ("side", "numbering", "player", "doubler")
"""Parameters that name a side (stored as ``"White"``/``"Red"``)."""


@dataclass(frozen=True)
class Shape:
    """How a kind of question is answered: the ``form`` of its control (``"play"``, ``"plays"``,
    ``"choice"``, ``"points"``, ``"number"``, ``"text"``), the ``answer_hint`` and ``answer_example``
    shown beside ``answer_<n> = ...`` and the text box's ``placeholder`` ("" for the form's default)."""

    form: str
    answer_hint: str
    answer_example: str
    placeholder: str = ""


_BOOL = N_("`True` or `False`")
_NUMBER = N_("a whole number")

SHAPES: dict[str, Shape] = {
    "list-plays": Shape("plays", N_("a list of plays as text (`[]` if there is no legal play)"),
                        '["24/18 13/11", "13/7 13/11"]'),
    "pick-play": Shape("choice", N_("the letter of your choice, as text"), '"B"'),
    "make-play": Shape("play", N_('a play as text (`"no play"` if the turn is lost)'), '"24/18 13/11"'),
    "entry-points": Shape("points", N_("a list of point numbers in your own numbering (`[]` if it can't enter)"),
                          "[22, 20]"),
    "may-bear-off": Shape("choice", _BOOL, "True"),
    "points-won": Shape("number", _NUMBER, "2"),
    "drop-points": Shape("number", _NUMBER, "1"),
    "result-kind": Shape("choice", N_('"single", "gammon" or "backgammon"'), '"gammon"'),
    "may-double": Shape("choice", _BOOL, "False"),
    "set-up": Shape("text", N_("a dict `{point: count}` (or text such as `\"3:1 10:2\"`)"), "{3: 1, 10: 2}",
                    N_("point:count pairs, e.g. 3:1 10:2")),
    "point-owner": Shape("text", N_('a colour and a count, such as `("Red", 5)`, or `"empty"`'), '("Red", 5)',
                         N_("a colour and a count, e.g. Red 5 (or: empty)")),
    "pip-count": Shape("number", _NUMBER, "150"),
    "opening-starter": Shape("choice", N_('"White", "Red" or "neither"'), '"Red"'),
    "game-points": Shape("number", _NUMBER, "4"),
    "play-hits": Shape("number", _NUMBER, "1"),
}
"""Every exercise question kind's answer shape (the question classes take theirs from here)."""


# -- reading answers (never judging them) -------------------------------------------------------

def _play_text(text: str) -> str:
    """``text`` if it is written as a play, ``""`` (the empty play) for "no play" in any of its words and
    languages; :class:`AnswerFormatError` otherwise."""
    if is_word(text, "none"):
        return ""
    try:
        parse_moves(text)
    except NotationError as exc:
        raise AnswerFormatError(str(exc)) from None
    return text


def read_plays(answer: Any, face: "Face") -> list[str]:
    """A list of plays, each written as a play (``[]`` or ``"none"`` for none)."""
    texts = as_text_list(answer)
    return [_play_text(text) for text in texts[:50]] + texts[50:]


def read_play(answer: Any, face: "Face") -> str:
    """One play as text (``"no play"`` when the roll cannot be played)."""
    if not isinstance(answer, str):
        raise AnswerFormatError(_("write the play as text, such as \"24/18 13/11\", not {answer}.").format(
            answer=show_answer(answer)))
    if len(answer) > 200:
        raise AnswerFormatError(_("a play is at most four moves; that text is far too long."))
    return _play_text(answer)


def _same_text(a: str, b: str) -> bool:
    return " ".join(a.lower().split()) == " ".join(b.lower().split())


def read_choice(answer: Any, face: "Face") -> int | str:
    """The option chosen: its index (a letter ``"B"``, ``"b)"``, a number 1-4, the option's own text
    or its label ``"B: 13/7 8/7"``), or — for a play written another way — the play's text, which the
    question matches against its options."""
    options = list(face.get("options", ()))
    letters = LETTERS[: len(options)]
    if isinstance(answer, int) and not isinstance(answer, bool) and 1 <= answer <= len(options):
        return answer - 1
    if isinstance(answer, str):
        word = answer.strip()
        for i, text in enumerate(options):
            if _same_text(word, text):
                return i
        m = re.fullmatch(r"\(?\s*([A-Ha-h])\s*(?:[).:]\s*(.*))?", word, re.S)
        if m and m.group(1).upper() in letters:
            i = letters.index(m.group(1).upper())
            rest = m.group(2)
            if not rest or _same_text(rest, options[i]):
                return i
        try:
            if parse_moves(word):
                return word
        except NotationError:
            pass
    raise AnswerFormatError(_("answer one of the letters {letters} (as text, e.g. \"B\"), not {answer}.").format(
        letters=", ".join(letters), answer=show_answer(answer)))


def read_points(answer: Any, face: "Face") -> list[int]:
    """A list of point numbers (sorted, each once)."""
    return sorted(set(as_int_list(answer)))


def read_bool(answer: Any, face: "Face") -> bool:
    return as_bool(answer)


def read_int(answer: Any, face: "Face") -> int:
    return as_int(answer)


RESULT_WORDS = ("single", "gammon", "backgammon")


def _own_words(position: Position) -> list[tuple[str, ...]]:
    """The names of a game's kinds of win when it has its own (Long Nardy: oin, mars), in the language
    messages are shown in and in English; ``[]`` for backgammon's single, gammon, backgammon."""
    from ..i18n import using_language

    if position.result_words(1) is None:
        return []
    names = []
    for kind in range(1, position.max_result + 1):
        here = position.result_words(kind)
        with using_language("en"):
            english = position.result_words(kind)
        names.append(tuple(" ".join(w[0].lower().split()) for w in (here, english) if w is not None))
    return names


def read_result_kind(answer: Any, face: "Face") -> int:
    """1, 2 or 3 for "single", "gammon", "backgammon" (in any language the messages are shown in); in a
    game with words of its own (Long Nardy), its words too: 1 for "oin", 2 for "mars"."""
    text = str(answer) if isinstance(answer, (str, int)) and not isinstance(answer, bool) else None
    own = _own_words(face.position)
    if own and text is not None:
        word = " ".join(text.strip().lower().rstrip(".!").split())
        said = next((kind for kind, names in enumerate(own, 1) if word in names), None)
        if said is not None:
            return said
    said = next((kind for kind, key in enumerate(RESULT_WORDS[: len(own) or 3], 1) if is_word(text, key)), None)
    if said is None:
        if own:
            raise AnswerFormatError(_("answer {words}, not {answer}.").format(
                words=" / ".join(f'"{names[0]}"' for names in own), answer=show_answer(answer)))
        raise AnswerFormatError(_('answer "single", "gammon" or "backgammon", not {answer}.').format(
            answer=show_answer(answer)))
    return said


def parse_layout(text: str) -> dict[int, int]:
    """``"24:2 13:5"`` / ``"24=2, 13=5"`` / ``"{24: 2, 13: 5}"`` as a dict (the widget's typed form)."""
    body = text.strip().strip("{}")
    out: dict[int, int] = {}
    for part in re.split(r"[,;\s]+(?=\d+\s*[:=])", body):
        part = part.strip().rstrip(",;")
        if not part:
            continue
        m = re.fullmatch(r"(\d+)\s*[:=]\s*(\d+)", part)
        if not m:
            raise AnswerFormatError(_("write point:count pairs such as \"3:1 10:2\", not {part}.").format(part=repr(part)))
        out[int(m.group(1))] = out.get(int(m.group(1)), 0) + int(m.group(2))
    return out


def read_layout(answer: Any, face: "Face") -> dict[int, int]:
    """``{point: count}`` with every point 1-24 and no empty entries."""
    if isinstance(answer, str):
        answer = parse_layout(answer)
    if not isinstance(answer, dict):
        raise AnswerFormatError(_("write a dict such as {example}, not {answer}.").format(
            example="{3: 1, 10: 2}", answer=show_answer(answer)))
    mine: dict[int, int] = {}
    for k, v in list(answer.items())[:30]:
        p = as_int(k)
        if not 1 <= p <= 24:
            raise AnswerFormatError(_("there is no point {n}; points are 1-24.").format(n=p))
        mine[p] = mine.get(p, 0) + as_int(v)
    return {p: n for p, n in mine.items() if n}


def read_owner(answer: Any, face: "Face") -> tuple[Player, int] | None:
    """``(colour, count)`` or ``None`` for "empty"."""
    if is_word(answer, "empty"):
        return None
    if isinstance(answer, str):
        parts = answer.replace(",", " ").split()
    elif isinstance(answer, (tuple, list)):
        parts = list(answer)
    else:
        raise AnswerFormatError(_('answer like ("Red", 5) or "empty", not {answer}.').format(answer=show_answer(answer)))
    if len(parts) != 2:
        raise AnswerFormatError(_('answer a colour and a count, like ("Red", 5), not {answer}.').format(
            answer=show_answer(answer)))
    a, b = parts
    try:
        return as_player(a), as_int(b)
    except AnswerFormatError:
        return as_player(b), as_int(a)


def read_starter(answer: Any, face: "Face") -> Player | None:
    """The side that starts, or ``None`` for "neither"."""
    return None if is_word(answer, "neither") else as_player(answer)


READERS: dict[str, Callable[[Any, "Face"], Any]] = {
    "list-plays": read_plays, "pick-play": read_choice, "make-play": read_play, "entry-points": read_points,
    "may-bear-off": read_bool, "points-won": read_int, "drop-points": read_int, "result-kind": read_result_kind,
    "may-double": read_bool, "set-up": read_layout, "point-owner": read_owner, "pip-count": read_int,
    "opening-starter": read_starter, "game-points": read_int, "play-hits": read_int,
}
"""How each kind's answer is read (the question judges what its reader returns)."""


# -- feedback that says nothing about rightness --------------------------------------------------

class Answerable(Protocol):
    """What :func:`problem` and :func:`receipt` need of a question or a face."""

    @property
    def points(self) -> int: ...

    @property
    def answer_hint(self) -> str: ...

    @property
    def answer_example(self) -> str: ...

    def read(self, answer: Any) -> Any: ...


def is_blank(answer: Any) -> bool:
    """True for no answer at all (never assigned, ``None`` or ``...``)."""
    return answer is MISSING or answer is None or answer is Ellipsis


def unanswered(item: Answerable, answer: Any, number: int) -> Feedback:
    """The feedback for no answer yet: how to write one."""
    how = _("Answer with the form, or in Python as {how}, for example `{example}`.").format(
        how=_(item.answer_hint), example=item.answer_example)
    return Feedback(number, False, 0, item.points, _("Not answered yet.") + " " + how, answered=False,
                    answer="" if answer is MISSING else show_answer(answer))


def problem(item: Answerable, answer: Any) -> str | None:
    """Why ``answer`` cannot be read (how to write it), or ``None`` when it is well formed. Says
    nothing about whether it is right."""
    if is_blank(answer):
        return _("there is no answer yet: write {how}.").format(how=_(item.answer_hint))
    try:
        if len(json.dumps(plain_value(answer))) > MAX_ANSWER_CHARS:
            return ngettext("it is far too long (more than {n} character).",
                            "it is far too long (more than {n} characters).", MAX_ANSWER_CHARS).format(n=MAX_ANSWER_CHARS)
        item.read(answer)
    except AnswerFormatError as exc:
        return str(exc)
    except RecursionError:
        return _("it refers to itself.")
    return None


def receipt(item: Answerable, answer: Any = MISSING, number: int = 0) -> Feedback:
    """Assessment mode: whether ``answer`` is well formed, and nothing about whether it is right
    (``recorded`` feedback, 0 points; the grade comes with the grader's feedback file)."""
    if is_blank(answer):
        return unanswered(item, answer, number)
    why = problem(item, answer)
    if why is not None:
        return Feedback(number, False, 0, item.points, _("Your answer {answer} can't be read: {why}").format(
            answer=show_answer(answer), why=why), answer=show_answer(answer), recorded=True)
    return Feedback(number, False, 0, item.points,
                    _("Recorded {answer}: it is well formed. Your grade comes with the feedback after "
                      "grading.").format(answer=show_answer(answer)), answer=show_answer(answer), recorded=True)


# -- the face of a question ------------------------------------------------------------------------

_ROLL_KINDS = frozenset({"list-plays", "pick-play", "make-play", "entry-points", "may-bear-off", "play-hits"})
_SCORING_KINDS = frozenset({"points-won", "drop-points", "result-kind", "may-double"})


@dataclass(frozen=True)
class Face:
    """A question as the student's side holds it: ``kind``, ``position``, ``points``, the ``rules`` its
    description names and its parameters (``fields``: the dice as ``roll``, the cube, the options of a
    pick-the-play question, the point asked about, ...). It draws itself, offers its answer control
    and reads answers; it has no answer and no way to judge one."""

    kind: str
    position: Position
    points: int = 1
    fields: Mapping[str, Any] = field(default_factory=dict)
    named_rules: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in SHAPES:
            raise SpecError(_("unknown question kind {kind}; known: {kinds}.").format(
                kind=repr(self.kind), kinds=", ".join(SHAPES)))

    def get(self, name: str, default: Any = None) -> Any:
        """The parameter ``name`` (``default`` when the question has none)."""
        return self.fields.get(name, default)

    @property
    def shape(self) -> Shape:
        return SHAPES[self.kind]

    @property
    def form(self) -> str:
        return self.shape.form

    @property
    def answer_hint(self) -> str:
        return self.shape.answer_hint

    @property
    def answer_example(self) -> str:
        return self.shape.answer_example

    @property
    def placeholder(self) -> str:
        return self.shape.placeholder

    @property
    def roll(self) -> Roll | None:
        roll = self.get("roll")
        return roll if isinstance(roll, Roll) else None

    def rules(self) -> tuple[str, ...]:
        """The rules the handout names (never telling the answer)."""
        return self.named_rules

    # -- answering -----------------------------------------------------------------------------
    def read(self, answer: Any) -> Any:
        """``answer`` read into the shape this kind expects; :class:`AnswerFormatError` otherwise."""
        return READERS[self.kind](answer, self)

    @staticmethod
    def is_blank(answer: Any) -> bool:
        return is_blank(answer)

    def problem(self, answer: Any) -> str | None:
        return problem(self, answer)

    def receipt(self, answer: Any = MISSING, number: int = 0) -> Feedback:
        return receipt(self, answer, number)

    def answer_choices(self) -> list[tuple[str, Any]]:
        """``(label, answer)`` pairs of a ``"choice"`` or ``"points"`` form."""
        kind = self.kind
        if kind == "pick-play":
            return [(f"{LETTERS[i]}: {text}", LETTERS[i]) for i, text in enumerate(self.get("options", ()))]
        if kind in ("may-bear-off", "may-double"):
            return [(_("Yes"), True), (_("No"), False)]
        if kind == "entry-points":
            return [(str(p), p) for p in range(24, 18, -1)]
        if kind == "result-kind":
            own = _own_words(self.position)
            if own:
                return [(names[0], names[0]) for names in own]
            return [(_("single"), "single"), (_("gammon"), "gammon"), (_("backgammon"), "backgammon")]
        if kind == "opening-starter":
            return [(_("White"), "White"), (_("Red"), "Red"), (_("Neither: throw again"), NEITHER)]
        return []

    def board_answer(self) -> tuple[Position, Roll] | None:
        """``(position, roll)`` when the answer is a play that can be clicked on a board."""
        if self.form in ("play", "plays") and self.roll is not None:
            return self.position, self.roll
        return None

    def after_svg(self, feedback: Feedback) -> str:
        """Nothing: a face never learns that an answer is right."""
        return ""

    # -- drawing -------------------------------------------------------------------------------
    def diagram_options(self) -> dict[str, Any]:
        """Options of :func:`bglearn.svg.render` for the question's diagram."""
        kind = self.kind
        if kind in _ROLL_KINDS:
            return {"perspective": self.position.turn, "dice": self.roll}
        if kind in _SCORING_KINDS and not self.position.has_cube:
            return {"perspective": Player.WHITE}
        if kind in _SCORING_KINDS:
            opts: dict[str, Any] = {"perspective": Player.WHITE, "cube": self.get("cube", 1),
                                    "cube_owner": self.get("cube_owner")}
            if self.get("match_length"):
                opts.update(score=tuple(self.get("score", (0, 0))), match_length=self.get("match_length"))
            return opts
        if kind == "game-points":
            return {"perspective": self.position.turn, "cube": self.get("cube", 1), "cube_owner": self.get("cube_owner")}
        if kind in ("point-owner", "set-up"):
            return {"perspective": self.get("numbering", Player.WHITE)}
        if kind == "pip-count":
            return {"perspective": self.get("player", Player.WHITE), "pips": False}
        if kind == "opening-starter":
            return {"perspective": Player.WHITE}
        return {"perspective": self.position.turn}

    def diagram(self) -> Diagram:
        """The position as an SVG diagram; a set-up question's shows the side to set up with an
        empty tray (its checkers not yet placed)."""
        from ..svg import Diagram, render

        if self.kind == "set-up":
            side = self.get("side", Player.WHITE)
            svg = render(self.position, **self.diagram_options(), caption=_("Where do the checkers start?"))
            return Diagram(empty_tray(str(svg), side))
        return render(self.position, **self.diagram_options())

    def __repr__(self) -> str:
        return f"<question: {self.kind}>"


_TRAY = re.compile(r'(<g\b[^>]*\bdata-off="(white|red)"[^>]*>)(.*?)(</g>)', re.S)


def empty_tray(svg: str, side: Player) -> str:
    """``svg`` with ``side``'s tray drawn empty: its checkers are not yet placed, not borne off."""
    name = "white" if side is Player.WHITE else "red"

    def fix(m: re.Match[str]) -> str:
        if m.group(2) != name:
            return m.group(0)
        label = html.escape(_("{side}'s tray: empty (checkers not yet placed)").format(side=side), quote=False).replace('"', "&quot;")
        head = re.sub(r'aria-label="[^"]*"', lambda _m: f'aria-label="{label}"', m.group(1))
        head = re.sub(r'data-count="\d+"', 'data-count="0"', head)
        body = re.sub(r'<rect\b[^>]*bg-off-checker[^>]*/>', "", m.group(3))
        body = re.sub(r'<text\b[^>]*bg-off-count[^>]*>.*?</text>', "", body, flags=re.S)
        return head + body + m.group(4)

    return _TRAY.sub(fix, svg)


# -- reading a description -------------------------------------------------------------------------

def position_spec(position: Position, dice: tuple[int, ...] = ()) -> dict[str, Any]:
    """A position without an XGID (Long Nardy) as JSON: ``variant``, ``white`` and ``red`` (25 numbers
    each, in each side's own numbering), ``turn`` and ``dice``."""
    return {"variant": position.variant, "white": list(position.checkers(Player.WHITE)),
            "red": list(position.checkers(Player.RED)), "turn": position.turn.name.lower(), "dice": list(dice)}


def _written_position(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValueError(f"the position is a dict, not {show_answer(data)}")
    try:
        position = Position(white=list(data["white"]), red=list(data["red"]), turn=as_player(data["turn"]),
                            variant=str(data["variant"]))
        dice = tuple(int(d) for d in data.get("dice", ()))
    except Exception as exc:  # a hand-edited description: one clear error, never a traceback
        raise ValueError(f"{type(exc).__name__}: {exc}") from None
    return {"position": position, "dice": dice}


def _xgid_position(text: Any) -> dict[str, Any]:
    from ..ids import parse_xgid

    x = parse_xgid(text)
    return {"position": x.position, "dice": tuple(x.dice or ()), "cube": x.cube_value, "cube_owner": x.cube_owner,
            "match_length": x.match_length, "score": tuple(x.score), "jacoby": x.jacoby, "crawford": x.crawford}


def read_spec(spec: Any) -> Face:
    """The :class:`Face` of the question ``spec`` describes (``kind``, ``xgid`` or ``position``,
    ``points``, ``rules``, ``params``); :class:`SpecError` naming the problem otherwise."""
    if not isinstance(spec, dict):
        raise SpecError(_("a question description is a dict, not {spec}.").format(spec=show_answer(spec)))
    kind = spec.get("kind")
    if not isinstance(kind, str) or kind not in SHAPES:
        raise SpecError(_("unknown question kind {kind}; known: {kinds}.").format(
            kind=repr(spec.get("kind")), kinds=", ".join(SHAPES)))
    try:
        found = _written_position(spec["position"]) if "xgid" not in spec and "position" in spec else \
            _xgid_position(spec["xgid"])
    except KeyError:
        raise SpecError(_("the question description has no xgid.")) from None
    except ValueError as exc:
        raise SpecError(_("the question's xgid can't be read: {error}").format(error=exc)) from None
    position = found.pop("position")
    dice = found.pop("dice")
    fields: dict[str, Any] = dict(found)
    if dice:
        fields["roll"] = Roll(*dice)
    params = spec.get("params") or {}
    if not isinstance(params, dict):
        raise SpecError(_("a {kind} question has no parameter {key}.").format(kind=kind, key=repr(params)))
    for key, value in params.items():
        if key in XGID_FIELDS:
            raise SpecError(_("a {kind} question has no parameter {key}.").format(kind=kind, key=repr(key)))
        if key in PLAYER_FIELDS:
            value = as_player(value)
        elif isinstance(value, list):
            value = tuple(value)
        fields[key] = value
    try:
        points = int(spec.get("points", 1))
    except (TypeError, ValueError):
        raise SpecError(_("the {kind} question can't be built: {error}").format(
            kind=kind, error=f"points {show_answer(spec.get('points'))}")) from None
    rules = spec.get("rules") or ()
    return Face(kind, position, points, fields, tuple(str(r) for r in rules) if isinstance(rules, list) else ())
