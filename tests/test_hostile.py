"""Hostile input, checked where it comes in: one table, then every page once.

All text reaches a page by one path: the link (or the sentence box) fills the session state
(ui/state.load_from_url, core/params.decode_all), the page tokenizes it (core/tokenize, or
MiniLM's word pieces) and ui/layout explains empty, cut and one-token sentences and escapes the
tokens it quotes. So:

1. TABLE: every strange link and sentence, each run once through that path (the input page,
   which draws the tokens, their notes and the page's questions).
2. Every page, once per language, opened from a hostile link (refused settings of every kind,
   extreme valid ones, markup in the sentence and in the page's own text boxes), then given an
   empty and a one-word sentence, and its questions answered.

The table holds every distinct case of the four tables it replaced (the links of this file,
BAD_TEXTS of tests/test_app.py, HOSTILE of tests/test_explore_pages.py and of
tests/test_predict.py); identical ones are listed once.
"""

from __future__ import annotations

import functools
import json
import re
from collections import Counter
from dataclasses import dataclass, field

import pytest

from core.models import DistilledHead
from core.params import decode_all
from core.pretrained import MiniLM
from core.tokenize import MAX_TOKENS, tokenize, tokenize_all
from core.wordpiece import CLS, SEP
from tests.apptest_utils import (
    ALL_PARAMS,
    MENU,
    all_text,
    chart_specs,
    open_page,
    open_share_panel,
    page_file,
)
from ui import predict
from ui.i18n import TEXTS
from ui.markdown import escape_md
from ui.settings import DEFAULT_MODEL, DEFAULT_TEXTS, TOY_SHAPE

MARKDOWN_KINDS = ("markdown", "caption", "info", "warning", "error", "success", "title")
MARKDOWN_SPECIAL = set("\\`*_{}[]()<>#+-.!|~$")  # what ui.layout.escape_md escapes
REPEATED_NOTE = {lang: TEXTS["repeated_note"][lang].split("{")[0] for lang in ("en", "zh")}
OWN_BOXES = ("source", "target", "ca", "cb", "alt", "probe")  # pages' own text boxes

JS_LINK = "[a](javascript:alert(1))"
IMG = "<img src=x onerror=alert(1)>"
LATEX = "$$\\int_0^1 x\\,dx$$"
BOLD = "**x** and __y__"
SCRIPT = "<script>alert(1)</script>"
SVG = '<svg onload="alert(1)">'
MARKDOWN = r"**bold** [x](javascript:alert(1)) $\alert{x}$ <b>b</b>"
# page 7 wants six known words: these are unknown, and the warning that says so quotes them
PROBE_HTML = "<img src=x onerror=alert(1)> <b>b</b> <script>x=1</script> z"
PROBE_MARKDOWN = r"**bold** [x](javascript:alert(1)) $\alert{x}$ __pwned__ ~~s~~ `c`"
# a sentence's markup shown unescaped (a question's heading and options quote tokens)
RAW = re.compile(r"(?<!\\)<img|(?<!\\)<b|(?<!\\)\*(?<!\\)\*a|(?<!\\)\[c")


@dataclass(frozen=True)
class Case:
    params: dict[str, str | list[str]]
    refused: tuple[str, ...] = ()  # keys the rejection warning must name
    markers: tuple[str, ...] = ()  # markup that must never reach a Markdown element unescaped
    controls: dict[str, object] = field(default_factory=dict)  # sidebar widget key -> value
    locale: str | None = None
    typed: str | None = None  # typed into the sentence box after the page is drawn

    @property
    def lang(self) -> str:
        """The language the page must speak."""
        if "lang" in self.params and "lang" not in self.refused:
            return str(self.params["lang"])
        return "zh" if (self.locale or "").startswith("zh") else "en"

    def accepted(self, key: str) -> str | None:
        value = self.params.get(key)
        if isinstance(value, list):
            value = value[-1]  # a repeated parameter: the last one counts
        return None if value is None or key in self.refused else str(value)

    @property
    def text(self) -> str:
        """The sentence the page draws."""
        if self.typed is not None:
            return self.typed
        text = self.accepted("text")
        return DEFAULT_TEXTS[self.lang] if text is None else text

    @property
    def only_defaults(self) -> bool:
        """Every setting of the link was refused: the page must look exactly as by default."""
        return self.typed is None and all(k in self.refused or k == "lang" for k in self.params)


