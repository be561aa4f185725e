"""Time MiniLM.load() and the numpy forward pass; compare with HF BertModel if torch is there.

`python -m tools.bench --only models` runs this section alone. With OPENBLAS_NUM_THREADS set,
torch is given the same number of threads.
"""

from __future__ import annotations

import gc
import importlib.util
import os
import statistics
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from core.pretrained import DEFAULT_DIR, MiniLM
from tools.server import rss_mb
from tools.timing import timings

RUNS, ROUNDS = 5, 2  # timed calls per measure and round; rounds, the measures taking turns
TOKEN_COUNTS = (16, 64)  # sequence lengths timed, [CLS] and [SEP] included
TEXT = (  # long enough to fill the largest token count
    "Attention lets every token look at every other token in the sentence, weigh how relevant "
    "each one is with a softmax over scaled dot products of queries and keys, and then mix "
    "their value vectors into a new representation; stacking six such layers with twelve heads "
    "each gives the model its contextual embeddings, and this sentence goes on a little longer "
    "so that it certainly holds more than sixty-four word pieces."
)


def time_ms(fns: dict[str, Callable[[], object]], runs: int, rounds: int) -> dict[str, float]:
    """`{name}_ms` (median) and `{name}_min_ms` wall times of each fn, in milliseconds.

    In each of `rounds` rounds every fn is warmed up and then called `runs` times, so that on a
    shared machine every fn sees much the same background load.
    """
    samples: dict[str, list[float]] = {name: [] for name in fns}
    for _ in range(rounds):
        for name, fn in fns.items():
            fn()
            samples[name] += [1000 * s for s in timings(fn, runs).wall]
    out = {f"{name}_ms": statistics.median(times) for name, times in samples.items()}
    out |= {f"{name}_min_ms": min(times) for name, times in samples.items()}
    return out


def torch_available() -> bool:
    """True when torch and transformers can be imported."""
    return all(importlib.util.find_spec(m) is not None for m in ("torch", "transformers"))


def torch_forwards(ids_by_n: dict[int, list[int]]) -> dict[str, Callable[[], object]]:
    """HF BertModel forward passes on our weights: default (sdpa), and eager with attentions."""
    import torch

    from tools.make_reference import bert, hf_state_dict

    if "OPENBLAS_NUM_THREADS" in os.environ:  # compare like with like
        torch.set_num_threads(int(os.environ["OPENBLAS_NUM_THREADS"]))

    state = hf_state_dict(DEFAULT_DIR / "weights.npz")
    models = {"sdpa": bert(state, "sdpa"), "eager": bert(state, "eager")}

    def forward(model: object, input_ids: torch.Tensor, output_attentions: bool) -> object:
        with torch.inference_mode():
            return model(input_ids, output_attentions=output_attentions)  # type: ignore[operator]

    return {
        f"torch_{name}_{n}": partial(forward, model, torch.tensor([ids]), name == "eager")
        for n, ids in ids_by_n.items()
        for name, model in models.items()
    }


def bench(runs: int = RUNS, rounds: int = ROUNDS, path: Path = DEFAULT_DIR) -> dict[str, float]:
    """Load time and memory of MiniLM.load(), forward times; HF BertModel and ratios if present.

    `ratio_{n}` is numpy's median forward time over that of torch's default (sdpa) BertModel;
    `ratio_{n}_of_mins` compares the fastest calls, which background load disturbs least.
    """
    gc.collect()
    rss_before = rss_mb()
    start = time.perf_counter()
    model = MiniLM.load(path)
    result: dict[str, float] = {
        "load_s": time.perf_counter() - start,
        "load_rss_mb": rss_mb() - rss_before,
    }
    encodings = {n: model.tokenizer.encode(TEXT, max_tokens=n) for n in TOKEN_COUNTS}
    fns: dict[str, Callable[[], object]] = {}
    for n, enc in encodings.items():
        assert len(enc.ids) == n, f"TEXT is too short for {n} tokens"
        fns[f"numpy_run_{n}"] = partial(model.run, TEXT, max_tokens=n)
        fns[f"numpy_forward_{n}"] = partial(model.forward, enc)
    with_torch = torch_available()
    if with_torch:
        fns |= torch_forwards({n: enc.ids.tolist() for n, enc in encodings.items()})
        result["torch_threads"] = float(__import__("torch").get_num_threads())
    result |= time_ms(fns, runs, rounds)
    if with_torch:
        for n in TOKEN_COUNTS:
            numpy_ms, numpy_min = (
                result[f"numpy_forward_{n}_ms"],
                result[f"numpy_forward_{n}_min_ms"],
            )
            result[f"ratio_{n}"] = numpy_ms / result[f"torch_sdpa_{n}_ms"]
            result[f"ratio_{n}_vs_eager"] = numpy_ms / result[f"torch_eager_{n}_ms"]
            result[f"ratio_{n}_of_mins"] = numpy_min / result[f"torch_sdpa_{n}_min_ms"]
    return result


def markdown(result: dict[str, float]) -> str:
    """The result as a two-column markdown table."""
    rows = ["### MiniLM: load and forward pass", "", "| measure | value |", "| --- | --- |"]
    rows += [f"| {key} | {value:.3g} |" for key, value in result.items()]
    return "\n".join(rows)
