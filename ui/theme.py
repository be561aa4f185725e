"""Colours, schemes and sizes: every chart takes its look from here."""

DIVERGING_SCHEME = "redblue"  # signed values: reversed so positive is red, negative blue, 0 white
DIVERGING_REVERSE = True
PROBABILITY_SCHEME = "blues"  # softmax weights on a fixed 0-1 scale
POSITIVE_COLOR = "#c0392b"  # bars and products above zero
NEGATIVE_COLOR = "#2e6fba"  # below zero
NEUTRAL_COLOR = "#7f8c8d"
HIGHLIGHT_COLOR = "#f1c40f"  # outline of the chosen word's row
DIMMED_OPACITY = 0.35  # other rows while one word is highlighted

CELL_MIN = 11  # px: smallest cell height, so that every word label stays readable
CELL_MIN_WIDTH = 4  # px: narrowest cell, for 48 dimensions in a narrow column
NUMBERS_MIN_CELL = 20  # px: cells smaller than this get no printed numbers (tooltips remain)
LABEL_MIN_CELL = 10  # px: below this, column labels are thinned out
CELL_MAX = 42  # px: largest heatmap cell (a few tokens)
CELL_MAX_BIG = 80  # px: largest cell in presenter mode, readable from the back of a room
SPAN_PRESENT = 720  # px: a presenter-mode heatmap side
FONT_MIN = 8  # px: numbers in cells
FONT_MAX = 20  # px
BIG_LABEL = 17  # px: axis labels and subtitles in presenter mode
BIG_TITLE = 24  # px: chart titles in presenter mode
SPAN_FULL = 560  # px: a heatmap side aims at about this size when it has the page to itself
SPAN_HALF = 330  # px: in one of two columns
SPAN_THIRD = 210  # px: in one of three columns
SPAN_QUARTER = 150  # px: in one of four columns
LEGEND_LENGTH = 120  # px: colour bar under a heatmap that shares its row with others
TEXT_DARK = "#1b1b1b"
TEXT_LIGHT = "#ffffff"
TEXT_FLIP = 0.55  # |value| / max above which cell text turns white
MAX_DIMS = 48  # widest vector drawn in full; a wider one (384 for MiniLM) shows its first 48
CONTEXT_CHARS = 70  # sentence characters quoted under each chart title
LABEL_LIMIT = 90  # px: longest axis label before it is cut with an ellipsis
BAR_WIDTH = 440  # px: bar charts
BAR_GROUP_STEP = 12  # px: one bar inside a group (before / after / target)
BAR_WIDTH_HALF = 290  # px: a bar chart in one of two columns
NUMBER_FORMAT = ".2f"  # numbers in cells
TOOLTIP_FORMAT = ".4f"  # numbers in tooltips


MAIN_WIDTH = 900  # px: the main column on a laptop screen with the sidebar open
LABEL_ROOM = 110  # px: axis labels and legend beside a heatmap
SPANS = {1: SPAN_FULL, 2: SPAN_HALF, 3: SPAN_THIRD, 4: SPAN_QUARTER}


def columns_for(n_columns: int, wanted: int, min_cell: int = CELL_MIN) -> int:
    """How many heatmaps of n columns fit side by side (at most `wanted`, at least 1)."""
    need = min(n_columns, MAX_DIMS) * min_cell + LABEL_ROOM
    fits = [c for c in range(1, wanted + 1) if need * c <= MAIN_WIDTH]
    return max(fits, default=1)


THUMB_SIZE = 56  # px: a head's thumbnail in the 6 x 12 grid
THUMB_STOPS = ("#f7fbff", "#c6dbef", "#6baed6", "#2171b5", "#08306b")  # 0 -> 1, like "blues"


def cell_size(
    n: int, span: int = SPAN_FULL, smallest: int = CELL_MIN, largest: int = CELL_MAX
) -> int:
    """Pixels per heatmap cell for an axis of n items: bigger for short sentences."""
    if n <= 0:
        return largest
    return int(max(smallest, min(largest, span // n)))


# query–key map and head atlas
QUERY_COLOR = "#d35400"  # queries on the query–key map
KEY_COLOR = "#2471a3"  # keys on the query–key map
QK_MAP_SIZE = 420  # px: side of the square query–key map (equal scales: distances stay true)
QK_MAP_SIZE_HALF = 320  # px: a map in one of two columns
QK_POINT_SIZE = 80  # px²: one query or key
QK_CHOSEN_SIZE = 320  # px²: the chosen query
QK_LINK_WIDTH = 2  # px: line from the chosen query to one of its top keys
QK_MARGIN = 1.15  # the map's axes reach this multiple of the farthest point
QK_LABEL_FONT = 11  # px: token names beside the points
BEHAVIOUR_COLORS = {  # head atlas: one colour per behaviour label (core.atlas), grey for mixed
    "previous": "#4e79a7",
    "next": "#59a14f",
    "self": "#f28e2b",
    "cls": "#b07aa1",
    "sep": "#9c755f",
    "same_word": "#e15759",
    "broad": "#76b7b2",
    "mixed": "#bab0ac",
}
ATLAS_CELL = 46  # px: one head in the atlas grid
ATLAS_MIN_OPACITY = 0.2  # a head of strength 0; strength 1 is fully opaque
