"""Texts of page 4, the attention score step by step (app_pages/score/page.py).

A page's title is its menu label, `nav_*`: one text for both."""

TEXTS: dict[str, dict[str, str]] = {
    "nav_score": {"en": "4 · The attention score", "zh": "4 · 注意力分数"},
    "score_intro": {
        "en": "First every query row is multiplied with every key row: Q·Kᵀ, the article's "
        "“factor matrix”. Standard transformers then divide by √d_k, optionally by a temperature, "
        "hide future words when the attention is masked, and apply softmax to each row. Finally "
        "the weights multiply V, giving the output Z. The article skips softmax; compare both "
        "versions side by side below.",
        "zh": "首先，每个查询行与每个键行相乘：Q·Kᵀ，也就是原文所说的“因子矩阵”。"
        "标准的 Transformer 接着会除以 √d_k，还可以再除以温度；做掩码注意力时会遮住后面的词；"
        "然后对每一行做 softmax。最后用这些权重乘以 V，得到输出 Z。原文省略了 softmax，"
        "下面把两种做法并排对比。",
    },
    "kind": {"en": "Kind of attention", "zh": "注意力类型"},
    "kind_self": {"en": "Self-attention", "zh": "自注意力"},
    "kind_causal": {"en": "Masked (causal) self-attention", "zh": "掩码（因果）自注意力"},
    "kind_cross": {"en": "Encoder-decoder attention", "zh": "编码器-解码器注意力"},
    "kind_self_help": {
        "en": "Every word may look at every word of the same sentence.",
        "zh": "每个词都可以看向同一句子中的所有词。",
    },
    "kind_causal_help": {
        "en": "Each word may only look at itself and the words before it, as in a decoder that "
        "writes one word at a time. Masked cells are 0 with or without softmax.",
        "zh": "每个词只能看向自己和它之前的词，就像逐词生成的解码器一样。无论 softmax 开启还是关闭，"
        "被遮住的格子都为 0。",
    },
    "kind_cross_help": {
        "en": "Queries come from the target sentence (the decoder), keys and values from the "
        "source sentence (the encoder). The matrix is target words × source words.",
        "zh": "查询来自目标句子（解码器），键和值来自源句子（编码器）。矩阵的大小是目标词数 × 源词数。",
    },
    "source": {"en": "Source sentence (encoder: K, V)", "zh": "源句子（编码器：K、V）"},
    "target": {"en": "Target sentence (decoder: Q)", "zh": "目标句子（解码器：Q）"},
    "score_step1": {"en": "Step 1: the factor matrix", "zh": "第 1 步：因子矩阵"},
    "score_tab2": {"en": "2: Scale", "zh": "2：缩放"},
    "score_tab3": {"en": "3: Softmax off / on", "zh": "3：softmax 关闭 / 开启"},
    "score_tab4": {"en": "4: × V", "zh": "4：乘以 V"},
    "score_sidebar_now": {
        "en": "The sidebar currently has softmax **{state}**; the rest of the app uses that choice.",
        "zh": "侧边栏当前 softmax 为**{state}**；应用的其余部分都采用这个选择。",
    },
    "row_sums": {"en": "Row sums", "zh": "每行之和"},
    "col_sum_off": {"en": "sum, softmax off", "zh": "和（softmax 关闭）"},
    "col_sum_on": {"en": "sum, softmax on", "zh": "和（softmax 开启）"},
    "range_off": {
        "en": "Softmax off: values from {lo:.3f} to {hi:.3f}",
        "zh": "softmax 关闭：数值范围 {lo:.3f} 到 {hi:.3f}",
    },
    "range_on": {
        "en": "Softmax on: values from {lo:.3f} to {hi:.3f}",
        "zh": "softmax 开启：数值范围 {lo:.3f} 到 {hi:.3f}",
    },
    "out_off": {"en": "Z with softmax off", "zh": "softmax 关闭时的 Z"},
    "out_on": {"en": "Z with softmax on", "zh": "softmax 开启时的 Z"},
    "score_terms_title": {
        "en": "Two meanings of “attention score”",
        "zh": "“注意力分数”的两种含义",
    },
    "score_terms_note": {
        "en": "In this app a score is one number per pair of "
        "words: Q·Kᵀ, divided by √d_k, which softmax then turns into weights; the output is "
        "Z = weights · V. The article gives the name to Z itself: the factor matrix times V. It also "
        "leaves out softmax and the division by √d_k, so its weights are the raw dot products. To "
        "see the article's “attention score” here, switch softmax and ÷ √d_k off (temperature 1) and "
        "read Z in step 4.",
        "zh": "在本应用中，分数是每一对词之间的一个数：Q·Kᵀ 除以 √d_k，"
        "再由 softmax 变成权重；输出是 Z = 权重 · V。原文则把这个名字给了 Z 本身：因子矩阵乘以 V。"
        "原文还省略了 softmax 和除以 √d_k，所以它的权重就是原始的点积。想在这里看到原文的“注意力分数”，"
        "请关闭 softmax 和 ÷ √d_k（温度为 1），再看第 4 步中的 Z。",
    },
    "score_notice": {
        "en": "- Without softmax the weights can be negative and a row can add up to anything, so "
        "Z grows with the length of the sentence and the size of the vectors.\n"
        "- With softmax every weight lies between 0 and 1 and each row adds up to exactly 1: Z is "
        "then a weighted average of the V rows.\n"
        "- Softmax keeps the order inside a row: the word with the highest score still gets the "
        "highest weight. It changes the numbers, not which word wins.\n"
        "- Lower the temperature to make each row close to “all on one word”; raise it to spread "
        "the weights evenly.",
        "zh": "- softmax 关闭时，注意力权重可以为负，每行之和可以是任意值，因此 Z 会随句子长度和向量大小而变大。\n"
        "- softmax 开启后，每个注意力权重都在 0 到 1 之间，每行之和恰好为 1：Z 就是各个 V 行的加权平均。\n"
        "- softmax 不改变一行内部的大小顺序：分数最高的词权重仍然最高。它改变的是数值，而不是哪个词胜出。\n"
        "- 降低温度会让每行几乎“全部集中在一个词上”；提高温度则让权重更平均。",
    },
    # ---- predict, then reveal (ui/predict.py) ----
}
