"""A game as text in the variant's notation, imported (every rule checked) and exported.

:func:`import_notation` / :func:`export_notation`: for Skud, the reference site's
notation.  Variant-agnostic and free of any browser module.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from paisho_core import registry, starts
from paisho_core.errors import PaiShoError, quote
from paisho_core.plies import split_plies as split_plies  # (the engine's, as the CLI's)
from paisho_core.protocol import Game
from paisho_page.play.move_list import move_count
from paisho_page.storage.vetting import check as check_game
from paisho_page.storage.vetting import check_playable
from paisho_page.words.i18n import N_, _, describe, ngettext

AnyGame = Game[Any]

MAX_NOTATION = 100_000
"""Longest notation text that :func:`import_notation` accepts (characters)."""

IMPORT_REFUSED = N_("The game could not be imported: {error}")


@dataclass(frozen=True)
class Imported:
    """The result of :func:`import_notation`.

    ``game`` is the whole game when ``error`` is ``None``; otherwise the longest legal
    beginning of it (``plies`` plies long, possibly empty) or ``None`` when the variant
    or its options are wrong.
    """

    game: AnyGame | None
    error: str | None
    plies: int
    set_aside: tuple[str, ...] = ()
    """What a lenient import set aside, one line per ply (see :func:`import_notation`)."""

    def message(self) -> str:
        """What the import did, in one sentence for the page (or what is wrong)."""
        if self.error is not None:
            error = self.error.strip()
            stop = "" if error.endswith((".", "!", "?")) else "."
            return _(IMPORT_REFUSED).format(error=f"{error}{stop}")
        if self.set_aside:
            count = len(self.set_aside)
            return ngettext(
                "Imported a game of {moves} moves. {n} bonus written in it was set aside, as"
                " the reference site does.",
                "Imported a game of {moves} moves. {n} bonuses written in it were set aside,"
                " as the reference site does.",
                count,
            ).format(moves=self.moves, n=count)
        return ngettext(
            "Imported a game of {n} move.", "Imported a game of {n} moves.", self.moves
        ).format(n=self.moves)

    @property
    def moves(self) -> int:
        """The moves of the game imported (:func:`~paisho_page.play.move_list.move_count`)."""
        return move_count(self.game) if self.game is not None else 0


def import_notation(
    variant: str,
    text: str,
    options: Iterable[str] = (),
    seed: int | None = None,
    lenient: bool = False,
    players: int | None = None,
    start: str = "",
) -> Imported:
    """Replay a game given as notation text (e.g. the reference site's Skud notation).

    Every ply is checked by the engine.  On an error the message names the ply and
    the rule (from the engine's :class:`~paisho_core.errors.IllegalMove` /
    :class:`~paisho_core.errors.InvalidMove`), and the longest legal beginning is
    returned with it.  ``lenient`` reads a record as the reference site does
    (:meth:`~paisho_core.protocol.Game.from_text_lenient`): what it accepts and ignores
    is set aside and listed in :attr:`Imported.set_aside`.  ``players``: the number of
    seats, for a variant with a choice (Ancient; the record is then read strictly).
    ``start``: the start text of a game set up in the Studio (:mod:`paisho_core.starts`;
    the record is then read strictly from that position).  Never raises.
    """
    try:
        cls = registry.get_variant(variant)
        if cls.info.uses_seed and seed is None:
            return Imported(
                None, _("a {variant} game needs its seed to be imported").format(variant=variant), 0
            )
        if start:
            empty = starts.build(variant, start, options, seed)
        elif players is None:
            empty = cls(options, seed)
        else:
            empty = cls.replay_text("", options, seed, players)
        check_game(empty)
    except PaiShoError as exc:
        return Imported(None, describe(exc), 0)
    except Exception as exc:  # an engine bug must not become a stack trace
        return Imported(None, _("the game could not be set up (internal error: {error})").format(
            error=type(exc).__name__
        ), 0)
    if len(text) > MAX_NOTATION:
        return Imported(
            empty,
            _("the text is too long: {n} characters (at most {limit})").format(
                n=len(text), limit=MAX_NOTATION
            ),
            0,
        )
    plies = split_plies(text)
    if not plies:
        return Imported(empty, _("there is no move in the text"), 0)

    notes: list[str] = []

    def replay(count: int) -> AnyGame:
        joined = ";".join(plies[:count])
        if start:
            return starts.replay(variant, start, joined, options, seed, players)
        if players is not None:
            return cls.replay_text(joined, options, seed, players)
        if not lenient:
            return cls.from_text(joined, options, seed)
        game, found = cls.from_text_lenient(joined, options, seed)
        notes[:] = found
        return game

    try:
        whole = replay(len(plies))
        check_playable(whole)
        return Imported(whole, None, len(plies), tuple(notes))
    except PaiShoError as exc:
        error = describe(exc)
        names_ply = str(exc).lower().startswith("ply")  # the English text names the ply
    except Exception as exc:  # an engine bug must not become a stack trace
        error = _("the game could not be replayed (internal error: {error})").format(
            error=type(exc).__name__
        )
        names_ply = False
    # the longest legal beginning: legality of a beginning is monotone, so bisect
    good, bad = 0, len(plies)
    best = empty
    while bad - good > 1:
        mid = (good + bad) // 2
        try:
            game = replay(mid)
            check_playable(game)
        except Exception:  # any failure means "not legal"
            bad = mid
        else:
            good, best = mid, game
    if good > 0 and best is empty:  # pragma: no cover - bisect always records it
        best = replay(good)
    if not names_ply:
        error = _("ply {ply} {text}: {error}").format(
            ply=good + 1, text=quote(plies[good]), error=error)
    return Imported(best, error, good)


def export_notation(game: AnyGame) -> str:
    """The game as notation text; for Skud, the reference site's form (no ``+skip``)."""
    ply_texts = getattr(game, "ply_texts", None)
    if callable(ply_texts):
        return ";".join(str(p) for p in ply_texts(reference=True))
    return str(game.to_text())
