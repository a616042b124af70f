"""Share a game's tree of moves as a link: the main line as a game link, then its side
lines and comments in a checksummed extension, every move replayed and checked.

A tree (:class:`~paisho_core.gametree.GameTree` of a registered variant's games, its
root the game's start) is written as ``<payload>~<extension>``: ``<payload>`` is exactly
the link :func:`paisho_core.link.encode` writes for the main line (so
:func:`paisho_core.link.decode` opens the main line of any tree link, and a tree without
side lines or comments, viewed on its main line, is written as that link alone, byte for
byte); ``~`` is :data:`paisho_core.link.EXTENSION_MARK`.  Every variant can be shared
this way, set-up starts (link version 3) and seeded games (Ancient) included, since the
extension only adds actions to positions the main line's link already builds.

Format of the extension (version 1)
-----------------------------------
``extension = version + digits``: ``version`` is one character, ``"1"``
(:data:`EXTENSION_VERSION`; any other is refused, so a later format can take another);
``digits`` are one natural number ``N`` in the link alphabet
(:data:`paisho_core.link.ALPHABET`, most significant first, no leading ``A`` unless
``N`` = 0), ``N = M·2**24 + crc24(payload + "~" + version + bytes(M))``: the checksum
(:func:`paisho_core.link.crc24`) covers the main payload too, so an extension moved onto
another game, or any change of either part, fails it.  ``M`` is a mixed-radix number
read from its least significant end, as in :mod:`paisho_core.link` (*varint(b)* as
there).

*Lines.*  Line 0 is the main line: the root, then the first child of each node.  Every
other child of a node starts a *side line*: that child, then the first child of each
node after it.  Side lines are numbered 1, 2, … in the order the writer meets them: for
each line in order, the side lines that branch from its nodes, by where they branch,
then by their order among the node's children.  A node is named by ``(line, offset)``:
the main line's nodes have offsets 0 (the root) to its length; a side line's, 1 (its
first move) to its length.

In read order:

1. the number of side lines ``V``, varint(3), at most :data:`MAX_VARIATIONS`;
2. for each side line ``v`` = 1 … ``V``: its parent line, radix ``v`` (an earlier
   line); the node it branches from, an offset of the parent line that has a next move
   (main line: radix = its length, digit = the offset; a side line: radix = its length
   − 1, digit = the offset − 1); its number of moves ``n``, varint(4) of ``n − 1``.  A
   side line's first move is a new child of that node: it is never a move the node
   already has.  The side lines hold at most :data:`MAX_VARIATION_ACTIONS` moves in all,
   and no node lies deeper than :data:`MAX_DEPTH` moves;
3. the number of comments ``K``, varint(4); then each comment, in (line, offset) order,
   each node at most once: its line, radix ``V + 1``; its offset (main line: radix =
   length + 1; a side line: radix = length, digit = offset − 1); the length of its UTF-8
   text in bytes less one, varint(6); those bytes, each radix 256.  The text must be
   exactly as :func:`paisho_core.gametree.clean_comment` keeps it; all comments hold at
   most :data:`MAX_COMMENT_BYTES` bytes;
4. the view: radix 2, 1 when the link opens on a side line's node, then that node's
   line (radix ``V + 1``) and offset (as a comment's); a view on the main line is the
   main link's own view ply (its view is then none here, and the other way round);
5. every side line's moves, line 1 first, each move written by the variant's action
   coder (:mod:`paisho_core.linkcode`, as version 2 of a game link) from the position
   it is played in;

and ``M`` must then be 0.  The whole extension is at most :data:`MAX_EXTENSION`
characters.  Every failure is an :class:`~paisho_core.errors.InvalidLink` whose message
says what is wrong in plain words and quotes nothing of the link.

What the page calls
-------------------
* :func:`encode_tree` ``(tree, resigned=None, view=None)`` → the payload, and
  :func:`fragment_for_tree` → ``"#…"``;
* :func:`decode_tree` ``(text)`` → :class:`DecodedTree` (the tree, every side line
  replayed; the main line's game; the path to open; the variant), or
  :func:`side_lines` ``(text, game)`` when the main line's game is decoded already;
* :func:`tree_of` ``(game)``: a tree holding a game's moves as its main line.
"""

from __future__ import annotations

import base64
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from . import link, starts
from .errors import InvalidLink, PaiShoError
from .gametree import BadComment, GameTree, Path, clean_comment
from .linkcode import GameOver, NotLegal, coder_for
from .messages import Message, msg
from .protocol import Game

