"""Review (issue 25): fresh questions on exactly the rules a learner missed and that are due, weakest first,
new each day and the same all day, answered in a form that records the answer; mastery per rule as an
accessible picture; ``bglearn review`` writes a review notebook that runs."""

from __future__ import annotations

import json
import re
from datetime import datetime, timedelta, timezone

import pytest

from bglearn import set_language
from bglearn.cli import main as cli
from bglearn.errors import BglearnError
from bglearn.learn import mastery_picture, review
from bglearn.learn.reviews import questions_for, review_items
from bglearn.learn.store import Progress
from bglearn.variants import find_variant

T0 = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)
DAY = timedelta(days=1)


@pytest.fixture
def store(tmp_path):
    p = Progress.open(tmp_path / "progress.sqlite")
    yield p
    p.close()


def _missed(store: Progress, *rules: str, at: datetime = T0) -> None:
    for rule in rules:
        store.record([rule], False, source="quiz", now=at)


def test_review_asks_on_the_rules_missed_weakest_first(store):
    store.record(["GAMMON"], True, source="quiz", now=T0)             # known: box 2, due tomorrow
    _missed(store, "BAR_FIRST", "CRAWFORD")
    store.record(["BAR_FIRST"], True, source="quiz", now=T0)           # then right: box 2, due tomorrow
    items = review_items(5, store=store, now=T0)
    assert [i.rule for i in items] == ["CRAWFORD"]                     # BAR_FIRST moved to box 2, due tomorrow
    items = review_items(5, store=store, now=T0 + DAY)
    assert [i.rule for i in items] == ["CRAWFORD", "BAR_FIRST", "GAMMON"]
    for item in items:
        assert item.rule in item.question.rules()                      # each question tests its rule
    assert len(review_items(2, store=store, now=T0 + DAY)) == 2


def test_the_questions_are_new_each_day_and_the_same_all_day():
    morning, evening = questions_for("BLOCKED", T0), questions_for("BLOCKED", T0 + timedelta(hours=10))
    assert morning.spec() == evening.spec()
    specs = {json.dumps(questions_for("BLOCKED", T0 + k * DAY).spec(), sort_keys=True) for k in range(4)}
    assert len(specs) >= 3


def test_long_nardy_rules_are_reviewed_on_long_nardy_positions():
    nardy = find_variant("long-nardy")
    for rule in ("HEAD_RULE", "OIN_MARS", "CLOSED_POINT"):
        question = questions_for(rule, T0)
        assert isinstance(question.position, nardy) and rule in question.rules()


def test_a_rule_no_exercise_asks_on_is_listed_to_read_again(store):
    _missed(store, "NO_CHECKER", "BLOCKED")
    items = review_items(5, store=store, now=T0)
    assert [(i.rule, i.question is None) for i in items] == [("BLOCKED", False), ("NO_CHECKER", True)]
    widget = review(store=store, now=T0)
    page = widget.static_bundle()["text/html"]
    assert "Read the rule again: You can only move your own checkers" in page


def test_answers_in_the_review_are_recorded_and_move_the_rule_up(store):
    _missed(store, "BEAR_OFF_HIGHER_POINT", "MAY_DOUBLE")
    widget = review(store=store)
    first, second = widget.forms
    rule_one, rule_two = (i.rule for i in widget.items)
    assert first.respond(first.question.example_answer()).correct
    wrong = next(label for label, value in second.question.answer_choices()
                 if not second.question.check(value).correct) if second.question.answer_choices() else "no play"
    assert not second.respond(wrong).correct
    m = store.mastery()
    assert (m[rule_one].box, m[rule_one].right) == (2, 1)
    assert (m[rule_two].box, m[rule_two].wrong) == (1, 2)
    assert [a.source for a in store.answers()][-2:] == ["review", "review"]


def test_nothing_due_says_when_the_next_review_is(store):
    page = review(store=store, now=T0).static_bundle()["text/html"]
    assert "Nothing to review yet" in page
    store.record(["ENTERING"], True, source="quiz", now=T0)
    page = review(store=store, now=T0).static_bundle()["text/html"]
    assert "Nothing is due for review now" in page and "2026-12-02" in page


