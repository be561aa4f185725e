"""Charts saved as SVG and PNG on the server, and the page saved as one offline HTML file."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import numpy as np
import pytest

from tests.apptest_utils import FOLD, open_page, open_share_panel, open_tab, page_file, unfold
from ui import charts, exports, figures
from ui.i18n import TEXTS

SVG_NS = "{http://www.w3.org/2000/svg}"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
ROWS = ["alpha", "beta"]
COLS = ["red", "green", "blue"]
HOSTILE = "<script>alert(1)</script>"
CDN_HOSTS = ("jsdelivr", "unpkg", "cdnjs", "googleapis", "skypack", "esm.sh")


def small_heatmap(title: str = "Tiny weights", rows=ROWS, cols=COLS) -> dict:
    m = np.arange(len(rows) * len(cols), dtype=float).reshape(len(rows), len(cols)) / 10
    return charts.heatmap(
        m, rows, cols, title=title, row_title="query", col_title="key", value_title="weight"
    )


def svg_root(text: str) -> ET.Element:
    return ET.fromstring(text)


def texts_in(root: ET.Element, role: str) -> list[str]:
    """The text of every <text> inside the groups of one Vega role (e.g. axis-label)."""
    found = []
    for group in root.iter(f"{SVG_NS}g"):
        if f"role-{role}" in group.get("class", "").split():
            found += ["".join(t.itertext()) for t in group.iter(f"{SVG_NS}text")]
    return found


def svg_size(text: str) -> tuple[int, int]:
    root = svg_root(text)
    return int(root.get("width")), int(root.get("height"))


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from the PNG header (IHDR chunk)."""
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


# ---- SVG and PNG -----------------------------------------------------------------------------


def test_svg_is_a_document_with_the_title_and_every_axis_label():
    text = exports.svg(small_heatmap())
    assert text.startswith("<svg")
    root = svg_root(text)  # well-formed XML
    assert root.tag == f"{SVG_NS}svg"
    assert texts_in(root, "title-text") == ["Tiny weights"]
    labels = texts_in(root, "axis-label")
    assert sorted(labels) == sorted(ROWS + COLS)  # one <text> per label, none twice
    cells = [e for e in root.iter(f"{SVG_NS}path") if e.get("aria-roledescription") == "rect mark"]
    assert len(cells) == len(ROWS) * len(COLS)


def test_png_has_the_signature_and_twice_the_svg_size():
    spec = small_heatmap()
    width, height = svg_size(exports.svg(spec))
    two, one = exports.png(spec), exports.png(spec, scale=1)
    assert two.startswith(PNG_SIGNATURE) and one.startswith(PNG_SIGNATURE)
    assert png_size(one) == (width, height)
    assert png_size(two) == (2 * width, 2 * height) == (exports.PNG_SCALE * width, 2 * height)


def test_chinese_is_kept_as_text_in_svg_and_drawn_in_png():
    """SVG: the characters themselves are in the title's <text> (a viewer draws them with its
    own font). PNG: two titles of the same length but different characters give different
    pixels, which they would not if every glyph were missing (the same empty box each time)."""
    first = small_heatmap("注意力权重", rows=["猫", "坐"], cols=["在", "垫", "上"])
    other = small_heatmap("查询键数值", rows=["猫", "坐"], cols=["在", "垫", "上"])
    root = svg_root(exports.svg(first))
    assert texts_in(root, "title-text") == ["注意力权重"]
    assert sorted(texts_in(root, "axis-label")) == sorted(["猫", "坐", "在", "垫", "上"])
    a, b = exports.png(first), exports.png(other)
    assert png_size(a) == png_size(b)
    assert a != b


# ---- the page as HTML ------------------------------------------------------------------------


