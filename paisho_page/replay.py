"""Pure helpers behind the page's replay, shared links and notation import/export.

Everything here is variant-agnostic (it only uses :mod:`paisho_core.protocol`,
:mod:`paisho_core.registry` and :mod:`paisho_core.link`) and free of any browser
module, so it is tested under CPython.  The page layer (``site/share.py``) only moves
the results into the DOM.

* :class:`ReplayCursor` — which position of the game is shown (the live one, or an
  earlier one while replaying), with a cache of the earlier positions.
* :func:`open_link` — decode a shared link into the game to show, where to open it
  and, for a bad link, the last legal position and a message for the player.
* :func:`import_notation` / :func:`export_notation` — a game as text in the variant's
  notation (for Skud, the reference site's notation), replayed with every rule checked.
* :func:`record_of`, :func:`game_of_record`, :func:`contains`, :func:`push_kept` — the
  autosave record of a game, and the list of games kept aside when a link or an import
  replaces the game on the page (so that no game in progress is ever lost).
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from paisho_core import link, registry, starts
from paisho_core.errors import InvalidLink, PaiShoError, quote
from paisho_core.plies import split_plies as split_plies  # (the engine's, as the CLI's)
from paisho_core.protocol import Game
from paisho_page.i18n import N_, _, describe, ngettext, render
from paisho_page.move_list import move_count, move_texts
from paisho_page.vetting import check as check_game
from paisho_page.vetting import check_playable
from paisho_page.vetting import problem as unusable

AnyGame = Game[Any]
Record = dict[str, Any]
"""An autosave record: ``variant``, ``options``, ``seed``, ``moves``, ``resigned``."""

MAX_NOTATION = 100_000
"""Longest notation text that :func:`import_notation` accepts (characters)."""

MAX_KEPT = 10
"""How many games :func:`push_kept` keeps aside."""
MAX_KEPT_CHARS = MAX_KEPT * (MAX_NOTATION + starts.MAX_START + 1_000)
"""Longest stored list of kept games read back (characters): :data:`MAX_KEPT` records,
each with its notation and set-up start at their bounds, and its other fields."""

LINK_NOT_OPENED = N_("This link could not be opened: {error} An empty board is shown.")
LINK_AT_START = N_("This link could not be opened fully: {error} The start position is shown.")
LINK_PARTLY_OPENED = N_(
    "This link could not be opened fully: {error} The last legal position (move {n}) is shown."
)
LINK_REFUSED = N_(
    "This link could not be opened: {error} Your game is unchanged: correct the link and"
    " import it again."
)
IMPORT_REFUSED = N_("The game could not be imported: {error}")
FAILURES = (LINK_NOT_OPENED, LINK_AT_START, LINK_PARTLY_OPENED, LINK_REFUSED, IMPORT_REFUSED)
"""The templates of the page's failure notices (a notice starting like one of them, in
the active language, is shown as a failure: :func:`paisho_page.sharing.notice_is_bad`)."""


# ----------------------------------------------------------------------------- replay
def _identity(game: AnyGame) -> tuple[str, frozenset[str], int | None, int, str]:
    return (
        str(game.info.name), frozenset(game.options), game.seed, len(game.players), starts.of(game)
    )


class ReplayCursor:
    """Which position of a game the page shows, and the positions seen so far.

    ``ply`` counts actions (as ``len(game.history)`` and a link's view do): the
    position after the first ``ply`` actions.  ``None`` follows the live game: the
    cursor then stays on the last position as moves are made.  Call :meth:`sync` with
    the game after every change (a move, an undo, another game); the cache of earlier
    positions is kept for the common part of the old and new histories.
    """

    def __init__(self, game: AnyGame | None = None) -> None:
        """Start on the live position of ``game`` (if given)."""
        self.ply: int | None = None
        self._game: AnyGame | None = None
        self._key: tuple[str, frozenset[str], int | None, int, str] | None = None
        self._actions: list[Any] = []
        self._positions: list[AnyGame] = []
        self._plies: tuple[tuple[int, int, int | None], int] | None = None
        if game is not None:
            self.sync(game)

    # -- the game
    @property
    def game(self) -> AnyGame:
        """The whole game (the live position)."""
        if self._game is None:
            raise ValueError("the replay cursor has no game yet")
        return self._game

    def sync(self, game: AnyGame) -> None:
        """Follow ``game`` after a change, keeping the cached positions still valid."""
        key = _identity(game)
        history = game.history
        if key != self._key:
            self._key = key
            self._actions = []
            self._positions = []
        else:
            common = 0
            limit = min(len(self._actions), len(history))
            while common < limit and self._actions[common] == history[common]:
                common += 1
            del self._actions[common:]
            del self._positions[common + 1 :]
        self._game = game
        if self.ply is not None and self.ply >= len(history):
            self.ply = None

    @property
    def total(self) -> int:
        """How many actions the game has (the live position's index)."""
        return len(self.game.history)

    @property
    def index(self) -> int:
        """The index of the shown position (``total`` when live)."""
        return self.total if self.ply is None else min(self.ply, self.total)

    @property
    def viewing(self) -> bool:
        """True while an earlier position than the live one is shown."""
        return self.index < self.total

    def go(self, index: int) -> int:
        """Show the position after ``index`` actions (clamped); return the index shown."""
        index = max(0, min(int(index), self.total))
        self.ply = None if index >= self.total else index
        return self.index

    def step(self, delta: int) -> int:
        """Move ``delta`` positions (negative: back); return the index shown."""
        return self.go(self.index + delta)

    def first(self) -> int:
        """Show the start position."""
        return self.go(0)

    def last(self) -> int:
        """Follow the live position again."""
        return self.go(self.total)

    # -- positions
    def position(self, index: int | None = None) -> AnyGame:
        """The game after ``index`` actions (default: the shown one).

        The live position is the game itself (with its resignation, if any); earlier
        ones are cached copies: read them, never change them.
        """
        game = self.game
        k = self.index if index is None else index
        if not 0 <= k <= self.total:
            raise InvalidLink(f"no position {k}: the game has {self.total} actions")
        if k == self.total:
            return game
        if not self._positions:
            self._positions.append(link.game_at(game, 0))
        history = game.history
        while len(self._positions) <= k:
            n = len(self._positions) - 1
            nxt = self._positions[n].copy()
            nxt.apply(history[n])
            self._positions.append(nxt)
            self._actions.append(history[n])
        return self._positions[k]

    def last_clicks(self, index: int | None = None) -> tuple[str, ...]:
        """The click tokens of the action that led to position ``index`` (``()`` at 0)."""
        k = self.index if index is None else index
        if k <= 0:
            return ()
        before = self.position(k - 1)
        try:
            return tuple(before.action_clicks(self.game.history[k - 1]))
        except PaiShoError:
            return ()

    def notation_ply(self, index: int | None = None) -> int:
        """How many moves of the record position ``index`` completes (for the move list):
        :func:`~paisho_page.move_list.move_count` of that position, counted from the
        engine's plies (a set-up game's start may hold some: they are not moves)."""
        return int(self.position(index).plies) - int(self.position(0).plies)

    @property
    def total_plies(self) -> int:
        """How many plies the move list numbers (the record's entries, a resignation
        included): what the replay bar counts."""
        game = self.game
        key = (id(game), len(game.history), game.resigned)
        if self._plies is None or self._plies[0] != key:
            self._plies = (key, len(move_texts(str(game.to_text()))))
        return self._plies[1]

    @property
    def shown_plies(self) -> int:
        """The ply of the move list the shown position ends on (0: the start)."""
        if not self.viewing:
            return self.total_plies
        return self.notation_ply()

    def index_of_ply(self, ply: int) -> int:
        """The last position whose notation holds ``ply`` plies (0 = the start)."""
        if ply <= 0:
            return 0
        best = self.total
        for k in range(self.total, -1, -1):
            plies = self.notation_ply(k)
            if plies < ply:
                break
            best = k
            if plies == ply:
                return k
        return best

    # -- words
    def label(self) -> str:
        """``"Move 12 of 40"``, ``"Start (0 of 40)"``, ``"No moves yet"``: counted in
        plies, as the move list numbers them (a skipped bonus is part of its ply, a
        resignation is one)."""
        total, k = self.total_plies, self.shown_plies
        if total == 0:
            return _("No moves yet")
        if k == 0:
            return ngettext("Start (0 of {total})", "Start (0 of {total})", total).format(
                total=total
            )
        return ngettext("Move {k} of {total}", "Move {k} of {total}", total).format(
            k=k, total=total
        )

    def refusal(self, can_continue: bool = True) -> str:
        """Why a click that would change the game is refused while replaying
        (``can_continue``: whether "Continue from here" is offered for this game)."""
        shown, total = self.shown_plies, self.total_plies
        if can_continue:
            return _(
                "You are viewing move {shown} of {total} — go to the last move to play,"
                " or choose “Continue from here”."
            ).format(shown=shown, total=total)
        return _("You are viewing move {shown} of {total} — go to the last move to play.").format(
            shown=shown, total=total
        )


# ----------------------------------------------------------------------------- links
@dataclass(frozen=True)
class OpenedLink:
    """What opening a link gives the page.

    ``game`` is the game to show: the whole game for a good link, the last legal
    position for a link with an illegal move, ``None`` when nothing in the link can be
    trusted.  ``view_ply`` is where to open it; ``error`` is the reason a link was bad
    (in words for the player, quoting nothing from the link).
    """

    game: AnyGame | None
    view_ply: int | None
    error: str | None
    before_last: AnyGame | None = None
    """For a good link: the position before its last action (see :class:`UIState`'s
    ``before_last``), so that showing the game replays nothing more."""

    @property
    def ok(self) -> bool:
        """True for a link that decoded completely."""
        return self.error is None

    def message(self) -> str:
        """One sentence for the page: what was opened, or what was wrong."""
        if self.error is None:
            if self.game is None:  # pragma: no cover - a good link always has a game
                return ""
            moves = move_count(self.game)
            if self.view_ply is None:
                return ngettext(
                    "Opened a shared game ({n} move).", "Opened a shared game ({n} moves).", moves
                ).format(n=moves)
            shown = move_count(link.game_at(self.game, self.view_ply))
            return ngettext(
                "Opened a shared game ({n} move, shown at move {ply}).",
                "Opened a shared game ({n} moves, shown at move {ply}).",
                moves,
            ).format(n=moves, ply=shown)
        what = _sentence(self.error)
        if self.game is None:
            return _(LINK_NOT_OPENED).format(error=what)
        moves = move_count(self.game)
        if moves == 0:
            return _(LINK_AT_START).format(error=what)
        return _(LINK_PARTLY_OPENED).format(error=what, n=moves)


    def dialog_message(self) -> str:
        """What the Notation dialog says about a pasted link that could not be opened.

        Unlike :meth:`message` (for a link in the address bar, which replaces the game),
        nothing has changed yet: the dialog keeps the text for the player to correct.
        """
        if self.error is None:
            return self.message()
        moves = 0 if self.game is None else move_count(self.game)
        if moves:
            return ngettext(
                "This link could not be opened: {error} Its first {n} move is legal. Your game"
                " is unchanged: correct the link and import it again.",
                "This link could not be opened: {error} Its first {n} moves are legal. Your"
                " game is unchanged: correct the link and import it again.",
                moves,
            ).format(
                error=_sentence(self.error), n=moves
            )
        return _(LINK_REFUSED).format(error=_sentence(self.error))


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return _("unknown error.")
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def open_link(text: str) -> OpenedLink:
    """Decode a link (URL, ``#fragment`` or payload); never raises."""
    steps = open_link_steps(text)
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            opened: OpenedLink = stop.value
            return opened


def open_link_steps(text: str, every: int = 25) -> Generator[link.Progress, None, OpenedLink]:
    """:func:`open_link` step by step, for a page that must stay responsive.

    Yields a :class:`~paisho_core.link.Progress` every ``every`` actions replayed (see
    :func:`paisho_core.link.decode_steps`) and returns the :class:`OpenedLink` (the
    generator's return value).  Never raises.
    """
    try:
        result = yield from link.decode_steps(text, every)
    except Exception as exc:  # an engine bug must not become a stack trace
        why = _("the link could not be read (internal error: {error})").format(
            error=type(exc).__name__
        )
        return OpenedLink(None, None, why)
    if result.link is not None:
        decoded = result.link
        refused = unusable(decoded.game)
        if refused is not None:  # built, but not a game the page can show or save
            return OpenedLink(None, None, refused)
        return OpenedLink(decoded.game, decoded.view_ply, None, decoded.before_last)
    game = result.game
    refused = None if game is None else unusable(game)
    if refused is not None:
        return OpenedLink(None, None, refused)
    if result.message is None:
        return OpenedLink(game, None, _("the link could not be read"))
    return OpenedLink(game, None, render(result.message))


def looks_like_link(text: str) -> bool:
    """True when pasted text is a link or a bare payload rather than notation."""
    text = text.strip()
    if "#" in text or text.startswith(("http://", "https://")):
        return True
    return (
        len(text) > 1
        and text[0] in link.READ_VERSIONS
        and all(c in link.ALPHABET for c in text[1:])
    )


# ----------------------------------------------------------------------------- notation
@dataclass(frozen=True)
class Imported:
    """The result of :func:`import_notation`.

    ``game`` is the whole game when ``error`` is ``None``; otherwise the longest legal
    beginning of it (``plies`` plies long, possibly empty) or ``None`` when the variant
    or its options are wrong.
    """

    game: AnyGame | None
    error: str | None
    plies: int
    set_aside: tuple[str, ...] = ()
    """What a lenient import set aside, one line per ply (see :func:`import_notation`)."""

    def message(self) -> str:
        """What the import did, in one sentence for the page (or what is wrong)."""
        if self.error is not None:
            error = self.error.strip()
            stop = "" if error.endswith((".", "!", "?")) else "."
            return _(IMPORT_REFUSED).format(error=f"{error}{stop}")
        if self.set_aside:
            count = len(self.set_aside)
            return ngettext(
                "Imported a game of {moves} moves. {n} bonus written in it was set aside, as"
                " the reference site does.",
                "Imported a game of {moves} moves. {n} bonuses written in it were set aside,"
                " as the reference site does.",
                count,
            ).format(moves=self.moves, n=count)
        return ngettext(
            "Imported a game of {n} move.", "Imported a game of {n} moves.", self.moves
        ).format(n=self.moves)

    @property
    def moves(self) -> int:
        """The moves of the game imported (:func:`~paisho_page.move_list.move_count`)."""
        return move_count(self.game) if self.game is not None else 0


def import_notation(
    variant: str,
    text: str,
    options: Iterable[str] = (),
    seed: int | None = None,
    lenient: bool = False,
    players: int | None = None,
    start: str = "",
) -> Imported:
    """Replay a game given as notation text (e.g. the reference site's Skud notation).

    Every ply is checked by the engine.  On an error the message names the ply and
    the rule (from the engine's :class:`~paisho_core.errors.IllegalMove` /
    :class:`~paisho_core.errors.InvalidMove`), and the longest legal beginning is
    returned with it.  ``lenient`` reads a record as the reference site does
    (:meth:`~paisho_core.protocol.Game.from_text_lenient`): what it accepts and ignores
    is set aside and listed in :attr:`Imported.set_aside`.  ``players``: the number of
    seats, for a variant with a choice (Ancient; the record is then read strictly).
    ``start``: the start text of a game set up in the Studio (:mod:`paisho_core.starts`;
    the record is then read strictly from that position).  Never raises.
    """
    try:
        cls = registry.get_variant(variant)
        if cls.info.uses_seed and seed is None:
            return Imported(
                None, _("a {variant} game needs its seed to be imported").format(variant=variant), 0
            )
        if start:
            empty = starts.build(variant, start, options, seed)
        elif players is None:
            empty = cls(options, seed)
        else:
            empty = cls.replay_text("", options, seed, players)
        check_game(empty)
    except PaiShoError as exc:
        return Imported(None, describe(exc), 0)
    except Exception as exc:  # an engine bug must not become a stack trace
        return Imported(None, _("the game could not be set up (internal error: {error})").format(
            error=type(exc).__name__
        ), 0)
    if len(text) > MAX_NOTATION:
        return Imported(
            empty,
            _("the text is too long: {n} characters (at most {limit})").format(
                n=len(text), limit=MAX_NOTATION
            ),
            0,
        )
    plies = split_plies(text)
    if not plies:
        return Imported(empty, _("there is no move in the text"), 0)

    notes: list[str] = []

    def replay(count: int) -> AnyGame:
        joined = ";".join(plies[:count])
        if start:
            return starts.replay(variant, start, joined, options, seed, players)
        if players is not None:
            return cls.replay_text(joined, options, seed, players)
        if not lenient:
            return cls.from_text(joined, options, seed)
        game, found = cls.from_text_lenient(joined, options, seed)
        notes[:] = found
        return game

    try:
        whole = replay(len(plies))
        check_playable(whole)
        return Imported(whole, None, len(plies), tuple(notes))
    except PaiShoError as exc:
        error = describe(exc)
        names_ply = str(exc).lower().startswith("ply")  # the English text names the ply
    except Exception as exc:  # an engine bug must not become a stack trace
        error = _("the game could not be replayed (internal error: {error})").format(
            error=type(exc).__name__
        )
        names_ply = False
    # the longest legal beginning: legality of a beginning is monotone, so bisect
    good, bad = 0, len(plies)
    best = empty
    while bad - good > 1:
        mid = (good + bad) // 2
        try:
            game = replay(mid)
            check_playable(game)
        except Exception:  # any failure means "not legal"
            bad = mid
        else:
            good, best = mid, game
    if good > 0 and best is empty:  # pragma: no cover - bisect always records it
        best = replay(good)
    if not names_ply:
        error = _("ply {ply} {text}: {error}").format(
            ply=good + 1, text=quote(plies[good]), error=error)
    return Imported(best, error, good)


def export_notation(game: AnyGame) -> str:
    """The game as notation text; for Skud, the reference site's form (no ``+skip``)."""
    ply_texts = getattr(game, "ply_texts", None)
    if callable(ply_texts):
        return ";".join(str(p) for p in ply_texts(reference=True))
    return str(game.to_text())


# ----------------------------------------------------------------------------- records
def record_of(game: AnyGame) -> Record:
    """The autosave record of a game (JSON-ready); ``players`` only for a variant
    with a choice of seats (Ancient)."""
    record: Record = {
        "v": 1,
        "variant": str(game.info.name),
        "options": sorted(game.options),
        "seed": game.seed,
        "moves": game.to_text(),
        "resigned": game.resigned,
    }
    if game.info.min_players != game.info.max_players:
        record["players"] = len(game.players)
    if starts.of(game):
        record["start"] = starts.of(game)
    return record


def game_of_record(record: Any) -> AnyGame:
    """Replay a record made by :func:`record_of`; raise :class:`PaiShoError` if bad."""
    if not isinstance(record, dict):
        raise PaiShoError(_("the saved game is not a record"))
    try:
        variant = str(record["variant"])
        options = tuple(str(o) for o in record.get("options") or [])
        seed_value = record.get("seed")
        if seed_value is not None and (
            not isinstance(seed_value, int) or isinstance(seed_value, bool)
        ):
            raise PaiShoError(_("the saved game's seed is not a whole number"))
        seed = seed_value
        moves = str(record.get("moves") or "")
        resigned = record.get("resigned")
        registry.get_variant(variant)
        players = record.get("players")
        start = record.get("start") or ""
        if not isinstance(start, str):
            raise PaiShoError(_("the saved game's set-up position is not text"))
        if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
            raise PaiShoError(
                _("the saved game's number of players is not a whole number")
            )
        game = starts.replay(variant, start, moves, options, seed, players)
        if resigned is not None and game.to_move is not None:
            game.resign(int(resigned))
        check_game(game)
    except PaiShoError:
        raise
    except Exception as exc:  # an engine bug must not become a stack trace
        raise PaiShoError(
            _("the saved game is damaged ({error})").format(error=type(exc).__name__)
        ) from None
    return game


def _norm_plies(moves: Any) -> list[str]:
    out = []
    for ply in split_plies(str(moves or "")):
        if ply.endswith(".resign"):
            continue
        out.append(ply.removesuffix("+skip").replace(" ", ""))
    return out


def _same_setup(a: Record, b: Record) -> bool:
    return (
        a.get("variant") == b.get("variant")
        and sorted(a.get("options") or []) == sorted(b.get("options") or [])
        and a.get("seed") == b.get("seed")
        and a.get("players") == b.get("players")
        and (a.get("start") or "") == (b.get("start") or "")
    )


def contains(big: Record, small: Record) -> bool:
    """True when the game ``big`` holds everything of ``small``: the same game set-up,
    and ``small``'s moves are a beginning of ``big``'s (so keeping ``small`` is
    pointless).  A game without any move is held by every game."""
    small_moves = _norm_plies(small.get("moves"))
    if not small_moves and small.get("resigned") is None:
        return True
    if not _same_setup(big, small):
        return False
    big_moves = _norm_plies(big.get("moves"))
    head, last = small_moves[:-1], small_moves[-1] if small_moves else ""
    if big_moves[: len(head)] != head:
        return False
    if small_moves:
        other = big_moves[len(head)] if len(big_moves) > len(head) else None
        # a bare trailing '+' (a bonus still to choose) is continued by any bonus or none
        pending = last.endswith("+") and other is not None and (
            other == last[:-1] or other.startswith(last)
        )
        if other != last and not pending:
            return False
    resigned = small.get("resigned")
    return resigned is None or (
        resigned == big.get("resigned") and len(big_moves) == len(small_moves)
    )


def push_kept(kept: Sequence[Any], record: Record, limit: int = MAX_KEPT) -> list[Record]:
    """The kept-games list with ``record`` first (if worth keeping), without games it
    holds or duplicates, at most ``limit`` long.  Bad entries are dropped."""
    out: list[Record] = []
    if not contains({}, record):
        out.append(record)
    for old in kept:
        if not isinstance(old, dict) or any(contains(mine, old) for mine in out):
            continue
        out.append(old)
    return out[:limit]
