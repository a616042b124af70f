"""Balance through the game protocol: notation, errors, page helpers, random playouts."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_balance_helpers import counts, play, spec_counts

from paisho_core.balance import BalanceGame, Place
from paisho_core.board import POINTS, TEXT_OF, Point
from paisho_core.errors import IllegalMove, InvalidMove
from paisho_core.registry import get_variant, new_game

FULL_SET = Counter("ABBBBDDDDSSSSKKKKPPLL")


def random_game(seed: int, rng: random.Random, plies: int = 100) -> BalanceGame:
    """A seeded game with up to ``plies`` random placements."""
    game = BalanceGame(seed=seed)
    while game.to_move is not None and game.plies < plies:
        game.apply(rng.choice(game.legal_actions()))
    return game


# --- protocol basics -----------------------------------------------------------------------------
def test_balance_registry_and_info() -> None:
    """The registry maps "balance" to BalanceGame; one player, seeded, no options."""
    assert get_variant("balance") is BalanceGame
    info = BalanceGame.info
    assert (info.name, info.title, info.options) == ("balance", "Balance Pai Sho", ())
    assert (info.min_players, info.max_players, info.uses_seed) == (1, 1, True)
    game = new_game("balance", seed=3)
    assert game.players == ("player",) and game.to_move == 0


def test_balance_needs_a_seed_and_knows_no_options() -> None:
    """A seed is required; unknown options are refused."""
    with pytest.raises(InvalidMove):
        BalanceGame()
    with pytest.raises(InvalidMove):
        BalanceGame(["fast"], seed=1)


def test_balance_legal_actions_sorted_in_reading_order() -> None:
    """Legal actions come in board reading order (top row first, west to east)."""
    game = BalanceGame(seed=8)
    order = {p: n for n, p in enumerate(POINTS)}
    legal = [a.index for a in game.legal_actions()]
    assert legal == sorted(legal, key=order.__getitem__)


def test_balance_action_text_and_clicks() -> None:
    """An action's text is ``(x,y)``; its click is ``point:(x,y)``; it is hashable."""
    game = BalanceGame(seed=1)
    action = game.parse_action("(0,-3)")
    assert action == Place(Point(0, -3).index) and action.point == Point(0, -3)
    assert game.format_action(action) == "(0,-3)" == str(action)
    assert game.action_clicks(action) == ("point:(0,-3)",)
    assert len({action, Place(Point(0, -3).index)}) == 1


@pytest.mark.parametrize("text", ["", "0,1", "(0;1)", "(a,b)", "(9,0)", "(0,100)", "(1,2", "x"])
def test_balance_parse_action_malformed_raises_invalid_move_naming_text(text: str) -> None:
    """Malformed or off-board text raises InvalidMove quoting it."""
    with pytest.raises(InvalidMove) as err:
        BalanceGame(seed=1).parse_action(text)
    assert repr(text) in str(err.value)


def test_balance_illegal_move_names_ply_tile_point_and_rule() -> None:
    """IllegalMove names the ply, the tile, the point and the ruling."""
    game = play("SSD", "(0,1)", "(1,0)")
    with pytest.raises(IllegalMove) as err:
        game.play("(-2,2)")
    assert str(err.value) == (
        "ply 3: Dragon cannot go on (-2,2): wholly inside a White garden (balance R3)"
    )


def test_balance_apply_refuses_non_actions() -> None:
    """Something that is not a Place is an IllegalMove, not a crash."""
    game = BalanceGame(seed=1)
    with pytest.raises(IllegalMove):
        game.apply((5,))  # type: ignore[arg-type]
    with pytest.raises(IllegalMove):
        game.apply(Place(10_000))


# --- text ----------------------------------------------------------------------------------------
def test_balance_to_text_and_from_text() -> None:
    """The text is the placed points ``;``-separated; replay with the seed gives the game."""
    game = random_game(11, random.Random(3), plies=6)
    text = game.to_text()
    assert text.count(";") == 5 and all(p.startswith("(") for p in text.split(";"))
    again = BalanceGame.from_text(text, seed=11)
    assert again.state_key() == game.state_key() and again.to_text() == text
    assert BalanceGame.from_text(" " + text.replace(";", " ; ") + "\n", seed=11).to_text() == text
    assert BalanceGame.from_text("", seed=11).plies == 0


