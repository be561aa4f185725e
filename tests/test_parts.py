"""Parts of a page that re-run alone (layout.part, a Streamlit fragment), over Streamlit's own
websocket protocol against a real server: a query-word pick or the presenter's Next sends back
its part only (no sidebar, no page title), and the link follows the new choice."""

from __future__ import annotations

from urllib.parse import parse_qs

import pytest

from app_pages.present.params import LESSON
from app_pages.qk_map.params import QK_QUERY
from app_pages.roles.params import QUERY
from app_pages.rows.params import WORD
from lessons import lesson
from tools.server import start_server
from tools.wsclient import Session, run_async
from ui.i18n import TEXTS
from ui.settings import DEFAULT_TEXT, K

SIDEBAR = TEXTS["sentence"]["en"].encode()  # the sentence box's label, drawn in the sidebar
TOKENS = DEFAULT_TEXT.split()  # The black cat drank the milk


@pytest.fixture(scope="module")
def server():
    srv = start_server()
    yield srv
    srv.stop()


def _click(server, page: str, widgets: dict[str, str], triggers: tuple[str, ...] = ()):
    """Open `page` in a new session, then change one widget of its part: (first view, click)."""

    async def go():
        async with Session(server.ws) as s:
            first = await s.view(page)
            click = await s.view(page, widgets=widgets, triggers=triggers, fragment=True)
            return first, click

    return run_async(go())


@pytest.mark.parametrize(
    ("page", "key", "intro"),
    [
        ("roles", QUERY, "roles_intro"),
        ("rows", WORD, "rows_intro"),
        ("qk-map", QK_QUERY, "qk_intro"),
    ],
)
def test_picking_a_word_re_runs_only_its_part_and_the_link_follows(server, page, key, intro):
    first, click = _click(server, page, {key: f"2: {TOKENS[2]}"})
    header = TEXTS[intro]["en"][:30].encode()  # the page's introduction, above its part
    assert first.ok and click.ok, click.exceptions
    assert SIDEBAR in first.payload and header in first.payload  # a whole page
    assert SIDEBAR not in click.payload and header not in click.payload  # the part only
    assert parse_qs(click.query_string)[key] == ["2"]


def test_another_head_on_the_real_model_page_re_runs_only_its_part(server):
    # the layer and head inputs sit beside the grid, in the part (not in the sidebar)
    first, click = _click(server, "real-model", {K.LAYER: 2, K.HEAD: 5})
    assert first.ok and click.ok, click.exceptions
    assert SIDEBAR in first.payload and SIDEBAR not in click.payload
    params = parse_qs(click.query_string)
    assert (params[K.LAYER], params[K.HEAD]) == (["2"], ["5"])
    assert TEXTS["real_head"]["en"].format(layer=2, head=5).encode() in click.payload
    patterns = TEXTS["real_patterns"]["en"].encode()  # all heads at once: not in the part
    assert patterns in first.payload and patterns not in click.payload


def test_the_presenters_next_re_runs_only_the_slide(server):
    first, click = _click(server, "present", {}, triggers=("present_next",))
    assert first.ok and click.ok, click.exceptions
    assert SIDEBAR in first.payload and SIDEBAR not in click.payload
    assert parse_qs(click.query_string)[LESSON] == ["1"]
    step_2 = TEXTS[f"kind_title_{lesson.default().steps[1].id}"]["en"].encode()  # the second step
    assert step_2 in click.payload and step_2 not in first.payload


def test_the_worked_example_changes_the_sidebar_so_the_whole_page_is_drawn(server):
    first, click = _click(server, "present", {}, triggers=("present_example",))
    assert first.ok and click.ok, click.exceptions
    assert SIDEBAR in click.payload  # the sidebar's sentence is the example's now
    assert parse_qs(click.query_string)[K.TEXT] == ["the cat drank milk"]
