"""The next word: SmolLM2-135M, a real generative model, reads a prompt left to right and
predicts the next token; its heads show which earlier words each token looked at."""

import dataclasses

import streamlit as st

from app_pages.next_word import steps
from app_pages.next_word.charts import (
    CANDIDATES_HEIGHT,
    PICKERS_WIDTH,
    THUMB_SIZE,
    THUMB_SIZE_PHONE,
)
from app_pages.next_word.compute import (
    MODEL_SETTINGS,
    Candidate,
    export_fields,
    head_thumbnails,
    prediction,
    reads_poorly,
    story_rates,
    strongest_push,
    top_k_of,
)
from app_pages.next_word.params import (
    ADD,
    ATLAS,
    FETCH,
    HEAD,
    LAYER,
    PARAMS,
    PROMPT,
    RESTART,
    STORY,
    TEMPERATURE,
    TOP_K,
    TOP_K_CHOICES,
    UNDO,
    USE_SENTENCE,
)
from core.causal_story import MARGIN
from core.models import smollm2_files
from core.models.smollm2 import MAX_PROMPT_TOKENS, STORY_HEAD, SmolLM2Config
from core.models.smollm2_files import CACHE_DIR
from core.params import MAX_TEXT_CHARS
from ui import charts, compute, figures, fold, layout, model_files, session, theme
from ui.i18n import t
from ui.markdown import escape_md
from ui.text_box import text_box

SHAPE = SmolLM2Config()


def top_k_label(choice: str) -> str:
    return t("nw_top_k_all") if choice == "all" else choice


layout.header("nw_intro", layers=SHAPE.n_layers, heads=SHAPE.n_heads)
if not compute.smollm2_ready():
    model_files.make_when_asked(
        "SmolLM2", lambda progress: smollm2_files.prepare(CACHE_DIR, progress), FETCH
    )

s = session.settings()
text_box(
    t("nw_prompt"),
    PROMPT,
    MAX_TEXT_CHARS,
    area=True,
    height=68,
    on_change=steps.typed,
    persist_state="session",
)
st.caption(t("nw_limits", tokens=MAX_PROMPT_TOKENS - 1, chars=f"{MAX_TEXT_CHARS:,}"))
prompt = st.session_state[PROMPT]
if not prompt.strip():
    st.info(t("nw_empty"))
    st.stop()
result = compute.smollm2_run(prompt)  # every layer and head, and the next token's logits
if result.truncated:
    st.warning(t("nw_truncated", n_total=result.n_total, max=MAX_PROMPT_TOKENS))
if reads_poorly(prompt):
    st.info(t("nw_chinese"))

knobs, chart = st.columns([1.4, 3], gap="medium")  # on a phone: the knobs, then the chart
with knobs:
    temperature_param = PARAMS[TEMPERATURE]
    st.slider(
        t("nw_temperature"),
        min_value=temperature_param.lo,
        max_value=temperature_param.hi,
        step=0.05,
        key=TEMPERATURE,
        help=t("nw_temperature_help"),
        persist_state="session",
    )
    st.segmented_control(
        t("nw_top_k"),
        TOP_K_CHOICES,
        format_func=top_k_label,
        key=TOP_K,
        required=True,
        help=t("nw_top_k_help"),
        persist_state="session",
    )
    if s.text.strip() and s.text != prompt:
        st.button(
            t("nw_use_sentence"),
            key=USE_SENTENCE,
            help=t("nw_use_sentence_help", text=escape_md(s.text, 200)),
            on_click=steps.use,
            args=(s.text,),
            type="tertiary",
            icon=":material/arrow_upward:",
        )
    before = steps.history()
    with st.container(horizontal=True):  # the tokens added so far, taken back
        st.button(
            t("nw_undo"), key=UNDO, on_click=steps.undo, disabled=not before, icon=":material/undo:"
        )
        st.button(
            t("nw_restart"),
            key=RESTART,
            on_click=steps.restart,
            disabled=not before,
            icon=":material/restart_alt:",
        )
guess = prediction(prompt, float(st.session_state[TEMPERATURE]), top_k_of(st.session_state[TOP_K]))

# 3. the candidates: the page's point, large
labels = [t("nw_candidate", token=c.label, percent=100 * c.probability) for c in guess.candidates]
chosen_k = t("nw_top_k_all") if guess.top_k is None else str(guess.top_k)
candidates = figures.bars(
    [c.probability for c in guess.candidates],
    labels,
    t("nw_chart_title", n=len(labels)),
    None,
    label_title=t("nw_ax_next"),
    value_title=t("nw_ax_probability"),
    width=theme.BAR_WIDTH_FULL,
    domain=(0.0, 1.0),
)
candidates = dataclasses.replace(
    candidates,
    context=(
        figures.quote(prompt),
        t("nw_chart_line", temperature=guess.temperature, top_k=chosen_k),
    ),
    file_tag="smollm2",
)
with chart:
    drawn = candidates.with_options(
        big=True, max_height=CANDIDATES_HEIGHT, label_limit=theme.TOKEN_LABEL_LIMIT
    )
    figures.show(drawn, main=True)

st.markdown(t("nw_add_heading"))
with st.container(horizontal=True):
    for rank, c in enumerate(guess.candidates):
        st.button(
            f"\\+ {escape_md(c.label, 20)}",
            key=f"{ADD}{rank}",
            on_click=steps.add,
            args=(c.text or "",),
            disabled=c.text is None or result.truncated,
            help=t("nw_add_help", text=escape_md(repr(c.text or ""), 30)),
        )
