"""The projector's chart of a class's votes (app_pages/classroom/charts.py), checked on the
Vega-Lite dict it returns."""

import json
from types import SimpleNamespace

import altair as alt
import pytest

from app_pages.classroom import projector as p
from app_pages.classroom.charts import (
    BAR_FONT,
    OPTION_FONT,
    VOTES_HEIGHT,
    vote_shares,
    votes_chart,
)
from ui import charts

OPTIONS = ["the", "cat", "mat"]
ROUNDS = {"Round 1": (3, 1, 0), "Round 2": (0, 4, 0)}


def _chart(options=OPTIONS, correct=(1,), rounds=None):
    spec = votes_chart(
        options,
        correct,
        ROUNDS if rounds is None else rounds,
        right_label="Computed answer",
        count_label="Answers",
    )
    assert type(json.loads(json.dumps(spec))) is dict  # plain JSON, no Altair objects
    alt.Chart.from_dict(spec)  # valid Vega-Lite: Altair checks it against the schema
    return spec


def _records(spec):
    (records,) = spec["datasets"].values()
    return records


def _layer(spec, mark):
    return [layer for layer in spec["layer"] if layer["mark"]["type"] == mark]


def test_shares_by_hand():
    assert vote_shares((3, 1, 0)) == (0.75, 0.25, 0.0)
    assert vote_shares((0, 4, 0)) == (0.0, 1.0, 0.0)
    assert vote_shares((1, 1, 2)) == (0.25, 0.25, 0.5)


def test_no_answers_share_nothing_without_error():
    assert vote_shares((0, 0, 0)) == (0.0, 0.0, 0.0)
    assert vote_shares(()) == ()


def test_negative_count_is_refused():
    with pytest.raises(ValueError, match="negative"):
        vote_shares((2, -1))


def test_every_option_in_screen_order_with_counts_and_shares():
    records = _records(_chart())
    got = [(r["label"], r["round"], r["count"], r["share"], r["text"]) for r in records]
    assert got == [
        ("the", "Round 1", 3, 0.75, "3 (75%)"),
        ("the", "Round 2", 0, 0.0, "0 (0%)"),
        ("cat", "Round 1", 1, 0.25, "1 (25%)"),
        ("cat", "Round 2", 4, 1.0, "4 (100%)"),
        ("mat", "Round 1", 0, 0.0, "0 (0%)"),  # an option nobody chose is still there
        ("mat", "Round 2", 0, 0.0, "0 (0%)"),
    ]
    assert [r["share_text"] for r in records] == ["75%", "0%", "25%", "100%", "0%", "0%"]


def test_options_keep_screen_order_not_alphabetical():
    options = ["zebra", "apple", "mango", "apple"]  # a repeated word stays two groups
    spec = _chart(options, (0,), {"Round 1": (1, 2, 3, 4)})
    (bars,) = _layer(spec, "bar")
    x = bars["encoding"]["x"]
    assert x["sort"] == ["000|zebra", "001|apple", "002|mango", "003|apple"]
    assert [r["option"] for r in _records(spec)] == x["sort"]
    axis_labels = x["axis"]["labelExpr"].split("[toNumber")[0]
    assert json.loads(axis_labels) == ["✓ zebra", "apple", "mango", "apple"]


def test_rounds_side_by_side_and_named_in_the_legend():
    spec = _chart()
    (bars,) = _layer(spec, "bar")
    enc = bars["encoding"]
    assert (enc["xOffset"]["field"], enc["xOffset"]["sort"]) == ("round", ["Round 1", "Round 2"])
    assert enc["color"]["field"] == "round"
    domain = enc["color"]["scale"]["domain"]
    assert domain == ["Round 1", "Round 2", "✓ Computed answer"]
    assert len(set(enc["color"]["scale"]["range"])) == len(domain)  # every entry its colour


def test_right_option_marked_by_more_than_colour():
    spec = _chart()
    assert [r["right"] for r in _records(spec)] == [False, False, True, True, False, False]
    (bars,) = _layer(spec, "bar")
    axis = bars["encoding"]["x"]["axis"]
    assert json.loads(axis["labelExpr"].split("[toNumber")[0]) == ["the", "✓ cat", "mat"]
    assert "001|cat" in axis["labelFontWeight"]["expr"]  # bold, not just green
    assert bars["encoding"]["stroke"]["condition"]["test"] == {"field": "right", "equal": True}
    (band,) = _layer(spec, "rect")  # a band behind the right group, named in the legend
    assert band["data"]["values"] == [{"option": "001|cat", "key": "✓ Computed answer"}]