def typed(text: str, *markers: str) -> Case:
    """A sentence typed into the box of a page opened from a clean link."""
    return Case({"lang": "en"}, markers=markers, typed=text)


TABLE = {
    # ---- links: settings of every wrong kind, refused and named ----
    "wrong_types": Case(
        {"d_model": "abc", "softmax": "maybe", "temp": "nan", "seed": "-1"},
        refused=("d_model", "softmax", "temp", "seed"),
    ),
    "non_finite_and_out_of_range": Case(
        {"temp": "inf", "d_k": "-inf", "layer": "99", "head": "-5", "d_model": "1e999"}
        | {"seed": "10000", "seed_b": "1e5", "step": "7.5"},
        refused=("temp", "d_k", "layer", "head", "d_model", "seed", "seed_b", "step"),
    ),
    "d_model_negative": Case({"d_model": "-3"}, refused=("d_model",)),
    "temp_not_a_number": Case({"temp": "abc"}, refused=("temp",)),
    "seed_switch_and_unknown": Case(
        {"seed": "1e9", "pe": "maybe", "zzz": "1"}, refused=("seed", "pe", "zzz")
    ),
    "page_params": Case(
        {"word": "999", "kind": "sideways", "d_k": "2.5"}, refused=("kind", "d_k", "word")
    ),
    "page_params_zh": Case(
        {"lang": "zh", "word": "abc", "step": "100", "kind": "<script>", "src": "gpu", "a": "64"},
        refused=("word", "step", "kind", "src", "a"),
        markers=("<script>",),
    ),
    "unknown_keys_and_long_sentences": Case(
        {"foo": "bar", "__proto__": "1", "<b>k</b>": "x", "cmps": "nope"}
        | {"source": "x" * 20_001, "ca": (IMG + " ") * 800},
        refused=("foo", "__proto__", "<b>k</b>", "cmps", "source", "ca"),
        markers=("<b>k</b>", IMG),
    ),
    # issue 21: a forged internal marker is an unknown parameter, repeated keys use the last
    # value, group picks that do not fit are named (tests/test_links_and_limits.py has more)
    "forged_dropped_link_marker": Case(
        {"_link_dropped": "999999999999999999999.5", "text": "hi"}, refused=("_link_dropped",)
    ),
    "repeated_keys_text": Case(
        {"text": ["first", "second"], "d_model": ["4", "999"]}, refused=("d_model",)
    ),
    "group_picks_that_do_not_fit": Case({"gq": "0,1,2,999,-5,abc"}),
    "lang_unknown": Case({"lang": "xx"}, refused=("lang",)),
    "lang_empty": Case({"lang": ""}, refused=("lang",)),
    "lang_unknown_chinese_browser": Case({"lang": "xx"}, refused=("lang",), locale="zh-CN"),
    "repeated_keys": Case(
        {"seed": ["abc", "7"], "d_model": ["8", "abc"]},
        refused=("d_model",),
        controls={"seed": 7, "d_model": 8},
    ),
    "extreme_but_valid": Case(
        {"d_model": "64", "d_k": "32", "seed": "9999", "temp": "0.05", "softmax": "0"}
        | {"scale": "off", "pe": "no", "numbers": "0"},
        controls={"d_model": 64, "d_k": 32, "seed": 9999, "temp": 0.05, "softmax": False},
    ),
    "pretrained_extreme_zh": Case(
        {"lang": "zh", "src": "pretrained", "layer": "5", "head": "11"}
        | {"temp": "5", "softmax": "0"},
        controls={"layer": 5, "head": 11, "softmax": False},
    ),
    "sentences_with_markup": Case(
        {"kind": "cross", "source": f"**x** {JS_LINK}", "target": IMG}
        | {"ca": LATEX, "cb": "# heading | a | b |"},
        markers=("**x**", JS_LINK, IMG, LATEX, "# heading"),
    ),
    # ---- sentences from a link ----
    "text_too_long": Case(
        {"text": (JS_LINK + " ") * 1000},  # 25,000 characters
        refused=("text",),
        markers=(JS_LINK, "](javascript:"),
    ),
    "text_5000": Case({"text": "a" * 2500 + " Attention" * 250}),  # one 2,500-letter word
    "text_markup": Case(
        {"text": f"{BOLD} click {JS_LINK} {IMG} {SCRIPT}"},
        markers=("**x**", "__y__", JS_LINK, "](javascript:", IMG, "<script>"),
    ),
    "text_latex_zh": Case({"lang": "zh", "text": f"{LATEX} 积分"}, markers=(LATEX, "$$\\int")),
    "text_invisible_only": Case({"text": "\u200b\u2060\ufeff\u202e\x00"}),
    "text_scripts_emoji_and_url_syntax": Case(
        {"text": "مرحبا 👨‍👩‍👧 שָׁלוֹם 黑猫 e\u0301 🇫🇷 \x07\t| a&seed=abc#frag=1 %20 + ?x=1"},
        controls={"seed": 0},
    ),
    "text_spaces_zh": Case({"lang": "zh", "text": "   "}),
    "text_html_and_markdown": Case(
        {"text": f'<img src=x onerror="alert(1)"> {SCRIPT} **b** [x](javascript:1)'},
        markers=("<script>", "**b**"),
    ),
    "text_long_repeating": Case({"text": " ".join(f"word{i % 7}" for i in range(90))}),
    "text_chinese_sentence": Case({"text": "黑猫喝了牛奶，猫很开心。"}),
    # ---- sentences typed into the box ----
    "empty": typed(""),
    "spaces": typed("   \t  "),
    "three_spaces": typed("   "),
    "one_word": typed("hello"),
    "one_word_cat": typed("cat"),
    "punctuation": typed("?!... ,;"),
    "long": typed("word " * 2000),  # 10,000 characters
    "emoji": typed("I ❤️ 🐱 and 👨‍👩‍👧 🇫🇷"),
    "chinese": typed("黑猫喝了牛奶"),
    "mixed": typed("The 猫 drank مرحبا milk"),
    "html": typed('<img src=x onerror="alert(1)"> <script>alert(1)</script>', "<script>"),
    "markdown": typed("**bold** [x](javascript:alert(1)) $\\frac{1}{0}$ `code`", "**bold**"),
    "repeated": typed("the the the the"),
    "html_repeated": typed(f"{IMG} <b>x</b> {IMG}", IMG, "<b>x</b>"),
    "markdown_repeated": typed("**a** _b_ [c](d) **a**", "**a**", "[c](d)"),
    "dunder_repeated": typed("__init__ calls __init__"),  # unescaped: a bold “init”
    "underscores_repeated": typed("_tmp_ or _tmp_"),  # unescaped: an italic “tmp”
}

