"""Command line: ``python -m paisho_core replay|legal|hint|analyse|link|demo|lesson|puzzle …``.

``replay`` reads a whole game in a variant's notation and prints one JSON object;
``legal`` lists the legal actions after some moves; ``hint`` prints the computer's
choice at a level (``--level easy|medium|hard``, ``--explain`` for its value, expected
line and reasoning; for Balance, the solver's best point: it never peeks at the bag);
``analyse`` the computer's review of a whole game (:mod:`paisho_core.analysis`); ``link``
encodes and decodes shareable links.  Bad or illegal input exits with
status 2 and one line naming the ply and the rule (quoting at most ~80 characters of
the input); input that is not UTF-8 text is refused the same way.  ``--lenient`` reads
records from the reference site as it does and lists what it set aside.  ``--start``
(``replay``, ``legal``, ``hint``, ``link encode``) plays the moves from a set-up
position instead of the variant's own start: a link fragment (``#3…``, as the Studio's
Play and a puzzle's ``start`` give it; the link's own moves come first) or a set-up's
JSON text (``{"setup": {…}}``, :mod:`paisho_core.starts`).  ``link decode`` prints
a set-up game's ``start`` text, so ``link encode --start`` makes the link again.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence

from .ai import LEVELS
from .analysis import DEFAULT_NODES
from .democli import register as register_demo
from .errors import InvalidMove, PaiShoError, quote, quote_path
from .lessons.cli import register as register_lesson
from .plies import joined
from .protocol import Game
from .puzzles.cli import register as register_puzzle
from .registry import default_variant, get_variant, variant_names

MAX_INPUT = 1_000_000
"""Longest input read from a file or stdin (bytes)."""


class BadInput(PaiShoError):
    """Input that is not text at all (binary, not UTF-8, or far too long)."""


def _decode(data: bytes, what: str) -> str:
    """``data`` as UTF-8 text (a BOM is dropped); :class:`BadInput` if it is not text."""
    if len(data) > MAX_INPUT:
        raise BadInput(f"{what} is too long: more than {MAX_INPUT} bytes")
    if b"\0" in data:
        raise BadInput(f"{what} is not text (it holds a NUL byte): give a game in notation")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise BadInput(
            f"{what} is not UTF-8 text (byte 0x{data[error.start]:02x} at offset"
            f" {error.start}): give a game in notation"
        ) from None


def _read(source: str) -> str:
    """The text of a file, or of stdin for ``-``; :class:`BadInput` if it is not text."""
    if source == "-":
        return _decode(sys.stdin.buffer.read(MAX_INPUT + 1), "the standard input")
    with open(source, "rb") as handle:
        return _decode(handle.read(MAX_INPUT + 1), f"the file {quote_path(source)}")


def _moves(args: argparse.Namespace) -> str:
    """The ``--moves`` text; :class:`BadInput` if the shell passed bytes that are not UTF-8."""
    text = str(args.moves or "")
    try:
        data = text.encode("utf-8")  # undecodable argv bytes arrive as lone surrogates
    except UnicodeEncodeError as error:
        raise BadInput(
            f"--moves is not UTF-8 text (a byte that is not UTF-8 at offset {error.start})"
        ) from None
    return _decode(data, "--moves").strip()


def _start_game(args: argparse.Namespace, start: str) -> Game:  # type: ignore[type-arg]
    """The game ``--start`` names: a link's game (its variant wins over ``--variant``
    unless they differ: then :class:`InvalidMove`) or a set-up's JSON text."""
    from . import starts
    from .link import decode

    text = start.strip()
    if text.startswith("{"):
        return starts.build(args.variant or default_variant(), text, _options(args), args.seed)
    decoded = decode(text)
    if args.variant is not None and args.variant != decoded.variant:
        raise InvalidMove(f"--start is a {decoded.variant} game, not {args.variant}")
    if args.option or args.seed is not None or args.players is not None:
        raise InvalidMove("--start is a link: it holds its own options, seed and players")
    return decoded.game


def _game(args: argparse.Namespace, text: str) -> tuple[Game, list[str]]:  # type: ignore[type-arg]
    """Replay ``text`` (strictly, or as the reference site reads it with ``--lenient``):
    its plies separated by ``;`` or line breaks, as the page reads them; from
    ``--start`` when given."""
    text = joined(text)
    start = getattr(args, "start", None)
    if start is not None:
        if getattr(args, "lenient", False):
            raise InvalidMove("--lenient reads whole records: it cannot start from --start")
        game = _start_game(args, start)
        if text.strip():
            game.play_text(text)
        return game, []
    cls = get_variant(args.variant or default_variant())
    if getattr(args, "lenient", False):
        game, notes = cls.from_text_lenient(text, _options(args), args.seed)
        return game, list(notes)
    return cls.replay_text(text, _options(args), args.seed, args.players), []


def _print_notes(notes: list[str]) -> None:
    for note in notes:
        print(f"note: {note}", file=sys.stderr)


