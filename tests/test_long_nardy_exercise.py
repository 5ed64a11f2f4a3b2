"""The Long Nardy graded exercise: every student's variant is a Long Nardy exercise that tests each
declared rule (the head rule, closed points, the six-block rule, bearing off), with the same slots for
everyone, positions of its own, right answers judged right and wrong ones explained by the rule."""

from __future__ import annotations

from collections import Counter

import pytest

from bglearn import Reason, explain
from bglearn.exercises import EXERCISES, generate, load_exercise
from bglearn.exercises.generators import ANSWER_BANDS
from bglearn.exercises.long_nardy import LONG_NARDY_RULES, block_problem, head_candidates, nardy_position
from bglearn.exercises.questions import PickPlay, _no_spoiler
from bglearn.exercises.rules import RULES, position_problem
from bglearn.dice import Roll
from bglearn.position import Player, Position

STUDENTS = [f"s{i:02d}" for i in range(20)]


@pytest.fixture(scope="module")
def variants():
    return {s: generate("long-nardy", 2026, s) for s in STUDENTS}


def test_the_exercise_is_registered_with_its_rules():
    spec = EXERCISES["long-nardy"]
    assert spec.rules == LONG_NARDY_RULES
    assert set(spec.rules) <= set(RULES)
    assert {"HEAD_RULE", "CLOSED_POINT", "SIX_BLOCK"} <= set(spec.rules)
    assert spec.prose("en").title.startswith("Long Nardy")


def test_every_students_variant_tests_every_declared_rule(variants):
    for student, qs in variants.items():
        tested = Counter(code for q in qs for code in q.rules())
        missing = [r for r in LONG_NARDY_RULES if not tested[r]]
        assert not missing, (student, missing)


def test_every_question_is_about_a_long_nardy_position_that_can_occur(variants):
    for qs in variants.values():
        for q in qs:
            assert q.position.variant == "long-nardy"
            assert position_problem(q.position) is None and block_problem(q.position) is None
            lo, hi = ANSWER_BANDS.get(q.kind, (0, 99))
            assert lo <= q.answer_count() <= hi


def test_the_slots_are_the_same_for_everyone_and_the_positions_are_not(variants):
    kinds = {student: Counter(q.kind for q in qs) for student, qs in variants.items()}
    assert len({tuple(sorted(k.items())) for k in kinds.values()}) == 1
    doubles = {sum(1 for q in qs if getattr(q, "roll", None) is not None and q.roll.is_double) for qs in variants.values()}
    assert len(doubles) == 1
    positions = Counter(q.position for qs in variants.values() for q in qs)
    assert len(positions) > 0.8 * sum(positions.values())    # few students share a position


def test_the_same_student_gets_the_same_questions():
    assert generate("long-nardy", 7, "ann") == generate("long-nardy", 7, "ann")
    assert generate("long-nardy", 7, "ann") != generate("long-nardy", 7, "bob")


def test_right_answers_are_right_and_wrong_picks_name_the_rule(variants):
    for qs in list(variants.values())[:10]:
        for q in qs:
            assert q.check(q.example_answer()).correct, (q.kind, q.position, q.roll)
            if isinstance(q, PickPlay):
                for i, verdict in enumerate(q.verdicts()):
                    if verdict.legal:
                        continue
                    feedback = q.check("ABCD"[i])
                    assert not feedback.correct
                    assert feedback.message.endswith(_no_spoiler(verdict)), feedback.message   # the engine's reason


def test_a_head_rule_question_offers_a_play_the_head_rule_forbids(variants):
    for qs in variants.values():
        heads = [q for q in qs if isinstance(q, PickPlay) and "HEAD_RULE" in q.rules()]
        assert len(heads) >= 2
        for q in heads:
            assert any(v.reason is Reason.HEAD_RULE for v in q.verdicts())


def test_head_candidates_are_judged_by_the_engine():
    start = Position(variant="long-nardy")
    for roll, legal in (("66", {"24/18(2)"}), ("65", set())):
        texts = head_candidates(start, Roll(int(roll[0]), int(roll[1])))
        verdicts = {t: explain(start, roll, t) for t in texts}
        assert {t for t, v in verdicts.items() if v.legal} == legal
        assert all(v.reason is Reason.HEAD_RULE for t, v in verdicts.items() if not v.legal)


def test_a_standing_six_block_nobody_has_passed_is_not_a_game_position():
    head_and_five = nardy_position({24: 10, 5: 1, 4: 1, 3: 1, 2: 1, 1: 1}, {24: 15}, Player.WHITE)
    assert block_problem(head_and_five) == "White holds six points in a row that no opposing checker has passed"
    passed = nardy_position({24: 10, 5: 1, 4: 1, 3: 1, 2: 1, 1: 1}, {24: 14, 10: 1}, Player.WHITE)
    assert block_problem(passed) is None and block_problem(Position(variant="long-nardy")) is None


def test_nardy_position_takes_each_side_in_its_own_numbering():
    p = nardy_position({24: 14, 13: 1}, {24: 15}, Player.RED)
    assert p.variant == "long-nardy" and p.turn is Player.RED
    assert p.checkers(Player.RED)[13] == 1 and p.checkers(Player.WHITE)[24] == 15


def test_the_exercise_notebook_loads_and_checks_answers():
    ex = load_exercise("long-nardy", seed=1, student="alice")
    q = ex.question(1)
    assert ex.check(1, q.example_answer()).correct


def test_a_long_nardy_question_round_trips_through_its_description():
    import json

    from bglearn.exercises.questions import SpecError, question_from_spec

    for q in generate("long-nardy", 3, "zoe"):
        spec = json.loads(json.dumps(q.spec()))
        assert "xgid" not in spec and spec["position"]["variant"] == "long-nardy"   # Long Nardy has no XGID
        assert question_from_spec(spec) == q
    broken = dict(spec, position={**spec["position"], "white": [0] * 24 + [16]})
    with pytest.raises(SpecError, match="16 checkers"):
        question_from_spec(broken)