# ---- what the path must do with each case ----------------------------------------------------

PATH_PAGE = page_file("input")  # the tokens, their notes and questions, on the toy model
MINILM_PAGES = {page_file(name) for name in ("real_model", "atlas", "variant")}
# pages that draw their own sentences (or none), not the sidebar's
OWN_SENTENCES = {page_file(name) for name in ("compare", "learn", "glossary", "next_word")}
CLASS_PAGES = {page_file("classroom"), page_file("join")}  # the class's sentence, not the sidebar's
OWN_SENTENCES |= CLASS_PAGES
TOY_ONLY = {page_file("present")}  # the lesson's own model, whatever the sidebar holds
NO_CHARTS = {page_file("present"), page_file("glossary")}  # a question first; text only
NO_CHARTS |= CLASS_PAGES  # a start form and a code form
QUESTION_PAGES = {spec.script for spec in MENU if spec.questions}


@functools.cache
def wordpieces():
    return MiniLM.load().tokenizer


@functools.cache
def distilled() -> DistilledHead:
    return DistilledHead.load()


def model_of(case: Case, page: str) -> str:
    """Which model the page draws the sidebar's sentence with: its own MiniLM, the link's
    source, or the default (also when refused); a link with the toy's sizes and no source at
    all is the toy's (ui/session.load_from_url)."""
    if page in MINILM_PAGES:
        return "pretrained"
    if "src" not in case.params and any(case.accepted(k) is not None for k in TOY_SHAPE):
        return "toy"
    return case.accepted("src") or DEFAULT_MODEL


