"""Link benchmark: bits per action and decode time of our links, and the reference site's.

Prints figures, never asserts.  For every variant and three corpora of games:

* ``random 40``: 40 uniformly random actions from the start;
* ``random full``: uniformly random actions to the end of the game (at most the
  link's limit of actions);
* ``computer``: both sides played by ``paisho_core.ai.choose_action(game, seed,
  "medium")`` (at most ``--computer-actions`` actions);

the bits per action of the version-2 link (``6 * payload characters / actions``, so
the header and the 24-bit checksum are included) beside version 1's, and the CPython
CPU time to decode each, scaled to 500 actions (for corpora of games of 100 actions
or more).  Uniformly random games cannot beat
``log2(#legal actions)`` per action on average, so the size goals (Wiki <= 8 bits per
action) are judged on the computer-played corpus; the random corpora show the worst
case.  For Skud, the length against the reference site's style of link,
``LZString.compressToEncodedURIComponent("gameType=1&game=" + notation)`` (the
``lzstring`` package; goal: median ratio <= 0.6), on random games and on the 22
reference games.

Demo links (issue 23): the length of the link of a Studio-made Skud demo of 10 steps with
10 captions of about 120 characters (goal: <= 1,500 URL characters), its JSON's length,
the same demo with incompressible captions (the worst case), encode and decode time, and
the built-in demos' links (``--only-demos`` prints only these).

``--page`` adds the page figure: the built site (``dist/``) in headless Chromium opens
a 500-action link of each of ``--page-variants``, on load and pasted into the running
page (``hashchange``, once its start-up work is over), on a first visit (a new browser
profile) and on a repeat visit (the same profile, a new page: Chromium's code cache then
holds the wasm code V8 optimised during the first visit; on a first visit the Python
interpreter's code starts unoptimised and is optimised as it runs, which makes the
first replay ~2x slower).  The page records how long the replay took, from start to
shown (``<html data-link-open-ms>``), replaying only (``data-link-busy-ms``, without
the paints between chunks) and showing (``data-link-show-ms``).  On a busy machine
these vary a lot: compare with the same decode in Pyodide under Node (``node`` +
``node_modules/pyodide``), which has none of the page's other work.

    python benchmarks/links.py [--games 8] [--computer 3] [--seed 1] [--page | --only-page]
                               [--only-demos]
                               [--page-runs 3] [--page-variants skud,wiki]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import statistics
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from paisho_core import demolink, link  # noqa: E402
from paisho_core import setups as studio  # noqa: E402
from paisho_core.board import Point  # noqa: E402
from paisho_core.demos import FOLDER as DEMO_FOLDER  # noqa: E402
from paisho_core.protocol import Game  # noqa: E402
from paisho_core.registry import get_variant, new_game, variant_names  # noqa: E402

REFERENCE = ROOT / "tests" / "support" / "data" / "reference" / "skud_reference_games.jsonl"
SETTLE_MS = 6_000
"""The page pasted into waits this long after it is ready: its start-up housekeeping (the
computer's worker booting, the kept snapshot written 3 s after boot) is over."""
REPEAT_AFTER_MS = 8_000
"""The first visit stays open this long after its link is shown, so that Chromium keeps
the wasm code V8 optimised (its code cache) for the repeat visit."""


def lz_link(notation: str) -> str:
    """The reference site's link payload for a Skud game (needs ``lzstring``)."""
    import lzstring  # type: ignore[import-untyped]

    text: str = lzstring.LZString().compressToEncodedURIComponent("gameType=1&game=" + notation)
    return text


def start(variant: str, rng: random.Random) -> Game[Any]:
    """A new game of ``variant`` (a random seed where the variant takes one)."""
    seed = rng.randrange(2**53) if get_variant(variant).info.uses_seed else None
    return new_game(variant, (), seed)


def random_game(variant: str, rng: random.Random, limit: int) -> Game[Any]:
    """At most ``limit`` uniformly random legal actions from the start."""
    game = start(variant, rng)
    while game.to_move is not None and len(game.history) < limit:
        actions = game.legal_actions()
        if not actions:
            break
        game.apply(rng.choice(actions))
    return game


def computer_game(variant: str, rng: random.Random, limit: int) -> Game[Any]:
    """Both sides played by the Medium computer, at most ``limit`` actions."""
    from paisho_core.ai import choose_action

    game = start(variant, rng)
    seed = rng.randrange(2**31)
    while game.to_move is not None and len(game.history) < limit:
        action = choose_action(game, seed + len(game.history), "medium")
        if action is None:
            break
        game.apply(action)
    return game


def timed(decode: Callable[[str], Any], payload: str) -> float:
    """CPU seconds to decode ``payload`` (no kept replay; the process's CPU time, so
    that other work on a busy machine counts less)."""
    link._last = None
    began = time.process_time()
    decode(payload)
    return time.process_time() - began


def summary(label: str, values: Sequence[float], unit: str = "") -> str:
    """``label: median … mean … min … max …`` of some figures."""
    return (
        f"{label}: median {statistics.median(values):.3g}{unit}"
        f"  mean {statistics.fmean(values):.3g}{unit}"
        f"  min {min(values):.3g}{unit}  max {max(values):.3g}{unit}"
    )


def corpus_figures(title: str, games: list[Game[Any]]) -> None:
    """Print bits per action (v2 and v1) and decode time per 500 actions of some games."""
    games = [g for g in games if g.history]
    if not games:
        return
    actions = sum(len(g.history) for g in games)
    chars2 = chars1 = 0
    time2 = time1 = 0.0
    for game in games:
        link._last = None
        v2 = link.encode(game)
        v1 = link.encode_v1(game)
        chars2 += len(v2)
        chars1 += len(v1)
        time2 += timed(link.decode, v2)
        time1 += timed(link.decode, v1)
    per = 500 / actions
    speed = (
        f"   decode per 500 actions v2 {time2 * per * 1000:6.0f} ms"
        f"  v1 {time1 * per * 1000:6.0f} ms"
        if actions / len(games) >= 100  # short games: the set-up would dominate
        else ""
    )
    print(
        f"  {title:<12} {len(games):>3} games {actions / len(games):>6.0f} actions/game"
        f"   bits/action v2 {6 * chars2 / actions:5.2f}  v1 {6 * chars1 / actions:5.2f}{speed}"
    )


def compare(title: str, games: list[Game[Any]]) -> None:
    """Print our Skud link lengths against the reference site's style."""
    ratios, ours, theirs = [], [], []
    for game in games:
        link._last = None
        payload = link.encode(game)
        other = lz_link(game.to_text())
        ours.append(float(len(payload)))
        theirs.append(float(len(other)))
        ratios.append(len(payload) / len(other))
    print(f"\n== {title}: {len(games)} games")
    print("  " + summary("our link chars", ours))
    print("  " + summary("their link chars", theirs))
    print("  " + summary("ratio ours/theirs", ratios) + "   (goal: median <= 0.6)")


PASTE_JS = """(h) => {
  window.__pasted = {start: performance.now()};
  const holder = document.getElementById('board-holder');
  new MutationObserver((_, observer) => {
    if (holder.dataset.actions !== '500' || window.__pasted.shown) return;
    window.__pasted.shown = performance.now();
    observer.disconnect();
    const painted = () => { window.__pasted.painted = performance.now(); };
    requestAnimationFrame(() => setTimeout(painted, 0));
  }).observe(holder, {attributes: true, attributeFilter: ['data-actions']});
  location.hash = h;
}"""
"""Pastes a link into the running page and records, on the page's clock, when the board
shows its 500 actions and when the next frame after that was painted."""

PAGE_FIELDS = (
    ("on_load", "opened during start-up (start to shown)"),
    ("pasted", "pasted into the settled page (start to shown)"),
    ("decoded", "  of which replaying, with the paints between chunks"),
    ("busy", "  of which replaying only"),
    ("show", "  of which showing the game (save, redraw)"),
    ("wall", "pasted: hashchange to board shown (page clock)"),
    ("painted", "pasted: hashchange to the next frame painted"),
    ("repeat", "pasted, repeat visit (start to shown)"),
    ("repeat_busy", "  of which replaying only"),
    ("repeat_show", "  of which showing the game"),
)


def long_game(variant: str, actions: int = 500, seed: int = 0) -> Game[Any]:
    """A uniformly random game of ``variant`` exactly ``actions`` actions long."""
    rng = random.Random(seed)
    game = None
    while game is None or len(game.history) < actions:
        game = random_game(variant, rng, actions)
    return game


def paste_into_settled(page: Any, base: str, fragment: str) -> tuple[Any, Any]:
    """Open the site in ``page``, let its start-up work settle, paste ``fragment`` and
    wait for the next painted frame; return the page's marks (``<html data-*>``) and
    clock (``window.__pasted``)."""
    page.goto(base)
    page.wait_for_function(
        "() => document.documentElement.dataset.engine === 'ready'", timeout=120_000
    )
    page.wait_for_timeout(SETTLE_MS)  # start-up housekeeping: workers, caches
    page.evaluate(PASTE_JS, fragment)
    page.wait_for_function("() => window.__pasted.painted", timeout=60_000)
    marks = page.evaluate("() => ({...document.documentElement.dataset})")  # the CSP
    return marks, page.evaluate("() => window.__pasted")


@contextlib.contextmanager
def served_dist() -> Iterator[str | None]:
    """The built site (``dist/``) served on a free port: its base URL, or ``None`` (after
    saying so) when there is no build."""
    from sitebuild import common as build_common
    from sitebuild import serve as build_serve

    dist = build_common.DIST
    if not (dist / "index.html").is_file():
        print("\n(no dist/: run `python build.py build` for the page figures)")
        yield None
        return
    server = build_serve.make_server(roots=(dist,), port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def page_figure(runs: int, variants: Sequence[str] = ("skud", "wiki")) -> None:
    """Open a 500-action link of each variant in the built site; print how long it took."""
    from playwright.sync_api import sync_playwright

    from sitebuild import devenv as build_devenv

    wait = '#board-holder[data-actions="500"]'
    data = "() => ({...document.documentElement.dataset})"  # a function: the CSP
    figures: dict[str, dict[str, list[float]]] = {}
    with served_dist() as base:
        if base is None:
            return
        with sync_playwright() as play:
            browser = play.chromium.launch(**build_devenv.chromium_launch_options())
            for variant in variants:
                fragment = link.fragment_for(long_game(variant))
                second = link.fragment_for(long_game(variant, seed=1))
                got = figures[variant] = {name: [] for name, _ in PAGE_FIELDS}
                for _ in range(runs):
                    context = browser.new_context()
                    page = context.new_page()
                    page.goto(base + fragment)
                    page.wait_for_selector(wait, state="attached", timeout=120_000)
                    page.wait_for_function("() => document.documentElement.dataset.linkOpenMs")
                    got["on_load"].append(float(page.evaluate(data)["linkOpenMs"]))
                    context.close()
                    context = browser.new_context()  # empty storage: no game of its own
                    page = context.new_page()
                    marks, clock = paste_into_settled(page, base, fragment)
                    got["pasted"].append(float(marks["linkOpenMs"]))
                    got["decoded"].append(float(marks["linkDecodedMs"]))
                    got["busy"].append(float(marks["linkBusyMs"]))
                    got["show"].append(float(marks["linkShowMs"]))
                    got["wall"].append(clock["shown"] - clock["start"])
                    got["painted"].append(clock["painted"] - clock["start"])
                    # a repeat visit in the same browser: its code cache holds the wasm
                    # code V8 optimised on the first visit (another game: the page
                    # resumes the first one, and ignores its own link pasted again)
                    page.wait_for_timeout(REPEAT_AFTER_MS)
                    page.close()
                    marks, _ = paste_into_settled(context.new_page(), base, second)
                    got["repeat"].append(float(marks["linkOpenMs"]))
                    got["repeat_busy"].append(float(marks["linkBusyMs"]))
                    got["repeat_show"].append(float(marks["linkShowMs"]))
                    context.close()
            browser.close()
    for variant, got in figures.items():
        print(
            f"\n== the page (Pyodide in headless Chromium), a 500-action {variant} link,"
            f" {runs} runs"
        )
        for name, label in PAGE_FIELDS:
            goal = "   (goal: <= 300 ms)" if name in ("pasted", "repeat") else ""
            print("  " + summary(label, got[name], " ms") + goal)


CAPTIONS = (
    "The Guest now opens the middle game by moving the Rose towards the centre, where it can meet"
    " the Host's flowers soon.",
    "The Host answers with a Jasmine: it stays out of the Rose's reach and keeps its own line"
    " open for a harmony of its own.",
    "A quiet move: the Guest brings a White Jade closer to the midline, ready to cross it and"
    " score a harmony in a few turns.",
    "The Host sees the threat and moves a flower onto the same row, so that the White Jade"
    " cannot harmonise there any more.",
    "Now the Guest turns to the other side of the board, where the Host's flowers are still"
    " far apart from each other.",
    "The Host plants nothing this turn: moving a tile already on the board keeps the reserve"
    " for the very end of the game.",
    "Look at the highlighted points: the Guest's two flowers now face each other across the"
    " midline: that is a harmony.",
    "The Host must break that harmony or build one of its own; it chooses to block the line"
    " with a tile standing between them.",
    "The Guest moves again, and the position is balanced: each player has one harmony that"
    " crosses the midline of the board.",
    "Whoever makes the next harmony around the centre is close to a Harmony Ring, which wins"
    " the whole game at once.",
)
"""Ten captions of 111 to 121 characters, as a wiki editor would write them."""


def studio_demo(captions: Sequence[str]) -> dict[str, Any]:
    """A Skud demo as the Studio would make it: a set-up position, then one step per caption
    (legal actions picked by a seeded random), each highlighting the points it touched."""
    setup = studio.empty("skud")
    for text, code, owner in (
        ("(0,-8)", "R3", 1), ("(3,-4)", "W5", 1), ("(-4,-2)", "R4", 1), ("(2,5)", "W3", 1),
        ("(0,8)", "R3", 0), ("(-3,4)", "W5", 0), ("(4,2)", "R4", 0), ("(-2,-5)", "W3", 0),
    ):
        setup = studio.put(setup, Point.parse(text), code, owner)
    setup = studio.set_mover(setup, 1)
    game = studio.build(setup)
    rng = random.Random(7)
    steps = []
    for caption in captions:
        action = rng.choice(game.legal_actions())
        clicks = [c.removeprefix("point:") for c in game.action_clicks(action)]
        steps.append(
            {
                "action": game.format_action(action),
                "caption": caption,
                "highlight": [c for c in clicks if c.startswith("(")],
            }
        )
        game.apply(action)
    return {
        "variant": "skud",
        "name": "skud-studio-benchmark",
        "title": "A middle game, move by move",
        "rules": ["skud-harmony"],
        **studio.demo_start(setup),
        "caption": "The position the Studio set up: four flowers each, the Guest to move.",
        "steps": steps,
    }


def demo_figure() -> None:
    """Print demo-link lengths and times (issue 23's goal: <= 1,500 URL characters)."""
    print("== demo links")
    demo = studio_demo(CAPTIONS)
    words = sum(len(s["caption"]) for s in demo["steps"]) / len(demo["steps"])
    raw = json.dumps(demo, ensure_ascii=False, separators=(",", ":"))
    text = demolink.fragment(demo)
    started = time.process_time()
    for _ in range(20):
        demolink.fragment(demo)
    encode_ms = (time.process_time() - started) / 20 * 1000
    started = time.process_time()
    for _ in range(20):
        demolink.decode(text)
    decode_ms = (time.process_time() - started) / 20 * 1000
    print(
        f"  10 steps, 10 captions of {words:.0f} characters: fragment #demo=~1… of"
        f" {len(text)} URL characters (goal <= 1500); JSON {len(raw)} characters;"
        f" encode {encode_ms:.1f} ms, decode {decode_ms:.1f} ms of CPU (CPython)"
    )
    noise = random.Random(3)
    letters = "abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ.,"
    worst = studio_demo(["".join(noise.choice(letters) for _ in range(120)) for _ in CAPTIONS])
    print(f"  the same with random-letter captions (worst case): {len(demolink.fragment(worst))}")
    lengths = []
    for path in sorted(DEMO_FOLDER.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for item in data["demos"]:
            lengths.append(len(demolink.fragment({"variant": data["variant"], **item})))
    print(
        f"  the {len(lengths)} built-in demos: median {statistics.median(lengths):.0f},"
        f" max {max(lengths)} URL characters"
    )


def embed_demo_figure(runs: int) -> None:
    """Open the Studio-made demo link in the built embed page (``embed.html#demo=~1…``, not
    pre-rendered); print how long Python took from its start to the first step drawn
    (issue 23's goal: <= 0.3 s), on a first and a repeat visit."""
    from playwright.sync_api import sync_playwright

    from sitebuild import devenv as build_devenv

    fragment = demolink.fragment(studio_demo(CAPTIONS))
    ready = "() => document.documentElement.dataset.engine === 'ready'"
    data = "() => ({...document.documentElement.dataset})"
    first: list[float] = []
    repeat: list[float] = []
    with served_dist() as base:
        if base is None:
            return
        url = f"{base}embed.html{fragment}"
        with sync_playwright() as play:
            browser = play.chromium.launch(**build_devenv.chromium_launch_options())
            for _ in range(runs):
                context = browser.new_context()
                page = context.new_page()
                for got in (first, repeat):
                    if got is first:
                        page.goto(url)
                    else:
                        page.reload()
                    page.wait_for_function(ready, timeout=120_000)
                    got.append(float(page.evaluate(data)["firstStepMs"]))
                context.close()
            browser.close()
    print(f"\n== a Studio demo link in embed.html (not pre-rendered), {runs} runs")
    print("  " + summary("Python's start to the first step, first visit", first, " ms"))
    print("  " + summary("the same, repeat visit", repeat, " ms") + "   (goal: <= 300 ms)")


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8, help="random games per corpus")
    parser.add_argument("--computer", type=int, default=3, help="computer games per variant")
    parser.add_argument("--computer-actions", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--page", action="store_true", help="also measure the built page")
    parser.add_argument("--page-runs", type=int, default=3)
    parser.add_argument("--only-page", action="store_true", help="only the page figure")
    parser.add_argument("--only-demos", action="store_true", help="only the demo-link figure")
    parser.add_argument(
        "--embed-demo", action="store_true", help="only the embed page's figure for a demo link"
    )
    parser.add_argument(
        "--page-variants", default="skud,wiki", help="variants of the page figure (comma list)"
    )
    args = parser.parse_args()
    page_variants = [v for v in args.page_variants.split(",") if v]
    if args.only_page:
        page_figure(args.page_runs, page_variants)
        return
    if args.embed_demo:
        embed_demo_figure(args.page_runs)
        return
    demo_figure()
    if args.only_demos:
        return
    rng = random.Random(args.seed)
    for variant in variant_names():  # warm up: imports and tables
        link.decode(link.encode(random_game(variant, rng, 10)))
    skud_full: list[Game[Any]] = []
    for variant in variant_names():
        print(f"== {variant}")
        short = [random_game(variant, rng, 40) for _ in range(args.games)]
        corpus_figures("random 40", short)
        full = [random_game(variant, rng, link.MAX_ACTIONS) for _ in range(args.games)]
        corpus_figures("random full", full)
        played = [
            computer_game(variant, rng, args.computer_actions) for _ in range(args.computer)
        ]
        corpus_figures("computer", played)
        if variant == "skud":
            skud_full = full

    if skud_full:
        compare("skud random full games vs the reference site's links", skud_full)
    if REFERENCE.exists():
        skud = get_variant("skud")
        with open(REFERENCE, encoding="utf-8") as handle:
            records = [json.loads(line) for line in handle if line.strip()]
        games = [skud.from_text(r["notation"]) for r in records]
        compare("the 22 reference Skud games vs the reference site's links", games)
        print("  ", end="")
        corpus_figures("reference", games)
    if args.page:
        page_figure(args.page_runs, page_variants)


if __name__ == "__main__":
    main()
