"""After class: the handout (one HTML file, offline, one step per A4 page) and the results as
CSV. Both are built from plain values here; the page gathers them."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass

from core.export import table_csv

RESULT_HEADER = ("step", "round", "answer", "count")
NAMED_HEADER = ("step", "round", "answer", "nickname")

_CSS = """
@page { size: A4; margin: 18mm; }
body { font-family: system-ui, "Noto Sans CJK SC", sans-serif; line-height: 1.45; color: #222; }
section { page-break-after: always; break-after: page; }
section:last-child { page-break-after: auto; break-after: auto; }
h1 { font-size: 20pt; } h2 { font-size: 16pt; }
.sentence { font-size: 14pt; padding: 6pt 10pt; border: 1px solid #999; display: inline-block; }
.key { margin-top: 12pt; padding: 8pt; background: #f1f5f9; }
.charts svg { max-width: 100%; height: auto; max-height: 150mm; }
.time { color: #555; }
"""


@dataclass(frozen=True)
class HandoutStep:
    title: str
    point: str
    question: str  # plain text
    options: tuple[str, ...]  # plain text
    answer: str  # plain text: the computed answer and why
    charts: tuple[str, ...] = ()  # SVG documents (ui/exports.svg) of the step's charts
    time: str = ""  # its suggested time, as a line of text


def plain(markdown: str) -> str:
    """One of our Markdown lines as plain text: bold marks and escapes removed."""
    return re.sub(r"\\(.)", r"\1", markdown.replace("**", ""))


_XML_HEAD = re.compile(r"<\?xml[^>]*\?>\s*")
_NAMESPACES = re.compile(r'\s+xmlns(:\w+)?="[^"]*"')


_IDS = re.compile(r'(\bid="|url\(#|href="#)')


def inline_svg(svg: str, prefix: str) -> str:
    """An SVG document as an element of the page: no XML declaration, no namespace URLs (HTML
    knows <svg> without them), so the file names no web address at all; its ids (a colour
    legend's gradient) start with `prefix`, so two charts never share one."""
    svg = _NAMESPACES.sub("", _XML_HEAD.sub("", svg)).replace("xlink:href", "href")
    return _IDS.sub(lambda m: f"{m.group(1)}{prefix}-", svg)


def handout_html(
    title: str,
    sentence_label: str,
    sentence: str,
    key_label: str,
    steps: Sequence[HandoutStep],
) -> str:
    """The lesson as one HTML page (no script, no outside resource): a step per printed page,
    its question, the answer key, its point and its charts as inline SVG."""
    e = html.escape
    parts = [
        f"<section><h1>{e(title)}</h1><p>{e(sentence_label)}</p>"
        f'<p class="sentence">{e(sentence)}</p></section>'
    ]
    for i, step in enumerate(steps, start=1):
        options = "".join(f"<li>{e(o)}</li>" for o in step.options)
        listed = f"<ol type='A'>{options}</ol>" if options else ""
        question = f"<p><b>{e(step.question)}</b></p>{listed}" if step.question else ""
        answer = (
            f'<div class="key"><b>{e(key_label)}:</b> {e(step.answer)}</div>' if step.answer else ""
        )
        charts = "".join(inline_svg(c, f"s{i}c{j}") for j, c in enumerate(step.charts))
        time = f'<p class="time">{e(step.time)}</p>' if step.time else ""
        parts.append(
            f"<section><h2>{i}. {e(step.title)}</h2>{time}"
            f"{question}{answer}<p>{e(step.point)}</p>"
            f'<div class="charts">{charts}</div></section>'
        )
    body = "\n".join(parts)
    return (
        f'<!DOCTYPE html><html><head><meta charset="utf-8"><title>{e(title)}</title>'
        f"<style>{_CSS}</style></head><body>{body}</body></html>"
    )


def results_csv(rows: Sequence[Sequence[object]], nicknames: bool) -> str:
    """The store's results as CSV, safe for spreadsheets (no cell starts a formula)."""
    return table_csv(NAMED_HEADER if nicknames else RESULT_HEADER, rows)