pieces = [c.label for c in guess.candidates if c.text is None]
if result.truncated:
    st.caption(t("nw_add_truncated", max=MAX_PROMPT_TOKENS - 1))
elif pieces:
    st.caption(t("nw_pieces", pieces=t("list_sep").join(escape_md(p) for p in pieces)))


def last_row(top: Candidate, width: int) -> None:
    """4. What the last token looked at, in the head that pushes the top candidate most."""
    push = strongest_push(prompt, top.id)
    pushing = compute.model_pipeline("smollm2", (push.layer, push.head), prompt, MODEL_SETTINGS)
    last = pushing.tokens[-1]
    st.subheader(t("nw_last_heading", word=escape_md(last, 30)), anchor=False)
    st.caption(
        t(
            "nw_last_caption",
            token=escape_md(top.label, 30),
            n=SHAPE.n_all_heads,
            layer=push.layer,
            head=push.head,
            push=push.push,
            logit=top.logit,
        )
    )
    figures.show(
        figures.bars(
            pushing.attention.weights[-1],
            pushing.tokens,
            t("nw_last_title", word=last, layer=push.layer, head=push.head),
            pushing,
            label_title=t("ax_key"),
            value_title=t("ax_weight"),
            width=width,
            domain=(0.0, 1.0),
        )
    )


def story_line(layer: int, head: int) -> None:
    """Where the story head is, or, on it, how often it tells the story (measured)."""
    rates = story_rates()
    if (layer, head) != STORY_HEAD:
        st.caption(t("nw_story_elsewhere", layer=STORY_HEAD[0], head=STORY_HEAD[1]))
        st.button(
            t("nw_story_open"),
            key=STORY,
            on_click=steps.open_head,
            args=STORY_HEAD,
            type="tertiary",
            icon=":material/arrow_forward:",
        )
    elif rates is None:
        st.caption(t("nw_story_unmeasured"))
    else:
        plain = t("nw_story_plain", rate=rates.plain) if rates.plain is not None else ""
        passive = t("nw_story_passive", rate=rates.passive) if rates.passive is not None else ""
        st.caption(
            t(
                "nw_story_here",
                margin=MARGIN,
                plain=plain,
                lo=rates.lowest,
                hi=rates.highest,
                forms=rates.forms,
                passive=passive,
            )
        )


def one_head(layer: int, head: int, fit: dict[str, int]) -> None:
    """5. One head's whole causal pattern, under the sidebar's switches (causal always)."""
    switches = session.settings().attention.replace(causal=True, temperature=1.0)
    st.subheader(t("nw_head_heading", layer=layer, head=head), anchor=False)
    with st.container(width=PICKERS_WIDTH):
        pickers = zip(st.columns(2), (LAYER, HEAD), ("nw_layer", "nw_head"), strict=True)
        for col, key, label in pickers:
            param = PARAMS[key]
            col.number_input(
                t(label),
                min_value=int(param.lo),
                max_value=int(param.hi),
                step=1,
                key=key,
                persist_state="session",
            )
    story_line(layer, head)
    shown = compute.model_pipeline("smollm2", (layer, head), prompt, switches)
    own = compute.model_pipeline("smollm2", (layer, head), prompt, MODEL_SETTINGS)
    figures.offer_json(own, export_fields(guess, result.ids, result.n_total, own, shown))
    figures.show(
        figures.word_map(
            shown.attention.weights,
            figures.weights_title(shown),
            shown,
            probabilities=switches.use_softmax,
            hidden=~shown.attention.mask,
            **fit,
        )
    )
    st.caption(t("nw_mask_caption"))


def every_head(layer: int, head: int) -> None:
    """6. Every head's weights as thumbnails (folded); a click opens that head in part 5."""
    box, box_open = fold.expander(
        t("nw_atlas", n=SHAPE.n_all_heads), ATLAS, icon=":material/grid_view:"
    )
    if not box_open:
        return
    phone = figures.on_phone()
    grid = charts.head_image_grid(
        head_thumbnails(prompt),
        SHAPE.n_layers,
        SHAPE.n_heads,
        chosen=(layer, head),
        size=THUMB_SIZE_PHONE if phone else THUMB_SIZE,
        layers_across=not phone,
        title=t("nw_atlas_title"),
        layer_title=t("nw_ax_layer"),
        head_title=t("nw_ax_head"),
        tooltip_title=t("nw_ax_layer_head"),
    )
    with box:
        figures.show_spec(
            grid,
            key=f"{ATLAS}_grid",
            on_point=lambda point: steps.open_head(int(point["row"]), int(point["col"])),
        )
        st.caption(t("nw_atlas_hint", last_layer=SHAPE.n_layers - 1, last_head=SHAPE.n_heads - 1))


@layout.part  # a click in the grid, or another layer or head, re-runs this part only
def heads() -> None:
    """Parts 4 to 6: side by side on a projector while the prompt is short enough."""
    layer, head = int(st.session_state[LAYER]), int(st.session_state[HEAD])
    (left, right), fit = layout.grid(2, len(result.ids), per_row=2)
    with left:
        width = theme.BAR_WIDTH_HALF if "max_width" in fit else theme.BAR_WIDTH_FULL
        last_row(guess.candidates[0], width)
    with right:
        one_head(layer, head, fit)
    every_head(layer, head)


heads()
layout.notice("nw_notice")
