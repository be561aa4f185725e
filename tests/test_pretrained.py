"""MiniLM in numpy: equal to Hugging Face's BertModel on the reference sentences, and invariants."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from core.pretrained import MiniLM, MiniLMResult, erf, gelu, layer_norm

REPO = Path(__file__).resolve().parent.parent
REFERENCE = REPO / "tests" / "fixtures" / "minilm_reference"
META = json.loads(REFERENCE.with_suffix(".json").read_text(encoding="utf-8"))
SENTENCES = META["sentences"]
IDS = [s["text"][:20] for s in SENTENCES]
SHORT = SENTENCES[0]["text"]  # "The cat sat on the mat because it was tired."
LONG = next(s["text"] for s in SENTENCES if s["truncated"])


@pytest.fixture(scope="module")
def model() -> MiniLM:
    return MiniLM.load()


@pytest.fixture(scope="module")
def reference() -> dict[str, np.ndarray]:
    with np.load(REFERENCE.with_suffix(".npz")) as npz:
        return dict(npz)


@pytest.fixture(scope="module")
def short(model: MiniLM) -> MiniLMResult:
    return model.run(SHORT)


@pytest.mark.parametrize("i", range(len(SENTENCES)), ids=IDS)
def test_attention_matches_hf_on_fp16_weights(
    model: MiniLM, reference: dict[str, np.ndarray], i: int
) -> None:
    ref = SENTENCES[i]
    result = model.run(ref["text"], max_tokens=META["max_tokens"])
    assert result.tokens == ref["tokens"]
    assert result.truncated == ref["truncated"]
    weights = result.weights[ref["layers"]]
    assert np.max(np.abs(weights - reference[f"s{i}.weights_fp16"])) < 1e-4


@pytest.mark.parametrize("i", range(len(SENTENCES)), ids=IDS)
def test_attention_matches_hf_on_original_fp32_weights(
    model: MiniLM, reference: dict[str, np.ndarray], i: int
) -> None:
    ref = SENTENCES[i]
    weights = model.run(ref["text"]).weights[ref["layers"]]
    assert np.max(np.abs(weights - reference[f"s{i}.weights_fp32"])) < 2e-3


def test_hidden_states_match_hf(short: MiniLMResult, reference: dict[str, np.ndarray]) -> None:
    assert np.max(np.abs(short.hidden - reference["s0.hidden_fp16"])) < 1e-4


def test_config(model: MiniLM) -> None:
    cfg = model.config
    assert (cfg.n_layers, cfg.n_heads, cfg.d_model, cfg.d_head) == (6, 12, 384, 32)
    assert cfg.layer_norm_eps == 1e-12


def test_shapes(short: MiniLMResult) -> None:
    n = len(short.tokens)
    assert short.tokens[0] == "[CLS]" and short.tokens[-1] == "[SEP]"
    assert short.ids.shape == (n,)
    assert short.word_embeddings.shape == short.position_embeddings.shape == (n, 384)
    assert short.hidden.shape == (7, n, 384)
    for a in (short.q, short.k, short.v, short.head_outputs):
        assert a.shape == (6, 12, n, 32)
    assert short.scores.shape == short.weights.shape == (6, 12, n, n)
    assert short.weights.dtype == np.float32


def test_rows_sum_to_one(short: MiniLMResult) -> None:
    np.testing.assert_allclose(short.weights.sum(axis=-1), 1.0, atol=1e-5)
    assert np.all(short.weights >= 0)


def test_scores_are_scaled_q_dot_k(short: MiniLMResult) -> None:
    recomputed = short.q @ short.k.transpose(0, 1, 3, 2) / math.sqrt(32)
    np.testing.assert_allclose(short.scores, recomputed, atol=1e-5)


def test_weights_are_softmax_of_scores(short: MiniLMResult) -> None:
    e = np.exp(short.scores - short.scores.max(axis=-1, keepdims=True))
    np.testing.assert_allclose(short.weights, e / e.sum(axis=-1, keepdims=True), atol=1e-6)


def test_head_outputs_are_weights_times_v(short: MiniLMResult) -> None:
    np.testing.assert_allclose(short.head_outputs, short.weights @ short.v, atol=1e-5)


@pytest.mark.parametrize(("layer", "head"), [(0, 0), (3, 7), (5, 11)])
def test_head_params_reproduce_q_k_v(
    model: MiniLM, short: MiniLMResult, layer: int, head: int
) -> None:
    p = model.head_params(layer, head)
    assert p.w_q.shape == p.w_k.shape == p.w_v.shape == (384, 32)
    assert p.b_q.shape == p.b_k.shape == p.b_v.shape == (32,)
    x = short.hidden[layer]
    np.testing.assert_allclose(x @ p.w_q + p.b_q, short.q[layer, head], atol=1e-4)
    np.testing.assert_allclose(x @ p.w_k + p.b_k, short.k[layer, head], atol=1e-4)
    np.testing.assert_allclose(x @ p.w_v + p.b_v, short.v[layer, head], atol=1e-4)


def test_embeddings_feed_hidden_zero(model: MiniLM, short: MiniLMResult) -> None:
    n = len(short.tokens)
    np.testing.assert_array_equal(short.word_embeddings, model.word_table[short.ids])
    position = model.position_table[:n] + model.token_type_table[0]
    np.testing.assert_array_equal(short.position_embeddings, position)
    summed = short.word_embeddings + short.position_embeddings
    expected = layer_norm(summed, model.ln_gamma, model.ln_beta, 1e-12)
    np.testing.assert_allclose(short.hidden[0], expected, atol=1e-6)


def test_truncation(model: MiniLM) -> None:
    long = model.run(LONG, max_tokens=64)
    assert long.truncated and len(long.tokens) == 64 and long.tokens[-1] == "[SEP]"
    assert long.weights.shape == (6, 12, 64, 64)
    assert not model.run(SHORT, max_tokens=64).truncated
    cut = model.run(SHORT, max_tokens=5)
    assert cut.truncated and cut.tokens == ["[CLS]", "the", "cat", "sat", "[SEP]"]


def test_same_text_same_result(model: MiniLM, short: MiniLMResult) -> None:
    np.testing.assert_array_equal(model.run(SHORT).weights, short.weights)


def test_results_are_read_only(short: MiniLMResult) -> None:
    with pytest.raises(ValueError, match="read-only"):
        short.weights[0, 0, 0, 0] = 1.0


def test_bad_arguments_say_what_is_allowed(model: MiniLM, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="between 2 and 512"):
        model.run("hi", max_tokens=513)
    with pytest.raises(IndexError, match=r"head in 0\.\.11"):
        model.head_params(0, 12)
    with pytest.raises(FileNotFoundError, match="convert_minilm"):
        MiniLM.load(tmp_path)


def test_erf_matches_math_erf() -> None:
    x = np.linspace(-6.0, 6.0, 20001)
    expected = np.array([math.erf(v) for v in x])
    assert np.max(np.abs(erf(x) - expected)) < 1e-7
    x32 = x.astype(np.float32)
    assert erf(x32).dtype == np.float32
    assert np.max(np.abs(erf(x32) - expected)) < 6e-7


def test_gelu_is_exact_erf_gelu() -> None:
    x = np.linspace(-8.0, 8.0, 4001).astype(np.float32)
    expected = np.array([0.5 * v * (1.0 + math.erf(v / math.sqrt(2.0))) for v in x.tolist()])
    result = gelu(x)
    assert result.dtype == np.float32
    assert np.max(np.abs(result - expected)) < 1e-6


def test_core_needs_neither_torch_nor_streamlit() -> None:
    code = (
        "import sys, core.pretrained, core.wordpiece; "
        "bad = {'torch', 'transformers', 'streamlit', 'altair', 'scipy'} & set(sys.modules); "
        "sys.exit(sorted(bad) or 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_model_folder_carries_licence_and_attribution() -> None:
    folder = REPO / "models" / "minilm"
    assert "Apache License" in (folder / "LICENSE").read_text()
    readme = (folder / "README.md").read_text()
    assert "sentence-transformers/all-MiniLM-L6-v2" in readme
    assert "microsoft/MiniLM-L12-H384-uncased" in readme
