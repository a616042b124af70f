"""The other browsers' engines, each behind one small interface for the smoke suites.

- **Firefox** (Debian's ``firefox-esr``) over WebDriver BiDi, through npm's
  ``puppeteer-core`` (no browser download): a Node process runs ``firefox_bridge.mjs`` and
  answers one JSON request a line.
- **WebKit** (WebKitGTK's ``MiniBrowser``, Safari's engine) over WebDriver, through PyPI's
  ``selenium`` and Debian's ``WebKitWebDriver`` (no driver download), on an ``Xvfb``
  display of its own (MiniBrowser's headless mode hangs a session).

A :class:`Driver` opens pages, calls a JavaScript function in the page (the page's CSP
forbids string evaluation, but both protocols call functions from outside the page),
clicks an element as a user would, and reports the page errors its protocol sees.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any, Protocol

from sitebuild import devenv

HERE = Path(__file__).resolve().parent
WIDTH, HEIGHT = 1200, 900
"""The desktop window of the smoke suites."""


class Driver(Protocol):
    """One browser session, its one page reused by every check."""

    name: str

    def goto(self, url: str) -> None:
        """Open ``url`` and wait for its ``load`` event."""

    def call(self, function: str, *args: Any) -> Any:
        """Call the JavaScript ``function`` (its source) with ``args``; its JSON result
        (a promise is awaited)."""

    def click(self, selector: str) -> None:
        """Click the element ``selector`` names, as a user would."""

    def errors(self) -> list[str]:
        """The page and console errors the protocol saw since the last call."""

    def close(self) -> None:
        """End the session and its browser."""


def wait_for(driver: Driver, function: str, *args: Any, timeout: float = 60.0) -> Any:
    """Call ``function`` every 0.1 s until it answers something truthy; return that, or
    fail after ``timeout`` seconds (with the page errors seen meanwhile)."""
    deadline = time.monotonic() + timeout
    while True:
        found = driver.call(function, *args)
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"{driver.name}: no answer from {function!r} in {timeout} s; "
                                 f"errors: {driver.errors()}")
        time.sleep(0.1)


class Firefox:
    """Firefox through ``firefox_bridge.mjs`` (puppeteer-core over WebDriver BiDi)."""

    name = "firefox"

    def __init__(self, executable: Path) -> None:
        """Start the bridge and Firefox, headless, at the suites' window size."""
        node = shutil.which("node")
        if node is None:
            raise RuntimeError("node is needed to drive Firefox (puppeteer-core)")
        env = {**os.environ, "PUPPETEER_SKIP_DOWNLOAD": "1"}
        self.proc = subprocess.Popen(
            [node, str(HERE / "firefox_bridge.mjs")], cwd=devenv.ROOT, env=env, text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        )
        self._ask({"launch": {"executable": str(executable), "width": WIDTH, "height": HEIGHT}})

    def _ask(self, request: dict[str, Any]) -> Any:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the Firefox bridge ended (exit {self.proc.poll()})")
        reply: dict[str, Any] = json.loads(line)
        if "error" in reply:
            raise RuntimeError(f"firefox: {reply['error']}")
        return reply["ok"]

    def goto(self, url: str) -> None:
        """Open ``url`` and wait for its ``load`` event."""
        self._ask({"goto": url})

    def call(self, function: str, *args: Any) -> Any:
        """Call ``function`` in the page with ``args``; its JSON result."""
        return self._ask({"call": [function, list(args)]})

    def click(self, selector: str) -> None:
        """Click ``selector`` (scrolled into view, a mouse click at its centre)."""
        self._ask({"click": selector})

    def errors(self) -> list[str]:
        """Page errors and console errors since the last call."""
        return list(self._ask({"errors": True}))

    def close(self) -> None:
        """Close Firefox and the bridge."""
        try:
            self._ask({"close": True})
        finally:
            if self.proc.stdin:
                self.proc.stdin.close()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


CENTRE_JS = """(selector) => {
  const element = document.querySelector(selector);
  element.scrollIntoView({block: 'center', inline: 'center'});
  const box = element.getBoundingClientRect();
  return [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)];
}"""
"""An element scrolled into view: the viewport point at the centre of its box."""


class WebKit:
    """WebKitGTK's MiniBrowser through Selenium and ``WebKitWebDriver``, on its own Xvfb."""

    name = "webkit"

    def __init__(self, driver: Path, minibrowser: Path) -> None:
        """Start Xvfb (its display number read from ``-displayfd``) and a session."""
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        self.xvfb = subprocess.Popen(
            ["Xvfb", "-displayfd", "1", "-screen", "0", f"{WIDTH + 80}x{HEIGHT + 200}x24",
             "-nolisten", "tcp"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        )
        assert self.xvfb.stdout is not None
        display = self.xvfb.stdout.readline().strip()
        if not display.isdigit():
            self.xvfb.kill()
            raise RuntimeError("Xvfb did not start")
        options = Options()
        options.binary_location = str(minibrowser)
        options.add_argument("--automation")
        service = Service(executable_path=str(driver),
                          env={**os.environ, "DISPLAY": f":{display}"})
        try:
            self.session = webdriver.WebKitGTK(options=options, service=service)
            self.session.set_window_size(WIDTH, HEIGHT)
        except BaseException:
            self.xvfb.kill()
            raise

    def goto(self, url: str) -> None:
        """Open ``url`` (WebDriver waits for the load)."""
        self.session.get(url)

    def call(self, function: str, *args: Any) -> Any:
        """Call ``function`` in the page with ``args`` (WebDriver awaits a promise)."""
        return self.session.execute_script(f"return ({function})(...arguments);", *args)

    def click(self, selector: str) -> None:
        """Click ``selector`` with WebDriver's element click (scrolled into view); an SVG
        element, which WebKit's element click refuses ("not interactable"), with a
        pointer click at the centre of its box."""
        from selenium.common.exceptions import ElementNotInteractableException
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.by import By

        element = self.session.find_element(By.CSS_SELECTOR, selector)
        try:
            element.click()
        except ElementNotInteractableException:
            x, y = self.call(CENTRE_JS, selector)
            actions = ActionChains(self.session)
            actions.w3c_actions.pointer_action.move_to_location(x, y).click()
            actions.perform()

    def errors(self) -> list[str]:
        """WebDriver reports no console: the page's own probe is read instead."""
        return []

    def close(self) -> None:
        """End the session, then Xvfb."""
        try:
            self.session.quit()
        finally:
            self.xvfb.kill()
            self.xvfb.wait()
