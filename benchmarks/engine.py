"""Engine speed: prints figures, asserts nothing.

    python benchmarks/engine.py [--playouts N]

* legal actions per second (and ms per position) on a fixed set of mid-game Skud
  positions (plies 40–80 of the reference games);
* Harmony-Bonus option generation (ms per position) on the reference games' bonus plies;
* full random Skud playouts per second (uniform random legal actions), and plies per
  second inside them;
* what a search pays per node on the mid-game positions: ``copy()`` + ``apply()`` and
  ``push()`` + ``pop()`` (µs per action, every legal action of every position);
* what a replay pays per action (the reference games read from their notation);
* a board redraw (the dynamic SVG the page gets after each action);
* the hard level's search: nodes (pushes) per second and seconds per move;
* the computer opponent's time per move (``paisho_core.ai``, medium) on the mid-game
  positions.
* Ancient: legal actions per mid-game position (turns 10–30 of seeded random games for 2,
  3 and 4 seats), overall and for the heaviest step (placing, with Wheel and Boat choices),
  and random playouts.
* Wiki Pai Sho: legal actions of mid-game positions (plies 20, 40 and 60 of seeded
  random games), actions per second in random play, and link bits per action.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from paisho_core.ai import HARD_NODES, analyse, choose_action  # noqa: E402
from paisho_core.ancient import AncientGame  # noqa: E402
from paisho_core.board_words import ENGLISH, BoardWords  # noqa: E402
from paisho_core.render import RenderView, render_dynamic  # noqa: E402
from paisho_core.skud import SkudGame  # noqa: E402

GAMES = ROOT / "tests" / "support" / "data" / "reference" / "skud_reference_games.jsonl"


def mid_game_positions() -> list[SkudGame]:
    """Positions at plies 40, 60 and 80 of every reference game that gets there."""
    out = []
    for line in GAMES.read_text().splitlines():
        plies = json.loads(line)["notation"].split(";")
        for cut in (40, 60, 80):
            if cut < len(plies):
                game = SkudGame.from_text(";".join(plies[:cut]))
                if game.to_move is not None and not game.bonus_pending:
                    out.append(game)
    return out


def bonus_positions() -> list[SkudGame]:
    """Positions where a Harmony Bonus is pending (the bonus plies of the games)."""
    out = []
    for line in GAMES.read_text().splitlines():
        plies = json.loads(line)["notation"].split(";")
        for i, ply in enumerate(plies):
            if "+" in ply:
                head = [*plies[:i], ply.split("+")[0] + "+"]  # a bare "+": bonus to choose
                game = SkudGame.from_text(";".join(head))
                if game.bonus_pending:
                    out.append(game)
    return out[:60]


def time_generation(positions: list[Any], rounds: int) -> tuple[float, float, float]:
    """(ms per position median over rounds, actions per second, mean actions)."""
    per_round = []
    actions = 0
    for _ in range(rounds):
        start = time.process_time()
        for game in positions:
            game._legal = None  # force regeneration
            actions += len(game.legal_actions())
        per_round.append(time.process_time() - start)
    median = statistics.median(per_round)
    total = sum(per_round)
    return 1000 * median / len(positions), actions / total, actions / (rounds * len(positions))


def time_apply(positions: list[SkudGame], rounds: int) -> tuple[float, float]:
    """(µs per copy + apply, µs per push + pop), medians over rounds, every legal action."""
    pairs = [(game, game.legal_actions()) for game in positions]
    count = sum(len(actions) for _, actions in pairs)
    copy_apply, push_pop = [], []
    for _ in range(rounds):
        start = time.process_time()
        for game, actions in pairs:
            for action in actions:
                game.copy().apply(action)
        copy_apply.append(time.process_time() - start)
        if not hasattr(game, "push"):
            continue
        start = time.process_time()
        for game, actions in pairs:
            for action in actions:
                game.push(action)
                game.pop()
        push_pop.append(time.process_time() - start)
    per = 1e6 / count
    return (statistics.median(copy_apply) * per,
            statistics.median(push_pop) * per if push_pop else float("nan"))


def replay_per_ply(rounds: int) -> tuple[float, int]:
    """(µs per ply, plies) to replay the reference games from their notation (each ply's
    legal list + apply + end check: what opening a game record or a link pays), median."""
    texts = [json.loads(line)["notation"] for line in GAMES.read_text().splitlines()]
    plies = sum(len(SkudGame.from_text(text).history) for text in texts)
    per_round = []
    for _ in range(rounds):
        start = time.process_time()
        for text in texts:
            SkudGame.from_text(text)
        per_round.append(time.process_time() - start)
    return 1e6 * statistics.median(per_round) / plies, plies


def render_per_redraw(game: SkudGame, rounds: int, words: BoardWords = ENGLISH) -> float:
    """Milliseconds of CPU per dynamic board redraw (what the page pays after each action:
    :func:`paisho_core.render.render_dynamic` with one highlighted point), median; the
    points named with ``words`` (the page's language)."""
    view = RenderView(highlights=frozenset(tile.point for tile in game.board_tiles()[:1]))
    per_round = []
    for _ in range(rounds):
        start = time.process_time()
        for _ in range(50):
            render_dynamic(game, view, words)
        per_round.append((time.process_time() - start) / 50)
    return 1000 * statistics.median(per_round)


def russian_words() -> BoardWords:
    """The board's words a Russian page draws with (its catalog compiled as the build
    does)."""
    from paisho_page.words import i18n
    from paisho_page.words.board_words import board_words
    from sitebuild.catalogs import compile_mo, read_catalog

    i18n.activate("ru", {"page": compile_mo(read_catalog("ru", "page"))})
    try:
        return board_words()
    finally:
        i18n.activate("en")


def playouts(count: int, seed: int) -> tuple[float, float, float]:
    """(games per second, plies per second, mean plies) of uniform random playouts."""
    rng = random.Random(seed)
    plies = 0
    start = time.process_time()
    for _ in range(count):
        game = SkudGame()
        while game.to_move is not None:
            game.apply(rng.choice(game.legal_actions()))
            plies += 1
    elapsed = time.process_time() - start
    return count / elapsed, plies / elapsed, plies / count


def ancient_positions(count: int = 60) -> list[AncientGame]:
    """Mid-game Ancient positions: actions 20–60 of random games, 2–4 seats."""
    rng = random.Random(11)
    out: list[AncientGame] = []
    seed = 0
    while len(out) < count:
        options = ("target=11", "hand=17") if seed % 3 == 0 else ("target=7", "hand=11")
        game = AncientGame(options, seed, 2 + seed % 2 if seed % 3 == 0 else 2 + seed % 3)
        seed += 1
        for n in range(60):
            if game.to_move is None:
                break
            if n >= 20 and n % 8 in (0, 5):
                out.append(game.copy())
            game.apply(rng.choice(game.legal_actions()))
    return out[:count]


def time_ancient(positions: list[AncientGame], rounds: int) -> tuple[float, float, float]:
    """(ms per position median over rounds, worst ms of a position (best of rounds), mean
    actions)."""
    for game in positions:  # warm the interned action tables up first
        game.legal_actions()
    per_round = []
    best = [float("inf")] * len(positions)
    actions = 0
    for _ in range(rounds):
        start = time.perf_counter()
        for i, game in enumerate(positions):
            t = time.perf_counter()
            game._legal = None  # force regeneration
            actions += len(game.legal_actions())
            best[i] = min(best[i], time.perf_counter() - t)
        per_round.append(time.perf_counter() - start)
    median = statistics.median(per_round)
    return 1000 * median / len(positions), 1000 * max(best), actions / (rounds * len(positions))
def wiki_positions(count: int = 10) -> list[Any]:
    """Wiki positions at plies 20, 40 and 60 of ``count`` seeded random games."""
    from paisho_core.wiki import WikiGame

    out: list[Any] = []
    for seed in range(count):
        rng = random.Random(seed)
        game = WikiGame()
        for ply in range(1, 61):
            game.apply(rng.choice(game.legal_actions()))
            if ply in (20, 40, 60) and game.to_move is not None:
                out.append(game.copy())
    return out


def wiki_link_bits(games: int, plies: int) -> float:
    """Mean link payload bits per action of random Wiki games of ``plies`` plies."""
    from paisho_core.link import encode
    from paisho_core.wiki import WikiGame

    rng = random.Random(3)
    bits = actions = 0
    for _ in range(games):
        game = WikiGame()
        while game.to_move is not None and len(game.history) < plies:
            game.apply(rng.choice(game.legal_actions()))
        bits += 6 * (len(encode(game)) - 1)
        actions += len(game.history)
    return bits / actions


def wiki_figures(rounds: int) -> None:
    """Print the Wiki figures."""
    from paisho_core.wiki import WikiGame

    positions = wiki_positions()
    ms, per_second, mean = time_generation(positions, rounds)
    print(f"wiki mid-game legal actions: {len(positions)} positions, {mean:.0f} actions each, "
          f"{ms:.2f} ms per position (median of {rounds}), {per_second:,.0f} actions/s")
    rng = random.Random(1)
    start = time.perf_counter()
    game = WikiGame()
    for _ in range(300):
        game.apply(rng.choice(game.legal_actions()))
    elapsed = time.perf_counter() - start
    print(f"wiki random play: {300 / elapsed:,.0f} actions/s (legal list + apply + score)")
    print(f"wiki link: {wiki_link_bits(5, 40):.1f} bits per action over 40-ply games, "
          f"{wiki_link_bits(5, 300):.1f} over 300-ply games")


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--playouts", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}")
    mid = mid_game_positions()
    ms, per_second, mean = time_generation(mid, args.rounds)
    print(f"mid-game legal actions: {len(mid)} positions, {mean:.0f} actions each, "
          f"{ms:.2f} ms per position (median of {args.rounds}), {per_second:,.0f} actions/s")
    bonus = bonus_positions()
    ms, per_second, mean = time_generation(bonus, args.rounds)
    print(f"bonus options: {len(bonus)} positions, {mean:.0f} options each, "
          f"{ms:.2f} ms per position, {per_second:,.0f} options/s")
    copy_apply, push_pop = time_apply(mid, max(1, args.rounds // 2))
    print(f"per action: copy + apply {copy_apply:.0f} µs, push + pop {push_pop:.0f} µs "
          f"({len(mid)} positions, every legal action)")
    per_ply, plies = replay_per_ply(max(1, args.rounds // 2))
    print(f"replay: {per_ply:.0f} µs per action (legal list + apply + end check, "
          f"{plies} actions of the reference games)")
    redraw = render_per_redraw(mid[len(mid) // 2], max(1, args.rounds // 2))
    print(f"board redraw (render_dynamic, a mid-game position, one highlight): "
          f"{redraw:.2f} ms")
    russian = render_per_redraw(mid[len(mid) // 2], max(1, args.rounds // 2), russian_words())
    print(f"board redraw in Russian (the page's board words from the ru catalog): "
          f"{russian:.2f} ms")
    nodes, spent = 0, []
    for game in mid[::6]:
        start = time.process_time()
        result = analyse(game, seed=1, level="hard", explain=False)
        spent.append(time.process_time() - start)
        nodes += result.nodes
    print(f"hard search: {nodes / sum(spent):,.0f} nodes/s, "
          f"{statistics.median(spent):.2f} s per move median, {max(spent):.2f} s max "
          f"({len(spent)} mid-game positions, {HARD_NODES} nodes each)")
    times = []
    for game in mid[:20]:
        start = time.process_time()
        choose_action(game, seed=1)
        times.append(time.process_time() - start)
    print(f"computer opponent (medium): {1000 * statistics.median(times):.0f} ms per move median, "
          f"{1000 * max(times):.0f} ms max ({len(times)} mid-game positions)")
    games, per_second, mean_plies = playouts(args.playouts, 1)
    print(f"random playouts: {games:.2f} games/s ({mean_plies:.0f} actions per game, "
          f"{per_second:,.0f} actions/s)")
    ancient = ancient_positions()
    ms, worst, mean = time_ancient(ancient, args.rounds)
    print(f"ancient mid-game legal actions: {len(ancient)} positions, {mean:.0f} actions each, "
          f"{ms:.3f} ms per position (median of {args.rounds}), worst position {worst:.2f} ms")
    placing = [g for g in ancient if g.step == "start"]
    ms, worst, mean = time_ancient(placing, args.rounds)
    print(f"ancient start-of-turn steps (draw or place): {len(placing)} positions, {mean:.0f}"
          f" actions each, {ms:.3f} ms per position, worst {worst:.2f} ms")
    rng = random.Random(5)
    start = time.perf_counter()
    count = 0
    for seed in range(args.playouts * 3):
        ancient_game = AncientGame((), seed, 2 + seed % 3)
        for _ in range(1000):
            if ancient_game.to_move is None:
                break
            ancient_game.apply(rng.choice(ancient_game.legal_actions()))
            count += 1
    elapsed = time.perf_counter() - start
    print(f"ancient random playouts: {args.playouts * 3 / elapsed:.2f} games/s"
          f" ({count / elapsed:,.0f} actions/s, at most 1000 actions a game)")
    wiki_figures(args.rounds)


if __name__ == "__main__":
    main()
