"""Texts of the compare page (app_pages/compare/page.py).

A page's title is its menu label, `nav_*`: one text for both."""

from ui.texts import TEXTS as SHARED

TEXTS: dict[str, dict[str, str]] = {
    "nav_compare": {"en": "Compare two attention maps", "zh": "对比两张注意力图"},
    "compare_intro": {
        "en": "Put two sentences, or one sentence under two settings, side by side. "
        "When both hold the same kind of number they share one colour scale, and the difference B − A, "
        "lined up word by word from the start, shows what changed.",
        "zh": "把两个句子，或同一个句子在两种设置下的结果并排放在一起。"
        "当两边是同一种数时，它们共用一个色阶；差值 B − A 从句首开始逐词对齐，显示改变了什么。",
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
    "cmp_setting_source": {
        "en": "learned weights against random ones",
        "zh": "学到的参数与随机参数",
    },
    "cmp_sentence_a": {"en": "Sentence A", "zh": "句子 A"},
    "cmp_sentence_b": {"en": "Sentence B", "zh": "句子 B"},
    "cmp_label_a": {"en": "A: {what}", "zh": "A：{what}"},
    "cmp_label_b": {"en": "B: {what}", "zh": "B：{what}"},
    "cmp_no_diff_width": {
        "en": "No difference map: the two outputs have different widths ({da} and {db} numbers per word).",
        "zh": "不画差值图：两个输出的维度不同（每个词分别有 {da} 和 {db} 个数）。",
    },
    "cmp_same_scale": {
        "en": "Both maps share one colour scale, so equal colours mean equal numbers.",
        "zh": "两张图共用一个色阶，所以相同的颜色代表相同的数值。",
    },
    "cmp_own_scales": {
        "en": "A and B hold different kinds of number, so each map has its own colour scale.",
        "zh": "A 和 B 中的数属于不同种类，所以两张图各用各的色阶。",
    },
    "cmp_kind_scores": {"en": "scores", "zh": "分数"},
    "cmp_kind_weights": {"en": "softmax weights", "zh": "softmax 权重"},
    "cmp_kind_output": {"en": "output Z", "zh": "输出 Z"},
    "cmp_no_diff_kinds": {
        "en": "No difference map: A holds {a} and B holds {b}. They are different kinds of number, so subtracting them would mean nothing. Choose “Output Z” to compare what both produce.",
        "zh": "不画差值图：A 是“{a}”，B 是“{b}”。它们是不同种类的数，相减没有意义。选择“输出 Z”，比较两者各自产生的结果。",
    },
    "cmp_no_diff_tokenizers": {
        "en": "No difference map: the two models cut the sentence into different tokens (MiniLM adds [CLS] and [SEP] and splits words into pieces), so their rows are not the same words.",
        "zh": "不画差值图：两个模型切分句子的方式不同（MiniLM 会加上 [CLS] 和 [SEP]，并把单词切成词片），所以它们的行不是同一批词。",
    },
    "cmp_aligned": {
        "en": "Aligned by position: the first {n} tokens of each; where the words differ the label shows both (A/B).",
        "zh": "按位置对齐：取两者各自的前 {n} 个词元；两边的词不同时，标签同时显示两者（A/B）。",
    },
    "cmp_diff_title": {"en": "Difference B − A ({what})", "zh": "差值 B − A（{what}）"},
    "cmp_diff_legend": {"en": "difference of {what}", "zh": "差值：{what}"},
    "cmp_diff_where": {
        "en": "The largest change in one cell is {d:.4f}, in the row of “{row}”.",
        "zh": "单个格子的最大变化是 {d:.4f}，出现在“{row}”这一行。",
    },
    "cmp_diff_none": {
        "en": "Nothing changed: every cell of B equals A.",
        "zh": "没有任何变化：B 的每个格子都与 A 相同。",
    },
    "cmp_notice_sentences": {
        "en": "- The word that differs moves its own row and column the most; the other rows shift "
        "a little, because each row's weights still add up to 1.\n"
        "- With learned weights the roles survive the swap: change who drinks, and the drink "
        "still looks most at the verb.\n"
        "- With random weights (before learning) which cells move is arbitrary: pick "
        "“learned weights against random ones” under “One sentence, two settings” to see both.",
        "zh": "- 换掉的那个词，它自己的行和列变化最大；其他行只稍有移动，因为每行的注意力权重加起来仍然是 1。\n"
        "- 用学到的参数时，词的角色经得起替换：换一个喝东西的主语，被喝的东西仍然最关注动词。\n"
        "- 用随机参数时（学习之前），哪些格子会变毫无规律：在“同一句子，两种设置”里选“学到的参数与随机参数”，"
        "就能看到两者的对比。",
    },
    "cmp_notice_settings": {
        "en": "- Softmax on and off give different kinds of number: compare them through the output Z.\n- Turning ÷√d_k off multiplies every score by √d_k; with softmax on, rows become sharper.\n- A new seed or the other model changes every number: the sentence stays, the weights do not.",
        "zh": "- 开启和关闭 softmax 得到的是不同种类的数：请通过输出 Z 来比较。\n- 关闭 ÷√d_k，每个分数都乘上了 √d_k；在开启 softmax 时，每行会变得更尖锐。\n- 换一个种子或换一个模型，每个数都会变：句子没变，参数变了。",
    },
}
