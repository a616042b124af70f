"""gettext catalogs without a Python package: read a ``.po`` file, write a ``.mo`` file,
and make the pseudo-locale (standard library only: ``build.py serve`` runs on a bare
Python; Babel only *extracts* messages, see ``babel.cfg``).

The catalogs live in ``locale/``: ``page.pot`` and ``demos.pot`` (the templates, made by
``pybabel extract``) and ``locale/<lang>/LC_MESSAGES/<domain>.po``.
"""

from __future__ import annotations

import ast
import re
import struct
from dataclasses import dataclass, field
from pathlib import Path

from .common import ROOT

LOCALE = ROOT / "locale"
DOMAINS = ("page", "demos")
PSEUDO = "xx"
"""The pseudo-locale's code: built for the tests only, never in the language switch."""


@dataclass
class Message:
    """One entry of a catalog: its id (and plural id, context) and its translations."""

    msgid: str
    msgid_plural: str = ""
    msgctxt: str | None = None
    msgstr: list[str] = field(default_factory=lambda: [""])
    fuzzy: bool = False

    @property
    def key(self) -> str:
        """The id as a ``.mo`` file stores it (``context\\x04id``)."""
        return self.msgid if self.msgctxt is None else f"{self.msgctxt}\x04{self.msgid}"


@dataclass
class Catalog:
    """A parsed ``.po``/``.pot`` file: its header entry's fields and its messages."""

    header: dict[str, str]
    messages: list[Message]

    @property
    def nplurals(self) -> int:
        """The number of plural forms its ``Plural-Forms`` header says (2 without one)."""
        found = re.search(r"nplurals\s*=\s*(\d+)", self.header.get("Plural-Forms", ""))
        return int(found.group(1)) if found else 2

    def lookup(self) -> dict[str, str]:
        """Translated singular messages: id → translation (untranslated and fuzzy ones
        left out, so the English text stays)."""
        return {m.key: m.msgstr[0] for m in self.messages
                if m.msgid and not m.fuzzy and m.msgstr and m.msgstr[0]}


def _unquote(text: str) -> str:
    value = ast.literal_eval(text.strip())
    if not isinstance(value, str):
        raise ValueError(f"not a string: {text!r}")
    return value


def parse_po(text: str) -> Catalog:
    """Parse the text of a ``.po`` or ``.pot`` file (obsolete ``#~`` entries skipped)."""
    messages: list[Message] = []
    current: Message | None = None
    target: tuple[str, int] | None = None
    fuzzy = False

    def finish() -> None:
        nonlocal current
        if current is not None:
            messages.append(current)
        current = None

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            if current is None or target is None:
                raise ValueError(f"a string out of place: {line}")
            name, index = target
            _append(current, name, index, _unquote(line))
            continue
        match = re.fullmatch(r"msgstr\[(\d+)\]", keyword)
        starts = keyword == "msgctxt" or (keyword == "msgid" and target != ("msgctxt", 0))
        if starts:
            finish()
            current = Message("", fuzzy=fuzzy)
            fuzzy = False
        if current is None:
            raise ValueError(f"a keyword out of place: {line}")
        if keyword == "msgctxt":
            current.msgctxt = ""
            target = ("msgctxt", 0)
        elif keyword == "msgid":
            target = ("msgid", 0)
        elif keyword == "msgid_plural":
            target = ("msgid_plural", 0)
        elif keyword == "msgstr":
            target = ("msgstr", 0)
        elif match:
            target = ("msgstr", int(match.group(1)))
        else:
            raise ValueError(f"unknown keyword: {line}")
        _append(current, target[0], target[1], _unquote(rest))
    finish()
    header: dict[str, str] = {}
    body = []
    for m in messages:
        if m.msgid == "" and m.msgctxt is None:
            for head_line in m.msgstr[0].splitlines():
                name, _, value = head_line.partition(":")
                if value:
                    header[name.strip()] = value.strip()
        else:
            body.append(m)
    return Catalog(header, body)


def _append(message: Message, name: str, index: int, value: str) -> None:
    if name == "msgstr":
        while len(message.msgstr) <= index:
            message.msgstr.append("")
        message.msgstr[index] += value
    elif name == "msgctxt":
        message.msgctxt = (message.msgctxt or "") + value
    elif name == "msgid":
        message.msgid += value
    else:
        message.msgid_plural += value


def header_text(header: dict[str, str]) -> str:
    """A header entry's translation (``Name: value`` lines)."""
    return "".join(f"{name}: {value}\n" for name, value in header.items())


