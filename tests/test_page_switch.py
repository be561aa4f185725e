"""A click in the menu keeps every sidebar setting, over Streamlit's own websocket protocol
against a real server.

On a page switch Streamlit 1.67 keeps the values of only those widgets the browser reports
with the click; a value set from the link lives in its widget once the page has been drawn
twice. A browser busy drawing (ten tabs on a loaded machine) can leave widgets out: a student
then saw the next page in English, or with the seed and widths at their minimum. Here the
browser reports none, the worst case; the sidebar keeps its values for the session.
"""

from __future__ import annotations

from urllib.parse import parse_qs

import pytest

from tools.server import start_server
from tools.wsclient import Session, run_async
from ui.i18n import TEXTS
from ui.settings import GLOBAL_PARAMS, K

# every sidebar setting away from its default (the toy model: the pretrained one hides some)
CHOSEN = {
    K.LANG: "zh",
    K.TEXT: "弟弟喜欢吃冰淇淋",
    K.D_MODEL: "16",
    K.D_K: "5",
    K.SEED: "9",
    K.PE: "0",
    K.SCALE: "0",
    K.SOFTMAX: "0",
    K.TEMP: "2.5",
    K.NUMBERS: "0",
}


@pytest.fixture(scope="module")
def server():
    srv = start_server()
    yield srv
    srv.stop()


def test_chosen_covers_every_sidebar_setting_of_the_toy_model():
    real_model_keys = {K.LAYER, K.HEAD, K.REAL, K.E5_LAYER, K.E5_HEAD}  # the real-model pages'
    assert set(CHOSEN) == set(GLOBAL_PARAMS) - {K.MODEL, *real_model_keys}
    for key, raw in CHOSEN.items():
        value, refused = GLOBAL_PARAMS[key].decode(raw)
        assert refused is None and value != GLOBAL_PARAMS[key].default, key


@pytest.mark.parametrize(("first", "then"), [("input", "score"), ("rows", "")])
def test_a_menu_click_that_reports_no_widget_keeps_every_sidebar_setting(server, first, then):
    async def go():
        async with Session(server.ws) as s:
            opened = await s.view(first, CHOSEN)
            await s.view(first, CHOSEN)  # drawn once more: the values now live in the widgets
            switched = await s.view(then)  # no widget, no link: the app writes it from its state
            return opened, switched

    opened, switched = run_async(go())
    assert opened.ok and switched.ok, opened.exceptions + switched.exceptions
    opened_link = parse_qs(opened.query_string)
    assert all(opened_link.get(key, [value])[-1] == value for key, value in CHOSEN.items())
    link = {key: values[-1] for key, values in parse_qs(switched.query_string).items()}
    assert {key: link.get(key) for key in CHOSEN} == CHOSEN, link
    title = TEXTS["nav_score" if then == "score" else "nav_home"]["zh"]
    assert title.encode() in switched.payload  # drawn in Chinese
    assert CHOSEN[K.TEXT].encode() in switched.payload
