"""The projector checks of tests/browser/projector.py, on measurements made up by hand: each
of issue 18's points fails when, and only when, its measurement is out of bounds."""

from __future__ import annotations

import dataclasses

import pytest

from app_pages import PAGES
from tests.browser.projector import (
    FONT_MIN,
    SCREENS,
    Chart,
    Measured,
    problems,
    projector_paths,
)

SCREEN = 720


def chart(**changes: object) -> Chart:
    fine = Chart(
        title="Weights",
        top=300,
        bottom=700,
        width=800,
        slot=820,
        alone=True,
        svg=True,
        fonts=[14.0, 15.0],
        subtitle_lines=2,
        cells=36,
        numbers=36,
        labels=0,
        main=True,
    )
    return dataclasses.replace(fine, **changes)


def page(*charts: Chart, **changes: object) -> Measured:
    fine = Measured(
        height=2000, text_lines=3, said=[], viewport=SCREEN, sentence_bottom=680, charts=[]
    )
    return dataclasses.replace(fine, charts=list(charts) or [chart()], **changes)


def test_a_page_that_meets_every_point_passes():
    assert problems(page()) == []


@pytest.mark.parametrize(
    ("measured", "words"),
    [
        (page(chart(top=SCREEN + 5)), "not on screen 1"),
        (page(text_lines=6), "lines of text"),
        (page(height=SCREENS * SCREEN + 50), "screens"),
        (page(chart(fonts=[FONT_MIN - 1, 15.0])), "px <"),
        (page(chart(numbers=30)), "numbers in 36 cells"),
        (page(chart(), chart(main=False, subtitle_lines=3)), "subtitle lines"),
        (page(chart(width=500)), "alone on its row"),
        (page(sentence_bottom=SCREEN + 40), "sentence box"),
        (page(chart(main=False), chart(main=False)), "no main chart"),
        # page 6 before issue 28: the chart's title on screen 1, its cells under it
        (page(chart(top=624, marks_top=744)), "cells start at 744"),
        # page 2 before issue 28: the followed word, the last row, below the first screen
        (page(chart(marks_top=578, highlight_bottom=800)), "followed row ends at 800"),
        # page 5 before issue 28: the scores beside the main chart's weights at 12 px
        (
            page(chart(alone=False), chart(main=False, alone=False, fonts=[12.0])),
            "beside the main chart",
        ),
    ],
)
def test_each_point_fails_alone(measured, words):
    found = problems(measured)
    assert len(found) == 1 and words in found[0], found


def test_what_is_not_a_matrix_of_numbers_or_not_alone_is_not_held_to_those_points():
    assert problems(page(chart(cells=72, numbers=0, labels=72))) == []  # named cells
    assert problems(page(chart(cells=400, numbers=0))) == []  # bigger than 16 × 16
    assert problems(page(chart(alone=False, width=300))) == []  # beside another chart
    below = chart(main=False, alone=False, top=900, fonts=[12.0])  # a pair further down
    assert problems(page(chart(alone=False), below)) == []
    assert problems(page(chart(marks_top=SCREEN - 120, highlight_bottom=SCREEN - 2))) == []


def test_a_page_of_one_chart_has_that_chart_as_its_main_chart():
    assert problems(page(chart(main=False))) == []


def test_every_concept_page_is_measured():
    marked = [p.url_path for p in PAGES if p.projector]
    assert set(marked) <= set(projector_paths())
    assert len(projector_paths()) == 14  # pages 1-8, 6b, real model, atlas, next word, variant,
    # compare