def tokens_of(text: str, model: str) -> tuple[tuple[str, ...], int]:
    """The tokens the page draws of `text` and how many the whole text has: toy tokens, the
    distilled head's word pieces, or [CLS] word pieces [SEP]."""
    if model == "pretrained":
        pieces = (CLS, *wordpieces().tokenize(text), SEP)
        return pieces[:MAX_TOKENS], len(pieces)
    if model == "distilled":
        embedded = distilled().encode(text)
        return embedded.tokens, embedded.n_total
    return tuple(tokenize_all(text)[:MAX_TOKENS]), tokenize(text).n_total


@functools.cache
def baseline(page: str, lang: str) -> str:
    """The chart specs of `page` opened from a clean link in `lang`."""
    at = open_page(page, {"lang": lang})
    assert not at.exception, [e.value for e in at.exception]
    return json.dumps(chart_specs(at), sort_keys=True)


def markdown_values(at) -> list[str]:
    return [str(el.value) for kind in MARKDOWN_KINDS for el in at.get(kind)]


def special_tokens(*texts: str) -> set[str]:
    """Tokens with a Markdown character: the app must escape them wherever it quotes them."""
    return {tok for text in texts for tok in tokenize_all(text) if MARKDOWN_SPECIAL & set(tok)}


def shown_unescaped(values: list[str], markers, tokens) -> list[str]:
    """Markers that appear raw, and tokens quoted raw as “token”, in Markdown elements."""
    found = [m for m in markers for v in values if m in v]
    found += [tok for tok in tokens for v in values if f"“{tok}”" in v]
    return found


def check_link_read(at, case: Case, page_keys: tuple[str, ...] = ()) -> None:
    """The warning names every refused setting (and is absent when none was); a refused
    setting keeps its default (a page may move its own, `page_keys`, on from there); the
    sentences and the controls hold what the link gave."""
    warning = "\n".join(w.value for w in at.warning)
    title = TEXTS["url_rejected_title"][case.lang]
    if case.refused:
        assert title in warning
        for key in case.refused:
            assert key in warning.replace("\\", ""), f"{key} not named in {warning!r}"
    else:
        assert title not in warning, warning
    assert at.session_state["lang"] == case.lang
    old_link = (
        bool(case.params.keys() - {"lang"}) and "src" not in case.params
    )  # made before links named a model
    for key in set(case.refused) & set(ALL_PARAMS) - {"lang", *page_keys}:
        param = ALL_PARAMS[key]
        kept = param.old_default if old_link and param.old_default is not None else param.default
        assert at.session_state[key] == kept, key
    assert at.session_state["text"] == case.text
    for key in OWN_BOXES:
        if case.accepted(key) is not None:
            assert at.session_state[key] == case.accepted(key), key
    widgets = {w.key: w.value for w in (*at.number_input, *at.toggle, *at.slider)}
    for key, value in case.controls.items():
        # a control the page does not use is not drawn; its value waits in the session
        shown = widgets[key] if key in widgets else at.session_state[key]
        assert shown == (pytest.approx(value) if isinstance(value, float) else value), key


