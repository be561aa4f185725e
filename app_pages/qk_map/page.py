"""6b: one head's queries and keys on one map: a query lands near the keys it scores high."""

import math

import numpy as np
import streamlit as st

from app_pages.qk_map.charts import QK_MAP_SIZE, QK_MAP_SIZE_HALF, QK_MAP_SIZE_PHONE, qk_scatter
from app_pages.qk_map.compute import qk_map
from app_pages.qk_map.params import QK_QUERY
from core.export import matrix_csv
from core.pipeline import Pipeline
from core.qkmap import top_keys
from ui import compute, controls, figures, layout, session
from ui.i18n import t

TOP_KEYS = 3  # keys linked to the chosen query
TRUST_HIGH = 0.7  # rank correlation from which the map's distances can be read as scores
TRUST_SOME = 0.4  # from here the broad picture holds, single distances do not

s = session.settings()
layout.header("qk_intro")
p = compute.pipeline(s)
layout.require_tokens(p.key_side)
figures.offer_json(p)
tokens = p.tokens


def trust_line(r: float) -> str:
    """What the rank correlation says about how far the picture can be trusted."""
    if math.isnan(r):
        return t("qk_trust_none")
    if r >= TRUST_HIGH:
        return t("qk_trust_high", high=TRUST_HIGH)
    if r >= TRUST_SOME:
        return t("qk_trust_some", some=TRUST_SOME, high=TRUST_HIGH)
    return t("qk_trust_low", some=TRUST_SOME)


def draw(p: Pipeline, qi: int, title: str, extra: tuple[str, ...], size: int) -> None:
    """One head's map, its two faithfulness numbers and a CSV of its points."""
    m = qk_map(p.query_side.q, p.key_side.k)
    row = p.attention.weights[qi]  # [n_k]
    links = [(int(j), float(row[j])) for j in top_keys(row, TOP_KEYS)]
    spec = qk_scatter(
        m.query_points,
        m.key_points,
        p.query_side.tokens,
        p.key_side.tokens,
        chosen=qi,
        links=links,
        kind_names=(t("qk_queries"), t("qk_keys")),
        title=title,
        subtitle=(*extra, *figures.context(p)),
        axis_titles=(
            t("qk_axis", i=1, share=float(m.explained[0])),
            t("qk_axis", i=2, share=float(m.explained[1])),
        ),
        token_title=t("ax_token"),
        weight_title=figures.weights_title(p),
        size=size,
    )
    figures.show_spec(spec)
    labels = [t("qk_csv_query", i=i, token=tok) for i, tok in enumerate(p.query_side.tokens)]
    labels += [t("qk_csv_key", i=j, token=tok) for j, tok in enumerate(p.key_side.tokens)]
    points = np.concatenate([m.query_points, m.key_points])  # [n_q + n_k, 2]
    name = "_".join(
        part for part in map(figures.slug, ("qk-map", title, figures.file_tag(p.model))) if part
    )
    st.download_button(
        t("qk_csv"),
        data=matrix_csv(points, labels, ["1", "2"], corner=t("qk_csv_corner")),
        file_name=name + ".csv",
        mime="text/csv",
        key=f"csv_{figures.next_chart_number()}",
        on_click="ignore",
        type="tertiary",
        icon=":material/download:",
    )
    r = m.rank_correlation
    c1, c2 = st.columns(2)
    c1.metric(t("qk_rank_label"), t("qk_undefined") if math.isnan(r) else f"{r:.3f}")
    c2.metric(t("qk_explained_label"), f"{float(m.explained.sum()):.0%}")
    st.markdown(trust_line(r))
    st.caption(t("qk_explained_help", share=float(m.explained.sum())))


@layout.part  # picking another query re-runs the maps only
def chosen_query() -> None:
    qi = controls.token_picker("qk_pick", QK_QUERY, tokens)
    st.caption(t("qk_pick_help", n=TOP_KEYS))
    maps: list[tuple[Pipeline, str, tuple[str, ...]]] = [(p, t("qk_map_title"), ())]
    if p.model.kind == "trained":  # the same run before its first step: "milk" moves to "drank"
        before = compute.model_pipeline("untrained", s.trained, s.text, s.attention)
        maps = [(before, t("qk_before"), (t("qk_ctx_before"),)), (p, t("qk_after"), ())]
        st.markdown(t("qk_before_after"))

    if len(maps) == 1:
        (mp, title, extra), size = maps[0], QK_MAP_SIZE
        draw(mp, qi, title, extra, QK_MAP_SIZE_PHONE if figures.on_phone() else size)
        return
    size = min(QK_MAP_SIZE_HALF, QK_MAP_SIZE_PHONE)
    for col, (mp, title, extra) in zip(st.columns(2), maps, strict=True):
        with col:
            draw(mp, qi, title, extra, size)


chosen_query()
st.caption(t("qk_how"))
layout.notice("qk_notice")
