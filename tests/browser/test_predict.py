"""Predict, then reveal, in Chromium on page 5: pick an answer, reveal it, see the chart why.

The right answer is computed here with numpy from the default sentence (the longest term
αⱼ·vⱼ of the last word's output row), independently of core/questions.py.
"""

from __future__ import annotations

import numpy as np
import pytest
from playwright.sync_api import Page, expect

from core.pipeline import pipeline
from tests.apptest_utils import default_model
from tests.browser.helpers import (
    MARKS,
    axis_labels,
    chart,
    en,
    no_exception,
    open_app,
    plain,
    wait_idle,
)
from ui.settings import DEFAULT_TEXT

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]
expect.set_options(timeout=15_000)


def test_pick_reveal_and_see_why_on_page_5(tab: Page, app_url: str) -> None:
    p = pipeline(default_model(), DEFAULT_TEXT)
    tokens, last = p.tokens, len(p.tokens) - 1
    lengths = np.linalg.norm(p.attention.weights[last][:, None] * p.key_side.v, axis=1)
    once = [i for i, tok in enumerate(tokens) if tokens.count(tok) == 1]  # labelled by the word
    right = tokens[int(np.argmax(lengths))]
    wrong = tokens[min(once, key=lambda i: lengths[i])]

    open_app(tab, app_url, "roles")
    no_exception(tab)
    folded = tab.get_by_test_id("stExpander").filter(has_text=en("pq_group", n=1))
    expect(folded).to_have_count(1)  # the questions, one line above the charts
    folded.locator("summary").click()
    question = tab.get_by_role("radiogroup", name=en("pq_pick"))
    expect(question).to_have_count(1)
    box = tab.get_by_test_id("stVerticalBlock").filter(has=question).last  # its own container
    expect(box).to_contain_text(plain(en("pq_term_q", word=tokens[last])))
    reveal = box.get_by_role("button", name=en("pq_reveal"))
    expect(reveal).to_be_disabled()  # nothing picked yet
    before = box.get_by_test_id("stVegaLiteChart").count()
    assert before == 0

    picks = box.get_by_role("radiogroup", name=en("pq_pick"))
    picks.get_by_role("radio", name=right, exact=True).click(force=True)
    wait_idle(tab)
    expect(reveal).to_be_enabled()
    reveal.click()
    wait_idle(tab)
    no_exception(tab)

    verdict = box.get_by_test_id("stAlertContentSuccess")
    expect(verdict).to_contain_text(plain(f"**{en('pq_right')}**"))
    expect(verdict).to_contain_text(f"{lengths.max():.3f}")
    why = chart(tab, en("pq_fig_terms", word=tokens[last]))
    expect(why.locator(MARKS)).to_have_count(len(tokens))
    assert set(axis_labels(why)) >= set(tokens)

    box.get_by_role("button", name=en("pq_again")).click()
    wait_idle(tab)
    picks = box.get_by_role("radiogroup", name=en("pq_pick"))
    picks.get_by_role("radio", name=wrong, exact=True).click(force=True)
    wait_idle(tab)
    box.get_by_role("button", name=en("pq_reveal")).click()
    wait_idle(tab)
    warning = box.get_by_test_id("stAlertContentWarning")
    expect(warning).to_contain_text(en("pq_wrong"))
    expect(warning).to_contain_text(f"“{right}”")
    no_exception(tab)
