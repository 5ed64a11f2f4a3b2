"""A deliberately plain, independent statement of the movement rules, used only to check the engine.

It follows shared/rules.md literally: try every die in every order, one checker at a time, and keep
what uses the most dice (and, for a single die, the larger one). Slow, but obviously right.
"""

from __future__ import annotations


def single_moves(me: list[int], opp: list[int], die: int):
    """(source, dest) moves for one die; me/opp in the mover's numbering, index 25 = bar, 0 = off."""
    out = []
    sources = [25] if me[25] else [s for s in range(24, 0, -1) if me[s]]
    home = me[25] == 0 and sum(me[7:25]) == 0
    for s in sources:
        t = s - die
        if t >= 1:
            if opp[t] <= 1:
                out.append((s, t))
        elif home:
            if t == 0 or all(me[p] == 0 for p in range(s + 1, 7)):
                out.append((s, 0))
    return out


def apply(me, opp, s, t):
    me, opp = list(me), list(opp)
    me[s] -= 1
    me[t] += 1
    hit = t != 0 and opp[t] == 1
    if hit:
        opp[t] = 0
    return me, opp, hit


def results(me, opp, dice):
    """{(me, opp-after, hits): (dice used, pips of dice used)} over every order of the dice."""
    out = {}

    def rec(me, opp, remaining, used, pips, hits):
        moved = False
        for i, d in enumerate(remaining):
            if d in remaining[:i]:
                continue
            for s, t in single_moves(me, opp, d):
                moved = True
                m2, o2, hit = apply(me, opp, s, t)
                rec(m2, o2, remaining[:i] + remaining[i + 1:], used + 1, pips + d,
                    hits | ({t} if hit else set()))
        if not moved:
            key = (tuple(me), frozenset(hits))
            out[key] = max(out.get(key, (0, 0)), (used, pips))

    rec(list(me), list(opp), list(dice), 0, 0, frozenset())
    best = max(out.values())
    return {k for k, v in out.items() if v == best and v[0] > 0}


def mover_arrays(position):
    me = position.checkers(position.turn)
    opp = position.checkers(position.turn.opponent)
    b = [15 - sum(me)] + list(me[1:25]) + [me[0]]
    o = [0] + [opp[25 - i] for i in range(1, 25)] + [0]
    return b, o


# -- which rule an attempted play breaks first ---------------------------------------------------------
#
# The order explain() promises, written out plainly (see bglearn/verdicts.py's module docstring):
#
#   1. nothing written while a legal play exists ............................... MUST_MOVE
#   2. the written moves read on their own, rule by rule over all the moves:
#        a move that goes nowhere or backwards .................................. WRONG_DIRECTION
#        bar/N with N a die on 1-6 (entering in the opponent's numbering) ....... ENTRY_POINT
#        a move whose distance no die or sum of dice makes ...................... DIE_MISMATCH
#          (the first such move a bear-off while checkers no written move brings home
#           stay outside the home board .......................................... BEAR_OFF_NOT_ALL_HOME)
#        moves (bear-offs aside) adding up to more pips than the roll ........... DIE_MISMATCH
#        a '*' on a point where no opposing checker stands ...................... NO_BLOT_TO_HIT
#   3a. when no way of playing the moves succeeds, the learner's likely reading first: as many moves
#      as dice, each non-bear-off move one die's distance; a bear-off takes the die equal to its point
#      if one is left, else the highest left; played from the bar first, then as written: the first
#      rule a step breaks (a die too small to bear off: DIE_MISMATCH); if none, 3 decides
#   3. the moves played on the board one die at a time, in every order and every way of splitting a
#      move into dice. Each way that fails fails at one step; the way that got furthest counts
#      (written moves completed; failing at the start of a move is further than failing partway
#      through it), and among equally far ways the first rule of this list:
#        BAR_FIRST, NO_CHECKER, WRONG_DIRECTION, BEAR_OFF_NOT_ALL_HOME, BEAR_OFF_HIGHER_POINT, BLOCKED,
#        NO_BLOT_TO_HIT, DIE_MISMATCH
#   4. every step can be made: legal if the result is a legal play; otherwise the forced-move rule:
#        doubles -> DOUBLES_UNDERPLAYED; both dice playable -> DICE_NOT_FULLY_USED;
#        otherwise -> LARGER_DIE_REQUIRED
#
# A hit mark in a repeated move (6/4*(2)) belongs to the first checker only.

PRECEDENCE = ["BAR_FIRST", "NO_CHECKER", "WRONG_DIRECTION", "BEAR_OFF_NOT_ALL_HOME", "BEAR_OFF_HIGHER_POINT",
              "BLOCKED", "NO_BLOT_TO_HIT", "DIE_MISMATCH"]


def reachable(a, z, dice):
    """Can one checker go from a to z (0 = off) with some of the dice in some order, landing on
    points 1-24 in between?"""
    def go(pos, left):
        for i, d in enumerate(left):
            t = pos - d
            if (z == 0 and t <= 0) or t == z:
                return True
            if t >= 1 and go(t, left[:i] + left[i + 1:]):
                return True
        return False
    return go(a, list(dice))


def step_rule(me, opp, s, t, die):
    """The rule a single step breaks (None if it may be made); me/opp as in mover_arrays, t = 0 off."""
    if s != 25 and me[25]:
        return "BAR_FIRST"
    if me[s] == 0:
        return "NO_CHECKER"
    if t == 0:
        if any(me[p] for p in range(7, 26)):
            return "BEAR_OFF_NOT_ALL_HOME"
        if die > s and any(me[p] for p in range(s + 1, 7)):
            return "BEAR_OFF_HIGHER_POINT"
        return None
    if opp[t] >= 2:
        return "BLOCKED"
    return None


