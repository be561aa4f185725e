"""Where the vectors come from: the toy module, a pretrained head, or the model trained live.

Each source turns a sentence into an `Encoded` (tokens, embedding, positions, x, q, k, v) and
a `Projection`, so every concept page can draw the same steps whatever made the numbers.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from core.learning.task import TrainedModel
from core.pipeline import Encoded, Pipeline, Projection, attend_encoded, project
from core.pretrained import MiniLM, MiniLMResult
from core.tokenize import MAX_TOKENS, tokenize

SPECIALS = ("[CLS]", "[SEP]")


def pretrained_projection(model: MiniLM, layer: int, head: int) -> Projection:
    """One head's W_Q, W_K, W_V [d_model, d_head] and biases [d_head]."""
    p = model.head_params(layer, head)
    return Projection(w_q=p.w_q, w_k=p.w_k, w_v=p.w_v, b_q=p.b_q, b_k=p.b_k, b_v=p.b_v)


def pretrained_encode(
    model: MiniLM, result: MiniLMResult, n_pieces: int, layer: int, head: int
) -> Encoded:
    """The input of `layer` for one sentence, projected by one head.

    x is hidden[layer]: for layer 0 LayerNorm(word + position embeddings), later the output of
    the layer before. A text with no word pieces gives no tokens (not just [CLS] [SEP]).
    """
    if n_pieces == 0:
        empty = np.zeros((0, model.config.d_model), dtype=np.float32)
        return project((), 0, empty, empty, pretrained_projection(model, layer, head))
    return project(
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
    *,
    target: str | None = None,
    scale: bool = True,
    use_softmax: bool = True,
    causal: bool = False,
    temperature: float = 1.0,
    run: Callable[[str], MiniLMResult] | None = None,
) -> Pipeline:
    """A real head's attention, re-computed with the dashboard's switches (softmax off, ...).

    `run` is the forward pass (default `model.run`); pass a cached one to reuse it across heads.
    """
    forward = run or (lambda s: model.run(s, max_tokens=MAX_TOKENS))
    source = _encode_text(model, forward, text, layer, head)
    queries = source if target is None else _encode_text(model, forward, target, layer, head)
    return attend_encoded(
        queries,
        source,
        pretrained_projection(model, layer, head),
        scale=scale,
        use_softmax=use_softmax,
        causal=causal,
        temperature=temperature,
    )


def _encode_text(
    model: MiniLM, run: Callable[[str], MiniLMResult], text: str, layer: int, head: int
) -> Encoded:
    n_pieces = len(model.tokenizer.tokenize(text))
    return pretrained_encode(model, run(text), n_pieces, layer, head)


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
    return project(
        tokenized.tokens, tokenized.n_total, embedding, positions, trained_projection(model)
    )


def trained_pipeline(
    model: TrainedModel,
    text: str,
    *,
    target: str | None = None,
    scale: bool = True,
    use_softmax: bool = True,
    causal: bool = False,
    temperature: float = 1.0,
) -> Pipeline:
    """The trained model's attention over `text`, with the dashboard's switches."""
    source = trained_encode(model, text)
    queries = source if target is None else trained_encode(model, target)
    return attend_encoded(
        queries,
        source,
        trained_projection(model),
        scale=scale,
        use_softmax=use_softmax,
        causal=causal,
        temperature=temperature,
    )
