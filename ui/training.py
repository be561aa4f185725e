"""Page 7's live training: run core.learning.train with a callback that redraws the page."""

from __future__ import annotations

import dataclasses

import numpy as np
import pandas as pd
import streamlit as st

from core.learning import TrainProgress, TrainResult, TrainSettings, check_probe, train
from core.learning_relevance import FitResult, fit_relevance
from core.tokenize import tokenize
from ui import charts, compute, figures, layout, state
from ui.charts import label_ids
from ui.i18n import t
from ui.state import TRAINED_MODEL, K, Settings

RESULT = "_learn_result"  # (TrainSettings, probe, TrainResult) of the last finished run
RUNNING = "_learn_running"  # (TrainSettings, probe, last TrainProgress) while a run is going
LIVE_EVERY = 10  # steps between redraws while training: often enough to watch, cheap enough


DEFAULTS = TrainSettings()


def settings_from(values: dict) -> TrainSettings:
    """Page values -> settings; d_model is made even (sinusoidal positions come in pairs)."""
    values = {**values, "d_model": max(2, int(values.get("d_model", DEFAULTS.d_model)) // 2 * 2)}
    return dataclasses.replace(DEFAULTS, snapshot_every=LIVE_EVERY, **values)


def context(settings: TrainSettings, probe: str) -> list[str]:
    """What a page-7 chart shows: the probe and the training run (not the sidebar's model)."""
    return [
        f"“{probe}”",
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


def curves_frame(losses: np.ndarray, accuracies: np.ndarray) -> pd.DataFrame:
    """Long form for the loss/accuracy chart: one row per (step, series)."""
    steps = np.arange(len(losses))
    return pd.concat(
        [
            pd.DataFrame({"step": steps, "value": losses, "series": t("learn_loss")}),
            pd.DataFrame({"step": steps, "value": accuracies, "series": t("learn_accuracy")}),
        ]
    )


def finished(settings: TrainSettings, probe: str) -> TrainResult | None:
    """The finished run with exactly these settings, if anyone has trained it on this server."""
    key = dataclasses.replace(settings, snapshot_every=LIVE_EVERY)
    return compute.finished_runs().get((key, probe))


def run(settings: TrainSettings, probe: str, s: Settings) -> tuple[TrainResult, bool]:
    """Train (or recall a finished run with the same settings), redrawing as it goes.

    Returns the result and whether it came from memory. A click elsewhere (Stop) ends the
    script mid-run; RUNNING then tells the next run where it stopped.
    """
    store = compute.finished_runs()
    key = dataclasses.replace(settings, snapshot_every=LIVE_EVERY)
    if (key, probe) in store:
        return store[(key, probe)], True
    bar = st.progress(0.0)
    status = st.empty()
    heat = st.empty()
    losses: list[float] = []
    accuracies: list[float] = []

    def on_progress(p: TrainProgress) -> None:
        st.session_state[RUNNING] = (key, probe, p)
        losses.append(p.loss)
        accuracies.append(p.accuracy)
        bar.progress(p.step / max(p.steps, 1))
        status.markdown(
            t("learn_progress", step=p.step, steps=p.steps, loss=p.loss, acc=p.accuracy)
        )
        tokens = probe_tokens(probe)
        fig = figures.words_by_words(
            p.probe_weights,
            tokens,
            tokens,
            t("learn_live_heatmap", sentence=" ".join(tokens), step=p.step),
            context(settings, probe),
            "trained",
            probabilities=settings.use_softmax,
            highlight=len(tokens) - 1,
        )
        with heat.container():
            figures.show_spec(figures.spec_of(fig, s.show_numbers))

    result = train(
        seed=settings.seed,
        use_softmax=settings.use_softmax,
        steps=settings.steps,
        lr=settings.lr,
        d_model=settings.d_model,
        d_k=settings.d_k,
        probe=probe,
        snapshot_every=LIVE_EVERY,
        callback=on_progress,
    )
    st.session_state.pop(RUNNING, None)
    bar.empty()
    status.empty()
    heat.empty()
    if not result.stopped:
        store[(key, probe)] = result
    return result, False


def probe_tokens(probe: str) -> list[str]:
    return list(check_probe(probe).tokens)


def keep(settings: TrainSettings, probe: str, result: TrainResult) -> None:
    """Remember the run for this session; its model becomes the "Trained" source."""
    st.session_state[RESULT] = (settings, probe, result)
    if not result.diverged or result.steps_run > 0:
        st.session_state[TRAINED_MODEL] = result.model


def _row_ranking(result: TrainResult) -> list[tuple[str, float]]:
    """The watched row's weights on the other words, largest first."""
    row = result.probe_weights[result.watch_row]
    words = result.probe_tokens
    order = np.argsort(-row, kind="stable")
    return [(words[j], float(row[j])) for j in order if j != result.watch_row]


def show_result(result: TrainResult, s: Settings) -> None:
    """Curves, before/after heatmaps, the watched row, accuracy and cosines of one run."""
    tokens = result.probe_tokens
    word = tokens[result.watch_row]
    if result.stopped:
        st.warning(t("learn_stopped", step=result.steps_run, steps=result.settings.steps))
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
        )
    )
    probs = result.settings.use_softmax
    (before, after), span = layout.grid(2, len(tokens), per_row=2)
    for slot, matrix, title in (
        (before, result.probe_weights_before, t("learn_before")),
        (after, result.probe_weights, t("learn_after")),
    ):
        with slot:
            figures.show(
                figures.words_by_words(
                    matrix,
                    tokens,
                    tokens,
                    title,
                    context(result.settings, " ".join(tokens)),
                    "trained",
                    probabilities=probs,
                    highlight=result.watch_row,
                    span=span,
                )
            )
    ranking = _row_ranking(result)
    (w1, v1), (w2, v2), (w3, v3) = ranking[:3]
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
    st.subheader(t("learn_cosines"))
    st.markdown(t("learn_cosines_intro", word=word))
    others = [j for j in range(len(tokens)) if j != result.watch_row]
    st.dataframe(
        pd.DataFrame(
            {
                t("learn_cos_word"): [tokens[j] for j in others],
                t("learn_cos_before"): result.cosines_before[others],
                t("learn_cos_after"): result.cosines_after[others],
                t("learn_ccos_before"): result.centered_cosines_before[others],
                t("learn_ccos_after"): result.centered_cosines_after[others],
            }
        ),
        hide_index=True,
    )
    verb, adjective = result.rules.pattern.index("verb"), result.rules.pattern.index("adjective")
    st.caption(
        t(
            "learn_cos_summary",
            word=word,
            a=tokens[verb],
            a0=float(result.cosines_before[verb]),
            a1=float(result.cosines_after[verb]),
            b=tokens[adjective],
            b0=float(result.cosines_before[adjective]),
            b1=float(result.cosines_after[adjective]),
        )
    )


REL_MAX_WORDS = 16  # mode 2 sets targets for at most this many words of the sentence
ARTICLE_TARGETS = {"drank": 1.0, "cat": 0.5, "black": 0.0}  # the article's milk example


def default_targets(tokens: list[str], query: int) -> list[float]:
    """The article's relevances when its words are present, else equal targets."""
    low = [w.lower() for w in tokens]
    if any(w in ARTICLE_TARGETS for w in low):
        return [ARTICLE_TARGETS.get(w, 0.1) if j != query else 0.0 for j, w in enumerate(low)]
    return [1.0] * len(tokens)


def show_relevance_mode(s: Settings) -> None:
    """Mode 2: the user sets how much the query should attend to each word; training obeys."""
    st.markdown(t("rel_intro"))
    tokenized = tokenize(s.text, REL_MAX_WORDS)
    tokens = list(tokenized.tokens)
    if not tokens:
        st.info(t("empty_text"))
        st.stop()
    if tokenized.truncated:
        st.caption(t("rel_too_long", max=REL_MAX_WORDS))
    n = len(tokens)
    query = state.token_index(K.REL_QUERY, n)
    st.selectbox(
        t("rel_query"),
        list(range(n)),
        format_func=lambda i: f"{i}: {tokens[i]}",
        key=K.REL_QUERY,
        persist_state="session",
    )
    editor = st.data_editor(
        pd.DataFrame(
            {t("rel_col_word"): tokens, t("rel_col_target"): default_targets(tokens, query)}
        ),
        disabled=[t("rel_col_word")],
        hide_index=True,
        key=f"rel_targets_{hash((s.text, query))}",
    )
    targets = editor[t("rel_col_target")].to_numpy(dtype=float, na_value=0.0)
    if not np.all(np.isfinite(targets)) or np.any(targets < 0) or targets.sum() <= 0:
        st.warning(t("rel_bad_targets"))
        st.stop()
    if not st.button(
        t("learn_train"), key="rel_train", type="primary", icon=":material/play_arrow:"
    ):
        st.info(t("learn_press_train"))
        st.stop()
    fit = fitted(
        tuple(tokens),
        query,
        tuple(targets),
        s.toy.d_model // 2 * 2 or 2,
        s.toy.d_k,
        s.toy.seed,
        s.attention.use_softmax,
    )
    if fit.diverged:
        st.error(t("learn_diverged", step=fit.diverged_at))
    frame = pd.concat(
        [
            pd.DataFrame({"word": label_ids(tokens), "value": v, "series": t(k)})
            for v, k in (
                (fit.weights_before, "rel_series_before"),
                (fit.weights_after, "rel_series_after"),
                (fit.targets, "rel_series_target"),
            )
        ]
    )
    figures.show_spec(
        charts.grouped_bars(
            frame,
            title=t("rel_chart", word=tokens[query]),
            label_title=t("ax_key"),
            value_title=t("ax_weight"),
        )
    )
    st.caption(t("rel_error", e=fit.max_error))
    st.dataframe(
        pd.DataFrame(
            {
                t("learn_cos_word"): tokens,
                t("learn_cos_before"): fit.cosines_before,
                t("learn_cos_after"): fit.cosines_after,
            }
        ),
        hide_index=True,
    )


@st.cache_data(max_entries=64, show_spinner=False)
def fitted(
    tokens: tuple[str, ...],
    query: int,
    targets: tuple[float, ...],
    d_model: int,
    d_k: int,
    seed: int,
    use_softmax: bool,
) -> FitResult:
    return fit_relevance(
        list(tokens),
        query,
        list(targets),
        seed=seed,
        d_model=d_model,
        d_k=d_k,
        use_softmax=use_softmax,
    )
