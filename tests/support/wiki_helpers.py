"""Helpers for the Wiki tests: legal texts, tiles by point, harmony pairs."""

from __future__ import annotations

import random

from paisho_core.board import IS_GATE, POINT_OF, POINTS, SURROUNDING
from paisho_core.wiki import CARRY, MOVE, PUSH, RESIGN, TURN, WikiAction, WikiGame, rules
from paisho_core.wiki.tiles import FLOWER_KINDS, FULL_SET, KIND_OF, KINDS, OWNER_OF


def legal_texts(game: WikiGame) -> set[str]:
    """The legal actions' notation."""
    return {game.format_action(a) for a in game.legal_actions()}


def moves_from(game: WikiGame, point: str) -> set[str]:
    """Destinations of the legal plain moves from ``point``."""
    return {t[len(point) + 1 :] for t in legal_texts(game) if t.startswith(point + "-")}


def tile_at(game: WikiGame, point: str) -> str | None:
    """``HJa``-style text of the tile on ``point``, or None."""
    for t in game.board_tiles():
        if str(t.point) == point:
            return "HG"[t.owner or 0] + t.code
    return None


def harmonies(game: WikiGame) -> set[tuple[str, str, str]]:
    """The harmonies as ``(a, b, "host"|"guest")``."""
    return {(str(a), str(b), game.players[o]) for a, b, o in game.harmony_lines()}


def disharmonies(game: WikiGame) -> set[tuple[str, str]]:
    """The disharmonies as ``(a, b)``."""
    return {(str(a), str(b)) for a, b, _ in game.disharmony_lines()}


def blocked(game: WikiGame) -> set[tuple[str, str, str]]:
    """The blocked harmonies (wiki R8b) as ``(a, b, "host"|"guest")``."""
    return {(str(a), str(b), game.players[o]) for a, b, o in game.blocked_lines()}


def play(game: WikiGame, *texts: str) -> None:
    """Play actions given in notation."""
    for text in texts:
        game.play(text)


def empty_reserves(game: WikiGame) -> None:
    """Take every tile out of both reserves (for positions about moves only)."""
    game.reserve = [[0] * 12, [0] * 12]
    game._legal = None
    game._legal_set = None


# --- random playouts (tests/engine/test_playouts.py, test_wiki_playouts.py) ---------------
PLAYOUT_PLIES = 300
"""Random Wiki games practically never end by themselves (a chain around the centre, 33
captured flowers or two passes in a row), so a playout's player to move resigns after
this many plies."""


def wiki_policy(rng: random.Random, game: WikiGame) -> WikiAction:
    """Random, but capturing more often than uniform; resigns after :data:`PLAYOUT_PLIES`."""
    if len(game.history) >= PLAYOUT_PLIES:
        return WikiAction(RESIGN)
    actions = game.legal_actions()
    if rng.random() < 0.5:
        captures = [a for a in actions if a.kind == MOVE and game.board[a.dst]]
        if captures:
            return rng.choice(captures)
    return rng.choice(actions)


def wiki_invariants(game: WikiGame) -> None:
    """Tile conservation, no tile on a Gate but at entry, scores equal to a recount."""
    counts = [[0] * KINDS, [0] * KINDS]
    for p in POINTS:
        v = game.board[p]
        if v:
            counts[OWNER_OF[v]][KIND_OF[v]] += 1
            if IS_GATE[p]:
                assert not game.moved[p], f"a moved tile on the Gate {POINT_OF[p]} (R4)"
                assert KIND_OF[v] in FLOWER_KINDS, "only flowers enter on a Gate (R3)"
        else:
            assert not game.moved[p]
    for player in (0, 1):
        for kind in range(KINDS):
            total = counts[player][kind] + game.reserve[player][kind]
            total += game.captured[player][kind]
            assert total == FULL_SET[kind], f"tile conservation: player {player} kind {kind}"
        assert sum(FULL_SET) == 54
    found_h, found_d = rules.pairs(game.board, game.moved)
    assert found_h == game.harmony_list
    assert [(a, b) for a, b, _ in game.disharmony_list] == found_d
    drained = rules.drained_points(game.board)
    found_b = rules.blocked_harmonies(game.board, game.moved, drained)
    assert rules.scores(game.board, found_h, game.disharmony_list, blocked=found_b) == game.scores()
    for row in game.scores():
        assert row["total"] == sum(row[t] for t in rules.TERMS)


def moved_tiles_were_free(before: WikiGame, action: WikiAction) -> None:
    """No drained tile moved or was moved (wiki R6)."""
    drained = before.drained()
    points: list[int] = []
    if action.kind in (MOVE, PUSH, CARRY):
        points.append(action.src)
    if action.kind == PUSH:
        points.append(action.dst)
    if action.kind == CARRY:
        points.extend(action.carried)
    if action.kind == TURN:
        points.append(action.src)
        points.extend(q for q in SURROUNDING[action.src] if before.board[q])
    for p in points:
        assert not drained[p], f"a drained tile on {POINT_OF[p]} moved ({action})"
