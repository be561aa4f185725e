"""Texts of page 1, how the input sequence reaches attention (app_pages/input/page.py).

A page's title is its menu label, `nav_*`: one text for both."""

TEXTS: dict[str, dict[str, str]] = {
    "nav_input": {"en": "1 · How the input gets in", "zh": "1 · 输入如何进入注意力"},
    "input_intro": {
        "en": "Before attention, the sentence is cut into tokens and each token is looked up as a "
        "vector (its embedding). {positions} The result, X, goes through three linear layers that "
        "make the queries Q, the keys K and the values V.",
        "zh": "在注意力开始之前，句子先被切分成词元，每个词元查表得到一个向量（嵌入）。{positions}"
        "这样得到的 X 分别经过三个独立的线性层，产生查询矩阵 Q、键矩阵 K 和值矩阵 V。",
    },
    "input_intro_minilm": {
        "en": "You are looking at MiniLM, a real pretrained model. Its tokenizer (WordPiece) cuts the "
        "sentence into word pieces and adds [CLS] at the start and [SEP] at the end. Each piece is "
        "looked up as a vector. {positions} The sum is normalised (LayerNorm); for a later layer, "
        "X is what the layer before produced. X then goes through the chosen head's three linear "
        "layers, which give Q, K and V.",
        "zh": "现在看到的是 MiniLM，一个真实的预训练模型。它的分词器（WordPiece）把句子切成词片，"
        "并在开头加上 [CLS]、在结尾加上 [SEP]。每个词片查表得到一个向量。{positions}"
        "相加的结果还要经过归一化（LayerNorm）；如果选的是后面的层，X 就是前一层的输出。"
        "然后 X 经过所选注意力头的三个线性层，得到 Q、K 和 V。",
    },
    "positions_sinusoidal": {
        "en": "Then fixed sine and cosine waves, different at every place, are added (the positional "
        "encoding): without them, a repeated word would get the same row.",
        "zh": "接着加上位置编码：一组固定的正弦和余弦波，句子里每个位置各不相同。"
        "没有它，同一个词出现两次，两次得到的行会完全一样。",
    },
    "positions_learned": {
        "en": "Then a position embedding is added, one vector per place, learned in training like "
        "the word vectors (not sine waves): without it, a repeated word would get the same row.",
        "zh": "接着加上位置编码：句子里每个位置一个向量。这些向量和嵌入一样，是模型在训练中学到的，"
        "不是正弦波。没有它们，同一个词出现两次，两次得到的行会完全一样。",
    },
    "input_tokens": {"en": "Tokens", "zh": "词元"},
    "input_notice": {
        "en": "- Every matrix has exactly one row per token, in sentence order; the columns are "
        "dimensions, not words.\n"
        "- Case is ignored when looking up a word: “The” and “the” start from the same vector.",
        "zh": "- 每个矩阵都恰好每个词元一行，按句子顺序排列；列是维度，不是词。\n"
        "- 查词时不区分大小写：“The”和“the”的初始向量相同。",
    },
    "input_notice_pe": {
        "en": "- Switch **positional encoding** off in the sidebar: a repeated word then gets "
        "identical rows in X, Q, K and V, because nothing but its position told them apart.",
        "zh": "- 在侧边栏关闭**位置编码**：重复的词在 X、Q、K、V 中的行就会完全相同，"
        "因为此前区分它们的只有位置。",
    },
    "input_notice_minilm": {
        "en": "- Every matrix still has one row per token, [CLS] and [SEP] included.\n"
        "- Vectors here have 384 numbers; the charts show the first 48 and the CSV holds them all.",
        "zh": "- 每个矩阵仍然是每个词元一行，[CLS] 和 [SEP] 也算在内。\n"
        "- 这里的向量有 384 个数；图中只显示前 48 个，CSV 文件里有全部数值。",
    },
    "identical_rows": {
        "en": "Identical rows right now (positional encoding is off): {pairs}",
        "zh": "目前完全相同的行（位置编码已关闭）：{pairs}",
    },
    "distinct_rows": {
        "en": "Repeated words {pairs} have different rows because their positions differ.",
        "zh": "重复的词 {pairs} 的行并不相同，因为它们的位置不同。",
    },
    "distinct_rows_try": {
        "en": "{why} Turn positional encoding off to see them become identical.",
        "zh": "{why}关闭位置编码，就能看到它们变得完全一样。",
    },
    # ---- predict, then reveal (ui/predict.py) ----
}
