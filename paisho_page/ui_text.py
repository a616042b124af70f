"""The words of the page's interaction state (part of :class:`paisho_page.ui.UIState`).

The status line (whose turn and what to do), the result of a finished game, and why a
click is refused — all plain text built from the engine's names and numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from paisho_core.board import Point
from paisho_core.protocol import TileView
from paisho_core.render import tile_name
from paisho_core.tokens import ACCENTS_PREFIX, POINT_PREFIX, RESERVE_PREFIX, SKIP, token_point
from paisho_page.ui_history import AnyGame


class ClickState(Protocol):
    """What the words are built from: :class:`paisho_page.ui.UIState` (named only here,
    so that this module does not import the state that uses it)."""

    game: AnyGame
    clicks: tuple[str, ...]

    @property
    def variant(self) -> str:
        """The variant's short name."""

    def player_name(self, index: int | None) -> str:
        """A player's display name, or ``Nobody``."""

    def next_tokens(self, prefix: Sequence[str] | None = None) -> frozenset[str]:
        """The tokens that continue ``prefix`` (default: the current selection)."""

    def highlighted_points(self, tokens: frozenset[str] | None = None) -> frozenset[Point]:
        """The board points among ``tokens`` (default: the next tokens)."""

    def accent_pool(self) -> tuple[dict[str, int], int]:
        """The accent chooser's offer: max count per code, and how many to pick."""

_REASONS = {
    "harmony-ring": "with a Harmony Ring",
    "no-basic-flowers": "when the last basic flower was planted",
    "resign": "by resignation",
    "no-move": "as no move was left",
    "three-flowers": "as the other player is down to three flowers",
    "two-passes": "after two passes in a row",
}


def tile_at(game: AnyGame, point: Point) -> TileView | None:
    """The tile on ``point`` as the board shows it, or ``None``."""
    for t in game.board_tiles():
        if (t.point.x, t.point.y) == (point.x, point.y):
            return t
    return None


def selected_code(ui: ClickState) -> str | None:
    """The code of the tile the selection started with (reserve or board), if any."""
    if not ui.clicks:
        return None
    first = ui.clicks[0]
    if first.startswith(RESERVE_PREFIX):
        return first[len(RESERVE_PREFIX) :]
    p = token_point(first)
    if p is not None:
        tile = tile_at(ui.game, p)
        if tile is not None:
            return tile.code
    return None


def refusal(ui: ClickState, token: str) -> str:
    """A human reason why ``token`` cannot be clicked now."""
    game = ui.game
    mover = game.to_move
    first = ui.next_tokens(())
    who = ui.player_name(mover)
    variant = ui.variant
    if any(t.startswith(ACCENTS_PREFIX) for t in first):
        return f"{who}: choose your accent tiles first."
    if token == SKIP:
        return "There is nothing to skip now."
    if token.startswith(ACCENTS_PREFIX):
        return "That accent choice is not allowed."
    bonus = SKIP in first
    if token.startswith(RESERVE_PREFIX):
        code = token[len(RESERVE_PREFIX) :]
        name = tile_name(variant, code)
        if not any(t.startswith(RESERVE_PREFIX) for t in first):
            return f"{name} cannot be played now: move a tile on the board."
        return f"{name} cannot be played now."
    point = token_point(token)
    if point is None:
        return "That cannot be clicked."
    tile = tile_at(ui.game, point)
    sel = selected_code(ui)
    if ui.clicks and sel is not None:
        if (
            tile is not None
            and mover is not None
            and tile.owner == mover
            and "trapped" in tile.flags
        ):
            return f"{tile_name(variant, tile.code)} at {point} is trapped and cannot move."
        return f"{sel} cannot go there."
    if ui.clicks:
        return "That point cannot be chosen: pick a highlighted point, or press Esc."
    if bonus:
        return f"{who}: take a Harmony Bonus from your reserve, or Skip."
    if tile is None:
        if any(t.startswith(POINT_PREFIX) for t in first):
            if all(t.startswith(POINT_PREFIX) for t in first) and not any(
                tile_at(ui.game, p) is not None for p in ui.highlighted_points(first)
            ):
                return "You cannot place there."
            return "That point is empty: click one of your tiles, or a tile of your reserve."
        return "Click a tile of your reserve first."
    if tile.owner is not None and tile.owner != mover:
        return f"Not your tile: it is {who}'s turn."
    if "trapped" in tile.flags:
        return "That tile cannot move: it is trapped by an Orchid."
    if tile.owner is None:
        return "That point is taken."
    return "That tile cannot move."


def status(ui: ClickState) -> str:
    """One line for the status bar: whose turn and what to do, or the result."""
    game = ui.game
    out = game.outcome()
    if out is not None:
        return result_text(ui)
    who = ui.player_name(game.to_move)
    first = ui.next_tokens(())
    if any(t.startswith(ACCENTS_PREFIX) for t in first):
        _, n = ui.accent_pool()
        return f"{who}: choose {n} accent tiles."
    if SKIP in first:
        return f"{who} earned a Harmony Bonus: pick a tile from the reserve, or Skip."
    if ui.clicks:
        sel = selected_code(ui)
        if sel is not None:
            return f"{who}: {tile_name(ui.variant, sel)} selected — choose a highlighted point."
        return f"{who}: choose a highlighted point."
    can_plant = any(t.startswith(RESERVE_PREFIX) for t in first)
    can_move = any(t.startswith(POINT_PREFIX) for t in first)
    if can_plant and can_move:
        return f"{who} to move: plant from the reserve or arrange a tile."
    if can_plant:
        return f"{who} to move: plant a tile from the reserve."
    return f"{who} to move."


def result_text(ui: ClickState) -> str:
    """The result of a finished game in words (empty while it runs)."""
    out = ui.game.outcome()
    if out is None:
        return ""
    reason = _REASONS.get(out.reason, f"({out.reason})" if out.reason else "")
    players = len(ui.game.players)
    if players == 1 or (not out.winners and out.score is not None):
        text = "Game over"
        if out.result:
            text += f": {out.result.replace('-', ' ')}"
        if out.score is not None:
            text += f", score {out.score}"
        return text + "."
    score = f" ({out.result})" if out.result else ""  # a scored game: "host 5, guest 3"
    if out.is_draw(players):
        return f"Draw {reason}{score}.".replace("  ", " ").replace(" .", ".")
    return f"{ui.player_name(out.winners[0])} wins {reason}{score}.".replace(" .", ".")
