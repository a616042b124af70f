"""Ancient's Hard level: a determinized search that sees only its own seat's tiles.

Hard decides from the seat's view (:func:`paisho_core.determinized.sample`: the others'
hands and the pile dealt afresh) and weighs its options over ``SAMPLES`` more such deals
(:func:`paisho_core.determinized.vote`):

1. an action that brings the board to exactly the target wins (``rules.html#ancient-r4``);
   so does a placement from which one of its moves does (each placement whose count a
   move could bring to the target is checked exactly, up to :data:`VERIFY` of them);
2. otherwise each way to end the turn — a draw (the board stays), or one of the most
   promising placements with one of its few safest moves — is valued in every sampled
   deal: the next seat loses us the game if a tile of its sampled hand could reach the
   target in its turn (a placement's count, or that count changed by a move); the rest
   of the round is then followed in outline (each later seat hits, or leaves the count a
   careful player would), and a board where our own hand could hit when the round comes
   back counts a little in our favour;
3. the :data:`REFINE` best options by that sum are then played out over the round on
   :data:`ROLLOUTS` of the deals (:mod:`.rollout`: the later seats as careful players),
   and the one that fares best is played.

The counts come from :mod:`.counts` (exact for our own actions; estimated, from the
board alone, for what a hand could reach).  Deterministic for a given ``rng``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..determinized import sample, vote
from ..protocol import Game
from . import counts, rollout
from .actions import DRAW, MOVE, PLACE, AncientAction
from .game import AncientGame
from .knowledge import knowledge
from .tiles import KINDS

SAMPLES = 16
"""Deals sampled to weigh the options (see ``docs/benchmarks.md``)."""
PLACEMENTS = 8
"""Placements looked at in depth (with their moves) each turn."""
MOVES = 3
"""Moves looked at after each of those placements."""
VERIFY = 60
"""Placements checked exactly for a win by their move."""
NEXT_LOSS = 1.0
"""What it costs when the next seat could hit the target."""
LATER_LOSS = 0.8
"""What it costs when a later seat could, after the next one's turn (an estimate)."""
OWN_CHANCE = 0.4
"""What it is worth when our own hand could hit once the round comes back to us."""
REFINE = 6
"""The best options by the vote that are then played out over the round."""
ROLLOUTS = 6
"""Sampled deals each of them is played out on (:mod:`.rollout`)."""


@dataclass
class End:
    """A board at the end of our turn (public), with the counts hands could reach."""

    game: AncientGame
    deltas: frozenset[int] = field(init=False)
    _reach: dict[int, frozenset[int]] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.deltas = counts.move_deltas(self.game.position)

    @property
    def count(self) -> int:
        """Harmonies on this board."""
        return self.game.harmonies

    def reach(self, kind: int) -> frozenset[int]:
        """Counts a seat holding a ``kind`` could pass through in one turn from here."""
        got = self._reach.get(kind)
        if got is None:
            place = counts.place_counts(self.game.position, kind, self.deltas)
            got = self._reach[kind] = counts.reach(place, self.deltas)
        return got

    def hits(self, hand: Sequence[int]) -> bool:
        """Whether a hand (a count per kind) could reach the target exactly from here."""
        target = self.game.target
        return any(hand[kind] and target in self.reach(kind) for kind in KINDS)


def _win_now(view: AncientGame, actions: list[AncientAction]) -> AncientAction | None:
    """A placement or move that hits the target now, or a placement one of whose moves
    does (checked exactly), else ``None``."""
    pos = view.position
    target = view.target
    after = {a: counts.count_after(pos, a) for a in actions if a.kind in (PLACE, MOVE)}
    for action, count in after.items():
        if count == target:
            return action
    if view.step != "start":
        return None
    deltas = counts.move_deltas(pos)
    near = [a for a, c in after.items() if target - c in deltas]
    for action in near[:VERIFY]:
        child = view.copy()
        child.apply(action)
        if child.step == "move" and any(
            counts.count_after(child.position, m) == target for m in child.legal_actions()
        ):
            return action
    return None


