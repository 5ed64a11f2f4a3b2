"""The .mat record format: writing, reading back (round trip), other programs' dialects, errors."""

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bglearn import RED, WHITE, Dice, MatchRecordError, Position
from bglearn.bots import HeuristicBot, RandomBot, play_game, play_match
from bglearn.game import Game, apply_events
from bglearn.ids import decode_match_id
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
    # the left column is GNU Backgammon's player 0 = Red, the right column player 1 = White
    assert rec.length == 3 and rec.names == ("Bob", "Ann") and rec.columns == ("Ann", "Bob")
    assert rec.meta == {"Site": "somewhere", "Event": "club night"}
    g = rec.games[0]
    kinds = [e.kind for e in g.record]
    assert kinds[:3] == ["opening", "play", "roll"]
    assert g.opening.starter is WHITE
    assert "double" in kinds and "take" in kinds and "drop" in kinds
    assert g.winner is WHITE and g.points == 2 and g.end_reason == "drop" and g.cube.value == 2
    assert rec.match.score == (2, 0)


# What GNU Backgammon 1.07 prints for GNUBG_STYLE ("export match text"), state by state.
GNUBG_IDS = [
    "4HPwATDgc/ABMA:cIhlAAAAAAAE", "sGfwATDgc/ABMA:MIFqAAAAAAAE", "4PPIATCwZ/ABMA:cAlzAAAAAAAE",
    "sGfhQSDg88gBMA:MAFgAAAAAAAE", "sGfhQSDg88gBMA:MBlgAAAAAAAE", "sGfhQSDg88gBMA:EQF7AAAAAAAE",
    "4NsjwQCwZ+EBUA:UQlgAAAAAAAE", "4NsjwQCwZ+EBUA:URFgAAAAAAAE",
]


def record_states(game):
    """The Position ID:Match ID of every state a recorded game passes through."""
    g = game.replay(0)
    states = [g.gnubg_id()]
    for event in game.record:
        apply_events(g, [event])
        states.append(g.gnubg_id())
    return states


def test_match_ids_of_a_record_are_the_ones_gnubg_prints():
    states = record_states(parse_mat(GNUBG_STYLE).games[0])
    assert [i for i in GNUBG_IDS if i not in states] == []
    # the opening roll, before the first play, is game state "none" in a recorded game ...
    assert decode_match_id(states[1].split(":")[1]).game_state == "none"
    # ... and "playing" in a game played live, as GNU Backgammon shows them
    live = Match(3).new_game()
    live.start((1, 3))
    assert live.match_id_fields().game_state == "playing"


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
    # Red (GNU Backgammon's player 0) in the left column, White (player 1) in the right one
    assert lines[lines.index(" Game 1") + 1] == " Red : 0                        White : 0"
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
    with pytest.raises(MatchRecordError, match="line 9: .*Red cannot play 5-2") as info:
        parse_mat(bad_move)
    assert info.value.line == 9
    with pytest.raises(MatchRecordError, match="line 7"):
        parse_mat(GNUBG_STYLE.replace(" Ann : 0                        Bob : 0", " Ann and Bob"))
    with pytest.raises(MatchRecordError, match="line 10"):
        parse_mat(GNUBG_STYLE.replace("  3)  Doubles => 2                Takes", "  3) hello"))
    with pytest.raises(MatchRecordError, match="line 10: .*White"):
        parse_mat(GNUBG_STYLE.replace("  3)  Doubles => 2                Takes",
                                      "  3)                             Takes"))
    with pytest.raises(MatchRecordError, match="no ' N point match'"):
        parse_mat("; only a comment\n")


def test_score_line_must_agree_with_the_games():
    m = play_match(Match(7, dice=Dice(8)), HeuristicBot(1), HeuristicBot(2))
    assert len(m.games) > 1
    lines = format_mat(m).splitlines()
    i = lines.index(" Game 2")
    lines[i + 1] = " Red : 2                        White : 2"
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


# Debian installs GNU Backgammon as /usr/games/gnubg, which is often not on PATH.
GNUBG = shutil.which("gnubg") or next((p for p in ("/usr/games/gnubg", "/usr/bin/gnubg", "/usr/local/bin/gnubg")
                                       if os.access(p, os.X_OK)), None)


def gnubg_printed_ids(mat_path, out_dir):
    """Every Position ID:Match ID that GNU Backgammon prints for a record, game by game (it
    writes one text file per game when it exports a match as text)."""
    subprocess.run([GNUBG, "-t", "-q", "-r"], input=f"import mat {mat_path}\nexport match text {out_dir}/g.txt\n",
                   capture_output=True, text=True, timeout=300)
    files = sorted(Path(out_dir).glob("g*.txt"), key=lambda f: (len(f.name), f.name))
    pattern = re.compile(r"Position ID: (\S+)\n\s+Match ID\s+: (\S+)")
    return [[f"{p}:{m}" for p, m in pattern.findall(f.read_text(encoding="utf-8", errors="replace"))]
            for f in files]


