"""Chinese sentences of the forms a class types, whose verb and object we know, for measuring heads.

The English generator (core/sentence_forms.py) writes sentences of many forms; this one writes
everyday Chinese: measure words (一封信, 两斤苹果), 的 phrases, 把 (the object before its verb), 了
after the verb, adverbs with 地, 正在, 吗 and 谁 questions, time and place phrases, negation with
没, pronoun subjects, and 被 passives (reported apart: the object comes first and is the one
acted on). Words are written without spaces; each sentence knows its words' spans, and which
word is the verb and which the head noun of its object.

Two disjoint word pools: "scan" (to choose a head) and "held_out" (to check it on verbs, objects,
subjects, adjectives, adverbs and time phrases it was not chosen on).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

import numpy as np

from core.sentence_forms import FormSentence

T = TypeVar("T")

ACTIVE_FORMS = (
    "article",  # 那只黑色的猫喝了牛奶 (the shape the article's example takes)
    "plain",  # 老师写了作业
    "measure",  # 妈妈买了两斤苹果
    "de_phrase",  # 学生读了有趣的小说
    "ba",  # 医生把门打开了 (the object before its verb)
    "adverb",  # 她慢慢地读了那本书
    "progressive",  # 他正在洗碗
    "ma_question",  # 你喝了牛奶吗？
    "shei_question",  # 谁打破了那个杯子？
    "time",  # 昨天农民修了自行车
    "place",  # 我在商店买了一件衣服
    "negation",  # 他没有吃米饭
    "pronoun",  # 他写了一封信
    "future",  # 我们明天要种花
)
PASSIVE_FORMS = ("bei",)  # 杯子被小猫打破了: the object comes first
FORMS = ACTIVE_FORMS + PASSIVE_FORMS
POOL_NAMES = ("scan", "held_out")
MAX_TRIES = 50


@dataclass(frozen=True)
class VerbObjects:
    verb: str  # 喝
    objects: tuple[tuple[str, str], ...]  # (object noun, its measure word with a number: 一杯)


@dataclass(frozen=True)
class Pool:
    verbs: tuple[VerbObjects, ...]
    subjects: tuple[str, ...]  # people and animals: 老师, 小猫
    adjectives: tuple[str, ...]  # said with 的: 黑色, 聪明
    adverbs: tuple[str, ...]  # said with 地: 慢慢, 认真
    times: tuple[str, ...]  # 昨天
    places: tuple[str, ...]  # 商店 (after 在)


def _verbs(table: str) -> tuple[VerbObjects, ...]:
    found = []
    for line in table.strip().splitlines():
        verb, objects = line.split(":")
        pairs = tuple(tuple(o.split("/")) for o in objects.split())
        found.append(VerbObjects(verb.strip(), pairs))  # type: ignore[arg-type]
    return tuple(found)


POOLS = {
    "scan": Pool(
        verbs=_verbs("""
            喝: 牛奶/一杯 茶/一杯 咖啡/一杯 果汁/一瓶
            吃: 苹果/两个 面包/一块 米饭/一碗 饺子/一盘
            写: 信/一封 作业/一份 日记/一篇 故事/一个
            读: 书/一本 报纸/一份 小说/一本 文章/一篇
            买: 衣服/一件 电脑/一台 自行车/一辆 苹果/两斤
            洗: 衣服/一件 碗/一个 车/一辆 杯子/一个
            修: 车/一辆 电脑/一台 自行车/一辆 椅子/一把
            画: 马/一匹 房子/一座 花/一朵 地图/一张
        """),
        subjects=("小猫", "老师", "妈妈", "农民", "学生", "医生", "哥哥", "孩子", "老人", "工人"),
        adjectives=("黑色", "红色", "聪明", "年轻", "高兴", "安静", "漂亮", "友好"),
        adverbs=("慢慢", "认真", "高兴", "小心"),
        times=("昨天", "今天早上", "上个星期", "刚才"),
        places=("商店", "学校", "家里", "公园"),
    ),
    "held_out": Pool(
        verbs=_verbs("""
            卖: 鱼/一条 水果/一筐 帽子/一顶 鞋/一双
            送: 礼物/一份 花/一束 蛋糕/一块 书包/一个
            擦: 桌子/一张 窗户/一扇 黑板/一块 皮鞋/一双
            拿: 钥匙/一把 雨伞/一把 箱子/一个 杯子/一只
            种: 树/一棵 花/一盆 菜/一片 玉米/一亩
            煮: 汤/一锅 鸡蛋/两个 面条/一碗 咖啡/一壶
            拍: 照片/一张 视频/一段 电影/一部 广告/一个
            借: 钱/一笔 伞/一把 词典/一本 铅笔/一支
        """),
        subjects=("小狗", "爸爸", "司机", "警察", "厨师", "护士", "邻居", "姐姐", "经理", "作家"),
        adjectives=("白色", "可爱", "勇敢", "新", "干净", "便宜", "有名", "奇怪"),
        adverbs=("快快", "轻轻", "悄悄", "耐心"),
        times=("前天", "今天晚上", "去年", "周末"),
        places=("超市", "办公室", "饭店", "车站"),
    ),
}
PRONOUNS = ("他", "她", "我", "我们", "他们", "你")
DETERMINERS = ("那", "这")  # with the object's measure word: 那把伞, 这两斤苹果


def _this(rng: np.random.Generator, measure: str) -> str:
    """那 or 这 with the object's measure word: 一把 -> 那把, 两斤 -> 那两斤."""
    return _pick(rng, DETERMINERS) + (measure[1:] if measure.startswith("一") else measure)


