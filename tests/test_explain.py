"""explain(): a reason code and a learner's sentence for every kind of illegal play."""

from __future__ import annotations

import pytest

from bglearn import (
    RED,
    WHITE,
    IllegalPlayError,
    Move,
    NotationError,
    Position,
    Reason,
    explain,
    legal_continuations,
    legal_plays,
    parse_play,
)
from shared_cases import load

CASES = {c["id"]: c for c in load("plays.json")["cases"]}


def case(cid):
    c = CASES[cid]
    return Position.from_arrays(c["me"], c["opp"]), c["dice"]


START = Position()


@pytest.mark.parametrize(
    "position,roll,attempt,reason,fragments",
    [
        (START, "31", "13/10 13/12", Reason.BLOCKED, ["Red holds your 12-point with 5 checkers"]),
        (START, "31", "8/9 6/5", Reason.WRONG_DIRECTION, ["8/9", "backwards"]),
        (START, "31", "7/4 6/5", Reason.NO_CHECKER, ["no checker on your 7-point"]),
        (START, "31", "24/22 8/7", Reason.DIE_MISMATCH, ["2 pips", "3-1"]),
        (START, "31", "13/10 6/2", Reason.DIE_MISMATCH, ["7 pips", "only 4"]),
        (START, "61", "13/7", Reason.DICE_NOT_FULLY_USED, ["both dice", "13/7"]),
        (START, "44", "13/9", Reason.DOUBLES_UNDERPLAYED, ["all four", "only 1"]),
        (START, "31", "8/5* 6/5", Reason.NO_BLOT_TO_HIT, ["no Red blot", "5-point"]),
        (START, "31", "", Reason.MUST_MOVE, ["you must"]),
        (START, "31", "13/", Reason.BAD_NOTATION, ["empty point"]),
        (*case("T17"), "13/7", Reason.BAR_FIRST, ["bar", "enter"]),
        (*case("T28"), "6/off 13/8", Reason.BEAR_OFF_NOT_ALL_HOME, ["home board", "13-point"]),
        (*case("T08"), "8/5 4/off", Reason.BEAR_OFF_HIGHER_POINT, ["5-point", "5/off"]),
        (*case("T26"), "2/off 2/off", Reason.BEAR_OFF_HIGHER_POINT, ["higher point"]),
        (*case("T03"), "13/8", Reason.LARGER_DIE_REQUIRED, ["larger", "the 6", "13/7"]),
        (*case("T05"), "6/4", Reason.LARGER_DIE_REQUIRED, ["the 3", "6/3"]),
        (*case("T08"), "8/2", Reason.DICE_NOT_FULLY_USED, ["one unit", "8/5 5/off"]),
        (*case("T06"), "bar/19", Reason.DICE_NOT_FULLY_USED, ["bar/23 13/7"]),
        (*case("T04"), "13/7", Reason.BLOCKED, ["7-point"]),
        (*case("T15"), "13/9(2)", Reason.NO_CHECKER, ["already moved"]),
        (*case("T11"), "13/4", Reason.BLOCKED, ["Whichever die is played first", "10-point", "7-point"]),
        (*case("T24"), "bar/19", Reason.BLOCKED, ["enters on your 19-point"]),
    ],
)
def test_illegal_attempts_are_explained(position, roll, attempt, reason, fragments):
    v = explain(position, roll, attempt)
    assert not v.legal and not v
    assert v.reason is reason, v.message
    for f in fragments:
        assert f in v.message, v.message
    assert v.message.endswith(".")
    assert v.reason.rule


def test_suggestion_is_a_legal_play_when_one_exists():
    v = explain(START, "61", "13/7")
    assert v.suggestion in legal_plays(START, "61")
    assert "13/7" in v.suggestion.notation  # the alternative keeps what the learner started


@pytest.mark.parametrize(
    "attempt", ["8/5 6/5", "6/5 8/5", "8/5, 6/5", " 8 / 5  6/5 ", "8/5 6/5"]
)
def test_equivalent_writings_are_the_same_legal_play(attempt):
    v = explain(START, "31", attempt)
    assert v.legal and v.reason is Reason.LEGAL
    assert v.play.notation == "8/5 6/5"


def test_chains_and_repeats():
    assert parse_play(START, "44", "13/5(2)") == parse_play(START, "44", "13/9/5 13/9/5")
    assert parse_play(START, "44", "24/20(2) 13/9(2)").notation == "24/20(2) 13/9(2)"
    assert parse_play(START, "31", "24/21/20") == parse_play(START, "31", "24/20")


