"""What the next-word model costs: loading, a forward pass against torch, and a class using it.

- load: `SmolLM2.load` from the arrays in the cache (target: at most LOAD_TARGET_S);
- forward: the numpy pass over 16 and 64 tokens against transformers' LlamaForCausalLM on the
  same arrays, timed alternately in this process with the same number of threads (target: at
  most FORWARD_TARGET x torch); torch and transformers are optional (never in requirements):
  without them the section says so;
- page: server CPU of a first view of a new prompt on "The next word" against the MiniLM page
  (real-model) with a new sentence, in the same server (target: at most PAGE_TARGET x);
- crowd: CROWD sessions open the page, then each sends a new prompt at a random moment of one
  WINDOW_S window: time until its run finished, p50/p95/max (target: p95 at most CROWD_P95_S),
  and the server's resident memory afterwards, the 30 sessions still open (target: at most
  MEMORY_TARGET_MB).

`python -m tools.bench --only smollm2 [--quick]` runs this section alone.
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from urllib.parse import parse_qs

import numpy as np

from app_pages.next_word.params import PROMPT
from core.models.smollm2 import SmolLM2
from core.models.smollm2_files import CACHE_DIR, prepare
from tools.bench_pretrained import time_ms, torch_available
from tools.bench_server import new_sentence
from tools.server import Server, start_server
from tools.timing import percentile
from tools.wsclient import Session, View, fresh_view, run_async

LOAD_TARGET_S = 2.0
FORWARD_TARGET = 1.5
PAGE_TARGET = 3.0
CROWD, WINDOW_S, CROWD_P95_S = 30, 10.0, 1.5
MEMORY_TARGET_MB = 1024.0
TOKEN_COUNTS = (16, 64)  # tokens of a forward pass, the start token included
PAGE, MINILM_PAGE = "next-word", "real-model"


def torch_model(model: SmolLM2) -> Callable[[list[int]], object]:
    """transformers' Llama on the same arrays (HF's names and [out, in] orientation)."""
    import torch
    from transformers import LlamaConfig, LlamaForCausalLM

    c, w = model.config, model.weights
    config = LlamaConfig(
        vocab_size=c.vocab_size,
        hidden_size=c.d_model,
        intermediate_size=c.d_ff,
        num_hidden_layers=c.n_layers,
        num_attention_heads=c.n_heads,
        num_key_value_heads=c.n_kv_heads,
        rope_theta=c.rope_base,
        rms_norm_eps=c.eps,
        tie_word_embeddings=True,
        max_position_embeddings=8192,
    )
    llama = LlamaForCausalLM(config).eval()
    state = {"model.embed_tokens.weight": w.embed, "model.norm.weight": w.out_norm}
    names = {
        "self_attn.q_proj": w.wq,
        "self_attn.k_proj": w.wk,
        "self_attn.v_proj": w.wv,
        "self_attn.o_proj": w.wo,
        "mlp.gate_proj": w.w_gate,
        "mlp.up_proj": w.w_up,
        "mlp.down_proj": w.w_down,
    }
    for layer in range(c.n_layers):
        prefix = f"model.layers.{layer}."
        state[prefix + "input_layernorm.weight"] = w.attn_norm[layer]
        state[prefix + "post_attention_layernorm.weight"] = w.ffn_norm[layer]
        for name, stacked in names.items():
            state[prefix + name + ".weight"] = stacked[layer].T  # [out, in]
    tensors = {k: torch.from_numpy(np.array(v, dtype=np.float32)) for k, v in state.items()}
    llama.load_state_dict(tensors, strict=False)
    llama.tie_weights()
    threads = os.environ.get("OPENBLAS_NUM_THREADS")
    if threads:  # like with like
        torch.set_num_threads(int(threads))

    def forward(ids: list[int]) -> object:
        with torch.inference_mode():
            return llama(torch.tensor([ids]), logits_to_keep=1).logits

    return forward


def model_bench(quick: bool) -> dict[str, float]:
    start = time.perf_counter()
    model = SmolLM2.load(prepare(CACHE_DIR))
    result = {"load_s": time.perf_counter() - start}
    ids = [0, *range(1000, 1000 + max(TOKEN_COUNTS))]
    fns: dict[str, Callable[[], object]] = {
        f"numpy_{n}": partial(model.forward, "", ids[:n], [], n) for n in TOKEN_COUNTS
    }
    if torch_available():
        forward = torch_model(model)
        fns |= {f"torch_{n}": partial(forward, ids[:n]) for n in TOKEN_COUNTS}
        theirs = np.asarray(forward(ids[:16]))[0, -1]  # [vocab] the same model, or no race
        ours = model.forward("", ids[:16], [], 16).logits
        result["torch_max_logit_difference"] = float(np.abs(theirs - ours).max())
    result |= time_ms(fns, runs=2 if quick else 7, rounds=1 if quick else 3)
    for n in TOKEN_COUNTS:
        if f"torch_{n}_ms" in result:
            result[f"ratio_{n}"] = result[f"numpy_{n}_ms"] / result[f"torch_{n}_ms"]
    return result


def showed(view: View, what: str, param: str, text: str) -> View:
    """The view, if it ran without an exception and its link holds `text` under `param`."""
    view.check(what)
    if text not in parse_qs(view.query_string).get(param, []):
        raise RuntimeError(f"{what}: the page did not take {param}={text!r}")
    return view


async def first_view_cpu(server: Server, page: str, param: str) -> float:
    """Server CPU seconds of a fresh session's first view of a new text on `page`."""
    text = new_sentence()
    before = server.cpu_seconds()
    showed(await fresh_view(server.ws, page, {param: text}), page, param, text)
    await asyncio.sleep(0.05)
    return server.cpu_seconds() - before