def _risk_by_count(view: AncientGame, here: End) -> dict[int, float]:
    """A quick guess of the danger of leaving each count, from this board's reach and
    how likely each kind is in a hand of the next seat (used only to pick options)."""
    seat = view.to_move
    assert seat is not None
    know = knowledge(view, seat)
    unseen = len(know.unseen) or 1
    size = know.hidden[(seat + 1) % len(know.hidden)]
    risk: dict[int, float] = {}
    base = here.count
    for kind in KINDS:
        share = know.unseen.count(kind) / unseen
        if not share or not size:
            continue
        likely = 1.0 - (1.0 - share) ** size
        for count in here.reach(kind):
            gap = count - base  # this kind changes the count by ``gap``
            risk[view.target - gap] = risk.get(view.target - gap, 0.0) + likely
    return risk


def _ordered(items: list[AncientAction], key: dict[AncientAction, float],
             rng: random.Random) -> list[AncientAction]:
    """``items`` by ``key`` (lowest first), equals in a shuffled order."""
    order = items[:]
    rng.shuffle(order)
    return sorted(order, key=lambda a: key[a])


def _options(view: AncientGame, actions: list[AncientAction],
             rng: random.Random) -> list[tuple[AncientAction, list[End]]]:
    """The ways to end the turn worth weighing: each first action with its end boards."""
    pos = view.position
    here = End(view.copy())
    risk = _risk_by_count(view, here)
    options: list[tuple[AncientAction, list[End]]] = []
    if view.step == "move":
        after = {m: risk.get(counts.count_after(pos, m), 0.0) for m in actions}
        for move in _ordered(actions, after, rng)[: PLACEMENTS * MOVES]:
            child = view.copy()
            child.apply(move)
            options.append((move, [End(child)]))
        return options
    places = [a for a in actions if a.kind == PLACE]
    guess: dict[AncientAction, float] = {}
    for action in places:
        count = counts.count_after(pos, action)
        guess[action] = min(risk.get(count + d, 0.0) for d in {0, *here.deltas})
    for action in _ordered(places, guess, rng)[:PLACEMENTS]:
        child = view.copy()
        child.apply(action)
        if child.step != "move":
            options.append((action, [End(child)]))
            continue
        moves = child.legal_actions()
        after = {m: risk.get(counts.count_after(child.position, m), 0.0) for m in moves}
        ends = []
        for move in _ordered(moves, after, rng)[:MOVES]:
            end = child.copy()
            end.apply(move)
            ends.append(End(end))
        options.append((action, ends))
    if any(a.kind == DRAW for a in actions):
        options.append((AncientAction(DRAW), [here]))
    return options


def _round(end: End, hands: Sequence[Sequence[int]], me: int, own: Sequence[int]) -> float:
    """Play the round after our turn in outline, from ``end``: each later seat hits if
    one of its tiles can change the count by what is missing, else (as a careful player
    does) leaves the count nearest the target that is not one away from it.  Counts
    change as they would on ``end`` (an estimate: the board moves on)."""
    target = end.game.target
    base = end.count
    n = len(hands)
    count = base
    for step in range(1, n + 1):
        seat = (me + step) % n
        hand = own if seat == me else hands[seat]
        shifts = {c - base for kind in KINDS if hand[kind] for c in end.reach(kind)}
        if target - count in shifts:
            if seat == me:
                return OWN_CHANCE
            return -(NEXT_LOSS if step == 1 else LATER_LOSS)
        if seat == me:
            break
        choices = [count + d for d in shifts if abs(count + d - target) > 1] or [count]
        count = min(choices, key=lambda c: (abs(c - target), c))
    return 0.0


def _value(end: End, deal: AncientGame, me: int, drew: bool) -> float:
    """The worth of leaving ``end`` for ``me`` when the hands are ``deal``'s."""
    if end.game.outcome() is not None:
        return 10.0  # not reached: a win is played before the options are weighed
    hands = deal.position.hands
    if end.hits(hands[(me + 1) % len(hands)]):
        return -NEXT_LOSS
    own = list(end.game.position.hands[me])
    if drew and deal.position.pile_left:
        own[deal.position.pile[deal.position.drawn]] += 1
    return _round(end, hands, me, own)


