"""Texts added by the redesign (to be merged into the per-page text modules)."""

TEXTS: dict[str, dict[str, str]] = {
    "ctx_cross": {"en": "Q: {q} · K, V: {k}", "zh": "Q：{q} · K、V：{k}"},
    "ctx_random_weights": {
        "en": ", W_Q/W_K/W_V random from seed {seed}",
        "zh": "，W_Q/W_K/W_V 由种子 {seed} 随机生成",
    },
    "ctx_causal": {"en": " · causal mask", "zh": " · 因果掩码"},
    "export_nothing": {
        "en": "This page shows no matrices to export.",
        "zh": "本页没有可以导出的矩阵。",
    },
}
TEXTS |= {
    "score_terms_note": {"en": "(placeholder until the texts merge)", "zh": "（占位）"},
    "learned_heading": {
        "en": "Does the query find the word that matters?",
        "zh": "查询能找到真正重要的词吗？",
    },
    "learned_intro": {
        "en": "Which word is relevant to which is something a model learns from data. "
        "On the left, the model trained on page 7 (it learned that the object depends on the verb); "
        "on the right, the toy model, whose weights are random.",
        "zh": "哪个词与哪个词相关，是模型从数据中学到的。"
        "左边是第 7 页训练出的模型（它学到了宾语取决于动词）；右边是玩具模型，它的权重是随机的。",
    },
    "learned_trained": {
        "en": "Learned: weights of “{word}” (model trained on page 7)",
        "zh": "学习所得：“{word}” 的权重（第 7 页训练的模型）",
    },
    "learned_random": {
        "en": "Random: weights of “{word}” (toy model)",
        "zh": "随机：“{word}” 的权重（玩具模型）",
    },
    "learned_random_meaningless": {
        "en": "Random weights give attention that means nothing: any word may win.",
        "zh": "随机权重给出的注意力没有任何意义：哪个词胜出都有可能。",
    },
}
TEXTS |= {
    "specials_hidden_renorm": {
        "en": "[CLS] and [SEP] are hidden, not removed: the model still attends to them. "
        "Each softmax row shown here is divided by what the remaining words got, so it adds up to 1 again "
        "(the thumbnails above too); the row sums below are before hiding.",
        "zh": "[CLS] 和 [SEP] 只是被隐藏，并没有被删除：模型仍然会关注它们。"
        "这里显示的每一行 softmax 权重都除以了剩下的词所得权重之和，因此每行之和重新等于 1（上面的缩略图也一样）；"
        "下面的行和是隐藏之前的。",
    },
}
TEXTS |= {
    "cmp_own_scales": {
        "en": "A and B hold different kinds of number, so each map has its own colour scale.",
        "zh": "A 和 B 中的数属于不同种类，所以两张图各用各的色阶。",
    },
    "cmp_kind_scores": {"en": "scores", "zh": "分数"},
    "cmp_kind_weights": {"en": "softmax weights", "zh": "softmax 权重"},
    "cmp_kind_output": {"en": "output Z", "zh": "输出 Z"},
    "cmp_no_diff_kinds": {
        "en": "No difference map: A holds {a} and B holds {b}. They are different kinds of number, "
        "so subtracting them would mean nothing. Choose “Output Z” to compare what both produce.",
        "zh": "不画差值图：A 是{a}，B 是{b}。它们是不同种类的数，相减没有意义。"
        "选择“输出 Z”，比较两者各自产生的结果。",
    },
    "cmp_no_diff_tokenizers": {
        "en": "No difference map: the toy model and MiniLM cut the sentence into different tokens "
        "(MiniLM adds [CLS] and [SEP] and splits words into pieces), so their rows are not the same words.",
        "zh": "不画差值图：玩具模型和 MiniLM 切分句子的方式不同（MiniLM 会加上 [CLS] 和 [SEP]，"
        "并把单词切成词片），所以它们的行不是同一批词。",
    },
    "cmp_aligned": {
        "en": "Aligned by position: the first {n} tokens of each; where the words differ the label shows both (A/B).",
        "zh": "按位置对齐：取两者各自的前 {n} 个词元；两边的词不同时，标签同时显示两者（A/B）。",
    },
    "cmp_diff_title": {"en": "Difference B − A ({what})", "zh": "差值 B − A（{what}）"},
    "cmp_diff_where": {
        "en": "The largest change in one cell is {d:.4f}, in the row of “{row}”.",
        "zh": "单个格子的最大变化是 {d:.4f}，出现在 “{row}” 这一行。",
    },
    "cmp_diff_none": {
        "en": "Nothing changed: every cell of B equals A.",
        "zh": "没有任何变化：B 的每个格子都与 A 相同。",
    },
    "cmp_notice_sentences": {
        "en": "- Only the words that differ, and the rows that look at them, change colour in the difference map.\n"
        "- A change of one word moves attention in other rows too: every query is compared with every key.\n"
        "- With the toy model the weights are random, so which rows move is arbitrary; "
        "switch the sidebar to MiniLM to ask a trained model.",
        "zh": "- 在差值图里，只有不同的那些词，以及看向它们的行，颜色才会变。\n"
        "- 改一个词，其他行的注意力也会移动：每个查询都要和每个键比较。\n"
        "- 玩具模型的权重是随机的，哪些行会动没有规律；把侧边栏切换到 MiniLM，问问训练过的模型。",
    },
    "cmp_notice_settings": {
        "en": "- Softmax on and off give different kinds of number: compare them through the output Z.\n"
        "- Turning ÷√d_k off multiplies every score by √d_k; with softmax on, rows become sharper.\n"
        "- A new seed or the other model changes every number: the sentence stays, the weights do not.",
        "zh": "- 开启和关闭 softmax 得到的是不同种类的数：请通过输出 Z 来比较。\n"
        "- 关闭 ÷√d_k，每个分数都乘上了 √d_k；在开启 softmax 时，每行会变得更尖锐。\n"
        "- 换一个种子或换一个模型，每个数都会变：句子没变，权重变了。",
    },
}
TEXTS |= {
    "input_intro_minilm": {
        "en": "You are looking at MiniLM, a real pretrained model. Its tokenizer (WordPiece) cuts the sentence "
        "into word pieces and adds [CLS] at the start and [SEP] at the end. Each piece is looked up as a "
        "vector, and a position embedding that the model learned during training (not a sine wave) is added; "
        "the sum is normalised (LayerNorm). For a later layer, X is what the layer before produced. "
        "X then goes through the chosen head's three linear layers, which give Q, K and V.",
        "zh": "现在看到的是 MiniLM，一个真实的预训练模型。它的分词器（WordPiece）把句子切成词片，"
        "并在开头加上 [CLS]、在结尾加上 [SEP]。每个词片查表得到一个向量，再加上模型在训练中学到的位置嵌入"
        "（不是正弦波）；相加的结果还要经过归一化（LayerNorm）。如果选的是后面的层，X 就是前一层的输出。"
        "然后 X 经过所选注意力头的三个线性层，得到 Q、K 和 V。",
    },
    "input_notice_minilm": {
        "en": "- Every matrix still has one row per token, [CLS] and [SEP] included.\n"
        "- The position embeddings were learned, so they cannot be switched off: the model never saw a "
        "sentence without them. Switch the sidebar back to the toy model to take positions away.\n"
        "- Vectors here have 384 numbers; the charts show the first 48 and the CSV holds them all.",
        "zh": "- 每个矩阵仍然是每个词元一行，[CLS] 和 [SEP] 也算在内。\n"
        "- 位置嵌入是学习得到的，因此不能关闭：模型从来没有见过没有位置信息的句子。"
        "把侧边栏切换回玩具模型，才能去掉位置信息。\n"
        "- 这里的向量有 384 个数；图中只显示前 48 个，CSV 文件里有全部数值。",
    },
}
