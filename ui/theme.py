"""Colours, schemes and sizes: every chart takes its look from here."""

DIVERGING_SCHEME = "redblue"  # signed values: reversed so positive is red, negative blue, 0 white
DIVERGING_REVERSE = True
PROBABILITY_SCHEME = "blues"  # softmax weights on a fixed 0-1 scale
# The colour stops of those schemes exactly as Vega defines them (vega-scale, interpolated
# piecewise-linearly in RGB): cell text colours are chosen from their luminance.
SCHEME_STOPS = {
    "redblue": (
        *("#8c0d25", "#bf363a", "#df745e", "#f4ae91", "#fbdbc9", "#f2efee"),
        *("#d2e5ef", "#9dcae1", "#5da2cb", "#2f78b3", "#134b85"),
    ),
    "blues": (
        *("#cfe1f2", "#bed8ec", "#a8cee5", "#8fc1de", "#74b2d7", "#5ba3cf"),
        *("#4592c6", "#3181bd", "#206fb2", "#125ca4", "#0a4a90"),
    ),
}
BACKGROUND = "#ffffff"  # behind every chart (Streamlit's light theme)
POSITIVE_COLOR = "#c0392b"  # bars and products above zero
NEGATIVE_COLOR = "#2e6fba"  # below zero
ZERO_COLOR = "#1b1b1b"  # the line at 0 across bars that can be negative, and its "0"
ZERO_WIDTH = 1.5  # px
ZERO_LABEL_GAP = 3  # px: between the top of the plot and the "0" above it
HIGHLIGHT_COLOR = "#f1c40f"  # outline of the chosen word's row
PRIMARY_COLOR = "#a61e2d"  # .streamlit/config.toml's primaryColor: what is picked or pressed
PRIMARY_TINT = "#f8e7e9"  # its light tint, behind a picked answer on a phone
BORDER_COLOR = "#8a8a8a"  # an answer button's outline (3.4:1 on white: a control's edge)
DIMMED_OPACITY = 0.35  # other rows while one word is highlighted

CELL_MIN = 11  # px: smallest cell height, so that every word label stays readable
CELL_MIN_WIDTH = 4  # px: narrowest cell, for 48 dimensions in a narrow column
NUMBERS_MIN_CELL = 20  # px: cells smaller than this get no printed numbers (tooltips remain)
CELL_MAX = 42  # px: largest heatmap cell (a few tokens)
CELL_MAX_BIG = 80  # px: largest cell in presenter mode, readable from the back of a room
FONT_MIN = 8  # px: numbers in cells
# A phone (its browser says so: figures.on_phone) is held close but small: numbers smaller than
# PHONE_FONT_MIN are left to a tap, and rows may be taller than the squeezed columns are wide.
PHONE_FONT_MIN = 11  # px
PHONE_ROW = 24  # px
FONT_MAX = 20  # px
FONT_MIN_BIG = 18  # px: presenter mode prints numbers at least this big while its cells allow
FONT_MAX_BIG = 28  # px: and at most this big
# A page's main chart (the one that shows its point) on a projector, read from the back of a
# room: its cell numbers and axis labels are at least MAIN_FONT, its cells as wide as its column
# allows, so a matrix up to 16 × 16 shows every number.
MAIN_FONT = 14  # px
MAIN_FONT_MAX = 20  # px: cell numbers at most this big
MAIN_LABEL_FONT = 15  # px: axis labels
MAIN_CELL_MAX = 160  # px: widest cell (a short sentence's word map fills its column anyway)
MAIN_ROW_MAX = 40  # px: tallest cell
MAIN_SPAN_HEIGHT = 360  # px: the cells' height together aims at about this
BIG_LABEL = 18  # px: axis labels, legends and subtitles in presenter mode (the back row)
BIG_TITLE = 24  # px: chart titles in presenter mode
SPAN_FULL = 560  # px: a heatmap side aims at about this size when it has the page to itself
SPAN_HALF = 330  # px: in one of two columns
SPAN_THIRD = 210  # px: in one of three columns
SPAN_QUARTER = 150  # px: in one of four columns
LEGEND_LENGTH = 120  # px: colour bar under a heatmap that shares its row with others
TEXT_DARK = "#1b1b1b"
TEXT_LIGHT = "#ffffff"  # cell text takes whichever of the two contrasts more with its cell
DIMMED_TEXT_OPACITY = 0.6  # numbers in the dimmed rows: fainter, still readable
MAX_DIMS = 48  # widest vector drawn in full; a wider one (384 for MiniLM) shows its first 48
CONTEXT_CHARS = 70  # sentence characters quoted under each chart title
LABEL_LIMIT = 90  # px: longest axis label before it is cut with an ellipsis
TOKEN_LABEL_LIMIT = 260  # px: a next token's label ("understanding 12.3 %") is never cut
BAR_WIDTH = 440  # px: bar charts
BAR_WIDTH_HALF = 290  # px: a bar chart in one of two columns
NUMBER_FORMAT = ".2f"  # numbers in cells
NUMBER_FORMATS = (NUMBER_FORMAT, ".1f")  # tried in this order until the widest number fits
CELL_TEXT_PAD = 2  # px: free space each side of a number in its cell
TOOLTIP_FORMAT = ".4f"  # numbers in tooltips


