"""Speed of legal_plays for Long Nardy on a fixed, seeded set of self-play positions.

Run: ``python benchmarks/bench_long_nardy.py`` (prints the figure the README's Long Nardy section reports).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from positions import self_play_sample  # noqa: E402

from bglearn import legal_plays  # noqa: E402


def main() -> None:
    sample = self_play_sample(variant="long-nardy")
    n_double = sum(1 for _, r in sample if r.is_double)
    n_bearoff = sum(1 for p, _ in sample if p.all_home(p.turn))
    print(f"Long Nardy positions: {len(sample)} (doubles {n_double}, bearing off {n_bearoff})")
    times = []
    total_plays = 0
    for _ in range(3):
        for p, r in sample:
            t0 = time.perf_counter()
            plays = legal_plays(p, r)
            times.append(time.perf_counter() - t0)
            total_plays += len(plays)
    med = statistics.median(times)
    p90 = statistics.quantiles(times, n=10)[-1]
    print(f"legal_plays median {med * 1e6:.1f} us per position, p90 {p90 * 1e6:.1f} us, "
          f"max {max(times) * 1e3:.2f} ms (mean {total_plays / len(times):.1f} plays per position)")
    doubles = [t for (p, r), t in zip(sample * 3, times) if r.is_double]
    print(f"doubles only: median {statistics.median(doubles) * 1e6:.1f} us")


if __name__ == "__main__":
    main()