def _options(args: argparse.Namespace) -> list[str]:
    out: list[str] = []
    for item in args.option or []:
        out.extend(part.strip() for part in item.split(",") if part.strip())
    return out


def game_json(game: Game, viewer: int | None = None) -> dict[str, object]:  # type: ignore[type-arg]
    """The JSON summary that ``replay`` prints for a game.

    With ``viewer`` (a seat index), ``hands`` shows that seat's hand and only the sizes
    of the others' (``{"?": n}``), for variants with hidden hands (Ancient).
    """
    names = game.players
    outcome = game.outcome()
    result: dict[str, object] = {
        "variant": game.info.name,
        "options": sorted(game.options),
        "seed": game.seed,
        "plies": game.plies,
        "to_move": None if game.to_move is None else names[game.to_move],
        "outcome": None,
        "board": [
            {"point": str(t.point), "tile": t.code}
            | ({"owner": names[t.owner]} if t.owner is not None else {})
            | ({"flags": sorted(t.flags)} if t.flags else {})
            for t in game.board_tiles()
        ],
        "harmonies": [
            {"points": [str(a), str(b)], "owner": names[owner]}
            for a, b, owner in game.harmony_lines()
        ],
        "notation": game.to_text(),
    }
    if outcome is not None:
        summary: dict[str, object] = {
            "winners": [names[w] for w in outcome.winners],
            "reason": outcome.reason,
            "draw": outcome.is_draw(len(names)),
        }
        if outcome.score is not None:
            summary["score"] = outcome.score
        if outcome.result is not None:
            summary["result"] = outcome.result
        result["outcome"] = summary
    result.update(game.extra_json())
    if viewer is not None:
        result["viewer"] = names[viewer]
        result["hands"] = {names[s]: r for s, r in enumerate(game.reserves(viewer))}
    return result


def _viewer(args: argparse.Namespace, game: Game) -> int | None:  # type: ignore[type-arg]
    """The seat of ``--viewer`` (``P2`` or ``2``, counted from 1), or None."""
    text = getattr(args, "viewer", None)
    if text is None:
        return None
    names = game.players
    wanted = text.strip()
    for seat, name in enumerate(names):
        if wanted.lower() == name.lower() or wanted == str(seat + 1):
            return seat
    raise InvalidMove(
        f"no seat {quote(text)} to view from (seats: {', '.join(names)}, or 1 to {len(names)})"
    )


def _replay(args: argparse.Namespace) -> int:
    game, notes = _game(args, _read(args.file))
    data = game_json(game, _viewer(args, game))
    data["set_aside"] = notes
    print(json.dumps(data, indent=None if args.compact else 2))
    return 0


def _legal(args: argparse.Namespace) -> int:
    game, notes = _game(args, _moves(args))
    _print_notes(notes)
    actions = game.legal_actions()
    for text in sorted(game.format_entry(a) for a in actions):
        print(text)
    print(f"{len(actions)} legal")
    return 0


def _link_encode(args: argparse.Namespace) -> int:
    """``link encode``: print the fragment (``#…``) of a game given in notation."""
    from .link import fragment_for

    game, notes = _game(args, _read(args.file))
    _print_notes(notes)
    print(fragment_for(game, args.view))
    return 0


def _link_decode(args: argparse.Namespace) -> int:
    """``link decode``: print a link's variant, options, seed and game in notation.

    Plain text by default (``key: value`` lines, the notation last); ``--json`` prints
    one JSON object.  A bad link raises :class:`InvalidLink`: exit 2 with its message.
    """
    from . import starts
    from .link import decode

    decoded = decode(args.fragment)
    game = decoded.game
    data: dict[str, object] = {
        "variant": decoded.variant,
        "options": sorted(game.options),
        "seed": game.seed,
        "actions": len(game.history),
        "view_ply": decoded.view_ply,
        "resigned": None if game.resigned is None else game.players[game.resigned],
        "start": starts.of(game) or None,
    }
    if game.info.min_players != game.info.max_players:
        data["players"] = len(game.players)
    data["notation"] = game.to_text()
    if args.json:
        print(json.dumps(data))
        return 0
    data["options"] = ",".join(sorted(game.options)) or None
    for key, value in data.items():
        print(f"{key}: {'none' if value is None else value}")
    return 0


def _hint(args: argparse.Namespace) -> int:
    """``hint``: the computer's choice at a level; ``--explain`` adds its reasoning."""
    from .ai import analyse  # lazy: the search is only needed here

    game, notes = _game(args, _moves(args))
    _print_notes(notes)
    if game.to_move is None:
        print("error: the game is over: there is nothing to hint", file=sys.stderr)
        return 2
    result = analyse(game, seed=args.hint_seed, level=args.level, max_nodes=args.nodes,
                     explain=args.explain)
    print(game.format_action(result.action))
    if args.explain:
        mover = game.players[game.to_move].capitalize()
        print(f"level: {result.level}")
        if result.value is not None:
            print(f"value for the {mover}: {round(result.value):+d} (searched {result.depth} "
                  f"plies, {result.nodes} positions)")
            print(f"expected line: {' '.join(result.line)}")
        for note in result.explanation:
            print(str(note))  # the English
    return 0


