"""Lesson and puzzle benchmark: how soon a lesson or a puzzle is playable, and how long
a move's check takes.

Prints figures, never asserts.

* **CPython** (this interpreter): ``lesson check`` of every course (each goal proved by
  a search over the mover's whole turn), and one task's check of its solution and of a
  missed try (apply, then the goal and, for a miss, its reason in words).
* **The page** (``--page``, the built site in ``dist/`` in headless Chromium): the Learn
  page opened at one lesson of each game, from Python's start to the lesson drawn
  (``<html data-lesson-ms>``: the lessons' code imported, the task's position built and
  drawn), on a first and a repeat visit (goal: <= 300 ms after the engine is ready); and,
  in the page's own Pyodide (``window.__paishoPyodide``), every task's solution checked
  against its goal through the lesson view's click path (the clicks matched, the action
  applied, the goal checked; goal: <= 50 ms), and a missed try with its reason; the
  Puzzles page the same way (``<html data-puzzle-ms>``: one puzzle of each game with
  puzzles opened by its link, first and repeat visit; every shipped puzzle's solution made
  by clicks in the page's Pyodide, its last click timed).

    python benchmarks/lessons.py [--page] [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from paisho_core.lessons import TaskRun, courses, lessons  # noqa: E402
from paisho_core.lessons.proof import check_lesson, search  # noqa: E402

OPENED = ("skud-harmony", "wiki-boat", "balance-counting", "ancient-exact")
"""The lessons the page figure opens (one per game)."""


def summary(label: str, values: Sequence[float], unit: str = " ms") -> str:
    """``label: median X (min Y, max Z, n N)``."""
    return (f"{label}: median {statistics.median(values):.1f}{unit} (min {min(values):.1f},"
            f" max {max(values):.1f}, n {len(values)})")


def cpython_figures() -> None:
    """``lesson check`` of every course, and one check of a move against its goal."""
    print("== CPython")
    for variant, course in courses().items():
        began = time.perf_counter()
        found = [f for lesson in course.lessons for f in check_lesson(lesson)]
        took = time.perf_counter() - began
        print(f"  lesson check {variant}: {len(course.lessons)} lessons, {len(found)} tasks,"
              f" {sum(f.turns for f in found)} turns searched, {took:.2f} s")
    met, missed = [], []
    for lesson in lessons().values():
        for index, task in enumerate(lesson.tasks):
            run = TaskRun(lesson, index)
            began = time.perf_counter()
            for text in task.solution:
                run.check_text(text)
            met.append((time.perf_counter() - began) * 1000)
            misses = search(lesson, index).misses
            if misses:
                run.reset()
                began = time.perf_counter()
                for text in misses:
                    checked = run.check_text(text)
                str(checked.message)
                missed.append((time.perf_counter() - began) * 1000)
    print("  " + summary("a task's solution checked against its goal", met))
    print("  " + summary("a missed try checked, with its reason", missed))


@contextmanager
def served_dist() -> Iterator[str | None]:
    """The built site served on a free port (``None`` when there is no build)."""
    from sitebuild import common as build_common
    from sitebuild import serve as build_serve

    dist = build_common.DIST
    if not (dist / "learn.html").is_file():
        print("\n(no dist/learn.html: run `python build.py build` for the page figures)")
        yield None
        return
    server = build_serve.make_server(roots=(dist,), port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


CHECK_IN_PAGE = """() => window.__paishoPyodide.runPython(`
import json, time
from paisho_core.lessons import lessons, TaskRun
from paisho_page.learn.session import Session
from paisho_page.play.ui import page_clicks
met, missed, verdicts = [], [], []
for lesson in lessons().values():
    for index in range(len(lesson.tasks)):
        session = Session(lesson, index)
        run = TaskRun(lesson, index)
        tokens = []
        game = run.start.copy()
        for action in run.solution():
            tokens.append(list(page_clicks(game, action)))
            game.apply(action)
        for clicks in tokens:
            for token in clicks[:-1]:
                session.click(token)
            began = time.perf_counter()
            session.click(clicks[-1])
            met.append((time.perf_counter() - began) * 1000)
        verdicts.append(session.state.value)
json.dumps({"met": met, "states": sorted(set(verdicts))})
`)"""
"""Every task's solution made click by click in the page's Pyodide, the last click of
each action timed (the clicks matched, the action applied, the goal checked)."""

MISS_IN_PAGE = """(misses) => window.__paishoPyodide.runPython(`
import json, time
from paisho_core.lessons import get_lesson, TaskRun
out = []
for key, texts in json.loads(MISSES).items():
    name, index = key.rsplit("/", 1)
    run = TaskRun(get_lesson(name), int(index))
    began = time.perf_counter()
    for text in texts:
        checked = run.check_text(text)
    words = str(checked.message)
    out.append((time.perf_counter() - began) * 1000)
json.dumps(out)
`.replace("MISSES", JSON.stringify(JSON.stringify(misses))))"""
"""A missed try of every task checked in the page's Pyodide, its reason worded."""


