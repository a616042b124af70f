"""The lazily read compiled catalog (paisho_page/mo_catalog.py) answers every message of
every shipped catalog exactly as the standard library's gettext does, and refuses bytes
that are not a catalog."""

from __future__ import annotations

import gettext
import io
import struct

import pytest

from paisho_page import i18n
from paisho_page.mo_catalog import BadCatalog, LazyCatalog
from sitebuild.catalogs import compile_mo, read_catalog, shipped_languages

CASES = [(lang, domain) for lang in shipped_languages() for domain in i18n.DOMAINS]


@pytest.mark.parametrize(("lang", "domain"), CASES)
def test_every_message_as_gettext_answers_it(lang: str, domain: str) -> None:
    catalog = read_catalog(lang, domain)
    data = compile_mo(catalog)
    lazy, eager = LazyCatalog(data), gettext.GNUTranslations(io.BytesIO(data))
    for message in catalog.messages:
        if message.msgid_plural:
            assert lazy.gettext(message.msgid) == eager.gettext(message.msgid)  # its form for 1
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
