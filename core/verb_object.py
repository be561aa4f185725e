"""Finding a typed sentence's verb and its object, in English and Chinese, or saying we cannot.

To say whether a user's own sentence shows the article's story (its object looks most at its
verb), the app must know which word is the verb and which its object. It has no parser, so it
reads plain cues and gives up rather than guess:

English: a verb is a word followed by a noun phrase that starts with a determiner, a number, a
    possessive or a quantifier ("painted | the old fence", "paint | two fences"), or a known verb
    form (an irregular past, or -ed / -s / -ing of a verb the dictionary knows) followed by a
    bare noun phrase ("drank | milk"). The object is the noun phrase's last word before a
    preposition, a conjunction, a time word, punctuation or the end. A passive ("was painted",
    a past form after a form of "be") is read the other way: the object is the noun before
    "was". Of several verb-object pairs, the last is taken (the main clause mostly ends a
    sentence: "The man who saw the dog bought the milk").
Chinese: the app's own split into words (core/chinese.py). 把 X V: X is the object, V the verb
    after it. X 被 Y V: X is the object. Otherwise the verb is the word before 了, 着 or 过, else
    the word after a cue (正在, 要, 没有, 不 ...), else the last word whose English gloss is a
    verb; its object the last word of its clause. A number or 那/这 with its measure word is cut
    from the object (一封信 -> 一封 | 信).

`find` returns a FormSentence (words, their spans, verb, object) or None. tests/test_verb_object.py
measures it on held-out generated sentences of every form: it finds the right pair on most,
and says "cannot" far more often than it names a wrong word.
"""

from __future__ import annotations

import functools
import re

from core.chinese import TABLES, chinese_words, glosses
from core.sentence_forms import FormSentence
from core.wordpiece import is_cjk

DETERMINERS = frozenset(
    "the a an this these those my your his her its our their every each some many several "
    "two three four five six seven eight nine ten all no any another both".split()
)
AUXILIARIES = frozenset(
    "do does did will would can could shall should may might must is are was were be been am "
    "has have had not never n't cannot don't doesn't didn't won't can't isn't wasn't please to "
    "also just still always often really quickly slowly".split()
)
STOPS = frozenset(
    "in on at with to for from by of into onto over under about after before during through "
    "and but or because while when if than so then that which who whom whose where as".split()
)
AFTER_OBJECT = frozenset(  # words that end an object's noun phrase: time and place after it
    "yesterday today tonight tomorrow again now here there ago later soon together too "
    "away home back first next last earlier".split()
)
TIME_NOUNS = frozenset(
    "day week month year morning afternoon evening night time weekend summer winter spring "
    "autumn hour minute moment".split()
)  # "every day", "this morning": a time phrase, not an object
PRONOUNS = frozenset("i you he she it we they me him us them".split())
BE = frozenset("is are was were be been am being".split())
IRREGULAR = {  # past and participle -> base, of everyday irregular verbs
    "drank": "drink", "drunk": "drink", "ate": "eat", "eaten": "eat", "saw": "see",
    "seen": "see", "took": "take", "taken": "take", "gave": "give", "given": "give",
    "made": "make", "wrote": "write", "written": "write", "read": "read", "bought": "buy",
    "brought": "bring", "caught": "catch", "threw": "throw", "thrown": "throw", "grown": "grow",
    "known": "know", "shown": "show", "flown": "fly", "blown": "blow", "found": "find",
    "held": "hold", "kept": "keep", "left": "leave", "lost": "lose", "met": "meet", "paid": "pay",
    "sold": "sell", "sent": "send", "sang": "sing", "sung": "sing", "told": "tell",
    "thought": "think", "won": "win", "wore": "wear", "worn": "wear", "broke": "break",
    "broken": "break", "built": "build", "chose": "choose", "chosen": "choose", "drew": "draw",
    "drawn": "draw", "drove": "drive", "driven": "drive", "fed": "feed", "forgot": "forget",
    "got": "get", "had": "have", "heard": "hear", "hit": "hit", "knew": "know", "led": "lead",
    "lent": "lend", "ran": "run", "rode": "ride", "shot": "shoot", "shut": "shut",
    "spent": "spend", "stole": "steal", "stolen": "steal", "swept": "sweep", "taught": "teach",
    "tore": "tear", "understood": "understand", "woke": "wake", "wove": "weave",
    "did": "do", "done": "do", "began": "begin", "bit": "bite", "blew": "blow", "dug": "dig",
    "fought": "fight", "flew": "fly", "froze": "freeze", "grew": "grow", "hid": "hide",
    "hung": "hang", "lit": "light", "put": "put", "rang": "ring", "set": "set", "shook": "shake",
    "spoke": "speak", "stuck": "stick", "struck": "strike", "swam": "swim",
    "wrung": "wring", "cut": "cut", "let": "let", "cost": "cost", "hurt": "hurt",
}  # fmt: skip
VERBS_FILE = TABLES / "verbs.txt"
WORD = re.compile(r"[^\s]+")
EDGE = ".,!?;:\"'()[]“”‘’«»…"
ZH_END = frozenset("，。？！；：、,.?!;:")
ZH_PARTICLES = frozenset({"了", "着", "过", "吗", "呢", "吧", "啊", "的", "地", "得"})
ZH_NOT_VERBS = frozenset(
    {"是", "有", "没", "没有", "不", "要", "会", "想", "能", "可以", "应该", "在", "正在", "把",
     "被", "给", "让", "叫", "很", "太", "非常", "真", "都", "也", "还", "就", "才", "又", "再",
     "最", "更"}
)  # fmt: skip
ZH_ASPECT = frozenset({"了", "着", "过"})  # after a verb: 喝了
ZH_VERB_CUES = frozenset(
    {"正在", "要", "会", "想", "没", "没有", "不", "能", "可以", "别", "请", "在", "已经"}
)  # before a verb: 正在喝 (在 + a place is read so only where no 了 marks a verb)
ZH_COMPLEMENTS = frozenset("完好到见掉走开上下成住懂错光满")  # a verb's result: 写完, 看见
ZH_NUMBERS = frozenset("一两二三四五六七八九十几那这每")
ZH_MEASURE_WORDS = frozenset(
    "个只本张辆封顿斤杯件条位把双台匹座朵篇份块碗盘瓶束顶筐棵盆片亩锅壶段部笔支扇"
)
ZH_MEASURE = re.compile(f"^[{''.join(sorted(ZH_NUMBERS))}][{''.join(sorted(ZH_MEASURE_WORDS))}]")


