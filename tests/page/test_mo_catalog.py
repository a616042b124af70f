"""The lazily read compiled catalog (paisho_page/words/mo_catalog.py) answers every message of
every shipped catalog as the standard library's gettext does, and refuses bytes that are
not a catalog.

One lookup is checked against the ``.po`` file instead: a message with a plural asked for
by its singular alone (``gettext(msgid)``).  The reader promises the catalog's form for 1
(the ``Plural-Forms`` formula at n = 1), as :mod:`gettext` answers from Python 3.11.7 and
3.12.1 on; earlier patch releases (Debian 12's 3.11.2) answer the English singular, so
:mod:`gettext` is no oracle for that lookup on every Python the README names."""

from __future__ import annotations

import gettext
import io
import struct

import pytest

from paisho_page.words import i18n
from paisho_page.words.mo_catalog import BadCatalog, LazyCatalog
from sitebuild.catalogs import Catalog, Message, compile_mo, read_catalog, shipped_languages

CASES = [(lang, domain) for lang in shipped_languages() for domain in i18n.DOMAINS]


def form_for_one(catalog: Catalog, message: Message) -> str:
    """The oracle for a plural message asked for by its singular, from the ``.po``: its
    translated form for n = 1, or the English singular when it is not translated."""
    if message.fuzzy or not any(message.msgstr):
        return message.msgid
    formula = catalog.header.get("Plural-Forms", "plural=(n != 1);").split("plural=", 1)[1]
    index = gettext.c2py(formula.strip().rstrip(";"))(1)
    return message.msgstr[min(index, len(message.msgstr) - 1)]


@pytest.mark.parametrize(("lang", "domain"), CASES)
def test_every_message_as_gettext_answers_it(lang: str, domain: str) -> None:
    catalog = read_catalog(lang, domain)
    data = compile_mo(catalog)
    lazy, eager = LazyCatalog(data), gettext.GNUTranslations(io.BytesIO(data))
    for message in catalog.messages:
        if message.msgid_plural:
            asked = lazy.pgettext(message.msgctxt, message.msgid) if message.msgctxt is not None \
                else lazy.gettext(message.msgid)
            assert asked == form_for_one(catalog, message)
            for n in range(0, 32):
                args = (message.msgid, message.msgid_plural, n)
                if message.msgctxt is None:
                    assert lazy.ngettext(*args) == eager.ngettext(*args)
                else:
                    assert lazy.npgettext(message.msgctxt, *args) == \
                        eager.npgettext(message.msgctxt, *args)
        elif message.msgctxt is None:
            assert lazy.gettext(message.msgid) == eager.gettext(message.msgid)
        else:
            assert lazy.pgettext(message.msgctxt, message.msgid) == \
                eager.pgettext(message.msgctxt, message.msgid)
    for unknown in ("No such message", "", "zzz"):
        assert lazy.gettext(unknown) == eager.gettext(unknown)
    assert lazy.ngettext("one tile", "{n} tiles", 5) == "{n} tiles"


def test_a_plural_asked_for_by_its_singular_answers_its_form_for_one() -> None:
    """The promise the oracle above stands for, on a catalog whose form for 1 is not its
    first (index 1 of 3) — on every Python, whatever its :mod:`gettext` answers."""
    catalog = Catalog(
        {"Content-Type": "text/plain; charset=UTF-8",
         "Plural-Forms": "nplurals=3; plural=(n == 1 ? 1 : n == 2 ? 2 : 0);"},
        [Message("one tile", "{n} tiles", None, ["many", "one", "two"]),
         Message("one seat", "{n} seats", "game", ["seats", "a seat", "two seats"])],
    )
    lazy = LazyCatalog(compile_mo(catalog))
    assert lazy.gettext("one tile") == "one" == lazy.ngettext("one tile", "{n} tiles", 1)
    assert lazy.ngettext("one tile", "{n} tiles", 2) == "two"
    assert lazy.pgettext("game", "one seat") == "a seat"
    assert lazy.gettext("one seat") == "one seat"  # (in no context)


def test_a_big_endian_catalog_reads_the_same() -> None:
    data = compile_mo(read_catalog("ru", "page"))
    count, keys, values = struct.unpack("<3I", data[8:20])
    head = struct.pack(">7I", 0x950412DE, 0, count, keys, values, 0, 0)
    tables = data[keys:values + 8 * count]
    swapped = struct.pack(f">{len(tables) // 4}I", *struct.unpack(f"<{len(tables) // 4}I", tables))
    big = head + data[28:keys] + swapped + data[values + 8 * count:]
    assert LazyCatalog(big).gettext("Undo") == LazyCatalog(data).gettext("Undo") != "Undo"


@pytest.mark.parametrize("data", [b"", b"\0" * 40, b"\xde\x12\x04\x95" + b"\0" * 4 + b"\xff" * 12,
                                  struct.pack("<5I", 0x950412DE, 0, 3, 1_000_000, 20)])
def test_bytes_that_are_no_catalog_are_refused(data: bytes) -> None:
    with pytest.raises(BadCatalog):
        LazyCatalog(data)
    with pytest.raises(i18n.CatalogError):
        i18n.load(data)


def test_unsorted_keys_are_searched_in_order() -> None:
    """Babel's ``write_mo`` sorts by message, not by key (a context comes first in the
    key): such a file is given a sorted index."""
    text = b"b\0a\0B\0A\0"  # keys "b", "a"; their translations "B", "A"
    head = struct.pack("<7I", 0x950412DE, 0, 2, 28, 44, 0, 0)
    keys = struct.pack("<4I", 1, 60, 1, 62)
    values = struct.pack("<4I", 1, 64, 1, 66)
    catalog = LazyCatalog(head + keys + values + text)
    assert (catalog.gettext("a"), catalog.gettext("b"), catalog.gettext("c")) == ("A", "B", "c")
