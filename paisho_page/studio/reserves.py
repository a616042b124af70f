"""The Studio's reserves editor and board flip (``studio.html``): pure logic for the page.

What is not on the board, written once for every variant from the engine
(:func:`paisho_core.setups.reserve_codes`, :func:`~paisho_core.setups.terms`): for each
seat, each tile its reserve may hold with the count in effect and − / + buttons (a
hidden hand: a count of tiles not shown), "reset to the default", and the draw pile
where the editor sets it (a field of tile codes, top first).  The page never names a
variant.  ``site/studio_page.py`` builds :func:`reserve_items` and applies
:func:`writes`; a ± button carries ``data-seat``, ``data-code`` and ``data-by``.
"""

from __future__ import annotations

from dataclasses import dataclass

from paisho_core import setups
from paisho_core.render import tile_svg
from paisho_page.base.dom_writes import Write, hidden, pressed, prop, text
from paisho_page.base.elements import Element
from paisho_page.studio import terms as studio_terms
from paisho_page.studio.editor import SETUP, Studio
from paisho_page.words.i18n import _


@dataclass(frozen=True)
class ReserveRow:
    """One tile of one seat's reserve: its count in effect and how far + may go."""

    seat: int
    code: str
    label: str
    """``Host Rose (R3)``, ``Rose (Ro)``, or ``hidden tile`` (in the page's language)."""
    count: int
    most: int
    """The most the + button gives (how many of the tile exist)."""
    word: str
    """The engine's word for the reserve (``reserve``, ``hand``)."""
    seat_name: str
    """The seat named in the labels (``P1``), or ``""``: the tile is the seat's own (the
    labels say "in the reserve")."""
    owner: str | None
    """The seat's name for the tile art (``None``: the tile belongs to nobody)."""

    def more_label(self) -> str:
        """``One more Host Rose (R3) in the reserve``, ``One more Rose (Ro) in P1's hand``."""
        return self._label("more")

    def fewer_label(self) -> str:
        """``One fewer Host Rose (R3) in the reserve``."""
        return self._label("fewer")

    def _label(self, what: str) -> str:
        if not self.seat_name:
            return studio_terms.reserve_text(what, self.word).format(tile=self.label)
        return studio_terms.reserve_text(f"{what} of seat", self.word).format(
            tile=self.label, player=self.seat_name
        )


def _seat_name(studio: Studio, seat: int) -> str:
    return studio.owner_name(seat) or _("seat {number}").format(number=seat + 1)


def rows(studio: Studio, seat: int) -> list[ReserveRow]:
    """``seat``'s reserve as the editor shows it: every code the engine offers there,
    then any other code the reserve holds (so that it can be taken out)."""
    setup = studio.setup
    in_effect = setups.reserves(setup)
    counts = dict(in_effect[seat]) if 0 <= seat < len(in_effect) else {}
    codes = list(setups.reserve_codes(setup, seat))
    codes += [c for c, n in counts.items() if n and c not in codes]
    word = setups.terms(setup).reserve
    palette = studio.palette
    out = []
    for code in codes:
        tile = next(
            (t for t in palette if t.code == code and t.owner in (seat, None)),
            None,
        )
        if tile is None:  # hidden tiles (or a code the variant does not know)
            label = _("hidden tile") if code == setups.HIDDEN else code
            most = sum(t.count for t in palette if t.owner is None) or 0
        else:
            label = studio.tile_label(tile)
            most = tile.count
        owned = tile is not None and tile.owner is not None
        seat_name = "" if owned else _seat_name(studio, seat)
        owner = studio.players()[seat] if owned and seat < len(studio.players()) else None
        out.append(
            ReserveRow(seat, code, label, counts.get(code, 0), most, word, seat_name, owner)
        )
    return out


def seats_with_reserves(studio: Studio) -> list[int]:
    """The seats whose reserve the editor sets."""
    return [
        seat
        for seat in range(len(setups.reserves(studio.setup)))
        if setups.reserve_codes(studio.setup, seat) or rows(studio, seat)
    ]


def seat_title(studio: Studio, seat: int) -> str:
    """``The Host's reserve``, ``P2's hand (to move)`` (in the page's language)."""
    word = setups.terms(studio.setup).reserve
    name = _seat_name(studio, seat)
    english = studio.players()[seat] if seat < len(studio.players()) else ""
    the = english[:1].isalpha() and not english[1:].isdigit()  # "The Host", not "The P2"
    title = studio_terms.reserve_text("the seat" if the else "seat", word).format(player=name)
    if seat == studio.setup.to_move and len(studio.players()) > 1:
        return _("{title} (to move)").format(title=title)
    return title


