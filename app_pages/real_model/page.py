"""A real model: every head of all-MiniLM-L6-v2 or multilingual-e5-small on your sentence,
with the softmax switch."""

import streamlit as st

from app_pages.real_model import thumbs
from app_pages.real_model.charts import HEAD_PICKERS_WIDTH, THUMB_SIZE, THUMB_SIZE_PHONE
from app_pages.real_model.params import HIDE_SPECIALS
from core.heads import (
    head_patterns,
    layer_mean,
    renormalised,
    strongest_heads,
    without_specials,
)
from core.models.e5 import E5_STORY_HEAD, E5_STORY_RATES
from core.pipeline import row_sums, value_range
from core.story import TEACHER_LAYER
from core.word_rows import word_view
from ui import (
    charts,
    compute,
    controls,
    figures,
    fold,
    groups,
    layout,
    minilm,
    real_models,
    session,
    story_line,
    theme,
)
from ui.i18n import t

layout.header("real_intro")
real = real_models.shown(session.settings())  # the sidebar's: Chinese opens on e5
text = session.settings().text
result = real.run(text)  # every head of every layer, for the grid and the patterns
n_layers, n_heads = real.shape()
start, end = result.tokens[0], result.tokens[-1]  # the frame: [CLS] [SEP], or <s> </s>


