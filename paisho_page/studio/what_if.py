"""The Studio's “if instead” box (``studio.html``): pure logic for the page.

At a step after the start the author may add an alternative (at most
:data:`paisho_core.demos.MAX_ALTERNATIVES`), or open one the step has to step through
or go on writing it; while one is written (:attr:`paisho_page.studio.demo.Draft.branch`)
the box says which, and offers the way back to the demo and deleting it.
:func:`items` are the open buttons (captions as text), :func:`writes` the rest;
``site/studio_page.py`` carries them out.
"""

from __future__ import annotations

from paisho_core.demos import MAX_ALTERNATIVES
from paisho_page.base.dom_writes import Write, disabled, hidden, text
from paisho_page.base.elements import Element
from paisho_page.studio.editor import Studio
from paisho_page.words.authored import neutral
from paisho_page.words.i18n import _

TITLE, LIST = "studio-alts-title", "studio-alts-list"
"""The box's sentence and its list of the shown step's alternatives."""
ADD, DONE, DELETE = "studio-alt-add", "studio-alt-done", "studio-alt-delete"
"""Its buttons: add one to the shown step, back to the demo, delete the one written."""


def _short(caption: str) -> str:
    """An alternative's caption as its button shows it (its first 60 characters)."""
    words = neutral(caption).strip()
    return words if len(words) <= 60 else words[:59] + "…"


def items(studio: Studio) -> list[Element]:
    """The shown step's alternatives, each a button that opens it (``data-alt``: its
    index); none while one is written."""
    draft = studio.draft
    if draft.branch is not None:
        return []
    return [
        Element("li", children=(Element(
            "button",
            _("“If instead” {number}: {caption}").format(
                number=number + 1, caption=_short(alt.caption) or _("(no caption)")),
            "studio-alt-open",
            attrs=(("data-alt", str(number)),),
            props=(("type", "button"),),
        ),))
        for number, alt in enumerate(draft.steps[draft.at].alternatives)
    ]


def caption_label(studio: Studio) -> str:
    """The caption field's label: of a step of the demo, of an alternative's step, or of
    an alternative's introduction (the reader's label for it)."""
    draft = studio.draft
    if draft.branch is None:
        return _("Caption of step {number}").format(number=draft.at)
    alt = draft.branch[1] + 1
    if draft.at == 0:
        return _("Introduction of “if instead” {alt} (the reader's label for it)").format(alt=alt)
    return _("Caption of step {number} of “if instead” {alt}").format(number=draft.at, alt=alt)


def writes(studio: Studio) -> tuple[Write, ...]:
    """The box's sentence and buttons; the refused moves' field is off on an
    alternative's introduction (it shows no move)."""
    draft = studio.draft
    if draft.branch is None:
        count = len(draft.steps[draft.at].alternatives)
        title = (_("Step {number}: what could have been played instead?").format(number=draft.at)
                 if draft.at else
                 _("An “if instead” replaces a step after the start: show one."))
        return (
            text(TITLE, title),
            hidden(ADD, False),
            disabled(ADD, draft.at == 0 or count >= MAX_ALTERNATIVES),
            hidden(DONE, True),
            hidden(DELETE, True),
            disabled("studio-refused", False),
        )
    index, number = draft.branch
    return (
        text(TITLE, _("Writing “if instead” {alt} of step {number}: play its moves from the"
                      " position before that step.").format(alt=number + 1, number=index)),
        hidden(ADD, True),
        hidden(DONE, False),
        hidden(DELETE, False),
        disabled("studio-refused", draft.at == 0),
    )
