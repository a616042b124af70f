"""Demo links (issue 23): a demo's JSON in the URL fragment and back, checked by the engine.

Every built-in demo round-trips identically; generated demos too (Hypothesis); bounds,
damaged links and illegal steps give plain messages; hostile captions come back as the
same text; the ``demo`` command line encodes, decodes and names the first bad step.
"""

from __future__ import annotations

import base64
import json
import random
import zlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from paisho_core import demolink, setups
from paisho_core.cli import main
from paisho_core.demolink import DemoLinkError, decode, encode, fragment
from paisho_core.demos import FOLDER
from paisho_core.link import crc24


def library_objects() -> list[dict[str, Any]]:
    """Every built-in demo as a link carries it: its JSON object plus ``"variant"``."""
    out = []
    for path in sorted(FOLDER.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        out += [{"variant": data["variant"], **demo} for demo in data["demos"]]
    return out


LIBRARY = library_objects()


def by_name(name: str) -> dict[str, Any]:
    """A deep copy of a built-in demo's object."""
    found: dict[str, Any] = json.loads(json.dumps(next(d for d in LIBRARY if d["name"] == name)))
    return found


def test_the_library_is_all_here() -> None:
    assert len(LIBRARY) >= 56
    assert {d["variant"] for d in LIBRARY} == {"skud", "wiki", "balance", "ancient"}


@pytest.mark.parametrize("data", LIBRARY, ids=[d["name"] for d in LIBRARY])
def test_every_builtin_demo_round_trips_identically(data: dict[str, Any]) -> None:
    text = fragment(data)
    assert text.startswith("#demo=~1")
    back = decode(text).data
    assert back == data
    assert json.dumps(back) == json.dumps(data)  # the same keys in the same order
    assert decode(f"https://example.org/embed.html?theme=dark{text}&step=1").data == data


def test_setup_bag_and_moves_starts_all_encode() -> None:
    kinds = {next(iter(d["start"])) for d in LIBRARY}
    assert kinds == {"setup", "moves", "bag"}


def test_payload_alphabet_sits_in_a_url_fragment_beside_other_parameters() -> None:
    payload = encode(by_name("skud-wheel"))
    assert payload[:2] == "~1"
    assert set(payload[2:]) <= set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    )
    assert demolink.payload_of(f"#step=2&demo={payload}&orient=guest") == payload
    assert demolink.payload_of(f"  {payload} ") == payload


def test_captions_are_compressed() -> None:
    data = by_name("skud-white-lotus")
    raw = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    assert len(encode(data)) < 0.8 * len(raw)


# ----------------------------------------------------------------------------- hostile text
HOSTILE = [
    "<img src=x onerror=alert(1)>",
    '"></p><script>alert("x")</script>',
    "&lt;b&gt; &amp; ' \" \\ / \u202e reversed \u0000"[:-1],
    "emoji 🀄 and 中文 and a tab\tand a newline\n",
]


@pytest.mark.parametrize("caption", HOSTILE)
def test_hostile_captions_round_trip_as_the_same_text(caption: str) -> None:
    data = by_name("skud-wheel")
    data["caption"] = caption
    data["title"] = caption[:100]
    data["steps"][0]["caption"] = caption
    back = decode(fragment(data))
    assert back.data == data
    assert back.demo.steps[0].caption == caption
    assert back.demo.steps[1].caption == caption
    assert back.demo.title == caption[:100]


def test_a_nul_character_is_refused() -> None:
    data = by_name("skud-wheel")
    data["steps"][0]["caption"] = "a\0b"
    with pytest.raises(DemoLinkError, match="the caption of step 1 holds a NUL character"):
        encode(data)
    assert "NUL" in decode_error(payload_of_json(json.dumps(data)))


def test_a_lone_surrogate_is_refused() -> None:
    data = by_name("skud-wheel")
    data["caption"] = "\ud800"
    message = decode_error(payload_of_json(json.dumps(data)))  # JSON's "\\ud800" escape
    assert (
        message
        == "the caption of the start (step 0) holds a character that is not text (a lone surrogate)"
    )


# ----------------------------------------------------------------------------- bounds
def test_a_long_caption_is_refused_with_its_step_named() -> None:
    data = by_name("skud-wheel")
    data["steps"][1]["caption"] = "x" * 4000
    with pytest.raises(
        DemoLinkError, match=r"the caption of step 2 is too long: 4000 .*at most 500"
    ):
        encode(data)


def test_a_long_title_and_too_many_steps_are_refused() -> None:
    data = by_name("skud-wheel")
    data["title"] = "t" * 121
    with pytest.raises(DemoLinkError, match="the title is too long: 121 characters"):
        encode(data)
    data = by_name("skud-wheel")
    data["steps"] = data["steps"] * 51
    with pytest.raises(DemoLinkError, match=r"102 steps \(at most 100\)"):
        encode(data)


