"""What the page shows for Balance Pai Sho, as pure functions (tested under CPython).

The page's DOM layer (``site/balance_ui.py``) only moves these texts and numbers into the
document; everything worth testing lives here:

* **Seeds.**  A *daily* game's seed is the calendar date as the integer ``YYYYMMDD`` (the
  player's local date: 30 November 2026 is seed ``20261130``), so everyone who opens the
  Daily game on the same day draws the same bag.  A *fresh* game's seed is random and has
  ten digits (``10**9 <= seed < 2**31``), so it can never be mistaken for a daily one.
* **Best scores** (:class:`BestScores`): an overall best, and the best of each daily
  seed (the last :data:`DAILY_KEEP` days), kept as JSON in the browser's storage.  The
  JSON is read defensively: anything malformed is dropped, never trusted; a score must
  lie within the bounds the engine derives from the rules
  (:mod:`paisho_core.balance.limits`).
* **Texts**: the result's name, the end-of-game line, the H / D counter, the drawn tile
  and what a placement would do (the hover/focus preview).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date

from paisho_core.balance.action import Place
from paisho_core.balance.bag import MAX_SEED
from paisho_core.balance.game import BalanceGame, Preview
from paisho_core.balance.limits import LOWEST_SCORE, highest_score
from paisho_core.balance.solver import best_placement
from paisho_core.balance.tiles import KIND_OF_CODE, NAMES
from paisho_core.board import Point
from paisho_core.protocol import Outcome
from paisho_page.storage.safejson import BadJSON, loads
from paisho_page.words.i18n import N_, _, ngettext
from paisho_page.words.terms import tile

HINT_BUDGET = 1500
"""Simulated placements the page's Hint button gives the solver.

