"""The Balance page's pure logic: seeds, texts, the best-score table, preview SVG."""

from __future__ import annotations

import json
import re
import secrets
import xml.etree.ElementTree as ET
from datetime import date

import pytest
from balance_helpers import finished
from hypothesis import given
from hypothesis import strategies as st

from paisho_core.balance import BalanceGame
from paisho_core.balance.bag import MAX_SEED
from paisho_core.balance.solver import best_placement, greedy_placement
from paisho_core.board import Point
from paisho_core.protocol import Outcome
from paisho_core.render import (
    render_dynamic,
    render_preview,
    render_preview_tile,
    render_svg,
    tile_svg,
)
from paisho_page.panels import balance as bp


# ----------------------------------------------------------------------------- seeds
def test_daily_seed_is_the_date():
    assert bp.daily_seed(date(2026, 11, 30)) == 20261130
    assert bp.daily_seed(date(2027, 1, 5)) == 20270105
    assert bp.daily_date(20261130) == date(2026, 11, 30)
    assert bp.is_daily(20240229)
    assert not bp.is_daily(20230229)  # no such day
    assert not bp.is_daily(20261301)
    assert not bp.is_daily(1234)
    assert not bp.is_daily(None)
    assert not bp.is_daily(True)  # type: ignore[arg-type]


@given(st.dates(min_value=date(2000, 1, 1), max_value=date(9999, 12, 31)))
def test_daily_round_trip(day: date):
    seed = bp.daily_seed(day)
    assert bp.daily_date(seed) == day
    BalanceGame((), seed)  # a valid engine seed


def test_random_seeds_are_never_daily():
    for seed in (bp.random_seed(lambda n: 0), bp.random_seed(lambda n: n - 1)):
        assert bp.RANDOM_SEED_MIN <= seed < bp.RANDOM_SEED_END < MAX_SEED
        assert not bp.is_daily(seed)
    seeds = {bp.random_seed(secrets.randbelow) for _ in range(50)}
    assert len(seeds) > 45 and not any(bp.is_daily(s) for s in seeds)


def test_parse_and_name_seeds():
    assert bp.parse_seed(" 2026-11-30 ") == 20261130
    assert bp.parse_seed("42") == 42
    assert bp.parse_seed("") is None
    assert bp.parse_seed("12a") is None
    assert bp.parse_seed(str(MAX_SEED)) is None
    assert bp.seed_text(20261130) == "Daily 2026-11-30 (seed 20261130)"
    assert bp.seed_text(1234567890) == "Seed 1234567890"
    assert bp.seed_text(None) == ""


# ----------------------------------------------------------------------------- texts
@pytest.mark.parametrize(
    ("result", "name"),
    [
        ("balance", "Balance"),
        ("perfect-balance", "Perfect Balance"),
        ("unbalance", "Unbalance"),
        ("failure", "Failure"),
        (None, ""),
    ],
)
def test_result_names(result: str | None, name: str):
    assert bp.result_name(result) == name


def test_counter_and_plurals():
    assert bp.counter_text(5, 4) == "H 5 · D 4 · score 4"
    assert bp.plural(1, "harmony") == "1 harmony"
    assert bp.plural(0, "disharmony") == "0 disharmonies"
    assert bp.plural(2, "tile") == "2 tiles"
    assert bp.bag_text(0) == "The bag is empty"
    assert bp.bag_text(1) == "1 tile left in the bag"
    assert bp.bag_text(19) == "19 tiles left in the bag"


def test_end_texts():
    assert bp.end_text(None) == ""
    assert bp.end_text(Outcome((), "bag-empty", 20, "perfect-balance")).startswith(
        "Perfect Balance! Score 20"
    )
    assert bp.end_text(Outcome((), "bag-empty", 6, "unbalance")) == "Unbalance. Score 6."
    assert bp.end_text(Outcome((), "resign", 0, "failure")) == "Game abandoned. Score 0."
    game = finished(11)
    end = game.outcome()
    assert end is not None
    text = bp.end_text(end, game)
    assert text.startswith(bp.result_name(end.result))
    assert f"Score {end.score}" in text
    if end.result != "failure":
        h, d = game.counts()
        assert bp.plural(h, "harmony") in text and bp.plural(d, "disharmony") in text


