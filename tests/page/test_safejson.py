"""The page's storage reader is the engine's bounded reader (one copy), in the page's words."""

from __future__ import annotations

import pytest

from paisho_core import boundedjson
from paisho_page.storage import safejson


def test_the_page_reads_storage_with_the_engines_bounded_reader() -> None:
    assert safejson.nesting_depth is boundedjson.nesting_depth
    assert (safejson.MAX_CHARS, safejson.MAX_DEPTH) == (boundedjson.MAX_CHARS,
                                                        boundedjson.MAX_DEPTH)
    assert issubclass(safejson.BadJSON, boundedjson.BadJSON)
    assert safejson.loads('{"a": [1, 2.5, "x"]}') == {"a": [1, 2.5, "x"]}


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[" * 20_000, "it is nested too deeply (20000 levels, at most 16)"),
        ('{"id": 1, "id": 2}', "it names the key 'id' twice"),
        ('{"seed": ' + "9" * 500 + "}", "it holds a number with too many digits"),
    ],
)
def test_a_refusal_is_the_engines_message_rendered_by_the_page(text: str, words: str) -> None:
    with pytest.raises(safejson.BadJSON) as info:
        safejson.loads(text)
    assert str(info.value) == words
