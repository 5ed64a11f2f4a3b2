"""What the course's questions ask of a learner, counted over every lesson quiz and every question of a
typical exercise handout (about 90 in all): at most 5 ask again what was just printed (``recall``) and at
least 15 carry the rules into a new kind of situation (``transfer``), as issue 26 asks; and no prompt, in
any language, gives the answer away ("this is the Crawford game", "Mind the forced-move rules", "of the
rule 2 kind").

A lesson quiz's level is its cell's MyST tag (``recall``, ``apply`` or ``transfer``) in
``notebooks/src/*.md``; an exercise question's is its class's :attr:`~bglearn.exercises.questions.Question.level`.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from bglearn.exercises import EXERCISES, generate
from bglearn.exercises.prose import ProseError, exercise_prose
from bglearn.exercises.questions import LEVELS, QUESTION_KINDS
from bglearn.i18n import LANGUAGES, using_language

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "notebooks" / "src"

MOST_RECALL = 5
LEAST_TRANSFER = 15

GIVE_AWAY: dict[str, tuple[str, ...]] = {
    "en": ("this is the Crawford game", "the Crawford game has already been played", "Mind the forced-move rules",
           "Mind the points the opponent holds", "of the rule 2 kind"),
    "es": ("esta es la partida Crawford", "la partida Crawford ya se ha jugado",
           "Cuidado con las reglas de jugada obligada", "Cuidado con los puntos que ocupa el rival",
           "del tipo de la regla 2"),
    "fi": ("tämä on Crawford-peli", "Crawford-peli on jo pelattu", "Muista pakkosiirtojen säännöt",
           "Huomaa vastustajan hallussa olevat kiilat", "säännön 2 kaltainen"),
    "ro": ("aceasta e partida Crawford", "partida Crawford s-a jucat deja", "Ai grijă la regulile mutării forțate",
           "Ai grijă la punctele ținute de adversar", "de felul regulii 2"),
}
"""Phrases that tell a learner which rule decides the answer, in each language as the catalogs and
lessons had them (every language's rendering is checked against all four lists)."""

_CELL = re.compile(r"```\{code-cell\}[^\n]*\n(?P<body>.*?)```", re.S)
_TAGS = re.compile(r"^:tags:\s*\[(?P<tags>[^\]]*)\]", re.M)


def _lesson_sources(lang: str) -> list[Path]:
    folder = LESSONS if lang == "en" else LESSONS / lang
    return sorted(folder.glob("[0-9][0-9]-*.md"))


def quiz_cells(path: Path) -> list[tuple[str, list[str], str]]:
    """Each quiz cell of a lesson source: ``(source, tags, the Markdown before it)``. A quiz cell is a
    code cell that builds a quiz (``...Quiz(``)."""
    text = path.read_text(encoding="utf-8")
    out = []
    end = 0
    for m in _CELL.finditer(text):
        before, end = text[end:m.start()], m.end()
        body = m.group("body")
        if not re.search(r"\b\w*Quiz\(", body):
            continue
        tags = _TAGS.search(body)
        names = [t.strip().strip("'\"") for t in tags.group("tags").split(",")] if tags else []
        out.append((body, names, before))
    return out


def lesson_levels() -> Counter[str]:
    """The lesson quizzes by level (English sources: the other languages are the same cells)."""
    levels: Counter[str] = Counter()
    for path in _lesson_sources("en"):
        for _body, tags, _before in quiz_cells(path):
            for tag in set(tags) & set(LEVELS):
                levels[tag] += 1
    return levels


@pytest.fixture(scope="module")
def handout():
    """A typical handout of every exercise: one student's variants."""
    return {name: generate(name, 2026, "typical") for name in EXERCISES}


def test_every_question_kind_states_its_level():
    for kind, cls in QUESTION_KINDS.items():
        assert cls.__dict__.get("level") in LEVELS, kind


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_lesson_quiz_has_exactly_one_level(lang):
    untagged = []
    for path in _lesson_sources(lang):
        for body, tags, _before in quiz_cells(path):
            if len(set(tags) & set(LEVELS)) != 1:
                untagged.append(f"{path.relative_to(ROOT)}: {body.splitlines()[0][:60]!r} tags {tags}")
    assert not untagged, "\n".join(untagged)


def test_few_questions_ask_again_what_was_just_printed_and_many_ask_for_transfer(handout):
    exercises = Counter(q.level for qs in handout.values() for q in qs)
    lessons = lesson_levels()
    total = exercises + lessons
    assert sum(lessons.values()) >= 20 and sum(exercises.values()) >= 50, (lessons, exercises)
    assert total["recall"] <= MOST_RECALL, (lessons, exercises)
    assert total["transfer"] >= LEAST_TRANSFER, (lessons, exercises)


def test_the_balance_counts_what_it_claims(tmp_path):
    """The counter reads a quiz cell's tag and skips cells that build no quiz."""
    lesson = tmp_path / "01-x.md"
    lesson.write_text("Text.\n\n```{code-cell}\n:tags: [recall]\nChoiceQuiz('Q?', ['a'], 'a')\n```\n\n"
                      "```{code-cell}\n:tags: [transfer]\nprint(1)\n```\n", encoding="utf-8")
    assert [tags for _b, tags, _m in quiz_cells(lesson)] == [["recall"]]


def _exercise_prompts(handout, lang: str) -> list[str]:
    with using_language(lang):
        texts = [q.prompt() for qs in handout.values() for q in qs]
        for name in EXERCISES:
            try:
                prose = exercise_prose(name, lang)
            except ProseError:  # an exercise without prose in this language shows the English
                continue
            texts.append(prose.intro)
    return texts


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_prompt_gives_the_answer_away(handout, lang):
    texts = _exercise_prompts(handout, lang)
    for path in _lesson_sources(lang):
        for body, _tags, before in quiz_cells(path):
            texts.append(body + "\n" + before[-600:])
    phrases = [p.lower() for group in GIVE_AWAY.values() for p in group]
    found = [(p, t[:120]) for t in texts for p in phrases if p in " ".join(t.lower().split())]
    assert not found, found


def test_the_give_away_check_sees_a_give_away():
    from bglearn import Position
    from bglearn.exercises.questions import MayDouble

    q = MayDouble(Position(), match_length=5, score=(4, 2), crawford=True, games_since=1)
    text = q.prompt().lower()
    assert "previous game" in text and not any(p.lower() in text for p in GIVE_AWAY["en"])
    assert any(p.lower() in "A 5-point match (this is the Crawford game).".lower() for p in GIVE_AWAY["en"])
