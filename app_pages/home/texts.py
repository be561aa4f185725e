"""Texts of the home page: the app in a few lines, the pipeline at a glance, one line per page (app_pages/home/page.py).

A page's title is its menu label, `nav_*`: one text for both."""

TEXTS: dict[str, dict[str, str]] = {
    "nav_home": {"en": "Start: why attention works", "zh": "开始：注意力为什么有效"},
    "home_intro": {
        "en": "This dashboard walks through a single self-attention module with a sentence of your "
        "own. Each page matches one section of Ketan Doshi's article *Transformers Explained "
        "Visually, Part 4: Not Just How, but Why They Work So Well*. Every matrix is drawn as a "
        "heatmap with one labelled row per word, and every number is computed live from your "
        "sentence and the settings in the sidebar.",
        "zh": "本应用用你自己输入的句子，一步步拆解一个自注意力模块。每一页对应 Ketan Doshi 的文章《Transformers Explained Visually, Part 4：不仅是怎么做，更是为什么有效》中的一节。每个矩阵都画成热力图，每一行对应一个带标签的词；所有数字都根据你的句子和侧边栏的设置实时计算。",
    },
    "home_softmax": {
        "en": "The article leaves softmax out of its attention score on purpose. Here you can switch "
        "softmax (and the division by √d_k) on and off on every page and see exactly what changes.",
        "zh": "原文在计算注意力分数时有意省略了 softmax。在这里，你可以在每一页开启或关闭 softmax"
        "（以及除以 √d_k 的缩放），亲眼看到到底改变了什么。",
    },
    "home_glance": {"en": "The pipeline at a glance", "zh": "流程一览"},
    "home_pages": {"en": "The pages", "zh": "各页内容"},
    "home_toy": {
        "en": "By default the model is a small learned head: its vectors and its W_Q, W_K, W_V were "
        "trained (distilled from a real pretrained model) so that an object looks at its verb, as "
        "the article describes. How often it does, measured on generated sentences: {rates} Under "
        "the weights chart, the app says whether your own sentence shows it. “Random (before "
        "learning)” in the sidebar shows the same module with weights drawn from a seed, where the "
        "patterns mean nothing: page 7 trains such a module in front of you.",
        "zh": "默认模型是一个小注意力头，它的向量和参数 W_Q、W_K、W_V 都是学到的（从一个真实的预训练模型蒸馏而来），"
        "目的是让宾语像文章描述的那样关注它的动词。在生成的句子上测得它做到的比例：{rates}"
        "在注意力权重图下面，本应用会告诉你：你自己的句子是否体现了这一点。侧边栏里的“随机（学习之前）”是同一个模块，"
        "但参数由种子随机生成，看到的模式没有意义；第 7 页会当场训练这样一个模块。",
    },
    "rates_both": {
        "en": "in English most often with {en_best}; least often with {en_worst}. In Chinese most "
        "often with {zh_best}; least often with {zh_worst}.",
        "zh": "英文句子中，最常做到的是{en_best}；最少做到的是{en_worst}。中文句子中，最常做到的是{zh_best}；"
        "最少做到的是{zh_worst}。",
    },
    "rate_item": {"en": "{form}: {rate:.0%}", "zh": "{form}：{rate:.0%}"},
    "desc_nav_input": {
        "en": "tokens, embeddings, positions, and the three linear layers",
        "zh": "词元、嵌入、位置编码，以及三个线性层",
    },
    "desc_nav_rows": {
        "en": "follow one word's row through every matrix",
        "zh": "跟着一个词的那一行走过每个矩阵",
    },
    "desc_nav_weights": {
        "en": "the learnable matrices, and what other values would do",
        "zh": "可学习的矩阵，以及换一组数值会怎样",
    },
    "desc_nav_score": {
        "en": "Q·Kᵀ, scaling, mask, softmax off and on, × V",
        "zh": "Q·Kᵀ、缩放、掩码、softmax 开启与关闭、× V",
    },
    "desc_nav_roles": {
        "en": "one query against every key, its output built term by term",
        "zh": "一个查询对所有键，逐项构建它的输出",
    },
    "desc_nav_dot": {
        "en": "why a dot product measures agreement; edit the vectors",
        "zh": "为什么点积衡量一致程度；可以编辑向量",
    },
    "desc_nav_learn": {
        "en": "train a tiny model live and watch relevance emerge",
        "zh": "现场训练一个小模型，看相关性如何出现",
    },
    "desc_nav_summary": {"en": "the whole module on one screen", "zh": "一屏看完整个模块"},
    "desc_nav_real": {
        "en": "all 72 heads of a pretrained transformer, softmax switch included",
        "zh": "预训练 Transformer 的全部 72 个头，同样可以开启或关闭 softmax",
    },
    "desc_nav_compare": {
        "en": "two sentences or two settings side by side, with their difference",
        "zh": "两个句子或两种设置并排对比，并给出差值",
    },
    "desc_nav_present": {
        "en": "the 45-minute lesson on why attention works, one step at a time in large type, with speaker notes",
        "zh": "45 分钟的“注意力为什么有效”一课：大字号，一次一步，附讲者备注",
    },
    "desc_nav_class": {
        "en": "a lesson the whole class answers together on their phones",
        "zh": "全班用手机一起作答的一堂课",
    },
    "desc_nav_join": {
        "en": "students: join the class with its code",
        "zh": "学生：输入课堂码加入课堂",
    },
    "desc_nav_glossary": {"en": "every term in English and Chinese", "zh": "所有术语的中英对照"},
    "glance_tokens_now": {
        "en": "Your sentence now has {n} tokens: {tokens}",
        "zh": "你的句子现在有 {n} 个词元：{tokens}",
    },
    "desc_nav_qk_map": {
        "en": "one head's queries and keys on a map: a query's arrow points to the keys it weighs",
        "zh": "把一个头的查询和键画在一张地图上：查询的箭头指向它看重的键",
    },
    "desc_nav_atlas": {
        "en": "what each of MiniLM's 72 heads does, measured over many sentences",
        "zh": "在许多句子上测量 MiniLM 的 72 个头各自在做什么",
    },
    "desc_nav_variant": {
        "en": "change one word and see which heads react most",
        "zh": "改动一个词，看看哪些头反应最大",
    },
}
