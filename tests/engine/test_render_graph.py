"""The review's graph (:mod:`paisho_core.render_graph`): one addressable column per ply,
judged moves marked, names in the words it is given, every text escaped, no script."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from paisho_core.render_graph import GraphWords, render_graph

SVG = "{http://www.w3.org/2000/svg}"
REVIEW = {
    "scale": "chance",
    "start": 0.5,
    "plies": [
        {"ply": 1, "player": "host", "move": "R3(0,8)", "win_chance": 0.6,
         "judgement": "none"},
        {"ply": 2, "player": "guest", "move": "<script>x</script>", "win_chance": 0.9,
         "judgement": "blunder", "better": "(1,1)-(2,2)"},
        {"ply": 3, "player": "host & co", "move": "W3(0,-8)", "win_chance": 0.85,
         "judgement": "inaccuracy"},
    ],
}


def test_each_ply_is_a_column_with_its_number_and_name() -> None:
    svg = render_graph(REVIEW, current=2)
    root = ET.fromstring(svg)
    assert root.get("role") == "img" and root.get("aria-label") == "Evaluation graph"
    plies = root.findall(f"{SVG}g")
    assert [g.get("data-ply") for g in plies] == ["1", "2", "3"]
    assert [g.get("data-judgement") for g in plies] == [None, "blunder", "inaccuracy"]
    assert "current" in (plies[1].get("class") or "") and "judged-blunder" in (
        plies[1].get("class") or "")
    assert plies[0].get("aria-label") == "Move 1, host R3(0,8): Host 60%"
    assert plies[1].get("aria-label") == "Move 2, guest <script>x</script>: Host 90%, blunder"
    assert len(plies[1].findall(f"{SVG}circle")) == 1 and not plies[0].findall(f"{SVG}circle")


def test_text_is_escaped_and_there_is_no_script() -> None:
    svg = render_graph(REVIEW)
    assert "<script" not in svg and "&lt;script&gt;" in svg and "host &amp; co" in svg
    assert not re.search(r"\son[a-z]+=", svg)


def test_the_words_are_the_ones_given() -> None:
    words = GraphWords(title="Grafyk", chance="Set {ply}: {figure}",
                       judged="{name} ({judgement})", judgements={"blunder": "flater"})
    root = ET.fromstring(render_graph(REVIEW, words))
    assert root.get("aria-label") == "Grafyk"
    labels = [g.get("aria-label") for g in root.findall(f"{SVG}g")]
    assert labels == ["Set 1: 60", "Set 2: 90 (flater)", "Set 3: 85 (inaccuracy)"]


def test_a_solitaire_graph_shows_scores() -> None:
    review = {"scale": "score", "start": 18.0, "plies": [
        {"move": "(1,1)", "win_chance": 17.5, "judgement": "none"},
        {"move": "(2,2)", "win_chance": 14.0, "judgement": "blunder"}]}
    root = ET.fromstring(render_graph(review))
    labels = [g.get("aria-label") for g in root.findall(f"{SVG}g")]
    assert labels == ["Move 1, (1,1): best score 17.5", "Move 2, (2,2): best score 14, blunder"]
    assert render_graph(review) == render_graph(review)
    empty = ET.fromstring(render_graph({"plies": []}))
    assert empty.findall(f"{SVG}g") == []
