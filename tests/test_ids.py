"""GNU Backgammon Position ID / Match ID and XGID, including the examples of shared/rules.md."""

from __future__ import annotations

import pytest

from bglearn import RED, WHITE, InvalidPositionError, NotationError, Position, legal_plays, parse_play
from bglearn.ids import MatchId, decode_match_id, encode_match_id, parse_position_text, parse_xgid


def test_opening_position_id():
    assert Position().position_id() == "4HPwATDgc/ABMA"
    assert Position.from_position_id("4HPwATDgc/ABMA") == Position()


def test_side_not_on_roll_is_encoded_first():
    after = parse_play(Position(), "31", "8/5 6/5").result
    assert after.turn is RED
    assert after.position_id() == "sGfwATDgc/ABMA"
    back = Position.from_position_id("sGfwATDgc/ABMA", RED)
    assert back == after


def test_opening_xgid_matches_rules_md():
    x = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
    assert Position().xgid() == x
    info = parse_xgid(x)
    assert info.position == Position() and info.dice is None and info.match_length == 0
    assert info.max_cube == 1024


def test_xgid_fields():
    x = "XGID=-b----E-C---eE---c-e----B-:1:-1:-1:52:2:4:1:9:10"
    info = parse_xgid(x)
    assert info.cube_value == 2 and info.cube_owner is RED and info.turn is RED
    assert info.dice == (5, 2) and info.score == (2, 4) and info.crawford and info.match_length == 9
    assert str(info) == x
    money = parse_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:D:0:0:3:0:10")
    assert money.cube_action == "D" and money.jacoby and money.beavers


def test_gnubg_pair_equals_xgid():
    assert parse_position_text("4HPwATDgc/ABMA:cAkAAAAAAAAE") == Position()
    assert decode_match_id("cAkAAAAAAAAE").jacoby is False
    assert decode_match_id("cAkAAAAAAAAA").jacoby is True


def test_match_id_example_from_rules_md():
    m = decode_match_id("QYkqASAAIAAA")
    assert m.match_length == 9
    assert m.score == (4, 2)  # player 1 (White) 4, player 0 (Red) 2
    assert m.cube_value == 2 and m.cube_owner is RED
    assert m.on_roll is WHITE and m.dice == (5, 2)
    assert encode_match_id(m) == "QYkqASAAIAAA"


def test_money_match_id_examples():
    m = decode_match_id("cAkAAAAAAAAA")
    assert m.match_length == 0 and m.cube_owner is None and m.cube_value == 1 and m.on_roll is WHITE
    assert encode_match_id(MatchId(jacoby=False)) == "cAkAAAAAAAAE"


@pytest.mark.parametrize(
    "text,fragment",
    [
        ("4HPwATDgc/ABM", "13 characters"),
        ("4HPwATDgc/AB!A", "'!'"),
        ("//////////////", "ends before"),
        ("AAAAAAAAAAAAAA", "only one can win"),
    ],
)
def test_bad_position_ids(text, fragment):
    with pytest.raises((NotationError, InvalidPositionError)) as e:
        Position.from_position_id(text)
    assert fragment in str(e.value)


@pytest.mark.parametrize(
    "text,fragment",
    [
        ("XGID=-b----E-C---eE---c-e---B-:0:0:1:00:0:0:0:0:10", "25 characters"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:2:00:0:0:0:0:10", "turn field"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:71:0:0:0:0:10", "dice field"),
        ("XGID=-b----E-C---eE---c-e----B-:x:0:1:00:0:0:0:0:10", "cube field"),
        ("XGID=-b----E-C---eE---c-e----Z-:0:0:1:00:0:0:0:0:10", "character 25 is 'Z'"),
        ("XGID=-b----E-C---eE---c-e----Bb:0:0:1:00:0:0:0:0:10", "character 26"),
        ("XGID=-b----E-C---eE", "fields"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:5:0:0:5:10", "impossible"),
    ],
)
def test_bad_xgids(text, fragment):
    with pytest.raises(NotationError) as e:
        parse_xgid(text)
    assert fragment in str(e.value)


def test_xgid_with_too_many_checkers():
    with pytest.raises(InvalidPositionError, match="XGID position field"):
        parse_xgid("XGID=-b----O-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10")


def test_bad_match_id():
    with pytest.raises(NotationError, match="12"):
        decode_match_id("cAkAAAAAAAA")


def test_red_on_roll_position_round_trips_through_both_ids():
    p = Position({"bar": 1, 3: 2, 20: 4}, {4: 3, 6: 2, 24: 1}, RED)
    assert Position.from_position_id(p.position_id(), RED) == p
    assert Position.from_xgid(p.xgid(dice=(3, 1))) == p
    assert legal_plays(Position.from_xgid(p.xgid()), "31") == legal_plays(p, "31")
