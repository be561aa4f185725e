"""Tables that show the user's words: no download offers a cell a spreadsheet would run.

The toolbar's "Download as CSV" wrote `=HYPERLINK(...)` as it is; `.streamlit/config.toml`
hides it, and each table offers the app's own CSV button (ui/tables.py), whose file is read
back here: the callable a button would run when clicked is caught as the page registers it.
"""

from __future__ import annotations

import csv
import io
import re
import tomllib

import pandas as pd
import pytest
from streamlit.runtime.media_file_manager import MediaFileManager
from streamlit.testing.v1 import AppTest

from core.export import safe_cell, table_csv
from core.tokenize import tokenize_all
from tests.apptest_utils import ROOT, chart_specs, open_page, unfold
from ui import tables

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
ZWJ = "\u200d"
ZWJ_HYPERLINK = ZWJ.join('=HYPERLINK("http://x","y")')  # one token: the joiner glues it
ZWJ_CMD = ZWJ.join("=cmd|' /C calc'!A0")
HOSTILE = f'+1 -2 @SUM(A1) {ZWJ_HYPERLINK} {ZWJ_CMD} =HYPERLINK("http://x","y")'
LEADING = [tok for tok in tokenize_all(HOSTILE) if tok.startswith(FORMULA_START)]
NUMBER = re.compile(r"-?\d+(\.\d+)?(e[-+]\d+)?")  # -0.5 is a number to a spreadsheet, not a formula
TABLE_BUTTON = "table_csv_"  # the key prefix of ui/tables.csv_button


def test_the_hostile_sentence_has_formula_tokens():
    assert ZWJ_HYPERLINK in LEADING  # the whole formula in one cell
    assert {tok[0] for tok in LEADING} == {"=", "+", "-", "@"}


def test_the_toolbar_download_is_off():
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["client"]["disableDataExport"] is True


def test_table_csv_defuses_text_and_keeps_numbers():
    text = table_csv(["=h", "n"], [["+1", -0.5], ["@x", 3], ["ok", float("nan")]])
    assert list(csv.reader(io.StringIO(text))) == [
        ["'=h", "n"],
        ["'+1", "-0.5"],  # a negative number is a number, not a formula
        ["'@x", "3"],
        ["ok", "nan"],
    ]
    with pytest.raises(ValueError, match="header of 2"):
        table_csv(["a", "b"], [["only one"]])


def test_frame_csv_defuses_column_names_and_index_labels():
    frame = pd.DataFrame({"-col": ["=a"]}, index=pd.Index(["@row"], name="+idx"))
    assert frame_rows(tables.frame_csv(frame, index=True)) == [["'+idx", "'-col"], ["'@row", "'=a"]]
    assert frame_rows(tables.frame_csv(frame, index=False)) == [["'-col"], ["'=a"]]


def frame_rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


@pytest.fixture
def deferred(monkeypatch: pytest.MonkeyPatch) -> dict:
    """file id -> the callable a download button runs when clicked, as pages register them."""
    made: dict = {}
    register = MediaFileManager.add_deferred

    def recording(self, data, *args, **kwargs):
        file_id = register(self, data, *args, **kwargs)
        made[file_id] = data
        return file_id

    monkeypatch.setattr(MediaFileManager, "add_deferred", recording)
    return made


def table_files(at: AppTest, made: dict) -> list[list[list[str]]]:
    """The parsed CSV of every table button on the page, in page order."""
    buttons = [b.proto for b in at.get("download_button") if TABLE_BUTTON in b.proto.id]
    return [frame_rows(made[b.deferred_file_id]()) for b in buttons]


def shown_cells(at: AppTest) -> list[str]:
    """Every text cell of every table the page draws (at.dataframe holds st.data_editor too)."""
    cells = []
    for table in at.dataframe:
        frame = table.value
        cells += [str(v) for v in frame.to_numpy().ravel() if isinstance(v, str)]
    return cells


def assert_defused(files: list[list[list[str]]], words: list[str]) -> None:
    cells = [cell for rows in files for row in rows for cell in row]
    live = [c for c in cells if c.startswith(FORMULA_START) and not NUMBER.fullmatch(c)]
    assert not live, live  # nothing a spreadsheet would evaluate
    for word in words:  # each hostile token is still there, behind the usual quote
        assert safe_cell(word) in cells, (word, cells)


# page, its link, the hostile tokens its tables show
PAGES_WITH_WORDS = [
    ("app_pages/input/page.py", {}, LEADING),
    ("app_pages/score/page.py", {}, LEADING),
    ("app_pages/dot/page.py", {}, []),  # cells read "3: =cmd…": the number comes first
]


@pytest.mark.parametrize(("page", "extra", "words"), PAGES_WITH_WORDS)
def test_each_table_offers_a_defused_csv(deferred, page, extra, words):
    at = unfold(open_page(page, {"text": HOSTILE, "src": "toy", **extra}))  # tokens as typed
    assert not at.exception
    drawn = at.dataframe
    files = table_files(at, deferred)
    assert len(files) == len(drawn) > 0  # one CSV button per table
    assert set(words) <= set(shown_cells(at))  # the screen shows the text as typed
    assert_defused(files, words)
    assert any(ZWJ_HYPERLINK[1:] in cell for rows in files for row in rows for cell in row)


def test_learn_relevance_editor_and_results(deferred):
    at = open_page("app_pages/learn/page.py", {"text": HOSTILE, "lmode": "relevance"})
    assert not at.exception
    editor_words = set(shown_cells(at))
    assert set(LEADING) <= editor_words  # the editor's word column, as typed
    assert_defused(table_files(at, deferred), LEADING)  # the targets' CSV

    at.button(key="rel_train").click().run()
    assert not at.exception
    files = table_files(at, deferred)
    assert len(files) == len(at.dataframe) == 2  # the targets and the cosines
    assert_defused(files, LEADING)


def test_presenter_table_has_no_download(deferred):
    """The presenter's screen offers no downloads (its charts neither); the toolbar's is off."""
    at = open_page("app_pages/present/page.py", {"text": HOSTILE, "src": "toy", "ask": "0"})
    assert not at.exception and chart_specs(at)
    assert table_files(at, deferred) == [] and not at.get("download_button")
