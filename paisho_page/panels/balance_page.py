"""What Balance's panel writes and decides on the page: pure logic for the page.

:func:`balance_screen` is everything the panel, the status line, the end screen and the
Hint and Daily buttons show of a game; :class:`BestStore` keeps the best-score table in
the page's storage (a damaged table is set aside once, with a notice; a table set aside
that reads well now is taken back in once, at start-up); :class:`Hint`
is the hint shown and the position it belongs to; :func:`dialog_seed` reads the New game
dialog's seed choice; :func:`preview_point` decides which point the placement preview is
about.  The texts come from :mod:`paisho_page.panels.balance`.  ``site/balance_ui.py``
reads the DOM, calls these and writes their results (text only).
"""

from __future__ import annotations

from collections.abc import Container
from dataclasses import dataclass, field
from typing import Any

from paisho_core.board import Point
from paisho_core.errors import PaiShoError
from paisho_core.render import tile_svg
from paisho_page.base.dom_writes import BODY, Write, classed, data, disabled, hidden, text
from paisho_page.base.elements import Element
from paisho_page.panels import balance as bp
from paisho_page.storage import aside, game_store
from paisho_page.storage.game_store import Storage
from paisho_page.words.i18n import N_, _

BEST_KEY = "paisho.balance.best.v1"
"""``localStorage`` key of the best-score table (:class:`bp.BestScores` JSON)."""
VARIANT = "balance"


def is_balance(game: Any) -> bool:
    """True for a Balance game."""
    return str(getattr(getattr(game, "info", None), "name", "")) == VARIANT


def live_key(game: Any) -> tuple[Any, str]:
    """What a hint belongs to: the game's seed and its placements."""
    return (game.seed, game.to_text())


@dataclass(frozen=True)
class BalanceScreen:
    """Balance's panel, status line, end screen and buttons for one game (plain text)."""

    harmonies: str
    disharmonies: str
    score: str
    data: dict[str, str]
    """The panel's ``data-*`` attributes (h, d, score, result, drawn, bagLeft, seed)."""
    seed_text: str
    status: str | None
    """The status line (``None`` in the replay: the replay's own)."""
    end_text: str | None
    """The end screen's text (``None``: no end screen)."""
    end_data: dict[str, str]
    """The end screen's ``data-*`` attributes (result, score)."""
    hint_disabled: bool
    daily_label: str

    def writes(self) -> tuple[Write, ...]:
        """The page marked as showing a Balance game, the panel's numbers and marks, the
        status line, the end screen and the Hint and Daily buttons, as page writes (the
        drawn tile, the bag and the best scores are the page's own to draw)."""
        return (
            classed(BODY, "variant-balance", True),
            hidden("balance-panel", False),
            text("balance-h", self.harmonies),
            text("balance-d", self.disharmonies),
            text("balance-score", self.score),
            *(data("balance-panel", k, v) for k, v in self.data.items()),
            text("balance-seed", self.seed_text),
            *(() if self.status is None else (text("status", self.status),)),
            *(
                ()
                if self.end_text is None
                else (hidden("result", False), text("result", self.end_text))
            ),
            *(data("result", k, v) for k, v in self.end_data.items()),
            disabled("btn-hint", self.hint_disabled),
            text("btn-daily", self.daily_label),
        )


def balance_screen(game: Any, viewing: bool, today: int) -> BalanceScreen:
    """What the panel shows of ``game`` (the game shown; ``viewing``: the replay shows
    an earlier position; ``today``: today's daily seed)."""
    h, d = game.counts()
    end = game.outcome()
    data = {
        "h": str(h),
        "d": str(d),
        "score": str(end.score if end is not None else min(h, d)),
        "result": (end.result or "") if end is not None else "",
        "drawn": game.drawn or "",
        "bagLeft": str(game.bag_left),
        "seed": str(game.seed),
    }
    shown_end = end is not None and not viewing
    return BalanceScreen(
        str(h),
        str(d),
        str(min(h, d)),
        data,
        bp.seed_text(game.seed),
        None if viewing else bp.status_text(game),
        bp.end_text(end, game) if shown_end else None,
        {"result": end.result or "", "score": str(end.score or 0)}
        if shown_end
        else {"result": "", "score": ""},
        viewing or game.to_move is None,
        _("Today's daily game") if game.seed != today else _("Restart today's daily"),
    )


@dataclass(frozen=True)
class BestView:
    """The best-score table as the panel lists it."""

    rows: list[tuple[str, str]]
    best: str
    """The best score ever (empty: none yet)."""
    today: str
    """Today's daily best (empty: not played)."""


def best_view(table: bp.BestScores, today: int, seed: int | None) -> BestView:
    """The rows and marks of ``table`` for today's daily seed and the game's ``seed``."""
    best = table.overall
    daily = table.daily_best(today)
    return BestView(
        table.lines(today, seed),
        str(best.score) if best else "",
        str(daily.score) if daily else "",
    )


RECOVERED = N_(
    "Best scores set aside earlier were read again and put back into your Balance best"
    " scores."
)
"""The notice after set-aside best scores were taken back in (:meth:`BestStore.recover`)."""


