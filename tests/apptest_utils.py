"""Shared helpers for AppTest-based tests."""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

import pyarrow as pa
from streamlit.testing.v1 import AppTest

from app_pages import PAGES as MENU
from core.models import DistilledHead
from ui.fold import KEY_PREFIX as FOLD
from ui.router import link_params
from ui.session import SHARE_OPEN
from ui.settings import GLOBAL_PARAMS

ROOT = Path(__file__).resolve().parent.parent

# The one place tests learn where pages and their texts live: other test files name a page by
# its short name (page_file("score")), never by its path.
PAGES = [p.script for p in MENU]
ALL_PARAMS = link_params(MENU)  # every parameter a link may hold
PAGE_PARAMS = {key: p for key, p in ALL_PARAMS.items() if key not in GLOBAL_PARAMS}
QUESTIONS = {q.id: q for page in MENU for q in page.questions}  # predict, then reveal, by id


def page_name(script: str) -> str:
    """A page's short name: "score" for app_pages/score.py (or app_pages/score/page.py)."""
    path = Path(script)
    return path.parent.name if path.stem == "page" else path.stem


def page_file(name: str) -> str:
    """The script of the page called `name` ("score", "real_model", ...), as AppTest opens it."""
    found = [script for script in PAGES if page_name(script) == name]
    assert len(found) == 1, f"no page called {name!r}: {[page_name(s) for s in PAGES]}"
    return found[0]


def open_page(
    page: str, params: dict[str, str] | None = None, locale: str | None = None
) -> AppTest:
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=60)
    for key, value in (params or {}).items():
        at.query_params[key] = value
    if locale:
        at.context["locale"] = locale
    at.run()
    if page != PAGES[0]:
        at.switch_page(page).run()
    return at


def open_whole_page(
    page: str, params: dict[str, str] | None = None, locale: str | None = None
) -> AppTest:
    """A page with all it can draw built: the share panel open, which builds every folded part
    and every tab (ui/fold.py), as its downloads hold them all."""
    return open_share_panel(open_page(page, params, locale))


def unfold(at: AppTest, *names: str) -> AppTest:
    """Open the folded parts called `names` (ui/fold.py keys), or, with none named, every
    folded part the page draws (parts inside parts too), and re-run: a folded part is built
    only while it is open."""
    for _ in range(5):  # a part opened can show another folded part
        shut = [
            key
            for key in at.session_state
            if key.startswith(FOLD)
            and at.session_state[key] is False
            and (not names or key[len(FOLD) :] in names)
        ]
        if not shut:
            return at
        for key in shut:
            at.session_state[key] = True
        at.run()
    return at


def open_tab(at: AppTest, name: str, label: str) -> AppTest:
    """Open the tab labelled `label` in the tab row called `name` (ui/fold.py), and re-run."""
    at.session_state[FOLD + name] = label
    return at.run()


def open_share_panel(at: AppTest) -> AppTest:
    """Open the sidebar's share panel (its link and downloads are drawn only while open)."""
    at.session_state[SHARE_OPEN] = True
    return at.run()


def _records(arrow: bytes) -> list[dict]:
    return pa.ipc.open_stream(arrow).read_all().to_pylist() if arrow else []


def chart_specs(at: AppTest) -> list[dict]:
    """Every chart's spec as the app built it: its named datasets (sent apart, as Arrow bytes)
    put back as records under "datasets"."""
    specs = []
    for chart in at.get("vega_lite_chart"):
        spec = json.loads(chart.proto.spec)
        named = {d.name: d for d in chart.proto.datasets if d.name}
        if named:
            spec["datasets"] = {name: _records(d.data.data) for name, d in named.items()}
        specs.append(spec)
    return specs


def chart_records(at: AppTest, title: str) -> list[dict]:
    """The data rows of the (first) chart whose title contains `title`."""
    for chart in at.get("vega_lite_chart"):
        spec = json.loads(chart.proto.spec)
        shown = json.dumps(spec.get("title", ""), ensure_ascii=False).replace("\\n", " ")
        if title in shown:  # a long title is wrapped: "\n" in place of spaces
            if spec.get("datasets"):
                return next(iter(spec["datasets"].values()))
            table = pa.ipc.open_stream(chart.proto.datasets[0].data.data).read_all()
            return table.to_pylist()
    raise AssertionError(f"no chart titled {title!r}")


def chart_titles(at: AppTest) -> list[str]:
    titles = []
    for spec in chart_specs(at):
        title = spec.get("title", "")
        text = title.get("text", "") if isinstance(title, dict) else title
        titles.append(text.replace("\n", " "))  # a long title is wrapped at spaces
    return titles


def all_text(at: AppTest) -> str:
    parts = []
    for kind in ("markdown", "caption", "info", "warning", "error", "title", "subheader", "metric"):
        for el in at.get(kind):
            parts.append(str(getattr(el, "value", "")))
            parts.append(str(getattr(el, "label", "")))
    return "\n".join(parts)


# Half-width , ; : ( ) ! ? touching a CJK character or full-width mark: running Chinese text
# takes full-width punctuation (，；：（）！？). Code, formulas and placeholders are the exception.
CJK = "\u3400-\u4dbf\u4e00-\u9fff\u3000-\u303f\uff00-\uffef“”‘’"
HALF_WIDTH_NEXT_TO_CJK = re.compile(rf"[{CJK}] ?[,;:()!?]|[,;:()!?] ?[{CJK}]")


def half_width_next_to_cjk(text: str) -> list[str]:
    """Each place in `text` where half-width punctuation touches Chinese, with some context."""
    return [
        text[max(m.start() - 8, 0) : m.end() + 8] for m in HALF_WIDTH_NEXT_TO_CJK.finditer(text)
    ]


@functools.cache
def default_model() -> DistilledHead:
    """The model every page draws with by default (ui/settings.DEFAULT_MODEL): the distilled
    head. Its word pieces are lower case: "The" is drawn as "the"."""
    return DistilledHead.load()
