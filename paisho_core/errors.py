"""Typed errors of the engine; each message names the input it refuses."""

from __future__ import annotations

from .messages import Message, as_message


class PaiShoError(ValueError):
    """Base class of every error the engine raises for bad input.

    Raised with English text or a :class:`~.messages.Message` (a template and its
    parameters: the ply, the move, the ruling); ``str(error)`` is the English text and
    ``error.message`` the message a page translates."""

    def __init__(self, message: str | Message = "", *rest: object) -> None:
        self.message: Message = as_message(message)
        super().__init__(str(self.message), *rest)


class InvalidMove(PaiShoError):
    """Text that is not well-formed notation (the message quotes it)."""


class IllegalMove(PaiShoError):
    """A well-formed action that the rules forbid in this position (names ply and rule)."""


class InvalidLink(PaiShoError):
    """A shared link that cannot be decoded, or that replays to an illegal move."""


class UnknownVariant(PaiShoError):
    """A variant name that is not in the registry."""


QUOTE_LIMIT = 40
"""At most this many characters of the offending input are quoted in an error message."""


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """The offending input as an error message quotes it: its ``repr``, cut short.

    Text longer than ``limit`` characters is cut to ``limit - 1`` of them and an
    ellipsis (``…``), so an error never repeats a huge input.  Other values (e.g. an
    action) are shown by their ``repr``, cut the same way.
    """
    if isinstance(value, str):
        return repr(value if len(value) <= limit else value[: limit - 1] + "…")
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def quote_path(path: str, limit: int = QUOTE_LIMIT) -> str:
    """A file name as an error message quotes it: like :func:`quote`, but a long path is
    cut at its start, so the message keeps the file's own name (``'…/games/ring.txt'``)."""
    return repr(path if len(path) <= limit else "…" + path[-(limit - 1):])
