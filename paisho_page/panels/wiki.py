"""The pure logic of Wiki's score panel and its preview (``site/wiki_ui.py`` shows it).

:func:`preview_action` finds the action a click on a point would complete (given the
clicks made so far); :func:`preview_text` says in words how it would change each
player's score (wiki R9) and whether it would end the game.
"""

from __future__ import annotations

from typing import Any

from paisho_core.board import Point
from paisho_core.wiki.actions import PASS
from paisho_core.wiki.game import WikiGame
from paisho_core.wiki.tiles import OPENING
from paisho_page.play.ui import UIState, point_token
from paisho_page.words.i18n import N_, _, render
from paisho_page.words.terms import player


def preview_action(ui: UIState, point: Point) -> Any | None:
    """The one action that a click on ``point`` would complete now, or ``None``."""
    if ui.game.to_move is None:
        return None
    done = ui.paths().get((*ui.clicks, point_token(point)), [])
    return done[0] if len(done) == 1 else None


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "±0"


def preview_text(game: WikiGame, action: Any, coordinates: bool = False) -> str:
    """E.g. ``move your Rose onto the marked point: Guest -1 → +1 (+2), Host 0 → 0 (±0).``:
    the action in words (:meth:`WikiGame.describe_action`), its points named only when
    ``coordinates`` are shown (the board marks them otherwise)."""
    before = [row["total"] for row in game.scores()]
    child = game.copy()
    child.apply(action)
    after = [row["total"] for row in child.scores()]
    me = game.player
    first, second = (
        _("{player} {before} → {after} ({change})").format(
            player=player(game.players[p]), before=before[p], after=after[p],
            change=_signed(after[p] - before[p]))
        for p in (me, 1 - me)
    )
    said = render(game.describe_action(action, coordinates))
    values = {"action": said, "first": first, "second": second}
    ended = child.outcome()
    if ended is None:
        return _("{action}: {first}, {second}.").format(**values)
    if len(ended.winners) == 1:
        return _("{action}: {first}, {second}; it ends the game: {winner} wins.").format(
            winner=player(game.players[ended.winners[0]]), **values)
    return _("{action}: {first}, {second}; it ends the game in a draw.").format(**values)


def pass_texts(game: WikiGame) -> tuple[str, str, str] | None:
    """``(status, bar text, button label)`` while a pass is legal, else ``None``.

    In the mirrored opening (wiki R12) the pass ends the opening; otherwise a player
    passes only with nothing else to do (wiki R2).
    """
    mover = game.to_move
    if mover is None or not any(a.kind == PASS for a in game.legal_actions()):
        return None
    who = player(game.players[mover])
    if game.phase == OPENING:
        return (
            _("{player}: place an opening tile (the Host gets its mirror image), or end the"
              " opening.").format(player=who),
            _("Place a highlighted reserve tile, or"),
            _("End the opening"),
        )
    return (_("{player} has no legal action and must pass.").format(player=who),
            _("Nothing can be played:"), _("Pass"))


TERMS = (
    ("harmonies", N_("Harmonies")),
    ("disharmonies", N_("Disharmonies")),
    ("blocked", N_("Blocked harmonies")),
    ("lotus", N_("Near a White Lotus")),
    ("unharmonised", N_("Tiles in no harmony")),
    ("total", N_("Total")),
)
"""The R9 terms in the panel's order, with their row labels (English: :func:`score_rows`
translates them)."""

SKUD_BAR_TEXTS = (N_("Pick a highlighted reserve tile, or"), N_("Skip the bonus"))
"""The bonus bar's words (its text, its button) outside Wiki's passes: Skud's (English;
translate with ``_()``)."""


def score_rows(game: WikiGame) -> list[tuple[str, str, list[str]]]:
    """``(term, label, [host's cell, guest's cell])`` rows of the score table (signed
    numbers, but the totals as they are)."""
    scores = game.scores()
    rows = []
    for term, label in TERMS:
        values = [int(row[term]) for row in scores]
        cells = [str(v) if term == "total" else f"{v:+d}" for v in values]
        rows.append((term, _(label), cells))
    return rows


def totals(game: WikiGame) -> dict[str, int]:
    """Each player's total score, by player name."""
    return {name: int(row["total"]) for name, row in zip(game.players, game.scores(), strict=False)}


def flowers_text(game: WikiGame) -> str:
    """E.g. ``Flowers left: Host 11, Guest 11 (three or fewer loses).``"""
    left = ", ".join(
        f"{player(name)} {game.flowers_left(i)}" for i, name in enumerate(game.players)
    )
    return _("Flowers left: {counts} (three or fewer loses).").format(counts=left)

