"""Pipelines from the real models: a pretrained MiniLM head, or the model trained on page 7.

Each turns a sentence into an `Encoded` (tokens, embedding, positions, x, q, k, v) and a
`Projection`, so every concept page can draw the same steps whatever made the numbers.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from core.attention import STANDARD, AttentionSettings
from core.learning.task import TrainedModel
from core.pipeline import Encoded, ModelRef, Pipeline, Projection, attend_encoded, project
from core.pretrained import MiniLM, MiniLMResult
from core.tokenize import MAX_TOKENS, tokenize


def pretrained_projection(model: MiniLM, layer: int, head: int) -> Projection:
    """One head's W_Q, W_K, W_V [d_model, d_head] and biases [d_head]."""
    p = model.head_params(layer, head)
    return Projection(w_q=p.w_q, w_k=p.w_k, w_v=p.w_v, b_q=p.b_q, b_k=p.b_k, b_v=p.b_v)


def pretrained_encode(
    model: MiniLM, text: str, result: MiniLMResult, n_pieces: int, layer: int, head: int
) -> Encoded:
    """The input of `layer` for one sentence, projected by one head.

    x is hidden[layer]: for layer 0 LayerNorm(word + position embeddings), later the output of
    the layer before. A text with no word pieces gives no tokens (not just [CLS] [SEP]).
    """
    if n_pieces == 0:
        empty = np.zeros((0, model.config.d_model), dtype=np.float32)
        return project(text, (), 0, empty, empty, pretrained_projection(model, layer, head))
    return project(
        text,
        tuple(result.tokens),
        n_pieces + 2,
        result.word_embeddings,
        result.position_embeddings,
        pretrained_projection(model, layer, head),
        x=result.hidden[layer],
        x_kind="layernorm" if layer == 0 else "layer",
    )


def pretrained_pipeline(
    model: MiniLM,
    text: str,
    layer: int,
    head: int,
    settings: AttentionSettings = STANDARD,
    *,
    query_text: str | None = None,
    run: Callable[[str], MiniLMResult] | None = None,
) -> Pipeline:
    """A real head's attention, re-computed with the dashboard's switches (softmax off, ...).

    `run` is the forward pass (default `model.run`); pass a cached one to reuse it across heads.
    """
    forward = run or (lambda s: model.run(s, max_tokens=MAX_TOKENS))

    def encode(sentence: str) -> Encoded:
        n_pieces = len(model.tokenizer.tokenize(sentence))
        return pretrained_encode(model, sentence, forward(sentence), n_pieces, layer, head)

    key_side = encode(text)
    query_side = key_side if query_text is None else encode(query_text)
    config = model.config
    ref = ModelRef("minilm", config.d_model, config.d_head, layer=layer, head=head)
    projection = pretrained_projection(model, layer, head)
    return attend_encoded(query_side, key_side, projection, settings, ref)


def trained_projection(model: TrainedModel) -> Projection:
    """The trained W_Q, W_K [d_model, d_k] and W_V [d_model, d_v]; the model has no biases."""
    return Projection(
        w_q=model.w_q,
        w_k=model.w_k,
        w_v=model.w_v,
        b_q=np.zeros(model.d_k),
        b_k=np.zeros(model.d_k),
        b_v=np.zeros(model.d_v),
    )


def trained_encode(model: TrainedModel, text: str) -> Encoded:
    """The sentence through the model trained on page 7: its embeddings and positions.

    Words it never saw get a zero vector (see `model.unknown`); object words get the [mask]
    vector, as in training (see `model.hidden`).
    """
    tokenized = tokenize(text)
    embedding, positions = model.embed(list(tokenized.tokens))
    projection = trained_projection(model)
    return project(text, tokenized.tokens, tokenized.n_total, embedding, positions, projection)


def trained_pipeline(
    model: TrainedModel,
    text: str,
    settings: AttentionSettings = STANDARD,
    *,
    query_text: str | None = None,
    seed: int | None = None,
) -> Pipeline:
    """The trained model's attention over `text`, with the dashboard's switches.

    `seed`: the training seed, for the charts to name the run.
    """
    key_side = trained_encode(model, text)
    query_side = key_side if query_text is None else trained_encode(model, query_text)
    ref = ModelRef("trained", model.d_model, model.d_k, seed=seed)
    return attend_encoded(query_side, key_side, trained_projection(model), settings, ref)
