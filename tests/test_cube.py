"""The doubling cube: who may double, take, drop, beaver; every refusal names its rule."""

import json
from pathlib import Path

import pytest

from bglearn import RED, WHITE, CubeActionError
from bglearn.cube import Cube

CASES = json.loads((Path(__file__).resolve().parent / "cases" / "scoring.json").read_text())
CUBE_CASES = {c["id"]: c for c in CASES["cube"]}


def test_new_cube_is_centred_at_one_showing_64():
    c = Cube()
    assert (c.value, c.owner, c.centred, c.face) == (1, None, True, 64)
    assert c.may_double(WHITE) and c.may_double(RED)


def test_S4b_first_double_taken_taker_owns_cube_at_two():
    case = CUBE_CASES["S4b"]
    c = Cube(value=case["cube_before_double"]).double(WHITE).take()
    assert c.value == case["cube_after"] == 2
    assert c.owner is RED  # the taker
    assert not c.centred and c.face == 2


def test_S4_dropped_redouble_pays_stake_before_the_double():
    case = CUBE_CASES["S4"]
    c = Cube(value=case["cube_before_double"], owner=WHITE).double(WHITE)
    assert c.offer.value == 8
    assert c.drop() == case["points"] == 4


def test_S5c_only_owner_may_redouble():
    c = Cube().double(WHITE).take()  # Red owns a 2-cube
    assert c.why_not(WHITE) == "Only the cube's owner may redouble."
    with pytest.raises(CubeActionError, match="Only the cube's owner may redouble"):
        c.double(WHITE)
    assert c.double(RED).offer.value == 4


def test_S5c_either_player_may_double_centred_cube_but_not_after_rolling():
    for p in (WHITE, RED):
        assert Cube().may_double(p)
        with pytest.raises(CubeActionError, match="before rolling"):
            Cube().double(p, rolled=True)


def test_crawford_refuses_doubling():
    with pytest.raises(CubeActionError, match="Crawford"):
        Cube().double(WHITE, crawford=True)


def test_dead_cube_in_match_play_is_refused():
    # 5-point match, White at 3 needs 2: a 2-cube already wins White the match
    c = Cube(value=2, owner=WHITE)
    assert c.why_not(WHITE, match_length=5, score=(3, 0)) is None  # the rules allow it
    reason = c.why_not(WHITE, match_length=5, score=(3, 0), refuse_dead=True)
    assert reason and "dead" in reason
    assert Cube().may_double(WHITE, match_length=5, score=(3, 0), refuse_dead=True)  # 1-cube: still live


def test_agreed_maximum_cube():
    c = Cube(value=4, owner=WHITE, max_value=4)
    assert "maximum of 4" in c.why_not(WHITE)


def test_cannot_double_while_an_offer_waits_and_cannot_take_without_offer():
    c = Cube().double(WHITE)
    assert "already on offer" in c.why_not(RED)
    with pytest.raises(CubeActionError, match="no double"):
        Cube().take()
    with pytest.raises(CubeActionError, match="no double"):
        Cube().drop()


def test_beaver_and_raccoon():
    c = Cube(beavers=True, raccoons=True).double(WHITE)
    b = c.beaver(RED)
    assert (b.value, b.owner, b.offer.value, b.offer.by) == (2, RED, 4, RED)
    assert b.drop() == 2  # the original doubler may drop the beaver, paying the doubled stake
    r = b.raccoon(WHITE)
    assert (r.offer.value, r.offer.by) == (8, WHITE)
    t = r.take()
    assert (t.value, t.owner) == (8, RED)  # the beaverer keeps the cube


def test_beaver_refusals_name_the_rule():
    c = Cube().double(WHITE)
    with pytest.raises(CubeActionError, match="not allowed"):
        c.beaver(RED)
    cb = Cube(beavers=True).double(WHITE)
    with pytest.raises(CubeActionError, match="match play"):
        cb.beaver(RED, match_length=5)
    with pytest.raises(CubeActionError, match="who was doubled"):
        cb.beaver(WHITE)
    with pytest.raises(CubeActionError, match="Raccoons are not allowed"):
        cb.beaver(RED).raccoon(WHITE)


def test_cube_is_immutable_and_validated():
    c = Cube()
    c.double(WHITE)
    assert c.offer is None
    with pytest.raises(CubeActionError):
        Cube(value=3)
    with pytest.raises(Exception):
        c.value = 2  # frozen


def test_automatic_double_keeps_cube_centred():
    c = Cube().automatic_double()
    assert c.value == 2 and c.centred
