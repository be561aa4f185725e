"""Links, notes and limits that never turn against a user (issue 21): every link the app writes
fits what its server accepts and what its own decoder takes; an internal marker is never taken
from outside; notes say exactly what was kept, bounded; the server bounds the text it computes
on whatever a client sends; every training run takes its turn in the one queue."""

from __future__ import annotations

import threading
import time
from urllib.parse import parse_qsl, urlsplit

import pytest

from core.learning.task import TrainSettings
from core.links import LINK_BUDGET, encoded_length, fit_encoded, fit_query, query_length
from core.params import MAX_TEXT_CHARS, decode_all
from core.tokenize import MAX_TOKENS, tokenize_all
from tests.apptest_utils import ALL_PARAMS, all_text, open_page, open_share_panel
from ui import compute, training
from ui.i18n import TEXTS
from ui.link_patch import DROPPED_LINK

HOME = "app_pages/home/page.py"
INPUT = "app_pages/input/page.py"

# One enormous token in several scripts (each a single token), and 20,000 characters of CJK.
HANGUL = "가" * 19_999  # 9 characters each in a link: one word of 180 K
THAI = "กขค" * 6_000
EMOJI = "😀" * 5_000  # 12 characters each in a link
ASCII = "a" * 25_000  # one token over the decoder's 20,000 characters
CJK = "猫喝牛奶" * 5_000  # 20,000 characters, one token each: cut to the 64 drawn first
EXTREMES = {"hangul": HANGUL, "thai": THAI, "emoji": EMOJI, "ascii": ASCII, "cjk": CJK}


def en(text_key: str, /, **kwargs: object) -> str:
    text = TEXTS[text_key]["en"]
    return text.format(**kwargs) if kwargs else text


def share_link(at) -> str:
    link = next(c.value for c in at.code if str(c.value).startswith("http"))
    return str(link)


# ---- a text cut to fit ------------------------------------------------------------------------


def test_a_fitting_text_is_kept_whole() -> None:
    assert fit_encoded("the cat", 100) == "the cat"
    assert fit_query({"text": "the cat", "lang": "en"}, {"text"}, 100) == {
        "text": "the cat",
        "lang": "en",
    }


def test_a_text_is_cut_at_a_token_boundary_when_one_fits() -> None:
    text = "the black cat drank the milk"
    cut = fit_encoded(text, 16)  # "the black cat" takes 17 ("%20" for each space)
    assert cut == "the black"
    assert encoded_length(cut) <= 16 and text.startswith(cut)


def test_one_enormous_token_is_cut_inside() -> None:
    cut = fit_encoded(HANGUL, 900)
    assert cut == "가" * 100  # 9 characters each in a link
    assert len(tokenize_all(HANGUL)) == 1


@pytest.mark.parametrize("name", list(EXTREMES))
def test_the_query_fits_the_budget_and_the_decoder(name: str) -> None:
    text = EXTREMES[name][:MAX_TEXT_CHARS]
    fitted = fit_query({"text": text, "lang": "zh"}, {"text"})
    assert query_length(fitted) <= LINK_BUDGET
    assert text.startswith(fitted["text"]) and fitted["text"]
    assert fitted["lang"] == "zh"  # only texts are cut


@pytest.mark.parametrize("name", list(EXTREMES))
def test_the_share_link_of_an_extreme_text_opens_the_same_text(name: str) -> None:
    text = EXTREMES[name][:MAX_TEXT_CHARS]  # what the box (and the server) takes
    at = open_page(INPUT)
    at.text_area(key="text").input(text).run()
    assert at.session_state["text"] == text
    at = open_share_panel(at)
    assert not at.exception
    link = share_link(at)
    query = urlsplit(link).query
    assert len(query) <= LINK_BUDGET
    carried = dict(parse_qsl(query))
    values, rejected = decode_all(carried, ALL_PARAMS)
    assert not rejected  # the app's own decoder takes all the link holds
    assert text.startswith(values["text"]) and values["text"]
    if values["text"] != text:  # the panel says the link holds less than the box
        shown = all_text(at)
        assert (
            en("link_cut", budget=f"{LINK_BUDGET:,}") in shown
            or en("link_shortened", max=MAX_TOKENS) in shown
        )
    opened = open_page(INPUT, carried)
    assert not opened.exception
    assert opened.text_area(key="text").value == values["text"]
    assert en("url_rejected_title") not in all_text(opened)


