"""CSV and JSON exports hold exactly the numbers the app computes, and nothing runs."""

import csv
import io
import json

import numpy as np
import pytest

from core.export import matrix_csv, pipeline_document, pipeline_json, safe_cell
from core.pipeline import run_toy


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
    p = run_toy("The black cat drank the milk")
    doc = json.loads(pipeline_json(p, {"text": "The black cat drank the milk"}))
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


def test_json_for_cross_attention_names_both_sentences():
    p = run_toy("The ball is blue", target="La bola es azul")
    doc = pipeline_document(p, {})
    assert doc["query_tokens"] == ["La", "bola", "es", "azul"]
    assert np.array(doc["weights"]).shape == (4, 4)


def test_json_export_follows_the_page_it_is_on():
    """The sidebar's JSON holds what the page shows: the score page's kind, the real model."""
    from streamlit.testing.v1 import AppTest

    script = (
        "import streamlit as st\n"
        "from ui import compute, state\n"
        "state.load_from_url()\n"
        "s = state.settings()\n"
        "for path in ('score', 'real-model'):\n"
        "    p, settings = compute.shown_pipeline(s, path)\n"
        "    st.write(path, float(p.attention.weights[0, 1]), settings.get('kind'),\n"
        "             settings['source'], p.tokens[0])\n"
    )
    at = AppTest.from_string(script, default_timeout=60)
    at.query_params["kind"] = "causal"
    at.run()
    assert not at.exception
    score, real = (m.value.replace("`", "") for m in at.markdown)
    assert score.split()[:3] == ["score", "0.0", "causal"]  # masked: word 0 cannot see word 1
    assert real.split()[-2:] == ["pretrained", "[CLS]"]
