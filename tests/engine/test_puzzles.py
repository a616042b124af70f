"""Puzzles: generated reproducibly, proved unique by an exhaustive search, re-proved.

Every shipped puzzle is proved again here (a proof searches one position: a few
milliseconds each), but for Ancient's, whose proofs search 8,000 to 20,000 whole turns
each: a deterministic sample of :data:`ANCIENT_SAMPLE` of them (``puzzle check`` proves
every one); ``benchmarks/puzzles.py`` times ``puzzle check`` on every file.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from paisho_core.cli import main
from paisho_core.puzzles import get_puzzle, kinds, library, parse_file, puzzles
from paisho_core.puzzles.check import check_puzzle
from paisho_core.puzzles.errors import PuzzleError, UnknownPuzzle
from paisho_core.puzzles.generate import generate
from paisho_core.puzzles.model import PuzzleFile, puzzle_game
from paisho_core.puzzles.proof import prove

MINIMUM = {"skud": 150, "wiki": 80, "balance": 40, "ancient": 30}
ANCIENT_SAMPLE = 8


def proved_here() -> list[str]:
    """Every shipped puzzle's id, Ancient's a sample spread over the sorted ids."""
    ids = sorted(puzzles())
    ancient = [i for i in ids if i.startswith("ancient-")]
    step = max(1, len(ancient) // ANCIENT_SAMPLE)
    return [i for i in ids if not i.startswith("ancient-")] + ancient[::step][:ANCIENT_SAMPLE]


@pytest.mark.parametrize("ident", proved_here())
def test_a_shipped_puzzle_is_proved_again(ident: str) -> None:
    puzzle = get_puzzle(ident)
    proof = check_puzzle(puzzle)
    assert proof.solution == puzzle.actions
    game = puzzle_game(puzzle)
    assert game.to_move is not None and game.outcome() is None


def test_every_variant_declares_kinds_and_the_shipped_files_read() -> None:
    for variant in MINIMUM:
        assert kinds(variant), variant
        assert len(library()[variant].puzzles) >= MINIMUM[variant], variant
    for variant, found in library().items():
        assert found.commands and all("puzzle generate" in c for c in found.commands)
        assert {p.kind for p in found.puzzles} <= set(kinds(variant))
        assert len({p.id for p in found.puzzles}) == len(found.puzzles)


def test_generation_is_reproducible_from_the_seed() -> None:
    first = [p.to_json() for p in generate("balance", 2, 7)]
    again = [p.to_json() for p in generate("balance", 2, 7)]
    assert first == again and len(first) == 2
    for raw in first:
        assert check_puzzle(parse_file(json.dumps({"variant": "balance", "puzzles": [raw]}))
                            .puzzles[0]).solution == tuple(raw["actions"])


def test_a_balance_puzzle_has_one_best_placement() -> None:
    puzzle = next(iter(generate("balance", 1, 3)))
    game = puzzle_game(puzzle)
    proof = prove(game, kinds("balance")["best-final"])
    assert proof is not None and proof.solution == puzzle.actions
    assert len(game.legal_actions()) >= 2  # a choice, and only one keeps the best (balance-r3)


def test_a_changed_solution_is_named_by_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzle = next(iter(generate("balance", 1, 3)))
    raw = puzzle.to_json()
    game = puzzle_game(puzzle)
    other = next(game.format_action(a) for a in game.legal_actions()
                 if game.format_action(a) != puzzle.actions[0])
    raw["actions"] = [other]
    path = tmp_path / "bad.json"
    good = puzzle.to_json()
    good["id"] = "balance-00000000"
    path.write_text(json.dumps({"variant": "balance", "puzzles": [good, raw]}), encoding="utf-8")
    assert main(["puzzle", "check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and puzzle.id in err


def test_unknown_ids_and_bad_files_are_refused() -> None:
    with pytest.raises(UnknownPuzzle, match="no puzzle called 'nope'"):
        get_puzzle("nope")
    with pytest.raises(PuzzleError, match="not valid JSON"):
        parse_file("{")
    with pytest.raises(PuzzleError, match="'variant'"):
        parse_file('{"variant": "chess", "puzzles": []}')


def test_puzzle_list_json_gives_start_links_and_solutions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    if not puzzles():
        pytest.skip("no shipped puzzles")
    assert main(["puzzle", "list", "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(puzzles())
    first = json.loads(lines[0])
    assert {"id", "variant", "kind", "start", "solution"} <= set(first)
    assert first["start"].startswith("#3")
    status = main(["legal", "--start", first["start"]])
    assert status == 0
    assert capsys.readouterr().out.strip()


@pytest.mark.parametrize("variant", sorted(library()))
def test_the_file_text_reads_back(variant: str) -> None:
    shipped = library()[variant].puzzles[:5]
    text = PuzzleFile(variant, ("c",), shipped).to_text()
    assert parse_file(text).puzzles == shipped


def test_a_variant_without_puzzle_kinds_has_no_puzzles() -> None:
    from toy_helpers import TOY, toy_registered

    with toy_registered():
        assert kinds(TOY) == {}
        assert list(generate(TOY, 3, 1)) == []
        assert TOY not in library() or not library()[TOY].puzzles