@functools.cache
def known_verbs() -> frozenset[str]:
    """English verbs in base form: models/chinese/verbs.txt (the English glosses of the Chinese
    words jieba's dictionary tags as verbs, 喝 drink, 买 buy: 2,863 words, some of them nouns
    too, which the cues around a word sort out; tools/make_verbs.py), and the irregular verbs
    above."""
    lines = VERBS_FILE.read_text(encoding="utf-8").splitlines()
    return frozenset({w for w in lines if w and not w.startswith("#")} | set(IRREGULAR.values()))


def base_of(word: str) -> str | None:
    """The known verb a word is a form of (drank -> drink, painted -> paint), or None."""
    verbs = known_verbs()
    if word in IRREGULAR:
        return IRREGULAR[word]
    if word in verbs:
        return word
    for ending, undo in (("ied", "y"), ("ies", "y"), ("ed", ""), ("ed", "e"), ("es", ""),
                         ("s", ""), ("ing", ""), ("ing", "e")):  # fmt: skip
        if word.endswith(ending) and (stem := word[: -len(ending)] + undo) in verbs:
            return stem
        if ending in ("ed", "ing") and word.endswith(ending) and len(word) > len(ending) + 2:
            stem = word[: -len(ending)]
            if stem[-1] == stem[-2] and stem[:-1] in verbs:  # stopped, running
                return stem[:-1]
    return None


def is_past(word: str) -> bool:
    """A verb's past by its form (drank, painted): where a noun phrase ends in "the dog bought"."""
    return word in IRREGULAR or (word.endswith("ed") and base_of(word) is not None)


