"""Balance rules, one test per ruling (R1–R6) and per row of the interaction table."""

from __future__ import annotations

import pytest
from test_balance_helpers import AVATAR_PAIR, counts, legal_texts, play, spec_counts

from paisho_core.balance import BalanceGame
from paisho_core.balance.bag import bag_for_seed
from paisho_core.balance.game import result_of
from paisho_core.balance.tiles import CODES
from paisho_core.errors import IllegalMove, InvalidMove

DIAGONAL_POINTS = {f"({sx * k},{sy * k})" for k in range(1, 7) for sx in (1, -1) for sy in (1, -1)}
ORTHOGONAL_POINTS = {
    f"({x},{y})" for k in range(1, 9) for x, y in ((0, k), (0, -k), (k, 0), (-k, 0))
}
GATES = {"(0,8)", "(0,-8)", "(8,0)", "(-8,0)"}


def bag_text(seed: int) -> str:
    return "".join(CODES[k] for k in bag_for_seed(seed))


# --- setup and R1 --------------------------------------------------------------------------------
def test_balance_setup_avatar_alone_on_centre() -> None:
    """The Avatar starts on the centre; nothing else is on the board, counts are 0/0."""
    game = BalanceGame(seed=5)
    assert [(str(t.point), t.code, t.owner) for t in game.board_tiles()] == [("(0,0)", "A", None)]
    assert counts(game) == (0, 0)
    assert game.bag_left == 19 and game.drawn is not None


def test_balance_r1_bag_order_pinned_for_seeds_1_and_42() -> None:
    """R1: the bag order is fixed by the seed (SplitMix64 shuffle), pinned as data."""
    assert bag_text(1) == "BKSBLDDPKKBBSDLSPKSD"
    assert bag_text(42) == "PBSSPLDDLDSBKSKBDBKK"
    assert bag_text(0) == "SKDDLDKBSKDLSPBSBBPK"


def test_balance_r1_bag_is_the_twenty_tiles_and_depends_on_seed() -> None:
    """R1: every seed's bag holds B,D,S,K ×4 and P,L ×2; seeds give different orders."""
    bags = {bag_text(s) for s in range(300)}
    for bag in bags:
        assert sorted(bag) == sorted("BBBBDDDDSSSSKKKKPPLL")
    assert len(bags) == 300
    assert bag_text(2**53 - 1) == bag_text(2**53 - 1)


def test_balance_r1_same_seed_same_game() -> None:
    """R1: a game is its seed plus its placements: the drawn tiles follow the bag."""
    game = BalanceGame(seed=42)
    drawn = []
    while game.to_move is not None:
        drawn.append(game.drawn)
        game.apply(game.legal_actions()[-1])
    assert "".join(d for d in drawn if d) == bag_text(42)[: len(drawn)]


@pytest.mark.parametrize("seed", [-1, 2**53, 1.5, "7", True, None])
def test_balance_r1_bad_seed_is_refused(seed: object) -> None:
    """R1: seeds are integers 0 <= seed < 2**53 (JS-safe); anything else is InvalidMove."""
    with pytest.raises(InvalidMove):
        BalanceGame(seed=seed)  # type: ignore[arg-type]


# --- R2: connected to the Avatar -----------------------------------------------------------------
def test_balance_r2_first_tile_may_go_on_any_ray_point() -> None:
    """R2: at the start every point of the 8 rays is connected (Gates: Sky Bison only)."""
    assert legal_texts(play("B")) == (ORTHOGONAL_POINTS | DIAGONAL_POINTS) - GATES
    assert legal_texts(play("S")) == ORTHOGONAL_POINTS | DIAGONAL_POINTS
    assert len(ORTHOGONAL_POINTS | DIAGONAL_POINTS) == 56


def test_balance_r2_blocked_ray() -> None:
    """R2: a tile on a ray hides the points beyond it; the error names the blocker."""
    game = play("BK", "(0,3)")
    legal = legal_texts(game)
    assert {"(0,1)", "(0,2)"} <= legal
    assert not legal & {"(0,4)", "(0,5)", "(0,6)", "(0,7)"}
    with pytest.raises(IllegalMove, match=r"ply 2: Koi cannot go on \(0,5\):.*\(0,3\).*R2"):
        game.play("(0,5)")


def test_balance_r2_blocked_diagonal_ray() -> None:
    """R2: the diagonals are rays too; a tile at (-2,2) hides (-3,3) … (-6,6)."""
    game = play("SB", "(-2,2)")
    legal = legal_texts(game)
    assert "(-1,1)" in legal
    assert not legal & {"(-3,3)", "(-4,4)", "(-5,5)", "(-6,6)"}


def test_balance_r2_point_off_the_rays_is_illegal() -> None:
    """R2: a point on no ray of the Avatar is never legal, with a message naming R2."""
    with pytest.raises(IllegalMove, match=r"ply 1: Badgermole cannot go on \(1,2\):.*R2"):
        play("B").play("(1,2)")


