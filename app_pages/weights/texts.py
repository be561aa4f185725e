"""Texts of page 3, learnable transformations (app_pages/weights/page.py).

A page's title is its menu label, `nav_*`: one text for both."""

TEXTS: dict[str, dict[str, str]] = {
    "nav_weights": {"en": "3 · Learnable transformations", "zh": "3 · 可学习的变换"},
    "weights_intro": {
        "en": "W_Q, W_K and W_V (and the embedding table) are parameters: numbers the model owns "
        "and can change. Beside the model's own set, another drawn at random from a seed: the "
        "same sentence, other weights. Only training can say which set is right (page 7 shows "
        "it); the default model's set was learned.",
        "zh": "W_Q、W_K、W_V（以及嵌入表）都是参数：属于模型、可以改变的数字。这里把模型自己的参数"
        "和用种子随机生成的另一组并排对比：句子相同，参数不同，注意力权重也就不同。哪一组才对？只有训练能回答（第 7 页会展示）；"
        "默认模型的参数就是学到的。",
    },
    "seed_b": {"en": "Second seed", "zh": "第二个种子"},
    "set_toy": {"en": "Random weights, seed {seed}", "zh": "随机参数，种子 {seed}"},
    "set_pretrained": {
        "en": "Learned weights: MiniLM layer {layer}, head {head}",
        "zh": "学到的参数：MiniLM 层 {layer} · 头 {head}",
    },
    "set_trained": {"en": "Weights trained on page 7", "zh": "在第 7 页训练的参数"},
    "set_distilled": {
        "en": "Learned weights (from MiniLM L{layer} H{heads})",
        "zh": "学到的参数（学自 MiniLM 层 {layer} · 头 {heads}）",
    },
    "set_random": {
        "en": "Random weights, seed {seed}, same X",
        "zh": "随机参数，种子 {seed}，X 相同",
    },
    "weights_learned_vs_random": {
        "en": "Left: weights that were learned. Right: random weights of the same shape applied to the very same X. "
        "Compare how the two weight patterns differ.",
        "zh": "左边是学到的参数，右边是形状相同的随机参数，两者作用在完全相同的 X 上。比较两边的注意力权重有何不同。",
    },
    "weights_same_seed": {
        "en": "Both seeds are equal, so both sides are identical. Pick a different second seed.",
        "zh": "两个种子相同，所以两边完全一样。请把第二个种子换成别的数。",
    },
    "weights_diff_label": {
        "en": "Largest difference in one attention weight, left vs right",
        "zh": "左右两图同一个注意力权重的最大差值",
    },
    "weights_notice": {
        "en": "- W_Q, W_K and W_V have d_model rows and d_k columns, whatever the sentence: "
        "the same layers are applied to every word.\n"
        "- A different seed changes every weight, and so every score, for the very same words.\n"
        "- In a real transformer these numbers are not chosen by hand or by chance: they are "
        "learned from data.",
        "zh": "- 无论句子是什么，W_Q、W_K、W_V 都有 d_model 行、d_k 列：同一组线性层作用在每个词上。\n"
        "- 换一个种子会改变每个参数，于是同样的词也会得到完全不同的分数。\n"
        "- 在真正的 Transformer 中，这些数字不是手选或随机的，而是从数据中学到的。",
    },
    # ---- predict, then reveal (ui/predict.py) ----
    "pq_opt_mostly": {
        "en": "Nearly every time: the words themselves decide",
        "zh": "几乎每次都会：由词本身决定",
    },
    "pq_opt_chance": {
        "en": "Only now and then, by chance",
        "zh": "只是偶尔，纯属偶然",
    },
}
