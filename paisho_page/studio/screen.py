"""What the Studio page (``studio.html``) writes: pure logic for the page.

The variant and mover menus, the palette's buttons, the problems list and the link,
as :class:`~paisho_page.base.elements.Element` and :mod:`paisho_page.base.dom_writes`; every text
is set with ``textContent`` (tile art is the renderer's SVG).
"""

from __future__ import annotations

from html import escape

from paisho_core import demolink
from paisho_core.demos.diagram import diagram_svg
from paisho_core.demos.export import step_view
from paisho_core.registry import specs
from paisho_core.render import tile_svg
from paisho_page.base.dom_writes import Write, disabled, hidden, pressed, prop, text
from paisho_page.base.elements import Element
from paisho_page.sharing.embed_dialog import SNIPPET_SIZE
from paisho_page.studio import terms as studio_terms
from paisho_page.studio import what_if
from paisho_page.studio.branches import StepDraft
from paisho_page.studio.demo import refused_text
from paisho_page.studio.editor import MARK, PLAY, REMOVE, SETUP, Studio, sentence
from paisho_page.words.authored import neutral
from paisho_page.words.board_words import board_words
from paisho_page.words.i18n import N_, _, ngettext, pgettext

PLAYABLE = N_("The position can be played.")
CAPTION_LIMIT = demolink.MAX_CAPTION
"""A caption's longest."""
LINK_PAGE = "embed.html"
"""Where a Studio link opens (the embed page reads ``#demo=~1…``)."""


def _option(value: str, label: str, chosen: bool) -> Element:
    props: tuple[tuple[str, str | bool], ...] = (("value", value), ("selected", chosen))
    return Element("option", label, props=props)


def variant_options(current: str) -> list[Element]:
    """The variant menu: every variant of the registry that has set-up rules, by its
    title."""
    return [
        _option(spec.name, studio_terms.title(spec.info.title), spec.name == current)
        for spec in specs()
        if spec.setups
    ]


def mover_options(studio: Studio) -> list[Element]:
    """The "to move" menu: every seat of the variant."""
    return [
        _option(str(seat), studio.owner_name(seat), seat == studio.setup.to_move)
        for seat in range(len(studio.players()))
    ]


def _pressed(flag: bool) -> tuple[tuple[str, str], ...]:
    return (("aria-pressed", "true" if flag else "false"),)


def palette_items(studio: Studio) -> list[Element]:
    """The palette: one button per tile a seat may put down (art, name, how many
    exist), then the remove tool; the tool in hand is pressed."""
    variant = studio.setup.variant
    players = studio.players()
    items = []
    for index, tile in enumerate(studio.palette):
        owner = players[tile.owner] if tile.owner is not None else None
        label = _("{tile}, {count} in a set").format(tile=studio.tile_label(tile), count=tile.count)
        items.append(
            Element(
                "button",
                cls=f"studio-tile {owner or 'neutral'}",
                attrs=(
                    ("data-tool", str(index)),
                    ("aria-label", label),
                    ("title", label),
                    *_pressed(studio.tool == index),
                ),
                props=(("type", "button"),),
                svg=tile_svg(variant, tile.code, owner, 30),
            )
        )
    items.append(
        Element(
            "button",
            _("Remove"),
            "studio-remove",
            attrs=(("data-tool", str(REMOVE)), *_pressed(studio.tool == REMOVE)),
            props=(("type", "button"),),
        )
    )
    return items


def problem_items(studio: Studio) -> list[Element]:
    """The engine's problems with the position, one item each (or that it is fine)."""
    problems = studio.problems()
    if not problems:
        return [Element("li", _(PLAYABLE), "studio-ok")]
    return [Element("li", sentence(p), "studio-problem") for p in problems]


def share_url(base: str, fragment: str) -> str:
    """The link's full address: ``embed.html`` next to the Studio page at ``base``."""
    folder = base.split("#")[0].split("?")[0]
    folder = folder[: folder.rfind("/") + 1]
    return f"{folder}{LINK_PAGE}{fragment}"