def _analyse(args: argparse.Namespace) -> int:
    """``analyse``: every position of the game evaluated and every move judged, as JSON."""
    from .analysis import analyse_game  # lazy: the search is only needed here

    if args.nodes < 1:
        raise InvalidMove(f"--nodes must be at least 1, not {args.nodes}")
    game, notes = _game(args, _read(args.file))
    _print_notes(notes)
    review = analyse_game(game, args.nodes, _viewer(args, game))
    print(json.dumps(review.to_json(), indent=None if args.compact else 2))
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (subcommands ``replay`` and ``legal``)."""
    parser = argparse.ArgumentParser(prog="python -m paisho_core", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--variant", default=None, choices=variant_names(),
                       help=f"the game (default: {default_variant()}; a --start link's own)")
        p.add_argument("--seed", type=int, default=None, help="seed (variants with randomness)")
        p.add_argument(
            "--option", action="append", help="a game option (repeat, or a,b; target=5,hand=7)"
        )
        p.add_argument("--players", type=int, default=None, help="number of seats (Ancient)")
        p.add_argument(
            "--lenient",
            action="store_true",
            help="read a record from the reference site as it does: a bonus written where"
            " none can be taken is set aside (and listed) instead of refused",
        )
        p.add_argument(
            "--start", default=None,
            help="start from a set-up: a link fragment ('#3…', a puzzle's start; its moves"
            " come first) or the set-up's JSON text ('{\"setup\": …}')",
        )

    replay = sub.add_parser("replay", help="replay a game and print it as JSON")
    common(replay)
    replay.add_argument("file", help="file with the game in notation, or - for stdin")
    replay.add_argument("--compact", action="store_true", help="one-line JSON")
    replay.add_argument(
        "--viewer", default=None, help="show the hands as this seat sees them (P2 or 2)"
    )
    replay.set_defaults(func=_replay)

    legal = sub.add_parser("legal", help="list the legal actions after some moves")
    common(legal)
    legal.add_argument(
        "--moves",
        default="",
        help="the moves so far, in notation; a move without '+' took no bonus, a trailing"
        " '+' (…-(2,-5)+) lists the Harmony Bonus options",
    )
    legal.set_defaults(func=_legal)

    hint = sub.add_parser(
        "hint",
        help="the computer's choice for the player to move (Balance: the solver's best point)",
    )
    common(hint)
    hint.add_argument("--moves", default="", help="the moves so far, in notation")
    hint.add_argument("--hint-seed", type=int, default=0, help="the computer's own seed")
    hint.add_argument("--level", default="hard", choices=LEVELS,
                      help="the computer's level (default: hard)")
    hint.add_argument("--nodes", type=int, default=None,
                      help="hard's node budget (default: the page's)")
    hint.add_argument("--explain", action="store_true",
                      help="also print the value, the expected line and why")
    hint.set_defaults(func=_hint)

    analyse = sub.add_parser(
        "analyse", help="the computer's review of a game: win chance, judged moves, summary"
    )
    common(analyse)
    analyse.add_argument("file", help="file with the game in notation, or - for stdin")
    analyse.add_argument("--nodes", type=int, default=DEFAULT_NODES,
                         help=f"search budget per position (default {DEFAULT_NODES})")
    analyse.add_argument("--viewer", default=None,
                         help="hidden hands: review as this seat sees the game (default P1)")
    analyse.add_argument("--compact", action="store_true", help="one-line JSON")
    analyse.set_defaults(func=_analyse)

    link = sub.add_parser("link", help="make or read a shareable link (URL fragment)")
    link_sub = link.add_subparsers(dest="link_command", required=True)
    link_encode = link_sub.add_parser("encode", help="print the #fragment of a game")
    common(link_encode)
    link_encode.add_argument("file", help="file with the game in notation, or - for stdin")
    link_encode.add_argument("--view", type=int, default=None, help="open the link at ply N")
    link_encode.set_defaults(func=_link_encode)
    link_decode = link_sub.add_parser(
        "decode", help="print the variant, options, seed and game of a link"
    )
    link_decode.add_argument("fragment", help="a full URL, a #fragment or a bare payload")
    link_decode.add_argument("--json", action="store_true", help="one JSON object")
    link_decode.set_defaults(func=_link_decode)
    register_demo(sub, _read)
    register_lesson(sub, _read)
    register_puzzle(sub, _read, variant_names())
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (2 on bad or illegal input)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.func(args)
    except PaiShoError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader stopped reading (``… | head``): nothing to say
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # so that the exit's flush cannot fail again
        return 1
    except OSError as error:  # a file that cannot be read: name it, briefly
        where = f"{quote_path(str(error.filename))}: " if error.filename is not None else ""
        print(f"error: cannot read {where}{error.strerror or error}", file=sys.stderr)
        return 2
    return status
