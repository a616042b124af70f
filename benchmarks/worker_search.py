"""The hard level's time per move in the page's search worker (Pyodide in Chromium).

    python benchmarks/worker_search.py [--positions N] [--level hard]

Serves the built ``dist/`` (run ``python build.py build`` first), starts the site's
``search-worker.mjs`` in Debian's Chromium and asks it for moves on mid-game positions of
the reference games; prints the worker's boot time and the seconds per move (median,
90th percentile, worst) as the worker measured them, beside CPython's on the same
positions.  Prints figures, asserts nothing.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from conftest import serve_site  # noqa: E402
from engine import mid_game_positions  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

import build as site_build  # noqa: E402
from paisho_core.worker import answer  # noqa: E402

ASK_JS = """async (requests) => {
  const worker = new Worker('./search-worker.mjs', { type: 'module' });
  const ask = (text) => new Promise((resolve) => {
    worker.onmessage = ({ data }) => resolve(JSON.parse(data));
    worker.postMessage(text);
  });
  const start = performance.now();
  const first = await ask(JSON.stringify({ id: 0, variant: 'skud', moves: '', level: 'medium' }));
  const boot = (performance.now() - start) / 1000;
  const out = [];
  for (const text of requests) {
    out.push(await ask(text));
  }
  worker.terminate();
  return { boot, first, out };
}"""


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--level", default="hard")
    args = parser.parse_args()
    positions = mid_game_positions()
    step = max(1, len(positions) // args.positions)
    chosen = positions[::step][: args.positions]
    requests = [json.dumps({"id": i, "variant": "skud", "moves": game.to_text(),
                            "level": args.level, "ai_seed": 1})
                for i, game in enumerate(chosen)]
    cpython = []
    for text in requests:
        start = time.process_time()
        answer(text)
        cpython.append(time.process_time() - start)
    dist = ROOT / "dist"
    serve = contextlib.contextmanager(serve_site)
    with serve(dist) as site, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=list(site_build.DEBIAN_CHROMIUM_FLAGS),
        )
        page = browser.new_page()
        page.goto(site.base_url + "rules.html")
        result = page.evaluate(ASK_JS, requests)
        browser.close()
    page_seconds = [r["seconds"] for r in result["out"]]
    errors = [r["error"] for r in result["out"] if "error" in r]
    for name, values in (("page (Pyodide)", sorted(page_seconds)),
                         ("CPython (CPU)", sorted(cpython))):
        print(f"{args.level} in {name}: median {statistics.median(values):.2f} s, "
              f"90th percentile {values[int(0.9 * (len(values) - 1))]:.2f} s, "
              f"worst {values[-1]:.2f} s ({len(values)} mid-game positions)")
    print(f"worker boot + first (medium) answer: {result['boot']:.1f} s; errors: {errors}")


if __name__ == "__main__":
    main()
