"""Session-state keys, the URL parameters behind them, and the link <-> state sync.

Written by hand rather than with Streamlit's `bind="query-params"`: binding drops a refused
value silently (we name it in a note), stores a selectbox's label (our token pickers' labels
change with the sentence), and cannot compose the share link on the server or restore the
several values the presenter's worked example replaces. See docs/ARCHITECTURE.md.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from urllib.parse import quote, urlencode, urlsplit, urlunsplit

import streamlit as st
from streamlit.runtime import app_session
from streamlit.runtime.state.query_params import (
    CLIENT_STATE_QUERY_STRING_MAX_FIELDS as LINK_MAX_PARAMS,
)
from streamlit.runtime.state.query_params import (
    CLIENT_STATE_QUERY_STRING_MAX_LENGTH as LINK_MAX_CHARS,
)
from streamlit.runtime.state.query_params import sanitize_query_string

from core.attention import MIN_TEMPERATURE, AttentionSettings
from core.learning.corpus import DEFAULT_PROBE, check_probe
from core.learning.task import TrainedModel, TrainSettings
from core.params import Param, Rejected, decode_all, encode_changed
from core.pipeline import ToyConfig, resolve_index
from core.tokenize import drawn_prefix

DEFAULT_TEXT = "The black cat drank the milk"
DEFAULT_ENCODER_TEXT = "The ball is blue"
DEFAULT_DECODER_TEXT = "La bola es azul"
DEFAULT_VARIANT_TEXT = "The black cat drank the water"  # sentence B beside the default sentence
_TOY = ToyConfig()
_ATTENTION = AttentionSettings()
LEARN = TrainSettings()
MODELS = ("toy", "pretrained", "trained")  # which model makes the vectors


class K:
    """Session-state keys. Each one is also the name of its URL parameter."""

    LANG = "lang"
    TEXT = "text"
    D_MODEL = "d_model"
    D_K = "d_k"
    SEED = "seed"
    PE = "pe"
    SCALE = "scale"
    SOFTMAX = "softmax"
    TEMP = "temp"
    NUMBERS = "numbers"
    MODEL = "src"  # which model makes the vectors: toy, pretrained, trained
    LAYER = "layer"  # pretrained layer
    HEAD = "head"  # pretrained head
    # page controls
    WORD = "word"  # page 2: the followed word (token index)
    SEED_B = "seed_b"  # page 3: the second seed
    KIND = "kind"  # page 4: self, causal or cross attention
    ENCODER_TEXT = "source"  # page 4: the sentence that gives K and V in cross attention
    DECODER_TEXT = "target"  # page 4: the sentence that gives Q in cross attention
    QUERY = "query"  # page 5: the query word (token index)
    WORD_A = "a"  # page 6: first word of the pair
    WORD_B = "b"  # page 6: second word of the pair
    VECTOR_KIND = "vec"  # page 6: compare q·k or x·x
    VEC_A = "va"  # page 6: vector A as typed, numbers separated by commas ("": the model's)
    VEC_B = "vb"  # page 6: vector B as typed
    HIDE_SPECIALS = "nospecial"  # real model: hide [CLS] and [SEP]
    CMP_MODE = "cmp"  # compare: two sentences or two settings
    CMP_MATRIX = "cmpm"  # compare: scores, weights or output
    CMP_A = "ca"  # compare: sentence A
    CMP_B = "cb"  # compare: sentence B
    CMP_SETTING = "cmps"  # compare: the setting that differs
    STEP = "step"  # presenter mode: which step of the pipeline is on screen
    ASK = "ask"  # presenter mode: ask the room before each chart (predict, then reveal)
    LEARN_MODE = "lmode"  # page 7: learn from the task, or set relevance by hand
    LEARN_SEED = "lseed"  # page 7: training seed
    LEARN_STEPS = "lsteps"  # page 7: training steps
    LEARN_LR = "llr"  # page 7: learning rate
    LEARN_D_MODEL = "ldm"  # page 7: model width
    LEARN_D_K = "ldk"  # page 7: query/key width
    LEARN_SOFTMAX = "lsoft"  # page 7: train with softmax
    PROBE = "probe"  # page 7: the sentence whose attention is watched
    REL_QUERY = "rq"  # page 7, mode 2: the query word
    LEARN_RUN = "lrun"  # page 7: show the finished run of these settings (retrained on demand)
    QK_QUERY = "qkq"  # page 6b: the query whose top keys are linked on the map
    VARIANT_TEXT = "alt"  # change one word: sentence B, the variant
    GROUP_Q = "gq"  # several tokens at once: the chosen query indices, "0,2"
    GROUP_K = "gk"  # several tokens at once: the chosen key indices ("" = all keys)


CURRENT_PAGE = "_current_page"  # the PageSpec (ui/router.py) being drawn
SAVED_TEXT = "_saved_text"  # the user's sentence and sizes while the worked example is shown
_INTERNAL = "_url_loaded"  # set once the link of this session has been read
_REJECTED = "_url_rejected"  # what the link asked for and did not get
_IGNORED_LINK = "_url_ignored"  # an IgnoredLink when Streamlit dropped the whole link
DROPPED_LINK = "_link_dropped"  # the parameter standing for such a link: "params.chars"

GLOBAL_PARAMS: dict[str, Param] = {
    p.key: p
    for p in (
        Param(K.LANG, "en", "choice", choices=("en", "zh")),
        Param(K.TEXT, DEFAULT_TEXT, "text"),
        Param(K.D_MODEL, _TOY.d_model, "int", 2, 64),
        Param(K.D_K, _TOY.d_k, "int", 1, 32),
        Param(K.SEED, _TOY.seed, "int", 0, 9999),
        Param(K.PE, _TOY.positional, "bool"),
        Param(K.SCALE, _ATTENTION.scale, "bool"),
        Param(K.SOFTMAX, _ATTENTION.use_softmax, "bool"),
        Param(K.TEMP, _ATTENTION.temperature, "float", MIN_TEMPERATURE, 5.0),
        Param(K.NUMBERS, True, "bool"),
        Param(K.MODEL, "toy", "choice", choices=MODELS),
        Param(K.LAYER, 0, "int", 0, 5),
        Param(K.HEAD, 0, "int", 0, 11),
    )
}
PAGE_PARAMS: dict[str, Param] = {
    p.key: p
    for p in (
        Param(K.WORD, -1, "int", -1, 63),
        Param(K.SEED_B, 1, "int", 0, 9999),
        Param(K.KIND, "self", "choice", choices=("self", "causal", "cross")),
        Param(K.ENCODER_TEXT, DEFAULT_ENCODER_TEXT, "text"),
        Param(K.DECODER_TEXT, DEFAULT_DECODER_TEXT, "text"),
        Param(K.QUERY, -1, "int", -1, 63),
        Param(K.WORD_A, -1, "int", -1, 63),
        Param(K.WORD_B, -1, "int", -1, 63),
        Param(K.VECTOR_KIND, "qk", "choice", choices=("qk", "x")),
        Param(K.VEC_A, "", "text"),
        Param(K.VEC_B, "", "text"),
        Param(K.HIDE_SPECIALS, False, "bool"),
        Param(K.CMP_MODE, "sentences", "choice", choices=("sentences", "settings")),
        Param(K.CMP_MATRIX, "weights", "choice", choices=("scores", "weights", "output")),
        Param(K.CMP_A, "The cat drank the milk because it was hungry", "text"),
        Param(K.CMP_B, "The cat drank the milk because it was sweet", "text"),
        Param(
            K.CMP_SETTING, "softmax", "choice", choices=("softmax", "scale", "pe", "seed", "source")
        ),
        Param(K.STEP, 0, "int", 0, 7),
        Param(K.ASK, True, "bool"),
        Param(K.LEARN_MODE, "task", "choice", choices=("task", "relevance")),
        Param(K.LEARN_SEED, LEARN.seed, "int", 0, 9999),
        Param(K.LEARN_STEPS, LEARN.steps, "int", 10, 2000),
        Param(K.LEARN_LR, LEARN.lr, "float", 0.001, 1.0),
        Param(K.LEARN_D_MODEL, LEARN.d_model, "int", 4, 64),
        Param(K.LEARN_D_K, LEARN.d_k, "int", 2, 32),
        Param(K.LEARN_SOFTMAX, LEARN.use_softmax, "bool"),
        Param(K.PROBE, DEFAULT_PROBE, "text"),
        Param(K.REL_QUERY, -1, "int", -1, 63),
        Param(K.LEARN_RUN, False, "bool"),
        Param(K.QK_QUERY, -1, "int", -1, 63),
        Param(K.VARIANT_TEXT, DEFAULT_VARIANT_TEXT, "text"),
        Param(K.GROUP_Q, "", "text"),
        Param(K.GROUP_K, "", "text"),
    )
}
ALL_PARAMS = GLOBAL_PARAMS | PAGE_PARAMS
INDEX_LISTS = (K.GROUP_Q, K.GROUP_K)  # "text" parameters that hold token numbers, not a text


@dataclass(frozen=True)
class Settings:
    """The sidebar as one value: the sentence, which model, its sizes and the switches."""

    lang: str
    text: str
    toy: ToyConfig
    attention: AttentionSettings
    show_numbers: bool
    model: str = "toy"  # one of MODELS
    layer: int = 0  # pretrained
    head: int = 0  # pretrained

    def replace(self, **changes: object) -> Settings:
        return dataclasses.replace(self, **changes)


def _browser_language() -> str:
    locale = st.context.locale or ""
    return "zh" if locale.lower().startswith("zh") else "en"


def load_from_url() -> None:
    """Once per session: fill the state from the link, remember what was refused."""
    if st.session_state.get(_INTERNAL):
        return
    raw = {key: st.query_params[key] for key in st.query_params}
    ignored = ignored_link(raw)
    raw.pop(DROPPED_LINK, None)
    values, rejected = decode_all(raw, ALL_PARAMS)
    if K.LANG not in values:
        values[K.LANG] = _browser_language()
    for key, param in ALL_PARAMS.items():
        st.session_state[key] = values.get(key, param.default)
    st.session_state[_REJECTED] = rejected
    st.session_state[_IGNORED_LINK] = ignored
    st.session_state[_INTERNAL] = True


@dataclass(frozen=True)
class IgnoredLink:
    """A link Streamlit read as empty: over its limit of parameters or characters."""

    params: int
    chars: int
    max_params: int = LINK_MAX_PARAMS
    max_chars: int = LINK_MAX_CHARS


def _sanitize_naming_dropped(query_string: str) -> str:
    """Streamlit's own check of a link, except that a link it drops whole (over 1,000
    parameters or 512 Ki characters) becomes one parameter saying how big it was, instead of
    an empty link that no code of ours could tell from no link at all."""
    kept = sanitize_query_string(query_string)
    if query_string and not kept:
        return urlencode({DROPPED_LINK: f"{query_string.count('&') + 1}.{len(query_string)}"})
    return kept


# Installed when this module is first imported, in the process's first script run: from then
# on (Streamlit 1.67's AppSession checks each rerun's link with this name).
app_session.sanitize_query_string = _sanitize_naming_dropped


def ignored_link(raw: dict[str, str]) -> IgnoredLink | None:
    """The size of the link Streamlit dropped, from the parameter `_sanitize_naming_dropped`
    put in its place; None for any other link."""
    params, _, chars = raw.get(DROPPED_LINK, "").partition(".")
    if not (params.isdigit() and chars.isdigit()):
        return None
    return IgnoredLink(params=int(params), chars=int(chars))


def link_ignored() -> IgnoredLink | None:
    return st.session_state.get(_IGNORED_LINK)


def rejected_params() -> list[Rejected]:
    return list(st.session_state.get(_REJECTED, []))


def dismiss_rejected() -> None:
    st.session_state[_REJECTED] = []
    st.session_state[_IGNORED_LINK] = None


def settings() -> Settings:
    s = st.session_state
    return Settings(
        lang=s[K.LANG],
        text=s[K.TEXT],
        toy=ToyConfig(
            d_model=int(s[K.D_MODEL]),
            d_k=int(s[K.D_K]),
            seed=int(s[K.SEED]),
            positional=bool(s[K.PE]),
        ),
        attention=AttentionSettings(
            scale=bool(s[K.SCALE]),
            use_softmax=bool(s[K.SOFTMAX]),
            temperature=float(s[K.TEMP]),
        ),
        show_numbers=bool(s[K.NUMBERS]),
        model=s[K.MODEL] if s[K.MODEL] in MODELS else "toy",
        layer=int(s[K.LAYER]),
        head=int(s[K.HEAD]),
    )


def flipped(s: Settings, setting: str) -> Settings:
    """The same settings with one thing changed: a switch turned over, the next seed, or the
    other model (toy <-> pretrained)."""
    a, toy = s.attention, s.toy
    if setting == "softmax":
        return s.replace(attention=a.replace(use_softmax=not a.use_softmax))
    if setting == "scale":
        return s.replace(attention=a.replace(scale=not a.scale))
    if setting == "pe":
        return s.replace(toy=dataclasses.replace(toy, positional=not toy.positional))
    if setting == "seed":
        return s.replace(toy=dataclasses.replace(toy, seed=(toy.seed + 1) % 10_000))
    if setting == "source":
        return s.replace(model="pretrained" if s.model == "toy" else "toy")
    raise ValueError(f"unknown setting to flip: {setting!r}")


def learn_settings() -> TrainSettings:
    """Page 7's training settings as this session has them (from the link, else defaults).

    d_model is made even (sinusoidal positions come in pairs); a probe that fits the corpus is
    written as its tokens, so "The black cat drank the milk." and its lower case are one run.
    """
    s = st.session_state
    check = check_probe(s[K.PROBE])
    return TrainSettings(
        seed=int(s[K.LEARN_SEED]),
        use_softmax=bool(s[K.LEARN_SOFTMAX]),
        steps=int(s[K.LEARN_STEPS]),
        lr=float(s[K.LEARN_LR]),
        d_model=max(2, int(s[K.LEARN_D_MODEL]) // 2 * 2),
        d_k=int(s[K.LEARN_D_K]),
        probe=" ".join(check.tokens) if check.ok else s[K.PROBE],
    )


def trained_settings() -> TrainSettings:
    """The run behind the "Trained" source: page 7's settings of this session (defaults if the
    page was never visited), with the default probe when this session's does not fit."""
    settings = learn_settings()
    if not check_probe(settings.probe).ok:
        settings = dataclasses.replace(settings, probe=DEFAULT_PROBE)
    return settings