@layout.part  # a click on the grid, or another layer or head, re-runs this part only
def one_head() -> None:
    s = session.settings().replace(model=real.kind)  # this page shows the real model chosen
    layer, head = real.head(s)
    switches = s.attention
    on = compute.pipeline(s, attention=switches.replace(use_softmax=True))
    off = compute.pipeline(s, attention=switches.replace(use_softmax=False))
    layout.require_tokens(on.key_side)
    shown_p = on if switches.use_softmax else off
    figures.offer_json(shown_p)
    hide = bool(st.session_state.get(HIDE_SPECIALS, False))
    phone = figures.on_phone()
    grid = charts.head_image_grid(
        thumbs.head_thumbnails(real.name, s.text, hide),
        n_layers,
        n_heads,
        chosen=(layer, head),
        size=THUMB_SIZE_PHONE if phone else THUMB_SIZE,
        height=None if phone else min(THUMB_SIZE, theme.HEAD_GRID_HEIGHT // n_layers),
        layer_title=t("ax_layer"),
        head_title=t("ax_head"),
        title=t("real_grid", model=real.title),
        tooltip_title=t("ax_layer_head"),
    )
    controls.head_grid(  # the point: every head at once
        grid,
        "real_grid",
        "real_grid_hint",
        main=True,
        keys=real.keys,
        last_layer=n_layers - 1,
        last_head=n_heads - 1,
    )
    st.toggle(t("hide_specials", start=start, end=end), key=HIDE_SPECIALS, persist_state="session")
    with st.container(width=HEAD_PICKERS_WIDTH):
        controls.head_inputs(real.keys)
    tokens = on.tokens

    def shown(matrix, probabilities: bool = False):
        """The matrix and its labels, without [CLS]/[SEP] when they are hidden; softmax rows
        are then renormalised over the words left, so they still add up to 1."""
        if not hide:
            return matrix, tuple(tokens)
        kept, words = without_specials(matrix, tokens)
        return (renormalised(kept) if probabilities else kept), words

    def weights_part(words: tuple[str, ...]) -> None:
        """The head's weights with softmax off and on, side by side, and its chosen tokens."""
        (c_off, c_on), fit = layout.grid(2, len(words), per_row=2)
        for col, p in ((c_off, off), (c_on, on)):
            with col:
                matrix, _ = shown(p.attention.weights, probabilities=p.settings.use_softmax)
                figures.show(
                    figures.word_map(
                        matrix,
                        figures.weights_title(p),
                        p,
                        query_tokens=words,
                        key_tokens=words,
                        probabilities=p.settings.use_softmax,
                        **fit,
                    )
                )
        lo, hi = value_range(row_sums(off.attention.weights))
        st.caption(t("real_rowsums", lo=lo, hi=hi))
        if hide:
            st.caption(t("specials_hidden_renorm", start=start, end=end))
        soft = shown_p.settings.use_softmax
        chosen, _ = shown(shown_p.attention.weights, probabilities=soft)
        groups.group_section(
            shown_p, chosen, words, words, figures.weights_title(shown_p), probabilities=soft
        )

    def e5_words_part() -> None:
        """The head as it is beside the same over the sentence's words (Chinese as the app
        splits it), and whether this sentence shows the story with this head's weights."""
        view = word_view(s.text, tokens, on.attention.weights)
        if not view.words:
            st.info(t("real_no_words", start=start, end=end))
            return
        count = 1 if hide else 2
        slots, fit = layout.grid(count, len(tokens), per_row=2)
        shown_figures = real_models.word_figures(on, view, **fit)
        for col, fig in zip(slots, shown_figures[-count:], strict=True):
            with col:
                figures.show(fig)
        st.caption(t("real_words_how", start=start, end=end))
        story_line.show(on)

    def words_part() -> None:
        """As it is beside its words-only view, and where the rest went: the teacher (the mean
        of its heads, what the default model learned) on one of its heads, else this head."""
        if not minilm.has_words(tokens):
            st.info(t("real_no_words", start=start, end=end))
            return
        if real is real_models.E5:
            e5_words_part()
            return
        count = 1 if hide else 2  # hidden [CLS] and [SEP]: the words-only view alone
        slots, fit = layout.grid(count, len(tokens), per_row=2)
        if teacher:
            found = minilm.teacher(s.text)
            shown_figures = minilm.teacher_figures(found, on, **fit)
            sink = minilm.sink_line(found.raw, found.tokens, mean=True)
        else:
            shown_figures = minilm.head_figures(on, **fit)
            sink = minilm.sink_line(on.attention.weights, tokens)
        for col, fig in zip(slots, shown_figures[-count:], strict=True):
            with col:
                figures.show(fig)
        st.caption(sink)
        empty = minilm.empty_rows(on.attention.weights, tokens)
        if empty:
            st.caption(empty)

    st.subheader(t("real_head", layer=layer, head=head))
    if real is real_models.E5:
        teacher = False
        story = (layer, head) == E5_STORY_HEAD
        about = "real_e5_story_head" if story else "real_e5_story_elsewhere"
        ranked = sorted((rate, lang, form) for (lang, form), rate in E5_STORY_RATES.items())
        worst = t("list_sep").join(
            t("rate_item", form=t(f"form_{lang}_{form}"), rate=rate)
            for rate, lang, form in ranked[:2]
        )
        st.caption(
            t(
                about,
                layer=E5_STORY_HEAD[0],
                head=E5_STORY_HEAD[1],
                lo=ranked[0][0],
                hi=ranked[-1][0],
                worst=worst,
            )
        )
    else:
        teacher = minilm.is_teacher(layer, head)
        about = "real_teacher_head" if teacher else "real_teacher_elsewhere"
        st.caption(t(about, layer=TEACHER_LAYER, heads=minilm.teacher_heads()))
    # one tab each: the head with and without [CLS]/[SEP], its weights (softmax off and on),
    # scores, output, its layer's mean
    tabs = fold.tabs(
        [
            t("real_tab_words", start=start, end=end),
            t("real_tab_weights"),
            t("real_tab_scores"),
            t("tab_output"),
            t("real_tab_mean"),
        ],
        "real_model",
    )
    (words_tab, words_open), (weights_tab, weights_open) = tabs[:2]
    (scores_tab, scores_open), (output_tab, output_open), (mean_tab, mean_open) = tabs[2:]
    if words_open:
        with words_tab:
            words_part()
    scores, words = shown(on.attention.scores)
    if scores_open:
        with scores_tab:
            figures.show(
                figures.word_map(
                    scores, figures.scores_title(on), on, query_tokens=words, key_tokens=words
                )
            )
    if weights_open:
        with weights_tab:
            weights_part(words)
    if output_open:
        output, out_words = shown_p.attention.output, tokens
        if hide:
            output, out_words = without_specials(output, tokens, square=False)
        state_word = t("on") if switches.use_softmax else t("off")
        with output_tab:
            figures.show(
                figures.vectors(output, out_words, t("real_output", state=state_word), shown_p)
            )
    if mean_open:
        with mean_tab:
            mean, words = shown(layer_mean(result.weights, layer), probabilities=True)
            figures.show(
                figures.word_map(
                    mean,
                    t("real_mean", layer=layer, heads=n_heads),
                    on,
                    query_tokens=words,
                    key_tokens=words,
                    probabilities=True,
                )
            )


one_head()
patterns_box, patterns_open = fold.expander(t("real_patterns"), "real_patterns")
if patterns_open:
    patterns_box.markdown(t("real_patterns_intro"))
    patterns = head_patterns(result.weights, result.tokens)
    lines = []
    labels = {"sep": end, "cls": start}  # the frame's tokens by their own names
    for name in ("previous", "next", "sep", "cls", "same_word"):
        label = labels.get(name) or t("pattern_" + name)
        best = strongest_heads(getattr(patterns, name), count=3)
        if best[0][2] == 0.0:
            lines.append(t("label_line", label=label, text=t("pattern_none")))
            continue
        heads = t("list_sep").join(
            t("head_ref", layer=ly, head=hd, share=share) for ly, hd, share in best
        )
        lines.append(t("label_line", label=label, text=heads))
    patterns_box.markdown("\n".join(lines))
layout.notice("real_notice", start=start, end=end)
