"""Translations of every sentence the kit shows a learner (English, Spanish, Finnish, Romanian).

Messages are wrapped where they are produced, never at import time::

    from bglearn.i18n import _, ngettext, N_

    _("Checker on the bar: enter it first with {die}.").format(die=die)
    ngettext("{n} checker", "{n} checkers", n).format(n=n)
    TITLE = N_("Bearing off")        # marked for extraction; shown with _(TITLE)

A translation may ask for a side's name in a grammatical case with a format spec: Finnish writes
``{player:gen}`` for *Punaisen* ("Red's"), where English has ``{player}'s``. The cases are
:data:`CASES`; each colour's form in each case is a ``pgettext`` message of the catalog
(:meth:`bglearn.player.Player.name_in`), and a name with more after it ("Punainen (tietokone)") is
inflected at its start. A value that is not a side's name is left as it is.

The language is, in order of precedence: the one chosen with :func:`set_language`, the
``BGLEARN_LANG`` environment variable, the locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
``LANG``, as GNU gettext reads them), and English when none of these names a language the kit has.

Catalogs are the standard gettext ones (domain ``bglearn``) in ``bglearn/locale/<lang>/LC_MESSAGES``,
managed with Babel by ``tools/i18n.py``. Nothing is read from disk until the first message in a
language other than English is translated, so choosing a language costs nothing at ``import bglearn``.

>>> set_language("en"); _("Legal play.")
'Legal play.'
>>> ngettext("{n} checker", "{n} checkers", 1).format(n=1)
'1 checker'
>>> set_language(None)
"""

from __future__ import annotations

import os
from pathlib import Path
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator

if TYPE_CHECKING:  # pragma: no cover - typing only
    from gettext import NullTranslations
    from string import Formatter

__all__ = ["LANGUAGES", "TRANSLATED", "CASES", "NAMED_SIDES", "N_", "_", "current_language", "join_and", "join_or",
           "language_code", "name_in_case", "ngettext", "pgettext", "set_language", "using_language"]

#: The languages the kit speaks, English (the source language) first: the one list of languages. The
#: lessons (notebooks/build.py), the exercises, the catalogs (tools/i18n.py) and the tests take theirs from it.
LANGUAGES: tuple[str, ...] = ("en", "es", "fi", "ro")

#: The languages with a translation (a message catalog, translated lessons and exercises): all but English.
TRANSLATED: tuple[str, ...] = LANGUAGES[1:]

#: The grammatical cases a translation may put a side's name in (``{player:gen}``): genitive, partitive,
#: adessive, allative (the Finnish catalog uses them; a language without them never writes the spec).
CASES: tuple[str, ...] = ("gen", "par", "ade", "all")

#: The sides whose names a case spec inflects when given as text: :mod:`bglearn.player` puts White and
#: Red here (this module imports nothing of the kit's, so every other module may import it).
NAMED_SIDES: list[Any] = []

DOMAIN = "bglearn"
LOCALEDIR = Path(__file__).resolve().parent / "locale"
ENV_VAR = "BGLEARN_LANG"
_LOCALE_VARS = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_chosen: str | None = None
_catalogs: dict[str, NullTranslations] = {}


def _normalize(name: str) -> str | None:
    """The kit language a locale-style name means (``"fi_FI.UTF-8"`` -> ``"fi"``), or None."""
    code = name.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES else None


def language_code(language: str) -> str:
    """The kit's code for ``language`` ("fi_FI.UTF-8" -> "fi"); ``ValueError`` naming the choices if it has none."""
    code = _normalize(language) if isinstance(language, str) else None
    if code is None:
        raise ValueError(
            f"bglearn has no translation for language {language!r}; choose one of {', '.join(LANGUAGES)}"
        )
    return code


def set_language(language: str | None) -> None:
    """Show every later message in ``language`` ("en", "es", "fi" or "ro"; "fi_FI" also works).

    ``None`` forgets the choice, so ``BGLEARN_LANG`` and the locale decide again.
    An unknown language raises ``ValueError`` naming the languages the kit has.
    """
    global _chosen
    _chosen = None if language is None else language_code(language)


def _environment_reader() -> Callable[[], tuple[object, ...]]:
    """A function returning the raw values of ``BGLEARN_LANG`` and the locale variables, cheaply: every
    message asks for the language, so this reads the environment's own dictionary where the platform has
    one (``os.environ.get`` raises and catches a ``KeyError`` for each unset variable)."""
    names = (ENV_VAR, *_LOCALE_VARS)
    data = getattr(os.environ, "_data", None)
    encode = getattr(os.environ, "encodekey", None)
    if isinstance(data, dict) and callable(encode):
        keys = tuple(encode(name) for name in names)
        get = data.get
        return lambda: tuple(map(get, keys))
    return lambda: tuple(os.environ.get(name) for name in names)


_environment = _environment_reader()
_from_environment: dict[tuple[object, ...], str] = {}


def current_language() -> str:
    """The language messages are shown in now: set_language, else BGLEARN_LANG, else the locale, else "en"."""
    if _chosen is not None:
        return _chosen
    raw = _environment()
    code = _from_environment.get(raw)
    if code is None:
        if len(_from_environment) > 64:
            _from_environment.clear()
        code = _from_environment[raw] = _language_from_environment()
    return code


