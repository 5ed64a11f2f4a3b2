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
