"""A spec that takes a link id already taken (Skud's): the registry refuses it."""

from __future__ import annotations

from dataclasses import replace

from toyvariant.spec import SPEC as TOY

SPEC = replace(TOY, info=replace(TOY.info, name="clash"), link_id=0)
