"""The shared sidebar controls, drawn once by the entrypoint for every page."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from core.export import pipeline_document, pipeline_json
from core.links import LINK_BUDGET
from core.params import MAX_TEXT_CHARS, Param
from core.pipeline import Pipeline
from core.tokenize import MAX_TOKENS
from ui import compute, exports, figures, session
from ui.i18n import LANGUAGES, lang, t
from ui.settings import DEFAULT_MODEL, GLOBAL_PARAMS, MODELS, REAL_MODELS, TOY_SHAPE, K
from ui.text_box import text_box

PE_FIXED = "_pe_fixed"  # the positions switch as a model other than the toy has it: on, fixed

# which shared control each page can list under "This page uses"
CONTROL_LABELS = {
    K.TEXT: "sentence",
    K.D_MODEL: "d_model",
    K.D_K: "d_k",
    K.SEED: "seed",
    K.PE: "pe",
    K.SCALE: "scale",
    K.SOFTMAX: "softmax",
    K.TEMP: "temperature",
    K.NUMBERS: "numbers",
    K.MODEL: "source_label",
}


def _bounds(key: str) -> dict[str, float]:
    p = GLOBAL_PARAMS[key]
    return {"min_value": p.lo, "max_value": p.hi}


def sidebar(
    heads: bool = False,
    head_pickers: bool = True,
    uses: tuple[str, ...] | None = None,
    real_models: bool = False,
) -> tuple[str, ...]:
    """Language, sentence, source, model size and the attention switches; returns the keys of
    the settings it drew.

    `heads`: the page shows a model of its own whatever the source: no source (it would name a
    model the page does not show), and the real model's layer and head.
    `head_pickers=False`: never draw layer and head (the page draws them beside its grid).
    `real_models`: the page shows MiniLM or e5, as the reader chooses here.
    `uses`: the shared controls the page listens to (PageSpec.uses); only these are drawn, so
    the sidebar never offers a switch that changes nothing. None: every control.
    Values of controls left out are kept (persist_state) for the pages that draw them.
    """

    def used(key: str) -> bool:
        return uses is None or key in uses or key in (K.LANG, K.MODEL)

    drawn = tuple(key for key in GLOBAL_PARAMS if key not in (K.LAYER, K.HEAD) and used(key))
    if heads:
        drawn = tuple(key for key in drawn if key != K.MODEL)
    with st.sidebar:
        # the sentence first: under a menu of every page it is still in a projector's view
        if used(K.TEXT):
            _sentence(heads, real_models)
        st.radio(
            t("language"),
            options=list(LANGUAGES),
            format_func=LANGUAGES.__getitem__,
            key=K.LANG,
            horizontal=True,
            on_change=session.example_follows_language,
            **KEPT,
        )
        source, shown = _model_part(heads, head_pickers, real_models, used)
        drawn += shown
        toy = source == "toy"
        _sizes(toy, [key for key in (K.D_MODEL, K.D_K, K.SEED) if used(key) and not heads])
        steps = [key for key in (K.PE, K.SCALE, K.SOFTMAX, K.TEMP) if used(key)]
        _switches([key for key in steps if key != K.PE] if heads else steps, toy)
        if used(K.NUMBERS):
            st.toggle(t("numbers"), key=K.NUMBERS, **KEPT)
    if heads:
        drawn = tuple(key for key in drawn if key not in TOY_SHAPE)
    return drawn


# Kept for the session, although drawn on every page: when a click in the menu interrupts a
# run, Streamlit keeps only the widgets the browser reports, and a busy browser can leave some
# out (a class on one server lost a language, a seed, a width that way).
KEPT: dict[str, Any] = {"persist_state": "session"}
SIZE_LABELS = {K.D_MODEL: "d_model", K.D_K: "d_k", K.SEED: "seed"}


def _sentence(heads: bool, real_models: bool) -> None:
    """The sentence box, and what the model shown makes of a sentence (its limit)."""
    text_box(t("sentence"), K.TEXT, MAX_TEXT_CHARS, area=True, height=90, **KEPT)
    e5_page = real_models and st.session_state.get(K.REAL) == "e5"
    real = "e5" if e5_page else "pretrained"
    shown = real if heads else st.session_state.get(K.MODEL, DEFAULT_MODEL)
    page = st.session_state.get(session.CURRENT_PAGE)
    help_key = (page.sentence_help if page else "") or "sentence_help_" + shown
    st.caption(t(help_key, max=MAX_TOKENS))


def _model_part(
    heads: bool, head_pickers: bool, real_models: bool, used: Callable[[str], bool]
) -> tuple[str, tuple[str, ...]]:
    """Where the vectors come from (or which real encoder), what it is, and a real model's
    layer and head: the source drawn, and the keys drawn beyond the shared ones."""
    drawn: tuple[str, ...] = ()
    source = "pretrained"  # a page with heads of its own shows a real model, no toy sizes
    if real_models:  # which real encoder: the reader's choice
        real = choice("real_label", list(REAL_MODELS), K.REAL, prefix="real_")
        st.caption(t(f"real_{real}_help"))
        drawn += (K.REAL,)
    elif not heads:
        source = choice("source_label", list(MODELS), K.MODEL, prefix="source_")
    if heads:
        pass
    elif source == "distilled":
        ref = compute.distilled().ref
        st.caption(
            t(
                "source_distilled_help",
                d_model=ref.d_model,
                d_k=ref.d_k,
                layer=ref.layer,
                heads=figures.heads_label(ref.heads),
            )
        )
    elif source == "toy":
        st.caption(t("source_toy_help"))
    if (source == "pretrained" or heads) and head_pickers:
        e5 = real_models and st.session_state.get(K.REAL) == "e5"  # a real-model page on e5
        head_inputs((K.E5_LAYER, K.E5_HEAD) if e5 else (K.LAYER, K.HEAD))
        switches = any(used(key) for key in (K.SCALE, K.SOFTMAX, K.TEMP))
        fixed = heads and not switches  # no switches below to speak of
        if e5:
            st.caption(t("source_e5_help_fixed" if fixed else "source_e5_help"))
        else:
            st.caption(t("source_pretrained_help_fixed" if fixed else "source_pretrained_help"))
        drawn += (K.E5_LAYER, K.E5_HEAD) if e5 else (K.LAYER, K.HEAD)
    return source, drawn


def _sizes(toy: bool, keys: list[str]) -> None:
    """The toy's sizes and seed, folded away (shown greyed for another model)."""
    if not keys:
        return
    with st.expander(t("model_size"), expanded=False):
        if not toy:
            st.caption(t("toy_only"))
        for key in keys:
            st.number_input(
                t(SIZE_LABELS[key]), step=1, key=key, disabled=not toy, **KEPT, **_int_bounds(key)
            )


