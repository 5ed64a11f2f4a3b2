#!/usr/bin/env python3
"""Write every lesson notebook from Python source and execute it, so the stored outputs are exactly
what ``pytest --nbval`` reproduces.

The notebooks are *generated*: edit the cells here (each lesson is a function returning its cells as
data) and re-run::

    python3 notebooks/build_lessons.py              # build and execute all notebooks
    python3 notebooks/build_lessons.py 03 glossary  # only the notebooks whose names contain these
    python3 notebooks/build_lessons.py --no-execute # write the cells without outputs

Re-run it whenever the engine's messages or the renderer's drawing change (the stored outputs would
no longer match). Positions from the kit's rule cases (``shared/cases/plays.json`` and
``scoring.json``) are written into the cells as plain ``Position(...)`` code, so the notebooks need
nothing outside the repository.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from textwrap import dedent

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from bglearn import RED, WHITE, Position  # noqa: E402  (only for writing positions as code)

# -- the course -------------------------------------------------------------------------------------

LESSONS = [
    ("01-board-and-setup.ipynb", "The board and the setup"),
    ("02-rolling-and-moving.ipynb", "Rolling and moving"),
    ("03-hitting-and-the-bar.ipynb", "Hitting and the bar"),
    ("04-forced-moves.ipynb", "The forced-move rules"),
    ("05-bearing-off.ipynb", "Bearing off"),
    ("06-winning.ipynb", "Winning: single, gammon and backgammon"),
    ("07-doubling-cube.ipynb", "The doubling cube"),
    ("08-match-play.ipynb", "Match play"),
    ("09-putting-it-together.ipynb", "Putting it together: a whole game"),
]
WELCOME = "00-welcome.ipynb"
GLOSSARY = "glossary.ipynb"

# The glossary's terms: heading -> definition. Lessons link to them with term("...").
TERMS = {
    "Point": "One of the 24 narrow triangles. Each side numbers them 1 to 24 from its own home board, so "
             "White's 24-point is Red's 1-point. *Making* a point means putting two or more of your "
             "checkers on it.",
    "Quadrant": "A quarter of the board, six points: your home board (points 1-6), your outer board "
                "(7-12), your opponent's outer board (13-18) and your opponent's home board (19-24).",
    "Home board": "Your points 1-6, where your checkers travel to. You bear off from there.",
    "Outer board": "Points 7-12 (your outer board) and 13-18 (your opponent's).",
    "Bar": "The strip in the middle of the board. A checker that is hit is put on the bar and must "
           "enter again in the opponent's home board before its side may move anything else.",
    "Pip": "One step of one checker. Your *pip count* is the total number of pips all your checkers "
           "must travel to bear off: for each checker, its point number (25 for a checker on the bar).",
    "Blot": "A single checker alone on a point. A blot can be hit.",
    "Hit": "Landing on a point where the opponent has a blot: the blot goes to the bar. Written with "
           "a `*`, as in `13/7*`.",
    "Enter": "Bringing a checker from the bar into the opponent's home board: a die of d enters on "
             "the opponent's d-point, which is your (25 - d)-point.",
    "Closed board": "A home board with all six points made. An opposing checker on the bar cannot "
                    "enter at all, whatever it rolls.",
    "Anchor": "A point you have made (two or more checkers) in your opponent's home board. It cannot "
              "be hit and gives your checkers a safe landing spot.",
    "Prime": "Several consecutive made points. Six in a row (a full prime) cannot be passed by an "
             "opposing checker behind it.",
    "Doubles": "A roll with both dice the same, such as 4-4: it is played as four moves of that number.",
    "Bear off": "Take a checker off the board. Allowed only when all your checkers are in your home "
                "board. The first side to bear off all 15 wins.",
    "Single game": "A win where the loser has borne off at least one checker: worth the cube's value.",
    "Gammon": "A win where the loser has borne off no checker: worth twice the cube's value.",
    "Backgammon": "A gammon where the loser also still has a checker on the bar or in the winner's home "
                  "board: worth three times the cube's value. (Also the name of the game.)",
    "Doubling cube": "The die marked 2, 4, 8, 16, 32, 64 that records the stake. A player may offer to "
                     "double the stake before rolling; the opponent takes (and then owns the cube) or "
                     "drops (and loses the current stake).",
    "Take": "Accepting a double: the game goes on at twice the stake and you own the cube.",
    "Drop": "Refusing a double: you lose the game at once, paying the stake before the double. Also "
            "called a *pass*.",
    "Redouble": "A double by the cube's owner after the cube has already been turned.",
    "Jacoby rule": "A money-play option: gammons and backgammons count only as single games unless the "
                   "cube has been turned. Never used in match play.",
    "Beaver": "A money-play option: a player who is doubled may take and immediately redouble while "
              "keeping the cube. A *raccoon* answers a beaver the same way.",
    "Money play": "Games played for a stake per point, each game on its own (as opposed to a match).",
    "Match": "A series of games to N points: the first player to reach N wins.",
    "Crawford rule": "In a match, the first time either player reaches one point short of winning "
                     "(N - 1), nobody may double in the next game, the *Crawford game*.",
    "Post-Crawford": "The games after the Crawford game: the cube works normally again.",
    "Position ID": "GNU Backgammon's 14-character code for a position, such as `4HPwATDgc/ABMA` for "
                   "the start.",
    "Match record": "The plain-text `.mat` file (Jellyfish style) that lists every roll, play and cube "
                    "action of a match; GNU Backgammon and eXtreme Gammon read it.",
}


def anchor(term: str) -> str:
    """The id JupyterLab gives a heading: its text with spaces turned into hyphens."""
    return term.replace(" ", "-")


def term(name: str, text: str | None = None) -> str:
    """A markdown link to a glossary entry."""
    if name not in TERMS:
        raise KeyError(f"no glossary entry {name!r}")
    return f"[{text or name.lower()}]({GLOSSARY}#{anchor(name)})"


# -- cells ----------------------------------------------------------------------------------------

def md(text: str):
    return new_markdown_cell(dedent(text).strip("\n"))


def code(src: str, *tags: str):
    cell = new_code_cell(dedent(src).strip("\n"))
    if tags:
        cell.metadata["tags"] = list(tags)
    return cell


SETUP = '''\
# Setup: load the kit. Run this cell first (Shift+Enter).
import os, sys
sys.path.insert(0, os.path.abspath(".."))   # finds bglearn next to this folder
from bglearn import *
from bglearn.svg import render
from bglearn.quiz import PlayQuiz, ChoiceQuiz, PointQuiz, NumberQuiz
from bglearn.widgets import BoardWidget
'''


def setup_cell(extra: str = ""):
    return code(SETUP + dedent(extra))


def header(number: int | None, title: str, goals: list[str], intro: str = ""):
    head = f"# Lesson {number} · {title}" if number is not None else f"# {title}"
    lines = [head, "", "**Learning goals.** After this notebook you can:", ""]
    lines += [f"- {g}" for g in goals]
    lines += ["", f"[Contents]({WELCOME}) · [Glossary]({GLOSSARY})"]
    if intro:
        lines += ["", dedent(intro).strip()]
    return new_markdown_cell("\n".join(lines))


def footer(number: int):
    """Navigation at the end of lesson ``number`` (1-9)."""
    parts = []
    if number < len(LESSONS):
        nxt, title = LESSONS[number]
        parts.append(f"**Next:** [Lesson {number + 1} · {title}]({nxt})")
    else:
        parts.append("**You have finished the course.** Well done!")
    if number > 1:
        prev, ptitle = LESSONS[number - 2]
        parts.append(f"Previous: [Lesson {number - 1} · {ptitle}]({prev})")
    parts.append(f"[Contents]({WELCOME}) · [Glossary]({GLOSSARY})")
    return new_markdown_cell("\n\n".join(parts))


def pos(position: Position) -> str:
    """Python source that builds ``position`` (its repr uses only names the setup cell imports)."""
    return repr(position)


# The kit's rule cases, copied into the builder so the notebooks need nothing outside the repository
# (the lesson cells say which case each position comes from). Source: shared/cases/plays.json.
CASES = {
    "T03": ("Larger die", {13: 1, 1: 14}, {23: 2, 6: 13}, "65"),
    "T04": ("Only the smaller die can be played", {13: 1, 1: 14}, {23: 2, 18: 2, 6: 11}, "65"),
    "T05": ("The larger die in the home board", {6: 1}, {24: 2, 13: 13}, "32"),
    "T06": ("Both dice via the order (bar)", {"bar": 1, 13: 1, 1: 13}, {14: 2, 8: 2, 5: 3, 4: 3, 3: 3, 1: 2}, "62"),
    "T07": ("Both dice via the order (bear-off)", {8: 1, 6: 1, 4: 1}, {23: 2, 13: 13}, "62"),
    "T08": ("Larger die first is legal but dead-ends", {8: 1, 4: 1}, {24: 2, 13: 13}, "63"),
    "T10": ("Intermediate point blocked, the other order open", {13: 1, 1: 14}, {18: 2, 6: 13}, "63"),
    "T11": ("Both intermediate points blocked", {13: 1, 1: 14}, {18: 2, 15: 2, 6: 11}, "63"),
    "T12": ("A hit on the intermediate point", {13: 1, 1: 14}, {14: 1, 6: 14}, "62"),
    "T14": ("Must break a point to use both dice", {8: 2, 1: 13}, {21: 2, 13: 13}, "65"),
    "T15": ("Doubles partly playable (2 of 4)", {13: 1, 2: 14}, {24: 2, 6: 13}, "44"),
    "T16": ("No legal move (blocked doubles)", {13: 1, 1: 14}, {18: 2, 6: 13}, "66"),
    "T17": ("Bar: enter with the 4, then any 6", {"bar": 1, 13: 1, 6: 13}, {13: 13, 6: 2}, "64"),
    "T18": ("Bar: either die enters, not both", {"bar": 1, 1: 14}, {13: 13, 11: 2}, "65"),
    "T19": ("Bar: enter, the other die unplayable", {"bar": 1, 1: 14}, {13: 11, 11: 2, 6: 2}, "65"),
    "T20": ("Two on the bar, only one enters", {"bar": 2, 6: 13}, {13: 13, 5: 2}, "65"),
    "T21": ("Two on the bar, both enter, one hits", {"bar": 2, 6: 13}, {13: 14, 5: 1}, "53"),
    "T24": ("Closeout", {"bar": 1, 6: 13}, {6: 3, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2}, "66"),
    "T25": ("A hit while entering", {"bar": 1, 13: 6, 8: 3, 6: 5}, {13: 4, 8: 3, 6: 5, 3: 1, 1: 2}, "31"),
    "T26": ("Bear-off: a higher die from the highest point", {5: 1, 2: 2}, {13: 15}, "64"),
    "T27": ("Bear-off: the 5-3 puzzle", {5: 1, 4: 1}, {13: 15}, "53"),
    "T28": ("Bear-off forbidden (a checker outside)", {13: 1, 6: 2, 5: 2}, {18: 2, 17: 2, 13: 11}, "65"),
    "T29": ("The last checker comes home, then bears off", {9: 1, 1: 14}, {13: 15}, "65"),
    "T30": ("Bear-off with a checker on the bar", {"bar": 1, 3: 1, 1: 1}, {13: 13, 2: 2}, "42"),
    "T31": ("Not obliged to bear off", {4: 1, 2: 1}, {13: 15}, "21"),
    "T32": ("Doubles: bear off everything", {3: 1, 2: 1, 1: 1}, {13: 15}, "55"),
}


def case(cid: str, name: str) -> str:
    """A line of code that builds rule case ``cid`` as variable ``name`` (White on roll)."""
    rule, white, red, _roll = CASES[cid]
    p = Position(white, red, WHITE)
    return f"{name} = {pos(p)}   # rule case {cid}: {rule.lower()}"


def roll_of(cid: str) -> str:
    return CASES[cid][3]


def board_cell(setup: str, note: str = ""):
    """An interactive board (the kit's BoardWidget)."""
    comment = f"# {note}\n" if note else ""
    return code(comment + dedent(setup).strip("\n"))


# ==================================================================================================
# 00 · welcome
# ==================================================================================================

def welcome():
    toc = ("\n" + " " * 8).join(f"{i}. [{title}]({fname})" for i, (fname, title) in enumerate(LESSONS, 1))
    return [
        header(None, "Welcome to bglearn: learn the rules of backgammon", [
            "find your way around the course and its notebooks,",
            "run a cell, read a board picture and answer a check-yourself question,",
            "play a move on an interactive board.",
        ]),
        md(f"""
        ## How the course works

        Each lesson is a Jupyter notebook: short explanations, a board picture at every step, a board
        you can play on, and a few **check yourself** questions. The rules engine in this kit answers
        every question, so when an answer is wrong you are told *why*, in words.

        - Run a cell with **Shift+Enter** (or the ▶ button). Run a whole lesson with
          **Run → Run All Cells**.
        - Run the **setup cell** at the top of each lesson first.
        - Every picture is drawn by code you can change: edit a cell and run it again.
        - Words in links, such as {term("Blot")} or {term("Pip", "pip")}, lead to the
          [glossary]({GLOSSARY}).

        ## Contents

        {toc}

        Also: the [glossary]({GLOSSARY}) of backgammon words.
        """),
        setup_cell(),
        md("""
        ## A board picture

        A position is a Python value. Put one at the end of a cell and the notebook draws it. This is
        the starting position: **White** sits at the bottom and moves its checkers counter-clockwise,
        towards its home board at the bottom right; **Red** moves the other way.
        """),
        code("""
        start = Position()
        start
        """),
        md("""
        ## A check-yourself question

        Type an answer in the box and press **Check** (or Enter). Try a wrong answer first, such as
        `13/7` — the engine explains what is wrong with it.
        """),
        code("""
        PlayQuiz(start, "61", "White rolled 6-1 at the start. Type a legal play, e.g. 13/7 8/7.")
        """),
        md("""
        Every quiz can also be answered in code with `check`, which returns the same feedback. That
        is handy for trying several answers at once:
        """),
        code("""
        quiz = PlayQuiz(start, "61")
        for answer in ["13/7", "13/7 8/7", "24/17"]:
            print(answer, "->", quiz.check(answer))
        """),
        md("""
        ## An interactive board

        Click one of White's checkers: the points it may move to light up. Click a point to move there,
        one die at a time; **Undo** takes a move back and **Done** ends the turn when the play is legal.
        If you try something illegal the board tells you why. The lessons' practice boards are for two
        people at one board (`mode="humans"`: you play both sides); in lessons 7-9 you play against
        the computer (`mode="computer"`).
        """),
        board_cell("""
        board = BoardWidget(mode="humans", position=start, roll="31")
        board
        """, "White to play 3-1 from the start: try 8/5 6/5"),
        md("""
        The board can also be driven from code, which is how the lessons show a play:
        """),
        code("""
        demo = BoardWidget(mode="humans", position=start, roll="31")
        demo.play("8/5 6/5")
        demo.position
        """),
        md(f"""
        ## Start the course

        **Next:** [Lesson 1 · {LESSONS[0][1]}]({LESSONS[0][0]})

        To open this course again later, run `bglearn lessons` in a terminal (inside the kit's folder,
        `python3 -m bglearn lessons`).
        """),
    ]


# ==================================================================================================
# 01 · the board and the setup
# ==================================================================================================

def lesson1():
    return [
        header(1, LESSONS[0][1], [
            f"name the 24 {term('Point', 'points')}, the four {term('Quadrant', 'quadrants')} and the {term('Bar', 'bar')},",
            "number the points from either player's side,",
            "set up the starting position,",
            f"count a {term('Pip', 'pip count')}.",
        ]),
        setup_cell(),
        md(f"""
        ## The board

        A backgammon board has **24 points** (the triangles), in four quarters of six. Between the
        halves runs the {term('Bar', 'bar')}. Each player has **15 checkers**: here **White** and
        **Red**.

        Each player numbers the points **from their own side**: your 1-point is the first point of
        your {term('Home board', 'home board')}, your 24-point is the far corner. You move from your
        24-point towards your 1-point and then off the board. The picture shows White's numbers.
        """),
        code("""
        start = Position()
        render(start, caption="The starting position. White's point numbers are printed.")
        """),
        md(f"""
        ## The four quadrants

        From White's side:

        | points | name |
        |---|---|
        | 1-6 | White's {term('Home board', 'home board')} |
        | 7-12 | White's {term('Outer board', 'outer board')} |
        | 13-18 | Red's outer board |
        | 19-24 | Red's home board |

        Here White's home board is lit up:
        """),
        code("""
        render(start, highlight=range(1, 7), caption="White's home board: White's points 1-6")
        """),
        md("""
        ## Numbering from each side

        Red counts the same points from the other end: **White's point *i* is Red's point 25 − *i***.
        White's two back checkers stand on White's 24-point, which is Red's 1-point. The engine agrees:
        """),
        code("""
        start.owner(24, WHITE), start.owner(1, RED)   # (who holds it, how many checkers)
        """),
        md("""
        Both answers name the same point: White holds it with 2 checkers. Here is the same position
        drawn from Red's side, with Red's numbers:
        """),
        code("""
        render(start, perspective=RED, caption="The same position from Red's side (Red's numbers)")
        """),
        md("""
        ## The starting position

        Each side starts with 2 checkers on its 24-point, 5 on its 13-point (the *mid-point*), 3 on
        its 8-point and 5 on its 6-point, each counted from its own side:
        """),
        code("""
        {point: n for point, n in enumerate(start.checkers(WHITE)) if n}
        """),
        code("""
        start.checkers(WHITE) == start.checkers(RED), sum(start.checkers(WHITE))
        """),
        md(f"""
        The two sides are set up alike, 15 checkers each. A side's checkers are 25 numbers: index 0
        is the {term('Bar', 'bar')}, index *i* its *i*-point.

        ## Pips and the pip count

        A {term('Pip', 'pip')} is one step. Your **pip count** is how far all your checkers still have
        to travel: add up the point numbers of every checker (a checker on the bar counts 25). At the
        start each side needs 2×24 + 5×13 + 3×8 + 5×6 = 167 pips:
        """),
        code("""
        2*24 + 5*13 + 3*8 + 5*6, start.pip_count(WHITE), start.pip_count(RED)
        """),
        md("""
        The pip counts are printed on every board picture. After a play they change by the pips moved.
        White plays 6-4 as 24/18 13/9, ten pips:
        """),
        code("""
        play = parse_play(start, "64", "24/18 13/9")
        after = play.result
        print("pips moved:", play.pips, "  White's pip count now:", after.pip_count(WHITE))
        render(after, last_play=play, caption="After White's 24/18 13/9 (Red to play)")
        """),
        md("""
        ## Try it: an interactive board

        White is to play 6-4 from the start. Click a checker to see where it may go, then click a
        point to move. Watch the pip count under the board.
        """),
        board_cell("""
        board = BoardWidget(mode="humans", position=start, roll="64")
        board
        """),
        md("""
        ## Check yourself

        **1.** A small position: White has three checkers left, Red is far away.
        """),
        code("""
        small = Position(white={8: 1, 5: 1, 'bar': 1}, red={13: 15})
        NumberQuiz.pip_count(small, WHITE, "What is White's pip count here? (the bar counts 25)")
        """),
        md("""
        **2.** Red has a single checker on the point White calls its 20-point. Which point is that
        in **Red's** numbering?
        """),
        code("""
        lone = Position(white={6: 15}, red={5: 1, 6: 14})
        red_point = lone.blots(RED)[0]   # the engine's answer: where Red's single checker stands, in Red's numbering
        NumberQuiz("Red's lone checker stands on White's 20-point. What is that point called in Red's numbering?",
                   red_point, explanation=f"White's point i is Red's point 25 - i: White's 20 is Red's {red_point}.",
                   hint="Each side counts from its own home board; the two numbers of a point add up to 25.",
                   position=lone, board=dict(highlight=[20]))
        """),
        md("""
        **3.** Count Red's pips at the start yourself (don't scroll up!).
        """),
        code("""
        NumberQuiz.pip_count(start, RED, "What is Red's pip count at the start?")
        """),
        footer(1),
    ]


# ==================================================================================================
# 02 · rolling and moving
# ==================================================================================================

def lesson2():
    return [
        header(2, LESSONS[1][1], [
            "start a game with the opening roll,",
            "move a checker by one die, and one checker by both dice,",
            f"play {term('Doubles', 'doubles')} as four moves,",
            "throw the dice correctly, and know what happens after an illegal play.",
        ]),
        setup_cell(),
        md("""
        ## The opening roll

        To start, each player throws **one die**. If the dice are equal, both throw again. The player
        with the higher die moves first and plays **the two numbers just thrown**. After that, each
        turn starts with a throw of two dice.

        The kit's dice are *seeded*: the same seed gives the same throws, so this page shows the same
        thing every time.
        """),
        code("""
        opening = Dice(seed=1).opening_roll()
        print("White threw", opening.white_die, "and Red threw", opening.red_die)
        print(opening.starter, "starts and plays", opening.roll)
        """),
        md("Equal dice are thrown again. Here is a seed whose first throw was a tie:"),
        code("""
        seed = next(s for s in range(100) if Dice(seed=s).opening_roll().rethrows)
        tie = Dice(seed=seed).opening_roll()
        print("tied throws:", tie.rethrows, "-> then White", tie.white_die, "and Red", tie.red_die)
        print(tie.starter, "starts with", tie.roll, "— never a double, since ties are thrown again")
        """),
        md(f"""
        ## One die, one move

        Each die moves **one checker** that many {term('Pip', 'pips')}, towards your home board. A
        checker may land on an empty point, on your own checkers, or on a single opposing checker (a
        {term('Blot', 'blot')}); never on a point the opponent holds with two or more.

        White opens with 3-1. The best-known play is 8/5 6/5: the 3 moves a checker from the 8-point
        to the 5-point, the 1 from the 6-point to the 5-point.
        """),
        code("""
        start = Position()
        play = parse_play(start, "31", "8/5 6/5")
        render(start, dice="31", arrows=play, caption="3-1: 8/5 with the 3, 6/5 with the 1")
        """),
        md("""
        The engine lists the single-die moves White may start with. A move is written
        `from/to` in the mover's numbering:
        """),
        code("""
        [str(m) for m in legal_continuations(start, "31")]
        """),
        md("""
        Some moves are missing: 24/21 is there, but 13/12 is not, because Red holds White's 12-point
        (Red's 13-point) with five checkers. Ask the engine why:
        """),
        code("""
        print(explain(start, "31", "13/12 13/10"))
        """),
        md("""
        ## One checker, both dice

        One checker may use both dice, one after the other: 6-4 as 24/14 is 24/18 then 18/14 (or
        24/20 then 20/14). **The point in between must be a legal landing** in at least one order.
        """),
        code(f"""
        {case('T10', 'lone')}
        print([str(p) for p in legal_plays(lone, "63")])
        render(lone, dice="63", arrows=legal_plays(lone, "63")[0],
               caption="6-3: 13/7 is blocked, so the checker goes 13/10/4")
        """),
        md("If both points in between are held, the checker can't use both dice that way:"),
        code(f"""
        {case('T11', 'stuck')}
        print(legal_plays(stuck, "63"))
        print(explain(stuck, "63", "13/4"))
        render(stuck, dice="63", caption="6-3: 13/7 and 13/10 are both blocked, and 13/4 with them")
        """),
        md(f"""
        ## Doubles

        {term('Doubles', 'Doubles')} are played **four times**: 6-6 gives four moves of 6, by any
        checkers.
        """),
        code("""
        sixes = parse_play(start, "66", "24/18(2) 13/7(2)")
        print(len(sixes.moves), "moves:", sixes)
        render(sixes.result, last_play=sixes, caption="6-6 from the start: 24/18(2) 13/7(2)")
        """),
        md("""
        ## How the dice are thrown

        At a real table these are the rules of the throw. They happen with physical dice, so the kit
        cannot referee them, but it follows the same idea:

        - Throw **both dice together**, from a cup, into the board on your right-hand side.
        - If a die is **cocked** (not flat, off the board, or on a checker), **both** dice are thrown
          again.
        - Your turn **ends when you pick up your dice**; until then you may change your play.

        In the kit the dice are always thrown together:
        """),
        code("""
        dice = Dice(seed=7)
        [str(dice.roll()) for _ in range(5)]
        """),
        md("""
        And on the kit's board, pressing **Done** is picking up the dice: until then a move can be
        taken back and the play changed.
        """),
        code("""
        table = BoardWidget(mode="humans", position=start, roll="31")
        table.move("24/21")
        print("moved:", [str(m) for m in table.pending])
        table.undo()
        print("taken back:", [str(m) for m in table.pending])
        table.move("8/5")
        table.move("6/5")
        print("turn ended with:", table.done(), "| now:", table)
        """),
        md("""
        ## After an illegal play

        At the table, if a player makes an illegal play, **the opponent may accept it or demand that it
        be corrected** to a legal play, before rolling (many tournaments use the stricter "legal moves"
        rule: it must be corrected). The kit never lets an illegal play stand: the engine refuses it
        and says what is wrong.
        """),
        code("""
        try:
            parse_play(start, "61", "13/7")
        except IllegalPlayError as error:
            print("Refused:", error)
        """),
        md("""
        ## Try it

        White to play 6-2 from the start. Try 13/11 first and then another move; try something
        illegal too, such as moving a checker backwards.
        """),
        board_cell("""
        board = BoardWidget(mode="humans", position=start, roll="62")
        board
        """),
        md("## Check yourself\n\n**1.** Any legal play will do."),
        code("""
        PlayQuiz(start, "42", "White rolled 4-2 at the start. Type a legal play.")
        """),
        md("**2.** One die only: where may the back checker on White's 24-point go with 6-5?"),
        code("""
        PointQuiz(start, "65", 24, "White rolled 6-5. Using ONE die, where may the checker on White's 24-point go?")
        """),
        md("**3.** Doubles. Which of these is a legal play of 6-6 from the start?"),
        code("""
        ChoiceQuiz.plays(start, "66", ["13/7(2)", "24/18(2) 13/7(2)", "24/12"])
        """),
        footer(2),
    ]


# ==================================================================================================
# 03 · hitting and the bar
# ==================================================================================================

def lesson3():
    return [
        header(3, LESSONS[2][1], [
            f"spot {term('Blot', 'blots')} and {term('Hit', 'hit')} them,",
            f"{term('Enter', 'enter')} a checker from the {term('Bar', 'bar')}, and know that it must enter first,",
            f"recognise a {term('Closed board', 'closed board')}, where a checker on the bar cannot enter.",
        ]),
        setup_cell(),
        md(f"""
        ## Blots

        A {term('Blot', 'blot')} is a checker alone on a point. In this position Red has a blot on
        White's 5-point (Red split a back checker), and White has rolled 3-1:
        """),
        code("""
        split = Position(white={24: 2, 13: 5, 8: 3, 6: 5}, red={24: 1, 20: 1, 13: 5, 8: 3, 6: 5})
        print("Red's blots, in Red's numbering:", split.blots(RED))
        render(split, dice="31", caption="Red has blots on its 24- and 20-points (White's 1 and 5)")
        """),
        md(f"""
        ## Hitting

        Landing on a blot **hits** it: the blot goes to the {term('Bar', 'bar')}. A hit is written with
        `*`. Here White hits on its 5-point and makes the point at the same time:
        """),
        code("""
        hit = parse_play(split, "31", "8/5* 6/5")
        print(hit, "  hits:", hit.hits, "  Red on the bar:", hit.result.bar(RED))
        render(hit.result, last_play=hit, caption="After 8/5* 6/5: Red's checker is on the bar")
        """),
        md("""
        A checker that uses both dice may hit on the way. 13/11*/5 and 13/5 end on the same point but
        are **different plays**, because the first hits:
        """),
        code(f"""
        {case('T12', 'onway')}
        for p in legal_plays(onway, "62"):
            print(p, "-> Red on the bar:", p.result.bar(RED))
        render(onway, dice="62", arrows=legal_plays(onway, "62")[0], caption="6-2: 13/11*/5 hits on the way")
        """),
        md(f"""
        ## Entering from the bar

        A checker on the bar must **{term('Enter', 'enter')}** in the opponent's home board: a die of *d*
        enters on the opponent's *d*-point, which is **your (25 − *d*)-point**. A 2 enters on your
        23-point, a 5 on your 20-point. The point must not be held by two or more opposing checkers.
        """),
        code("""
        barred = Position(white={'bar': 1, 24: 1, 13: 5, 8: 3, 6: 5}, red={24: 2, 13: 5, 8: 3, 6: 5})
        print("entering moves with 5-2:", [str(m) for m in legal_continuations(barred, "52") if m.source == BAR])
        render(barred, dice="52", highlight=[23, 20], caption="5-2 from the bar: the 5 enters on 20, the 2 on 23")
        """),
        md("""
        **The bar comes first.** While you have a checker on the bar you may move nothing else:
        """),
        code("""
        print(explain(barred, "52", "13/8 13/11"))
        """),
        md("If an entry point is held, that die cannot enter:"),
        code(f"""
        {case('T19', 'entry')}
        print([str(p) for p in legal_plays(entry, "65")])
        print(explain(entry, "65", "bar/19"))
        render(entry, dice="65", caption="6-5 on the bar: Red holds White's 19-point, so the 6 cannot enter")
        """),
        md("""
        Once the checker is in, the other die is played normally. **Entering may hit**, too:
        """),
        code(f"""
        {case('T25', 'enterhit')}
        print([str(p) for p in legal_plays(enterhit, "31")])
        render(enterhit, dice="31", arrows=legal_plays(enterhit, "31")[0], caption="3-1: bar/22* hits Red's blot")
        """),
        md("""
        With two checkers on the bar, both must enter before anything else moves. If only one can
        enter, the rest of the roll is lost:
        """),
        code(f"""
        {case('T20', 'two')}
        print([str(p) for p in legal_plays(two, "65")])
        render(two, dice="65", caption="Two on the bar, 6-5: only the 6 enters, the 5 is lost")
        """),
        md(f"""
        ## A closed board

        When the opponent holds all six points of their home board (a {term('Closed board', 'closed board')}),
        a checker on the bar **cannot enter with any roll**, and its side loses every turn until a point
        opens:
        """),
        code(f"""
        {case('T24', 'closed')}
        print("6-6 from the bar:", legal_plays(closed, "66"))
        print("no roll enters:", all(legal_plays(closed, r) == [] for r in ALL_ROLLS))
        render(closed, dice="66", caption="Red has closed its board: White's checker on the bar cannot enter")
        """),
        md("""
        ## Try it

        White is on the bar with 6-4. Click the bar (or the checker on it) to see where it can enter.
        """),
        board_cell(f"""
        {case('T17', 'practice')}
        board = BoardWidget(mode="humans", position=practice, roll="64")
        board
        """),
        md("## Check yourself\n\n**1.** Where can White's checker on the bar enter with 5-2 here?"),
        code("""
        PointQuiz(barred, "52", "bar", "White rolled 5-2 with a checker on the bar. Name a point where it can enter (one die).")
        """),
        md("**2.** Red has a blot. Find a play that hits it."),
        code("""
        PlayQuiz(split, "63", "White to play 6-3. Type a play that hits a Red blot.",
                 goal=lambda play: play.hits, goal_text="hit a blot")
        """),
        md("**3.** Two on the bar, 5-3. Which play is legal?"),
        code(f"""
        {case('T21', 'double_bar')}
        ChoiceQuiz.plays(double_bar, "53", ["bar/22 6/1", "bar/22 bar/20*", "bar/17"])
        """),
        footer(3),
    ]


# ==================================================================================================
# 04 · forced moves
# ==================================================================================================

def lesson4():
    return [
        header(4, LESSONS[3][1], [
            "use both dice whenever any legal way does so,",
            "play the larger die when only one die can be played,",
            f"play as many of the four moves of {term('Doubles', 'doubles')} as possible,",
            "treat the roll as one unit: the order of the dice matters.",
        ], intro="""
        These four rules decide what you *must* play. They are the rules that most often surprise
        beginners, and the ones the engine is most careful about.
        """),
        setup_cell(),
        md("""
        ## Rule 1: use both dice if you can

        If there is **any** legal way to play both dice, you must play both. Playing only one is
        illegal:
        """),
        code("""
        start = Position()
        print(explain(start, "61", "13/7"))
        """),
        md("""
        Sometimes that means playing a move you would rather not make. Here White would like to keep
        its 8-point, but 8/3 8/2 is the only way to use both dice:
        """),
        code(f"""
        {case('T14', 'breaks')}
        print([str(p) for p in legal_plays(breaks, "65")])
        render(breaks, dice="65", arrows=legal_plays(breaks, "65")[0], caption="6-5: White must break its 8-point")
        """),
        md("""
        ## Rule 2: if only one die can be played, play the larger

        When either die could be played, but not both, you must play the **larger** one. Here White's
        checker can move 6 or 5, but then it is stuck:
        """),
        code(f"""
        {case('T03', 'larger')}
        print([str(p) for p in legal_plays(larger, "65")])
        print(explain(larger, "65", "13/8"))
        render(larger, dice="65", arrows=legal_plays(larger, "65")[0], caption="6-5: only one die plays, so the 6: 13/7")
        """),
        md("If the larger die can't be played at all, the smaller one is played:"),
        code(f"""
        {case('T04', 'smaller')}
        print([str(p) for p in legal_plays(smaller, "65")])
        render(smaller, dice="65", arrows=legal_plays(smaller, "65")[0], caption="6-5: 13/7 is blocked, so 13/8")
        """),
        md("""
        ## Rule 3: doubles — as many moves as possible

        With doubles you play four moves if you can; if not, as many as you can:
        """),
        code(f"""
        {case('T15', 'fours')}
        print([str(p) for p in legal_plays(fours, "44")])
        print(explain(fours, "44", "13/9"))
        render(fours, dice="44", arrows=legal_plays(fours, "44")[0], caption="4-4: only two 4s can be played, 13/5")
        """),
        md("And when nothing can be played, the turn is lost:"),
        code(f"""
        {case('T16', 'nothing')}
        print(legal_plays(nothing, "66"), "->", explain(nothing, "66", ""))
        render(nothing, dice="66", caption="6-6: every 6 is blocked, so White cannot move")
        """),
        md("""
        ## Rule 4: the roll is one unit

        You may not play one die in a way that makes the other impossible when **another order plays
        both**. Here 8/2 with the 6 is a legal move on its own, but afterwards the 3 can't be played;
        8/5 then 5/off uses both dice, so that is what White must do:
        """),
        code(f"""
        {case('T08', 'unit')}
        print([str(p) for p in legal_plays(unit, "63")])
        print(explain(unit, "63", "8/2"))
        render(unit, dice="63", arrows=legal_plays(unit, "63")[0], caption="6-3: 8/5 5/off uses both dice")
        """),
        md("""
        The same idea with a checker on the bar: entering with the 6 would leave the 2 unplayable,
        but entering with the 2 lets the 6 be played:
        """),
        code(f"""
        {case('T06', 'order')}
        print([str(p) for p in legal_plays(order, "62")])
        print(explain(order, "62", "bar/19"))
        render(order, dice="62", arrows=legal_plays(order, "62")[0], caption="6-2: bar/23 13/7 uses both dice")
        """),
        md("""
        ## Try it

        The 6-3 position above. Try 8/2 first and press Done: the board explains why that is not
        enough. Then find the legal play.
        """),
        board_cell("""
        board = BoardWidget(mode="humans", position=unit, roll="63")
        board
        """),
        md("## Check yourself\n\n**1.** Only one legal play exists. Find it."),
        code("""
        PlayQuiz(larger, "65", "White to play 6-5. Remember rule 2.")
        """),
        md("**2.** Which play is legal?"),
        code("""
        ChoiceQuiz.plays(order, "62", ["bar/19", "bar/23 13/7", "bar/23"])
        """),
        md("**3.** How many legal plays does White have with 4-4 here?"),
        code("""
        n = len(legal_plays(fours, "44"))
        NumberQuiz("White rolled 4-4. How many different legal plays are there?", n,
                   explanation="The engine lists: " + ", ".join(str(p) for p in legal_plays(fours, "44")) + ".",
                   hint="Try each 4 in turn: which checkers can move, and how far?",
                   position=fours, board=dict(dice="44"))
        """),
        footer(4),
    ]


# ==================================================================================================
# 05 · bearing off
# ==================================================================================================

def lesson5():
    return [
        header(5, LESSONS[4][1], [
            f"say when you may start to {term('Bear off', 'bear off')},",
            "bear off with an exact number, and with a higher one,",
            "know what happens when a checker is hit during the bear-off.",
        ]),
        setup_cell(),
        md(f"""
        ## When you may bear off

        You may bear off only when **all 15 of your checkers still in play are in your
        {term('Home board', 'home board')}** (points 1-6). One checker outside is enough to stop you:
        """),
        code(f"""
        {case('T28', 'outside')}
        print("all home?", outside.all_home(WHITE))
        print([str(p) for p in legal_plays(outside, "65")])
        print(explain(outside, "65", "6/off 5/off"))
        render(outside, dice="65", caption="White's checker on its 13-point is not home yet")
        """),
        md("""
        It can become allowed in the middle of a turn: once the last checker arrives home, the rest of
        the roll may bear off.
        """),
        code(f"""
        {case('T29', 'arrives')}
        p = legal_plays(arrives, "65")[0]
        print(p)
        render(arrives, dice="65", arrows=p, caption="6-5: 9/3 brings the last checker home, then 3/off")
        """),
        md("""
        ## Exact numbers and higher numbers

        A die of *d* bears off a checker from your *d*-point. If that point is empty:

        - if you have a checker on a **higher** point, you must move it normally;
        - if not, the die bears off a checker from your **highest** occupied point.
        """),
        code(f"""
        {case('T26', 'high')}
        print([str(p) for p in legal_plays(high, "64")])
        render(high, dice="64", caption="6-4: the 6 bears off the checker on the 5-point (no checker is higher)")
        """),
        md("""
        A die may not bear off from a lower point while a checker stands higher up. In the position
        above, the 6 may not take a checker off the 2-point, because one stands on the 5-point:
        """),
        code("""
        print(explain(high, "64", "2/off 2/off"))
        """),
        md("""
        With checkers on the 5- and 4-points and 5-3, there are two legal plays: 5/off 4/1, or 5/2
        and then the 5 bears off the highest checker, now on the 4-point:
        """),
        code(f"""
        {case('T27', 'puzzle')}
        print([str(p) for p in legal_plays(puzzle, "53")])
        print(explain(puzzle, "53", "5/2 4/off"))
        print(explain(puzzle, "53", "5/off"))
        render(puzzle, dice="53", caption="5-3 with checkers on 5 and 4: two legal plays")
        """),
        md("""
        Bearing off is **never compulsory**: you may move a checker inside your home board instead, as
        long as the forced-move rules are kept.
        """),
        code(f"""
        {case('T31', 'choice')}
        print([str(p) for p in legal_plays(choice, "21")])
        render(choice, dice="21", caption="2-1: 4/1 (no bear-off) is as legal as 4/3 2/off")
        """),
        code(f"""
        {case('T32', 'allout')}
        print(legal_plays(allout, "55"))
        render(allout, dice="55", caption="5-5 with three checkers left: all three come off")
        """),
        md(f"""
        ## Hit during the bear-off

        If a checker is hit while you are bearing off, it goes to the {term('Bar', 'bar')}. You must enter
        it and bring it all the way home before you may bear off again:
        """),
        code(f"""
        {case('T30', 'hitback')}
        print("all home?", hitback.all_home(WHITE))
        print([str(p) for p in legal_plays(hitback, "42")])
        print(explain(hitback, "42", "3/off 1/off"))
        render(hitback, dice="42", caption="4-2 with a checker on the bar: no bearing off until it is home")
        """),
        md("## Try it\n\nBear off as fast as you can with 6-4."),
        board_cell("""
        board = BoardWidget(mode="humans", position=high, roll="64")
        board
        """),
        md("## Check yourself\n\n**1.** The 5-3 position. Type a legal play."),
        code("""
        PlayQuiz(puzzle, "53", "White to play 5-3. Type a legal play (bear off with 'off', e.g. 5/off).")
        """),
        md("**2.** Where may the checker on the 5-point go with one die of 6-4 here?"),
        code("""
        PointQuiz(high, "64", 5, "White rolled 6-4. Using one die, where may the checker on the 5-point go? ('off' counts)")
        """),
        md("**3.** A checker is outside. Which play is legal?"),
        code("""
        ChoiceQuiz.plays(outside, "65", ["6/off 5/off", "13/2", "6/1"])
        """),
        footer(5),
    ]


# ==================================================================================================
# 06 · winning
# ==================================================================================================

RESULT_CASES = {
    # id: (description, loser's 25 numbers in its own numbering)
    "S1": ("single: the loser has borne off one checker, even with a checker on the bar",
           {"bar": 1, 24: 13}),
    "S2": ("gammon: the loser has borne off none", {1: 5, 2: 5, 3: 5}),
    "S3a": ("backgammon: none borne off and a checker in the winner's home board", {1: 5, 2: 5, 3: 4, 20: 1}),
    "S3b": ("backgammon: none borne off and a checker on the bar", {"bar": 1, 1: 5, 2: 5, 3: 4}),
    "S3c": ("gammon, not backgammon: the loser's 18-point is outside the winner's home board",
            {1: 5, 2: 5, 3: 4, 18: 1}),
}


def finished(cid: str, name: str) -> str:
    rule, loser = RESULT_CASES[cid]
    p = Position(white={}, red=loser, turn=RED)  # White has just borne off its last checker
    return f"{name} = {pos(p)}   # rule case {cid}: {rule}"


def lesson6():
    return [
        header(6, LESSONS[5][1], [
            "say who has won a game,",
            f"tell a {term('Single game', 'single game')}, a {term('Gammon', 'gammon')} and a "
            f"{term('Backgammon', 'backgammon')} apart,",
            "count the points a game is worth.",
        ]),
        setup_cell(),
        md("""
        ## Who wins

        The first player to bear off all 15 checkers wins. How much they win depends on how far the
        loser got. In every picture here White has just borne off its last checker.
        """),
        md(f"""
        ## A single game

        If the loser has borne off **at least one** checker, it is a {term('Single game', 'single game')},
        worth 1 point (times the cube). That holds even if the loser still has a checker on the bar:
        """),
        code(f"""
        {finished('S1', 'single')}
        result = game_result(single)
        print(result, "->", result.points(), "point")
        render(single, caption="White has borne off all 15; Red has borne off one")
        """),
        md(f"""
        ## A gammon

        If the loser has borne off **none**, it is a {term('Gammon', 'gammon')}: 2 points.
        """),
        code(f"""
        {finished('S2', 'gammon')}
        result = game_result(gammon)
        print(result, "->", result.points(), "points")
        render(gammon, caption="Red has borne off none, but every Red checker is home")
        """),
        md(f"""
        ## A backgammon

        If the loser has borne off none **and** still has a checker on the bar or in the winner's home
        board (the loser's points 19-24), it is a {term('Backgammon', 'backgammon')}: 3 points.
        """),
        code(f"""
        {finished('S3a', 'in_home')}
        {finished('S3b', 'on_bar')}
        for p in (in_home, on_bar):
            print(game_result(p), "->", game_result(p).points(), "points")
        render(in_home, caption="Red has a checker on White's 5-point (Red's 20-point): backgammon")
        """),
        code("""
        render(on_bar, caption="Red has a checker on the bar: backgammon")
        """),
        md("A Red checker just outside White's home board makes it only a gammon:"),
        code(f"""
        {finished('S3c', 'outside')}
        print(game_result(outside))
        render(outside, caption="Red's checker is on Red's 18-point (White's 7-point): a gammon")
        """),
        md(f"""
        ## Points and the cube

        The points are the kind of win times the value of the {term('Doubling cube', 'doubling cube')}
        (lesson 7): a single is 1 × the cube, a gammon 2 ×, a backgammon 3 ×. A backgammon with the
        cube at 4 is worth 12:
        """),
        code("""
        game_result(on_bar).points(cube=4)
        """),
        md("""
        ## Try it

        White has one checker left to bear off. Play it off and the board announces the result.
        """),
        board_cell("""
        nearly = Position(white={2: 1}, red={1: 5, 2: 5, 3: 4, 19: 1})
        board = BoardWidget(mode="humans", position=nearly, roll="31")
        board
        """),
        md("## Check yourself\n\n**1.** What kind of win is this?"),
        code("""
        ChoiceQuiz.result(outside)
        """),
        md("**2.** And this one?"),
        code("""
        ChoiceQuiz.result(single)
        """),
        md("**3.** The cube is at 4 and this is the final position. How many points does White win?"),
        code("""
        final = in_home
        NumberQuiz("The cube shows 4. How many points does White win?", game_result(final).points(cube=4),
                   explanation=f"{game_result(final)}; {int(game_result(final).kind)} × 4.",
                   hint="First decide the kind of win (single 1, gammon 2, backgammon 3), then multiply by the cube.",
                   position=final, board=dict(cube=4, cube_owner=WHITE))
        """),
        footer(6),
    ]


# ==================================================================================================
# 07 · the doubling cube
# ==================================================================================================

def lesson7():
    return [
        header(7, LESSONS[6][1], [
            f"offer a double, and {term('Take', 'take')} or {term('Drop', 'drop')} one,",
            "say who owns the cube and who may redouble,",
            "count the points after a take or a drop,",
            f"use the money-play options: the {term('Jacoby rule', 'Jacoby rule')}, "
            f"{term('Beaver', 'beavers')} and automatic doubles.",
        ]),
        setup_cell("from bglearn.cube import Cube\nfrom bglearn.game import Game\nfrom bglearn.result import points_won\n"),
        md(f"""
        ## The cube

        The {term('Doubling cube', 'doubling cube')} shows the stake. It starts in the middle
        (*centred*) showing 64, which means a stake of 1:
        """),
        code("""
        cube = Cube()
        print(cube, "| face:", cube.face, "| value:", cube.value)
        render(Position(), cube=1, caption="The cube starts centred, showing 64 (a stake of 1)")
        """),
        md("""
        ## Doubling

        At the **start of your turn, before you roll**, you may offer to double the stake. While the
        cube is centred either player may double:
        """),
        code("""
        print("White may double:", cube.may_double(WHITE), "| Red may double:", cube.may_double(RED))
        offer = cube.double(WHITE)
        print(offer)
        """),
        md("Not after rolling:"),
        code("""
        print(cube.why_not(WHITE, rolled=True))
        """),
        md(f"""
        ## Take or drop

        The opponent must answer:

        - **{term('Take', 'Take')}**: the game goes on at twice the stake, and the taker **owns** the cube.
        - **{term('Drop', 'Drop')}**: the game ends at once; the dropper loses the stake **before** the
          double.
        """),
        code("""
        taken = offer.take()
        print("after the take:", taken)
        print("had Red dropped, Red would pay", offer.drop(), "point")
        render(Position(), cube=taken.value, cube_owner=taken.owner, caption="Red took: the cube is on Red's side at 2")
        """),
        md("""
        The same in a game. White opens with 3-1; at the start of Red's turn Red doubles, and White
        drops: the game is over and Red wins the stake before the double, 1 point.
        """),
        code("""
        game = Game(dice=Dice.fixed(["31"]))
        game.start()
        game.play("8/5 6/5")
        print("phase:", game.phase, "| Red may double:", game.may_double())
        game.double()
        game.drop()
        print(game.summary())
        """),
        md(f"""
        ## Owning the cube and redoubles

        Only the cube's owner may double again (a {term('Redouble', 'redouble')}):
        """),
        code("""
        print("White may redouble?", taken.may_double(WHITE), "->", taken.why_not(WHITE))
        print("Red may redouble?", taken.may_double(RED))
        redouble = taken.double(RED)
        print(redouble)
        """),
        md("""
        A redouble to 4 dropped costs the dropper 2, the stake before that double. A redouble from 4
        to 8 dropped costs 4 (rule case S4):
        """),
        code("""
        print("drop of the redouble to 4 pays:", redouble.drop())
        four = Cube(value=4, owner=RED)
        print("drop of a redouble from 4 to 8 pays:", four.double(RED).drop())
        """),
        md("""
        Trying to double when you may not gives the rule in words:
        """),
        code("""
        try:
            four.double(WHITE)
        except CubeActionError as error:
            print("Refused:", error)
        """),
        md(f"""
        ## Money play options

        In {term('Money play', 'money play')} players often agree extra rules. None of them is used in
        match play.

        **The {term('Jacoby rule', 'Jacoby rule')}**: gammons and backgammons count as singles while
        the cube is centred. Once the cube has been turned, they count in full (rule cases S5, S5b):
        """),
        code("""
        print("gammon, cube centred at 2, Jacoby:", points_won(ResultKind.GAMMON, 2, cube_centred=True, jacoby=True))
        print("gammon, cube turned to 2, Jacoby: ", points_won(ResultKind.GAMMON, 2, cube_centred=False, jacoby=True))
        print("gammon, cube centred, no Jacoby:  ", points_won(ResultKind.GAMMON, 1, cube_centred=True, jacoby=False))
        """),
        md(f"""
        **{term('Beaver', 'Beavers')}**: a player who is doubled may take and immediately redouble,
        keeping the cube:
        """),
        code("""
        money = Cube(beavers=True)
        offered = money.double(WHITE)
        beavered = offered.beaver(RED)
        print(beavered)
        print("in a match?", Cube(beavers=True).double(WHITE).why_not_beaver(RED, match_length=5))
        """),
        md("""
        **Automatic doubles**: if the opening throw is a tie, the centred cube doubles (and stays
        centred):
        """),
        code("""
        print(Cube().automatic_double())
        """),
        md("""
        ## Try it

        Play a game with the cube against the computer. Before you roll you may press **Double**;
        the computer decides whether to take. (It is a simple player, not a strong one.)
        """),
        board_cell("""
        board = BoardWidget(mode="computer", opponent="heuristic", seed=7)
        board
        """),
        md("## Check yourself\n\n**1.** Red owns a 2-cube. Who may double now?"),
        code("""
        owned = Cube(value=2, owner=RED)
        may = [str(p) for p in (WHITE, RED) if owned.may_double(p)]
        ChoiceQuiz("Red owns the cube at 2. Who may double next, at the start of their turn?",
                   ["White", "Red", "both", "nobody"], may[0] if len(may) == 1 else ("both" if may else "nobody"),
                   explanation=owned.why_not(WHITE), position=Position(), board=dict(cube=2, cube_owner=RED))
        """),
        md("**2.** White redoubles from 4 to 8 and Red drops. How many points does White win?"),
        code("""
        dropped = Cube(value=4, owner=WHITE).double(WHITE)
        NumberQuiz("White redoubles the cube from 4 to 8 and Red drops. How many points does White win?",
                   dropped.drop(), explanation="A drop pays the stake before the double: the cube was at 4.",
                   hint="Does the dropper pay the new stake or the old one?",
                   position=Position(), board=dict(cube=4, cube_owner=WHITE, caption="White owns the cube at 4"))
        """),
        md("**3.** Money play with the Jacoby rule, cube centred at 1: White wins a gammon. How many points?"),
        code("""
        NumberQuiz("Money play, Jacoby rule, the cube was never turned. White wins a gammon: how many points?",
                   points_won(ResultKind.GAMMON, 1, cube_centred=True, jacoby=True),
                   explanation="With the Jacoby rule a gammon counts as a single while the cube is centred.",
                   hint="What does the Jacoby rule say about gammons while the cube is centred?")
        """),
        footer(7),
    ]


# ==================================================================================================
# 08 · match play
# ==================================================================================================

MATCH_HELPERS = '''
# A helper for this lesson: finish a game of a match at once, from a position where the winner
# bears off its last checker with 2-1, so the score moves on. The loser's checkers decide the kind of win.
LOSER = {"single": {6: 10}, "gammon": {6: 15}, "backgammon": {6: 14, 20: 1}}

def finish_game(match, winner, kind="single", cube=None):
    winner_side, loser_side = {2: 1}, LOSER[kind]
    white, red = (winner_side, loser_side) if winner is WHITE else (loser_side, winner_side)
    options = {"cube": cube} if cube else {}
    game = match.new_game(position=Position(white, red, turn=winner), **options)
    game.roll_dice("21")
    game.play("2/off")
    return game
'''


def lesson8():
    return [
        header(8, LESSONS[7][1], [
            f"keep the score of a {term('Match', 'match')} to N points,",
            "count gammons and the cube in a match (and know that extra points don't count),",
            f"apply the {term('Crawford rule', 'Crawford rule')} and know what {term('Post-Crawford', 'post-Crawford')} means,",
            f"read and write a {term('Match record', 'match record')}.",
        ]),
        setup_cell("from bglearn.match import Match\nfrom bglearn.cube import Cube\n"
                   "from bglearn.result import points_won\nfrom bglearn.bots import HeuristicBot, play_match\n"
                   "from bglearn.records import format_mat, parse_mat\n"),
        md(f"""
        ## A match to N points

        In a {term('Match', 'match')} the players play game after game until one of them reaches an
        agreed number of points, say 5. Each game adds its points to the winner's score.
        """),
        code(MATCH_HELPERS + '''
match = Match(5)
print(match, "| White needs", match.away(WHITE), "points")
'''),
        md("White wins a single game, then Red wins a gammon:"),
        code("""
        first = finish_game(match, WHITE, "single")
        print(first.summary(), "->", match.score_text())
        second = finish_game(match, RED, "gammon")
        print(second.summary(), "->", match.score_text())
        render(second.position, score=match.score, match_length=5, caption="Red has just won a gammon: 1-2")
        """),
        md(f"""
        ## Gammons and the cube in a match

        In a match gammons and backgammons **always count**, times the cube: a gammon on a 2-cube is
        worth 4 (rule case S7). The {term('Jacoby rule', 'Jacoby rule')} is a money-play option and is
        never used in a match:
        """),
        code("""
        print("gammon, cube 2, 7-point match:", points_won(ResultKind.GAMMON, 2, match_length=7))
        print("...even if someone asks for Jacoby:", points_won(ResultKind.GAMMON, 2, jacoby=True, match_length=7))
        """),
        md("""
        **Points beyond the match length don't count.** At 3-0 in a 5-point match, a backgammon on a
        2-cube is worth 6, but White only needs 2: the match ends 5-0 (rule case S8).
        """),
        code("""
        big = Match(5, score=(3, 0))
        game = finish_game(big, WHITE, "backgammon", cube=Cube(value=2, owner=RED))
        print(game.summary())
        print("final score:", big.score_text(), "| winner:", big.winner)
        render(game.position, cube=2, cube_owner=RED, score=big.score, match_length=5,
               caption="A backgammon on a 2-cube is 6 points, but only 2 count")
        """),
        md(f"""
        ## The Crawford rule

        The first time either player reaches **one point short of winning** (N − 1), the next game is
        the **Crawford game**: nobody may double in it. (The leader could lose the match to a single
        double otherwise, so the rule protects the leader for one game.) Take a 5-point match at 3-1,
        and White wins a single: 4-1 (rule case S6a).
        """),
        code("""
        crawford_match = Match(5, score=(3, 1))
        finish_game(crawford_match, WHITE)
        print(crawford_match.score_text(), "| next game is the Crawford game:", crawford_match.crawford)
        crawford_game = crawford_match.new_game(position=Position())
        print("White may double?", crawford_game.may_double(), "->", crawford_game.why_not_double())
        render(crawford_game.position, score=crawford_match.score, match_length=5,
               caption=crawford_match.game_label(len(crawford_match.games) - 1) + ": no doubling")
        """),
        md("""
        Red wins the Crawford game (here White resigns it): 4-2. Every later game is **post-Crawford**, and the cube works
        normally again for the trailer (S6b). There is never a second Crawford game, even at 4-4 (S6c).
        """),
        code("""
        crawford_game.resign("single")        # White gives up this game as a single...
        crawford_game.accept_resignation()    # ...and Red accepts: Red wins 1 point
        print(crawford_game.summary(), "->", crawford_match.score_text())
        after = crawford_match.new_game(position=Position(turn=RED))
        print(crawford_match.game_label(len(crawford_match.games) - 1), "| Red may double?", after.may_double())
        """),
        md("""
        The leader, one point away, gains nothing by doubling: the cube is "dead" for them, and the
        kit (like GNU Backgammon) refuses such a double:
        """),
        code("""
        print(after.cube.why_not(WHITE, match_length=5, score=crawford_match.score))
        """),
        md("""
        It does not matter who gets to N − 1 or from where: at 3-3, a single makes it 4-3 and the next
        game is the Crawford game (S6d).
        """),
        code("""
        level = Match(5, score=(3, 3))
        finish_game(level, WHITE)
        print(level.score_text(), "| Crawford game next:", level.crawford)
        """),
        md(f"""
        ## A match record

        A match can be written down move by move in the plain-text `.mat` format (a
        {term('Match record', 'match record')}), which GNU Backgammon and eXtreme Gammon can open. Here
        two computer players (simple ones, not strong) play a 3-point match with seeded dice:
        """),
        code("""
        bots_match = play_match(Match(3, dice=Dice(seed=2)), HeuristicBot(1), HeuristicBot(2))
        record = format_mat(bots_match)
        print(bots_match)
        print("\\n".join(record.splitlines()[:22]))
        print("...")
        """),
        md("""
        Each numbered line holds one turn for each player: the roll, then each checker's move (`25`
        is the bar, `0` is off, `*` a hit), and the cube actions. The kit reads records back and
        replays every move through the rules engine, so a record with an illegal move is refused with
        its line number. To save one, use `write_mat(bots_match, "match.mat")` from `bglearn.records`.
        """),
        code("""
        back = parse_mat(record)
        print("read back:", len(back.games), "games, final score", back.score, "| same as played:", back.score == bots_match.score)
        """),
        md("""
        ## Try it: the Crawford game

        A 5-point match at 4-1: this is the Crawford game. Play against the computer. After your
        first play, before you roll again, try pressing **Double**: the board tells you the rule.
        """),
        board_cell("""
        practice_match = Match(5, score=(4, 1), dice=Dice(seed=5))
        board = BoardWidget(mode="computer", opponent="heuristic", game=practice_match.new_game(), seed=5)
        board
        """),
        md("## Check yourself\n\n**1.** A 5-point match at 4-2, after the Crawford game. May Red double?"),
        code("""
        post = Match(5, score=(4, 2), crawford_played=True)
        g = post.new_game(position=Position(turn=RED))
        ChoiceQuiz("5-point match, White 4 - Red 2, the Crawford game has been played. May Red double at the start of this turn?",
                   ["yes", "no"], "yes" if g.may_double() else "no",
                   explanation="The Crawford rule stops doubling for one game only; after it the cube works normally."
                               if g.may_double() else g.why_not_double())
        """),
        md("**2.** A 7-point match at 5-3. White wins a gammon with the cube at 2. What is White's score now?"),
        code("""
        seven = Match(7, score=(5, 3))
        finish_game(seven, WHITE, "gammon", cube=Cube(value=2, owner=WHITE))
        NumberQuiz("7-point match, White 5 - Red 3. White wins a gammon on a 2-cube. What is White's score now?",
                   seven.score[WHITE],
                   explanation=f"A gammon on a 2-cube is worth 4, but points past 7 don't count: {seven.score_text()}.",
                   hint="Work out the points (gammon × cube), then remember the match is only to 7.")
        """),
        md("**3.** A 5-point match at 3-3. Red wins a single game. What is the next game?"),
        code("""
        three_all = Match(5, score=(3, 3))
        finish_game(three_all, RED)
        kind = "the Crawford game" if three_all.crawford else ("a post-Crawford game" if three_all.post_crawford else "an ordinary game")
        ChoiceQuiz("5-point match at 3-3; Red wins a single. What is the next game?",
                   ["an ordinary game", "the Crawford game", "a post-Crawford game"], kind,
                   explanation=f"The score is now {three_all.score_text()}: Red has reached 4, one short of 5, for the first time.")
        """),
        footer(8),
    ]


def lesson9():
    return [
        header(9, LESSONS[8][1], [
            "play a whole game against the computer on the interactive board,",
            "follow a game from the opening roll to the result,",
            "use everything from lessons 1-8 together.",
        ]),
        setup_cell("from bglearn.game import Game\nfrom bglearn.bots import HeuristicBot, RandomBot, play_game\n"),
        md("""
        ## A whole game, move by move

        First watch two computer players play a game with seeded dice. Both are simple players, **not
        strong ones**: they hit, make points and avoid blots when they can. We pick the first seed
        whose game ends with the last checker borne off (rather than a dropped double):
        """),
        code("""
        def bot_game(seed):
            return play_game(Game(dice=Dice(seed=seed)), HeuristicBot(1), HeuristicBot(2))

        seed = next(s for s in range(1, 100) if bot_game(s).end_reason == "bear-off")
        game = bot_game(seed)
        print("seed", seed, "|", game.summary())
        for event in game.record[:8]:
            print(" ", event)
        print("  ...")
        for event in game.record[-3:]:
            print(" ", event)
        """),
        md("""
        The game keeps its whole record, so we can look at any moment of it again. The opening play:
        """),
        code("""
        opening_play = game.plays[0]
        render(game.position_at(1), last_play=opening_play, caption=f"After the opening play: {opening_play.player} {opening_play.roll}: {opening_play}")
        """),
        md("Ten plays in:"),
        code("""
        tenth = game.plays[9]
        render(game.position_at(10), last_play=tenth, caption=f"After play 10: {tenth.player} {tenth.roll}: {tenth}")
        """),
        md("Hits, entering from the bar, lost turns and the bear-off all happen in a real game. Count them:"),
        code("""
        plays = game.plays
        print("plays:", len(plays))
        print("hits:", sum(p.hit_count for p in plays))
        print("entering moves from the bar:", sum(1 for p in plays for m in p.moves if m.source == BAR))
        print("lost turns:", sum(1 for p in plays if p.is_empty))
        print("checkers borne off:", sum(1 for p in plays for m in p.moves if m.destination == OFF))
        """),
        md("And the end:"),
        code("""
        final = game.position
        print(game_result(final), "| points:", game.points, "| cube:", game.cube)
        render(final, cube=game.cube.value, cube_owner=game.cube.owner, caption=game.summary())
        """),
        md("""
        ## Your turn: a whole game against the computer

        You play **White**, the computer plays Red (a simple player, not a strong one). Press **Roll
        dice**, click a checker, click where it goes, and press **Done**. You may offer a double
        before you roll. If a move is illegal, the board explains why. Play to the end!
        """),
        board_cell("""
        board = BoardWidget(mode="computer", opponent="heuristic", seed=2026)
        board
        """),
        md("""
        Want a new game? Run `board.new_game()` in a cell, or make a new board with another seed. Prefer
        the easiest opponent? Use `opponent="random"`. Two people at one board: `BoardWidget(mode="humans")`.
        """),
        md("""
        ## Check yourself

        Questions on the game the computers played. **1.** At this moment, type any legal play for the
        roll shown.
        """),
        code("""
        k = next(i for i, p in enumerate(game.plays) if i >= 6 and len(legal_plays(p.position, p.roll)) > 3)
        moment = game.plays[k]
        PlayQuiz(moment.position, moment.roll, f"Play {k + 1} of the game: {moment.player} rolled {moment.roll}. "
                 f"Type a legal play, in {moment.player}'s numbering (the board is drawn from {moment.player}'s side).",
                 board=dict(perspective=moment.player))
        """),
        md("**2.** What is White's pip count after ten plays?"),
        code("""
        NumberQuiz.pip_count(game.position_at(10), WHITE)
        """),
        md("**3.** How did the game end?"),
        code("""
        ChoiceQuiz.result(final)
        """),
        md("""
        ## Where next

        You now know the whole of the rules: the board, moving, hitting, the forced moves, bearing off,
        winning, the cube and match play. Keep playing against the computer, open the
        [glossary](glossary.ipynb) when a word is unclear, and go back to any lesson to try its
        positions again.
        """),
        footer(9),
    ]


# ==================================================================================================
# glossary
# ==================================================================================================

GLOSSARY_BOARDS = {
    "Blot": ("Position(white={24: 2, 13: 5, 8: 2, 6: 5, 5: 1}, red={24: 2, 13: 5, 8: 3, 6: 5})",
             "highlight=[5], caption=\"White has a blot on its 5-point\""),
    "Anchor": ("Position(white={20: 2, 13: 5, 8: 3, 6: 5}, red={24: 2, 13: 5, 8: 3, 6: 5})",
               "highlight=[20], caption=\"White's anchor on its 20-point (Red's 5-point)\""),
    "Prime": ("Position(white={24: 2, 11: 1, 10: 2, 9: 2, 8: 2, 7: 2, 6: 2, 5: 2}, red={22: 2, 13: 5, 8: 3, 6: 5})",
              "highlight=[10, 9, 8, 7, 6, 5], caption=\"White's six-point prime from its 10-point to its 5-point\""),
    "Closed board": ("Position(white={'bar': 1, 13: 14}, red={6: 3, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2, 13: 2})",
                     "caption=\"Red's board is closed: White's checker on the bar cannot enter\""),
}


def glossary():
    cells = [
        new_markdown_cell(
            "# Glossary\n\n**Learning goals.** After this page you can:\n\n"
            "- look up the backgammon words the lessons use,\n- see a picture of the ones that are easier "
            "to show than to say.\n\n"
            f"[Contents]({WELCOME}) · Back to [Lesson 1]({LESSONS[0][0]})"
        ),
        setup_cell(),
    ]
    for name, definition in TERMS.items():
        cells.append(md(f"## {name}\n\n{definition}"))
        if name in GLOSSARY_BOARDS:
            p, opts = GLOSSARY_BOARDS[name]
            cells.append(code(f"render({p}, {opts})"))
        if name == "Prime":
            cells.append(code("""
            behind = Position(white={24: 2, 11: 1, 10: 2, 9: 2, 8: 2, 7: 2, 6: 2, 5: 2},
                              red={22: 2, 13: 5, 8: 3, 6: 5}, turn=RED)
            # Red's two back checkers (on Red's 22-point) are still behind the prime after every roll:
            all(sum(play.result.checkers(RED)[21:25]) == 2 for r in ALL_ROLLS for play in legal_plays(behind, r))
            """))
        if name == "Closed board":
            cells.append(code("""
            bar_check = Position(white={'bar': 1, 13: 14}, red={6: 3, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2, 13: 2})
            all(legal_plays(bar_check, r) == [] for r in ALL_ROLLS)   # no roll enters
            """))
    cells.append(md(f"[Contents]({WELCOME})"))
    return cells


# -- writing and running --------------------------------------------------------------------------

NOTEBOOKS = {
    WELCOME: welcome,
    LESSONS[0][0]: lesson1,
    LESSONS[1][0]: lesson2,
    LESSONS[2][0]: lesson3,
    LESSONS[3][0]: lesson4,
    LESSONS[4][0]: lesson5,
    LESSONS[5][0]: lesson6,
    LESSONS[6][0]: lesson7,
    LESSONS[7][0]: lesson8,
    LESSONS[8][0]: lesson9,
    GLOSSARY: glossary,
}


def make_notebook(cells) -> nbformat.NotebookNode:
    nb = new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"cell-{i:02d}"  # stable ids: rebuilding gives the same file
    return nb


def execute(nb: nbformat.NotebookNode, timeout: int = 300) -> None:
    from nbclient import NotebookClient

    client = NotebookClient(nb, timeout=timeout, kernel_name="python3",
                            resources={"metadata": {"path": str(HERE)}})
    client.execute()


def clean(nb: nbformat.NotebookNode) -> None:
    """Drop what varies between runs and means nothing to a reader (execution timings)."""
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.metadata.pop("execution", None)
    nb.metadata.get("language_info", {}).pop("version", None)


def build(names: list[str], run: bool = True) -> list[Path]:
    written = []
    for fname, make in NOTEBOOKS.items():
        if names and not any(n in fname for n in names):
            continue
        t0 = time.perf_counter()
        nb = make_notebook(make())
        if run:
            execute(nb)
            clean(nb)
        path = HERE / fname
        nbformat.write(nb, str(path))
        written.append(path)
        print(f"wrote {path.relative_to(ROOT)} ({len(nb.cells)} cells, {time.perf_counter() - t0:.1f} s)")
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="build only notebooks whose file names contain these")
    parser.add_argument("--no-execute", action="store_true", help="write the cells without running them")
    args = parser.parse_args(argv)
    build(args.names, run=not args.no_execute)
    return 0


if __name__ == "__main__":
    sys.exit(main())