@pytest.mark.parametrize("n", [0, 21, "5", True])
def test_a_review_of_a_strange_size_is_refused(store, n):
    with pytest.raises(BglearnError, match="the number of questions in a review is 1 to 20"):
        review_items(n, store=store)


def test_the_review_shows_each_question_with_its_board_where_no_kernel_runs(store):
    _missed(store, "ENTERING")
    page = review(store=store, now=T0).static_bundle()["text/html"]
    assert "Entering from the bar — so far 0 right, 1 wrong (box 1 of 5)" in page
    assert page.count('<img src="data:image/svg+xml;base64,') == 1
    assert "**" not in page                                              # the task's Markdown is shown as HTML


def test_the_mastery_picture_shows_every_rule_weakest_first_and_describes_itself(store):
    store.record(["GAMMON"], True, source="quiz", now=T0)
    _missed(store, "BAR_FIRST")
    store.record(["OIN_MARS"], True, source="quiz", now=T0)
    store.record(["OIN_MARS"], False, source="quiz", now=T0 + timedelta(minutes=1))
    svg = str(mastery_picture(store, now=T0 + timedelta(hours=1)))
    assert svg.startswith("<svg") and 'role="img"' in svg
    assert "<title>Your mastery, rule by rule</title>" in svg
    assert re.search(r"<desc>3 rules answered on; 2 due for review\. ", svg)
    rows = re.findall(r'data-rule="([A-Z_]+)"', svg)
    assert rows == ["BAR_FIRST", "OIN_MARS", "GAMMON"]
    assert "Long Nardy: oin and mars: 1 right, 1 wrong; box 1 of 5; due for review now" in svg
    assert "A gammon: 1 right, 0 wrong; box 2 of 5; next review on 2026-12-02" in svg


def test_the_mastery_picture_of_no_answers_says_what_will_appear(store):
    svg = str(mastery_picture(store))
    assert "No answers yet" in svg and "data-rule" not in svg


def test_the_mastery_picture_speaks_the_learners_language(store):
    """Passes once the store's translations (notes/store_i18n.po) are merged into the catalogs."""
    _missed(store, "BAR_FIRST")
    svg = str(mastery_picture(store, lang="es", now=T0))
    assert "Your mastery" not in svg and "Enter from the bar first" not in svg
    set_language(None)


def test_bglearn_review_writes_a_review_notebook_in_the_course_copy(tmp_path, capsys):
    assert cli(["review", "--dir", str(tmp_path / "course"), "--lang", "fi"]) == 0
    path = tmp_path / "course" / "notebooks" / "fi" / "review.ipynb"
    nb = json.loads(path.read_text(encoding="utf-8"))
    code = [c["source"] for c in nb["cells"] if c["cell_type"] == "code"]
    assert code == ['from bglearn.learn import mastery_picture, review\n\nreview(5, lang="fi")',
                    'mastery_picture(lang="fi")']
    assert cli(["review", "--dir", str(tmp_path / "course"), "--lang", "fi"]) == 0   # there: left as it is
    assert "on jo olemassa" in capsys.readouterr().out   # "is already there", in the language asked for
    assert cli(["review", "--out", str(tmp_path / "review.txt")]) == 2


def test_the_review_notebook_runs_and_asks_on_the_rules_missed(tmp_path, monkeypatch):
    nbclient = pytest.importorskip("nbclient")
    import nbformat

    monkeypatch.setenv("BGLEARN_PROGRESS", str(tmp_path / "progress.sqlite"))
    learner = Progress.open(tmp_path / "progress.sqlite")
    _missed(learner, "BAR_FIRST", "GAMMON", at=datetime.now(timezone.utc))
    learner.close()
    assert cli(["review", "--out", str(tmp_path / "review.ipynb")]) == 0
    nb = nbformat.read(tmp_path / "review.ipynb", as_version=4)
    nbclient.NotebookClient(nb, timeout=120, kernel_name="python3").execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error" or o.get("name") == "stderr"]
    review_html = outputs[0]["data"]["text/html"]
    assert "Review: 2 questions on the rules you are due to practise" in review_html
    assert "Enter from the bar first" in review_html and "A gammon" in review_html
    assert "<svg" in outputs[1]["data"]["image/svg+xml"]
