"""6b: one head's scores as dot products on a map: a query's arrow points to the keys it weighs."""

import math

import numpy as np
import streamlit as st

from app_pages.qk_map.charts import QK_MAP_SIZE, QK_MAP_SIZE_HALF, QK_MAP_SIZE_PHONE, qk_scatter
from app_pages.qk_map.compute import qk_map
from app_pages.qk_map.params import QK_QUERY
from core.export import matrix_csv
from core.pipeline import Pipeline
from core.qkmap import QKMap, top_keys
from ui import compute, controls, figures, fold, layout, session
from ui.i18n import t
from ui.markdown import escape_md

TOP_KEYS = 3  # keys linked to the chosen query
TRUST_HIGH = 0.7  # agreement from which the map can be read for who attends to whom
TRUST_SOME = 0.4  # from here the broad picture holds, single keys do not
MAP_COLUMN = 0.68  # share of the page's width for one map (its legend beside it)

s = session.settings()
layout.header("qk_intro")
p = compute.pipeline(s)
layout.require_tokens(p.key_side, notes=False)  # the notes go under the map (first screen)
figures.offer_json(p)
tokens = p.tokens


def trust_line(r: float) -> str:
    """What the agreement says about how far the picture can be trusted."""
    if math.isnan(r):
        return t("qk_trust_none")
    if r >= TRUST_HIGH:
        return t("qk_trust_high", high=TRUST_HIGH)
    if r >= TRUST_SOME:
        return t("qk_trust_some", some=TRUST_SOME, high=TRUST_HIGH)
    return t("qk_trust_low", some=TRUST_SOME)


def number(r: float) -> str:
    return t("qk_undefined") if math.isnan(r) else f"{r:.3f}"


def map_of(p: Pipeline) -> QKMap:
    a = p.attention
    return qk_map(a.scores, a.weights, a.mask)


def draw(
    p: Pipeline, m: QKMap, qi: int, title: str, extra: tuple[str, ...], size: int, main: bool
) -> None:
    """One head's map, the chosen query's arrow and the lines to its heaviest keys. `main`:
    the map that shows the page's point (figures.show)."""
    a = p.attention
    row = a.weights[qi]  # [n_k]
    links = [(int(j), float(row[j])) for j in top_keys(row, TOP_KEYS) if a.mask[qi, j]]
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
            t("qk_axis", i=1, share=float(m.kept[0])),
            t("qk_axis", i=2, share=float(m.kept[1])),
        ),
        token_title=t("ax_token"),
        weight_title=figures.weights_title(p),
        size=size,
        legend_below=figures.on_phone(),
    )
    figures.show_spec(spec, main=main)


def numbers(p: Pipeline, m: QKMap, qi: int) -> None:
    """How well the map's dot products order the keys as the weights do: all queries, this one."""
    st.metric(t("qk_rank_label"), number(m.agreement), help=t("qk_how"))
    token, r = escape_md(p.query_side.tokens[qi]), float(m.row_agreement[qi])
    st.metric(t("qk_row_label", token=token), number(r))
    st.metric(t("qk_explained_label"), f"{float(m.kept.sum()):.0%}")
    st.markdown(trust_line(m.agreement))
    if r < TRUST_HIGH <= m.agreement:  # a good map can still misorder the chosen query's keys
        st.markdown(t("qk_row_off", token=token))


def details(maps: list[tuple[Pipeline, QKMap, str]]) -> None:
    """How the map is made, what it loses, and its points as CSV."""
    box, built = fold.expander(t("qk_details_title"), "qk_details")
    if not built:
        return
    with box:
        st.markdown(t("qk_details"))
        st.caption(t("qk_how"))
        for mp, m, title in maps:
            name = title if len(maps) > 1 else t("qk_this_map")
            st.caption(t("qk_kept", title=name, share=float(m.kept.sum())))
            csv_button(mp, m, title)


def csv_button(p: Pipeline, m: QKMap, title: str) -> None:
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


@layout.part  # picking another query re-runs the maps only
def chosen_query() -> None:
    phone = figures.on_phone()
    if p.model.kind != "trained":
        m = map_of(p)
        chart, side = st.columns([MAP_COLUMN, 1 - MAP_COLUMN])  # stacked on a phone: map first
        with side:
            qi = controls.token_picker("qk_pick", QK_QUERY, tokens)
            st.caption(t("qk_pick_help", n=TOP_KEYS))
        with chart:
            size = QK_MAP_SIZE_PHONE if phone else QK_MAP_SIZE
            draw(p, m, qi, t("qk_map_title"), (), size, main=True)
        with side:
            numbers(p, m, qi)
        details([(p, m, t("qk_map_title"))])
        return
    # the page-7 run before its first step and after its last: "milk" turns to "drank"
    qi = controls.token_picker("qk_pick", QK_QUERY, tokens)
    st.caption(t("qk_pick_help", n=TOP_KEYS))
    st.markdown(t("qk_before_after"))
    before = compute.model_pipeline("untrained", s.trained, s.text, s.attention)
    maps = [(before, t("qk_before"), (t("qk_ctx_before"),)), (p, t("qk_after"), ())]
    size = min(QK_MAP_SIZE_HALF, QK_MAP_SIZE_PHONE)
    drawn = []
    for col, (mp, title, extra) in zip(st.columns(2), maps, strict=True):
        with col:
            m = map_of(mp)
            draw(mp, m, qi, title, extra, size, main=mp is p)  # after training: the point
            numbers(mp, m, qi)
            drawn.append((mp, m, title))
    details(drawn)


chosen_query()
layout.check_tokens(p.key_side)  # the sentence's notes: cut, one word, repeated words
layout.notice("qk_notice")
