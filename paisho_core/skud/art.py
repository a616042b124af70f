"""Skud Pai Sho's tile art (:mod:`paisho_core.tileart`): numbered red and white flowers,
the accent tiles, the White Lotus and the Orchid."""

from __future__ import annotations

from ..tileart import BOAT, KNOTWEED, ROCK, WHEEL, WHITE_LOTUS, face, flower, petals

ORCHID = (
    face("#6a2c86", stroke="#00000033")
    + petals(3, "#e3c6f0", 6.5, 3.8, 6.2)
    + '<g transform="rotate(180)">'
    + petals(2, "#c79bdc", 5.5, 3, 4.6)
    + "</g>"
    + '<circle cx="0" cy="1" r="2.6" fill="#f7dc6f"/>'
)
"""The Orchid: violet petals."""

ART: dict[str, str] = {
    "R": ROCK,
    "W": WHEEL,
    "K": KNOTWEED,
    "B": BOAT,
    "L": WHITE_LOTUS,
    "O": ORCHID,
    **{code: flower("red" if code[0] == "R" else "white", code[1])
       for code in ("R3", "R4", "R5", "W3", "W4", "W5")},
}
"""Each tile code's art."""