@dataclass(frozen=True)
class Decision:
    """Hard's choice and what it rests on (for :mod:`.advice`'s sentences)."""

    action: AncientAction | None
    reason: str
    """``only`` (one legal action), ``discard``, ``win`` (an exact hit this turn) or
    ``vote`` (weighed over sampled deals)."""
    end_count: int | None = None
    """The count the chosen way to end the turn leaves (``vote``)."""
    next_share: float = 0.0
    """In how many of the sampled deals the next seat could then hit (0 to 1)."""
    other_share: float | None = None
    """The same for the safest option of the other kind (a placement when drawing, the
    draw when placing), if there was one."""


def _share(ends: list[End], deals: list[AncientGame], nxt: int) -> tuple[float, End]:
    """The safest of ``ends``: how often the next seat could hit from it, and the end."""
    scored = [(sum(e.hits(d.position.hands[nxt]) for d in deals) / len(deals), e) for e in ends]
    return min(scored, key=lambda s: s[0])


def decide(game: AncientGame, rng: random.Random) -> Decision:
    """Hard's decision for the seat to move, from that seat's view only."""
    seat = game.to_move
    if seat is None:
        return Decision(None, "over")
    view = sample(game, seat, rng)
    assert isinstance(view, AncientGame)
    actions = view.legal_actions()
    if len(actions) == 1:
        return Decision(actions[0], "only")
    if view.step == "discard":
        hand = view.position.hands[seat]
        return Decision(max(actions, key=lambda a: (hand[a.tile], -a.tile)), "discard")
    win = _win_now(view, actions)
    if win is not None:
        return Decision(win, "win")
    options = _options(view, actions, rng)
    if not options:
        return Decision(actions[0], "only")
    deals: list[AncientGame] = []

    def score(deal: Game[AncientAction], firsts: Sequence[AncientAction]) -> list[float]:
        assert isinstance(deal, AncientGame)
        deals.append(deal)
        return [
            max(_value(end, deal, seat, first.kind == DRAW) for end in ends)
            for first, ends in options
        ]

    best, totals = vote(view, seat, [first for first, _ in options], SAMPLES, rng, score)
    if REFINE > 1 and len(options) > 1:
        best = _refine(options, totals, deals[:ROLLOUTS], seat, rng)
    nxt = (seat + 1) % len(view.players)
    chosen = next(ends for first, ends in options if first == best)
    share, end = _share(chosen, deals, nxt)
    others = [
        _share(ends, deals, nxt)[0]
        for first, ends in options
        if (first.kind == DRAW) != (best.kind == DRAW)
    ]
    return Decision(best, "vote", end.count, share, min(others) if others else None)


def _played_out(ends: list[End], deal: AncientGame, me: int, drew: bool,
                rng: random.Random) -> float:
    """The round after the end (of ``ends``) that suits ``deal`` best, played out."""
    end = max(ends, key=lambda e: _value(e, deal, me, drew))
    sim = rollout.on_deal(end.game, deal, me)
    winner = rollout.play_round(sim, me, rng)
    if winner is not None:
        return -NEXT_LOSS if winner == (me + 1) % len(sim.players) else -LATER_LOSS
    return OWN_CHANCE if rollout.win_in_turn(sim) is not None else 0.0


def _refine(options: list[tuple[AncientAction, list[End]]], totals: list[float],
            deals: list[AncientGame], me: int, rng: random.Random) -> AncientAction:
    """Of the :data:`REFINE` best options by the vote, the one whose rounds, played out
    on ``deals`` by careful players, go best (the vote's order among equals)."""
    order = sorted(range(len(options)), key=lambda i: (-totals[i], i))[:REFINE]
    played: dict[int, float] = {}
    for i in order:
        first, ends = options[i]
        drew = first.kind == DRAW
        played[i] = sum(_played_out(ends, deal, me, drew, rng) for deal in deals)
    best = max(order, key=lambda i: (played[i], totals[i], -i))
    return options[best][0]


def rng_for(game: AncientGame) -> random.Random:
    """Hard's generator in ``game``: seeded by the public record's length only, so the
    hint's sentences (:mod:`.advice`) weigh the very deals its choice did."""
    return random.Random(f"ancient-hard:{len(game.history)}")


def choose(game: AncientGame, rng: random.Random | None = None) -> AncientAction | None:
    """Hard's action for the seat to move, from that seat's view only (``rng``: default
    :func:`rng_for`)."""
    return decide(game, rng or rng_for(game)).action
