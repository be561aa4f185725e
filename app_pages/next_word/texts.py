"""Texts of the next-word page (SmolLM2-135M) (app_pages/next_word/page.py).

A page's title is its menu label, `nav_*`: one text for both."""

TEXTS: dict[str, dict[str, str]] = {
    "nav_next_word": {"en": "The next word", "zh": "下一个词"},
    # the home page's line for this page (app_pages/home/page.py reads desc_ + the menu label)
    "desc_nav_next_word": {
        "en": "a real generative model predicts your prompt's next token, and which words it looked at",
        "zh": "一个真实的生成式模型预测提示词的下一个词元，以及它看了哪些词",
    },
    "nw_intro": {
        "en": "A generative model reads left to right and predicts the next token; attention "
        "decides which earlier words matter for that guess. Here: SmolLM2-135M, a real model "
        "({layers} layers × {heads} heads), run in numpy on your prompt.",
        "zh": "生成式模型从左到右读，预测下一个词元（token）；注意力决定前面哪些词与这个预测相关。"
        "这里是真实模型 SmolLM2-135M（{layers} 层 × {heads} 个头），用 numpy 运行。"
        "它只读英文，所以提示词是英文的。",
    },
    "nw_sentence_help": {
        "en": "This page continues its own prompt, in the box on the page; when this sentence "
        "differs, a button under that box copies it there.",
        "zh": "本页续写的是页面上的提示词；当这个句子与它不同时，提示词框下面的按钮可以把这个句子复制过去。",
    },
    # the model's files, made once on a server that lacks them
    # the controls
    "nw_prompt": {
        "en": "Your prompt (the model continues it)",
        "zh": "你的提示词（模型接着往下写）",
    },
    "nw_use_sentence": {"en": "Use your sentence", "zh": "改用你的句子"},
    "nw_use_sentence_help": {
        "en": "The prompt becomes the sidebar's sentence: “{text}”",
        "zh": "把提示词换成侧栏里的句子：“{text}”",
    },
    "nw_temperature": {"en": "Temperature of the next token", "zh": "下一个词元的温度"},
    "nw_temperature_help": {
        "en": "The logits are divided by it before softmax: below 1 the likeliest tokens gain, "
        "above 1 the others catch up. The model's attention stays the same.",
        "zh": "softmax 之前，logits 先除以温度：小于 1 时最可能的词元更突出，大于 1 时其他词元追上来。"
        "模型的注意力不变。",
    },
    "nw_top_k": {
        "en": "Top-k: only the k likeliest may come next",
        "zh": "top-k：只保留最可能的 k 个词元",
    },
    "nw_top_k_help": {
        "en": "Every other token's probability becomes 0; the ones kept share all of it.",
        "zh": "其余词元的概率变为 0，保留下来的词元分享全部概率。",
    },
    "nw_top_k_all": {"en": "all", "zh": "全部"},
    "nw_limits": {
        "en": "The model reads at most {tokens} tokens after ⟨start⟩ (put before every prompt); "
        "the box holds {chars} characters.",
        "zh": "模型最多读 ⟨start⟩（加在每个提示词前面）之后的 {tokens} 个词元；文本框最多 {chars} 个字符。",
    },
    "nw_empty": {
        "en": "Type a prompt: the model continues it.",
        "zh": "请输入提示词，模型会接着往下写。",
    },
    "nw_truncated": {
        "en": "Your prompt has {n_total} tokens with ⟨start⟩: the model reads the first {max} "
        "and predicts what comes after them.",
        "zh": "你的提示词连同 ⟨start⟩ 共有 {n_total} 个词元：模型只读前 {max} 个，并预测它们之后的词元。",
    },
    "nw_chinese": {
        "en": "SmolLM2 learned English and reads Chinese poorly: a Chinese character becomes "
        "several byte tokens, drawn as the character and its part (猫 1/3), and its guesses are "
        "seldom good.",
        "zh": "SmolLM2 学的是英文，读中文很吃力：一个汉字会变成几个字节词元，图上画成这个字和它的第几部分"
        "（猫 1/3），它的预测也很少靠谱。",
    },
    # the candidates
    "nw_candidate": {"en": "{token} {percent:.1f} %", "zh": "{token} {percent:.1f} %"},
    "nw_chart_title": {
        "en": "What comes next: the {n} likeliest tokens",
        "zh": "接下来是什么：最可能的 {n} 个词元",
    },
    "nw_ax_next": {"en": "next token", "zh": "候选词元"},
    "nw_ax_probability": {"en": "probability", "zh": "概率"},
    "nw_chart_line": {
        "en": "SmolLM2-135M · temperature {temperature:.2f} · top-k: {top_k}",
        "zh": "SmolLM2-135M · 温度 {temperature:.2f} · top-k：{top_k}",
    },
    "nw_add_heading": {
        "en": "**Add a token and predict again** (its exact text: most tokens start with a space)",
        "zh": "**加上一个词元，再预测一次**（加的是词元的原文：大多数词元以空格开头）",
    },
    "nw_add_help": {"en": "Adds {text} to the prompt", "zh": "在提示词末尾加上 {text}"},
    "nw_undo": {"en": "Undo", "zh": "撤销"},
    "nw_restart": {"en": "Start again", "zh": "从头开始"},
    "nw_add_truncated": {
        "en": "Adding is off while the prompt is longer than the {max} tokens the model reads: "
        "shorten it to go on.",
        "zh": "提示词超过模型读取的 {max} 个词元时不能添加：请缩短后再继续。",
    },
    "nw_pieces": {
        "en": "{pieces}: part of a character (its bytes in hex), which a next token completes; "
        "it cannot be added as text.",
        "zh": "{pieces}：一个字的一部分（十六进制字节），要由下一个词元补全，所以不能作为文字加入。",
    },
    # what the last token looked at
    "nw_last_heading": {"en": "What “{word}” looked at", "zh": "“{word}”看了哪里"},
    "nw_last_caption": {
        "en": "Of all {n} heads, layer {layer} · head {head} pushes “{token}” up most directly: its "
        "output adds {push:+.2f} to that token's logit ({logit:.2f} in all). Its last row of "
        "weights, over every token so far:",
        "zh": "在全部 {n} 个注意力头中，层 {layer} · 头 {head} 最直接地推高了“{token}”：它的输出给这个词元的 "
        "logit 加了 {push:+.2f}（logit 总共 {logit:.2f}）。下面是它最后一行的注意力权重，覆盖到目前为止的每个词元：",
    },
    "nw_last_title": {
        "en": "Layer {layer} · head {head}: the row of “{word}”",
        "zh": "层 {layer} · 头 {head}：“{word}”这一行",
    },
    # one head, every row
    "nw_head_heading": {
        "en": "Every row of layer {layer} · head {head}",
        "zh": "层 {layer} · 头 {head} 的每一行",
    },
    "nw_layer": {"en": "Layer", "zh": "层"},
    "nw_head": {"en": "Head", "zh": "头"},
    "nw_story_elsewhere": {
        "en": "The head that tells the article's story (the object looks back at its verb) is "
        "layer {layer} · head {head}.",
        "zh": "讲述文章故事的头（宾语回头看它的动词）是层 {layer} · 头 {head}。",
    },
    "nw_story_open": {"en": "Open it", "zh": "打开它"},
    "nw_story_unmeasured": {
        "en": "The head chosen to tell the article's story (the object looks back at its verb); "
        "how often it does on held-out sentences is not measured yet.",
        "zh": "这是选来讲述文章故事的头（宾语回头看它的动词）；它在留出句子上做到的比例还没有测量。",
    },
    "nw_story_here": {
        "en": "The story head: on held-out sentences its object row weighs the verb most (at "
        "least {margin:g} × any other word; ⟨start⟩ apart): {plain}{lo:.1%}–{hi:.1%} over "
        "{forms} forms with the verb first{passive}.",
        "zh": "讲述文章故事的头：在留出句子上，它的宾语行给动词的注意力权重最多（至少是其他词的 "
        "{margin:g} 倍，⟨start⟩ 另算）：{plain}动词在前的 {forms} 种句式为 {lo:.1%}–{hi:.1%}"
        "{passive}。",
    },
    "nw_story_plain": {
        "en": "{rate:.1%} of the article's form (“The farmer painted the fence.”), ",
        "zh": "文章的句式（“The farmer painted the fence.”）为 {rate:.1%}，",
    },
    "nw_story_passive": {
        "en": ", {rate:.1%} in the passive (its object comes first)",
        "zh": "，被动句（宾语在前）为 {rate:.1%}",
    },
    "nw_mask_caption": {
        "en": "Empty above the diagonal, the causal mask: a token cannot look at later words, "
        "which are what the model predicts.",
        "zh": "对角线右上方是空的，这就是因果掩码：一个词元看不到后面的词，那正是模型要预测的。",
    },
    # every head
    "nw_atlas": {"en": "All {n} heads on your prompt", "zh": "全部 {n} 个注意力头在你的提示词上"},
    "nw_atlas_title": {
        "en": "Every head's weights (softmax on, causal)",
        "zh": "每个头的注意力权重（softmax 开启，因果掩码）",
    },
    "nw_ax_layer": {"en": "layer", "zh": "层"},
    "nw_ax_head": {"en": "head", "zh": "头"},
    "nw_ax_layer_head": {"en": "layer · head", "zh": "层 · 头"},
    "nw_atlas_hint": {
        "en": "Layers 0–{last_layer} and heads 0–{last_head}. Click a head to open it above; the "
        "open one is outlined.",
        "zh": "层 0–{last_layer}，头 0–{last_head}。点击一个头即可在上方打开；打开的头有外框。",
    },
    "nw_notice": {
        "en": "- Many heads put most of their weight on ⟨start⟩: with softmax every row adds up "
        "to 1, and a head with nothing to find parks it there.\n"
        "- Temperature and top-k change only the last step, from logits to probabilities: the "
        "attention is the same at any temperature.\n"
        "- The head that pushes the top token most is measured directly (its output, through the "
        "final norm, onto the token's embedding); what later layers make of it is left out.",
        "zh": "- 许多头把大部分权重放在 ⟨start⟩ 上：softmax 开启时每行之和为 1，没有要找的东西的头就把权重放在那里。\n"
        "- 温度和 top-k 只改变最后一步（从 logits 到概率）：不论温度多少，注意力都一样。\n"
        "- 推高最可能词元最多的头是直接测量的（它的输出经过最后的归一化，投到这个词元的嵌入上）；"
        "后面的层怎样利用它不计在内。",
    },
}
