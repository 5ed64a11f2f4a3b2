"""``bglearn match`` (play a match between computer players and save the record) and
``bglearn replay`` (print a ``.mat`` record move by move)."""

from __future__ import annotations

import argparse
import sys

from ..errors import BglearnError
from . import check_input_file, check_output_file

__all__ = ["register"]


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "match",
        help="play a match between computer players and write the .mat record",
        description="Play a whole match between computer players (not strong ones) with the cube and "
        "the Crawford rule, print the score after each game, and write the record as a .mat file "
        "that GNU Backgammon and eXtreme Gammon can import.",
    )
    p.add_argument("--length", type=int, default=5, help="match length in points (default 5)")
    p.add_argument("--seed", type=int, default=None, help="seed for the dice and the players")
    p.add_argument("--players", default="bot,bot",
                   help="White's and Red's players: bot (= heuristic), heuristic or random (default bot,bot)")
    p.add_argument("--names", default=None, help="players' names for the record, e.g. 'Ann,Bob'")
    p.add_argument("-o", "--output", default=None, help="write the .mat record to this file ('-' = stdout)")
    p.add_argument("--moves", action="store_true", help="also print every move as it is played")
    p.set_defaults(func=_match)

    r = subparsers.add_parser(
        "replay",
        help="print a .mat match record move by move",
        description="Read a .mat record (as GNU Backgammon, eXtreme Gammon or bglearn write it), check "
        "every move with the rules engine, and print the match move by move with the score.",
    )
    r.add_argument("file", help="the .mat file ('-' = stdin)")
    r.add_argument("--game", type=int, default=None, help="only this game (1 = the first)")
    r.add_argument("--board", action="store_true", help="draw the board after every play")
    r.add_argument("--ids", action="store_true", help="print the GNU Position ID after every play")
    r.set_defaults(func=_replay)


def _pair(text: str, what: str) -> tuple[str, str]:
    parts = [t.strip() for t in text.split(",")]
    if len(parts) != 2 or not all(parts):
        raise BglearnError(f"--{what} takes two comma-separated values (White's, then Red's), got {text!r}.")
    return parts[0], parts[1]


def _match(args: argparse.Namespace) -> int:
    from ..bots import make_bot, play_game
    from ..dice import Dice
    from ..match import Match
    from ..records import format_mat

    # every argument is checked before the first game is played
    if args.length < 1:
        raise BglearnError(f"--length must be at least 1, got {args.length}.")
    if args.output and args.output != "-":
        check_output_file(args.output)
    kinds = _pair(args.players, "players")
    names = _pair(args.names, "names") if args.names else ("White", "Red")
    seed = args.seed
    white = make_bot(kinds[0], None if seed is None else seed * 2 + 1)
    red = make_bot(kinds[1], None if seed is None else seed * 2 + 2)
    match = Match(args.length, dice=Dice(seed), names=names)
    out = sys.stdout
    print(f"{args.length}-point match: {names[0]} ({white.label}) v {names[1]} ({red.label})", file=out)
    while not match.is_over:
        game = match.new_game()
        index = len(match.games) - 1
        print(f"{match.game_label(index)} — score {match.score_text()}", file=out)
        if args.moves:
            _play_printing(game, white, red, out)
        else:
            play_game(game, white, red)
        print(f"  {game.summary()}; score {match.score_text()}", file=out)
    w = match.winner
    assert w is not None
    print(f"{names[w]} wins the match {match.score[w]}-{match.score[w.opponent]}.", file=out)
    if args.output:
        text = format_mat(match)
        if args.output == "-":
            sys.stdout.write(text)
        else:
            with open(args.output, "w", encoding="utf-8") as fh:
                fh.write(text)
            print(f"Record written to {args.output}", file=out)
    return 0


def _play_printing(game, white, red, out) -> None:
    from ..bots import play_game

    play_game(game, white, red)
    for e in game.record:
        if e.kind != "roll":
            print(f"    {e}", file=out)


def _replay(args: argparse.Namespace) -> int:
    from ..records import parse_mat, read_mat

    if args.file == "-":
        record = parse_mat(sys.stdin.read())
    else:
        record = read_mat(check_input_file(args.file, ".mat file"))
    out = sys.stdout
    names = record.names
    if record.length:
        print(f"{record.length}-point match: {names[0]} (White) v {names[1]} (Red)", file=out)
    else:
        print(f"Money games: {names[0]} (White) v {names[1]} (Red)", file=out)
    for w in record.warnings:
        print(f"warning: {w}", file=out)
    games = list(enumerate(record.games))
    if args.game is not None:
        if not 1 <= args.game <= len(games):
            raise BglearnError(f"--game must be 1 to {len(games)}, got {args.game}.")
        games = [games[args.game - 1]]
    for i, game in games:
        label = record.match.game_label(i) if record.match is not None else f"Game {i + 1}"
        w, r = game.score if record.length else (None, None)
        score = f" — score {names[0]} {w}, {names[1]} {r}" if record.length else ""
        print(f"\n{label}{score}", file=out)
        plays = 0
        for e in game.record:
            if e.kind in ("roll", "win"):
                continue
            text = str(e).replace("White", names[0]).replace("Red", names[1]) if names != ("White", "Red") else str(e)
            if e.kind == "play":
                plays += 1
                print(f"  {plays:3d}. {text}", file=out)
                if args.board:
                    print(str(game.position_at(plays)), file=out)
                if args.ids:
                    print(f"       {game.position_at(plays).position_id()}", file=out)
            else:
                print(f"       {text}", file=out)
        if game.is_over:
            print(f"  {game.summary()}", file=out)
        else:
            print("  (the record ends before the game does)", file=out)
    if record.match is not None:
        m = record.match
        if m.is_over:
            win = m.winner
            assert win is not None
            print(f"\n{names[win]} wins the match {m.score[win]}-{m.score[win.opponent]}.", file=out)
        else:
            print(f"\nScore: {m.score_text()} (the match is not finished)", file=out)
    else:
        s = record.score
        print(f"\nMoney won: {names[0]} {s[0]}, {names[1]} {s[1]}", file=out)
    return 0
