"""How often a model's head tells the article's story, form by form, in English and Chinese.

    python -m tools.measure_story [--model distilled|e5] [--count 200] [--seed 11]

On `count` held-out generated sentences of every form (core/sentence_forms.py, English;
core/chinese_forms.py, Chinese), reads the object's row over words (core/word_rows.py) and
counts the sentences where the verb outweighs every other word by MARGIN. Prints a Markdown
table, and the rates as a Python dict for the model's STORY_RATES.
"""

from __future__ import annotations

import argparse

from core.models import DistilledHead
from core.models.e5 import E5_STORY_HEAD, E5Head, load_e5
from core.story_rates import FORMS_BY_LANGUAGE, measure


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", choices=("distilled", "e5"), default="distilled")
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    if args.model == "distilled":
        model = DistilledHead.load()
    else:
        layer, head = E5_STORY_HEAD
        model = E5Head(load_e5(), layer, head)
    found = measure(model, args.count, args.seed)
    for lang, forms in FORMS_BY_LANGUAGE.items():
        print(f"\n| {lang} | " + " | ".join(forms) + " |")
        print("|---" * (len(forms) + 1) + "|")
        print("| rate | " + " | ".join(f"{found[(lang, f)]:.0%}" for f in forms) + " |")
    print("\n{" + ", ".join(f'("{k[0]}", "{k[1]}"): {v:.3f}' for k, v in found.items()) + "}")


if __name__ == "__main__":
    main()
