"""The registered variants, by short name, each described by its spec.

:data:`VARIANTS` lists the spec module of every shipped variant (``paisho_core/<variant>/
spec.py``, whose ``SPEC`` is a :class:`~paisho_core.spec.VariantSpec`): a new variant is
one line there.  A build may add variants that live outside the engine: when a top-level
module named :data:`EXTRA` is importable, the spec modules of its ``VARIANTS`` are
registered after the shipped ones (no shipped build has one); :func:`register` does the
same for a spec module given by name (the tests' made-up variant), :func:`unregister`
takes one out.

The rest of the engine asks here, never holds a table keyed by a variant: the game class
(:func:`get_variant`), the computer, the tile facts and their words, the set-up rules and
the link coder of a variant are imported on first use from the entry points its spec
names.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from .errors import UnknownVariant, quote
from .messages import msg
from .protocol import Game
from .spec import VariantSpec, load

if TYPE_CHECKING:
    from .search import Computer
    from .setup_model import SetupRules
    from .tilefacts import TileFacts

VARIANTS: tuple[str, ...] = (
    "paisho_core.skud.spec",
    "paisho_core.balance.spec",
    "paisho_core.ancient.spec",
    "paisho_core.wiki.spec",
)
"""The spec module of every shipped variant, in the order the page offers them (the
first is the default variant: the page's first game, the CLI's ``--variant``)."""

EXTRA = "paisho_variants"
"""A top-level module that, where a build adds one, lists more spec modules in its
``VARIANTS`` (``build.py build --variant``; never shipped)."""

_SPECS: dict[str, VariantSpec] = {}
_BY_LINK_ID: dict[int, VariantSpec] = {}
_LOADED: dict[tuple[str, str], Any] = {}


def register(module: str) -> VariantSpec:
    """Register the variant whose spec is ``module``'s ``SPEC`` (imported now); raise
    ``ValueError`` when its name or link id is taken by another variant."""
    spec: VariantSpec = importlib.import_module(module).SPEC
    known = _SPECS.get(spec.name)
    if known is spec:
        return spec
    if known is not None:
        raise ValueError(f"{module}: variant name {spec.name!r} is registered already")
    if spec.link_id is not None and spec.link_id in _BY_LINK_ID:
        raise ValueError(f"{module}: link id {spec.link_id} is taken by "
                         f"{_BY_LINK_ID[spec.link_id].name!r}")
    _SPECS[spec.name] = spec
    if spec.link_id is not None:
        _BY_LINK_ID[spec.link_id] = spec
    return spec


def unregister(name: str) -> None:
    """Take the variant called ``name`` out of the registry (a test's made-up variant,
    when its tests end); nothing happens for an unknown name."""
    spec = _SPECS.pop(name, None)
    if spec is not None and spec.link_id is not None:
        _BY_LINK_ID.pop(spec.link_id, None)
    for key in [key for key in _LOADED if key[0] == name]:
        del _LOADED[key]


def _register_all() -> None:
    for module in VARIANTS:
        register(module)
    if importlib.util.find_spec(EXTRA) is not None:
        for module in importlib.import_module(EXTRA).VARIANTS:
            register(module)


def variant_names() -> tuple[str, ...]:
    """The short names of every registered variant."""
    return tuple(_SPECS)


def default_variant() -> str:
    """The short name of the first registered variant (the page's first game)."""
    return next(iter(_SPECS))


def specs() -> tuple[VariantSpec, ...]:
    """Every registered variant's spec, in registration order."""
    return tuple(_SPECS.values())


def find(name: str) -> VariantSpec | None:
    """The spec of the variant called ``name``, or ``None``."""
    return _SPECS.get(name)


def spec(name: str) -> VariantSpec:
    """The spec of the variant called ``name``; raise :class:`UnknownVariant` for a bad
    name."""
    found = _SPECS.get(name)
    if found is None:
        raise UnknownVariant(msg("unknown variant {name} (known: {known})", name=quote(name),
                                 known=", ".join(_SPECS)))
    return found


def by_link_id(number: int) -> VariantSpec | None:
    """The variant whose number in links is ``number``, or ``None``."""
    return _BY_LINK_ID.get(number)


def _entry(name: str, kind: str, target: str | None) -> Any:
    """The object an entry point of a variant's spec names, imported once."""
    key = (name, kind)
    if key not in _LOADED:
        _LOADED[key] = None if target is None else load(target)
    return _LOADED[key]


def get_variant(name: str) -> type[Game]:  # type: ignore[type-arg]
    """Return the game class of a variant; raise :class:`UnknownVariant` for a bad name."""
    found = spec(name)
    cls: type[Game] = _entry(name, "game", found.game)  # type: ignore[type-arg]
    return cls


def new_game(
    name: str, options: Iterable[str] = (), seed: int | None = None, players: int | None = None
) -> Game:  # type: ignore[type-arg]
    """Start a new game of the named variant (``players``: for variants with a choice)."""
    cls = get_variant(name)
    if players is None:
        return cls(options, seed)
    return cls(options, seed, players)


def get_computer(name: str) -> Computer | None:
    """The computer opponent a variant provides, or ``None`` when it has none."""
    found = find(name)
    computer: Computer | None = _entry(name, "computer", found.computer if found else None)
    return computer


def analyser(name: str) -> Any:
    """The analyser a variant's spec names (:class:`paisho_core.evaluation.Analyser`),
    or ``None``."""
    found = find(name)
    return _entry(name, "analyser", found.analyser if found else None)


def tile_facts(name: str) -> tuple[TileFacts, ...]:
    """The facts of every tile kind of a variant (empty for a variant without them);
    raise :class:`UnknownVariant` for a bad name."""
    facts: tuple[TileFacts, ...] | None = _entry(name, "facts", spec(name).facts)
    return facts or ()


def art(name: str) -> Mapping[str, str]:
    """A variant's tile art, code → SVG (:mod:`paisho_core.tileart`); empty for a variant
    without art or an unknown name."""
    found = find(name)
    drawn: Mapping[str, str] | None = _entry(name, "art", found.art if found else None)
    return drawn or {}


def link_coder(name: str) -> Any:
    """A variant's own link coder (:class:`paisho_core.linkcode.ActionCoder`), or
    ``None`` when it has none (the generic code applies)."""
    found = find(name)
    return _entry(name, "link_coder", found.link_coder if found else None)


def setup_rules(name: str) -> SetupRules:
    """The set-up rules of a variant (:mod:`paisho_core.setups`); raise
    :class:`UnknownVariant` for a bad name, or for a variant without set-ups."""
    rules: SetupRules | None = _entry(name, "setups", spec(name).setups)
    if rules is None:
        raise UnknownVariant(msg("{name} has no position set-up", name=quote(name)))
    return rules


def preload(name: str) -> None:
    """Import every entry point of a variant now (the memory snapshot's warm-up, so a
    page imports nothing of the engine after it starts)."""
    found = spec(name)
    for kind in ("game", "computer", "facts", "setups", "link_coder", "art"):
        _entry(name, kind, getattr(found, kind))


_register_all()
