"""Which of SmolLM2's 270 heads tell the article's story: the object looking back at its verb.

    python -m tools.scan_smollm2_heads [--count 40] [--seed 1] [--held-out-seed 7]
    python -m tools.scan_smollm2_heads --measure 10,1 --count 200 --held-out-seed 11

Generates `count` sentences of every form (core/sentence_forms.py) from the scan word pool,
runs SmolLM2 on each, and measures, for every head and every mean of two or three heads of one
layer, on how many sentences of each form the object's row puts the verb first by MARGIN
(core/causal_story.py; the start token counted apart as the sink). It picks the candidate whose
worst active form is best, then measures it again on the held-out pool (words never scanned)
with another seed, and prints both tables as Markdown (models/smollm2/README.md keeps them).
"""

from __future__ import annotations

import argparse
import itertools
import time

import numpy as np

from core.causal_story import MARGIN, holds, object_rows
from core.models.smollm2 import SmolLM2
from core.models.smollm2_files import prepare
from core.sentence_forms import ACTIVE_FORMS, FORMS, sentences

Candidate = tuple[int, tuple[int, ...]]  # layer, heads whose mean is read


def candidates(n_layers: int, n_heads: int, largest: int) -> list[Candidate]:
    """Every head, and every mean of 2..largest heads of one layer."""
    found: list[Candidate] = []
    for layer in range(n_layers):
        for size in range(1, largest + 1):
            found += [(layer, heads) for heads in itertools.combinations(range(n_heads), size)]
    return found


def rates(
    model: SmolLM2, chosen: list[Candidate], count: int, seed: int, pool: str
) -> dict[str, np.ndarray]:
    """form -> [len(chosen)] the share of its sentences on which each candidate holds."""
    deepest = max(layer for layer, _ in chosen) + 1
    found: dict[str, np.ndarray] = {}
    for form in FORMS:
        hits = np.zeros(len(chosen))
        made = sentences(form, count, seed, pool)
        for sentence in made:
            result = model.run(sentence.text, layers=deepest)
            rows = object_rows(sentence, result.pieces, result.weights)
            for i, (layer, heads) in enumerate(chosen):
                mean = rows.words[layer, list(heads)].mean(axis=0)  # [n_words]
                hits[i] += bool(holds(mean, sentence.verb))
        found[form] = hits / len(made)
    return found


def table(name: str, chosen: list[Candidate], found: dict[str, np.ndarray], count: int) -> str:
    lines = [f"| {name} | " + " | ".join(FORMS) + " | worst active |"]
    lines.append("|---" * (len(FORMS) + 2) + "|")
    for i, (layer, heads) in enumerate(chosen):
        cells = [f"{found[form][i]:.0%}" for form in FORMS]
        worst = min(found[form][i] for form in ACTIVE_FORMS)
        label = f"L{layer} H{'+'.join(map(str, heads))}"
        lines.append(f"| {label} | " + " | ".join(cells) + f" | {worst:.0%} |")
    return "\n".join(lines) + f"\n\n({count} sentences a form, margin {MARGIN}×)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--held-out-seed", type=int, default=7)
    parser.add_argument("--largest", type=int, default=3, help="most heads in one mean")
    parser.add_argument("--top", type=int, default=8)
    parser.add_argument("--measure", help="LAYER,HEAD: only this head, on the held-out pool")
    args = parser.parse_args()
    model = SmolLM2.load(prepare())
    if args.measure:
        layer, head = (int(part) for part in args.measure.split(","))
        held = rates(model, [(layer, (head,))], args.count, args.held_out_seed, "held_out")
        print(table("held-out pool", [(layer, (head,))], held, args.count))
        print("\nSTORY_RATES = {" + ", ".join(f'"{f}": {held[f][0]:.3f}' for f in FORMS) + "}")
        return
    start = time.time()
    chosen = candidates(model.config.n_layers, model.config.n_heads, args.largest)
    per_form: dict[str, np.ndarray] = {form: np.zeros(len(chosen)) for form in FORMS}
    for form in FORMS:
        made = sentences(form, args.count, args.seed, "scan")
        for sentence in made:
            result = model.run(sentence.text)
            rows = object_rows(sentence, result.pieces, result.weights)
            for i, (layer, heads) in enumerate(chosen):
                mean = rows.words[layer, list(heads)].mean(axis=0)
                per_form[form][i] += bool(holds(mean, sentence.verb)) / len(made)
    worst = np.min([per_form[f] for f in ACTIVE_FORMS], axis=0)  # [candidates]
    single = np.array([len(heads) == 1 for _, heads in chosen])
    order = np.lexsort((~single, -worst))[: args.top]  # best worst form; a single head first
    best = [chosen[i] for i in order]
    print(f"scanned {len(chosen)} candidates in {time.time() - start:.0f} s\n")
    print(table("scan pool", best, {f: per_form[f][order] for f in FORMS}, args.count))
    held = rates(model, best, args.count, args.held_out_seed, "held_out")
    print()
    print(table("held-out pool", best, held, args.count))


if __name__ == "__main__":
    main()
