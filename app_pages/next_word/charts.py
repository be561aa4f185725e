"""The next-word page's sizes and colours: the candidates' bars, every head of SmolLM2 as a grid."""

from __future__ import annotations

# The ten candidates: bars as tall as fit this height (px, title to value axis), labels at
# presenter size (theme.BIG_LABEL), so the chart reads from the back of a room and, under the
# prompt, stays on a 1280×720 projector's first screen.
CANDIDATES_HEIGHT = 400
PICKERS_WIDTH = 360  # px: layer and head side by side above the head's weights
# The atlas of 270 heads: on a projector 30 layers across and 9 heads down, so the whole grid
# fits the first screen when its box is opened; on a phone turned, 9 heads across.
THUMB_SIZE = 19  # px: one head's thumbnail, layers across
THUMB_SIZE_PHONE = 27  # px: layers down, 9 heads across 390 px
THUMB_CELLS = 32  # a thumbnail's cells a side at most (a longer prompt's blocks are averaged)
FUTURE_RGB = (255, 255, 255)  # a thumbnail's cells above the diagonal: the masked future
