"""The course plan (issue 25): extracted from the lesson sources by notebooks/build.py, shipped as
bglearn/learn/plans/<lang>.json, read by bglearn.learn.plan; bad stage ids fail the build clearly."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest


from bglearn.i18n import LANGUAGES, TRANSLATED
from bglearn.learn.plan import PLANS, PlanError, course_plan

ROOT = Path(__file__).resolve().parent.parent


def _build_module():
    spec = importlib.util.spec_from_file_location("lessons_build_plan", ROOT / "notebooks" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BUILD = _build_module()

LESSON = """---
jupytext:
  text_representation:
    format_name: myst
---

# Lesson 7 · Test

## First section

```{{code-cell}}
{first}
```

## Second section

```{{code-cell}}
{second}
```
"""


def _lesson(tmp_path: Path, first: str, second: str = "x = 1", name: str = "07-test.md") -> Path:
    path = tmp_path / name
    path.write_text(LESSON.format(first=first, second=second), encoding="utf-8")
    return path


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_shipped_plan_is_the_one_the_sources_give(lang):
    shipped = (PLANS / f"{lang}.json").read_text(encoding="utf-8")
    assert shipped == BUILD.plan_text(lang), f"the course plan is out of date: python notebooks/build.py --plan --lang {lang}"


def test_stages_are_taken_from_goal_boards_and_quizzes_with_their_section(tmp_path):
    path = _lesson(tmp_path, 'GoalBoard("07.1", goals.Hit(), position=p, roll="31", text="Hit it.", title="Hit")',
                   'NumberQuiz.pip_count(p, WHITE, "What is the pip count?", stage="07.2")\nPlayQuiz(p, "31")')
    title, stages = BUILD.lesson_stages(path)
    assert title == "Lesson 7 · Test"
    assert stages == [
        {"id": "07.1", "title": "Hit", "section": "First section", "kind": "board"},
        {"id": "07.2", "title": "What is the pip count?", "section": "Second section", "kind": "check"},
    ]


@pytest.mark.parametrize("code, problem", [
    ('GoalBoard("7.1", goals.Hit(), position=p, text="t")', "stage id like"),
    ('GoalBoard(stage_id, goals.Hit(), position=p, text="t")', "got stage_id"),
    ('ChoiceQuiz("q", ["a", "b"], "a", stage="07")', "stage id like"),
    ('GoalBoard("03.1", goals.Hit(), position=p, text="t")', "belongs to lesson 03"),
])
def test_a_malformed_stage_id_fails_the_build_naming_the_file(tmp_path, code, problem):
    path = _lesson(tmp_path, code)
    with pytest.raises(BUILD.BuildError, match=problem) as info:
        BUILD.lesson_stages(path)
    assert "07-test.md" in str(info.value)


def test_a_stage_id_used_twice_in_the_course_fails_the_build(tmp_path, monkeypatch):
    src = tmp_path / "src"
    src.mkdir()
    _lesson(src, 'GoalBoard("07.1", goals.Hit(), position=p, text="t")',
            'GoalBoard("07.1", goals.Hit(), position=p, text="u")')
    course = tmp_path / "course.toml"
    course.write_text('lessons = ["07-test"]\n[exercises]\n', encoding="utf-8")
    monkeypatch.setattr(BUILD, "SRC", src)
    monkeypatch.setattr(BUILD, "COURSE", course)
    with pytest.raises(BUILD.BuildError, match="stage 07.1 is declared twice"):
        BUILD.extract_plan("en")


def test_course_toml_places_each_graded_exercise_after_the_lessons_it_needs():
    plan = course_plan("en")
    after = {e.name: lesson.id for lesson in plan.lessons for e in lesson.exercises}
    assert after == {"setup": "02", "bar-entry": "04", "forced-moves": "05", "bearing-off": "05",
                     "cube-and-scoring": "08", "long-nardy": "10"}
    assert [lesson.notebook[:2] for lesson in plan.lessons] == [f"{n:02d}" for n in range(11)]


def test_course_toml_reads_the_same_without_tomllib():
    text = BUILD.COURSE.read_text(encoding="utf-8")
    tomllib = pytest.importorskip("tomllib")
    assert BUILD._simple_toml(text) == tomllib.loads(text)


def test_translated_plans_link_to_their_own_exercises_and_keep_the_stage_ids():
    english = course_plan("en")
    for lang in TRANSLATED:
        plan = course_plan(lang)
        hrefs = [e.href for lesson in plan.lessons for e in lesson.exercises]
        assert all(h.startswith(f"../../exercises/{lang}/") for h in hrefs)
        assert plan.language == lang and len(plan.lessons) == len(english.lessons)


def test_previous_stage_is_the_one_before_in_the_same_lesson():
    plan = course_plan("en")
    lesson = next(lesson for lesson in plan.lessons if len(lesson.stages) >= 2)
    first, second = lesson.stages[0].id, lesson.stages[1].id
    assert plan.previous(second) == first and plan.previous(first) is None


def test_a_broken_plan_file_is_named(tmp_path, monkeypatch):
    from bglearn.learn import plan as plan_module

    bad = tmp_path / "plans"
    bad.mkdir()
    (bad / "en.json").write_text(json.dumps({"language": "en"}), encoding="utf-8")
    monkeypatch.setattr(plan_module, "PLANS", bad)
    with pytest.raises(PlanError, match="en.json.*not a course plan"):
        course_plan("en")
    with pytest.raises(PlanError, match="no course in the language"):
        course_plan("de")
