"""A compiled gettext catalog (``.mo``) read on demand, for a page that starts fast.

:class:`gettext.GNUTranslations` decodes every message of a catalog into a dictionary
when it is made, which every start of a page in another language would pay (the figures
are in ``docs/benchmarks.md``).  A
:class:`LazyCatalog` keeps the bytes and finds a message when it is asked for, by a
binary search of the catalog's sorted key table (``msgfmt`` and the build's
``sitebuild/catalogs.py`` write the keys sorted; a file whose keys are not, such as
Babel's with contexts, is given a sorted index once), decoding only what it compares.
Lookups answer exactly as :class:`gettext.GNUTranslations` would (tests compare every
message).  Pure; standard library only.
"""

from __future__ import annotations

import gettext
import struct
from collections.abc import Callable
from functools import partial

from paisho_core.errors import PaiShoError

_MAGIC_LE = 0x950412DE
_MAGIC_BE = 0xDE120495
_CONTEXT = "\x04"


class BadCatalog(PaiShoError):
    """Bytes that are not a compiled gettext catalog (``.mo``)."""


class LazyCatalog(gettext.NullTranslations):
    """The translations of one compiled catalog, looked up in its bytes on demand."""

    def __init__(self, data: bytes) -> None:
        super().__init__()
        if len(data) < 20:
            raise BadCatalog(f"a catalog of {len(data)} bytes is too short")
        magic = struct.unpack("<I", data[:4])[0]
        if magic == _MAGIC_LE:
            order = "<"
        elif magic == _MAGIC_BE:
            order = ">"
        else:
            raise BadCatalog(f"bad magic number {magic:#x}")
        version, count, keys, values = struct.unpack(order + "4I", data[4:20])
        if version >> 16 not in (0, 1):
            raise BadCatalog(f"unknown catalog version {version >> 16}")
        if keys + 8 * count > len(data) or values + 8 * count > len(data):
            raise BadCatalog("the catalog's tables run past its end")
        self._data = data
        self._entry = struct.Struct(order + "2I")
        self._count, self._keys, self._values = count, keys, values
        self._order: list[int] = []  # the keys' order, when the file's is not sorted
        self._check_tables(order)
        self.plural: Callable[[int], int] = _germanic
        self._seen: dict[str, str] = {}  # (a page asks for the same words many times)
        header = self._lookup(b"")
        if header is not None:
            self._read_header(self._text(header))

    # ------------------------------------------------------------------ the tables
    def _check_tables(self, order: str) -> None:
        """Every entry inside the bytes (a damaged catalog is refused here, never half-way
        through drawing a page), and the keys in order for the search."""
        size, data, count = len(self._data), self._data, self._count
        for table in (self._keys, self._values):
            for length, offset in struct.iter_unpack(order + "2I", data[table:table + 8 * count]):
                if offset + length > size:
                    raise BadCatalog("an entry runs past the catalog's end")
        previous = b""
        for length, offset in struct.iter_unpack(order + "2I",
                                                 data[self._keys:self._keys + 8 * count]):
            key = data[offset:offset + length]
            if key < previous:  # (Babel's write_mo sorts by message, not by key)
                self._order = sorted(range(count), key=partial(self._raw, self._keys))
                return
            previous = key

    def _raw(self, table: int, index: int) -> bytes:
        length, offset = self._entry.unpack_from(self._data, table + 8 * index)
        return self._data[offset:offset + length]

    def _string(self, table: int, index: int) -> bytes:
        """Entry ``index`` of a table in key order."""
        return self._raw(table, self._order[index] if self._order else index)

    def _first_at_least(self, key: bytes) -> int:
        """The index of the first key not below ``key`` (the keys are sorted)."""
        low, high = 0, self._count
        while low < high:
            middle = (low + high) // 2
            if self._string(self._keys, middle) < key:
                low = middle + 1
            else:
                high = middle
        return low

    def _lookup(self, key: bytes) -> bytes | None:
        """The translation of a message without plural, or ``None``."""
        index = self._first_at_least(key)
        if index < self._count and self._string(self._keys, index) == key:
            return self._string(self._values, index)
        return None

    def _plural_forms(self, key: bytes) -> list[bytes] | None:
        """The forms of a message with a plural (its key is ``singular\\0plural``)."""
        index = self._first_at_least(key + b"\0")
        if index < self._count and self._string(self._keys, index).startswith(key + b"\0"):
            return self._string(self._values, index).split(b"\0")
        return None

    def _read_header(self, header: str) -> None:
        for line in header.splitlines():
            name, _, value = line.partition(":")
            if name.strip().lower() == "content-type" and "charset=" in value:
                charset = value.split("charset=", 1)[1].strip().lower()
                if charset not in ("utf-8", "utf8"):
                    raise BadCatalog(f"the catalog is in {charset}, not UTF-8")
            elif name.strip().lower() == "plural-forms" and "plural=" in value:
                expression = value.split("plural=", 1)[1].strip().rstrip(";")
                try:
                    self.plural = gettext.c2py(expression)
                except ValueError as exc:
                    raise BadCatalog(f"bad plural formula {expression!r}") from exc

    @staticmethod
    def _text(data: bytes) -> str:
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise BadCatalog(f"a message is not UTF-8: {exc}") from exc

    # ------------------------------------------------------------------ gettext
    def gettext(self, message: str) -> str:
        """``message`` translated, or as it is."""
        known = self._seen.get(message)
        if known is None:
            known = self._seen[message] = self._single(message.encode(), message)
        return known

    def _single(self, key: bytes, message: str) -> str:
        """The translation of a message asked for without a number: its own entry, or (as
        :mod:`gettext` does) the form for 1 of a message with a plural."""
        found = self._lookup(key)
        if found is not None:
            return self._text(found)
        forms = self._plural_forms(key)
        if forms is not None:
            index = self.plural(1)
            return self._text(forms[index] if index < len(forms) else forms[-1])
        return message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        """The form for ``n`` of a message with a plural."""
        forms = self._plural_forms(msgid1.encode())
        if forms is None:
            return msgid1 if n == 1 else msgid2
        index = self.plural(n)
        return self._text(forms[index] if index < len(forms) else forms[-1])

    def pgettext(self, context: str, message: str) -> str:
        """``message`` in ``context`` translated, or as it is."""
        key = f"{context}{_CONTEXT}{message}"
        known = self._seen.get(key)
        if known is None:
            known = self._seen[key] = self._single(key.encode(), message)
        return known

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        """The form for ``n`` of a message with a plural, in ``context``."""
        forms = self._plural_forms(f"{context}{_CONTEXT}{msgid1}".encode())
        if forms is None:
            return msgid1 if n == 1 else msgid2
        index = self.plural(n)
        return self._text(forms[index] if index < len(forms) else forms[-1])


def _germanic(n: int) -> int:
    """English-like plural (one form for 1, another for the rest): the default."""
    return 0 if n == 1 else 1
