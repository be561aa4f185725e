"""The real model's head grid: its thumbnails' sizes (ui/charts.head_image_grid draws it, in
ui/thumbs.WEIGHT_STOPS)."""

THUMB_SIZE = 56  # px: a head's thumbnail in MiniLM's 6 x 12 grid (e5's 12 layers: flatter)
HEAD_PICKERS_WIDTH = 360  # px: layer and head side by side above the real model's grid
THUMB_SIZE_PHONE = 20  # px: a head's thumbnail on a phone, so 12 heads fit across
