"""Chinese typography over every registered zh string (issue 37, item 5).

Three rules, each cheap to check over the one translation table (ui/i18n, every page's texts
registered by app_pages) and the glossary's Chinese column:

- one half-width space between a Chinese character and a Latin letter, a digit or a format
  placeholder ({n} counts as a number): 第 2 层, Q 和 K, 共 {n} 步;
- a minus is "−" (U+2212), never the hyphen-minus: A − B, −1;
- 权重 is attention's alone: a string that names W_Q, W_K, W_V or 参数 says 注意力权重 when it
  means the attention weights, so a bare 权重 cannot be read as the learned matrices.
"""

from __future__ import annotations

import re
import string

import app_pages  # noqa: F401  (registers every page's texts in the one table)
from app_pages.glossary.texts import GLOSSARY
from ui.i18n import TEXTS

CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"  # ideographs, not the full-width punctuation
LATIN_NEXT_TO_CJK = re.compile(rf"[{CJK}][A-Za-z0-9]|[A-Za-z0-9][{CJK}]")
CODE = re.compile(r"`[^`]*`")  # inline code is written as typed: no spacing rule inside

# Placeholders filled with Chinese text (or with a word already in “ ”), not a number or Latin:
# no space where they meet a Chinese character. (key, placeholder) -> what fills it.
CHINESE_PLACEHOLDERS: dict[tuple[str, str], str] = {
    ("group_dropped", "which"): "group_which_q / group_which_k: 查询, 键",
    ("input_intro", "positions"): "positions_*: a Chinese sentence ending in 。",
    ("input_intro_minilm", "positions"): "positions_*: a Chinese sentence ending in 。",
    ("distinct_rows_try", "why"): "distinct_rows: a Chinese sentence ending in 。",
    ("vector_model_used", "why"): "vector_*: a Chinese sentence ending in 。",
    ("learn_cosines_intro", "measure"): "learn_measure_*: 居中余弦, 普通余弦",
    ("learn_cos_before", "measure"): "learn_measure_*: 居中余弦, 普通余弦",
    ("learn_cos_after", "measure"): "learn_measure_*: 居中余弦, 普通余弦",
    ("learn_cos_summary", "measure"): "learn_measure_*: 居中余弦, 普通余弦",
    ("nw_story_here", "plain"): "nw_story_plain: a Chinese clause ending in ，(or nothing)",
    ("join_cut", "what"): "join_sentence / join_nickname: 你的句子, 昵称（可不填）",
    ("pq_sum_q", "state"): "on / off: 开启, 关闭",
    ("kind_a_story", "key"): "lessons/kinds.story_named: a word in “ ” or 第 N 个“word”",
    ("home_toy", "rates"): "rates_both: a Chinese sentence ending in 。",
    ("rates_both", "en_best"): "rate_item: 形式（82%）, joined by 、",
    ("rates_both", "en_worst"): "rate_item: 形式（82%）, joined by 、",
    ("rates_both", "zh_best"): "rate_item: 形式（82%）, joined by 、",
    ("rates_both", "zh_worst"): "rate_item: 形式（82%）, joined by 、",
    ("real_e5_story_head", "worst"): "rate_item: 形式（82%）, joined by 、",
}

# A hyphen-minus used as a minus: between two operands with spaces (A - B), or in front of a
# number or a placeholder (-1.2, -{x}). A bullet's "- " at the start of a line is not a minus,
# nor the hyphen inside a name (编码器-解码器, SmolLM2-135M, UTF-8).
HYPHEN_AS_MINUS = re.compile(r"(?<=\S) - (?=\S)|(?<![\w.\-])-(?=\d|\{)")

NAMES_PARAMETERS = re.compile(r"(?<![A-Za-z_])W(?![A-Za-z])|参数")  # W, W_Q, W_K, W_V, 参数


def zh_strings() -> dict[str, str]:
    """Every Chinese string of the app: the translation table and the glossary's term column."""
    strings = {key: entry["zh"] for key, entry in TEXTS.items()}
    strings.update({f"GLOSSARY[{term_id}]": zh for term_id, _en, zh, _page in GLOSSARY})
    return strings


