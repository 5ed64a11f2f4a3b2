"""Speed of legal_plays on a fixed, seeded set of self-play positions; import time; memory per Position.

Run: ``python benchmarks/bench_legal_plays.py`` (prints the figures the README reports).

This machine's speed drifts (shared cores): the same code can time 1.5x slower from one minute to the
next. So the sample is timed in several rounds, each round's median is printed, and
``--against DIR`` times another checkout of bglearn (an earlier commit: ``git worktree add DIR REV``)
in alternation with this one, each round in a fresh interpreter, so that both meet the same conditions.

Against GNU Backgammon (``gnubg-nn``, the test extra): in the same run, each position of the sample is
given to ``legal_plays`` and to gnubg's C move generator ``gnubg_nn.moves`` called from Python, one
right after the other (which goes first alternates by round), so both meet the same machine. gnubg's
time includes turning the :class:`Position` into its board lists, as a caller must. Printed per round:
the ratio of the median times per call, and the median over positions of the ratio on that position
(per position); over all rounds, the ratio of the mean times per call, each position's time being
its median over the rounds (a call that another process interrupted does not count).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from positions import self_play_sample  # noqa: E402

from bglearn import Position, Roll, legal_plays  # noqa: E402


ROUND = """
import statistics, sys, time
sys.path.insert(0, {bench!r})
from positions import self_play_sample
from bglearn import legal_plays
sample = self_play_sample()
for p, r in sample[:200]:
    legal_plays(p, r)
times = []
for p, r in sample:
    t0 = time.perf_counter()
    legal_plays(p, r)
    times.append(time.perf_counter() - t0)
print(statistics.median(times))
"""


def alternate(other: Path, rounds: int) -> None:
    """Time this checkout and ``other`` in alternation, one fresh interpreter per round each."""
    here = Path(__file__).resolve().parent.parent
    code = ROUND.format(bench=str(Path(__file__).resolve().parent))
    figures: dict[Path, list[float]] = {here: [], other: []}
    for _ in range(rounds):
        for checkout in figures:
            env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(checkout)}
            out = subprocess.check_output([sys.executable, "-c", code], cwd=checkout, env=env, text=True)
            figures[checkout].append(float(out) * 1e6)
    for checkout, medians in figures.items():
        print(f"{checkout}: legal_plays median per round {', '.join(f'{m:.1f}' for m in medians)} us "
              f"(best {min(medians):.1f}, worst {max(medians):.1f})")


def gnubg_board(position: Position) -> list[list[int]]:
    """The position as gnubg-nn's ``moves`` reads it: the opponent's then the mover's checkers, each
    points 1-24 in its own numbering and then the bar."""
    me = position.checkers(position.turn)
    opp = position.checkers(position.turn.opponent)
    return [[*opp[1:25], opp[0]], [*me[1:25], me[0]]]


def against_gnubg(sample: list[tuple[Position, Roll]], rounds: int) -> None:
    """Time ``legal_plays`` and gnubg-nn's move generator on each position in turn; print the ratios."""
    try:
        import gnubg_nn
    except ImportError:
        print("gnubg-nn is not installed (pip install gnubg-nn, Python 3.11 x86-64): no comparison")
        return
    moves = gnubg_nn.moves
    for p, r in sample:  # same results, and warm both
        assert len(legal_plays(p, r)) == len(moves(gnubg_board(p), r.high, r.low)), (p, r)
    clock = time.perf_counter
    per_call, per_pos, ours_med, theirs_med = [], [], [], []
    ours_all: list[list[float]] = []
    theirs_all: list[list[float]] = []
    for k in range(rounds):
        ours, theirs = [], []
        for p, r in sample:
            if k % 2:
                t0 = clock()
                moves(gnubg_board(p), r.high, r.low)
                t1 = clock()
                legal_plays(p, r)
                t2 = clock()
                ours.append(t2 - t1)
                theirs.append(t1 - t0)
            else:
                t0 = clock()
                legal_plays(p, r)
                t1 = clock()
                moves(gnubg_board(p), r.high, r.low)
                t2 = clock()
                ours.append(t1 - t0)
                theirs.append(t2 - t1)
        ours_med.append(statistics.median(ours) * 1e6)
        theirs_med.append(statistics.median(theirs) * 1e6)
        per_call.append(statistics.median(ours) / statistics.median(theirs))
        per_pos.append(statistics.median([a / b for a, b in zip(ours, theirs)]))
        ours_all.append(ours)
        theirs_all.append(theirs)
    print(f"against gnubg-nn ({rounds} rounds in alternation, one interpreter):")
    print(f"  legal_plays median per call per round {', '.join(f'{m:.1f}' for m in ours_med)} us; "
          f"gnubg {', '.join(f'{m:.1f}' for m in theirs_med)} us")
    for name, ratios in (("per call (ratio of medians)", per_call), ("per position (median of ratios)", per_pos)):
        print(f"  {name}: median {statistics.median(ratios):.2f}x "
              f"(rounds {min(ratios):.2f}-{max(ratios):.2f}x)")
    ours_pos = [statistics.median(ts) for ts in zip(*ours_all)]  # each position's median over the rounds
    theirs_pos = [statistics.median(ts) for ts in zip(*theirs_all)]
    print(f"  mean per call (ratio of the means): {sum(ours_pos) / sum(theirs_pos):.2f}x "
          f"({sum(ours_pos) / len(sample) * 1e6:.1f} us vs {sum(theirs_pos) / len(sample) * 1e6:.1f} us)")
    kinds: dict[str, list[tuple[float, float]]] = {}
    for (p, r), a, b in zip(sample, ours_pos, theirs_pos):
        kinds.setdefault(_kind(p, r), []).append((a, b))
    for name, pairs in sorted(kinds.items()):
        a = statistics.median([x for x, _ in pairs])
        b = statistics.median([y for _, y in pairs])
        print(f"  {name}: {len(pairs)} positions, median {a * 1e6:.1f} us vs {b * 1e6:.1f} us "
              f"({a / b:.2f}x), means {sum(x for x, _ in pairs) / sum(y for _, y in pairs):.2f}x")


