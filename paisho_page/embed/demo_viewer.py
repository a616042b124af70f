"""What the embed page shows, from its URL: a demo, a shared game, or moves.

Pure (no browser module), so it is tested under CPython; ``site/embed_page.py`` only
moves its results into the page.  Sources, in order of precedence:

* a demo: ``demo=<name>`` (or the ``data-demo`` of a pre-rendered demo page), or a
  demo link ``demo=~1…`` (:mod:`paisho_core.demolink`: the demo itself, checked; a bad
  link opens nothing but its plain message, :attr:`EmbedModel.failed`); a step's
  alternatives ("What if…", :meth:`EmbedModel.what_if`) open in place of the demo's
  positions and step the same way until :meth:`EmbedModel.back_to_demo`;
* a shared game: the fragment ``#2…`` (``#3…``: from a set-up position) of the full
  site's links, replayed from the game's own start (its set-up, its number of seats);
* ``variant=…&moves=…&options=…&seed=…`` (the older viewer's parameters).

Nothing from the URL reaches the page but through the engine (which replays and checks
every action) and plain-text messages that quote nothing from it; a demo link's
captions lose their bidi controls and zero-width characters (:mod:`paisho_page.words.authored`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from paisho_core import demolink, starts
from paisho_core.demos import Demo, Frame, get_demo, replay
from paisho_core.demos.export import diagram_name, full_site_link, step_view
from paisho_core.errors import PaiShoError
from paisho_core.registry import default_variant, get_variant
from paisho_core.render import EMPTY_VIEW, RenderView
from paisho_core.tokens import DRAW, reserve_token, turn_way
from paisho_page.play.ui import Click, ClickResult, UIState, token_point
from paisho_page.sharing.link_open import looks_like_link, open_link
from paisho_page.words.authored import neutral
from paisho_page.words.i18n import _, demo_text, describe, site_root
from paisho_page.words.names import player

AnyGame = Any

MAX_TEXT = 20_000
"""Longest moves text accepted from a URL."""


def sentence(text: str) -> str:
    """``text`` as the start of a sentence: its first letter a capital (an engine error
    such as "there is no demo called …" is written to follow other words)."""
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class Shown:
    """One position the viewer can show."""

    game: AnyGame
    caption: str = ""
    view: RenderView = EMPTY_VIEW
    link: str = "./"
    """The full site's address for it, relative to the site root."""
    diagram: str = ""
    """Its pre-made diagram (``diagrams/…svg``), for demo steps."""
    notation: str = ""
    """The action that led to it, in the variant's notation."""


