"""Texts of the real-model page (all-MiniLM-L6-v2) (app_pages/real_model/page.py).

A page's title is its menu label, `nav_*`: one text for both."""

TEXTS: dict[str, dict[str, str]] = {
    "real_tab_words": {
        "en": "With and without {start}/{end}",
        "zh": "含与不含 {start}/{end}",
    },
    "real_tab_weights": {"en": "Softmax off / on", "zh": "softmax 关闭 / 开启"},
    "real_tab_scores": {"en": "Scores", "zh": "分数"},
    "real_tab_mean": {"en": "Layer mean", "zh": "所在层的平均"},
    "nav_real": {"en": "A real model", "zh": "真实模型"},
    "real_intro": {
        "en": "The earlier pages use one small head. Here is a whole trained transformer encoder, "
        "computed in numpy on your sentence: every layer, every head (vectors of 384 numbers, 32 "
        "per head). Its tokens are pieces of words, with a start token added in front and an end "
        "token at the end. Click any head in the grid to open it below, and switch softmax off to "
        "see its raw scores weighting V — something other attention viewers do not let you do.",
        "zh": "这里是一个完整的、训练好的 Transformer 编码器，用 numpy 在你的句子上计算：每一层、每一个头"
        "（向量 384 维，每个头 32 维）。它的词元是词的片段，开头加一个起始词元，结尾加一个结束词元。"
        "点击网格中的头在下方展开，还可以关闭 softmax，看原始分数直接给 V 加权。",
    },
    "hide_specials": {"en": "Hide {start} and {end}", "zh": "隐藏 {start} 和 {end}"},
    "real_grid": {
        "en": "Every head of {model}: attention weights (softmax on)",
        "zh": "{model} 的每个头：注意力权重（softmax 开启）",
    },
    "real_grid_hint": {
        "en": "Rows are layers 0–{last_layer}, columns heads 0–{last_head}. Click a head to open "
        "it; the chosen one is outlined.",
        "zh": "行是层 0–{last_layer}，列是头 0–{last_head}。点击一个头即可展开；被选中的头有外框。",
    },
    "ax_layer": {"en": "layer", "zh": "层"},
    "ax_head": {"en": "head", "zh": "头"},
    "ax_layer_head": {"en": "layer · head", "zh": "层 · 头"},
    "real_head": {"en": "Layer {layer}, head {head}", "zh": "层 {layer} · 头 {head}"},
    "real_rowsums": {
        "en": "Row sums with softmax off: from {lo:.2f} to {hi:.2f}. With softmax on: every row sums to 1.",
        "zh": "softmax 关闭时每行之和：从 {lo:.2f} 到 {hi:.2f}。softmax 开启时：每行之和都是 1。",
    },
    "real_output": {
        "en": "Head output Z (softmax {state})",
        "zh": "该头的输出 Z（softmax {state}）",
    },
    "real_mean": {
        "en": "Mean over the {heads} heads of layer {layer}",
        "zh": "层 {layer} 的 {heads} 个头的平均",
    },
    "real_patterns": {"en": "What heads do on this sentence", "zh": "各个头在这个句子上做了什么"},
    "real_patterns_intro": {
        "en": "Measured now on your sentence: the heads that send the most attention, on average, to each "
        "kind of word. Click them in the grid to check.",
        "zh": "在你的句子上实时测量：对每一类词，列出平均投给它注意力最多的头。在网格中点击这些头来核对。",
    },
    "pattern_previous": {"en": "the previous word", "zh": "前一个词"},
    "pattern_next": {"en": "the next word", "zh": "后一个词"},
    "pattern_same_word": {"en": "another copy of the same word", "zh": "同一个词的另一次出现"},
    "pattern_none": {"en": "no word repeats in this sentence", "zh": "这个句子里没有重复的词"},
    "head_ref": {
        "en": "L{layer} H{head} ({share:.0%})",
        "zh": "层 {layer} · 头 {head}（{share:.0%}）",
    },
    "real_notice": {
        "en": "- Many heads pour most of their weight onto {start} or {end}: a common way for a trained head "
        "to say “nothing here for me”. Hide them to see the rest.\n"
        "- Some heads are almost purely positional (previous or next word); others link related words.\n"
        "- With softmax off, a real head's rows no longer add up to 1 (the range is printed under the "
        "two matrices), so the size of Z swings from word to word: softmax is what turns scores into an average.",
        "zh": "- 许多头把大部分权重投向 {start} 或 {end}：这是训练好的头表达“这里没有我要找的”的常见方式。"
        "隐藏它们就能看清其余部分。\n"
        "- 有些头几乎纯粹按位置工作（看前一个或后一个词）；另一些头会把相关的词联系起来。\n"
        "- 关闭 softmax 后，真实头的每行之和不再是 1（范围印在两个矩阵下方），于是 Z 的大小随词而剧烈变化："
        "正是 softmax 把分数变成了平均。",
    },
    "specials_hidden_renorm": {
        "en": "{start} and {end} are hidden, not removed: the model still attends to them. Each softmax row shown here is divided by what the remaining words got, so it adds up to 1 again (the thumbnails above too); the row sums below are before hiding.",
        "zh": "{start} 和 {end} 只是被隐藏，并没有被删除：模型仍然会关注它们。这里显示的每一行 softmax 权重都除以了剩下的词所得权重之和，因此每行之和重新等于 1（上面的缩略图也一样）；下面的行和是隐藏之前的。",
    },
    "real_teacher_head": {
        "en": "One of the heads the default model learned from: it learned the mean of layer "
        "{layer}, heads {heads}, each read over the sentence's words only. The first tab shows "
        "that mean with [CLS] and [SEP] and without them; the others show this head.",
        "zh": "默认模型就是向这样的头学习的：它学的是层 {layer} · 头 {heads} 的平均，每个头都只看句子里的词。"
        "第一个标签页显示这个平均（含与不含 [CLS] 和 [SEP]），其他标签页显示这个头本身。",
    },
    "real_teacher_elsewhere": {
        "en": "The default model learned from other heads: layer {layer}, heads {heads}. Click "
        "them in the grid.",
        "zh": "默认模型学习的是另外的头：层 {layer} · 头 {heads}。在网格中点击它们即可查看。",
    },
    "real_no_words": {
        "en": "Nothing but {start} and {end}: there is no word to show.",
        "zh": "只有 {start} 和 {end}：没有词可以显示。",
    },
    "real_words_how": {
        "en": "Over words: the sentence is cut into words (Chinese as the app splits it), a "
        "word's row is the mean of its pieces' rows and a column the sum of its pieces' weights "
        "(a piece across two words is shared by its characters). {start}, {end} and punctuation "
        "are no word's, so each row is divided by what the words got and adds up to 1.",
        "zh": "按词来看：句子先切成词（中文用本应用的分词），一个词的行是它各个片段的行的平均，一列是它各个片段所得权重之和"
        "（跨两个词的片段按字数分开）。{start}、{end} 和标点不属于任何词，所以每一行都除以词所得的权重之和，重新加起来等于 1。",
    },
    "real_e5_story_head": {
        "en": "Here the object looks at its verb, as in the article: e5's story head. On "
        "sentences we generated and held out, it does so on {lo:.0%}–{hi:.0%} of each form's "
        "sentences, least often with {worst}.",
        "zh": "在这个头里，宾语关注它的动词，正如文章所说：这是 e5 讲这个道理的头。在我们生成并留出的句子上，"
        "各种句式中做到的比例在 {lo:.0%}–{hi:.0%} 之间，最少做到的是{worst}。",
    },
    "real_e5_story_elsewhere": {
        "en": "e5 tells the article's story in layer {layer}, head {head}: there the object looks at "
        "its verb. Click it in the grid.",
        "zh": "e5 在层 {layer} · 头 {head} 里讲文章的道理：在那里宾语关注它的动词。在网格中点击它即可查看。",
    },
}