def test_balance_occupied_point_is_illegal() -> None:
    """A tile goes on an empty point: the Avatar's point and placed tiles are refused."""
    with pytest.raises(IllegalMove, match=r"occupied by the Avatar"):
        play("B").play("(0,0)")


def test_balance_r2_tile_between_reopens_nothing_but_inner_points() -> None:
    """R2: placing nearer the Avatar only ever shrinks a ray's connected points."""
    game = play("BBB", "(5,0)", "(2,0)")
    assert {"(1,0)"} == {t for t in legal_texts(game) if t.endswith(",0)") and t[1] != "-"}


# --- R3: zones of Dragon and Koi -----------------------------------------------------------------
@pytest.mark.parametrize("point", ["(-1,1)", "(-3,3)", "(1,-1)", "(2,-2)"])
def test_balance_r3_dragon_not_wholly_inside_white(point: str) -> None:
    """R3: a Dragon may not go on a point wholly inside a White garden."""
    with pytest.raises(IllegalMove, match=r"Dragon cannot go on .*White garden \(balance R3\)"):
        play("D").play(point)


@pytest.mark.parametrize("point", ["(1,1)", "(3,3)", "(-1,-1)", "(-2,-2)"])
def test_balance_r3_koi_not_wholly_inside_red(point: str) -> None:
    """R3: a Koi may not go on a point wholly inside a Red garden."""
    with pytest.raises(IllegalMove, match=r"Koi cannot go on .*Red garden \(balance R3\)"):
        play("K").play(point)


@pytest.mark.parametrize(
    "point",
    # midlines are red + white (both), (0,7)/(7,0) red+white+neutral, d >= 8 neutral
    [
        "(0,1)",
        "(0,-4)",
        "(3,0)",
        "(-5,0)",
        "(0,7)",
        "(7,0)",
        "(-7,0)",
        "(0,-7)",
        "(-4,4)",
        "(4,-4)",
        "(6,-6)",
        "(-5,5)",
        "(4,4)",
        "(-6,-6)",
    ],
)
def test_balance_r3_border_and_neutral_points_take_dragon_and_koi(point: str) -> None:
    """R3: a point in every area it touches: borders and Neutral accept both colours."""
    for tile in "DK":
        game = play(tile)
        game.play(point)
        assert counts(game) == (1, 1)


def test_balance_r3_garden_points_of_own_colour() -> None:
    """R3: a Dragon may go in a Red garden, a Koi in a White garden."""
    assert "(1,1)" in legal_texts(play("D")) and "(-1,-1)" in legal_texts(play("D"))
    assert "(-1,1)" in legal_texts(play("K")) and "(1,-1)" in legal_texts(play("K"))


def test_balance_r3_zone_message_lists_every_broken_rule() -> None:
    """A point that is both unconnected and in the wrong garden names R2 and R3."""
    game = play("SD", "(-1,1)")
    with pytest.raises(IllegalMove, match=r"R2.*White garden \(balance R3\)"):
        game.play("(-3,3)")


# --- Gates ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("tile", "BDKPL")
@pytest.mark.parametrize("gate", sorted(GATES))
def test_balance_gates_only_for_sky_bison(tile: str, gate: str) -> None:
    """Only a Sky Bison may be placed in a Gate."""
    with pytest.raises(IllegalMove, match=r"only a Sky Bison may go on a Gate"):
        play(tile).play(gate)


@pytest.mark.parametrize("gate", sorted(GATES))
def test_balance_gates_take_sky_bison_which_interacts(gate: str) -> None:
    """A Sky Bison may go on a Gate; it interacts like any tile (our Gate decision)."""
    game = play("S", gate)
    assert counts(game) == AVATAR_PAIR["S"]


def test_balance_gate_tile_is_cut_and_paired_by_a_later_tile() -> None:
    """A Sky Bison on the north Gate pairs with a Dragon placed below it (harmony)."""
    game = play("SD", "(0,8)", "(0,3)")
    # A–S ended (R6); A–D 1H+1D, D–S 1H
    assert counts(game) == (2, 1)


