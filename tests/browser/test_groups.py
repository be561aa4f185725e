"""Several tokens at once, in Chromium: the folded section under the score page's weights opens
on the two-row chart of the link's picks, and a pick made in the browser reaches the link.

Run: `.venv/bin/python -m pytest tests/browser/test_groups.py -q -m browser`.
"""

from __future__ import annotations

import numpy as np
import pytest
from playwright.sync_api import Page, expect

from core.groups import group_attention
from core.pipeline import pipeline
from tests.apptest_utils import default_model
from tests.browser.helpers import (
    MARKS,
    axis_labels,
    cell_fields,
    cells,
    choose_option,
    drawn_tokens,
    en,
    expect_param,
    no_exception,
    number,
    open_app,
    wait_idle,
)
from ui.settings import DEFAULT_TEXT

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

TOKENS = tuple(drawn_tokens(DEFAULT_TEXT))  # the black cat drank the milk
TITLE = en("group_chart_title")


def test_opening_the_section_on_the_score_page_shows_the_two_row_chart(
    tab: Page, app_url: str
) -> None:
    open_app(tab, app_url, "score", {"gq": "0,2", "gk": "1,3"})
    no_exception(tab)
    section = tab.get_by_test_id("stExpander").filter(has_text=en("group_heading"))
    expect(section).to_have_count(1)
    assert section.locator("details").get_attribute("open") is None  # folded at first
    group = section.get_by_test_id("stVegaLiteChart")
    expect(group).to_be_hidden()

    section.locator("summary").click()
    expect(group).to_be_visible()
    expect(group.locator(MARKS).first).to_be_attached()
    heading = group.locator("g.role-title text").first.text_content() or ""
    assert heading.replace(" ", "") == TITLE.replace(" ", "")  # wrapped over lines when narrow
    assert axis_labels(group, "Y") == [en("group_sum"), en("group_mean")]
    assert axis_labels(group, "X") == [TOKENS[1], TOKENS[3]]
    drawn = cells(group)
    expect(drawn).to_have_count(4)

    # the drawn values are core.groups on the toy model's softmax weights
    weights = pipeline(default_model(), DEFAULT_TEXT).attention.weights
    expected = group_attention(weights, [0, 2], [1, 3])
    got = np.zeros((2, 2))
    for i in range(4):
        fields = cell_fields(drawn.nth(i))
        row, col = (int(fields[en(axis)].split("|")[0]) for axis in ("group_rows", "ax_key"))
        got[row, col] = number(fields[en("ax_weight")])
    np.testing.assert_allclose(got, [expected.summed, expected.averaged], atol=5e-3)

    # a query picked in the browser joins the group and the link
    picker = section.get_by_test_id("stMultiSelect").first
    choose_option(tab, picker, f"4: {TOKENS[4]}")
    wait_idle(tab)
    no_exception(tab)
    expect_param(tab, "gq", "0,2,4")
    expect_param(tab, "gk", "1,3")
