"""How long the computer's review of a game takes: in CPython, and in the page's search
worker (Pyodide in Chromium), position by position as the page asks for it.

    python benchmarks/analysis_speed.py [--variant skud] [--plies 60] [--nodes N]
                                        [--no-browser]

The game is the same every run: the computer's medium level against its easy one (seed
1), cut at ``--plies`` plies.  Prints CPython's seconds for the whole review
(:func:`paisho_core.analysis.analyse_game`) and, unless ``--no-browser``, serves the
built ``dist/`` (run ``python build.py`` first), starts ``search-worker.mjs`` and asks it
for each position in turn (:func:`paisho_core.worker.evaluate_position`): the worker's
seconds for the first position, the slowest, and the sum.  Prints figures, asserts
nothing.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
sys.path.insert(0, str(ROOT / "tests" / "support"))

from worker_asks import ASK_WORKER_JS  # noqa: E402

from paisho_core.ai import choose_action  # noqa: E402
from paisho_core.analysis import DEFAULT_NODES, analyse_game  # noqa: E402
from paisho_core.protocol import Game  # noqa: E402
from paisho_core.registry import new_game  # noqa: E402


def the_game(variant: str, plies: int) -> Game[Any]:
    """Medium (Host) against easy (Guest), seed 1, at most ``plies`` plies."""
    game = new_game(variant)
    levels = ("medium", "easy")
    while game.to_move is not None and game.plies < plies:
        game.apply(choose_action(game, seed=1, level=levels[game.to_move]))
    return game


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="skud", choices=("skud", "wiki"))
    parser.add_argument("--plies", type=int, default=60)
    parser.add_argument("--nodes", type=int, default=DEFAULT_NODES)
    parser.add_argument("--no-browser", action="store_true")
    args = parser.parse_args()
    game = the_game(args.variant, args.plies)
    start = time.perf_counter()
    review = analyse_game(game, args.nodes).to_json()
    took = time.perf_counter() - start
    judged = sum(1 for p in review["plies"] if p["judgement"] != "none")  # type: ignore[union-attr]
    print(f"{args.variant}, {game.plies} plies, {args.nodes} nodes a position: CPython "
          f"{took:.1f} s ({took / (game.plies + 1):.2f} s a position; {judged} moves judged)")
    if args.no_browser:
        return
    from conftest import serve_site
    from playwright.sync_api import sync_playwright

    from sitebuild import devenv as build_devenv

    moves = game.to_text()
    requests = [json.dumps({"id": ply, "kind": "evaluate", "variant": args.variant,
                            "moves": moves, "ply": ply, "nodes": args.nodes})
                for ply in range(game.plies + 1)]
    serve = contextlib.contextmanager(serve_site)
    with serve(ROOT / "dist") as site, sync_playwright() as playwright:
        browser = playwright.chromium.launch(**build_devenv.chromium_launch_options())
        page = browser.new_page()
        page.goto(site.base_url + "rules.html")
        result = page.evaluate(ASK_WORKER_JS, requests)
        browser.close()
    errors = [r["error"] for r in result["out"] if "error" in r]
    seconds = [r["seconds"] for r in result["out"] if "seconds" in r]
    print(f"page (Pyodide worker): first position {seconds[0]:.2f} s, slowest "
          f"{max(seconds):.2f} s, all {len(seconds)} positions {result['total']:.1f} s "
          f"(worker's own count {sum(seconds):.1f} s; boot {result['boot']:.1f} s); "
          f"errors: {errors}")


if __name__ == "__main__":
    main()
