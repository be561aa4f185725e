"""The article's story as a test a head can pass or fail, and the MiniLM heads that pass it.

The article reads "The black cat drank the milk" through a learned head: "milk" is very
related to "drank", a little less to "cat", and not related to "black". As a rule on the
object's row of weights, over the sentence's words:

    the verb has the largest weight of every word (the object itself included),
    at least MARGIN × the next largest; the subject weighs more than the adjective;
    the adjective weighs at most ADJECTIVE_MAX.

The teacher of the default model is the head (or mean of heads) of MiniLM that meets the rule
most often on generated sentences (tools/distill_head.py --scan measures it): the mean of
layer 2's heads 0 and 3, each read over the sentence's words only.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

MARGIN = 1.2  # the verb's weight over the next largest in the object's row
ADJECTIVE_MAX = 0.10  # "not related": the adjective's weight in the object's row at most this
TEACHER_LAYER = 2  # MiniLM layer of the default model's teacher
TEACHER_HEADS = (0, 3)  # heads of that layer; the teacher is the mean of their words-only rows


@dataclass(frozen=True)
class Roles:
    """Where the article's four words stand in a sentence's tokens (0-based)."""

    adjective: int
    subject: int
    verb: int
    object: int


def words_only(weights: np.ndarray) -> np.ndarray:
    """[..., n + 2, n + 2] weights with [CLS] first and [SEP] last -> [..., n, n] over the
    words alone, each row re-normalised to sum to 1 (what a head gives the words themselves,
    leaving out what it parks on [CLS] and [SEP]). A row that gives the words nothing at all
    stays all zeros."""
    inner = np.asarray(weights, dtype=np.float64)[..., 1:-1, 1:-1]  # [..., n, n]
    total = inner.sum(axis=-1, keepdims=True)  # [..., n, 1]
    return np.divide(inner, total, out=np.zeros_like(inner), where=total > 0)


def teacher_weights(weights: np.ndarray) -> np.ndarray:
    """[n_layers, n_heads, n + 2, n + 2] all of MiniLM's weights for one sentence -> [n, n] the
    teacher's: the mean of TEACHER_HEADS of TEACHER_LAYER, each read over the words only."""
    heads = words_only(weights[TEACHER_LAYER, list(TEACHER_HEADS)])  # [h, n, n]
    return heads.mean(axis=0)  # [n, n]


@dataclass(frozen=True)
class Verdict:
    """The rule on one object row: each part, and whether all hold."""

    verb_largest: bool  # the verb outweighs every other token, by MARGIN
    subject_over_adjective: bool
    adjective_small: bool  # at most ADJECTIVE_MAX

    @property
    def holds(self) -> bool:
        return self.verb_largest and self.subject_over_adjective and self.adjective_small


def judge(row: np.ndarray, roles: Roles) -> Verdict:
    """[n] the object's row of weights (over the words, summing to 1) against the rule."""
    row = np.asarray(row, dtype=np.float64)
    others = np.delete(row, roles.verb)  # [n - 1] every other token, the object included
    return Verdict(
        verb_largest=bool(row[roles.verb] >= MARGIN * others.max()),
        subject_over_adjective=bool(row[roles.subject] > row[roles.adjective]),
        adjective_small=bool(row[roles.adjective] <= ADJECTIVE_MAX),
    )


def follows_article(weights: np.ndarray, roles: Roles) -> bool:
    """[n, n] a head's weights over a sentence's words: whether the object's row tells the
    article's story."""
    return judge(weights[roles.object], roles).holds


# ---- sentences of the article's shape and of others, generated -----------------------------
# Each shape is a template whose slots are filled from the word pools; a sentence is kept only
# when the model's tokens are exactly its words, so that the roles point at the right tokens.
# English: every word is one piece of MiniLM's vocabulary (the generator checks).

