"""After class: the handout, one HTML file that opens offline and prints one step per A4 page,
in a student version (no answer key) and a teacher version (the answer key and the class's
results). Built from plain values here; the page gathers them. The results as CSV files:
live_class/results.py."""

from __future__ import annotations

import html
import math
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from live_class.results import QuestionResult, letter, res_text, round_results

VERSIONS = ("student", "teacher")  # without the answer key; with it and the class's results

# A step is one A4 page: 297 mm less two 18 mm margins leaves 261 mm; a step's box is a little
# shorter (rounding never pushes it onto a second page). Its text keeps its size; its charts
# share what the text leaves, each shrunk to fit (a flex column), never split.
PAGE_MM = 255
TEXT_WIDTH_MM = 174  # 210 mm less the margins
MIN_CHARTS_MM = 50  # a step whose text leaves less flows over two pages rather than lose text
_PT = 25.4 / 72  # mm per point
BODY_PT, TITLE_PT, LINE = 11, 15, 1.4  # font sizes and line height (as a multiple of the size)
CONTENTS_PT = 10  # the title page's list of steps and points: the built-in lesson's fits it

_CSS = f"""
@page {{ size: A4; margin: 18mm; }}
html, body {{ margin: 0; padding: 0; }}
body {{ font: {BODY_PT}pt/{LINE} system-ui, "Noto Sans CJK SC", sans-serif; color: #222; }}
section {{ break-after: page; page-break-after: always; break-inside: avoid;
  page-break-inside: avoid; }}
section:last-child {{ break-after: auto; page-break-after: auto; }}
.page {{ height: {PAGE_MM}mm; display: flex; flex-direction: column; }}
.page > * {{ flex: none; margin: 0 0 3mm; }}
.page > .charts {{ flex: 1 1 0; min-height: 0; margin: 0; display: flex; flex-direction: column;
  gap: 3mm; }}
.charts svg {{ flex: 0 1 auto; min-height: 0; width: 100%; height: auto; }}
.page.flow {{ height: auto; }}
.page.flow > .charts {{ flex: none; }}
.page.flow > .charts svg {{ flex: none; max-height: 120mm; }}
h1 {{ font-size: 20pt; }} h2 {{ font-size: {TITLE_PT}pt; line-height: {LINE}; }}
ol {{ padding-left: 7mm; }} ol.two {{ columns: 2; column-gap: 8mm; }} li {{ break-inside: avoid; }}
section:first-child {{ break-inside: auto; page-break-inside: auto; }}
ol.contents {{ font-size: {CONTENTS_PT}pt; }} ol.contents li {{ margin-bottom: 1.5mm; }}
.sentence {{ font-size: 14pt; padding: 6pt 10pt; border: 1px solid #999; display: inline-block; }}
.key {{ padding: 2mm 3mm; background: #f1f5f9; }}
.time, .copy {{ color: #555; }}
table {{ border-collapse: collapse; font-size: 9pt; align-self: flex-start; }}
th, td {{ border: 1px solid #bbb; padding: 0.5mm 2mm; text-align: right; }}
@media screen {{ body {{ max-width: {TEXT_WIDTH_MM}mm; margin: 1em auto; }}
  section {{ border-bottom: 1px dashed #999; margin-bottom: 1em; }} }}
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


_XML_HEAD = re.compile(r"<\?xml[^>]*\?>\s*")
_NAMESPACES = re.compile(r'\s+xmlns(:\w+)?="[^"]*"')


_IDS = re.compile(r'(\bid="|url\(#|href="#)')


def inline_svg(svg: str, prefix: str) -> str:
    """An SVG document as an element of the page: no XML declaration, no namespace URLs (HTML
    knows <svg> without them), so the file names no web address at all; its ids (a colour
    legend's gradient) start with `prefix`, so two charts never share one. Shrunk to fit its
    box, it keeps to the box's top."""
    svg = _NAMESPACES.sub("", _XML_HEAD.sub("", svg)).replace("xlink:href", "href")
    svg = svg.replace("<svg", '<svg preserveAspectRatio="xMidYMin meet"', 1)
    return _IDS.sub(lambda m: f"{m.group(1)}{prefix}-", svg)


def _lines(text: str, size_pt: float, width_mm: float = TEXT_WIDTH_MM) -> int:
    """How many lines `text` takes at `size_pt`, a wide (CJK) character an em, others half."""
    ems = sum(1 if unicodedata.east_asian_width(c) in "WF" else 0.5 for c in text)
    return max(1, math.ceil(ems * size_pt * _PT / width_mm)) if text else 0


def text_mm(step: HandoutStep, key: bool, table_rows: int) -> float:
    """About how tall a step's text is (title, time, question, options, key, point, table), so
    a step whose text leaves its charts too little room flows on instead of being cut. It
    errs on the tall side (the built-in lesson's steps: 0 to 25 mm over what Chromium prints)."""
    two = len(step.options) >= 4  # options in two columns
    option_lines = sum(
        _lines(o, BODY_PT, TEXT_WIDTH_MM / 2 if two else TEXT_WIDTH_MM) for o in step.options
    )
    lines = math.ceil(option_lines / 2) + 1 if two else option_lines
    for text in (step.time, step.question, step.point, step.answer if key else ""):
        lines += _lines(text, BODY_PT) + 1  # and its margin
    title = _lines(step.title, TITLE_PT) * TITLE_PT * LINE * _PT + 10  # and its margins
    return title + lines * BODY_PT * LINE * _PT + table_rows * 5.5


def _results_table(result: QuestionResult, language: str) -> str:
    """Each round of a question: how many chose each option (and its %), answers, % right."""
    rounds = round_results(result)
    if not rounds or not any(r.answers for r in rounds):
        return f"<p>{html.escape(res_text('res_nobody', language))}</p>"
    e = html.escape
    marks = [letter(i) + (" ✓" if i in result.correct else "") for i in range(len(result.options))]
    head = [res_text("res_round", language), *marks, res_text("res_answers", language)]
    head.append(res_text("res_right_pct", language))
    rows = []
    for r in rounds:
        cells = [
            f"{count} ({share}%)" if share is not None else str(count)
            for count, share in zip(r.counts, r.shares, strict=True)
        ]
        right = "" if r.right is None else f"{r.right}%"
        rows.append([str(r.round), *cells, str(r.answers), right])
    header = "".join(f"<th>{e(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f'<table class="results"><tr>{header}</tr>{body}</table>'


def _contents(
    steps: Sequence[HandoutStep], results: dict[int, QuestionResult], language: str
) -> str:
    """The title page's second half: every step's title and point, a page of what the lesson
    says to keep; the teacher's copy adds how the class did on each question (its last round)."""
    e = html.escape
    items = []
    for i, step in enumerate(steps, start=1):
        rounds = round_results(results[i]) if i in results else ()
        last = rounds[-1] if rounds else None
        done = ""
        if last is not None and last.right is not None:
            done = res_text(
                "res_contents_result", language, round=last.round, right=last.right, n=last.answers
            )
            done = f' <span class="time">{e(done)}</span>'
        items.append(f"<li><b>{e(step.title)}</b>: {e(step.point)}{done}</li>")
    heading = res_text("res_contents", language, n=len(steps))
    return f'<h2>{e(heading)}</h2><ol class="contents">{"".join(items)}</ol>'


def handout_html(
    title: str,
    sentence_label: str,
    sentence: str,
    key_label: str,
    steps: Sequence[HandoutStep],
    *,
    version: str = "teacher",
    results: Sequence[QuestionResult] = (),
    language: str = "en",
) -> str:
    """The lesson as one HTML page (no script, no outside resource): a title page (the
    sentence, then every step's title and point; a long lesson's runs on), then each step on
    a printed page of its own: its question, its point and its charts as inline SVG;
    the teacher version adds the answer key (`key_label`) and, for a step with a result in
    `results` (matched by its 1-based `step`), the class's answers round by round."""
    if version not in VERSIONS:
        raise ValueError(f"version {version!r}: use one of {', '.join(VERSIONS)}")
    teacher = version == "teacher"
    by_step = {r.step: r for r in results} if teacher else {}
    e = html.escape
    copy = res_text("res_copy_teacher" if teacher else "res_copy_student", language)
    parts = [
        f'<section><h1>{e(title)}</h1><p class="copy">{e(copy)}</p>'
        f'<p>{e(sentence_label)}</p><p class="sentence">{e(sentence)}</p>'
        f"{_contents(steps, by_step, language)}</section>"
    ]
    for i, step in enumerate(steps, start=1):
        options = "".join(f"<li>{e(o)}</li>" for o in step.options)
        two = ' class="two"' if len(step.options) >= 4 else ""
        listed = f"<ol type='A'{two}>{options}</ol>" if options else ""
        question = f"<p><b>{e(step.question)}</b></p>{listed}" if step.question else ""
        key = teacher and bool(step.answer)
        answer = f'<div class="key"><b>{e(key_label)}:</b> {e(step.answer)}</div>' if key else ""
        result = by_step.get(i)
        table = _results_table(result, language) if result is not None else ""
        rows = 1 + len(result.rounds) if result is not None else 0
        flow = text_mm(step, key, rows) > PAGE_MM - MIN_CHARTS_MM
        charts = "".join(inline_svg(c, f"s{i}c{j}") for j, c in enumerate(step.charts))
        time = f'<p class="time">{e(step.time)}</p>' if step.time else ""
        parts.append(
            f'<section><div class="page{" flow" if flow else ""}"><h2>{i}. {e(step.title)}</h2>'
            f"{time}{question}{answer}{table}<p>{e(step.point)}</p>"
            f'<div class="charts">{charts}</div></div></section>'
        )
    body = "\n".join(parts)
    return (
        f'<!DOCTYPE html><html lang="{e(language)}"><head><meta charset="utf-8">'
        f"<title>{e(title)}</title><style>{_CSS}</style></head><body>{body}</body></html>"
    )
