"""What the page's search worker runs: a request as JSON in, the answer as JSON out.

The page (``site/computer.py``) posts the game as its variant, options, seed and
notation, and the level; ``site/search-worker.mjs`` hands the text to :func:`answer` in
its own Pyodide and posts the reply back.  Plain JSON both ways, so nothing from the
page is ever evaluated, and every error becomes a message (never an exception).
"""

from __future__ import annotations

import json
import time
from typing import Any

from . import boundedjson, starts
from .ai import analyse, level_name
from .errors import PaiShoError
from .registry import get_computer, get_variant

MAX_REQUEST = 400_000
"""Longest request text accepted (a game's notation is far shorter)."""


def answer(request_text: str) -> str:
    """Answer one request (JSON) with the computer's choice (JSON).

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