TITLE_FONT = 16  # px: chart titles (Streamlit's chart theme uses the same)
SUBTITLE_FONT = 12  # px: lines under a title
SUBTITLE_LINES = 2  # lines under a title, at most while its parts can run on in fewer
SUBTITLE_JOIN = " · "  # between the parts of a subtitle run on
AXIS_LABEL_FONT = 12  # px: axis labels (Streamlit's chart theme)
LEVEL_LABEL_GAP = 4  # px: a level column label leaves this much of its column free
AXIS_LABEL_FONT_MIN = 8  # px: smaller labels are thinned out instead
AXIS_LABEL_PAD = 16  # px: between labels and the plot (Streamlit's chart theme)
AXIS_TITLE_GAP = 6  # px: a y-axis title sits this far above and left of the plot corner
CHAR_EM = 0.6  # width of a Latin letter or digit, in font sizes (generous: a wide font)
WIDE_CHAR_EM = 1.0  # width of a CJK character, in font sizes
NARROW_WIDTH = 600  # px: below this the legend goes under a heatmap and x labels never slant
SAFE_MARGIN = 8  # px: kept free at the right of a chart fitted into a width
LINE_EM = 1.25  # height of a title line, in font sizes
TITLE_GAP = 12  # px: between a chart's title block and its column labels
AXIS_CHROME = 16  # px: ticks, label and title padding of the column axis (its title aside)
LEGEND_BELOW = 58  # px: a colour bar under a heatmap: gap, its title over it, bar and labels
LEGEND_TITLE_LINE = 20  # px: of which its title's line (none when the title is beside the bar)
LEGEND_OVERHANG = 16  # px: its end labels reach this far past the ends of the bar (and a title
# beside it ends this far before it)
LEGEND_THICKNESS = 12  # px: the colour bar's height
LEGEND_GAP = 8  # px: between the cells and the colour bar under them
CHART_PADDING = 5  # px: Vega's padding on each side of a chart
LEGEND_OFFSET = 18  # px: Vega's gap between the cells and a colour bar beside them
LEGEND_BAR_MAX = 200  # px: the longest colour bar beside the cells
BIG_LEGEND_THICKNESS = 16  # px: Vega's width of a colour bar beside the cells
LEGEND_LABEL_GAP = 4  # px: Vega's gap between that bar and its labels
BIG_CELL_ASPECT = 1.5  # a presenter heatmap's cells may be this much wider than tall
# px: a presenter bar chart's title and two subtitle lines, its label axis's title above the
# bars, its value axis under them (labels, title) and padding: its bars share the rest of the
# height it is given
BIG_BAR_CHROME = round(LINE_EM * (BIG_TITLE + 3 * BIG_LABEL) + 2 * BIG_LABEL) + (
    TITLE_GAP + AXIS_CHROME + 2 * CHART_PADDING
)
STEP_MIN = 2  # px: narrowest column a chart squeezed into a phone screen may get

MAIN_CHART_KEY = "main_chart"  # the box around the chart that shows a page's point
MAIN_WIDTH = 820  # px: the main column at 1280 px with the sidebar open (a projector, measured)
COLUMN_GAP = 16  # px: Streamlit's gap between columns
HEAD_GRID_HEIGHT = 420  # px: the most a grid of every head takes down (e5's 12 layers: 35 each)
THUMB_GAP = 5  # px between two heads' thumbnails in a grid of every head
LABEL_ROOM = 110  # px: axis labels and legend beside a heatmap
BAR_WIDTH_FULL = MAIN_WIDTH - LABEL_ROOM  # px: a bar chart alone on its row fills the column
SPANS = {1: SPAN_FULL, 2: SPAN_HALF, 3: SPAN_THIRD, 4: SPAN_QUARTER}


def columns_for(n_columns: int, wanted: int, min_cell: int = CELL_MIN) -> int:
    """How many heatmaps of n columns fit side by side (at most `wanted`, at least 1)."""
    need = min(n_columns, MAX_DIMS) * min_cell + LABEL_ROOM
    fits = [c for c in range(1, wanted + 1) if need <= slot_width(c)]
    return max(fits, default=1)


def slot_width(across: int) -> int:
    """Width (px) of one of `across` columns side by side in the main column."""
    return (MAIN_WIDTH - (across - 1) * COLUMN_GAP) // across