def test_hit_at_intermediate_point_is_a_different_play():
    position, dice = case("T12")
    via_hit = parse_play(position, dice, "13/11*/5")
    quiet = parse_play(position, dice, "13/5")
    assert via_hit != quiet and via_hit.hits and not quiet.hits


def test_lost_turn_is_legal_only_when_nothing_can_be_played():
    position, dice = case("T24")
    v = explain(position, dice, "")
    assert v.legal and "turn is lost" in v.message
    assert v.play.is_empty


def test_partial_moves():
    assert explain(START, "61", Move(13, 7, 6)).legal  # a single move is judged as a start
    v = explain(*case("T08"), Move(8, 2, 6))
    assert not v.legal and v.reason is Reason.DICE_NOT_FULLY_USED
    assert explain(START, "61", "13/7", complete=False).legal


def test_continuations():
    first = {str(m) for m in legal_continuations(START, "61")}
    assert first == {"24/18", "13/7", "8/2", "24/23", "8/7", "6/5"}
    after = {str(m) for m in legal_continuations(START, "61", [Move(13, 7, 6)])}
    assert after == {"24/23", "8/7", "7/6", "6/5"}
    assert legal_continuations(START, "61", [Move(13, 7, 6), Move(8, 7, 1)]) == []
    with pytest.raises(IllegalPlayError, match="one unit"):
        legal_continuations(*case("T08"), [Move(8, 2, 6)])


def test_parse_play_errors():
    with pytest.raises(NotationError, match="not a point"):
        parse_play(START, "31", "13/x")
    with pytest.raises(IllegalPlayError) as e:
        parse_play(START, "31", "13/10 13/12")
    assert e.value.verdict.reason is Reason.BLOCKED


def test_explain_never_raises_for_text():
    for junk in ["", "??", "bar", "off/3", "3/bar", "13/7(9)", "1/2/3/4/5/6", "24/18 " * 5, "25/22"]:
        v = explain(START, "31", junk)
        assert isinstance(v.message, str) and v.message


def test_bad_roll_is_reported():
    v = explain(START, "71", "13/7")
    assert v.reason is Reason.BAD_NOTATION and "not a roll" in v.message


# -- the commonest beginner mistakes, by their rule (issue #12) ---------------------------------------

ON_BAR = Position({"bar": 1, 6: 5, 8: 3, 13: 5, 24: 1}, {6: 5, 8: 3, 13: 5, 24: 2})  # White on the bar
BEAR_OFF = Position({5: 1, 4: 1, 3: 3, 2: 10}, {6: 5, 8: 3, 13: 5, 24: 2})
# Bearing off with a checker on the 6-point while Red holds White's 1-point (Red's 24-point).
BEAR_OFF_BLOCKED = Position({6: 5, 5: 1, 4: 1, 3: 3, 2: 5}, {6: 5, 8: 3, 13: 5, 24: 2})


@pytest.mark.parametrize(
    "position,roll,attempt,reason,message",
    [
        (ON_BAR, "51", "bar/5", Reason.ENTRY_POINT,
         "From the bar a 5 enters on your 20-point (Red's 5-point), not on your 5-point: a checker on the bar "
         "enters in Red's home board."),
        (ON_BAR, "51", "bar/20 bar/24", Reason.NO_CHECKER,
         "You have only one checker on the bar, and it has already entered this turn."),
        (BEAR_OFF, "53", "5/off 4/off", Reason.DIE_MISMATCH,
         "A 3 is too small to bear off from your 4-point: that takes a 4 or more."),  # read: 5/off, 4/off
        (START, "65", "24/13*", Reason.NO_BLOT_TO_HIT,
         "There is no Red blot on your 13-point to hit ('*' marks a hit)."),
        (BEAR_OFF_BLOCKED, "53", "4/off 3/off", Reason.BEAR_OFF_HIGHER_POINT,
         "A 5 bears off from your 4-point only when no checker stands on a higher point, and you have one on "
         "your 6-point."),
        (BEAR_OFF, "53", "4/off 3/off", Reason.BEAR_OFF_HIGHER_POINT,
         "A 5 bears off from your 4-point only when no checker stands on a higher point, and you have one on "
         "your 5-point: use the 5 to bear off the checker on your 5-point (5/off)."),
    ],
)
def test_beginner_mistakes_are_explained_by_their_rule(position, roll, attempt, reason, message):
    v = explain(position, roll, attempt)
    assert (v.reason, v.message) == (reason, message)
    assert v.suggestion in legal_plays(position, roll)


