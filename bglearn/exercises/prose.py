"""The prose of the exercise notebooks, read from Markdown a teacher edits.

Every exercise has one file, ``exercises/src/<exercise>.md``: its title (the first ``# `` heading) and
its introduction (everything after it). The instructions every notebook shows under the introduction
(how to answer, what the check cells do in practice and in assessment mode, how moves are written)
are one shared file, ``exercises/src/instructions.md``, split into sections by marker lines
``<!-- section: name -->``; ``{questions}`` and ``{points}`` in it are filled in.

Translations keep the same file names under ``exercises/src/<lang>/`` (``es``, ``fi``, ``ro``);
:func:`exercise_prose` with ``lang="es"`` reads ``exercises/src/es/bearing-off.md`` and
``exercises/src/es/instructions.md``. A missing or malformed file is refused with one
:class:`ProseError` naming the file and what is wrong.

>>> prose = exercise_prose("bearing-off")
>>> prose.title
'Bearing off'
>>> sorted(prose.instructions)
['answering', 'assessment', 'notation', 'practice', 'start']
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..course_files import exercise_texts_dir
from ..errors import BglearnError
from ..i18n import LANGUAGES

__all__ = ["ProseError", "ExerciseProse", "exercise_prose", "prose_dir", "source_path", "SECTIONS",
           "INSTRUCTIONS"]

SECTIONS = ("answering", "practice", "assessment", "notation", "start")
"""The sections of ``instructions.md``, in the order a notebook shows them (one of practice and
assessment, by the notebook's mode)."""

INSTRUCTIONS = "instructions"
"""The name of the shared instructions file (``instructions.md``)."""

_SECTION = re.compile(r"^<!--\s*section:\s*([a-z-]+)\s*-->\s*$", re.M)
_COMMENT = re.compile(r"<!--.*?-->", re.S)
_FIELDS = re.compile(r"\{(questions|points)\}")


class ProseError(BglearnError):
    """An exercise text (``exercises/src/...md``) that is missing or cannot be read."""


def _check_language(lang: str) -> None:
    if lang not in LANGUAGES:
        raise ProseError(f"there are no exercise texts in {lang!r}; the languages are {', '.join(LANGUAGES)}.")


def prose_dir(lang: str = "en") -> Path:
    """The folder of the exercise texts in ``lang`` (``exercises/src`` for English,
    ``exercises/src/<lang>`` for a translation)."""
    _check_language(lang)
    return exercise_texts_dir(lang)  # package data, or a clone's exercises/src (bglearn.course_files)


def source_path(name: str, lang: str = "en") -> Path:
    """The Markdown file of exercise ``name`` (or of the shared ``instructions``) in ``lang``."""
    return prose_dir(lang) / f"{name}.md"


def _read(name: str, lang: str) -> str:
    path = source_path(name, lang)
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ProseError(f"the exercise text {path} is missing (write it in Markdown: see "
                         f"{source_path(name, 'en')} for the English one).") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ProseError(f"the exercise text {path} can't be read: {exc}") from None


def _tidy(text: str) -> str:
    """Markdown without comments, trailing spaces or blank lines at either end."""
    text = _COMMENT.sub("", text)
    lines = [line.rstrip() for line in text.splitlines()]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()


@dataclass(frozen=True)
class ExerciseProse:
    """What a notebook says about its exercise: ``title``, ``intro`` (Markdown) and the shared
    ``instructions`` by section name (Markdown with ``{questions}``/``{points}`` to fill in)."""

    name: str
    lang: str
    title: str
    intro: str
    instructions: dict[str, str] = field(default_factory=dict)

    def instructions_for(self, mode: str, questions: int, points: int) -> str:
        """The instructions of a notebook in ``mode`` with ``questions`` questions worth ``points``."""
        wanted = [s for s in SECTIONS if s not in ("practice", "assessment") or s == mode]
        values = {"questions": str(questions), "points": str(points)}
        return "\n\n".join(_FIELDS.sub(lambda m: values[m.group(1)], self.instructions[s]) for s in wanted)


def _parse_exercise(name: str, lang: str, text: str) -> tuple[str, str]:
    body = _tidy(text)
    first, _, rest = body.partition("\n")
    if not first.startswith("# ") or not first[2:].strip():
        raise ProseError(f"{source_path(name, lang)} must start with the exercise's title as a "
                         f"'# Title' heading.")
    intro = rest.strip()
    if not intro:
        raise ProseError(f"{source_path(name, lang)} has a title but no introduction under it.")
    return first[2:].strip(), intro


def _parse_instructions(lang: str, text: str) -> dict[str, str]:
    path = source_path(INSTRUCTIONS, lang)
    parts = _SECTION.split(text)
    found: dict[str, str] = {}
    for key, body in zip(parts[1::2], parts[2::2]):
        if key not in SECTIONS:
            raise ProseError(f"{path}: unknown section {key!r}; the sections are {', '.join(SECTIONS)}.")
        if key in found:
            raise ProseError(f"{path}: the section {key!r} appears twice.")
        found[key] = _tidy(body)
    missing = [s for s in SECTIONS if not found.get(s)]
    if missing:
        raise ProseError(f"{path}: the section{'s' if len(missing) > 1 else ''} {', '.join(missing)} "
                         f"{'are' if len(missing) > 1 else 'is'} missing or empty (each starts with a line "
                         f"'<!-- section: name -->').")
    for key, body in found.items():
        unknown = set(re.findall(r"\{([a-z_]+)\}", body)) - {"questions", "points"}
        if unknown:
            raise ProseError(f"{path}: section {key!r} uses {{{sorted(unknown)[0]}}}; only {{questions}} and "
                             f"{{points}} are filled in.")
    return found


def exercise_prose(name: str, lang: str = "en") -> ExerciseProse:
    """The title, introduction and instructions of exercise ``name`` in ``lang``, read from
    ``exercises/src/[<lang>/]<name>.md`` and ``instructions.md``."""
    _check_language(lang)
    title, intro = _parse_exercise(name, lang, _read(name, lang))
    instructions = _parse_instructions(lang, _read(INSTRUCTIONS, lang))
    return ExerciseProse(name, lang, title, intro, instructions)
