"""What the embed pages write (embed.html, demo-<name>.html): pure logic for the page.

From the URL (:func:`url_params`, :func:`autoplay_speed`) and the
:class:`~paisho_page.embed.demo_viewer.EmbedModel` (:func:`embed_writes`: the step counter,
the buttons, caption, status and links; the "What if…" box and "Back to the demo"), as
:mod:`paisho_page.base.dom_writes`, and the alternatives' buttons (:func:`what_if_items`:
their captions as text only); ``site/embed_page.py`` draws the board and carries these out.
"""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import parse_qs

from paisho_core import link
from paisho_core.errors import PaiShoError
from paisho_core.render import tile_svg
from paisho_core.tokens import reserve_token
from paisho_page.base.dom_writes import Write, attr, data, disabled, hidden, prop, text
from paisho_page.base.elements import Element
from paisho_page.embed.demo_viewer import EmbedModel
from paisho_page.words.i18n import N_, _
from paisho_page.words.names import tile_name

TRY_HINT = N_("Try it: play on from this position (nothing is saved).")
ALT_LABEL = N_("What if, at step {step}")
"""Above an alternative being shown (as ``embed.html``'s hidden word ``alt-label``)."""
DEMO_SPEED_MS = 1800
MOVES_SPEED_MS = 900
"""Autoplay's default step time, for a demo and for a game."""


def url_params(search: str, fragment: str) -> dict[str, str]:
    """Parameters from the query string, then the fragment (which overrides).

    A fragment that is a shared game's link (``#1…``, ``#2…``) holds no parameters.
    """
    out: dict[str, str] = {}
    for part in (search, fragment):
        body = part[1:] if part[:1] in ("?", "#") else part
        if part[:1] == "#" and part[1:2] in link.READ_VERSIONS:
            continue
        for key, values in parse_qs(body, keep_blank_values=True).items():
            if values:
                out[key] = values[-1]
    return out


def page_params(search: str, fragment: str, demo: str, step: str) -> dict[str, str]:
    """The page's parameters (:func:`url_params`); on a demo page (``demo``, its name
    from the page itself) that demo, at ``step`` when it is a number (where ``embed.js``
    had got to when Python arrived)."""
    params = url_params(search, fragment)
    if demo:
        params["demo"] = demo
        if step.isdigit():
            params["step"] = step
    return params


SHOWN_ONLY = frozenset({"demo", "step", "ply", "variant", "moves", "options", "seed"})
"""The parameters that say what the page shows, not how it shows it."""


def shown_in_place(before: Mapping[str, str], after: Mapping[str, str]) -> bool:
    """Whether the page, showing ``before``'s parameters, can show ``after``'s in place
    (a new fragment: the Studio's preview as the demo is edited): only what is shown
    changed (:data:`SHOWN_ONLY`, or the shared game's link, which carries no
    parameters), not how (orientation, theme, mode, autoplay, a lesson…: those are read
    once, as the page starts)."""
    keys = (set(before) | set(after)) - SHOWN_ONLY
    return all(before.get(key) == after.get(key) for key in keys)


def started_as_read(search: str, read: str, fragment: str) -> bool:
    """Whether the page, whose own script (``site/embed.js``) applied the orientation,
    theme and mode of the fragment ``read`` as it was parsed, can start Python with
    ``fragment``: the same, or one that changes only what is shown
    (:func:`shown_in_place`).  A fragment changed in between (the Studio's preview as
    its demo is edited) that changes how it is shown makes the page load again."""
    return read == fragment or shown_in_place(
        url_params(search, read), url_params(search, fragment)
    )


def link_fragment(fragment: str) -> str:
    """``fragment`` if it is a shared game's link (``#1…``, ``#2…``), else ``""``."""
    return fragment if fragment[1:2] in link.READ_VERSIONS else ""


def autoplay_speed(text: str, demo: bool) -> int:
    """Autoplay's step time in ms: ``speed=`` (200 to 10 000), else the default."""
    if text.isdigit():
        return max(200, min(int(text), 10_000))
    return DEMO_SPEED_MS if demo else MOVES_SPEED_MS


def autoplay(params: dict[str, str], demo: str) -> bool:
    """Whether the page plays the game by itself (``autoplay=1``; never a demo page)."""
    return params.get("autoplay") in ("1", "true", "yes") and not demo