ADJECTIVES = (
    "black", "white", "red", "brown", "green", "old", "young", "little", "small", "big", "tall",
    "happy", "hungry", "angry", "tired", "clever", "quiet", "lazy", "kind", "poor", "rich",
    "strong", "busy", "brave", "shy", "funny", "sick", "noisy", "friendly", "dark", "gentle",
    "proud", "sleepy", "thin", "fat", "wild", "honest", "calm", "silly", "curious",
)  # fmt: skip
SUBJECTS = {  # singular: plural
    "cat": "cats", "dog": "dogs", "man": "men", "woman": "women", "girl": "girls", "boy": "boys",
    "child": "children", "teacher": "teachers", "farmer": "farmers", "doctor": "doctors",
    "king": "kings", "queen": "queens", "bird": "birds", "horse": "horses",
    "student": "students", "cook": "cooks", "driver": "drivers", "mother": "mothers",
    "father": "fathers", "sister": "sisters", "brother": "brothers", "pilot": "pilots",
    "nurse": "nurses", "soldier": "soldiers", "artist": "artists", "lion": "lions",
    "monkey": "monkeys", "cow": "cows", "fox": "foxes", "bear": "bears", "wolf": "wolves",
    "sailor": "sailors", "baker": "bakers", "player": "players", "writer": "writers",
}  # fmt: skip
VERBS = {  # base: (past, -s form, objects)
    "drink": ("drank", "drinks", ("milk", "water", "tea", "juice", "coffee", "wine", "beer")),
    "eat": ("ate", "eats", ("apple", "bread", "cake", "rice", "soup", "fish", "banana", "meat")),
    "drive": ("drove", "drives", ("car", "bus", "truck", "tractor", "taxi")),
    "read": ("read", "reads", ("book", "letter", "newspaper", "story", "poem", "novel")),
    "write": ("wrote", "writes", ("letter", "poem", "story", "song", "book", "report")),
    "kick": ("kicked", "kicks", ("ball", "door", "stone", "bucket")),
    "open": ("opened", "opens", ("door", "window", "box", "bottle", "letter", "gate")),
    "play": ("played", "plays", ("piano", "guitar", "game", "violin", "drums")),
    "cook": ("cooked", "cooks", ("soup", "dinner", "rice", "meat", "fish", "lunch")),
    "paint": ("painted", "paints", ("house", "wall", "picture", "fence", "door")),
    "buy": ("bought", "buys", ("bread", "milk", "car", "book", "hat", "shoes", "ticket")),
    "wash": ("washed", "washes", ("car", "dishes", "shirt", "clothes", "hands", "dog")),
    "catch": ("caught", "catches", ("fish", "ball", "mouse", "bus", "train")),
    "sing": ("sang", "sings", ("song", "songs", "anthem")),
    "clean": ("cleaned", "cleans", ("room", "kitchen", "floor", "house", "car", "window")),
    "chase": ("chased", "chases", ("ball", "mouse", "cat", "bird", "thief")),
    "ride": ("rode", "rides", ("horse", "bike", "bus", "train")),
    "climb": ("climbed", "climbs", ("tree", "hill", "mountain", "wall", "ladder")),
    "feed": ("fed", "feeds", ("dog", "cat", "bird", "horse", "baby", "chickens")),
    "watch": ("watched", "watches", ("film", "game", "birds", "television", "match")),
    "sell": ("sold", "sells", ("bread", "fish", "cars", "flowers", "fruit")),
    "carry": ("carried", "carries", ("box", "bag", "water", "baby", "wood")),
    "find": ("found", "finds", ("key", "ring", "coin", "book", "wallet")),
    "throw": ("threw", "throws", ("ball", "stone", "stick")),
    "build": ("built", "builds", ("house", "bridge", "wall", "boat", "fire")),
    "fix": ("fixed", "fixes", ("car", "bike", "door", "roof", "radio")),
    "draw": ("drew", "draws", ("picture", "map", "circle", "horse", "line")),
    "plant": ("planted", "plants", ("tree", "flowers", "seeds", "garden")),
    "bake": ("baked", "bakes", ("bread", "cake", "cookies", "pie")),
    "pour": ("poured", "pours", ("milk", "water", "tea", "wine")),
    "visit": ("visited", "visits", ("museum", "city", "farm", "school", "castle")),
    "steal": ("stole", "steals", ("money", "car", "bike", "jewels", "egg")),
    "lift": ("lifted", "lifts", ("box", "rock", "table", "baby")),
    "break": ("broke", "breaks", ("window", "glass", "plate", "record", "rules")),
    "wear": ("wore", "wears", ("hat", "coat", "dress", "mask", "uniform")),
    "hold": ("held", "holds", ("baby", "cup", "flag", "map", "hand")),
}
PLACES = ("garden", "kitchen", "park", "morning", "evening", "city", "forest", "yard")
AFTER = ("slept", "laughed", "smiled", "left", "waited", "cried", "sang", "watched")
ENGLISH_SHAPES = {  # shape: (template, roles as word indices)
    "article": ("the {a} {s} {past} the {o}", Roles(1, 2, 3, 5)),
    "place": ("the {a} {s} {past} the {o} in the {place}", Roles(1, 2, 3, 5)),
    "plural": ("the {a} {ss} {past} the {o}", Roles(1, 2, 3, 5)),
    "present": ("the {a} {s} {verb_s} the {o}", Roles(1, 2, 3, 5)),
    "clause": ("the {a} {s} {past} the {o} and the {s2} {after}", Roles(1, 2, 3, 5)),
}