@pytest.mark.skipif(GNUBG is None, reason="GNU Backgammon (gnubg) is not installed: apt-get install gnubg")
def test_gnubg_imports_our_record_and_we_import_its_export(tmp_path):
    m = play_match(Match(5, dice=Dice(11)), HeuristicBot(3), RandomBot(4, double_rate=0.1))
    ours = write_mat(m, tmp_path / "ours.mat")
    theirs = tmp_path / "theirs.mat"
    cmds = f"set display off\nimport mat {ours}\nshow score\nexport match mat {theirs}\n"
    out = subprocess.run([GNUBG, "-t", "-q", "-r"], input=cmds, capture_output=True, text=True, timeout=120).stdout
    # GNU Backgammon shows the points won without cutting them at the match length, player 0
    # (the left column, Red) first
    w = sum(g.points for g in m.games if g.winner is WHITE)
    r = sum(g.points for g in m.games if g.winner is RED)
    assert f"Red {r}, White {w}" in out
    assert "Warning" not in out and "Invalid" not in out
    _same(read_mat(theirs), m)
    # and it prints, state by state, the IDs we give the record
    printed = gnubg_printed_ids(ours, tmp_path)
    back = read_mat(ours)
    assert len(printed) == len(back.games)
    for game, ids in zip(back.games, printed):
        states = set(record_states(game))
        assert ids and [i for i in ids if i not in states] == []


def _one_game(lines, length=1, score=(0, 0)):
    """A .mat record of one game, Ann in the left column, Bob in the right; line 5 is the first move."""
    return "\n".join([f" {length} point match", "", " Game 1",
                      f" Ann : {score[0]}                        Bob : {score[1]}", *lines]) + "\n"


def test_galaxy_losses_beside_wins_is_read():
    # Backgammon Galaxy writes the loser's "Losses" beside the winner's "Wins"
    text = _one_game(["  1)                             31: 8/5 6/5",
                      "  2)  Losses 1 point                                               Wins 1 point and the match"])
    rec = parse_mat(text)
    assert rec.games[0].winner is WHITE and rec.match.score == (1, 0) and rec.match.winner is WHITE
    # a "Losses" entry in the winner's own column contradicts the game
    bad = _one_game(["  1)                             31: 8/5 6/5",
                     "  2)  Wins 1 point and the match",
                     "  3)  Losses 1 point"])
    with pytest.raises(MatchRecordError, match="line 7: the record says Red loses, but Red won"):
        parse_mat(bad)


def test_an_omitted_play_is_reported_on_the_line_where_it_happened():
    lines = ["  1)                             31: 8/5 6/5",
             "  2) 52: 13/11 13/8              64:",
             "  3)  Doubles => 2                Takes"]
    with pytest.raises(MatchRecordError) as info:
        parse_mat(_one_game(lines, length=3))
    assert info.value.line == 6
    assert "White rolled 6-4 and no play is written, but 6-4 can be played" in str(info.value)
    # the same when the record says "Cannot Move" although a play exists
    lines[1] = "  2) 52: 13/11 13/8              64: Cannot Move"
    with pytest.raises(MatchRecordError, match="line 6: .*White rolled 6-4 and wrote 'Cannot Move'"):
        parse_mat(_one_game(lines, length=3))
    # a roll left unplayed because the player resigned is fine
    rec = parse_mat(_one_game(["  1)                             31: 8/5 6/5",
                               "  2) 52:", "                                  Wins 1 point"], length=3))
    assert rec.games[0].winner is WHITE and rec.games[0].end_reason == "resignation"


HEADER = """\
; [Site "Club Hall"]
; [Match ID "1484923"]
; [Player 1 "Ann"]
; [Player 1 Elo "1500"]
; [Event "club night"]
; [EventDate "2024.05.01"]
; [Round "Final"]
; [Transcriber "Ann"]
; [Variation "Backgammon"]
; [Crawford "On"]
; played on the terrace
"""


def test_writing_a_record_back_keeps_its_header(tmp_path):
    rec = parse_mat(HEADER + "\n" + GNUBG_STYLE.split("\n", 3)[3])
    items = list(rec.meta.items())
    assert items[0] == ("Site", "Club Hall") and rec.match.header == rec.meta
    for written in (format_mat(rec.match), format_mat(rec), write_mat(rec.match, tmp_path / "x.mat").read_text()):
        back = parse_mat(written)
        assert list(back.meta.items()) == items
        assert written.startswith(HEADER.split("; played")[0])
        _same(back, rec)
    assert "; played on the terrace" in format_mat(rec)
    # keyword arguments replace a field; a match played here gets bglearn as its transcriber
    assert '; [Transcriber "Bob"]' in format_mat(rec.match, transcriber="Bob")
    assert '; [Transcriber "bglearn"]' in format_mat(play_match(Match(1, dice=Dice(1)), RandomBot(1), RandomBot(2)))


def test_a_record_that_begins_at_one_away_with_a_double_is_post_crawford():
    # 6-5 in a 7-point match: the first game may be the Crawford game or a later one. A double is
    # allowed only after the Crawford game, so the record is read as post-Crawford, with a warning.
    doubled = _one_game(["  1)                             31: 8/5 6/5",
                         "  2)  Doubles => 2                Takes",
                         "  3) 52: 13/11 13/8"], length=7, score=(6, 5))
    rec = parse_mat(doubled)
    g = rec.games[0]
    assert not g.crawford and rec.match.post_crawford and g.cube.value == 2
    assert any("post-Crawford" in w and "(line 6)" in w for w in rec.warnings)
    # without a double, the first game is the Crawford game, as GNU Backgammon assumes
    rec = parse_mat(_one_game(["  1)                             31: 8/5 6/5"], length=7, score=(6, 5)))
    assert rec.games[0].crawford and not rec.warnings
    # a double in a Crawford game reached inside the record is still refused
    crawford_double = _one_game(["  1)                             31: 8/5 6/5",
                                 "  2) 52: 13/11 13/8               Doubles => 2"], length=3, score=(0, 1)) + """\
  3)  Drops                       Wins 1 point

 Game 2
 Ann : 0                        Bob : 2
  1)                             31: 8/5 6/5
  2)  Doubles => 2
"""
    with pytest.raises(MatchRecordError, match="line 12: .*Crawford"):
        parse_mat(crawford_double)
