"""The review schedule (issue 25): Leitner boxes 1-5 with intervals of 0, 1, 3, 7 and 14 days, a wrong answer
back to box 1, a right one when due up one box, and the rules due listed weakest first — on a fixed clock."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from bglearn.learn.mastery import tally, weakest_first
from bglearn.learn.schedule import INTERVALS, BoxState, answer, replay
from bglearn.learn.store import Progress

T0 = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)
DAY = timedelta(days=1)


def test_the_intervals_grow_with_the_box():
    assert [INTERVALS[b].days for b in range(1, 6)] == [0, 1, 3, 7, 14]


def test_a_first_right_answer_puts_a_rule_in_box_2_due_the_next_day():
    state = answer(None, True, T0)
    assert state == BoxState(2, T0 + DAY)


def test_a_first_wrong_answer_puts_it_in_box_1_due_at_once():
    assert answer(None, False, T0) == BoxState(1, T0)


def test_right_answers_when_due_climb_the_boxes_up_to_5():
    at, state = T0, None
    boxes = []
    for _step in range(7):
        state = answer(state, True, at)
        boxes.append(state.box)
        at = state.due
    assert boxes == [2, 3, 4, 5, 5, 5, 5]
    assert answer(BoxState(5, T0), True, T0) == BoxState(5, T0 + 14 * DAY)


def test_a_right_answer_before_the_rule_is_due_moves_nothing():
    state = BoxState(3, T0 + 3 * DAY)
    assert answer(state, True, T0 + DAY) == state


def test_a_wrong_answer_sends_the_rule_back_to_box_1_from_any_box():
    for box in range(1, 6):
        assert answer(BoxState(box, T0 + 30 * DAY), False, T0 + DAY) == BoxState(1, T0 + DAY)


def test_the_box_is_replayed_from_the_answers_in_time_order():
    answers = [(T0, True), (T0 + DAY, True), (T0 + 4 * DAY, False), (T0 + 4 * DAY, True)]
    assert replay(answers) == BoxState(2, T0 + 5 * DAY)
    assert replay([]) is None


def test_mastery_counts_and_boxes_per_rule():
    rows = [("BAR_FIRST", T0, False), ("BLOCKED", T0, True), ("BAR_FIRST", T0 + DAY, True),
            ("BAR_FIRST", T0 + 2 * DAY, True), ("BLOCKED", T0 + 2 * DAY, False)]
    m = tally(rows)
    assert [(c, r.right, r.wrong, r.box) for c, r in m.items()] == [("BAR_FIRST", 2, 1, 3), ("BLOCKED", 1, 1, 1)]
    assert m["BAR_FIRST"].due == T0 + 2 * DAY + 3 * DAY and m["BAR_FIRST"].last_seen == T0 + 2 * DAY


def test_due_rules_come_weakest_first():
    rows = [("GAMMON", T0, True),                                   # box 2, never wrong
            ("BAR_FIRST", T0, True), ("BAR_FIRST", T0, False),       # box 1, half wrong
            ("CRAWFORD", T0, False),                                 # box 1, all wrong
            ("JACOBY", T0, True), ("JACOBY", T0 + DAY, True)]        # box 3, due in 3 days
    m = tally(rows)
    assert weakest_first(m.values(), T0) == ["CRAWFORD", "BAR_FIRST"]
    assert weakest_first(m.values(), T0 + DAY) == ["CRAWFORD", "BAR_FIRST", "GAMMON"]
    assert weakest_first(m.values(), T0 + 5 * DAY) == ["CRAWFORD", "BAR_FIRST", "GAMMON", "JACOBY"]


def test_the_store_schedules_with_the_clock_it_is_given(tmp_path):
    store = Progress.open(tmp_path / "progress.sqlite")
    store.record(["ENTERING"], True, source="quiz", now=T0)
    store.record(["BLOCKED"], False, source="quiz", now=T0)
    assert store.due(now=T0) == ["BLOCKED"]
    assert store.due(now=T0 + DAY) == ["BLOCKED", "ENTERING"]
    store.record(["BLOCKED"], True, source="review", now=T0 + DAY)
    store.record(["ENTERING"], True, source="review", now=T0 + DAY)
    assert store.due(now=T0 + DAY) == []
    assert {r: (m.box, m.due) for r, m in store.mastery().items()} == {
        "BLOCKED": (2, T0 + 2 * DAY), "ENTERING": (3, T0 + 4 * DAY)}
