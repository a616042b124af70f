"""The rules page in other languages (issue #24): every ``site/i18n/<lang>/rules.html`` is
the English ``site/rules.html`` translated, with the same structure, the same anchors
(links and demo captions point at ``rules.html#skud-r8`` in every language), the same demo
slots and no English sentence left; plus a ``glossary`` section and a ``glossary.json``.

Generic over every language folder, so a new translation is checked by adding it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"
ENGLISH = SITE / "rules.html"
TRANSLATIONS = sorted((SITE / "i18n").glob("*/rules.html"))

VOID = frozenset({
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
    "source", "track", "wbr",
})
BLOCK = frozenset({
    "html", "head", "body", "header", "main", "footer", "nav", "section", "h1", "h2",
    "h3", "h4", "p", "ul", "ol", "li", "dl", "dt", "dd", "div",
    "table", "caption", "thead", "tbody", "tr", "th", "td",
})
"""Elements whose nesting must match the English page; inline markup (strong, em, code,
a, span, sup) may be arranged as each language needs."""
KEPT_ATTRS = ("id", "class", "data-variant", "data-demos", "aria-labelledby", "scope")
GLOSSARY = "glossary"
"""The glossary section's id: the same in every language, and the one part of a
translation that the English page need not have (yet)."""
ENGLISH_ONLY_WORDS = frozenset(
    ["the", "and", "which", "with", "when", "where", "they", "their", "cannot", "does", "should"]
)
"""Words of English that no other shipped language writes: one in running text means an
English phrase was left untranslated."""


@dataclass
class Node:
    """One parsed element: its tag, attributes, children and direct text."""

    tag: str
    attrs: dict[str, str]
    children: list[Node] = field(default_factory=list)
    text: list[str] = field(default_factory=list)
    line: int = 0


class Tree(HTMLParser):
    """A small DOM built with html.parser; records every end tag that does not close the
    element open at that point."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {})
        self.stack = [self.root]
        self.mismatches: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v or "" for k, v in attrs}, line=self.getpos()[0])
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].children.append(Node(tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if len(self.stack) > 1 and self.stack[-1].tag == tag:
            self.stack.pop()
        else:
            self.mismatches.append(
                f"line {self.getpos()[0]}: </{tag}> closes <{self.stack[-1].tag}>"
            )

    def handle_data(self, data: str) -> None:
        self.stack[-1].text.append(data)
        # text also belongs to the node's position among its children, for full_text
        self.stack[-1].children.append(Node("#text", {}, text=[data]))


def parse(path: Path) -> Tree:
    """The page at ``path`` parsed; its open-element stack left over shows unclosed tags."""
    tree = Tree()
    tree.feed(path.read_text(encoding="utf-8"))
    tree.close()
    return tree


def walk(node: Node) -> list[Node]:
    """Every element under ``node``, in document order."""
    out: list[Node] = []
    for child in node.children:
        if child.tag != "#text":
            out.append(child)
            out.extend(walk(child))
    return out


def full_text(node: Node, skip_code: bool = False) -> str:
    """The element's text with white space collapsed; optionally without code, and
    without any part marked with its own language (an English name, or a quote of an
    original rulebook: ``<q lang="ru">``)."""
    parts: list[str] = []

    def visit(n: Node) -> None:
        for child in n.children:
            if child.tag == "#text":
                parts.append("".join(child.text))
            elif skip_code and (
                child.tag in ("code", "kbd", "script", "style") or "lang" in child.attrs
            ):
                parts.append(" ")
            else:
                visit(child)

    visit(node)
    return " ".join(" ".join(parts).split())


def is_glossary(node: Node) -> bool:
    """Whether ``node`` is the glossary section or the contents entry that links to it."""
    if node.attrs.get("aria-labelledby") == GLOSSARY or node.attrs.get("id") == GLOSSARY:
        return True
    return node.tag == "li" and any(
        a.tag == "a" and a.attrs.get("href") == f"#{GLOSSARY}" for a in walk(node)
    )


def skeleton(node: Node) -> list[object]:
    """The nesting of block elements with their identifying attributes, glossary left out."""
    out: list[object] = []
    for child in node.children:
        if child.tag == "#text" or is_glossary(child):
            continue
        inner = skeleton(child)
        if child.tag in BLOCK:
            attrs = tuple((k, child.attrs[k]) for k in KEPT_ATTRS if k in child.attrs)
            out.append((child.tag, attrs, inner))
        else:
            out.extend(inner)
    return out


def outside_glossary(root: Node) -> list[Node]:
    """Every element except those of the glossary (section and contents entry)."""
    out: list[Node] = []

    def visit(n: Node) -> None:
        for child in n.children:
            if child.tag == "#text" or is_glossary(child):
                continue
            out.append(child)
            visit(child)

    visit(root)
    return out


def ids(nodes: list[Node]) -> list[str]:
    return sorted(n.attrs["id"] for n in nodes if "id" in n.attrs)


def anchors(nodes: list[Node]) -> list[str]:
    return sorted(
        n.attrs["href"] for n in nodes if n.tag == "a" and n.attrs.get("href", "").startswith("#")
    )


def lang_of(path: Path) -> str:
    return path.parent.name


@pytest.fixture(scope="module")
def english() -> Tree:
    return parse(ENGLISH)


def test_there_is_a_translation() -> None:
    assert TRANSLATIONS, "no site/i18n/<lang>/rules.html"


def test_the_english_page_is_balanced(english: Tree) -> None:
    assert not english.mismatches
    assert [n.tag for n in english.stack] == ["#root"]


@pytest.fixture(scope="module", params=TRANSLATIONS, ids=lang_of)
def translation(request: pytest.FixtureRequest) -> tuple[Path, Tree]:
    path: Path = request.param
    return path, parse(path)


def test_tags_are_balanced(translation: tuple[Path, Tree]) -> None:
    path, tree = translation
    assert not tree.mismatches, f"{path}: {tree.mismatches[:5]}"
    assert [n.tag for n in tree.stack] == ["#root"], f"{path}: unclosed {tree.stack[1:]}"


def test_html_lang_is_the_folder_language(translation: tuple[Path, Tree]) -> None:
    path, tree = translation
    html = [n for n in walk(tree.root) if n.tag == "html"]
    assert len(html) == 1 and html[0].attrs.get("lang") == lang_of(path)


def test_same_ids_and_internal_links_as_english(
    english: Tree, translation: tuple[Path, Tree]
) -> None:
    """Every anchor (skud-r8, wiki-r1, balance-table, …) is kept, none is added."""
    path, tree = translation
    ours = outside_glossary(tree.root)
    theirs = outside_glossary(english.root)
    assert ids(ours) == ids(theirs), f"{path}: ids differ"
    assert anchors(ours) == anchors(theirs), f"{path}: internal links differ"
    every_id = set(ids(walk(tree.root)))
    for href in anchors(walk(tree.root)):
        assert href[1:] in every_id, f"{path}: {href} points nowhere"


def test_has_a_glossary_section(translation: tuple[Path, Tree]) -> None:
    path, tree = translation
    sections = [
        n
        for n in walk(tree.root)
        if n.tag == "section" and n.attrs.get("aria-labelledby") == GLOSSARY
    ]
    assert len(sections) == 1, f"{path}: no <section> labelled by #{GLOSSARY}"
    assert any(n.attrs.get("id") == GLOSSARY for n in walk(sections[0]))
    assert len([n for n in walk(sections[0]) if n.tag == "tr"]) >= 20


def test_same_block_structure_and_demo_slots(english: Tree, translation: tuple[Path, Tree]) -> None:
    """Sections, headings, rulings, lists, tables and every ``data-demos``/``data-variant``
    slot nest as in English, with the same ids and classes."""
    path, tree = translation
    ours, theirs = skeleton(tree.root), skeleton(english.root)
    assert ours == theirs, f"{path}: the block structure differs from the English page"


def test_assets_one_folder_down_and_page_links_inside_the_language(
    english: Tree, translation: tuple[Path, Tree]
) -> None:
    """Served as ``<lang>/rules.html``: stylesheets, icons and scripts are ``../x``; links
    to the other pages stay in the language's folder (``./``, ``./wiki-editors.html``)."""
    path, tree = translation

    def refs(root: Node) -> tuple[list[str], list[str]]:
        nodes = walk(root)
        assets = [
            n.attrs.get("href") or n.attrs.get("src", "")
            for n in nodes
            if (n.tag == "link" and "href" in n.attrs) or (n.tag == "script" and "src" in n.attrs)
        ]
        pages = [
            n.attrs["href"]
            for n in nodes
            if n.tag == "a" and not n.attrs.get("href", "#").startswith("#")
        ]
        return assets, pages

    en_assets, en_pages = refs(english.root)
    assets, pages = refs(tree.root)
    assert assets == [re.sub(r"^\./", "../", a) for a in en_assets], path
    assert pages == en_pages, path


def test_title_description_and_skip_link_are_translated(
    english: Tree, translation: tuple[Path, Tree]
) -> None:
    path, tree = translation

    def words(root: Node) -> tuple[str, str, str]:
        nodes = walk(root)
        title = next(full_text(n) for n in nodes if n.tag == "title")
        desc = next(
            n.attrs["content"]
            for n in nodes
            if n.tag == "meta" and n.attrs.get("name") == "description"
        )
        skip = next(full_text(n) for n in nodes if "skip-link" in n.attrs.get("class", ""))
        return title, desc, skip

    for en, ours in zip(words(english.root), words(tree.root), strict=True):
        assert ours and ours != en, f"{path}: {ours!r} is not translated"


def test_no_english_sentence_is_left(english: Tree, translation: tuple[Path, Tree]) -> None:
    """No ruling, paragraph, list item, definition or table cell of the English page
    appears verbatim, and the running text (code and ``lang="en"`` parts aside) has no
    word that only English writes."""
    path, tree = translation
    text = full_text(tree.root)
    for node in walk(english.root):
        if node.tag not in (
            "div",
            "p",
            "li",
            "dd",
            "dt",
            "td",
            "caption",
            "h1",
            "h2",
            "h3",
            "title",
        ):
            continue
        sentence = full_text(node, skip_code=True)
        if len(re.findall(r"[A-Za-z]{2,}", sentence)) >= 4:
            assert sentence not in text, f"{path}: English left: {sentence[:80]!r}"
    body = next(n for n in walk(tree.root) if n.tag == "body")
    running = full_text(body, skip_code=True).lower()
    left = sorted(set(re.findall(r"[a-z]+", running)) & ENGLISH_ONLY_WORDS)
    assert not left, f"{path}: English words in the text: {left}"


def test_rulings_keep_their_numbers(english: Tree, translation: tuple[Path, Tree]) -> None:
    """Each ruling starts with its number (R7b, R12, …), as in English."""
    path, tree = translation

    def numbers(root: Node) -> dict[str, str]:
        out: dict[str, str] = {}
        for n in walk(root):
            if "ruling" in n.attrs.get("class", "").split():
                head = full_text(n).split()[0]
                out[n.attrs["id"]] = head
        return out

    assert numbers(tree.root) == numbers(english.root), path


def test_glossary_json_terms_are_on_the_page(translation: tuple[Path, Tree]) -> None:
    """``glossary.json`` maps English terms to the language's; each term it names is one
    the page's glossary shows."""
    path, tree = translation
    catalog = json.loads((path.parent / "glossary.json").read_text(encoding="utf-8"))
    assert isinstance(catalog, dict) and len(catalog) >= 20
    section = next(
        n
        for n in walk(tree.root)
        if n.tag == "section" and n.attrs.get("aria-labelledby") == GLOSSARY
    )
    shown = full_text(section).lower()
    for en, ours in catalog.items():
        assert isinstance(en, str) and isinstance(ours, str) and ours.strip(), en
        assert ours.lower() in shown, f"{path}: glossary.json's {en!r} -> {ours!r} not shown"
