"""Fair and valid questions: the same answer-count band for every student and every kind; no metadata
value a handout carries (its kind, rule list, points) predicts an answer better than chance, over 100
students; practice feedback on a wrong answer explains the rule without stating the number; the
may-double answers vary between students; the match-score question asks for — and accepts — the
score lesson 8 teaches (capped at the match length), in every language."""

from __future__ import annotations

import random
import re
from collections import Counter, defaultdict

import pytest

from bglearn.exercises import EXERCISES, generate
from bglearn.i18n import LANGUAGES
from bglearn.exercises.faces import SHAPES
from bglearn.exercises.generators import variant_rng
from bglearn.exercises.questions import QUESTION_KINDS, MayDouble, PointsWon
from bglearn.exercises.slots import ANSWER_BANDS, accepts
from bglearn.i18n import using_language

STUDENTS = [f"student{i:03d}" for i in range(100)]
CHEAP = ("setup", "bearing-off", "cube-and-scoring")
"""The exercises generated for all 100 students here (about a tenth of a second each)."""


@pytest.fixture(scope="module")
def hundred():
    return {name: [generate(name, 2027, s) for s in STUDENTS] for name in CHEAP}


def _slot_questions(exercise: str, kinds: set[str], students: list[str]) -> list:
    """The questions of ``exercise``'s slots of ``kinds`` for each student, built as :func:`generate`
    builds them (the other slots are skipped, so these are not the students' exact variants)."""
    out = []
    for s in students:
        rng = variant_rng(exercise, 2027, s)
        for slot in EXERCISES[exercise].slot_list():
            if slot.kind not in kinds:
                continue
            for _ in range(3000):
                q = slot.build(rng)
                if accepts(q, slot.target):
                    out.append(q)
                    break
    return out


def _answer(q) -> str:
    a = q.example_answer()
    return repr(sorted(a) if isinstance(a, list) else a)


# -- answer-count bands ---------------------------------------------------------------------------

def test_every_kind_has_one_band_for_every_student():
    assert set(ANSWER_BANDS) == set(QUESTION_KINDS) == set(SHAPES)
    assert ANSWER_BANDS["list-plays"][1] <= 8         # "list every legal play": at most 8 plays


def test_every_question_lies_in_its_band(hundred):
    counts = defaultdict(list)
    for variants in hundred.values():
        for qs in variants:
            for q in qs:
                counts[q.kind].append(q.answer_count())
    for name in ("forced-moves", "bar-entry"):
        for s in STUDENTS[:12]:
            for q in generate(name, 2027, s):
                counts[q.kind].append(q.answer_count())
    for kind, seen in counts.items():
        lo, hi = ANSWER_BANDS[kind]
        assert lo <= min(seen) and max(seen) <= hi, (kind, min(seen), max(seen))
    assert max(counts["list-plays"]) <= 8


# -- metadata --------------------------------------------------------------------------------------

def _leaks(questions) -> list[str]:
    """Metadata values (kind, rule list, points) under which one answer is much more likely than the
    kind's most likely answer overall (chance)."""
    found = []
    by_kind = defaultdict(list)
    for q in questions:
        by_kind[q.kind].append(q)
    for kind, qs in by_kind.items():
        answers = Counter(_answer(q) for q in qs)
        if len(answers) > 12:          # numbers, plays, layouts: no answer repeats by chance
            continue
        chance = answers.most_common(1)[0][1] / len(qs)
        groups = defaultdict(list)
        for q in qs:
            spec = q.spec()
            groups[(tuple(spec["rules"]), spec["points"])].append(_answer(q))
        for meta, group in groups.items():
            if len(group) < 10:
                continue
            share = Counter(group).most_common(1)[0][1] / len(group)
            if share > chance + 0.15:
                found.append(f"{kind} {meta}: {share:.0%} give one answer (chance {chance:.0%})")
    return found


def test_no_metadata_value_predicts_an_answer(hundred):
    questions = [q for variants in hundred.values() for qs in variants for q in qs]
    assert _leaks(questions) == []