def test_a_long_text_in_a_single_token_says_the_link_was_cut() -> None:
    at = open_page(INPUT)
    at.text_area(key="text").input(HANGUL).run()
    shown = all_text(open_share_panel(at))
    assert en("link_cut", budget=f"{LINK_BUDGET:,}") in shown


# ---- internal state never comes from the link --------------------------------------------------


def test_a_forged_dropped_link_marker_is_reported_as_unknown_and_not_acted_on() -> None:
    at = open_page(HOME, {DROPPED_LINK: "999999999999999999999.5", "text": "hi"})
    shown = all_text(at)
    assert at.text_area(key="text").value == "hi"
    assert "999,999" not in shown
    assert en("url_ignored", params="1", chars="1", max_params="1", max_chars="1")[:20] not in shown
    assert en("url_unknown_item", key="\\_link\\_dropped") in shown


# ---- notes that are true and bounded -----------------------------------------------------------


def test_broken_text_is_said_to_be_kept() -> None:
    at = open_page(HOME, {"text": "caf\ufffd au lait"})
    shown = all_text(at)
    assert at.text_area(key="text").value == "caf\ufffd au lait"
    assert "Using the default instead" not in shown
    assert en("problem_broken_text", allowed="").split(",")[0] in shown


def test_many_unknown_parameters_are_named_up_to_five_and_counted() -> None:
    params = {f"x{i}": "1" for i in range(999)}
    at = open_page(HOME, params)
    (warning,) = [w.value for w in at.warning if en("url_rejected_title") in w.value]
    lines = warning.split("\n")
    assert len(lines) == 1 + 5 + 1, lines  # title, five named, and the count of the rest
    assert en("url_unknown_more", n="994") in warning
    assert len(warning) < 2_000


def test_a_repeated_parameter_is_reported_and_the_last_one_used() -> None:
    at = open_page(HOME, {"seed": "7"})
    assert not any("given" in w.value for w in at.warning)  # AppTest sends each key once
    # the note itself, from a session that saw the key twice
    at.session_state["_url_repeated"] = {"seed": 2}
    at.run()
    assert en("url_repeated_item", key="seed", n=2) in all_text(at)


def test_group_picks_that_do_not_fit_are_named_on_every_run() -> None:
    at = open_page("app_pages/rows/page.py", {"gq": "0,1,2,999,-5,abc"})
    note = en("group_dropped", which="query", items="“999”, “\\-5”, “abc”", last=5)
    assert note in all_text(at)
    assert note in all_text(at.run())


# ---- the server bounds what it computes ----------------------------------------------------------


def test_a_sentence_longer_than_the_box_is_cut_on_the_server_with_the_box_note() -> None:
    """No box has max_chars (a browser drops a longer paste whole: tests/test_text_box.py);
    ui/text_box.py cuts what arrives past the box's limit before the page reads it, so a run
    never computes on more than the box holds, and says so."""
    at = open_page(INPUT)
    huge = "word " * 400_000  # 2 MB, as a client that bypasses the box could send
    at.session_state["text"] = huge
    at.run()
    assert not at.exception
    assert at.session_state["text"] == huge[:MAX_TEXT_CHARS]
    said = en("box_cut", kept=f"{MAX_TEXT_CHARS:,}", length=f"{len(huge):,}")
    assert said in [c.value for c in at.caption]
    n_total = len(tokenize_all(huge[:MAX_TEXT_CHARS]))
    assert en("truncated", n_total=n_total, max=MAX_TOKENS) in all_text(at)
    assert at.get("vega_lite_chart")  # and the page is drawn from the first 64 tokens


# ---- every training run takes its turn -----------------------------------------------------------


def test_runs_asked_for_by_links_train_one_at_a_time(monkeypatch) -> None:
    running, most = [0], [0]
    lock = threading.Lock()
    real_train = compute.train

    def slow_train(settings: TrainSettings):
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        time.sleep(0.2)
        with lock:
            running[0] -= 1
        return real_train(settings)

    monkeypatch.setattr(compute, "train", slow_train)
    store = compute.run_store()
    seeds = [9001, 9002, 9003]
    wanted = [TrainSettings(steps=10, seed=s) for s in seeds]
    threads = [threading.Thread(target=compute.trained_result, args=(w,)) for w in wanted]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert most[0] == 1  # never two at once, though three were asked for together
    assert all(store.get(w) is not None for w in wanted)
    with training.TURNS.place() as token:  # and the queue is empty again
        assert training.TURNS.ahead(token) == 0
