"""URL parameters: what each accepts, why a value is refused, and the round trip."""

import pytest

from core.params import Param, Problem, decode_all, encode_changed

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
