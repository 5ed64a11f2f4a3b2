"""Every case of shared/cases/plays.json: exactly the expected set of resulting positions."""

from __future__ import annotations

import pytest

from bglearn import RED, WHITE, Position, explain, legal_plays, parse_play
from shared_cases import load

CASES = load("plays.json")["cases"]


def _position(case, turn=WHITE):
    return Position.from_arrays(case["me"], case["opp"], turn)


def _result_pair(result_position, mover):
    return (result_position.checkers(mover), result_position.checkers(mover.opponent))


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
@pytest.mark.parametrize("turn", [WHITE, RED], ids=["white", "red"])
def test_case_exact_result_set(case, turn):
    position = _position(case, turn)
    plays = legal_plays(position, case["dice"])
    got = {_result_pair(p.result, turn) for p in plays}
    expected = {(tuple(r["me"]), tuple(r["opp"])) for r in case["expected_results"]}
    assert got == expected, case["rule"]
    assert len(plays) == len(case["expected_plays"])
    for play in plays:
        assert play.result.turn is turn.opponent


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_case_expected_notation_is_read_as_that_play(case):
    position = _position(case)
    plays = legal_plays(position, case["dice"])
    results = {p.result for p in plays}
    for text in case["expected_plays"]:
        play = parse_play(position, case["dice"], text)
        assert play.result in results
        verdict = explain(position, case["dice"], text)
        assert verdict.legal, (text, verdict.message)
    # our own notation reads back as the same play
    for play in plays:
        assert parse_play(position, case["dice"], play.notation) == play
    if not case["expected_plays"]:
        assert plays == []
        assert explain(position, case["dice"], "").legal


@pytest.mark.parametrize(
    "roll,count", [("31", 16), ("11", 42), ("22", 75), ("66", 11), ("65", 7), ("21", 15)]
)
def test_known_opening_counts(roll, count):
    assert len(legal_plays(Position(), roll)) == count


def test_notation_matches_the_cases_convention():
    # Our notation writes an intermediate point only where a hit happened; the cases write two
    # more for clarity (13/7/3, 13/10/4). Everything else is written identically.
    differences = {}
    for case in CASES:
        ours = sorted(p.notation for p in legal_plays(_position(case), case["dice"]))
        if ours != sorted(case["expected_plays"]):
            differences[case["id"]] = ours
    assert differences == {"T09": ["13/3"], "T10": ["13/4"]}
