"""What a page is, as data: each page package under app_pages/ defines one `PageSpec`, and
app_pages/__init__.py lists them in menu order for the router, the home page and the tests."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from core.params import Param
from ui.predict import Question

Texts = Mapping[str, Mapping[str, str]]  # key -> {"en": ..., "zh": ...}


@dataclass(frozen=True, eq=False)
class PageSpec:
    script: str | Callable[[], None]  # the page's page.py, or a function (benchmarks)
    label_key: str  # menu label and title, through the translation table
    url_path: str  # fixed, so links do not change with the UI language
    params: Mapping[str, Param] = field(default_factory=dict)  # the page's own URL parameters
    uses: tuple[str, ...] = ()  # the sidebar controls this page listens to ("This page uses")
    heads: bool = False  # the page always shows a model of its own: no source in the sidebar
    # a real encoder, all-MiniLM-L6-v2 or multilingual-e5-small, is the reader's choice there
    real_models: bool = False
    own_head_pickers: bool = False  # layer and head drawn by the page, beside its head grid
    # the text key of the caption under the sidebar's sentence on a page that reads it its own
    # way ("": the caption of the model the sidebar names)
    sentence_help: str = ""
    chrome: bool = True  # False: the sidebar starts folded away (presenter mode)
    # False: no sidebar at all (class mode: none of its controls changes a class; the page
    # draws its own language switch, ui/controls.language_switch)
    sidebar: bool = True
    exports: bool = True  # the page draws matrices: offer them as JSON and the page as HTML
    texts: Texts = field(default_factory=dict)  # the page's own texts, en and zh
    questions: tuple[Question, ...] = ()  # predict, then reveal: asked under the page's intro
    # a concept page: its main chart (figures.show(..., main=True)) is on a 1280×720 projector's
    # first screen and large, the page at most three screens (tests/browser/projector.py)
    projector: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", MappingProxyType(dict(self.params)))
