"""Hostile inputs for the decoders' fuzz tests (Hypothesis strategies), shared by the
engine's decoder fuzz (``tests/engine/test_decoder_fuzz.py``), the CLI-against-page
comparison and the page's decoders run in Pyodide.

Start texts of every variant (mostly its own fields with hostile values, at times a
foreign field, the other kind or any JSON), hostile JSON texts (deep nesting, repeated
keys, huge and non-finite numbers), demo objects and notation.  :data:`MARK` is a
character a long hostile text is made of: a message never repeats 40 of them.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import strategies as st

from paisho_core.registry import variant_names

MARK = "Q"
"""A character a long hostile text is made of: a message never repeats 40 of them."""

# ----------------------------------------------------------------------------- strategies
POINTS = st.sampled_from(["(0,0)", "(0,3)", "(1,1)", "(-4,2)", "(8,0)", "(9,9)", "(0,8)",
                          "(4,-7)", "x", "", "(0,0", "( 0 , 3 )", MARK * 60])
CODES = st.sampled_from(["R3", "R4", "W5", "L", "O", "R", "W", "K", "B", "Ja", "Li", "Ro",
                         "Wh", "D", "A", "S", "P", "Ja*", "?", "", "L*", MARK * 60])
NUMBERS = st.sampled_from([-(10**30), -1, 0, 1, 2, 3, 4, 5, 7, 10, 11, 2**31, 2**64, 10**30])
SCALARS = st.one_of(st.none(), st.booleans(), NUMBERS, st.floats(allow_nan=False, width=32),
                    st.text(max_size=8), st.just(MARK * 60), CODES, POINTS)


def _json_values() -> st.SearchStrategy[Any]:
    return st.recursive(
        SCALARS,
        lambda inner: st.one_of(
            st.lists(inner, max_size=4),
            st.dictionaries(st.one_of(st.text(max_size=6), POINTS), inner, max_size=4),
        ),
        max_leaves=12,
    )


ANY_JSON = _json_values()
GOOD_POINTS = st.builds(lambda x, y: f"({x},{y})", st.integers(-6, 6), st.integers(-6, 6))
OWNED_CODES = ("R3", "R4", "R5", "W3", "W4", "W5", "L", "O", "R", "W", "K", "B", "Ja", "Li",
               "Ro", "Wh", "D")
TILE_TEXTS = st.one_of(
    st.builds(lambda owner, code: owner + code, st.sampled_from("HG"),
              st.sampled_from(OWNED_CODES)),
    st.builds(lambda owner, code: owner + code, st.sampled_from(["H", "G", "", "X"]), CODES),
)
ANCIENT_CODES = st.sampled_from(["Ja", "Li", "Ro", "Wh", "Ch", "Rh", "Lo", "Or", "Kn", "Bo",
                                 "Wl", "Dr", "Ja*", "Ro*", "Kn*"])


def _field(good: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Mostly a value of the field's type (hostile in its range), else any JSON."""
    return st.one_of(good, good, good, good, ANY_JSON)


def _board(values: st.SearchStrategy[str]) -> st.SearchStrategy[dict[str, str]]:
    return st.dictionaries(st.one_of(GOOD_POINTS, GOOD_POINTS, POINTS), values, max_size=8)


RESERVE = st.dictionaries(st.one_of(st.sampled_from(OWNED_CODES), CODES),
                          st.one_of(NUMBERS, st.integers(0, 4)), max_size=5)
HANDS = st.lists(st.lists(st.one_of(ANCIENT_CODES, CODES), max_size=6).map(" ".join),
                 min_size=2, max_size=4) | st.lists(st.text(max_size=3), max_size=6)
OWNED = {
    "tiles": _field(_board(TILE_TEXTS)),
    "to_move": _field(st.sampled_from(["host", "guest", "Host", ""])),
    "reserves": _field(st.dictionaries(st.sampled_from(["host", "guest", "host", "nobody"]),
                                       _field(RESERVE), max_size=2)),
}
FIELDS: dict[str, dict[str, st.SearchStrategy[Any]]] = {
    "skud": OWNED,
    "wiki": {**OWNED, "unmoved": _field(st.lists(st.one_of(GOOD_POINTS, POINTS), max_size=3))},
    "ancient": {
        "board": _field(_board(st.one_of(ANCIENT_CODES, CODES))),
        "hands": _field(HANDS),
        "seat": _field(st.one_of(NUMBERS, st.integers(-1, 4))),
        "target": _field(st.one_of(NUMBERS, st.integers(0, 12))),
        "pile": _field(st.lists(st.one_of(ANCIENT_CODES, CODES), max_size=8).map(" ".join)),
    },
}
FOREIGN = st.dictionaries(st.sampled_from(["turns", "moves", "tiles", "seat", MARK * 60]),
                          SCALARS, max_size=1)
