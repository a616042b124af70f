"""paisho_core: a pure-Python rules engine for Pai Sho (Skud, Balance, Wiki, Ancient).

Start with :func:`new_game` (variants by short name), then use the game protocol of
:class:`~paisho_core.protocol.Game`: ``legal_actions()``, ``apply()``, ``outcome()``,
``copy()``, ``to_text()`` / ``from_text()``.

**One inside for every variant** (``paisho_core/<variant>/``):

* ``spec.py`` — the variant as the registry knows it (:class:`~.spec.VariantSpec`: name,
  title, options, seats, link id, where its pieces are, its tile names and end reasons);
  the package's ``__init__`` imports nothing else eagerly.
* ``position.py`` — the **position**: the board as a flat list of cells (codes from
  ``tiles.py``), the reserves or hands, whose turn it is, and the counts kept up to date
  action by action, with what an action does to it (Balance's ``Position.place``,
  Ancient's ``AncientPosition.do``, Wiki's ``WikiPosition._do``; Skud's effects are the
  game's ``_do`` and :func:`.skud.bonus.do_bonus`, beside its undo log).  No turn
  order's end, no record, no notation.
* **move generation** — plain functions over the position (or its board list):
  ``moves.py`` (Skud's main phase, Wiki's tiles, Ancient's steps), Skud's ``bonus.py``,
  Balance's ``Position.legal_points``; the refusal reasons likewise (``explain.py``), and
  what the board shows where it is more than a few lines (Ancient's ``views.py``).
* ``game.py`` — the **game**, the variant's :class:`~paisho_core.protocol.Game`: it
  holds the history, the end and the notation, keeps the legal list until the position
  changes, and calls the functions above.  Balance and Ancient hold their position as
  an attribute (``_pos``).  Skud and Wiki, whose searches and replays make and unmake
  thousands of actions a second, *are* their position, one level deep
  (``SkudGame(SkudPosition)``, ``WikiGame(WikiPosition)``): the hot state (``board``,
  ``reserve``, the harmony masks) is then read straight off the game by the move
  generators, the evaluation and the link coder, with no hop through a property.  No
  deeper tower and no mixins.
* beside them: ``actions.py`` (the action type, parsing, formatting), ``rules.py`` (pure
  board rules), ``art.py`` (the tile art), ``facts.py`` (the tile facts),
  ``computer.py`` (the variant's :class:`~paisho_core.search.Computer`) and, for a
  variant with its own link coding, ``linkcode.py``.

Shared by all: :mod:`.board` (points, masks), :mod:`.protocol`, :mod:`.rng` (the one
seeded generator), :mod:`.rings` (the Harmony Ring test and the ring as drawn),
:mod:`.tokens` (every click token), :mod:`.search` and :mod:`.ai` (the computer).
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