def likely_reading_rule(me, opp, chains, dice):
    """The rule the likely reading (step 3a above) breaks first, or None."""
    legs = [(a, z, h) for path, hits in chains for a, z, h in zip(path, path[1:], hits[1:])]
    if len(legs) != len(dice):
        return None
    left = list(dice)
    die = {}
    for i, (a, z, _) in enumerate(legs):
        if z != 0:
            if a - z not in left:
                return None
            left.remove(a - z)
            die[i] = a - z
    for i, (a, z, _) in enumerate(legs):
        if z == 0 and a in left:
            left.remove(a)
            die[i] = a
    for i, (a, z, _) in enumerate(legs):
        if i not in die:
            die[i] = max(left)
            left.remove(die[i])
    for i in sorted(range(len(legs)), key=lambda i: legs[i][0] != 25):
        a, z, marked = legs[i]
        rule = step_rule(me, opp, a, z, die[i])
        if rule is None and z == 0 and die[i] < a:
            rule = "DIE_MISMATCH"
        if rule:
            return rule
        me, opp, hit = apply(me, opp, a, z)
        if marked and not hit:
            return None
    return None


def first_rule_broken(position, roll, segments, legal_result_keys, max_dice):
    """The reason name explain() must give for the written ``segments`` (from bglearn.notation.parse_moves),
    or "LEGAL". ``legal_result_keys`` are the (me, hits) results of the legal plays (as mover_arrays
    after the play plus the set of points hit); ``max_dice`` how many dice a legal play uses."""
    me, opp = mover_arrays(position)
    dice = list(roll.dice)
    if not segments:
        return "MUST_MOVE" if legal_result_keys else "LEGAL"
    chains = []
    for seg in segments:
        chains.append((seg.path, seg.hits))
        chains += [(seg.path, (False,) * len(seg.hits))] * (seg.count - 1)
    legs = [(a, z) for path, _ in chains for a, z in zip(path, path[1:])]
    if any(z != 0 and z >= a for a, z in legs):
        return "WRONG_DIRECTION"
    if any(a == 25 and 1 <= z <= 6 and z in dice and not reachable(a, z, dice) for a, z in legs):
        return "ENTRY_POINT"
    unreachable = [(a, z) for a, z in legs if not reachable(a, z, dice)]
    if unreachable:
        a, z = unreachable[0]
        brought = sum(1 for path, _ in chains if path[0] >= 7 and (path[-1] == 0 or path[-1] <= 6))
        if z == 0 and a <= 6 and not me[25] and me[a] and sum(me[7:25]) > brought:
            return "BEAR_OFF_NOT_ALL_HOME"
        return "DIE_MISMATCH"
    if sum(a - z for a, z in legs if z != 0) > sum(dice):
        return "DIE_MISMATCH"
    if any(h and z != 0 and opp[z] == 0 for path, hits in chains for z, h in zip(path[1:], hits[1:])):
        return "NO_BLOT_TO_HIT"

    failures = []  # (how far, rule)
    finished = []  # (unmarked intermediate hits, (me, hits))

    def play(me, opp, where, nxt, left, hit_points, unmarked):
        pending = [i for i in range(len(chains)) if nxt[i] < len(chains[i][0])]
        if not pending:
            finished.append((unmarked, (tuple(me), frozenset(hit_points))))
            return
        done = sum(n - 1 for n in nxt)
        for i in pending:
            path, hits = chains[i]
            start, z, marked = path[nxt[i] - 1], path[nxt[i]], hits[nxt[i]]
            far = done * 8 - (0 if where[i] == start else 1)
            if not left:
                failures.append((far, "DIE_MISMATCH"))
                continue
            moved = False
            for d in sorted(set(left), reverse=True):
                rest = list(left)
                rest.remove(d)
                t = where[i] - d
                if z == 0 and t <= 0:
                    t = 0
                elif t < max(z, 1):
                    continue
                if t not in (z, 0) and not reachable(t, z, rest):
                    continue
                moved = True
                rule = step_rule(me, opp, where[i], t, d)
                if rule:
                    failures.append((far, rule))
                    continue
                me2, opp2, hit = apply(me, opp, where[i], t)
                arrived = t == z or t == 0
                if arrived and marked and not hit:
                    failures.append((far, "NO_BLOT_TO_HIT"))
                    continue
                nxt2 = list(nxt)
                nxt2[i] += arrived
                where2 = list(where)
                where2[i] = t
                play(me2, opp2, where2, nxt2, rest, hit_points | ({t} if hit else set()),
                     unmarked + (hit and not arrived))
            if not moved:
                failures.append((far, "DIE_MISMATCH"))

    play(me, opp, [path[0] for path, _ in chains], [1] * len(chains), dice, frozenset(), 0)
    if not finished:
        likely = likely_reading_rule(me, opp, chains, dice)
        if likely:
            return likely
        furthest = max(f for f, _ in failures)
        return min((r for f, r in failures if f == furthest), key=PRECEDENCE.index)
    fewest = min(u for u, _ in finished)
    if any(key in legal_result_keys for u, key in finished if u == fewest):
        return "LEGAL"
    if fewest and any(key in legal_result_keys for _, key in finished):
        return "LEGAL"
    if roll.is_double:
        return "DOUBLES_UNDERPLAYED"
    return "DICE_NOT_FULLY_USED" if max_dice == 2 else "LARGER_DIE_REQUIRED"
