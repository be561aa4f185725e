"""The models, each a `Model` (core/encoding.py) for `pipeline`, one module each.

DistilledHead (distilled.py): the pages' default, a 16-wide head trained to attend like two
    MiniLM heads (tools/distill_head.py), with learned positions.
ToyModel (toy.py): word vectors and W_Q, W_K, W_V drawn from a seed, with sinusoidal positions.
MiniLMHead (minilm.py): one head of the pretrained all-MiniLM-L6-v2; x is the input of its layer.
TrainedHead (trained.py): the one-head model page 7 trains (or the same model before training).
SmolLM2Head (smollm2.py): one head of SmolLM2-135M, a real generative model that reads left to
    right and predicts the next token; Q and K are turned by rotary positions.
E5Head (e5.py): one head of multilingual-e5-small, a 12-layer MiniLM that reads Chinese too.

Each module says what kind of model it is in its FAMILY (core/encoding.Family); FAMILIES is the
registry the pages read: a new model is a new module and one line below.
"""

from core.encoding import Family, ModelRef
from core.models import distilled, e5, minilm, smollm2, toy, trained
from core.models.distilled import DISTILLED_FILE, DistilledHead
from core.models.minilm import MiniLMHead
from core.models.toy import ToyConfig, ToyModel, toy_projection
from core.models.trained import TrainedHead

FAMILIES: dict[str, Family] = {
    m.FAMILY.kind: m.FAMILY for m in (toy, distilled, minilm, e5, trained, smollm2)
}


def family(ref: ModelRef) -> Family:
    """What kind of model made a pipeline: `family(p.model).random_weights`, ..."""
    return FAMILIES[ref.kind]


__all__ = [
    "DISTILLED_FILE",
    "FAMILIES",
    "DistilledHead",
    "MiniLMHead",
    "ToyConfig",
    "ToyModel",
    "TrainedHead",
    "family",
    "toy_projection",
]
