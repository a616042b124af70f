"""What the lesson view writes: its panel, the reader's reserve, the list of courses.

Pure (:mod:`paisho_page.base.dom_writes` and :mod:`paisho_page.base.elements`), so that the Learn
page (``site/learn_page.py``) and a lesson embedded in another site
(``embed.html?lesson=…``, ``site/embed_page.py``) show the same panel, built from the
same words: :func:`lesson_panel` once, then :func:`panel_writes` and
:func:`reserve_items` after every click.  Only the mover's reserve or hand is shown.
"""

from __future__ import annotations

from collections.abc import Sequence

from paisho_core.lessons import Course, Lesson
from paisho_core.render import tile_svg
from paisho_core.tokens import SKIP, reserve_token
from paisho_page.base.dom_writes import Write, data, disabled, hidden, text
from paisho_page.base.elements import Element
from paisho_page.learn.drill import BoardDrill
from paisho_page.learn.progress import Progress
from paisho_page.learn.session import Session, State
from paisho_page.words.i18n import _, demo_text
from paisho_page.words.names import player, tile_name, variant_title

PANEL = "lesson"
BUTTONS = ("hint", "show", "retry", "next")
"""The panel's buttons, by the ``data-panel-button`` value each carries."""


def _button(name: str, label: str, cls: str | None = None) -> Element:
    return Element("button", label, cls, id=f"btn-lesson-{name}",
                   attrs=(("data-panel-button", name),), props=(("type", "button"),))


def lesson_panel() -> Element:
    """The lesson panel, empty: the words come with :func:`panel_writes`."""
    return Element("section", cls="lesson", id=PANEL,
                   attrs=(("aria-labelledby", "lesson-title"),), children=(
        Element("p", cls="lesson-counter", id="lesson-counter"),
        Element("h2", cls="lesson-title", id="lesson-title"),
        Element("p", cls="lesson-intro", id="lesson-intro", attrs=(("dir", "auto"),)),
        Element("p", cls="lesson-prompt", id="lesson-prompt", attrs=(("dir", "auto"),)),
        Element("p", cls="help lesson-now", id="lesson-now", attrs=(("aria-live", "polite"),)),
        Element("p", cls="status", id="lesson-status", attrs=(("role", "status"),)),
        Element("p", cls="message lesson-message", id="lesson-message",
                attrs=(("aria-live", "assertive"),)),
        Element("div", cls="try-reserve lesson-reserve", id="lesson-reserve",
                attrs=(("role", "group"), ("aria-label", _("Your tiles")))),
        Element("div", cls="lesson-buttons", children=(
            Element("button", _("Pass"), id="btn-lesson-skip",
                    attrs=(("data-token", SKIP),), props=(("type", "button"),)),
            _button("hint", _("Hint")),
            _button("show", _("Show me")),
            _button("retry", _("Start again")),
            _button("next", _("Next task"), "primary"),
        )),
    ))


def next_label(session: Session, following: Lesson | None) -> str:
    """The Next button's words: the next task, the next lesson (named), or none."""
    if session.state == State.PLAYING or not session.finished:
        return _("Next task")
    if following is None:
        return ""
    return _("Next lesson: {title}").format(title=demo_text(following.title))


def panel_writes(session: Session, following: Lesson | None = None) -> tuple[Write, ...]:
    """Everything the panel says after a click (``following``: the lesson Next opens
    once this one is done, if any)."""
    playing = session.state == State.PLAYING
    label = next_label(session, following)
    drawn = session.drawn()
    prompt = session.prompt()
    if drawn is not None and playing:
        prompt = _("{prompt} (Tile to place: {tile}.)").format(
            prompt=prompt, tile=tile_name(str(session.game.info.name), drawn))
    return (
        text("lesson-counter", session.counter()),
        text("lesson-title", session.title()),
        text("lesson-intro", session.intro()),
        hidden("lesson-intro", session.index != 0),
        text("lesson-prompt", prompt),
        text("lesson-now", session.now()),
        hidden("lesson-now", not session.now()),
        text("lesson-status", session.status()),
        text("lesson-message", session.message),
        data("lesson-message", "kind", session.kind),
        hidden("btn-lesson-skip", not session.can_skip),
        text("btn-lesson-skip", session.skip_label()),
        disabled("btn-lesson-hint", not playing),
        disabled("btn-lesson-show", not playing),
        hidden("btn-lesson-next", playing or not label),
        text("btn-lesson-next", label),
        data(PANEL, "state", session.state.value),
        data(PANEL, "task", str(session.index)),
        data(PANEL, "lesson", session.lesson.name),
    )


def reserve_items(session: BoardDrill) -> list[Element]:
    """The choices (a draw, a Wheel's turns) and the mover's reserve or hand, as
    buttons; none when there is nothing to pick."""
    items = [Element("button", label, "try-choice", attrs=(("data-token", token),),
                     props=(("type", "button"),)) for token, label in session.choices()]
    name, tiles = session.reserve()
    if not tiles:
        return items
    variant = str(session.game.info.name)
    items.append(Element("span", _("{player}'s tiles:").format(player=player(name)),
                         "try-reserve-label"))
    for tile in tiles:
        pressed = (("aria-pressed", "true"),) if tile.selected else ()
        items.append(Element(
            "button", cls="try-tile",
            attrs=(("data-token", reserve_token(tile.code)), *pressed,
                   ("aria-label", _("{tile} ({count} left)").format(
                       tile=tile_name(variant, tile.code), count=tile.count))),
            props=(("type", "button"), ("disabled", not tile.playable and not tile.selected)),
            svg=tile_svg(variant, tile.code, name, 26),
            children=(Element("span", f"×{tile.count}"),),
        ))
    return items


def _lesson_item(lesson: Lesson, progress: Progress, current: str) -> Element:
    done = lesson.name in progress.done
    reached = progress.reached(lesson.name)
    if done:
        state = _("done")
    elif reached:
        state = _("{reached} of {count} tasks").format(reached=reached,
                                                       count=len(lesson.tasks))
    else:
        state = ""
    current_mark = (("aria-current", "true"),) if lesson.name == current else ()
    children = (Element("span", demo_text(lesson.title), "lesson-link-title"),
                *((Element("span", state, "lesson-link-state"),) if state else ()))
    return Element("li", cls="lesson-item done" if done else "lesson-item", children=(
        Element("button", cls="lesson-link",
                attrs=(("data-lesson", lesson.name), *current_mark),
                props=(("type", "button"),), children=children),
    ))


def course_list(courses: Sequence[Course], titles: dict[str, str], progress: Progress,
                current: str) -> tuple[Element, ...]:
    """One section per course (``titles``: each variant's title, in English), its
    lessons as buttons with what the reader has done of each."""
    out = []
    for course in courses:
        done = sum(1 for lesson in course.lessons if lesson.name in progress.done)
        heading = variant_title(titles.get(course.variant, course.variant))
        out.append(Element("section", cls="course", children=(
            Element("h2", heading, "course-title"),
            Element("p", _("{done} of {count} lessons done").format(
                done=done, count=len(course.lessons)), "help course-progress"),
            Element("ol", cls="lesson-list", children=tuple(
                _lesson_item(lesson, progress, current) for lesson in course.lessons)),
        )))
    return tuple(out)
