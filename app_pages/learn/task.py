"""Page 7, mode 1: relevance emerges from guessing a hidden word, trained live in numpy.

Imported by app_pages/learn/page.py, which draws the title and the mode switch. The settings sit
beside the heatmap, so the heatmap stays in view while a run trains or replays.
"""

from __future__ import annotations

import math
import time

import numpy as np
import pandas as pd
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from app_pages.learn.params import LEARN_RUN
from core.learning.corpus import check_probe, corpus_rules, make_corpus
from core.learning.task import TrainResult, TrainSettings, initial_probe_weights
from core.params import MAX_TEXT_CHARS
from lessons.live_training import (
    FRAME_SECONDS,
    RUNNING,
    at_step,
    draw,
    heatmap,
    sentence,
    shown,
    train_live,
)
from ui import charts, compute, controls, figures, fold, layout, session, tables, theme
from ui.i18n import t
from ui.markdown import escape_md
from ui.settings import TRAIN_PARAMS, K, Settings
from ui.text_box import text_box

REPLAY_FRAMES = 30  # a replay shows at most this many stored snapshots (about 6 s)
CURVE_POINTS = 300  # the loss and accuracy chart draws at most this many steps
SAMPLE_SENTENCES = 8  # training sentences shown as examples


def frame_indices(n: int, max_frames: int = REPLAY_FRAMES) -> list[int]:
    """At most `max_frames` indices into n snapshots, evenly spread, first and last included."""
    if n <= max_frames:
        return list(range(n))
    return sorted({int(i) for i in np.linspace(0, n - 1, max_frames).round()})


def curves_frame(losses: np.ndarray, accuracies: np.ndarray) -> pd.DataFrame:
    """Long form for the loss/accuracy chart, at most CURVE_POINTS steps (the last included)."""
    stride = max(1, math.ceil(len(losses) / CURVE_POINTS))
    steps = np.unique(np.r_[np.arange(0, len(losses), stride), len(losses) - 1])
    return pd.concat(
        [
            pd.DataFrame({"step": steps, "value": losses[steps], "series": t("learn_loss")}),
            pd.DataFrame(
                {"step": steps, "value": accuracies[steps], "series": t("learn_accuracy")}
            ),
        ]
    )


def forget_run() -> None:
    """A setting changed: the run on screen no longer matches, so show the untrained model."""
    st.session_state[LEARN_RUN] = False


def number(label_key: str, key: str, step: float, fmt: str | None = None) -> None:
    """A training setting: changing it forgets the run on screen."""
    controls.bounded_number(label_key, TRAIN_PARAMS[key], step, fmt, on_change=forget_run)


def word(w: str) -> str:
    """One corpus word (not "the") in the page's language."""
    return shown([w])[0]


def words(ws: tuple[str, ...]) -> str:
    return t("list_sep").join(shown(ws))


def sample_line(tokens: list[str]) -> str:
    """A training sentence with its hidden object in brackets."""
    return sentence([*tokens[:-1], f"[{tokens[-1]}]"])


def corpus_panel() -> None:
    box, built = fold.expander(t("learn_corpus"), "learn_corpus")
    if not built:
        return
    rules = corpus_rules()
    with box:
        st.markdown(
            t("learn_corpus_rules", best=rules.best_accuracy(), chance=1 / len(rules.objects))
        )
        tables.show(
            pd.DataFrame(
                {
                    t("learn_verb"): [word(v) for v, _ in rules.objects_by_verb],
                    t("learn_objects"): [words(o) for _, o in rules.objects_by_verb],
                }
            ),
            "corpus-verbs",
            hide_index=True,
        )
        tables.show(
            pd.DataFrame(
                {
                    t("learn_animal"): [word(a) for a, _ in rules.favourites],
                    t("learn_favourites"): [words(o) for _, o in rules.favourites],
                    t("learn_never"): [words(o) for _, o in rules.never],
                }
            ),
            "corpus-animals",
            hide_index=True,
        )
        sample = make_corpus(session.settings().learn.seed, SAMPLE_SENTENCES)
        st.caption(t("learn_sample", n=TrainSettings().corpus_size))
        st.code("\n".join(sample_line(shown(tokens)) for tokens in sample), language=None)