async def first_views(server: Server, views: int) -> tuple[float, float]:
    """Mean CPU of a first view on the next-word page and on the MiniLM page, taking turns (so
    both see the same background load)."""
    ours, minilm = [], []
    for _ in range(views):
        ours.append(await first_view_cpu(server, PAGE, PROMPT))
        minilm.append(await first_view_cpu(server, MINILM_PAGE, "text"))
    return statistics.mean(ours), statistics.mean(minilm)


async def crowd(server: Server, n: int, window: float) -> list[float]:
    """n open sessions each send a new prompt at a random moment of `window` seconds."""
    sessions = [Session(server.ws) for _ in range(n)]
    await asyncio.gather(*(s.open() for s in sessions))
    rng = random.Random(0)
    try:
        links = [{PROMPT: new_sentence()} for _ in sessions]
        for s, link in zip(sessions, links, strict=True):  # open on the page: not measured
            showed(await s.view(PAGE, link), PAGE, PROMPT, link[PROMPT])

        async def one(s: Session, link: dict[str, str]) -> float:
            await asyncio.sleep(rng.uniform(0, window))
            text = new_sentence()  # typed into the prompt box, as a student does
            view = await s.receive(await s.send(PAGE, link, {PROMPT: text}))
            return showed(view, f"crowd {PAGE}", PROMPT, text).seconds

        return list(await asyncio.gather(*map(one, sessions, links)))
    finally:
        await asyncio.gather(*(s.close() for s in sessions))


@dataclass
class Result:
    model: dict[str, float]
    page_cpu: float = 0.0
    minilm_cpu: float = 0.0
    crowd: list[float] = field(default_factory=list)
    rss_mb: float = 0.0


def bench(quick: bool = False) -> Result:
    result = Result(model_bench(quick))
    server = start_server()
    try:
        run_async(first_views(server, 1))  # the models loaded once, not timed
        result.page_cpu, result.minilm_cpu = run_async(first_views(server, 2 if quick else 12))
        n = 4 if quick else CROWD
        result.crowd = run_async(crowd(server, n, WINDOW_S))
        result.rss_mb = server.rss_mb()
    finally:
        server.stop()
    return result


def _verdict(ok: bool) -> str:
    return "within target" if ok else "**over target**"


def markdown(r: Result) -> str:
    m = r.model
    rows = [
        "### The next word (SmolLM2-135M): load, forward pass, a class on the page",
        "",
        "| measure | value | target | |",
        "| --- | --- | --- | --- |",
        f"| load from the cache | {m['load_s']:.2f} s | ≤ {LOAD_TARGET_S:g} s "
        f"| {_verdict(m['load_s'] <= LOAD_TARGET_S)} |",
    ]
    for n in TOKEN_COUNTS:
        numpy_ms = m[f"numpy_{n}_ms"]
        if f"ratio_{n}" in m:
            ratio = m[f"ratio_{n}"]
            rows.append(
                f"| forward, {n} tokens: numpy {numpy_ms:.0f} ms, torch {m[f'torch_{n}_ms']:.0f} ms"
                f" | {ratio:.2f}× | ≤ {FORWARD_TARGET:g}× | {_verdict(ratio <= FORWARD_TARGET)} |"
            )
        else:
            rows.append(f"| forward, {n} tokens: numpy | {numpy_ms:.0f} ms | (no torch here) | |")
    if "torch_max_logit_difference" in m:
        rows.append(
            f"| torch's logits against numpy's (16 tokens, largest difference) "
            f"| {m['torch_max_logit_difference']:.1e} | ≤ 1e-3 | |"
        )
    page_ratio = r.page_cpu / r.minilm_cpu if r.minilm_cpu else float("nan")
    rows.append(
        f"| first view of a new prompt: {r.page_cpu * 1000:.0f} ms CPU, MiniLM page "
        f"{r.minilm_cpu * 1000:.0f} ms | {page_ratio:.2f}× | ≤ {PAGE_TARGET:g}× "
        f"| {_verdict(page_ratio <= PAGE_TARGET)} |"
    )
    if r.crowd:
        p50, p95 = percentile(r.crowd, 0.5), percentile(r.crowd, 0.95)
        rows.append(
            f"| {len(r.crowd)} sessions, a new prompt each within {WINDOW_S:g} s: p50 / p95 / max"
            f" | {p50:.2f} / {p95:.2f} / {max(r.crowd):.2f} s | p95 ≤ {CROWD_P95_S:g} s "
            f"| {_verdict(p95 <= CROWD_P95_S)} |"
        )
    rows.append(
        f"| server resident memory, {len(r.crowd)} sessions on the page | {r.rss_mb:.0f} MB "
        f"| ≤ {MEMORY_TARGET_MB:.0f} MB | {_verdict(r.rss_mb <= MEMORY_TARGET_MB)} |"
    )
    return "\n".join(rows)
