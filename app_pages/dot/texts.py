"""Texts of page 6, what a dot product measures (app_pages/dot/page.py).

A page's title is its menu label, `nav_*`: one text for both."""

TEXTS: dict[str, dict[str, str]] = {
    "nav_dot": {"en": "6 · What a dot product measures", "zh": "6 · 点积衡量什么"},
    "dot_intro": {
        "en": "A dot product multiplies two vectors number by number and adds the results. A term is "
        "positive when both numbers have the same sign and negative when the signs differ; bigger "
        "numbers make bigger terms. So the sum is large when the two vectors point the same way. "
        "Edit the numbers below and watch the sum.",
        "zh": "点积就是把两个向量的数字逐个相乘，再把乘积加起来。两个数同号时乘积为正，异号时为负；"
        "数值越大，乘积的绝对值越大。所以当两个向量方向一致时，总和就大。修改下面的数字，观察总和的变化。",
    },
    "vector_kind": {"en": "Which vectors", "zh": "比较哪种向量"},
    "vector_qk": {
        "en": "query of A · key of B (what attention uses)",
        "zh": "A 的查询 · B 的键（注意力所用）",
    },
    "vector_x": {"en": "input X of A · input X of B", "zh": "A 的输入 X · B 的输入 X"},
    "word_a": {"en": "Word A", "zh": "词 A"},
    "word_b": {"en": "Word B", "zh": "词 B"},
    "edit_vectors": {
        "en": "Edit the two vectors (your numbers are kept in the page's link)",
        "zh": "编辑这两个向量（你输入的数字会保存在本页链接中）",
    },
    "vector_box": {"en": "{name}: {d} numbers", "zh": "{name}：{d} 个数"},
    "vector_box_help": {
        "en": "Numbers separated by commas or spaces, for example 0.5, -1.2, 3. Press Enter to use "
        "them. An empty box, or Reset, brings back the sentence's vector.",
        "zh": "用逗号或空格分隔的数字，例如 0.5, −1.2, 3。按回车键生效。清空输入框或点击恢复按钮，"
        "即可回到句子中的向量。",
    },
    "vector_not_a_number": {
        "en": "{name}: “{word}” is not a number.",
        "zh": "{name}：“{word}”不是数字。",
    },
    "vector_wrong_length": {
        "en": "{name} needs {d} numbers; it has {got}.",
        "zh": "{name} 需要 {d} 个数，现在有 {got} 个。",
    },
    "vector_too_long": {
        "en": "{name} is longer than {limit} characters.",
        "zh": "{name} 超过了 {limit} 个字符。",
    },
    "vector_model_used": {
        "en": "{why} The sentence's vector is used until it is fixed.",
        "zh": "{why}在改正之前，使用句子中的向量。",
    },
    "reset_vectors": {"en": "Reset to the sentence's vectors", "zh": "恢复为句子中的向量"},
    "vec_a": {"en": "A", "zh": "A"},
    "vec_b": {"en": "B", "zh": "B"},
    "products_table": {
        "en": "A, B and A × B: a term is red when A and B share a sign",
        "zh": "A、B 与 A × B：A 与 B 同号时该项为红色",
    },
    "products": {"en": "A × B, dimension by dimension", "zh": "A × B，逐维相乘"},
    "dot_result": {"en": "Dot product A·B", "zh": "点积 A·B"},
    "cosine_result": {"en": "Cosine (direction only)", "zh": "余弦（只看方向）"},
    "dot_least": {
        "en": "A · the least related of the other words, “{word}”",
        "zh": "A · 其他词中最不相关的“{word}”",
    },
    "dot_explain": {
        "en": "Positive terms: {pos} (sum {pos_sum:.3f}). Negative terms: {neg} (sum {neg_sum:.3f}).",
        "zh": "正项：{pos} 个（和为 {pos_sum:.3f}）。负项：{neg} 个（和为 {neg_sum:.3f}）。",
    },
    "cosine_explain": {
        "en": "The cosine divides the dot product by both lengths ({na:.3f} and {nb:.3f}). It only "
        "measures direction: +1 same way, 0 unrelated, −1 opposite. Attention uses the plain dot "
        "product, so longer vectors also give larger scores.",
        "zh": "余弦把点积除以两个向量的长度（{na:.3f} 和 {nb:.3f}）。它只衡量方向：+1 表示同向，"
        "0 表示无关，−1 表示反向。注意力用的是普通点积，所以向量越长，分数也越大。",
    },
    "ranked": {
        "en": "Every pair of the sentence, ranked by q·k",
        "zh": "句子中所有词对，按 q·k 排序",
    },
    "rank_query": {"en": "query", "zh": "查询"},
    "rank_key": {"en": "key", "zh": "键"},
    "rank_dot": {"en": "q·k", "zh": "q·k"},
    "rank_cos": {"en": "cosine", "zh": "余弦"},
    "dot_notice": {
        "en": "- Flip the sign of one number in A and its term changes sign too.\n"
        "- Doubling every number of A doubles the dot product but leaves the cosine unchanged.\n"
        "- The pair at the top of the ranking is the pair whose vectors agree the most; in a "
        "trained model, related words end up there.",
        "zh": "- 把 A 中某个数的符号取反，对应那一项的符号也会取反。\n"
        "- 把 A 的每个数都乘以 2，点积翻倍，但余弦不变。\n"
        "- 排在最前面的词对，就是向量最一致的一对；在训练好的模型里，相关的词会排到那里。",
    },
    # ---- predict, then reveal (ui/predict.py) ----
}