BAGS = st.text(alphabet="ABDSKPLx", max_size=40)


@st.composite
def starts_for(draw: st.DrawFn, variant: str) -> Any:
    """A start of ``variant``: mostly its own kind and fields (hostile values), at times
    a foreign field, the other kind or any JSON."""
    kind = draw(st.sampled_from(["own"] * 6 + ["foreign", "json"]))
    if kind == "json":
        return draw(ANY_JSON)
    if variant == "balance":
        bag = draw(_field(BAGS))
        return {"bag": bag} if kind == "own" else {"setup": {"bag": bag}}
    fields = draw(st.fixed_dictionaries({}, optional=FIELDS[variant]))
    if kind == "foreign":
        fields.update(draw(FOREIGN))
        return draw(st.sampled_from([{"setup": fields}, {"bag": draw(BAGS)}]))
    return {"setup": fields}


STARTS = st.one_of([starts_for(v) for v in ("skud", "wiki", "ancient", "balance")])
HOSTILE_TEXTS = st.one_of(
    st.builds(lambda n, c: c * n, st.integers(1, 3000), st.sampled_from(["[", "{", '{"a":'])),
    st.just('{"setup":{"tiles":{},"tiles":{}}}'),
    st.just('{"bag":' + "9" * 500 + "}"),
    st.just('{"bag":1e999}'),
    st.just('{"bag":NaN}'),
    st.text(max_size=30),
)
VARIANTS = st.sampled_from(variant_names())


def start_texts(variant: str) -> st.SearchStrategy[str]:
    """Start texts for ``variant``: its starts as JSON, or hostile text."""
    return st.one_of(starts_for(variant).map(json.dumps), starts_for(variant).map(json.dumps),
                     HOSTILE_TEXTS)


VARIANT_AND_START = VARIANTS.flatmap(lambda v: st.tuples(st.just(v), start_texts(v)))


STEPS = st.lists(
    st.fixed_dictionaries(
        {"action": st.one_of(st.sampled_from(["R3(0,-8)", "(0,3)", "x", ""]), ANY_JSON),
         "caption": st.one_of(st.text(max_size=10), ANY_JSON)},
        optional={"highlight": st.one_of(st.lists(POINTS, max_size=3), ANY_JSON),
                  "refused": st.one_of(st.lists(st.text(max_size=8), max_size=2), ANY_JSON)},
    ),
    max_size=3,
)
DEMOS = st.fixed_dictionaries(
    {"variant": st.one_of(VARIANTS, ANY_JSON)},
    optional={
        "name": st.one_of(st.sampled_from(["skud-x", "wiki-x", "balance-x", "ancient-x"]),
                          ANY_JSON),
        "title": st.one_of(st.text(max_size=10), ANY_JSON),
        "caption": st.one_of(st.text(max_size=10), ANY_JSON),
        "start": st.one_of(STARTS, st.builds(lambda m: {"moves": m}, st.text(max_size=20))),
        "steps": st.one_of(STEPS, ANY_JSON),
        "options": st.one_of(st.lists(st.text(max_size=10), max_size=2), ANY_JSON),
        "seed": st.one_of(NUMBERS, ANY_JSON),
        "outcome": st.one_of(st.sampled_from(["harmony-ring", "x"]), ANY_JSON),
        "rules": st.one_of(st.lists(st.text(max_size=8), max_size=2), ANY_JSON),
        "highlight": st.one_of(st.lists(POINTS, max_size=3), ANY_JSON),
    },
)
DEMO_TEXTS = st.one_of(DEMOS.map(lambda d: json.dumps(d)), HOSTILE_TEXTS)


NOTATION = st.one_of(
    st.text(alphabet="0123456789HG.;,()-+_RWKBLOJaiohDSP*@ \n", max_size=60),
    st.builds(lambda head, tail: head + MARK * 60 + tail,
              st.sampled_from(["", "1H.", "R3", "(0,0)", "1. ", "Ja(0,1)"]),
              st.sampled_from(["", ";", " ", ";R3(0,-8)"])),
)
