"""The .mat record format: writing, reading back (round trip), other programs' dialects, errors."""

import shutil
import subprocess

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bglearn import RED, WHITE, Dice, MatchRecordError, Position
from bglearn.bots import HeuristicBot, RandomBot, play_game, play_match
from bglearn.game import Game
from bglearn.match import Match
from bglearn.records import format_mat, parse_mat, read_mat, write_mat

GNUBG_STYLE = """\
; [Site "somewhere"]
; [Event "club night"]

 3 point match

 Game 1
 Ann : 0                        Bob : 0
  1)                             31: 8/5 6/5
  2) 52: 13/11 13/8              64: 24/18 13/9
  3)  Doubles => 2                Takes
  4) 66: 24/18(2) 13/7(2)         Doubles => 4
  5)  Drops                       Wins 2 points
"""


def test_reads_a_hand_written_record_in_gnubg_style():
    rec = parse_mat(GNUBG_STYLE)
    assert rec.length == 3 and rec.names == ("Ann", "Bob")
    assert rec.meta == {"Site": "somewhere", "Event": "club night"}
    g = rec.games[0]
    kinds = [e.kind for e in g.record]
    assert kinds[:3] == ["opening", "play", "roll"]
    assert g.opening.starter is RED
    assert "double" in kinds and "take" in kinds and "drop" in kinds
    assert g.winner is RED and g.points == 2 and g.end_reason == "drop" and g.cube.value == 2
    assert rec.match.score == (0, 2)


def test_cannot_move_turns_round_trip_in_both_spellings():
    for seed in range(50):
        m = play_match(Match(1, dice=Dice(seed)), RandomBot(seed), RandomBot(seed + 1))
        if any(p.is_empty for g in m.games for p in g.plays):
            break
    text = format_mat(m)
    lost = sum(p.is_empty for g in m.games for p in g.plays)
    assert lost
    for variant in (text, _cannot_move(text)):
        back = parse_mat(variant)
        assert sum(p.is_empty for g in back.games for p in g.plays) == lost
        assert [g.position for g in back.games] == [g.position for g in m.games]


def _cannot_move(text):
    import re
    return re.sub(r"(?m)(\b[1-6][1-6]:)(?= {2,}|$)", r"\1 Cannot Move", text)


def test_a_set_up_position_cannot_be_written_as_mat():
    red = [0] * 25
    red[6] = 15
    white = [0] * 25
    white[6] = 15
    with pytest.raises(MatchRecordError, match="standard starting position"):
        format_mat(Game(position=Position(white, red, WHITE)))


def test_written_layout_matches_gnubg_export():
    m = play_match(Match(3, dice=Dice(4)), HeuristicBot(1), HeuristicBot(2))
    lines = format_mat(m).splitlines()
    assert " 3 point match" in lines
    assert " Game 1" in lines
    assert lines[lines.index(" Game 1") + 1] == " White : 0                      Red : 0"
    moves = [ln for ln in lines if ln[:5].strip().endswith(")")]
    assert moves and all(ln[3:5] == ") " for ln in moves)
    # the right column starts at column 33, as GNU Backgammon writes it
    full = [ln for ln in moves if ln.count(":") == 2]
    assert all(ln[33:35].isdigit() and ln[35] == ":" for ln in full)
    assert any("Wins" in ln for ln in lines)


def test_malformed_records_give_the_line_number():
    with pytest.raises(MatchRecordError, match="line 1"):
        parse_mat("hello\n")
    bad_move = GNUBG_STYLE.replace("52: 13/11 13/8", "52: 13/1 13/8")
    with pytest.raises(MatchRecordError, match="line 9: .*White cannot play 5-2") as info:
        parse_mat(bad_move)
    assert info.value.line == 9
    with pytest.raises(MatchRecordError, match="line 7"):
        parse_mat(GNUBG_STYLE.replace(" Ann : 0                        Bob : 0", " Ann and Bob"))
    with pytest.raises(MatchRecordError, match="line 10"):
        parse_mat(GNUBG_STYLE.replace("  3)  Doubles => 2                Takes", "  3) hello"))
    with pytest.raises(MatchRecordError, match="line 10: .*Red"):
        parse_mat(GNUBG_STYLE.replace("  3)  Doubles => 2                Takes",
                                      "  3)                             Takes"))
    with pytest.raises(MatchRecordError, match="no ' N point match'"):
        parse_mat("; only a comment\n")


def test_score_line_must_agree_with_the_games():
    m = play_match(Match(7, dice=Dice(8)), HeuristicBot(1), HeuristicBot(2))
    assert len(m.games) > 1
    lines = format_mat(m).splitlines()
    i = lines.index(" Game 2")
    lines[i + 1] = " White : 2                      Red : 2"
    with pytest.raises(MatchRecordError, match=f"line {i + 2}: the record gives the score as 2-2"):
        parse_mat("\n".join(lines))


def test_money_games_round_trip_with_their_rules(tmp_path):
    games = [play_game(Game(dice=Dice(s), jacoby=True, beavers=True, raccoons=True),
                       RandomBot(s, double_rate=0.3), RandomBot(s + 9, take_rate=0.9)) for s in range(3)]
    path = write_mat(games, tmp_path / "money.mat")
    rec = read_mat(path)
    assert rec.length == 0 and rec.match is None and rec.meta["Jacoby"] == "On"
    assert [(g.position, g.winner, g.points) for g in rec.games] == [(g.position, g.winner, g.points) for g in games]


def _same(a, b):
    assert [g.position for g in a.games] == [g.position for g in b.games]
    assert [(g.winner, g.points, g.end_reason) for g in a.games] == [(g.winner, g.points, g.end_reason) for g in b.games]
    assert a.score == b.score


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), length=st.integers(1, 7))
def test_match_records_round_trip_and_replay_to_the_same_positions(seed, length):
    m = play_match(Match(length, dice=Dice(seed)), HeuristicBot(seed),
                   RandomBot(seed + 1, double_rate=0.15, resign_rate=0.01))
    rec = parse_mat(format_mat(m))
    _same(rec, m)
    assert format_mat(rec.match) == format_mat(m)  # a fixed point
    for g, h in zip(rec.games, m.games):
        assert [h.position_at(n) for n in range(len(h.plays) + 1)] == \
               [g.position_at(n) for n in range(len(g.plays) + 1)]
        assert g.crawford == h.crawford


@pytest.mark.skipif(not shutil.which("gnubg") and not shutil.which("/usr/games/gnubg"),
                    reason="GNU Backgammon is not installed")
def test_gnubg_imports_our_record_and_we_import_its_export(tmp_path):
    gnubg = shutil.which("gnubg") or "/usr/games/gnubg"
    m = play_match(Match(5, dice=Dice(11)), HeuristicBot(3), RandomBot(4, double_rate=0.1))
    ours = write_mat(m, tmp_path / "ours.mat")
    theirs = tmp_path / "theirs.mat"
    cmds = f"set display off\nimport mat {ours}\nshow score\nexport match mat {theirs}\n"
    out = subprocess.run([gnubg, "-t", "-q", "-r"], input=cmds, capture_output=True, text=True, timeout=120).stdout
    # GNU Backgammon shows the points won without cutting them at the match length
    w = sum(g.points for g in m.games if g.winner is WHITE)
    r = sum(g.points for g in m.games if g.winner is RED)
    assert f"White {w}, Red {r}" in out
    assert "Warning" not in out and "Invalid" not in out
    _same(read_mat(theirs), m)
