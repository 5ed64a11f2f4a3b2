"""A deliberately plain second generator of Long Nardy's legal plays, written straight from the rules
of issue #14 and sharing no code with the engine (``bglearn.nardy``). Slow and simple on purpose:
the tests compare the engine with it.

A side is 25 numbers in its own numbering (index 0 = bar, always 0; index i = its checkers on point i);
checkers missing from 15 are borne off. ``me`` is the side on roll.

The rules, as the issue states them:

- Both sides move from their own 24-point (the head) down to their 1-point and off. My point i is the
  opponent's point ((i + 11) mod 24) + 1, so the opponent's point q is my point q + 12 (q <= 12) or
  q - 12 (q > 12).
- A checker may not land on a point holding any opposing checker.
- At most one checker leaves the head (my 24-point) in a turn; two when all 15 of mine are on the head
  at the start of the turn and the roll is 6-6, 4-4 or 3-3.
- A play may not end with me holding the opponent's points j, j+1, ..., j+5 (its numbering) unless an
  opposing checker stands on one of its points 1 .. j-1 or the opponent has borne one off.
- Among the plays ending in a legal position: as many dice as possible; if only one die of a
  non-double can be used, the larger one when some legal play uses it.
- Bearing off only with every checker not yet off on points 1-6; a die bears off from its own point,
  or from the highest occupied point when no checker stands higher.
"""

from __future__ import annotations


def my_number_of_their_point(q: int) -> int:
    """The opponent's point q (its numbering) in my numbering."""
    if q <= 12:
        return q + 12
    return q - 12


def their_number_of_my_point(i: int) -> int:
    """My point i in the opponent's numbering."""
    return (i + 11) % 24 + 1


def opponent_on(opp: list[int], i: int) -> bool:
    """True when the opponent has a checker on my point i."""
    return opp[their_number_of_my_point(i)] > 0


def all_in_home(me: list[int]) -> bool:
    for i in range(7, 25):
        if me[i] > 0:
            return False
    return True


def one_move_options(me: list[int], opp: list[int], die: int, may_leave_head: bool) -> list[tuple[int, int]]:
    """(from, to) single moves with ``die``; to = 0 means borne off."""
    options = []
    for src in range(1, 25):
        if me[src] == 0:
            continue
        if src == 24 and not may_leave_head:
            continue
        dst = src - die
        if dst >= 1:
            if not opponent_on(opp, dst):
                options.append((src, dst))
        else:
            if not all_in_home(me):
                continue
            if dst == 0:
                options.append((src, 0))
            else:
                higher = False
                for p in range(src + 1, 7):
                    if me[p] > 0:
                        higher = True
                if not higher:
                    options.append((src, 0))
    return options


def breaks_six_block_rule(me: list[int], opp: list[int]) -> bool:
    """True when ``me`` holds six of the opponent's consecutive points with no opposing checker past."""
    if sum(opp) < 15:
        return False  # the opponent has borne a checker off
    held = {their_number_of_my_point(i) for i in range(1, 25) if me[i] > 0}  # in the opponent's numbers
    if len(held) < 6:
        return False
    lowest_opponent_point = min(q for q in range(1, 25) if opp[q] > 0)
    for j in range(1, 20):
        if lowest_opponent_point < j:
            break  # an opposing checker is past this block and every later one
        run = 0
        for q in range(j, j + 6):
            if q in held:
                run += 1
        if run == 6:
            return True
    return False


def reference_results(me: list[int], opp: list[int], dice: tuple[int, int]) -> set[tuple[int, ...]]:
    """Every position (``me`` after the play, 25 numbers) that a legal play of ``dice`` leads to; the
    empty set when the turn is lost."""
    d1, d2 = dice
    if d1 == d2:
        dice_list = [d1, d1, d1, d1]
    else:
        dice_list = [d1, d2]
    head_allowance = 1
    if d1 == d2 and d1 in (6, 4, 3) and me[24] == 15:
        head_allowance = 2

    ends: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()  # (me after, dice used sorted)
    visited: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()

    def explore(board: list[int], remaining: list[int], used: list[int], left_head: int) -> None:
        state = (tuple(board), tuple(sorted(remaining)))
        if state in visited:
            return
        visited.add(state)
        ends.add((tuple(board), tuple(sorted(used))))
        for k in range(len(remaining)):
            die = remaining[k]
            for src, dst in one_move_options(board, opp, die, left_head < head_allowance):
                after = list(board)
                after[src] -= 1
                if dst != 0:
                    after[dst] += 1
                explore(after, remaining[:k] + remaining[k + 1:], used + [die],
                        left_head + (1 if src == 24 else 0))

    explore(list(me), dice_list, [], 0)
    breaks = {board: breaks_six_block_rule(list(board), opp) for board, used in ends}
    allowed = [(board, used) for board, used in ends if not breaks[board]]
    most = max((len(used) for board, used in allowed), default=0)
    if most == 0:
        return set()
    best = [(board, used) for board, used in allowed if len(used) == most]
    if d1 != d2 and most == 1:
        larger = max(d1, d2)
        with_larger = [(board, used) for board, used in best if used[0] == larger]
        if with_larger:
            best = with_larger
    return {board for board, used in best}