def trained_model() -> TrainedModel:
    """The "Trained" source's model, trained on demand and shared through the run store."""
    from ui import compute  # compute imports this module

    return compute.trained_result(trained_settings()).model


def token_index(key: str, n: int) -> int:
    """The token index stored under `key`, made to fit a sentence of n tokens (else the last)."""
    value = st.session_state.get(key, -1)
    if isinstance(value, str):  # a stale "5: milk" from before the sentence changed
        head = value.split(":", 1)[0].strip()
        value = int(head) if head.isdigit() else -1
    index = value if isinstance(value, int) else -1
    st.session_state[key] = resolve_index(index, n)
    return st.session_state[key]


def link_values(page_keys: tuple[str, ...] = ()) -> dict[str, object]:
    """The values a link carries: the shared controls and this page's, texts cut to the
    tokens the app draws (a link has room for about 128 KB; the box keeps the whole text)."""
    keys = tuple(GLOBAL_PARAMS) + page_keys
    values = {key: st.session_state[key] for key in keys if key in st.session_state}
    return {
        key: drawn_prefix(value)
        if ALL_PARAMS[key].kind == "text" and key not in INDEX_LISTS
        else value
        for key, value in values.items()
    }


def shortened_in_link(page_keys: tuple[str, ...] = ()) -> list[str]:
    """The keys whose text the link holds only the start of (what is drawn of it)."""
    carried = link_values(page_keys)
    return [key for key, value in carried.items() if value != st.session_state[key]]


