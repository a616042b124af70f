"""Reading a start's fields (a link's, a save's or a demo's ``{"setup": {…}}``), typed.

A start's ``setup`` mapping comes from outside the engine (JSON read by
:mod:`paisho_core.boundedjson`), so each variant's ``from_start`` reads it into a
:class:`~paisho_core.setup_model.Setup` with these readers before anything is built: a
field of the wrong type, an unknown field or a point that is not on the board is a
:class:`~paisho_core.setup_model.SetupError` naming the field in plain words (quoting
at most a short excerpt of what it holds, :func:`paisho_core.errors.quote`).  The values
read are then checked against the rules by :func:`paisho_core.setups.check`, like a
Studio position.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .board import Point
from .errors import PaiShoError, quote
from .messages import msg
from .setup_model import SetupError


def fields(raw: object, allowed: Sequence[str]) -> Mapping[str, Any]:
    """``raw`` as a mapping of the ``allowed`` fields; :class:`SetupError` if it is not
    an object or holds another field."""
    if not isinstance(raw, Mapping):
        raise SetupError(msg("the set-up position must be an object of fields"))
    for key in raw:
        if key not in allowed:
            raise SetupError(msg("the set-up position has an unknown field {field}",
                                 field=quote(key)))
    return raw


def whole(raw: Mapping[str, Any], key: str, default: int) -> int:
    """The whole number of field ``key`` (``default`` when absent)."""
    value = raw.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise SetupError(msg("the set-up position's {field} must be a whole number",
                             field=repr(key)))
    return value


def text(raw: Mapping[str, Any], key: str, default: str) -> str:
    """The text of field ``key`` (``default`` when absent)."""
    value = raw.get(key, default)
    if not isinstance(value, str):
        raise SetupError(msg("the set-up position's {field} must be a text", field=repr(key)))
    return value


def choice(raw: Mapping[str, Any], key: str, choices: Sequence[str], default: str) -> int:
    """The index in ``choices`` of field ``key``'s text (``default`` when absent)."""
    value = raw.get(key, default)
    if value not in choices:
        raise SetupError(msg("the set-up position's {field} must be one of {choices}, not"
                             " {value}",
                             field=repr(key), choices=", ".join(choices), value=quote(value)))
    return choices.index(value)


def texts(raw: Mapping[str, Any], key: str) -> list[str]:
    """The list of texts of field ``key`` (``[]`` when absent)."""
    value = raw.get(key, [])
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise SetupError(msg("the set-up position's {field} must be a list of texts",
                             field=repr(key)))
    return value


def mapping(raw: Mapping[str, Any], key: str) -> Mapping[str, Any] | None:
    """The object of field ``key`` (``None`` when absent)."""
    value = raw.get(key)
    if value is not None and not isinstance(value, Mapping):
        raise SetupError(msg("the set-up position's {field} must be an object", field=repr(key)))
    return value


def text_map(raw: Mapping[str, Any], key: str) -> dict[str, str]:
    """The object of field ``key`` whose values are texts (``{}`` when absent)."""
    value = mapping(raw, key) or {}
    for item in value.values():
        if not isinstance(item, str):
            raise SetupError(msg("the set-up position's {field} must map each point to a"
                                 " tile's text, not {value}",
                                 field=repr(key), value=quote(item)))
    return dict(value)


def counts(raw: Mapping[str, Any], key: str) -> tuple[tuple[str, int], ...]:
    """The ``code: count`` pairs of the object in field ``key`` (each count a whole
    number; the rules check its range)."""
    value = mapping(raw, key) or {}
    for count in value.values():
        if not isinstance(count, int) or isinstance(count, bool):
            raise SetupError(msg("the set-up position's {field} must map each tile to a whole"
                                 " number, not {value}",
                                 field=repr(key), value=quote(count)))
    return tuple(value.items())


def point(text_point: str) -> Point:
    """The point of a field's ``(x,y)`` text; :class:`SetupError` if it is none."""
    try:
        return Point.parse(text_point)
    except PaiShoError as error:
        raise SetupError(error.message) from None


def part(start: object, kind: str, title: str) -> Any:
    """The ``kind`` part (``"setup"`` or ``"bag"``) of a start mapping, for a variant
    (``title``) whose starts are of that kind alone."""
    if not isinstance(start, Mapping):
        raise SetupError(msg("the set-up position must be an object of fields"))
    if kind not in start or ("bag" if kind == "setup" else "setup") in start:
        if kind == "setup":
            raise SetupError(msg("{variant} has no bag to fix", variant=title))
        raise SetupError(msg("{variant} has no set-up positions", variant=title))
    return start[kind]
