"""The course map (issue 25): every lesson and stage with its state in words, where the learner is, the
graded exercises after the lessons they need, links that work from the lessons' folder, and a redraw
when the progress changes."""

from __future__ import annotations

import re

import pytest

from bglearn.learn import CourseMap, progress
from bglearn.learn.course_map import stage_states
from bglearn.learn.plan import course_plan


@pytest.fixture(autouse=True)
def fresh_progress(tmp_path, monkeypatch):
    monkeypatch.setenv("BGLEARN_PROGRESS", str(tmp_path / "progress.sqlite"))


def _stages(n: int = 3) -> list[str]:
    ids = course_plan("en").stage_ids()
    if len(ids) < n:
        pytest.skip("the lessons declare fewer stages than this test needs")
    return ids[:n]


def test_states_next_skipped_and_ahead():
    assert stage_states(["a", "b", "c", "d"], {}) == {"a": "next", "b": "ahead", "c": "ahead", "d": "ahead"}
    assert stage_states(["a", "b", "c", "d"], {"a": 3, "c": 1}) == {"a": "done", "b": "skipped", "c": "done",
                                                                     "d": "next"}


def test_a_new_learner_is_pointed_at_the_first_stage_and_nothing_is_done():
    first = _stages(1)[0]
    page = CourseMap("en").html()
    assert "Where you are:" in page and f"stage {first}," in page
    assert f'data-stage="{first}" aria-current="step"' in page
    assert "★" not in page  # no stars anywhere
    assert repr(CourseMap("en")).startswith("CourseMap(en, 0 of ")


def test_a_finished_stage_shows_its_stars_in_words_and_the_next_one_opens():
    first, second, third = _stages(3)
    progress().finish_stage(first, 2, attempts=2)
    page = CourseMap("en").html()
    item = re.search(rf'<li[^>]*data-stage="{re.escape(first)}".*?</li>', page).group(0)
    assert "★★☆" in item and "done, 2 of 3 stars" in item
    assert f'data-stage="{second}" aria-current="step"' in page
    progress().finish_stage(third, 3, attempts=1)
    page = CourseMap("en").html()
    item = re.search(rf'<li[^>]*data-stage="{re.escape(second)}".*?</li>', page).group(0)
    assert "skipped, not done yet" in item


def test_every_lesson_is_linked_relative_to_the_lessons_folder_and_exercises_follow_their_lessons():
    page = CourseMap("en").html()
    lessons = re.findall(r'<li class="bglearn-map-lesson" data-lesson="(\d\d)"><a href="([^"]+)"', page)
    assert [href for _n, href in lessons][:2] == ["00-welcome.ipynb", "01-board-and-setup.ipynb"]
    assert len(lessons) == 11
    order = re.findall(r'data-lesson="(\d\d)"|data-exercise="([\w-]+)"', page)
    flat = [lesson or exercise for lesson, exercise in order]
    assert flat.index("bar-entry") > flat.index("04") and flat.index("bar-entry") < flat.index("05")
    assert flat.index("cube-and-scoring") > flat.index("08") and flat.index("cube-and-scoring") < flat.index("09")
    assert 'href="../exercises/bar-entry.ipynb"' in page


def test_the_map_speaks_the_learners_language():
    page = CourseMap("es").html()
    assert 'href="../../exercises/es/setup.ipynb"' in page
    assert "Lección 1" in page


def test_the_displayed_map_redraws_when_progress_changes(monkeypatch):
    first = _stages(1)[0]
    shown: list[str] = []
    from IPython import display as ipd

    monkeypatch.setattr(ipd, "display", lambda obj, **kw: shown.append(obj["text/html"]))
    monkeypatch.setattr(ipd, "update_display", lambda obj, **kw: shown.append(obj["text/html"]))
    course = CourseMap("en")
    course._ipython_display_()
    assert "★" not in shown[-1]
    progress().finish_stage(first, 3, attempts=1)
    assert len(shown) >= 2 and "★★★" in shown[-1]


def test_after_answers_the_map_ends_with_the_mastery_picture():
    assert "Mastery by rule" not in CourseMap("en").html()
    progress().record(["BAR_FIRST"], False, source="quiz")
    page = CourseMap("en").html()
    assert "Mastery by rule" in page and '<img' in page.split("Mastery by rule")[1]
