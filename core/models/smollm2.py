"""SmolLM2-135M running forward in numpy: a real generative model that predicts the next token.

A Llama-style decoder (Hugging Face's SmolLM2-135M-Instruct, Apache-2.0): 30 layers, each
    x   = RMSNorm(h) · g                         the layer's input, normalised   [n, 576]
    q   = rotate(x W_Qᵀ), k = rotate(x W_Kᵀ)     9 query heads, 3 key/value heads of 64
    v   = x W_Vᵀ                                 (query head i reads key/value head i // 3)
    h  += concat_heads(softmax(q kᵀ / √64, causal) v) W_Oᵀ
    h  += W_down(silu(W_gate m) · W_up m),  m = RMSNorm(h) · g₂
then logits = RMSNorm(h_last) · g_out Eᵀ, with E the token embedding (tied).
Positions enter only by rotating q and k ("rotary" positions, base 100,000), so the token rows
that enter attention carry no position: `SmolLM2Head` hands the pipeline q and k already turned.

Arithmetic in float32, as transformers does with the same file. The weights are the GGUF's,
de-quantised once into arrays on disk (core/models/smollm2_files.py) and memory-mapped here,
so that every process on a machine shares one copy.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from core.arrays import read_only
from core.attention import softmax
from core.bpe import ByteBPE, Piece
from core.encoding import Embedded, Encoded, Family, ModelRef, Projection

DTYPE = np.float32
START_ID = 0  # <|endoftext|>: put before every prompt, as a document starts in training
MAX_PROMPT_TOKENS = 64  # tokens the model reads, the start token included; the rest is said
WEIGHT_NAMES = ("attn_norm", "wq", "wk", "wv", "wo", "ffn_norm", "w_gate", "w_up", "w_down")

FAMILY = Family(
    "smollm2", layered=True, learned_positions=False, random_weights=False, tokenizer="bpe"
)


@dataclass(frozen=True)
class SmolLM2Config:
    n_layers: int = 30
    n_heads: int = 9  # query heads
    n_kv_heads: int = 3  # key/value heads, each shared by n_heads // n_kv_heads query heads
    d_model: int = 576
    d_head: int = 64
    d_ff: int = 1536
    vocab_size: int = 49152
    rope_base: float = 100_000.0
    eps: float = 1e-5

    @property
    def group(self) -> int:
        return self.n_heads // self.n_kv_heads

    @property
    def n_all_heads(self) -> int:
        return self.n_layers * self.n_heads


@dataclass(frozen=True, eq=False)
class SmolLM2Weights:
    """Every weight, read-only (memory-mapped); a linear layer's as [in, out], so y = x @ w."""

    embed: np.ndarray  # [vocab, d_model] token embedding, also the output layer
    attn_norm: np.ndarray  # [L, d_model]
    wq: np.ndarray  # [L, d_model, n_heads · d_head]
    wk: np.ndarray  # [L, d_model, n_kv_heads · d_head]
    wv: np.ndarray  # [L, d_model, n_kv_heads · d_head]
    wo: np.ndarray  # [L, n_heads · d_head, d_model]
    ffn_norm: np.ndarray  # [L, d_model]
    w_gate: np.ndarray  # [L, d_model, d_ff]
    w_up: np.ndarray  # [L, d_model, d_ff]
    w_down: np.ndarray  # [L, d_ff, d_model]
    out_norm: np.ndarray  # [d_model]


@dataclass(frozen=True, eq=False)
class SmolLM2Result:
    """One forward pass over a prompt: every layer's attention inputs and weights, and the
    logits of the last position (what comes next)."""

    text: str
    ids: tuple[int, ...]  # [n] the start token, then the prompt's tokens
    pieces: tuple[Piece, ...]  # [n - 1] the prompt's tokens, with their characters
    n_total: int  # the prompt's tokens before cutting (start token included)
    x: np.ndarray  # [L, n, d_model] each layer's attention input: RMSNorm(h) · g
    q: np.ndarray  # [L, n_heads, n, d_head] after rotation
    k: np.ndarray  # [L, n_kv_heads, n, d_head] after rotation
    v: np.ndarray  # [L, n_kv_heads, n, d_head]
    weights: np.ndarray  # [L, n_heads, n, n] softmax(q kᵀ / √d_head), causal
    z_last: np.ndarray  # [L, n_heads, d_head] each head's output at the last position
    h_last: np.ndarray  # [d_model] the last position's hidden state before the final norm
    logits: np.ndarray  # [vocab] of the last position

    @property
    def truncated(self) -> bool:
        return self.n_total > len(self.ids)


