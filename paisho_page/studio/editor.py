"""The Studio's board editor (``studio.html``): pure logic for the page.

A :class:`Studio` holds a :class:`~paisho_core.setups.Setup` and the tool in hand (a
palette tile, or the remove tool): a click on a point puts the tile there when the
engine allows it there (:func:`paisho_core.setups.points_for`), a click on a tile with
no tile in hand (or with the remove tool) removes it.  The engine's
:func:`~paisho_core.setups.check` messages, rendered in the page's language, are the
page's live problems list.  Every
variant comes from the registry: the page never names one.  ``site/studio_page.py``
draws :meth:`Studio.picture` and carries out :func:`paisho_page.studio.screen.writes`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from paisho_core import demolink, link, setups
from paisho_core.board import POINT_OF, Point, index_of, on_board
from paisho_core.demos import Demo, frames
from paisho_core.demos.diagram import rotate_dynamic
from paisho_core.errors import PaiShoError
from paisho_core.messages import Message
from paisho_core.protocol import TileView
from paisho_core.registry import get_variant, variant_names
from paisho_core.render import STATIC_LAYER, RenderView, render_dynamic, svg_open
from paisho_page.studio import branches
from paisho_page.studio import terms as studio_terms
from paisho_page.studio.demo import Draft
from paisho_page.words.board_words import board_words
from paisho_page.words.i18n import _, describe, ngettext, render, word

REMOVE = -1
"""The remove tool (instead of a palette index)."""
SETUP, PLAY, MARK = "setup", "play", "mark"
"""What a click on the board does: edit the start position, play the next step's move
from the shown step, or highlight points of the shown step."""
KEYS = {"ArrowUp": (0, 1), "ArrowDown": (0, -1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}
FLIPPED = "&orient=guest"
"""What a link of a flipped board adds: the embed's orientation parameter (``embed.js``
reads it in the fragment as in the query), so that the embed opens the same way."""


def is_demo_link(text: str) -> bool:
    """Whether ``text`` is (meant as) a demo link: a ``~1…`` payload, or a ``demo=``
    parameter in its fragment or query; anything else is read as a game link."""
    if demolink.payload_of(text).startswith(demolink.PREFIX):
        return True
    parts = text.strip().replace("?", "&").replace("#", "&").split("&")
    return any(part.startswith(f"{demolink.KEY}=") for part in parts)


def sentence(words: str) -> str:
    """The engine's ``words`` (uncapitalised, no full stop) as a sentence."""
    words = words[:1].upper() + words[1:]
    return words if words.endswith((".", "!", "?")) else words + "."


def _start_keys(demo: Demo) -> dict[str, Any]:
    """A demo's own start, options, seed and rules, as its JSON has them."""
    keys: dict[str, Any] = {"start": dict(demo.start)}
    if demo.options:
        keys["options"] = list(demo.options)
    if demo.seed is not None:
        keys["seed"] = demo.seed
    if demo.rules:
        keys["rules"] = list(demo.rules)
    return keys


@dataclass(frozen=True)
class _Info:
    name: str


class SetupPicture:
    """A set-up as the renderer sees a game (tiles, players; no harmonies): what the
    board shows while the position is one the engine refuses."""

    def __init__(self, setup: setups.Setup, players: tuple[str, ...]) -> None:
        """The picture of ``setup``, its owners named as ``players``."""
        self.info = _Info(setup.variant)
        self.players = players
        self._tiles = tuple(
            TileView(t.point, t.code, t.owner, frozenset(t.flags)) for t in setup.tiles
        )

    def board_tiles(self) -> tuple[TileView, ...]:
        """The tiles on the board."""
        return self._tiles

    def harmony_lines(self) -> tuple[tuple[Point, Point, int], ...]:
        """No harmony is drawn for a position the engine refuses."""
        return ()


