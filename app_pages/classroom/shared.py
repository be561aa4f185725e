"""What the teacher's two views of a class share (the projector, projector.py, and the console,
console.py): the teacher's actions, the step's buttons, the question's votes, the live part
that notices a change made in the other view, and the address students join at.

Every action goes through the store with the teacher key this session holds (page.py reads it
from a link from before or the browser's cookie); a class that ended meanwhile is said on the
page (ENDED), never a traceback.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from urllib.parse import urlencode, urlsplit, urlunsplit

import streamlit as st

from app_pages.classroom.params import PROJECTOR, VIEW
from lessons.lesson import Step, plain_label
from live_class import connection
from live_class.connection import CODE, KEY_HELD
from live_class.join_address import (
    ENV_VAR,
    is_local,
    join_url,
    network_address,
    public_base,
    secrets_url,
)
from live_class.store import ClassState, ClassStore, NotTeacher
from ui.i18n import lang, t
from ui.predict import Asked
from ui.settings import GLOBAL_PARAMS, K

ENDED = "_class_ended"  # a teacher action found the class gone (ended elsewhere, or expired)
TIMER = "class_timer"  # + the language: seconds voting stays open (0: until Reveal)
TIMER_CHOICES = (0, 30, 60, 90)
CLASS_PAGE = "class"  # this page's url_path (app_pages/classroom)

# a question's phase -> the teacher's next action: its button text and the store's method
PHASE_ACTION = {
    "ask": ("cls_open", "open_voting"),
    "open": ("cls_reveal", "reveal"),
    "revealed": ("cls_again", "vote_again"),
}
TIMED = ("open_voting", "vote_again")  # the actions that take the timer's seconds


def act(action: str, store: ClassStore, *args: object) -> None:
    """One teacher action with this session's teacher key (the store checks it)."""
    code, key = st.session_state.get(CODE, ""), st.session_state.get(KEY_HELD, "")
    now = time.time()
    try:
        if action in TIMED:
            getattr(store, action)(code, key, now, timer_seconds())
        else:
            getattr(store, action)(code, key, *args, now)
    except NotTeacher:
        st.session_state[ENDED] = True


def timer_seconds() -> int:
    """This view's timer for the next opening (its box is keyed by language: its labels are
    words, and a box whose labels changed would not find its value)."""
    chosen = st.session_state.get(f"{TIMER}_{lang()}")
    return chosen if chosen in TIMER_CHOICES else 0


def controls(store: ClassStore, state: ClassState, steps: tuple[Step, ...]) -> None:
    """Back, Next, the phase's one step forward (Open voting, Reveal, Vote again), the timer
    for the next opening, Pause."""
    step = steps[min(state.step, len(steps) - 1)]
    with st.container(horizontal=True, gap="small", key="class_controls"):
        st.button(
            t("cls_back"),
            key="class_back",
            disabled=state.step == 0,
            on_click=act,
            args=("go_to", store, state.step - 1),
            icon=":material/arrow_back:",
        )
        st.button(
            t("cls_next"),
            key="class_next",
            disabled=state.step >= len(steps) - 1,
            on_click=act,
            args=("go_to", store, state.step + 1),
            icon=":material/arrow_forward:",
        )
        if step.question is not None:
            text_key, action = PHASE_ACTION[state.phase]
            st.button(
                t(text_key),
                key=f"class_{text_key.removeprefix('cls_')}",
                type="primary",
                on_click=act,
                args=(action, store),
            )
            if state.phase == "revealed":  # or take answers again without a new round
                st.button(
                    t("cls_reopen"), key="class_reopen", on_click=act, args=("open_voting", store)
                )
            if state.phase != "open":  # the timer of the next opening
                named = {
                    s: t("cls_timer_s", s=s) if s else t("cls_timer_off") for s in TIMER_CHOICES
                }
                st.selectbox(
                    t("cls_timer"),
                    TIMER_CHOICES,
                    index=TIMER_CHOICES.index(timer_seconds()),
                    key=f"{TIMER}_{lang()}",
                    format_func=named.__getitem__,
                    label_visibility="collapsed",
                    width=130,
                )
        label = t("cls_resume") if state.paused else t("cls_pause")
        st.button(label, key="class_pause", on_click=act, args=("pause", store, not state.paused))


def show_watch(store: ClassStore) -> Watch:
    """What a view of a training step watches besides the class: whether its show plays (the
    other view's Play or Pause then redraws this one's buttons)."""
    return lambda state, _now: store.show_of(state).playing


