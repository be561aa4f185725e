"""Texts of the glossary page, and its list of terms (app_pages/glossary/page.py).

A page's title is its menu label, `nav_*`: one text for both."""

TEXTS: dict[str, dict[str, str]] = {
    "nav_glossary": {"en": "Glossary", "zh": "术语表"},
    "glossary_intro": {
        "en": "The words of this dashboard in English and Chinese, each with a one-line meaning and a link "
        "to the page that shows it.",
        "zh": "本应用用到的术语，中英对照，每条附一句解释和展示它的页面链接。",
    },
    "glossary_term": {"en": "English", "zh": "英文"},
    "glossary_zh": {"en": "Chinese", "zh": "中文"},
    "glossary_meaning": {"en": "Meaning", "zh": "含义"},
    "glossary_see": {"en": "See {page}", "zh": "参见 {page}"},
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
        "zh": "三个学到的参数矩阵，把每一行输入 X 变成它的查询、键和值。",
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
        "en": "In this app: one number per pair of words, how strongly one attends to the other "
        "(Q·Kᵀ, divided by √d_k); softmax turns a row of scores into weights. The article uses the "
        "name for something else: see the next line.",
        "zh": "在本应用中：每一对词之间的一个数，表示一个词对另一个词的关注强度（Q·Kᵀ，再除以 √d_k）；"
        "softmax 把一行分数变成权重。原文用这个名字指的是另一样东西：见下一行。",
    },
    "gloss_score_article": {
        "en": "The article's “attention score” is Z: the factor matrix times V, one row per word, "
        "the module's output. It skips softmax and the division by √d_k, so its weights are the raw "
        "dot products. Here that is the output Z with both switched off (temperature 1).",
        "zh": "原文的“注意力分数”是 Z：因子矩阵乘以 V，每个词一行，也就是模块的输出。"
        "它跳过了 softmax 和除以 √d_k，所以它的权重就是原始的点积。在本应用中，"
        "它对应关闭这两个开关（温度为 1）时的输出 Z。",
    },
    "gloss_scaling": {
        "en": "Dividing scores by √d_k so they do not grow with the vector width. The article leaves it out.",
        "zh": "把分数除以 √d_k，让它们不随向量维度变大。原文省略了这一步。",
    },
    "gloss_softmax": {
        "en": "Turns a row of scores into positive weights that add up to 1. The article leaves it out.",
        "zh": "把一行分数变成和为 1 的正权重。原文省略了这一步。",
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
        "en": "Each word's new vector: the value rows weighted by its attention weights. "
        "The article calls it the attention score.",
        "zh": "每个词的新向量：用它的注意力权重加权后的值向量之和。原文把它叫作注意力分数。",
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
        "zh": "来自固定词表的词的片段；“##”表示接在前一片后面。",
    },
}

# (id, English term, Chinese term, the page that shows it); meanings are TEXTS["gloss_<id>"]
GLOSSARY: tuple[tuple[str, str, str, str], ...] = (
    ("token", "token", "词元", "app_pages/input/page.py"),
    ("embedding", "embedding", "嵌入（词向量）", "app_pages/input/page.py"),
    ("positional", "positional encoding", "位置编码", "app_pages/input/page.py"),
    (
        "linear",
        "linear layer (W_Q, W_K, W_V)",
        "线性层（W_Q、W_K、W_V）",
        "app_pages/weights/page.py",
    ),
    ("query", "query", "查询", "app_pages/roles/page.py"),
    ("key", "key", "键", "app_pages/roles/page.py"),
    ("value", "value", "值", "app_pages/roles/page.py"),
    ("factor", "factor matrix (Q·Kᵀ)", "因子矩阵（Q·Kᵀ）", "app_pages/score/page.py"),
    ("score", "attention score", "注意力分数", "app_pages/score/page.py"),
    (
        "score_article",
        "“attention score” in the article",
        "原文中的“注意力分数”",
        "app_pages/score/page.py",
    ),
    ("scaling", "scaling by √d_k", "按 √d_k 缩放", "app_pages/score/page.py"),
    ("softmax", "softmax", "softmax（归一化指数函数）", "app_pages/score/page.py"),
    ("temperature", "temperature", "温度", "app_pages/score/page.py"),
    ("mask", "causal mask", "因果掩码", "app_pages/score/page.py"),
    ("self", "self-attention", "自注意力", "app_pages/score/page.py"),
    ("cross", "encoder-decoder attention", "编码器-解码器注意力", "app_pages/score/page.py"),
    (
        "output",
        "output Z (weighted sum of values)",
        "输出 Z（值的加权和）",
        "app_pages/roles/page.py",
    ),
    ("dot", "dot product", "点积", "app_pages/dot/page.py"),
    ("cosine", "cosine similarity", "余弦相似度", "app_pages/dot/page.py"),
    ("row", "row (one word)", "行（一个词）", "app_pages/rows/page.py"),
    ("head", "attention head", "注意力头", "app_pages/real_model/page.py"),
    ("wordpiece", "word piece", "词片", "app_pages/real_model/page.py"),
)
