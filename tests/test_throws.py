"""bglearn.throws: the rules of a physical throw (cocked dice, a throw made too early)."""

from __future__ import annotations

import itertools

import pytest

from bglearn.errors import BglearnError
from bglearn.throws import CASUAL, TOURNAMENT, ThrowOutcome, judge_throw


def test_a_cocked_die_means_both_dice_are_thrown_again_under_either_rules():
    for cocked, picked_up, rules in itertools.product((1, 2), (True, False), (CASUAL, TOURNAMENT)):
        verdict = judge_throw(cocked=cocked, opponent_picked_up=picked_up, rules=rules)
        assert verdict.outcome is ThrowOutcome.THROW_AGAIN and "cocked" in verdict.reason


def test_an_early_throw_is_void_in_casual_play_and_stands_under_tournament_rules():
    casual = judge_throw(opponent_picked_up=False, rules=CASUAL)
    tournament = judge_throw(opponent_picked_up=False, rules=TOURNAMENT)
    assert casual.outcome is ThrowOutcome.THROW_AGAIN and "casual" in casual.reason
    assert tournament.outcome is ThrowOutcome.STANDS and "tournament" in tournament.reason


def test_a_flat_throw_in_turn_is_played():
    for rules in (CASUAL, TOURNAMENT):
        assert judge_throw(rules=rules).outcome is ThrowOutcome.STANDS


def test_the_outcomes_have_different_labels():
    assert ThrowOutcome.STANDS.label != ThrowOutcome.THROW_AGAIN.label


@pytest.mark.parametrize("kwargs, word", [
    (dict(cocked=3), "cocked"), (dict(cocked=True), "cocked"), (dict(cocked="1"), "cocked"),
    (dict(opponent_picked_up="yes"), "opponent_picked_up"), (dict(rules="club"), "rules"),
])
def test_bad_arguments_are_named(kwargs, word):
    with pytest.raises(BglearnError, match=word):
        judge_throw(**kwargs)
