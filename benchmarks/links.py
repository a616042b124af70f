"""Link length benchmark: our shareable links against the reference site's style.

Prints figures, never asserts.  For random full games of every variant, the length of
our link payload (the part after ``#``); for the same Skud games and for the 22
reference Skud games, the length of the reference site's style of link,
``LZString.compressToEncodedURIComponent("gameType=1&game=" + notation)`` (the
``lzstring`` package), with the median and mean of our/their ratio (goal: median
<= 0.6).  Also the time to encode and to decode.

    python benchmarks/links.py [--skud 12] [--balance 50] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from paisho_core import link  # noqa: E402
from paisho_core.protocol import Game  # noqa: E402
from paisho_core.registry import get_variant, new_game, variant_names  # noqa: E402

REFERENCE = ROOT / "tests" / "data" / "reference" / "skud_reference_games.jsonl"


def lz_link(notation: str) -> str:
    """The reference site's link payload for a Skud game (needs ``lzstring``)."""
    import lzstring  # type: ignore[import-untyped]

    text: str = lzstring.LZString().compressToEncodedURIComponent("gameType=1&game=" + notation)
    return text


def random_full_game(variant: str, rng: random.Random) -> Game[Any]:
    """A game played to its end with uniformly random legal actions."""
    seed = rng.randrange(2**53) if get_variant(variant).info.uses_seed else None
    game = new_game(variant, (), seed)
    while game.to_move is not None:
        actions = game.legal_actions()
        if not actions:
            break
        game.apply(rng.choice(actions))
    return game


def timed_link(game: Game[Any]) -> tuple[str, float, float]:
    """The payload of ``game`` and the seconds to encode it and to decode it (no cache)."""
    link._last = None
    start = time.perf_counter()
    payload = link.encode(game)
    encoded = time.perf_counter()
    link._last = None
    decoded = link.decode(payload)
    done = time.perf_counter()
    assert decoded.game.state_key() == game.state_key()  # a sanity check, not a test
    return payload, encoded - start, done - encoded


def summary(label: str, values: Sequence[float], unit: str = "") -> str:
    """``label: median … mean … min … max …`` of some figures."""
    return (
        f"{label}: median {statistics.median(values):.3g}{unit}"
        f"  mean {statistics.fmean(values):.3g}{unit}"
        f"  min {min(values):.3g}{unit}  max {max(values):.3g}{unit}"
    )


def compare(title: str, games: list[Game[Any]]) -> None:
    """Print our link lengths, theirs, and the ratios for some Skud games."""
    ours, theirs, ratios, bits, enc, dec = [], [], [], [], [], []
    for game in games:
        payload, t_enc, t_dec = timed_link(game)
        other = lz_link(game.to_text())
        ours.append(len(payload))
        theirs.append(len(other))
        ratios.append(len(payload) / len(other))
        bits.append(6 * len(payload) / max(1, len(game.history)))
        enc.append(t_enc)
        dec.append(t_dec)
    actions = [len(g.history) for g in games]
    print(f"\n== {title}: {len(games)} games, actions {summary('', actions)[2:]}")
    print("  " + summary("our link chars", [float(n) for n in ours]))
    print("  " + summary("their link chars", [float(n) for n in theirs]))
    print("  " + summary("ratio ours/theirs", ratios) + "   (goal: median <= 0.6)")
    print("  " + summary("bits per action", bits))
    print("  " + summary("encode", enc, " s") + "   " + summary("decode", dec, " s"))


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skud", type=int, default=12, help="random full Skud games")
    parser.add_argument("--balance", type=int, default=50, help="random Balance games")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    counts = {"skud": args.skud, "balance": args.balance}

    for variant in variant_names():
        games = [random_full_game(variant, rng) for _ in range(counts.get(variant, 20))]
        if not games:
            continue
        lengths, enc, dec = [], [], []
        for game in games:
            payload, t_enc, t_dec = timed_link(game)
            lengths.append(float(len(payload)))
            enc.append(t_enc)
            dec.append(t_dec)
        actions = [float(len(g.history)) for g in games]
        print(f"== {variant}: {len(games)} random full games")
        print("  " + summary("actions", actions))
        print("  " + summary("our link chars", lengths))
        print("  " + summary("encode", enc, " s") + "   " + summary("decode", dec, " s"))
        if variant == "skud":
            compare("skud random full games vs the reference site's links", games)

    if REFERENCE.exists():
        skud = get_variant("skud")
        with open(REFERENCE, encoding="utf-8") as handle:
            records = [json.loads(line) for line in handle if line.strip()]
        games = [skud.from_text(r["notation"]) for r in records]
        compare("the 22 reference Skud games vs the reference site's links", games)


if __name__ == "__main__":
    main()