def test_balance_from_text_with_wrong_seed_fails_with_illegal_or_replays() -> None:
    """Replaying under another seed checks every move with full rules."""
    text = random_game(5, random.Random(1)).to_text()
    try:
        other = BalanceGame.from_text(text, seed=6)
    except IllegalMove as err:
        assert str(err).startswith("ply ")
    else:
        assert spec_counts(other) == counts(other)


def test_balance_from_text_errors() -> None:
    """Empty moves and bad points are InvalidMove; moves after the end are IllegalMove."""
    with pytest.raises(InvalidMove, match="ply 2: empty move"):
        BalanceGame.from_text("(0,1);;(0,2)", seed=1)
    with pytest.raises(InvalidMove):
        BalanceGame.from_text("(0,1);(0,99)", seed=1)
    with pytest.raises(InvalidMove):
        BalanceGame.from_text("(0,1)", seed=None)
    full = random_game(9, random.Random(9))
    with pytest.raises(IllegalMove, match="after the end"):
        BalanceGame.from_text(full.to_text() + ";(0,1)", seed=9)


# --- page helpers --------------------------------------------------------------------------------
def test_balance_extra_json_during_and_after() -> None:
    """extra_json: counts, live score, result null while running, drawn and bag_left."""
    game = BalanceGame(seed=2)
    data = game.extra_json()
    assert data == {
        "counts": {"harmonies": 0, "disharmonies": 0},
        "score": 0,
        "result": None,
        "drawn": game.drawn,
        "bag_left": 19,
    }
    rng = random.Random(0)
    lefts = []
    while game.to_move is not None:
        game.apply(rng.choice(game.legal_actions()))
        lefts.append(game.extra_json()["bag_left"])
    out = game.outcome()
    assert out is not None
    data = game.extra_json()
    assert data["result"] == out.result and data["score"] == out.score
    if out.reason == "bag-empty":
        assert data["drawn"] is None and lefts == [*range(18, -1, -1), 0]


def test_balance_preview_matches_apply() -> None:
    """preview(point) gives the H/D change that apply then makes, and the lines."""
    rng = random.Random(4)
    for seed in range(20):
        game = random_game(seed, rng, plies=rng.randrange(0, 15))
        if game.to_move is None:
            continue
        for action in game.legal_actions():
            preview = game.preview(action.point)
            after = game.copy()
            after.apply(action)
            h0, d0 = counts(game)
            assert (preview.harmonies, preview.disharmonies) == (
                after.counts().harmonies - h0,
                after.counts().disharmonies - d0,
            )
            assert (
                sum(h for _, h, _ in preview.new_pairs) - sum(h for *_, h, _ in preview.cut_pairs)
                == preview.harmonies
            )
            assert preview.new_pairs  # a placed tile always sees the Avatar
            assert preview.to_json()["point"] == str(action)


def test_balance_preview_of_illegal_point_raises() -> None:
    """preview refuses a point that apply would refuse."""
    with pytest.raises(IllegalMove, match="R2"):
        BalanceGame(seed=1).preview(Point(1, 2))


def test_balance_lines_match_counts() -> None:
    """harmony_lines/disharmony_lines list each interacting pair once, owner 0."""
    game = play("BSLP", "(5,5)", "(5,-5)", "(5,0)", "(0,5)")
    h_lines = game.harmony_lines()
    d_lines = game.disharmony_lines()
    assert all(owner == 0 for *_, owner in h_lines + d_lines)
    assert ("(0,5)", "(5,5)") in {(str(a), str(b)) for a, b, _ in d_lines}
    assert len(h_lines) <= counts(game)[0] and len(d_lines) <= counts(game)[1]


def test_balance_copy_is_independent_and_state_key() -> None:
    """copy() does not share state; equal positions have equal keys."""
    game = random_game(3, random.Random(2), plies=5)
    twin = game.copy()
    assert twin.state_key() == game.state_key()
    twin.apply(twin.legal_actions()[0])
    assert twin.state_key() != game.state_key() and game.plies == 5
    assert BalanceGame(seed=3).state_key() != BalanceGame(seed=4).state_key()


