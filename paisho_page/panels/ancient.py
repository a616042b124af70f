"""What the page may show of an Ancient game, and to whom: pure logic for the page.

Hot-seat play with hidden hands: several people share one device.  :class:`HotSeat`
knows which seats are people and who holds the device; between two people it asks for a
"pass the device" screen that hides everything until the next player confirms.
:func:`seat_view` is everything one seat may see (its own hand, the sizes of the
others', the board, the count against the target); the finished game shows every hand.
:func:`confirm_prompt` (the hook of :func:`paisho_page.play.ui.confirm_prompt`) makes a
discard wait for a second click on its tile.
Nothing here touches the DOM; ``site/`` renders these values as text, never as HTML.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from paisho_core.ancient.actions import DISCARD, DRAW, AncientAction
from paisho_core.ancient.game import AncientGame
from paisho_core.ancient.tiles import CODES
from paisho_page.words.i18n import _, ngettext
from paisho_page.words.names import tile_name
from paisho_page.words.terms import player

PLAY, HANDOVER, COMPUTER, OVER = "play", "handover", "computer", "over"
"""The screens: a person plays; the device must be passed; a computer seat plays; the
game is over."""


@dataclass(frozen=True)
class SeatView:
    """Everything the page may render for one viewer (``None``: every hand, at the end)."""

    viewer: int | None
    to_move: int | None
    hands: tuple[dict[str, int], ...]
    """Per seat: the viewer's own tiles, the others' as ``{"?": size}``."""
    harmonies: int
    target: int
    step: str
    drawn: str | None
    """The tile the viewer just drew (only to that viewer, during their discard)."""
    status: str
    """A plain-words line for the status bar."""


def _hands(game: AncientGame, viewer: int | None, over: bool) -> tuple[dict[str, int], ...]:
    if viewer is None and not over:
        return tuple(
            {"?": game.hand_size_of(s)} if game.hand_size_of(s) else {}
            for s in range(len(game.players))
        )
    return tuple(game.reserves(viewer))


def seat_view(game: AncientGame, viewer: int | None, reveal: bool = False) -> SeatView:
    """The view of ``game`` for ``viewer``: a seat index; or ``None``, which shows no hand
    while the game runs (a hand-over screen) and every hand once it is over (or when
    ``reveal``: an earlier position of a finished game, see :func:`replay_view`)."""
    over = game.outcome()
    seat = game.to_move
    names = [player(name) for name in game.players]
    drawn = game.last_drawn if viewer is not None and viewer == seat else None
    if over is not None:
        if over.reason == "exact-target" and len(over.winners) == 1:
            status = ngettext("{player} wins: exactly {n} harmony.",
                              "{player} wins: exactly {n} harmonies.", game.target).format(
                player=names[over.winners[0]], n=game.target)
        elif over.reason == "resign":
            status = _("The game ended by resignation.")
        else:
            status = _("Nobody could play: the game is a draw.")
    else:
        assert seat is not None
        what = {
            "start": _("{player} to draw or place · harmonies {count} of {target}"),
            "discard": _("{player} to discard a tile · harmonies {count} of {target}"),
            "move": _("{player} to move a tile · harmonies {count} of {target}"),
        }
        status = what[game.step].format(player=names[seat], count=game.harmonies,
                                        target=game.target)
    return SeatView(
        viewer,
        seat,
        _hands(game, viewer, over is not None or (reveal and viewer is None)),
        game.harmonies,
        game.target,
        game.step,
        drawn,
        status,
    )


def replay_view(position: AncientGame, live: AncientGame, holder: int | None) -> SeatView:
    """The view of ``position``, an earlier position of ``live`` shown by the replay.

    Once ``live`` is over every hand is shown at every step (the game is done, and its
    link carries the seed anyway).  While it runs, the pass-the-device rules hold: only
    ``holder``'s own hand (the seat holding the device; ``None`` during a hand-over:
    no hand), which that seat has seen at every earlier position, and the others' sizes.
    """
    if live.outcome() is not None:
        return seat_view(position, None, reveal=True)
    return seat_view(position, holder)


class HotSeat:
    """Who holds the device in a game of people and computer seats.

    ``people[i]`` is True when seat ``i`` is a person.  With one person, that person
    always holds the device; with several, each hand-over waits for :meth:`confirm`.
    """

    def __init__(self, people: Sequence[bool]) -> None:
        self.people = tuple(bool(p) for p in people)
        humans = [i for i, p in enumerate(self.people) if p]
        self.looking: int | None = humans[0] if len(humans) == 1 else None
        """The person who holds the device now (``None`` before the first hand-over)."""

    def screen(self, game: AncientGame) -> str:
        """:data:`PLAY`, :data:`HANDOVER`, :data:`COMPUTER` or :data:`OVER`."""
        seat = game.to_move
        if seat is None:
            return OVER
        if not self.people[seat]:
            return COMPUTER
        return PLAY if self.looking == seat else HANDOVER

    def confirm(self, game: AncientGame) -> None:
        """The next person has the device: their hand may now be shown."""
        seat = game.to_move
        if seat is not None and self.people[seat]:
            self.looking = seat

    def viewer(self, game: AncientGame) -> int | None:
        """The seat whose hand may be shown now; ``None`` means *show no hand* while the
        game runs (the hand-over screen), and *every hand* once it is over."""
        if game.to_move is None:
            return None
        return self.looking if self.screen(game) != HANDOVER else None

    def handover_text(self, game: AncientGame) -> str:
        """``Pass the device to P2`` (plain text)."""
        seat = game.to_move
        if seat is None:
            return ""
        return _("Pass the device to {player}").format(player=player(game.players[seat]))


def preview(game: AncientGame, action: AncientAction) -> tuple[int, bool]:
    """The harmony count after ``action`` and whether it would win (for the hover)."""
    child = game.copy()
    child.apply(action)
    end = child.outcome()
    return child.harmonies, end is not None and end.reason == "exact-target"


def confirm_prompt(game: Any, action: Any) -> str:
    """The words asking to confirm a discard, which cannot be undone (``rules.html#ancient-r3``):
    the first click on a hand tile selects it, a second click discards (empty for any
    other action)."""
    if not isinstance(action, AncientAction) or action.kind != DISCARD:
        return ""
    return _("Click {tile} again to discard it (a discard cannot be undone); click"
             " elsewhere or press Esc to keep it.").format(
        tile=tile_name("ancient", CODES[action.tile]))


def undo_refusal(game: AncientGame) -> str:
    """Why the last action of ``game`` may not be taken back now, in plain words (empty
    when it may).

    With hidden hands, undo stays inside the turn being played: it never goes back past
    that turn's start (the device may have been passed, and the next seat's hand shown),
    never takes back a draw (the drawn tile has been seen: choosing again knowing it
    would not be fair), and never reopens a finished game (every hand has been shown).
    In practice a placement may be taken back while its move is still to be made.
    """
    if not game.history:
        return _("There is nothing to undo.")
    if game.outcome() is not None:
        return _("The game is over and every hand has been shown: it cannot be taken back.")
    turn, seat = game.entries[-1]
    mover = game.to_move
    if turn != game.turn or seat != mover:
        if mover is None:
            return _("Undo only takes back an action of the turn being played, and the next"
                     " player has not played yet this turn (the earlier turns are done).")
        return _(
            "Undo only takes back an action of the turn being played, and {player} has not"
            " played yet this turn (the earlier turns are done)."
        ).format(player=player(game.players[mover]))
    if game.history[-1].kind == DRAW:
        return _("A draw cannot be undone: the tile has been seen. Discard a tile to end the"
                 " turn.")
    return ""


def screen_refusal(screen: str) -> str:
    """Why a click on the game is refused on ``screen`` (empty on the others)."""
    if screen == HANDOVER:
        return _("Pass the device first.")
    if screen == COMPUTER:
        return _("The computer is playing.")
    return ""


def undo_refusal_on(game: AncientGame, screen: str) -> str:
    """Why Undo is refused now, on ``screen``: a computer's turn, the game's own reason
    (:func:`undo_refusal`), or a device still to be passed (empty if it may go ahead)."""
    if game.to_move is not None and screen == COMPUTER:
        return _("The computer is playing: undo waits for a person's turn.")
    why = undo_refusal(game)
    if not why and screen == HANDOVER:
        return _("Pass the device first.")
    return why


@dataclass(frozen=True)
class PanelTexts:
    """The lines of Ancient's panel (plain text)."""

    count: str
    pairs: str
    drawn: str
    pile: str


