"""Computer players and the `bglearn match` / `bglearn replay` commands."""

import subprocess
import sys

import pytest

from bglearn import WHITE, BglearnError, Dice, Position, legal_plays
from bglearn.bots import HeuristicBot, RandomBot, make_bot, play_game
from bglearn.game import Game
from bglearn.records import read_mat


@pytest.mark.parametrize("bot", [RandomBot(1), HeuristicBot(1)])
def test_bots_choose_legal_plays_and_say_they_are_not_strong(bot):
    assert "not a strong player" in bot.label
    pos = Position()
    for roll in ("31", "66", "52"):
        assert bot.choose(pos, roll) in legal_plays(pos, roll)


def test_bot_returns_the_empty_play_for_a_lost_turn():
    red = [0] * 25
    for p in range(1, 7):
        red[p] = 2
    red[13] = 3
    white = [0] * 25
    white[0] = 1
    white[13] = 14
    pos = Position(white, red, WHITE)
    assert HeuristicBot(0).choose(pos, "66").is_empty and RandomBot(0).choose(pos, "66").is_empty


def test_heuristic_bot_hits_and_makes_points():
    bot = HeuristicBot(0)
    assert bot.choose(Position(), "31").notation == "8/5 6/5"  # makes the 5-point
    # a Red blot on White's 5-point: with 6-2 White hits it 13/5*
    red = list(Position().red)
    red[6] -= 1
    red[20] = 1  # Red's 20 = White's 5
    p = Position(Position().white, red, WHITE)
    assert bot.choose(p, "62").hits


def test_bots_are_reproducible_from_their_seed():
    a = play_game(Game(dice=Dice(3)), RandomBot(5), HeuristicBot(6))
    b = play_game(Game(dice=Dice(3)), RandomBot(5), HeuristicBot(6))
    assert [e.play.notation for e in a.record if e.play] == [e.play.notation for e in b.record if e.play]


def test_cube_heuristics():
    bot = HeuristicBot(0)
    white = [0] * 25
    white[1], white[2] = 8, 7  # 23 pips
    red = [0] * 25
    red[6] = 15  # 90 pips
    g = Game(position=Position(white, red, WHITE))
    assert bot.wants_to_double(g) is False  # far too good: play on
    g3 = Game(position=Position({6: 10, 5: 5}, {6: 10, 5: 4, 4: 1}, WHITE))  # 85 v 84: no lead
    assert not bot.wants_to_double(g3)
    g4 = Game(position=Position({6: 6, 5: 5, 4: 4}, {6: 12, 5: 3}, WHITE))  # 77 v 87
    assert bot.wants_to_double(g4)
    g4.double()
    assert bot.accepts(g4)  # 10 pips behind at 77: a take


def test_make_bot_names():
    assert isinstance(make_bot("bot"), HeuristicBot) and isinstance(make_bot("random"), RandomBot)
    with pytest.raises(BglearnError, match="unknown player"):
        make_bot("human")
    mine = HeuristicBot(3)
    assert make_bot(mine) is mine                       # a bot object is used as it is
    with pytest.raises(BglearnError, match="choose"):
        make_bot(42)


def _cli(*args, cwd):
    return subprocess.run([sys.executable, "-m", "bglearn", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=120, env={"PYTHONPATH": str(__import__("pathlib").Path(__file__).parents[1]),
                                                      "PATH": "/usr/bin:/bin"})


def test_cli_match_and_replay(tmp_path):
    out = _cli("match", "--length", "5", "--seed", "7", "--players", "bot,bot", "-o", "match.mat", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "Game 1" in out.stdout and "wins the match" in out.stdout and "score" in out.stdout
    rec = read_mat(tmp_path / "match.mat")
    assert rec.match.is_over and max(rec.match.score) == 5
    again = _cli("match", "--length", "5", "--seed", "7", "--players", "bot,bot", "-o", "again.mat", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert (tmp_path / "again.mat").read_text() == (tmp_path / "match.mat").read_text()
    rep = _cli("replay", "match.mat", cwd=tmp_path)
    assert rep.returncode == 0, rep.stderr
    assert "1. White plays" in rep.stdout or "1. Red plays" in rep.stdout
    assert "wins the match" in rep.stdout


def test_cli_errors_are_one_line(tmp_path):
    out = _cli("match", "--players", "bot,human", cwd=tmp_path)
    assert out.returncode == 2 and "unknown player" in out.stderr and out.stderr.count("\n") == 1
    (tmp_path / "bad.mat").write_text(" 3 point match\n Game 1\n A : 0   B : 0\n  1) 52: 13/1\n")
    out = _cli("replay", "bad.mat", cwd=tmp_path)
    assert out.returncode == 2 and "line 4" in out.stderr
