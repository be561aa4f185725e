"""Time the default section-7 training run; compare with the same loop in PyTorch if present.

`python -m tools.bench --only learning` runs this section alone.
"""

from __future__ import annotations

import importlib.util

import numpy as np

from core.embeddings import positional_encoding
from core.learning.corpus import OBJECT_ROW, corpus_rules, make_corpus, vocabulary
from core.learning.task import TrainSettings, corpus_batch, init_params, train
from tools.timing import median_seconds

RUNS = 5  # timed runs per measurement; the median is reported


def _torch_loop(settings: TrainSettings) -> None:
    """The default training loop (full batch, AdamW, warm-up) in PyTorch, without snapshots."""
    import torch

    rng = np.random.default_rng(settings.seed)
    ids, targets = corpus_batch(make_corpus(settings.seed, settings.corpus_size))
    start = init_params(rng, len(vocabulary()), len(corpus_rules().objects), settings)
    p = {k: torch.tensor(v, dtype=torch.float64, requires_grad=True) for k, v in start.items()}
    ids_t = torch.tensor(ids)
    targets_t = torch.tensor(targets)
    pe = torch.tensor(positional_encoding(ids.shape[1], settings.d_model))
    groups = [
        {"params": [p["embeddings"], p["w_v"], p["w_o"]]},
        {"params": [p["w_q"], p["w_k"]]},  # frozen during warm-up
        {"params": [p["b_o"]], "weight_decay": 0.0},
    ]
    opt = torch.optim.AdamW(groups, lr=settings.lr, weight_decay=settings.weight_decay)
    for step in range(settings.steps + 1):
        x = p["embeddings"][ids_t] + pe  # [B, n, d_model]
        q = x[:, OBJECT_ROW] @ p["w_q"]  # [B, d_k]
        k = x @ p["w_k"]  # [B, n, d_k]
        v = x @ p["w_v"]  # [B, n, d_v]
        scores = torch.einsum("bnk,bk->bn", k, q) / settings.d_k**0.5
        weights = torch.softmax(scores, dim=-1) if settings.use_softmax else scores
        z = torch.einsum("bn,bnv->bv", weights, v)
        logits = z @ p["w_o"] + p["b_o"]
        loss = -(targets_t * torch.log_softmax(logits, dim=-1)).sum()
        if step == settings.steps:
            break
        opt.zero_grad()
        loss.backward()
        opt.param_groups[1]["lr"] = 0.0 if step < settings.warmup else settings.lr
        opt.step()


def bench() -> dict:
    """Median seconds of the default numpy `train()` and, if torch imports, the PyTorch loop."""
    defaults = TrainSettings()
    numpy_seconds = median_seconds(lambda: train(defaults), RUNS)
    result = {
        "steps": defaults.steps,
        "corpus_size": defaults.corpus_size,
        "numpy_train_s": numpy_seconds,
        "numpy_ms_per_step": 1000 * numpy_seconds / defaults.steps,
        "torch_loop_s": None,
        "torch_version": None,
    }
    if importlib.util.find_spec("torch") is not None:
        import torch

        torch.set_num_threads(2)
        result["torch_loop_s"] = median_seconds(lambda: _torch_loop(defaults), RUNS)
        result["torch_version"] = torch.__version__
    return result


def markdown(result: dict) -> str:
    """The bench() result as a markdown table."""
    steps = result["steps"]
    rows = [
        "### The section-7 training run",
        "",
        "| implementation | what is timed | median seconds | ms per step |",
        "| --- | --- | ---: | ---: |",
        f"| numpy (core.learning.task) | `train()` end to end, {steps} steps, snapshots, "
        f"held-out accuracy | {result['numpy_train_s']:.3f} | {result['numpy_ms_per_step']:.2f} |",
    ]
    if result["torch_loop_s"] is None:
        rows.append("| PyTorch | not installed: skipped | - | - |")
    else:
        seconds = result["torch_loop_s"]
        rows.append(
            f"| PyTorch {result['torch_version']} | the same loop, autograd, no snapshots "
            f"| {seconds:.3f} | {1000 * seconds / steps:.2f} |"
        )
    return "\n".join(rows)