def test_second_bar_entry_with_two_on_the_bar_is_fine_but_a_third_is_not():
    two = Position({"bar": 2, 6: 5, 8: 3, 13: 5}, {6: 5, 8: 3, 13: 5, 24: 2})
    assert explain(two, "51", "bar/20 bar/24").legal
    v = explain(two, "11", "bar/24 bar/24 bar/24")
    assert v.reason is Reason.NO_CHECKER
    assert v.message == "You have only 2 checkers on the bar, and they have all entered this turn."


# -- numbering: messages use the numbers of the board the learner looks at (issue #13) ------------------

RED_START = START.with_turn(RED)


@pytest.mark.parametrize(
    "position,roll,attempt,numbering,message",
    [
        (START, "31", "7/4 6/5", None, "You have no checker on your 7-point."),
        (START, "31", "7/4 6/5", WHITE, "You have no checker on your 7-point."),
        (START, "31", "7/4 6/5", RED, "You have no checker on point 18."),
        (RED_START, "31", "7/4 6/5", WHITE, "You have no checker on point 18."),
        (RED_START, "31", "7/4 6/5", RED, "You have no checker on your 7-point."),
        (RED_START, "31", "13/10 13/12", WHITE, "White holds point 13 with 5 checkers, so you can't land there."),
        (RED_START, "61", "13/7", WHITE, "6-1 can be played in full, for example 12/18 17/18: you must use both dice."),
        (RED_START, "61", "13/7", None, "6-1 can be played in full, for example 13/7 8/7: you must use both dice."),
        (RED_START, "31", "8/9 6/5", WHITE,
         "17/16 goes backwards: your checkers move towards your home board (points 19-24)."),
        (START.with_turn(RED), "65", "24/13", WHITE, "1/7/12 is a legal play of 6-5."),
        (ON_BAR.mirrored(), "51", "bar/5", WHITE,
         "From the bar a 5 enters on point 5 (White's 5-point), not on point 20: a checker on the bar enters "
         "in White's home board."),
    ],
)
def test_messages_use_the_numbering_asked_for(position, roll, attempt, numbering, message):
    assert explain(position, roll, attempt, numbering=numbering).message == message


@pytest.mark.parametrize("mover", [WHITE, RED])
def test_continuation_errors_use_the_numbering_asked_for(mover):
    position = START.with_turn(mover)
    other = mover.opponent
    with pytest.raises(IllegalPlayError, match="^You have no checker on point 18.$"):
        legal_continuations(position, "31", [Move(7, 4, 3)], numbering=other)
    with pytest.raises(IllegalPlayError, match="^You have no checker on your 7-point.$"):
        legal_continuations(position, "31", [Move(7, 4, 3)], numbering=mover)
    with pytest.raises(IllegalPlayError, match="the roll is one unit"):
        legal_continuations(*case("T08"), [Move(8, 2, 6)], numbering=RED)
    # the moves themselves stay in the mover's numbering, whatever the messages use
    assert legal_continuations(position, "61", numbering=other) == legal_continuations(position, "61")


# -- a hit mark inside a repeated move (issue #17) ---------------------------------------------------------

BLOT_ON_4 = Position({6: 5, 8: 3, 13: 5, 24: 2}, {21: 1, 6: 5, 8: 3, 13: 5, 24: 1})  # a Red blot on White's 4


def test_a_hit_mark_in_a_repeated_move_belongs_to_the_first_checker():
    play = parse_play(BLOT_ON_4, "22", "24/22(2) 6/4*(2)")
    assert play == parse_play(BLOT_ON_4, "22", "24/22(2) 6/4* 6/4")
    assert [m.hit for m in play.moves if m.destination == 4].count(True) == 1
    assert play.notation == "24/22(2) 6/4*(2)"  # what gnubg writes for it
    on_bar = Position({"bar": 2, 6: 5, 8: 3, 13: 5}, {1: 1, 6: 5, 8: 3, 13: 5, 24: 1})
    assert parse_play(on_bar, "11", "bar/24*(2) 6/5(2)").notation == "bar/24*(2) 6/5(2)"
    v = explain(BLOT_ON_4, "22", "6/4* 8/6 6/4* 24/22")
    assert v.reason is Reason.NO_BLOT_TO_HIT
    assert v.message == ("There is no Red blot on your 4-point to hit ('*' marks a hit): a checker of yours has "
                         "already hit it this turn.")


# -- property: every verdict names the first rule broken, every suggestion is legal ----------------------

