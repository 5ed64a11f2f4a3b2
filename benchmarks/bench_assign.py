"""Benchmark: make the handouts of synthetic classes (30, 300, 3,000 students) with ``bglearn assign``'s
engine, on Dask workers of a local cluster: 1 worker (this process), then 2.

    cd /work/main && PYTHONPATH=. python3 benchmarks/bench_assign.py [--size 30 300 3000] [--workers 1 2]
                                                                    [--exercise bearing-off] [--scheduler ADDR]

Prints, for each class size and number of workers, the wall time (total and per handout), the
core-seconds per handout (:class:`bench_grading.CoreMeter`; on a cluster also without its start and stop,
measured once on an idle cluster), the speedup of 2 workers over 1, and
checks that every run wrote the same bytes (handouts and manifest). Bars: at most 0.05 core-seconds
per handout; 2 workers at least 1.7 times as fast as 1.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_grading import CoreMeter, cluster_cost  # noqa: E402

from bglearn.grading.handouts import assign  # noqa: E402
from bglearn.grading.roster import Student  # noqa: E402


def _digest(folder: Path) -> str:
    h = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        h.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


def _bench(args: argparse.Namespace, size: int, meter: CoreMeter) -> None:
    students = [Student(f"s{i:05d}", f"Student {i}") for i in range(1, size + 1)]
    walls: dict[int, float] = {}
    digests = set()
    print(f"exercise {args.exercise}: handouts for {size} students, {os.cpu_count()} cores")
    for workers in ([0] if args.scheduler else args.workers):
        with tempfile.TemporaryDirectory() as tmp:
            used, t = meter.seconds(), time.perf_counter()
            assign(args.exercise, students, 2026, tmp, jobs=workers or None, scheduler=args.scheduler, progress=True)
            wall, cores = time.perf_counter() - t, meter.seconds() - used
            digests.add(_digest(Path(tmp)))
        walls[workers] = wall
        where = f"on {args.scheduler}" if args.scheduler else f"{workers} worker{'s' * (workers > 1)}"
        print(f"  {where:>10}: {wall:7.1f} s total, {wall / size:.3f} s per handout, {cores / size:.3f} core-s per "
              f"handout (bar <= 0.05 -> {'met' if cores / size <= 0.05 else 'NOT met'}; load average "
              f"{os.getloadavg()[0]:.1f})")
        if workers in args.fixed:
            print(f"  {'':>10}  {(cores - args.fixed[workers]) / size:.3f} core-s per handout without the cluster's "
                  f"start and stop ({args.fixed[workers]:.1f} core-s, measured on an idle cluster)")
    if 1 in walls and 2 in walls:
        speedup = walls[1] / walls[2]
        print(f"  2 workers vs 1: {speedup:.2f}x  (bar >= 1.7x -> {'met' if speedup >= 1.7 else 'NOT met'})")
    print(f"  the same bytes however they were made: {'yes' if len(digests) == 1 else 'NO'} ({meter.kind})")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, nargs="+", default=[30, 300], help="class sizes, in turn")
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2], help="local Dask workers, in turn")
    ap.add_argument("--scheduler", default=None, help="make them on this existing Dask cluster instead")
    ap.add_argument("--exercise", default="bearing-off")
    args = ap.parse_args()
    meter = CoreMeter()
    try:
        args.fixed = {w: cluster_cost(meter, w) for w in args.workers if w > 1 and args.scheduler is None}
        for size in args.size:
            _bench(args, size, meter)
    finally:
        meter.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
