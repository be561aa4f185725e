"""Page 7's training run drawn live, shared by page 7 (app_pages/learn) and a lesson's training
step: the probe's heatmap at one step, redrawn in place while the run trains through the one
training queue (ui/training). In a class the training step is a show: the finished run played
back on one clock for the whole class (lessons/store.Show), on the projector and every phone
at once, slowly enough to watch it learn."""

from __future__ import annotations

import math
import time

import numpy as np
import pandas as pd
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from core.learning.corpus import check_probe, in_chinese
from core.learning.optimiser import Progress
from core.learning.task import TrainResult, TrainSettings, initial_probe_weights, train
from lessons.store import ClassStore, Show
from ui import charts, figures, theme, training
from ui.figures import Figure, Spec
from ui.i18n import lang, t
from ui.settings import Settings

FRAME_SECONDS = 0.2  # at most 5 frames a second, live or replayed: what the eye follows
# px: the live heatmap fills its column (3 of 5 beside the settings), the page's largest chart
LIVE_WIDTH = (theme.MAIN_WIDTH - 2 * theme.COLUMN_GAP) * 3 // 5
RUNNING = "_learn_running"  # (step, steps) of the run under way; left behind when interrupted
SHOW_SECONDS = 24.0  # a class's training show from the first step to the last
SHOW_FRAME_SECONDS = 1.0  # the projector draws the show's next moment this often (phones: 2 s)


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
    fig = heatmap(matrix, settings, title=title, main=not big, big=big, **fit)
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


# ---- a class's training show ------------------------------------------------------------------


def show_step(result: TrainResult, seconds: float) -> int:
    """The training step a show has reached after `seconds` played (0 to the run's last)."""
    share = min(1.0, max(0.0, seconds / SHOW_SECONDS))
    return round(share * result.steps_run)


def loss_curve(result: TrainResult, step: int, width: int, height: int, big: bool = False) -> Spec:
    """The training loss up to `step`, on axes fixed to the whole run (the curve grows);
    `big`: in a projector's type."""
    steps = np.arange(step + 1)
    frame = pd.DataFrame({t("ax_step"): steps, t("learn_loss"): result.losses[: step + 1]})
    top = float(np.nanmax(result.losses)) if len(result.losses) else 1.0
    return charts.line_chart(
        frame,
        x=t("ax_step"),
        y=t("learn_loss"),
        series=None,
        title=t("show_loss_title", step=step, steps=result.steps_run),
        x_title=t("ax_step"),
        y_title=t("learn_loss"),
        width=width,
        height=height,
        x_domain=(0, result.steps_run),
        y_domain=(0, top),
        font=theme.BIG_LABEL if big else None,
    )


def show_heatmap(
    result: TrainResult, step: int, s: Settings, big: bool = False, **fit: int
) -> Spec:
    """The probe's attention as it was at `step` (the snapshot at or before it)."""
    i = int(np.searchsorted(result.snapshot_steps, step, side="right")) - 1
    matrix = result.snapshots[max(i, 0)]
    shown = int(result.snapshot_steps[max(i, 0)])
    return at_step(matrix, result.settings, s, shown, big, **fit)


def show_caption(show: Show, result: TrainResult, step: int, now: float) -> str:
    """Where the show stands: not begun, playing, held, or done."""
    seconds = min(show.seconds(now), SHOW_SECONDS)
    values = {"step": step, "steps": result.steps_run, "s": seconds, "total": SHOW_SECONDS}
    if step >= result.steps_run:
        return t("show_done", **values)
    if show.playing:
        return t("show_playing", **values)
    return t("show_paused", **values) if show.played > 0 else t("show_waiting", **values)


def draw_show(
    store: ClassStore,
    code: str,
    result: TrainResult,
    s: Settings,
    loss_size: tuple[int, int, bool],
    fit: dict[str, int],
) -> None:
    """The class's show at this moment: the probe's attention beside the loss so far (its
    width, height, and whether in a projector's type), and where the show stands (a fragment
    draws it again every frame)."""
    now = time.time()
    state = store.find(code, now)
    if state is None:
        return
    show = store.show_of(state)
    step = show_step(result, show.seconds(now))
    big = loss_size[2]
    heat_width = fit.get("max_width", LIVE_WIDTH)
    loss_width = loss_size[0] + theme.LABEL_ROOM  # its plot, then its axes and title
    heat_slot, loss_slot = st.columns([heat_width, loss_width], gap="small")
    draw(heat_slot, show_heatmap(result, step, s, big, **fit), big)
    draw(loss_slot, loss_curve(result, step, *loss_size), big)
    st.caption(show_caption(show, result, step, now))


def play(
    store: ClassStore,
    code: str,
    result: TrainResult,
    s: Settings,
    frame_seconds: float,
    loss_size: tuple[int, int, bool],
    **fit: int,
) -> None:
    """The show as a part of the page that draws its next moment every `frame_seconds`."""
    st.fragment(draw_show, run_every=frame_seconds)(store, code, result, s, loss_size, fit)