def panel_texts(game: AncientGame, view: SeatView, drawn_name: str, centre: str) -> PanelTexts:
    """The panel's lines for ``game`` as ``view`` may show it (``drawn_name``: the name
    of the tile the viewer drew, ``centre``: the centre piece's code); tiles by their
    names, not their codes."""
    flipped = sum(1 for *_, value, f in game.pairs() if f and value > 0)
    pairs = _("Disharmonies: {count}.").format(count=game.disharmonies)
    if flipped:
        pairs = ngettext(
            "Disharmonies: {count}. {flipped} of the harmonies is flipped by a Lotus.",
            "Disharmonies: {count}. {flipped} of the harmonies are flipped by a Lotus.",
            flipped).format(count=game.disharmonies, flipped=flipped)
    drawn = (
        _("You drew: {tile} (marked in your hand). Now discard a tile from your hand.").format(
            tile=drawn_name)
        if view.drawn else ""
    )
    name = game.info.name
    values = {"n": game.pile_left, "centre": tile_name(name, centre),
              "discards": ", ".join(tile_name(name, c) for c in game.discards) or _("none")}
    pile = ngettext(
        "Draw pile: {n} tile. Centre piece: {centre}. Discarded: {discards}.",
        "Draw pile: {n} tiles. Centre piece: {centre}. Discarded: {discards}.",
        game.pile_left).format(**values)
    return PanelTexts(
        _("Harmonies: {count} of target {target}").format(count=view.harmonies,
                                                           target=view.target),
        pairs, drawn, pile
    )



def dialog_options(preset: str, target: str, hand: str) -> tuple[str, ...]:
    """``target=N``, ``hand=N`` from the New game dialog's preset (``"T/H"``), or from
    its custom fields when the preset is ``custom``."""
    if preset != "custom":
        target, hand = preset.split("/")
    return (f"target={target.strip()}", f"hand={hand.strip()}")


def computer_seats(choices: Sequence[str]) -> tuple[int, ...]:
    """The seats whose choice (``person`` or ``computer``, one per seat) is the computer."""
    return tuple(i for i, choice in enumerate(choices) if choice == "computer")