def cell_size(
    n: int, span: int = SPAN_FULL, smallest: int = CELL_MIN, largest: int = CELL_MAX
) -> int:
    """Pixels per heatmap cell for an axis of n items: bigger for short sentences."""
    if n <= 0:
        return largest
    return int(max(smallest, min(largest, span // n)))


def srgb_luminance(color: str) -> float:
    """WCAG relative luminance of "#rrggbb"."""
    channels = [int(color[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast_ratio(a: str, b: str) -> float:
    """WCAG contrast ratio of two "#rrggbb" colours, 1 to 21."""
    hi, lo = sorted((srgb_luminance(a), srgb_luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def mix(color: str, opacity: float, under: str = BACKGROUND) -> str:
    """`color` drawn with `opacity` over `under`, as "#rrggbb"."""
    top = [int(color[i : i + 2], 16) for i in (1, 3, 5)]
    bottom = [int(under[i : i + 2], 16) for i in (1, 3, 5)]
    mixed = [round(opacity * a + (1 - opacity) * b) for a, b in zip(top, bottom, strict=True)]
    return "#" + "".join(f"{c:02x}" for c in mixed)


def scheme_color(scheme: str, t: float) -> str:
    """The colour at t in [0, 1] of a Vega scheme (piecewise linear in RGB, as Vega does)."""
    stops = SCHEME_STOPS[scheme]
    x = min(max(t, 0.0), 1.0) * (len(stops) - 1)
    i = min(int(x), len(stops) - 2)
    frac = x - i
    a, b = stops[i], stops[i + 1]
    return mix(b, frac, under=a)


def text_color(fill: str) -> str:
    """TEXT_DARK or TEXT_LIGHT, whichever contrasts more with `fill`."""
    dark, light = contrast_ratio(TEXT_DARK, fill), contrast_ratio(TEXT_LIGHT, fill)
    return TEXT_LIGHT if light > dark else TEXT_DARK


PHONE_CHART_WIDTH = 340  # px: a whole heatmap on a phone (390 px screen less the page margins)
NARROW_SCREEN = 640  # px: a screen this narrow or less is a phone's, whatever its browser says
PHONE_BAR_WIDTH = 220  # px: the bars of a bar chart on a phone (labels beside them)
# query–key map and head atlas
# Streamlit draws a page link's label on one line and cuts what does not fit: on a phone the
# home page lost the end of every page's description. Labels in the page itself wrap instead.
# Page links wrap; a chart's Download button holds its chevron (Streamlit 1.67 pulls a
# popover's chevron 5 px out of its button, so the button's text overflows it).
MAIN_CSS = """
<style>
[data-testid="stMain"] [data-testid="stPageLink"] p { white-space: normal; }
[data-testid="stMain"] [data-testid="stPopoverButton"] > div { margin-right: 0; }
</style>
"""
# A projector (1280×720, sidebar open): the menu of every page, one short line each, so the
# sentence box under it is in view without scrolling the sidebar; and less empty space above a
# page's title, so its main chart starts higher (the presenter's page sets its own margins).
# A Chinese title wraps between words, not inside one (课堂模式（教师）broke inside 教师).
PROJECTOR_CSS = f"""
<style>
[data-testid="stSidebarHeader"] {{ height: 2.25rem; margin-bottom: 0; }}
[data-testid="stSidebarNavItems"] {{ padding-top: 0; padding-bottom: 0.25rem; }}
[data-testid="stSidebarNavLink"] {{
  min-height: 0; height: auto; padding-top: 0; padding-bottom: 0; line-height: 1.6;
}}
[data-testid="stSidebarNavSeparator"] {{ margin-top: 0; margin-bottom: 0.25rem; }}
[data-testid="stSidebarUserContent"] {{ padding-top: 0.5rem; }}
[data-testid="stMain"] h1 {{ word-break: keep-all; overflow-wrap: anywhere; }}
@media (min-width: {NARROW_SCREEN + 1}px) {{
  [data-testid="stMainBlockContainer"] {{ padding-top: 2.5rem; }}
}}
</style>
"""
# A row of column headings over a table drawn with st.columns: hidden where columns stack (a
# phone), where the headings would be lines of bold text stacked above the first row.
COLUMN_HEAD_KEY = "column_head"
# On a narrow screen a chart wider than the screen (a wide matrix) scrolls sideways inside its
# own box instead of running past the right edge (only there: axe wants a scrolling box to be
# focusable, which a stylesheet cannot make it); segmented controls wrap instead of clipping.
# A page title is smaller there, so a Chinese title of a dozen characters keeps to one line (at
# Streamlit's size 1 · 输入如何进入注意力 broke inside 注意力) and an English one to two.
PHONE_TITLE_REM = 1.75
NARROW_CSS = f"""
<style>
@media (max-width: {NARROW_SCREEN}px) {{
  [data-testid="stMain"] [data-testid="stVegaLiteChart"] {{ max-width: 100%; overflow-x: auto; }}
  .st-key-{COLUMN_HEAD_KEY} {{ display: none; }}
  [data-testid="stMain"] h1 {{ font-size: {PHONE_TITLE_REM}rem; }}
}}
[data-testid="stMain"] [data-testid="stButtonGroup"] div:has(> button) {{ flex-wrap: wrap; }}
</style>
"""

# A class page (a phone, the projector, the console): no sidebar, no menu, no bar; only the
# class (our own constant stylesheet).
CLASS_ONLY_CSS = """
<style>
[data-testid="stSidebar"], [data-testid="stSidebarCollapsedControl"],
[data-testid="stExpandSidebarButton"], [data-testid="stHeader"] { display: none; }
[data-testid="stMainBlockContainer"] { padding-top: 1rem; }
</style>
"""
