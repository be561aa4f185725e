"""Page 7: watch a one-layer attention model learn which words matter, trained live."""

import pandas as pd
import streamlit as st

from core.learning import check_probe, corpus_rules, make_corpus
from ui import controls, layout, state, training
from ui.i18n import t
from ui.state import PAGE_PARAMS, K

s = state.settings()
st.title(t("nav_learn"))
st.markdown(t("learn_intro"))
mode = controls.choice("learn_mode", ["task", "relevance"], K.LEARN_MODE, prefix="learn_mode_")


def number(label_key: str, key: str, step: float, fmt: str | None = None) -> None:
    p = PAGE_PARAMS[key]
    kind = float if p.kind == "float" else int
    st.number_input(
        t(label_key),
        min_value=kind(p.lo),
        max_value=kind(p.hi),
        step=kind(step),
        format=fmt,
        key=key,
        persist_state="session",
    )


if mode == "task":
    rules = corpus_rules()
    with st.expander(t("learn_corpus"), expanded=False):
        st.markdown(
            t("learn_corpus_rules", best=rules.best_accuracy(), chance=1 / len(rules.objects))
        )
        c1, c2 = st.columns(2)
        c1.dataframe(
            pd.DataFrame(
                {
                    t("learn_verb"): [v for v, _ in rules.objects_by_verb],
                    t("learn_objects"): [", ".join(o) for _, o in rules.objects_by_verb],
                }
            ),
            hide_index=True,
        )
        c2.dataframe(
            pd.DataFrame(
                {
                    t("learn_animal"): [a for a, _ in rules.favourites],
                    t("learn_favourites"): [", ".join(o) for _, o in rules.favourites],
                    t("learn_never"): [", ".join(o) for _, o in rules.never],
                }
            ),
            hide_index=True,
        )
        sample = make_corpus(int(st.session_state[K.LEARN_SEED]), 8)
        st.caption(t("learn_sample", n=training.DEFAULTS.corpus_size))
        st.code(
            "\n".join(" ".join(words[:-1]) + f" [{words[-1]}]" for words in sample), language=None
        )

    with st.expander(t("learn_settings"), expanded=True):
        c = st.columns(5)
        with c[0]:
            number("learn_seed", K.LEARN_SEED, 1)
        with c[1]:
            number("learn_steps", K.LEARN_STEPS, 10)
        with c[2]:
            number("learn_lr", K.LEARN_LR, 0.005, "%.3f")
        with c[3]:
            number("learn_d_model", K.LEARN_D_MODEL, 2)
        with c[4]:
            number("learn_d_k", K.LEARN_D_K, 1)
        st.toggle(
            t("learn_softmax"),
            key=K.LEARN_SOFTMAX,
            help=t("learn_softmax_help"),
            persist_state="session",
        )
        st.text_input(
            t("learn_probe"), key=K.PROBE, help=t("learn_probe_help"), persist_state="session"
        )

    probe = st.session_state[K.PROBE]
    check = check_probe(probe)
    if not check.ok:
        words = ", ".join(f"“{layout.escape_md(w)}”" for w in check.offending)
        st.warning(
            t(
                f"probe_{check.problem.value}",
                n=len(check.tokens),
                words=words,
                roles=", ".join(check.expected_roles),
            )
        )
        st.stop()
    tokens = list(check.tokens)
    st.caption(t("learn_watch_row", word=tokens[-1]))
    wanted = training.settings_from(
        {
            "seed": int(st.session_state[K.LEARN_SEED]),
            "steps": int(st.session_state[K.LEARN_STEPS]),
            "lr": float(st.session_state[K.LEARN_LR]),
            "d_model": int(st.session_state[K.LEARN_D_MODEL]),
            "d_k": int(st.session_state[K.LEARN_D_K]),
            "use_softmax": bool(st.session_state[K.LEARN_SOFTMAX]),
        }
    )
    b1, b2, _ = st.columns([1, 1, 6])
    pressed = b1.button(
        t("learn_train"), key="learn_train", type="primary", icon=":material/play_arrow:"
    )
    b2.button(t("learn_stop"), key="learn_stop", icon=":material/stop:")

    interrupted = st.session_state.pop(training.RUNNING, None)
    if interrupted and not pressed:
        _, _, progress = interrupted
        st.warning(t("learn_interrupted", step=progress.step, steps=progress.steps))
    probe_text = " ".join(tokens)
    if pressed:
        result, remembered = training.run(wanted, probe_text, s)
        training.keep(wanted, probe_text, result)
        if remembered:
            st.caption(t("learn_cached"))
    elif (done := training.finished(wanted, probe_text)) is not None:
        training.keep(wanted, probe_text, done)  # a shared link shows the run it points to
        st.caption(t("learn_cached"))
    last = st.session_state.get(training.RESULT)
    if last is None:
        st.info(t("learn_press_train"))
        st.stop()
    ran_with, ran_probe, result = last
    if (ran_with, ran_probe) != (wanted, " ".join(tokens)):
        st.info(t("learn_stale"))
    if result.diverged:
        st.error(t("learn_diverged", step=result.diverged_at))

    training.show_result(result, s)
    st.success(t("learn_source_ready"))
    layout.notice("learn_notice")
else:
    training.show_relevance_mode(s)
