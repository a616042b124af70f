"""What the board editor may set besides the board (issue #23), from the engine: each
seat's reserve codes (a hidden hand's count for Ancient), the pile it sets (Balance's
bag), the words for them, and a typed pile read into tile codes."""

from __future__ import annotations

import pytest

from paisho_core import setups
from paisho_core.registry import setup_rules, variant_names


@pytest.mark.parametrize("variant", variant_names())
def test_every_variant_says_what_the_editor_sets(variant: str) -> None:
    rules = setup_rules(variant)
    for setup in (setups.empty(variant), setups.standard(variant)):
        terms = setups.terms(setup)
        assert terms is rules.terms and terms.reserve and terms.default
        palette_codes = {t.code for t in setups.palette(setup)}
        for seat in range(len(setups.reserves(setup))):
            codes = setups.reserve_codes(setup, seat)
            assert set(codes) <= palette_codes | {setups.HIDDEN}
            # what the reserve in effect holds can be shown by the editor
            held = {c for c, n in setups.reserves(setup)[seat] if n}
            assert held <= set(codes)
        assert setups.reserve_codes(setup, 99) == ()
        pile = setups.shown_pile(setup)
        assert (pile is not None) == bool(terms.pile)
        if pile is not None:
            assert terms.pile_default
            assert set(pile) <= palette_codes


def test_skud_and_wiki_reserves_offer_every_tile_of_the_set() -> None:
    for variant in ("skud", "wiki"):
        setup = setups.standard(variant)
        for seat in (0, 1):
            expected = tuple(t.code for t in setups.palette(setup) if t.owner == seat)
            assert setups.reserve_codes(setup, seat) == expected
        assert setups.terms(setup).pile == ""


def test_ancient_shows_the_movers_hand_and_counts_the_others() -> None:
    """ancient-r1, -r2: the public board plus the hand of the seat to move."""
    setup = setups.standard("ancient")
    mover = setup.to_move
    assert setups.reserve_codes(setup, mover) == tuple(t.code for t in setups.palette(setup))
    for seat in range(setup.seats):
        if seat != mover:
            assert setups.reserve_codes(setup, seat) == (setups.HIDDEN,)
    assert setups.terms(setup).reserve == "hand"
    assert setups.shown_pile(setup) is None
    # the editor's edits: one hidden tile fewer, one shown tile more, both accepted
    other = (mover + 1) % setup.seats
    hidden = dict(setups.reserves(setup)[other])[setups.HIDDEN]
    edited = setups.set_reserve(setup, other, setups.HIDDEN, hidden - 1)
    edited = setups.set_reserve(edited, mover, "L", 1)
    assert setups.check(edited) == []


def test_balance_has_no_reserve_but_a_bag() -> None:
    """balance-r1: the bag."""
    setup = setups.empty("balance")
    assert setups.reserve_codes(setup, 0) == ()
    assert setups.terms(setup).pile == "bag"
    pile = setups.shown_pile(setup)
    assert pile is not None and len(pile) > 10
    assert setups.shown_pile(setups.set_pile(setup, ("S", "K"))) == ("S", "K")


def test_a_typed_pile_is_read_into_codes() -> None:
    balance = setups.empty("balance")
    assert setups.parse_pile(balance, "SKD, L  p") == ("S", "K", "D", "L", "p")
    assert setups.parse_pile(balance, "") == ()
    assert setups.check(setups.set_pile(balance, setups.parse_pile(balance, "S K"))) == []
    bad = setups.set_pile(balance, setups.parse_pile(balance, "S Zz"))
    assert any("'Zz'" in str(p) for p in setups.check(bad))
    ancient = setups.empty("ancient")  # codes of two letters, read longest first
    assert setups.parse_pile(ancient, "JaWJ L") == ("Ja", "WJ", "L")
