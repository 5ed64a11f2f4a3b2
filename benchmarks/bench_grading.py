"""Benchmark: grade synthetic classes (30, 300, 3,000 submissions of one exercise notebook), each
submission in its own sandbox (bubblewrap, with the per-submission limits watched), on Dask workers
of a local cluster: 1 worker, then 2.

    cd /work/main && PYTHONPATH=. python3 benchmarks/bench_grading.py [--size 30 300 3000] [--workers 1 2]
                                        [--exercise bearing-off] [--broken] [--no-sandbox] [--scheduler ADDR]

Prints, for each class size and number of workers, the wall time (total and per submission), the
**core-seconds per submission** (all the CPU this process and everything it started used, sandboxes
included, divided by the submissions graded: measured with a cgroup of its own where this user may
make one, else ``getrusage``, which misses what each sandbox's PID namespace reaps), the mean time one
submission spends in its sandbox (and for the first and the last third of the class: does a run's cost
grow with the class?), the same without the cluster's start and stop (measured once on an idle
cluster), the speedup of 2 workers over 1, and a projection of 10,000
submissions on N workers from the measured cost, beside nbgrader's (measured for the same 30 in
issue 29: 59-80 s, about 2-2.7 s a submission, one at a time, without a sandbox).
``--broken`` uses the synthetic class with crashing, looping and hanging notebooks (their time limits
then dominate). Bars: 30 in at most 30 s on 2 cores; at most 0.15 core-seconds per ordinary
submission; 2 workers at least 1.7 times as fast as 1.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bglearn.grading import grade  # noqa: E402
from bglearn.grading.synthetic import KINDS, make_class  # noqa: E402

NBGRADER_SECONDS = (59 / 30, 80 / 30)
"""nbgrader's autograde of the same class of 30 on the same machine, per submission (issue 29)."""


class CoreMeter:
    """The core-seconds used by this process and every process it starts from now on. With a cgroup
    of its own (cgroup v2, or v1's ``cpuacct``; root or a delegated tree), everything is counted,
    the sandboxes' processes too; else ``getrusage`` of this process and its reaped children."""

    def __init__(self) -> None:
        self.group: Path | None = None
        self.kind = "getrusage (sandboxes undercounted)"
        for base, name in ((Path("/sys/fs/cgroup"), "cpu.stat"), (Path("/sys/fs/cgroup/cpuacct"), "cpuacct.usage")):
            if not (base / "cgroup.procs").exists():
                continue
            group = base / f"bglearn-bench-{os.getpid()}"
            try:
                group.mkdir(exist_ok=True)
                (group / "cgroup.procs").write_text(str(os.getpid()))
            except OSError:
                continue
            if (group / name).exists():
                self.group, self.base, self.file = group, base, name
                self.kind = f"cgroup ({group})"
                break

    def seconds(self) -> float:
        if self.group is None:
            own = resource.getrusage(resource.RUSAGE_SELF)
            kids = resource.getrusage(resource.RUSAGE_CHILDREN)
            return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime
        text = (self.group / self.file).read_text()
        if self.file == "cpu.stat":
            return int(text.split("usage_usec")[1].split()[0]) / 1e6
        return int(text) / 1e9

    def close(self) -> None:
        if self.group is None:
            return
        try:
            (self.base / "cgroup.procs").write_text(str(os.getpid()))
        except OSError:
            return
        for _try in range(150):   # the last workers and sandboxes may still be ending
            try:
                self.group.rmdir()
                return
            except OSError:
                time.sleep(0.1)
        print(f"note: {self.group} was left behind (processes still in it)", file=sys.stderr)


def cluster_cost(meter: CoreMeter, workers: int) -> float:
    """The core-seconds of starting a local Dask cluster of ``workers``, running a trivial task on each
    and stopping it: the fixed part of a run on that cluster, whatever the class size."""
    from bglearn.grading.distribute import spread

    used = meter.seconds()
    spread(abs, range(-workers, 0), jobs=workers, on_result=lambda i, r: None)
    return meter.seconds() - used


