"""The catalogs' spelling: Russian through Hunspell's Russian dictionary, West Frisian
against a reviewed list of every word the catalogs use.

**Russian**: every Cyrillic word of every translation (``page`` and ``demos``) is
either known to Hunspell's ``ru_RU`` dictionary (Debian's ``hunspell`` and
``hunspell-ru``, which ``build.py test`` installs as root, as it does the browsers) or
in ``locale/ru/words.txt``, the reviewed words the dictionary lacks (the rulebook's
names such as Нотуид, the game's terms such as полуход).  Latin words in a Russian
translation are names and code (MediaWiki, JSON, R3) and are not checked.

**West Frisian**: no packaged Hunspell dictionary exists (Debian has none), so
``locale/fy/words.txt`` lists every word the Frisian catalogs use, each one read by a
reviewer; a new word fails here until it is looked at and added.

Placeholders, tag placeholders, quoted code, option assignments, URLs and ruling
anchors are left out first: they are the same in every language."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from sitebuild.catalogs import DOMAINS, LOCALE, read_catalog
from sitebuild.devenv import missing_spelling, russian_dictionary

CODE = re.compile(
    r"\{[a-z_]+\}|</?\d+/?>|(?<!\w)'[^'\n]*'(?!\w)|\b[a-z]+=\S*|https?://\S+|#\S+"
    r"|\b(?:skud|wiki|ancient|balance)-[a-z0-9-]+|\((?:(?:skud|wiki|ancient|balance) )?R\d+[a-z]?\)"
)
"""What is not a word of the language: placeholders, tags, quoted code, ``hand=N``,
URLs and fragments, ruling anchors (``skud-r8``, ``(wiki R3)``, ``(R7b)``)."""
CHUNK = re.compile(r"[\w'’-]+")
WORD = re.compile(r"(?<![\w'’])'e\b|[^\W\d_]+(?:['’][^\W\d_]+)*")
"""A word: letters, with an apostrophe inside (*dy't*, *demo's*) or Frisian *'e*."""
GENDER = "tile gender"
"""The context whose translations are grammatical genders (code words), not text."""


def texts(lang: str) -> list[str]:
    """Every translation of ``lang``'s catalogs, code left out."""
    out = []
    for domain in DOMAINS:
        for message in read_catalog(lang, domain).messages:
            if message.msgctxt != GENDER:
                out += [CODE.sub(" ", form) for form in message.msgstr]
    return out


def words(text: str) -> list[str]:
    """The words of ``text``: chunks holding a digit (``R3``, ``2^53``) are code."""
    found = []
    for chunk in CHUNK.findall(text):
        if not any(ch.isdigit() for ch in chunk):
            found += WORD.findall(chunk)
    return found


def word_list(lang: str) -> set[str]:
    """``locale/<lang>/words.txt``: one word a line, ``#`` comments; compared in lower
    case."""
    lines = (LOCALE / lang / "words.txt").read_text(encoding="utf-8").splitlines()
    return {line.strip().lower() for line in lines if line.strip() and not line.startswith("#")}


def test_words_are_split_as_a_reader_reads_them() -> None:
    assert words(CODE.sub(" ", "Pleats {tile} op 'e Poarte (skud-r8): dy't R3 hat, demo's"
                               " '3.P2:' hand=7 (wiki R3)")) == [
        "Pleats", "op", "'e", "Poarte", "dy't", "hat", "demo's"]


def test_russian_spelling_with_hunspell() -> None:
    missing = missing_spelling()
    if missing:
        pytest.skip(f"NOT CHECKED: {', '.join(missing.values())} missing "
                    f"(apt-get install {' '.join(missing)})")
    hunspell = shutil.which("hunspell")
    dictionary = russian_dictionary()
    assert hunspell is not None and dictionary is not None
    cyrillic = sorted({w for t in texts("ru") for w in words(t) if re.search("[а-яё]", w, re.I)})
    result = subprocess.run(
        [hunspell, "-i", "utf-8", "-d", str(dictionary.with_suffix("")), "-l"],
        input="\n".join(cyrillic), capture_output=True, text=True, encoding="utf-8", check=True,
    )
    unknown = sorted({w for w in result.stdout.split() if w.lower() not in word_list("ru")})
    assert not unknown, (
        f"{len(unknown)} Russian words Hunspell does not know: fix them, or (a reviewed "
        f"game term) add them to locale/ru/words.txt: {unknown}")


def test_every_frisian_word_is_reviewed() -> None:
    known = word_list("fy")
    used = {w.lower() for t in texts("fy") for w in words(t)}
    unknown = sorted(used - known)
    assert not unknown, (
        f"{len(unknown)} Frisian words no reviewer has read: check each one's spelling, then "
        f"add it to locale/fy/words.txt: {unknown}")


def test_the_word_lists_are_sorted_words() -> None:
    for lang in ("ru", "fy"):
        lines = [line for line in (LOCALE / lang / "words.txt").read_text(
            encoding="utf-8").splitlines() if line and not line.startswith("#")]
        assert lines == sorted(set(lines), key=str.lower), f"locale/{lang}/words.txt"
        assert all(WORD.fullmatch(line) for line in lines), lang


def test_the_russian_dictionary_is_found_where_debian_puts_it() -> None:
    dictionary = russian_dictionary()
    if dictionary is None:
        pytest.skip("Hunspell's Russian dictionary is not installed")
    assert dictionary.name == "ru_RU.dic" and Path(dictionary).with_suffix(".aff").is_file()
