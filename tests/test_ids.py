"""GNU Backgammon Position ID / Match ID and XGID, including the examples of shared/rules.md."""

from __future__ import annotations

import base64

import pytest

from bglearn import RED, WHITE, InvalidPositionError, NotationError, Position, legal_plays, parse_play
from bglearn.ids import MatchId, decode_match_id, encode_match_id, format_xgid, parse_position_text, parse_xgid


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
    x = "XGID=-b----E-C---eE---c-e----B-:1:-1:-1:52:8:4:1:9:10"
    info = parse_xgid(x)
    assert info.cube_value == 2 and info.cube_owner is RED and info.turn is RED
    assert info.dice == (5, 2) and info.score == (8, 4) and info.crawford and info.match_length == 9
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
        ("XGID=-b----E-C---eE", "has 1 ':'-separated field;"),  # one field, not "1 fields"
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


def _match_id_from_fields(length, score0, score1, crawford, state=1):
    """A Match ID packed by hand (bit layout of shared/rules.md), independently of bglearn's encoder:
    centred 1-cube, player 1 on roll, to roll."""
    bits = [0] * 72
    for start, width, value in ((4, 2, 3), (6, 1, 1), (7, 1, int(crawford)), (8, 3, state), (11, 1, 1),
                                (21, 15, length), (36, 15, score0), (51, 15, score1), (66, 1, 1)):
        for i in range(width):
            bits[start + i] = (value >> i) & 1
    data = bytes(sum(bits[8 * k + i] << i for i in range(8)) for k in range(9))
    return base64.b64encode(data).decode()


@pytest.mark.parametrize("length, score, why", [
    (7, (0, 0), "exactly one side has 6 points"),
    (7, (6, 6), "exactly one side has 6 points"),
    (5, (2, 3), "exactly one side has 4 points"),
    (0, (0, 0), "money game"),
])
def test_a_crawford_flag_at_an_impossible_score_is_refused(length, score, why):
    text = _match_id_from_fields(length, score[1], score[0], crawford=True)
    with pytest.raises(NotationError, match=why):
        decode_match_id(text)
    with pytest.raises(NotationError, match=why):
        encode_match_id(MatchId(crawford=True, match_length=length, score=score))
    if length:
        a, b = score
        with pytest.raises(NotationError, match=why):
            parse_xgid(f"XGID=-b----E-C---eE---c-e----B-:0:0:1:00:{a}:{b}:1:{length}:10")
        with pytest.raises(NotationError, match=why):
            format_xgid(Position(), crawford=True, score=score, match_length=length)


@pytest.mark.parametrize("score", [(6, 0), (0, 6), (6, 5), (3, 6)])
def test_a_crawford_flag_at_one_away_is_read(score):
    m = decode_match_id(_match_id_from_fields(7, score[1], score[0], crawford=True))
    assert m.crawford and m.score == score and m.match_length == 7
    assert parse_xgid(f"XGID=-b----E-C---eE---c-e----B-:0:0:1:00:{score[0]}:{score[1]}:1:7:10").crawford
    # a finished game keeps its flag whatever the score it produced
    assert decode_match_id(_match_id_from_fields(7, 0, 7, crawford=True, state=2)).crawford


def test_match_play_sets_gnubg_no_jacoby_bit():
    from bglearn.match import Match

    # GNU Backgammon 1.07 prints "cAkzAQAAAAAE" for a new 9-point match whose opening roll gives
    # its player 1 (White) 6-4, whatever its Jacoby setting
    g = Match(9).new_game()
    g.start((6, 4))
    assert g.match_id() == "cAkzAQAAAAAE"
    assert decode_match_id(g.match_id()).jacoby is False