def test_no_right_answer_means_no_mark():
    spec = _chart(correct=())
    assert not _layer(spec, "rect")
    (bars,) = _layer(spec, "bar")
    assert bars["encoding"]["color"]["scale"]["domain"] == ["Round 1", "Round 2"]
    assert "✓" not in bars["encoding"]["x"]["axis"]["labelExpr"]


def test_round_nobody_answered_shows_zero_percent():
    spec = _chart(rounds={"Round 1": (0, 0, 0)})
    records = _records(spec)
    assert [(r["count"], r["share"], r["text"]) for r in records] == [(0, 0.0, "0 (0%)")] * 3
    (bars,) = _layer(spec, "bar")
    lo, hi = bars["encoding"]["y"]["scale"]["domain"]
    assert lo == 0 and hi > 0  # a usable scale, not 0 to 0


def test_fonts_big_enough_for_the_back_of_the_room():
    spec = _chart()
    (bars,) = _layer(spec, "bar")
    assert bars["encoding"]["x"]["axis"]["labelFontSize"] >= 24
    assert bars["encoding"]["color"]["legend"]["labelFontSize"] >= 22
    texts = _layer(spec, "text")
    assert texts and all(layer["mark"]["fontSize"] >= 22 for layer in texts)
    assert OPTION_FONT >= 24 and BAR_FONT >= 22


def test_fits_under_a_question_on_a_720_px_screen():
    for options in (OPTIONS, ["Nearly every time: the words themselves decide", "By chance"]):
        spec = _chart(options, (0,), {"Round 1": (1,) * len(options)})
        assert spec["height"] < VOTES_HEIGHT  # the plot; the legend and labels take the rest
        assert spec["width"] <= 820  # the main column on a 1280 px projector


@pytest.mark.parametrize(
    ("options", "correct", "rounds", "message"),
    [
        ([], (), {"Round 1": ()}, "at least one option"),
        (OPTIONS, (), {}, "at least one round"),
        (OPTIONS, (), {"Round 1": (1, 2)}, "one count per option"),
        (OPTIONS, (3,), {"Round 1": (1, 2, 3)}, "outside the 3 options"),
        (OPTIONS, (), {"Round 1": (1, -2, 3)}, "negative"),
    ],
)
def test_bad_calls_say_how_to_fix_them(options, correct, rounds, message):
    with pytest.raises(ValueError, match=message):
        votes_chart(options, correct, rounds, right_label="R", count_label="n")


def test_the_votes_chart_takes_the_height_its_reason_leaves():
    """On the 1280 × 720 slide the votes' chart is half the screen under a short question and
    reason, shrinks as the reason grows (a line of it costs a line's height), and never
    goes under VOTES_MIN; above that floor the chart, its reason and the question fit the
    screen."""

    def asked(question: str, because: str) -> SimpleNamespace:
        return SimpleNamespace(question=question, because=because)

    width = p.reveal_widths(1)[0]
    short = p.votes_height(asked("Which word?", "“chased”, by 2.1."), width)
    assert short == p.VOTES_MAX == 360
    line = "word " * 60  # about five lines of reason in the left column
    one = p.votes_height(asked("Which word?", line), width)
    two = p.votes_height(asked("Which word?", line + line), width)
    assert p.VOTES_MIN <= two < one < short and one > p.VOTES_MIN
    lines = len(charts.wrap(line, width - 2 * p.REASON_PAD, p.REASON_FONT))
    bottom = p.REVEAL_TOP + one + p.REASON_LINE * lines + p.REASON_CHROME
    assert bottom <= p.SLIDE[1] - p.BOTTOM_MARGIN
    assert p.votes_height(asked("Which word?", line * 20), width) == p.VOTES_MIN
    taller_question = p.votes_height(asked("Which word? " * 40, line), width)
    assert taller_question < one  # a question of two lines leaves less
