"""all-MiniLM-L6-v2 running forward in numpy, keeping every layer's and head's attention.

The arithmetic of Hugging Face's BertModel in eval mode (no dropout; one unpadded sentence, so no
mask), in float32, from the float16 weights that tools/convert_minilm.py writes.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from core.arrays import read_only
from core.attention import softmax
from core.encoding import Projection
from core.wordpiece import Encoding, WordPieceTokenizer

DEFAULT_DIR = Path(__file__).resolve().parent.parent / "models" / "minilm"
DTYPE = np.float32  # every weight and activation

# erf(x) ≈ x·P(x²)/Q(x²) on [-4, 4], ±1 beyond: the rational approximation of Eigen and XLA.
# Within 7e-8 of erf in float64 arithmetic, 5e-7 (a few ulps) in float32.
ERF_P = (  # numerator, highest power first
    -2.72614225801306e-10,
    2.77068142495902e-08,
    -2.10102402082508e-06,
    -5.69250639462346e-05,
    -7.34990630326855e-04,
    -2.95459980854025e-03,
    -1.60960333262415e-02,
)
ERF_Q = (  # denominator, highest power first
    -1.45660718464996e-05,
    -2.13374055278905e-04,
    -1.68282697438203e-03,
    -7.37332916720468e-03,
    -1.42647390514189e-02,
)
ERF_CLAMP = 4.0  # 1 - erf(4) = 1.5e-8


@dataclass(frozen=True)
class MiniLMConfig:
    """Sizes of the model, read from config.json."""

    n_layers: int = 6  # encoder layers
    n_heads: int = 12  # attention heads per layer
    d_model: int = 384  # hidden size
    d_head: int = 32  # d_model / n_heads
    d_ff: int = 1536  # feed-forward inner size
    vocab_size: int = 30522  # WordPiece vocabulary
    max_positions: int = 512  # learned position embeddings
    layer_norm_eps: float = 1e-12  # LayerNorm epsilon

    @classmethod
    def from_json(cls, path: Path) -> MiniLMConfig:
        """Read a Hugging Face BERT config.json."""
        hf = json.loads(path.read_text())
        d_model, n_heads = hf["hidden_size"], hf["num_attention_heads"]
        return cls(
            n_layers=hf["num_hidden_layers"],
            n_heads=n_heads,
            d_model=d_model,
            d_head=d_model // n_heads,
            d_ff=hf["intermediate_size"],
            vocab_size=hf["vocab_size"],
            max_positions=hf["max_position_embeddings"],
            layer_norm_eps=hf["layer_norm_eps"],
        )


@dataclass(frozen=True, eq=False)
class LayerWeights:
    """One encoder layer. Matrices are [d_in, d_out]: y = x @ w + b."""

    w_qkv: np.ndarray  # [d_model, 3 * d_model] query, key, value side by side, heads in order
    b_qkv: np.ndarray  # [3 * d_model]
    w_o: np.ndarray  # [d_model, d_model] attention output
    b_o: np.ndarray  # [d_model]
    ln1_gamma: np.ndarray  # [d_model] LayerNorm after attention
    ln1_beta: np.ndarray  # [d_model]
    w_in: np.ndarray  # [d_model, d_ff] feed-forward in
    b_in: np.ndarray  # [d_ff]
    w_out: np.ndarray  # [d_ff, d_model] feed-forward out
    b_out: np.ndarray  # [d_model]
    ln2_gamma: np.ndarray  # [d_model] LayerNorm after feed-forward
    ln2_beta: np.ndarray  # [d_model]


# LayerWeights' fields read as they are from weights.npz, under "layer{i}." (Q, K, V are fused)
LAYER_ARRAYS = {
    "w_o": "attn.w_o",
    "b_o": "attn.b_o",
    "ln1_gamma": "ln1.gamma",
    "ln1_beta": "ln1.beta",
    "w_in": "ffn.w_in",
    "b_in": "ffn.b_in",
    "w_out": "ffn.w_out",
    "b_out": "ffn.b_out",
    "ln2_gamma": "ln2.gamma",
    "ln2_beta": "ln2.beta",
}


@dataclass(frozen=True, eq=False)
class MiniLMResult:
    """Everything one forward pass computed, for n tokens. Arrays are float32 and read-only.

    hidden[0] is LayerNorm(word_embeddings + position_embeddings), the input to layer 0;
    position_embeddings already include the token-type embedding (type 0 for every token).
    """

    tokens: list[str]  # [n] with [CLS] first and [SEP] last
    ids: np.ndarray  # [n] vocabulary ids
    truncated: bool  # True when the text had more word pieces than fitted
    word_embeddings: np.ndarray  # [n, d_model] rows of the word-embedding table
    position_embeddings: np.ndarray  # [n, d_model] position embedding + token-type-0 embedding
    hidden: np.ndarray  # [n_layers + 1, n, d_model]; [L] is the input to layer L, see below
    q: np.ndarray  # [n_layers, n_heads, n, d_head] bias included
    k: np.ndarray  # [n_layers, n_heads, n, d_head] bias included
    v: np.ndarray  # [n_layers, n_heads, n, d_head] bias included
    scores: np.ndarray  # [n_layers, n_heads, n, n] q·kᵀ / √d_head, before softmax
    weights: np.ndarray  # [n_layers, n_heads, n, n] softmax(scores), rows sum to 1
    head_outputs: np.ndarray  # [n_layers, n_heads, n, d_head] weights @ v


def erf(x: np.ndarray) -> np.ndarray:
    """Error function, elementwise, in the float dtype of x (no scipy)."""
    x = np.clip(x, -ERF_CLAMP, ERF_CLAMP)
    x2 = x * x
    p = np.full_like(x, ERF_P[0])
    for c in ERF_P[1:]:
        p *= x2
        p += c
    q = np.full_like(x, ERF_Q[0])
    for c in ERF_Q[1:]:
        q *= x2
        q += c
    p *= x
    p /= q
    return p


def gelu(x: np.ndarray) -> np.ndarray:
    """Exact GELU, BERT's "gelu": x·Φ(x) = x/2 · (1 + erf(x/√2))."""
    y = erf(x * (1.0 / math.sqrt(2.0)))
    y += 1.0
    y *= x
    y *= 0.5
    return y