import random  # noqa: E402
import re  # noqa: E402

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from bglearn import ALL_ROLLS  # noqa: E402
from bglearn.notation import format_play, parse_moves  # noqa: E402
from reference_rules import first_rule_broken, mover_arrays  # noqa: E402


def random_position(rng: random.Random) -> Position:
    """A random legal position of one of three kinds: checkers on the bar, a bear-off, or anywhere."""
    kind = rng.choice(["bar", "bearoff", "anywhere"])
    me = [0] * 25  # index 0 = bar, as Position.from_arrays takes it
    opp = [0] * 25
    places = list(range(1, 7)) if kind == "bearoff" else list(range(1, 25))
    in_play = rng.randint(1, 15)
    for _ in range(in_play):
        me[rng.choice(places)] += 1
    if kind == "bar":
        moved = min(rng.randint(1, 3), sum(me[1:]))
        for _ in range(moved):
            p = rng.choice([i for i in range(1, 25) if me[i]])
            me[p] -= 1
            me[0] += 1
    free = [i for i in range(1, 25) if not me[25 - i]]  # opponent's points the mover does not hold
    for _ in range(rng.randint(2, 14)):
        opp[rng.choice(free)] += 1
    if rng.random() < 0.3:
        opp[0] += 1
    return Position.from_arrays(me, opp, rng.choice([WHITE, RED]))


def _attempts(rng: random.Random, position: Position, roll, plays) -> list[str]:
    dice = sorted(set(roll.dice))
    texts = []
    for play in rng.sample(plays, min(3, len(plays))):
        texts += [play.notation, format_play(play, paths=True)]
        moves = [str(m) for m in play.moves]
        if moves:  # mutate one move of a legal play
            i = rng.randrange(len(moves))
            m = play.moves[i]
            dest = rng.choice([m.destination + rng.choice([-2, -1, 1, 2]), 0, rng.randint(1, 24)])
            star = "*" if rng.random() < 0.3 else ""
            src = "bar" if m.source == 25 else str(m.source)
            moves[i] = f"{src}/{'off' if dest <= 0 else min(dest, 24)}{star}"
            texts.append(" ".join(moves))
            texts.append(" ".join(moves[:-1]))  # one move short
    b, _ = mover_arrays(position)
    mine = [p for p in range(25, 0, -1) if b[p]] or [1]
    for _ in range(4):  # random moves from the mover's points
        parts = []
        for _ in range(rng.randint(1, len(roll.dice))):
            s = rng.choice(mine + [rng.randint(1, 24)])
            d = rng.choice(dice + [rng.randint(1, 12)])
            t = s - d
            dest = "off" if t <= 0 and rng.random() < 0.7 else str(max(t, 1) if rng.random() < 0.9 else s + 1)
            parts.append(f"{'bar' if s == 25 else s}/{dest}{'*' if rng.random() < 0.2 else ''}")
        texts.append(" ".join(parts))
    texts += [f"bar/{dice[0]}", f"bar/{25 - dice[-1]} bar/{25 - dice[0]}", f"{dice[-1]}/off {dice[0]}/off", ""]
    return texts


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.sampled_from(ALL_ROLLS))
def test_every_verdict_names_the_first_rule_broken_and_suggests_only_legal_plays(seed, roll):
    rng = random.Random(seed)
    position = random_position(rng)
    r = roll
    plays = legal_plays(position, r)
    keys = set()
    for play in plays:
        after, _ = mover_arrays(play.result.with_turn(position.turn))
        keys.add((tuple(after), frozenset(m.destination for m in play.moves if m.hit)))
    max_dice = len(plays[0].moves) if plays else 0
    for text in _attempts(rng, position, r, plays):
        try:
            segments = parse_moves(text)
        except NotationError:
            continue
        v = explain(position, r, text)
        expected = first_rule_broken(position, r, segments, keys, max_dice)
        assert v.reason.name == expected, (position, r, text, v.message)
        if v.legal:
            assert v.play in plays or (not plays and v.play.is_empty)
        assert v.suggestion is None or v.suggestion in plays, (text, v.message)
        if v.suggestion is not None and v.reason.name in ("DICE_NOT_FULLY_USED", "DOUBLES_UNDERPLAYED",
                                                          "LARGER_DIE_REQUIRED", "MUST_MOVE"):
            assert format_play(v.suggestion, paths=True) in v.message
        # a move proposed inside a message is a move some legal play makes
        for src, dst in re.findall(r"\((\d+)/(\d+|off)\)", v.message):
            proposed = (int(src), 0 if dst == "off" else int(dst))
            assert any((m.source, m.destination) == proposed for p in plays for m in p.moves), v.message
