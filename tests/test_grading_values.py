"""What a run reports and what the grader reads back: every answer ``check()`` accepts reaches the
grader as the same value (``bglearn.WHITE`` included), and anything else is refused, bounded."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bglearn import RED, WHITE, Player
from bglearn.exercises import EXERCISES, load_exercise
from bglearn.grading.codec import MAX_CHARS, decode, encode
from bglearn.grading.synthetic import right_answer, wrong_answer


def _roundtrip(value):
    return decode(json.loads(json.dumps(encode(value))))


def _same(a, b) -> bool:
    if type(a) is not type(b):
        return False
    if isinstance(a, float) and math.isnan(a):
        return math.isnan(b)
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return a == b


hashable = st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=20), st.sampled_from([WHITE, RED]))
values = st.recursive(
    st.one_of(hashable, st.floats(allow_nan=True)),
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.lists(inner, max_size=5).map(tuple),
                            st.frozensets(hashable, max_size=5).map(set),
                            st.dictionaries(hashable, inner, max_size=5)),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(values)
def test_plain_values_reach_the_grader_unchanged(value):
    kind, back = _roundtrip(value)
    assert kind == "ok"
    assert _same(value, back)


def test_colours_are_the_engines_colours():
    assert _roundtrip(WHITE) == ("ok", Player.WHITE)
    assert _roundtrip((RED, 2)) == ("ok", (Player.RED, 2))
    assert _roundtrip({WHITE: [RED]}) == ("ok", {Player.WHITE: [Player.RED]})


class _Text(str):
    def __str__(self):
        return "forged"

    def __eq__(self, other):
        return True

    __hash__ = str.__hash__


class _Anything:
    def __eq__(self, other):
        return True


def test_subclasses_are_read_as_their_base_type_and_objects_are_refused():
    assert _roundtrip(_Text("24/18 13/11")) == ("ok", "24/18 13/11")
    assert _roundtrip(_Anything()) == ("unsupported", "_Anything")
    assert _roundtrip(open) == ("unsupported", "builtin_function_or_method")


def test_huge_or_deep_answers_are_refused_cheaply():
    assert _roundtrip(["24/18 13/11"] * 220_000) == ("too_large", None)
    assert _roundtrip("x" * (MAX_CHARS + 1)) == ("too_large", None)
    deep: list = []
    for _ in range(50):
        deep = [deep]
    assert _roundtrip(deep) == ("too_large", None)
    cycle: list = []
    cycle.append(cycle)
    assert _roundtrip(cycle) == ("too_large", None)


@pytest.mark.parametrize("data", [
    {"v": {"list": [1], "tuple": [2]}}, {"v": {"eval": "1"}}, {"v": {"player": 2}}, {"v": {"player": True}},
    {"v": {"dict": [[{"list": [1]}, 2]]}}, {"v": {"int": "9" * 5000}}, {"x": 1}, [1], "v", None,
])
def test_anything_the_encoder_cannot_make_is_invalid(data):
    assert decode(data)[0] == "invalid"


@pytest.mark.parametrize("exercise", sorted(EXERCISES))
def test_every_answer_form_check_accepts_the_grader_accepts(exercise):
    for student in ("ana", "ben", "cy"):
        ex = load_exercise(exercise, 2026, student)
        for n, q in enumerate(ex.questions, 1):
            forms = [right_answer(q), right_answer(q, 1), wrong_answer(q), None]
            a = right_answer(q)
            if isinstance(a, list):
                forms += [tuple(a), set(a) if all(isinstance(x, (str, int)) for x in a) else a]
            if isinstance(a, str) and a.lower() in ("white", "red"):
                forms.append(WHITE if a.lower() == "white" else RED)
            if isinstance(a, tuple) and a and str(a[0]).lower() in ("white", "red"):
                forms.append((WHITE if str(a[0]).lower() == "white" else RED,) + a[1:])
            for form in forms:
                kind, back = _roundtrip(form)
                assert kind == "ok", (exercise, n, form)
                mine, theirs = q.check(form, n), q.check(back, n)
                assert (mine.points, mine.correct, mine.status) == (theirs.points, theirs.correct, theirs.status), \
                    (exercise, n, form)


def test_the_grader_bounds_what_it_decodes_itself():
    """A run is not trusted to bound its answers: a forged report with a million items is refused."""
    forged = {"v": {"list": ["24/18 13/11"] * 1_000_000}}
    assert decode(forged) == ("too_large", None)
    assert decode({"v": "x" * (MAX_CHARS + 1)}) == ("too_large", None)
    deep: dict = {"v": None}
    for _ in range(40):
        deep = {"v": {"list": [deep["v"]]}}
    assert decode(deep) == ("too_large", None)


def test_colours_written_as_bglearn_constants_score_in_the_real_grader(tmp_path):
    """End to end, through the sandbox: `bglearn.WHITE` / `RED` (alone or in a tuple) earn the points
    `check()` gives them in the notebook (the old grader read them as 0)."""
    from bglearn.grading import grade
    from bglearn.grading.synthetic import _set_answer, make_class

    make_class(tmp_path, "setup", seed=11, size=2, kinds=("perfect",))
    ex = load_exercise("setup", 11, "s01")
    path = tmp_path / "submissions" / "s01" / "setup.ipynb"
    nb = json.loads(path.read_text())
    changed = []
    for n, q in enumerate(ex.questions, 1):
        a = q.example_answer()
        colour = a[0] if isinstance(a, tuple) else a
        if colour in ("White", "Red"):
            name = "bglearn." + colour.upper()
            source = f"({name}, {a[1]!r})" if isinstance(a, tuple) else name
            _set_answer(nb, n, f"import bglearn\nanswer_{n} = {source}")
            player = WHITE if colour == "White" else RED
            assert q.check((player, a[1]) if isinstance(a, tuple) else player, n).correct
            changed.append(n)
    assert changed
    path.write_text(json.dumps(nb))
    report = grade(tmp_path / "submissions", tmp_path / "g.csv")
    result = report.by_student()[("s01", "setup")]
    assert result.total == ex.max_points, result.notes
    assert not result.notes
