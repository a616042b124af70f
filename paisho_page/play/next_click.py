"""What the next click does, read off the legal actions' click paths (variant-agnostic).

:class:`~paisho_page.play.ui.UIState` matches the clicks made so far against every legal
action's click paths.  :func:`next_steps` groups the paths that the selection still
fits by their next token: for each token, which actions go on through it, at which
position of their path, and which one a click there completes.  A variant's panel turns
these into words and marks (what a click there does); nothing here names a variant.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from paisho_page.play.ui_history import Action


@dataclass(frozen=True)
class Through:
    """One legal action whose click path goes on through a next token."""

    action: Action
    path: tuple[str, ...]
    """The action's click path (one of those the variant accepts)."""
    index: int
    """The position of the next token in :attr:`path`."""

    @property
    def last(self) -> bool:
        """Whether the next token is the path's last click (it completes the action)."""
        return self.index == len(self.path) - 1


@dataclass(frozen=True)
class NextStep:
    """One token that may be clicked next, and what goes on through it."""

    token: str
    through: tuple[Through, ...]
    completes: Action | None
    """The action a click on it completes at once (no longer path goes on through it)."""


@dataclass(frozen=True)
class Steps:
    """Every next token of a selection, and the action clicking its last token again
    confirms (a selection that is itself a whole path, but also goes on)."""

    clicks: tuple[str, ...]
    steps: tuple[NextStep, ...]
    confirm: Action | None

    def step(self, token: str) -> NextStep | None:
        """The step of ``token``, if it may be clicked next."""
        for step in self.steps:
            if step.token == token:
                return step
        return None


def next_steps(paths: Mapping[tuple[str, ...], Sequence[Action]], clicks: Sequence[str]) -> Steps:
    """The next steps after ``clicks`` among ``paths`` (``UIState.paths()``), tokens sorted."""
    pre = tuple(clicks)
    n = len(pre)
    by_token: dict[str, list[Through]] = {}
    for path, actions in paths.items():
        if len(path) > n and path[:n] == pre:
            by_token.setdefault(path[n], []).extend(Through(a, path, n) for a in actions)
    steps = []
    for token in sorted(by_token):
        through = tuple(by_token[token])
        done = [t.action for t in through if t.last]
        goes_on = any(not t.last for t in through)
        steps.append(NextStep(token, through, done[0] if len(done) == 1 and not goes_on else None))
    here = paths.get(pre, []) if pre else []
    confirm = here[0] if len(here) == 1 and steps else None
    return Steps(pre, tuple(steps), confirm)
