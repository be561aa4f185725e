"""The page skeleton: title, intro, "this page uses", input checks, "what to notice"."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

import pandas as pd
import streamlit as st
from streamlit.delta_generator import DeltaGenerator
from streamlit.runtime.scriptrunner import get_script_run_ctx

from core.atlas import unknown_pieces
from core.encoding import Encoded
from core.params import Problem
from core.pipeline import Pipeline
from core.tokenize import MAX_TOKENS, tokenize
from core.wordpiece import UNK
from ui import compute, figures, fold, minilm, predict, session, tables, theme
from ui.controls import CONTROL_LABELS
from ui.i18n import t
from ui.markdown import escape_md
from ui.settings import DEFAULT_TEXTS, SHARED_PARAMS, TOY_SHAPE, K, Settings


def header(intro_key: str, **values: object) -> None:
    """Title (the page's menu label), explanation (`values` fill it in), and (in the sidebar)
    which of its controls this page listens to: both from the page's PageSpec
    (app_pages/<page>/__init__.py)."""
    page = st.session_state.get(session.CURRENT_PAGE)
    if page is not None:
        st.title(t(page.label_key))
    st.markdown(t(intro_key, **values))
    s = session.settings()
    uses = list(page.uses) if page is not None else []
    own_model = page is not None and page.heads  # the page always shows MiniLM
    source = "pretrained" if own_model else s.model
    if source != "toy":
        uses = [*([] if own_model else [K.MODEL]), *(key for key in uses if key not in TOY_SHAPE)]
    if source == "trained":
        trained_unknown_note(tuple(tokenize(s.text).tokens), s)
    names = t("list_sep").join(t(CONTROL_LABELS[key]) for key in uses)
    st.sidebar.caption(t("uses", names=names))  # beside the controls it names, off the page


def trained_unknown_note(tokens: tuple[str, ...], s: Settings) -> None:
    """Name the words the trained model never saw in training (it gives them one vector)."""
    model = compute.trained_result(s.trained).model
    unknown = [tok for tok, u in zip(tokens, model.unknown(list(tokens)), strict=True) if u]
    if unknown:
        words = t("list_sep").join(f"“{escape_md(w)}”" for w in dict.fromkeys(unknown))
        st.caption(t("trained_unknown", words=words))


def grid(
    count: int, n_columns: int, per_row: int, min_cell: int = theme.CELL_MIN
) -> tuple[list[DeltaGenerator], dict[str, int]]:
    """`count` chart slots, up to `per_row` side by side while heatmaps of `n_columns` columns
    (words, or dimensions with `min_cell=theme.CELL_MIN_WIDTH`) still fit.

    Returns the slots and the options of each slot's heatmap: the span (px) it aims for, and
    from two across the slot's width, which it then fits, labels and titles included (three
    or four charts beside their labels overflowed their columns on a 1280 px projector), and
    where its title and subtitle wrap. On a
    phone the columns stack, and each chart takes the phone's width instead.
    """
    across = theme.columns_for(n_columns, per_row, min_cell)
    columns = st.columns(across, gap="small") if across > 1 else [st.container()]
    fit = {"span": theme.SPANS[across]}
    if across >= 2 and not figures.on_phone():
        fit["max_width"] = theme.slot_width(across)
    return [columns[i % across] for i in range(count)], fit


def part(body: Callable[[], None]) -> Callable[[], None]:
    """`body` as a part of the page that re-runs on its own (a Streamlit fragment): a widget
    inside it (a query word, the presenter's Next) re-runs `body` only, not the page.

    After such a re-run the link follows the new choice. When the change reaches what the
    rest of the screen shows (a sidebar setting, say the worked example's sentence) or the
    share panel is open, the whole page is drawn again, so nothing on screen is stale.
    """

    @st.fragment
    def run_part() -> None:
        start = f"_part_{body.__qualname__}"
        if not _part_rerun():
            st.session_state[start] = figures.chart_count()
            body()
            return
        # the widget's callback has run: did it change what the rest of the screen shows?
        drawn = st.session_state.get(session.SIDEBAR_DRAWN, {})
        if session.sidebar_values(tuple(drawn)) != drawn:
            st.rerun(scope="app")
        if session.share_open():
            st.rerun(scope="app")  # the open panel's link and downloads follow the page
        figures.restart_count(int(st.session_state.get(start, 0)))
        page = st.session_state.get(session.CURRENT_PAGE)
        try:
            body()
        finally:
            session.write_url(page.params if page else session.NO_PARAMS)

    return run_part


def _part_rerun() -> bool:
    """This run re-runs a part of the page only, not the whole page."""
    ctx = get_script_run_ctx()
    return bool(ctx and ctx.fragment_ids_this_run)


def notice(*keys: str, **values: object) -> None:
    """What to notice (the texts of `keys`, one after the other, `values` filled in): folded
    under the charts, so a page stays within three projector screens."""
    box, built = fold.expander(t("notice"), "notice", icon=":material/visibility:")
    if built:
        box.markdown("\n".join(t(key, **values) for key in keys))


MAX_UNKNOWN_NAMED = 5  # a link note names at most this many unknown parameters, then counts


def url_problems() -> None:
    """Say, once, what of the link was not used as it stands, and why: bounded, whatever the
    link holds."""
    rejected = session.rejected_params()
    repeated = session.repeated_params()
    ignored = session.link_ignored()
    if not rejected and not repeated and ignored is None:
        return
    lines = [t("url_rejected_title")]
    if ignored is not None:
        lines.append(
            "- "
            + t(
                "url_ignored",
                params=f"{ignored.params:,}",
                chars=f"{ignored.chars:,}",
                max_params=f"{ignored.max_params:,}",
                max_chars=f"{ignored.max_chars:,}",
            )
        )
    unknown = [r.key for r in rejected if r.problem is Problem.UNKNOWN_KEY]
    for key in unknown[:MAX_UNKNOWN_NAMED]:
        lines.append("- " + t("url_unknown_item", key=escape_md(key)))
    if len(unknown) > MAX_UNKNOWN_NAMED:
        lines.append("- " + t("url_unknown_more", n=f"{len(unknown) - MAX_UNKNOWN_NAMED:,}"))
    for r in rejected:
        if r.problem is Problem.UNKNOWN_KEY:
            continue
        why = t(f"problem_{r.problem.value}", allowed=r.allowed)
        item = "url_kept_item" if r.problem is Problem.BROKEN_TEXT else "url_rejected_item"
        lines.append("- " + t(item, key=escape_md(r.key), raw=escape_md(r.raw), why=why))
    for key, count in list(repeated.items())[:MAX_UNKNOWN_NAMED]:
        lines.append("- " + t("url_repeated_item", key=escape_md(key), n=count))
    with st.container(border=True):
        st.warning("\n".join(lines))
        st.button(t("dismiss"), key="dismiss_url", on_click=session.dismiss_rejected)


def check_tokens(encoded: Encoded, notes: bool = True) -> bool:
    """Explain empty, cut or one-token input. False when there is nothing to draw.

    `notes=False` says only that the text is empty (for a second sentence on the same page).
    """
    if not encoded.tokens:
        st.info(t("empty_text"))
        return False
    if not notes:
        return True
    if encoded.truncated:
        st.warning(t("truncated", n_total=encoded.n_total, max=MAX_TOKENS))
    if len(encoded.tokens) == 1:
        st.info(t("one_token"))
    said = minilm.chinese_note(encoded)  # MiniLM reads English: say so, and what it reads
    glosses_note(encoded)
    unknown_note(encoded.tokens, count=not said)  # the notice counted them already
    said_unk = {UNK} if said else set()  # the notice said [UNK] is one token for many
    counts = Counter(tok.lower() for tok in encoded.tokens if tok not in said_unk)
    repeated = [tok for tok in dict.fromkeys(encoded.tokens) if counts.pop(tok.lower(), 0) > 1]
    if repeated:
        words = t("list_sep").join(f"“{escape_md(w)}”" for w in repeated)
        st.caption(t("repeated_note", words=words))
    return True


def glosses_note(encoded: Encoded) -> None:
    """Where the model reads Chinese words as English ones, the table of what it reads, one
    click away (folded: built only when opened)."""
    if not encoded.reads:
        return
    pairs = [(shown, read) for shown, read in zip(encoded.tokens, encoded.reads, strict=True)
             if shown != read]  # fmt: skip
    box, built = fold.expander(
        t("glosses_heading", n=len(pairs)), "glosses", icon=":material/translate:"
    )
    if built:
        with box:
            st.caption(t("glosses_note"))
            frame = pd.DataFrame({t("glosses_word"): [w for w, _ in pairs],
                                  t("glosses_read"): [r for _, r in pairs]})  # fmt: skip
            tables.show(frame, "glosses", hide_index=True)


def unknown_note(tokens: Sequence[str], count: bool = True) -> None:
    """Say how many of the sentence's word pieces a vocabulary lacks ([UNK]): MiniLM learned
    its vocabulary from English and holds few Chinese characters. `count=False`: a notice said
    so already; only offer the English example."""
    unknown, pieces = unknown_pieces(tokens)
    if not unknown:
        return
    if count:
        st.caption(t("unknown_pieces", unknown=unknown, pieces=pieces))
    english = DEFAULT_TEXTS["en"]
    text = st.session_state.get(K.TEXT)
    if text != english and SHARED_PARAMS[K.TEXT].is_example(text):  # not the reader's words
        st.button(
            t("use_english_example", text=english),
            key="use_english_example",
            on_click=_use_text,
            args=(english,),
            icon=":material/translate:",
        )


def _use_text(text: str) -> None:
    st.session_state[K.TEXT] = text


def showing(p: Pipeline) -> Encoded:
    """The page shows `p`: stop with a friendly message when its sentence has no tokens, else
    offer it for the JSON export and ask the page's questions about it (predict, then reveal).
    Returns the sentence's vectors (its key side)."""

    require_tokens(p.key_side)
    figures.offer_json(p)
    page = st.session_state.get(session.CURRENT_PAGE)
    if page is not None:
        predict.ask_all(page.questions, p)
    return p.key_side


def require_tokens(encoded: Encoded, notes: bool = True) -> None:
    """Stop the page with a friendly message when the sentence has no tokens."""
    if not check_tokens(encoded, notes):
        st.stop()
