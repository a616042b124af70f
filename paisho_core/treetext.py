"""A game's tree of moves as notation text, and reading it back, every move checked.

The text is the game's record as :meth:`~paisho_core.protocol.Game.to_text` writes it,
with side lines and comments put in:

* the **main line** is the record of the main line's game: its plies joined by ``;``
  (a resignation at its end is written as the variant's record writes one);
* a **side line** is written in parentheses right after the ply it replaces, ``( … )``:
  its plies as the record of that line's game writes them from there, joined by ``;``,
  with side lines of its own nested in it the same way;
* a **comment** is written in braces right after the ply it belongs to, ``{ … }``; a
  comment on the start position comes first, before any ply.  In a comment ``\\``,
  ``{`` and ``}`` are written ``\\\\``, ``\\{`` and ``\\}`` (and a ``^`` that begins it
  ``\\^``); any other ``\\`` stands for itself.

For example (Skud): ``0H.R,W,K,B;0G.R,W,K,B {both the same};1G.R3(0,-8)
(1G.W3(0,-8);1H.W3(0,8) {the mirror});1H.R3(0,8)``: the main line's third ply has a side
line of two plies, whose last has a comment.  :func:`write_tree` puts one space before
each ``(`` and ``{`` it writes after a ply, so a text without them is the record itself.

Plies and the tree's nodes
--------------------------
The tree (:class:`~paisho_core.gametree.GameTree`) has a node per *action*; a ply of the
record may hold several (Skud's Arrange and its Harmony Bonus).  Which actions make a
ply is the game's own word: an action starts a new ply exactly when it adds one to
:attr:`~paisho_core.protocol.Game.plies`.  So a side line always replaces a *whole* ply:
one that branches between two actions of a ply (another Harmony Bonus after the same
Arrange) is written from that ply's start, its first ply repeating the shared actions;
reading it adds its actions with :meth:`~paisho_core.gametree.GameTree.add`, which
follows the moves the tree already has, so the tree comes back the same.  A comment
belongs to a ply's last node; a comment on an earlier node of the ply starts ``^N``
and a space, ``N`` being how many actions before the ply's last it is
(``{^1 before the bonus}``).

Reading
-------
:func:`read_tree` reads from a start position (a new game or a set-up start, with no
moves yet).  A text without braces and without side lines is read exactly as the
variant reads a record (:func:`paisho_core.starts.replay`: ``from_text``, or the set-up's
``play_text``), every error the same.  Otherwise each ply is played by
:meth:`~paisho_core.protocol.Game.play_text` from the position it is played in, and an
error names the ply (its number in the game, and whether it is in a side line) and
quotes it briefly, keeping the engine's type: :class:`~paisho_core.errors.InvalidMove`
for text that is not notation, or not well formed (a side line not closed, a comment
where none may be), :class:`~paisho_core.errors.IllegalMove` for a move the rules
forbid.  A ``(`` that starts a point ``(x,y)`` (spaces allowed) is part of a ply; any
other ``(`` opens a side line and any other ``)`` closes one; ``;`` and line breaks
separate plies outside comments.  A side line may not be empty, nor end with a
resignation; nothing follows a resignation.  Older records that number their first ply
as an older writer did are read only without side lines and comments.

Bounds: at most :data:`MAX_TEXT` characters, :data:`MAX_PLIES` plies,
:data:`MAX_VARIATIONS` side lines and side lines nested :data:`MAX_NESTING` deep, so a
hostile text is refused quickly.  Pure; standard library only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from . import starts
from .errors import IllegalMove, InvalidMove, PaiShoError, quote
from .gametree import BadComment, GameTree, Path, clean_comment
from .messages import Message, msg
from .plies import split_plies
from .protocol import Game

AnyGame = Game[Any]
Tree = GameTree[Any, AnyGame]

MAX_TEXT = 200_000
"""Longest text :func:`read_tree` reads (characters)."""
MAX_PLIES = 5_000
"""Most plies in a text, every line counted."""
MAX_VARIATIONS = 1_000
"""Most side lines in a text."""
MAX_NESTING = 64
"""Deepest nesting of side lines in a text."""

_TOKEN = re.compile(
    r"""(?P<comment>\{(?:[^\\{}]|\\.)*\})
      | (?P<point>\([ \t]*[+-]?\d+[ \t]*,[ \t]*[+-]?\d+[ \t]*\))
      | (?P<sep>[;\r\n])
      | (?P<open>\()
      | (?P<close>\))
      | (?P<brace>[{}])
      | (?P<text>[^;\r\n(){}]+)""",
    re.S | re.X,
)
_OFFSET = re.compile(r"\^(\d{1,4}) ")
_ESCAPED = re.compile(r"\\([\\{}^])")


@dataclass(frozen=True)
class ReadTree:
    """What :func:`read_tree` read: the tree, and who resigned at the end of its main
    line (``None``: nobody)."""

    tree: Tree
    resigned: int | None


# ----------------------------------------------------------------------------- writing
def escape(comment: str) -> str:
    """A comment as it is written between braces (the module's docstring)."""
    out = comment.replace("\\", "\\\\").replace("{", "\\{").replace("}", "\\}")
    return "\\" + out if out.startswith("^") else out


def write_tree(tree: Tree, resigned: int | None = None) -> str:
    """The text of ``tree`` (the module's docstring); ``resigned`` is the player who
    resigned at the end of the main line, if any.  Raises
    :class:`~paisho_core.errors.PaiShoError` only for a tree whose moves do not replay
    (a move that is not legal where it stands)."""
    out: list[str] = []
    root = tree.node(()).comment
    if root:
        out.append(f"{{{escape(root)}}}")
    work: list[str | Line] = [main_line(tree, resigned)]
    while work:
        item = work.pop()
        if isinstance(item, str):
            out.append(item)
        else:
            work.extend(reversed(_line_items(tree, item)))
    if root and len(out) > 1:
        out[0] += " "
    return "".join(out)


@dataclass(frozen=True)
class Line:
    """A line of the tree as its plies are read (:func:`line_plies`): the path of its
    last node, the depth where it starts (a ply's start), the depth of its first own
    node (its branch node's child; 0 for the main line: every node) and the main line's
    resignation."""

    leaf: Path
    start: int
    own: int
    resigned: int | None = None


@dataclass(frozen=True)
class Ply:
    """One ply of a line: its text as the record writes it, the path of the node it
    ends on, its nodes' comments (``(N, text)``: ``N`` actions before the ply's last)
    and the side lines that replace it."""

    text: str
    path: Path
    comments: tuple[tuple[int, str], ...]
    lines: tuple[Line, ...]


def main_line(tree: Tree, resigned: int | None = None) -> Line:
    """The tree's main line (``resigned``: who resigned at its end, if anyone)."""
    return Line(tree.main_line(), 0, 0, resigned)


def line_plies(tree: Tree, line: Line) -> tuple[list[Ply], str]:
    """The plies of ``line``, and the text of its resignation (``""``: none).

    Raises :class:`~paisho_core.errors.IllegalMove` for a move that is not legal where
    it stands and :class:`~paisho_core.errors.PaiShoError` when the record does not
    follow the moves."""
    leaf, own = line.leaf, line.own
    game = tree.position(leaf[: line.start]).copy()
    before = len(split_plies(game.to_text()))
    plies = game.plies
    groups: list[list[int]] = []  # the depths of each ply's nodes
    for depth in range(line.start + 1, len(leaf) + 1):
        action = tree.node(leaf[:depth]).action
        try:
            game.apply(action)
        except PaiShoError as error:
            raise IllegalMove(msg("move {number} is not legal: {reason}",
                                  number=depth, reason=error.message)) from None
        if game.plies > plies or not groups:
            groups.append([depth])
        else:
            groups[-1].append(depth)
        plies = game.plies
    if line.resigned is not None:
        game.resign(line.resigned)
    texts = split_plies(game.to_text())[before:]
    if not len(groups) <= len(texts) <= len(groups) + (line.resigned is not None):
        raise PaiShoError(msg("the game's record does not follow its moves"))
    out: list[Ply] = []
    for number, group in enumerate(groups):
        last = group[-1]
        comments = tuple(
            (last - depth, tree.node(leaf[:depth]).comment) for depth in group
            if depth >= own and tree.node(leaf[:depth]).comment
        )
        lines: list[Line] = []
        for parent in range(group[0] - 1, last):
            if parent < own:
                continue
            node = tree.node(leaf[:parent])
            for child in range(len(node.children)):
                if parent < len(leaf) and child == leaf[parent]:
                    continue
                branch = tree.main_line((*leaf[:parent], child))
                lines.append(Line(branch, group[0] - 1, parent + 1))
        out.append(Ply(texts[number], leaf[:last], comments, tuple(lines)))
    return out, (texts[-1] if len(texts) > len(groups) else "")


def _line_items(tree: Tree, line: Line) -> list[str | Line]:
    """A line's plies as text, each followed by its comments and the side lines that
    replace it."""
    plies, resignation = line_plies(tree, line)
    items: list[str | Line] = []
    for number, ply in enumerate(plies):
        if number:
            items.append(";")
        items.append(ply.text)
        for offset, comment in ply.comments:
            items.append(f" {{{f'^{offset} ' if offset else ''}{escape(comment)}}}")
        for side in ply.lines:
            items.extend([" (", side, ")"])
    if resignation:
        items.extend([";" if plies else "", resignation])
    return items


# ----------------------------------------------------------------------------- reading
@dataclass
class _Frame:
    """A line being read: where it stands, its last ply and the next ply's number."""

    end: Path
    number: int
    side: bool
    last: tuple[Path, Path, int, int] | None = None
    """The last ply read: its start node, its end node, its number of actions, its
    number in the game."""
    resigned: bool = False
    plies: int = 0


@dataclass
class _Reading:
    """The state of one :func:`read_tree`."""

    tree: Tree
    stack: list[_Frame]
    resigned: int | None = None
    plies: int = 0
    variations: int = 0
    commented: set[Path] = field(default_factory=set)


def _tokens(text: str) -> Iterator[tuple[str, str]]:
    """``(kind, text)``: ``ply``, ``comment`` (the text between the braces), ``open``,
    ``close``; a stray brace raises."""
    buffer: list[str] = []
    for match in _TOKEN.finditer(text):
        kind = match.lastgroup
        value = match.group()
        if kind in ("text", "point"):
            buffer.append(value)
            continue
        ply = "".join(buffer).strip()
        buffer.clear()
        if ply:
            yield "ply", ply
        if kind == "comment":
            yield "comment", value[1:-1]
        elif kind in ("open", "close"):
            yield str(kind), value
        elif kind == "brace":
            if value == "}":
                raise InvalidMove(msg("a '}}' closes no comment"))
            raise InvalidMove(msg(
                "a comment is not closed, or holds a brace not written '\\{{' or '\\}}'"
            ))
    ply = "".join(buffer).strip()
    if ply:
        yield "ply", ply


def read_tree(start: AnyGame, text: str) -> ReadTree:
    """Read ``text`` (the module's docstring) from ``start``, a game with no moves (kept
    as given): the tree, every move checked, and the main line's resignation."""
    if not isinstance(text, str):
        raise InvalidMove(msg("the game text is not text"))
    if start.history:
        raise InvalidMove(msg("a tree of moves is read from the start of a game"))
    if len(text) > MAX_TEXT:
        raise InvalidMove(msg("the game text is too long: {length} characters (at most {limit})",
                              length=len(text), limit=MAX_TEXT))
    tokens = list(_tokens(text))
    if all(kind == "ply" for kind, _ in tokens):
        return _read_record(start, text)
    first = len(split_plies(start.to_text())) + 1
    reading = _Reading(GameTree(start.copy()), [_Frame((), first, False)])
    for kind, value in tokens:
        if kind == "ply":
            _ply(reading, value)
        elif kind == "comment":
            _comment(reading, value)
        elif kind == "open":
            _open(reading)
        else:
            _close(reading)
    if len(reading.stack) > 1:
        raise InvalidMove(msg("a side line is not closed: a ')' is missing"))
    return ReadTree(reading.tree, reading.resigned)


def _read_record(start: AnyGame, text: str) -> ReadTree:
    """A text without side lines or comments, read as the variant reads a record."""
    info = start.info
    players = len(start.players) if info.min_players != info.max_players else None
    game = starts.replay(info.name, starts.of(start), text, start.options, start.seed, players)
    tree: Tree = GameTree(start.copy())
    path: Path = ()
    last = len(game.history) - 1
    for index, action in enumerate(game.history):
        known = game if index == last and game.resigned is None else None
        path = tree.add(path, action, known)
    return ReadTree(tree, game.resigned)


def _where(frame: _Frame, number: int, text: str) -> Message:
    """How an error names a ply: its number in the game, its line, a short quote."""
    if frame.side:
        return msg("ply {ply} of a side line ({text})", ply=number, text=quote(text))
    return msg("ply {ply} ({text})", ply=number, text=quote(text))


def _ply(reading: _Reading, text: str) -> None:
    """Play one ply at the end of the innermost line and add its actions to the tree."""
    frame = reading.stack[-1]
    where = _where(frame, frame.number, text)
    if frame.resigned:
        raise IllegalMove(msg("ply {ply}: moves after a resignation", ply=frame.number))
    reading.plies += 1
    if reading.plies > MAX_PLIES:
        raise InvalidMove(msg("the game text has too many plies (at most {limit})",
                              limit=MAX_PLIES))
    game = reading.tree.position(frame.end).copy()
    done = len(game.history)
    try:
        game.play_text(text)
    except PaiShoError as error:
        kind = type(error) if isinstance(error, (InvalidMove, IllegalMove)) else IllegalMove
        raise kind(msg("{where}: {reason}", where=where, reason=error.message)) from None
    except Exception as error:  # an engine bug must not become a stack trace
        raise IllegalMove(msg("{where}: internal error: {error}", where=where,
                              error=type(error).__name__)) from None
    actions = game.history[done:]
    if game.resigned is not None:
        if frame.side:
            raise IllegalMove(msg("{where}: a side line cannot end with a resignation",
                                  where=where))
        if actions:  # pragma: no cover - a record's resignation is a ply of its own
            raise IllegalMove(msg("ply {ply}: moves after a resignation", ply=frame.number))
        frame.resigned = True
        reading.resigned = game.resigned
        return
    if not actions:
        raise InvalidMove(msg("{where}: the ply plays no move", where=where))
    path = frame.end
    for index, action in enumerate(actions, 1):
        path = reading.tree.add(path, action, game if index == len(actions) else None)
    frame.last = (frame.end, path, len(actions), frame.number)
    frame.end = path
    frame.number += 1
    frame.plies += 1


def _comment(reading: _Reading, raw: str) -> None:
    """Put a comment on the node it belongs to (the module's docstring)."""
    frame = reading.stack[-1]
    offset = 0
    found = _OFFSET.match(raw)
    if found is not None:
        offset, raw = int(found.group(1)), raw[found.end():]
    elif raw.startswith("^"):
        raise InvalidMove(msg(
            "a comment that starts with '^' names an earlier action of its ply, e.g."
            " '{{^1 …}}' (write '\\^' for the sign itself)"
        ))
    if frame.resigned:
        raise InvalidMove(msg("a comment after a resignation: nothing follows a resignation"))
    if frame.last is None:
        if frame.side:
            raise InvalidMove(msg("a comment in a side line goes after one of its plies"))
        target: Path = frame.end
        if offset:
            raise InvalidMove(msg("a comment before the first ply belongs to the start"))
        where = msg("the start")
    else:
        _, end, actions, number = frame.last
        where = msg("ply {ply}", ply=number)
        if offset >= actions:
            raise InvalidMove(msg(
                "the comment after {where} names an action {offset} before the ply's"
                " last, but the ply has {count}",
                where=where, offset=offset, count=actions,
            ))
        target = end[: len(end) - offset]
    try:
        text = clean_comment(_ESCAPED.sub(r"\1", raw))
    except BadComment as error:
        raise InvalidMove(msg("the comment after {where}: {reason}", where=where,
                              reason=error.message)) from None
    if not text:
        return
    if target in reading.commented:
        raise InvalidMove(msg("{where} has two comments", where=where))
    reading.commented.add(target)
    reading.tree.set_comment(target, text)


def _open(reading: _Reading) -> None:
    """Start a side line replacing the innermost line's last ply."""
    frame = reading.stack[-1]
    if frame.resigned:
        raise InvalidMove(msg("a side line cannot replace a resignation"))
    if frame.last is None:
        raise InvalidMove(msg("a side line must come right after the ply it replaces"))
    if len(reading.stack) > MAX_NESTING:
        raise InvalidMove(msg("side lines are nested too deep (at most {limit})",
                              limit=MAX_NESTING))
    reading.variations += 1
    if reading.variations > MAX_VARIATIONS:
        raise InvalidMove(msg("the game text has too many side lines (at most {limit})",
                              limit=MAX_VARIATIONS))
    start, _, _, number = frame.last
    reading.stack.append(_Frame(start, number, True))


def _close(reading: _Reading) -> None:
    """End the innermost side line."""
    if len(reading.stack) == 1:
        raise InvalidMove(msg("a ')' closes no side line"))
    frame = reading.stack.pop()
    if not frame.plies:
        raise InvalidMove(msg("a side line holds no ply"))
