"""Several tokens at once on the pages: the group chart is core.groups on the page's own weights,
the picks follow the user from page to page and into the link, and bad picks are named, never
a traceback."""

from __future__ import annotations

import numpy as np
import pytest

from app_pages.real_model.params import HIDE_SPECIALS
from core.groups import group_attention
from tests.apptest_utils import (
    all_text,
    chart_records,
    chart_specs,
    chart_titles,
    open_page,
    open_tab,
    page_file,
    unfold,
)
from ui.groups import parse_indices
from ui.i18n import TEXTS
from ui.settings import DEFAULT_TEXT, K

GROUP_PAGES = [
    page_file("rows"),
    page_file("score"),
    page_file("summary"),
    page_file("real_model"),
]
PICKS = {K.GROUP_Q: "0,2", K.GROUP_K: "1,3"}


def open_groups(page: str, params: dict[str, str]):
    """The page with its group section open (folded, it is not built: ui/fold.py); on the
    real-model page, its weights tab too (it opens on the words-only tab)."""
    at = open_page(page, params)
    if page == page_file("real_model"):  # the group section is in its weights tab
        at = open_tab(at, "real_model", TEXTS["real_tab_weights"][params.get("lang", "en")])
    return unfold(at, "group")


def text(key: str, lang: str, **kwargs: object) -> str:
    return TEXTS[key][lang].format(**kwargs) if kwargs else TEXTS[key][lang]


def group_title(lang: str) -> str:
    return text("group_chart_title", lang)


def group_scale(at) -> dict:
    """The colour scale of the group chart (its title may be wrapped over lines)."""
    for spec in chart_specs(at):
        if group_title("en") in spec["title"]["text"].replace("\n", " "):
            return spec["layer"][0]["encoding"]["color"]["scale"]
    raise AssertionError("no group chart")


def matrix_of(records: list[dict]) -> tuple[np.ndarray, list[str], list[str]]:
    """A heatmap's records back to its matrix, row labels and column labels, in drawn order."""
    rows = list(dict.fromkeys(r["row"] for r in records))
    cols = list(dict.fromkeys(r["col"] for r in records))
    m = np.zeros((len(rows), len(cols)))
    for r in records:
        m[rows.index(r["row"]), cols.index(r["col"])] = r["value"]
    labels = {r["row"]: r["row_label"] for r in records}
    labels |= {r["col"]: r["col_label"] for r in records}
    return m, [labels[r] for r in rows], [labels[c] for c in cols]


def check_group_chart(at, lang: str, queries: list[int], keys: list[int] | None) -> None:
    """The group chart holds core.groups on the page's softmax-on weights chart, and the
    caption says what falls outside the chosen keys."""
    weights, _, k_words = matrix_of(chart_records(at, text("m_weights_soft", lang)))
    np.testing.assert_allclose(weights.sum(axis=1), 1.0, atol=1e-6)  # the page's softmax rows
    expected = group_attention(weights, queries, keys)
    shown, rows, cols = matrix_of(chart_records(at, group_title(lang)))
    assert rows == [text("group_sum", lang), text("group_mean", lang)]
    assert cols == [k_words[i] for i in expected.keys]
    np.testing.assert_allclose(shown[0], expected.summed, atol=1e-12)
    np.testing.assert_allclose(shown[1], expected.averaged, atol=1e-12)
    np.testing.assert_allclose(shown[1], weights[queries][:, expected.keys].mean(axis=0))
    captions = [c.value for c in at.caption]
    if keys is None:
        assert text("group_outside_all", lang) in captions
    else:
        inside = float(expected.averaged.sum())
        assert 0.0 < expected.outside < 1.0
        line = text("group_outside_soft", lang, inside=inside, outside=expected.outside)
        assert line in captions, captions
    assert text("group_note_soft", lang, sum=rows[0], mean=rows[1], g=len(queries)) in captions


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("page", GROUP_PAGES)
def test_group_chart_is_core_groups_on_the_page_weights(page, lang):
    at = open_groups(page, {**PICKS, "lang": lang, K.TEXT: DEFAULT_TEXT})
    assert not at.exception, [e.value for e in at.exception]
    assert at.multiselect(key="_group_q_pick").value == [0, 2]
    assert at.multiselect(key="_group_k_pick").value == [1, 3]
    assert text("group_heading", lang) in [e.label for e in at.expander]
    check_group_chart(at, lang, [0, 2], [1, 3])
    assert at.query_params.get(K.GROUP_Q) == "0,2"  # kept in the link of this page


def test_real_model_with_specials_hidden_uses_the_renormalised_head():
    at = open_groups(page_file("real_model"), {**PICKS, HIDE_SPECIALS: "1", "layer": "2"})
    assert not at.exception, [e.value for e in at.exception]
    _, words, _ = matrix_of(chart_records(at, text("m_weights_soft", "en")))
    assert "[CLS]" not in words and "[SEP]" not in words
    check_group_chart(at, "en", [0, 2], [1, 3])