def test_no_metadata_value_predicts_a_long_nardy_bear_off_answer():
    questions = _slot_questions("long-nardy", {"may-bear-off"}, STUDENTS[:40])
    assert {_answer(q) for q in questions} == {"True", "False"}
    assert _leaks(questions) == []


def test_the_leak_detector_sees_a_leak():
    """The rule list HIT_DURING_BEAR_OFF meant "No" for every student before: a question whose list
    differs with its answer is found."""
    class Leaky:
        kind = "may-bear-off"

        def __init__(self, yes):
            self.yes = yes

        def example_answer(self):
            return self.yes

        def spec(self):
            return {"rules": ["BEAR_OFF"] if self.yes else ["HIT_DURING_BEAR_OFF"], "points": 1}

    assert _leaks([Leaky(i % 4 == 0) for i in range(100)])


# -- feedback --------------------------------------------------------------------------------------

def test_wrong_answer_feedback_explains_the_rule_without_the_number(hundred):
    said = defaultdict(set)
    checked = 0
    for name in ("cube-and-scoring", "setup"):
        for qs in hundred[name]:
            for q in qs:
                if q.kind not in ("points-won", "drop-points", "pip-count"):
                    continue
                truth = q.example_answer()
                wrong = truth + 1
                message = q.check(wrong).message
                assert not re.search(rf"(?<![\d.]){truth}(?![\d])", message.replace(f"Not {wrong}", "")), message
                assert "times the cube" not in message and "gammon (" not in message, message
                if isinstance(q, PointsWon):
                    said[(bool(q.match_length), q.jacoby)].add(message.replace(str(wrong), "#"))
                checked += 1
    assert checked >= 200
    # the same sentence for every points-won question of a setting: it cannot depend on the answer
    assert all(len(messages) == 1 for messages in said.values()), said


# -- may-double ------------------------------------------------------------------------------------

def test_may_double_answers_vary_between_students(hundred):
    slots = [s for s in EXERCISES["cube-and-scoring"].slot_list() if s.kind == "may-double"]
    assert len(slots) == 4
    for slot in slots:
        rng = random.Random(slot.target)
        answers = Counter()
        for _ in range(60):
            q = slot.build(rng)
            if accepts(q, slot.target):
                answers[q.example_answer()] += 1
        assert answers[True] >= 10 and answers[False] >= 10, (slot.target, answers)
    per_student = {tuple(sorted(q.example_answer() for q in qs if isinstance(q, MayDouble)))
                   for qs in hundred["cube-and-scoring"]}
    assert len(per_student) >= 4


# -- the match-score question ----------------------------------------------------------------------

def test_the_match_score_question_accepts_the_capped_score_lesson_8_teaches(hundred):
    capped = 0
    for qs in hundred["cube-and-scoring"]:
        for q in qs:
            if not (isinstance(q, PointsWon) and q.match_length):
                continue
            winner = q.position.winner
            before = q.score[winner]
            raw = q.points_scored()
            assert q.check(min(q.match_length, before + raw)).correct
            if before + raw > q.match_length:
                capped += 1
                assert not q.check(before + raw).correct
            if raw != min(q.match_length, before + raw):
                assert not q.check(raw).correct          # the question asks for the score, not the points
    assert capped >= 10


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_match_score_question_is_asked_as_a_score_in_every_language(hundred, lang):
    q = next(q for qs in hundred["cube-and-scoring"] for q in qs if isinstance(q, PointsWon) and q.match_length)
    money = next(q for qs in hundred["cube-and-scoring"] for q in qs if isinstance(q, PointsWon) and not q.match_length)
    with using_language(lang):
        asked, other = q.prompt(), money.prompt()
        english = None
    with using_language("en"):
        english = q.prompt()
    assert asked.split(". ")[-1] != other.split(". ")[-1]       # not the money question's "how many points"
    assert lang == "en" or asked != english                      # translated
