"""Texts of page 8, the whole module on one screen (app_pages/summary/page.py).

A page's title is its menu label, `nav_*`: one text for both."""

TEXTS: dict[str, dict[str, str]] = {
    "tab_xqkv": {"en": "X, Q, K and V", "zh": "X、Q、K 与 V"},
    "summary_tab_scores": {"en": "Q·Kᵀ, scaled", "zh": "Q·Kᵀ 与缩放"},
    "nav_summary": {"en": "8 · Summary: the whole module", "zh": "8 · 总结：整个模块"},
    "summary_intro": {
        "en": "Your sentence, from tokens to output, with the current settings.",
        "zh": "按当前设置，你的句子从词元到输出的全过程。",
    },
    "summary_recap": {
        "en": "**Recap.** The dot product of a query row with a key row measures how much two words "
        "agree; those agreements, optionally scaled and turned into probabilities by softmax, weight "
        "the value rows, and the weighted sum is each word's output. Which words agree depends "
        "entirely on the embeddings and on W_Q, W_K, W_V — and those are learned. Training pushes "
        "the vectors of words that matter to each other into line, which is why attention finds "
        "relevant words. The three linear layers give the module extra freedom to shape those vectors.",
        "zh": "**回顾。** 查询行与键行的点积衡量两个词有多一致；这些一致程度（可以先缩放，再用 softmax 变成概率）"
        "就是注意力权重，用来给值向量加权，加权和就是每个词的输出。哪些词一致，完全取决于嵌入和 W_Q、W_K、W_V——"
        "而它们都是学到的。训练会把彼此相关的词的向量调整得更一致，这就是注意力能找到相关词的原因。"
        "三个线性层则给了模块更多自由，去塑造这些向量。",
    },
    "summary_notice": {
        "en": "- Change one word of the sentence and watch which rows and columns change everywhere.\n"
        "- Switch softmax off and compare the range of the weights and of Z.",
        "zh": "- 改动句子里的一个词，看看各处哪些行和列随之改变。\n"
        "- 关闭 softmax，比较权重和 Z 的数值范围。",
    },
}