def test_a_link_too_long_for_a_url_is_refused() -> None:
    rng = random.Random(1)
    letters = "abcdefghijklmnopqrstuvwxyz0123456789"

    def noise(size: int) -> str:
        return "".join(rng.choice(letters) for _ in range(size))

    data = by_name("wiki-entry-others")
    data["rules"] = [noise(100) for _ in range(60)]
    for step in data["steps"]:
        step["caption"] = noise(500)
    with pytest.raises(DemoLinkError, match=r"would be \d+ characters long \(at most 8000\)"):
        encode(data)
    message = decode_error("~1" + "A" * 8000)
    assert message == "the demo link is too long: 8002 characters (at most 8000)"


def decode_error(text: str) -> str:
    """The message of decoding ``text``."""
    with pytest.raises(DemoLinkError) as info:
        decode(text)
    return str(info.value)


# ----------------------------------------------------------------------------- untrusted input
def payload_of_json(text: str, version: str = "1") -> str:
    """A well-formed, correctly checksummed payload holding ``text`` (for hostile JSON)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, demolink.ZDICT)
    body = packer.compress(text.encode("utf-8")) + packer.flush()
    check = crc24(f"~{version}".encode() + body).to_bytes(3, "big")
    return f"~{version}" + base64.urlsafe_b64encode(body + check).decode().rstrip("=")


def test_damage_anywhere_is_caught_by_the_checksum() -> None:
    payload = encode(by_name("wiki-boat-push"))
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for i in range(2, len(payload)):
        changed = alphabet[(alphabet.index(payload[i]) + 1) % 64]
        message = decode_error(payload[:i] + changed + payload[i + 1 :])
        assert "damaged" in message or "does not hold a demo" in message
    assert "damaged" in decode_error(payload[:-5])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the demo link is empty"),
        ("#demo=skud-wheel", "this is not a demo link"),
        ("~2AAAA", "unknown demo link version '2'"),
        ("~1AB*D", "a character that demo links never contain at position 5"),
        ("~1A", "damaged"),
    ],
)
def test_bad_links_say_what_is_wrong(text: str, message: str) -> None:
    assert message in decode_error(text)


def test_a_zip_bomb_opens_nothing() -> None:
    bomb = payload_of_json(json.dumps({"variant": "skud", "pad": " " * 200_000}))
    assert len(bomb) < 8000
    assert "unpacks to more than 64000 bytes" in decode_error(bomb)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("[1, 2]", "a demo must be a JSON object"),
        ("not json", "it is not valid JSON (a fault at character 1)"),
        ("[" * 5000 + "]" * 5000, "it is nested too deeply (5000 levels, at most 8)"),
        ('{"variant": "chess", "name": "x"}', "'variant' must be one of"),
        ('{"variant": "skud", "name": "skud-a", "script": "x"}', "unknown key 'script'"),
        ('{"variant": "skud", "name": "bad name"}', "bad name"),
        ('{"variant": "skud", "name": "skud-a", "title": "T", "caption": 5}', "'caption'"),
    ],
)
def test_bad_json_shapes_are_refused(data: str, message: str) -> None:
    assert message in decode_error(payload_of_json(data))


def test_an_illegal_step_in_a_link_names_the_first_bad_step() -> None:
    data = by_name("skud-harmony")
    data["steps"][1]["action"] = "(8,0)-(0,0)"
    message = decode_error(payload_of_json(json.dumps(data)))
    assert message.startswith("demo skud-harmony, step 2: ")
    with pytest.raises(DemoLinkError, match="step 2"):
        encode(data)


def test_a_hostile_setup_is_a_message_not_a_crash() -> None:
    for setup in (
        {"tiles": {"(1,1)": "XR3"}},
        {"tiles": {"(1,1)": "H??"}},
        {"tiles": "nonsense"},
        {"tiles": {"(99,1)": "HR3"}},
        {"evil": 1},
    ):
        data = by_name("skud-harmony")
        data["start"] = {"setup": setup}
        message = decode_error(payload_of_json(json.dumps(data)))
        assert message.startswith("demo skud-harmony")


def test_a_refused_action_that_is_legal_is_refused() -> None:
    data = by_name("skud-wheel")
    data["refused"] = [data["steps"][0]["action"]]  # legal at the start: it is played
    assert "is legal, but the demo shows it refused" in decode_error(
        payload_of_json(json.dumps(data))
    )


# ----------------------------------------------------------------------------- hypothesis
TEXT = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\0"), max_size=200)
NAMES = [d["name"] for d in LIBRARY if d["steps"]]


@settings(max_examples=60, deadline=None)
@given(
    name=st.sampled_from(NAMES),
    title=st.text(
        st.characters(blacklist_categories=("Cs",), blacklist_characters="\0"),
        min_size=1,
        max_size=120,
    ).filter(str.strip),
    captions=st.lists(TEXT.filter(str.strip), min_size=7, max_size=7),
    keep=st.integers(min_value=0, max_value=6),
    marks=st.lists(
        st.tuples(st.integers(-5, 5), st.integers(-5, 5)).map(lambda p: f"({p[0]},{p[1]})"),
        max_size=6,
    ),
)
def test_generated_demos_round_trip(
    name: str, title: str, captions: list[str], keep: int, marks: list[str]
) -> None:
    data = by_name(name)
    data["title"] = title
    data["caption"] = captions[0]
    data["highlight"] = marks
    data["steps"] = data["steps"][:keep]
    data.pop("outcome", None)
    for step, caption in zip(data["steps"], captions[1:], strict=False):
        step["caption"] = caption
    back = decode(fragment(data))
    assert back.data == data
    assert len(back.demo.steps) == len(data["steps"]) + 1


# ----------------------------------------------------------------------------- command line
def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run the command line; its status, stdout and stderr."""
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_encode_decode_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = by_name("wiki-boat-push")
    path = tmp_path / "demo.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    status, out, _ = run(capsys, "demo", "encode", str(path))
    assert status == 0 and out.startswith("#demo=~1")
    status, back, _ = run(capsys, "demo", "decode", out.strip())
    assert status == 0 and json.loads(back) == data
    status, out, _ = run(capsys, "demo", "check", str(path))
    assert (status, out) == (0, "ok: wiki-boat-push (1 steps)\n")