# --- the table -----------------------------------------------------------------------------------
TABLE_ROWS = [
    ("B", "D", (1, 0), "badgermole_dragon_harmony"),
    ("B", "K", (1, 0), "badgermole_koi_harmony"),
    ("D", "S", (1, 0), "dragon_skybison_harmony"),
    ("S", "K", (1, 0), "skybison_koi_harmony"),
    ("B", "S", (0, 1), "badgermole_skybison_disharmony"),
    ("D", "K", (0, 1), "dragon_koi_disharmony"),
    ("B", "B", (0, 0), "same_kind_badgermole"),
    ("D", "D", (0, 0), "same_kind_dragon"),
    ("S", "S", (0, 0), "same_kind_skybison"),
    ("K", "K", (0, 0), "same_kind_koi"),
    ("P", "B", (0, 1), "spirit_basic"),
    ("K", "P", (0, 1), "basic_spirit"),
    ("L", "D", (1, 0), "lotus_basic"),
    ("S", "L", (1, 0), "basic_lotus"),
    ("P", "L", (1, 1), "r5_spirit_lotus"),
    ("L", "P", (1, 1), "r5_lotus_spirit"),
    ("P", "P", (0, 1), "r5_spirit_spirit"),
    ("L", "L", (1, 0), "r5_lotus_lotus"),
]


@pytest.mark.parametrize(
    ("first", "second", "pair"), [r[:3] for r in TABLE_ROWS], ids=[r[3] for r in TABLE_ROWS]
)
def test_balance_table_row(first: str, second: str, pair: tuple[int, int]) -> None:
    """Each table row: tiles on (0,5) and (5,5) share row 5 (and each sees the Avatar)."""
    game = play(first + second, "(0,5)", "(5,5)")
    a1, a2 = AVATAR_PAIR[first], AVATAR_PAIR[second]
    assert counts(game) == (a1[0] + a2[0] + pair[0], a1[1] + a2[1] + pair[1])


@pytest.mark.parametrize(
    ("tile", "expected"),
    [("B", (1, 1)), ("D", (1, 1)), ("S", (1, 1)), ("K", (1, 1)), ("P", (1, 2)), ("L", (2, 1))],
)
@pytest.mark.parametrize("point", ["(0,4)", "(-6,0)", "(5,5)", "(-4,-4)"])
def test_balance_avatar_pairs(tile: str, expected: tuple[int, int], point: str) -> None:
    """Avatar–basic 1H+1D, Avatar–Spirit 1H+2D, Avatar–Lotus 2H+1D, on lines and diagonals."""
    game = play(tile, point)
    assert counts(game) == expected


def test_balance_avatar_spirit() -> None:
    """Avatar–Spirit: one harmony and two disharmonies."""
    assert counts(play("P", "(0,2)")) == (1, 2)


def test_balance_avatar_lotus() -> None:
    """Avatar–White Lotus: two harmonies and one disharmony."""
    assert counts(play("L", "(2,-2)")) == (2, 1)


def test_balance_r5_spirit_lotus() -> None:
    """R5: Spirit–Lotus each keep their nature: 1H + 1D (on row 5)."""
    assert counts(play("PL", "(0,5)", "(-5,5)")) == (1 + 2 + 1, 2 + 1 + 1)


def test_balance_r5_spirit_spirit() -> None:
    """R5: Spirit–Spirit: 1 disharmony (on column 3)."""
    assert counts(play("PP", "(3,0)", "(3,3)")) == (1 + 1, 2 + 2 + 1)


def test_balance_r5_lotus_lotus() -> None:
    """R5: Lotus–Lotus: 1 harmony (on column -4)."""
    assert counts(play("LL", "(-4,0)", "(-4,-4)")) == (2 + 2 + 1, 1 + 1)


# --- Avatar diagonals ----------------------------------------------------------------------------
def test_balance_avatar_interacts_along_all_four_diagonals() -> None:
    """The Avatar sees the first tile along each diagonal (and nothing else does)."""
    game = play("BBBB", "(2,2)", "(-3,3)", "(-1,-1)", "(4,-4)")
    assert counts(game) == (4, 4)


def test_balance_diagonals_only_for_the_avatar() -> None:
    """Two tiles on a diagonal do not interact: only the Avatar uses diagonals."""
    # Badgermole–Dragon would be a harmony on a line; on a diagonal it is nothing, and the
    # Dragon cuts the Avatar–Badgermole diagonal (R6).
    game = play("BD", "(4,4)", "(2,2)")
    assert counts(game) == (1, 1)
    assert spec_counts(game) == (1, 1)


def test_balance_basic_tiles_interact_only_along_rows_and_columns() -> None:
    """(2,2) and (0,4) share neither row nor column: only their Avatar pairs count."""
    assert counts(play("BD", "(2,2)", "(0,4)")) == (2, 2)


# --- R6: counts of the board as it stands --------------------------------------------------------
def test_balance_r6_later_tile_between_ends_a_connection() -> None:
    """R6: a Dragon placed between the Avatar and a Koi ends Avatar–Koi."""
    game = play("KD", "(0,6)", "(0,3)")
    # A–K (1,1) is gone; A–D (1,1) and D–K disharmony (0,1)
    assert counts(game) == (1, 2)
    pairs = {(str(a), str(b)) for a, b, _ in game.disharmony_lines()}
    assert pairs == {("(0,0)", "(0,3)"), ("(0,3)", "(0,6)")}


