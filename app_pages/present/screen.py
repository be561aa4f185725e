"""The screen presenter mode is laid out for: a 1280 x 720 projector, without scrolling."""

SPAN_PRESENT = 720  # px: a presenter-mode heatmap side
PRESENT_CELL_MIN = 64  # px: a cell wide enough for "-0.83" at FONT_MIN_BIG (wide matrices)
PRESENT_SCREEN = (1280, 720)  # px: the smallest screen (a projector) presenter mode must fit
PRESENT_PAD = 24  # px: page margin left and right in presenter mode
PRESENT_GAP = 16  # px: between charts side by side in presenter mode
PRESENT_HEADER = 225  # px: presenter mode's title row, step strip and explanation
PRESENT_TRAIN_ROW = 90  # px: the training step's Train button and progress line, above its chart
PRESENT_SENTENCE_ROW = 90  # px: the own-sentences step's sentence box, above its chart
