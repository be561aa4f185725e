"""Texts of presenter mode (app_pages/present/page.py).

A page's title is its menu label, `nav_*`: one text for both."""

TEXTS: dict[str, dict[str, str]] = {
    "nav_present": {"en": "Presenter mode", "zh": "演示模式"},
    "present_intro": {
        "en": "One step of attention at a time, in large type for a projector. Use Next and Back; the strip "
        "shows where you are. The sidebar stays available but starts folded away.",
        "zh": "一次只讲注意力的一个步骤，字号放大，适合投影。使用“下一步”和“上一步”；上方的步骤条显示当前位置。"
        "侧边栏仍然可用，只是默认收起。",
    },
    "present_back": {"en": "Back", "zh": "上一步"},
    "present_next": {"en": "Next", "zh": "下一步"},
    "present_counter": {"en": "Step {i} of {n}", "zh": "第 {i} 步，共 {n} 步"},
    "present_example": {
        "en": "Worked example (d_model 4, d_k 2)",
        "zh": "手算示例（d_model 4，d_k 2）",
    },
    "present_example_help": {
        "en": "Sets the sentence to “{text}”, random weights with d_model 4 and d_k 2, and numbers in every cell: small enough "
        "to check on the board. Your own sentence and settings come back with the button that then appears.",
        "zh": "把句子设为“{text}”，换成随机权重，d_model 设为 4，d_k 设为 2，并在每个格子里显示数值：小到可以在黑板上手算验证。之后出现的按钮可以恢复你自己的句子和设置。",
    },
    "present_restore": {"en": "Back to my sentence", "zh": "恢复我的句子"},  # and its sizes,
    "present_toy_only": {
        "en": "Presenter mode walks through a small model; switch the source to Learned (small) or Random to use it.",
        "zh": "演示模式讲解的是一个小模型；请先把向量来源切换为“已学习（小模型）”或“随机（学习之前）”。",
    },
    "pexplain_tokens": {
        "en": "The sentence is cut into tokens. Each one will become one row of every matrix that follows.",
        "zh": "句子被切分成词元。每个词元都会成为后面每个矩阵中的一行。",
    },
    "pexplain_embed": {
        "en": "Each token is looked up as a vector of d_model numbers: its embedding.",
        "zh": "每个词元查表得到一个由 d_model 个数组成的向量：它的嵌入。",
    },
    "pexplain_pos": {
        "en": "A positional encoding is added, so equal words at different places get different rows: X.",
        "zh": "加上位置编码，让相同的词在不同位置得到不同的行：这就是 X。",
    },
    "pexplain_qkv": {
        "en": "Three linear layers turn each row of X into a query, a key and a value.",
        "zh": "三个线性层把 X 的每一行分别变成一个查询、一个键和一个值。",
    },
    "pexplain_factor": {
        "en": "Every query is dotted with every key: row i, column j says how well word i's query matches word j's key.",
        "zh": "每个查询与每个键做点积：第 i 行第 j 列表示词 i 的查询与词 j 的键有多匹配。",
    },
    "pexplain_scale": {
        "en": "The scores are divided by √d_k (and by the temperature, if it is not 1), so they stay in a moderate range.",
        "zh": "分数除以 √d_k（温度不为 1 时还要除以温度），让它们保持在适中的范围内。",
    },
    "pexplain_softmax": {
        "en": "Softmax turns each row into weights between 0 and 1 that add up to 1.",
        "zh": "softmax 把每一行变成 0 到 1 之间、和为 1 的权重。",
    },
    "pexplain_out": {
        "en": "Each word's output is its weights times the value rows, added up: Z = weights · V.",
        "zh": "每个词的输出就是用它的权重乘以各个值向量再相加：Z = 权重 · V。",
    },
    "present_ask": {"en": "Ask first", "zh": "先提问"},
    "present_ask_help": {
        "en": "Before a step's chart, ask the room a question about it; the chart comes with the answer.",
        "zh": "在每一步的图出现之前，先向全班提一个关于它的问题；答案揭晓时图才出现。",
    },
}