def compile_mo(catalog: Catalog) -> bytes:
    """The ``.mo`` file of a catalog (GNU format, little-endian), translated messages
    only; the header entry carries its ``Plural-Forms`` for :mod:`gettext`."""
    entries: dict[str, str] = {"": header_text(catalog.header)}
    for m in catalog.messages:
        if m.fuzzy or not m.msgid or not any(m.msgstr):
            continue
        if m.msgid_plural:
            entries[f"{m.key}\x00{m.msgid_plural}"] = "\x00".join(m.msgstr)
        else:
            entries[m.key] = m.msgstr[0]
    keys = sorted(entries)
    ids = b""
    strs = b""
    offsets = []
    for key in keys:
        kid, kstr = key.encode(), entries[key].encode()
        offsets.append((len(ids), len(kid), len(strs), len(kstr)))
        ids += kid + b"\0"
        strs += kstr + b"\0"
    key_table = 7 * 4
    value_table = key_table + len(keys) * 8
    ids_start = value_table + len(keys) * 8
    strs_start = ids_start + len(ids)
    key_index: list[int] = []
    value_index: list[int] = []
    for id_at, id_len, str_at, str_len in offsets:
        key_index += [id_len, ids_start + id_at]
        value_index += [str_len, strs_start + str_at]
    head = struct.pack("<7I", 0x950412DE, 0, len(keys), key_table, value_table, 0, 0)
    tables = struct.pack(f"<{len(key_index)}I", *key_index)
    tables += struct.pack(f"<{len(value_index)}I", *value_index)
    return head + tables + ids + strs


def po_path(lang: str, domain: str) -> Path:
    """Where a language's catalog of a domain is kept."""
    return LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"


def shipped_languages() -> list[str]:
    """The languages with catalogs in ``locale/`` (every one of ``LANGUAGES`` but ``en``)."""
    return sorted(p.name for p in LOCALE.iterdir()
                  if p.is_dir() and (p / "LC_MESSAGES").is_dir()) if LOCALE.is_dir() else []


def read_catalog(lang: str, domain: str) -> Catalog:
    """A language's catalog of a domain (the pseudo-locale made from the template)."""
    if lang == PSEUDO:
        return pseudo_catalog(parse_po((LOCALE / f"{domain}.pot").read_text("utf-8")))
    return parse_po(po_path(lang, domain).read_text("utf-8"))


PLACEHOLDER = re.compile(
    r"\{[a-zA-Z_][a-zA-Z0-9_]*\}|%\([a-zA-Z_]+\)[sd]|%[sd]|</?[1-9][0-9]*/?>"
)
"""A placeholder a translation must keep: ``{name}``, ``%(name)s``, ``%s``, ``%d``, and
a page sentence's tag placeholders ``<1>``, ``</1>``, ``<2/>`` (:mod:`sitebuild.tagholders`)."""
_ACCENTS = str.maketrans("aceinousyACEINOUSY", "àçéîñöûšýÀÇÉÎÑÖÛŠÝ")


def pseudo(text: str) -> str:
    """``text`` accented and about 40 % longer, its placeholders intact: ``Play`` →
    ``[Ƥlàý ~~]``-like text that shows untranslated words and tight boxes."""
    parts = PLACEHOLDER.split(text)
    holders = PLACEHOLDER.findall(text)
    out = []
    for i, part in enumerate(parts):
        out.append(part.translate(_ACCENTS))
        if i < len(holders):
            out.append(holders[i])
    body = "".join(out)
    pad = max(1, round(len(text) * 0.4) - 2)
    # short words, as a real language has: a line may break between them
    filler = " ".join("ẋẋẋẋ"[: min(4, pad - i)] for i in range(0, pad, 5))
    return f"[{body} {filler}]"


def pseudo_catalog(template: Catalog) -> Catalog:
    """The pseudo-locale of a template: every message :func:`pseudo` (two plural forms)."""
    header = dict(template.header)
    header["Language"] = PSEUDO
    header["Plural-Forms"] = "nplurals=2; plural=(n != 1);"
    header["Content-Type"] = "text/plain; charset=UTF-8"
    messages = []
    for m in template.messages:
        forms = [pseudo(m.msgid)] + ([pseudo(m.msgid_plural)] if m.msgid_plural else [])
        messages.append(Message(m.msgid, m.msgid_plural, m.msgctxt, forms))
    return Catalog(header, messages)


def N_(message: str) -> str:
    """Mark a message of the build's own (the demo list's words, the language switch's
    label) for the ``page`` catalog; the build translates it where it is used."""
    return message