def _pick(rng: np.random.Generator, items: Sequence[T]) -> T:
    return items[int(rng.integers(len(items)))]


class _Draft:
    def __init__(self) -> None:
        self.words: list[str] = []
        self.verb = -1
        self.object = -1

    def add(self, *words: str) -> None:
        self.words += [w for w in words if w]

    def add_verb(self, word: str) -> None:
        self.verb = len(self.words)
        self.words.append(word)

    def add_object(self, *words: str) -> None:
        self.words += words
        self.object = len(self.words) - 1

    def finish(self, form: str, end: str = "。") -> FormSentence:
        words = list(self.words)
        words[-1] += end
        spans, start = [], 0
        for word in words:
            spans.append((start, start + len(word)))
            start += len(word)
        return FormSentence(
            "".join(words), tuple(words), tuple(spans), self.verb, self.object, form
        )


def _make(form: str, rng: np.random.Generator, pool: Pool) -> FormSentence:
    entry = _pick(rng, pool.verbs)
    noun, measure = _pick(rng, entry.objects)
    subject = _pick(rng, pool.subjects)
    d = _Draft()
    if form == "article":
        d.add("那只" if subject in ("小猫", "小狗") else "那个", _pick(rng, pool.adjectives), "的")
        d.add(subject)
        d.add_verb(entry.verb)
        d.add("了")
        d.add_object(noun)
    elif form == "plain":
        d.add(subject)
        d.add_verb(entry.verb)
        d.add("了")
        d.add_object(noun)
    elif form == "measure":
        d.add(subject)
        d.add_verb(entry.verb)
        d.add("了", measure)
        d.add_object(noun)
    elif form == "de_phrase":
        d.add(subject)
        d.add_verb(entry.verb)
        d.add("了", _pick(rng, pool.adjectives), "的")
        d.add_object(noun)
    elif form == "ba":
        d.add(subject, "把", _this(rng, measure))
        d.add_object(noun)
        d.add_verb(entry.verb)
        d.add("了")
    elif form == "adverb":
        d.add(subject, _pick(rng, pool.adverbs), "地")
        d.add_verb(entry.verb)
        d.add("了", measure)
        d.add_object(noun)
    elif form == "progressive":
        d.add(subject, "正在")
        d.add_verb(entry.verb)
        d.add_object(noun)
    elif form == "ma_question":
        d.add(_pick(rng, (subject, "你")))
        d.add_verb(entry.verb)
        d.add("了")
        d.add_object(noun)
        d.add("吗")
        return d.finish(form, "？")
    elif form == "shei_question":
        d.add("谁")
        d.add_verb(entry.verb)
        d.add("了", _this(rng, measure))
        d.add_object(noun)
        return d.finish(form, "？")
    elif form == "time":
        d.add(_pick(rng, pool.times), subject)
        d.add_verb(entry.verb)
        d.add("了", measure)
        d.add_object(noun)
    elif form == "place":
        d.add(subject, "在", _pick(rng, pool.places))
        d.add_verb(entry.verb)
        d.add("了", measure)
        d.add_object(noun)
    elif form == "negation":
        d.add(subject, _pick(rng, ("没有", "没", "不")))
        d.add_verb(entry.verb)
        d.add_object(noun)
    elif form == "pronoun":
        d.add(_pick(rng, PRONOUNS))
        d.add_verb(entry.verb)
        d.add("了", measure)
        d.add_object(noun)
    elif form == "future":
        d.add(subject, _pick(rng, ("明天", "下午", "以后")), _pick(rng, ("要", "会", "想")))
        d.add_verb(entry.verb)
        d.add_object(noun)
    elif form == "bei":
        d.add(_this(rng, measure))
        d.add_object(noun)
        d.add("被", subject)
        d.add_verb(entry.verb)
        d.add("了")
    else:
        raise ValueError(f"unknown form {form!r}; choose one of {', '.join(FORMS)}")
    return d.finish(form)


def sentences(form: str, count: int, seed: int, pool: str = "held_out") -> list[FormSentence]:
    """`count` distinct sentences of `form` from word pool `pool`, the same for the same
    (form, seed, pool); fewer if the pool has fewer."""
    if form not in FORMS:
        raise ValueError(f"unknown form {form!r}; choose one of {', '.join(FORMS)}")
    if pool not in POOL_NAMES:
        raise ValueError(f"unknown pool {pool!r}; choose one of {', '.join(POOL_NAMES)}")
    rng = np.random.default_rng([seed, FORMS.index(form), POOL_NAMES.index(pool), 86])
    found: dict[str, FormSentence] = {}
    for _ in range(MAX_TRIES * count):
        if len(found) == count:
            break
        made = _make(form, rng, POOLS[pool])
        found.setdefault(made.text, made)
    return list(found.values())
