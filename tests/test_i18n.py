"""The kit in Spanish, Finnish and Romanian (issue 15): the catalogs, the language choice, the wrapping.

The catalog tests fail while a translation is incomplete (a missing or fuzzy entry, a lost placeholder,
a .mo not recompiled): ``python tools/i18n.py check`` lists what is left.
"""

from __future__ import annotations

import ast
import gettext
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

import bglearn
from bglearn import Position, explain
from bglearn.i18n import LANGUAGES, TRANSLATED, _, current_language, language_code, ngettext, set_language, using_language

pytest.importorskip("babel")

ROOT = Path(__file__).resolve().parent.parent


def _tool():
    spec = importlib.util.spec_from_file_location("bglearn_i18n_tool", ROOT / "tools" / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


TOOL = _tool()


@pytest.fixture(autouse=True)
def _english_unless_chosen(monkeypatch):
    """Each test starts with no language chosen and no language in the environment."""
    for var in ("BGLEARN_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    set_language(None)
    yield
    set_language(None)


# -- the catalogs -------------------------------------------------------------------------------

def test_one_list_of_languages_decides_the_catalogs_the_lessons_and_the_exercises():
    """bglearn.i18n.LANGUAGES is the one list: English first, then the translations, each with a
    catalog, built lessons and built exercises; no folder speaks a language the list lacks."""
    assert LANGUAGES[0] == "en" and TRANSLATED == LANGUAGES[1:]
    assert TOOL.LANGUAGES == TRANSLATED
    assert {p.parent.name for p in (ROOT / "bglearn" / "locale").glob("*/LC_MESSAGES")} == set(TRANSLATED)
    for built in (ROOT / "notebooks", ROOT / "exercises", ROOT / "notebooks" / "src"):
        languages = {p.name for p in built.iterdir() if p.is_dir() and len(p.name) == 2}
        assert languages == set(TRANSLATED), built


def _language_lists(path: Path) -> list[str]:
    """Where ``path`` writes out a list of the kit's languages: a tuple, list or set literal of two or
    more language codes."""
    import ast

    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)) and len(node.elts) >= 2 and all(
                isinstance(e, ast.Constant) and e.value in LANGUAGES for e in node.elts):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_no_other_module_writes_out_the_list_of_languages():
    """A new language is one line in bglearn/i18n.py (and its catalog, lessons and exercises): no other
    source of the kit, its tools or its tests spells the list out."""
    sources = [p for folder in ("bglearn", "tools", "tests", "notebooks", "exercises", "benchmarks")
               for p in (ROOT / folder).rglob("*.py") if "__pycache__" not in p.parts]
    found = [where for path in sources if path != ROOT / "bglearn" / "i18n.py" for where in _language_lists(path)]
    assert found == [], f"these write out the list of languages: use bglearn.i18n.LANGUAGES / TRANSLATED: {found}"



def test_the_template_holds_every_wrapped_message():
    assert TOOL.pot_is_current(), "a wrapped message is not in bglearn/locale/bglearn.pot: run python tools/i18n.py extract"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(lang):
    report = TOOL.check(lang)
    assert not report.missing, f"{len(report.missing)} untranslated in {lang}, e.g. {report.missing[:3]}"
    assert not report.fuzzy, f"{len(report.fuzzy)} fuzzy (unchecked) in {lang}, e.g. {report.fuzzy[:3]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_placeholders_survive_translation(lang):
    report = TOOL.check(lang)
    assert not report.placeholders, report.placeholders[:5]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalog_is_the_current_po_compiled(lang):
    mo = TOOL.mo_path(lang)
    assert mo.is_file(), f"{mo} missing: python tools/i18n.py compile"
    assert mo.read_bytes() == TOOL.compiled(lang), f"{mo} is stale: python tools/i18n.py compile"