def _switches(steps: list[str], toy: bool) -> None:
    """The attention's switches the page listens to, under their heading."""
    if steps:
        st.subheader(t("steps_heading"))
    if K.PE in steps and toy:
        st.toggle(t("pe"), key=K.PE, **KEPT)
    elif K.PE in steps:  # the other models add their positions always: say so, and why
        st.toggle(t("pe"), value=True, key=PE_FIXED, disabled=True)
        st.caption(t("pe_fixed", toy=t("source_toy")))
    if K.SCALE in steps:
        st.toggle(t("scale"), key=K.SCALE, **KEPT)
    if K.SOFTMAX in steps:
        st.toggle(t("softmax"), key=K.SOFTMAX, **KEPT)
    if K.TEMP in steps:
        st.slider(
            t("temperature"),
            step=0.05,
            key=K.TEMP,
            help=t("temperature_help"),
            **KEPT,
            **_bounds(K.TEMP),
        )


def head_inputs(keys: tuple[str, str] = (K.LAYER, K.HEAD)) -> None:
    """A real model's layer and head (MiniLM's unless `keys` name e5's), side by side (kept
    for the session and in the link)."""
    c1, c2 = st.columns(2)
    kept = {"step": 1, "persist_state": "session"}  # also while a page does not draw them
    for column, label, key in zip((c1, c2), ("layer", "head"), keys, strict=True):
        bounds = _int_bounds(key)
        column.number_input(t(label, hi=bounds["max_value"]), key=key, **kept, **bounds)


@dataclass
class Shown:
    """What the page showed, filled in by the router once the page has run (even one that
    stopped early): the downloads read it when clicked, outside the script run."""

    pipeline: Pipeline | None = None
    extra: dict[str, Any] = field(default_factory=dict)  # the page's own fields in the JSON
    specs: list[dict] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    link: str = ""


def share_panel(
    url_path: str, page_params: Mapping[str, Param], exports_matrices: bool
) -> tuple[DeltaGenerator | None, Shown]:
    """A link that restores this exact view, the page as one HTML file, and every matrix the
    page showed as JSON.

    Drawn before the page runs (a page that ends in st.stop() sends nothing afterwards). The
    downloads are made when clicked, from the returned `Shown`, which the router fills after
    the page; the link's slot is rewritten then too (the page's own choices, a clicked row).
    The content is drawn only while the panel is open, and opening it draws the page again:
    a part of a page that re-ran on its own (layout.part) cannot leave a stale link in it.
    """
    shown = Shown()
    with st.expander(
        t("share_heading"), icon=":material/share:", key=session.SHARE_OPEN, on_change="rerun"
    ):
        if not session.share_open():
            return None, shown
        st.caption(t("share_help", budget=f"{LINK_BUDGET:,}"))
        link_slot = st.empty()
        show_link(link_slot, url_path, page_params)
        if not exports_matrices:
            st.caption(t("export_nothing"))
            return link_slot, shown
        page = st.session_state.get(session.CURRENT_PAGE)
        title = t("app_title") + (f" — {t(page.label_key)}" if page else "")
        language = lang()
        st.download_button(
            t("export_html"),
            data=lambda: exports.page_html(title, shown.specs, shown.lines, shown.link, language),
            file_name=f"{url_path or 'home'}_attention.html",
            mime="text/html",
            key="export_html",
            on_click="ignore",
            help=t("export_html_help"),
            icon=":material/html:",
        )
        st.download_button(
            t("export_json"),
            data=lambda: shown_json(shown),  # when clicked: ~0.1 s for MiniLM
            file_name=f"{url_path or 'home'}_attention.json",
            mime="application/json",
            key="export_json",
            on_click="ignore",
            icon=":material/data_object:",
        )
    return link_slot, shown


