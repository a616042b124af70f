"""The Hint's explanation is made of messages (issue #24): an English template with its
parameters, which the page translates; ``str()`` is today's English, and a note survives
the search worker's JSON reply."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from paisho_core import setups, starts
from paisho_core.ai import analyse
from paisho_core.ancient import AncientGame
from paisho_core.messages import Message, from_json, term
from paisho_core.registry import get_computer, get_variant
from paisho_core.skud import SkudGame
from paisho_core.skud.evaluate import explain as skud_explain
from paisho_core.wiki import WikiGame
from paisho_core.wiki.notes import explain as wiki_explain
from paisho_core.worker import answer

SKUD_MOVES = "0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8);1H.R3(0,8)"
GUEST_THREATENS = {"(-3,3)": "GR3", "(3,-3)": "GR3", "(-3,-3)": "GR4", "(3,5)": "GR4",
                   "(-7,-1)": "HR5"}
"""Skud: the Guest is one move from a Harmony Ring (skud-r8), the Host to move."""
WIKI_THREAT = {"(5,1)": "HD", "(6,6)": "HRo", "(0,1)": "GJa", "(-4,1)": "GLi",
               "(-6,-4)": "GWJ", "(-5,-6)": "GCh"}
"""Wiki: the Host's Dragon on (5,1) can take the Guest's Jasmine on (0,1) (wiki-r5)."""


def _args(note: Message) -> dict[str, object]:
    return dict(note.params)


def test_skud_notes_are_messages_with_today_s_english() -> None:
    game = SkudGame.setup(GUEST_THREATENS, to_move="host")
    notes = skud_explain(game)
    assert all(isinstance(note, Message) for note in notes)
    threat = notes[0]
    assert threat.template == "{player} threatens a Harmony Ring with {moves}."
    player = _args(threat)["player"]
    assert isinstance(player, Message) and player.context == "player"
    assert player.template == "Guest"
    assert str(threat).startswith("Guest threatens a Harmony Ring with ")
    assert [str(note) for note in notes[1:]] == [
        "Harmonies: Host 0 (0 across a midline), Guest 3 (3 across a midline).",
        "Guest's harmonies around (-3,-3) cross 3 of the 4 half-axes around the centre: "
        "most of a ring.",
        "Guest stands better (97 points by the evaluation).",
    ]


def test_wiki_names_tiles_and_players_as_terms() -> None:
    game = WikiGame.setup(WIKI_THREAT, to_move="guest", reserves={"guest": {}})
    notes = wiki_explain(game)
    threat = next(n for n in notes if n.template.startswith("{player}'s {tile}"))
    assert str(threat) == "Host's White Dragon at (5,1) threatens your Jasmine at (0,1)."
    args = _args(threat)
    for name, word in (("tile", "White Dragon"), ("target", "Jasmine")):
        tile = args[name]
        assert isinstance(tile, Message) and (tile.context, tile.template) == ("tile", word)
    assert [str(n) for n in notes[1:3]] == [
        "You have 4 flowers left: three or fewer loses (R11).", "Score: Host -2, Guest 0 (R9)."]
    # the verdict of a ring in one is a whole sentence each, never a word put in
    assert not any("{verdict}" in n.template for n in notes)


def test_ancient_nests_its_counts_and_shares() -> None:
    game = AncientGame.setup({}, ["Ja Ja", "Rh"], target=1, pile="K K K K")
    first = analyse(game, 0, "hard").explanation[0]
    assert first.template == "The board has {harmonies}; the target is exactly {target}."
    count = _args(first)["harmonies"]
    assert isinstance(count, Message) and count.plural == "{count} harmonies"
    assert count.template == "{count} harmony" and count.number == 0
    assert str(first) == "The board has 0 harmonies; the target is exactly 1."
    win = AncientGame.setup({"(0,2)": "WJ"}, ["Li Ro K", "Ja"], target=1)
    note = analyse(win, 0, "hard").explanation[1]
    assert str(note).endswith("makes exactly 1: P1 wins.")
    assert _args(note)["player"] == term("player", "P1")  # a seat's name is a term too


def test_a_game_over_note_is_a_message_too() -> None:
    tiles = {"(-2,2)": "GJa", "(2,2)": "GLi", "(-2,-2)": "GLi", "(2,-5)": "GJa", "(5,6)": "HRo"}
    game = WikiGame.setup(tiles, to_move="guest")
    game.play("(2,-5)-(2,-2)")  # closes a Harmony Ring (wiki-r10): the game is over
    assert game.outcome() is not None
    assert wiki_explain(game) == [Message("The game is over.")]


@pytest.mark.parametrize(("variant", "request_fields"), [
    ("skud", {"moves": SKUD_MOVES}),
    ("wiki", {"moves": "1G.Ja(0,-8);1H.Li(8,0);2G.(0,-8)-(0,-5);2H.(8,0)-(6,2);3G.K(1,-4)"}),
])
def test_notes_round_trip_through_the_worker_reply(
    variant: str, request_fields: dict[str, str]
) -> None:
    request = {"id": 1, "variant": variant, "level": "hard", "nodes": 150, "explain": True,
               **request_fields}
    reply = json.loads(answer(json.dumps(request)))
    assert "error" not in reply, reply
    game = (SkudGame if variant == "skud" else WikiGame).from_text(request_fields["moves"])
    expected = analyse(game, 0, "hard", 150).explanation
    assert expected and [from_json(n) for n in reply["notes"]] == list(expected)
    assert [str(from_json(n)) for n in reply["notes"]] == [str(n) for n in expected]
    assert all(isinstance(n, dict) and "t" in n for n in reply["notes"])


def test_a_plain_string_note_from_an_older_worker_reads_as_itself() -> None:
    note = from_json("Harmonies: Host 0 (0 across a midline), Guest 0 (0 across a midline).")
    assert note.literal and str(note).startswith("Harmonies: Host 0")


# ----------------------------------------------------------------------------- words
NOTATION = re.compile(r"\(-?\d+,-?\d+\)|\b[RWKB](?:,[RWKB])+\b|\b(?:Ja|Li|Ro|R3|W5)\(")
"""A point, an accent choice's codes or a tile code before a point: notation."""


