"""What the page's search worker runs: a request as JSON in, the answer as JSON out.

The page (``site/computer.py``) posts the game as its variant, options, seed and
notation, and the level; ``site/search-worker.mjs`` hands the text to :func:`answer` in
its own Pyodide and posts the reply back.  Plain JSON both ways, so nothing from the
page is ever evaluated, and every error becomes a message (never an exception).
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass
from typing import Any

from . import boundedjson, starts
from .ai import analyse, level_name
from .errors import PaiShoError
from .registry import get_computer, get_variant

MAX_REQUEST = 400_000
"""Longest request text accepted (a game's notation is far shorter)."""


def answer(request_text: str) -> str:
    """Answer one request (JSON) with the computer's choice (JSON), or with one
    position's evaluation when its ``kind`` is ``"evaluate"`` (:func:`evaluate_position`).

    Request: ``id``, ``variant``, ``options`` (list), ``seed`` (int or null),
    ``moves`` (the game in notation), optional ``start`` (a set-up position's start
    text, :mod:`paisho_core.starts`, the moves being played from it), ``level``,
    ``ai_seed``, optional ``players`` (the number of seats, for a variant with a
    choice), ``nodes``, ``explain`` and ``coordinates`` (false: the explanation names no
    point and no move in notation; true when missing).  A game
    with hidden hands comes as ``view`` instead of ``seed`` and ``moves``: the mover's
    view (its computer's ``seat_view``; the game is made back by its
    ``from_seat_view``), and the computer decides from that view only
    (:mod:`paisho_core.determinized`).

    Reply: ``id`` and ``action`` (notation), ``value``, ``line``,
    ``notes`` (the explanation's messages as :meth:`~paisho_core.messages.Message.to_json`
    data, which the page translates), ``depth``, ``nodes``, ``seconds`` — or ``id`` and
    ``error``.
    """
    start = time.perf_counter()
    ident: object = None
    try:
        if len(request_text) > MAX_REQUEST:
            raise ValueError("request too long")
        request = boundedjson.loads(request_text, MAX_REQUEST)
        if not isinstance(request, dict):
            raise ValueError("request is not an object")
        ident = request.get("id")
        if request.get("kind") == "evaluate":
            return json.dumps(evaluate_position(request) | {"id": ident})
        options = [str(o) for o in request.get("options") or []]
        seed = request.get("seed")
        players = request.get("players")
        variant = get_variant(str(request.get("variant")))
        view = request.get("view")
        if view is not None:  # hidden hands: only the mover's view was sent
            from_view = getattr(get_computer(variant.info.name), "from_seat_view", None)
            if from_view is None:
                raise ValueError(f"{variant.info.name} takes no seat view")
            game = from_view(view)
        else:
            game = starts.replay(
                variant.info.name,
                str(request.get("start") or ""),
                str(request.get("moves") or ""),
                options,
                None if seed is None else int(seed),
                None if players is None else int(players),
            )
        nodes = request.get("nodes")
        result = analyse(
            game,
            seed=int(request.get("ai_seed") or 0),
            level=level_name(str(request.get("level") or "medium")),
            max_nodes=None if nodes is None else int(nodes),
            explain=bool(request.get("explain")),
            coordinates=request.get("coordinates", True) is not False,
        )
        reply: dict[str, Any] = {
            "id": ident,
            "action": None if result.action is None else game.format_action(result.action),
            "value": result.value,
            "line": list(result.line),
            "notes": [note.to_json() for note in result.explanation],
            "depth": result.depth,
            "nodes": result.nodes,
            "seconds": round(time.perf_counter() - start, 4),
        }
    except (PaiShoError, ValueError, TypeError) as error:
        reply = {"id": ident, "error": str(error)}
    return json.dumps(reply)


ANALYSIS_VERSION = 1
"""Part of every evaluation's key: raised when the analysis changes, so that the
evaluations a page keeps with a game are redone."""


def evaluate_position(request: dict[str, Any]) -> dict[str, Any]:
    """One position of a game's review (:mod:`paisho_core.analysis`), for a page that
    asks position by position (it cancels by asking no further).

    Request (``kind`` ``"evaluate"``): the game as for :func:`answer` (``variant``,
    ``options``, ``seed``, ``players``, ``start``, ``moves``), ``ply`` (the position
    after that many plies of ``moves``' main line, 0 the start) and ``nodes`` (the
    budget, default :data:`~paisho_core.analysis.DEFAULT_NODES`).  A game with hidden
    hands comes as ``view`` instead: the viewing seat's view of that very position (its
    computer's ``seat_view``; never the seed or the record's hidden tiles) — the review
    is that seat's — with ``played``, the first action of the seat's next ply in
    notation (to be weighed against the best; missing at the end or on another seat's
    ply).

    Reply: ``kind`` ``"evaluation"``, ``key`` (the same for the same position, budget
    and viewer: a page keeps evaluations by it and does not ask again), ``ply``,
    ``evaluation`` (:meth:`~paisho_core.analysis.Evaluation.to_json`), ``played`` (the
    first action of the next ply in notation, what :func:`~paisho_core.analysis.judge`
    compares with ``best``; ``null`` at the end), ``thresholds``,
    ``scale`` and ``seconds`` — or ``error``.
    """
    from .analysis import analyser_for, evaluate

    start = time.perf_counter()
    try:
        asked = asked_position(request)
        evaluation = evaluate(asked.position, asked.nodes, asked.viewer, asked.action)
        analyser = analyser_for(asked.variant)
        return {
            "kind": "evaluation",
            "key": asked.key,
            "ply": asked.ply,
            "evaluation": evaluation.to_json(),
            "played": asked.played,
            "scale": str(analyser.scale),
            "thresholds": list(analyser.thresholds),
            "seconds": round(time.perf_counter() - start, 4),
        }
    except (PaiShoError, ValueError, TypeError) as error:
        return {"kind": "evaluation", "error": str(error)}


@dataclass(frozen=True)
class AskedPosition:
    """The position an evaluate request names, read and checked (nothing searched)."""

    variant: str
    position: Any
    ply: int
    nodes: int
    viewer: int | None
    action: Any
    """The first action played there (weighed against the best), else ``None``."""
    played: str | None
    key: str
    """The same for the same position, move played there, budget and viewer (a page keeps
    evaluations by it: an evaluation weighs the move played against the best)."""


def asked_position(request: dict[str, Any]) -> AskedPosition:
    """The position of an evaluate request (:func:`evaluate_position`) and its key,
    without evaluating it: a page computes the key of what it would ask, to find an
    evaluation it keeps.  Raises :class:`PaiShoError`, ``ValueError`` or ``TypeError``."""
    from .analysis import DEFAULT_NODES, default_viewer, main_line

    nodes = int(request.get("nodes") or DEFAULT_NODES)
    if not 1 <= nodes <= 1_000_000:
        raise ValueError(f"nodes must be 1..1000000, not {nodes}")
    name = get_variant(str(request.get("variant"))).info.name
    view = request.get("view")
    played: str | None = None
    action: Any = None
    if view is not None:
        from_view = getattr(get_computer(name), "from_seat_view", None)
        if from_view is None or not isinstance(view, dict):
            raise ValueError(f"{name} takes no seat view")
        position = from_view(view)
        viewer: int | None = int(view.get("seat") or 0)
        ply = int(request.get("ply") or 0)
        if request.get("played") is not None:
            played = str(request.get("played"))
            action = position.parse_action(played)
        identity: object = [name, view, played]
    else:
        seed, players = request.get("seed"), request.get("players")
        game = starts.replay(
            name, str(request.get("start") or ""), str(request.get("moves") or ""),
            [str(o) for o in request.get("options") or []],
            None if seed is None else int(seed), None if players is None else int(players),
        )
        line = main_line(game)
        ply = int(request.get("ply") or 0)
        if not 0 <= ply <= len(line):
            raise ValueError(f"ply must be 0..{len(line)}, not {ply}")
        if ply < len(line):
            position = line[ply].before
            action = line[ply].actions[0]
            played = position.format_action(action)
        else:
            position = game
        viewer = default_viewer(game, None)
        identity = [name, sorted(game.options), seed, players,
                    str(request.get("start") or ""), [p.text for p in line[:ply]], played]
    key = evaluation_key(nodes, viewer, identity)
    return AskedPosition(name, position, ply, nodes, viewer, action, played, key)


def evaluation_key(nodes: int, viewer: int | None, identity: object) -> str:
    """The key of an evaluation: the budget, the viewer and what names the position
    (for a game's position: ``[variant, sorted options, seed, players or None, start
    text, the plies before it in notation, the move played there or None]``; for a seat's
    view: ``[variant, view, played]``), as :func:`asked_position` computes it."""
    key_text = json.dumps([ANALYSIS_VERSION, nodes, viewer, identity], sort_keys=True)
    return hashlib.sha256(key_text.encode()).hexdigest()[:32]
