"""Honest answers are accepted: any writing of a right play that the notation module produces or reads
— moves in any order, ``(2)`` grouped or written out, paths like ``24/18/13`` or split into moves, ``*``
marks or none, any case, spaces and commas, a pick-the-play option's own text — scores as right, in
practice (judged at once), in the grader (``Question.check``) and in an assessment handout's
well-formedness check (never "can't be read")."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bglearn.exercises import generate
from bglearn.exercises.faces import LETTERS, read_spec
from bglearn.exercises.questions import ListPlays, MakePlay, PickPlay
from bglearn.notation import format_play

PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _pool() -> list:
    pool = []
    for name in ("forced-moves", "bar-entry", "bearing-off", "long-nardy"):
        for student in ("ana", "bo", "cy"):
            pool += [q for q in generate(name, 7, student) if isinstance(q, (ListPlays, MakePlay, PickPlay))]
    return pool


POOL = _pool()


def _tokens(text: str) -> list[str]:
    return text.split()


def _expand_counts(tokens: list[str]) -> list[str]:
    """``bar/23*(2)`` written out as ``bar/23* bar/23``: a hit mark belongs to the one checker that hits
    (a second ``*`` on the same point is refused: the blot is gone after the first hit)."""
    out = []
    for t in tokens:
        m = re.fullmatch(r"(.*)\((\d)\)", t)
        out += [m.group(1)] + [m.group(1).replace("*", "")] * (int(m.group(2)) - 1) if m else [t]
    return out


def _split_paths(tokens: list[str]) -> list[str]:
    """``13/7/5`` written as its moves ``13/7 7/5`` (a hit mark stays on the point hit)."""
    out = []
    for t in tokens:
        m = re.fullmatch(r"([^()]*)(\(\d\))?", t)
        body, count = m.group(1), m.group(2) or ""
        points = body.split("/")
        out += [f"{a.rstrip('*')}/{b}{count}" for a, b in zip(points, points[1:])]
    return out


@st.composite
def writings(draw: st.DrawFn, play) -> str:
    """One way to write ``play`` that a learner might use and the notation module reads."""
    text = draw(st.sampled_from([play.notation, format_play(play, paths=True)]))
    tokens = _tokens(text)
    if draw(st.booleans()):
        tokens = _expand_counts(tokens)
    if draw(st.booleans()):
        tokens = _split_paths(tokens)
    if draw(st.booleans()):
        tokens = [t.replace("*", "") for t in tokens]
    tokens = draw(st.permutations(tokens))
    case = draw(st.sampled_from([str, str.upper, str.title]))
    tokens = [case(t) for t in tokens]
    if draw(st.booleans()):
        tokens = [t.replace("/", draw(st.sampled_from(["/", " / ", "/ "]))) for t in tokens]
    sep = draw(st.sampled_from([" ", "  ", ", ", ";", " ,"]))
    pad = draw(st.sampled_from(["", " ", "\t"]))
    return pad + sep.join(tokens) + pad


@PROPERTY
@given(data=st.data())
def test_every_writing_of_a_right_play_is_right(data):
    q = data.draw(st.sampled_from(POOL))
    face = read_spec(q.spec())
    if isinstance(q, MakePlay):
        if not q.legal():
            return
        play = data.draw(st.sampled_from(q.legal()))
        answer = data.draw(writings(play))
        assert q.check(answer).correct, (q.position, q.roll, answer, q.check(answer).message)
    elif isinstance(q, ListPlays):
        answer = [data.draw(writings(p)) for p in data.draw(st.permutations(q.legal()))]
        fb = q.check(answer)
        assert fb.correct, (q.position, q.roll, answer, fb.message)
    else:
        legal = q.example_answer()
        i = LETTERS.index(legal)
        option = q.options[i]
        play = q.verdicts()[i].play
        answer = data.draw(st.one_of(
            st.just(option), writings(play),
            st.sampled_from([legal, legal.lower(), f"{legal})", f"({legal})", f" {legal}. ", f"{legal}: {option}",
                             i + 1])))
        assert q.check(answer).correct, (q.options, answer, q.check(answer).message)
    assert face.problem(answer) is None, (answer, face.problem(answer))   # the handout's form takes it
    assert q.problem(answer) is None


def test_an_options_own_text_with_a_count_is_that_option():
    """The answer ``23/18 6/1(2)``, an option's own text, was refused (its closing parenthesis was
    stripped): every option's own text chooses that option."""
    tried = 0
    for q in POOL:
        if not isinstance(q, PickPlay):
            continue
        for i, text in enumerate(q.options):
            assert q.check(text).correct == q.check(LETTERS[i]).correct, (q.options, text)
            tried += "(" in text
    assert tried, "no option with a count in the pool"


@pytest.mark.parametrize("answer", ["B)", "(b)", "b", "B: {option}", 2])
def test_a_letter_is_read_however_it_is_written(answer):
    q = next(q for q in POOL if isinstance(q, PickPlay))
    written = answer.format(option=q.options[1]) if isinstance(answer, str) else answer
    assert q.check(written).message == q.check("B").message


def test_a_play_that_is_none_of_the_options_is_wrong_not_unreadable():
    q = next(q for q in POOL if isinstance(q, PickPlay) and q.legal())
    other = next(p.notation for p in q.legal() if q._choice(p.notation) is None) if any(
        q._choice(p.notation) is None for p in q.legal()) else "24/1"
    fb = q.check(other)
    assert not fb.correct and "can't be read" not in fb.message
    assert read_spec(q.spec()).problem(other) is None


@pytest.mark.parametrize("lang,words", [("en", ["no play", "none", "nowhere", "pass", "No legal play"]),
                                        ("es", ["ninguna jugada", "paso", "no play"])])
def test_no_play_in_any_of_its_words_is_right_when_the_roll_cannot_be_played(lang, words):
    from bglearn import WHITE, Position, Roll
    from bglearn.i18n import using_language

    closed = Position({"bar": 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3}, turn=WHITE)
    make, listed = MakePlay(closed, roll=Roll(6, 5)), ListPlays(closed, roll=Roll(6, 5))
    assert not make.legal()
    with using_language(lang):
        for word in words:
            assert make.check(word).correct and listed.check([word]).correct and listed.check(word).correct, word
            assert read_spec(make.spec()).problem(word) is None
    open_board = Position({"bar": 1, 6: 14}, {1: 2, 13: 13}, turn=WHITE)
    assert not MakePlay(open_board, roll=Roll(6, 5)).check("nowhere").correct     # it can enter: a wrong answer
