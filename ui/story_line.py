"""Whether this sentence shows the article's story: one line under a page's weights chart.

The article's example: "milk", the object, looks most at "drank", its verb. On the user's own
sentence the app says what the chart shows, never more: which word the object looks at most, and
whether that is the verb (core/word_rows.story_verdict, on the same weights the chart draws).
Where the app cannot find the verb and its object, it says so instead of guessing.
"""

from __future__ import annotations

import streamlit as st

from core.causal_story import MARGIN
from core.pipeline import Pipeline
from core.word_rows import letters_span, story_verdict
from ui.i18n import t
from ui.markdown import escape_md


def show(p: Pipeline) -> None:
    """The verdict on p's weights, as a caption; nothing for two sentences (cross-attention)."""
    if p.is_cross or not p.tokens:
        return
    st.caption(verdict_text(p))


def verdict_text(p: Pipeline) -> str:
    v = story_verdict(p.key_side.text, p.tokens, p.attention.weights)
    if v is None:
        return t("story_unknown")
    text = v.sentence.text

    def word(i: int) -> str:
        start, end = letters_span(v.sentence, i)
        return escape_md(text[start:end] or v.sentence.words[i])

    values = {
        "object": word(v.sentence.object),
        "verb": word(v.sentence.verb),
        "top": word(v.top_word),
        "ratio": v.ratio,
        "margin": MARGIN,
    }
    if v.holds:
        return t("story_shows", **values)
    if v.top_word == v.sentence.verb:
        return t("story_close", **values)
    return t("story_not_verb", **values)


RATES_SHOWN = 2  # forms named each way (most and least often) per language


def rates_text(rates: dict[tuple[str, str], float]) -> str:
    """Where a model's measured rates are highest and lowest, in each language."""
    named = {}
    for lang in ("en", "zh"):
        ranked = sorted(
            ((rate, form) for (language, form), rate in rates.items() if language == lang),
            reverse=True,
        )
        for side, chosen in (("best", ranked[:RATES_SHOWN]), ("worst", ranked[::-1][:RATES_SHOWN])):
            named[f"{lang}_{side}"] = t("list_sep").join(
                t("rate_item", form=t(f"form_{lang}_{form}"), rate=rate) for rate, form in chosen
            )
    return t("rates_both", **named)
