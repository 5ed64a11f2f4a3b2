"""legal_plays lists its plays in the documented fixed order — by their moves, highest source first
(each play's moves compared as a list sorted from the highest) — on every position of the benchmark's
seeded self-play sample (2,400 positions, all 21 rolls, doubles and bear-offs among them). The engine
orders the kernel's plays without sorting each play's moves (it relies on the kernel's move order),
so this checks that shortcut against the plain definition.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from positions import self_play_sample  # noqa: E402

from bglearn import legal_plays  # noqa: E402


def _documented_order(plays):
    return sorted(plays, key=lambda p: sorted((tuple(m) for m in p.moves), reverse=True), reverse=True)


def test_plays_come_in_the_documented_order_on_the_self_play_sample():
    sample = self_play_sample()
    assert len(sample) >= 2000 and any(r.is_double for _, r in sample)
    wrong = []
    for position, roll in sample:
        plays = legal_plays(position, roll)
        if [p.moves for p in plays] != [p.moves for p in _documented_order(plays)]:
            wrong.append(f"{position.position_id()} {roll}")
    assert wrong == []