AnyGame = Game[Any]
Tree = GameTree[Any, AnyGame]

EXTENSION_VERSION = "1"
"""The version character that starts every extension this module writes."""

MAX_EXTENSION = 16_000
"""Longest extension (characters after ``~``) that :func:`decode_tree` reads."""
MAX_VARIATIONS = 200
"""Most side lines in a link."""
MAX_VARIATION_ACTIONS = 2_000
"""Most moves in all the side lines of a link together."""
MAX_DEPTH = link.MAX_ACTIONS
"""Most moves from the start to any node of a linked tree."""
MAX_COMMENT_BYTES = 8_000
"""Most bytes (UTF-8) of all the comments of a link together."""

_CHECK_BITS = 24
_DIGITS = frozenset(link.ALPHABET)

_DAMAGED = msg(
    "the link is damaged or incomplete (its checksum does not match): copy the whole link again"
)


@dataclass(frozen=True)
class DecodedTree:
    """A decoded tree link: the tree, its main line's game, where to open it, the
    variant."""

    tree: Tree
    """Every move, every side line replayed and checked, comments set; the root is the
    game's start.  Positions are the tree's own (copy one before changing it)."""
    game: AnyGame
    """The main line's game as :func:`paisho_core.link.decode` gives it (its
    resignation, if any, included): the live game to play on."""
    view: Path | None
    """The path of the node to open (``None``: the main line's last position)."""
    variant: str
    """The variant's short name (as in the registry)."""


# ----------------------------------------------------------------------------- digits
def _to_digits(value: int) -> str:
    if value == 0:
        return link.ALPHABET[0]
    size = (value.bit_length() + 7) // 8
    size += (-size) % 3
    text = base64.urlsafe_b64encode(value.to_bytes(size, "big")).decode("ascii")
    return text.lstrip(link.ALPHABET[0]) or link.ALPHABET[0]


def _from_digits(text: str) -> int:
    padded = link.ALPHABET[0] * ((-len(text)) % 4) + text
    return int.from_bytes(base64.urlsafe_b64decode(padded), "big")


