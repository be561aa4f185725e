"""The session <-> Settings <-> link: fill the session from the link once, read the shared
settings as one value, write the link back, compose the share link.

Written by hand rather than with Streamlit's `bind="query-params"`: binding drops a refused
value silently (we name it in a note), stores a selectbox's label (our token pickers' labels
change with the sentence), and cannot compose the share link on the server or restore the
several values the presenter's worked example replaces. See docs/ARCHITECTURE.md.

Every function that writes or composes a link takes the current page's own parameters
(`PageSpec.params`); what the link can hold at all (`load_from_url`) is every page's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from urllib.parse import quote, urlencode, urlsplit, urlunsplit

import streamlit as st

from core.links import fit_query
from core.params import MAX_TEXT_CHARS, Param, Rejected, decode_all, encode_changed
from core.pipeline import resolve_index
from core.tokenize import drawn_prefix
from ui.link_patch import DROPPED_LINK, IgnoredLink, ignored_link
from ui.settings import (
    GLOBAL_PARAMS,
    INDEX_LISTS,
    SHARED_PARAMS,
    TOY_SHAPE,
    K,
    Settings,
    settings_from,
)

CURRENT_PAGE = "_current_page"  # the PageSpec (ui/page_spec.py) being drawn
SAVED_TEXT = "_saved_text"  # the user's sentence and sizes while the worked example is shown
SHARE_OPEN = "share_open"  # the sidebar's share panel is open (its content is drawn only then)
SIDEBAR_DRAWN = "_sidebar_drawn"  # the sidebar's settings as the last whole run drew them
_INTERNAL = "_url_loaded"  # set once the link of this session has been read
_REJECTED = "_url_rejected"  # what the link asked for and did not get
_IGNORED_LINK = "_url_ignored"  # an IgnoredLink when Streamlit dropped the whole link
_REPEATED = "_url_repeated"  # key -> how often the link gives it (the last one is used)
_PARAMS = "_url_params"  # every parameter a link can hold (what load_from_url was given)
PICKED_ON = "_picked_on_"  # + a token picker's key: the tokens its pick was made on
FRAME_TOKENS = frozenset({"[CLS]", "[SEP]", "[PAD]", "[MASK]"})  # a model's frame, not words
OLD_LAYER = 0  # MiniLM's layer when a link named only its head (the default until issue 28)
HEAD_KEYS = (K.LAYER, K.HEAD)  # MiniLM's layer and head: a link names both or neither
E5_HEAD_KEYS = (K.E5_LAYER, K.E5_HEAD)  # multilingual-e5-small's: both or neither too
NO_PARAMS: Mapping[str, Param] = MappingProxyType({})  # a page without parameters of its own


def _browser_language() -> str:
    locale = st.context.locale or ""
    return "zh" if locale.lower().startswith("zh") else "en"


def load_from_url(params: Mapping[str, Param]) -> None:
    """Once per session: fill the state from the link (any of `params`, every page's), and
    remember what was refused."""
    if st.session_state.get(_INTERNAL):
        return
    raw = {key: st.query_params[key] for key in st.query_params}  # the last of repeated keys
    repeated = {key: n for key in st.query_params if (n := len(st.query_params.get_all(key))) > 1}
    ignored = ignored_link(raw)
    if ignored is not None:  # our own marker; a forged one stays, and is reported as unknown
        raw.pop(DROPPED_LINK)
    values, rejected = decode_all(raw, params)
    if K.LANG not in values:
        values[K.LANG] = _browser_language()
    # made before links named their model; a language alone (?lang=zh) says nothing of that
    old_link = bool(raw.keys() - {K.LANG}) and K.MODEL not in raw
    if old_link and any(key in values for key in TOY_SHAPE):
        values[K.MODEL] = "toy"  # a link from before issue 18: then the toy was the default
    if K.HEAD in values and K.LAYER not in values:
        values[K.LAYER] = OLD_LAYER  # made when it was the default (links now name both)
    if K.REAL not in raw and any(key in raw for key in HEAD_KEYS):
        values[K.REAL] = "minilm"  # made before e5 was offered (links now name the model)
    lang = str(values[K.LANG])
    for key, param in params.items():  # example sentences in the reader's language
        default = param.default_in(lang)
        if old_link and param.old_default is not None:
            default = param.old_default  # what the link meant when it was made
        st.session_state[key] = values.get(key, default)
    st.session_state[_PARAMS] = params
    st.session_state[_REJECTED] = rejected
    st.session_state[_IGNORED_LINK] = ignored
    st.session_state[_REPEATED] = repeated
    st.session_state[_INTERNAL] = True


def link_ignored() -> IgnoredLink | None:
    return st.session_state.get(_IGNORED_LINK)


def rejected_params() -> list[Rejected]:
    return list(st.session_state.get(_REJECTED, []))


def repeated_params() -> dict[str, int]:
    return dict(st.session_state.get(_REPEATED, {}))


def example_follows_language() -> None:
    """After the language changed: an example sentence left as it was becomes the example in
    the new language. Any text the reader changed stays as it is."""
    lang = st.session_state[K.LANG]
    for key, param in st.session_state.get(_PARAMS, {}).items():
        if param.translated and param.is_example(st.session_state.get(key)):
            st.session_state[key] = param.default_in(lang)


def dismiss_rejected() -> None:
    st.session_state[_REJECTED] = []
    st.session_state[_IGNORED_LINK] = None
    st.session_state[_REPEATED] = {}


def share_open() -> bool:
    """The share panel is open, so its page and JSON downloads need all the page draws.
    Closed, nothing is kept: a closed session stays in Streamlit's memory for two minutes (up
    to 128 of them), and every chart kept in each was most of a server's growth."""
    return bool(st.session_state.get(SHARE_OPEN))


