"""The review at the moves: the judged moves marked in the move list, and the shown
move's verdict in words with the move the computer prefers and its points on the board.

The input is a review's JSON (:meth:`paisho_core.analysis.Review.to_json`, as
:class:`~paisho_page.review.collect.ReviewCollector` gathers it), whose ``plies`` are
numbered as the move list numbers its entries (``data-ply``, from 1).  A judged move's
list entry gets ``data-judged`` (the judgement: the style sheet marks it ``?!``, ``?``
or ``??``) and a tooltip naming the judgement.  Pure.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from string import Formatter
from typing import Any

from paisho_core.board import Point
from paisho_core.messages import Message, from_json
from paisho_core.render import RenderView
from paisho_core.tokens import token_point
from paisho_page.base.dom_writes import SELF, Write, attr, data, no_attr
from paisho_page.play.move_list import ITEM_TITLE
from paisho_page.words.i18n import _, render
from paisho_page.words.names import player

from .words import judgement_names

JUDGED = ("inaccuracy", "mistake", "blunder")
"""The judgements that mark a move."""
BETTER_CLASS = "better"
"""The CSS class of the preferred move's points on the board."""


def judged_plies(review: Mapping[str, Any] | None) -> dict[int, Mapping[str, Any]]:
    """The review's judged plies, by their number (from 1)."""
    if review is None:
        return {}
    out: dict[int, Mapping[str, Any]] = {}
    for entry in review.get("plies") or ():
        if isinstance(entry, Mapping) and entry.get("judgement") in JUDGED:
            ply = entry.get("ply")
            if isinstance(ply, int) and not isinstance(ply, bool):
                out[ply] = entry
    return out


def mark_writes(judgement: str | None) -> tuple[Write, ...]:
    """The writes of one move list entry (``SELF``): marked with ``judgement``, or
    unmarked (``None``)."""
    if judgement is None:
        return (no_attr(SELF, "data-judged"), attr(SELF, "title", _(ITEM_TITLE)))
    name = judgement_names().get(judgement, judgement)
    title = _("{judgement}: {action}").format(judgement=name.capitalize(),
                                              action=_(ITEM_TITLE))
    return (data(SELF, "judged", judgement), attr(SELF, "title", title))


def move_marks(review: Mapping[str, Any] | None) -> list[tuple[int, tuple[Write, ...]]]:
    """The move list entries to mark: ``(ply, writes)`` for each judged move."""
    return [(ply, mark_writes(str(entry["judgement"])))
            for ply, entry in sorted(judged_plies(review).items())]


def _sentence(judgement: str, score: bool) -> str:
    """The verdict's sentence template in the page's language (whole sentences, so each
    language words each judgement its own way)."""
    if score:
        return {
            "inaccuracy": _("Move {ply} is an inaccuracy: the best score still reachable "
                            "drops by {loss}."),
            "mistake": _("Move {ply} is a mistake: the best score still reachable drops "
                         "by {loss}."),
            "blunder": _("Move {ply} is a blunder: the best score still reachable drops "
                         "by {loss}."),
        }[judgement]
    return {
        "inaccuracy": _("Move {ply} by {player} is an inaccuracy: their win chance drops by "
                        "{loss} %."),
        "mistake": _("Move {ply} by {player} is a mistake: their win chance drops by "
                     "{loss} %."),
        "blunder": _("Move {ply} by {player} is a blunder: their win chance drops by "
                     "{loss} %."),
    }[judgement]


