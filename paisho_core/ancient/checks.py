"""Which Ancient actions are legal now, and why another one is not (``rules.html#ancient``).

:class:`AncientChecks` is a part of :class:`~paisho_core.ancient.game.AncientGame`: the
step-by-step enumeration of the current step's actions (a place-then-move turn is
listed one step at a time, never as a cross product) and the plain-words reason an
action is refused, naming the ruling.
"""

from __future__ import annotations

from ..board import CELLS, IS_GATE, IS_RED, IS_WHITE, ON_BOARD, POINTS, TEXT_OF
from ..protocol import Outcome
from . import rules
from .actions import (
    DISCARD,
    DRAW,
    DRAW_ACTION,
    MOVE,
    PASS,
    PASS_ACTION,
    PLACE,
    AncientAction,
    boat_row,
    discard,
    move_row,
    place_row,
    wheel_turns,
)
from .tiles import BOAT, COLOUR, DRAINED, KINDS, LAST_FLOWER, NAMES, WHEEL, WHITE

START, DISCARD_STEP, MOVE_STEP = 0, 1, 2
STEP_NAMES = ("start", "discard", "move")


class AncientChecks:
    """Legal actions and refusals, over the game state that ``AncientGame`` keeps."""

    _cells: list[int]
    _hands: list[list[int]]
    _seat: int
    _step: int
    _pile: tuple[int, ...]
    _drawn: int
    _legal: list[AncientAction] | None

    @property
    def pile_left(self) -> int:
        """Tiles left in the draw pile."""
        return len(self._pile) - self._drawn

    def outcome(self) -> Outcome | None:  # pragma: no cover - AncientGame's own
        """The end of the game, if over (see ``AncientGame.outcome``)."""
        raise NotImplementedError

    # -- legal actions -------------------------------------------------------------------------
    def _empties(self) -> list[int]:
        cells = self._cells
        return [p for p in rules.EMPTYABLE if not cells[p]]

    def _placements(self) -> list[AncientAction]:
        cells = self._cells
        hand = self._hands[self._seat]
        empties = self._empties()
        out: list[AncientAction] = []
        on_red: list[int] | None = None
        on_white: list[int] | None = None
        for kind in KINDS:
            if not hand[kind]:
                continue
            if kind <= LAST_FLOWER:
                row = place_row(kind)
                if COLOUR[kind] == WHITE:
                    if on_red is None:
                        on_red = [p for p in empties if IS_RED[p]]
                    out += [row[p] for p in on_red]  # type: ignore[misc]
                else:
                    if on_white is None:
                        on_white = [p for p in empties if IS_WHITE[p]]
                    out += [row[p] for p in on_white]  # type: ignore[misc]
            elif kind == WHEEL:
                for p in empties:
                    turns = wheel_turns(p)
                    out += [turns[t] for t in rules.legal_turns(cells, p)]
            elif kind == BOAT:
                for p in POINTS:
                    v = cells[p]
                    if v and not v & DRAINED:
                        row2 = boat_row(p)
                        out += [row2[d] for d in empties]
            else:
                row = place_row(kind)
                out += [row[p] for p in empties]  # type: ignore[misc]
        return out

    def _can_place(self) -> bool:
        hand = self._hands[self._seat]
        cells = self._cells
        for kind in KINDS:
            if not hand[kind]:
                continue
            if kind == BOAT:
                if any(cells[p] and not cells[p] & DRAINED for p in POINTS) and self._empties():
                    return True
                continue
            colour = COLOUR[kind]
            for p in rules.EMPTYABLE:
                if not cells[p] and (colour < 0 or (IS_RED[p] if colour == WHITE else IS_WHITE[p])):
                    return True
        return False

    def _moves(self) -> list[AncientAction]:
        cells = self._cells
        out: list[AncientAction] = []
        for p in POINTS:
            if cells[p]:
                dests = rules.destinations(cells, p)
                if dests:
                    row = move_row(p)
                    out += [row[d] for d in dests]
        return out

    def legal_actions(self) -> list[AncientAction]:
        """The actions of the current step only, in a deterministic order."""
        if self.outcome() is not None:
            return []
        if self._legal is None:
            if self._step == DISCARD_STEP:
                hand = self._hands[self._seat]
                self._legal = [discard(k) for k in KINDS if hand[k]]
            elif self._step == MOVE_STEP:
                self._legal = self._moves()
            else:
                out = [DRAW_ACTION] if self.pile_left else []
                out += self._placements()
                self._legal = out or [PASS_ACTION]
        return self._legal[:]

    # -- checking ------------------------------------------------------------------------------
    def _why_not_place(self, action: AncientAction) -> str | None:
        kind, src, dst = action.tile, action.src, action.dst
        cells = self._cells
        name = NAMES[kind] if 0 < kind < len(NAMES) else "tile"
        if not 1 <= kind <= 12 or not self._hands[self._seat][kind]:
            return f"P{self._seat + 1} has no {name} in hand (ancient R3)"
        if not 0 <= src < CELLS or not ON_BOARD[src]:
            return "not a point of the board"
        if IS_GATE[src]:
            return f"no tile is placed on a Gate (ancient R5): {TEXT_OF[src]}"
        if kind == BOAT:
            v = cells[src]
            if not v:
                return f"a Boat is placed onto a tile, and {TEXT_OF[src]} is empty (ancient R10)"
            if v & DRAINED:
                return f"no tile may take a drained tile's point {TEXT_OF[src]} (ancient R6)"
            if not (0 <= dst < CELLS and ON_BOARD[dst]) or dst == src or cells[dst]:
                return "the displaced tile goes to an empty point (ancient R10)"
            if IS_GATE[dst]:
                return f"the displaced tile cannot go on a Gate {TEXT_OF[dst]} (ancient R5)"
            return None
        if cells[src]:
            return f"{TEXT_OF[src]} is taken (ancient R5)"
        if kind <= LAST_FLOWER:
            if COLOUR[kind] == WHITE and not IS_RED[src]:
                return "a white flower goes on a point touching a red garden (ancient R5)"
            if COLOUR[kind] != WHITE and not IS_WHITE[src]:
                return "a red flower goes on a point touching a white garden (ancient R5)"
        if kind == WHEEL and action.turn not in rules.legal_turns(cells, src):
            return (
                f"the Wheel cannot turn its ring by {45 * action.turn} degrees: it would move a"
                " Coin or a drained tile, or put a tile off the board or on a Gate (ancient R9)"
            )
        return None

    def _why_illegal(self, action: AncientAction) -> str | None:
        step, kind = self._step, action.kind
        if kind == DRAW:
            if step != START:
                return f"a draw starts a turn, but P{self._seat + 1} must {STEP_NAMES[step]}"
            if not self.pile_left:
                return "the draw pile is empty (ancient R3)"
            return None
        if kind == DISCARD:
            if step != DISCARD_STEP:
                return "a discard follows a draw (ancient R3)"
            tile = action.tile
            if not 1 <= tile <= 12 or not self._hands[self._seat][tile]:
                return f"P{self._seat + 1} has no such tile to discard (ancient R3)"
            return None
        if kind == PLACE:
            if step != START:
                return f"a placement starts a turn, but P{self._seat + 1} must {STEP_NAMES[step]}"
            return self._why_not_place(action)
        if kind == MOVE:
            if step != MOVE_STEP:
                return "a move follows a placement (ancient R3)"
            src, dst = action.src, action.dst
            if not (0 <= src < CELLS and ON_BOARD[src]) or not self._cells[src]:
                return "there is no tile to move there"
            if dst not in rules.destinations(self._cells, src):
                return f"the {NAMES[self._cells[src] & 15]} cannot move so (ancient R6)"
            return None
        if kind == PASS:
            if step != START or self.pile_left or self._can_place():
                return "a seat passes only when it can neither draw nor place (ancient R3)"
            return None
        return "not an Ancient action"