def check_sentence_notes(at, lang: str, text: str, model: str, repeats: bool = False) -> None:
    """Empty: said. Cut: the count said. One token: said. Repeated tokens (`repeats`): each
    quoted, escaped."""
    body = all_text(at)
    if not tokenize_all(text):
        assert TEXTS["empty_text"][lang] in body
        return
    drawn, n_total = tokens_of(text, model)
    truncated = TEXTS["truncated"][lang].format(n_total=n_total, max=MAX_TOKENS)
    assert (truncated in body) == (n_total > MAX_TOKENS), (n_total, body[:300])
    if model != "pretrained":
        assert (TEXTS["one_token"][lang].split(":")[0] in body) == (len(drawn) == 1)
    if repeats:
        counts = Counter(tok.lower() for tok in drawn)  # named as first drawn: "The", not "the"
        repeated = [w for w in dict.fromkeys(drawn) if counts.pop(w.lower(), 0) > 1]
        notes = [v for v in markdown_values(at) if REPEATED_NOTE[lang] in v]
        assert bool(notes) == bool(repeated), (repeated, notes)
        for word in repeated:  # quoted escaped, so “__init__” is not a bold “init”
            assert any(f"“{escape_md(word)}”" in note for note in notes), (word, notes)


def check_escaped(at, markers, *texts: str) -> None:
    """User text reaches Markdown (and a question's options) only escaped."""
    values = markdown_values(at)
    raw = shown_unescaped(values, markers, special_tokens(*texts))
    assert not raw, f"shown unescaped in Markdown: {raw}"
    asked = [v for v in values if TEXTS["pq_heading"]["en"] in v or TEXTS["pq_heading"]["zh"] in v]
    asked += [label for r in question_radios(at) for label in r.options]
    for value in asked:
        assert not RAW.search(value), value


@pytest.mark.parametrize("name", list(TABLE))
def test_hostile_input_through_the_one_path(name):
    """Each case once, through the link (or the box) into the page that draws its tokens."""
    case = TABLE[name]
    text = case.text
    # the pure parts of the path first: what the link decodes to, and the tokens
    raw = {k: v[-1] if isinstance(v, list) else v for k, v in case.params.items()}
    _, rejected = decode_all(raw, ALL_PARAMS)
    assert {r.key for r in rejected} == set(case.refused)
    tokens = tokenize_all(text)
    assert not any(ch.isspace() for tok in tokens for ch in tok)
    pieces = wordpieces().encode(text, max_tokens=MAX_TOKENS).tokens
    assert pieces[0] == CLS and pieces[-1] == SEP and len(pieces) <= MAX_TOKENS
    for token in tokens:  # every Markdown character of a token is escaped when it is quoted
        escaped = escape_md(token, limit=len(token) + 1)
        assert re.sub(r"\\.", "", escaped) == re.sub(r"[\\`*_{}\[\]()<>#+\-.!|~$]", "", token)

    at = open_page(PATH_PAGE, case.params, locale=case.locale)
    if case.typed is not None:
        at.text_area(key="text").input(case.typed).run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.title[0].value == TEXTS["nav_input"][case.lang]
    assert at.text_area(key="text").value == text, "the user's text stays in its box"
    check_link_read(at, case)
    if case.only_defaults:  # a link refused whole gives exactly the default page
        assert json.dumps(chart_specs(at), sort_keys=True) == baseline(PATH_PAGE, case.lang)
    model = model_of(case, PATH_PAGE)
    check_sentence_notes(at, case.lang, text, model, repeats=model != "pretrained")
    assert bool(chart_specs(at)) == bool(tokens), "a sentence with tokens is drawn"
    typed_in = [case.accepted(k) or "" for k in ("text", *OWN_BOXES)] + [case.typed or ""]
    check_escaped(at, case.markers, *typed_in)
    if tokens and case.typed is not None:  # the page's questions about the typed sentence
        answer_every_question(at)
        check_escaped(at, case.markers, text)