def _english(text: str) -> FormSentence | None:
    found = split(text)
    if len(found) < 2:
        return None
    words = tuple(w for w, _, _ in found)
    spans = tuple((s, e) for _, s, e in found)
    bare = [w.strip(EDGE).lower().replace("’", "'") for w in words]
    ends_phrase = [w != w.rstrip(",.!?;:") or not b for w, b in zip(words, bare, strict=True)]

    def opens_at(i: int) -> bool:
        """A noun phrase starts at word i ("the", "two"), not a time phrase ("every day")."""
        if i >= len(bare) or bare[i] not in DETERMINERS:
            return False
        return not (i + 1 < len(bare) and bare[i + 1].rstrip("s") in TIME_NOUNS)

    pairs: list[tuple[int, int]] = []
    covered = 0  # words up to here belong to a verb-object pair already found
    for v, word in enumerate(bare):
        if v == len(bare) - 1 or ends_phrase[v] or not word:
            continue
        if word in DETERMINERS | AUXILIARIES | STOPS | PRONOUNS or word.endswith("'s"):
            continue
        if v > 0 and bare[v - 1] in DETERMINERS:  # "the milk": a noun
            continue
        if v < covered:  # inside the noun phrase of a verb before it: "reads books | every day"
            continue
        nxt = bare[v + 1]
        after = bare[v + 2] if v + 2 < len(bare) else ""
        that_clause = nxt == "that" and (after in DETERMINERS | PRONOUNS or not after)
        opens = (opens_at(v + 1) or nxt.endswith("'s") or nxt.isdigit() or nxt == "that") and (
            not that_clause
        )
        if not opens and opens_at(v + 2):
            continue  # "the brave mothers | lose the wallets": the next word is the verb
        if not opens and base_of(word) is None:
            continue
        if v > 0 and bare[v - 1] in BE and is_past(word):
            continue  # a passive ("was stolen"): read below
        end = v + 1
        while opens and end < len(bare) and bare[end] in DETERMINERS | {"that"}:
            end += 1  # past the determiners: "all the", "those two"
        noun_phrase = end  # its first word after the determiners
        while end < len(bare) and bare[end] not in STOPS | AUXILIARIES and not is_past(bare[end]):
            if end > v + 1 and (
                bare[end] in DETERMINERS | AFTER_OBJECT or bare[end].endswith("ly")
            ):
                break  # "read a story | this morning", "packed a box | proudly"
            if ends_phrase[end]:
                end += 1
                break
            if opens_at(end + 1):  # another noun phrase follows
                if end == noun_phrase:  # "asked the teacher | a question"
                    end += 1
                break  # "looked sad | taste a cake": this word is a verb with its own object
            end += 1
        object_ = end - 1
        if object_ <= v or bare[object_] in DETERMINERS | PRONOUNS | AUXILIARIES:
            continue
        if not opens and object_ - v > 3:  # a bare noun phrase is short
            continue
        pairs.append((v, object_))
        covered = object_ + 1
    for b, word in enumerate(bare):  # The fence was painted (by the farmer).
        if word in BE and 0 < b < len(bare) - 1 and is_past(bare[b + 1]):
            noun = b - 1
            while noun > 0 and bare[noun] in AUXILIARIES:  # "will be painted"
                noun -= 1
            if bare[noun] not in DETERMINERS | PRONOUNS | AUXILIARIES | STOPS:
                pairs.append((b + 1, noun))
    if not pairs:
        return None
    verb, object_ = max(pairs)
    return FormSentence(text, words, spans, verb, object_, "typed")


def _chinese_words(text: str) -> list[tuple[str, int, int]]:
    """The text's words with their spans: the app's own split of each run of Chinese
    (core/chinese.py), 把 and 被 cut off a word jieba glued them to (花被 -> 花 | 被), and a
    number or 那/这 with its measure word cut off a noun (一封信 -> 一封 | 信)."""
    found: list[tuple[str, int, int]] = []
    at = 0
    for match in re.finditer(r"[\u3400-\u9fff]+|[A-Za-z0-9]+|[^\s]", text):
        run = match.group()
        words = chinese_words(run) if is_cjk(run[0]) else [run]
        for word in words:
            parts = [word]
            after_number = bool(found) and found[-1][0] in ZH_NUMBERS
            if after_number and len(word) > 1 and word[0] in ZH_MEASURE_WORDS:
                parts = [word[0], word[1:]]  # 一 | 盆花 -> 一 | 盆 | 花
            elif ZH_MEASURE.fullmatch(word) or (after_number and word in ZH_MEASURE_WORDS):
                parts = [word]  # 一把, 那把: a measure word, not 把
            elif len(word) > 1 and word[-1] in "把被":
                parts = [word[:-1], word[-1]]
            elif len(word) > 1 and word[0] in "把被":
                parts = [word[0], word[1:]]
            elif (cut := ZH_MEASURE.match(word)) and len(word) > cut.end():
                parts = [word[: cut.end()], word[cut.end() :]]
            for part in parts:
                start = text.index(part, at)
                at = start + len(part)
                found.append((part, start, at))
    return found


