"""How fast board diagrams render, and how big they are.

    cd /work/main && PYTHONPATH=. python3 benchmarks/bench_render.py [--repeat 1000]

Prints, for a few positions, the median and 90th-percentile time of ``bglearn.render`` (target for a
typical middle-game position: median <= 3 ms) and the SVG size in bytes, plus the time of a PNG
export through cairosvg. The "board" cases are what the board widget asks for on every click
(``interactive=True``, a checker selected and its destinations marked; landscape and portrait): the
Python part of the 50 ms click-to-redraw budget.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bglearn import RED, WHITE, Position, legal_plays, render

MIDDLE_GAME = Position(
    white={6: 4, 8: 2, 13: 3, 11: 2, 5: 2, 24: 1, 20: 1},
    red={6: 3, 8: 3, 13: 4, 4: 2, 7: 1, 23: 2},
    turn=WHITE,
)
LONG_NARDY = Position(variant="long-nardy")


def cases():
    play = legal_plays(MIDDLE_GAME, "31")[0]
    return [
        ("middle game, dice", MIDDLE_GAME, {"dice": "31"}),
        ("middle game, plain", MIDDLE_GAME, {}),
        ("middle game, everything", MIDDLE_GAME, {
            "dice": "31", "arrows": play, "highlight": [5, 7, 10], "selected": 8, "cube": 2,
            "cube_owner": RED, "caption": "White to play 3-1", "score": (2, 4), "match_length": 7}),
        ("opening, red side, contrast", Position(), {"perspective": RED, "theme": "contrast"}),
        ("bear-off", Position(white={6: 2, 5: 3, 3: 2, 1: 1}, red={6: 3, 4: 2, 2: 2, 1: 2, 21: 1}), {"dice": "52"}),
        ("board: click (selected, marks)", MIDDLE_GAME, {
            "dice": "31", "highlight": [5, 7], "selected": 8, "interactive": True}),
        ("board: click, portrait", MIDDLE_GAME, {
            "dice": "31", "highlight": [5, 7], "selected": 8, "interactive": True, "layout": "portrait"}),
        ("board: after the move (last play)", play.result, {"last_play": play, "interactive": True}),
        ("board: Long Nardy opening", LONG_NARDY, {"dice": "64", "interactive": True}),
    ]


def measure(position, options, repeat: int) -> tuple[float, float, int]:
    render(position, **options)  # warm the layout caches
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        svg = render(position, **options)
        times.append(time.perf_counter() - t0)
    times.sort()
    return statistics.median(times) * 1e3, times[int(0.9 * len(times))] * 1e3, len(svg.encode("utf-8"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1000)
    args = parser.parse_args()
    print(f"{'case':32} {'median ms':>10} {'p90 ms':>8} {'SVG bytes':>10}")
    for name, position, options in cases():
        median, p90, size = measure(position, options, args.repeat)
        print(f"{name:32} {median:10.2f} {p90:8.2f} {size:10d}")
    try:
        import cairosvg  # noqa: F401
    except ImportError:
        print("PNG export: cairosvg not installed")
        return
    svg = render(MIDDLE_GAME, dice="31")
    times = []
    for _ in range(max(10, args.repeat // 50)):
        t0 = time.perf_counter()
        png = svg.to_png()
        times.append(time.perf_counter() - t0)
    print(f"PNG export (656 px, middle game): median {statistics.median(times) * 1e3:.1f} ms, {len(png)} bytes")


if __name__ == "__main__":
    main()