def test_no_keys_picked_means_every_key():
    at = open_groups(page_file("rows"), {K.GROUP_Q: "1,4,5"})
    assert not at.exception
    check_group_chart(at, "en", [1, 4, 5], None)
    summed = matrix_of(chart_records(at, group_title("en")))[0][0]
    assert summed.sum() == pytest.approx(3.0)  # three softmax rows, every key


def test_no_queries_picked_draws_no_group_chart():
    at = open_groups(page_file("score"), {K.GROUP_K: "1"})
    assert not at.exception
    assert not any(group_title("en") in title for title in chart_titles(at))
    assert text("group_pick_first", "en") in [i.value for i in at.info]


def test_picks_follow_the_user_to_another_page_and_the_picker_writes_them():
    at = open_groups(page_file("score"), PICKS)
    at.multiselect(key="_group_q_pick").select(4).run()
    assert at.session_state[K.GROUP_Q] == "0,2,4"
    check_group_chart(at, "en", [0, 2, 4], [1, 3])
    unfold(at.switch_page(page_file("summary")).run(), "group")
    assert not at.exception
    assert at.multiselect(key="_group_q_pick").value == [0, 2, 4]
    check_group_chart(at, "en", [0, 2, 4], [1, 3])
    assert at.query_params.get(K.GROUP_Q) == "0,2,4"


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(
    ("raw", "kept", "named"),
    [("abc", [], "“abc”"), ("99", [], "“99”"), ("2,99,-1", [2], "“99”, “\\-1”")],
)
def test_bad_picks_in_a_link_are_named_on_every_page_while_they_are_there(raw, kept, named, lang):
    at = open_groups(
        page_file("home"), {K.GROUP_Q: raw, "lang": lang, K.TEXT: DEFAULT_TEXT}
    )  # the page it opens on
    assert not at.exception, [e.value for e in at.exception]
    named = named.replace(", ", text("list_sep", lang))
    note = text("group_dropped", lang, which=text("group_which_q", lang), items=named, last=5)
    assert note in [c.value for c in at.caption]
    assert at.session_state[K.GROUP_Q] == raw  # the link's picks stay, the note says what is used
    at.switch_page(page_file("score")).run()  # named again: a note that vanished was the bug
    assert not at.exception
    assert note in all_text(at)
    unfold(at, "group")
    at.multiselect(key="_group_q_pick").select(1).run()  # a new pick replaces them
    assert at.session_state[K.GROUP_Q] == ",".join(map(str, sorted({*kept, 1})))
    assert note not in all_text(at)


def test_a_shorter_sentence_drops_the_picks_it_no_longer_has():
    at = open_groups(page_file("rows"), {K.GROUP_Q: "1,5", K.GROUP_K: "0,4"})
    at.text_area(key=K.TEXT).input("One two three").run()
    assert not at.exception, [e.value for e in at.exception]
    captions = [c.value for c in at.caption]
    which_q, which_k = text("group_which_q", "en"), text("group_which_k", "en")
    assert text("group_dropped", "en", which=which_q, items="“5”", last=2) in captions
    assert text("group_dropped", "en", which=which_k, items="“4”", last=2) in captions
    check_group_chart(at, "en", [1], [0])


def test_markup_in_a_pick_is_shown_as_text():
    at = open_groups(page_file("home"), {K.GROUP_K: "**x**,<b>y</b>"})
    assert not at.exception
    note = [c.value for c in at.caption if "\\*\\*x\\*\\*" in c.value]
    assert note and "\\<b\\>y\\</b\\>" in note[0]


def test_parse_indices():
    assert parse_indices("3, 1,1,,0", 4) == ([0, 1, 3], [])
    assert parse_indices("0,4,x,-2,1.0,٣", 4) == ([0], ["4", "x", "-2", "1.0", "٣"])
    assert parse_indices("", 4) == ([], [])


@pytest.mark.parametrize("page", [page_file("rows"), page_file("real_model")])
def test_softmax_off_gives_signed_sums_and_says_they_are_not_shares(page):
    at = open_groups(page, {**PICKS, "softmax": "0"})
    assert not at.exception, [e.value for e in at.exception]
    weights = matrix_of(chart_records(at, text("m_weights_raw", "en")))[0]
    expected = group_attention(weights, [0, 2], [1, 3])
    shown = matrix_of(chart_records(at, group_title("en")))[0]
    np.testing.assert_allclose(shown, [expected.summed, expected.averaged], atol=1e-12)
    scale = group_scale(at)
    assert scale["domainMid"] == 0  # signed: diverging colours centred on 0
    inside = float(expected.averaged.sum())
    captions = [c.value for c in at.caption]
    assert text("group_outside_raw", "en", inside=inside, outside=expected.outside) in captions
    assert text("group_note_raw", "en", sum="sum", mean="mean", g=2) in captions


def test_softmax_sums_past_one_stretch_the_colour_scale():
    at = open_groups(page_file("rows"), {K.GROUP_Q: "0,1,2,3,4,5"})
    scale = group_scale(at)
    summed = matrix_of(chart_records(at, group_title("en")))[0][0]
    assert summed.max() > 1.0
    assert "domainMid" not in scale and scale["domain"] == [0, pytest.approx(summed.max())]