def _language_from_environment() -> str:
    """The language ``BGLEARN_LANG`` or else the locale names, else "en"."""
    env = os.environ.get(ENV_VAR, "")
    if env:
        code = _normalize(env)
        if code is not None:
            return code
    for var in _LOCALE_VARS:
        value = os.environ.get(var, "")
        if value:  # the first variable that is set decides, as in GNU gettext
            for part in value.split(":"):
                code = _normalize(part)
                if code is not None:
                    return code
            break
    return "en"


def _catalog(language: str) -> NullTranslations:
    """The compiled catalog of ``language``, read once on first use (an empty one if it is missing)."""
    catalog = _catalogs.get(language)
    if catalog is None:
        import gettext

        catalog = gettext.translation(DOMAIN, localedir=str(LOCALEDIR), languages=[language], fallback=True)
        _catalogs[language] = catalog
    return catalog


def _(message: str) -> str:
    """``message`` in the current language (itself in English or when the catalog lacks it)."""
    language = current_language()
    if language == "en":
        return message
    return _cased(_catalog(language).gettext(message))


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message that fits ``n`` in the current language (Romanian has three)."""
    language = current_language()
    if language == "en":
        return singular if n == 1 else plural
    return _cased(_catalog(language).ngettext(singular, plural, n))


def pgettext(context: str, message: str) -> str:
    """``message`` translated in ``context`` (for one English word with two meanings, e.g. a button)."""
    language = current_language()
    if language == "en":
        return message
    return _cased(_catalog(language).pgettext(context, message))


class CasedMessage(str):
    """A translated message with a field in a grammatical case (``{player:gen}``): its :meth:`format`
    puts a side's name in that case (see the module docstring); every other field formats as usual."""

    __slots__ = ()

    def format(self, *args: object, **kwargs: object) -> str:
        return _case_formatter().vformat(str(self), args, kwargs)


_has_case: dict[str, bool] = {}


def _cased(text: str) -> str:
    """``text`` as a :class:`CasedMessage` when a field of it names a case, else as it is."""
    if ":" not in text:
        return text
    known = _has_case.get(text)
    if known is None:
        import re

        if len(_has_case) > 4096:
            _has_case.clear()
        known = _has_case[text] = bool(re.search(r"\{[^{}:]*:(%s)\}" % "|".join(CASES), text))
    return CasedMessage(text) if known else text


_formatter: list[Formatter] = []


def _case_formatter() -> Formatter:
    """A :class:`string.Formatter` that writes a field whose spec is one of :data:`CASES` as a side's
    name in that case (made on first use)."""
    if not _formatter:
        from string import Formatter

        class CaseFormatter(Formatter):
            def format_field(self, value: Any, format_spec: str) -> Any:
                if format_spec in CASES:
                    return name_in_case(value, format_spec)
                return super().format_field(value, format_spec)

        _formatter.append(CaseFormatter())
    return _formatter[0]


def name_in_case(value: object, case: str) -> str:
    """``value`` (a :class:`~bglearn.player.Player`, or text starting with a side's name in the current
    language) with the side's name in grammatical ``case``; any other value as text, unchanged.

    >>> from bglearn.player import RED
    >>> with using_language("fi"):
    ...     name_in_case(RED, "gen"), name_in_case("Punainen (tietokone)", "ade"), name_in_case(3, "gen")
    ('Punaisen', 'Punaisella (tietokone)', '3')
    """
    name_in = getattr(value, "name_in", None)
    if callable(name_in):
        return str(name_in(case))
    text = str(value)
    for side in NAMED_SIDES:
        name = side.name_text
        if text.startswith(name):
            return str(side.name_in(case)) + text[len(name):]
    return text


def N_(message: str) -> str:
    """Mark a module-level constant for extraction; translate it where it is shown with ``_(CONST)``."""
    return message


@contextmanager
def using_language(language: str | None) -> Iterator[str]:
    """Show messages in ``language`` inside the ``with`` block, in this process and in the processes it
    starts (``BGLEARN_LANG`` is set too); both are restored afterwards. ``None`` changes nothing."""
    global _chosen
    if language is None:
        yield current_language()
        return
    before, env = _chosen, os.environ.get(ENV_VAR)
    set_language(language)
    os.environ[ENV_VAR] = current_language()
    try:
        yield current_language()
    finally:
        _chosen = before
        if env is None:
            os.environ.pop(ENV_VAR, None)
        else:
            os.environ[ENV_VAR] = env


def _reload() -> None:
    """Forget loaded catalogs (after ``tools/i18n.py compile`` in a running kernel, and for tests)."""
    _catalogs.clear()


def join_and(items: Iterable[object]) -> str:
    """``items`` as one phrase in the current language: "10, 9 and 8".

    >>> join_and([10, 9, 8])
    '10, 9 and 8'
    """
    words = [str(i) for i in items]
    if len(words) < 2:
        return "".join(words)
    # Translators: the end of a list, "10, 9 and 8": {items} is "10, 9", {last} is "8".
    return _("{items} and {last}").format(items=", ".join(words[:-1]), last=words[-1])


def join_or(items: Iterable[object]) -> str:
    """``items`` as a choice in the current language: "10, 9 or 8".

    >>> join_or(["10", "9"])
    '10 or 9'
    """
    words = [str(i) for i in items]
    if len(words) < 2:
        return "".join(words)
    # Translators: the end of a choice, "10, 9 or 8": {items} is "10, 9", {last} is "8".
    return _("{items} or {last}").format(items=", ".join(words[:-1]), last=words[-1])