def grade_class(out: Path, args: argparse.Namespace, workers: int, meter: CoreMeter) -> dict[str, float]:
    """Grade ``out``'s class on ``workers`` workers; the figures of that run."""
    results = out / f"graded-{workers}"
    shutil.rmtree(results, ignore_errors=True)
    used, t = meter.seconds(), time.perf_counter()
    report = grade(out / "submissions", results / "grades.csv", jobs=workers if args.scheduler is None else None,
                   scheduler=args.scheduler, cell_timeout=3 if args.broken else 10,
                   notebook_timeout=15 if args.broken else 60, sandboxed=not args.no_sandbox, progress=True)
    wall, cores = time.perf_counter() - t, meter.seconds() - used
    runs = [r.seconds for r in report.results if r.status == "graded" and r.seconds]
    n = max(1, len([r for r in report.results if r.status != "missing"]))
    third = max(1, len(runs) // 3)   # the first and the last third of the class (roster order): is a run's cost flat?
    return {"n": n, "wall": wall, "per": wall / n, "cores": cores / n, "sandbox": sum(runs) / max(1, len(runs)),
            "first": sum(runs[:third]) / third, "last": sum(runs[-third:]) / third}


def _bench(args: argparse.Namespace, size: int, kinds: tuple[str, ...], meter: CoreMeter) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        t = time.perf_counter()
        make_class(out, args.exercise, seed=2026, size=size + 1, kinds=kinds)  # +1: the last submits nothing
        made = time.perf_counter() - t
        print(f"exercise {args.exercise}: {size} submissions ({'with broken ones' if args.broken else 'ordinary'}), "
              f"{'WITHOUT a sandbox' if args.no_sandbox else 'each in its own sandbox'}, {os.cpu_count()} cores; "
              f"class written in {made:.1f} s")
        figures = {}
        for workers in ([0] if args.scheduler else args.workers):
            f = figures[workers] = grade_class(out, args, workers, meter)
            where = f"on {args.scheduler}" if args.scheduler else f"{workers} worker{'s' * (workers > 1)}"
            print(f"  {where:>10}: {f['wall']:7.1f} s total, {f['per']:.3f} s per submission, "
                  f"{f['cores']:.3f} core-s per submission, mean {f['sandbox']:.3f} s in its sandbox (first third "
                  f"{f['first']:.3f}, last {f['last']:.3f}; load average {os.getloadavg()[0]:.1f})")
        for workers, f in figures.items():
            if workers > 1 and workers in args.fixed:
                print(f"  {workers} workers without the cluster's start and stop ({args.fixed[workers]:.1f} core-s, "
                      f"measured on an idle cluster): {f['cores'] - args.fixed[workers] / f['n']:.3f} core-s per "
                      "submission")
        if 1 in figures and 2 in figures:
            speedup = figures[1]["wall"] / figures[2]["wall"]
            print(f"  2 workers vs 1: {speedup:.2f}x  (bar >= 1.7x -> {'met' if speedup >= 1.7 else 'NOT met'})")
        best = min(figures.values(), key=lambda f: f["cores"])
        print(f"  core-s per submission: {best['cores']:.3f}  (bar <= 0.15 -> "
              f"{'met' if best['cores'] <= 0.15 else 'NOT met'}; {meter.kind})")
        if size == 30 and 2 in figures:
            print(f"  bar: 30 in <= 30 s on 2 workers -> {'met' if figures[2]['wall'] <= 30 else 'NOT met'}")
        print("  10,000 submissions, projected from the core-s measured (a worker = one core, fully used): "
              + ", ".join(f"{n} workers {_clock(10_000 * best['cores'] / n)}" for n in (1, 2, 8, 32, 128))
              + f"; nbgrader, one at a time: {_clock(10_000 * NBGRADER_SECONDS[0])}-"
              f"{_clock(10_000 * NBGRADER_SECONDS[1])}")


def _clock(seconds: float) -> str:
    whole = int(seconds)
    return f"{whole // 3600}h{whole % 3600 // 60:02d}m" if whole >= 3600 else f"{whole // 60}m{whole % 60:02d}s"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, nargs="+", default=[30, 300], help="class sizes to grade, in turn")
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2], help="local Dask workers, in turn")
    ap.add_argument("--scheduler", default=None, help="grade on this existing Dask cluster instead")
    ap.add_argument("--exercise", default="bearing-off")
    ap.add_argument("--broken", action="store_true", help="include crashing/looping/hanging/invalid submissions")
    ap.add_argument("--no-sandbox", action="store_true", help="for comparison: run without bubblewrap")
    args = ap.parse_args()
    kinds = KINDS if args.broken else ("perfect", "half", "blank", "reordered")
    meter = CoreMeter()
    try:
        args.fixed = {w: cluster_cost(meter, w) for w in args.workers if w > 1 and args.scheduler is None}
        for size in args.size:
            _bench(args, size, kinds, meter)
    finally:
        meter.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
