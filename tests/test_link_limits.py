"""A link Streamlit drops whole (over 1,000 parameters or 512 Ki characters) is named, not lost
without a word: ui/link_patch.py puts one parameter in its place that says how big it was."""

from __future__ import annotations

from urllib.parse import parse_qs, parse_qsl

from streamlit.runtime import app_session

from tests.apptest_utils import open_page
from ui.link_patch import (
    DROPPED_LINK,
    LINK_MAX_CHARS,
    LINK_MAX_PARAMS,
    IgnoredLink,
    ignored_link,
    sanitize_naming_dropped,
)


def test_the_check_streamlit_runs_on_each_link_is_ours() -> None:
    open_page("app_pages/home/page.py")  # the router installs it
    assert app_session.sanitize_query_string is sanitize_naming_dropped


def test_a_link_over_the_parameter_limit_becomes_its_size() -> None:
    link = "&".join(f"p{i}=1" for i in range(LINK_MAX_PARAMS + 1))
    kept = sanitize_naming_dropped(link)
    raw = {k: v[-1] for k, v in parse_qs(kept).items()}
    assert ignored_link(raw) == IgnoredLink(params=LINK_MAX_PARAMS + 1, chars=len(link))


def test_a_link_over_the_character_limit_becomes_its_size() -> None:
    link = "text=" + "a" * LINK_MAX_CHARS
    raw = {k: v[-1] for k, v in parse_qs(sanitize_naming_dropped(link)).items()}
    assert ignored_link(raw) == IgnoredLink(params=1, chars=LINK_MAX_CHARS + 5)


def test_links_within_the_limits_pass_unchanged() -> None:
    at_limit = "&".join(f"p{i}=1" for i in range(LINK_MAX_PARAMS))
    assert sanitize_naming_dropped(at_limit) == at_limit
    assert sanitize_naming_dropped("") == ""
    assert sanitize_naming_dropped("text=hi&lang=zh") == "text=hi&lang=zh"


def test_a_forged_or_missing_marker_names_nothing() -> None:
    assert ignored_link({}) is None
    assert ignored_link({DROPPED_LINK: "many.chars"}) is None
    assert ignored_link({DROPPED_LINK: "-1.5"}) is None
    assert ignored_link({DROPPED_LINK: "12.34"}) is None  # no proof: not written by this process
    assert ignored_link({DROPPED_LINK: "12.34.0123456789abcdef"}) is None  # a wrong one
    link = "&".join(f"p{i}=1" for i in range(LINK_MAX_PARAMS + 1))
    ours = dict(parse_qsl(sanitize_naming_dropped(link)))
    assert ignored_link(ours) == IgnoredLink(LINK_MAX_PARAMS + 1, len(link))
