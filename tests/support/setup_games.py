"""Random legal set-ups from the Studio's model and games played on from them, shared by
the engine's and the page's generated record tests.

:func:`random_setup` takes a random game's position (``setups.of_game``) with the seat
asked for to move, then puts a few palette tiles (each kept only while the set-up stays
legal by ``setups.check``); :func:`play_on` plays random legal actions and then a few by
the computer; :func:`check_letters` says each record entry names the player who made it.
"""

from __future__ import annotations

import random
import re
from typing import Any

from paisho_core import ai, setups, starts
from paisho_core.protocol import Game
from paisho_core.registry import get_variant, variant_names

AnyGame = Game[Any]
LETTERS = {"host": "H", "guest": "G"}
_PREFIX = re.compile(r"\d+([HG])\.|\d+\.P(\d+):")


def _seats(variant: str) -> list[tuple[int, int | None]]:
    info = get_variant(variant).info
    if info.min_players == info.max_players:
        return [(info.min_players, None)]
    return [(n, n) for n in range(info.min_players, info.max_players + 1)]


CASES = [
    (variant, players, seat)
    for variant in variant_names()
    for seats, players in _seats(variant)
    for seat in range(1 if variant == "balance" else seats)
]
"""Every variant, every number of seats it offers (Ancient: 2 to 4), every seat to move."""


def new(variant: str, players: int | None, rng: random.Random) -> AnyGame:
    """A new game of ``variant`` (a random seed where it takes one)."""
    cls = get_variant(variant)
    seed = rng.randrange(10**6) if cls.info.uses_seed else None
    return cls((), seed) if players is None else cls((), seed, players)


def random_setup(variant: str, players: int | None, seat: int,
                 rng: random.Random) -> setups.Setup:
    """A legal set-up with ``seat`` to move: a random game's position, then a few tiles
    put from the palette (each kept only when the set-up stays legal)."""
    for _ in range(80):
        game = new(variant, players, rng)
        for _ in range(rng.randrange(30)):
            actions = game.legal_actions()
            if game.to_move is None or not actions:
                break
            game.apply(rng.choice(actions))
        if game.to_move != seat:
            continue
        setup = setups.of_game(game)
        for _ in range(rng.randrange(3)):
            tile = rng.choice(setups.palette(setup) or (None,))
            if tile is None:
                break
            free = sorted(p for p in tile.points if setup.at(p) is None)
            if free:
                edited = setups.put(setup, rng.choice(free), tile.code, tile.owner)
                setup = setup if setups.check(edited) else edited
        if not setups.check(setup):
            return setup
    raise AssertionError(f"no {variant} set-up with seat {seat} to move")  # pragma: no cover


def play_on(game: AnyGame, rng: random.Random, moves: int, computer: int,
            level: str = "easy") -> None:
    """``moves`` random legal actions, then ``computer`` by the computer at ``level``;
    sometimes the player to move resigns."""
    for n in range(moves + computer):
        if game.to_move is None or not game.legal_actions():
            return
        if n < moves:
            game.apply(rng.choice(game.legal_actions()))
        else:
            game.apply(ai.choose_action(game, rng.randrange(100), level, max_nodes=300))
    if game.to_move is not None and len(game.players) > 1 and rng.random() < 0.2:
        game.resign()


def letter(game: AnyGame, seat: int | None) -> str:
    """The letter (``H``, ``G``) or seat number (``1``…) a record writes for ``seat``."""
    name = game.players[seat] if seat is not None else ""
    return LETTERS.get(name, str((seat or 0) + 1))


def entry_letter(entry: str) -> str | None:
    """The player an entry of the record names (``None``: Balance numbers nothing)."""
    match = _PREFIX.match(entry)
    if match is None:
        return None
    return match.group(1) or match.group(2)


def same_game(a: AnyGame, b: AnyGame) -> None:
    """The same game: record, start, position, player to move, result."""
    assert b.to_text() == a.to_text()
    assert starts.of(b) == starts.of(a)
    assert b.state_key() == a.state_key()
    assert b.to_move == a.to_move
    assert b.outcome() == a.outcome()
