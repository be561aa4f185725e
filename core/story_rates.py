"""How often a model tells the article's story, form by form, on generated sentences.

A sentence of a known form (core/sentence_forms.py in English, core/chinese_forms.py in
Chinese) says which word is its verb and which its object; a model's weights over its own
tokens are read over those words (core/word_rows.py), and the story holds when the object's row
puts the verb above every other word by MARGIN. `measure` gives the share of sentences where it
holds, for every form of both languages.
"""

from __future__ import annotations

from core import chinese_forms, sentence_forms
from core.causal_story import holds
from core.encoding import Model
from core.pipeline import pipeline
from core.sentence_forms import FormSentence
from core.word_rows import object_word_rows, token_spans

FORMS_BY_LANGUAGE = {"en": sentence_forms.FORMS, "zh": chinese_forms.FORMS}
PASSIVES = {("en", f) for f in sentence_forms.PASSIVE_FORMS} | {
    ("zh", f) for f in chinese_forms.PASSIVE_FORMS
}
GENERATORS = {"en": sentence_forms.sentences, "zh": chinese_forms.sentences}


def holds_on(model: Model, sentence: FormSentence) -> bool:
    """Whether the model's object row over words puts the verb first by MARGIN."""
    p = pipeline(model, sentence.text)
    spans = token_spans(sentence.text, p.tokens)
    row = object_word_rows(sentence, spans, p.attention.weights)  # [n_words]
    return bool(holds(row, sentence.verb))


def measure(
    model: Model, count: int, seed: int, pool: str = "held_out"
) -> dict[tuple[str, str], float]:
    """(language, form) -> the share of `count` generated sentences where the story holds."""
    found = {}
    for lang, forms in FORMS_BY_LANGUAGE.items():
        for form in forms:
            made = GENERATORS[lang](form, count, seed=seed, pool=pool)
            found[(lang, form)] = sum(holds_on(model, s) for s in made) / max(len(made), 1)
    return found
