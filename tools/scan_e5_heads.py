"""Which of multilingual-e5-small's heads tell the article's story, in English and in Chinese.

    python -m tools.scan_e5_heads [--count 30] [--seed 1] [--held-out-seed 7] [--top 12]

Generates `count` sentences of every form in each language (core/sentence_forms.py,
core/chinese_forms.py) from the scan word pool, runs e5 on each, and measures, for every head
and every mean of two heads of one layer, on how many sentences of each form the object's row
over words (core/word_rows.py) puts the verb first by MARGIN. Picks the candidates whose worst
active form (both languages) is best, measures them again on the held-out pool (words never
scanned) with another seed, and prints both tables as Markdown (models/e5/README.md keeps them).
"""

from __future__ import annotations

import argparse
import itertools
import time

import numpy as np

from core import chinese_forms, sentence_forms
from core.causal_story import holds
from core.models.e5 import E5, load_e5
from core.word_rows import object_word_rows

Candidate = tuple[int, tuple[int, ...]]  # layer, heads whose mean is read
LANGUAGES = {"en": sentence_forms, "zh": chinese_forms}


def columns() -> list[tuple[str, str]]:
    return [(lang, form) for lang, module in LANGUAGES.items() for form in module.FORMS]


def is_active(lang: str, form: str) -> bool:
    return form in LANGUAGES[lang].ACTIVE_FORMS


def candidates(n_layers: int, n_heads: int) -> list[Candidate]:
    found: list[Candidate] = []
    for layer in range(n_layers):
        found += [(layer, (h,)) for h in range(n_heads)]
        found += [(layer, pair) for pair in itertools.combinations(range(n_heads), 2)]
    return found


def word_rows(model: E5, sentence: sentence_forms.FormSentence) -> np.ndarray:
    """[L, H, n_words] every head's object row over words."""
    run = model.run(sentence.text)
    n = run.weights.shape[-1]
    spans = [(0, 0), *model.tokenizer.spans(sentence.text)[: n - 2], (0, 0)]  # <s> ... </s>
    return object_word_rows(sentence, spans, run.weights)


def rates(
    model: E5, chosen: list[Candidate], count: int, seed: int, pool: str
) -> dict[tuple[str, str], np.ndarray]:
    """(language, form) -> [len(chosen)] the share of its sentences where each candidate holds."""
    found = {}
    for lang, form in columns():
        made = LANGUAGES[lang].sentences(form, count, seed=seed, pool=pool)
        passed = np.zeros(len(chosen))
        for s in made:
            rows = word_rows(model, s)  # [L, H, w]
            for i, (layer, heads) in enumerate(chosen):
                passed[i] += bool(holds(rows[layer, list(heads)].mean(axis=0), s.verb))
        found[(lang, form)] = passed / max(len(made), 1)
    return found


def table(title: str, chosen: list[Candidate], found: dict[tuple[str, str], np.ndarray]) -> str:
    cols = columns()
    head = "| " + title + " | " + " | ".join(f"{lang} {form}" for lang, form in cols)
    lines = [head + " | worst active |", "|---" * (len(cols) + 2) + "|"]
    for i, (layer, heads) in enumerate(chosen):
        cells = [f"{found[c][i]:.0%}" for c in cols]
        worst = min(found[c][i] for c in cols if is_active(*c))
        name = f"L{layer} H" + "+".join(map(str, heads))
        lines.append(f"| {name} | " + " | ".join(cells) + f" | {worst:.0%} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--held-out-seed", type=int, default=7)
    parser.add_argument("--top", type=int, default=12)
    args = parser.parse_args()
    model = load_e5()
    c = model.config
    every = candidates(c.n_layers, c.n_heads)
    began = time.perf_counter()
    scanned = rates(model, every, args.count, args.seed, "scan")
    print(f"scanned {len(every)} candidates in {time.perf_counter() - began:.0f} s\n")
    worst = np.min([scanned[col] for col in columns() if is_active(*col)], axis=0)
    mean = np.mean([scanned[col] for col in columns() if is_active(*col)], axis=0)
    order = np.lexsort((-mean, -worst))[: args.top]
    best = [every[i] for i in order]
    print(table("scan pool", best, {k: v[order] for k, v in scanned.items()}))
    print(f"\n({args.count} sentences a form, margin 1.2x)\n")
    held = rates(model, best, args.count, args.held_out_seed, "held_out")
    print(table("held-out pool", best, held))


if __name__ == "__main__":
    main()
