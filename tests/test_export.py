"""CSV and JSON exports hold exactly the numbers the app computes, and nothing runs."""

import csv
import io
import json

import numpy as np
import pytest

from core.attention import AttentionSettings
from core.export import matrix_csv, pipeline_document, pipeline_json, safe_cell
from core.models import ToyConfig, ToyModel
from core.pipeline import pipeline


def test_matrix_csv_by_hand():
    text = matrix_csv(np.array([[1.0, -0.5], [0.25, 2.0]]), ["the", "cat"], ["a", "b"], corner="q")
    assert text == "q,a,b\r\nthe,1.0,-0.5\r\ncat,0.25,2.0\r\n"


def test_csv_round_trips_full_precision_and_quotes_commas():
    m = np.random.default_rng(0).normal(size=(3, 2))
    rows = ['say "hi"', "a,b", "x"]
    parsed = list(csv.reader(io.StringIO(matrix_csv(m, rows, ["0", "1"]))))
    assert [r[0] for r in parsed[1:]] == rows
    np.testing.assert_array_equal(np.array([[float(v) for v in r[1:]] for r in parsed[1:]]), m)


@pytest.mark.parametrize("label", ["=1+1", "+cmd", "-2", "@SUM(A1)", "\tx"])
def test_formula_like_labels_stay_text(label):
    assert safe_cell(label) == "'" + label
    first = matrix_csv(np.zeros((1, 1)), [label], ["c"]).splitlines()[1]
    assert first.startswith("'")
    assert safe_cell("cat") == "cat"


def test_csv_refuses_mismatched_labels():
    with pytest.raises(ValueError, match="does not match"):
        matrix_csv(np.zeros((2, 2)), ["a"], ["b", "c"])


def test_json_has_every_intermediate():
    p = pipeline(ToyModel(), "The black cat drank the milk")
    doc = json.loads(pipeline_json(p))
    assert doc["tokens"] == ["The", "black", "cat", "drank", "the", "milk"]
    for key, value in {
        "embedding": p.key_side.embedding,
        "x": p.key_side.x,
        "q": p.key_side.q,
        "k": p.key_side.k,
        "v": p.key_side.v,
        "scores": p.attention.scores,
        "weights": p.attention.weights,
        "output": p.attention.output,
        "w_q": p.projection.w_q,
    }.items():
        np.testing.assert_array_equal(np.array(doc[key]), value, err_msg=key)
    assert "query_tokens" not in doc


def test_json_settings_are_read_from_the_result():
    """The settings in the export are those that made the matrices, not anyone's sidebar."""
    config = ToyConfig(d_model=6, d_k=3, seed=7, positional=False)
    p = pipeline(ToyModel(config), "a b c", AttentionSettings(use_softmax=False, temperature=2.0))
    settings = pipeline_document(p)["settings"]
    assert settings["text"] == "a b c"
    assert settings["model"] == {
        "kind": "toy",
        "d_model": 6,
        "d_k": 3,
        "seed": 7,
        "positional": False,
    }
    assert settings["attention"] == {
        "scale": True,
        "use_softmax": False,
        "causal": False,
        "temperature": 2.0,
    }


def test_json_for_cross_attention_names_both_sentences():
    p = pipeline(ToyModel(), "The ball is blue", query_text="La bola es azul")
    doc = pipeline_document(p)
    assert doc["query_tokens"] == ["La", "bola", "es", "azul"]
    assert doc["settings"]["query_text"] == "La bola es azul"
    assert np.array(doc["weights"]).shape == (4, 4)


def _offered(page: str, params: dict[str, str]) -> dict:
    from tests.apptest_utils import open_page, open_share_panel

    at = open_page(page, params)
    assert at.session_state["_shown_pipeline"] is None  # kept only while the panel is open
    at = open_share_panel(at)
    assert not at.exception
    return json.loads(pipeline_json(at.session_state["_shown_pipeline"]))


def test_json_export_follows_the_page_it_is_on():
    """The sidebar's JSON holds what the page shows: the score page's kind, the real model."""
    from tests.apptest_utils import page_file

    score = _offered(page_file("score"), {"kind": "causal"})
    assert score["weights"][0][1] == 0.0  # masked: word 0 cannot see word 1
    assert score["settings"]["attention"]["causal"] is True
    real = _offered(page_file("real_model"), {})
    assert real["settings"]["model"]["kind"] == "minilm"
    assert real["tokens"][0] == "[CLS]"


@pytest.mark.parametrize(
    ("cell", "kept"),
    [
        ("\u200b=cmd|' /C calc'!A0", "'\u200b=cmd|' /C calc'!A0"),  # behind a zero-width space
        ("\ufeff\u2060+1", "'\ufeff\u2060+1"),  # behind a BOM and a word joiner
        ("＝1+1", "'＝1+1"),  # full-width equals
        ("﹫x", "'﹫x"),  # small commercial at
        ("－5", "'－5"),  # full-width minus
        ("abc\u202egnp.exe", "abcgnp.exe"),  # a right-to-left override: removed
        ("\u2066=x\u2069", "'=x"),  # an isolate hiding a formula: removed, then quoted
        ("cat", "cat"),
        ("中文", "中文"),
    ],
)
def test_safe_cell_sees_formulas_behind_invisible_and_wide_forms(cell, kept):
    assert safe_cell(cell) == kept