def _positions(variant: str, seed: int, plies: int) -> list[Any]:
    """Positions of a random game of ``variant`` (a copy after each action)."""
    cls = get_variant(variant)
    game = cls((), seed) if cls.info.uses_seed else cls(())
    rng = random.Random(seed)
    out = []
    for _ in range(plies):
        if game.to_move is None or not game.legal_actions():
            break
        out.append(game.copy())
        game.apply(rng.choice(game.legal_actions()))
    return out


@pytest.mark.parametrize("variant", ["skud", "wiki", "ancient"])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_hint_in_words_names_no_point_nor_move_while_coordinates_are_off(
    variant: str, seed: int
) -> None:
    """Coordinates are off by default: the hinted action (``describe_action``) and every
    sentence with it (``explain``) speak in words; the board marks the points.  Only
    with coordinates on are points and moves named in notation."""
    computer = get_computer(variant)
    assert computer is not None
    named = 0
    for k, game in enumerate(_positions(variant, seed, 60)):
        for action in game.legal_actions()[:40]:
            words = str(game.describe_action(action, False))
            assert not NOTATION.search(words), (game.format_action(action), words)
            named += bool(NOTATION.search(str(game.describe_action(action, True))))
        if k % 6 == 0:
            notes = " ".join(str(n) for n in computer.explain(game, False))
            assert not NOTATION.search(notes), notes
    assert named  # with coordinates on, the points are named


def test_the_sentences_with_coordinates_off_keep_what_they_tell() -> None:
    """A ring threat, a capture and most of a ring are told without their points."""
    skud = SkudGame.setup(GUEST_THREATENS, to_move="host")
    assert [str(n) for n in skud_explain(skud, coordinates=False)][:3] == [
        "Guest threatens a Harmony Ring in one move.",
        "Harmonies: Host 0 (0 across a midline), Guest 3 (3 across a midline).",
        "Guest's harmonies cross 3 of the 4 half-axes around the centre: most of a ring.",
    ]
    wiki = WikiGame.setup(WIKI_THREAT, to_move="guest", reserves={"guest": {}})
    assert "Host's White Dragon threatens your Jasmine." in map(
        str, wiki_explain(wiki, coordinates=False))
    win = AncientGame.setup({"(0,2)": "WJ"}, ["Li Ro K", "Ja"], target=1)
    note = analyse(win, 0, "hard", coordinates=False).explanation[1]
    assert str(note) in ("This move makes exactly 1: P1 wins.",
                         "This move, then another, makes exactly 1: P1 wins.")


def test_an_accent_choice_is_hinted_by_the_tiles_names() -> None:
    game = SkudGame()
    action = game.parse_action("R,R,K,B")
    assert str(game.describe_action(action)) == (
        "choose your accent tiles: 2 × Rock, Knotweed, Boat")


def test_the_worker_words_its_sentences_as_the_request_asks() -> None:
    game = WikiGame.setup(WIKI_THREAT, to_move="guest", reserves={"guest": {}})
    game = setups.build(setups.of_game(game))  # (a set-up position: a capture threatens)
    request = {"id": 1, "variant": "wiki", "level": "hard", "nodes": 150, "explain": True,
               "moves": "", "start": starts.of(game)}
    off = json.loads(answer(json.dumps({**request, "coordinates": False})))
    on = json.loads(answer(json.dumps(request)))  # (the CLI's and older pages' way)
    assert "error" not in off and "error" not in on
    said_off = " ".join(str(from_json(n)) for n in off["notes"])
    said_on = " ".join(str(from_json(n)) for n in on["notes"])
    assert not NOTATION.search(said_off) and NOTATION.search(said_on), (said_off, said_on)
