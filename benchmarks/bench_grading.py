"""Benchmark: grade a class of 30, then of 300, submissions of one exercise notebook, each in its own
sandbox (bubblewrap, with the per-submission limits watched), in parallel on this machine's cores.

    cd /work/main && PYTHONPATH=. python3 benchmarks/bench_grading.py [--size 30 300] [--exercise bearing-off]
                                                                      [--broken] [--no-sandbox]

Prints, for each class size, the total wall time, the wall time per submission (total / count) and
the mean time one submission spends in its sandbox. ``--broken`` uses the synthetic class with
crashing, looping and hanging notebooks (their time limits then dominate). Bar: at most 30 s for 30 on
2 cores with the sandbox on (nbgrader's autograde takes about 4 s a submission, serially, here); the
300 figure is reported, with no bar.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bglearn.grading import grade  # noqa: E402
from bglearn.grading.synthetic import KINDS, make_class  # noqa: E402


def _bench(args: argparse.Namespace, size: int, kinds: tuple[str, ...]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        t = time.perf_counter()
        make_class(out, args.exercise, seed=2026, size=size + 1, kinds=kinds)  # +1: the last submits nothing
        made = time.perf_counter() - t
        t = time.perf_counter()
        report = grade(out / "submissions", out / "grades.csv", jobs=args.jobs,
                       cell_timeout=3 if args.broken else 10, notebook_timeout=15 if args.broken else 60,
                       sandboxed=not args.no_sandbox)
        total = time.perf_counter() - t
    runs = [r.seconds for r in report.results if r.status == "graded" and r.seconds]
    n = len([r for r in report.results if r.status != "missing"])
    print(f"exercise {args.exercise}: {n} submissions ({'with broken ones' if args.broken else 'ordinary'}), "
          f"{args.jobs or os.cpu_count()} parallel jobs on {os.cpu_count()} cores, "
          f"{'WITHOUT a sandbox' if args.no_sandbox else 'each in its own sandbox'}")
    print(f"  handouts + submissions written in {made:.1f} s")
    print(f"  grading wall time:            {total:.1f} s total")
    print(f"  per submission (total / n):   {total / max(n, 1):.2f} s")
    if runs:
        print(f"  per submission in its sandbox: mean {sum(runs) / len(runs):.2f} s, max {max(runs):.2f} s")
    print(f"  load average at the end (other work on this machine slows every figure): {os.getloadavg()[0]:.1f}")
    if size == 30:
        print(f"  bar: <= 30 s total -> {'met' if total <= 30 else 'NOT met'}")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, nargs="+", default=[30, 300], help="class sizes to grade, in turn")
    ap.add_argument("--exercise", default="bearing-off")
    ap.add_argument("--broken", action="store_true", help="include crashing/looping/hanging/invalid submissions")
    ap.add_argument("--jobs", type=int, default=None)
    ap.add_argument("--no-sandbox", action="store_true", help="for comparison: run without bubblewrap")
    args = ap.parse_args()
    kinds = KINDS if args.broken else ("perfect", "half", "blank", "reordered")
    for size in args.size:
        _bench(args, size, kinds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
