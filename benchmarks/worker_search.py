"""The hard level's time per move in the page's search worker (Pyodide in Chromium).

    python benchmarks/worker_search.py [--variant skud|wiki] [--positions N] [--level hard]
                                       [--nodes N]
    python benchmarks/worker_search.py --first-move [--pause S]

Serves the built ``dist/`` (run ``python build.py build`` first), starts the site's
``search-worker.mjs`` in Debian's Chromium and asks it for moves on mid-game positions
(Skud: of the reference games; Wiki: of games between the computer's easy and medium
levels, :func:`wiki_positions`); prints the worker's boot time and the seconds per move
(median, 90th percentile, worst) as the worker measured them, beside CPython's on the
same positions.  Prints figures, asserts nothing.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
sys.path.insert(0, str(ROOT / "tests" / "support"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from conftest import serve_site  # noqa: E402
from engine import mid_game_positions  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from worker_asks import ASK_WORKER_JS  # noqa: E402

from paisho_core.ai import choose_action  # noqa: E402
from paisho_core.protocol import Game  # noqa: E402
from paisho_core.wiki import WikiGame  # noqa: E402
from paisho_core.worker import answer  # noqa: E402
from sitebuild import devenv as build_devenv  # noqa: E402


def first_move(base_url: str, browser: object, pause: float) -> None:
    """Time from *Start* to the computer's first move (Hard, Host) on a fresh page."""
    page = browser.new_page()  # type: ignore[attr-defined]
    page.goto(base_url)
    page.wait_for_selector('html[data-engine="ready"]', state="attached", timeout=120_000)
    page.click("#btn-new")
    page.select_option("#variant-select", "skud")
    page.select_option("#computer-level", "hard")
    page.select_option("#computer-select", "0")  # the worker starts booting now
    page.wait_for_timeout(int(pause * 1000))
    started = time.perf_counter()
    page.click("#btn-new-start")
    page.wait_for_selector('#board-holder[data-actions="1"]', state="attached",
                           timeout=180_000)
    took = time.perf_counter() - started
    boot = page.get_attribute("#board-holder", "data-worker-boot")
    kind = page.get_attribute("#board-holder", "data-worker-boot-kind")
    print(f"first Hard move {took:.1f} s after Start (seat picked {pause:.1f} s before); "
          f"the worker booted in {boot} s ({kind})")
    page.close()


def wiki_positions() -> list[Game[Any]]:
    """Wiki positions at plies 20, 40 and 60 of twelve games, easy against medium (seats
    alternated), the same every run."""
    out: list[Game[Any]] = []
    for seed in range(12):
        game = WikiGame()
        levels = ("easy", "medium") if seed % 2 else ("medium", "easy")
        while game.to_move is not None and game.plies < 60:
            game.apply(choose_action(game, seed=seed, level=levels[game.to_move]))
            if game.plies in (20, 40, 60) and game.to_move is not None:
                out.append(game.copy())
    return out


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--variant", default="skud", choices=("skud", "wiki"))
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--first-move", action="store_true",
                        help="time the computer's first move on the game page instead")
    parser.add_argument("--pause", type=float, default=0.0,
                        help="seconds between picking the seat and Start (--first-move)")
    parser.add_argument("--nodes", type=int, default=None,
                        help="the search's node budget (default: the level's own)")
    args = parser.parse_args()
    if args.first_move:
        serve = contextlib.contextmanager(serve_site)
        with serve(ROOT / "dist") as site, sync_playwright() as playwright:
            browser = playwright.chromium.launch(**build_devenv.chromium_launch_options())
            first_move(site.base_url, browser, args.pause)
            browser.close()
        return
    positions: list[Game[Any]] = (
        wiki_positions() if args.variant == "wiki" else list(mid_game_positions())
    )
    step = max(1, len(positions) // args.positions)
    chosen = positions[::step][: args.positions]
    requests = [json.dumps({"id": i, "variant": args.variant, "moves": game.to_text(),
                            "level": args.level, "ai_seed": 1, "nodes": args.nodes})
                for i, game in enumerate(chosen)]
    cpython = []
    for text in requests:
        start = time.process_time()
        answer(text)
        cpython.append(time.process_time() - start)
    dist = ROOT / "dist"
    serve = contextlib.contextmanager(serve_site)
    with serve(dist) as site, sync_playwright() as playwright:
        browser = playwright.chromium.launch(**build_devenv.chromium_launch_options())
        page = browser.new_page()
        page.goto(site.base_url + "rules.html")
        result = page.evaluate(ASK_WORKER_JS, requests)
        browser.close()
    page_seconds = [r["seconds"] for r in result["out"]]
    errors = [r["error"] for r in result["out"] if "error" in r]
    print("move  depth  nodes  page s  (round trip)  CPython s")
    for i, r in enumerate(result["out"]):
        print(f"{i:4}  {r.get('depth', '-'):>5}  {r.get('nodes', '-'):>5}  "
              f"{r['seconds']:6.2f}  ({r['wall']:.2f})        {cpython[i]:.2f}")
    for name, values in (("page (Pyodide)", sorted(page_seconds)),
                         ("CPython (CPU)", sorted(cpython))):
        print(f"{args.level} in {name}: median {statistics.median(values):.2f} s, "
              f"90th percentile {values[int(0.9 * (len(values) - 1))]:.2f} s, "
              f"worst {values[-1]:.2f} s ({len(values)} mid-game {args.variant} positions)")
    booted = result["booted"] or {}
    print(f"worker boot: ready after {booted.get('wall', float('nan')):.1f} s "
          f"(its own count {booted.get('own', float('nan')):.1f} s); boot + first (medium) "
          f"answer: {result['boot']:.1f} s; errors: {errors}")

if __name__ == "__main__":
    main()