def test_balance_resign_ends_with_score_zero() -> None:
    """Resigning (abandoning) the solitaire ends it: reason resign, score 0."""
    game = BalanceGame(seed=1)
    game.resign()
    out = game.outcome()
    assert out is not None and (out.reason, out.score) == ("resign", 0)
    assert game.to_move is None and game.legal_actions() == []


# --- random playouts with invariants -------------------------------------------------------------
def check_invariants(game: BalanceGame, seed: int, full: bool) -> None:
    """Counts = recount; tiles conserved; notation round-trips; copy == replay."""
    assert counts(game) == spec_counts(game)
    on_board = Counter(t.code for t in game.board_tiles())
    assert on_board["A"] == 1 and sum(on_board.values()) == game.plies + 1
    held = on_board + Counter(game.remaining_counts())
    out = game.outcome()
    if game.drawn is not None:
        held[game.drawn] += 1
    assert held == FULL_SET
    assert game.bag_left == sum(game.remaining_counts().values())
    text = game.to_text()
    replay = BalanceGame.from_text(text, seed=seed)
    assert replay.to_text() == text
    assert replay.state_key() == game.copy().state_key()
    assert replay.outcome() == out and replay.extra_json() == game.extra_json()
    if out is not None:
        assert game.to_move is None and game.legal_actions() == []
        return
    legal = {a.index for a in game.legal_actions()}
    assert len(legal) == len(game.legal_actions())
    if full:  # legal actions are exactly the points where apply succeeds
        for i in POINTS:
            probe = game.copy()
            try:
                probe.apply(Place(i))
            except IllegalMove:
                assert i not in legal, TEXT_OF[i]
            else:
                assert i in legal, TEXT_OF[i]


@pytest.mark.parametrize("block", range(8))
def test_balance_random_playouts_invariants(block: int) -> None:
    """Random playouts over many seeds, invariants after every action."""
    for seed in range(block * 25, block * 25 + 25):
        rng = random.Random(seed)
        game = BalanceGame(seed=seed)
        check_invariants(game, seed, full=True)
        while game.to_move is not None:
            game.apply(rng.choice(game.legal_actions()))
            check_invariants(game, seed, full=seed % 5 == 0)


def test_balance_random_playouts_end_and_score() -> None:
    """Every playout ends by bag-empty or failure, with score = min(H, D) or 0."""
    reasons: Counter[str] = Counter()
    for seed in range(300):
        game = random_game(seed, random.Random(seed))
        out = game.outcome()
        assert out is not None
        reasons[out.reason] += 1
        h, d = counts(game)
        if out.reason == "bag-empty":
            assert game.plies == 20 and out.score == min(h, d)
        else:
            assert out.reason == "failure" and out.score == 0 and game.plies < 20
    assert reasons["bag-empty"] and reasons["failure"]


# --- hypothesis ----------------------------------------------------------------------------------
@given(st.sampled_from(POINTS))
def test_balance_hypothesis_action_text_round_trip(index: int) -> None:
    """parse_action(format_action(a)) == a for every point."""
    game = BalanceGame(seed=0)
    action = Place(index)
    assert game.parse_action(game.format_action(action)) == action


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**53 - 1), st.lists(st.integers(0, 10_000), max_size=20))
def test_balance_hypothesis_game_text_round_trip(seed: int, picks: list[int]) -> None:
    """Any seeded game's text replays to the same game."""
    game = BalanceGame(seed=seed)
    for pick in picks:
        if game.to_move is None:
            break
        legal = game.legal_actions()
        game.apply(legal[pick % len(legal)])
    again = BalanceGame.from_text(game.to_text(), seed=seed)
    assert again.state_key() == game.state_key() and again.outcome() == game.outcome()


_FRAGMENTS = st.sampled_from(["(", ")", ",", ";", "-", "0", "1", "3", "8", "9", " ", "\n", "x"])


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=40), st.lists(_FRAGMENTS, max_size=40).map("".join)))
def test_balance_hypothesis_bad_text_raises_only_typed_errors(text: str) -> None:
    """Arbitrary text either replays or raises InvalidMove/IllegalMove, nothing else."""
    try:
        game = BalanceGame.from_text(text, seed=17)
    except (InvalidMove, IllegalMove):
        return
    assert BalanceGame.from_text(game.to_text(), seed=17).state_key() == game.state_key()
