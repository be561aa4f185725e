"""One Chinese term per concept, and one rule for spaces around “ ”, over every zh string.

The table below is the app's Chinese vocabulary: for each concept, the one term the UI uses (the
article's translation where it has one, /work/shared/article-zh.txt; the glossary page shows the
same term) and the variants that must not appear. A second name for one thing reads as
translated, not written: 键词 reads like 关键词, 宽度 and 维度 for the same d_model, 玩具 / 玩具模型
for a model the sidebar calls 随机（学习之前）."""

import re
from collections.abc import Callable

from app_pages.glossary.texts import GLOSSARY
from ui.i18n import TEXTS

# what calls a model's parameters 权重 (random weights, a weight matrix, the learned weights...)
PARAMETERS_AS_WEIGHTS = (
    r"随机权重", r"权重矩阵", r"真实权重", r"学到的权重", r"训练得到的权重", r"权重的随机种子",
    r"权重是随机的",
)  # fmt: skip

# concept -> (the zh term, forbidden variants as regular expressions, glossary id or None)
TERMS: dict[str, tuple[str, tuple[str, ...], str | None]] = {
    "token": ("词元", (r"令牌", r"标记"), "token"),
    "embedding": ("嵌入", (r"(?<!嵌入（)词向量", r"嵌入向量"), "embedding"),
    "positional encoding": ("位置编码", (r"位置嵌入", r"位置向量"), "positional"),
    "query": ("查询", (r"询问向量",), "query"),
    "key": ("键", (r"键词",), "key"),  # 键词元, 键词 read like 关键词 (keyword)
    "factor matrix": ("因子矩阵", (r"因数矩阵",), "factor"),
    "attention score": ("注意力分数", (r"注意力得分", r"注意力评分"), "score"),
    "attention weight": ("注意力权重", (r"(?<!加)权值",), None),  # 加权值向量: 加权 + 值向量
    # W_Q, W_K, W_V (and a model's other numbers) are its 参数; 权重 is attention's alone
    "parameters W_Q, W_K, W_V": ("参数", PARAMETERS_AS_WEIGHTS, None),
    "learned": (
        "学到的",
        (r"已学习", r"学习所得", r"学习得到", r"学习过的", r"学来的", r"学出来的"),
        None,
    ),
    "how relevant one word is to another": ("相关", (r"重要",), None),
    "causal mask": ("因果掩码", (r"遮罩", r"掩膜"), "mask"),
    "self-attention": ("自注意力", (r"自我注意力", r"自关注"), "self"),
    "dot product": ("点积", (r"内积", r"点乘"), "dot"),
    "attention head, counted 第 N 个头": ("注意力头", (r"第\s*(?:\{\w+\}|\d+)\s*头",), "head"),
    "word piece": ("词片", (r"子词", r"词块"), "wordpiece"),
    "d_model, a vector's size": ("维度", (r"宽度",), None),
    "random-weight model": ("随机参数模型", (r"玩具",), None),
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


# A term that is right in some strings and wrong in the others: concept -> (the term, a variant,
# whether the variant is forbidden in the string of a given key). Keys are the translation keys
# (the glossary's are GLOSSARY[id]).
CAUSAL_MASK = {"kind_causal_help", "score_intro", "gloss_mask"}  # 遮住 is what the mask does
SWITCH_LABELS = {"softmax", "learn_softmax"}  # a switch's own label says 使用 softmax
SCOPED: dict[str, tuple[str, str, Callable[[str], bool]]] = {
    "page 7's hidden word (遮住 is the causal mask)": (
        "隐藏",
        r"遮住",
        lambda k: k not in CAUSAL_MASK,
    ),
    "softmax on / off, in prose": (
        "softmax 开启",
        r"使用\s*softmax|不(?:使)?用\s*softmax|没有\s*softmax|打开\S{0,2}\s*softmax|softmax\s*[开关](?![启闭])",
        lambda k: k not in SWITCH_LABELS,
    ),
    "the query-key map's match with the weights (page 6b)": (
        "吻合度",
        r"一致",
        lambda k: k.startswith("qk_"),
    ),
    "two vectors pointing the same way": ("一致", r"吻合", lambda k: not k.startswith("qk_")),
    # layers, heads, rows, tokens and training steps are counted from 0: 层 2 · 头 1, 行 0
    "a number counted from 0 (never after 第)": (
        "层 {layer} · 头 {head}",
        r"第\s*(?:\{(?:layer|head|heads|before|i|j|step)\b[^}]*\}|0(?!\.))",
        lambda k: True,
    ),
}

# Strings of other sessions' keys that still use a second term: each must still offend (so the
# list shrinks as they are fixed; a fixed key left here fails test_pending_keys_still_offend).
PENDING: set[str] = set()  # keys known to use a second term (none now)


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


def scoped_offenders(strings: dict[str, str]) -> list[str]:
    return [
        f"{key}: “{m.group(0)}” for {concept} (use {term}) in {text!r}"
        for concept, (term, variant, forbidden_in) in SCOPED.items()
        for key, text in sorted(strings.items())
        if forbidden_in(key)
        for m in re.finditer(variant, text)
    ]


def second_terms(strings: dict[str, str]) -> list[str]:
    return term_offenders(strings) + scoped_offenders(strings)


def quote_offenders(strings: dict[str, str]) -> list[str]:
    return [
        f"{key}: {text[max(m.start() - 6, 0) : m.end() + 6]!r}"
        for key, text in sorted(strings.items())
        for m in QUOTE_SPACING.finditer(text)
    ]


def test_one_chinese_term_per_concept():
    strings = {key: text for key, text in zh_strings().items() if key not in PENDING}
    offenders = second_terms(strings)
    assert not offenders, f"{len(offenders)} second terms:\n" + "\n".join(offenders)


def test_pending_keys_still_offend():
    strings = zh_strings()
    fixed = [key for key in sorted(PENDING) if not second_terms({key: strings.get(key, "")})]
    assert not fixed, f"fixed or gone, take them out of PENDING: {fixed}"


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
    scoped = scoped_offenders(
        {
            "learn_notice": "被遮住的词",  # page 7's hidden word
            "kind_causal_help": "被遮住的格子都为 0",  # the causal mask: right
            "range_on": "使用 softmax：数值范围",
            "softmax": "使用 softmax",  # the switch's label: right
            "score_tab3": "softmax 关 / 开",
            "col_sum_on": "softmax 开启",  # right
            "qk_rank_label": "与权重的一致程度",
            "dot_notice": "向量最一致的一对",  # right
            "variant_head": "第 {layer} 层第 {head} 个头",
            "pq_fig_diff": "X 的第 {i} 行",
            "learn_replayed": "从第 0 步",
            "score_step1": "第 1 步",  # counted from 1: right
            "present_counter": "第 {number} 步",  # right
        }
    )
    assert sorted({line.split(":")[0] for line in scoped}) == [
        "learn_notice", "learn_replayed", "pq_fig_diff", "qk_rank_label", "range_on",
        "score_tab3", "variant_head",
    ], scoped  # fmt: skip
    assert term_offenders({"a": "随机权重", "b": "已学习的头", "c": "真正重要的词"}) != []
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
