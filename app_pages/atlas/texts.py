"""Texts of app_pages/atlas/page.py, in English and Chinese."""

TEXTS: dict[str, dict[str, str]] = {
    "nav_atlas": {"en": "Head atlas", "zh": "注意力头图谱"},
    "atlas_intro": {
        "en": "Every head of a real model read a set of built-in sentences and yours, and we "
        "measured what it does: look at the previous or next token, at itself, park on the "
        "first or last token, find the same word elsewhere, or spread its attention broadly. "
        "Each head gets the label of the behaviour it shows most clearly.",
        "zh": "真实模型的每个头都读一组内置句子和你的句子，我们测量每个头在做什么：看前一个或后一个词元、看自己、"
        "停在第一个或最后一个词元上、找同一个词，还是把注意力铺开。每个头取它最明显的那种行为作标签。",
    },
    "atlas_wait": {
        "en": "Running every sentence through {model}…",
        "zh": "正在让每个句子经过 {model}……",
    },
    "atlas_pooled": {
        "en": "Measured over {n} sentences: the built-in ones and yours.",
        "zh": "在 {n} 个句子上测量：内置句子加上你的句子。",
    },
    "atlas_pooled_builtin": {
        "en": "Measured over the {n} built-in sentences only (your sentence is empty).",
        "zh": "只在 {n} 个内置句子上测量（你的句子是空的）。",
    },
    "atlas_b_previous": {"en": "previous token", "zh": "前一个词元"},
    "atlas_b_next": {"en": "next token", "zh": "后一个词元"},
    "atlas_b_self": {"en": "itself", "zh": "自身"},
    "atlas_b_same_word": {"en": "same word", "zh": "相同的词"},
    "atlas_b_broad": {"en": "broad", "zh": "广泛分散"},
    "atlas_b_mixed": {"en": "mixed", "zh": "混合"},
    "atlas_grid": {
        "en": "What each head of {model} does (colour: behaviour; paler: weaker)",
        "zh": "{model} 的每个头在做什么（颜色：行为；越淡越弱）",
    },
    "atlas_col_label": {"en": "behaviour", "zh": "行为"},
    "atlas_col_strength": {"en": "strength", "zh": "强度"},
    "atlas_grid_hint": {
        "en": "Click a head to choose it (it is ringed, and set in the sidebar), then open it on the real-model page.",
        "zh": "点击一个头即可选中它（加上外框，并同步到侧边栏），再到“真实模型”页打开它。",
    },
    "atlas_open_real": {
        "en": "Open layer {layer}, head {head} ({label}) on the real-model page",
        "zh": "在“真实模型”页打开层 {layer} · 头 {head}（{label}）",
    },
    "atlas_summary": {"en": "Each behaviour in one line", "zh": "每种行为一句话"},
    "atlas_line": {
        "en": "**{name}**: {count} of the {n} heads; strongest: layer {layer}, head {head} ({score:.2f})",
        "zh": "**{name}**：{n} 个头中有 {count} 个；最强的是层 {layer} · 头 {head}（{score:.2f}）",
    },
    "atlas_line_mixed": {
        "en": "**{name}**: {count} of the {n} heads reach no threshold",
        "zh": "**{name}**：{n} 个头中有 {count} 个哪个阈值都没达到",
    },
    "atlas_rule_title": {"en": "How it is measured", "zh": "如何计算"},
    "atlas_rule": {
        "en": "How a head is labelled: each behaviour's score is divided by its threshold ({thresholds}); the largest ratio wins if it is at least 1, else the head is “mixed”. Scores are mean attention on that kind of key over every query of every sentence; “broad” measures how evenly a row spreads its weight: its entropy divided by log n, the most a row of n keys can have, averaged over the rows (1 = every key gets the same weight).",
        "zh": "标签的定法：每种行为的分数除以它的阈值（{thresholds}），比值最大者胜出，前提是比值至少为 1，否则这个头记为“混合”。分数是所有句子所有查询放在该类键上的平均注意力；“广泛分散”衡量一行把权重分得有多均匀：每行的熵除以 log n（n 个键的一行所能达到的最大熵），再对所有行取平均（1 表示每个键得到的权重都一样）。",
    },
    "atlas_table": {"en": "Every head and every score", "zh": "所有的头和所有的分数"},
    "atlas_table_hint": {
        "en": "Click a column header to sort by it.",
        "zh": "点击列标题即可按该列排序。",
    },
    "atlas_unk_heading": {"en": "Chinese and [UNK]", "zh": "中文与 [UNK]"},
    "atlas_unk_note": {
        "en": "MiniLM was trained on English: its vocabulary holds only {cjk} Chinese characters. Any other character becomes the unknown piece [UNK], and the model cannot tell two [UNK] apart.",
        "zh": "MiniLM 是用英文训练的：它的词表里只有 {cjk} 个汉字。其他汉字都会变成未知词元 [UNK]，而模型分不清两个 [UNK] 有什么不同。",
    },
    "atlas_sentences": {"en": "The {n} built-in sentences", "zh": "{n} 个内置句子"},
    "atlas_notice": {
        "en": "- Look at which layers hold the positional heads (previous, next token) and which hold the heads parked on {start}: a head parked there is doing little for that token.\n- Count the “mixed” heads: one label per head is a simplification, and the table shows every score behind it.\n- Type a sentence with a repeated word and see whether the “same word” heads change.",
        "zh": "- 看看位置型的头（前一个、后一个词元）在哪几层，停在 {start} 上的头又在哪几层：停在那里的头对这个词元几乎什么也没做。\n- 数一数“混合”的头：每个头只给一个标签是一种简化，表格列出了标签背后的每一个分数。\n- 输入一个有重复词的句子，看看“相同的词”那几个头有没有变化。",
    },
}