def settings() -> Settings:
    """The shared settings as this session holds them."""
    s = st.session_state
    return settings_from({key: s.get(key, param.default) for key, param in SHARED_PARAMS.items()})


def last_word(tokens: Sequence[str]) -> int:
    """The position of the last token that is a word: not punctuation, not [CLS] or [SEP]
    (the last token when none is)."""
    words = [
        i
        for i, token in enumerate(tokens)
        if token not in FRAME_TOKENS and any(char.isalnum() for char in token)
    ]
    return words[-1] if words else len(tokens) - 1


def token_index(key: str, tokens: Sequence[str]) -> int:
    """The token index stored under `key`, made to fit `tokens`. A new sentence (other tokens
    than the pick was made on) moves it to the last word, as does -1 (a link that names no
    word); a link's index too large for the sentence becomes its last token."""
    value = st.session_state.get(key, -1)
    if isinstance(value, str):  # a stale "5: milk" from before the sentence changed
        head = value.split(":", 1)[0].strip()
        value = int(head) if head.isdigit() else -1
    index = value if isinstance(value, int) else -1
    tokens = tuple(tokens)
    if pick_moved(key, tokens):
        index = -1
    set_pick(key, last_word(tokens) if index == -1 else resolve_index(index, len(tokens)), tokens)
    return st.session_state[key]


def pick_moved(key: str, tokens: Sequence[str]) -> bool:
    """The pick under `key` was made on other tokens (the sentence changed since). A pick
    never made this session (the link's, or the default) was not."""
    made_on = st.session_state.get(PICKED_ON + key)
    return made_on is not None and made_on != tuple(tokens)


def set_pick(key: str, index: int, tokens: Sequence[str]) -> None:
    """Pick token `index` of `tokens` under `key` (before its picker is drawn)."""
    st.session_state[key] = index
    st.session_state[PICKED_ON + key] = tuple(tokens)


def _carried(page_params: Mapping[str, Param]) -> dict[str, Param]:
    return {**GLOBAL_PARAMS, **page_params}


