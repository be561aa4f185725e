"""The input page's token table with a hostile sentence, in Chromium: its toolbar offers no
"Download as CSV" (client.disableDataExport), and the app's CSV button under it writes every
formula start behind a quote."""

from __future__ import annotations

import csv
import io
import re

import pytest
from playwright.sync_api import Page, expect

from core.export import safe_cell
from core.tokenize import tokenize_all
from tests.browser.helpers import RUN_TIMEOUT, en, no_exception, open_app

pytestmark = pytest.mark.browser

ZWJ_HYPERLINK = "\u200d".join('=HYPERLINK("http://x","y")')  # one token, one cell
SENTENCE = f"{ZWJ_HYPERLINK} +1 -2 @SUM(A1) =x"
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def test_token_table_downloads_only_defused_csv(tab: Page, app_url: str) -> None:
    open_app(tab, app_url, "input", {"text": SENTENCE, "src": "toy"})  # tokens as typed
    no_exception(tab)
    tab.get_by_test_id("stExpander").filter(has_text=en("input_tokens")).locator("summary").click()
    table = tab.get_by_test_id("stDataFrame").first
    container = table.locator("xpath=ancestor::div[@data-testid='stElementContainer'][1]")
    table.hover()
    toolbar = container.get_by_test_id("stElementToolbarButton")
    expect(toolbar.get_by_role("button", name=re.compile("^Search"))).to_be_visible()
    expect(toolbar.get_by_role("button", name=re.compile("^Download as CSV"))).to_have_count(0)

    # the app's own button, drawn right under the table
    below = container.locator("xpath=following-sibling::div[1]")
    button = below.get_by_test_id("stDownloadButton").get_by_role("button", name=en("csv"))
    with tab.expect_download(timeout=RUN_TIMEOUT) as info:
        button.click()
    rows = list(csv.reader(io.StringIO(info.value.path().read_text(encoding="utf-8"))))
    cells = [cell for row in rows for cell in row]
    assert not [c for c in cells if c.startswith(FORMULA_START)], rows
    tokens = tokenize_all(SENTENCE)
    assert rows[1][1:] == [safe_cell(tok) for tok in tokens]  # the words, in order
    assert "'" + ZWJ_HYPERLINK in cells