def _button(row: ReserveRow, by: int, label: str, sign: str, off: bool) -> Element:
    return Element(
        "button",
        sign,
        "studio-reserve-step",
        attrs=(
            ("data-seat", str(row.seat)),
            ("data-code", row.code),
            ("data-by", str(by)),
            ("aria-label", label),
            ("title", label),
        ),
        props=(("type", "button"), ("disabled", off)),
    )


def _row_item(studio: Studio, row: ReserveRow) -> Element:
    if row.code == setups.HIDDEN:
        art = Element("span", "?", "studio-reserve-art studio-hidden-tile", attrs=_HIDE)
    else:
        art = Element(
            "span",
            cls="studio-reserve-art",
            attrs=_HIDE,
            svg=tile_svg(studio.setup.variant, row.code, row.owner, 28),
        )
    return Element(
        "li",
        cls="studio-reserve-row",
        attrs=(("title", row.label),),
        children=(
            art,
            Element("span", f"{_name(row)}:", "visually-hidden"),
            _button(row, -1, row.fewer_label(), "−", row.count <= 0),
            Element("span", str(row.count), "studio-reserve-count"),
            _button(row, 1, row.more_label(), "+", row.count >= row.most),
        ),
    )


_HIDE = (("aria-hidden", "true"),)


def _name(row: ReserveRow) -> str:
    return _("Tiles not shown") if row.code == setups.HIDDEN else row.label


def reserve_items(studio: Studio) -> list[Element]:
    """Each seat's reserve as a titled group of rows (art, − count +)."""
    out = []
    for seat in seats_with_reserves(studio):
        title = seat_title(studio, seat)
        items = tuple(_row_item(studio, row) for row in rows(studio, seat))
        out.append(
            Element(
                "div",
                cls="studio-reserve",
                attrs=(("role", "group"), ("aria-label", title)),
                children=(
                    Element("h3", title, "studio-subheading"),
                    Element("ul", cls="studio-reserve-list", children=items),
                ),
            )
        )
    return out


def pile_text(studio: Studio) -> str:
    """The draw pile in effect as the field shows it (codes, top first), or ``""``."""
    return " ".join(setups.shown_pile(studio.setup) or ())


def heading(studio: Studio) -> str:
    """The block's title: ``Reserves``, ``Hands``, ``The bag``."""
    terms = setups.terms(studio.setup)
    if seats_with_reserves(studio):
        return studio_terms.reserve_text("heading", terms.reserve)
    return studio_terms.pile_text("heading", terms.pile) if terms.pile else ""


def writes(studio: Studio, typing: bool = False) -> tuple[Write, ...]:
    """The flip toggle; the block shown in Set-up mode only; its title, the reset
    button, and the pile's field (``typing``: the field is left as it is)."""
    terms = setups.terms(studio.setup)
    reserves = bool(seats_with_reserves(studio))
    return (
        pressed("studio-flip", studio.flipped),
        hidden("studio-stock", studio.mode != SETUP or not heading(studio)),
        text("studio-stock-title", heading(studio)),
        hidden("studio-reserves-reset", not reserves),
        text(
            "studio-reserves-reset",
            studio_terms.reserve_text("reset", terms.reserve).format(
                default=studio_terms.default_words(terms.default)
            ),
        ),
        hidden("studio-pile-box", not terms.pile),
        *(_pile_writes(studio, typing) if terms.pile else ()),
    )


def _pile_writes(studio: Studio, typing: bool) -> tuple[Write, ...]:
    terms = setups.terms(studio.setup)
    return (
        text("studio-pile-label", studio_terms.pile_text("label", terms.pile)),
        *(() if typing else (prop("studio-pile", "value", pile_text(studio)),)),
        text(
            "studio-pile-default",
            studio_terms.pile_text("default button", terms.pile).format(
                default=studio_terms.default_words(terms.pile_default)
            ),
        ),
    )


def focus_after(seat: int, code: str, by: str) -> tuple[str, str]:
    """Where the focus goes after a ± button redraws the list (selectors): the same
    button, else its pair (the one pressed may now be disabled)."""
    row = f'[data-seat="{seat}"][data-code="{code}"]'
    other = "1" if by == "-1" else "-1"
    return f'{row}[data-by="{by}"]', f'{row}[data-by="{other}"]'
