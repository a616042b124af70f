"""One seat's view of an Ancient game as plain JSON, and a game made back from it.

The page's search worker needs a game to search; for a game with hidden hands it is
sent the view of the seat to move instead of the seed and record (which reveal every
hand): the board, the record (``draw`` entries name no tile), the discards, the seat's
own hand, every hand's size, the tiles everyone knows a hand holds (a Dragon's catch,
R11), the pile's size, the step and turn.  :func:`from_view` rebuilds a game where the
hidden tiles are dealt in a fixed order from the unseen ones — a stand-in: the computer
deals them afresh anyway (:mod:`.knowledge`).  Malformed views raise
:class:`~paisho_core.errors.InvalidMove` naming what is wrong.
"""

from __future__ import annotations

from typing import Any

from ..board import CELLS, TEXT_OF, Point
from ..errors import InvalidMove
from .actions import parse_action, split_prefix
from .game import AncientGame
from .position import HAND_SLOTS, STEP_NAMES, AncientPosition
from .tiles import CODES, DRAINED, KIND_OF_CODE, KINDS, POOL_COUNTS


def _row(tiles: dict[str, int]) -> dict[str, int]:
    return {code: n for code, n in tiles.items() if n}


def to_view(game: AncientGame, seat: int) -> dict[str, Any]:
    """Everything ``seat`` knows of ``game``, as JSON-ready values."""
    pos = game.position
    own = game.hand(seat)
    return {
        "players": pos.n,
        "target": game.target,
        "hand": game.hand_size,
        "seat": seat,
        "to_move": pos.seat,
        "step": game.step,
        "turn": pos.turn,
        "passes": pos.passes,
        "first": game.first_player,
        "board": {
            TEXT_OF[p]: CODES[v & ~DRAINED] + ("*" if v & DRAINED else "")
            for p, v in enumerate(pos.cells)
            if v
        },
        "record": game.to_text(),
        "discards": list(game.discards),
        "own": own,
        "sizes": [game.hand_size_of(s) for s in range(pos.n)],
        "known": [
            own if s == seat else _row({CODES[k]: pos.known[s][k] for k in KINDS})
            for s in range(pos.n)
        ],
        "pile_left": pos.pile_left,
        "drawn": game.last_drawn if seat == pos.seat else None,
    }


def _int(data: dict[str, Any], key: str, low: int, high: int) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidMove(f"seat view: {key} must be a whole number {low}..{high}, not {value!r}")
    return value


def _kinds(tiles: object, what: str) -> list[int]:
    """A ``{code: count}`` as a hand row."""
    if not isinstance(tiles, dict):
        raise InvalidMove(f"seat view: {what} must map tile codes to counts")
    row = [0] * HAND_SLOTS
    for code, count in tiles.items():
        kind = KIND_OF_CODE.get(code)
        if kind is None or isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise InvalidMove(f"seat view: bad tile {code!r}: {count!r} in {what}")
        row[kind] += count
    return row


def from_view(data: object) -> AncientGame:
    """A game ``seat`` cannot tell from the real one (hidden tiles dealt in order)."""
    if not isinstance(data, dict):
        raise InvalidMove("seat view: not an object")
    n = _int(data, "players", 2, 4)
    target, hand = _int(data, "target", 1, 99), _int(data, "hand", 1, 26)
    seat, mover = _int(data, "seat", 0, n - 1), _int(data, "to_move", 0, n - 1)
    AncientGame((f"target={target}", f"hand={hand}"), 0, n)  # checks the options
    cells = [0] * CELLS
    board = data.get("board")
    if not isinstance(board, dict):
        raise InvalidMove("seat view: board must map points to tile codes")
    for text, code in board.items():
        kind = KIND_OF_CODE.get(str(code).rstrip("*"))
        if kind is None:
            raise InvalidMove(f"seat view: unknown tile {code!r} on the board")
        cells[Point.parse(str(text)).index] = kind | (DRAINED if str(code).endswith("*") else 0)
    sizes = data.get("sizes")
    known_rows = data.get("known")
    discards = data.get("discards")
    if not (isinstance(sizes, list) and len(sizes) == n and isinstance(known_rows, list)
            and len(known_rows) == n and isinstance(discards, list)):
        raise InvalidMove("seat view: sizes and known need one entry a seat, discards a list")
    own = _kinds(data.get("own"), "own")
    known = [own if s == seat else _kinds(known_rows[s], f"known[{s}]") for s in range(n)]
    left = dict(POOL_COUNTS)
    for value in cells:
        if value:
            left[value & ~DRAINED] -= 1
    discarded = [KIND_OF_CODE.get(str(code), 0) for code in discards]
    for kind in discarded:
        if not kind:
            raise InvalidMove("seat view: unknown tile among the discards")
        left[kind] -= 1
    for row in known:
        for kind in KINDS:
            left[kind] -= row[kind]
    unseen = [kind for kind in KINDS for _ in range(max(0, left[kind]))]
    hands = []
    for s in range(n):
        size = sizes[s]
        if not isinstance(size, int) or size < sum(known[s]):
            raise InvalidMove(f"seat view: hand size {size!r} of P{s + 1} is below its known tiles")
        row = known[s][:]
        for kind in unseen[: size - sum(row)] if s != seat else []:
            row[kind] += 1
        if s != seat:
            unseen = unseen[size - sum(known[s]) :]
        hands.append(row)
    pile_left = _int(data, "pile_left", 0, len(unseen))
    pos = AncientPosition(cells, hands, tuple(unseen[:pile_left]), mover)
    pos.known = [row[:] if s != seat else [0] * HAND_SLOTS for s, row in enumerate(known)]
    pos.discards = discarded
    pos.turn = _int(data, "turn", 1, 1_000_000)
    pos.passes = _int(data, "passes", 0, n)
    step = data.get("step")
    if step not in STEP_NAMES:
        raise InvalidMove(f"seat view: unknown step {step!r}")
    pos.step = STEP_NAMES.index(str(step))
    drawn = data.get("drawn")
    if drawn is not None and seat == mover:
        pos.last_draw = KIND_OF_CODE.get(str(drawn), -1)
    record = str(data.get("record") or "")
    entries = []
    for part in (p for p in record.split(";") if p.strip()):
        prefix, _ = split_prefix(part)
        if prefix is None:
            raise InvalidMove(f"seat view: record entry {part!r} needs its turn and seat")
        entries.append((parse_action(part), prefix))
    return AncientGame.at_position(pos, target, hand, _int(data, "first", 0, n - 1), entries)