def url_params(page_keys: tuple[str, ...] = ()) -> dict[str, str]:
    """The shared controls and this page's controls that differ from their defaults, and lang."""
    wanted = encode_changed(link_values(page_keys), ALL_PARAMS)
    wanted[K.LANG] = st.session_state[K.LANG]
    return wanted


def share_link(url_path: str, page_keys: tuple[str, ...] = ()) -> str:
    """The full address of this page with every control, to paste anywhere."""
    base = urlsplit(st.context.url or "http://localhost:8501/")
    prefix = "/".join(
        part for part in (st.get_option("server.baseUrlPath") or "").split("/") if part
    )
    path = "/".join(part for part in (prefix, url_path) if part)
    query = urlencode(url_params(page_keys), quote_via=quote)
    return urlunsplit((base.scheme or "http", base.netloc, "/" + path, query, ""))


SHARE_OPEN = "share_open"  # the sidebar's share panel is open (its content is drawn only then)
SIDEBAR_DRAWN = "_sidebar_drawn"  # the sidebar's settings as the last whole run drew them


def sidebar_values(keys: tuple[str, ...]) -> dict[str, object]:
    """The values of these settings, as the sidebar shows them."""
    return {key: st.session_state.get(key) for key in keys}


def write_url(page_keys: tuple[str, ...] = ()) -> None:
    """Put the shared controls and this page's controls in the link (the language always)."""
    wanted = url_params(page_keys)
    current = {key: st.query_params[key] for key in st.query_params}
    if current != wanted:
        st.query_params.from_dict(wanted)
