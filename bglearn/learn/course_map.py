"""``CourseMap``: every lesson and stage of the course, the learner's stars, what is next (issue 25).

The map is plain HTML (lists with real text, links relative to the lessons' folder), so it shows the
same in JupyterLab, Notebook 7, the zero-install website and a notebook opened without a kernel. Each
stage says its state in words, not by colour alone: *done* (with its stars), *next* (the "where you
are" pointer: the first stage not done after the furthest one done), *skipped* (not done, but a later
one is), or *ahead* (not open yet; a learner may skip ahead). Section checks (quizzes) are marked, and
each graded exercise comes after the lessons it needs (``notebooks/src/course.toml``). Once the learner
has answered something, the map ends with their mastery per rule (:mod:`bglearn.learn.picture`). Displayed with a
running kernel, the map redraws itself whenever the progress changes (``progress().on_change``).

>>> from bglearn.learn.course_map import CourseMap, stage_states
>>> stage_states(["01.1", "01.2", "02.1"], {"01.2": 3})
{'01.1': 'skipped', '01.2': 'done', '02.1': 'next'}
>>> "<ul" in CourseMap("en").html({})
True
"""

from __future__ import annotations

import html
import uuid
from typing import Any, Mapping

from ..i18n import _, ngettext, using_language
from .goal_board import open_progress, stars_picture, stars_words
from .plan import CoursePlan, LessonPlan, StagePlan, course_plan

__all__ = ["CourseMap", "stage_states"]


def stage_states(order: list[str], stars: Mapping[str, int]) -> dict[str, str]:
    """Each stage's state (``done``, ``next``, ``skipped``, ``ahead``) from the stages in course order and
    the stars kept for the finished ones."""
    done = [i for i, s in enumerate(order) if stars.get(s, 0) > 0]
    furthest = done[-1] if done else -1
    states: dict[str, str] = {}
    next_found = False
    for i, stage in enumerate(order):
        if stars.get(stage, 0) > 0:
            states[stage] = "done"
        elif i < furthest:
            states[stage] = "skipped"
        elif not next_found:
            states[stage], next_found = "next", True
        else:
            states[stage] = "ahead"
    return states


def _state_words(state: str, stars: int) -> str:
    if state == "done":
        # Translators: a stage's state on the course map; {stars} is e.g. "2 of 3 stars".
        return _("done, {stars}").format(stars=stars_words(stars))
    return {"next": _("next: you are here"), "skipped": _("skipped, not done yet"),
            "ahead": _("not open yet (you may skip ahead)")}[state]