def show_controls(store: ClassStore, state: ClassState) -> None:
    """The training show for the whole class: play or pause it, or play it from the start."""
    if store.show_of(state).playing:
        st.button(
            t("show_pause"),
            key="class_show_pause",
            on_click=act,
            args=("pause_show", store),
            icon=":material/pause:",
        )
    else:
        st.button(
            t("show_play"),
            key="class_show_play",
            type="primary",
            on_click=act,
            args=("play_show", store),
            icon=":material/play_arrow:",
        )
    st.button(
        t("show_again"),
        key="class_show_again",
        on_click=act,
        args=("restart_show", store),
        icon=":material/replay:",
    )


def rounds_of(store: ClassStore, state: ClassState, question: Asked) -> dict[int, list[int]]:
    """Round -> the count of each option in screen order, for every round up to the current
    (a round nobody answered as zeros)."""
    tally = store.distribution(state, state.step)
    options = question.answer.options
    return {r: [tally.get(r, {}).get(o, 0) for o in options] for r in range(1, state.round + 1)}


def option_labels(question: Asked) -> list[str]:
    return [plain_label(o, question) for o in question.answer.options]


def right_positions(question: Asked) -> list[int]:
    return [i for i, o in enumerate(question.answer.options) if o in question.answer.correct]


def signature(state: ClassState, now: float) -> tuple[object, ...]:
    """What a full run of a view draws from: when it changes (in the other view, on another
    replica, or the timer ran out), the view is drawn again."""
    return (
        state.step,
        state.round,
        state.phase,
        state.paused,
        state.shown_student,
        state.join_shown,
        state.lesson,
        state.closes_at,
        state.voting_at(now),
    )


Watch = Callable[[ClassState, float], object]  # more of the class a view draws from


def live(
    store: ClassStore,
    code: str,
    seen: tuple[object, ...],
    numbers: Callable[[ClassStore, ClassState, float], None],
    watch: Watch | None,
) -> None:
    """The part that re-reads the class every LIVE_SECONDS: its `numbers` (counts, the timer);
    the whole view again once the class changed (or ended), or what `watch` reads did."""
    now = time.time()
    state = store.find(code, now)
    if state is None or _seen(state, now, watch) != seen:
        if state is None:
            st.session_state[ENDED] = True
        st.rerun()
    numbers(store, state, now)


def _seen(state: ClassState, now: float, watch: Watch | None) -> tuple[object, ...]:
    return (*signature(state, now), watch(state, now) if watch else None)


def run_live(
    store: ClassStore,
    state: ClassState,
    numbers: Callable[[ClassStore, ClassState, float], None],
    watch: Watch | None = None,
) -> None:
    now = time.time()
    st.fragment(live, run_every=connection.LIVE_SECONDS)(
        store, state.code, _seen(state, now, watch), numbers, watch
    )


def timer_left(state: ClassState, now: float) -> None:
    """The timer's countdown while voting, or that time is up."""
    left = state.seconds_left(now)
    if left is None:
        return
    if left > 0:
        st.markdown(f"⏱ **{t('cls_timer_left', s=int(left + 0.999))}**")
    else:
        st.markdown(f"⏱ **{t('cls_time_up')}**")


@st.cache_data(show_spinner=False, ttl=600)
def _lan_base(port: int) -> str | None:
    return network_address(port)


def join_link(code: str) -> tuple[str, str]:
    """The students' address of this class, and where it came from: "set" (CLASS_PUBLIC_URL or
    `[class] public_url` in secrets), "browser" (the address the teacher's browser used),
    "lan" (that was localhost, so this machine's network address instead) or "local" (it is
    localhost and no other was found: phones cannot open it)."""
    try:
        from_secrets = secrets_url(st.secrets)
    except FileNotFoundError:  # no secrets file at all
        from_secrets = None
    browser_url = st.context.url or ""
    lan = _lan_base(int(st.get_option("server.port") or 8501)) if is_local(browser_url) else None
    configured = os.environ.get(ENV_VAR) or from_secrets
    base = public_base(os.environ.get(ENV_VAR), from_secrets, browser_url, lan)
    if is_local(base):
        where = "local"
    elif configured and base == public_base(configured, None, None):
        where = "set"
    else:
        where = "lan" if is_local(browser_url) else "browser"
    return join_url(base, st.get_option("server.baseUrlPath"), code), where


def view_link(code: str, view: str) -> str:
    """This page's address for one of the teacher's views, on the host the teacher's browser
    uses (its cookie holds the key: another host would not have it), in this view's language
    (the console opens in the projector's)."""
    here = urlsplit(st.context.url or "http://localhost:8501/")
    prefix = [part for part in (st.get_option("server.baseUrlPath") or "").split("/") if part]
    spoken = {K.LANG: lang()} if lang() != GLOBAL_PARAMS[K.LANG].default else {}
    query = urlencode({CODE: code} | ({VIEW: view} if view != PROJECTOR else {}) | spoken)
    path = "/" + "/".join([*prefix, CLASS_PAGE])
    return urlunsplit((here.scheme or "http", here.netloc, path, query, ""))
