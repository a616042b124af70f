"""paisho_core: a pure-Python rules engine for Pai Sho (Skud, Balance, …).

Start with :func:`new_game` (variants by short name), then use the game protocol of
:class:`~paisho_core.protocol.Game`: ``legal_actions()``, ``apply()``, ``outcome()``,
``copy()``, ``to_text()`` / ``from_text()``.
"""

from .board import Point
from .errors import IllegalMove, InvalidLink, InvalidMove, PaiShoError, UnknownVariant
from .protocol import Game, Outcome, TileView, VariantInfo
from .registry import get_variant, new_game, variant_names

__version__ = "0.1.0"

__all__ = [
    "Game",
    "IllegalMove",
    "InvalidLink",
    "InvalidMove",
    "Outcome",
    "PaiShoError",
    "Point",
    "TileView",
    "UnknownVariant",
    "VariantInfo",
    "__version__",
    "get_variant",
    "new_game",
    "variant_names",
]