def settings_panel(probe_ok: bool) -> None:
    """Folded, unless the sentence to watch inside it needs fixing: then it opens on it."""
    with st.expander(t("learn_settings"), expanded=not probe_ok):
        c = st.columns(2)
        with c[0]:
            number("learn_seed", K.LEARN_SEED, 1)
            number("learn_lr", K.LEARN_LR, 0.005, "%.3f")
            number("learn_d_k", K.LEARN_D_K, 1)
        with c[1]:
            number("learn_steps", K.LEARN_STEPS, 10)
            number("learn_d_model", K.LEARN_D_MODEL, 2)
        kept = {"persist_state": "session", "on_change": forget_run}  # a change forgets the run
        st.toggle(t("learn_softmax"), key=K.LEARN_SOFTMAX, help=t("learn_softmax_help"), **kept)
        text_box(t("learn_probe"), K.PROBE, MAX_TEXT_CHARS, help=t("learn_probe_help"), **kept)


def replay(result: TrainResult, slot: DeltaGenerator, status: DeltaGenerator, s: Settings) -> None:
    """Animate the stored snapshots in place, FRAME_SECONDS apart."""
    frames = frame_indices(len(result.snapshot_steps))
    for i in frames:
        shown = time.monotonic()
        step = int(result.snapshot_steps[i])
        status.markdown(t("learn_replaying", step=step, steps=result.steps_run))
        draw(slot, at_step(result.snapshots[i], result.settings, s, step))
        time.sleep(max(0.0, FRAME_SECONDS - (time.monotonic() - shown)))
    status.caption(t("learn_replayed", frames=len(frames), steps=result.steps_run))


def show(s: Settings, left: DeltaGenerator, right: DeltaGenerator) -> None:
    """`left`: the column for the controls; `right`: the live heatmap's, beside them."""
    with left:
        corpus_panel()
        settings_panel(probe_ok=check_probe(session.settings().learn.probe).ok)
    wanted = session.settings().learn  # as the controls just drawn hold it
    check = check_probe(wanted.probe)
    if not check.ok:
        words = t("list_sep").join(f"“{escape_md(w)}”" for w in check.offending)
        st.warning(
            t(
                f"probe_{check.problem.value}",
                n=len(check.tokens),
                words=words,
                roles=", ".join(check.expected_roles),
            )
        )
        st.stop()
    with left:
        # each button as wide as its label, wrapping to a second line if need be: in three equal
        # columns the Chinese 开始训练 was cut to 开始…
        buttons = st.container(horizontal=True, gap="small")
        pressed = buttons.button(
            t("learn_train"), key="learn_train", type="primary", icon=":material/play_arrow:"
        )
        buttons.button(t("learn_stop"), key="learn_stop", icon=":material/stop:")
        replay_pressed = buttons.button(
            t("learn_replay"),
            key="learn_replay",
            icon=":material/replay:",
            help=t("learn_replay_help"),
            disabled=not st.session_state[LEARN_RUN],
        )
        status = st.empty()
    with right, st.container(key=theme.MAIN_CHART_KEY):  # the page's main chart
        slot = st.empty()
        st.caption(t("learn_watch_row", word=shown(check.tokens)[-1]))

    interrupted = st.session_state.pop(RUNNING, None)
    if pressed:
        compute.run_store().put(train_live(wanted, slot, status, s))
        st.session_state[LEARN_RUN] = True
        st.rerun()  # draws the finished run, with Replay on and the share link updated
    if st.session_state[LEARN_RUN]:
        result = compute.trained_result(wanted)  # remembered, or retrained: training is seeded
    else:
        if interrupted:
            step, steps = interrupted
            st.warning(t("learn_interrupted", step=step, steps=steps))
        draw(slot, at_step(initial_probe_weights(wanted), wanted, s, 0))
        status.info(t("learn_press_train"))
        st.stop()

    if replay_pressed:
        replay(result, slot, status, s)
    else:
        status.caption(t("learn_trained", steps=result.steps_run))
    draw(slot, at_step(result.probe_weights, wanted, s, result.steps_run))
    if result.diverged:
        st.error(t("learn_diverged", step=result.diverged_at))
    show_result(result, s)
    st.success(t("learn_source_ready", source=t("source_trained")))
    layout.notice("learn_notice")


