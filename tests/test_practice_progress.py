"""A graded exercise's answers checked in practice mode count in the learner's progress (mastery by rule,
review), as a lesson quiz's do; nothing is kept where the answers are not the learner's own: an
assessment handout, a submission run by the grader (its sandbox runs with ``BGLEARN_PROGRESS=off``),
nbgrader's autograde, or a machine where ``BGLEARN_PROGRESS=off`` is set."""

from __future__ import annotations

import json
import subprocess
import sys
import warnings

import pytest

from bglearn.exercises.session import Exercise
from bglearn.grading.sandbox import Limits, run, sandbox_problem
from bglearn.grading.synthetic import right_answer, wrong_answer
from bglearn.learn import progress
from bglearn.learn.schema import ProgressError


@pytest.fixture(autouse=True)
def fresh_progress(tmp_path, monkeypatch):
    """Every test starts as a new learner (its own progress file), outside nbgrader."""
    monkeypatch.setenv("BGLEARN_PROGRESS", str(tmp_path / "progress.sqlite"))
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)


def _tally() -> dict[str, tuple[int, int]]:
    return {rule: (m.right, m.wrong) for rule, m in progress().mastery().items()}


def test_practice_answers_count_against_the_rules_once_per_answer():
    ex = Exercise("forced-moves", 2026, "s001")
    q = ex.unmasked_question(1)
    wrong = wrong_answer(q)
    feedback = ex.check(1, wrong)
    assert not feedback.correct
    after_wrong = _tally()
    assert sum(w for _r, w in after_wrong.values()) == 1            # one rule marked wrong: the one broken
    assert set(after_wrong) <= set(q.rules())
    assert progress().due() == [rule for rule, (_r, w) in after_wrong.items() if w]   # due for review now
    ex.check(1, wrong)                                              # the notebook run again: not counted twice
    assert _tally() == after_wrong
    assert ex.check(1, right_answer(q)).correct
    tally = _tally()
    assert {rule for rule, (right, _w) in tally.items() if right} == set(q.rules())


def test_assessment_answers_are_not_kept():
    ex = Exercise("forced-moves", 2026, "s001", mode="assessment")
    ex.check(1, wrong_answer(ex.unmasked_question(1)))
    assert _tally() == {}


@pytest.mark.parametrize("variable, value", [("BGLEARN_PROGRESS", "off"), ("NBGRADER_EXECUTION", "autograde")])
def test_nothing_is_kept_when_the_answers_are_not_the_learners(monkeypatch, tmp_path, variable, value):
    monkeypatch.setenv(variable, value)
    ex = Exercise("forced-moves", 2026, "s001")
    with warnings.catch_warnings():
        warnings.simplefilter("error")                              # and no warning about it
        assert ex.check(1, right_answer(ex.unmasked_question(1))).correct
    monkeypatch.delenv(variable)
    monkeypatch.setenv("BGLEARN_PROGRESS", str(tmp_path / "progress.sqlite"))
    assert _tally() == {}


def test_off_is_said_plainly_by_the_progress_command(monkeypatch):
    monkeypatch.setenv("BGLEARN_PROGRESS", "off")
    with pytest.raises(ProgressError, match="BGLEARN_PROGRESS is set to off"):
        progress()
    done = subprocess.run([sys.executable, "-m", "bglearn", "progress", "show"], capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == ["bglearn progress: progress is not kept here: BGLEARN_PROGRESS is set to off."]


def test_the_graders_sandbox_runs_with_progress_off():
    problem = sandbox_problem()
    if problem:
        pytest.skip(problem)
    script = "import json, os; print(json.dumps(os.environ.get('BGLEARN_PROGRESS')))"
    outcome = run(["-c", script], b"", Limits())
    assert [json.loads(line) for line in outcome.lines] == ["off"]
