"""A class round in Chromium with five phones (issue 19): the projector and five students'
phones (390 × 844, Chinese and English mixed) in one browser. The teacher starts a class and
opens voting on whatever question the page shows; the five vote; the projector's live count
reaches 5 by itself; the reveal's table counts exactly the votes cast and each phone marks its
own answer; a second round ("Vote again") is counted beside the first."""

from __future__ import annotations

import time
from collections import Counter

import pytest
from playwright.sync_api import Page, expect

from live_class.connection import LIVE_SECONDS
from tests.browser.helpers import (
    PHONE,
    choice_labels,
    choices,
    en,
    no_exception,
    open_all,
    open_voting,
    phone,
    reveal,
    start_class,
    teacher_button,
    text_in,
    vote,
    wait_idle,
)
from tests.browser.tabs import Contexts

pytestmark = [pytest.mark.browser, pytest.mark.timeout(150)]
expect.set_options(timeout=15_000)
LIVE = (LIVE_SECONDS * 3 + 4) * 1000  # ms: a live part re-reads the database every LIVE_SECONDS
LOCALES = ("zh-CN", "en-US", "en-US", "zh-CN", "en-US")
# each phone's pick (an option's place in its list) in round 1 and round 2: uneven on purpose,
# so a count put in the wrong row or round shows
ROUND_1 = (0, 1, 1, 2, 1)
ROUND_2 = (2, 2, 0, 2, 1)


def one_round(
    tab: Page, phones: list[Page], picks: tuple[int, ...], round_: int
) -> tuple[Counter[int], list[str]]:
    """Every phone votes its pick once its choices show; the projector counts all of them.
    (how many picked each option, each phone's label of its pick)."""
    labels = []
    for p, pick in zip(phones, picks, strict=True):
        expect(choices(p).first).to_be_visible(timeout=LIVE)  # a new round reaches the phone
        n = len(choice_labels(p))
        labels.append(vote(p, pick % n))
        expect(p.get_by_text(text_in(p, "join_sent"))).to_be_visible(timeout=LIVE)
    n = len(phones)
    count = en("cls_count", n=n, joined=n, round=round_)
    expect(tab.get_by_text(count)).to_be_visible(timeout=LIVE)  # by itself, no click
    return Counter(pick % len(choice_labels(phones[0])) for pick in picks), labels


def each_marks_own(phones: list[Page], labels: list[str]) -> None:
    for p, label in zip(phones, labels, strict=True):
        expect(p.get_by_text(text_in(p, "join_yours", answer=label))).to_be_visible(timeout=LIVE)
        expect(choices(p)).to_have_count(0)  # voting closed on the phone too
        no_exception(p)


def test_five_phones_vote_two_rounds(tab: Page, contexts: Contexts, app_url: str) -> None:
    start = time.monotonic()
    code, key = start_class(tab, app_url)
    expect(tab.get_by_text(f"/join?code={code}")).to_be_visible()  # the link the class opens
    open_voting(tab)
    phones = [phone(contexts, locale) for locale in LOCALES]
    try:
        open_all(phones, app_url, "join", {"code": code})
        for p in phones:
            no_exception(p)
            assert key not in p.content()  # the teacher key reaches no phone
        english = choice_labels(phones[1])  # the options, in the projector's language
        for p in phones[:2]:  # the answers fit the phone's width, in Chinese and in English
            box = choices(p).first.bounding_box()
            assert box is not None and box["x"] + box["width"] <= PHONE["width"], box

        counted, labels = one_round(tab, phones, ROUND_1, 1)
        table = reveal(tab)
        assert table[en("cls_answer_col")] == english  # one row per option, in the phones' order
        first = [str(counted[i]) for i in range(len(english))]
        assert table[en("cls_round", round=1)] == first  # exactly the votes cast
        each_marks_own(phones, labels)

        # after discussion, a second round beside the first
        teacher_button(tab, "cls_again").click()
        wait_idle(tab)
        counted, labels = one_round(tab, phones, ROUND_2, 2)
        table = reveal(tab)
        second = [str(counted[i]) for i in range(len(english))]
        assert table[en("cls_round", round=1)] == first
        assert table[en("cls_round", round=2)] == second
        assert list(table) == [
            en("cls_answer_col"),
            en("cls_round", round=1),
            en("cls_round", round=2),
            en("cls_right_col"),
        ]
        each_marks_own(phones, labels)
    finally:
        for p in phones:
            contexts.leave(p)
    print(f"five phones, two rounds: {time.monotonic() - start:.1f} s")
