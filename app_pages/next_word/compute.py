"""The next-word page's own cached calls into SmolLM2: the likeliest next tokens, the head that
pushes the top one most, every head's thumbnail, and what the JSON export adds."""

from __future__ import annotations

import dataclasses
import unicodedata
from dataclasses import dataclass
from typing import Any

import numpy as np
import streamlit as st

from app_pages.next_word.charts import FUTURE_RGB, THUMB_CELLS
from core.attention import AttentionSettings
from core.bpe import ByteBPE
from core.models.smollm2 import STORY_RATES, NextToken, entry_label, next_tokens
from core.pipeline import Pipeline
from core.sentence_forms import PASSIVE_FORMS
from ui import compute, thumbs

COUNT = 10  # candidates shown
MODEL_SETTINGS = AttentionSettings(causal=True)  # the model's own: ÷√d_k, softmax, causal


@dataclass(frozen=True)
class Candidate:
    id: int
    label: str  # as a reader sees it: no "Ġ"; a piece of a character as its bytes, "⟨E7⟩"
    text: str | None  # what adding it appends to the prompt; None: part of a character
    probability: float  # after temperature and top-k
    logit: float


@dataclass(frozen=True)
class Prediction:
    """The likeliest next tokens of a prompt, and the temperature and top-k that made them."""

    text: str
    temperature: float
    top_k: int | None  # None: every token may come next
    candidates: tuple[Candidate, ...]  # most likely first


@dataclass(frozen=True)
class Push:
    """The head whose output raises a token's logit most directly, and by how much."""

    layer: int
    head: int
    push: float  # its share of the logit (SmolLM2.head_pushes)


def top_k_of(choice: str) -> int | None:
    """The top-k control's value as next_tokens takes it: None for "all"."""
    return None if choice == "all" else int(choice)


def appended_text(tokenizer: ByteBPE, token_id: int) -> str | None:
    """The exact text a token adds (tokenizer.decode of it, its leading space kept); None for
    a piece of a character (its bytes are no text) or a special token."""
    if tokenizer.vocab[token_id] in tokenizer.special:
        return None
    try:
        return tokenizer.entry_bytes(token_id).decode("utf-8")
    except UnicodeDecodeError:
        return None


def candidate(tokenizer: ByteBPE, token: NextToken) -> Candidate:
    return Candidate(
        token.id,
        entry_label(tokenizer, token.id),
        appended_text(tokenizer, token.id),
        token.probability,
        token.logit,
    )


@st.cache_data(max_entries=128, show_spinner=False)
def prediction(text: str, temperature: float, top_k: int | None) -> Prediction:
    """The COUNT likeliest next tokens (fewer when top-k keeps fewer) of `text`."""
    model, result = compute.smollm2(), compute.smollm2_run(text)
    count = COUNT if top_k is None else min(COUNT, top_k)
    found = next_tokens(result.logits, temperature, top_k, count=count)
    return Prediction(text, temperature, top_k, tuple(candidate(model.tokenizer, n) for n in found))


@st.cache_data(max_entries=64, show_spinner=False)
def strongest_push(text: str, token_id: int) -> Push:
    """Of every head, the one whose output at the last position pushes `token_id` up most."""
    pushes = compute.smollm2().head_pushes(compute.smollm2_run(text), token_id)  # [L, H]
    layer, head = np.unravel_index(np.argmax(pushes), pushes.shape)
    return Push(int(layer), int(head), float(pushes[layer, head]))


def pooled(matrix: np.ndarray, cells: int) -> np.ndarray:
    """[..., n, n] -> [..., m, m] with m = min(n, cells): each cell the mean of a block of
    neighbouring rows and columns (a thumbnail of a long prompt: 64 tokens in 19 px)."""
    n = matrix.shape[-1]
    if n <= cells:
        return matrix
    edges = np.linspace(0, n, cells + 1).astype(int)[:-1]  # [m] where each block starts
    sizes = np.diff(np.append(edges, n))  # [m]
    summed = np.add.reduceat(np.add.reduceat(matrix, edges, axis=-1), edges, axis=-2)
    return summed / (sizes[:, None] * sizes[None, :])


@st.cache_data(max_entries=24, show_spinner=False)
def head_thumbnails(text: str) -> list[str]:
    """One PNG data URI per (layer, head), layer-major, of the model's weights: one pixel per
    cell (at most THUMB_CELLS a side: blocks of a long prompt averaged), the masked future
    (above the diagonal) left white."""
    weights = compute.smollm2_run(text).weights  # [L, H, n, n]
    n = weights.shape[-1]
    future = pooled(np.triu(np.ones((n, n)), k=1), THUMB_CELLS) == 1.0  # [m, m] all future
    shown = pooled(weights, THUMB_CELLS)  # [L, H, m, m]
    rgb = thumbs.colorize(shown, thumbs.stops(thumbs.WEIGHT_STOPS))  # [L, H, m, m, 3]
    rgb[:, :, future] = FUTURE_RGB
    return [thumbs.png_uri(head) for layer in rgb for head in layer]


def reads_poorly(text: str) -> bool:
    """The prompt holds Chinese (or other wide) characters, which SmolLM2 barely learned."""
    return any(unicodedata.east_asian_width(ch) in "WF" for ch in text)


@dataclass(frozen=True)
class StoryRates:
    """How often the story head's object row puts the most weight on the verb, on held-out
    sentences (core.models.smollm2.STORY_RATES)."""

    plain: float | None  # the article's form: The farmer painted the fence.
    lowest: float  # over the forms where the verb comes before its object
    highest: float
    forms: int
    passive: float | None  # the object comes first: its row cannot see the verb


def story_rates() -> StoryRates | None:
    """The story head's measured rates, or None before they were measured."""
    active = [rate for form, rate in STORY_RATES.items() if form not in PASSIVE_FORMS]
    if not active:
        return None
    passive = [STORY_RATES[form] for form in PASSIVE_FORMS if form in STORY_RATES]
    return StoryRates(
        STORY_RATES.get("plain"), min(active), max(active), len(active), max(passive, default=None)
    )


def export_fields(
    prediction: Prediction, result_ids: tuple[int, ...], n_total: int, p: Pipeline, shown: Pipeline
) -> dict[str, Any]:
    """What the JSON export holds beside the head's pipeline (`p`, with the model's own
    switches: its tokens and weights are the head's as the model computed them): the prompt,
    its token ids, the candidates, and the weights as the page shows them when its switches
    differ from the model's."""
    fields: dict[str, Any] = {
        "layer": p.model.layer,
        "head": p.model.head,
        "prompt": prediction.text,
        "prompt_ids": list(result_ids),
        "prompt_tokens_total": n_total,
        "next_tokens": {
            "temperature": prediction.temperature,
            "top_k": prediction.top_k,
            "candidates": [dataclasses.asdict(c) for c in prediction.candidates],
        },
    }
    if shown.settings != p.settings:
        fields["shown"] = {
            "attention": dataclasses.asdict(shown.settings),
            "weights": np.asarray(shown.attention.weights, dtype=float).tolist(),
        }
    return fields