def layer_norm(x: np.ndarray, gamma: np.ndarray, beta: np.ndarray, eps: float) -> np.ndarray:
    """[n, d] -> [n, d]: each row to mean 0, variance 1, then scaled by gamma, shifted by beta."""
    mean = x.mean(axis=-1, keepdims=True)  # [n, 1]
    centred = x - mean  # [n, d]
    var = np.mean(centred * centred, axis=-1, keepdims=True)  # [n, 1]
    return centred / np.sqrt(var + eps) * gamma + beta


@dataclass(frozen=True, eq=False)
class MiniLM:
    """all-MiniLM-L6-v2: tokenizer, float32 weights, and a forward pass that keeps attention."""

    config: MiniLMConfig
    tokenizer: WordPieceTokenizer
    word_table: np.ndarray  # [vocab_size, d_model]
    position_table: np.ndarray  # [max_positions, d_model]
    token_type_table: np.ndarray  # [2, d_model]; every token here is of type 0
    ln_gamma: np.ndarray  # [d_model] LayerNorm of the embeddings
    ln_beta: np.ndarray  # [d_model]
    layers: tuple[LayerWeights, ...]  # [n_layers]

    @classmethod
    def load(cls, path: str | Path = DEFAULT_DIR) -> MiniLM:
        """Read weights.npz, vocab.txt and config.json from `path`; weights become float32."""
        path = Path(path)
        npz_path = path / "weights.npz"
        if not npz_path.is_file():
            raise FileNotFoundError(
                f"{npz_path} is missing; run `python -m tools.convert_minilm` to create it."
            )
        config = MiniLMConfig.from_json(path / "config.json")
        with np.load(npz_path) as npz:

            def read(key: str) -> np.ndarray:
                return read_only(npz[key].astype(DTYPE))

            def fused(prefix: str) -> np.ndarray:
                return read_only(
                    np.concatenate([npz[prefix + c] for c in "qkv"], axis=-1, dtype=DTYPE)
                )

            layers = tuple(
                LayerWeights(
                    w_qkv=fused(f"layer{i}.attn.w_"),
                    b_qkv=fused(f"layer{i}.attn.b_"),
                    **{field: read(f"layer{i}.{name}") for field, name in LAYER_ARRAYS.items()},
                )
                for i in range(config.n_layers)
            )
            return cls(
                config=config,
                tokenizer=WordPieceTokenizer.from_vocab_file(path / "vocab.txt"),
                word_table=read("embed.word"),
                position_table=read("embed.position"),
                token_type_table=read("embed.token_type"),
                ln_gamma=read("embed.ln.gamma"),
                ln_beta=read("embed.ln.beta"),
                layers=layers,
            )

    def head_params(self, layer: int, head: int) -> Projection:
        """One head's slices of a layer's projections: q = hidden[layer] @ w_q + b_q."""
        cfg = self.config
        if not (0 <= layer < cfg.n_layers and 0 <= head < cfg.n_heads):
            raise IndexError(
                f"layer must be in 0..{cfg.n_layers - 1} and head in 0..{cfg.n_heads - 1}, "
                f"got layer={layer}, head={head}"
            )
        lw = self.layers[layer]
        w = lw.w_qkv.reshape(cfg.d_model, 3, cfg.n_heads, cfg.d_head)[:, :, head]  # [d, 3, d_h]
        b = lw.b_qkv.reshape(3, cfg.n_heads, cfg.d_head)[:, head]  # [3, d_h]
        return Projection(w_q=w[:, 0], w_k=w[:, 1], w_v=w[:, 2], b_q=b[0], b_k=b[1], b_v=b[2])

    def run(self, text: str, max_tokens: int = 64) -> MiniLMResult:
        """Tokenize `text` into at most max_tokens (incl. [CLS] and [SEP]) and run the encoder."""
        if not 2 <= max_tokens <= self.config.max_positions:
            raise ValueError(
                f"max_tokens must be between 2 and {self.config.max_positions}, got {max_tokens}"
            )
        return self.forward(self.tokenizer.encode(text, max_tokens=max_tokens))

    def forward(self, encoding: Encoding) -> MiniLMResult:
        """Run the encoder on one encoded text, keeping every intermediate."""
        cfg = self.config
        n_l, n_h, d, d_h = cfg.n_layers, cfg.n_heads, cfg.d_model, cfg.d_head
        ids = encoding.ids  # [n]
        n = len(ids)
        if not 1 <= n <= cfg.max_positions:
            raise ValueError(f"the model takes 1 to {cfg.max_positions} tokens, got {n}")
        scale = 1.0 / math.sqrt(d_h)

        word = self.word_table[ids]  # [n, d]
        position = self.position_table[:n] + self.token_type_table[0]  # [n, d]
        x = layer_norm(word + position, self.ln_gamma, self.ln_beta, cfg.layer_norm_eps)  # [n, d]

        hidden = np.empty((n_l + 1, n, d), DTYPE)
        qkv_heads = np.empty((n_l, 3, n_h, n, d_h), DTYPE)
        scores = np.empty((n_l, n_h, n, n), DTYPE)
        weights = np.empty((n_l, n_h, n, n), DTYPE)
        head_outputs = np.empty((n_l, n_h, n, d_h), DTYPE)
        hidden[0] = x
        for i, lw in enumerate(self.layers):
            qkv = x @ lw.w_qkv  # [n, 3d]
            qkv += lw.b_qkv
            qkv_heads[i] = qkv.reshape(n, 3, n_h, d_h).transpose(1, 2, 0, 3)  # [3, h, n, d_h]
            q, k, v = qkv_heads[i]  # [h, n, d_h] each
            np.matmul(q, k.transpose(0, 2, 1), out=scores[i])  # [h, n, n]
            scores[i] *= scale
            weights[i] = softmax(scores[i])  # [h, n, n]
            np.matmul(weights[i], v, out=head_outputs[i])  # [h, n, d_h]
            context = head_outputs[i].transpose(1, 0, 2).reshape(n, d)  # [n, d] heads side by side
            attended = context @ lw.w_o  # [n, d]
            attended += lw.b_o
            attended += x  # residual
            x = layer_norm(attended, lw.ln1_gamma, lw.ln1_beta, cfg.layer_norm_eps)  # [n, d]
            inner = x @ lw.w_in  # [n, d_ff]
            inner += lw.b_in
            ffn = gelu(inner) @ lw.w_out  # [n, d]
            ffn += lw.b_out
            ffn += x  # residual
            x = layer_norm(ffn, lw.ln2_gamma, lw.ln2_beta, cfg.layer_norm_eps)  # [n, d]
            hidden[i + 1] = x

        return MiniLMResult(
            tokens=list(encoding.tokens),
            ids=read_only(ids.copy()),
            truncated=encoding.truncated,
            word_embeddings=read_only(word),
            position_embeddings=read_only(position),
            hidden=read_only(hidden),
            q=read_only(qkv_heads[:, 0]),
            k=read_only(qkv_heads[:, 1]),
            v=read_only(qkv_heads[:, 2]),
            scores=read_only(scores),
            weights=read_only(weights),
            head_outputs=read_only(head_outputs),
        )