def rms_norm(h: np.ndarray, gain: np.ndarray, eps: float) -> np.ndarray:
    """[n, d] -> [n, d] each row divided by its root mean square, times gain [d]."""
    return (h / np.sqrt(np.mean(h * h, axis=-1, keepdims=True) + eps) * gain).astype(DTYPE)


def rotary(n: int, d_head: int, base: float) -> tuple[np.ndarray, np.ndarray]:
    """cos, sin [n, d_head] of the rotation at each position (the halves repeat)."""
    inv_freq = 1.0 / base ** (np.arange(0, d_head, 2, dtype=np.float32) / d_head)  # [d/2]
    angles = np.arange(n, dtype=np.float32)[:, None] * inv_freq[None, :]  # [n, d/2]
    angles = np.concatenate([angles, angles], axis=-1)  # [n, d_head]
    return np.cos(angles).astype(DTYPE), np.sin(angles).astype(DTYPE)


def rotate(x: np.ndarray, cos: np.ndarray, sin: np.ndarray) -> np.ndarray:
    """[..., n, d_head] turned by position: x·cos + rotate_half(x)·sin (transformers' rule)."""
    half = x.shape[-1] // 2
    turned = np.concatenate([-x[..., half:], x[..., :half]], axis=-1)  # [..., n, d_head]
    return (x * cos + turned * sin).astype(DTYPE)


