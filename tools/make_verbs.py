"""Write models/chinese/verbs.txt: English verbs in base form, for core/verb_object.py.

    python -m tools.make_verbs

The English glosses (models/chinese/words.tsv, from CC-CEDICT) of the Chinese words jieba's own
dictionary tags as verbs (喝 drink, 买 buy): 2,863 words, some of them nouns too, which the cues
around a word sort out. Written once, so that the app never loads jieba's tagger;
tests/test_story_rates.py checks the file is what this makes.
"""

from __future__ import annotations

import jieba
import jieba.posseg

from core.chinese import WORDS_FILE, read_table
from core.verb_object import VERBS_FILE

HEADER = "# English verbs: glosses of the words jieba tags as verbs (python -m tools.make_verbs)"


def verbs() -> list[str]:
    jieba.setLogLevel(60)
    tags = jieba.posseg.POSTokenizer(jieba.Tokenizer()).word_tag_tab
    glossed = read_table(WORDS_FILE).items()
    return sorted({g for w, g in glossed if tags.get(w, "").startswith("v") and g.isalpha()})


def main() -> None:
    found = verbs()
    VERBS_FILE.write_text("\n".join([HEADER, *found]) + "\n", encoding="utf-8")
    print(f"wrote {len(found)} verbs to {VERBS_FILE}")


if __name__ == "__main__":
    main()