# ---- every page once in each language --------------------------------------------------------

LONG_MARKUP = (
    f"{BOLD} **a** _b_ [c](d) <b>x</b> click {JS_LINK} {IMG} {SCRIPT} __init__ calls __init__ "
    + " ".join(f"word{i % 7}" for i in range(60))
)  # more than 64 tokens
SESSIONS = {
    # the toy model at its extremes; the score page in cross attention with its own sentences
    "en": Case(
        {"text": LONG_MARKUP, "d_model": "64", "d_k": "32", "seed": ["abc", "9999"]}
        | {"temp": "0.05", "softmax": "0", "scale": "off", "pe": "no", "numbers": "0"}
        | {"kind": "cross", "source": f"**x** {JS_LINK}", "target": IMG, "ca": LATEX}
        | {"cb": "# heading | a | b |", "probe": PROBE_HTML, "alt": MARKDOWN}
        | {"seed_b": ["5", "1e5"], "step": "7.5", "word": "abc", "src": "gpu", "a": "64"}
        | {"foo": "bar", "<b>k</b>": "x", "__proto__": "1", "cmps": "nope", "layer": "99"},
        refused=(
            *("seed_b", "step", "word", "src", "a", "layer"),
            *("foo", "<b>k</b>", "__proto__", "cmps"),
        ),
        markers=(
            *("**x**", "__y__", JS_LINK, "](javascript:", IMG, "<script>", LATEX),
            *("# heading", "<b>k</b>", "**bold**"),
        ),
        controls={"d_model": 64, "d_k": 32, "seed": 9999, "temp": 0.05, "softmax": False},
    ),
    # MiniLM's last head, in Chinese, with scripts, emoji, invisible characters and LaTeX
    "zh": Case(
        {"lang": "zh", "src": "pretrained", "layer": "5", "head": "11", "temp": "5"}
        | {"softmax": "0", "d_k": "-inf", "d_model": "1e999", "seed": "-1", "kind": "sideways"}
        | {"pe": "maybe", "zzz": "1", "source": f"{SVG} {SCRIPT}", "target": MARKDOWN}
        | {"ca": MARKDOWN, "cb": IMG, "probe": PROBE_MARKDOWN, "alt": IMG}
        | {"text": f"{LATEX} 积分 مرحبا 👨‍👩‍👧 שָׁלוֹם 黑猫 e\u0301 🇫🇷 \x07\t| a&seed=abc#frag=1"},
        refused=("d_k", "d_model", "seed", "kind", "pe", "zzz"),
        markers=(LATEX, "$$\\int", SVG, "<script>", "**bold**", "[x](javascript:", IMG),
        controls={"layer": 5, "head": 11, "softmax": False},
    ),
}
AFTER = {"en": ("", "hello"), "zh": ("   \u200b", "猫")}  # then typed: an empty, a one-word text


def question_radios(at) -> list:
    return [r for r in at.radio if (r.key or "").startswith(predict.RADIO)]


def answer_every_question(at) -> None:
    """Pick an answer to each question on the page, reveal it, then ask again."""
    for radio in question_radios(at):
        qid = radio.key[len(predict.RADIO) :].rsplit("_", 1)[0]
        labels = radio.format_func.__self__  # ui/predict.py: a {option id: label} dict
        assert isinstance(labels, dict) and list(labels.values()) == radio.options
        next(r for r in question_radios(at) if r.key == radio.key).set_value(next(iter(labels)))
        at.run()
        reveal = next(b for b in at.button if (b.key or "").startswith(f"reveal_{qid}_"))
        reveal.click().run()
        assert not at.exception, [e.value for e in at.exception]
        assert [el.value for kind in ("success", "warning") for el in at.get(kind)]
        again = next(b for b in at.button if (b.key or "").startswith(f"again_{qid}_"))
        again.click().run()