class SmolLM2:
    """The model: tokenizer, weights, forward pass."""

    def __init__(self, config: SmolLM2Config, weights: SmolLM2Weights, tokenizer: ByteBPE):
        self.config = config
        self.weights = weights
        self.tokenizer = tokenizer

    @classmethod
    def load(cls, directory: str | Path) -> SmolLM2:
        """Read the arrays and the tokenizer that smollm2_files.prepare wrote in directory."""
        directory = Path(directory)
        arrays = {
            name: np.load(directory / f"{name}.npy", mmap_mode="r")
            for name in (*WEIGHT_NAMES, "embed", "out_norm")
        }
        tok = json.loads((directory / "tokenizer.json").read_text(encoding="utf-8"))
        tokenizer = ByteBPE(tok["vocab"], tok["merges"], tok["special"])
        return cls(SmolLM2Config(), SmolLM2Weights(**arrays), tokenizer)

    def prompt_ids(self, text: str) -> tuple[list[int], list[Piece], int]:
        """The start token and the prompt's tokens, cut to MAX_PROMPT_TOKENS: (ids, pieces,
        tokens before cutting)."""
        pieces = self.tokenizer.pieces(text)
        kept = pieces[: MAX_PROMPT_TOKENS - 1]
        return [START_ID, *(p.id for p in kept)], kept, len(pieces) + 1

    def run(self, text: str, layers: int | None = None) -> SmolLM2Result:
        """The forward pass over the prompt; only the first `layers` layers if given (then the
        logits and the last hidden state are empty: nothing reaches the output)."""
        ids, pieces, n_total = self.prompt_ids(text)
        return self.forward(text, ids, pieces, n_total, layers)

    def forward(
        self,
        text: str,
        ids: list[int],
        pieces: list[Piece],
        n_total: int,
        layers: int | None = None,
    ) -> SmolLM2Result:
        c, w = self.config, self.weights
        n, heads, kv = len(ids), c.n_heads, c.n_kv_heads
        cos, sin = rotary(n, c.d_head, c.rope_base)  # [n, d_head] each
        mask = np.tril(np.ones((n, n), dtype=bool))  # [n, n] a token sees itself and before
        h = np.asarray(w.embed[ids], dtype=DTYPE)  # [n, d_model]
        xs, qs, ks, vs, ws, zs = [], [], [], [], [], []
        for layer in range(c.n_layers if layers is None else layers):
            x = rms_norm(h, w.attn_norm[layer], c.eps)  # [n, d_model]
            q = (x @ w.wq[layer]).reshape(n, heads, c.d_head).transpose(1, 0, 2)  # [H, n, d]
            k = (x @ w.wk[layer]).reshape(n, kv, c.d_head).transpose(1, 0, 2)  # [KV, n, d]
            v = (x @ w.wv[layer]).reshape(n, kv, c.d_head).transpose(1, 0, 2)  # [KV, n, d]
            q, k = rotate(q, cos, sin), rotate(k, cos, sin)
            k_each = np.repeat(k, c.group, axis=0)  # [H, n, d] query head i reads k of i // 3
            v_each = np.repeat(v, c.group, axis=0)  # [H, n, d]
            scores = q @ k_each.transpose(0, 2, 1) / np.float32(np.sqrt(c.d_head))  # [H, n, n]
            weights = softmax(np.where(mask, scores, -np.inf), axis=-1).astype(DTYPE)
            z_heads = weights @ v_each  # [H, n, d_head]
            z = z_heads.transpose(1, 0, 2).reshape(n, heads * c.d_head)  # [n, H·d]
            h = h + z @ w.wo[layer]  # [n, d_model]
            m = rms_norm(h, w.ffn_norm[layer], c.eps)  # [n, d_model]
            gate = m @ w.w_gate[layer]  # [n, d_ff]
            up = m @ w.w_up[layer]  # [n, d_ff]
            h = h + (gate / (1.0 + np.exp(-gate)) * up) @ w.w_down[layer]  # [n, d_model]
            xs.append(x), qs.append(q), ks.append(k), vs.append(v), ws.append(weights)
            zs.append(z_heads[:, -1])
        last = rms_norm(h[-1:], w.out_norm, c.eps)  # [1, d_model]
        logits = w.embed @ last[0] if layers is None else np.zeros(0, DTYPE)  # [vocab]
        stacked = read_only(*(np.stack(a) for a in (xs, qs, ks, vs, ws, zs)))
        return SmolLM2Result(
            text, tuple(ids), tuple(pieces), n_total, *stacked, *read_only(h[-1].copy(), logits)
        )

    def head_pushes(self, result: SmolLM2Result, token_id: int) -> np.ndarray:
        """[L, n_heads] how much each head's output at the last position raises the logit of
        token_id directly: (z W_O) through the final norm's scale and gain, dotted with the
        token's embedding ("direct logit attribution"; what later layers make of it is left
        out). The heads' pushes and the rest of the residual stream add up to the logit."""
        c, w = self.config, self.weights
        scale = 1.0 / np.sqrt(np.mean(result.h_last.astype(np.float64) ** 2) + c.eps)  # final norm
        direction = w.out_norm * w.embed[token_id] * scale  # [d_model]
        wo = np.asarray(w.wo).reshape(c.n_layers, c.n_heads, c.d_head, c.d_model)  # [L, H, d, D]
        out = np.einsum("lhd,lhdm->lhm", result.z_last, wo)  # [L, H, d_model]
        return out @ direction  # [L, H]

    def head_projection(self, layer: int, head: int) -> Projection:
        """W_Q, W_K, W_V [d_model, d_head] of one query head (its key/value head's K and V)."""
        c, w = self.config, self.weights
        kv, d = head // c.group, c.d_head
        w_q = w.wq[layer, :, head * d : (head + 1) * d]  # [d_model, d_head]
        w_k = w.wk[layer, :, kv * d : (kv + 1) * d]  # [d_model, d_head]
        w_v = w.wv[layer, :, kv * d : (kv + 1) * d]  # [d_model, d_head]
        return Projection.without_bias(*read_only(w_q, w_k, w_v))


@dataclass(frozen=True)
class NextToken:
    id: int
    probability: float  # after temperature and top-k, summing to 1 over the kept tokens
    logit: float


def next_tokens(
    logits: np.ndarray, temperature: float = 1.0, top_k: int | None = None, count: int = 10
) -> list[NextToken]:
    """[vocab] logits -> the `count` most likely next tokens, most likely first.

    probabilities = softmax(logits / temperature) over the top_k largest logits (all if None)."""
    if not temperature > 0:
        raise ValueError(f"temperature must be positive; got {temperature}")
    scaled = logits.astype(np.float64) / temperature  # [vocab]
    if top_k is not None and top_k < scaled.size:
        cut = np.partition(scaled, -top_k)[-top_k]
        scaled = np.where(scaled >= cut, scaled, -np.inf)
    probs = softmax(scaled)  # [vocab]
    count = min(count, probs.size)
    top = np.argpartition(-probs, count - 1)[:count]  # [count] the largest, in no order
    order = top[np.lexsort((top, -probs[top]))]  # most likely first; a tie, the lower id first
    return [NextToken(int(i), float(probs[i]), float(logits[i])) for i in order]


