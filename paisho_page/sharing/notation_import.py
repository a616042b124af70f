"""What the Notation dialog does with pasted text: pure logic for the page.

:func:`read_pasted` reads a game's notation (the Skud community site's, leniently) or a
link and says what the dialog does: the game to take (and what to say), the error to
show, the legal beginning to offer, what a lenient read set aside, whether the dialog
closes, and writes its messages (:meth:`Pasted.writes`).  :func:`variant_options` lists
the variants that import notation, as the dialog's ``<option>`` elements;
:func:`cleared_writes` and :func:`export_writes` are the dialog's messages emptied and
this game's notation exported (:func:`export_label`: what the copy status calls it).
``site/notation_dialog.py`` carries these out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from paisho_core import registry
from paisho_core.errors import PaiShoError
from paisho_core.treetext import read_tree
from paisho_page.base.dom_writes import Write, hidden, prop, text
from paisho_page.base.elements import Element
from paisho_page.play.move_list import move_count
from paisho_page.sharing import decisions as sharing
from paisho_page.sharing.link_open import looks_like_link, open_link
from paisho_page.sharing.notation import IMPORT_REFUSED, import_notation
from paisho_page.words.i18n import N_, _, describe, ngettext
from paisho_page.words.names import variant_title

EMPTY = N_("Paste a game's notation (or a link) first.")


@dataclass(frozen=True)
class Taken:
    """A game the page takes: with its replay view, message and the one it replaces."""

    game: Any
    view: int | None
    message: str
    before_last: Any = None
    tree: Any = None
    """Notation with side lines or comments: the tree read (its main line ``game``)."""
    link: str = ""
    """A link: its text (its side lines and comments, if any, are read from it)."""


@dataclass(frozen=True)
class Pasted:
    """What the dialog does with pasted text."""

    take: Taken | None = None
    error: str = ""
    status: str = ""
    set_aside: tuple[str, ...] = ()
    partial: tuple[Any, str] | None = None
    """The legal beginning of a refused import: ``(game, "the link" | "the notation")``."""
    partial_label: str = ""
    """The offer's button, ``Open the first 12 legal plies``."""
    close: bool = False

    def writes(self) -> tuple[Write, ...]:
        """The dialog's error and status lines, and the offer of the legal beginning
        when there is one (its button's words; the offer is hidden otherwise, as
        :func:`cleared_writes` left it)."""
        return (
            text("notation-error", self.error),
            text("notation-status", self.status),
            *(
                ()
                if self.partial is None
                else (
                    text("btn-notation-partial", self.partial_label),
                    hidden("notation-partial", False),
                )
            ),
        )


def cleared_writes() -> tuple[Write, ...]:
    """The dialog's error and status lines emptied, its offer of a legal beginning hidden."""
    return (
        text("notation-error", ""),
        text("notation-status", ""),
        hidden("notation-partial", True),
    )


def export_writes(notation: str) -> tuple[Write, ...]:
    """This game's ``notation`` in the dialog's text box (a form value, never markup),
    no error and no offer of a legal beginning."""
    return (
        prop("notation-text", "value", notation),
        text("notation-error", ""),
        hidden("notation-partial", True),
    )


def export_label(notation: str) -> str:
    """What the copy status is told was copied (:func:`paisho_page.sharing.decisions.copy_words`):
    ``notation:12``, this game's notation of 12 plies."""
    return f"{sharing.NOTATION_OF}{sharing.count_plies(notation)}"


def _partial(game: Any, source: str, count: int) -> dict[str, Any]:
    label = ngettext("Open the first {n} legal move", "Open the first {n} legal moves", count)
    return {"partial": (game, source), "partial_label": label.format(n=count)}


def read_pasted(text: str, variant: str) -> Pasted:
    """Read ``text``, a link or a ``variant`` game's notation, read as the reference site
    reads it (lenient): what that sets aside is listed and the dialog stays open."""
    if not text.strip():
        return Pasted(error=_(EMPTY))
    if looks_like_link(text):
        opened = open_link(text)
        if opened.ok and opened.game is not None:
            taken = Taken(opened.game, opened.view_ply, opened.message(), opened.before_last,
                          link=text)
            return Pasted(take=taken, close=True)
        extra = {}
        if opened.game is not None and opened.game.history:
            extra = _partial(opened.game, "the link", move_count(opened.game))
        return Pasted(error=opened.dialog_message(), **extra)
    if TREE_MARKS.search(text):
        return _read_tree(text, variant)
    result = import_notation(variant, text, lenient=True)
    if result.error is None and result.game is not None:
        taken = Taken(result.game, None, result.message())
        if result.set_aside:
            return Pasted(taken, status=result.message(), set_aside=tuple(result.set_aside))
        return Pasted(taken, close=True)
    extra = {}
    if result.game is not None and result.plies > 0:
        extra = _partial(result.game, "the notation", result.plies)
    return Pasted(
        error=_("{problem} Correct the text and import it again.").format(problem=result.message()),
        **extra,
    )


TREE_MARKS = re.compile(r"[{}]|\((?![ \t]*[+-]?\d)")
"""What notation has only with side lines (``(`` not opening a point) or comments."""


def _read_tree(text: str, variant: str) -> Pasted:
    """Notation with side lines or comments (:mod:`paisho_core.treetext`), read
    strictly from the variant's own start: the main line becomes the game."""
    try:
        cls = registry.get_variant(variant)
        if cls.info.uses_seed:
            return Pasted(error=_("a {variant} game needs its seed to be imported").format(
                variant=variant))
        read = read_tree(cls(), text)
        tree = read.tree
        game = tree.position(()).copy()
        for action in tree.actions(tree.main_line()):
            game.apply(action)
        if read.resigned is not None:
            game.resign(read.resigned)
    except PaiShoError as exc:
        error = describe(exc).strip()
        error += "" if error.endswith((".", "!", "?")) else "."
        return Pasted(error=_("{problem} Correct the text and import it again.").format(
            problem=_(IMPORT_REFUSED).format(error=error)))
    moves = move_count(game)
    said = ngettext(
        "Imported a game of {moves} move with its side lines and comments.",
        "Imported a game of {moves} moves with its side lines and comments.", moves,
    ).format(moves=moves)
    return Pasted(Taken(game, None, said, tree=tree), close=True)


def partial_message(game: Any, source: str) -> str:
    """What the page says when it opens the legal part of a refused import."""
    return sharing.partly_opened(source, move_count(game))


def variant_options(current: str) -> list[Element]:
    """The dialog's variant choices (``current`` selected), as ``<option>`` elements."""
    return [
        Element(
            "option", variant_title(registry.spec(name).info.title),
            props=(("value", name), ("selected", name == current)),
        )
        for name in sharing.importable_variants()
    ]
