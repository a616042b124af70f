"""The embeddable viewer (embed.html): replay a game given in the URL, step by step.

URL parameters, in the query or the fragment (the fragment wins)::

    ?variant=skud&moves=<notation>&options=a,b&seed=N&ply=K&autoplay=1&speed=ms

``players=N`` gives the number of seats of a variant with a choice (Ancient).

Nothing is saved.  Text from the URL reaches the page only through ``textContent`` and
the engine (which replays and checks every move); the board SVG is escaped by the
renderer.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

from dom import document, el, keep, on, window

from paisho_core import registry
from paisho_core.errors import PaiShoError
from paisho_core.render import RenderView, render_dynamic, render_svg
from paisho_core.ui import UIState, token_point

MAX_TEXT = 20_000
"""Longest moves text accepted from a URL."""


def url_params() -> dict[str, str]:
    """Parameters from the query string, then the fragment (which overrides)."""
    out: dict[str, str] = {}
    for part in (str(window.location.search), str(window.location.hash)):
        text = part[1:] if part[:1] in ("?", "#") else part
        for key, values in parse_qs(text, keep_blank_values=True).items():
            if values:
                out[key] = values[-1]
    return out


class Viewer:
    """The replayed game: one snapshot per action, and the one shown."""

    def __init__(self, params: dict[str, str]) -> None:
        """Replay the game from the URL parameters (stopping at the first bad move)."""
        self.message = ""
        variant = params.get("variant", "skud") or "skud"
        options = tuple(o for o in params.get("options", "").split(",") if o)
        seed_text = params.get("seed", "")
        moves = params.get("moves", "")[:MAX_TEXT]
        if len(params.get("moves", "")) > MAX_TEXT:
            self.message = f"The moves text is too long (over {MAX_TEXT} characters)."
        try:
            self.cls = registry.get_variant(variant)
        except PaiShoError as exc:
            self.message = str(exc)
            self.cls = registry.get_variant("skud")
            options, seed_text, moves = (), "", ""
        seed = int(seed_text) if seed_text.lstrip("-").isdigit() else None
        if self.cls.info.uses_seed and seed is None:
            seed = 1
        players_text = params.get("players", "")
        small = players_text.isdigit() and len(players_text) < 3
        self.players = int(players_text) if small else None
        self.options, self.seed = options, seed
        self.frames: list[Any] = []
        self.clicks: list[tuple[str, ...]] = [()]
        game = self._replay(moves)
        fresh = self._new()
        self.frames.append(fresh.copy())
        for action in game.history:
            self.clicks.append(fresh.action_clicks(action))
            fresh.apply(action)
            self.frames.append(fresh.copy())
        if game.resigned is not None:
            self.frames[-1] = game
        self.at = len(self.frames) - 1
        ply = params.get("ply", "")
        if ply.isdigit():
            self.at = min(int(ply), self.at)

    def _new(self) -> Any:
        try:
            return self._text("")
        except PaiShoError as exc:
            self.message = str(exc)
            self.options = ()
            return self.cls((), self.seed)

    def _text(self, moves: str) -> Any:
        """Replay ``moves`` for the URL's number of seats (if it gives one)."""
        if self.players is None:
            return self.cls.from_text(moves, self.options, self.seed)
        return self.cls.replay_text(moves, self.options, self.seed, self.players)

    def _replay(self, moves: str) -> Any:
        """The game of ``moves``; on a bad move, the longest good prefix and a message."""
        try:
            return self._text(moves)
        except PaiShoError as exc:
            plies = [m for m in moves.split(";") if m.strip()]
            for k in range(len(plies) - 1, -1, -1):
                try:
                    game = self._text(";".join(plies[:k]))
                except PaiShoError:
                    continue
                self.message = f"Stopped at move {k + 1}: {exc}"
                return game
            self.message = f"The game could not be replayed: {exc}"
            return self._new()

    @property
    def game(self) -> Any:
        """The game at the shown position."""
        return self.frames[self.at]

    def view(self) -> RenderView:
        """Marks for the shown position: the points of the last action."""
        pts = frozenset(p for p in (token_point(t) for t in self.clicks[self.at]) if p)
        return RenderView(last_move=pts, ring=UIState(self.game, undo=False).ring())


VIEWER: Viewer
_timer: list[Any] = []


def draw() -> None:
    """Show the current position, the step counter and the buttons' state."""
    v = VIEWER
    dyn = el("board-dynamic")
    if dyn is None:
        el("board-holder").innerHTML = render_svg(v.game, v.view())
    else:
        dyn.innerHTML = render_dynamic(v.game, v.view())
    last = len(v.frames) - 1
    el("ply").textContent = f"{v.at} / {last}"
    el("btn-first").disabled = v.at == 0
    el("btn-prev").disabled = v.at == 0
    el("btn-next").disabled = v.at >= last
    el("btn-last").disabled = v.at >= last
    el("btn-play").disabled = last == 0
    el("status").textContent = UIState(v.game, undo=False).status()
    shown = v.game.to_text().split(";") if v.at else []
    el("current-move").textContent = shown[-1] if shown and shown[-1] else ""
    el("message").textContent = v.message
    el("board-holder").dataset.actions = str(v.at)


def go(index: int) -> None:
    """Show the position after ``index`` actions."""
    VIEWER.at = max(0, min(index, len(VIEWER.frames) - 1))
    draw()


def stop() -> None:
    """Stop autoplay."""
    while _timer:
        window.clearInterval(_timer.pop())
    el("btn-play").textContent = "Play"
    el("btn-play").setAttribute("aria-label", "Play")


def tick() -> None:
    """One autoplay step."""
    if VIEWER.at >= len(VIEWER.frames) - 1:
        stop()
        return
    go(VIEWER.at + 1)


def play(speed: int = 900) -> None:
    """Start autoplay (from the start if at the end)."""
    stop()
    if VIEWER.at >= len(VIEWER.frames) - 1:
        go(0)
    _timer.append(window.setInterval(keep(tick), speed))
    el("btn-play").textContent = "Pause"
    el("btn-play").setAttribute("aria-label", "Pause")


def on_key(event: Any) -> None:
    """Arrow keys step, Home/End jump."""
    key = str(event.key)
    moves = {
        "ArrowLeft": VIEWER.at - 1,
        "ArrowRight": VIEWER.at + 1,
        "Home": 0,
        "End": len(VIEWER.frames) - 1,
    }
    if key in moves:
        event.preventDefault()
        stop()
        go(moves[key])


def start() -> None:
    """Read the URL, replay, wire the buttons, and mark the page ready."""
    global VIEWER
    params = url_params()
    VIEWER = Viewer(params)
    speed_text = params.get("speed", "")
    speed = max(200, min(int(speed_text), 10_000)) if speed_text.isdigit() else 900
    on(el("btn-first"), "click", lambda _e: (stop(), go(0)))
    on(el("btn-prev"), "click", lambda _e: (stop(), go(VIEWER.at - 1)))
    on(el("btn-next"), "click", lambda _e: (stop(), go(VIEWER.at + 1)))
    on(el("btn-last"), "click", lambda _e: (stop(), go(len(VIEWER.frames) - 1)))
    on(el("btn-play"), "click", lambda _e: stop() if _timer else play(speed))
    on(document, "keydown", on_key)
    if params.get("autoplay") in ("1", "true", "yes"):
        VIEWER.at = 0
        draw()
        play(speed)
    else:
        draw()
    document.documentElement.dataset.engine = "ready"