class Studio:
    """The board editor's state: the set-up, the tool in hand, the keyboard cursor."""

    def __init__(self, variant: str = "") -> None:
        """An empty board of ``variant`` (the registry's first variant by default)."""
        self.setup = setups.empty(variant or variant_names()[0])
        self.tool: int | None = None
        self.cursor: Point | None = None
        self.message = ""
        """What the last click did or why it was refused (plain words)."""
        self.mode = SETUP
        self._check: tuple[setups.Setup, list[Message], Any | None] | None = None
        self.draft = Draft()
        """The demo written on this position (:mod:`paisho_page.studio.demo`)."""
        self.flipped = False
        """The board is drawn half a turn round (the second player's side at the bottom,
        as the embed's ``orient=guest``)."""

    # ------------------------------------------------------------------ starts
    def start(self, how: str, variant: str = "") -> None:
        """Start again: ``"empty"`` or ``"standard"``, of ``variant`` (else the same)."""
        name = variant or self.setup.variant
        self.setup = setups.standard(name) if how == "standard" else setups.empty(name)
        self.tool = None
        self.message = ""
        self.draft = Draft()
        self.mode = SETUP

    def open_link(self, text: str) -> bool:
        """Start from a link: a demo link (its start and every step, refused moves
        included) or a game link (the position it
        shows, :meth:`paisho_core.link.DecodedLink.view_game`, whatever its version).
        On a bad link, keep the board and say why in :attr:`message` (the engine's
        words); True when the link was opened."""
        try:
            demo: Demo | None = None
            if is_demo_link(text):
                demo = demolink.decode(text).demo
            game = frames(demo)[0].game if demo else link.decode(text).view_game()
            setup = setups.of_game(game)
        except PaiShoError as exc:
            self.message = _("That link cannot be opened: {error}.").format(error=describe(exc))
            return False
        self.setup = setup
        self.draft = Draft()
        self.tool = None
        self.mode = SETUP
        if demo is None:
            mover = self.owner_name(setup.to_move)
            self.message = _("Opened the link's position ({player} to move).").format(
                player=mover
            )
            return True
        self.draft.title = demo.title
        self.draft.kept = (setup, _start_keys(demo))
        self.draft.steps = branches.from_demo(demo)
        self.flipped = FLIPPED.lstrip("&") in text.replace("?", "&").replace("#", "&").split("&")
        after = len(demo.steps) - 1
        self.message = ngettext(
            "Opened the link's demo ({count} step after the start).",
            "Opened the link's demo ({count} steps after the start).",
            after,
        ).format(count=after)
        return True

    def alternative(self, do: str, number: int = 0) -> None:
        """The “if instead” box's buttons: ``add`` one to the shown step (then play its
        moves), ``open`` alternative ``number`` of it, ``done`` (back to the demo) or
        ``delete`` the one written (:mod:`paisho_page.studio.branches`)."""
        draft = self.draft
        draft.message = ""
        if (do == "add" and draft.add_alternative()) or do == "open":
            if do == "open":
                draft.open_alternative(number)
            if self.mode != MARK:
                self.mode, self.tool = PLAY, None
        elif do == "done":
            draft.close_alternative()
        elif do == "delete":
            draft.delete_alternative()
        self.message = draft.message

    def set_mode(self, mode: str) -> None:
        """What a click on the board does next (:data:`SETUP`, :data:`PLAY`, :data:`MARK`)."""
        self.mode = mode if mode in (SETUP, PLAY, MARK) else SETUP
        self.draft.playing = None
        if self.mode != SETUP:
            self.tool = None
        self.message = ""

    # ------------------------------------------------------------------ tools
    @property
    def palette(self) -> tuple[setups.PaletteTile, ...]:
        """Every tile the editor offers."""
        return setups.palette(self.setup)

    def select(self, index: int) -> None:
        """Take palette tile ``index`` (or :data:`REMOVE`); again: put it down."""
        self.tool = None if self.tool == index else index
        self.mode = SETUP
        self.message = ""

    def held(self) -> setups.PaletteTile | None:
        """The palette tile in hand, if any."""
        if self.tool is None or self.tool == REMOVE or self.tool >= len(self.palette):
            return None
        return self.palette[self.tool]

    def allowed(self) -> frozenset[Point]:
        """The points where the tile in hand may stand."""
        tile = self.held()
        return tile.points if tile is not None else frozenset()

    def owner_name(self, owner: int | None) -> str:
        """A seat's name ("Host", in the page's language), or "" for tiles with no owner."""
        players = self.players()
        if owner is None or not 0 <= owner < len(players):
            return ""
        return word("player", players[owner].capitalize())

    def tile_label(self, tile: setups.PaletteTile) -> str:
        """``"Host Rose (R3)"``, ``"Rose (Ro)"`` (in the page's language)."""
        who = self.owner_name(tile.owner)
        name = word("tile", tile.name)
        if not who:
            return _("{tile} ({code})").format(tile=name, code=tile.code)
        return _("{player} {tile} ({code})").format(player=who, tile=name, code=tile.code)

    # ------------------------------------------------------------------ clicks
    def click(self, point: Point) -> None:
        """A click on ``point``: by :attr:`mode`, edit the position (:meth:`edit`), play
        the next step's move, or highlight the point on the shown step."""
        if self.mode == PLAY:
            self.draft.play_click(self.setup, point)
            self.message = self.draft.message
        elif self.mode == MARK:
            self.draft.toggle(point)
            self.message = self.draft.message
        else:
            self.edit(point)

    def play(self, token: str, owner: int | None = None) -> None:
        """A click off the board while playing a step (a reserve tile of seat ``owner``,
        Skip, a turn, a draw: :mod:`paisho_page.studio.step`'s buttons)."""
        if self.mode != PLAY:
            self.set_mode(PLAY)
        self.draft.play_click(self.setup, None, token, owner)
        self.message = self.draft.message

    def edit(self, point: Point) -> None:
        """Put the tile in hand on ``point``, or remove the tile there."""
        tile = self.held()
        here = self.setup.at(point)
        if tile is not None and point in tile.points:
            self.setup = setups.put(self.setup, point, tile.code, tile.owner)
            self.message = _("{tile} put on {point}.").format(
                tile=self.tile_label(tile), point=point
            )
        elif here is not None:
            self.setup = setups.remove(self.setup, point)
            self.message = _("Tile removed from {point}.").format(point=point)
        elif tile is not None:
            why = setups.refusal(self.setup, tile.code, tile.owner, point)
            self.message = (
                _("{tile} cannot stand on {point}.").format(tile=self.tile_label(tile), point=point)
                if why is None
                else sentence(render(why))
            )
        else:
            self.message = _("Choose a tile first, then a point to put it on.")

    def key(self, key: str) -> bool:
        """Arrows move the keyboard cursor, Enter or Space click under it; False for
        any other key."""
        if key in KEYS:
            dx, dy = KEYS[key]
            if self.flipped:  # the arrows move as the board is seen
                dx, dy = -dx, -dy
            at = self.cursor or Point(0, 0)
            x, y = at.x + dx, at.y + dy
            while -8 <= x <= 8 and -8 <= y <= 8:
                if on_board(x, y):
                    self.cursor = POINT_OF[index_of(x, y)]
                    break
                x, y = x + dx, y + dy
            self.cursor = self.cursor or at
            return True
        if key in ("Enter", " "):
            self.cursor = self.cursor or Point(0, 0)
            self.click(self.cursor)
            return True
        return False

    def set_mover(self, seat: int) -> None:
        """Give the move to ``seat``."""
        self.setup = setups.set_mover(self.setup, seat)

    def flip(self) -> None:
        """Turn the board half a turn round (or back)."""
        self.flipped = not self.flipped
        self.message = _("The board is flipped.") if self.flipped else _("The board is upright.")

    # ------------------------------------------------------------------ reserves, pile
    def change_reserve(self, seat: int, code: str, by: int) -> None:
        """One more (``by=1``) or one fewer (``by=-1``) ``code`` in ``seat``'s reserve
        (never fewer than none); the engine's check says what is then wrong."""
        rows = setups.reserves(self.setup)
        if not 0 <= seat < len(rows):
            return
        count = max(0, dict(rows[seat]).get(code, 0) + by)
        self.setup = setups.set_reserve(self.setup, seat, code, count)
        self.message = ""

    def reset_reserves(self) -> None:
        """The default reserves again (the variant's: everything not on the board)."""
        self.setup = setups.default_reserves(self.setup)
        self.message = studio_terms.reserve_text("reset done", setups.terms(self.setup).reserve)

    def set_pile_text(self, text: str) -> None:
        """The draw pile as typed (tile codes, top first); empty: the default."""
        pile = setups.parse_pile(self.setup, text)
        self.setup = setups.set_pile(self.setup, pile if text.strip() else None)
        self.message = ""

    def default_pile(self) -> None:
        """The variant's default draw pile again."""
        self.setup = setups.set_pile(self.setup, None)
        self.message = studio_terms.pile_text("default done", setups.terms(self.setup).pile)

    # ------------------------------------------------------------------ reading
    def players(self) -> tuple[str, ...]:
        """The seats' names of this variant."""
        cls = get_variant(self.setup.variant)
        seed = self.setup.seed if self.setup.seed is not None or not cls.info.uses_seed else 1
        game = cls(self.setup.options, seed)
        return tuple(str(p) for p in game.players)

    def _checked(self) -> tuple[list[Message], Any | None]:
        """The engine's problems with the set-up and its game (``None`` while refused),
        worked out once per set-up: a redraw asks for both several times."""
        if self._check is None or self._check[0] != self.setup:
            problems = setups.check(self.setup)
            game = None if problems else setups.build(self.setup)
            self._check = (self.setup, problems, game)
        return self._check[1], self._check[2]

    def problems(self) -> list[str]:
        """The engine's problems with the position, each in the page's language (as the
        engine words them: uncapitalised, no full stop); none: playable."""
        return [render(problem) for problem in self._checked()[0]]

    def game(self) -> Any | None:
        """The position as a game, or ``None`` while the engine refuses it (a fresh copy:
        callers may play on it)."""
        game = self._checked()[1]
        return None if game is None else game.copy()

    def picture(self) -> Any:
        """What to draw: the shown step (while writing the demo), the game, or the bare
        set-up while it has problems."""
        if self.mode != SETUP:
            shown, _why = self.draft.line_frames(self.setup)
            if shown:
                return shown[min(self.draft.at, len(shown) - 1)].game
        return self.game() or SetupPicture(self.setup, self.players())

    def view(self) -> RenderView:
        """The board's marks: where the tile in hand may go (or the shown step's marks
        and the move being played), the keyboard cursor."""
        if self.mode != SETUP:
            shown, _why = self.draft.line_frames(self.setup)
            if shown:
                frame = shown[min(self.draft.at, len(shown) - 1)]
                view: RenderView = self.draft.view_of(frame)
                return replace(view, cursor=self.cursor)
        return RenderView(highlights=self.allowed(), cursor=self.cursor)

    def board_svg(self) -> str:
        """The board picture (:meth:`picture` with :meth:`view`'s marks), turned half a
        turn when :attr:`flipped` (the tiles stay upright, as in the embed): each point's
        click target turns with it, so a click still names the point under it."""
        words = board_words()
        dynamic = render_dynamic(self.picture(), self.view(), words)
        if self.flipped:
            dynamic = rotate_dynamic(dynamic)
        return (
            svg_open(_("Studio board"), self.cursor, words)
            + STATIC_LAYER
            + f'<g id="board-dynamic">{dynamic}</g></svg>'
        )

    def share_fragment(self) -> tuple[str, str]:
        """``(fragment, "")`` of the demo's link (the position alone while it has no
        steps; with :data:`FLIPPED` when the board is), or ``("", why not)``."""
        fragment, why = self.draft.link(self.setup)
        return (fragment + FLIPPED if fragment and self.flipped else fragment), why