def test_failure_text_names_the_tile():
    # a Koi can go nowhere once every ray is blocked next to the Avatar... build one:
    for seed in range(200):
        game = BalanceGame((), seed)
        while not game.is_over:
            game.apply(game.legal_actions()[len(game.legal_actions()) // 2])
        end = game.outcome()
        assert end is not None
        if end.result == "failure":
            text = bp.end_text(end, game)
            assert text == f"Failure: the {bp.tile_label(game.drawn)} had no legal point. Score 0."
            name = bp.tile_label(game.drawn)
            assert bp.status_text(game) == f"Game over: the {name} cannot be placed."
            return
    pytest.skip("no failure found in 200 seeds")


def test_status_and_drawn_texts():
    game = BalanceGame((), 5)
    assert game.drawn == "B"
    assert bp.drawn_text(game) == "Place the Badgermole"
    n = len(game.legal_actions())
    assert bp.status_text(game) == f"Place the Badgermole on one of the {n} highlighted points."
    assert bp.status_text(finished(11)) == "Game over: the bag is empty."
    assert bp.tile_label("P") == "Spirit" and bp.tile_label("L") == "White Lotus"
    assert bp.tile_label(None) == ""
    rem = game.remaining_counts()
    assert bp.remaining_text(rem).startswith("Badgermole 3, Dragon 4")


def test_preview_text_names_partners_and_totals():
    game = BalanceGame((), 5)
    preview = game.preview(game.legal_actions()[0])
    text = bp.preview_text(game, preview)  # coordinates off: the board draws the points
    assert text.startswith("Badgermole here: connects to Avatar: 1 harmony + 1 disharmony")
    assert not re.search(r"\(-?\d+,-?\d+\)", text), text
    assert text.endswith("→ H 1 · D 1 · score 1.")
    text = bp.preview_text(game, preview, coordinates=True)  # only where asked for
    assert text.startswith(f"Badgermole on {preview.point}: connects to Avatar (0,0)")
    assert "1 harmony + 1 disharmony" in text
    assert text.endswith("→ H 1 · D 1 · score 1.")
    # later in a game, a placement that cuts a connection says so
    game = BalanceGame((), 3)
    seen_cut = False
    while not game.is_over and not seen_cut:
        for action in game.legal_actions():
            pv = game.preview(action)
            text = bp.preview_text(game, pv, coordinates=bool(pv.cut_pairs))
            h0, d0 = game.counts()
            assert bp.counter_text(h0 + pv.harmonies, d0 + pv.disharmonies) in text
            if pv.cut_pairs:
                assert "; cuts " in text
                seen_cut = True
        place = greedy_placement(game)
        assert place is not None
        game.apply(place)
    assert seen_cut


# ----------------------------------------------------------------------------- best scores
def test_best_table_records_overall_and_daily():
    table = bp.BestScores()
    a = finished(20261130)
    end = a.outcome()
    assert end is not None and end.score is not None
    assert table.record(a) == (True, True)
    assert table.record(a) == (False, False)  # the same game again (e.g. redo): once
    assert table.played == 1
    assert table.daily_best(20261130) == bp.Best(end.score, str(end.result), 20261130)
    b = finished(1234567890)
    table.record(b)
    assert table.played == 2
    assert 1234567890 not in table.daily
    assert table.overall is not None
    assert table.overall.score == max(end.score, b.outcome().score or 0)  # type: ignore[union-attr]
    again = bp.BestScores.from_json(table.to_json())
    assert again == table
    rows = dict(table.lines(20261130))
    assert rows["Today's daily"] == bp.Best(end.score, str(end.result), 0).text()
    assert rows["Games finished"] == "2"
    rows = dict(table.lines(20261201, 20261130))
    assert rows["Today's daily"] == "not played yet"
    assert "Daily 2026-11-30" in rows


def test_best_table_ignores_running_and_abandoned_games():
    table = bp.BestScores()
    game = BalanceGame((), 8)
    assert table.record(game) == (False, False)
    game.resign()
    assert table.record(game) == (False, False)
    assert table.played == 0 and table.overall is None


def test_best_table_keeps_only_recent_days():
    table = bp.BestScores()
    for k in range(bp.DAILY_KEEP + 5):
        seed = bp.daily_seed(date.fromordinal(date(2026, 1, 1).toordinal() + k))
        table.daily[seed] = bp.Best(k % 20, "unbalance", seed)
    table = bp.BestScores.from_json(table.to_json())
    assert len(table.daily) == bp.DAILY_KEEP
    assert min(table.daily) == bp.daily_seed(date(2026, 1, 6))


@pytest.mark.parametrize(
    "text",
    [
        None,
        "",
        "not json",
        "[]",
        "null",
        '{"overall": 5}',
        '{"overall": {"score": 99, "result": "balance", "seed": 1}}',
        '{"overall": {"score": 3, "result": "<img>", "seed": 1}}',
        '{"overall": {"score": true, "result": "balance", "seed": 1}}',
        '{"daily": {"abc": {"score": 3, "result": "balance", "seed": 1}}}',
        '{"daily": {"20261130": {"score": 3, "result": "balance", "seed": 1}}}',
        '{"daily": [1, 2]}',
        '{"played": -3, "last": 5}',
        "[" * 5000,
    ],
)
def test_best_table_survives_bad_storage(text: str | None):
    table = bp.BestScores.from_json(text)
    assert table.overall is None and table.daily == {} and table.played == 0
    json.loads(table.to_json())


def test_best_table_keeps_good_parts_of_partly_bad_storage():
    text = json.dumps(
        {
            "overall": {"score": 7, "result": "balance", "seed": 99},
            "daily": {
                "20261130": {"score": 5, "result": "unbalance", "seed": 20261130},
                "20261131": {"score": 5, "result": "unbalance", "seed": 20261131},
            },
            "played": 4,
        }
    )
    table = bp.BestScores.from_json(text)
    assert table.overall == bp.Best(7, "balance", 99)
    assert list(table.daily) == [20261130]
    assert table.played == 4


# ----------------------------------------------------------------------------- hint budget
def test_hint_budget_gives_a_legal_point_without_peeking():
    game = BalanceGame((), 42)
    place = best_placement(game, bp.HINT_BUDGET, 0)
    assert place in game.legal_actions()


# ----------------------------------------------------------------------------- rendering
def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


@pytest.mark.parametrize("code", list("ABDSKPL"))
def test_balance_tiles_distinct(code: str):
    import re

    icons = {c: re.sub(r'data-tile="[^"]*"', "", tile_svg("balance", c, None)) for c in "ABDSKPL"}
    assert sum(icons[code] == v for v in icons.values()) == 1
    assert "<text" not in icons[code]  # symbols, not letters
    parse(tile_svg("balance", code, None))


def test_board_draws_harmonies_and_disharmonies_apart():
    game = finished(7)
    root = parse(render_svg(game))
    by_class: dict[str, set[tuple[str | None, str | None]]] = {
        "harmony": set(),
        "disharmony": set(),
    }
    for e in root.iter():
        classes = (e.get("class") or "").split()
        for k in by_class:
            if k in classes and e.tag.endswith("line"):
                by_class[k].add((e.get("data-a"), e.get("data-b")))
    want_h = {(str(min(a, b)), str(max(a, b))) for a, b, _ in game.harmony_lines()}
    want_d = {(str(min(a, b)), str(max(a, b))) for a, b, _ in game.disharmony_lines()}
    assert by_class["harmony"] == want_h and want_h
    assert by_class["disharmony"] == want_d and want_d
    svg = render_svg(game)
    assert (
        ".board .disharmony{" in svg and "stroke-dasharray" in svg.split(".board .disharmony{")[1]
    )
    assert 'id="board-preview"' in render_dynamic(game)


def test_preview_svg_lines_and_ghost():
    game = BalanceGame((), 5)
    pv = game.preview(game.legal_actions()[0])
    svg = render_preview("balance", game.drawn, pv.point, pv.new_pairs, pv.cut_pairs)
    root = parse(f'<g xmlns="http://www.w3.org/2000/svg">{svg}</g>')
    lines = [e for e in root.iter() if "preview-line" in (e.get("class") or "")]
    kinds = sorted((e.get("class") or "").split()[1] for e in lines)
    assert kinds == ["disharmony", "harmony"]  # the Avatar: one of each, side by side
    top = render_preview_tile("balance", game.drawn, pv.point)
    root = parse(f'<g xmlns="http://www.w3.org/2000/svg">{top}</g>')
    ghost = [e for e in root.iter() if e.get("class") == "preview-ghost"]
    assert ghost and ghost[0].get("data-tile") == "B"
    dyn = render_dynamic(game)
    assert dyn.index('id="board-preview"') < dyn.index('class="points"')
    assert dyn.index('id="board-preview-top"') > dyn.index('class="points"')
    evil = render_preview("balance", '"><script>', Point(0, 1), [(Point(0, 0), 1, 0)])
    evil += render_preview_tile("balance", '"><script>', Point(0, 1))
    assert "<script>" not in evil


@pytest.mark.parametrize("key", ["²", "٣", "2026113０", "1" * 40])
def test_best_table_refuses_non_ascii_digit_keys(key: str):
    # isdigit() accepts "²": int("²") then raised and stopped the Balance page (issue 13)
    text = json.dumps({"daily": {key: {"score": 3, "result": "balance", "seed": 1}}})
    table, problem = bp.BestScores.read(text)
    assert table.daily == {} and problem is not None and "daily entry" in problem


def test_best_table_read_reports_deep_nesting_and_huge_numbers():
    for text in ["[" * 20_000, '{"played": 1e999}', '{"overall": NaN}']:
        table, problem = bp.BestScores.read(text)
        assert table.played == 0 and problem


def test_best_table_read_of_a_good_table_reports_nothing():
    table = bp.BestScores()
    table.played = 3
    again, problem = bp.BestScores.read(table.to_json())
    assert problem is None and again.played == 3
