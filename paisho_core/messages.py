"""Messages for a player: an English template and its parameters, translated by the page.

The engine knows no page wording and no language, yet its refusals (an illegal move, a
bad link, a bad start) and the computer's explanations reach players in their own
language.  So what it says is a :class:`Message`: an English template with ``{name}``
placeholders (the message id: a page's catalog translates the template) and the values
that fill them (a ply number, a move's notation, a ruling's anchor, or a nested
:class:`Message`, such as a reason inside "move {number} is not legal: {reason}").
``str()`` of a message is its English text, which the CLI and the tests read.

Templates are written with :func:`msg` (or :func:`msgn`, whose wording depends on a
number), which Babel extracts into the page's catalog (``babel.cfg``); a word from a
table (a tile's name, a player's name) is a :func:`term`, translated in its context
(``pgettext``).  :func:`text` keeps an already-written English
string as it is (never translated; e.g. a quoted input).  A message travels through JSON
(the search worker's explanations) as :meth:`Message.to_json` / :func:`from_json`.

Pure; no dependencies.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Union

Param = Union[str, int, "Message"]
"""A parameter: text or a number shown as it is, or a message translated in its turn."""


@dataclass(frozen=True, slots=True)
class Message:
    """An English ``template`` (the message id), its ``params``, and how to read it.

    ``context`` is set for a :func:`term` (``"tile"``, ``"player"``): the template is a
    word translated in that context.  ``literal`` marks text that is shown as it is.
    ``plural`` is the English plural template of a message made by :func:`msgn`, whose
    form ``number`` chooses (a translation has as many forms as its language: Russian
    three)."""

    template: str
    params: tuple[tuple[str, Param], ...] = ()
    context: str | None = None
    literal: bool = False
    plural: str | None = None
    number: int = 0

    def __str__(self) -> str:
        return self.render(english)

    def render(self, translate: Callable[[Message], str]) -> str:
        """The text with ``translate(message)`` giving each (nested) template's wording;
        a literal is never passed to ``translate``."""
        if self.literal:
            return self.template
        wording = translate(self)
        if not self.params:
            return wording
        values = {
            name: value.render(translate) if isinstance(value, Message) else str(value)
            for name, value in self.params
        }
        try:
            return wording.format(**values)
        except (KeyError, IndexError, ValueError):  # a bad translation: the English
            return self.template.format(**values)

    @property
    def args(self) -> Mapping[str, Param]:
        """The parameters by name."""
        return dict(self.params)

    def to_json(self) -> object:
        """The message as JSON data (plain text for a literal); :func:`from_json` reads it."""
        if self.literal:
            return self.template
        data: dict[str, object] = {"t": self.template}
        if self.params:
            data["p"] = {name: _param_json(value) for name, value in self.params}
        if self.context is not None:
            data["c"] = self.context
        if self.plural is not None:
            data["pl"] = self.plural
            data["n"] = self.number
        return data


def english(message: Message) -> str:
    """A message's own (English) template: its plural form when its number asks for it."""
    if message.plural is not None and message.number != 1:
        return message.plural
    return message.template


def _param_json(value: Param) -> object:
    """A parameter as JSON: a nested literal is marked, so it does not read as a string."""
    if isinstance(value, Message):
        return {"t": value.template, "l": 1} if value.literal else value.to_json()
    return value


def msg(template: str, /, **params: Param) -> Message:
    """A message with an English ``template`` (extracted for translation) and its
    parameters, e.g. ``msg("move {number} is not legal: {reason}", number=3, reason=…)``."""
    return Message(template, tuple(params.items()))


def msgn(singular: str, plural: str, number: int, /, **params: Param) -> Message:
    """A message whose wording depends on ``number`` (extracted with both English forms),
    e.g. ``msgn("{count} harmony", "{count} harmonies", n, count=n)``."""
    return Message(singular, tuple(params.items()), plural=plural, number=number)


def term(context: str, word: str) -> Message:
    """A word from a table (a tile's or a player's name) translated in ``context``."""
    return Message(word, (), context)


def text(value: str) -> Message:
    """English text shown as it is (not translated): a quoted input, older wording."""
    return Message(value, (), None, True)


def as_message(value: str | Message) -> Message:
    """``value`` as a message (a plain string is a :func:`text`)."""
    return value if isinstance(value, Message) else text(value)


def from_json(data: object) -> Message:
    """A message from :meth:`Message.to_json` data; anything else becomes its text."""
    if isinstance(data, str):
        return text(data)
    if not isinstance(data, dict) or not isinstance(data.get("t"), str):
        return text(str(data))
    if data.get("l"):
        return text(data["t"])
    raw = data.get("p")
    params: list[tuple[str, Param]] = []
    if isinstance(raw, dict):
        for name, value in raw.items():
            if isinstance(value, (dict, str)) and not isinstance(value, bool):
                params.append((str(name), from_json(value) if isinstance(value, dict) else value))
            elif isinstance(value, int) and not isinstance(value, bool):
                params.append((str(name), value))
    context = data.get("c")
    plural, number = data.get("pl"), data.get("n")
    return Message(
        data["t"], tuple(params), context if isinstance(context, str) else None,
        plural=plural if isinstance(plural, str) else None,
        number=number if isinstance(number, int) and not isinstance(number, bool) else 0,
    )