def verdict_text(review: Mapping[str, Any] | None, ply: int, better: str | None) -> str:
    """What the review says of move ``ply`` (from 1): its judgement and loss, the move
    the computer prefers (``better``: in words, else the review's notation) and the
    computer's explanation; empty for a move not judged."""
    entry = judged_plies(review).get(ply)
    if entry is None or review is None:
        return ""
    judgement = str(entry["judgement"])
    score = review.get("scale") == "score"
    loss = entry.get("loss")
    amount = float(loss) if isinstance(loss, int | float) and not isinstance(loss, bool) else 0.0
    figure = f"{amount:g}" if score else str(round(amount * 100))
    name = entry.get("player")
    said = _sentence(judgement, score).format(
        ply=ply, player=player(str(name)) if name else "", loss=figure)
    prefers = better or entry.get("better")
    parts = [said]
    if prefers:
        parts.append(_("The computer prefers: {move}.").format(move=prefers))
    parts += [_note(note) for note in entry.get("notes") or ()]
    return " ".join(part for part in parts if part)


def _note(note: object) -> str:
    """One sentence of the computer's explanation (a stored one that cannot be read, or
    whose template asks more of ``str.format`` than named fields, is left out)."""
    try:
        message = from_json(note)
        if not _plain(message):
            return ""
        return render(message)
    except (TypeError, ValueError, KeyError, IndexError, AttributeError):
        return ""


def _plain(message: Message, depth: int = 0) -> bool:
    """Whether every (nested) template of ``message`` only names its fields: no format
    spec, conversion, attribute or index (a stored template could ask for a width of a
    billion characters)."""
    if depth > 8:
        return False
    for template in (message.template, message.plural or ""):
        for _text, name, spec, conversion in Formatter().parse(template):
            if name is not None and (spec or conversion or not name.isidentifier()):
                return False
    return all(_plain(value, depth + 1) for _name, value in message.params
               if isinstance(value, Message))


def better_action(before: Any, review: Mapping[str, Any] | None, ply: int) -> Any:
    """The legal action the computer prefers at move ``ply``, in ``before`` (the position
    before that move), or ``None`` (not judged, or no legal action named)."""
    entry = judged_plies(review).get(ply)
    text = entry.get("better") if entry is not None else None
    if not isinstance(text, str) or before is None:
        return None
    try:
        action = before.parse_action(text)
        return action if before.is_legal(action) else None
    except Exception:  # a stored evaluation that names no move marks nothing
        return None


def better_line(before: Any, review: Mapping[str, Any] | None, ply: int,
                limit: int = 12) -> list[Any]:
    """The line the computer prefers at move ``ply`` as actions from ``before`` (the
    position before that move): its preferred move, then the replies its search
    expected (the evaluation's ``line``), as far as they stay legal, at most ``limit``;
    empty when the move is not judged."""
    first = better_action(before, review, ply)
    if first is None:
        return []
    entry = judged_plies(review).get(ply) or {}
    texts = entry.get("line")
    texts = list(texts) if isinstance(texts, list) else []
    if texts and texts[0] == entry.get("better"):
        texts = texts[1:]
    out, game = [first], before.copy()
    try:
        game.apply(first)
        for text in texts[: limit - 1]:
            if not isinstance(text, str) or game.to_move is None:
                break
            action = game.parse_action(text)
            if not game.is_legal(action):
                break
            game.apply(action)
            out.append(action)
    except Exception:  # a stored line that no longer replays ends where it fails
        pass
    return out


def better_words(before: Any, action: Any, coordinates: bool) -> str | None:
    """The preferred action in words for the player who moved (``None``: the engine has
    no words for it)."""
    try:
        return render(before.describe_action(action, coordinates))
    except Exception:  # shown in notation instead
        return None


def action_points(before: Any, action: Any) -> tuple[Point, ...]:
    """The board points the preferred action clicks (its tile and where it goes)."""
    tokens: Sequence[str] = before.action_clicks(action)
    return tuple(p for p in (token_point(t) for t in tokens) if p is not None)


def with_better(view: RenderView, points: Sequence[Point]) -> RenderView:
    """``view`` with the preferred move's ``points`` marked :data:`BETTER_CLASS` (the
    view itself when there is none)."""
    if not points:
        return view
    extra = dict(view.extra_classes)
    extra.update({point: BETTER_CLASS for point in points})
    return dataclasses.replace(view, extra_classes=extra)
