"""Speed of explain against legal_plays on the same attempts: a seeded mix of legal and illegal plays.

Run: ``python benchmarks/bench_explain.py [--rounds 3] [--count 2400]`` (prints the figures the README
reports).

Each position of the benchmarks' seeded self-play sample (:func:`positions.self_play_sample`: every
roll, doubles, the bar, bearing off) gets the attempts a learner makes, chosen with a seeded generator:

* ``legal``: a legal play in standard notation (``13/7 8/7``);
* ``legal, as a path``: a legal play as the learner writes it (``24/18/13``);
* ``incomplete``: the first move of a legal play of two or more moves, as if the whole turn;
* ``blocked``: a checker moved by the larger die onto a point the opponent holds;
* ``no checker``: a move by the larger die from a point where the mover has no checker;
* ``wrong distance``: a checker of the mover moved a distance that no die and no sum makes;
* ``nothing``: an empty attempt, on the positions where no play exists (legal: the turn is lost).

The kinds that cannot be made on a position (no blocked point in reach, say) are left out there.
Each attempt is timed with ``explain`` and, right beside it, with ``legal_plays`` on the same position
and roll (which goes first alternates by round), so both meet the same machine; this shared machine's
speed drifts, so every round's figures are printed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from positions import self_play_sample  # noqa: E402

from bglearn import Position, Roll, explain, legal_plays  # noqa: E402

Attempt = tuple[Position, Roll, str, str]
"""(position, roll, kind, text)."""


def attempts_for(position: Position, roll: Roll, rng: random.Random) -> list[Attempt]:
    """The attempts of the module docstring on one position, in the mover's numbering."""
    plays = legal_plays(position, roll)
    if not plays:
        return [(position, roll, "nothing", "")]
    out: list[Attempt] = []
    play = rng.choice(plays)
    out.append((position, roll, "legal", play.notation))
    out.append((position, roll, "legal, as a path", play.path_notation))
    longer = [p for p in plays if len(p.moves) >= 2]
    if longer:
        out.append((position, roll, "incomplete", str(rng.choice(longer).moves[0])))
    me = position.checkers(position.turn)
    opp = position.checkers(position.turn.opponent)
    mine = [s for s in range(1, 25) if me[s]] + ([25] if me[0] else [])
    die = roll.high
    blocked = [s for s in mine if s - die >= 1 and opp[25 - (s - die)] >= 2]
    if blocked:
        s = rng.choice(blocked)
        out.append((position, roll, "blocked", f"{'bar' if s == 25 else s}/{s - die}"))
    empty = [s for s in range(die + 1, 25) if not me[s]]
    if empty:
        s = rng.choice(empty)
        out.append((position, roll, "no checker", f"{s}/{s - die}"))
    made = {sum(roll.dice[:k]) for k in range(1, len(roll.dice) + 1)} | set(roll.dice)
    wrong = [(s, d) for s in mine if s <= 24 for d in range(1, s) if d not in made]
    if wrong:
        s, d = rng.choice(wrong)
        out.append((position, roll, "wrong distance", f"{s}/{s - d}"))
    return out


def attempt_set(count: int, seed: int = 27) -> list[Attempt]:
    """The attempts for the first ``count`` positions of the seeded sample."""
    rng = random.Random(seed)
    out: list[Attempt] = []
    for position, roll in self_play_sample(count):
        out += attempts_for(position, roll, rng)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="timed passes over the attempts (default 3)")
    parser.add_argument("--count", type=int, default=2400, help="positions of the sample (default 2400)")
    args = parser.parse_args()
    attempts = attempt_set(args.count)
    verdicts: dict[str, dict[str, int]] = {}
    for p, r, kind, text in attempts:  # warm up, and count what the attempts are
        v = explain(p, r, text)
        reasons = verdicts.setdefault(kind, {})
        reasons[v.reason.name] = reasons.get(v.reason.name, 0) + 1
    print(f"attempts: {len(attempts)} on {args.count} positions")
    for kind, reasons in verdicts.items():
        top = ", ".join(f"{name} {n}" for name, n in sorted(reasons.items(), key=lambda x: -x[1])[:4])
        print(f"  {kind}: {sum(reasons.values())} ({top})")
    clock = time.perf_counter
    exp_all: list[list[float]] = []
    lp_all: list[list[float]] = []
    for k in range(args.rounds):
        exp, lp = [], []
        for p, r, _kind, text in attempts:
            if k % 2:
                t0 = clock()
                legal_plays(p, r)
                t1 = clock()
                explain(p, r, text)
                t2 = clock()
                lp.append(t1 - t0)
                exp.append(t2 - t1)
            else:
                t0 = clock()
                explain(p, r, text)
                t1 = clock()
                legal_plays(p, r)
                t2 = clock()
                exp.append(t1 - t0)
                lp.append(t2 - t1)
        exp_all.append(exp)
        lp_all.append(lp)
        me, ml = statistics.median(exp), statistics.median(lp)
        print(f"round {k + 1}: explain median {me * 1e6:.1f} us, legal_plays {ml * 1e6:.1f} us: "
              f"{me / ml:.2f}x per call; median of the ratios per attempt "
              f"{statistics.median([a / b for a, b in zip(exp, lp)]):.2f}x")
    exp_att = [statistics.median(ts) for ts in zip(*exp_all)]  # each attempt's median over the rounds
    lp_att = [statistics.median(ts) for ts in zip(*lp_all)]
    print(f"over the rounds: explain {statistics.median(exp_att) * 1e6:.1f} us median, "
          f"{sum(exp_att) / len(exp_att) * 1e6:.1f} us mean; legal_plays {statistics.median(lp_att) * 1e6:.1f} us "
          f"median, {sum(lp_att) / len(lp_att) * 1e6:.1f} us mean; ratio of medians "
          f"{statistics.median(exp_att) / statistics.median(lp_att):.2f}x, of means {sum(exp_att) / sum(lp_att):.2f}x")
    by_kind: dict[str, list[tuple[float, float]]] = {}
    for (_p, _r, kind, _t), a, b in zip(attempts, exp_att, lp_att):
        by_kind.setdefault(kind, []).append((a, b))
    for kind, pairs in by_kind.items():
        a = statistics.median([x for x, _ in pairs])
        b = statistics.median([y for _, y in pairs])
        print(f"  {kind}: explain median {a * 1e6:.1f} us vs legal_plays {b * 1e6:.1f} us ({a / b:.2f}x), "
              f"means {sum(x for x, _ in pairs) / sum(y for _, y in pairs):.2f}x")


if __name__ == "__main__":
    main()
