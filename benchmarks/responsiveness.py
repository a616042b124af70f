#!/usr/bin/env python3
"""How fast the game page answers a hover and a click, in headless Chromium (prints
figures, asserts nothing).

Usage: ``python benchmarks/responsiveness.py [--runs 1] [--plies 40]`` (needs ``dist/``:
``python build.py``).

For a Wiki and a Skud game opened mid-game from a link (``--plies`` actions, each the
first legal action of a seeded random pick), the pointer hovers every point of the board
in turn and clicks every third one.  The page's Event Timing API (``event`` entries,
``durationThreshold`` 16 ms) gives each input's time from the event to the next paint;
an input with no entry answered within 16 ms (counted as 8).  Printed per variant: the
inputs, p50, p95 and worst of hovers and of clicks (ms), and the long tasks (over
50 ms) after a hover and after a click, with the longest.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "support"))

from mid_game import mid_game  # noqa: E402  (tests/support/mid_game.py)

from paisho_core import link  # noqa: E402

OBSERVE_JS = """() => {
  const w = window;
  w.__rsp = {events: [], longs: [], inputs: []};
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      w.__rsp.events.push({name: e.name, start: e.startTime, duration: e.duration});
    }
  }).observe({type: "event", durationThreshold: 16, buffered: false});
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      w.__rsp.longs.push({start: e.startTime, duration: e.duration});
    }
  }).observe({type: "longtask", buffered: false});
  for (const [name, kind] of [["pointerover", "hover"], ["pointerdown", "click"]]) {
    document.addEventListener(name, () => w.__rsp.inputs.push(
      {kind, t: performance.now()}), true);
  }
  return true;
}"""
"""The page's observers: Event Timing entries, long tasks, and each input's time."""

POINTS_JS = """() => Array.from(document.querySelectorAll("#board [data-point]")).map((n) => {
  const r = n.getBoundingClientRect();
  return [n.getAttribute("data-point"), r.x + r.width / 2, r.y + r.height / 2];
}).filter((p) => p[1] > 0 && p[2] > 0)"""

FRAME_JS = "() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))"


@contextlib.contextmanager
def served_dist() -> Iterator[str | None]:
    """The built site served on a free port (``None`` when there is no build)."""
    from sitebuild import common as build_common
    from sitebuild import serve as build_serve

    if not (build_common.DIST / "index.html").is_file():
        print("(no dist/: run `python build.py` first)")
        yield None
        return
    server = build_serve.make_server(roots=(build_common.DIST,), port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def answers(data: dict[str, Any]) -> dict[str, list[float]]:
    """Each input's time to the next paint, by kind (the longest entry that starts with
    it; 8 ms when none was over the threshold)."""
    inputs = data["inputs"]
    out: dict[str, list[float]] = {"hover": [], "click": []}
    events = data["events"]
    for i, item in enumerate(inputs):
        end = inputs[i + 1]["t"] if i + 1 < len(inputs) else float("inf")
        mine = [e["duration"] for e in events if item["t"] - 4 <= e["start"] < end - 4]
        out[item["kind"]].append(max(mine, default=8.0))
    return out


def long_tasks(data: dict[str, Any]) -> dict[str, list[float]]:
    """The long tasks by the kind of the input before them."""
    out: dict[str, list[float]] = {"hover": [], "click": []}
    for task in data["longs"]:
        before = [i for i in data["inputs"] if i["t"] <= task["start"] + 1]
        if before:
            out[before[-1]["kind"]].append(task["duration"])
    return out


def measure(page: Any, base: str, fragment: str) -> dict[str, Any]:
    """Open ``fragment``, hover every point and click every third; the page's records."""
    page.goto(base + fragment)
    page.wait_for_function("() => document.documentElement.dataset.linkOpenMs", timeout=120_000)
    page.wait_for_timeout(1500)  # start-up housekeeping: workers, caches
    page.evaluate(OBSERVE_JS)
    for index, (_point, x, y) in enumerate(page.evaluate(POINTS_JS)):
        page.mouse.move(x, y)
        page.evaluate(FRAME_JS)
        if index % 3 == 0:
            page.mouse.click(x, y)
            page.evaluate(FRAME_JS)
    page.wait_for_timeout(300)
    data: dict[str, Any] = page.evaluate("() => window.__rsp")
    return data


def main(argv: list[str] | None = None) -> int:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--plies", type=int, default=40)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    from sitebuild import devenv as build_devenv

    with served_dist() as base:
        if base is None:
            return 1
        with sync_playwright() as play:
            browser = play.chromium.launch(**build_devenv.chromium_launch_options())
            print(f"{'game':<6}{'input':<7}{'n':>5}{'p50':>7}{'p95':>7}{'worst':>7}"
                  f"{'long':>6}{'longest':>9}   (ms, input to next paint)")
            for variant in ("wiki", "skud"):
                fragment = link.fragment_for(mid_game(variant, args.plies))
                got: dict[str, list[float]] = {"hover": [], "click": []}
                longs: dict[str, list[float]] = {"hover": [], "click": []}
                for _ in range(args.runs):
                    context = browser.new_context(viewport={"width": 1366, "height": 768})
                    data = measure(context.new_page(), base, fragment)
                    for kind, values in answers(data).items():
                        got[kind] += values
                    for kind, values in long_tasks(data).items():
                        longs[kind] += values
                    context.close()
                for kind in ("hover", "click"):
                    values = got[kind] or [0.0]
                    print(f"{variant:<6}{kind:<7}{len(got[kind]):>5}"
                          f"{statistics.median(values):>7.0f}{percentile(values, 0.95):>7.0f}"
                          f"{max(values):>7.0f}{len(longs[kind]):>6}"
                          f"{max(longs[kind], default=0):>9.0f}")
                both = got["hover"] + got["click"]
                print(f"{variant:<6}{'all':<7}{len(both):>5}{statistics.median(both):>7.0f}"
                      f"{percentile(both, 0.95):>7.0f}{max(both):>7.0f}")
            browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
