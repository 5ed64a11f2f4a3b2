"""Benchmark the zero-install course website (``bglearn site``) in Debian's Chromium.

Measures, for lesson 01 served from 127.0.0.1 with every other address blocked:
- cold start: a fresh browser profile opens the lesson until the Pyodide kernel is ready (idle);
- warm start: the same profile opens it again (the browser's cache is filled);
- run-all: running every cell of the lesson after the kernel is ready;
- the first visit's download: the bytes of every response of the cold start, as served, and what they
  would be if the server compressed them (gzip).

    python benchmarks/bench_site.py --site DIR          # an already built site
    python benchmarks/bench_site.py                     # builds one first (needs Python 3.12+, see README)

Figures go in the README (Speed).
"""

from __future__ import annotations

import argparse
import gzip
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.browser.harness import CHROMIUM, CHROMIUM_ARGS, free_port  # noqa: E402
from tests.browser.test_site import ALL_RUN, KERNEL_IDLE, _build_python, _site_venv  # noqa: E402

LESSON = "notebooks/01-board-and-setup.ipynb"


def build(out: Path) -> None:
    python = _build_python()
    if python is None:
        sys.exit("bench_site: no Python 3.12+ to build the site with; pass --site DIR")
    venv = _site_venv(python)
    subprocess.run([str(venv / "bin" / "python"), "-m", "bglearn", "site", "-o", str(out)], check=True)


def wait_ready(page, base: str) -> float:
    start = time.time()
    page.goto(f"{base}/lab/index.html?path={LESSON}")
    page.wait_for_function(KERNEL_IDLE, timeout=300_000)
    return time.time() - start


def run_all(page) -> float:
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs'); return true; }")
    page.wait_for_function("() => document.querySelectorAll('.jp-OutputArea-output').length === 0", timeout=30_000)
    start = time.time()
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); return true; }")
    page.wait_for_function(ALL_RUN, timeout=300_000)
    return time.time() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", type=Path, help="a built site (default: build one in a temporary folder)")
    ap.add_argument("--repeat", type=int, default=3, help="cold starts to measure (default 3)")
    ap.add_argument("--top", type=int, default=0, help="also list the first visit's N largest downloads")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    load_before = os.getloadavg()[0]

    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            build(site)
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "-b", "127.0.0.1", "-d", str(site)],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(100):
                try:
                    urllib.request.urlopen(base + "/jupyter-lite.json", timeout=1)
                    break
                except OSError:
                    time.sleep(0.1)
            cold, warm, runs = [], [], []
            raw = packed = 0
            sizes: list[tuple[int, int, str]] = []
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
                for i in range(args.repeat):
                    context = browser.new_context()
                    context.route("**/*", lambda r: r.continue_() if r.request.url.startswith(base) else r.abort())
                    bodies: list[tuple[str, bytes]] = []
                    page = context.new_page()
                    if i == 0:
                        def keep(response, bodies=bodies):
                            try:
                                bodies.append((response.url, response.body()))
                            except Exception:  # redirects and aborted requests have no body
                                pass
                        page.on("response", keep)
                    cold.append(wait_ready(page, base))
                    runs.append(run_all(page))
                    if i == 0:
                        sizes = sorted(((len(b), len(gzip.compress(b, 6)), url[len(base):]) for url, b in bodies),
                                       reverse=True)
                        raw = sum(s[0] for s in sizes)
                        packed = sum(s[1] for s in sizes)
                    page.close()
                    page = context.new_page()
                    warm.append(wait_ready(page, base))
                    context.close()
                browser.close()
        finally:
            server.terminate()
    print(f"load average             : {os.getloadavg()[0]:.1f} at the end ({load_before:.1f} at the start)")
    print(f"kernel ready, cold start : median {statistics.median(cold):.1f} s  ({', '.join(f'{x:.1f}' for x in cold)})")
    print(f"kernel ready, warm cache : median {statistics.median(warm):.1f} s  ({', '.join(f'{x:.1f}' for x in warm)})")
    print(f"run-all of lesson 01     : median {statistics.median(runs):.1f} s")
    print(f"first visit download     : {raw / 1e6:.1f} MB as served, {packed / 1e6:.1f} MB gzip-compressed")
    for size, gz, path in sizes[:args.top]:
        print(f"  {size / 1e6:6.2f} MB  {gz / 1e6:6.2f} MB gzip  {path}")


if __name__ == "__main__":
    main()