def shown_json(shown: Shown) -> str:
    """The JSON download: the shown pipeline's document, and the page's own fields beside it
    (composed: the document of every other page is unchanged)."""
    if not shown.extra:
        return pipeline_json(shown.pipeline)
    document = pipeline_document(shown.pipeline) if shown.pipeline is not None else {}
    clash = sorted(document.keys() & shown.extra.keys())
    if clash:
        raise ValueError(f"the page's JSON fields {clash} would replace the pipeline's")
    return json.dumps(document | shown.extra, ensure_ascii=False, indent=1)


def fill_shown(shown: Shown, url_path: str, page_params: Mapping[str, Param]) -> None:
    """After the page: what it showed, for the downloads (plain Python: works after st.stop)."""
    shown.pipeline = figures.offered()
    shown.extra = figures.offered_extra()
    shown.specs = figures.shown_specs()
    shown.lines = figures.shown_context()
    shown.link = session.share_link(url_path, page_params)


def show_link(slot: DeltaGenerator | None, url_path: str, page_params: Mapping[str, Param]) -> None:
    """The share link in its slot (None: the panel is closed), and a note when a long text was
    shortened in it."""
    if slot is None:
        return
    with slot.container():
        st.code(session.share_link(url_path, page_params), language=None, wrap_lines=True)
        shortened = session.link_shortened(page_params)
        if shortened == "cut":
            st.caption(t("link_cut", budget=f"{LINK_BUDGET:,}"))
        elif shortened == "drawn":
            st.caption(t("link_shortened", max=MAX_TOKENS))


def token_picker(label_key: str, key: str, tokens: tuple[str, ...]) -> int:
    """Pick one token by position; the choice is kept across pages and in the link, and a
    new sentence moves it to its last word (session.token_index)."""
    n = len(tokens)
    session.token_index(key, tokens)
    st.selectbox(
        t(label_key),
        options=list(range(n)),
        format_func=lambda i: f"{i}: {tokens[i]}",
        key=key,
        persist_state="session",
    )
    return int(st.session_state[key])


def bounded_number(
    label_key: str,
    p: Param,
    step: float = 1,
    fmt: str | None = None,
    on_change: Callable[[], None] | None = None,
) -> float:
    """A number input with the bounds (and int or float kind) of its URL parameter, kept for
    the session."""
    key = p.key
    assert p.lo is not None and p.hi is not None
    kind = float if p.kind == "float" else int
    st.number_input(
        t(label_key),
        min_value=kind(p.lo),
        max_value=kind(p.hi),
        step=kind(step),
        format=fmt,
        key=key,
        persist_state="session",
        on_change=on_change,
    )
    return kind(st.session_state[key])


def choice(label_key: str, options: list[str], key: str, prefix: str) -> str:
    """A page's translated one-of-several choice, kept for the session and across languages.

    A segmented control (not a radio) because it keeps the user's choice when the option
    labels change language; a radio would receive the old label and lose it.
    """
    st.segmented_control(
        t(label_key),
        options,
        format_func=lambda option: t(f"{prefix}{option}"),
        key=key,
        required=True,
        persist_state="session",
    )
    value = st.session_state[key]
    return value if value in options else options[0]


def _int_bounds(key: str) -> dict[str, int]:
    p = GLOBAL_PARAMS[key]
    assert p.lo is not None and p.hi is not None
    return {"min_value": int(p.lo), "max_value": int(p.hi)}


def head_grid(
    spec: dict,
    key: str,
    hint_key: str,
    main: bool = False,
    keys: tuple[str, str] = (K.LAYER, K.HEAD),
    **values: object,
) -> None:
    """A chart of a real model's heads (layer down, head across): a click opens that head,
    here and on every page that shows one (`keys`: its layer and head settings). `main`: the
    page's main chart (figures.show); `values` fill in the hint."""

    def open_head(point: dict) -> None:
        if "row" in point and "col" in point:
            st.session_state[keys[0]] = int(point["row"])
            st.session_state[keys[1]] = int(point["col"])

    figures.show_spec(spec, key=key, on_point=open_head, main=main)
    st.caption(t(hint_key, **values))


LANGUAGE_SWITCH = "_language_switch"


def _switched() -> None:
    st.session_state[K.LANG] = st.session_state[LANGUAGE_SWITCH]
    session.example_follows_language()


def language_switch() -> None:
    """The language, on a page with no sidebar (class mode): the same setting as the sidebar's
    (K.LANG), through a widget of its own (the sidebar's radio keeps that key)."""
    st.session_state[LANGUAGE_SWITCH] = lang()
    st.segmented_control(
        t("language"),
        options=list(LANGUAGES),
        format_func=LANGUAGES.__getitem__,
        key=LANGUAGE_SWITCH,
        on_change=_switched,
        label_visibility="collapsed",
        required=True,
    )