class EmbedModel:
    """The positions of the embed page, the one shown, and a "try it" branch."""

    def __init__(self, params: Mapping[str, str], fragment: str = "") -> None:
        """Read the source from ``params`` (query and fragment parameters) or a ``#2…``
        link in ``fragment``; on bad input keep what is good and set :attr:`message`."""
        self.message = ""
        self.failed = False
        """A demo link that cannot be opened: only :attr:`message` is shown."""
        self.demo: Demo | None = None
        self.positions: list[Shown] = []
        self.trying: UIState | None = None
        self.try_mode = params.get("mode") == "try"
        """The reader may play on (``mode=try``): Skip/Pass shows before a first click."""
        self.tried_from: int | None = None
        self._view_ply: int | None = None
        self.alternatives: dict[int, list[tuple[str, list[Shown]]]] = {}
        """A demo step's alternatives (by the step's index): each one's label (its
        caption) and positions, its introduction first (the position before the step)."""
        self.branch: tuple[int, int] | None = None
        """The alternative shown (the step that carries it, its index), if any."""
        self._main: list[Shown] = []
        name = params.get("demo", "")
        builtin = not name.startswith(demolink.PREFIX)
        if not builtin:
            self.demo = self._decode(name)
        elif name:
            try:
                self.demo = get_demo(name)
            except PaiShoError as exc:
                self.message = sentence(
                    _("{error}. A game viewer is shown instead.").format(error=describe(exc)))
        if self.demo is not None:
            self._load_demo(self.demo, builtin)
            start = params.get("step", "")
        elif self.failed:
            self.positions.append(Shown(get_variant(default_variant())(())))
            start = ""
        elif fragment and looks_like_link(fragment):
            self._load_link(fragment)
            start = params.get("ply", "")
        else:
            self._load_moves(params)
            start = params.get("ply", "")
        self.at = len(self.positions) - 1 if self.demo is None else 0
        if self._view_ply is not None:
            self.at = min(self._view_ply, self.last)
        if start.isdigit():
            self.at = min(int(start), len(self.positions) - 1)

    # ------------------------------------------------------------------ sources
    def _decode(self, payload: str) -> Demo | None:
        """The demo of a demo link, or ``None`` with :attr:`failed` and the plain
        message set (the engine's message: it never quotes a caption)."""
        try:
            return demolink.decode(payload).demo
        except PaiShoError as exc:
            self.failed = True
            self.message = sentence(_("{error}. Nothing is shown.").format(error=describe(exc)))
            return None

    def _load_demo(self, demo: Demo, builtin: bool = True) -> None:
        """One position per step, and each alternative's positions; a built-in demo's
        steps have pre-made diagrams, and captions in the reader's language (a demo
        link's are the author's own text, shown as written but for its bidi controls and
        invisible characters: :func:`paisho_page.words.authored.neutral`)."""
        replayed = replay(demo)
        for frame in replayed.frames:
            diagram = (f"{site_root()}diagrams/{diagram_name(demo, frame.index)}"
                       if builtin else "")
            self.positions.append(_demo_shown(demo, frame, builtin, diagram))
        for (index, _number), found in sorted(replayed.alternatives.items()):
            shown = [_demo_shown(demo, frame, builtin) for frame in found]
            self.alternatives.setdefault(index, []).append((shown[0].caption, shown))

    def _load_link(self, fragment: str) -> None:
        opened = open_link(fragment)
        if not opened.ok:
            self.message = sentence(opened.message())
        game = opened.game
        if game is None:
            game = get_variant(default_variant())(())
        self._add_history(game)
        if opened.view_ply is not None:
            self._view_ply = opened.view_ply

    def _load_moves(self, params: Mapping[str, str]) -> None:
        variant = params.get("variant", "") or default_variant()
        options = tuple(o for o in params.get("options", "").split(",") if o)
        seed_text = params.get("seed", "")
        moves = params.get("moves", "")
        if len(moves) > MAX_TEXT:
            self.message = _("The moves text is too long (over {limit} characters).").format(
                limit=MAX_TEXT)
            moves = moves[:MAX_TEXT]
        try:
            cls = get_variant(variant)
        except PaiShoError as exc:
            self.message = sentence(describe(exc))
            cls = get_variant(default_variant())
            options, seed_text, moves = (), "", ""
        seed = int(seed_text) if seed_text.lstrip("-").isdigit() else None
        if cls.info.uses_seed and seed is None:
            seed = 1
        try:
            cls(options, seed)
        except PaiShoError as exc:
            self.message = sentence(describe(exc))
            options = ()
        self._add_history(self._replay(cls, moves, options, seed))

    def _replay(self, cls: Any, moves: str, options: tuple[str, ...], seed: int | None) -> Any:
        """The game of ``moves``; on a bad move, the longest good prefix and a message."""
        try:
            return cls.from_text(moves, options, seed)
        except PaiShoError as exc:
            plies = [m for m in moves.split(";") if m.strip()]
            for k in range(len(plies) - 1, -1, -1):
                try:
                    game = cls.from_text(";".join(plies[:k]), options, seed)
                except PaiShoError:
                    continue
                self.message = _("Stopped at move {number}: {error}").format(
                    number=k + 1, error=describe(exc))
                return game
            self.message = _("The game could not be replayed: {error}").format(
                error=describe(exc))
            return cls(options, seed)

    def _add_history(self, game: AnyGame) -> None:
        """One position per action of ``game``, replayed from its own start
        (:func:`paisho_core.starts.fresh`: a set-up position, the number of seats)."""
        fresh = starts.fresh(game)
        self.positions.append(Shown(fresh.copy()))
        for action in game.history:
            clicks = fresh.action_clicks(action)
            notation = fresh.format_action(action)
            fresh.apply(action)
            marks = frozenset(p for p in (token_point(t) for t in clicks) if p)
            ring = UIState(fresh, undo=False).ring()
            self.positions.append(
                Shown(fresh.copy(), "", RenderView(last_move=marks, ring=ring), "./", "", notation)
            )
        if game.resigned is not None:
            self.positions[-1] = Shown(game, "", self.positions[-1].view, "./", "", "resign")

    # ------------------------------------------------------------------ showing
    @property
    def last(self) -> int:
        """Index of the last position."""
        return len(self.positions) - 1

    @property
    def shown(self) -> Shown:
        """The position shown."""
        return self.positions[self.at]

    def go(self, index: int) -> None:
        """Show position ``index`` (clamped to the positions there are)."""
        self.at = max(0, min(index, self.last))

    def view(self) -> RenderView:
        """The marks of the shown position (the legal clicks too while trying)."""
        if self.trying is not None and self.at == self.last:
            ui = self.trying.view()
            base = self.shown.view
            return RenderView(
                selected=ui.selected,
                highlights=ui.highlights,
                last_move=ui.last_move or base.last_move,
                ring=ui.ring,
            )
        return self.shown.view

    def status(self) -> str:
        """Whose turn it is and what to do, or the result."""
        if self.trying is not None and self.at == self.last:
            return self.trying.status()
        return UIState(self.shown.game, undo=False).status()

    # ------------------------------------------------------------------ what if
    def what_if(self) -> list[str]:
        """The labels of the shown step's alternatives (none inside one, or while the
        reader plays on)."""
        if self.branch is not None or self.trying is not None or self.failed:
            return []
        return [label for label, _shown in self.alternatives.get(self.at, [])]

    def open_alternative(self, number: int) -> bool:
        """Show alternative ``number`` of the shown step from its introduction; False
        (nothing changes) when there is no such one."""
        found = self.alternatives.get(self.at, [])
        if self.branch is not None or self.trying is not None or not 0 <= number < len(found):
            return False
        self._main, self.positions = self.positions, list(found[number][1])
        self.branch = (self.at, number)
        self.at = 0
        return True

    def back_to_demo(self) -> None:
        """Leave the alternative shown (if any) for the step that carries it (a move
        played in it is dropped)."""
        if self.branch is None:
            return
        self.positions, self.at = self._main, self.branch[0]
        self.branch, self.trying, self.tried_from = None, None, None

    # ------------------------------------------------------------------ try it
    def click(self, token: str) -> ClickResult:
        """A reader's click in "try it" mode: plays on from the shown position.

        The first click branches off: later positions are dropped and a fresh
        :class:`UIState` takes a copy of the shown game.  Nothing is saved.
        """
        if self.failed:
            return ClickResult(Click.REFUSE, message=self.message)
        if self.trying is None or self.at != self.last:
            self.positions = self.positions[: self.at + 1]
            self.trying = UIState(self.shown.game.copy(), undo=False)
            self.tried_from = self.at
        result = self.trying.click(token)
        if result.kind is Click.COMPLETE and result.action is not None:
            game = self.trying.game
            text = self.shown.game.format_action(result.action)
            self.positions.append(
                Shown(
                    game.copy(),
                    _("You played {action}.").format(action=text),
                    RenderView(last_move=self.trying.last_move_points()),
                    notation=text,
                )
            )
            self.at = self.last
        return result

    def try_click(self, token: str) -> None:
        """A reader's click in "try it" mode (:meth:`click`): :attr:`message` then says
        why it was refused, or nothing."""
        result = self.click(token)
        self.message = result.message if result.kind is Click.REFUSE else ""

    def reserve(self) -> tuple[str, list[tuple[str, int, bool]], str | None]:
        """For "try it": the mover's name, their reserve as ``(code, count, playable)``
        and the reserve code already selected (``("", [], None)`` when nobody moves)."""
        game = self.shown.game
        mover = game.to_move
        if mover is None or self.failed:
            return "", [], None
        hands = game.reserves(mover)  # hidden hands: the mover's own, never the others'
        if mover >= len(hands):
            return "", [], None
        live = self.trying is not None and self.at == self.last
        ui = self.trying if live and self.trying is not None else UIState(game, undo=False)
        playable = ui.next_tokens()
        hand = sorted(hands[mover].items())
        tiles = [(code, n, reserve_token(code) in playable) for code, n in hand]
        return str(game.players[mover]), tiles, ui.selected_reserve

    def hand_label(self) -> str:
        """The "try it" box's label: whose reserve (or hand) the buttons are."""
        game = self.shown.game
        mover = game.to_move
        name = player(str(game.players[mover])) if mover is not None else ""
        if self.hand_word() == "hand":
            return _("{player}'s hand:").format(player=name)
        return _("{player}'s reserve:").format(player=name)

    def hand_word(self) -> str:
        """``"hand"`` where hands are hidden from the other seats (Ancient), else
        ``"reserve"``: the word the "try it" box uses."""
        game = self.shown.game
        mover = game.to_move
        if mover is None:
            return "reserve"
        hidden = any("?" in hand for hand in game.reserves(mover))
        return "hand" if hidden else "reserve"

    def choices(self) -> list[tuple[str, str]]:
        """For "try it": the next clicks that are neither a point, a reserve tile nor a
        skip, as ``(token, label)``: Ancient's ``draw`` and a placed Wheel's turns
        (``turn:90`` → "Turn 90°"), a Wiki Wheel's ``turn:cw``."""
        game = self.shown.game
        if game.to_move is None or self.failed:
            return []
        live = self.trying is not None and self.at == self.last
        ui = self.trying if live and self.trying is not None else UIState(game, undo=False)
        out = []
        for token in sorted(ui.next_tokens(), key=choice_order):
            label = choice_label(token)
            if label is not None:
                out.append((token, label))
        return out

    def can_skip(self) -> bool:
        """True while trying (or in ``mode=try``) and a Harmony Bonus may be skipped or
        the player to move must pass (Wiki R2, Ancient R3)."""
        if self.trying is not None and self.at == self.last:
            return self.trying.can_skip
        if self.try_mode and not self.failed and self.shown.game.to_move is not None:
            return UIState(self.shown.game, undo=False).can_skip
        return False

    def skip_label(self) -> str:
        """The Skip button's words: "Skip bonus" for Skud's Harmony Bonus, else "Pass"."""
        game = self.trying.game if self.trying is not None else self.shown.game
        return _("Skip bonus") if getattr(game, "bonus_pending", False) else _("Pass")


