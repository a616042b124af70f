"""The Hint's explanation in the page's language (issue #24): the search worker sends the
engine's messages as JSON, the page translates them with its catalog."""

from __future__ import annotations

import json

import pytest

from paisho_core.messages import msg, term
from paisho_core.wiki import WikiGame
from paisho_core.wiki.notes import explain
from paisho_core.worker import answer
from paisho_page.computer import worker_client
from paisho_page.words import i18n
from sitebuild.catalogs import compile_mo, read_catalog

WIKI_MOVES = "1G.Ja(0,-8);1H.Li(8,0);2G.(0,-8)-(0,-5);2H.(8,0)-(6,2);3G.K(1,-4)"


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield None
    i18n.activate("en")


def _russian() -> None:
    i18n.activate("ru", {"page": compile_mo(read_catalog("ru", "page"))})


def _hint_reply() -> dict[str, object]:
    request = {"id": "hint-1", "variant": "wiki", "moves": WIKI_MOVES, "level": "hard",
               "nodes": 150, "explain": True}
    reply = json.loads(answer(json.dumps(request)))
    assert "error" not in reply, reply
    return reply  # type: ignore[no-any-return]


def test_the_hint_line_is_english_on_an_english_page() -> None:
    text, ok = worker_client.hint_text(_hint_reply())
    assert ok and "Score: Host -1, Guest -2 (R9)." in text


def test_the_hint_line_speaks_russian_with_the_russian_catalog() -> None:
    reply = _hint_reply()
    _russian()
    text, ok = worker_client.hint_text(reply)
    assert ok and "Счёт: Хозяин -1, Гость -2 (R9)." in text
    assert "Score:" not in text and "(R9)" in text  # the ruling's anchor is kept


def test_a_note_s_terms_and_nested_messages_are_translated_too() -> None:
    _russian()
    threat = msg("{player}'s {tile} at {point} threatens your {target} at {target_point}.",
                 player=term("player", "Host"), tile=term("tile", "White Dragon"),
                 point="(5,1)", target=term("tile", "Jasmine"), target_point="(0,1)")
    # the tile and player names come from their own (context) entries, English until then
    assert i18n.render(threat) == (
        f"Фишка {i18n.word('tile', 'White Dragon')} соперника ({i18n.word('player', 'Host')}) "
        f"на (5,1) угрожает вашей фишке {i18n.word('tile', 'Jasmine')} на (0,1).")
    board = msg("The board has {harmonies}; the target is exactly {target}.",
                harmonies=msg("{count} harmony", count=1), target=3)
    assert i18n.render(board) == "На доске 1 гармония; цель — ровно 3."
    reply = {"action": "(0,1)", "notes": [threat.to_json(), board.to_json()]}
    assert worker_client.hint_text(reply)[0].endswith("На доске 1 гармония; цель — ровно 3.")


def test_a_plain_text_note_from_an_older_worker_is_shown_as_written() -> None:
    _russian()
    reply = {"action": "(0,1)", "notes": ["The game is over."]}
    assert worker_client.hint_text(reply)[0].endswith("The game is over.")


def test_wiki_s_notes_render_in_frisian_without_english_left() -> None:
    i18n.activate("fy", {"page": compile_mo(read_catalog("fy", "page"))})
    notes = explain(WikiGame.from_text(WIKI_MOVES))
    shown = [i18n.render(note) for note in notes]
    assert shown and all(line != str(note) for line, note in zip(shown, notes, strict=True))
    assert "Stân: Gasthear -1, Gast -2 (R9)." in shown