def token_labels(tokenizer: ByteBPE, result: SmolLM2Result) -> tuple[str, ...]:
    """Each token as a reader sees it: its characters, never bytes ("⟨start⟩" first; a character
    spread over several tokens is shown in each, numbered: "猫 1/3")."""
    labels = ["⟨start⟩"]
    pieces = result.pieces
    for i, piece in enumerate(pieces):
        text = result.text[piece.span[0] : piece.span[1]]
        shown = visible(text)
        if not piece.whole:  # numbered among the tokens that end in the same character
            same = [j for j, p in enumerate(pieces) if p.span[1] == piece.span[1]]
            shown = f"{shown} {same.index(i) + 1}/{len(same)}"
        labels.append(shown)
    return tuple(labels)


def visible(text: str) -> str:
    """A token's text for a label: the space before a word dropped, white space made visible."""
    stripped = text[1:] if text.startswith(" ") and text.strip() else text
    if stripped.strip():
        return stripped
    return stripped.replace(" ", "␣").replace("\n", "↵").replace("\t", "⇥") or "␣"


def entry_label(tokenizer: ByteBPE, token_id: int) -> str:
    """A vocabulary entry (a next-token candidate) as text; an entry that is part of a
    character shows its bytes' hex, marked as a piece (e.g. "⟨byte E7⟩")."""
    raw = tokenizer.entry_bytes(token_id)
    try:
        return visible(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return "⟨" + " ".join(f"{b:02X}" for b in raw) + "⟩"


@dataclass(frozen=True, eq=False)
class SmolLM2Head:
    """One query head of SmolLM2 as the pipeline's model: x is its layer's normalised input,
    Q and K come turned by position (`project`), and the attention is causal.

    `run` is the forward pass (default `model.run`); pass a cached one to reuse it."""

    model: SmolLM2
    layer: int
    head: int
    run: Callable[[str], SmolLM2Result] | None = None

    @property
    def ref(self) -> ModelRef:
        c = self.model.config
        return ModelRef(FAMILY.kind, c.d_model, c.d_head, layer=self.layer, head=self.head)

    @property
    def projection(self) -> Projection:
        return self.model.head_projection(self.layer, self.head)

    def result(self, text: str) -> SmolLM2Result:
        return (self.run or self.model.run)(text)

    def encode(self, text: str) -> Embedded:
        r = self.result(text)
        tokens = token_labels(self.model.tokenizer, r)
        embedding = read_only(np.asarray(self.model.weights.embed[list(r.ids)], dtype=DTYPE))
        no_positions = read_only(np.zeros_like(embedding))  # positions turn q and k instead
        x = r.x[self.layer]  # [n, d_model]
        return Embedded(text, tokens, r.n_total, embedding, no_positions, x, x_kind="rmsnorm")

    def project(self, inputs: Embedded) -> Encoded:
        """q and k of this head as the model computed them (turned by position), and v."""
        r = self.result(inputs.text)
        kv = self.head // self.model.config.group
        fields = {name: getattr(inputs, name) for name in Embedded.__dataclass_fields__}
        return Encoded(
            **fields,
            q=r.q[self.layer, self.head],  # [n, d_head]
            k=r.k[self.layer, kv],  # [n, d_head]
            v=r.v[self.layer, kv],  # [n, d_head]
        )


# The head that tells the article's story best: layer 10's head 1. Its object row puts the most
# weight on the verb (the start token counted apart, as the sink), by 1.2x over every other word,
# on these shares of held-out sentences, 200 a form, from the word pool the scan never saw
# (python -m tools.scan_smollm2_heads --measure 10,1 --count 200 --held-out-seed 11; the scan
# and both tables are in models/smollm2/README.md). Passive: the object comes before its verb,
# and a left-to-right model's object cannot see what comes after it.
STORY_HEAD: tuple[int, int] = (10, 1)
STORY_RATES: dict[str, float] = {
    "plain": 1.000,
    "question": 1.000,
    "wh_question": 0.995,
    "progressive": 0.995,
    "perfect": 0.995,
    "future": 1.000,
    "imperative": 0.955,
    "quantifier": 0.995,
    "possessive": 0.990,
    "relative": 0.960,
    "adverb": 1.000,
    "time": 0.995,
    "negation": 0.990,
    "adjective_object": 0.995,
    "passive": 0.000,
}
