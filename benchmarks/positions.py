"""A fixed, seeded set of (position, roll) pairs from random self-play, shared by the benchmarks."""

from __future__ import annotations

import random

from bglearn import Dice, Position, Roll, legal_plays


def self_play_sample(count: int = 2400, seed: int = 2026, variant: str = "backgammon") -> list[tuple[Position, Roll]]:
    """``count`` positions of ``variant`` met in random self-play games, each with the roll thrown there."""
    rng = random.Random(seed)
    dice = Dice(seed)
    out: list[tuple[Position, Roll]] = []
    while len(out) < count:
        position = Position(variant=variant)
        while not position.is_game_over and len(out) < count:
            roll = dice.roll()
            out.append((position, roll))
            plays = legal_plays(position, roll)
            position = rng.choice(plays).result if plays else position.pass_turn()
    return out
