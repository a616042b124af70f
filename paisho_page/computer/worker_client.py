"""The page's side of the search worker's protocol: requests, replies, cancelling.

The computer opponent's moves and the Hint are searched in a web worker
(``site/search-worker.mjs``); ``site/computer.py`` only posts the text this module
makes and hands it the text that comes back.  The rules, tested under CPython:

* every move request gets a new id; a reply is played only if it answers the latest
  request (:meth:`SearchClient.take_reply`) *and* the game is still in the position it
  was asked about (:meth:`SearchClient.still_asked`);
* undo, a new game, another seat or level cancel the search in progress
  (:meth:`SearchClient.cancel`): its answer, when it comes, is stale and dropped;
* after a redraw the search goes on only if the computer is still to move in the very
  position asked about (:meth:`SearchClient.keeps_thinking`);
* hints have their own ids (``hint-<n>``) and are dropped when the position changes;
* settings read from storage (seat, level, Hard's node budget) are validated here.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from paisho_core import starts
from paisho_core.ai import LEVELS, action_points
from paisho_core.board import Point
from paisho_core.messages import from_json
from paisho_core.protocol import Game, VariantInfo
from paisho_core.registry import get_computer
from paisho_core.tokens import reserve_code
from paisho_page.base import dom_writes as w
from paisho_page.words.i18n import _, pgettext, render
from paisho_page.words.terms import player

DEFAULT_LEVEL = "medium"
MAX_NODES = 1_000_000
"""Largest node budget for Hard accepted from storage."""
HINT_LEVEL = "hard"


def has_hint(info: VariantInfo) -> bool:
    """Whether games of the variant ``info`` show the Hint button: every variant for two
    or more players with a computer opponent (a solitaire, Balance, has its own).  In a
    game with hidden hands the Hint is for the seat holding the device, from that seat's
    view only (its computer determinizes the hidden tiles: :mod:`paisho_core.determinized`)."""
    return info.max_players >= 2 and get_computer(info.name) is not None
HINT_PREFIX = "hint-"

SEAT_KEY = "paisho.computer.v1"
"""``localStorage`` key of the computer's seat (``none`` or a seat number)."""
LEVEL_KEY = "paisho.computer.level.v1"
"""``localStorage`` key of the computer's level."""
NODES_KEY = "paisho.computer.nodes.v1"
"""Optional: a node budget for Hard other than the engine's (tests, slow machines); a
whole number from 1 to :data:`MAX_NODES`, else ignored."""


def level_name(level: str) -> str:
    """A computer level's name (``easy``, ``medium``, ``hard``) in the page's language."""
    names = {
        "easy": pgettext("level", "easy"),
        "medium": pgettext("level", "medium"),
        "hard": pgettext("level", "hard"),
    }
    return names.get(level, level)


def parse_seat(raw: str | None) -> int | None:

    """The computer's stored seat (``None`` for missing, ``"none"`` or unreadable)."""
    if raw is None or raw in ("", "none"):
        return None
    try:
        return int(raw)
    except ValueError:
        return None


def parse_level(raw: str | None) -> str | None:
    """The stored level if it is one of :data:`paisho_core.ai.LEVELS`, else ``None``."""
    return raw if raw is not None and raw in LEVELS else None


def parse_nodes(raw: str | None) -> int | None:
    """Hard's node budget from storage: a whole number 1..:data:`MAX_NODES`, else ``None``."""
    if raw is None:
        return None
    text = raw.strip()
    if text.isascii() and text.isdigit() and len(text) <= 12 and 1 <= int(text) <= MAX_NODES:
        return int(text)
    return None


def parse_reply(data: str) -> dict[str, Any] | None:
    """A worker's message as a dict (``None``: not JSON, or not an object)."""
    try:
        reply = json.loads(data)
    except ValueError:
        return None
    return reply if isinstance(reply, dict) else None


def reply_kind(reply: dict[str, Any]) -> str:
    """``"ready"`` (the worker has booted), ``"hint"`` or ``"move"``."""
    if "ready" in reply:
        return "ready"
    if str(reply.get("id", "")).startswith(HINT_PREFIX):
        return "hint"
    return "move"


