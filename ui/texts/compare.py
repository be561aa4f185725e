"""Texts of the compare page (app_pages/compare.py).

A page's title is its menu label, `nav_*`: one text for both."""

from ui.texts.shared import TEXTS as SHARED

TEXTS: dict[str, dict[str, str]] = {
    "nav_compare": {"en": "Compare two attention maps", "zh": "对比两张注意力图"},
    "compare_intro": {
        "en": "Put two sentences, or one sentence under two settings, side by side on one colour scale. "
        "When both have the same tokens, the difference B − A shows exactly what changed.",
        "zh": "把两个句子，或同一个句子在两种设置下的结果并排放在同一个色阶上。"
        "当两者的词元完全相同时，差值 B − A 会准确显示改变了什么。",
    },
    "cmp_mode": {"en": "Compare", "zh": "对比什么"},
    "cmp_mode_sentences": {"en": "Two sentences", "zh": "两个句子"},
    "cmp_mode_settings": {"en": "One sentence, two settings", "zh": "同一句子，两种设置"},
    "cmp_matrix": {"en": "Matrix", "zh": "矩阵"},
    "cmp_matrix_scores": {"en": "Scores", "zh": "分数"},
    "cmp_matrix_weights": {"en": "Weights", "zh": "权重"},
    "cmp_matrix_output": {"en": "Output Z", "zh": "输出 Z"},
    "cmp_setting": {"en": "Setting that differs", "zh": "不同的设置"},
    "cmp_setting_softmax": SHARED["step_softmax"],  # the same term: one text
    "cmp_setting_scale": SHARED["step_scale"],
    "cmp_setting_pe": {"en": "positional encoding", "zh": "位置编码"},
    "cmp_setting_seed": {"en": "seed", "zh": "种子"},
    "cmp_setting_source": {"en": "toy vs MiniLM", "zh": "玩具 vs MiniLM"},
    "cmp_sentence_a": {"en": "Sentence A", "zh": "句子 A"},
    "cmp_sentence_b": {"en": "Sentence B", "zh": "句子 B"},
    "cmp_label_a": {"en": "A: {what}", "zh": "A：{what}"},
    "cmp_label_b": {"en": "B: {what}", "zh": "B：{what}"},
    "cmp_diff": {"en": "Difference B − A", "zh": "差值 B − A"},
    "cmp_diff_max": {"en": "Largest change in one cell", "zh": "单个格子的最大变化"},
    "cmp_no_diff_tokens": {
        "en": "No difference map: the two have different tokens (first at position {i}: “{a}” vs “{b}”), "
        "so their rows and columns are different words and cannot be subtracted cell by cell.",
        "zh": "不画差值图：两者的词元不同（第一次出现在位置 {i}：“{a}” 与 “{b}”），"
        "它们的行和列代表不同的词，无法逐格相减。",
    },
    "cmp_no_diff_length": {
        "en": "No difference map: A has {na} tokens and B has {nb}, so the matrices do not line up.",
        "zh": "不画差值图：A 有 {na} 个词元，B 有 {nb} 个，矩阵无法对齐。",
    },
    "cmp_no_diff_width": {
        "en": "No difference map: the two outputs have different widths ({da} and {db} numbers per word).",
        "zh": "不画差值图：两个输出的宽度不同（每个词分别有 {da} 和 {db} 个数）。",
    },
    "cmp_same_scale": {
        "en": "Both maps share one colour scale, so equal colours mean equal numbers.",
        "zh": "两张图共用一个色阶，所以相同的颜色代表相同的数值。",
    },
    "cmp_notice": {
        "en": "- In “hungry” vs “sweet”, look at the row of “it”: which earlier word does it lean towards in each "
        "sentence? With random toy weights the answer is arbitrary; switch the source to MiniLM to ask a real model.\n"
        "- Compare softmax on and off: the order inside each row stays, the scale does not.",
        "zh": "- 在 “hungry” 与 “sweet” 的对比中，看 “it” 那一行：在两个句子里它各自更偏向前面哪个词？"
        "用随机的玩具权重，答案是任意的；把向量来源切换到 MiniLM，就是在问一个真实的模型。\n"
        "- 对比 softmax 开与关：每行内部的大小顺序不变，数值的尺度变了。",
    },
}
