"""Sealing the seed of a hidden-hand game in saved data (pure Python, standard library).

The seed of an Ancient Pai Sho game deals every hand and the draw pile: whoever reads it
knows every seat's tiles.  The page's autosave therefore never writes it in clear: it
stores ``sealed``, the seed XOR-ed with a pad drawn from a per-device random key (kept
under its own ``localStorage`` key, :data:`KEY_NAME`) and the game's id, plus a short
check so that a damaged seal is refused rather than dealing another game.

What this protects, honestly: a saved record read on its own (copied, looked at in a
storage viewer, sent along with a bug report, or set aside) reveals no hand, and the page
only derives the view of the seat on turn from the game it resumes.  What it cannot
protect: on one shared device the key is on that device too, and the browser's developer
tools can read the key, the record and the page's memory — hidden hands on a shared
device rest on the players not looking there (``rules.html#ancient-autosave``).
"""

from __future__ import annotations

import base64
import hashlib
import re

from paisho_core.errors import PaiShoError
from paisho_page.words.i18n import _

KEY_NAME = "paisho.seal.v1"
"""``localStorage`` key of this device's sealing key."""
PREFIX = "s1."
"""Version mark of a sealed seed."""
MAX_SEED = 2**64
"""Seeds sealed are ``0 <= seed < MAX_SEED``."""

_KEY = re.compile(r"[0-9a-f]{32}")
_SEALED = re.compile(r"s1\.[0-9a-f]{16}\.[0-9a-f]{8}")


class BadSeal(PaiShoError):
    """A sealed seed that cannot be opened with this key (damaged, or another device's)."""


def valid_key(text: object) -> bool:
    """True for a sealing key as :func:`new_key` makes it (32 lower-case hex digits)."""
    return isinstance(text, str) and _KEY.fullmatch(text) is not None


def new_key(random_bits: int) -> str:
    """A sealing key from 128 random bits (the page passes ``secrets.randbits(128)``)."""
    return f"{random_bits % (1 << 128):032x}"


def well_formed(text: object) -> bool:
    """True when ``text`` has the shape of a sealed seed (it may still fail to open)."""
    return isinstance(text, str) and _SEALED.fullmatch(text) is not None


def _pad(key: str, game_id: str) -> int:
    digest = hashlib.sha256(f"paisho-seal-pad:{key}:{game_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _check(key: str, game_id: str, seed: int) -> str:
    return hashlib.sha256(f"paisho-seal-check:{key}:{game_id}:{seed}".encode()).hexdigest()[:8]


def seal(seed: int, key: str, game_id: str) -> str:
    """The seed of game ``game_id`` sealed with ``key``: ``s1.<16 hex>.<8 hex>``."""
    if not valid_key(key):
        raise BadSeal(_("the sealing key is malformed"))
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
        raise BadSeal(_("seed {seed} cannot be sealed (0 to 2**64 - 1)").format(seed=repr(seed)))
    return f"{PREFIX}{seed ^ _pad(key, game_id):016x}.{_check(key, game_id, seed)}"


def unseal(text: str, key: str, game_id: str) -> int:
    """Open a sealed seed; raise :class:`BadSeal` (plain words) if it cannot be opened."""
    if not well_formed(text):
        raise BadSeal(_("its sealed seed is malformed"))
    if not valid_key(key):
        raise BadSeal(_("this device's sealing key is missing or damaged"))
    body, check = text[len(PREFIX) :].split(".")
    seed = int(body, 16) ^ _pad(key, game_id)
    if _check(key, game_id, seed) != check:
        raise BadSeal(_("its sealed seed does not open with this device's key (damaged?)"))
    return seed


# ----------------------------------------------------------------------------- texts
TEXT_PREFIX = "t1."
"""Version mark of a sealed text (a hidden-hand game's set-up position)."""
MAX_TEXT = 64_000
"""Longest text sealed or opened (characters)."""
_SEALED_TEXT = re.compile(r"t1\.[A-Za-z0-9_-]*\.[0-9a-f]{8}")


def _stream(key: str, game_id: str, size: int) -> bytes:
    out = bytearray()
    block = 0
    while len(out) < size:
        out += hashlib.sha256(f"paisho-seal-text:{key}:{game_id}:{block}".encode()).digest()
        block += 1
    return bytes(out[:size])


def _text_check(key: str, game_id: str, text: str) -> str:
    digest = hashlib.sha256(f"paisho-seal-text-check:{key}:{game_id}:".encode() + text.encode())
    return digest.hexdigest()[:8]


def text_well_formed(text: object) -> bool:
    """True when ``text`` has the shape of a sealed text (it may still fail to open)."""
    return (
        isinstance(text, str)
        and len(text) <= 2 * MAX_TEXT
        and _SEALED_TEXT.fullmatch(text) is not None
    )


def seal_text(text: str, key: str, game_id: str) -> str:
    """``text`` (e.g. a set-up position holding every hand) sealed like a seed, for
    game ``game_id`` with ``key``: ``t1.<base 64>.<8 hex>``."""
    if not valid_key(key):
        raise BadSeal(_("the sealing key is malformed"))
    data = text.encode("utf-8")
    if len(data) > MAX_TEXT:
        raise BadSeal(_("a text of {n} bytes cannot be sealed (at most {limit})").format(
            n=len(data), limit=MAX_TEXT
        ))
    mixed = bytes(a ^ b for a, b in zip(data, _stream(key, game_id, len(data)), strict=True))
    body = base64.urlsafe_b64encode(mixed).decode("ascii").rstrip("=")
    return f"{TEXT_PREFIX}{body}.{_text_check(key, game_id, text)}"


def unseal_text(sealed: str, key: str, game_id: str) -> str:
    """Open a sealed text; raise :class:`BadSeal` (plain words) if it cannot be opened."""
    if not text_well_formed(sealed):
        raise BadSeal(_("its sealed set-up position is malformed"))
    if not valid_key(key):
        raise BadSeal(_("this device's sealing key is missing or damaged"))
    body, check = sealed[len(TEXT_PREFIX) :].split(".")
    try:
        mixed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        data = bytes(a ^ b for a, b in zip(mixed, _stream(key, game_id, len(mixed)), strict=True))
        text = data.decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        raise BadSeal(_("its sealed set-up position does not open (damaged?)")) from None
    if _text_check(key, game_id, text) != check:
        raise BadSeal(_("its sealed set-up position does not open with this device's key"))
    return text
