"""The ``demo`` command of the command line: demo links as text.

``python -m paisho_core demo encode FILE.json`` prints the fragment (``#demo=~1…``) of a
demo; ``demo decode FRAGMENT`` prints the demo's JSON; ``demo check FILE.json`` replays
it through the engine and names the first bad step.  ``FILE.json`` is one demo object
with a ``"variant"`` key (what ``decode`` prints), or a library file
(``paisho_core/demos/skud.json``: ``{"variant": …, "demos": [...]}``) — ``--name`` picks
a demo of it; ``check`` checks them all.  Bad input raises a
:class:`~paisho_core.errors.PaiShoError`, which the command line turns into exit status 2
and one line.  :func:`register` adds the command to :mod:`paisho_core.cli`'s parser.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Mapping
from typing import Any

from . import boundedjson, demolink
from .errors import quote, quote_path

Read = Callable[[str], str]


def _demos(args: argparse.Namespace, read: Read) -> list[dict[str, Any]]:
    """The demo objects of ``args.file`` (each with its ``"variant"``), ``--name`` applied."""
    where = "the standard input" if args.file == "-" else f"the file {quote_path(args.file)}"
    try:
        data = boundedjson.loads(read(args.file))
    except boundedjson.BadJSON as error:
        raise demolink.DemoLinkError(f"{where} is not JSON ({error})") from None
    if isinstance(data, Mapping) and isinstance(data.get("demos"), list) and "name" not in data:
        variant = data.get("variant")
        demos = [{"variant": variant, **d} if isinstance(d, Mapping) else d for d in data["demos"]]
    else:
        demos = [data]
    name = getattr(args, "name", None)
    if name is not None:
        demos = [d for d in demos if isinstance(d, Mapping) and d.get("name") == name]
        if not demos:
            raise demolink.DemoLinkError(f"{where} has no demo called {quote(name)}")
    if not demos:
        raise demolink.DemoLinkError(f"{where} holds no demo")
    return demos


def _encode(args: argparse.Namespace, read: Read) -> int:
    """``demo encode``: print the fragment of the one demo of a file."""
    demos = _demos(args, read)
    if len(demos) > 1:
        raise demolink.DemoLinkError(
            f"the file holds {len(demos)} demos: pick one with --name (e.g. --name"
            f" {demos[0].get('name', '…')})"
        )
    print(demolink.fragment(demos[0]))
    return 0


def _decode(args: argparse.Namespace, read: Read) -> int:
    """``demo decode``: print the demo's JSON (every step replayed and checked)."""
    decoded = demolink.decode(args.fragment)
    indent = None if args.compact else 2
    print(json.dumps(decoded.data, ensure_ascii=False, indent=indent))
    return 0


def _check(args: argparse.Namespace, read: Read) -> int:
    """``demo check``: replay every demo of a file; one line per good demo."""
    for data in _demos(args, read):
        demo = demolink.check(data)
        print(f"ok: {demo.name} ({len(demo.steps) - 1} steps)")
    return 0


def register(sub: Any, read: Read) -> None:
    """Add ``demo encode|decode|check`` to the command line's subparsers ``sub``;
    ``read`` reads a file (``-``: stdin) as the other commands do."""
    demo = sub.add_parser("demo", help="make, read or check a demo link (URL fragment)")
    demo_sub = demo.add_subparsers(dest="demo_command", required=True)

    def handler(run: Callable[[argparse.Namespace, Read], int]) -> Callable[..., int]:
        return lambda args: run(args, read)

    encode = demo_sub.add_parser("encode", help="print the #demo=~1… fragment of a demo")
    encode.add_argument("file", help="a demo's JSON file (or a library file), or - for stdin")
    encode.add_argument("--name", default=None, help="the demo to take from a library file")
    encode.set_defaults(func=handler(_encode))
    decode = demo_sub.add_parser("decode", help="print the JSON of a demo link")
    decode.add_argument("fragment", help="a full URL, a #demo=~1… fragment or a bare ~1… payload")
    decode.add_argument("--compact", action="store_true", help="one-line JSON")
    decode.set_defaults(func=handler(_decode))
    check = demo_sub.add_parser("check", help="replay a demo and name its first bad step")
    check.add_argument("file", help="a demo's JSON file (or a library file), or - for stdin")
    check.add_argument("--name", default=None, help="check only this demo of a library file")
    check.set_defaults(func=handler(_check))