def _demo_shown(demo: Demo, frame: Frame, builtin: bool, diagram: str = "") -> Shown:
    """A demo's position: its caption in the reader's language (a built-in demo) or as
    its author wrote it, bidi controls and invisible characters out (a link's)."""
    return Shown(
        frame.game,
        demo_text(frame.caption) if builtin else neutral(frame.caption),
        step_view(frame),
        full_site_link(demo, frame),
        diagram,
        frame.step.action or "",
    )


def choice_label(token: str) -> str | None:
    """A choice button's words for a click ``token`` that is neither a point, a reserve
    tile nor a skip: "Draw a tile" (Ancient's draw), "Turn 90°" (a Wheel's turn);
    ``None`` for any other token."""
    if token == DRAW:
        return _("Draw a tile")
    how = turn_way(token)
    return None if how is None else _turn_label(how)


def _turn_label(how: str) -> str:
    """A Wheel's turn choice: "No turn", "Turn clockwise", "Turn 90°"."""
    if how == "0":
        return _("No turn")
    if how == "cw":
        return _("Turn clockwise")
    if how == "ccw":
        return _("Turn counter-clockwise")
    return _("Turn {angle}°").format(angle=how)


def choice_order(token: str) -> tuple[int, str]:
    """Draw first, then turns by angle (``turn:45`` before ``turn:90``), then the rest."""
    if token == DRAW:
        return (0, "")
    rest = token.partition(":")[2]
    return (1, rest.zfill(3)) if rest.isdigit() else (2, token)
