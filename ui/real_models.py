"""The real encoders of the pages that show every head (the real model, the head atlas, change
one word): all-MiniLM-L6-v2, which reads English, and multilingual-e5-small, which reads Chinese
as well (core/models/e5.py). The reader picks one in the sidebar; it is in the link (K.REAL), each
keeps its own layer and head, and a reader of Chinese opens on e5.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.models import e5_files
from core.pipeline import Pipeline
from core.pretrained import MiniLM, MiniLMResult
from core.word_rows import WordView
from ui import compute, figures, model_files
from ui.figures import Figure
from ui.i18n import t
from ui.settings import REAL_MODELS, K, Settings

FETCH = "real_model_fetch"  # the button that makes e5's file where it is missing


@dataclass(frozen=True)
class RealModel:
    """One real encoder as the pages see it."""

    name: str  # its value in K.REAL
    kind: str  # its model kind in ui/compute
    keys: tuple[str, str]  # its layer and head settings
    title: str  # its name on screen and in a file

    def head(self, s: Settings) -> tuple[int, int]:
        """The (layer, head) the reader has open on this model."""
        return (s.e5_layer, s.e5_head) if self.name == "e5" else (s.layer, s.head)

    def run(self, text: str) -> MiniLMResult:
        """Every layer and head on `text` (one cached forward pass per sentence)."""
        return compute.e5_run(text) if self.name == "e5" else compute.minilm_run(text)

    def model(self) -> MiniLM:
        """Its weights, read once per process (e5's is a MiniLM too: core/models/e5.py)."""
        return compute.e5() if self.name == "e5" else compute.minilm()

    def shape(self) -> tuple[int, int]:
        """(layers, heads a layer)."""
        config = self.model().config
        return config.n_layers, config.n_heads

    def frame(self) -> tuple[str, str]:
        """The tokens it puts first and last: ("[CLS]", "[SEP]") or ("<s>", "</s>")."""
        return ("<s>", "</s>") if self.name == "e5" else ("[CLS]", "[SEP]")


MINILM = RealModel("minilm", "pretrained", (K.LAYER, K.HEAD), "all-MiniLM-L6-v2")
E5 = RealModel("e5", "e5", (K.E5_LAYER, K.E5_HEAD), "multilingual-e5-small")
BY_NAME = {m.name: m for m in (MINILM, E5)}
assert tuple(BY_NAME) == REAL_MODELS


def word_figures(p: Pipeline, view: WordView, **fit: Any) -> tuple[Figure, Figure]:
    """A real model's head as it is (its pieces, with its start and end tokens) beside the
    same over the sentence's words (core/word_rows.word_view of the same weights)."""
    raw = figures.word_map(
        p.attention.weights, figures.weights_title(p), p, probabilities=True, **fit
    )
    over_words = figures.words_by_words(
        view.weights,
        view.words,
        view.words,
        t("words_view_title"),
        [*figures.context(p)[:1], t("words_view_ctx", model=figures.model_name(p.model))],
        figures.file_tag(p.model) + "-words",
        probabilities=True,
        **fit,
    )
    return raw, over_words


def shown(s: Settings) -> RealModel:
    """The model the sidebar's switch chose, its file made first where it is missing (the page
    stops until it is)."""
    model = BY_NAME[s.real]
    if model is E5 and not compute.e5_ready():
        model_files.make_when_asked(
            E5.title, lambda progress: e5_files.prepare(e5_files.CACHE_DIR, progress), FETCH
        )
    return model