# Chinese: 那只 (that) + adjective + 的 + noun + verb + 了 + object, the article's shape; the
# measure word follows the noun (只 for animals, 个 for people).
ZH_ADJECTIVES = ("黑色", "白色", "红色", "小", "老", "年轻", "可爱", "聪明", "饥饿", "胖", "高",
                 "安静", "快乐", "生气", "勇敢", "漂亮", "懒", "瘦", "大", "新")  # fmt: skip
ZH_ANIMALS = ("猫", "狗", "鸟", "兔子", "猴子", "老虎", "熊", "马", "羊", "鸭子", "狮子", "狐狸")
ZH_PEOPLE = ("男孩", "女孩", "老师", "学生", "医生", "农民", "司机", "孩子", "老人", "厨师",
             "妈妈", "爸爸", "哥哥", "姐姐", "朋友", "警察")  # fmt: skip
ZH_VERBS = {  # verb: objects
    "喝": ("牛奶", "水", "茶", "咖啡", "果汁", "汤"),
    "吃": ("苹果", "面包", "蛋糕", "米饭", "鱼", "香蕉", "肉"),
    "追": ("球", "老鼠", "蝴蝶"),
    "抓": ("鱼", "老鼠", "小偷"),
    "看": ("书", "电视", "电影", "报纸"),
    "读": ("书", "信", "报纸", "故事"),
    "写": ("信", "诗", "故事", "作业"),
    "踢": ("球", "门"),
    "开": ("门", "窗户", "车"),
    "洗": ("衣服", "碗", "车", "手"),
    "买": ("面包", "书", "鞋", "花", "票"),
    "唱": ("歌",),
    "画": ("地图", "画"),
    "修": ("车", "自行车", "电脑", "门"),
    "种": ("花", "树"),
    "骑": ("马", "自行车"),
    "卖": ("鱼", "花", "书", "水果"),
    "拿": ("包", "书", "杯子"),
    "找": ("钥匙", "钱包", "手机"),
    "打": ("球", "电话"),
}
CHINESE_SHAPES = {  # shape: (its words, a slot in braces; roles as word indices)
    "article": (("{that}", "{a}", "的", "{s}", "{v}", "了", "{o}"), Roles(1, 3, 4, 6)),
    "plain": (("{a}", "的", "{s}", "{v}", "了", "{o}"), Roles(0, 2, 3, 5)),
    "place": (("{that}", "{a}", "的", "{s}", "在", "家", "{v}", "了", "{o}"), Roles(1, 3, 6, 8)),
    "time": (("今天", "{that}", "{a}", "的", "{s}", "{v}", "了", "{o}"), Roles(2, 4, 5, 7)),
}


@dataclass(frozen=True)
class Sentence:
    """A generated sentence, its words as a model should read them, and the four roles."""

    text: str
    words: tuple[str, ...]
    roles: Roles
    shape: str


def english_sentence(shape: str, rng: np.random.Generator) -> Sentence:
    """One English sentence of `shape` (ENGLISH_SHAPES), its words drawn from the pools."""
    template, roles = ENGLISH_SHAPES[shape]
    base = sorted(VERBS)[rng.integers(len(VERBS))]
    past, verb_s, objects = VERBS[base]
    s, s2 = rng.choice(sorted(SUBJECTS), 2, replace=False)
    text = template.format(
        a=rng.choice(ADJECTIVES), s=s, ss=SUBJECTS[s], s2=s2, past=past, verb_s=verb_s,
        o=rng.choice(objects), place=rng.choice(PLACES), after=rng.choice(AFTER),
    )  # fmt: skip
    return Sentence(text, tuple(text.split()), roles, shape)


def chinese_sentence(shape: str, rng: np.random.Generator) -> Sentence:
    """One Chinese sentence of `shape` (CHINESE_SHAPES), its words drawn from the pools."""
    template, roles = CHINESE_SHAPES[shape]
    animal = bool(rng.random() < 0.5)
    verb = sorted(ZH_VERBS)[rng.integers(len(ZH_VERBS))]
    slots = {
        "{that}": "那只" if animal else "那个",
        "{a}": str(rng.choice(ZH_ADJECTIVES)),
        "{s}": str(rng.choice(ZH_ANIMALS if animal else ZH_PEOPLE)),
        "{v}": verb,
        "{o}": str(rng.choice(ZH_VERBS[verb])),
    }
    words = tuple(slots.get(w, w) for w in template)
    return Sentence("".join(words), words, roles, shape)


def sentences(language: str, shape: str, count: int, seed: int) -> list[Sentence]:
    """`count` distinct sentences of one shape ("en" or "zh"), the same for the same seed."""
    make = english_sentence if language == "en" else chinese_sentence
    rng = np.random.default_rng([seed, len(shape)])
    found: dict[str, Sentence] = {}
    for _ in range(count * 50):
        if len(found) == count:
            break
        sentence = make(shape, rng)
        found.setdefault(sentence.text, sentence)
    return list(found.values())
