"""Ancient Pai Sho's tile art (:mod:`paisho_core.tileart`): tiles have no owner; a
flower shows its colour and how it moves (3, ¬, 5)."""

from __future__ import annotations

from ..tileart import BOAT, DRAGON, KNOTWEED, WHEEL, WHITE_LOTUS, face, flower

COIN = (
    face("#b08d3a", stroke="#00000055")
    + '<circle cx="0" cy="0" r="9.5" fill="none" stroke="#6b5218" stroke-width="1.2"/>'
    + '<rect x="-3.2" y="-3.2" width="6.4" height="6.4" fill="#3b2a1a"/>'
)
"""The Coin (earth): a bronze coin with a square hole."""

ART: dict[str, str] = {
    "Ja": flower("white", "3"),
    "Li": flower("white", "¬"),
    "WJ": flower("white", "5"),
    "Ro": flower("red", "3"),
    "Ch": flower("red", "¬"),
    "Rh": flower("red", "5"),
    "W": WHEEL,
    "B": BOAT,
    "K": KNOTWEED,
    "L": WHITE_LOTUS,
    "D": DRAGON,
    "C": COIN,
}
"""Each tile code's art."""
