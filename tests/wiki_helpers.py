"""Helpers for the Wiki tests: legal texts, tiles by point, harmony pairs."""

from __future__ import annotations

from paisho_core.wiki import WikiGame


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


def play(game: WikiGame, *texts: str) -> None:
    """Play actions given in notation."""
    for text in texts:
        game.play(text)


def empty_reserves(game: WikiGame) -> None:
    """Take every tile out of both reserves (for positions about moves only)."""
    game.reserve = [[0] * 12, [0] * 12]
    game._legal = None
    game._legal_set = None
