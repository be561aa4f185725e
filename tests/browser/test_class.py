"""Class mode in Chromium: a teacher's projector and two phones (one in Chinese, 390 × 844)
through one vote and the reveal, with the live count arriving without a click."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Browser, Page, expect

from app_pages.classroom.connection import LIVE_SECONDS
from tests.browser.conftest import DEFAULT_TIMEOUT
from tests.browser.helpers import en, no_exception, open_app, url_params, wait_idle, zh

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]
expect.set_options(timeout=15_000)
LIVE = (LIVE_SECONDS * 3 + 4) * 1000  # ms: a live part re-reads the database every LIVE_SECONDS


def _phone(chromium: Browser, locale: str) -> Page:
    context = chromium.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale=locale
    )
    context.set_default_timeout(DEFAULT_TIMEOUT)
    return context.new_page()


def _choices(phone: Page):
    return phone.get_by_test_id("stMainBlockContainer").get_by_test_id("stRadio")


def _vote(phone: Page, word: str) -> None:
    _choices(phone).get_by_text(word, exact=True).click()
    wait_idle(phone)


def test_a_teacher_and_two_phones_vote_and_reveal(tab: Page, chromium: Browser, app_url: str):
    start = time.monotonic()
    open_app(tab, app_url, "class")
    tab.get_by_role("button", name=en("cls_start")).click()
    wait_idle(tab)
    expect(tab).to_have_url(re.compile(r"[?&]tk="))  # the class's link is written after its run
    code, key = url_params(tab)["code"], url_params(tab)["tk"]
    expect(tab.get_by_text(f"/join?code={code}")).to_be_visible()
    tab.get_by_role("button", name=en("cls_open")).click()
    wait_idle(tab)

    phones = [_phone(chromium, "zh-CN"), _phone(chromium, "en-US")]
    try:
        for phone in phones:
            open_app(phone, app_url, "join", {"code": code})
            no_exception(phone)
            assert key not in phone.content()  # the teacher key reaches no student's page
        expect(phones[0].get_by_text(zh("join_pick"))).to_be_visible()
        box = _choices(phones[0]).bounding_box()
        assert box is not None and box["x"] + box["width"] <= 390  # fits the phone's width
        _vote(phones[0], "black")
        _vote(phones[1], "drank")
        expect(phones[0].get_by_text(zh("join_sent"))).to_be_visible()

        # the projector's count arrives by itself (its live part re-runs every LIVE_SECONDS)
        count = en("cls_count", n=2, joined=2, round=1)
        expect(tab.get_by_text(count)).to_be_visible(timeout=LIVE)
        tab.get_by_role("button", name=en("cls_reveal")).click()
        wait_idle(tab)
        expect(tab.get_by_test_id("stDataFrame")).to_be_visible()
        no_exception(tab)

        # each phone shows its own answer, marked, without a click
        expect(phones[0].get_by_text(zh("join_yours", answer="black"))).to_be_visible(timeout=LIVE)
        expect(phones[1].get_by_text(en("join_yours", answer="drank"))).to_be_visible(timeout=LIVE)
        for phone in phones:
            expect(_choices(phone)).to_have_count(0)
            no_exception(phone)
    finally:
        for phone in phones:
            phone.context.close()
    assert time.monotonic() - start < 60