def test_the_compiled_catalogs_are_package_data_of_the_wheel():
    """The wheel ships bglearn/locale/<lang>/LC_MESSAGES/bglearn.mo (pyproject's package-data globs)."""
    tomllib = pytest.importorskip("tomllib")
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = config["tool"]["setuptools"]["package-data"].get("bglearn", [])
    package = ROOT / "bglearn"
    shipped = {p for g in globs for p in package.glob(g)}
    for lang in TRANSLATED:
        assert TOOL.mo_path(lang) in shipped, f"{TOOL.mo_path(lang)} is not package data"


@pytest.mark.parametrize("lang, nplurals", [("es", 2), ("fi", 2), ("ro", 3)])
def test_plural_forms_header(lang, nplurals):
    catalog = TOOL._read(TOOL.po_path(lang))
    assert catalog.num_plurals == nplurals
    assert catalog.plural_expr.replace(" ", "") == TOOL.PLURAL_FORMS[lang][1].replace(" ", "")


def test_romanian_has_three_plural_forms_in_the_right_places():
    form = gettext.c2py(TOOL.PLURAL_FORMS["ro"][1])
    assert [form(n) for n in (1, 0, 2, 19, 20, 100, 101, 119, 120)] == [0, 1, 1, 1, 2, 2, 1, 1, 2]


def test_the_placeholder_check_notices_a_lost_or_invented_field():
    from babel.messages.catalog import Message

    assert TOOL.placeholder_problems(Message("{player} holds {point}.", "{player} tiene {punto}.")) == [
        "form 0: unknown {punto}", "form 0: lost {point}"]
    plural = Message(("{n} checker", "{n} checkers"), ("o piesă", "{n} piese", "{n} de piese"))
    assert TOOL.placeholder_problems(plural) == []  # the n == 1 form may say "one" in words
    broken = Message(("{n} checker", "{n} checkers"), ("{n} piesă", "piese", "{n} de piese"))
    assert TOOL.placeholder_problems(broken) == ["form 1: lost {n}"]


def test_check_exits_non_zero_and_names_what_is_missing(tmp_path, monkeypatch, capsys):
    po = tmp_path / "es" / "LC_MESSAGES" / "bglearn.po"
    po.parent.mkdir(parents=True)
    po.write_bytes(TOOL.po_path("es").read_bytes())
    monkeypatch.setattr(TOOL, "LOCALEDIR", tmp_path)
    catalog = TOOL._read(po)
    first = next(m for m in catalog if m.id and not isinstance(m.id, tuple))
    first.string = ""
    buffer = __import__("io").BytesIO()
    TOOL.write_po(buffer, catalog)
    po.write_bytes(buffer.getvalue())
    assert TOOL.main(["check", "--lang", "es"]) == 1
    assert repr(first.id[:67]) .strip("'")[:30] in capsys.readouterr().out


# -- the source: every message wrapped the way translators need it ------------------------------

