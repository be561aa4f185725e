"""A class's training step as a show: page 7's default run (lessons/kinds.trained) played back on
the class's own clock (store.Show), so the projector and every phone draw the same moment of it,
slowly enough to watch it learn: the probe's attention beside the loss so far. The teacher plays,
pauses and restarts it for everyone (the projector's control row, the console)."""

from __future__ import annotations

import time

import numpy as np
import pandas as pd
import streamlit as st

from core.learning.task import TrainResult
from lessons.kinds import trained
from lessons.live_training import LIVE_WIDTH, at_step, draw
from live_class.store import ClassStore, Show
from ui import charts, session, theme
from ui.figures import Spec
from ui.i18n import t
from ui.settings import Settings

SHOW_SECONDS = 24.0  # a class's training show from the first step to the last
SHOW_FRAME_SECONDS = 1.0  # the projector draws the show's next moment this often (phones: 2 s)


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


def play_default_run(
    store: ClassStore,
    code: str,
    frame_seconds: float,
    loss_size: tuple[int, int],
    big_loss: bool,
    **fit: int,
) -> None:
    """A class's training step: page 7's default run played as a show on the class's clock,
    its next moment drawn every `frame_seconds` (play)."""
    s = session.settings()
    play(store, code, trained(), s, frame_seconds, (*loss_size, big_loss), **fit)


def default_run_moment(
    store: ClassStore, code: str, loss_size: tuple[int, int], **fit: int
) -> None:
    """The show's moment now, drawn once (a phone's view re-reads the class on its own timer)."""
    draw_show(store, code, trained(), session.settings(), (*loss_size, False), fit)
