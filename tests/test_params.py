"""URL parameters: what each accepts, why a value is refused, and the round trip."""

import pytest

from core.params import Param, Problem, decode_all, encode_changed
from core.tokenize import MAX_TOKENS, drawn_prefix, tokenize, tokenize_all

PARAMS = {
    p.key: p
    for p in (
        Param("d_model", 8, "int", 2, 64),
        Param("temp", 1.0, "float", 0.05, 5.0),
        Param("lang", "en", "choice", choices=("en", "zh")),
        Param("pe", True, "bool"),
        Param("text", "hi", "text"),
    )
}


def test_decode_rejects_nonsense_with_reasons():
    values, rejected = decode_all(
        {
            "d_model": "-3",
            "temp": "abc",
            "lang": "xx",
            "pe": "maybe",
            "foo": "1",
            "text": "<b>x</b>",
        },
        PARAMS,
    )
    assert values == {"text": "<b>x</b>"}
    problems = {r.key: r.problem for r in rejected}
    assert problems == {
        "d_model": Problem.OUT_OF_RANGE,
        "temp": Problem.NOT_A_NUMBER,
        "lang": Problem.NOT_A_CHOICE,
        "pe": Problem.NOT_A_SWITCH,
        "foo": Problem.UNKNOWN_KEY,
    }
    assert {r.key: r.allowed for r in rejected}["d_model"] == "2–64"


@pytest.mark.parametrize(
    ("raw", "problem"),
    [
        ("nan", Problem.NOT_A_NUMBER),
        ("inf", Problem.NOT_A_NUMBER),
        ("1e999", Problem.NOT_A_NUMBER),
        ("3.5", Problem.NOT_A_NUMBER),
        ("", Problem.NOT_A_NUMBER),
        ("65", Problem.OUT_OF_RANGE),
        ("1", Problem.OUT_OF_RANGE),
    ],
)
def test_decode_int_refuses_non_integers(raw, problem):
    value, rejected = PARAMS["d_model"].decode(raw)
    assert rejected is not None and rejected.problem is problem and rejected.raw == raw
    assert value == PARAMS["d_model"].default


def test_decode_accepts_and_round_trips():
    values, rejected = decode_all({"d_model": "16", "temp": "0.5", "lang": "zh", "pe": "0"}, PARAMS)
    assert rejected == []
    assert values == {"d_model": 16, "temp": 0.5, "lang": "zh", "pe": False}
    assert encode_changed(values | {"text": "hi"}, PARAMS) == {
        "d_model": "16",
        "temp": "0.5",
        "lang": "zh",
        "pe": "0",
    }
    _, too_long = PARAMS["text"].decode("x" * 20_001)
    assert too_long is not None and too_long.problem is Problem.TOO_LONG


def test_text_with_bytes_that_were_not_utf8_is_kept_and_reported():
    values, rejected = decode_all({"text": "caf\ufffd au lait"}, PARAMS)
    assert values == {"text": "caf\ufffd au lait"}
    assert [(r.key, r.problem) for r in rejected] == [("text", Problem.BROKEN_TEXT)]


@pytest.mark.parametrize(
    "text",
    [
        "one two three",
        " ".join(f"w{i}" for i in range(200)),
        "猫" * 300,
        "naïve e\u0301 " * 80,  # a combining accent must stay with its letter
        "a, b; " * 100,
    ],
)
def test_a_link_carries_exactly_the_drawn_tokens(text):
    prefix = drawn_prefix(text)
    assert tokenize(prefix).tokens == tokenize(text).tokens  # everything drawn is in the link
    if tokenize(text).truncated:
        assert len(tokenize_all(prefix)) == MAX_TOKENS
        assert tokenize_all(prefix[:-1])[:MAX_TOKENS] != tokenize_all(text)[:MAX_TOKENS]
    else:
        assert prefix == text


def test_a_long_text_is_cut_in_the_link_and_the_panel_says_so():
    from tests.apptest_utils import open_page, open_share_panel, page_file

    text = " ".join(f"word{i}" for i in range(2000))  # ~18,000 characters (the box holds 20,000)
    at = open_page(page_file("input"))
    at.text_area(key="text").input(text).run()
    assert not any("the link holds the part that is drawn" in c.value for c in at.caption)
    open_share_panel(at)  # the note is in the panel, drawn when it is open
    assert not at.exception
    assert at.text_area(key="text").value == text  # the box keeps the whole text
    linked = at.query_params["text"]
    linked = linked[0] if isinstance(linked, list) else linked
    assert linked == " ".join(f"word{i}" for i in range(MAX_TOKENS))
    assert any("the link holds the part that is drawn" in c.value for c in at.caption)