def _checksum(main: str, version: str, body: int) -> int:
    data = f"{main}{link.EXTENSION_MARK}{version}".encode("ascii")
    return link.crc24(data + body.to_bytes((body.bit_length() + 7) // 8, "big"))


Fields = list[tuple[int, int]]


def _put_uint(out: Fields, value: int, bits: int) -> None:
    mask = (1 << bits) - 1
    while True:
        group = value & mask
        value >>= bits
        out.append((group << 1 | (1 if value else 0), 1 << (bits + 1)))
        if not value:
            return


def _pack(fields: Fields) -> int:
    value = 0
    for digit, radix in reversed(fields):
        value = value * radix + digit
    return value


class _Reader:
    """Takes digits off the extension's number, least significant first."""

    def __init__(self, value: int) -> None:
        self.value = value

    def take(self, radix: int) -> int:
        if radix <= 1:
            return 0
        self.value, digit = divmod(self.value, radix)
        return digit

    def uint(self, bits: int, limit: int, what: Message) -> int:
        """A varint(bits) of at most ``limit`` (larger or badly formed: damaged)."""
        value = shift = 0
        while True:
            digit = self.take(1 << (bits + 1))
            group, more = digit >> 1, digit & 1
            value |= group << shift
            shift += bits
            if value > limit:
                raise InvalidLink(msg("the link is damaged ({what} too large)", what=what))
            if not more:
                if group == 0 and shift > bits:
                    raise InvalidLink(msg("the link is damaged (badly formed {what})", what=what))
                return value


def _damaged(why: Message) -> InvalidLink:
    return InvalidLink(msg("the link's side lines are damaged ({why})", why=why))


def _cannot(why: Message) -> InvalidLink:
    return InvalidLink(msg("cannot make a link: {why}", why=why))


# ----------------------------------------------------------------------------- lines
@dataclass
class _Line:
    """One line of a tree: its parent line and offset there, and its nodes' paths
    (``paths[0]`` the node it branches from; ``paths[k]`` after its ``k``-th move)."""

    parent: int
    offset: int
    paths: list[Path]

    @property
    def first_own(self) -> int:
        """The first offset this line names (0: the main line's root, else 1)."""
        return 0 if self.parent < 0 else 1


def _lines(tree: Tree) -> list[_Line]:
    """The tree's lines in link order (the module's docstring)."""
    out = [_Line(-1, 0, _follow(tree, ()))]
    index = 0
    while index < len(out):
        line = out[index]
        for offset in range(line.first_own, len(line.paths) - 1):
            path = line.paths[offset]
            for child in range(1, len(tree.node(path).children)):
                out.append(_Line(index, offset, [path, *_follow(tree, (*path, child))]))
        index += 1
    return out


def _follow(tree: Tree, path: Path) -> list[Path]:
    """``path`` and the paths of its main continuation."""
    out = [path]
    node = tree.node(path)
    while node.children:
        node = node.children[0]
        out.append((*out[-1], 0))
    return out


def _offset_field(line: _Line, offset: int) -> tuple[int, int]:
    """A node's offset as a ``(digit, radix)`` (the module's docstring)."""
    return offset - line.first_own, len(line.paths) - line.first_own


# ----------------------------------------------------------------------------- encode
def tree_of(game: AnyGame) -> Tree:
    """A tree whose main line is ``game``'s moves: its root the game's start, its last
    node's position a copy of ``game`` (unless the game was resigned: then computed when
    asked, like the others)."""
    tree: Tree = GameTree(starts.fresh(game))
    path: Path = ()
    last = len(game.history) - 1
    for index, action in enumerate(game.history):
        known = game.copy() if index == last and game.resigned is None else None
        path = tree.add(path, action, known)
    return tree


def encode_tree(
    tree: Tree, resigned: int | None = None, view: Sequence[int] | None = None
) -> str:
    """The link payload of ``tree`` (no ``#``): its main line's game link, with the
    extension when the tree has side lines or comments or ``view`` is on a side line.

    ``resigned`` is the player who resigned at the end of the main line, if any;
    ``view`` the path of the node to open (``None``: the main line's last position).
    Raises :class:`InvalidLink` for a tree that cannot be shared: its root is not the
    start of a game, a move is not legal, a bound is passed, or as
    :func:`paisho_core.link.encode` does.
    """
    root = tree.position(())
    if root.history:
        raise _cannot(msg("the tree does not start at the start of the game"))
    lines = _lines(tree)
    main = lines[0]
    game = tree.position(main.paths[-1])
    if resigned is not None:
        game = game.copy()
        try:
            game.resign(resigned)
        except PaiShoError as error:
            raise _cannot(error.message) from None
    view_path = tuple(view) if view is not None else None
    if view_path is not None and not tree.has(view_path):
        raise _cannot(msg("the view is not a node of the tree"))
    on_main = view_path is None or all(index == 0 for index in view_path)
    payload = link.encode(game, len(view_path) if view_path is not None and on_main else None)
    comments = tree.comments()
    if len(lines) == 1 and not comments and on_main:
        return payload
    if len(lines) - 1 > MAX_VARIATIONS:
        raise _cannot(msg("the tree has {count} side lines (a link holds at most {limit})",
                          count=len(lines) - 1, limit=MAX_VARIATIONS))
    fields: Fields = []
    _put_uint(fields, len(lines) - 1, 3)
    total = 0
    for number, line in enumerate(lines[1:], 1):
        parent = lines[line.parent]
        moves = len(line.paths) - 1
        total += moves
        if total > MAX_VARIATION_ACTIONS or len(line.paths[-1]) > MAX_DEPTH:
            raise _cannot(msg(
                "the side lines are too long (a link holds at most {limit} moves in side"
                " lines, and {depth} from the start)",
                limit=MAX_VARIATION_ACTIONS, depth=MAX_DEPTH,
            ))
        fields.append((line.parent, number))
        digit, radix = _offset_field(parent, line.offset)
        fields.append((digit, radix - 1))  # the last node of a line has no next move
        _put_uint(fields, moves - 1, 4)
    where = {path: (number, offset) for number, line in enumerate(lines)
             for offset, path in enumerate(line.paths) if offset >= line.first_own}
    _put_uint(fields, len(comments), 4)
    size = 0
    for number, offset, text in sorted((*where[path], text) for path, text in comments):
        data = text.encode("utf-8")
        size += len(data)
        if size > MAX_COMMENT_BYTES:
            raise _cannot(msg("the comments are too long (a link holds at most {limit} bytes)",
                              limit=MAX_COMMENT_BYTES))
        fields.append((number, len(lines)))
        fields.append(_offset_field(lines[number], offset))
        _put_uint(fields, len(data) - 1, 6)
        fields.extend((byte, 256) for byte in data)
    if on_main:
        fields.append((0, 2))
    else:
        assert view_path is not None
        number, offset = where[view_path]
        fields.extend([(1, 2), (number, len(lines)), _offset_field(lines[number], offset)])
    for number, line in enumerate(lines[1:], 1):
        fields.extend(_line_digits(tree, number, line))
    body = _pack(fields)
    number_ = (body << _CHECK_BITS) | _checksum(payload, EXTENSION_VERSION, body)
    extension = EXTENSION_VERSION + _to_digits(number_)
    if len(extension) > MAX_EXTENSION:
        raise _cannot(msg("the side lines and comments are too long for a link"))
    return f"{payload}{link.EXTENSION_MARK}{extension}"


def _line_digits(tree: Tree, number: int, line: _Line) -> Fields:
    """The action code of a side line's moves, each from the position it is played in."""
    game = tree.position(line.paths[0]).copy()
    coder = coder_for(type(game))
    out: Fields = []
    for move, path in enumerate(line.paths[1:], 1):
        action = tree.node(path).action
        try:
            out.extend(coder.write(game, action))
            game.apply(action)
        except (NotLegal, PaiShoError):
            raise _cannot(msg(
                "move {move} of side line {line} ({text}) is not legal where it is played",
                move=move, line=number, text=game.format_action(action),
            )) from None
    return out


def fragment_for_tree(
    tree: Tree, resigned: int | None = None, view: Sequence[int] | None = None
) -> str:
    """``"#" + encode_tree(tree, resigned, view)``: the fragment for the address bar."""
    return "#" + encode_tree(tree, resigned, view)


# ----------------------------------------------------------------------------- decode
def decode_tree(text: str) -> DecodedTree:
    """Decode a link (full URL, ``#fragment`` or payload), with or without side lines,
    replaying every move of every line; :class:`InvalidLink` on any problem."""
    if not isinstance(text, str):
        raise InvalidLink(msg("the link is not text"))
    main, extension = link.split_extension(text)
    body: int | None = None
    if extension is not None:
        body = _extension_body(main, extension)
    decoded = link.decode(main)
    game = decoded.game
    view: Path | None = None if decoded.view_ply is None else (0,) * decoded.view_ply
    if body is None:
        return DecodedTree(tree_of(game), game, view, decoded.variant)
    tree, ext_view = _read_extension(body, game)
    if ext_view is not None:
        if view is not None:
            raise _damaged(msg("two views"))
        view = ext_view
    return DecodedTree(tree, game, view, decoded.variant)


def side_lines(text: str, game: AnyGame) -> tuple[Tree, Path | None] | None:
    """The tree of the link ``text`` whose main line ``game`` was already decoded from
    it (by :func:`paisho_core.link.decode`: nothing is replayed twice), and the path its
    extension opens on (``None``: the main link's own view); ``None`` when ``text`` has
    no extension.  :class:`InvalidLink` as :func:`decode_tree` raises it."""
    if not isinstance(text, str):
        raise InvalidLink(msg("the link is not text"))
    main, extension = link.split_extension(text)
    if extension is None:
        return None
    return _read_extension(_extension_body(main, extension), game)


def _extension_body(main: str, extension: str) -> int:
    """The extension's number ``M``, its framing and checksum checked."""
    if not extension:
        raise InvalidLink(msg("the link is incomplete: its side lines are cut short"))
    if len(extension) > MAX_EXTENSION:
        raise InvalidLink(msg(
            "the link's side lines are too long: {length} characters (at most {limit})",
            length=len(extension), limit=MAX_EXTENSION,
        ))
    version, digits = extension[0], extension[1:]
    if version != EXTENSION_VERSION:
        raise InvalidLink(msg(
            "unknown format of the link's side lines: this app reads version {version}"
            " (the link may come from a newer app, or be damaged)",
            version=EXTENSION_VERSION,
        ))
    if not digits or any(char not in _DIGITS for char in digits):
        raise InvalidLink(_DAMAGED)
    if len(digits) > 1 and digits[0] == link.ALPHABET[0]:
        raise InvalidLink(_DAMAGED)
    if not main.isascii():
        raise InvalidLink(_DAMAGED)
    number = _from_digits(digits)
    body = number >> _CHECK_BITS
    if number & ((1 << _CHECK_BITS) - 1) != _checksum(main, version, body):
        raise InvalidLink(_DAMAGED)
    return body


@dataclass
class _Shape:
    """A side line as the extension's structure gives it, before its moves are read."""

    parent: int
    offset: int
    moves: int


def _read_extension(body: int, game: AnyGame) -> tuple[Tree, Path | None]:
    """The tree of ``game``'s main line and the extension ``body``; the view it gives."""
    reader = _Reader(body)
    main_moves = len(game.history)
    count = reader.uint(3, MAX_VARIATIONS, msg("number of side lines"))
    shapes: list[_Shape] = []
    sizes = [main_moves + 1]  # each line's number of nodes, its branch node included
    depths = [0]  # the depth of each line's branch node
    total = 0
    for number in range(1, count + 1):
        parent = reader.take(number)
        own = 0 if parent == 0 else 1
        radix = sizes[parent] - own - 1
        if radix < 1:
            raise _damaged(msg("a side line branches where no move follows"))
        offset = reader.take(radix) + own
        moves = reader.uint(4, MAX_VARIATION_ACTIONS, msg("number of moves")) + 1
        total += moves
        depth = depths[parent] + offset
        if total > MAX_VARIATION_ACTIONS or depth + moves > MAX_DEPTH:
            raise InvalidLink(msg(
                "the link's side lines are too long (at most {limit} moves in all, and"
                " {depth} from the start)", limit=MAX_VARIATION_ACTIONS, depth=MAX_DEPTH,
            ))
        shapes.append(_Shape(parent, offset, moves))
        sizes.append(moves + 1)
        depths.append(depth)

    def node_at() -> tuple[int, int]:
        line = reader.take(count + 1)
        own = 0 if line == 0 else 1
        return line, reader.take(sizes[line] - own) + own

    comments: dict[tuple[int, int], str] = {}
    budget = MAX_COMMENT_BYTES
    for _ in range(reader.uint(4, MAX_COMMENT_BYTES, msg("number of comments"))):
        where = node_at()
        size = reader.uint(6, MAX_COMMENT_BYTES, msg("comment")) + 1
        budget -= size
        if budget < 0:
            raise InvalidLink(msg("the link is damaged ({what} too large)", what=msg("comment")))
        data = bytes(reader.take(256) for _ in range(size))
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = ""
        try:
            kept = clean_comment(text)
        except BadComment:
            kept = ""
        if not text or kept != text or where in comments:
            raise _damaged(msg("a comment is not as this app writes it"))
        comments[where] = text
    view = node_at() if reader.take(2) else None

    # the moves: the main line's (from the game link), then each side line's, read
    wanted: list[set[int]] = [set() for _ in range(count + 1)]
    for shape in shapes:
        wanted[shape.parent].add(shape.offset)
    start = starts.fresh(game)
    tree: Tree = GameTree(start.copy())
    paths: list[list[Path]] = [[()]]
    replay = start
    for index, action in enumerate(game.history, 1):
        replay.apply(action)
        last = index == main_moves
        known = replay if last else replay.copy() if index in wanted[0] else None
        paths[0].append(tree.add(paths[0][-1], action, known))
    coder = coder_for(type(game))
    for number, shape in enumerate(shapes, 1):
        branch = paths[shape.parent][shape.offset]
        play = tree.position(branch).copy()
        line = [branch]
        for move in range(1, shape.moves + 1):
            try:
                action = coder.read(play, reader.take)
            except GameOver:
                raise InvalidLink(_side_move(number, move, msg("the game is over"))) from None
            except NotLegal as error:
                raise InvalidLink(_side_move(number, move, error.message)) from None
            try:
                coder.play(play, action)
            except PaiShoError as error:
                raise InvalidLink(_side_move(number, move, error.message)) from None
            except Exception as error:  # an engine bug must not become a stack trace
                raise InvalidLink(_side_move(number, move, msg(
                    "internal error: {error}", error=type(error).__name__))) from None
            before = tree.node(line[-1])
            children = len(before.children)
            last = move == shape.moves
            known = play if last else play.copy() if move in wanted[number] else None
            line.append(tree.add(line[-1], action, known))
            if len(before.children) == children:
                raise _damaged(msg("a side line repeats a move"))
        paths.append(line)
    if reader.value:
        raise InvalidLink(msg("the link is damaged (unexpected data after the moves)"))
    for (number, offset), text in comments.items():
        tree.set_comment(paths[number][offset], text)
    return tree, (None if view is None else paths[view[0]][view[1]])


def _side_move(line: int, move: int, reason: Message) -> Message:
    """Move ``move`` of side line ``line`` is not legal, and why."""
    return msg("move {move} of side line {line} is not legal: {reason}",
               move=move, line=line, reason=reason)
