"""The Ancient computer cannot cheat (``rules.html#ancient-reading``, hidden hands): what a
seat knows, the deals consistent with it, and the same choice at every level for two
deals that differ only in what the seat cannot see."""

from __future__ import annotations

import random

from paisho_core import new_game
from paisho_core.ai import analyse, choose_action
from paisho_core.ancient import AncientGame
from paisho_core.ancient.knowledge import knowledge
from paisho_core.ancient.tiles import DRAGON, KINDS, POOL_COUNTS
from paisho_core.determinized import sample, vote

LEVELS = ("easy", "medium", "hard")


def twin(game: AncientGame, seat: int, rng: random.Random) -> AncientGame:
    """The same public history and own hand; the tiles ``seat`` cannot see (the others'
    hands but for their known tiles, and the pile still to draw) dealt otherwise."""
    other = game.copy()
    pos = other.position
    hidden: list[int] = []
    for s in range(pos.n):
        if s != seat:
            for kind in KINDS:
                hidden += [kind] * (pos.hands[s][kind] - pos.known[s][kind])
    hidden += pos.pile[pos.drawn :]
    before = hidden[:]
    for _ in range(10):
        rng.shuffle(hidden)
        if hidden != before:
            break
    at = 0
    for s in range(pos.n):
        if s != seat:
            size = sum(pos.hands[s]) - sum(pos.known[s])
            row = list(pos.known[s])
            for kind in hidden[at : at + size]:
                row[kind] += 1
            pos.hands[s] = row
            at += size
    pos.pile = tuple(pos.pile[: pos.drawn]) + tuple(hidden[at:])
    return other


def positions(players: int, seed: int, plies: int) -> list[AncientGame]:
    """Positions along a game played by Medium seats (every few actions)."""
    game = new_game("ancient", ["target=5"], seed, players=players)
    assert isinstance(game, AncientGame)
    out = []
    for ply in range(plies):
        if game.to_move is None:
            break
        if ply % 3 == 0:
            out.append(game.copy())
        game.apply(choose_action(game, seed=ply, level="medium"))
    return out


def test_knowledge_counts_every_tile_once_and_sees_no_hidden_one() -> None:
    for game in positions(3, 11, 9):
        seat = game.to_move
        assert seat is not None
        know = knowledge(game, seat)
        seen = sum(1 for v in game.cells if v) + len(game.discards)
        seen += sum(sum(row) for row in know.known)
        assert seen + len(know.unseen) == sum(POOL_COUNTS.values())
        assert len(know.unseen) == sum(know.hidden) + know.pile_left
        assert knowledge(twin(game, seat, random.Random(1)), seat) == know


def test_a_deal_keeps_sizes_own_hand_and_known_tiles() -> None:
    game = positions(4, 5, 10)[-1]
    seat = game.to_move
    assert seat is not None
    game.position.known[(seat + 1) % 4][DRAGON] = 0  # no capture yet: nothing known
    deal = game.determinize(seat, random.Random(3))
    assert deal.seed is None
    assert deal.position.hands[seat] == game.position.hands[seat]
    for s in range(4):
        assert sum(deal.position.hands[s]) == sum(game.position.hands[s])
    assert deal.pile_left == game.pile_left
    assert deal.legal_actions() == game.legal_actions()
    assert deal.cells == game.cells


def test_a_tile_a_dragon_took_stays_known_in_that_hand() -> None:
    # P1's Dragon takes the Jasmine next to it (R11); P2 then knows P1 holds a Jasmine
    game = AncientGame.setup({"(1,1)": "D", "(2,1)": "Ja"}, ["Ro", "Li Li"], target=9,
                             pile="Ch Ch Ch")  # fmt: skip
    game.play("Ro(0,-5)")
    game.play("(1,1)-(2,1)")
    assert game.position.known[0][1] == 1
    for k in range(5):
        deal = game.determinize(1, random.Random(k))
        assert deal.position.hands[0][1] >= 1


def test_two_deals_that_differ_only_in_hidden_tiles_get_the_same_choice() -> None:
    # the cheating test: same public history, same own hand, other hands and pile differ
    checked = 0
    for players, seed in ((2, 3), (3, 8), (4, 2)):
        for game in positions(players, seed, 9):
            seat = game.to_move
            assert seat is not None
            other = twin(game, seat, random.Random(seed))
            assert other.position.hands[seat] == game.position.hands[seat]
            for level in LEVELS:
                mine = choose_action(game, seed=7, level=level)
                theirs = choose_action(other, seed=7, level=level)
                assert mine == theirs, (level, players, game.to_text())
            checked += other.position.hands != game.position.hands
        assert analyse(game, 7, "hard").explanation == analyse(other, 7, "hard").explanation
    assert checked >= 5


def test_vote_sums_scores_over_samples_and_keeps_the_first_of_equals() -> None:
    game = positions(2, 4, 1)[0]
    seat = game.to_move
    assert seat is not None
    firsts = game.legal_actions()[:3]
    calls: list[int] = []

    def score(deal: object, cands: object) -> list[float]:
        calls.append(1)
        return [1.0, 2.0, 2.0]

    best, totals = vote(game, seat, firsts, 4, random.Random(0), score)
    assert best == firsts[1] and totals == [4.0, 8.0, 8.0] and len(calls) == 4
    skud = new_game("skud")
    assert sample(skud, 0, random.Random(0)).state_key() == skud.state_key()


def test_the_seat_view_holds_no_hidden_tile_and_makes_back_the_same_choices() -> None:
    # what the page's worker is sent for a hidden-hands game: the mover's view only
    import json

    from paisho_core.ancient.computer import COMPUTER
    from paisho_core.ancient.seatview import from_view, to_view

    for players, seed in ((2, 6), (4, 9)):
        for game in positions(players, seed, 9)[1:]:
            seat = game.to_move
            assert seat is not None
            view = to_view(game, seat)
            assert json.dumps(view) == json.dumps(to_view(twin(game, seat, random.Random(2)), seat))
            assert "seed" not in view
            back = COMPUTER.from_seat_view(json.loads(json.dumps(view)))
            assert back.to_text() == game.to_text() and back.seed is None
            assert back.legal_actions() == game.legal_actions()
            assert back.harmonies == game.harmonies and back.step == game.step
            assert knowledge(back, seat) == knowledge(game, seat)
            for level in LEVELS:
                assert choose_action(back, seed=4, level=level) == choose_action(
                    game, seed=4, level=level
                ), level
    try:
        from_view({"players": 9})
    except ValueError as error:
        assert "players" in str(error)
    else:
        raise AssertionError("a bad view was accepted")