def page_id(script: str) -> str:
    return next(spec.url_path for spec in MENU if spec.script == script)


@pytest.mark.parametrize("lang", list(SESSIONS))
@pytest.mark.parametrize("page", [spec.script for spec in MENU], ids=page_id)
def test_every_page_with_hostile_input(page, lang):
    case = SESSIONS[lang]
    spec = next(spec for spec in MENU if spec.script == page)
    own = {k: case.accepted(k) for k in OWN_BOXES if case.accepted(k) is not None}
    at = open_page(page, case.params, locale=case.locale)
    assert not at.exception, [e.value for e in at.exception]
    # with the share panel open a page builds all it has, folded parts and every tab too
    assert not open_share_panel(at).exception, [e.value for e in at.exception]
    assert at.title[0].value == TEXTS[spec.label_key][lang], "the page speaks the link's language"
    check_link_read(at, case, spec.params)
    boxes = {w.key: w.value for w in (*at.text_input, *at.text_area)}
    for key, value in own.items():  # the page's own text boxes hold the text as given
        if key in boxes:
            assert boxes[key] == value, key
    cross = page == page_file("score") and case.accepted("kind") == "cross"
    model = model_of(case, page)
    minilm = model == "pretrained"
    uses_text = page not in OWN_SENTENCES and not cross and not (minilm and page in TOY_ONLY)
    draws = page not in NO_CHARTS and page != page_file("learn")  # page 7 refuses the probe
    assert bool(chart_specs(at)) == draws
    if uses_text and (not minilm or page in MINILM_PAGES):
        check_sentence_notes(at, lang, case.text, model)
    check_escaped(at, case.markers, *own.values(), case.text)
    if page == page_file("qk_map"):
        assert TEXTS["qk_rank_label"][lang] in {m.label for m in at.metric}
    if page in QUESTION_PAGES and not cross:
        assert question_radios(at), "the page asks its questions about this sentence too"
        answer_every_question(at)
        check_escaped(at, case.markers, case.text)

    if not spec.sidebar:  # a class page: no shared sentence box (its own boxes are above)
        return
    empty, one_word = AFTER[lang]
    at.text_area(key="text").input(empty).run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.text_area(key="text").value == empty
    if uses_text:
        assert TEXTS["empty_text"][lang] in all_text(at)
        # the atlas still draws, over its built-in sentences; the other pages stop
        assert bool(chart_specs(at)) == (page == page_file("atlas"))
        assert not question_radios(at)

    at.text_area(key="text").input(one_word).run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.text_area(key="text").value == one_word
    if uses_text:
        assert bool(chart_specs(at)) == (page not in NO_CHARTS)
        if not minilm:
            check_sentence_notes(at, lang, one_word, False)
    if page == page_file("qk_map"):
        assert TEXTS["qk_rank_label"][lang] in {m.label for m in at.metric}
    if page in QUESTION_PAGES and not cross:
        answer_every_question(at)


def test_the_raw_markup_check_catches_markup():
    assert RAW.search("“<img src=x>”") and RAW.search("**a**") and RAW.search("[c](d)")
    assert not RAW.search("“\\<img src=x\\>” \\*\\*a\\*\\* \\[c\\]\\(d\\) d_k")


def test_dismissing_the_rejection_warning_hides_it():
    at = open_page(page_file("score"), {"d_model": "abc"})
    title = TEXTS["url_rejected_title"]["en"]
    assert any(title in w.value for w in at.warning)
    at.button(key="dismiss_url").click().run()
    assert not at.exception
    assert not any(title in w.value for w in at.warning)
    assert at.number_input(key="d_model").value == 8
