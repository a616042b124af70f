"""How the computer reviews a Skud game: the Hard search (:class:`~.evaluate.SkudPolicy`)
with a win-chance curve fitted on the computer's games against itself.

The constants are the fit printed by ``python3 benchmarks/calibration.py --fit skud.jsonl``
on 80 games (seeds 0 to 79, 300 nodes a position) played by ``nice python3
benchmarks/calibration.py --variant skud --games A:B --out skud.jsonl`` in chunks of ten
(``docs/benchmarks.md``, The computer's review)."""

from __future__ import annotations

from ..analysers import SearchAnalyser, WinCurve

CURVE = WinCurve(scale=32.07, bias=1.43)
"""The search's value for the mover to the mover's win chance."""

ANALYSER = SearchAnalyser(curve=CURVE)
"""Skud's analyser (its spec's ``analyser``)."""