def request_text(
    game: Game[Any], request_id: int | str, level: str, nodes: int | None = None,
    explain: bool = False, coordinates: bool = True,
) -> str:
    """The JSON request asking the worker for ``level``'s action in ``game`` (``explain``:
    with its sentences, naming points and moves only with ``coordinates``)."""
    request: dict[str, Any] = {
        "id": request_id,
        "variant": game.info.name,
        "options": sorted(game.options),
        "seed": game.seed,
        "moves": game.to_text(),
        "level": level,
        "ai_seed": len(game.history),
    }
    if game.info.min_players != game.info.max_players:
        request["players"] = len(game.players)
    if starts.of(game):
        request["start"] = starts.of(game)  # a set-up position (paisho_core.starts)
    hidden = getattr(game, "hidden_hands", False)
    view = getattr(get_computer(game.info.name), "seat_view", None) if hidden else None
    if view is not None and game.to_move is not None:
        # hidden hands: the mover's view only, never the seed (which reveals every hand)
        request["view"] = view(game, game.to_move)
        request["seed"] = None
        request.pop("start", None)
    if explain:
        request["explain"] = True
        request["coordinates"] = coordinates
    if nodes is not None:
        request["nodes"] = nodes
    return json.dumps(request)


def reply_action(game: Game[Any], reply: dict[str, Any]) -> Any:
    """The legal action a reply names in ``game``, or ``None`` (none, unreadable, illegal)."""
    if not reply.get("action"):
        return None
    try:
        action = game.parse_action(str(reply["action"]))
        return action if game.is_legal(action) else None
    except Exception:  # a bad reply is never played
        return None


def hint_text(reply: dict[str, Any], said: str | None = None) -> tuple[str, bool]:
    """The evaluation line for a hint reply, and whether it holds a hint: the action in
    words (``said``, :func:`hint_words`; its notation when there are none)."""
    if reply.get("error") or not reply.get("action"):
        return _("No hint: {reason}").format(reason=reply.get("error") or _("no action")), False
    notes = " ".join(render(from_json(n)) for n in reply.get("notes") or [])
    action = said if said else reply["action"]
    return _("Hint: {action}. {notes}").format(action=action, notes=notes).strip(), True


def hint_words(game: Game[Any], reply: dict[str, Any], coordinates: bool) -> str | None:
    """The hinted action in words for the player to move (``None``: the reply names no
    legal action in ``game``), its points named only when ``coordinates`` are shown."""
    action = reply_action(game, reply)
    if action is None:
        return None
    try:
        return render(game.describe_action(action, coordinates))
    except Exception:  # a reply the engine cannot word is shown in notation
        return None


def action_tile(game: Game[Any], action: Any) -> str | None:
    """The code of the reserve tile ``action`` plays (its ``reserve:`` click), if any."""
    for token in game.action_clicks(action):
        code = reserve_code(token)
        if code is not None:
            return code
    return None


def boot_writes(reply: dict[str, Any]) -> tuple[w.Write, ...]:
    """The worker's ``ready`` reply on the board holder (for the benchmarks): how long it
    took to boot, and how (``snapshot`` or ``fallback``)."""
    return (
        w.data("board-holder", "workerBoot", str(reply["ready"])),
        w.data("board-holder", "workerBootKind", str(reply.get("boot", "fallback"))),
    )


def fallback_warning(reply: dict[str, Any]) -> str:
    """The console's warning when a move reply holds no playable action."""
    return f"Pai Sho: search worker: {reply.get('error', 'no action')}; medium on the page"


@dataclass(frozen=True)
class RefreshPlan:
    """What the page does after a redraw for the computer's seat (:meth:`SearchClient.
    after_refresh`), in this order."""

    hint_turn: bool
    """A person is to move in the live position (the Hint button is enabled)."""
    boot: bool
    """Start the worker: it boots in the background while the person plays."""
    unmark: bool
    """The search in progress no longer fits: the board no longer says it thinks."""
    show_thinking: bool
    """The status line says the computer is thinking (or starting up)."""
    schedule: bool
    """Schedule the computer's move."""


@dataclass(frozen=True)
class MoveReply:
    """What to do with a move reply (:meth:`SearchClient.take_move`)."""

    answered: bool
    """It answers the search in progress (which ends: the board stops saying it thinks)."""
    play: bool
    """The computer is still to move in the position asked about: play ``action``."""
    action: Any = None
    """The reply's action, ``None`` if it holds none (then medium plays on the page)."""


