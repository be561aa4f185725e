"""Tables with the app's own CSV download in place of the table toolbar's.

`.streamlit/config.toml` hides the toolbar's "Download as CSV" of every table (and of a chart's
"Show data" view): `client.disableDataExport`. That file held a token such as
`=HYPERLINK("http://x","y")` as it is, and a spreadsheet would run it. The button here writes
the same table with the convention of every chart's CSV (`core.export.safe_cell`: a quote
before a leading = + - @), while the table on screen keeps the user's text as typed.
"""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from core.export import table_csv
from ui import figures
from ui.i18n import t


def frame_csv(frame: pd.DataFrame, index: bool) -> str:
    """What the CSV button writes: the header, then one line per row (its label first when
    the table shows its index)."""
    header = [str(c) for c in frame.columns]
    rows = [list(r) for r in frame.itertuples(index=False, name=None)]
    if index:
        header = [frame.index.name or "", *header]
        rows = [[label, *r] for label, r in zip(frame.index, rows, strict=True)]
    return table_csv(header, rows)


def shows_index(frame: pd.DataFrame, hide_index: bool | None) -> bool:
    """Whether the table shows row labels: Streamlit hides a plain 0, 1, 2 ... by default."""
    if hide_index is None:
        return not isinstance(frame.index, pd.RangeIndex)
    return not hide_index


def show(frame: pd.DataFrame, name: str, **options: Any) -> None:
    """`st.dataframe(frame, **options)` and its CSV button. `name` goes in the file's name."""
    st.dataframe(frame, **options)
    csv_button(frame, name, index=shows_index(frame, options.get("hide_index")))


def csv_button(frame: pd.DataFrame, name: str, index: bool) -> None:
    """The CSV of a table already drawn (an `st.data_editor` passes the frame it returned)."""
    st.download_button(
        t("csv"),
        data=lambda: frame_csv(frame, index),  # made when clicked, like the charts' files
        file_name=f"{figures.page_file_name(name)}.csv",
        mime="text/csv",
        key=f"table_csv_{figures.next_chart_number()}",
        on_click="ignore",
        type="tertiary",
        icon=":material/download:",
    )