PUZZLES_IN_PAGE = """() => window.__paishoPyodide.runPython(`
import json, time
from paisho_core.puzzles import puzzles
from paisho_core.puzzles.model import puzzle_game
from paisho_page.puzzles.play import PuzzleSession
from paisho_page.play.ui import page_clicks
met, states = [], set()
for puzzle in puzzles().values():
    session = PuzzleSession(puzzle)
    game = puzzle_game(puzzle)
    for text in puzzle.actions:
        action = game.parse_action(text)
        clicks = list(page_clicks(game, action))
        game.apply(action)
        for token in clicks[:-1]:
            session.click(token)
        began = time.perf_counter()
        session.click(clicks[-1])
        met.append((time.perf_counter() - began) * 1000)
    states.add(session.state.value)
json.dumps({"met": met, "states": sorted(states)})
`)"""
"""Every shipped puzzle's solution made click by click in the page's Pyodide, the last
click of each action timed (the clicks matched, the action applied, the solution checked)."""


def puzzle_page_figures(browser: object, base: str, runs: int) -> None:
    """The Puzzles page: a puzzle playable, and every solution checked in its Pyodide."""
    from paisho_core.puzzles import library

    ready = "() => document.documentElement.dataset.engine === 'ready'"
    data = "() => ({...document.documentElement.dataset})"
    opened = [f.puzzles[0].id for f in library().values()]
    first: list[float] = []
    repeat: list[float] = []
    met: list[float] = []
    for run in range(runs):
        for ident in opened:
            context = browser.new_context()  # type: ignore[attr-defined]
            page = context.new_page()
            page.goto(f"{base}puzzles.html#puzzle={ident}")
            page.wait_for_function(ready, timeout=120_000)
            first.append(float(page.evaluate(data)["puzzleMs"]))
            page.reload()
            page.wait_for_function(ready, timeout=120_000)
            repeat.append(float(page.evaluate(data)["puzzleMs"]))
            if run == 0 and ident == opened[0]:
                checked = json.loads(page.evaluate(PUZZLES_IN_PAGE))
                met += checked["met"]
                print(f"  (every puzzle's solution made by clicks ends: {checked['states']})")
            context.close()
    print(f"== the Puzzles page (dist/), puzzles {', '.join(opened)}, {runs} runs")
    print("  " + summary("Python's start to the puzzle drawn, first visit", first))
    print("  " + summary("the same, repeat visit", repeat) + "   (goal: <= 300 ms)")
    print("  " + summary("a solution's last click: matched, applied, solution checked", met)
          + "   (goal: <= 50 ms)")


def page_figures(runs: int) -> None:
    """The Learn page in headless Chromium: a lesson playable, and checks in its Pyodide."""
    from playwright.sync_api import sync_playwright

    from sitebuild import devenv as build_devenv

    ready = "() => document.documentElement.dataset.engine === 'ready'"
    data = "() => ({...document.documentElement.dataset})"
    misses = {f"{lesson.name}/{i}": list(found.misses)
              for lesson in lessons().values() for i in range(len(lesson.tasks))
              if (found := search(lesson, i)).misses}
    first: list[float] = []
    repeat: list[float] = []
    met: list[float] = []
    missed: list[float] = []
    with served_dist() as base:
        if base is None:
            return
        with sync_playwright() as play:
            browser = play.chromium.launch(**build_devenv.chromium_launch_options())
            for run in range(runs):
                for name in OPENED:
                    context = browser.new_context()
                    page = context.new_page()
                    page.goto(f"{base}learn.html#lesson={name}")
                    page.wait_for_function(ready, timeout=120_000)
                    first.append(float(page.evaluate(data)["lessonMs"]))
                    page.reload()
                    page.wait_for_function(ready, timeout=120_000)
                    repeat.append(float(page.evaluate(data)["lessonMs"]))
                    if run == 0 and name == OPENED[0]:
                        checked = json.loads(page.evaluate(CHECK_IN_PAGE))
                        met += checked["met"]
                        missed += json.loads(page.evaluate(MISS_IN_PAGE, misses))
                        print(f"  (every solution made by clicks ends: {checked['states']})")
                    context.close()
            puzzle_page_figures(browser, base, runs)
            browser.close()
    print(f"== the Learn page (dist/), lessons {', '.join(OPENED)}, {runs} runs")
    print("  " + summary("Python's start to the lesson drawn, first visit", first))
    print("  " + summary("the same, repeat visit", repeat) + "   (goal: <= 300 ms)")
    print("  " + summary("a solution's last click: matched, applied, goal checked", met)
          + "   (goal: <= 50 ms)")
    print("  " + summary("a missed try checked, with its reason", missed)
          + "   (goal: <= 50 ms)")


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--page", action="store_true", help="also the built site's figures")
    parser.add_argument("--runs", type=int, default=3, help="page visits per lesson")
    args = parser.parse_args()
    cpython_figures()
    if args.page:
        page_figures(args.runs)


if __name__ == "__main__":
    main()