def _cjk(ch: str) -> bool:
    return bool(ch) and re.fullmatch(f"[{CJK}]", ch) is not None


def spacing_offenders(strings: dict[str, str]) -> list[str]:
    """Where a Chinese character touches a Latin letter, a digit or a placeholder."""
    found = []
    for key, text in sorted(strings.items()):
        parts = list(string.Formatter().parse(text))  # (literal, field, spec, conversion)
        for i, (literal, field, _spec, _conv) in enumerate(parts):
            bare = CODE.sub(" ", literal)
            found += [f"{key}: {m[0]!r} in {text!r}" for m in LATIN_NEXT_TO_CJK.finditer(bare)]
            if field is None or (key, field) in CHINESE_PLACEHOLDERS:
                continue
            after = parts[i + 1][0] if i + 1 < len(parts) else ""
            if _cjk(literal[-1:]) or _cjk(after[:1]):
                found.append(f"{key}: {{{field}}} touches Chinese in {text!r}")
    return found


def minus_offenders(strings: dict[str, str]) -> list[str]:
    return [
        f"{key}: {text[max(m.start() - 6, 0) : m.end() + 6]!r}"
        for key, text in sorted(strings.items())
        for m in HYPHEN_AS_MINUS.finditer(text)
    ]


def weight_offenders(strings: dict[str, str]) -> list[str]:
    """A bare 权重 in a string that also names the parameters."""
    return [
        f"{key}: {text!r}"
        for key, text in sorted(strings.items())
        if NAMES_PARAMETERS.search(text) and "权重" in text.replace("注意力权重", "")
    ]


def test_a_space_between_chinese_and_latin_or_numbers():
    offenders = spacing_offenders(zh_strings())
    assert not offenders, f"{len(offenders)} places:\n" + "\n".join(offenders)


def test_a_minus_is_the_minus_sign():
    offenders = minus_offenders(zh_strings())
    assert not offenders, f"{len(offenders)} hyphens as minus (use −):\n" + "\n".join(offenders)


def test_weights_next_to_parameters_are_attention_weights():
    offenders = weight_offenders(zh_strings())
    assert not offenders, f"{len(offenders)} bare 权重 beside 参数:\n" + "\n".join(offenders)


def test_every_listed_placeholder_exists():
    """An exception whose string or placeholder is gone is taken out of the list."""
    stale = [
        f"{key}.{field}"
        for key, field in CHINESE_PLACEHOLDERS
        if key not in TEXTS or "{" + field not in TEXTS[key]["zh"]
    ]
    assert not stale, stale


def test_the_scans_catch_what_they_are_meant_to():
    spacing = spacing_offenders(
        {
            "a": "第2层",
            "b": "Q和 K",
            "c": "共 {n}步",
            "d": "softmax之后",
            "e": "第 2 层，Q 和 K，共 {n} 步，softmax 之后",  # right
            "f": "那只{{形容词}}猫",  # literal braces, no placeholder: right
            "group_dropped": "所选的{which}中",  # a listed Chinese placeholder: right
            "g": "用 `x=1`表示",  # inside inline code: right (the code is its own word)
        }
    )
    assert sorted({line.split(":")[0] for line in spacing}) == ["a", "b", "c", "d"], spacing
    minus = minus_offenders(
        {
            "a": "分数 - 平均分数",
            "b": "例如 0.5, -1.2, 3",
            "c": "（-{x}）",
            "d": "- 第一条\n- 第二条",  # bullets: right
            "e": "编码器-解码器、SmolLM2-135M、UTF-8、0–5",  # names and ranges: right
            "f": "分数 − 平均分数，−1.2",  # right
        }
    )
    assert sorted({line.split(":")[0] for line in minus}) == ["a", "b", "c"], minus
    weights = weight_offenders(
        {
            "a": "学到的参数让权重更集中",
            "b": "随机 W 给出的权重",
            "c": "学到的参数让注意力权重更集中",  # right
            "d": "W_Q 的行数",  # right
            "e": "权重最大的键",  # right: no parameters named
        }
    )
    assert [line.split(":")[0] for line in weights] == ["a", "b"], weights
