"""The translations read as a native reader writes (issue #26): Finnish colour names inflected, Romanian
without "a ateriza" and the misused "odată", Spanish in one register (tú, never vosotros), and the
Romanian name of Long Nardy, *table lungi*, everywhere. Each test reads the catalogs or renders the
engine's own messages, so a regression in either shows here."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bglearn import RED, WHITE, Position, explain
from bglearn.i18n import CASES, TRANSLATED, name_in_case, using_language

REPO = Path(__file__).resolve().parent.parent
LOCALE = REPO / "bglearn" / "locale"


def catalog(lang: str):
    with (LOCALE / lang / "LC_MESSAGES" / "bglearn.po").open("rb") as handle:
        return read_po(handle)


def translations(lang: str) -> list[tuple[str, str]]:
    """(English, translation) for every form of every message of ``lang``."""
    out = []
    for m in catalog(lang):
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strs = m.string if isinstance(m.string, tuple) else (m.string,)
        out += [(ids[min(i, len(ids) - 1)], s) for i, s in enumerate(strs) if s]
    return out


def specs(text: str) -> dict[str, str]:
    return {name: spec for _, name, spec, _ in string.Formatter().parse(text) if name is not None and spec}


# -- Finnish: the colour names take the case the sentence needs ----------------------------------------

def test_no_finnish_message_writes_pelaaja_before_a_name():
    """"pelaajan Punainen" is how a message reads when the name cannot be inflected: write {player:gen}."""
    wrong = [s for _, s in translations("fi") if re.search(r"[Pp]elaaja(n|lla|lle|a|sta)? \{\w+\}", s)]
    assert not wrong, wrong


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_format_spec_of_a_translation_is_a_case_or_the_english_ones(lang):
    for english, text in translations(lang):
        for name, spec in specs(text).items():
            assert spec in CASES or specs(english).get(name) == spec, (text, spec)


@pytest.mark.parametrize("case, white, red", [("gen", "Valkoisen", "Punaisen"), ("par", "Valkoista", "Punaista"),
                                              ("ade", "Valkoisella", "Punaisella"),
                                              ("all", "Valkoiselle", "Punaiselle")])
def test_finnish_names_each_side_in_each_case(case, white, red):
    with using_language("fi"):
        assert (WHITE.name_in(case), RED.name_in(case)) == (white, red)
        assert name_in_case("Punainen (tietokone)", case) == red + " (tietokone)"
        assert name_in_case(7, case) == "7"  # not a side's name: left as it is
    assert WHITE.name_in(case) == "White"   # English has no cases


def test_an_unknown_case_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown grammatical case 'xyz'"):
        RED.name_in("xyz")


def test_the_engine_speaks_finnish_with_inflected_names():
    with using_language("fi"):
        blocked = explain(Position(), "31", "13/10 13/12").message
        entry = explain(Position({"bar": 1, 6: 5, 8: 3, 13: 5, 24: 1}, {6: 5, 8: 3, 13: 5, 24: 2}), "51",
                        "bar/5").message
    assert blocked.startswith("Kiila 12 on Punaisen hallussa"), blocked
    assert "Punaisen 5-kiilalle" in entry and "Punaisen kotikentälle" in entry, entry
    assert "Punainen" not in blocked + entry


def test_finnish_counts_the_points_outside_home_in_the_right_number():
    with using_language("fi"):
        one = explain(Position({8: 2, 5: 13}, {1: 2, 2: 13}), "64", "5/off 5/1").message
        two = explain(Position({9: 1, 8: 1, 5: 13}, {1: 2, 2: 13}), "64", "5/off 5/1").message
    assert one.endswith("sinulla on vielä 2 nappulaa kiilalla 8."), one
    assert two.endswith("kotikenttäsi ulkopuolella, kiiloilla 9 ja 8."), two
    assert not any("(kiilat: " in s for _, s in translations("fi"))


# -- Romanian -----------------------------------------------------------------------------------------

def test_romanian_has_no_aterizare():
    """"A ateriza" is an anglicism: a checker enters (a intra) from the bar and stops (a se opri) on a point."""
    assert not [s for _, s in translations("ro") if "ateriz" in s.lower()]
    with using_language("ro"):
        assert "nu te poți opri acolo" in explain(Position(), "31", "13/10 13/12").message


def test_romanian_odata_means_once_and_is_not_used_for_at_a_time():
    wrong = [s for _, s in translations("ro") if re.search(r"(?<![a-zăâîșț])odată(?! cu)", s)]
    assert not wrong, f"'odată' means 'once': {wrong}"


def test_romanian_genitive_names_where_the_sentence_needs_them():
    with using_language("ro"):
        assert (WHITE.name_in("gen"), RED.name_in("gen")) == ("Albului", "Roșului")


# -- Spanish: one register, tú --------------------------------------------------------------------------

VOSOTROS = re.compile(r"\b(vosotr[oa]s|vuestr[oa]s?|os|\w+[áé]is|(acept|exig|jug|puls|tir|dobl|elig|escrib|mir|"
                      r"pas|respond|hac|deb|ten|pon|sac)(ad|ed|id))\b", re.I)


def test_spanish_never_uses_vosotros():
    wrong = [s for _, s in translations("es") if VOSOTROS.search(s)]
    assert not wrong, wrong


def test_spanish_feedback_belongs_to_the_grader():
    assert not [s for _, s in translations("es") if "tus comentarios" in s]


# -- the Romanian name of Long Nardy ---------------------------------------------------------------------

def test_the_game_is_table_lungi_everywhere():
    files = [REPO / "README.md", *sorted((REPO / "bglearn").rglob("*.py")), *sorted(LOCALE.rglob("*.po")),
             *sorted(LOCALE.rglob("*.md"))]
    wrong = [str(f.relative_to(REPO)) for f in files if "table lungă" in f.read_text(encoding="utf-8").lower()]
    assert not wrong, wrong
    assert type(Position(variant="table-lungi")).__name__ == "LongNardyPosition"