def test_balance_r6_later_tile_cuts_a_column_pair() -> None:
    """R6: a Lotus on (5,0) ends the Badgermole–Sky Bison disharmony along column 5."""
    game = play("BSL", "(5,5)", "(5,-5)")
    assert counts(game) == (2, 3)  # A–B, A–S and B–S
    game.play("(5,0)")
    # + A–L (2,1), L–B (1,0), L–S (1,0); − B–S (0,1)
    assert counts(game) == (6, 3)
    assert spec_counts(game) == (6, 3)


def test_balance_r6_later_tile_ends_avatar_diagonal() -> None:
    """R6: a tile nearer the Avatar on a diagonal ends the outer tile's Avatar pair."""
    game = play("LP", "(-5,-5)", "(-2,-2)")
    assert counts(game) == AVATAR_PAIR["P"]


# --- end of game ---------------------------------------------------------------------------------
def test_balance_failure_when_drawn_tile_has_no_point() -> None:
    """Failure: the 9th tile finds every ray blocked next to the Avatar; score 0."""
    ring = ["(0,1)", "(1,1)", "(1,0)", "(1,-1)", "(0,-1)", "(-1,-1)", "(-1,0)", "(-1,1)"]
    game = play("SSSSSSSSB", *ring)
    out = game.outcome()
    assert out is not None
    assert (out.reason, out.score, out.result, out.winners) == ("failure", 0, "failure", ())
    assert game.to_move is None and game.legal_actions() == []
    assert game.extra_json()["result"] == "failure"
    assert game.extra_json()["score"] == 0 and game.drawn == "B"
    with pytest.raises(IllegalMove, match="after the end of the game"):
        game.play("(0,2)")


def test_balance_failure_by_zone_dragon_with_only_white_points() -> None:
    """Failure by R3: only wholly-white points remain, and a Dragon is drawn."""
    blocks = ["(0,1)", "(1,0)", "(0,-1)", "(-1,0)", "(1,1)", "(1,-1)", "(-1,-1)", "(-4,4)"]
    dragon = play("SSSSSSSSD", *blocks)
    assert dragon.outcome() is not None and dragon.outcome().result == "failure"  # type: ignore[union-attr]
    koi = play("SSSSSSSSK", *blocks)
    assert koi.outcome() is None
    assert legal_texts(koi) == {"(-1,1)", "(-2,2)", "(-3,3)"}


def test_balance_failure_reached_from_a_seed() -> None:
    """Failure in a real seeded game: block the 8 points around the Avatar first."""
    ring = {"(0,1)", "(1,1)", "(1,0)", "(1,-1)", "(0,-1)", "(-1,-1)", "(-1,0)", "(-1,1)"}
    for seed in range(50):
        game = BalanceGame(seed=seed)
        for _ in range(8):
            choices = [a for a in game.legal_actions() if game.format_action(a) in ring]
            if not choices:
                break
            game.apply(choices[0])
        else:
            assert game.plies == 8
            assert game.outcome() is not None
            assert game.outcome().reason == "failure"  # type: ignore[union-attr]
            text = game.to_text()
            assert BalanceGame.from_text(text, seed=seed).outcome() == game.outcome()
            return
    pytest.fail("no seed could be blocked")


def test_balance_empty_bag_balance() -> None:
    """Empty bag with H == D: Balance, score = min(H, D)."""
    out = play("B", "(0,1)").outcome()
    assert out is not None
    assert (out.reason, out.score, out.result) == ("bag-empty", 1, "balance")


def test_balance_empty_bag_unbalance() -> None:
    """Empty bag with H != D: Unbalance, score = the smaller count."""
    out = play("LL", "(0,1)", "(0,-1)").outcome()  # two Avatar–Lotus pairs: 4H, 2D
    assert out is not None
    assert (out.reason, out.score, out.result) == ("bag-empty", 2, "unbalance")


def test_balance_result_classes() -> None:
    """Perfect Balance is exactly 20/20 (as the spec says); 21/21 is a Balance."""
    assert result_of(20, 20) == "perfect-balance"
    assert result_of(21, 21) == "balance"
    assert result_of(3, 3) == "balance"
    assert result_of(20, 21) == "unbalance"


def test_balance_perfect_balance_in_a_seeded_game() -> None:
    """A real game ending 20/20 is a Perfect Balance with score 20."""
    from paisho_core.balance.solver import greedy_placement

    for seed in range(200):
        game = BalanceGame(seed=seed)
        while game.to_move is not None:
            game.apply(greedy_placement(game))  # type: ignore[arg-type]
        if tuple(game.counts()) == (20, 20):
            out = game.outcome()
            assert out is not None
            assert (out.reason, out.score, out.result) == ("bag-empty", 20, "perfect-balance")
            assert game.extra_json()["result"] == "perfect-balance"
            return
    pytest.fail("no 20/20 game found")