class SearchClient:
    """The protocol state of one page: the computer's seat and level, the search in
    progress and the hint."""

    def __init__(self) -> None:
        """No seat, the default level, nothing asked."""
        self.seat: int | None = None
        self.level = DEFAULT_LEVEL
        self.pending = False
        """A move is scheduled (the timer has not fired yet)."""
        self.request = 0
        """Id of the latest move request; a reply with another id is stale."""
        self.asked: tuple[int, str] | None = None
        """(request id, the game's notation) of the search in progress, else ``None``."""
        self.hints = 0
        self.hint_asked: tuple[str, str] | None = None
        """(request id, the game's notation) of the hint being searched, else ``None``."""
        self.hint_points: tuple[Point, ...] = ()
        """The board points of the hint shown (its action's clicks on the board)."""
        self.hint_reserve: str | None = None
        """The code of the reserve tile the hint shown plays (a plant, an entry), if any."""
        self.hint_for: str | None = None
        """The game's notation the shown hint belongs to."""
        self.worker_ready = False
        """The worker has booted (it posts ``{"ready": seconds}`` once)."""

    def load(self, seat: str | None, level: str | None) -> None:
        """Take the stored seat and level (``None``: none stored); an unreadable one
        is ignored."""
        seat_value = parse_seat(seat)
        if seat_value is not None:
            self.seat = seat_value
        self.level = parse_level(level) or self.level

    # -- the computer's moves
    def seat_in(self, game: Game[Any]) -> int | None:
        """The seat the computer plays in ``game`` (``None``: none, or it does not exist)."""
        if self.seat is None or self.seat >= len(game.players) or len(game.players) < 2:
            return None
        return self.seat

    def set_level(self, value: str) -> bool:
        """Take ``value`` as the level (cancelling a search); False if it is no level."""
        if value not in LEVELS:
            return False
        self.cancel()
        self.level = value
        return True

    def cancel(self) -> None:
        """Drop the search in progress (its answer will be stale) and a scheduled move."""
        self.request += 1
        self.asked = None
        self.pending = False

    def thinking(self, game: Game[Any], mover: int | None, booting: bool) -> str | None:
        """The status line while the computer is about to move (``booting``: the worker
        has started but not said it is ready), else ``None``."""
        if mover is None or game.to_move != mover:
            return None
        values = {"player": player(game.players[mover]), "level": level_name(self.level)}
        if booting:
            return _("The computer ({player}, {level}) is starting up (loading its engine in"
                     " the background)…").format(**values)
        return _("The computer ({player}, {level}) is thinking…").format(**values)

    def keeps_thinking(self, game: Game[Any], mover: int | None, live: bool) -> bool:
        """After a redraw: True if the search in progress still fits (the computer is to
        move in the very position asked about, shown live); otherwise a search in
        progress is cancelled and False returned."""
        if self.asked is None:
            return False
        if live and game.to_move == mover and game.to_text() == self.asked[1]:
            return True
        self.cancel()
        return False

    def should_schedule(self, game: Game[Any], mover: int | None, live: bool) -> bool:
        """Whether to schedule the computer's move now (marks it pending if so)."""
        if mover is None or game.to_move != mover or self.pending or not live:
            return False
        self.pending = True
        return True

    def after_refresh(self, game: Game[Any], mover: int | None, live: bool) -> RefreshPlan:
        """After a redraw (``mover``: the computer's seat; ``live``: no replay shown): the
        search in progress goes on only in the very position asked about, else the
        computer's move is scheduled when it is its turn."""
        hint_turn = live and game.to_move is not None and game.to_move != mover
        boot = mover is not None
        unmark = False
        if self.asked is not None:
            if self.keeps_thinking(game, mover, live):
                return RefreshPlan(hint_turn, boot, False, True, False)
            unmark = True
        schedule = self.should_schedule(game, mover, live)
        return RefreshPlan(hint_turn, boot, unmark, schedule, schedule)

    def take_move(self, game: Game[Any], mover: int | None, reply: dict[str, Any]) -> MoveReply:
        """A move reply: whether it answers the search in progress, and whether its
        action is to be played in ``game`` (``mover``: the computer's seat)."""
        asked = self.take_reply(reply)
        if asked is None:
            return MoveReply(False, False)  # an answer to a cancelled search
        if not self.still_asked(game, mover, asked):
            return MoveReply(True, False)
        return MoveReply(True, True, reply_action(game, reply))

    def ask(self, game: Game[Any], nodes: int | None = None) -> str:
        """A new move request for ``game`` (the earlier one becomes stale)."""
        self.request += 1
        self.asked = (self.request, game.to_text())
        return request_text(game, self.request, self.level, nodes)

    def take_reply(self, reply: dict[str, Any]) -> str | None:
        """The notation asked about if ``reply`` answers the search in progress (which
        then ends), else ``None`` (a stale or cancelled answer)."""
        asked = self.asked
        if asked is None or reply.get("id") != asked[0]:
            return None
        self.asked = None
        return asked[1]

    @staticmethod
    def still_asked(game: Game[Any], mover: int | None, asked_text: str) -> bool:
        """Whether the computer is still to move in the position asked about."""
        return mover is not None and game.to_move == mover and game.to_text() == asked_text

    # -- the Hint
    def hint_shown(self, game: Game[Any], viewing: bool) -> tuple[Point, ...]:
        """The hint's points to mark when it belongs to the live position, else ()."""
        if not self.hint_points or self.hint_for != game.to_text() or viewing:
            return ()
        return self.hint_points

    def hint_tile_shown(self, game: Game[Any], viewing: bool) -> str | None:
        """The code of the mover's reserve tile the hint plays, to mark in the reserve,
        when the hint belongs to the live position; else ``None``."""
        if self.hint_reserve is None or self.hint_for != game.to_text() or viewing:
            return None
        return self.hint_reserve

    def drop_stale_hint(self, text: str, line_for: str | None) -> bool:
        """The game's notation is now ``text``: forget a hint of another position.

        ``line_for`` is the notation the evaluation line was written for; True if the
        line must be cleared."""
        if self.hint_for is not None and self.hint_for != text:
            self.hint_points, self.hint_for, self.hint_reserve = (), None, None
        if self.hint_asked is not None and self.hint_asked[1] != text:
            self.hint_asked = None
            return True
        return self.hint_asked is None and line_for != text

    def ask_hint(self, game: Game[Any], coordinates: bool = False) -> str:
        """A new hint request (Hard, explained) for the player to move in ``game``; its
        sentences name points and moves in notation only with ``coordinates``."""
        self.hints += 1
        self.hint_asked = (f"{HINT_PREFIX}{self.hints}", game.to_text())
        return request_text(game, self.hint_asked[0], HINT_LEVEL, explain=True,
                            coordinates=coordinates)

    def take_hint(self, reply: dict[str, Any]) -> str | None:
        """The notation asked about if ``reply`` answers the hint asked, else ``None``."""
        asked = self.hint_asked
        if asked is None or reply.get("id") != asked[0]:
            return None
        self.hint_asked = None
        return asked[1]

    def hint_reply(
        self, game: Game[Any], reply: dict[str, Any], coordinates: bool = False
    ) -> tuple[tuple[w.Write, ...], bool] | None:
        """A hint reply: ``None`` if it answers no hint asked (stale), else the evaluation
        line's writes (``skud-eval``: its text, and for a hint the position it is for, its
        notation and its points, remembered to be marked on the board) and whether a hint was shown
        (the board is then drawn again).  The action is in words, its points named only
        when ``coordinates`` are shown (the board marks them)."""
        asked = self.take_hint(reply)
        if asked is None:
            return None
        said = hint_words(game, reply, coordinates) if game.to_text() == asked else None
        text, ok = hint_text(reply, said)
        if not ok:
            return (w.text("skud-eval", text),), False
        self.show_hint(game, asked, reply)
        points = " ".join(str(p) for p in self.hint_points)
        return (
            w.attr("skud-eval", "data-hint-for", asked),
            w.text("skud-eval", text),  # text only, never HTML
            w.attr("skud-eval", "data-hint-points", points),
            w.attr("skud-eval", "data-hint-action", str(reply.get("action") or "")),
        ), True

    def show_hint(self, game: Game[Any], asked_text: str, reply: dict[str, Any]) -> None:
        """Remember the hint for ``asked_text``; its points only if ``game`` is still there."""
        points: Sequence[Point] = ()
        tile: str | None = None
        if game.to_text() == asked_text:
            action = reply_action(game, reply)
            if action is not None:
                try:
                    points = action_points(game, action)
                    tile = action_tile(game, action)
                except Exception:  # a bad reply marks nothing
                    points, tile = (), None
        self.hint_points, self.hint_for, self.hint_reserve = tuple(points), asked_text, tile
