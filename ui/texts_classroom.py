"""Translation table entries for the classroom pages (compare, glossary, present).

Merged into ui.i18n.TEXTS: one table, kept in parts so features can be edited apart.
"""

TEXTS: dict[str, dict[str, str]] = {
    # ---- compare ------------------------------------------------------------------------------
    "nav_compare": {"en": "Compare", "zh": "对比"},
    "compare_title": {"en": "Compare two attention maps", "zh": "对比两张注意力图"},
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
    "cmp_setting_softmax": {"en": "softmax", "zh": "softmax"},
    "cmp_setting_scale": {"en": "÷ √d_k", "zh": "÷ √d_k"},
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
    # ---- glossary -----------------------------------------------------------------------------
    "nav_glossary": {"en": "Glossary", "zh": "术语表"},
    "glossary_title": {"en": "Glossary · 术语表", "zh": "术语表 · Glossary"},
    "glossary_intro": {
        "en": "The words of this dashboard in English and Chinese, each with a one-line meaning and a link "
        "to the page that shows it.",
        "zh": "本仪表盘用到的术语，中英对照，每个都附有一句话的解释，以及展示它的页面链接。",
    },
    "glossary_term": {"en": "English", "zh": "英文"},
    "glossary_zh": {"en": "Chinese", "zh": "中文"},
    "glossary_meaning": {"en": "Meaning", "zh": "含义"},
    "glossary_see": {"en": "See", "zh": "参见"},
}

# (id, English term, Chinese term, the page that shows it); meanings are TEXTS["gloss_<id>"]
GLOSSARY: tuple[tuple[str, str, str, str], ...] = (
    ("token", "token", "词元", "app_pages/input.py"),
    ("embedding", "embedding", "嵌入（词向量）", "app_pages/input.py"),
    ("positional", "positional encoding", "位置编码", "app_pages/input.py"),
    ("linear", "linear layer (W_Q, W_K, W_V)", "线性层（W_Q、W_K、W_V）", "app_pages/weights.py"),
    ("query", "query", "查询", "app_pages/roles.py"),
    ("key", "key", "键", "app_pages/roles.py"),
    ("value", "value", "值", "app_pages/roles.py"),
    ("factor", "factor matrix (Q·Kᵀ)", "因子矩阵（Q·Kᵀ）", "app_pages/score.py"),
    ("score", "attention score", "注意力分数", "app_pages/score.py"),
    ("scaling", "scaling by √d_k", "按 √d_k 缩放", "app_pages/score.py"),
    ("softmax", "softmax", "softmax（归一化指数函数）", "app_pages/score.py"),
    ("temperature", "temperature", "温度", "app_pages/score.py"),
    ("mask", "causal mask", "因果掩码", "app_pages/score.py"),
    ("self", "self-attention", "自注意力", "app_pages/score.py"),
    ("cross", "encoder-decoder attention", "编码器-解码器注意力", "app_pages/score.py"),
    ("output", "output Z (weighted sum of values)", "输出 Z（值的加权和）", "app_pages/roles.py"),
    ("dot", "dot product", "点积", "app_pages/dot.py"),
    ("cosine", "cosine similarity", "余弦相似度", "app_pages/dot.py"),
    ("row", "row (one word)", "行（一个词）", "app_pages/rows.py"),
    ("head", "attention head", "注意力头", "app_pages/real_model.py"),
    ("wordpiece", "word piece", "词片", "app_pages/real_model.py"),
)

TEXTS.update(
    {
        "gloss_token": {
            "en": "One unit of text the model reads: a word, a punctuation mark, a Chinese character or a word piece.",
            "zh": "模型读取的最小文本单位：一个词、一个标点、一个汉字或一个词片。",
        },
        "gloss_embedding": {
            "en": "The vector of numbers that stands for a token before attention.",
            "zh": "在注意力之前代表一个词元的一串数字（向量）。",
        },
        "gloss_positional": {
            "en": "Numbers added to each embedding that depend only on the token's position.",
            "zh": "加到每个嵌入上、只取决于词元位置的一组数字。",
        },
        "gloss_linear": {
            "en": "Three learned matrices that turn each input row X into its query, key and value.",
            "zh": "三个学习得到的矩阵，把每一行输入 X 变成它的查询、键和值。",
        },
        "gloss_query": {
            "en": "The vector of the word that is looking: what it is searching for.",
            "zh": "发出“注视”的那个词的向量：它在寻找什么。",
        },
        "gloss_key": {
            "en": "The vector of a word being looked at, compared with the query.",
            "zh": "被注视的词的向量，用来与查询比较。",
        },
        "gloss_value": {
            "en": "What a word hands over when it is attended to.",
            "zh": "一个词被关注时所提供的内容。",
        },
        "gloss_factor": {
            "en": "The article's name for Q·Kᵀ: every query dotted with every key.",
            "zh": "原文对 Q·Kᵀ 的称呼：每个查询与每个键的点积。",
        },
        "gloss_score": {
            "en": "How strongly one word attends to another, before or after softmax.",
            "zh": "一个词对另一个词的关注强度，可以在 softmax 之前或之后。",
        },
        "gloss_scaling": {
            "en": "Dividing scores by √d_k so they do not grow with the vector width.",
            "zh": "把分数除以 √d_k，让它们不随向量宽度变大。",
        },
        "gloss_softmax": {
            "en": "Turns a row of scores into positive weights that add up to 1.",
            "zh": "把一行分数变成和为 1 的正权重。",
        },
        "gloss_temperature": {
            "en": "A divisor of the scores: low makes softmax pick one word, high spreads it out.",
            "zh": "分数的除数：低温让 softmax 集中到一个词上，高温让它更分散。",
        },
        "gloss_mask": {
            "en": "Hides later words so each word only attends to itself and earlier words.",
            "zh": "遮住后面的词，让每个词只关注自己和之前的词。",
        },
        "gloss_self": {
            "en": "Queries, keys and values all come from the same sentence.",
            "zh": "查询、键和值都来自同一个句子。",
        },
        "gloss_cross": {
            "en": "Queries come from the target sentence, keys and values from the source.",
            "zh": "查询来自目标句子，键和值来自源句子。",
        },
        "gloss_output": {
            "en": "Each word's new vector: the value rows weighted by its attention weights.",
            "zh": "每个词的新向量：用它的注意力权重加权后的值向量之和。",
        },
        "gloss_dot": {
            "en": "Multiply two vectors number by number and add: large when they point the same way.",
            "zh": "两个向量逐个相乘再相加：方向一致时结果大。",
        },
        "gloss_cosine": {
            "en": "The dot product divided by both lengths: direction only, from −1 to 1.",
            "zh": "点积除以两个向量的长度：只看方向，范围 −1 到 1。",
        },
        "gloss_row": {
            "en": "In every matrix here, one row belongs to one word of the sentence.",
            "zh": "这里的每个矩阵中，一行对应句子里的一个词。",
        },
        "gloss_head": {
            "en": "One of several attention modules side by side, each with its own W_Q, W_K, W_V.",
            "zh": "并列的多个注意力模块之一，每个都有自己的 W_Q、W_K、W_V。",
        },
        "gloss_wordpiece": {
            "en": "A piece of a word from a fixed vocabulary; “##” marks a continuation.",
            "zh": "来自固定词表的词的片段；“##” 表示接在前一片后面。",
        },
    }
)
