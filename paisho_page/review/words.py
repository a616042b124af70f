"""The review's words in the page's language: the judgements, the evaluation graph's
names (:class:`paisho_core.render_graph.GraphWords`) and a player's summary line."""

from __future__ import annotations

from collections.abc import Mapping

from paisho_core.render_graph import GraphWords
from paisho_page.words.i18n import _, ngettext


def judgement_names() -> dict[str, str]:
    """Each judgement's name, by its value in the review."""
    return {"inaccuracy": _("inaccuracy"), "mistake": _("mistake"), "blunder": _("blunder")}


def graph_words() -> GraphWords:
    """The graph's words in the page's language."""
    return GraphWords(
        title=_("Evaluation graph"),
        chance=_("Move {ply}, {player} {move}: Host {figure}%"),
        score=_("Move {ply}, {move}: best score {figure}"),
        judged=_("{name}, {judgement}"),
        judgements=judgement_names(),
    )


def summary_line(player: str, figures: Mapping[str, object]) -> str:
    """One player's summary: their moves, inaccuracies, mistakes and blunders."""
    def count(key: str) -> int:
        value = figures.get(key, 0)
        return value if isinstance(value, int) else 0

    moves = ngettext("{player}: {count} move", "{player}: {count} moves",
                     count("moves")).format(player=player, count=count("moves"))
    return _("{moves}; inaccuracies: {inaccuracies}, mistakes: {mistakes},"
             " blunders: {blunders}.").format(
        moves=moves, inaccuracies=count("inaccuracies"), mistakes=count("mistakes"),
        blunders=count("blunders"))
