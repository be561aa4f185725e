"""Several tokens at once: pick query tokens (and key tokens), see their rows added up and
averaged as one chart, under a page's weights chart.

The picks live in the state as text ("0,2", the link's form) under K.GROUP_Q and K.GROUP_K,
shared by every page; the pickers are drawn from it on each run and write back to it.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

import numpy as np
import streamlit as st

from core.groups import GroupAttention, group_attention
from core.pipeline import Pipeline
from ui import figures, fold
from ui.i18n import t
from ui.markdown import escape_md
from ui.settings import K

_PICKERS = {K.GROUP_Q: "_group_q_pick", K.GROUP_K: "_group_k_pick"}  # state key -> widget key
_NUMBER = re.compile(r"[0-9]{1,6}")
MAX_NAMED = 5  # a note names at most this many refused picks


def parse_indices(raw: str, n: int) -> tuple[list[int], list[str]]:
    """ "0,2,99" and a sentence of n tokens -> the indices that fit (sorted, once each) and the
    parts that did not (not a number, or not a token of this sentence)."""
    kept: set[int] = set()
    dropped: list[str] = []
    for part in (piece.strip() for piece in str(raw).split(",")):
        if not part:
            continue
        if _NUMBER.fullmatch(part) and int(part) < n:
            kept.add(int(part))
        else:
            dropped.append(part)
    return sorted(kept), dropped


def _encode(indices: Sequence[int]) -> str:
    return ",".join(str(i) for i in sorted(indices))


def _picked(state_key: str, n: int, which: str) -> list[int]:
    """The picks of `state_key` that fit a sentence of n tokens; a caption names the rest on
    every run while they are there (a new pick in the section replaces them)."""
    kept, dropped = parse_indices(st.session_state.get(state_key, ""), n)
    if dropped:
        named = [f"“{escape_md(part, limit=20)}”" for part in dropped[:MAX_NAMED]]
        items = t("list_sep").join(named) + ("…" if len(dropped) > MAX_NAMED else "")
        st.caption(t("group_dropped", which=t(which), items=items, last=n - 1))
    return kept


def _store(state_key: str) -> None:
    st.session_state[state_key] = _encode(st.session_state[_PICKERS[state_key]])


def _picker(state_key: str, kept: list[int], tokens: Sequence[str], label_key: str) -> None:
    """A multiselect of token positions ("2: cat"), seeded from the shared state each run."""
    st.session_state[_PICKERS[state_key]] = kept
    st.multiselect(
        t(label_key),
        options=list(range(len(tokens))),
        format_func=lambda i: f"{i}: {tokens[i]}",
        key=_PICKERS[state_key],
        on_change=_store,
        args=(state_key,),
        placeholder=t(label_key + "_none"),
    )


def group_figure(
    g: GroupAttention,
    tokens_k: Sequence[str],
    title: str,
    p: Pipeline,
    *,
    probabilities: bool,
) -> figures.Figure:
    """Two rows, "sum" and "mean", over the chosen keys."""
    matrix = np.stack([g.summed, g.averaged])  # [2, m]
    fig = figures.words_by_words(
        matrix,
        (t("group_sum"), t("group_mean")),
        [tokens_k[i] for i in g.keys],
        t("group_chart_title"),
        (t("group_chart_of", what=title), *figures.context(p)),
        figures.file_tag(p.model),
        probabilities=probabilities,
    )
    return dataclasses.replace(fig, row_title=t("group_rows"))


def group_section(
    p: Pipeline,
    matrix: np.ndarray,
    tokens_q: Sequence[str],
    tokens_k: Sequence[str],
    title: str,
    *,
    probabilities: bool,
) -> None:
    """[n_q, n_k] weights with their labels: a collapsed section with the two pickers, the
    chosen queries' summed and averaged row, and what of it falls outside the chosen keys."""
    queries = _picked(K.GROUP_Q, len(tokens_q), "group_which_q")  # notes above the section
    keys = _picked(K.GROUP_K, len(tokens_k), "group_which_k")
    box, built = fold.expander(t("group_heading"), "group", icon=":material/group_work:")
    if not built:
        return
    with box:
        st.caption(t("group_help"))
        c_q, c_k = st.columns(2)
        with c_q:
            _picker(K.GROUP_Q, queries, tokens_q, "group_pick_q")
        with c_k:
            _picker(K.GROUP_K, keys, tokens_k, "group_pick_k")
        if not queries:
            st.info(t("group_pick_first"))
            return
        g = group_attention(matrix, queries, keys or None)
        figures.show(group_figure(g, tokens_k, title, p, probabilities=probabilities))
        count = len(g.queries)
        note = "group_note_soft" if probabilities else "group_note_raw"
        st.caption(t(note, sum=t("group_sum"), mean=t("group_mean"), g=count))
        inside = float(g.averaged.sum())
        if not keys:
            st.caption(t("group_outside_all"))
        elif probabilities:
            st.caption(t("group_outside_soft", outside=g.outside, inside=inside))
        else:
            st.caption(t("group_outside_raw", outside=g.outside, inside=inside))


def weights_section(p: Pipeline) -> None:
    """The section for a pipeline's own weights, titled and coloured by its softmax switch."""
    group_section(
        p,
        p.attention.weights,
        p.query_side.tokens,
        p.key_side.tokens,
        figures.weights_title(p),
        probabilities=p.settings.use_softmax,
    )