def ranking(result: TrainResult) -> list[tuple[str, float]]:
    """The watched row's weights on the other words, largest first."""
    row = result.probe_weights[result.watch_row]
    order = np.argsort(-row, kind="stable")
    words = shown(result.probe_tokens)
    return [(words[j], float(row[j])) for j in order if j != result.watch_row]


def show_result(result: TrainResult, s: Settings) -> None:
    """Curves, before/after heatmaps, the watched row, accuracy and how the vectors lined up."""
    tokens = shown(result.probe_tokens)
    word = tokens[result.watch_row]
    st.subheader(t("learn_curves"))
    figures.show_spec(
        charts.line_chart(
            curves_frame(result.losses, result.accuracies),
            x="step",
            y="value",
            series="series",
            title=t("learn_curves"),
            x_title=t("ax_step"),
            y_title=t("ax_value"),
            width=theme.PHONE_BAR_WIDTH if figures.on_phone() else theme.BAR_WIDTH,
        )
    )
    (before, after), fit = layout.grid(2, len(tokens), per_row=2)
    for slot, matrix, title in (
        (before, result.probe_weights_before, t("learn_before")),
        (after, result.probe_weights, t("learn_after")),
    ):
        with slot:
            figures.show(heatmap(matrix, result.settings, title=title, **fit))
    (w1, v1), (w2, v2), (w3, v3) = ranking(result)[:3]
    st.markdown(t("learn_ranking", word=word, first=w1, w1=v1, second=w2, w2=v2, third=w3, w3=v3))
    st.markdown(
        t(
            "learn_accuracy_result",
            before=result.held_out_accuracy_before,
            after=result.held_out_accuracy,
            best=result.best_accuracy,
            chance=result.chance_accuracy,
        )
    )
    show_alignment(result)


def show_alignment(result: TrainResult) -> None:
    """One measure, named in the intro, the table and the sentence, all from the same arrays:
    the centred cosine with softmax (what decides the weights), else the plain cosine."""
    centred = result.settings.use_softmax
    measure = t("learn_measure_centred" if centred else "learn_measure_plain")
    if centred:
        before = result.alignment_before.centred_query_key
        after = result.alignment_after.centred_query_key
    else:
        before, after = result.alignment_before.query_key, result.alignment_after.query_key
    tokens = shown(result.probe_tokens)
    word = tokens[result.watch_row]
    st.subheader(t("learn_cosines"))
    why = t("learn_why_centred" if centred else "learn_why_plain")
    st.markdown(t("learn_cosines_intro", word=word, measure=measure, why=why))
    others = [j for j in range(len(tokens)) if j != result.watch_row]
    tables.show(
        pd.DataFrame(
            {
                t("learn_cos_word"): [tokens[j] for j in others],
                t("learn_cos_before", measure=measure): before[others],
                t("learn_cos_after", measure=measure): after[others],
            }
        ),
        "cosines",
        hide_index=True,
    )
    verb, adjective = result.rules.pattern.index("verb"), result.rules.pattern.index("adjective")
    st.caption(
        t(
            "learn_cos_summary",
            measure=measure,
            word=word,
            a=tokens[verb],
            a0=float(before[verb]),
            a1=float(after[verb]),
            b=tokens[adjective],
            b0=float(before[adjective]),
            b1=float(after[adjective]),
        )
    )
