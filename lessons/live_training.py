"""Page 7's training run drawn live, shared by page 7 (app_pages/learn) and a lesson's training
step: the probe's heatmap at one step, redrawn in place while the run trains through the one
training queue (ui/training). In a class the run is played as a show on every screen at once
(live_class/training_show.py)."""

from __future__ import annotations

import math
import time

import numpy as np
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from core.learning.corpus import check_probe, in_chinese
from core.learning.optimiser import Progress
from core.learning.task import TrainResult, TrainSettings, initial_probe_weights, train
from ui import charts, figures, theme, training
from ui.figures import Figure, Spec
from ui.i18n import lang, t
from ui.settings import Settings

FRAME_SECONDS = 0.2  # at most 5 frames a second, live or replayed: what the eye follows
# px: the live heatmap fills its column (3 of 5 beside the settings), the page's largest chart
LIVE_WIDTH = (theme.MAIN_WIDTH - 2 * theme.COLUMN_GAP) * 3 // 5
RUNNING = "_learn_running"  # (step, steps) of the run under way; left behind when interrupted


def shown(tokens: tuple[str, ...] | list[str]) -> list[str]:
    """The corpus's words as the page's language writes them (the model's tokens are English)."""
    return in_chinese(tokens) if lang() == "zh" else list(tokens)


def sentence(words: list[str]) -> str:
    """Words joined as the page's language writes a sentence: 那只黑猫喝了奶, the black cat …"""
    return ("" if lang() == "zh" else " ").join(words)


def probe_text(settings: TrainSettings) -> str:
    return sentence(shown(check_probe(settings.probe).tokens))


def context(settings: TrainSettings) -> list[str]:
    """What a page-7 chart shows: the probe and the training run (not the sidebar's model)."""
    return [
        f"“{probe_text(settings)}”",
        t(
            "ctx_training",
            seed=settings.seed,
            steps=settings.steps,
            lr=settings.lr,
            d_model=settings.d_model,
            d_k=settings.d_k,
            softmax=t("on") if settings.use_softmax else t("off"),
        ),
    ]


def heatmap(matrix: np.ndarray, settings: TrainSettings, *, title: str, **fit: int) -> Figure:
    tokens = shown(check_probe(settings.probe).tokens)
    return figures.words_by_words(
        matrix,
        tokens,
        tokens,
        title,
        context(settings),
        f"trained-seed{settings.seed}",
        probabilities=settings.use_softmax,
        highlight=len(tokens) - 1,
        **fit,
    )


def at_step(
    matrix: np.ndarray,
    settings: TrainSettings,
    s: Settings,
    step: int,
    big: bool = False,
    **fit: int,
) -> Spec:
    """The top heatmap: the probe's attention at one step (the probe is in its subtitle).
    `fit`: its size (page 7: LIVE_WIDTH; the lesson draws it large); `big`: a projector's type."""
    title = t("learn_live_heatmap", step=step)
    fit = fit or {"max_width": LIVE_WIDTH}
    fig = heatmap(matrix, settings, title=title, main=True, big=big, **fit)  # big overrides main
    return figures.spec_of(fig, s.show_numbers)


def draw(slot: DeltaGenerator, chart: Spec, big: bool = False) -> None:
    """Replace what `slot` shows with one chart (no download button: frames come and go), as
    wide as its column when that is less than its own width (charts.fitted); `big`: a
    projector's chart, at its own size and in its own type (figures.show_spec's `fixed`)."""
    if big:
        slot.vega_lite_chart(None, chart, width="content", theme=None)
        return
    shown, width = charts.fitted(chart)
    slot.vega_lite_chart(None, shown, width=width, theme="streamlit")


def train_live(
    settings: TrainSettings, slot: DeltaGenerator, status: DeltaGenerator, s: Settings, **fit: int
) -> TrainResult:
    """Train, redrawing the heatmap in place at most once per FRAME_SECONDS of wall clock
    (`fit`: the heatmap's size, as `at_step`). The lesson's training step runs this one too.

    A click elsewhere (Stop) ends the script at its next redraw; RUNNING then tells the next
    run where it stopped.
    """
    last_frame = -math.inf

    def on_progress(p: Progress) -> None:
        nonlocal last_frame
        st.session_state[RUNNING] = (p.step, p.steps)
        now = time.monotonic()
        if now - last_frame < FRAME_SECONDS and p.step < p.steps:
            return
        last_frame = now
        status.markdown(
            t("learn_progress", step=p.step, steps=p.steps, loss=p.loss, acc=p.accuracy)
        )
        draw(slot, at_step(p.watched, settings, s, p.step, **fit))

    with training.TURNS.place() as token:
        if training.TURNS.ahead(token):  # the untrained model stays in view while the run waits
            draw(slot, at_step(initial_probe_weights(settings), settings, s, 0, **fit))
        while (ahead := training.TURNS.ahead(token)) > 0:
            status.info(t("learn_waiting", n=ahead))  # also where a Stop click ends the wait
            training.TURNS.wait(training.WAIT_POLL_SECONDS)
        training.give_way_to_pages()
        result = train(settings, callback=on_progress)
    st.session_state.pop(RUNNING, None)
    return result
