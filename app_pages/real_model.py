"""A real model: every head of all-MiniLM-L6-v2 on your sentence, with the softmax switch."""

import dataclasses

import streamlit as st

from core.heads import head_patterns, layer_mean, strongest_heads, without_specials
from core.pipeline import row_sums, value_range
from ui import compute, figures, layout, state, theme, thumbs
from ui.i18n import t
from ui.state import K

s = dataclasses.replace(state.settings(), source="pretrained")  # this page always shows MiniLM
layout.header("nav_real", "real_intro", [K.TEXT, K.SCALE, K.TEMP, K.NUMBERS], own_model=True)
result = compute.minilm_run(s.text)
chosen = compute.pretrained_pipeline(
    s.text, s.layer, s.head, scale=s.scale, temperature=s.temperature
)
layout.require_tokens(chosen.key_side)
st.toggle(t("hide_specials"), key=K.HIDE_SPECIALS, persist_state="session")
hide = bool(st.session_state[K.HIDE_SPECIALS])


def _open_head(point: dict) -> None:
    if "row" in point and "col" in point:
        st.session_state[K.LAYER] = int(point["row"])
        st.session_state[K.HEAD] = int(point["col"])


grid = figures.spec(
    "image_grid",
    thumbs.head_thumbnails(s.text, hide),
    6,
    12,
    chosen=(s.layer, s.head),
    size=theme.THUMB_SIZE,
    row_title=t("ax_layer"),
    col_title=t("ax_head"),
    title=t("real_grid"),
    tooltip_title=t("ax_layer_head"),
)
figures.show(grid, key="real_grid", on_point=_open_head)
st.caption(t("real_grid_hint"))


def shown(matrix, tokens):
    return without_specials(matrix, tokens) if hide else (matrix, tuple(tokens))


tokens = chosen.tokens
st.subheader(t("real_head", layer=s.layer, head=s.head))
scores, words = shown(chosen.attention.scores, tokens)
figures.show(
    figures.word_by_word(scores, words, words, figures.scores_title(s.scale, s.temperature), s)
)

off = compute.pretrained_pipeline(
    s.text, s.layer, s.head, scale=s.scale, temperature=s.temperature, use_softmax=False
)
(c_off, c_on), span = layout.grid(2, len(words), per_row=2)
with c_off:
    matrix, _ = shown(off.attention.weights, tokens)
    figures.show(figures.word_by_word(matrix, words, words, t("m_weights_raw"), s, span=span))
with c_on:
    matrix, _ = shown(chosen.attention.weights, tokens)
    figures.show(
        figures.word_by_word(
            matrix, words, words, t("m_weights_soft"), s, probabilities=True, span=span
        )
    )
lo, hi = value_range(row_sums(off.attention.weights))
st.caption(t("real_rowsums", lo=lo, hi=hi))
if hide:
    st.caption(t("specials_hidden_note"))

current = chosen if s.use_softmax else off
output, out_words = current.attention.output, tokens
if hide:
    output, out_words = without_specials(output, tokens, square=False)
state_word = t("on") if s.use_softmax else t("off")
figures.show(figures.per_token(output, out_words, t("real_output", state=state_word), s))

st.subheader(t("real_mean", layer=s.layer))
mean, words = shown(layer_mean(result.weights, s.layer), tokens)
figures.show(
    figures.word_by_word(mean, words, words, t("real_mean", layer=s.layer), s, probabilities=True)
)

st.subheader(t("real_patterns"))
st.markdown(t("real_patterns_intro"))
patterns = head_patterns(result.weights, result.tokens)
lines = []
for name in ("previous", "next", "sep", "cls", "same_word"):
    best = strongest_heads(getattr(patterns, name), count=3)
    if best[0][2] == 0.0:
        lines.append(t("label_line", label=t("pattern_" + name), text=t("pattern_none")))
        continue
    heads = t("list_sep").join(
        t("head_ref", layer=ly, head=hd, share=share) for ly, hd, share in best
    )
    lines.append(t("label_line", label=t("pattern_" + name), text=heads))
st.markdown("\n".join(lines))
layout.notice("real_notice")