def _hint(studio: Studio) -> str:
    """What a click on the board does now."""
    tile = studio.held()
    if studio.mode == PLAY:
        return _("Play a move on the board: it becomes the next step (the engine checks it).")
    if studio.mode == MARK:
        return _("Click points to highlight them on the shown step (again: no highlight).")
    if tile is not None:
        return _("Putting: {tile}. Marked points can take it.").format(
            tile=studio.tile_label(tile)
        )
    if studio.tool == REMOVE:
        return _("Removing: click a tile to take it off the board.")
    return _("Choose a tile, then a marked point. Click a tile on the board to remove it.")


def snippet(url: str) -> str:
    """The ``<iframe>`` snippet of a Studio link (the link's characters need no escaping;
    escaped all the same)."""
    width, height = SNIPPET_SIZE
    title = escape(_("Pai Sho demo"))
    return (
        f'<iframe src="{escape(url)}" width="{width}" height="{height}" '
        f'title="{title}" loading="lazy" '
        'style="border:0;max-width:100%"></iframe>'
    )


def preview_src(fragment: str) -> str:
    """The preview frame's address: the real embed page with the link (a new link
    changes only the fragment: the embed shows it in place, without starting again)."""
    return f"./{LINK_PAGE}{fragment}" if fragment else "about:blank"


CAPTION_FIELD = "studio-caption"
REFUSED_FIELD = "studio-refused"
"""The fields typed in: while one is, :func:`writes` leaves its value alone."""


def typed(studio: Studio, field: str, value: str) -> None:
    """Text typed in the shown step's caption or refused-moves field (:data:`CAPTION_FIELD`,
    :data:`REFUSED_FIELD`): kept in the draft, and why some was cut, as the message."""
    draft = studio.draft
    if field == REFUSED_FIELD:
        draft.set_refused(value)
    else:
        draft.set_caption(value)
    studio.message = draft.message


TYPING_IDLE_MS = 300
"""While a field is typed in, the link is made again only after this long without a
keystroke (making it replays every step: docs/benchmarks.md, "The Studio's link")."""


def writes(studio: Studio, base: str, typing: str = "") -> tuple[Write, ...]:
    """The message, the hint, the modes, the shown step's caption, refused moves and
    title, and the output (:func:`link_writes`); ``typing``: the field being typed in
    (:data:`CAPTION_FIELD`, :data:`REFUSED_FIELD`), left alone (its caret stays where it
    is), and no output yet (the page makes it after :data:`TYPING_IDLE_MS`)."""
    draft = studio.draft
    step = draft.line()[draft.at]
    caption = step.caption
    shown = neutral(caption)  # (an author's bidi controls and invisible characters out)
    fields = ((CAPTION_FIELD, shown), (REFUSED_FIELD, refused_text(step)))
    return (
        text("studio-message", studio.message),
        text("studio-hint", _hint(studio)),
        pressed("studio-mode-setup", studio.mode == SETUP),
        pressed("studio-mode-play", studio.mode == PLAY),
        pressed("studio-mode-mark", studio.mode == MARK),
        *(prop(field, "value", value) for field, value in fields if field != typing),
        text("studio-caption-label", what_if.caption_label(studio)),
        *what_if.writes(studio),
        text(
            "studio-refused-label",
            _("Moves shown as refused at step {number}").format(number=draft.at),
        ),
        text("studio-caption-count", f"{len(caption)} / {CAPTION_LIMIT}"),
        text("studio-caption-shown", shown),
        prop("studio-title", "value", neutral(draft.title)),
        *(() if typing else link_writes(studio, base)),
    )


