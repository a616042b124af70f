"""Typed errors of the engine; each message names the input it refuses."""

from __future__ import annotations


class PaiShoError(ValueError):
    """Base class of every error the engine raises for bad input."""


class InvalidMove(PaiShoError):
    """Text that is not well-formed notation (the message quotes it)."""


class IllegalMove(PaiShoError):
    """A well-formed action that the rules forbid in this position (names ply and rule)."""


class InvalidLink(PaiShoError):
    """A shared link that cannot be decoded, or that replays to an illegal move."""


class UnknownVariant(PaiShoError):
    """A variant name that is not in the registry."""