def _calls(name: str):
    for path in sorted((ROOT / "bglearn").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name:
                yield path.relative_to(ROOT), node, parents


def test_gettext_takes_a_literal_never_an_f_string_or_pieces():
    bad = []
    for fn in ("_", "ngettext", "N_"):
        for path, node, _parents in _calls(fn):
            for arg in node.args[: 2 if fn == "ngettext" else 1]:
                if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
                    if fn == "_" and isinstance(arg, (ast.Name, ast.Attribute, ast.Call, ast.Subscript)):
                        continue  # _(CONSTANT) translates a message marked with N_ elsewhere
                    bad.append(f"{path}:{node.lineno} {ast.unparse(node)[:80]}")
    assert not bad, bad


# A number followed by one of these words is a count: its sentence needs ngettext in every language.
COUNTED = re.compile(r"\{(\w+)\} (checkers?|pips?|points?|moves?|plays?|games?|students?|submissions?|values?|"
                     r"fields?|characters?|throws?|ties?|questions?|answers?|dice|die|cells?|seconds?|minutes?|times?)\b")


# Placeholders that are never numbers ("{player} plays", "{mover} checker", "{kind} question").
NOT_COUNTS = {"player", "mover", "kind", "field", "roll", "name", "colour", "side", "who", "what", "label", "text",
              "type", "other", "winner", "loser", "game"}


def test_no_count_goes_through_plain_gettext():
    """A count ("{n} checkers") needs ngettext: "1 checkers" must be impossible in every language."""
    bad = []
    for path, node, parents in _calls("_"):
        arg = node.args[0] if node.args else None
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            for m in COUNTED.finditer(arg.value):
                if m.group(1) not in NOT_COUNTS:
                    bad.append(f"{path}:{node.lineno} {arg.value[:70]!r}")
    assert not bad, bad


def test_no_function_hides_the_translation_function():
    """``for _ in ...`` or ``x, _ = ...`` in a function that also calls ``_()`` makes ``_`` a local name:
    the call then fails (UnboundLocalError) when that message is needed."""
    bad = []
    for path in sorted((ROOT / "bglearn").rglob("*.py")):
        for fn in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            stores, calls, stack = [], [], list(ast.iter_child_nodes(fn))
            while stack:
                node = stack.pop()
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.ListComp,
                                     ast.SetComp, ast.DictComp, ast.GeneratorExp)):
                    continue  # their own scopes
                if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store):
                    stores.append(node.lineno)
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_":
                    calls.append(node.lineno)
                stack.extend(ast.iter_child_nodes(node))
            if stores and calls:
                bad.append(f"{path.relative_to(ROOT)}:{fn.lineno} {fn.name}: _ assigned at line {stores[0]}")
    assert not bad, bad


def test_an_illegal_start_names_the_die_that_is_not_left():
    from bglearn import IllegalPlayError, Move, legal_continuations

    with pytest.raises(IllegalPlayError, match="uses a 6, but no 6 of 3-1 is left to play"):
        legal_continuations(Position(), "31", [Move(24, 18, 6)])
    with pytest.raises(IllegalPlayError, match=r"checkers there are Red's"):
        legal_continuations(Position(), "31", [Move(19, 16, 3)])


def test_one_checker_is_singular_in_english():
    p = Position({"bar": 1, 6: 14}, {6: 2, 8: 13})
    assert explain(p, "31", "6/3").message == (
        "You have a checker on the bar: enter it before moving any other checker.")
    assert "1 checkers" not in explain(Position({"bar": 2, 6: 13}, {6: 2, 8: 13}), "31", "6/3").message


# -- choosing the language ----------------------------------------------------------------------

def test_english_when_nothing_says_otherwise():
    assert current_language() == "en"
    assert _("Legal play.") == "Legal play."
    assert ngettext("{n} checker", "{n} checkers", 1) == "{n} checker"


def test_precedence_set_language_then_env_then_locale(monkeypatch):
    monkeypatch.setenv("LANG", "ro_RO.UTF-8")
    assert current_language() == "ro"
    monkeypatch.setenv("LC_ALL", "es_ES.UTF-8")  # LC_ALL comes before LANG, as in GNU gettext
    assert current_language() == "es"
    monkeypatch.setenv("BGLEARN_LANG", "fi")
    assert current_language() == "fi"
    set_language("es")
    assert current_language() == "es"
    set_language(None)
    assert current_language() == "fi"


def test_a_locale_the_kit_does_not_speak_means_english(monkeypatch):
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert current_language() == "en"
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert current_language() == "en"
    monkeypatch.setenv("LANGUAGE", "de:fi")  # GNU's list of preferences: the first the kit has
    assert current_language() == "fi"
    monkeypatch.setenv("BGLEARN_LANG", "klingon")  # not a language of the kit: the locale decides
    assert current_language() == "fi"


def test_an_unknown_language_is_one_clear_error():
    with pytest.raises(ValueError, match=r"no translation for language 'de'; choose one of en, es, fi, ro"):
        set_language("de")
    assert language_code("fi_FI.UTF-8") == "fi" and language_code("ES") == "es"
    assert bglearn.set_language is set_language