def link_values(page_params: Mapping[str, Param] = NO_PARAMS) -> dict[str, object]:
    """The values a link carries: the shared controls and this page's. A text is cut to the
    tokens the app draws and to what the app's own decoder accepts (MAX_TEXT_CHARS), then,
    when the whole query would pass LINK_BUDGET, the longest texts are cut to fit (the box
    keeps the whole text; the share panel says the link holds less)."""
    carried = _carried(page_params)
    values = {key: st.session_state[key] for key in carried if key in st.session_state}
    texts = {
        key
        for key, value in values.items()
        if carried[key].kind == "text" and key not in INDEX_LISTS and isinstance(value, str)
    }
    for key in texts:
        values[key] = drawn_prefix(values[key])[:MAX_TEXT_CHARS]
    query = encode_changed(values, carried, st.session_state[K.LANG]) | _always()  # as written
    for key, fitted in fit_query(query, texts).items():
        if key in texts and fitted != query[key]:
            values[key] = fitted
    return values


def link_shortened(page_params: Mapping[str, Param] = NO_PARAMS) -> str | None:
    """Why the link holds only the start of some text: "cut" (to fit a link), "drawn" (the
    tokens drawn, no more), or None when it holds every text whole."""
    short = {
        key: value
        for key, value in link_values(page_params).items()
        if isinstance(value, str) and value != st.session_state[key]
    }
    if any(value != drawn_prefix(st.session_state[key]) for key, value in short.items()):
        return "cut"
    return "drawn" if short else None


def url_params(page_params: Mapping[str, Param] = NO_PARAMS) -> dict[str, str]:
    """The shared controls and this page's controls that differ from their defaults, and the
    language and model always; a real model's layer and head both, when either differs (a
    link naming only MiniLM's head means layer OLD_LAYER), and then which real model is open (a
    link naming MiniLM's head and no real model is from before e5: see load_from_url)."""
    lang = st.session_state[K.LANG]
    values = link_values(page_params)
    query = encode_changed(values, _carried(page_params), lang)
    for pair in (HEAD_KEYS, E5_HEAD_KEYS):
        if any(key in query for key in pair):
            query |= {key: GLOBAL_PARAMS[key].encode(values[key]) for key in (*pair, K.REAL)}
    return query | _always()


def _always() -> dict[str, str]:
    """What every link states even at its default: the language, and the model (a link
    without it and with the toy's sizes was made when the toy was the default: it opens the
    toy, see load_from_url)."""
    return {
        K.LANG: str(st.session_state[K.LANG]),
        K.MODEL: str(st.session_state.get(K.MODEL, GLOBAL_PARAMS[K.MODEL].default)),
    }


def share_link(url_path: str, page_params: Mapping[str, Param] = NO_PARAMS) -> str:
    """The full address of this page with every control, to paste anywhere (never a private
    parameter such as a class's teacher key)."""
    base = urlsplit(st.context.url or "http://localhost:8501/")
    prefix = "/".join(
        part for part in (st.get_option("server.baseUrlPath") or "").split("/") if part
    )
    path = "/".join(part for part in (prefix, url_path) if part)
    public = {key: param for key, param in page_params.items() if not param.private}
    query = urlencode(url_params(public), quote_via=quote)
    return urlunsplit((base.scheme or "http", base.netloc, "/" + path, query, ""))


def sidebar_values(keys: tuple[str, ...]) -> dict[str, object]:
    """The values of these settings, as the sidebar shows them."""
    return {key: st.session_state.get(key) for key in keys}


def write_url(page_params: Mapping[str, Param] = NO_PARAMS) -> None:
    """Put the shared controls and this page's controls in the link (the language always)."""
    wanted = url_params(page_params)
    current = {key: st.query_params[key] for key in st.query_params}
    if current != wanted:
        st.query_params.from_dict(wanted)
