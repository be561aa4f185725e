"""One Chinese term per concept, and one rule for spaces around “ ”, over every zh string.

The table below is the app's Chinese vocabulary: for each concept, the one term the UI uses (the
article's translation where it has one, /work/shared/article-zh.txt; the glossary page shows the
same term) and the variants that must not appear. A second name for one thing reads as
translated, not written: 键词 reads like 关键词, 宽度 and 维度 for the same d_model, 玩具 / 玩具模型
for a model the sidebar calls 随机（学习之前）."""

import re

from app_pages.glossary.texts import GLOSSARY
from ui.i18n import TEXTS

# concept -> (the zh term, forbidden variants as regular expressions, glossary id or None)
TERMS: dict[str, tuple[str, tuple[str, ...], str | None]] = {
    "token": ("词元", (r"令牌", r"标记"), "token"),
    "embedding": ("嵌入", (r"(?<!嵌入（)词向量", r"嵌入向量"), "embedding"),
    "positional encoding": ("位置编码", (r"位置嵌入", r"位置向量"), "positional"),
    "query": ("查询", (r"询问向量",), "query"),
    "key": ("键", (r"键词",), "key"),  # 键词元, 键词 read like 关键词 (keyword)
    "factor matrix": ("因子矩阵", (r"因数矩阵",), "factor"),
    "attention score": ("注意力分数", (r"注意力得分", r"注意力评分"), "score"),
    "weight": ("权重", (r"(?<!加)权值",), None),  # 加权值向量 is 加权 + 值向量
    "causal mask": ("因果掩码", (r"遮罩", r"掩膜"), "mask"),
    "self-attention": ("自注意力", (r"自我注意力", r"自关注"), "self"),
    "dot product": ("点积", (r"内积", r"点乘"), "dot"),
    "attention head, counted 第 N 个头": ("注意力头", (r"第\s*(?:\{\w+\}|\d+)\s*头",), "head"),
    "word piece": ("词片", (r"子词", r"词块"), "wordpiece"),
    "d_model, a vector's size": ("维度", (r"宽度",), None),
    "random-weight model": ("随机权重模型", (r"玩具",), None),
    "colour scale": ("色阶", (r"颜色刻度", r"色标", r"颜色比例尺"), None),
    "this app": ("本应用", (r"仪表盘", r"仪表板"), None),
    "the query-key map (page 6b)": ("地图", (r"平面地图", r"平面图"), None),
    "versus": ("与", (r"\bvs\b", r"\bVS\b"), None),
}

CJK = r"[\u3400-\u4dbf\u4e00-\u9fff\u3000-\u303f\uff00-\uffef]"
# Chinese quotes are full width and take no space on either side next to Chinese text or
# full-width punctuation, and none inside: 给了“{key}”。  A space stays next to Latin text and
# signs: {key} = “{raw}”, “{a}”的 q × “{b}”的 k.
QUOTE_SPACING = re.compile(rf"{CJK}\s+“|”\s+{CJK}|“\s|\s”")


def zh_strings() -> dict[str, str]:
    """Every Chinese string of the app: the translation table and the glossary's term column."""
    strings = {key: entry["zh"] for key, entry in TEXTS.items()}
    strings.update({f"GLOSSARY[{term_id}]": zh for term_id, _en, zh, _page in GLOSSARY})
    return strings


def term_offenders(strings: dict[str, str]) -> list[str]:
    return [
        f"{key}: “{m.group(0)}” for {concept} (use {term}) in {text!r}"
        for concept, (term, variants, _gloss) in TERMS.items()
        for variant in variants
        for key, text in sorted(strings.items())
        for m in re.finditer(variant, text)
    ]


def quote_offenders(strings: dict[str, str]) -> list[str]:
    return [
        f"{key}: {text[max(m.start() - 6, 0) : m.end() + 6]!r}"
        for key, text in sorted(strings.items())
        for m in QUOTE_SPACING.finditer(text)
    ]


def test_one_chinese_term_per_concept():
    offenders = term_offenders(zh_strings())
    assert not offenders, f"{len(offenders)} second terms:\n" + "\n".join(offenders)


def test_the_glossary_shows_each_concepts_term():
    """The glossary page is the reference: its Chinese column holds the term the table names."""
    glossary = {term_id: zh for term_id, _en, zh, _page in GLOSSARY}
    wrong = [
        f"{gloss}: glossary says {glossary.get(gloss)!r}, the UI uses {term!r}"
        for term, _variants, gloss in TERMS.values()
        if gloss is not None and term not in glossary.get(gloss, "")
    ]
    assert not wrong, "\n".join(wrong)


def test_each_term_is_used_and_no_variant_forbids_it():
    strings = zh_strings().values()
    unused = [term for term, _v, _g in TERMS.values() if not any(term in s for s in strings)]
    assert not unused, unused
    clash = [
        f"{concept}: {variant} matches its own term {term}"
        for concept, (term, variants, _gloss) in TERMS.items()
        for variant in variants
        if re.search(variant, term)
    ]
    assert not clash, clash


def test_quotes_take_no_spaces_next_to_chinese():
    offenders = quote_offenders(zh_strings())
    assert not offenders, f"{len(offenders)} quotes with spaces:\n" + "\n".join(offenders)


def test_the_scans_find_what_they_are_meant_to_catch():
    found = term_offenders(
        {
            "a": "每个键词一行",
            "b": "玩具 vs MiniLM",
            "c": "MiniLM 第 {layer} 层第 {head} 头",
            "d": "嵌入（词向量）",  # the glossary's gloss of 嵌入 is allowed
            "e": "此时颜色刻度会延伸",
        }
    )
    assert sorted(line.split(":")[0] for line in found) == ["a", "b", "b", "c", "e"], found
    assert all("use " in line for line in found)
    quotes = quote_offenders(
        {
            "a": "给了 “{key}”。",
            "b": "“{word}” 的权重",
            "c": "“ the”",
            "d": "{key} = “{raw}”：{why}",  # a space next to Latin text or a sign stays
            "e": "“{a}”的 q × “{b}”的 k",
        }
    )
    assert [line.split(":")[0] for line in quotes] == ["a", "b", "c"], quotes
