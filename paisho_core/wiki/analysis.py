"""How the computer reviews a Wiki game: the Hard search (:class:`~.policy.WikiPolicy`)
with a win-chance curve fitted on the computer's games against itself.

The constants are the fit printed by ``python3 benchmarks/calibration.py --fit wiki.jsonl``
on 80 games (seeds 0 to 79, 300 nodes a position) played by ``nice python3
benchmarks/calibration.py --variant wiki --games A:B --out wiki.jsonl`` in chunks of ten
(``docs/benchmarks.md``, The computer's review)."""

from __future__ import annotations

from ..analysers import SearchAnalyser, WinCurve

CURVE = WinCurve(scale=4.62, bias=0.24)
"""The search's value for the mover to the mover's win chance."""

ANALYSER = SearchAnalyser(curve=CURVE)
"""Wiki's analyser (its spec's ``analyser``)."""