def link_writes(studio: Studio, base: str) -> tuple[Write, ...]:
    """The output: the link, the snippet (when the engine accepts the demo, else why
    not), the Open, Copy and Diagram buttons."""
    fragment, why = studio.share_fragment()
    url = share_url(base, fragment) if fragment else ""
    return (
        prop("studio-link", "value", url),
        prop("studio-snippet", "value", snippet(url) if url else ""),
        text("studio-link-status", why),
        hidden("studio-open-link", not fragment),
        prop("studio-open-link", "href", f"./{LINK_PAGE}{fragment}" if fragment else "./"),
        disabled("studio-copy-link", not url),
        disabled("studio-copy-snippet", not url),
        disabled("studio-diagram", not fragment),
    )


def _step_label(index: int, step: StepDraft, first: str = "") -> str:
    """A step's button: its number, action (``first``: the start's word), the start of
    its caption, refused moves, how many alternatives it has."""
    what = step.action or first or pgettext("step", "Start")
    if step.alternatives:
        what = ngettext("{action} (and {count} “if instead”)",
                        "{action} (and {count} “if instead”)",
                        len(step.alternatives)).format(action=what, count=len(step.alternatives))
    full = neutral(step.caption)
    words = full if len(full) <= 60 else full[:59] + "…"
    caption = words or _("(no caption)")
    if step.refused:
        return _("{number}. {action}: {caption} (refused: {moves})").format(
            number=index, action=what, caption=caption, moves=", ".join(step.refused)
        )
    return _("{number}. {action}: {caption}").format(number=index, action=what, caption=caption)


def step_items(studio: Studio) -> list[Element]:
    """The steps of the line written (the demo's, or an alternative's: its introduction
    first) as a list: each a button that shows it (its number, action, caption's start),
    with Up, Down and Delete for the steps after the first."""
    draft = studio.draft
    steps = draft.line()
    last = len(steps) - 1
    first = "" if draft.branch is None else _("If instead")
    items = []
    for index, step in enumerate(steps):
        show = Element(
            "button",
            _step_label(index, step, first),
            "studio-step-show",
            attrs=(
                ("data-step", str(index)),
                ("data-do", "show"),
                ("aria-current", "step" if index == draft.at else "false"),
            ),
            props=(("type", "button"),),
        )
        tools = (
            [
                Element(
                    "button",
                    label,
                    "studio-step-tool",
                    attrs=(
                        ("data-step", str(index)),
                        ("data-do", do),
                        ("aria-label", name.format(number=index)),
                    ),
                    props=(("type", "button"), ("disabled", off)),
                )
                for label, do, name, off in (
                    ("↑", "up", _("Move up step {number}"), index <= 1),
                    ("↓", "down", _("Move down step {number}"), index == 0 or index >= last),
                    ("✕", "delete", _("Delete step {number}"), index == 0),
                )
            ]
            if index
            else []
        )
        items.append(Element("li", cls="studio-step", children=(show, *tools)))
    return items


def diagram(studio: Studio) -> tuple[str, str]:
    """The standalone SVG of the shown step (its marks and caption; turned as the board
    is) and a file name; ``("", "")`` while the demo cannot be replayed."""
    shown, _why = studio.draft.line_frames(studio.setup)
    if not shown:
        return "", ""
    frame = shown[min(studio.draft.at, len(shown) - 1)]
    title = neutral(studio.draft.title).strip() or _("Pai Sho position")
    svg = diagram_svg(frame.game, step_view(frame), neutral(frame.caption), title,
                      studio.flipped, board_words())
    return svg, f"paisho-studio-{studio.setup.variant}-{frame.index}.svg"


def address(studio: Studio, href: str) -> str | None:
    """The Studio's address after a change (for ``history.replaceState``): ``href``
    with the demo's fragment (``#demo=~1…``), so that a reload or Back opens the work
    again; ``None`` leaves the address as it is: it holds that fragment already, or the
    demo has no link yet (the last good one stays)."""
    fragment, _why = studio.share_fragment()
    if not fragment:
        return None
    url = href.split("#", 1)[0] + fragment
    return None if url == href else url


def key_target(key: str) -> bool:
    """True for the keys the board takes (arrows, Enter, Space)."""
    return key in ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Enter", " ")