def _chinese(text: str) -> FormSentence | None:
    tagged = _chinese_words(text)
    words = [w for w, _, _ in tagged]
    n = len(words)

    def clause_end(i: int) -> int:
        while i < n and words[i] not in ZH_END:
            i += 1
        return i

    def content(i: int) -> bool:
        word = words[i]
        return word not in ZH_PARTICLES | ZH_NOT_VERBS and not ZH_MEASURE.fullmatch(word)

    def verb_after(i: int, stop: int) -> int:
        """The first word from i on marked as a verb by 了/着/过 after it or a cue before it."""
        marked = [
            j
            for j in range(i, stop)
            if words[j] not in ZH_PARTICLES and not ZH_MEASURE.fullmatch(words[j])
            and j + 1 < n and words[j + 1] in ZH_ASPECT
        ]  # fmt: skip
        cued = [j for j in range(max(i, 1), stop) if content(j) and words[j - 1] in ZH_VERB_CUES]
        found = (marked or cued or [-1])[0]
        if found > i and words[found] in ZH_COMPLEMENTS and content(found - 1):
            found -= 1  # 写完了: the verb is 写, 完 its result
        return found

    def verb_by_gloss(stop: int) -> int:
        """With no 了 and no cue: the last word before `stop` whose gloss is an English verb
        (我喜欢吃苹果: 吃, eat)."""
        table = glosses()
        found = [j for j in range(1, stop) if content(j) and base_of(table.get(words[j], ""))]
        return found[-1] if found else -1

    def last_content(first: int, stop: int) -> int:
        kept = [j for j in range(first, stop) if content(j)]
        return kept[-1] if kept else -1

    verb = object_ = -1

    def marker(word: str) -> int:
        """Where 把 or 被 marks the construction (not 一把, the measure word), or -1."""
        for j, w in enumerate(words):
            if w == word and not (j > 0 and words[j - 1] in ZH_NUMBERS):
                return j
        return -1

    if (b := marker("把")) >= 0:
        stop = clause_end(b)
        verb = verb_after(b + 2, stop)
        if verb < 0:  # 把门打开: the last word of the clause
            verb = last_content(b + 2, stop)
        object_ = last_content(b + 1, verb) if verb > b + 1 else -1
    elif (b := marker("被")) >= 0:
        stop = clause_end(b)
        verb = verb_after(b + 2, stop)
        if verb < 0:
            verb = last_content(b + 2, stop)
        object_ = last_content(0, b)
    else:
        verb = verb_after(1, n)
        if verb < 0:
            verb = verb_by_gloss(last_content(0, clause_end(0)))
        if verb >= 0:
            object_ = last_content(verb + 1, clause_end(verb))
            if object_ >= 0 and words[object_ - 1] in ("的",) and object_ - 2 == verb:
                object_ = -1  # 喝的水: a verb modifying a noun, not its object
    if verb < 0 or object_ < 0 or verb == object_:
        return None
    spans = tuple((s, e) for _, s, e in tagged)
    return FormSentence(text, tuple(words), spans, verb, object_, "typed")


def split(text: str) -> list[tuple[str, int, int]]:
    """The text's words with their [start, end) characters: Chinese as the app splits it
    (jieba's cut, 把/被 and measure words cut off), anything else at spaces."""
    if any(is_cjk(c) for c in text):
        return _chinese_words(text)
    return [(m.group(), m.start(), m.end()) for m in WORD.finditer(text)]


def find(text: str) -> FormSentence | None:
    """The sentence's words with its verb and object marked, or None where the cues do not say."""
    if any(is_cjk(c) for c in text):
        return _chinese(text)
    return _english(text)