Measured in the page (Pyodide 314, Chromium, this project's loaded 2-core test box): see
the README's Balance section; the goal is at most 0.5 s per hint."""

RANDOM_SEED_MIN = 10**9
"""Fresh games draw their seed from ``RANDOM_SEED_MIN <= seed < RANDOM_SEED_END``."""
RANDOM_SEED_END = 2**31
DAILY_KEEP = 60
"""How many daily seeds the best-score table remembers (the most recent ones)."""

RESULT_NAMES: dict[str, str] = {
    "balance": N_("Balance"),
    "perfect-balance": N_("Perfect Balance"),
    "unbalance": N_("Unbalance"),
    "failure": N_("Failure"),
}
"""The (English) name of each result slug of :meth:`BalanceGame.outcome`."""


# ----------------------------------------------------------------------------- seeds
def daily_seed(day: date) -> int:
    """The seed of the daily game of ``day``: ``YYYYMMDD`` as an integer."""
    return day.year * 10000 + day.month * 100 + day.day


def daily_date(seed: int | None) -> date | None:
    """The day whose daily game has ``seed``, or ``None`` if it is not a daily seed."""
    if seed is None or isinstance(seed, bool) or not 2000_01_01 <= seed <= 9999_12_31:
        return None
    try:
        return date(seed // 10000, seed // 100 % 100, seed % 100)
    except ValueError:
        return None


def is_daily(seed: int | None) -> bool:
    """True when ``seed`` is a daily game's seed (a valid ``YYYYMMDD`` date)."""
    return daily_date(seed) is not None


def random_seed(randbelow: Callable[[int], int]) -> int:
    """A fresh game's seed, from ``randbelow(n)`` (e.g. :func:`secrets.randbelow`)."""
    seed = RANDOM_SEED_MIN + randbelow(RANDOM_SEED_END - RANDOM_SEED_MIN)
    assert RANDOM_SEED_MIN <= seed < RANDOM_SEED_END < MAX_SEED
    return seed


def parse_seed(text: str) -> int | None:
    """A seed typed by the player (digits, spaces and ``-`` ignored), or ``None``."""
    digits = "".join(ch for ch in text.strip() if ch not in " -_")
    if not digits.isdigit() or len(digits) > 16:
        return None
    value = int(digits)
    return value if value < MAX_SEED else None


def seed_text(seed: int | None) -> str:
    """How the page names a game's seed: ``Daily 2026-11-30`` or ``Seed 1234567890``."""
    if seed is None:
        return ""
    day = daily_date(seed)
    if day:
        return _("Daily {date} (seed {seed})").format(date=day.isoformat(), seed=seed)
    return _("Seed {seed}").format(seed=seed)


# ----------------------------------------------------------------------------- texts
def result_name(result: str | None) -> str:
    """``Balance``, ``Perfect Balance``, ``Unbalance`` or ``Failure`` (empty for None)."""
    if result is None:
        return ""
    name = RESULT_NAMES.get(result)
    return _(name) if name else result.replace("-", " ").capitalize()


def plural(n: int, word: str) -> str:
    """``1 harmony``, ``2 harmonies``, ``0 disharmonies``, ``2 tiles`` (``word``:
    ``harmony``, ``disharmony`` or ``tile``), in the page's language."""
    if word == "harmony":
        return ngettext("{n} harmony", "{n} harmonies", n).format(n=n)
    if word == "disharmony":
        return ngettext("{n} disharmony", "{n} disharmonies", n).format(n=n)
    return ngettext("{n} tile", "{n} tiles", n).format(n=n)



def counter_text(harmonies: int, disharmonies: int) -> str:
    """The live counter as one line: ``H 5 · D 4 · score 4``."""
    return _("H {harmonies} · D {disharmonies} · score {score}").format(
        harmonies=harmonies, disharmonies=disharmonies, score=min(harmonies, disharmonies))


def tile_label(code: str | None) -> str:
    """The name of a Balance tile code in the page's language (``D`` → ``Dragon``)."""
    if code is None or code not in KIND_OF_CODE:
        return code or ""
    return tile(NAMES[KIND_OF_CODE[code]])


def end_text(outcome: Outcome | None, game: BalanceGame | None = None) -> str:
    """The end screen's line: the result named, with the score (empty while running).

    ``Perfect Balance! Score 20 (20 harmonies, 20 disharmonies).``,
    ``Unbalance. Score 6 (6 harmonies, 9 disharmonies).``,
    ``Failure: the Koi had no legal point. Score 0.``
    """
    if outcome is None:
        return ""
    if outcome.reason == "resign":
        return _("Game abandoned. Score 0.")
    score = outcome.score or 0
    if outcome.result == "failure":
        what = tile_label(game.drawn) if game is not None else ""
        if what:
            return _("Failure: the {tile} had no legal point. Score 0.").format(tile=what)
        return _("Failure. Score 0.")
    perfect = outcome.result == "perfect-balance"
    if game is None:
        line = _("{result}! Score {score}.") if perfect else _("{result}. Score {score}.")
        return line.format(result=result_name(outcome.result), score=score)
    h, d = game.counts()
    line = (_("{result}! Score {score} ({harmonies}, {disharmonies}).") if perfect
            else _("{result}. Score {score} ({harmonies}, {disharmonies})."))
    return line.format(result=result_name(outcome.result), score=score,
                       harmonies=plural(h, "harmony"), disharmonies=plural(d, "disharmony"))


def drawn_text(game: BalanceGame) -> str:
    """What to do now: ``Place the Dragon`` (or why nothing is to be placed)."""
    end = game.outcome()
    if end is not None:
        return _("Game over: {result}").format(result=result_name(end.result))
    return _("Place the {tile}").format(tile=tile_label(game.drawn))


def bag_text(bag_left: int) -> str:
    """``12 tiles left in the bag`` / ``1 tile left`` / ``The bag is empty``."""
    if bag_left <= 0:
        return _("The bag is empty")
    return ngettext("{n} tile left in the bag", "{n} tiles left in the bag",
                    bag_left).format(n=bag_left)


def status_text(game: BalanceGame) -> str:
    """The page's status line for a Balance game."""
    end = game.outcome()
    if end is not None:
        if end.reason == "resign":
            return _("Game over: abandoned.")
        if end.result == "failure":
            return _("Game over: the {tile} cannot be placed.").format(
                tile=tile_label(game.drawn))
        return _("Game over: the bag is empty.")
    n = len(game.legal_actions())
    if n == 1:
        return _("Place the {tile} on the highlighted point.").format(
            tile=tile_label(game.drawn))
    return ngettext("Place the {tile} on one of the {n} highlighted points.",
                    "Place the {tile} on one of the {n} highlighted points.",
                    n).format(tile=tile_label(game.drawn), n=n)


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"−{-n}"


def preview_text(game: BalanceGame, preview: Preview, coordinates: bool = False) -> str:
    """What placing the drawn tile on ``preview.point`` would do, in one sentence.

    ``Dragon here: connects to Avatar: 1 harmony + 1 disharmony; cuts Koi–Badgermole.
    H +1, D +1 → H 4 · D 3 · score 3.`` (the board draws the point and its lines); with
    ``coordinates`` shown, the points are named: ``Dragon on (0,3): connects to Avatar
    (0,0): …``.
    """
    cells = game.position.cells

    def who(p: Point) -> str:
        name = tile(NAMES[cells[p.index]])
        return f"{name} {p}" if coordinates else name

    parts = []
    for partner, h, d in preview.new_pairs:
        made = (
            " + ".join(plural(n, w) for n, w in ((h, "harmony"), (d, "disharmony")) if n)
            or _("nothing")
        )
        parts.append(f"{who(partner)}: {made}")
    h0, d0 = game.counts()
    h1, d1 = h0 + preview.harmonies, d0 + preview.disharmonies
    values = {
        "tile": tile_label(game.drawn),
        "point": str(preview.point),
        "pairs": "; ".join(parts),
        "cuts": ", ".join(f"{who(a)}–{who(b)}" for a, b, _c, _d in preview.cut_pairs),
        "h": _signed(preview.harmonies),
        "d": _signed(preview.disharmonies),
        "counter": counter_text(h1, d1),
    }
    if not coordinates:
        line = _(_PREVIEW_HERE[(bool(parts), bool(preview.cut_pairs))])
    elif parts and preview.cut_pairs:
        line = _("{tile} on {point}: connects to {pairs}; cuts {cuts}. H {h}, D {d} → {counter}.")
    elif parts:
        line = _("{tile} on {point}: connects to {pairs}. H {h}, D {d} → {counter}.")
    elif preview.cut_pairs:
        line = _("{tile} on {point}: connects to no tile; cuts {cuts}. H {h}, D {d} → {counter}.")
    else:
        line = _("{tile} on {point}: connects to no tile. H {h}, D {d} → {counter}.")
    return line.format(**values)


_PREVIEW_HERE = {
    (True, True): N_("{tile} here: connects to {pairs}; cuts {cuts}. H {h}, D {d} → {counter}."),
    (True, False): N_("{tile} here: connects to {pairs}. H {h}, D {d} → {counter}."),
    (False, True): N_("{tile} here: connects to no tile; cuts {cuts}. H {h}, D {d} → {counter}."),
    (False, False): N_("{tile} here: connects to no tile. H {h}, D {d} → {counter}."),
}
"""The preview's sentence naming no point (coordinates off: the board draws the point
and its lines), by whether the tile connects and whether it cuts a connection."""


def remaining_text(remaining: Mapping[str, int]) -> str:
    """The bag's contents (what a player can know): ``Badgermole 3, Dragon 2, …``."""
    return ", ".join(f"{tile_label(c)} {n}" for c, n in remaining.items() if n) or _("nothing")



# ----------------------------------------------------------------------------- best scores
@dataclass(frozen=True)
class Best:
    """One remembered result."""

    score: int
    result: str
    seed: int

    def to_json(self) -> dict[str, object]:
        """A JSON-ready form."""
        return {"score": self.score, "result": self.result, "seed": self.seed}

    @classmethod
    def from_json(cls, data: object) -> Best | None:
        """Read one entry; ``None`` if it is not a well-formed one (a score outside the
        engine's bounds, :func:`paisho_core.balance.limits.highest_score`, is not)."""
        if not isinstance(data, dict):
            return None
        score, result, seed = data.get("score"), data.get("result"), data.get("seed")
        if (
            not isinstance(score, int)
            or isinstance(score, bool)
            or not LOWEST_SCORE <= score <= highest_score()
            or result not in RESULT_NAMES
            or not isinstance(seed, int)
            or isinstance(seed, bool)
            or not 0 <= seed < MAX_SEED
        ):
            return None
        return cls(score, str(result), seed)

    def text(self) -> str:
        """``9 (Balance)``."""
        return f"{self.score} ({result_name(self.result)})"


@dataclass
class BestScores:
    """The browser's best-score table: overall, and per daily seed.

    ``played`` counts finished games; ``last`` names the last game recorded (seed and
    placements) so that redoing the final move does not count a game twice.
    """

    overall: Best | None = None
    daily: dict[int, Best] = field(default_factory=dict)
    played: int = 0
    last: str = ""

    @classmethod
    def from_json(cls, text: str | None) -> BestScores:
        """Read the stored table; malformed data gives an empty (or partial) table."""
        return cls.read(text)[0]

    @classmethod
    def read(cls, text: str | None) -> tuple[BestScores, str | None]:
        """Read the stored table and say what was wrong with it, in plain words.

        Returns ``(table, problem)``: ``problem`` is ``None`` when every part was good,
        else the first thing dropped (the page then sets the stored text aside).  The
        text is parsed by :func:`paisho_page.storage.safejson.loads` (bounded size and nesting),
        and a daily key must be ASCII digits (``"²"`` passes ``str.isdigit``).
        """
        table = cls()
        if not text:
            return table, None
        try:
            data = loads(text, max_chars=100_000, max_depth=4)
        except BadJSON as exc:
            return table, str(exc)
        if not isinstance(data, dict):
            return table, _("it is not a table of scores")
        problems: list[str] = []
        raw_overall = data.get("overall")
        table.overall = Best.from_json(raw_overall)
        if raw_overall is not None and table.overall is None:
            problems.append(_("its best score is malformed"))
        daily = data.get("daily")
        if isinstance(daily, dict):
            for key, value in daily.items():
                digits = isinstance(key, str) and key.isascii() and key.isdigit()
                seed = int(key) if digits and len(key) <= 16 else None
                best = Best.from_json(value)
                if seed is not None and is_daily(seed) and best is not None and best.seed == seed:
                    table.daily[seed] = best
                else:
                    problems.append(_("the daily entry {key} is malformed").format(
                        key=repr(str(key)[:20])))
        elif daily is not None:
            problems.append(_("its daily scores are not a table"))
        played = data.get("played")
        if isinstance(played, int) and not isinstance(played, bool) and 0 <= played < 2**53:
            table.played = played
        elif played is not None:
            problems.append(_("its count of games is malformed"))
        last = data.get("last")
        if isinstance(last, str) and len(last) < 2000:
            table.last = last
        elif last is not None:
            problems.append(_("its last game mark is malformed"))

        table._prune()
        return table, (problems[0] if problems else None)

    def to_json(self) -> str:
        """The table as JSON text (daily seeds as string keys)."""
        return json.dumps(
            {
                "overall": self.overall.to_json() if self.overall else None,
                "daily": {str(s): b.to_json() for s, b in sorted(self.daily.items())},
                "played": self.played,
                "last": self.last,
            },
            separators=(",", ":"),
        )

    def merge(self, other: BestScores) -> bool:
        """Take into this table every result of ``other`` that beats this one's (the
        overall best, each daily best; the larger count of games); True if it changed."""
        changed = False
        if other.overall is not None and (
            self.overall is None or other.overall.score > self.overall.score
        ):
            self.overall, changed = other.overall, True
        for seed, best in other.daily.items():
            old = self.daily.get(seed)
            if old is None or best.score > old.score:
                self.daily[seed], changed = best, True
        if other.played > self.played:
            self.played, changed = other.played, True
        if not self.last and other.last:
            self.last, changed = other.last, True
        self._prune()
        return changed

    def _prune(self) -> None:
        for seed in sorted(self.daily)[:-DAILY_KEEP]:
            del self.daily[seed]

    def record(self, game: BalanceGame) -> tuple[bool, bool]:
        """Remember a finished game; return ``(new overall best, new daily best)``.

        Games that are not over, were abandoned, or were already recorded count nothing.
        """
        end = game.outcome()
        if end is None or end.reason == "resign" or end.result not in RESULT_NAMES:
            return False, False
        assert game.seed is not None
        ident = f"{game.seed}:{game.to_text()}"
        if ident == self.last:
            return False, False
        self.last = ident
        self.played += 1
        best = Best(end.score or 0, end.result, game.seed)
        new_overall = self.overall is None or best.score > self.overall.score
        if new_overall:
            self.overall = best
        new_daily = False
        if is_daily(game.seed):
            old = self.daily.get(game.seed)
            new_daily = old is None or best.score > old.score
            if new_daily:
                self.daily[game.seed] = best
                self._prune()
        return new_overall, new_daily

    def daily_best(self, seed: int | None) -> Best | None:
        """The best result of the daily game with this seed, if played."""
        return self.daily.get(seed) if seed is not None else None

    def lines(self, today: int, current: int | None = None) -> list[tuple[str, str]]:
        """``(label, value)`` rows for the page: today's daily, the current daily (if another
        day's), the overall best and the number of games."""
        rows: list[tuple[str, str]] = []
        days = [today] + ([current] if current != today and is_daily(current) else [])
        for seed in days:
            day = daily_date(seed)
            label = (
                _("Today's daily") if seed == today
                else _("Daily {date}").format(date=day.isoformat() if day else seed)
            )
            best = self.daily_best(seed)
            rows.append((label, best.text() if best else _("not played yet")))
        if self.overall is not None:
            rows.append((_("Best ever"), _("{best}, {seed}").format(
                best=self.overall.text(), seed=seed_text(self.overall.seed))))
        else:
            rows.append((_("Best ever"), _("no finished game yet")))
        rows.append((_("Games finished"), str(self.played)))

        return rows


def preview_at(game: BalanceGame, point: Point) -> Preview:
    """What placing the drawn tile on ``point`` would do (the placement preview)."""
    return game.preview(Place(point.index))


def hint_placement(game: BalanceGame, budget: int = HINT_BUDGET) -> Place | None:
    """The Hint: the solver's best placement of the drawn tile within ``budget`` nodes
    (``None`` when there is none)."""
    return best_placement(game, budget, 0)


def warm_up_search() -> None:
    """A small search on a fresh game, run once when the page is idle so the first Hint
    is not slow (the browser compiles Pyodide's hot code in tiers)."""
    best_placement(BalanceGame((), 0), HINT_BUDGET // 4, 0)
