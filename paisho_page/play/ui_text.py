"""The words of the page's interaction state (part of :class:`paisho_page.play.ui.UIState`).

The status line (whose turn and what to do), the result of a finished game, and why a
click is refused — all plain text built from the engine's names and numbers.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Protocol

from paisho_core import registry
from paisho_core.board import Point
from paisho_core.end_reasons import end_reason, reason_message
from paisho_core.protocol import TileView
from paisho_core.tokens import ACCENTS_PREFIX, POINT_PREFIX, RESERVE_PREFIX, SKIP, token_point
from paisho_page.play.ui_history import AnyGame
from paisho_page.words.i18n import N_, _, ngettext, render
from paisho_page.words.names import player_name, tile_name


class ClickState(Protocol):
    """What the words are built from: :class:`paisho_page.play.ui.UIState` (named only here,
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


_R = tuple[str, str, str, str]
_OTHER_REASON: _R = (  # a reason without sentences: named in brackets by its words
    N_("{player} wins ({reason})."),
    N_("{player} wins ({reason}) ({score})."),
    N_("Draw ({reason})."),
    N_("Draw ({reason}) ({score})."),
)
_NO_REASON: _R = (
    N_("{player} wins."),
    N_("{player} wins ({score})."),
    N_("Draw."),
    N_("Draw ({score})."),
)
_TWO_SCORES = re.compile(r"host (-?\d+), guest (-?\d+)")


def score_words(result: str, variant: str | None = None) -> str:
    """An outcome's ``result`` in words: a solitaire's result (``perfect-balance`` →
    ``perfect balance``: the words of ``variant``'s spec, or of any variant's), two
    players' points (``host 5, guest 3``), else as it is."""
    own = registry.find(variant) if variant is not None else None
    for spec in (own,) if own is not None else registry.specs():
        if result in spec.results:
            return render(spec.results[result])
    two = _TWO_SCORES.fullmatch(result)
    if two is not None:
        return _("host {host}, guest {guest}").format(host=two[1], guest=two[2])
    return result.replace("-", " ")


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
        return _("{player}: choose your accent tiles first.").format(player=who)
    if token == SKIP:
        return _("There is nothing to skip now.")
    if token.startswith(ACCENTS_PREFIX):
        return _("That accent choice is not allowed.")
    bonus = SKIP in first
    if token.startswith(RESERVE_PREFIX):
        code = token[len(RESERVE_PREFIX) :]
        name = tile_name(variant, code)
        if not any(t.startswith(RESERVE_PREFIX) for t in first):
            return _("{tile} cannot be played now: move a tile on the board.").format(tile=name)
        return _("{tile} cannot be played now.").format(tile=name)
    point = token_point(token)
    if point is None:
        return _("That cannot be clicked.")
    tile = tile_at(ui.game, point)
    sel = selected_code(ui)
    ruled = rules_refusal(ui, token) if (ui.clicks and sel is not None) or (
        not ui.clicks and not bonus and (tile is None or tile.owner in (mover, None))) else None
    if ruled:
        return ruled
    if ui.clicks and sel is not None:
        if (
            tile is not None
            and mover is not None
            and tile.owner == mover
            and "trapped" in tile.flags
        ):
            return _("{tile} at {point} is trapped and cannot move.").format(
                tile=tile_name(variant, tile.code), point=point
            )
        return _("{tile} cannot go there.").format(tile=sel)
    if ui.clicks:
        return _("That point cannot be chosen: pick a highlighted point, or press Esc.")
    if bonus:
        return _("{player}: take a Harmony Bonus from your reserve, or Skip.").format(player=who)
    if tile is None:
        if any(t.startswith(POINT_PREFIX) for t in first):
            if all(t.startswith(POINT_PREFIX) for t in first) and not any(
                tile_at(ui.game, p) is not None for p in ui.highlighted_points(first)
            ):
                return _("You cannot place there.")
            return _("That point is empty: click one of your tiles, or a tile of your reserve.")
        return _("Click a tile of your reserve first.")
    if tile.owner is not None and tile.owner != mover:
        return not_your_tile(who)
    if "trapped" in tile.flags:
        return _("That tile cannot move: it is trapped by an Orchid.")
    if tile.owner is None:
        return _("That point is taken.")
    return _("That tile cannot move.")


def rules_refusal(ui: ClickState, token: str) -> str:
    """The engine's reason for refusing ``token`` after the clicks so far, as a sentence
    naming the tile, its point, the cause and the rule (empty when the rules give none)."""
    reason = ui.game.click_refusal(tuple(ui.clicks), token)
    if reason is None:
        return ""
    said = render(reason)
    return _("{reason}.").format(reason=said[:1].upper() + said[1:])


def not_your_tile(mover: str) -> str:
    """The refusal of a click on a tile of the player not to move (``mover`` is)."""
    return _("Not your tile: it is {player}'s turn.").format(player=mover)


def status(ui: ClickState) -> str:
    """One line for the status bar: whose turn and what to do, or the result."""
    game = ui.game
    out = game.outcome()
    if out is not None:
        return result_text(ui)
    who = ui.player_name(game.to_move)
    first = ui.next_tokens(())
    if any(t.startswith(ACCENTS_PREFIX) for t in first):
        _pool, n = ui.accent_pool()
        return ngettext(
            "{player}: choose {n} accent tile.", "{player}: choose {n} accent tiles.", n
        ).format(player=who, n=n)
    if SKIP in first:
        return _("{player} earned a Harmony Bonus: pick a tile from the reserve, or Skip.").format(
            player=who
        )
    if ui.clicks:
        sel = selected_code(ui)
        if sel is not None:
            return _("{player}: {tile} selected — choose a highlighted point.").format(
                player=who, tile=tile_name(ui.variant, sel)
            )
        return _("{player}: choose a highlighted point.").format(player=who)
    can_plant = any(t.startswith(RESERVE_PREFIX) for t in first)
    can_move = any(t.startswith(POINT_PREFIX) for t in first)
    if can_plant and can_move:
        return _("{player} to move: plant from the reserve or arrange a tile.").format(player=who)
    if can_plant:
        return _("{player} to move: plant a tile from the reserve.").format(player=who)
    return _("{player} to move.").format(player=who)


def result_text(ui: ClickState) -> str:
    """The result of a finished game in words (empty while it runs)."""
    return result_sentence(ui.game)


def result_sentence(game: Any, with_score: bool = True) -> str:
    """The result of ``game`` in one sentence (empty while it runs): who won and why,
    with a scored game's points in brackets unless not ``with_score`` (the result panel
    shows them on a line of their own)."""
    out = game.outcome()
    if out is None:
        return ""
    players, variant = len(game.players), game.info.name
    if players == 1 or (not out.winners and out.score is not None):
        return _solitaire(out.result, out.score, variant)
    end = end_reason(out.reason, variant)
    forms: _R = _OTHER_REASON if out.reason else _NO_REASON
    if end is not None and end.sentences is not None:
        forms = tuple(m.template for m in end.sentences)  # type: ignore[assignment]
    scored = bool(out.result) and with_score
    template = forms[(2 if out.is_draw(players) else 0) + (1 if scored else 0)]
    winner = "" if out.is_draw(players) else player_name(game.players, out.winners[0])
    return _(template).format(
        player=winner, reason=render(reason_message(out.reason, variant)),
        score=score_words(out.result or "", variant),
    )


def _solitaire(result: str | None, score: int | None, variant: str) -> str:
    words = score_words(result, variant) if result else ""
    if words and score is not None:
        return _("Game over: {result}, score {score}.").format(result=words, score=score)
    if words:
        return _("Game over: {result}.").format(result=words)
    if score is not None:
        return _("Game over, score {score}.").format(score=score)
    return _("Game over.")
