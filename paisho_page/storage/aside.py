"""Stored data that could not be used, *set aside* (kept, downloadable) so that nothing
is lost: its entries under :data:`SETASIDE_PREFIX`, their bounds and the notices about them.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass

from paisho_page.storage.safejson import BadJSON, loads
from paisho_page.storage.schema import MAX_TIME, BadSave, str_field
from paisho_page.words.i18n import N_, _, ngettext

SETASIDE_PREFIX = "paisho.setaside.v1."
"""How many finished games "Your games" keeps (the newest); unfinished ones are all kept."""
MAX_SETASIDE_CHARS = 1_000_000
"""Longest datum kept as it is when set aside (characters); a longer one is removed and
only a line saying so is kept."""
MAX_SETASIDE_ENTRIES = 30
"""At most this many set-aside entries are kept (a further one: a line saying so)."""
MAX_SETASIDE_TOTAL = 2_500_000
"""At most this many characters of set-aside entries in all (browsers keep ~5 million)."""
MAX_SET_ASIDE_REASON = 400
"""Longest reason a set-aside entry keeps (characters): a longer one is cut when it is
written (:func:`cut_reason`), so the entry never reads back as damaged."""
MAX_SET_ASIDE_KEY = 200
"""Longest storage key a set-aside entry names (the page's keys are far shorter)."""


@dataclass(frozen=True)
class SetAside:
    """Stored data that could not be used, kept so that nothing is lost."""

    key: str
    """The storage key it was found under."""
    reason: str
    when: int
    raw: str

    def to_json(self) -> str:
        """The entry as JSON text (its reason and key cut to what :func:`parse_set_aside`
        reads)."""
        return json.dumps(
            {"key": self.key[:MAX_SET_ASIDE_KEY], "reason": cut_reason(self.reason),
             "when": self.when, "raw": self.raw},
            separators=(",", ":"),
        )


def cut_reason(reason: str) -> str:
    """``reason`` as a set-aside entry keeps it: whole up to :data:`MAX_SET_ASIDE_REASON`
    characters, else cut to that with an ellipsis."""
    if len(reason) <= MAX_SET_ASIDE_REASON:
        return reason
    return reason[: MAX_SET_ASIDE_REASON - 1] + "…"


def set_aside_key(key: str, raw: str) -> str:
    """The storage key set-aside data ``raw`` (found under ``key``) is kept under: named
    by a hash of both, so the same data is kept once however often it is set aside."""
    digest = hashlib.sha256(f"{key}\n{raw}".encode("utf-8", "surrogatepass")).hexdigest()
    return SETASIDE_PREFIX + "h" + digest[:24]


def set_aside_room(held: Sequence[int], size: int) -> bool:
    """Whether a datum of ``size`` characters may be kept beside the set-aside entries
    already ``held`` (their sizes): the bounds above."""
    return (
        size <= MAX_SETASIDE_CHARS
        and len(held) < MAX_SETASIDE_ENTRIES
        and sum(held) + size <= MAX_SETASIDE_TOTAL
    )


def dropped_reason(reason: str, size: int) -> str:
    """The reason kept for data too large to set aside (``size`` characters), removed."""
    return ngettext(
        "{reason}; it was too large to keep ({n} character), so it was removed",
        "{reason}; it was too large to keep ({n} characters), so it was removed",
        size,
    ).format(reason=reason, n=size)


def dropped_notice(reason: str, size: int) -> str:
    """The notice for stored data that could not be read nor kept (too large)."""
    return ngettext(
        "A saved record could not be read ({reason}) and was too large to keep"
        " ({n} character), so it was removed; Your games → Set-aside saves lists it.",
        "A saved record could not be read ({reason}) and was too large to keep"
        " ({n} characters), so it was removed; Your games → Set-aside saves lists it.",
        size,
    ).format(reason=reason, n=size)


def parse_set_aside(raw: str) -> SetAside:
    """Read a set-aside entry; a damaged one is shown as raw text (never raises)."""
    try:
        data = loads(raw, max_chars=MAX_SETASIDE_CHARS * 7, max_depth=2)
        if not isinstance(data, dict):
            raise BadSave(_("not a record"))
        when = data.get("when", 0)
        if not isinstance(when, int) or isinstance(when, bool) or not 0 <= when < MAX_TIME:
            when = 0
        return SetAside(
            str_field(data, "key", MAX_SET_ASIDE_KEY, "?"),
            str_field(data, "reason", MAX_SET_ASIDE_REASON, ""),
            when,
            str_field(data, "raw", MAX_SETASIDE_CHARS * 7, ""),
        )
    except (BadJSON, BadSave):
        return SetAside("?", _("this set-aside entry is itself damaged"), 0, raw)


YOUR_SAVED_GAME = "Your saved game"
THAT_SAVED_GAME = "That saved game"
OTHER_TABS_VERSION = "The other tab's version"
A_SAVED_GAME = "A saved game"
_SET_ASIDE: dict[str, str] = {
    YOUR_SAVED_GAME: N_(
        "Your saved game could not be read ({reason}), so it was set aside and nothing of it"
        " was used. You can download it under Your games → Set-aside saves."
    ),
    THAT_SAVED_GAME: N_(
        "That saved game could not be read ({reason}), so it was set aside and nothing of it"
        " was used. You can download it under Your games → Set-aside saves."
    ),
    OTHER_TABS_VERSION: N_(
        "The other tab's version could not be read ({reason}), so it was set aside and"
        " nothing of it was used. You can download it under Your games → Set-aside saves."
    ),
    A_SAVED_GAME: N_(
        "A saved game could not be read ({reason}), so it was set aside and nothing of it was"
        " used. You can download it under Your games → Set-aside saves."
    ),
    "Your Balance best scores": N_(
        "Your Balance best scores could not be read ({reason}), so it was set aside and"
        " nothing of it was used. You can download it under Your games → Set-aside saves."
    ),
}
"""The set-aside notice of each kind of data, whole sentences (by the English subject)."""


def set_aside_notice(what: str, reason: str) -> str:
    """The plain-words notice for data set aside at start-up: ``what`` is one of the
    subjects above (``Your saved game``, …), ``reason`` why it could not be read."""
    template = _SET_ASIDE.get(what)
    if template is None:
        return _(
            "{what} could not be read ({reason}), so it was set aside and nothing of it was"
            " used. You can download it under Your games → Set-aside saves."
        ).format(what=what, reason=reason)
    return _(template).format(reason=reason)