def test_using_language_restores_the_choice_and_the_environment(monkeypatch):
    import os

    set_language("es")
    with using_language("fi") as lang:
        assert lang == "fi" and current_language() == "fi" and os.environ["BGLEARN_LANG"] == "fi"
    assert current_language() == "es" and "BGLEARN_LANG" not in os.environ


def test_nothing_is_loaded_at_import():
    code = ("import sys, bglearn, bglearn.i18n as i; "
            "print('gettext' in sys.modules, bool(i._catalogs), 'babel' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT), "BGLEARN_LANG": "fi", "PATH": "/usr/bin:/bin"}, check=True)
    assert out.stdout.split() == ["False", "False", "False"]


def test_a_message_is_translated_when_it_is_produced_not_at_import():
    v_en = explain(Position(), "61", "13/7")
    set_language("fi")
    v_fi = explain(Position(), "61", "13/7")
    assert v_en.message.startswith("6-1 can be played in full")
    assert v_fi.message != v_en.message and "13/7 8/7" in v_fi.message  # notation stays as it is
    assert bglearn.Reason.LARGER_DIE_REQUIRED.rule != "If only one die can be used, and either could be, you must use the larger."


# -- an explanation in each language names the rule ---------------------------------------------

# Words from each language's glossary (bglearn/locale/<lang>/TERMS.md): the bar, and the larger die.
KEYWORDS = {
    "es": {"bar": "barra", "larger": "mayor"},
    "fi": {"bar": "palk", "larger": "suurem"},
    "ro": {"bar": "bar", "larger": "mare"},
}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_bar_entry_verdict_names_the_bar(lang):
    p = Position({"bar": 1, 6: 14}, {6: 2, 8: 13})
    english = explain(p, "31", "6/3").message
    set_language(lang)
    v = explain(p, "31", "6/3")
    assert v.reason is bglearn.Reason.BAR_FIRST
    assert v.message != english and KEYWORDS[lang]["bar"] in v.message.lower(), v.message


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_larger_die_verdict_names_the_larger_die(lang):
    # rule case T03: 13/7 or 13/8 can be played but not both; the 6 must be played
    me = [0, 14] + [0] * 11 + [1] + [0] * 11
    opp = [0] * 6 + [13] + [0] * 16 + [2, 0]
    p = Position.from_arrays(me, opp)
    v_en = explain(p, "65", "13/8")
    assert v_en.reason is bglearn.Reason.LARGER_DIE_REQUIRED
    set_language(lang)
    v = explain(p, "65", "13/8")
    assert v.reason is bglearn.Reason.LARGER_DIE_REQUIRED
    assert v.message != v_en.message and KEYWORDS[lang]["larger"] in v.message.lower(), v.message
    assert "13/7" in v.message


@pytest.mark.parametrize("lang, red, empty, neither", [
    ("fi", "Punainen", "tyhjä", "ei kumpikaan"),
    ("es", "Rojas", "vacío", "ninguno"),
    ("ro", "Roșul", "gol", "niciunul"),
])
def test_a_learner_answers_in_the_language_the_questions_are_asked_in(lang, red, empty, neither):
    """The words an exercise asks for (a colour, "empty", "neither") are accepted in the learner's
    language as well as in English."""
    from bglearn import RED
    from bglearn.exercises.answers import as_player, is_word
    from bglearn.exercises.questions import OpeningStarter, PointOwner

    set_language(lang)
    assert as_player(red) is RED and as_player("red") is RED
    assert is_word(empty, "empty") and is_word(neither, "neither")
    assert OpeningStarter(Position(), white_die=3, red_die=3).judge(neither)[0]
    assert PointOwner(Position(), point=3, numbering=bglearn.WHITE).judge(empty)[0]
    with pytest.raises(bglearn.exercises.AnswerFormatError):
        as_player("sininen")


def test_lists_are_joined_in_the_language_shown():
    from bglearn.i18n import join_and, join_or

    set_language("fi")
    assert join_or(["10", "9"]) == "10 tai 9"
    assert join_and([1, 2, 3]) == "1, 2 ja 3"
