"""Speed of legal_plays on a fixed, seeded set of self-play positions; import time; memory per Position.

Run: ``python benchmarks/bench_legal_plays.py`` (prints the figures the README reports).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from positions import self_play_sample  # noqa: E402

from bglearn import Position, legal_plays  # noqa: E402


def main() -> None:
    sample = self_play_sample()
    n_double = sum(1 for _, r in sample if r.is_double)
    n_bar = sum(1 for p, _ in sample if p.bar(p.turn))
    n_bearoff = sum(1 for p, _ in sample if p.all_home(p.turn))
    print(f"positions: {len(sample)} (doubles {n_double}, on the bar {n_bar}, bearing off {n_bearoff})")
    for p, r in sample[:200]:  # warm up
        legal_plays(p, r)
    times = []
    total_plays = 0
    repeats = 3
    for _ in range(repeats):
        for p, r in sample:
            t0 = time.perf_counter()
            plays = legal_plays(p, r)
            times.append(time.perf_counter() - t0)
            total_plays += len(plays)
    total = sum(times)
    med = statistics.median(times)
    p90 = statistics.quantiles(times, n=10)[-1]
    print(f"legal_plays median {med * 1e6:.1f} us per position, p90 {p90 * 1e6:.1f} us, "
          f"max {max(times) * 1e3:.2f} ms")
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


if __name__ == "__main__":
    main()
