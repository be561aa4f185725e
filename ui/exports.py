"""Charts and pages saved as files, for slides, papers and course sites.

A chart saves as SVG or PNG, drawn on the server by vl-convert from the same Vega-Lite spec the
page shows (no browser needed). The page saves as one HTML file that holds the Vega, Vega-Lite
and vega-embed JavaScript itself: its charts stay interactive (tooltips) and it opens offline.
Nothing here runs while a page loads: each function is called when a download is clicked.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import streamlit as st
import vl_convert as vlc

from ui.i18n import LANGUAGES, TEXTS

Spec = dict[str, Any]

# Chinese needs a CJK font on the server. vl-convert reads the system fonts; these folders are
# registered as well when they exist (Debian's fonts-noto-cjk lives under /usr/share/fonts).
FONT_DIRS = ("/usr/share/fonts",)
# One sans-serif face for Latin and Chinese alike (without it, Chinese falls back to whichever
# CJK face comes first, often a serif); a machine without it uses its own sans-serif.
EXPORT_FONT = '"Noto Sans CJK SC", sans-serif'
# px around a saved chart: Vega measures a line of mixed Chinese and Latin text a few px short
# of what the CJK font draws, and the default 5 px cut the end of the longest subtitle.
EXPORT_PADDING = 12
EXPORT_CONFIG = {"font": EXPORT_FONT, "padding": EXPORT_PADDING}
PNG_SCALE = 2  # pixels per chart pixel: sharp on slides and high-density screens
CACHE_ENTRIES = 64  # images kept per format; a page shows at most a few dozen charts
# The menu under each chart in the saved page: save as SVG/PNG, but nothing that opens a web
# site (the Vega editor) or needs one.
EMBED_ACTIONS = {"export": True, "source": False, "compiled": False, "editor": False}
PAGE_CSS = """
body { font-family: "Noto Sans CJK SC", "Source Sans Pro", sans-serif; color: #1b1b1b;
       max-width: 60rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; }
.chart { margin: 2rem 0; }
.link { word-break: break-all; }
"""
_SCRIPT_END = re.compile(r"</(script)", re.IGNORECASE)


@st.cache_resource(show_spinner=False)
def _fonts() -> tuple[str, ...]:
    """Register the font folders once per process; returns the folders registered."""
    found = tuple(d for d in FONT_DIRS if Path(d).is_dir())
    for folder in found:
        vlc.register_font_directory(folder)
    return found


@st.cache_data(max_entries=CACHE_ENTRIES, show_spinner=False)
def svg(spec: Spec) -> str:
    """The chart as an SVG document (text kept as text, so it stays editable)."""
    _fonts()
    return vlc.vegalite_to_svg(spec, config=EXPORT_CONFIG)


@st.cache_data(max_entries=CACHE_ENTRIES, show_spinner=False)
def png(spec: Spec, scale: float = PNG_SCALE) -> bytes:
    """The chart as a PNG image, `scale` pixels per chart pixel."""
    _fonts()
    return vlc.vegalite_to_png(spec, scale=scale, config=EXPORT_CONFIG)


@st.cache_resource(show_spinner=False)
def javascript() -> str:
    """Vega, Vega-Lite and vega-embed in one script (about 0.9 MB), from vl-convert's own copy:
    no CDN. It sets window.vega, window.vegaLite and window.vegaEmbed."""
    return _inline_script(vlc.javascript_bundle())


def _inline_script(js: str) -> str:
    """JavaScript that cannot end the <script> element it sits in."""
    return _SCRIPT_END.sub(r"<\\/\1", js)


def json_for_script(value: Any) -> str:
    """JSON that is safe inside <script>: <, > and & become \\u escapes, which JSON reads back
    as the same characters, so no text in it can close the element or open a comment."""
    text = json.dumps(value, ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _text(key: str, lang: str) -> str:
    return TEXTS[key][lang if lang in LANGUAGES else "en"]


def _link_html(link: str) -> str:
    """The share link as text, and as an anchor only when it is a web address."""
    shown = html.escape(link)
    if link.startswith(("http://", "https://")):
        return f'<a class="link" href="{html.escape(link, quote=True)}">{shown}</a>'
    return f'<span class="link">{shown}</span>'


def page_html(
    title: str, specs: Sequence[Spec], settings_lines: Sequence[str], link: str, lang: str
) -> str:
    """One self-contained HTML document: the title, the settings, the share link and every
    chart, drawn by the inlined libraries. User text is escaped, never read as HTML."""
    lines = "\n".join(f"<li>{html.escape(line)}</li>" for line in settings_lines)
    settings = (
        f"<h2>{html.escape(_text('html_settings', lang))}</h2>\n<ul>\n{lines}\n</ul>"
        if settings_lines
        else ""
    )
    charts = "\n".join(f'<div class="chart" id="chart-{i}"></div>' for i in range(len(specs)))
    options = {"renderer": "svg", "actions": EMBED_ACTIONS, "config": EXPORT_CONFIG}
    lang_attr = html.escape(lang if lang in LANGUAGES else "en", quote=True)
    return f"""<!DOCTYPE html>
<html lang="{lang_attr}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>
<style>{PAGE_CSS}</style>
<script>{javascript()}</script>
</head>
<body>
<h1>{html.escape(title)}</h1>
{settings}
<h2>{html.escape(_text("html_link", lang))}</h2>
<p>{_link_html(link)}</p>
{charts}
<script type="application/json" id="specs">{json_for_script(list(specs))}</script>
<script type="application/json" id="options">{json_for_script(options)}</script>
<script>
(function () {{
  var read = function (id) {{ return JSON.parse(document.getElementById(id).textContent); }};
  var options = read("options");
  read("specs").forEach(function (spec, i) {{ vegaEmbed("#chart-" + i, spec, options); }});
}})();
</script>
</body>
</html>
"""