@dataclass
class BestStore:
    """The best-score table in ``storage``; a damaged one is set aside once."""

    storage: Storage
    set_aside: set[str] = field(default_factory=set)
    """Damaged table texts already set aside by this page."""
    recovered: bool = False
    """Whether this page has looked for set-aside tables to take back in."""

    def recover(self, table: bp.BestScores) -> bool:
        """Take back into ``table`` the results of every best-score table set aside
        earlier (e.g. by an older, stricter check) that holds valid ones, and delete
        each set-aside table that now reads with no problem at all (every result of it
        is in ``table``); the others stay set aside.  True if ``table`` changed (it is
        then stored)."""
        self.recovered = True
        changed, done = False, []
        for key in self.storage.all_keys():
            if not key.startswith(aside.SETASIDE_PREFIX):
                continue
            raw = self.storage.get(key)
            item = aside.parse_set_aside(raw) if raw is not None else None
            if item is None or item.key != BEST_KEY:
                continue
            found, problem = bp.BestScores.read(item.raw)
            changed = table.merge(found) or changed
            if problem is None:
                done.append(key)
        if changed and not self.storage.put(BEST_KEY, table.to_json()):
            return False
        for key in done:
            self.storage.drop(key)
        return changed

    def load(self) -> tuple[bp.BestScores, str | None]:
        """The stored table (empty if missing or damaged) and a notice for the player
        when a damaged table was just set aside (kept, downloadable in "Your games";
        its good parts are stored back), or when tables set aside earlier were taken
        back in (:meth:`recover`, once per page)."""
        text = self.storage.get(BEST_KEY)
        table, problem = bp.BestScores.read(text)
        if problem is None and not self.recovered and self.recover(table):
            return table, _(RECOVERED)
        if problem is None or text is None or text in self.set_aside:
            return table, None
        self.set_aside.add(text)
        reason = _("the Balance best scores: {problem}").format(problem=problem)
        game_store.set_aside(self.storage, BEST_KEY, text, reason, remove=False)
        self.save(table)
        return table, aside.set_aside_notice(_("Your Balance best scores"), problem)

    def save(self, table: bp.BestScores) -> None:
        """Store the table (storage full or blocked: play on)."""
        self.storage.put(BEST_KEY, table.to_json())

    def record(self, table: bp.BestScores, game: Any) -> str | None:
        """Record ``game`` (if it is a finished one) in ``table`` and store it: the
        message of a new best score, if it is one."""
        new_overall, new_daily = table.record(game)
        self.save(table)
        if not (new_overall or new_daily):
            return None
        if new_overall:
            return _("A new best score ever!")
        return _("A new best score for this daily game!")


@dataclass
class Hint:
    """The hint shown: its point and the position (:func:`live_key`) it belongs to."""

    point: Point | None = None
    key: Any = None
    seconds: float | None = None

    def forget(self) -> None:
        """No hint shown any more."""
        self.point, self.key = None, None

    def shown_on(self, game: Any, viewing: bool) -> Point | None:
        """The hint's point if it belongs to the live position of ``game``."""
        if self.point is None or viewing or self.key != live_key(game):
            return None
        return self.point

    def take(
        self, game: Any, key: Any, place: Any, seconds: float, coordinates: bool = False
    ) -> str:
        """Show the solver's ``place`` for the position ``key``; its message, in words
        (the board marks the point; it is named only when ``coordinates`` are shown)."""
        self.point = Point(place.point.x, place.point.y)
        self.key, self.seconds = key, seconds
        preview = game.preview(place)
        if coordinates:
            said = _(
                "Hint: place the {tile} on {point} (H {h}, D {d} now; the solver's best bet"
                " for the whole game, {seconds} s)."
            )
        else:
            said = _(
                "Hint: place the {tile} on the marked point (H {h}, D {d} now; the solver's"
                " best bet for the whole game, {seconds} s)."
            )
        return said.format(tile=bp.tile_label(game.drawn), point=self.point,
                           h=f"{preview.harmonies:+d}", d=f"{preview.disharmonies:+d}",
                           seconds=f"{seconds:.2f}")


def hidden_writes() -> tuple[Write, ...]:
    """The panel hidden, and the page no longer marked as showing a Balance game: the
    game shown is another variant's."""
    return (classed(BODY, "variant-balance", False), hidden("balance-panel", True))


def seed_choice(checked: list[str]) -> str:
    """The New game dialog's seed choice: the value of its checked radio button
    (``checked``: the values of those checked, in the page's order; the last wins),
    ``random`` when none is."""
    return checked[-1] if checked else "random"


def dialog_seed(choice: str, text: str, today: int) -> int | None:
    """The seed the New game dialog asks for: ``daily`` (today's), ``seed`` (typed in
    ``text``; raises :class:`PaiShoError` when it is not one), else ``None`` (random)."""
    if choice == "daily":
        return today
    if choice == "seed":
        seed = bp.parse_seed(text)
        if seed is None:
            raise PaiShoError(_("Type a seed: a whole number below 2^53."))
        return seed
    return None


def preview_point(
    game: Any, viewing: bool, point: Point | None, legal: Container[Point]
) -> Point | None:
    """The point the placement preview is about: ``point`` (under the mouse or the
    cursor) when the drawn tile may be placed there in the live game, else ``None``."""
    if not is_balance(game) or viewing or game.to_move is None or point is None:
        return None
    return point if point in legal else None


def daily_label(today: int) -> str:
    """The dialog's daily choice, ``Today's daily bag (seed 20260101)``."""
    return _("Today's daily bag (seed {seed})").format(seed=today)



def bag_items(remaining: dict[str, int]) -> list[Element]:
    """What is still in the bag (the multiset a player knows), one icon per kind."""
    return [
        Element(
            "span", cls="bag-tile" + ("" if count else " none"),
            props=(("title", f"{bp.tile_label(code)}: {count}"),),
            svg=tile_svg(VARIANT, code, None, 26),
            children=(Element("span", str(count), "count"),),
        )
        for code, count in remaining.items()
    ]


def best_items(view: BestView) -> list[Element]:
    """The best-score table's rows as ``<dt>``/``<dd>`` pairs."""
    items = []
    for label, value in view.rows:
        items += [Element("dt", label), Element("dd", value)]
    return items
