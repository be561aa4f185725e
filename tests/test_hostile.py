"""Every page against tampered links and hostile text: no crash, a clear message, text kept.

Each case opens a page with a crafted link once; one test then checks everything about it.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field

import pytest

from core.tokenize import tokenize_all
from tests.apptest_utils import PAGES, all_text, chart_specs, open_page
from ui.i18n import TEXTS
from ui.settings import DEFAULT_TEXT

MARKDOWN_KINDS = ("markdown", "caption", "info", "warning", "error", "success", "title")
MARKDOWN_SPECIAL = set("\\`*_{}[]()<>#+-.!|~$")  # what ui.layout.escape_md escapes
OWN_SENTENCES = {  # pages that draw their own sentences, not the sidebar's text
    "app_pages/compare/page.py",  # sentences A and B
    "app_pages/learn/page.py",  # the probe sentence of the training run
}
REPEATED_NOTE = {lang: TEXTS["repeated_note"][lang].split("{")[0] for lang in ("en", "zh")}

JS_LINK = "[a](javascript:alert(1))"
IMG = "<img src=x onerror=alert(1)>"
LATEX = "$$\\int_0^1 x\\,dx$$"
BOLD = "**x** and __y__"


@dataclass(frozen=True)
class Case:
    params: dict[str, str | list[str]]
    refused: tuple[str, ...] = ()  # keys the rejection warning must name
    markers: tuple[str, ...] = ()  # markup that must never reach a Markdown element unescaped
    controls: dict[str, object] = field(default_factory=dict)  # sidebar widget key -> value
    locale: str | None = None

    @property
    def lang(self) -> str:
        """The language the page must speak."""
        if "lang" in self.params and "lang" not in self.refused:
            return str(self.params["lang"])
        return "zh" if (self.locale or "").startswith("zh") else "en"

    def accepted(self, key: str) -> str | None:
        value = self.params.get(key)
        return None if value is None or key in self.refused else str(value)

    @property
    def only_defaults(self) -> bool:
        """Every setting of the link was refused: the page must look exactly as by default."""
        return all(key in self.refused or key == "lang" for key in self.params)


CASES = {
    "wrong_types": Case(
        {"d_model": "abc", "softmax": "maybe", "temp": "nan", "seed": "-1"},
        refused=("d_model", "softmax", "temp", "seed"),
    ),
    "non_finite_and_out_of_range": Case(
        {"temp": "inf", "d_k": "-inf", "layer": "99", "head": "-5", "d_model": "1e999"}
        | {"seed": "10000", "seed_b": "1e5", "step": "7.5"},
        refused=("temp", "d_k", "layer", "head", "d_model", "seed", "seed_b", "step"),
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
    "text_too_long": Case(
        {"text": (JS_LINK + " ") * 1000},  # 25,000 characters
        refused=("text",),
        markers=(JS_LINK, "](javascript:"),
    ),
    "text_5000": Case({"text": "a" * 2500 + " Attention" * 250}),  # one 2,500-letter word
    "text_markup": Case(
        {"text": f"{BOLD} click {JS_LINK} {IMG} <script>alert(1)</script>"},
        markers=("**x**", "__y__", JS_LINK, "](javascript:", IMG, "<script>"),
    ),
    "text_latex_zh": Case({"lang": "zh", "text": f"{LATEX} 积分"}, markers=(LATEX, "$$\\int")),
    "text_invisible_only": Case({"text": "\u200b\u2060\ufeff\u202e\x00"}),
    "text_scripts_emoji_and_url_syntax": Case(
        {"text": "مرحبا 👨‍👩‍👧 שָׁלוֹם 黑猫 e\u0301 🇫🇷 \x07\t| a&seed=abc#frag=1 %20 + ?x=1"},
        controls={"seed": 0},
    ),
    "sentences_with_markup": Case(
        {"kind": "cross", "source": f"**x** {JS_LINK}", "target": IMG}
        | {"ca": LATEX, "cb": "# heading | a | b |"},
        markers=("**x**", JS_LINK, IMG, LATEX, "# heading"),
    ),
}


@functools.cache
def baseline(page: str, lang: str) -> tuple[list[str], str]:
    """Title and chart specs of `page` opened from a clean link in `lang`."""
    at = open_page(page, {"lang": lang})
    assert not at.exception, [e.value for e in at.exception]
    return [el.value for el in at.title], json.dumps(chart_specs(at), sort_keys=True)


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


@pytest.mark.parametrize("name", list(CASES))
@pytest.mark.parametrize("page_file", PAGES, ids=lambda p: p.split("/")[-1].removesuffix(".py"))
def test_hostile_link(page_file, name):
    case = CASES[name]
    at = open_page(page_file, case.params, locale=case.locale)
    assert not at.exception, [e.value for e in at.exception]

    # a clear message naming every refused setting, and none when nothing was refused
    warning = "\n".join(w.value for w in at.warning)
    title = TEXTS["url_rejected_title"][case.lang]
    if case.refused:
        assert title in warning
        for key in case.refused:
            assert key in warning.replace("\\", ""), f"{key} not named in {warning!r}"
    else:
        assert title not in warning, warning

    # the page speaks the expected language; a fully refused link gives the default page
    titles, specs = baseline(page_file, case.lang)
    assert [el.value for el in at.title] == titles
    if case.only_defaults:
        assert json.dumps(chart_specs(at), sort_keys=True) == specs

    # the user's text stays in its box; refused text falls back to the default sentence
    text = case.accepted("text")
    assert at.text_area(key="text").value == (DEFAULT_TEXT if text is None else text)
    boxes = {w.key: w.value for w in at.text_input}
    for key in ("source", "target", "ca", "cb"):
        if key in boxes and case.accepted(key) is not None:
            assert boxes[key] == case.accepted(key)
    widgets = {w.key: w.value for w in (*at.number_input, *at.toggle, *at.slider)}
    for key, value in case.controls.items():
        assert widgets[key] == (pytest.approx(value) if isinstance(value, float) else value), key

    # an empty sentence is explained; otherwise pages that draw still draw
    uses_text = page_file not in OWN_SENTENCES
    if text is not None and not tokenize_all(text) and specs != "[]" and uses_text:
        assert TEXTS["empty_text"][case.lang] in all_text(at)
    elif text is not None:
        assert bool(chart_specs(at)) == (specs != "[]")

    # user text reaches Markdown only escaped
    values = markdown_values(at)
    typed = [case.accepted(k) or "" for k in ("text", "source", "target", "ca", "cb")]
    raw = shown_unescaped(values, case.markers, special_tokens(*typed))
    assert not raw, f"shown unescaped in Markdown: {raw}"


@pytest.mark.parametrize("text", ["__init__ calls __init__", "_tmp_ or _tmp_"])
def test_repeated_tokens_note_escapes_markdown(text):
    """The caption "Repeated tokens: “…”" quotes user tokens; it must escape them like the rest.

    Unescaped, “__init__” renders as a bold “init” and “_tmp_” as an italic “tmp”.
    """
    at = open_page("app_pages/input/page.py", {"text": text})
    assert not at.exception
    notes = [v for v in markdown_values(at) if REPEATED_NOTE["en"] in v]
    assert notes, "the page notes the repeated tokens"
    raw = shown_unescaped(notes, (), special_tokens(text))
    assert not raw, f"repeated-token note shows user tokens unescaped: {raw} in {notes}"


def test_dismissing_the_rejection_warning_hides_it():
    at = open_page("app_pages/score/page.py", {"d_model": "abc"})
    title = TEXTS["url_rejected_title"]["en"]
    assert any(title in w.value for w in at.warning)
    at.button(key="dismiss_url").click().run()
    assert not at.exception
    assert not any(title in w.value for w in at.warning)
    assert at.number_input(key="d_model").value == 8