def full_site_link(model: EmbedModel) -> str:
    """The full site's address for the shown position."""
    if model.demo is not None or model.trying is not None:
        return model.shown.link
    whole = model.positions[-1].game
    try:
        return "./" + link.fragment_for(whole, model.at if model.at < model.last else None)
    except PaiShoError:
        return "./"


def embed_writes(m: EmbedModel, trying: bool) -> tuple[Write, ...]:
    """Everything the page says of the shown position, but the board and the reserve
    (``trying``: the page is in ``mode=try``)."""
    shown = m.shown
    status = _(TRY_HINT) if trying else ""
    if (m.demo is None or m.trying is not None) and not m.failed:
        status = m.status()
    return (
        hidden("board-holder", m.failed),
        text("ply", f"{m.at} / {m.last}"),
        disabled("btn-first", m.at == 0),
        disabled("btn-prev", m.at == 0),
        disabled("btn-next", m.at >= m.last),
        disabled("btn-last", m.at >= m.last),
        disabled("btn-play", m.last == 0),
        hidden("btn-play", m.failed),
        text("caption", shown.caption),
        text("status", status),
        text("current-move", shown.notation if m.demo is None else ""),
        text("message", m.message),
        prop("open-full", "href", full_site_link(m)),
        *((prop("diagram-link", "href", shown.diagram),) if shown.diagram else ()),
        hidden("diagram-link", not shown.diagram),
        hidden("btn-skip", not m.can_skip()),
        text("btn-skip", m.skip_label()),
        data("board-holder", "actions", str(m.at)),
        data("board-holder", "step", str(m.at if m.branch is None else m.branch[0])),
        hidden("what-if", not m.what_if()),
        hidden("alt-bar", m.branch is None),
        text("alt-label", "" if m.branch is None else _(ALT_LABEL).format(step=m.branch[0])),
    )


def what_if_items(m: EmbedModel) -> list[Element]:
    """The shown step's alternatives as buttons (``data-alt``: the index), each labelled
    with its caption (set as text); none: the "What if…" box is hidden."""
    return [
        Element("button", label, attrs=(("data-alt", str(number)),), props=(("type", "button"),))
        for number, label in enumerate(m.what_if())
    ]


def key_back(key: str, m: EmbedModel) -> bool:
    """True when ``key`` leaves the alternative shown (Escape)."""
    return key == "Escape" and m.branch is not None


def key_step(key: str, at: int, last: int) -> int | None:
    """The position a key goes to: arrows step, Home/End jump (``None``: another key)."""
    return {"ArrowLeft": at - 1, "ArrowRight": at + 1, "Home": 0, "End": last}.get(key)


def try_box() -> Element:
    """Try it: the box of the mover's reserve and choices, above the status line."""
    return Element("div", cls="try-reserve", id="try-reserve",
                   attrs=(("role", "group"), ("aria-label", _("Reserve"))))


def play_label(playing: bool) -> tuple[Write, ...]:
    """The Play button's words (and accessible name) while autoplay runs or not."""
    word = _("Pause") if playing else _("Play")
    return (text("btn-play", word), attr("btn-play", "aria-label", word))


def _tile_button(variant: str, mover: str, code: str, count: int, playable: bool,
                 selected: str | None) -> Element:
    """One reserve tile's button: its art, its count, pressed when selected."""
    pressed = (("aria-pressed", "true"),) if code == selected else ()
    return Element(
        "button", cls="try-tile",
        attrs=(("data-token", reserve_token(code)), *pressed,
               ("aria-label", _("{tile} ({count} left)").format(
                   tile=tile_name(variant, code), count=count))),
        props=(("type", "button"), ("disabled", not playable and code != selected)),
        svg=tile_svg(variant, code, mover, 26),
        children=(Element("span", f"×{count}"),),
    )


def reserve_items(m: EmbedModel, trying: bool) -> list[Element]:
    """Try it: the choices (Ancient's draw, a placed Wheel's turns) and the mover's
    reserve as buttons (to plant, or to take a bonus tile); none: the box is hidden."""
    mover, tiles, selected = m.reserve()
    choices = m.choices() if m.trying is not None or trying else []
    items = [
        Element("button", label, "try-choice",
                attrs=(("data-token", token),), props=(("type", "button"),))
        for token, label in choices
    ]
    if tiles:
        items.append(Element("span", m.hand_label(), "try-reserve-label"))
        variant = str(m.shown.game.info.name)
        items += [_tile_button(variant, mover, code, count, playable, selected)
                  for code, count, playable in tiles]
    return items
