"""Wiki Pai Sho's tile art (:mod:`paisho_core.tileart`): Skud's flower faces with
two-letter codes, Skud's non-flowers and White Lotus, and a White Dragon (a pale face
with a blue-grey flame)."""

from __future__ import annotations

from ..tileart import BOAT, DRAGON, KNOTWEED, ROCK, WHEEL, WHITE_LOTUS, flower

WHITE_DRAGON = (
    DRAGON.replace("#b8321f", "#eef2f5").replace("#ffb703", "#5d7f99")
    .replace("#fff3c4", "#dfe9f0")
)
"""The White Dragon: the Dragon's flame in blue-grey on a pale face."""

ART: dict[str, str] = {
    **{code: flower("white" if code in ("Ja", "Li", "WJ") else "red", code)
       for code in ("Ja", "Li", "WJ", "Ro", "Ch", "Rh")},
    "K": KNOTWEED,
    "W": WHEEL,
    "B": BOAT,
    "R": ROCK,
    "L": WHITE_LOTUS,
    "D": WHITE_DRAGON,
}
"""Each tile code's art."""