def _kind(p: Position, r: Roll) -> str:
    """Which of the generator's cases a (position, roll) is."""
    if p.bar(p.turn):
        return "doubles, on the bar" if r.is_double else "on the bar"
    if p.all_home(p.turn):
        return "doubles, bearing off" if r.is_double else "bearing off"
    return "doubles, other" if r.is_double else "other"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="timed passes over the sample (default 5)")
    parser.add_argument("--against", type=Path, help="another checkout of bglearn to time in alternation")
    parser.add_argument("--gnubg", action="store_true", help="only the comparison with gnubg-nn")
    args = parser.parse_args()
    if args.against:
        if not (args.against / "bglearn" / "__init__.py").is_file():
            sys.exit(f"bench_legal_plays: {args.against} is not a checkout of bglearn (no bglearn/__init__.py)")
        alternate(args.against.resolve(), args.rounds)
        return
    sample = self_play_sample()
    n_double = sum(1 for _, r in sample if r.is_double)
    n_bar = sum(1 for p, _ in sample if p.bar(p.turn))
    n_bearoff = sum(1 for p, _ in sample if p.all_home(p.turn))
    print(f"positions: {len(sample)} (doubles {n_double}, on the bar {n_bar}, bearing off {n_bearoff})")
    if args.gnubg:
        against_gnubg(sample, args.rounds)
        return
    for p, r in sample[:200]:  # warm up
        legal_plays(p, r)
    times = []
    round_medians = []
    total_plays = 0
    repeats = args.rounds
    for _ in range(repeats):
        this_round = []
        for p, r in sample:
            t0 = time.perf_counter()
            plays = legal_plays(p, r)
            this_round.append(time.perf_counter() - t0)
            total_plays += len(plays)
        round_medians.append(statistics.median(this_round) * 1e6)
        times += this_round
    total = sum(times)
    med = statistics.median(times)
    p90 = statistics.quantiles(times, n=10)[-1]
    print(f"legal_plays median {med * 1e6:.1f} us per position, p90 {p90 * 1e6:.1f} us, "
          f"max {max(times) * 1e3:.2f} ms")
    print(f"  median per round: {', '.join(f'{m:.1f}' for m in round_medians)} us")
    print(f"throughput {len(times) / total:,.0f} positions/s, {total_plays / total:,.0f} plays/s "
          f"(mean {total_plays / len(times):.1f} plays per position)")
    doubles = [t for (p, r), t in zip(sample * repeats, times) if r.is_double]
    print(f"doubles only: median {statistics.median(doubles) * 1e6:.1f} us")

    code = "import time; t=time.perf_counter(); import bglearn; print(time.perf_counter()-t)"
    runs = [float(subprocess.check_output([sys.executable, "-c", code], text=True)) for _ in range(5)]
    print(f"import bglearn: median {statistics.median(runs) * 1e3:.0f} ms (5 fresh interpreters)")
    heavy = subprocess.check_output(
        [sys.executable, "-c", "import sys, bglearn; print(sorted(m for m in ('ipywidgets','anywidget',"
         "'jupyterlab','IPython','svgwrite','notebook') if m in sys.modules))"], text=True).strip()
    print(f"heavy modules loaded by import bglearn: {heavy}")

    positions = [p for p, _ in sample[:1000]]
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    copies = [Position(p.white, p.red, p.turn) for p in positions]
    after = tracemalloc.take_snapshot()
    size = sum(s.size_diff for s in after.compare_to(before, "filename"))
    tracemalloc.stop()
    print(f"memory per Position: about {size / len(copies):.0f} bytes (1000 fresh positions, tracemalloc)")
    against_gnubg(sample, args.rounds)


if __name__ == "__main__":
    main()
