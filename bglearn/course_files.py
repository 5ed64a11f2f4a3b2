"""Where the course is: the one place that knows where the lessons, the glossary, the exercise notebooks
and the exercise texts live, whether the kit is installed from a wheel or run from a clone.

- **Installed** (a wheel, e.g. from PyPI): the course is package data, ``bglearn/course/``, read with
  :mod:`importlib.resources`; the wheel's build copies it there from the repository (``setup.py``).
- **A clone** (``pip install -e .``): the course is the repository's own ``notebooks/`` and
  ``exercises/`` folders, beside the ``bglearn/`` package, so an author's rebuilt lesson is what runs.

Either way :func:`course_root` is a folder with the same layout, ``notebooks/[<lang>/]*.ipynb``,
``exercises/[<lang>/]*.ipynb`` and ``exercises/src/[<lang>/]*.md``; nothing may be written in it
(``bglearn lessons`` copies the course into the learner's own folder: :mod:`bglearn.course_copy`).

>>> from bglearn.course_files import course_root, lessons_dir, learner_files
>>> (lessons_dir("es") / "00-welcome.ipynb").relative_to(course_root()).as_posix()
'notebooks/es/00-welcome.ipynb'
>>> "exercises/fi/setup.ipynb" in learner_files("fi")
True
"""

from __future__ import annotations

import importlib.resources
from pathlib import Path

from .errors import BglearnError
from .i18n import LANGUAGES, _

__all__ = ["COURSE_FOLDERS", "PACKAGED", "WELCOME", "CourseMissing", "course_root", "exercise_texts_dir",
           "is_packaged", "learner_files", "lessons_dir"]

WELCOME = "00-welcome.ipynb"
"""The course's first notebook, in every language's lesson folder."""
COURSE_FOLDERS = ("notebooks", "exercises")
"""The course's folders, relative to :func:`course_root`: the lessons (and glossary), and the exercises."""
PACKAGED = "course"
"""The course's folder inside the installed ``bglearn`` package."""


class CourseMissing(BglearnError):
    """The kit was installed without its course (a broken install, or a wheel built without it)."""


def _packaged() -> Path | None:
    resource = importlib.resources.files("bglearn") / PACKAGED
    if not resource.is_dir():
        return None
    if not isinstance(resource, Path):  # e.g. imported from a zip file: the course must be real files
        raise CourseMissing(_("the course can't be read from {place}: install the kit as files "
                              "(pip install 'bglearn-kit[lessons]').").format(place=resource))
    return resource


def is_packaged() -> bool:
    """Whether the course comes from the installed package (a wheel) rather than a clone's folders."""
    return _packaged() is not None


def course_root() -> Path:
    """The folder holding the course (``notebooks/`` and ``exercises/``): the installed package's
    ``bglearn/course/``, or in a clone the repository folder. Raises :class:`CourseMissing`, saying
    what to do, when neither holds the welcome lesson."""
    packaged = _packaged()
    root = packaged if packaged is not None else Path(__file__).resolve().parent.parent
    if not (root / "notebooks" / WELCOME).is_file():
        raise CourseMissing(
            _("the course was not found: {path} is missing. Reinstall the kit "
              "(pip install --force-reinstall 'bglearn-kit[lessons]'), or in a clone of the repository "
              "run pip install -e '.[lessons]'.").format(path=root / "notebooks" / WELCOME))
    return root


def _check_language(lang: str) -> None:
    if lang not in LANGUAGES:
        raise BglearnError(_("the course has no language {lang!r}; the languages are {languages}.")
                           .format(lang=lang, languages=", ".join(LANGUAGES)))


def lessons_dir(lang: str = "en") -> Path:
    """The folder of the lessons and the glossary in ``lang`` (``notebooks/`` or ``notebooks/<lang>/``)."""
    _check_language(lang)
    folder = course_root() / "notebooks"
    return folder if lang == "en" else folder / lang


def exercise_texts_dir(lang: str = "en") -> Path:
    """The folder of the exercise texts in ``lang`` (``exercises/src/`` or ``exercises/src/<lang>/``),
    the Markdown that ``bglearn assign`` builds handouts from (:mod:`bglearn.exercises.prose`)."""
    _check_language(lang)
    folder = course_root() / "exercises" / "src"
    return folder if lang == "en" else folder / lang


def learner_files(lang: str = "en") -> list[str]:
    """The notebooks a learner's copy of the course holds in ``lang``, as paths relative to
    :func:`course_root` (``/``-separated, sorted): the lessons, the glossary and the exercises, in the
    course's layout, so the lessons' links to ``../exercises/...`` open in the copy."""
    _check_language(lang)
    root = course_root()
    found: list[str] = []
    for folder in COURSE_FOLDERS:
        base = root / folder if lang == "en" else root / folder / lang
        found.extend(p.relative_to(root).as_posix() for p in base.glob("*.ipynb") if not p.name.startswith("."))
    return sorted(found)
