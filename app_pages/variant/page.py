"""Change one word: which heads of a real model move most when sentence A becomes sentence B."""

import dataclasses

import pandas as pd
import streamlit as st

from app_pages.variant.compute import head_variant
from app_pages.variant.params import DEFAULT_VARIANT_TEXT, VARIANT_TEXT
from core.params import MAX_TEXT_CHARS
from core.qkmap import top_keys
from core.variant import difference_maps
from ui import compute, figures, fold, layout, real_models, session, tables, theme
from ui.i18n import t
from ui.markdown import escape_md
from ui.settings import DEFAULT_TEXT
from ui.text_box import text_box

TOP_HEADS = 5  # difference maps drawn
TOP_TOKENS = 3  # tokens named as moving most
AUTO_B = "_variant_auto_b"  # the sentence B this page last filled in by itself


def default_b(text: str) -> str:
    """Sentence B when the user has not typed one: a one-word change of the default sentence,
    else the user's own sentence, ready to be edited."""
    return DEFAULT_VARIANT_TEXT if text == DEFAULT_TEXT else text


def quoted(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= theme.CONTEXT_CHARS else text[: theme.CONTEXT_CHARS - 1] + "…"


layout.header("variant_intro")
real = real_models.shown(session.settings())  # the sidebar's: Chinese opens on e5
s = session.settings().replace(model=real.kind)  # this page shows the real model chosen
sidebar_layer, sidebar_head = real.head(s)
if st.session_state.get(VARIANT_TEXT) in (DEFAULT_VARIANT_TEXT, st.session_state.get(AUTO_B)):
    st.session_state[VARIANT_TEXT] = default_b(s.text)
st.session_state[AUTO_B] = default_b(s.text)
text_box(t("variant_b"), VARIANT_TEXT, MAX_TEXT_CHARS, persist_state="session")
text_b = st.session_state[VARIANT_TEXT]
st.caption(t("variant_b_help"))

pa = compute.pipeline(s)
layout.require_tokens(pa.key_side)
pb = compute.pipeline(s, text=text_b)
layout.require_tokens(pb.key_side, notes=False)
figures.offer_json(pa)
point = st.container()  # the point first: the head that moved most; how it was measured after
measure, measure_open = fold.expander(
    t("variant_measure_title"), "variant_measure", icon=":material/straighten:"
)
if measure_open:
    measure.markdown(t("variant_measure"))

v = head_variant(real.name, s.text, text_b)
labels = [
    a if a.lower() == b.lower() else f"{a}→{b}"
    for a, b in ((v.tokens_a[i], v.tokens_b[j]) for i, j in v.pairs.tolist())
]
if v.by_position:
    st.caption(t("variant_by_position", m=len(v.pairs)))
else:
    left_a = [tok for i, tok in enumerate(v.tokens_a) if i not in set(v.pairs[:, 0].tolist())]
    left_b = [tok for j, tok in enumerate(v.tokens_b) if j not in set(v.pairs[:, 1].tolist())]
    st.caption(
        t(
            "variant_by_lcs",
            m=len(v.pairs),
            a=t("list_sep").join(f"“{escape_md(w)}”" for w in left_a) or "–",
            b=t("list_sep").join(f"“{escape_md(w)}”" for w in left_b) or "–",
        )
    )

(top_layer, top_head), top_score = v.ranking[0].tolist(), float(v.head_scores.max())
if top_score == 0.0:
    st.info(t("variant_same"))
c1, c2 = st.columns(2)
c1.metric(t("variant_top"), t("variant_head", layer=top_layer, head=top_head))
c2.metric(t("variant_top_js"), f"{top_score:.4f}")
ranks = {(int(ly), int(hd)): r + 1 for r, (ly, hd) in enumerate(v.ranking.tolist())}
st.caption(
    t(
        "variant_sidebar_rank",
        layer=sidebar_layer,
        head=sidebar_head,
        rank=ranks[(sidebar_layer, sidebar_head)],
        js=float(v.head_scores[sidebar_layer, sidebar_head]),
        n=len(ranks),
    )
)

diffs = difference_maps(real.run(s.text).weights, real.run(text_b).weights, v.pairs)  # [L, H, m, m]
shown = v.ranking[:TOP_HEADS].tolist()
lines = [t("variant_ctx_a", text=quoted(s.text)), t("variant_ctx_b", text=quoted(text_b))]


def difference_map(rank: int, layer: int, head: int, **fit: int) -> figures.Figure:
    """Head (layer, head)'s weights B − A. In a grid (`fit` given) its subtitle leaves out the
    measure's details, said once under the grid, so that it keeps to two lines."""
    ctx = "variant_ctx_head_short" if fit else "variant_ctx_head"
    fig = figures.words_by_words(
        diffs[layer, head],
        labels,
        labels,
        t("variant_map_title", rank=rank, layer=layer, head=head),
        (*lines, t(ctx, model=real.title, layer=layer, head=head, js=v.head_scores[layer, head])),
        f"{real.name}-l{layer}-h{head}",
        **fit,
    )
    return dataclasses.replace(fig, value_title=t("variant_diff"))


with point:  # the head that moved most, as wide as the page
    figures.show(difference_map(1, *shown[0]), main=True)
# the next heads and the words that moved: one tab each (the page stays near three screens)
(heads_tab, heads_open), (tokens_tab, tokens_open) = fold.tabs(
    [t("variant_tab_heads"), t("variant_tab_tokens")], "variant", default=t("variant_tab_tokens")
)
if heads_open:
    with heads_tab:
        slots, fit = layout.grid(len(shown) - 1, len(labels), per_row=2)
        for rank, ((layer, head), slot) in enumerate(zip(shown[1:], slots, strict=True), start=2):
            with slot:
                figures.show(difference_map(rank, layer, head, **fit))
        st.caption(t("variant_maps_help"))
if tokens_open:
    with tokens_tab:
        moved = top_keys(v.token_movement, TOP_TOKENS).tolist()
        st.markdown(
            t(
                "variant_tokens_line",
                n=len(ranks),
                words=t("list_sep").join(
                    t("variant_token_item", word=escape_md(labels[i]), js=v.token_movement[i])
                    for i in moved
                ),
            )
        )
        bars = figures.bars(
            v.token_movement,
            labels,
            t("variant_tokens_chart", n=len(ranks)),
            None,
            label_title=t("ax_token"),
            value_title=t("variant_js"),
            width=theme.BAR_WIDTH_FULL,  # alone on its row
        )
        figures.show(
            dataclasses.replace(bars, context=tuple(lines), file_tag=f"{real.name}-all-heads")
        )
table, table_open = fold.expander(t("variant_table", n=len(ranks)), "variant_table")
if table_open:
    with table:
        tables.show(
            pd.DataFrame(
                {
                    t("variant_col_rank"): range(1, len(ranks) + 1),
                    t("ax_layer"): v.ranking[:, 0],
                    t("ax_head"): v.ranking[:, 1],
                    t("variant_js"): [
                        float(v.head_scores[ly, hd]) for ly, hd in v.ranking.tolist()
                    ],
                }
            ),
            "head-ranking",
            hide_index=True,
        )
layout.notice("variant_notice")
