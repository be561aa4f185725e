"""Matrices and tables as CSV, and every intermediate of a pipeline as one JSON document."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import unicodedata
from collections.abc import Sequence
from typing import Any

import numpy as np

from core.pipeline import Pipeline
from core.safe_text import first_visible, without_bidi

_FORMULA_START = ("=", "+", "-", "@")  # a spreadsheet would run these as formulas
_CONTROL_START = ("\t", "\r")  # and a cell starting with these


def safe_cell(text: str) -> str:
    """A label that a spreadsheet shows as text, never evaluates (CSV injection), with no
    bidirectional control (a name that reads backwards). A formula sign counts as one when
    only invisible characters stand before it (white space, a zero-width space, a Hangul
    filler, a variation selector, a tag: core.safe_text.invisible) and in its full-width or
    small forms (＝, ﹦): spreadsheets read those too."""
    text = without_bidi(text)
    first = unicodedata.normalize("NFKC", first_visible(text))
    risky = text.startswith(_CONTROL_START) or first.startswith(_FORMULA_START)
    return "'" + text if risky else text


def matrix_csv(
    matrix: np.ndarray, rows: Sequence[str], cols: Sequence[str], corner: str = ""
) -> str:
    """[n, m] -> CSV with a header of column labels and one labelled line per row."""
    m = np.asarray(matrix, dtype=float)
    if m.shape != (len(rows), len(cols)):
        raise ValueError(
            f"matrix {m.shape} does not match {len(rows)} rows and {len(cols)} columns"
        )
    out = io.StringIO()
    writer = csv.writer(out)  # RFC 4180 line ends, so labels holding \r or \n get quoted
    writer.writerow([safe_cell(corner), *(safe_cell(c) for c in cols)])
    for label, values in zip(rows, m, strict=True):
        writer.writerow([safe_cell(label), *(repr(float(v)) for v in values)])
    return out.getvalue()


def _cell(value: object) -> str:
    """A number as the number; anything else as text a spreadsheet will not evaluate."""
    if isinstance(value, (bool, np.bool_)):
        return str(bool(value))
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    if isinstance(value, (float, np.floating)):
        return repr(float(value))
    return safe_cell("" if value is None else str(value))


def table_csv(header: Sequence[object], rows: Sequence[Sequence[object]]) -> str:
    """A table as CSV: numbers as they are, text (header included) through `safe_cell`."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([_cell(h) for h in header])
    for row in rows:
        if len(row) != len(header):
            raise ValueError(f"a row of {len(row)} cells under a header of {len(header)}")
        writer.writerow([_cell(v) for v in row])
    return out.getvalue()


def _array(a: np.ndarray) -> list:
    return np.asarray(a, dtype=float).tolist()


def pipeline_settings(p: Pipeline) -> dict[str, Any]:
    """What made the result: its sentence(s), model and attention switches, read from it."""
    settings: dict[str, Any] = {"text": p.key_side.text}
    if p.is_cross:
        settings["query_text"] = p.query_side.text
    model = {k: v for k, v in dataclasses.asdict(p.model).items() if v not in (None, ())}
    return settings | {"model": model, "attention": dataclasses.asdict(p.settings)}


def pipeline_document(p: Pipeline) -> dict[str, Any]:
    """Tokens, settings and every matrix from embeddings to output, as plain JSON types."""
    q_side, k_side, att = p.query_side, p.key_side, p.attention
    doc: dict[str, Any] = {
        "settings": pipeline_settings(p),
        "tokens": list(k_side.tokens),
        "embedding": _array(k_side.embedding),
        "positions": _array(k_side.positions),
        "x": _array(k_side.x),
        "w_q": _array(p.projection.w_q),
        "w_k": _array(p.projection.w_k),
        "w_v": _array(p.projection.w_v),
        "q": _array(q_side.q),
        "k": _array(k_side.k),
        "v": _array(k_side.v),
        "factor": _array(att.factor),
        "scores": _array(att.scores),
        "weights": _array(att.weights),
        "output": _array(att.output),
    }
    if p.is_cross:
        doc["query_tokens"] = list(q_side.tokens)
        doc["query_x"] = _array(q_side.x)
    return doc


def pipeline_json(p: Pipeline | None) -> str:
    """The document of `p`; for a page that drew no matrices (an empty sentence), a note."""
    document = pipeline_document(p) if p is not None else {"note": "no matrices on this page"}
    return json.dumps(document, ensure_ascii=False, indent=1)
