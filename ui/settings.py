"""The settings every page shares, as data: their keys, their URL parameters and one value.

A leaf: it imports core only, never Streamlit, so pages, ui/ and tests can all read it. A
page's own parameters live in its package (app_pages/<page>/__init__.py); the session and the
link are kept in step by ui/session.py.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from dataclasses import dataclass

from core.attention import MIN_TEMPERATURE, AttentionSettings
from core.learning.corpus import DEFAULT_PROBE, DEFAULT_PROBE_ZH, check_probe
from core.learning.task import TrainSettings
from core.models import ToyConfig
from core.models.e5 import E5_STORY_HEAD
from core.params import Param
from core.story import TEACHER_HEADS, TEACHER_LAYER

# The example sentence in each language: on the default model the last word's row weighs the
# verb above the subject above the adjective (tests/test_article_claims.py)
DEFAULT_TEXTS = {"en": "The black cat drank the milk", "zh": "黑猫喝了牛奶"}
DEFAULT_TEXT = DEFAULT_TEXTS["en"]
IN_CHINESE = "zh"  # the language of a Param's translated example
_TOY = ToyConfig()
_ATTENTION = AttentionSettings()
LEARN = TrainSettings()
# Which model makes the vectors. "distilled" (the default) is a small head that learned from
# MiniLM to link an object to its verb (how often it does, form by form: distilled.STORY_RATES);
# "toy" has random weights: the same module before learning, kept as the contrast.
MODELS = ("distilled", "toy", "pretrained", "trained")
DEFAULT_MODEL = MODELS[0]
# The real encoders of the pages that show every head (real model, atlas, change one word):
# all-MiniLM-L6-v2 reads English; multilingual-e5-small reads Chinese too, and opens in Chinese.
REAL_MODELS = ("minilm", "e5")


class K:
    """Keys of the shared settings. Each one is also the name of its URL parameter."""

    LANG = "lang"
    TEXT = "text"
    D_MODEL = "d_model"
    D_K = "d_k"
    SEED = "seed"
    PE = "pe"
    SCALE = "scale"
    SOFTMAX = "softmax"
    TEMP = "temp"
    NUMBERS = "numbers"
    MODEL = "src"  # which model makes the vectors: one of MODELS
    LAYER = "layer"  # pretrained layer
    HEAD = "head"  # pretrained head
    REAL = "real"  # the real encoder of the pages that show every head: one of REAL_MODELS
    E5_LAYER = "elayer"  # multilingual-e5-small's layer
    E5_HEAD = "ehead"  # multilingual-e5-small's head
    # several tokens at once, under the weights of several pages (ui/groups.py)
    GROUP_Q = "gq"  # the chosen query indices, "0,2"
    GROUP_K = "gk"  # the chosen key indices ("" = all keys)
    # the trained model: page 7 trains it, the sidebar's "Trained" source shows it everywhere
    LEARN_SEED = "lseed"  # training seed
    LEARN_STEPS = "lsteps"  # training steps
    LEARN_LR = "llr"  # learning rate
    LEARN_D_MODEL = "ldm"  # model width
    LEARN_D_K = "ldk"  # query/key width
    LEARN_SOFTMAX = "lsoft"  # train with softmax
    PROBE = "probe"  # the sentence whose attention is watched


# Groups of shared controls a page lists under "This page uses" (PageSpec.uses)
TOY_SHAPE = (K.D_MODEL, K.D_K, K.SEED, K.PE)  # what shapes the toy (random weights) only
TOY_MODEL = (K.TEXT, *TOY_SHAPE)  # the sentence and the toy model's shape
SWITCHES = (K.SCALE, K.SOFTMAX, K.TEMP)  # the attention switches
EVERY_CONTROL = (*TOY_MODEL, *SWITCHES, K.NUMBERS)


def params_of(*params: Param) -> dict[str, Param]:
    """Parameters by key."""
    return {p.key: p for p in params}


GLOBAL_PARAMS: dict[str, Param] = params_of(  # the sidebar's; every link carries them
    Param(K.LANG, "en", "choice", choices=("en", "zh")),
    Param(K.TEXT, DEFAULT_TEXT, "text", translated=((IN_CHINESE, DEFAULT_TEXTS["zh"]),)),
    Param(K.D_MODEL, _TOY.d_model, "int", 2, 64),
    Param(K.D_K, _TOY.d_k, "int", 1, 32),
    Param(K.SEED, _TOY.seed, "int", 0, 9999),
    Param(K.PE, _TOY.positional, "bool"),
    Param(K.SCALE, _ATTENTION.scale, "bool"),
    Param(K.SOFTMAX, _ATTENTION.use_softmax, "bool"),
    Param(K.TEMP, _ATTENTION.temperature, "float", MIN_TEMPERATURE, 5.0),
    Param(K.NUMBERS, True, "bool"),
    Param(K.MODEL, DEFAULT_MODEL, "choice", choices=MODELS),
    # MiniLM opens on the first head the default model learned from (core/story.py). A link
    # made when layer 0 was the default and naming only a head means layer 0 (session.py)
    Param(K.LAYER, TEACHER_LAYER, "int", 0, 5),
    Param(K.HEAD, TEACHER_HEADS[0], "int", 0, 11),
    Param(K.REAL, REAL_MODELS[0], "choice", choices=REAL_MODELS, translated=((IN_CHINESE, "e5"),)),
    # e5 opens on its story head: the object looks at its verb in both languages (core/models/e5)
    Param(K.E5_LAYER, E5_STORY_HEAD[0], "int", 0, 11),
    Param(K.E5_HEAD, E5_STORY_HEAD[1], "int", 0, 11),
)
GROUP_PARAMS: dict[str, Param] = params_of(  # a page that shows groups lists these as its own
    Param(K.GROUP_Q, "", "text"),
    Param(K.GROUP_K, "", "text"),
)
TRAIN_PARAMS: dict[str, Param] = params_of(  # page 7 lists these as its own
    Param(K.LEARN_SEED, LEARN.seed, "int", 0, 9999),
    Param(K.LEARN_STEPS, LEARN.steps, "int", 10, 2000),
    Param(K.LEARN_LR, LEARN.lr, "float", 0.001, 1.0),
    Param(K.LEARN_D_MODEL, LEARN.d_model, "int", 4, 64),
    Param(K.LEARN_D_K, LEARN.d_k, "int", 2, 32),
    Param(K.LEARN_SOFTMAX, LEARN.use_softmax, "bool"),
    Param(K.PROBE, DEFAULT_PROBE, "text", translated=((IN_CHINESE, DEFAULT_PROBE_ZH),)),
)
SHARED_PARAMS = GLOBAL_PARAMS | GROUP_PARAMS | TRAIN_PARAMS
INDEX_LISTS = (K.GROUP_Q, K.GROUP_K)  # "text" parameters that hold token numbers, not a text


@dataclass(frozen=True)
class Settings:
    """The shared settings as one value: the sentence, which model, its sizes, the switches,
    and the run behind the "Trained" source."""

    lang: str
    text: str
    toy: ToyConfig
    attention: AttentionSettings
    show_numbers: bool
    model: str = DEFAULT_MODEL  # one of MODELS
    layer: int = TEACHER_LAYER  # pretrained
    head: int = TEACHER_HEADS[0]  # pretrained
    real: str = REAL_MODELS[0]  # the pages that show every head: one of REAL_MODELS
    e5_layer: int = E5_STORY_HEAD[0]
    e5_head: int = E5_STORY_HEAD[1]
    learn: TrainSettings = LEARN  # page 7's training settings, as its controls hold them
    trained: TrainSettings = LEARN  # the "Trained" source's run: `learn`, on a probe that fits

    def replace(self, **changes: object) -> Settings:
        return dataclasses.replace(self, **changes)


def _train_key(values: Mapping[str, object]) -> tuple[int, bool, int, float, int, int, str]:
    return (
        int(values[K.LEARN_SEED]),
        bool(values[K.LEARN_SOFTMAX]),
        int(values[K.LEARN_STEPS]),
        float(values[K.LEARN_LR]),
        int(values[K.LEARN_D_MODEL]),
        int(values[K.LEARN_D_K]),
        str(values[K.PROBE]),
    )


@functools.lru_cache(maxsize=256)  # read on every chart drawn: the probe is checked once
def _train_settings(
    seed: int, use_softmax: bool, steps: int, lr: float, d_model: int, d_k: int, probe: str
) -> tuple[TrainSettings, TrainSettings]:
    """Page 7's settings (d_model made even: sinusoidal positions come in pairs; a probe that
    fits the corpus written as its tokens, so "The black cat drank the milk." and its lower
    case are one run), and the run behind the "Trained" source: the same, with the default
    probe when page 7's probe does not fit the corpus."""
    check = check_probe(probe)
    learn = TrainSettings(
        seed=seed,
        use_softmax=use_softmax,
        steps=steps,
        lr=lr,
        d_model=max(2, d_model // 2 * 2),
        d_k=d_k,
        probe=" ".join(check.tokens) if check.ok else probe,
    )
    trained = learn if check.ok else dataclasses.replace(learn, probe=DEFAULT_PROBE)
    return learn, trained


def settings_from(values: Mapping[str, object]) -> Settings:
    """The Settings value of a mapping holding every key of SHARED_PARAMS."""
    learn, trained = _train_settings(*_train_key(values))
    model = str(values[K.MODEL])
    return Settings(
        lang=str(values[K.LANG]),
        text=str(values[K.TEXT]),
        toy=ToyConfig(
            d_model=int(values[K.D_MODEL]),
            d_k=int(values[K.D_K]),
            seed=int(values[K.SEED]),
            positional=bool(values[K.PE]),
        ),
        attention=AttentionSettings(
            scale=bool(values[K.SCALE]),
            use_softmax=bool(values[K.SOFTMAX]),
            temperature=float(values[K.TEMP]),
        ),
        show_numbers=bool(values[K.NUMBERS]),
        model=model if model in MODELS else DEFAULT_MODEL,
        layer=int(values[K.LAYER]),
        head=int(values[K.HEAD]),
        real=str(values[K.REAL]) if values[K.REAL] in REAL_MODELS else REAL_MODELS[0],
        e5_layer=int(values[K.E5_LAYER]),
        e5_head=int(values[K.E5_HEAD]),
        learn=learn,
        trained=trained,
    )


def flipped(s: Settings, setting: str) -> Settings:
    """The same settings with one thing changed: a switch turned over, the next seed, or the
    weights: learned (the distilled head, or MiniLM, or page 7's) against random (the toy)."""
    a, toy = s.attention, s.toy
    if setting == "softmax":
        return s.replace(attention=a.replace(use_softmax=not a.use_softmax))
    if setting == "scale":
        return s.replace(attention=a.replace(scale=not a.scale))
    if setting == "pe":
        return s.replace(toy=dataclasses.replace(toy, positional=not toy.positional))
    if setting == "seed":
        return s.replace(toy=dataclasses.replace(toy, seed=(toy.seed + 1) % 10_000))
    if setting == "source":
        return s.replace(model=DEFAULT_MODEL if s.model == "toy" else "toy")
    raise ValueError(f"unknown setting to flip: {setting!r}")