def test_cli_reads_a_library_file(capsys: pytest.CaptureFixture[str]) -> None:
    library = str(FOLDER / "skud.json")
    status, out, _ = run(capsys, "demo", "check", library)
    assert status == 0 and out.count("ok: ") == len([d for d in LIBRARY if d["variant"] == "skud"])
    status, _, err = run(capsys, "demo", "encode", library)
    assert status == 2 and "pick one with --name" in err
    status, out, _ = run(capsys, "demo", "encode", library, "--name", "skud-rock")
    assert status == 0 and decode(out.strip()).data == by_name("skud-rock")


def test_cli_check_names_the_first_bad_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = by_name("skud-white-lotus")
    data["steps"][1]["action"] = "(0,0)-(8,8)"
    data["steps"][2]["action"] = "nonsense"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    status, out, err = run(capsys, "demo", "check", str(path))
    assert status == 2 and out == ""
    assert err.count("\n") == 1
    assert err.startswith("error: demo skud-white-lotus, step 2: ")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{", "is not JSON"),
        ('{"variant": "skud", "demos": []}', "holds no demo"),
        (
            '{"variant": "skud", "name": "skud-x", "title": "T", "caption": "c",'
            ' "steps": [{"action": "R3(0,-8)", "caption": "' + "x" * 600 + '"}]}',
            "the caption of step 1 is too long: 600 characters (at most 500)",
        ),
    ],
)
def test_cli_bad_input_exits_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, message: str
) -> None:
    path = tmp_path / "demo.json"
    path.write_text(content, encoding="utf-8")
    for command in ("encode", "check"):
        status, out, err = run(capsys, "demo", command, str(path))
        assert status == 2 and out == "" and err.count("\n") == 1
        assert message in err


def test_cli_decode_of_a_bad_link_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "demo", "decode", "#demo=~1AAAAAAAA")
    assert status == 2 and out == ""
    assert err == f"error: {demolink._DAMAGED}\n"


@settings(max_examples=40, deadline=None)
@given(
    variant=st.sampled_from(["skud", "wiki", "ancient", "balance"]),
    seed=st.integers(min_value=0, max_value=2**32),
    placed=st.integers(min_value=0, max_value=6),
    steps=st.integers(min_value=0, max_value=8),
    caption=st.text(min_size=1, max_size=80).filter(lambda t: t.strip() and "\0" not in t),
)
def test_generated_studio_positions_and_steps_round_trip(
    variant: str, seed: int, placed: int, steps: int, caption: str
) -> None:
    """A random set-up (tiles from the palette on their points) and random legal steps:
    the demo a Studio would make of it encodes and decodes to the same JSON."""
    rng = random.Random(seed)
    setup = setups.empty(variant)
    for _ in range(placed):
        tile = rng.choice(setups.palette(setup))
        point = rng.choice(sorted(tile.points))
        if setup.at(point) is None:
            setup = setups.put(setup, point, tile.code, tile.owner)
    assume(not setups.check(setup))
    game = setups.build(setup)
    data: dict[str, Any] = {
        "variant": variant,
        "name": f"{variant}-generated",
        "title": caption,
        **setups.demo_start(setup),
        "caption": caption,
        "steps": [],
    }
    for number in range(steps):
        if game.outcome() is not None:
            break
        action = rng.choice(game.legal_actions())
        data["steps"].append({"action": game.format_action(action), "caption": f"{number}"})
        game.apply(action)
    back = decode(fragment(data))
    assert back.data == data
    assert len(back.demo.steps) == len(data["steps"]) + 1
