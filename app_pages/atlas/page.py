"""Head atlas: what each head of a real model does, measured over many sentences and yours."""

import pandas as pd
import streamlit as st

from app_pages.atlas.charts import ATLAS_CELL, ATLAS_CELL_PHONE, atlas_grid
from app_pages.atlas.compute import head_atlas, vocab_cjk
from core.atlas import MIXED, SENTENCES, strongest_head
from ui import compute, controls, figures, fold, layout, real_models, session, tables
from ui.i18n import t

layout.header("atlas_intro")
real = real_models.shown(session.settings())  # the sidebar's: Chinese opens on e5
s = session.settings().replace(model=real.kind)  # this page shows the real model chosen
layer, head = real.head(s)
start, end = real.frame()
own = layout.check_tokens(compute.pipeline(s).key_side)  # an empty sentence: built-ins only
with st.spinner(t("atlas_wait", model=real.title)):
    a = head_atlas(real.name, s.text if own else "")
n_heads = a.scores.shape[0] * a.scores.shape[1]
st.caption(
    t("atlas_pooled", n=a.n_sentences) if own else t("atlas_pooled_builtin", n=a.n_sentences)
)

frame = {"cls": start, "sep": end}  # parked on the first or last token: named as the model has it
names = {b: frame.get(b) or t(f"atlas_b_{b}") for b in (*a.behaviours, MIXED)}


spec = atlas_grid(
    a.labels,
    a.strength,
    names=names,
    chosen=(layer, head),
    title=t("atlas_grid", model=real.title),
    row_title=t("ax_layer"),
    col_title=t("ax_head"),
    label_title=t("atlas_col_label"),
    strength_title=t("atlas_col_strength"),
    cell=ATLAS_CELL_PHONE if figures.on_phone() else ATLAS_CELL,
)
controls.head_grid(spec, "atlas_grid", "atlas_grid_hint", main=True, keys=real.keys)
chosen_label = names[a.labels[layer][head]]
st.page_link(
    "app_pages/real_model/page.py",
    label=t("atlas_open_real", layer=layer, head=head, label=chosen_label),
    icon=":material/open_in_new:",
)

st.subheader(t("atlas_summary"))
lines = []
for b in a.behaviours:
    count = len(a.heads_labelled(b))
    layer, head, score = strongest_head(a, b)
    lines.append(
        "- "
        + t(
            "atlas_line", name=names[b], count=count, n=n_heads, layer=layer, head=head, score=score
        )
    )
mixed = len(a.heads_labelled(MIXED))
lines.append("- " + t("atlas_line_mixed", name=names[MIXED], count=mixed, n=n_heads))
st.markdown("\n".join(lines))
rule, rule_open = fold.expander(t("atlas_rule_title"), "atlas_rule")  # the arithmetic, folded
if rule_open:
    thresholds = t("list_sep").join(
        f"{names[b]} ≥ {th:g}" for b, th in zip(a.behaviours, a.thresholds.tolist(), strict=True)
    )
    rule.markdown(t("atlas_rule", thresholds=thresholds))

# the table, folded under the grid
details, details_open = fold.expander(t("atlas_table"), "atlas_table")
if details_open:
    table = pd.DataFrame(
        {
            t("ax_layer"): [layer for layer in range(len(a.labels)) for _ in a.labels[layer]],
            t("ax_head"): [head for row in a.labels for head in range(len(row))],
            t("atlas_col_label"): [names[label] for row in a.labels for label in row],
            t("atlas_col_strength"): a.strength.ravel(),
        }
    )
    for i, b in enumerate(a.behaviours):
        table[names[b]] = a.scores[..., i].ravel()
    with details:
        tables.show(table, "heads", hide_index=True)
        st.caption(t("atlas_table_hint"))

if real is real_models.MINILM:  # e5 reads Chinese: it has no such gap
    with st.expander(t("atlas_unk_heading")):
        st.markdown(t("atlas_unk_note", cjk=vocab_cjk()))  # the sentence's count is at the top
with st.expander(t("atlas_sentences", n=len(SENTENCES))):
    st.text("\n".join(SENTENCES))

layout.notice("atlas_notice", start=start)