class Tags(HTMLParser):
    """Every start tag with its attributes (script contents are not parsed as tags)."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def tags_of(document: str) -> list[tuple[str, dict[str, str | None]]]:
    parser = Tags()
    parser.feed(document)
    return parser.tags


def embedded(document: str, element_id: str):
    found = re.search(
        rf'<script type="application/json" id="{element_id}">(.*?)</script>', document, re.S
    )
    assert found, element_id
    return json.loads(found.group(1))


LINK = "https://attention.example/weights?lang=en&text=" + HOSTILE


@pytest.fixture(scope="module")
def document() -> str:
    specs = [small_heatmap(HOSTILE), small_heatmap("Second", rows=["x"], cols=["y"])]
    return exports.page_html(HOSTILE, specs, ["sentence: " + HOSTILE, "softmax on"], LINK, "en")


def test_page_holds_the_libraries_and_both_specs(document):
    assert "window.vegaEmbed=" in document and "window.vegaLite=" in document
    assert exports.javascript() in document
    specs = embedded(document, "specs")
    assert specs == [small_heatmap(HOSTILE), small_heatmap("Second", rows=["x"], cols=["y"])]
    ids = [a.get("id") for tag, a in tags_of(document) if a.get("class") == "chart"]
    assert ids == ["chart-0", "chart-1"]
    assert embedded(document, "options")["renderer"] == "svg"


def test_user_text_is_never_read_as_html(document):
    assert HOSTILE not in document
    escaped = "&lt;script&gt;alert(1)&lt;/script&gt;"
    assert f"<title>{escaped}</title>" in document
    assert f"<h1>{escaped}</h1>" in document
    assert f"<li>sentence: {escaped}</li>" in document
    # the only scripts: the libraries, the specs, the embed options, the code that draws
    assert [tag for tag, _ in tags_of(document)].count("script") == 4


def test_page_loads_nothing_from_the_network(document):
    for tag, attrs in tags_of(document):
        assert tag != "link", attrs  # no stylesheet or preload from elsewhere
        for name in ("src", "href"):
            value = attrs.get(name)
            if value is None:
                continue
            assert (tag, name, value) == ("a", "href", LINK)  # the share link, and only it
    lowered = document.lower()
    assert not [host for host in CDN_HOSTS if host in lowered]
    assert "@import" not in lowered
    assert re.search(r"\bimport\s*\(", document) is None  # no dynamic module loading


def test_a_link_that_is_not_a_web_address_is_only_text():
    document = exports.page_html("t", [], [], "javascript:alert(1)", "zh")
    assert not [a for tag, a in tags_of(document) if tag == "a"]
    assert "javascript:alert(1)" in document
    assert '<html lang="zh">' in document
    assert TEXTS["html_link"]["zh"] in document


def test_json_in_a_script_cannot_close_it():
    text = exports.json_for_script({"a": "</script><!-- & >"})
    assert "<" not in text and ">" not in text and "&" not in text
    assert json.loads(text) == {"a": "</script><!-- & >"}


# ---- wiring: what a page offers --------------------------------------------------------------


def labels_of(at) -> list[str]:
    return [b.proto.label for b in at.get("download_button")]


def _said(title: object) -> object:
    """What a chart's title says (the page's width may cut its lines: charts.fitted)."""
    return {k: v for k, v in title.items() if k != "limit"} if isinstance(title, dict) else title


def test_a_page_offers_svg_png_and_html_for_what_it_drew():
    at = open_share_panel(open_page(page_file("weights")))
    assert not at.exception
    drawn = at.get("vega_lite_chart")
    specs = at.session_state[figures._SPECS]
    assert len(specs) == len(drawn) > 0
    shown = [_said(json.loads(c.proto.spec).get("title")) for c in drawn]
    assert [_said(s.get("title")) for s in specs] == shown
    panel = [TEXTS["export_html"]["en"], TEXTS["export_json"]["en"]]
    assert labels_of(at) == panel  # the charts' Download boxes are closed
    labels = labels_of(unfold(at))  # each chart's Download box builds its buttons once open
    assert labels.count("SVG") == labels.count("PNG") == labels.count("CSV") == len(drawn)
    assert labels.count(panel[0]) == labels.count(panel[1]) == 1
    # every chart of the page renders on the server, its title inside
    for spec in specs:
        title = spec["title"]["text"] if isinstance(spec["title"], dict) else spec["title"]
        first_line = title.split("\n")[0] if isinstance(title, str) else title[0]
        assert first_line in " ".join(texts_in(svg_root(exports.svg(spec)), "title-text"))


def test_an_open_download_box_stays_with_its_chart_when_a_tab_opens_above_it():
    at = open_page(page_file("summary"))
    boxes = [k for k in at.session_state if k.startswith(FOLD + "download_")]
    factor = next(k for k in boxes if "factor" in k)
    at.session_state[factor] = True
    at.run()
    assert TEXTS["csv"]["en"] in labels_of(at)  # the factor chart's box is open: its buttons
    open_tab(at, "summary", TEXTS["tab_xqkv"]["en"])  # four charts now come before the rest
    assert not at.exception
    opened = [k for k in at.session_state if k.startswith(FOLD) and at.session_state[k] is True]
    assert opened == [], opened  # no other chart's box opened in its place
    assert labels_of(at) == []