class CourseMap:
    """The course map in ``lang`` (default: the current language). Display it in a notebook; read it as
    HTML with :meth:`html`. ``CourseMap().next_stage()`` is where the learner is."""

    def __init__(self, lang: str | None = None) -> None:
        self.lang = lang
        self.plan: CoursePlan = course_plan(lang)
        self._display_ids: list[str] = []
        self._listening = False

    # -- the learner's progress ---------------------------------------------------------------------
    def kept_stars(self) -> dict[str, int]:
        """Stage id -> best stars kept (finished stages only); empty when no progress can be read."""
        store = open_progress()
        if store is None:
            return {}
        try:
            return {stage: int(record.stars) for stage, record in store.stages().items()}
        except Exception:
            return {}

    def next_stage(self, stars: Mapping[str, int] | None = None) -> StagePlan | None:
        """The stage the learner should do next (None when every stage is done)."""
        stars = self.kept_stars() if stars is None else stars
        states = stage_states(self.plan.stage_ids(), stars)
        stage = next((s for s, state in states.items() if state == "next"), None)
        return self.plan.stage(stage) if stage else None

    # -- drawing ----------------------------------------------------------------------------------
    def html(self, stars: Mapping[str, int] | None = None) -> str:
        """The map as HTML, for ``stars`` (stage id -> stars; default: the learner's kept stars)."""
        picture = self._mastery_picture() if stars is None else ""
        stars = self.kept_stars() if stars is None else dict(stars)
        with using_language(self.lang or self.plan.language):
            page = self._html(stars)
            if picture:
                page = page.replace("</nav>", f'<h3>{html.escape(_("Mastery by rule"))}</h3>'
                                              f'<div class="bglearn-map-mastery">{picture}</div></nav>')
            return page

    def _mastery_picture(self) -> str:
        """The learner's mastery per rule as an ``<img>`` (``""`` before any answer is recorded)."""
        store = open_progress()
        if store is None:
            return ""
        try:
            mastery = store.mastery()
            if not mastery:
                return ""
            from ..diagram import svg_image
            from .picture import mastery_svg

            with using_language(self.lang or self.plan.language):
                return svg_image(mastery_svg(mastery))
        except Exception:
            return ""

    def _html(self, stars: Mapping[str, int]) -> str:
        states = stage_states(self.plan.stage_ids(), stars)
        here = self.next_stage(stars)
        total = len(states)
        done = sum(1 for s in states.values() if s == "done")
        parts = ['<nav class="bglearn-course-map" aria-label="' + html.escape(_("Course map")) + '">',
                 f"<h2>{html.escape(_('Course map'))}</h2>",
                 "<p>" + html.escape(ngettext("{done} of {total} stage done.", "{done} of {total} stages done.",
                                              total).format(done=done, total=total)) + "</p>"]
        if here is not None:
            lesson = self.plan.lesson_of(here.id)
            assert lesson is not None
            parts.append('<p class="bglearn-map-here"><strong>' + html.escape(_("Where you are:")) + "</strong> "
                         f'<a href="{html.escape(lesson.notebook)}">'
                         + html.escape(_("stage {stage}, {title}").format(stage=here.id, title=here.title))
                         + "</a></p>")
        elif total:
            parts.append('<p class="bglearn-map-here">' + html.escape(_("Every stage is done. Well played!")) + "</p>")
        parts.append('<ul class="bglearn-map-lessons">')  # unnumbered: each title carries its number
        for lesson in self.plan.lessons:
            parts.append(self._lesson_html(lesson, states, stars))
        parts.append("</ul></nav>")
        return "".join(parts)

    def _lesson_html(self, lesson: LessonPlan, states: Mapping[str, str], stars: Mapping[str, int]) -> str:
        ids = [s.id for s in lesson.stages]
        done = sum(1 for s in ids if states.get(s) == "done")
        out = [f'<li class="bglearn-map-lesson" data-lesson="{lesson.id}">'
               f'<a href="{html.escape(lesson.notebook)}">{html.escape(lesson.title)}</a>']
        if ids:
            out.append(" <span>(" + html.escape(ngettext("{done} of {total} stage done", "{done} of {total} stages done",
                                                         len(ids)).format(done=done, total=len(ids))) + ")</span>")
        items = []
        for stage in lesson.stages:
            state = states.get(stage.id, "ahead")
            n = stars.get(stage.id, 0)
            kind = html.escape(_("Section check")) + ": " if stage.kind == "check" else ""
            current = ' aria-current="step"' if state == "next" else ""
            sign = {"done": f'<span aria-hidden="true">{stars_picture(n)}</span> ', "next": '<span aria-hidden="true">▶</span> '}
            items.append(f'<li class="bglearn-map-stage bglearn-map-{state}" data-stage="{stage.id}"{current}>'
                         + sign.get(state, "") + f"{stage.id} · {kind}{html.escape(stage.title)} — "
                         + f"<em>{html.escape(_state_words(state, n))}</em></li>")
        for exercise in lesson.exercises:
            items.append(f'<li class="bglearn-map-exercise" data-exercise="{html.escape(exercise.name)}">'
                         + html.escape(_("Graded exercise:")) + f' <a href="{html.escape(exercise.href)}">'
                         + html.escape(exercise.title) + "</a></li>")
        if items:
            out.append('<ul class="bglearn-map-stages">' + "".join(items) + "</ul>")
        out.append("</li>")
        return "".join(out)

    # -- notebooks ----------------------------------------------------------------------------------
    def _bundle(self) -> dict[str, str]:
        return {"text/html": self.html(), "text/plain": repr(self)}

    def _repr_html_(self) -> str:
        return self.html()

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display_id = uuid.uuid4().hex
        self._display_ids.append(display_id)
        display(self._bundle(), raw=True, display_id=display_id)
        self._listen()

    def _listen(self) -> None:
        if self._listening:
            return
        store = open_progress()
        if store is None:
            return
        try:
            store.on_change(self.redraw)
            self._listening = True
        except Exception:
            return

    def redraw(self, *_args: Any) -> None:
        """Show the map as the progress is now, wherever it is displayed."""
        if not self._display_ids:
            return
        from IPython.display import update_display

        bundle = self._bundle()
        for display_id in self._display_ids:
            update_display(bundle, raw=True, display_id=display_id)

    def __repr__(self) -> str:
        stars = self.kept_stars()
        done = sum(1 for s in self.plan.stage_ids() if stars.get(s, 0) > 0)
        return f"CourseMap({self.plan.language}, {done} of {len(self.plan.stage_ids())} stages done)"
