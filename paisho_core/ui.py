"""The page's interaction state, pure and variant-agnostic (tested under CPython).

The page turns each click into a *token* (see :meth:`Game.action_clicks`):
``point:(x,y)``, ``reserve:<code>``, ``accents:<text>`` or ``skip``.  :class:`UIState`
matches the tokens clicked so far against the click paths of every legal action:

* a token that continues some path *extends* the selection (its next tokens light up);
* a token that completes exactly one action *completes* it: :meth:`UIState.click`
  returns the action, already applied to the game;
* a token that starts a path afresh (another tile of yours) *re-selects*;
* anything else is *refused* with a human message saying why, and changes nothing.

It also keeps a keyboard cursor over the board points, undo/redo (snapshots of the
game), the points of the last action, and builds the :class:`~paisho_core.render.RenderView`
for :func:`~paisho_core.render.render_svg`.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from .board import ON_BOARD, POINT_OF, POINTS, Point, index_of, on_board
from .errors import PaiShoError
from .protocol import Game, TileView
from .render import RenderView, tile_name

Action = Hashable
AnyGame = Game[Any]

POINT_PREFIX = "point:"
RESERVE_PREFIX = "reserve:"
ACCENTS_PREFIX = "accents:"
SKIP = "skip"

_REASONS = {
    "harmony-ring": "with a Harmony Ring",
    "no-basic-flowers": "when the last basic flower was planted",
    "resign": "by resignation",
    "no-move": "as no move was left",
    "three-flowers": "as the other player is down to three flowers",
    "two-passes": "after two passes in a row",
}


def point_token(point: Point) -> str:
    """The click token of a board point, ``point:(x,y)``."""
    return f"{POINT_PREFIX}{point}"


def token_point(token: str) -> Point | None:
    """The board point of a ``point:(x,y)`` token, or ``None`` for other tokens."""
    if not token.startswith(POINT_PREFIX):
        return None
    try:
        return Point.parse(token[len(POINT_PREFIX) :])
    except PaiShoError:
        return None


@dataclass(frozen=True)
class ClickResult:
    """What a click did.

    ``kind`` is ``extend`` (selection grew), ``complete`` (``action`` was applied),
    ``reselect`` (the selection restarted), ``cancel`` (the selection shrank or was
    cleared), ``cursor`` (the keyboard cursor moved), ``refuse`` (nothing changed;
    ``message`` says why) or ``none`` (an ignored key).
    """

    kind: str
    message: str = ""
    action: Action | None = None

    @property
    def changed(self) -> bool:
        """True when the click changed the selection, the cursor or the game."""
        return self.kind not in ("refuse", "none")


@dataclass
class _Undo:
    before: AnyGame
    action: Action | None  # None: a resignation
    last: tuple[str, ...]


class UIState:
    """Selection, highlights, keyboard cursor and undo/redo around one game."""

    def __init__(self, game: AnyGame, undo: bool = True) -> None:
        """Wrap ``game``; with ``undo``, the undo stack is rebuilt by replaying its history."""
        self.game: AnyGame = game
        self.clicks: tuple[str, ...] = ()
        self.cursor: Point = Point(0, 0)
        self.cursor_visible = False
        self.message = ""
        self.last_clicks: tuple[str, ...] = ()
        self._undo: list[_Undo] = []
        self._redo: list[tuple[Action | None, AnyGame | None]] = []
        self._paths: dict[tuple[str, ...], list[Action]] | None = None
        if undo:
            self._rebuild_history()

    # ------------------------------------------------------------------ history
    def _rebuild_history(self) -> None:
        """Replay the game's history on a fresh game to make undo snapshots."""
        game = self.game
        history = list(getattr(game, "history", []))
        if not history:
            return
        try:
            info = game.info
            if info.min_players != info.max_players:  # a choice of seats (Ancient)
                fresh: AnyGame = type(game)(game.options, game.seed, len(game.players))
            else:
                fresh = type(game)(game.options, game.seed)
            last: tuple[str, ...] = ()
            for action in history:
                last = fresh.action_clicks(action)
                self._undo.append(_Undo(fresh.copy(), action, self.last_clicks))
                self.last_clicks = last
                fresh.apply(action)
            if game.resigned is not None:
                self._undo.append(_Undo(fresh.copy(), None, self.last_clicks))
        except (PaiShoError, TypeError):
            self._undo = []
            self.last_clicks = ()

    def _invalidate(self) -> None:
        self._paths = None
        self.clicks = ()

    def apply(self, action: Action) -> None:
        """Apply ``action`` (legal, or :class:`IllegalMove` is raised), recording undo."""
        clicks = self.game.action_clicks(action) if self.game.to_move is not None else ()
        before = self.game.copy()
        self.game.apply(action)
        self._undo.append(_Undo(before, action, self.last_clicks))
        self._redo.clear()
        self.last_clicks = clicks
        self._invalidate()
        self.message = ""

    def resign(self) -> str:
        """The player to move resigns; return a message (empty if refused)."""
        if self.game.to_move is None:
            self.message = "The game is over."
            return ""
        before = self.game.copy()
        who = self.player_name(self.game.to_move)
        self.game.resign()
        self._undo.append(_Undo(before, None, self.last_clicks))
        self._redo.clear()
        self._invalidate()
        self.message = f"{who} resigned."
        return self.message

    @property
    def can_undo(self) -> bool:
        """True when there is an action to undo."""
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        """True when there is an undone action to redo."""
        return bool(self._redo)

    def undo(self) -> bool:
        """Take back the last action (or resignation); False if there is none."""
        if not self._undo:
            return False
        entry = self._undo.pop()
        self._redo.append((entry.action, self.game))
        self.game = entry.before
        self.last_clicks = entry.last
        self._invalidate()
        self.message = ""
        return True

    def redo(self) -> bool:
        """Play the last undone action again; False if there is none."""
        if not self._redo:
            return False
        action, after = self._redo.pop()
        before = self.game
        clicks = self.game.action_clicks(action) if action is not None else self.last_clicks
        self._undo.append(_Undo(before, action, self.last_clicks))
        if after is not None:
            self.game = after
        elif action is None:
            self.game = before.copy()
            self.game.resign()
        else:  # pragma: no cover - snapshots are always kept
            self.game = before.copy()
            self.game.apply(action)
        self.last_clicks = clicks
        self._invalidate()
        self.message = ""
        return True

    # --------------------------------------------------------------- click paths
    def paths(self) -> dict[tuple[str, ...], list[Action]]:
        """Every legal action's click path (computed once per position)."""
        if self._paths is None:
            paths: dict[tuple[str, ...], list[Action]] = {}
            if self.game.to_move is not None:
                for action in self.game.legal_actions():
                    paths.setdefault(tuple(self.game.action_clicks(action)), []).append(action)
            self._paths = paths
        return self._paths

    def next_tokens(self, prefix: Sequence[str] | None = None) -> frozenset[str]:
        """The tokens that continue ``prefix`` (default: the current selection)."""
        pre = tuple(self.clicks if prefix is None else prefix)
        n = len(pre)
        return frozenset(p[n] for p in self.paths() if len(p) > n and p[:n] == pre)

    def _completes(self, prefix: tuple[str, ...]) -> list[Action]:
        return self.paths().get(prefix, [])

    def _continues(self, prefix: tuple[str, ...]) -> bool:
        n = len(prefix)
        return any(len(p) > n and p[:n] == prefix for p in self.paths())

    # -------------------------------------------------------------------- clicks
    def click(self, token: str, owner: int | None = None) -> ClickResult:
        """Handle one click token; ``owner`` is the seat of a clicked reserve tile.

        Completing an action applies it to :attr:`game` and returns it in the result.
        """
        result = self._click(token, owner)
        self.message = result.message
        return result

    def _click(self, token: str, owner: int | None) -> ClickResult:
        game = self.game
        if game.to_move is None:
            return ClickResult("refuse", "The game is over.")
        if owner is not None and owner != game.to_move and token.startswith(RESERVE_PREFIX):
            return ClickResult(
                "refuse",
                f"Not your tile: it is {self.player_name(game.to_move)}'s turn.",
            )
        pre = self.clicks
        new = (*pre, token)
        # clicking the last selected token again: confirm (if it completes) or step back
        if pre and token == pre[-1]:
            if self._completes(pre) and len(self._completes(pre)) == 1:
                return self._complete(pre)
            self.clicks = pre[:-1]
            return ClickResult("cancel", "")
        if self._completes(new) or self._continues(new):
            return self._advance(new, "extend")
        if pre and (self._completes((token,)) or self._continues((token,))):
            return self._advance((token,), "reselect")
        return ClickResult("refuse", self._why(token))

    def _advance(self, new: tuple[str, ...], kind: str) -> ClickResult:
        done = self._completes(new)
        if len(done) == 1 and not self._continues(new):
            return self._complete(new)
        self.clicks = new
        if token_point(new[-1]) is None:
            self._cursor_to_next()
        if len(done) > 1 and not self._continues(new):  # pragma: no cover - engine bug
            return ClickResult(kind, "Several actions share these clicks.")
        return ClickResult(kind, "")

    def _complete(self, path: tuple[str, ...]) -> ClickResult:
        action = self._completes(path)[0]
        self.apply(action)
        return ClickResult("complete", "", action)

    def _cursor_to_next(self) -> None:
        """Put the keyboard cursor on a next legal point (after a reserve click)."""
        points = self.highlighted_points()
        if points and self.cursor not in points:
            self.cursor = min(
                points,
                key=lambda p: (abs(p.x - self.cursor.x) + abs(p.y - self.cursor.y), -p.y, p.x),
            )

    # ------------------------------------------------------------------ refusals
    def _tile_at(self, point: Point) -> TileView | None:
        for t in self.game.board_tiles():
            if (t.point.x, t.point.y) == (point.x, point.y):
                return t
        return None

    def _selected_code(self) -> str | None:
        if not self.clicks:
            return None
        first = self.clicks[0]
        if first.startswith(RESERVE_PREFIX):
            return first[len(RESERVE_PREFIX) :]
        p = token_point(first)
        if p is not None:
            tile = self._tile_at(p)
            if tile is not None:
                return tile.code
        return None

    def _why(self, token: str) -> str:
        """A human reason why ``token`` cannot be clicked now."""
        game = self.game
        mover = game.to_move
        first = self.next_tokens(())
        who = self.player_name(mover)
        variant = self.variant
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
        tile = self._tile_at(point)
        sel = self._selected_code()
        if self.clicks and sel is not None:
            if (
                tile is not None
                and mover is not None
                and tile.owner == mover
                and "trapped" in tile.flags
            ):
                return f"{tile_name(variant, tile.code)} at {point} is trapped and cannot move."
            return f"{sel} cannot go there."
        if self.clicks:
            return "That point cannot be chosen: pick a highlighted point, or press Esc."
        if bonus:
            return f"{who}: take a Harmony Bonus from your reserve, or Skip."
        if tile is None:
            if any(t.startswith(POINT_PREFIX) for t in first):
                if all(t.startswith(POINT_PREFIX) for t in first) and not any(
                    self._tile_at(p) is not None for p in self.highlighted_points(first)
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

    # -------------------------------------------------------------------- cancel
    def cancel(self) -> ClickResult:
        """Drop the selection being built (Esc)."""
        if not self.clicks:
            return ClickResult("none")
        self.clicks = ()
        self.message = "Selection cancelled."
        return ClickResult("cancel", self.message)

    # ------------------------------------------------------------------ keyboard
    def move_cursor(self, dx: int, dy: int) -> ClickResult:
        """Move the cursor one point in a direction (``+dy`` north), skipping gaps."""
        self.cursor_visible = True
        x, y = self.cursor.x + dx, self.cursor.y + dy
        while -8 <= x <= 8 and -8 <= y <= 8:
            if on_board(x, y):
                self.cursor = POINT_OF[index_of(x, y)]
                return ClickResult("cursor", "")
            x, y = x + dx, y + dy
        return ClickResult("cursor", "")

    _KEYS: ClassVar[dict[str, tuple[int, int]]] = {
        "ArrowUp": (0, 1),
        "ArrowDown": (0, -1),
        "ArrowLeft": (-1, 0),
        "ArrowRight": (1, 0),
    }

    def key(self, name: str) -> ClickResult:
        """Handle a key by its DOM ``key`` name: arrows, Enter/Space, Escape."""
        if name in self._KEYS:
            return self.move_cursor(*self._KEYS[name])
        if name in ("Enter", " ", "Spacebar"):
            self.cursor_visible = True
            return self.click(point_token(self.cursor))
        if name in ("Escape", "Esc"):
            return self.cancel()
        return ClickResult("none")

    # ---------------------------------------------------------------- what to show
    @property
    def variant(self) -> str:
        """The variant's short name."""
        return str(self.game.info.name)

    def player_name(self, index: int | None) -> str:
        """A player's display name (``Host``), or ``Nobody``."""
        players = self.game.players
        if index is None or not 0 <= index < len(players):
            return "Nobody"
        return str(players[index]).capitalize()

    def highlighted_points(self, tokens: frozenset[str] | None = None) -> frozenset[Point]:
        """The board points among the next tokens."""
        toks = self.next_tokens() if tokens is None else tokens
        out = set()
        for t in toks:
            p = token_point(t)
            if p is not None:
                out.add(p)
        return frozenset(out)

    def highlighted_reserve(self) -> frozenset[str]:
        """Codes of the mover's reserve tiles that can be clicked next."""
        return frozenset(
            t[len(RESERVE_PREFIX) :] for t in self.next_tokens() if t.startswith(RESERVE_PREFIX)
        )

    @property
    def selected_reserve(self) -> str | None:
        """The reserve tile code in the current selection, if any."""
        for t in self.clicks:
            if t.startswith(RESERVE_PREFIX):
                return t[len(RESERVE_PREFIX) :]
        return None

    @property
    def can_skip(self) -> bool:
        """True when Skip is legal now (also while a bonus tile is being placed)."""
        return SKIP in self.next_tokens(())

    def accent_tokens(self) -> list[str]:
        """The legal ``accents:`` tokens (the accent chooser's choices), sorted."""
        return sorted(t for t in self.next_tokens() if t.startswith(ACCENTS_PREFIX))

    def accent_pool(self) -> tuple[dict[str, int], int]:
        """What the accent chooser offers: max count per code, and how many to pick."""
        pool: dict[str, int] = {}
        size = 0
        for tok in self.accent_tokens():
            codes = accent_codes(tok)
            size = max(size, len(codes))
            for code in set(codes):
                pool[code] = max(pool.get(code, 0), codes.count(code))
        return pool, size

    def accent_token_for(self, codes: Sequence[str]) -> str | None:
        """The legal ``accents:`` token choosing exactly the multiset ``codes``."""
        want = sorted(codes)
        for tok in self.accent_tokens():
            if sorted(accent_codes(tok)) == want:
                return tok
        return None

    def last_move_points(self) -> frozenset[Point]:
        """The board points touched by the last action."""
        out = set()
        for t in self.last_clicks:
            p = token_point(t)
            if p is not None:
                out.add(p)
        return frozenset(out)

    def view(self) -> RenderView:
        """The render info for :func:`~paisho_core.render.render_svg`."""
        selected = frozenset(p for p in (token_point(t) for t in self.clicks) if p is not None)
        return RenderView(
            selected=selected,
            highlights=self.highlighted_points(),
            cursor=self.cursor if self.cursor_visible else None,
            last_move=self.last_move_points(),
            ring=self.ring(),
        )

    def ring(self) -> tuple[Point, ...]:
        """The winning Harmony Ring's points, when the game was won by one."""
        out = self.game.outcome()
        if out is None or out.reason != "harmony-ring":
            return ()
        for owner in out.winners:
            ring = find_ring([(a, b) for a, b, o in self.game.harmony_lines() if o == owner])
            if ring:
                return ring
        return ()

    def status(self) -> str:
        """One line for the status bar: whose turn and what to do, or the result."""
        game = self.game
        out = game.outcome()
        if out is not None:
            return self.result_text()
        who = self.player_name(game.to_move)
        first = self.next_tokens(())
        if any(t.startswith(ACCENTS_PREFIX) for t in first):
            _, n = self.accent_pool()
            return f"{who}: choose {n} accent tiles."
        if SKIP in first:
            return f"{who} earned a Harmony Bonus: pick a tile from the reserve, or Skip."
        if self.clicks:
            sel = self._selected_code()
            if sel is not None:
                return (
                    f"{who}: {tile_name(self.variant, sel)} selected — choose a highlighted point."
                )
            return f"{who}: choose a highlighted point."
        can_plant = any(t.startswith(RESERVE_PREFIX) for t in first)
        can_move = any(t.startswith(POINT_PREFIX) for t in first)
        if can_plant and can_move:
            return f"{who} to move: plant from the reserve or arrange a tile."
        if can_plant:
            return f"{who} to move: plant a tile from the reserve."
        return f"{who} to move."

    def result_text(self) -> str:
        """The result of a finished game in words (empty while it runs)."""
        out = self.game.outcome()
        if out is None:
            return ""
        reason = _REASONS.get(out.reason, f"({out.reason})" if out.reason else "")
        players = len(self.game.players)
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
        return f"{self.player_name(out.winners[0])} wins {reason}{score}.".replace(" .", ".")


def accent_codes(token: str) -> list[str]:
    """The accent codes of an ``accents:`` token (``accents:R,W,K,B`` → R, W, K, B)."""
    text = token[len(ACCENTS_PREFIX) :] if token.startswith(ACCENTS_PREFIX) else token
    return [c.strip() for c in text.replace(" ", ",").split(",") if c.strip()]


def all_points() -> tuple[Point, ...]:
    """Every board point in reading order (for keyboard helpers and tests)."""
    return tuple(POINT_OF[i] for i in POINTS if ON_BOARD[i])


def _winding(points: Sequence[Point]) -> int:
    """How many times the closed polygon through ``points`` winds around (0, 0)."""
    total = 0.0
    n = len(points)
    for i in range(n):
        a, b = points[i], points[(i + 1) % n]
        angle = math.atan2(b.y, b.x) - math.atan2(a.y, a.x)
        while angle > math.pi:
            angle -= 2 * math.pi
        while angle < -math.pi:
            angle += 2 * math.pi
        total += angle
    return round(total / (2 * math.pi))


def _through_centre(a: Point, b: Point) -> bool:
    return (a.x == b.x == 0 and a.y * b.y <= 0) or (a.y == b.y == 0 and a.x * b.x <= 0)


def find_ring(edges: Iterable[tuple[Point, Point]], limit: int = 50_000) -> tuple[Point, ...]:
    """A cycle of ``edges`` whose polygon winds around the centre (a Harmony Ring), or ``()``.

    Edges through the centre along a midline, and vertices on the centre, do not count.
    The search is bounded by ``limit`` steps (boards hold few harmonies).
    """
    graph: dict[Point, list[Point]] = {}
    for a, b in edges:
        a, b = Point(a.x, a.y), Point(b.x, b.y)
        if a == b or _through_centre(a, b) or (0, 0) in (tuple(a), tuple(b)):
            continue
        graph.setdefault(a, []).append(b)
        graph.setdefault(b, []).append(a)
    for adj in graph.values():
        adj.sort()
    steps = 0
    for start in sorted(graph):
        stack: list[tuple[Point, list[Point]]] = [(start, [start])]
        while stack:
            node, path = stack.pop()
            steps += 1
            if steps > limit:
                return ()
            for nxt in graph[node]:
                if nxt == start and len(path) >= 3:
                    if _winding(path) != 0:
                        return tuple(path)
                elif nxt not in path and nxt > start:
                    stack.append((nxt, [*path, nxt]))
    return ()
