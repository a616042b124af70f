"""Toy Pai Sho's tile art: a grey Stone (the shared Rock) and a red Flower."""

from __future__ import annotations

from paisho_core.tileart import ROCK, flower

ART: dict[str, str] = {"S": ROCK, "F": flower("red", "F")}
"""Each tile code's art."""
