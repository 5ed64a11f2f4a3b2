"""Graded exercises: questions judged by the engine, seeded variants that test their rule, and the
exercise notebooks executing headless (blank, with a correct key, with wrong answers)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import nbformat
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bglearn import Position, Roll, WHITE, RED, legal_plays
from bglearn.exercises import EXERCISES, GenerationError, build_notebook, generate, load_exercise
from bglearn.exercises.generators import FORCED_REASONS, blocked_entry_dice, tempting_plays
from bglearn.exercises.questions import (
    EntryPoints, ListPlays, MakePlay, MayBearOff, MayDouble, PickPlay, PointOwner, PointsWon, SetUpStart,
    DropPoints, ResultKindQuestion,
)
from bglearn.explain import Reason, explain
from bglearn.grading.synthetic import right_answer, wrong_answer

ROOT = Path(__file__).resolve().parent.parent
NAMES = list(EXERCISES)
students = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789", min_size=1, max_size=8)
FAST = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# -- judging answers with the engine ---------------------------------------------------------

def test_equivalent_notations_are_the_same_answer():
    q = MakePlay(Position(), roll=Roll(3, 1))
    for text in ("8/5 6/5", "6/5 8/5", "6/5, 8/5", " 8/5  6/5 "):
        assert q.check(text).correct, text
    q = MakePlay(Position(), roll=Roll(3, 3))
    assert q.check("8/5(2) 6/3(2)").correct
    assert q.check("6/3 8/5 6/3 8/5").correct
    q = MakePlay(Position(), roll=Roll(6, 2))
    assert q.check("13/5").correct and q.check("13/7/5").correct and q.check("13/11/5").correct


def test_wrong_play_gets_the_engines_explanation():
    fb = MakePlay(Position(), roll=Roll(6, 1)).check("13/7")
    assert not fb.correct and fb.points == 0
    assert fb.message == explain(Position(), "61", "13/7").message
    assert "both dice" in fb.message


def test_list_plays_needs_every_play_once_in_any_notation():
    p = Position(white={6: 2, 5: 2, 4: 1}, red={24: 15 - 2}, turn=WHITE)
    q = ListPlays(p, roll=Roll(6, 5), points=2)
    key = q.example_answer()
    assert key == [pl.notation for pl in legal_plays(p, "65")]
    assert q.check(list(reversed(key))).correct
    assert q.check(key + key[:1]).correct  # a play written twice is still the same play
    partial = q.check(key[:-1]) if len(key) > 1 else q.check([])
    assert not partial.correct and "missing" in partial.message


def test_unreadable_answers_never_raise():
    q = EntryPoints(_bar_position(), roll=Roll(6, 5))
    for weird in (object(), {"a": 1}, 3.5, "twenty", [None], b"22"):
        fb = q.check(weird)
        assert not fb.correct and fb.message
    assert q.check(None).status == "unanswered"


def _bar_position() -> Position:
    # White on the bar; Red holds White's 19-, 20- and 24-points (Red's 6, 5, 1).
    return Position(white={"bar": 1, 6: 5, 8: 3, 13: 6}, red={6: 4, 5: 3, 1: 2, 13: 6}, turn=WHITE)


def test_entry_points_come_from_the_engine():
    p = _bar_position()
    assert blocked_entry_dice(p) == [1, 5, 6]
    q = EntryPoints(p, roll=Roll(6, 4))
    assert q.example_answer() == [21]
    assert q.check([21]).correct and q.check("bar/21").correct and q.check(21).correct
    wrong = q.check([19, 21])
    assert not wrong.correct and "bar/19" in wrong.message
    assert EntryPoints(p, roll=Roll(6, 5)).example_answer() == []


def test_may_bear_off_and_its_reasons():
    p = Position(white={6: 1, 4: 2, 2: 3}, red={24: 2, 13: 13}, turn=WHITE)
    assert MayBearOff(p, roll=Roll(5, 1), point=4).example_answer() is False
    fb = MayBearOff(p, roll=Roll(5, 1), point=4).check(True)
    assert not fb.correct and "higher" in fb.message
    assert MayBearOff(p, roll=Roll(4, 1), point=4).check("yes").correct
    out = Position(white={10: 1, 4: 2, 2: 3}, red={24: 2, 13: 13}, turn=WHITE)
    fb = MayBearOff(out, roll=Roll(2, 1), point=2).check(True)
    assert not fb.correct and "home board" in fb.message
    # ...but the engine knows a checker can come home first: 7/5/3 then 2/off with 2-2.
    home_first = Position(white={7: 1, 4: 2, 2: 3}, red={24: 2, 13: 13}, turn=WHITE)
    assert MayBearOff(home_first, roll=Roll(2, 2), point=2).example_answer() is True


def test_scoring_questions():
    gammon = Position(white=[0] * 25, red={6: 10, 12: 5}, turn=RED)
    assert PointsWon(gammon, cube=4, cube_owner=RED).example_answer() == 8
    assert PointsWon(gammon, cube=1, jacoby=True).example_answer() == 1
    assert PointsWon(gammon, cube=2, cube_owner=WHITE, jacoby=True).example_answer() == 4
    assert ResultKindQuestion(gammon).check("gammon").correct
    bg = Position(white=[0] * 25, red={20: 1, 6: 14}, turn=RED)
    assert ResultKindQuestion(bg).example_answer() == "backgammon"
    assert DropPoints(Position(), cube=2, cube_owner=WHITE, doubler=WHITE).example_answer() == 2


def test_may_double_asks_the_cube():
    assert MayDouble(Position(), player=WHITE).example_answer() is True
    q = MayDouble(Position(), cube=2, cube_owner=RED, player=WHITE)
    fb = q.check(True)
    assert not fb.correct and "owner" in fb.message
    assert MayDouble(Position(), player=WHITE, crawford=True, match_length=5, score=(4, 2)).example_answer() is False
    assert MayDouble(Position(), player=WHITE, rolled=True).example_answer() is False


def test_setup_and_owner_questions():
    q = SetUpStart(Position(white=[0] * 25), side=WHITE, numbering=WHITE)
    assert q.check({24: 2, 13: 5, 8: 3, 6: 5}).correct
    assert q.check({"24": 2, "13": 5, "8": 3, "6": 5}).correct
    assert not q.check({24: 2, 13: 5, 8: 3, 6: 4}).correct
    red_in_white = SetUpStart(Position(red=[0] * 25), side=RED, numbering=WHITE)
    assert red_in_white.example_answer() == {1: 2, 12: 5, 17: 3, 19: 5}
    q = PointOwner(Position(), point=19, numbering=WHITE)
    assert q.check(("Red", 5)).correct and q.check("red 5").correct and not q.check(("White", 5)).correct
    assert PointOwner(Position(), point=2, numbering=WHITE).check("empty").correct


# -- the variants ----------------------------------------------------------------------------

@pytest.mark.parametrize("name", NAMES)
def test_variants_are_deterministic_and_personal(name):
    a = [q.prompt() for q in generate(name, 2026, "alice")]
    assert a == [q.prompt() for q in generate(name, 2026, "alice")]
    others = [[q.position for q in generate(name, 2026, s)] for s in ("bob", "carol", "dave")]
    mine = [q.position for q in generate(name, 2026, "alice")]
    assert any(o != mine for o in others)
    assert [q.position for q in generate(name, 7, "alice")] != mine or name == "setup"


@pytest.mark.parametrize("name", NAMES)
def test_every_exercise_has_eight_questions_of_several_kinds(name):
    qs = generate(name, 1)
    assert len(qs) >= 8
    assert len({q.kind for q in qs}) >= 3


@FAST
@given(student=students, seed=st.integers(0, 10**6))
def test_generated_questions_test_their_rule(student, seed):
    for name in NAMES:
        for q in generate(name, seed, student):
            # The engine's own answer is right, and a wrong one is judged wrong.
            assert q.check(right_answer(q)).correct, (name, q)
            assert q.check(right_answer(q, 1)).correct, (name, q)
            assert not q.check(wrong_answer(q)).correct, (name, q)
            if isinstance(q, PickPlay):
                assert sum(explain(q.position, q.roll, t).legal for t in q.options) == 1
            if name == "bar-entry":
                assert q.position.bar(q.position.turn) >= 1
                assert blocked_entry_dice(q.position), "a bar-entry question needs a blocked entry point"
                if isinstance(q, EntryPoints):
                    assert any(d in blocked_entry_dice(q.position) for d in q.roll.dice)
            if name == "forced-moves":
                assert tempting_plays(q.position, q.roll, FORCED_REASONS), "no forced-move rule at stake"
            if isinstance(q, MayBearOff):
                assert q.position.checkers(q.position.turn)[q.point] >= 1
                assert any(d >= q.point for d in q.roll.dice)


def test_bearing_off_truths_are_mixed():
    truths = [q.example_answer() for q in generate("bearing-off", 3, "x") if isinstance(q, MayBearOff)]
    assert True in truths and False in truths


def test_unknown_exercise_is_a_clear_error():
    with pytest.raises(ValueError, match="no exercise 'bearoff'"):
        load_exercise("bearoff")


# -- the notebooks ---------------------------------------------------------------------------

def _canonical(nb) -> str:
    return json.dumps(nbformat.from_dict(json.loads(nbformat.writes(nb))), sort_keys=True)


@pytest.mark.parametrize("name", NAMES)
def test_notebook_files_are_up_to_date_and_nbgrader_tagged(name):
    path = ROOT / "exercises" / f"{name}.ipynb"
    on_disk = nbformat.read(path, as_version=4)
    assert _canonical(on_disk) == _canonical(build_notebook(load_exercise(name))), \
        "run exercises/build_exercises.py"
    ids = [c.metadata["nbgrader"]["grade_id"] for c in on_disk.cells]
    assert len(ids) == len(set(ids))
    for c in on_disk.cells:
        meta = c.metadata["nbgrader"]
        assert meta["schema_version"] == 3
        assert set(meta) >= {"grade", "grade_id", "locked", "solution"}
        if meta["grade"]:
            assert meta["points"] > 0 and meta["locked"] and not meta["solution"]
        if meta["solution"]:
            assert not meta["locked"] and not meta["grade"] and c.cell_type == "code"
    n = len(load_exercise(name).questions)
    assert sum(1 for i in ids if i.startswith("answer_")) == n
    diagrams = [c for c in on_disk.cells if c.metadata["nbgrader"]["grade_id"].startswith("diagram_")]
    assert all("image/svg+xml" in c.outputs[0]["data"] for c in diagrams)


def _execute(nb, answers: dict[int, object] | None):
    from nbclient import NotebookClient

    nb = nbformat.reads(nbformat.writes(nb), as_version=4)
    for c in nb.cells:
        gid = c.metadata["nbgrader"]["grade_id"]
        if answers is not None and gid.startswith("answer_") and int(gid[7:]) in answers:
            c.source = f"answer_{gid[7:]} = {answers[int(gid[7:])]!r}"
    env = os.environ.get("PYTHONPATH", "")
    os.environ["PYTHONPATH"] = os.pathsep.join([str(ROOT)] + ([env] if env else []))
    try:
        NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}}).execute()
    finally:
        if env:
            os.environ["PYTHONPATH"] = env
        else:
            os.environ.pop("PYTHONPATH", None)
    scores = {}
    for c in nb.cells:
        gid = c.metadata["nbgrader"]["grade_id"]
        if c.cell_type != "code":
            continue
        assert not [o for o in c.outputs if o.output_type == "error"], (gid, c.outputs)
        if gid.startswith("check_") or gid == "summary":
            results = [o for o in c.outputs if o.output_type == "execute_result"]
            assert len(results) == 1
            scores[gid] = float(results[0]["data"]["text/plain"])
            assert results[0]["data"]["text/markdown"]
    return scores


@pytest.mark.parametrize("name", NAMES)
def test_notebook_runs_blank_keyed_and_wrong(name):
    nb = nbformat.read(ROOT / "exercises" / f"{name}.ipynb", as_version=4)
    ex = load_exercise(name)
    qs = ex.questions
    blank = _execute(nb, None)
    assert all(v == 0 for v in blank.values())
    # Odd questions answered right (engine's answer, written differently), even ones wrong.
    mixed = {n: (right_answer(q, 1) if n % 2 else wrong_answer(q)) for n, q in enumerate(qs, 1)}
    scores = _execute(nb, mixed)
    for n, q in enumerate(qs, 1):
        assert scores[f"check_{n}"] == (q.points if n % 2 else 0), n
    assert scores["summary"] == sum(q.points for n, q in enumerate(qs, 1) if n % 2)
    full = _execute(nb, {n: right_answer(q) for n, q in enumerate(qs, 1)})
    assert full["summary"] == ex.max_points
    assert all(full[f"check_{n}"] == q.points for n, q in enumerate(qs, 1))
