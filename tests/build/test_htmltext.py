"""The pages' messages (sitebuild/htmltext.py): sentences with tag placeholders, what
delimits them, and the page tree they are read from (sitebuild/htmltree.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitebuild.htmltext import messages, translate
from sitebuild.htmltree import Element, Raw, parse, source
from sitebuild.tagholders import pieces, same_tags, shape

SITE = Path(__file__).resolve().parents[2] / "site"


def _texts(page: str) -> list[str]:
    return [found.text for found in messages(page)]


@pytest.mark.parametrize("name", sorted(p.name for p in SITE.glob("*.html")))
def test_the_tree_gives_the_page_back_byte_for_byte(name: str) -> None:
    page = (SITE / name).read_text("utf-8")
    assert source(parse(page)) == page


def test_the_tree_closes_what_was_left_open_and_keeps_stray_end_tags() -> None:
    page = "<ul><li>one<li>two</ul></b><br><img src=x /><p>a</p>"
    nodes = parse(page)
    assert source(nodes) == page
    ul, stray, br, img, p = nodes
    assert isinstance(ul, Element) and ul.end == "</ul>" and len(ul.children) == 1
    assert isinstance(stray, Raw) and stray.text == "</b>"
    assert isinstance(br, Element) and not br.children and br.end == ""
    assert isinstance(img, Element) and isinstance(p, Element) and p.end == "</p>"


def test_blocks_and_comments_delimit_sentences() -> None:
    page = ('<div>Pick a tile, or <button>Skip</button> the <em>bonus</em> now</div>'
            '<p id="s"><!--STATUS-->Loading the engine…<!--/STATUS--></p>'
            '<label>Variant <select><option>Skud</option></select></label>')
    assert _texts(page) == ["Pick a tile, or", "Skip", "the <1>bonus</1> now",
                            "Loading the engine…", "Variant", "Skud"]
    out = translate(page, lambda text: {"Loading the engine…": "Загрузка…"}.get(text, text))
    assert '<p id="s"><!--STATUS-->Загрузка…<!--/STATUS--></p>' in out


def test_elements_without_words_between_them_are_a_message_each() -> None:
    page = ('<nav><a href="./">Play</a>\n <a href="./r">Rules</a></nav>'
            '<p><a href="./">Back</a> · <a href="./r">The rules</a></p>'
            '<p class="brand"><a href="./"><span class="logo"></span>Pai Sho</a></p>'
            '<div hidden><span data-word="play">Play</span> <span>Pause</span></div>'
            '<td><code>en</code>, <code>ru</code></td><p>(<a href="#r9">rules R9</a>)</p>')
    assert _texts(page) == ["Play", "Rules", "Back", "The rules", "Pai Sho", "Play",
                            "Pause", "rules R9"]


def test_a_sentence_keeps_code_inputs_and_line_breaks_whole() -> None:
    page = ('<li>Use <code>a &lt; b</code> or\n  <kbd>Esc</kbd>,<br>then <input '
            'placeholder="e.g. 5"> moves.</li>')
    assert _texts(page) == ["Use <1/> or <2/>,<3/>then <4/> moves.", "e.g. 5"]
    words = {"Use <1/> or <2/>,<3/>then <4/> moves.": "<4/> ходов: <2/> или <1/>,<3/>",
             "e.g. 5": "напр. 5"}
    out = translate(page, lambda text: words.get(text, text))
    assert out == ('<li><input placeholder="напр. 5"> ходов: <kbd>Esc</kbd> или '
                   '<code>a &lt; b</code>,<br></li>')


def test_icons_at_a_sentences_ends_stay_out_of_it() -> None:
    page = ('<button><svg aria-label="Undo"><path d="M0"/></svg> Undo the move '
            '<span class="key"></span></button>')
    assert _texts(page) == ["Undo", "Undo the move"]
    out = translate(page, lambda text: {"Undo the move": "Отменить ход"}.get(text, text))
    assert out == ('<button><svg aria-label="Undo"><path d="M0"/></svg> Отменить ход '
                   '<span class="key"></span></button>')


def test_the_words_of_a_sentence_are_escaped_again() -> None:
    page = "<p>A &amp; <b>B</b> &lt;iframe&gt;</p>"
    assert _texts(page) == ["A & <1>B</1> <iframe>"]
    assert translate(page, lambda text: "<1>Б</1> & <script>") == \
        "<p><b>Б</b> &amp; &lt;script&gt;</p>"


def test_tag_placeholders_nest_and_are_checked() -> None:
    assert shape("a <1>b <2/> <3>c</3></1> <4/>") == {"1": 0, "2/": 1, "3": 1, "4/": 0}
    for bad in ("<1>a", "</1>", "<1><2></1></2>", "<1>a</1><1>b</1>", "<1/><1>x</1>",
                "<1></1/>"):
        assert shape(bad) is None, bad
    assert same_tags("a <1>b</1> <2/>", "<2/> <1>б</1> а")
    assert not same_tags("a <1>b</1> <2/>", "<1>б</1> а")
    assert not same_tags("a <1>b <2/></1>", "<1>б</1> <2/>")
    assert not same_tags("plain", "with <1>tag</1>")
    assert pieces("x <1>y</1><2/>") == ["x ", ("<", 1), "y", ("</", 1), ("<>", 2)]
