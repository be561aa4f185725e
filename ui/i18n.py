"""The one translation table. Every string a user sees comes from here, in English and Chinese."""

from __future__ import annotations

import streamlit as st

from ui.texts_classroom import TEXTS as CLASSROOM
from ui.texts_explore import TEXTS as EXPLORE
from ui.texts_learning import TEXTS as LEARNING
from ui.texts_new import TEXTS as REDESIGN
from ui.texts_present import TEXTS as PRESENT

LANGUAGES = {"en": "English", "zh": "中文"}

TEXTS: dict[str, dict[str, str]] = {
    # ---- app chrome and shared controls -------------------------------------------------
    "app_title": {"en": "Why attention works", "zh": "注意力为什么有效"},
    "language": {"en": "Language / 语言", "zh": "语言 / Language"},
    "sentence": {"en": "Your sentence", "zh": "你的句子"},
    "sentence_help": {
        "en": "Words, punctuation marks and each Chinese character become tokens. "
        "Up to {max} tokens are drawn.",
        "zh": "单词、标点以及每个汉字各算一个词元（token）。最多绘制 {max} 个词元。",
    },
    "source_label": {"en": "Where the vectors come from", "zh": "向量从哪里来"},
    "source_toy": {"en": "Toy", "zh": "玩具"},
    "source_pretrained": {"en": "MiniLM", "zh": "MiniLM"},
    "source_trained": {"en": "Trained", "zh": "训练所得"},
    "source_pretrained_help": {
        "en": "Real weights of all-MiniLM-L6-v2 (6 layers × 12 heads, d_model 384, d_k 32), run in numpy. "
        "X is the input of the chosen layer; the switches below still apply.",
        "zh": "all-MiniLM-L6-v2 的真实权重（6 层 × 12 个头，d_model 384，d_k 32），用 numpy 运行。"
        "X 是所选层的输入；下面的开关依然有效。",
    },
    "layer": {"en": "Layer (0–5)", "zh": "层（0–5）"},
    "head": {"en": "Head (0–11)", "zh": "头（0–11）"},
    "toy_only": {
        "en": "These settings shape the toy module only.",
        "zh": "这些设置只作用于玩具模块。",
    },
    "model_size": {"en": "Model size", "zh": "模型大小"},
    "d_model": {"en": "d_model (embedding width)", "zh": "d_model（嵌入维度）"},
    "d_k": {"en": "d_k (query/key width)", "zh": "d_k（查询/键的维度）"},
    "seed": {"en": "Seed for the weights", "zh": "权重的随机种子"},
    "steps_heading": {"en": "Attention steps", "zh": "注意力步骤"},
    "pe": {"en": "Add positional encoding", "zh": "加入位置编码"},
    "scale": {"en": "Divide by √d_k", "zh": "除以 √d_k"},
    "softmax": {"en": "Apply softmax", "zh": "使用 softmax"},
    "temperature": {"en": "Softmax temperature", "zh": "softmax 温度"},
    "temperature_help": {
        "en": "Scores are divided by the temperature: below 1 sharpens, above 1 flattens.",
        "zh": "分数会除以温度：小于 1 让分布更尖锐，大于 1 让分布更平缓。",
    },
    "numbers": {"en": "Show numbers in cells", "zh": "在格子里显示数值"},
    "share_heading": {"en": "Share and export", "zh": "分享与导出"},
    "share_help": {
        "en": "This link opens exactly this view: page, language, sentence and every setting. "
        "Use the copy icon to copy it.",
        "zh": "这个链接会打开与现在完全相同的画面：页面、语言、句子和所有设置。点击复制图标即可复制。",
    },
    "export_json": {"en": "All matrices as JSON", "zh": "所有矩阵（JSON）"},
    "uses": {"en": "This page uses: {names}", "zh": "本页用到的设置：{names}"},
    "notice": {"en": "What to notice", "zh": "值得注意"},
    "url_rejected_title": {
        "en": "Some settings in the link could not be used:",
        "zh": "链接中的部分设置无法使用：",
    },
    "url_rejected_item": {
        "en": "{key} = “{raw}”: {why}. Using the default instead.",
        "zh": "{key} = “{raw}”：{why}。已改用默认值。",
    },
    "url_unknown_item": {
        "en": "“{key}” is not a setting of this app; it was ignored.",
        "zh": "“{key}” 不是本应用的设置，已忽略。",
    },
    "problem_not_a_number": {
        "en": "not a number (allowed: {allowed})",
        "zh": "不是数字（允许：{allowed}）",
    },
    "problem_out_of_range": {
        "en": "out of range (allowed: {allowed})",
        "zh": "超出范围（允许：{allowed}）",
    },
    "problem_not_a_choice": {"en": "not one of {allowed}", "zh": "不是可选值 {allowed} 之一"},
    "problem_not_a_switch": {
        "en": "not a switch value ({allowed})",
        "zh": "不是开关值（{allowed}）",
    },
    "problem_too_long": {"en": "too long ({allowed})", "zh": "太长（{allowed}）"},
    "dismiss": {"en": "OK", "zh": "知道了"},
    # ---- input checks --------------------------------------------------------------------
    "empty_text": {
        "en": "The sentence box is empty (or holds only spaces or invisible characters). "
        "Type a sentence in the sidebar to see its attention.",
        "zh": "句子框是空的（或只有空格、不可见字符）。请在侧边栏输入一个句子来查看它的注意力。",
    },
    "truncated": {
        "en": "Your text has {n_total} tokens; the charts show the first {max}. "
        "Your full text stays in the box.",
        "zh": "你的文本共有 {n_total} 个词元，图中只显示前 {max} 个。完整文本仍保留在输入框中。",
    },
    "one_token": {
        "en": "Only one token: attention has nothing else to look at, so every matrix is 1 × 1 "
        "and softmax gives a weight of exactly 1. Add a few words to see more.",
        "zh": "只有一个词元：注意力没有其他可看的词，所以每个矩阵都是 1 × 1，softmax 权重恰好为 1。"
        "多加几个词看看吧。",
    },
    "repeated_note": {
        "en": "Repeated tokens: {words}. Each occurrence keeps its own row and column.",
        "zh": "重复出现的词元：{words}。每次出现都有自己的行和列。",
    },
    # ---- axis and value names --------------------------------------------------------------
    "first_dims": {
        "en": "showing the first {shown} of {total} dimensions",
        "zh": "只显示 {total} 个维度中的前 {shown} 个",
    },
    "numbers_too_small": {
        "en": "cells too small for numbers: hover a cell to read it",
        "zh": "格子太小，无法显示数值：把鼠标移到格子上即可查看",
    },
    "csv": {"en": "CSV", "zh": "CSV"},
    "ctx_line": {
        "en": "{model} · softmax {softmax} · ÷√d_k {scale} · T = {temp:g}",
        "zh": "{model} · softmax {softmax} · ÷√d_k {scale} · 温度 {temp:g}",
    },
    "ctx_toy": {
        "en": "toy d_model {d_model}, d_k {d_k}, seed {seed}, positions {pe}",
        "zh": "玩具 d_model {d_model}，d_k {d_k}，种子 {seed}，位置编码 {pe}",
    },
    "ctx_pretrained": {
        "en": "MiniLM layer {layer} head {head}",
        "zh": "MiniLM 第 {layer} 层第 {head} 头",
    },
    "ctx_trained": {"en": "model trained on page 7", "zh": "第 7 页训练的模型"},
    "ax_token": {"en": "token", "zh": "词元"},
    "ax_query": {"en": "query word", "zh": "查询词"},
    "ax_key": {"en": "key word", "zh": "键词"},
    "ax_dim": {"en": "dimension", "zh": "维度"},
    "ax_value": {"en": "value", "zh": "数值"},
    "ax_input_dim": {"en": "input dimension (d_model)", "zh": "输入维度（d_model）"},
    "ax_output_dim": {"en": "output dimension", "zh": "输出维度"},
    "ax_weight": {"en": "weight", "zh": "权重"},
    "ax_score": {"en": "score", "zh": "分数"},
    "ax_step": {"en": "training step", "zh": "训练步数"},
    # ---- matrix names ----------------------------------------------------------------------
    "m_embedding": {"en": "Embedding (word vectors)", "zh": "嵌入（词向量）"},
    "m_positions": {"en": "Positional encoding", "zh": "位置编码"},
    "m_positions_learned": {"en": "Position embeddings (learned)", "zh": "位置嵌入（学习得到）"},
    "m_x_layernorm": {
        "en": "X = LayerNorm(embedding + positions)",
        "zh": "X = LayerNorm(嵌入 + 位置)",
    },
    "m_x_layer": {
        "en": "X = input of layer {layer} (output of layer {before})",
        "zh": "X = 第 {layer} 层的输入（第 {before} 层的输出）",
    },
    "m_x": {"en": "X = embedding + positions", "zh": "X = 嵌入 + 位置编码"},
    "m_x_no_pe": {"en": "X = embedding (positions off)", "zh": "X = 嵌入（位置编码已关闭）"},
    "m_q": {"en": "Q = X·W_Q", "zh": "Q = X·W_Q"},
    "m_k": {"en": "K = X·W_K", "zh": "K = X·W_K"},
    "m_v": {"en": "V = X·W_V", "zh": "V = X·W_V"},
    "m_wq": {"en": "W_Q", "zh": "W_Q"},
    "m_wk": {"en": "W_K", "zh": "W_K"},
    "m_wv": {"en": "W_V", "zh": "W_V"},
    "m_factor": {"en": "Factor matrix Q·Kᵀ", "zh": "因子矩阵 Q·Kᵀ"},
    "m_scores": {"en": "Scores after {steps}", "zh": "经过{steps}后的分数"},
    "m_scores_raw": {"en": "Scores (no scaling, temperature 1)", "zh": "分数（未缩放，温度为 1）"},
    "m_weights_soft": {
        "en": "Weights: softmax on (rows sum to 1)",
        "zh": "权重：使用 softmax（每行和为 1）",
    },
    "m_weights_raw": {
        "en": "Weights: softmax off (the scores themselves)",
        "zh": "权重：不用 softmax（即分数本身）",
    },
    "m_output": {"en": "Z = weights·V (output)", "zh": "Z = 权重·V（输出）"},
    "step_scale": {"en": "÷ √d_k", "zh": "÷ √d_k"},
    "step_temp": {"en": "÷ temperature {t:g}", "zh": "÷ 温度 {t:g}"},
    "step_none": {"en": "no scaling", "zh": "不缩放"},
    "step_join": {"en": " and ", "zh": "、"},
    # ---- home -------------------------------------------------------------------------------
    "nav_home": {"en": "Start here", "zh": "从这里开始"},
    "home_title": {
        "en": "Why attention works, one step at a time",
        "zh": "一步一步看懂注意力为什么有效",
    },
    "home_intro": {
        "en": "This dashboard walks through a single self-attention module with a sentence of your "
        "own. Each page matches one section of Ketan Doshi's article *Transformers Explained "
        "Visually, Part 4: Not Just How, but Why They Work So Well*. Every matrix is drawn as a "
        "heatmap with one labelled row per word, and every number is computed live from your "
        "sentence and the settings in the sidebar.",
        "zh": "这个仪表盘用你自己输入的句子，逐步拆解一个自注意力模块。每一页对应 Ketan Doshi 的文章"
        "《Transformers Explained Visually, Part 4：不仅是怎么做，更是为什么有效》中的一节。"
        "每个矩阵都画成热力图，每一行对应一个带标签的词；所有数字都根据你的句子和侧边栏的设置实时计算。",
    },
    "home_softmax": {
        "en": "The article leaves softmax out of its attention score on purpose. Here you can switch "
        "softmax (and the division by √d_k) on and off on every page and see exactly what changes.",
        "zh": "原文在计算注意力分数时有意省略了 softmax。在这里，你可以在每一页打开或关闭 softmax"
        "（以及除以 √d_k 的缩放），亲眼看到到底改变了什么。",
    },
    "home_glance": {"en": "The pipeline at a glance", "zh": "流程一览"},
    "home_pages": {"en": "The pages", "zh": "各页内容"},
    "home_toy": {
        "en": "By default the model is a small *toy* module: word vectors and the W_Q, W_K, W_V matrices are "
        "drawn at random from a seed, so the patterns you see are not yet meaningful. Training is what makes "
        "them meaningful: watch it happen on page 7, or switch the sidebar's source to a real pretrained model.",
        "zh": "默认情况下模型是一个小型的*玩具*模块：词向量和 W_Q、W_K、W_V 矩阵都由随机种子生成，"
        "所以你看到的模式还没有实际意义。让它们变得有意义的是训练：在第 7 页亲眼看它发生，"
        "或者把侧边栏的向量来源切换为真实的预训练模型。",
    },
    "desc_nav_input": {
        "en": "tokens, embeddings, positions, and the three linear layers",
        "zh": "词元、嵌入、位置编码，以及三个线性层",
    },
    "desc_nav_rows": {
        "en": "follow one word's row through every matrix",
        "zh": "跟踪一个词的那一行穿过每个矩阵",
    },
    "desc_nav_weights": {
        "en": "the learnable matrices, and what other values would do",
        "zh": "可学习的矩阵，以及换一组数值会怎样",
    },
    "desc_nav_score": {
        "en": "Q·Kᵀ, scaling, mask, softmax off and on, × V",
        "zh": "Q·Kᵀ、缩放、掩码、softmax 开与关、× V",
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
        "zh": "预训练 Transformer 的全部 72 个头，同样可以切换 softmax",
    },
    "desc_nav_compare": {
        "en": "two sentences or two settings side by side, with their difference",
        "zh": "两个句子或两种设置并排对比，并给出差值",
    },
    "desc_nav_present": {
        "en": "large type, one step at a time, for the classroom",
        "zh": "大字号、一次一步，适合课堂演示",
    },
    "desc_nav_glossary": {"en": "every term in English and Chinese", "zh": "所有术语的中英对照"},
    "glance_tokens": {"en": "tokens", "zh": "词元"},
    "glance_embed": {"en": "embeddings", "zh": "嵌入"},
    "glance_pos": {"en": "+ positions", "zh": "+ 位置编码"},
    "glance_qkv": {"en": "Q, K, V", "zh": "Q、K、V"},
    "glance_factor": {"en": "Q·Kᵀ", "zh": "Q·Kᵀ"},
    "glance_scale": {"en": "÷ √d_k", "zh": "÷ √d_k"},
    "glance_softmax": {"en": "softmax", "zh": "softmax"},
    "glance_out": {"en": "× V = Z", "zh": "× V = Z"},
    "glance_tokens_now": {
        "en": "Your sentence now has {n} tokens: {tokens}",
        "zh": "你的句子现在有 {n} 个词元：{tokens}",
    },
    # ---- page 1: input ------------------------------------------------------------------------
    "nav_input": {"en": "1 · How the input gets in", "zh": "1 · 输入如何进入注意力"},
    "input_title": {
        "en": "1 · How the input sequence reaches attention",
        "zh": "1 · 输入序列怎样进入注意力模块",
    },
    "input_intro": {
        "en": "Before any attention happens, the sentence is cut into tokens and each token is looked "
        "up as a vector (the embedding). A sinusoidal positional encoding is added so the module can "
        "tell the first “the” from the second. The result, X, goes through three separate linear "
        "layers, which produce the query matrix Q, the key matrix K and the value matrix V.",
        "zh": "在注意力开始之前，句子先被切分成词元，每个词元查表得到一个向量（嵌入）。"
        "再加上正弦位置编码，模块才能区分第一个 “the” 和第二个 “the”。"
        "得到的 X 分别经过三个独立的线性层，产生查询矩阵 Q、键矩阵 K 和值矩阵 V。",
    },
    "input_tokens": {"en": "Tokens", "zh": "词元"},
    "input_notice": {
        "en": "- Every matrix has exactly one row per token, in sentence order; the columns are "
        "dimensions, not words.\n"
        "- Case is ignored when looking up a word: “The” and “the” start from the same vector.\n"
        "- Switch **positional encoding** off in the sidebar: repeated words then get identical "
        "rows in X, Q, K and V, because nothing but position told them apart.",
        "zh": "- 每个矩阵都恰好每个词元一行，按句子顺序排列；列是维度，不是词。\n"
        "- 查词时不区分大小写：“The” 和 “the” 的初始向量相同。\n"
        "- 在侧边栏关闭**位置编码**：重复的词在 X、Q、K、V 中的行就会完全相同，"
        "因为此前区分它们的只有位置。",
    },
    "identical_rows": {
        "en": "Identical rows right now (positional encoding is off): {pairs}",
        "zh": "目前完全相同的行（位置编码已关闭）：{pairs}",
    },
    "distinct_rows": {
        "en": "Repeated words {pairs} have different rows because their positions differ. "
        "Turn positional encoding off to see them become identical.",
        "zh": "重复的词 {pairs} 的行并不相同，因为它们的位置不同。关闭位置编码，就能看到它们变得完全一样。",
    },
    "distinct_rows_learned": {
        "en": "Repeated words {pairs} have different rows: the model adds a learned position embedding to every token.",
        "zh": "重复的词 {pairs} 的行并不相同：模型会给每个词元加上一个学习得到的位置嵌入。",
    },
    # ---- page 2: rows -------------------------------------------------------------------------
    "nav_rows": {"en": "2 · Every row is a word", "zh": "2 · 每一行都是一个词"},
    "rows_title": {
        "en": "2 · Each row of every matrix is one word",
        "zh": "2 · 每个矩阵的每一行都是一个词",
    },
    "rows_intro": {
        "en": "One way to understand attention is to follow a single word through it. Pick a word "
        "(or click any row of a chart): its row is highlighted in every matrix, from the embedding "
        "to the output. The sizes of the matrices and the number of dimensions do not matter for "
        "this — only where each word's row goes.",
        "zh": "理解注意力的一种方法，是盯住一个词，看它一路怎么走。选一个词（或点击任意图表中的某一行），"
        "它在从嵌入到输出的每个矩阵中对应的那一行都会被高亮。矩阵大小和维度数量在这里并不重要，"
        "重要的是每个词的那一行去了哪里。",
    },
    "pick_word": {"en": "Follow this word", "zh": "跟踪这个词"},
    "rows_notice": {
        "en": "- The chosen word keeps the same row number in X, Q, K, V and Z.\n"
        "- In the score matrix, its row holds how much it looks at every word, and its column "
        "holds how much every word looks at it.\n"
        "- Its output row in Z mixes the V rows of all the words, not only its own.",
        "zh": "- 被选中的词在 X、Q、K、V 和 Z 中始终是同一行。\n"
        "- 在分数矩阵里，它的那一行表示它看向每个词的程度；它的那一列表示每个词看向它的程度。\n"
        "- 它在 Z 中的输出行混合了所有词的 V 行，而不只是它自己的。",
    },
    "rows_click_hint": {
        "en": "Tip: click a row in any chart to follow that word.",
        "zh": "提示：点击任意图表中的一行，即可跟踪那个词。",
    },
    # ---- page 3: weights ----------------------------------------------------------------------
    "nav_weights": {"en": "3 · Learnable transformations", "zh": "3 · 可学习的变换"},
    "weights_title": {
        "en": "3 · Each word goes through learnable transformations",
        "zh": "3 · 每个词都经过一系列可学习的变换",
    },
    "weights_intro": {
        "en": "The embedding table and the matrices W_Q, W_K and W_V are parameters: numbers the model "
        "owns and can change. Here they are drawn at random from a seed. Draw a second set with "
        "another seed and compare: the sentence is the same, but the scores are not. Which set is "
        "right? Nothing on this page can say — training decides, by adjusting these numbers until "
        "the scores help with the task (page 7 shows it happening).",
        "zh": "嵌入表以及 W_Q、W_K、W_V 这几个矩阵都是参数：属于模型、可以被改变的数字。"
        "这里它们由随机种子生成。用另一个种子再生成一组并对比：句子相同，分数却不同。"
        "哪一组才是对的？这一页无法回答——由训练来决定，它会不断调整这些数字，直到分数对任务有帮助"
        "（第 7 页会展示这个过程）。",
    },
    "seed_b": {"en": "Second seed", "zh": "第二个种子"},
    "set_toy": {"en": "Random weights, seed {seed}", "zh": "随机权重，种子 {seed}"},
    "set_pretrained": {
        "en": "Learned weights: MiniLM layer {layer}, head {head}",
        "zh": "学到的权重：MiniLM 第 {layer} 层第 {head} 个头",
    },
    "set_trained": {"en": "Weights trained on page 7", "zh": "在第 7 页训练得到的权重"},
    "set_random": {
        "en": "Random weights, seed {seed}, same X",
        "zh": "随机权重，种子 {seed}，X 相同",
    },
    "weights_learned_vs_random": {
        "en": "Left: weights that were learned. Right: random weights of the same shape applied to the very same X. "
        "Compare how the two weight patterns differ.",
        "zh": "左边：学出来的权重。右边：形状相同的随机权重，作用在完全相同的 X 上。比较两种权重模式有何不同。",
    },
    "weights_same_seed": {
        "en": "Both seeds are equal, so both sides are identical. Pick a different second seed.",
        "zh": "两个种子相同，所以两边完全一样。请换一个不同的第二个种子。",
    },
    "weights_diff_label": {
        "en": "Largest change of one attention weight between the two seeds",
        "zh": "两个种子之间，单个注意力权重的最大变化",
    },
    "weights_notice": {
        "en": "- W_Q, W_K and W_V have d_model rows and d_k columns, whatever the sentence: "
        "the same layers are applied to every word.\n"
        "- A different seed changes every weight, and so every score, for the very same words.\n"
        "- In a real transformer these numbers are not chosen by hand or by chance: they are "
        "learned from data.",
        "zh": "- 无论句子是什么，W_Q、W_K、W_V 都有 d_model 行、d_k 列：同一组线性层作用在每个词上。\n"
        "- 换一个种子会改变每个权重，于是同样的词也会得到完全不同的分数。\n"
        "- 在真正的 Transformer 中，这些数字不是手选或随机的，而是从数据中学出来的。",
    },
    # ---- page 4: score ------------------------------------------------------------------------
    "nav_score": {"en": "4 · The attention score", "zh": "4 · 注意力分数"},
    "score_title": {
        "en": "4 · The attention score, step by step",
        "zh": "4 · 一步一步计算注意力分数",
    },
    "score_intro": {
        "en": "First every query row is multiplied with every key row: Q·Kᵀ, the article's "
        "“factor matrix”. Standard transformers then divide by √d_k, optionally by a temperature, "
        "hide future words when the attention is masked, and apply softmax to each row. Finally "
        "the weights multiply V, giving the output Z. The article skips softmax; compare both "
        "versions side by side below.",
        "zh": "首先，每个查询行与每个键行相乘：Q·Kᵀ，也就是原文所说的“因子矩阵”。"
        "标准的 Transformer 接着会除以 √d_k，可选地再除以温度；做掩码注意力时会遮住后面的词；"
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
        "zh": "每个词只能看向自己和它之前的词，就像逐词生成的解码器一样。无论是否使用 softmax，"
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
    "score_step2": {"en": "Step 2: scale and temperature", "zh": "第 2 步：缩放与温度"},
    "score_step3": {
        "en": "Step 3: softmax off vs on",
        "zh": "第 3 步：不用 softmax 与使用 softmax",
    },
    "score_step4": {"en": "Step 4: multiply by V", "zh": "第 4 步：乘以 V"},
    "score_sidebar_now": {
        "en": "The sidebar currently has softmax **{state}**; the rest of the app uses that choice.",
        "zh": "侧边栏当前 softmax 为**{state}**；应用的其余部分都采用这个选择。",
    },
    "on": {"en": "on", "zh": "开启"},
    "off": {"en": "off", "zh": "关闭"},
    "row_sums": {"en": "Row sums", "zh": "每行之和"},
    "col_row": {"en": "query word", "zh": "查询词"},
    "col_sum_off": {"en": "sum, softmax off", "zh": "和（不用 softmax）"},
    "col_sum_on": {"en": "sum, softmax on", "zh": "和（使用 softmax）"},
    "range_off": {
        "en": "Softmax off: values from {lo:.3f} to {hi:.3f}",
        "zh": "不用 softmax：数值范围 {lo:.3f} 到 {hi:.3f}",
    },
    "range_on": {
        "en": "Softmax on: values from {lo:.3f} to {hi:.3f}",
        "zh": "使用 softmax：数值范围 {lo:.3f} 到 {hi:.3f}",
    },
    "out_off": {"en": "Z with softmax off", "zh": "不用 softmax 时的 Z"},
    "out_on": {"en": "Z with softmax on", "zh": "使用 softmax 时的 Z"},
    "score_notice": {
        "en": "- Without softmax the weights can be negative and a row can add up to anything, so "
        "Z grows with the length of the sentence and the size of the vectors.\n"
        "- With softmax every weight lies between 0 and 1 and each row adds up to exactly 1: Z is "
        "then a weighted average of the V rows.\n"
        "- Softmax keeps the order inside a row: the word with the highest score still gets the "
        "highest weight. It changes the numbers, not which word wins.\n"
        "- Lower the temperature to make each row close to “all on one word”; raise it to spread "
        "the weights evenly.",
        "zh": "- 不用 softmax 时，权重可以为负，每行之和可以是任意值，因此 Z 会随句子长度和向量大小而变大。\n"
        "- 使用 softmax 后，每个权重都在 0 到 1 之间，每行之和恰好为 1：Z 就是各个 V 行的加权平均。\n"
        "- softmax 不改变一行内部的大小顺序：分数最高的词权重仍然最高。它改变的是数值，而不是哪个词胜出。\n"
        "- 降低温度会让每行几乎“全部集中在一个词上”；提高温度则让权重更平均。",
    },
    # ---- page 5: roles ------------------------------------------------------------------------
    "nav_roles": {"en": "5 · Query, key and value", "zh": "5 · 查询、键和值的作用"},
    "roles_title": {
        "en": "5 · The roles of query, key and value",
        "zh": "5 · 查询、键、值各自的作用",
    },
    "roles_intro": {
        "en": "The query is the word we are computing attention *for*. Its query vector is compared "
        "with the key vector of every word, which gives one score per word: how relevant that word "
        "is to the query. The value vectors carry what each word contributes; the query's output "
        "row is the sum of all value rows, each multiplied by its weight.",
        "zh": "查询（Query）是我们正在为之计算注意力的那个词。它的查询向量与每个词的键向量比较，"
        "为每个词得到一个分数：这个词与查询词有多相关。值（Value）向量携带每个词贡献的内容；"
        "查询词的输出行就是所有值向量各自乘以权重后的总和。",
    },
    "pick_query": {"en": "Query word", "zh": "查询词"},
    "roles_scores": {"en": "Scores of “{word}” against every key", "zh": "“{word}” 与每个键的分数"},
    "roles_weights": {
        "en": "Weights of “{word}” (the row used for Z)",
        "zh": "“{word}” 的权重（用于计算 Z 的那一行）",
    },
    "roles_terms": {
        "en": "Its output row, term by term: αⱼ · vⱼ",
        "zh": "它的输出行，逐项展开：αⱼ · vⱼ",
    },
    "roles_terms_chart": {
        "en": "One row per key word: its weight × its value vector",
        "zh": "每个键词一行：它的权重 × 它的值向量",
    },
    "roles_sum": {
        "en": "Sum of the terms = row of Z for “{word}”",
        "zh": "各项之和 = “{word}” 在 Z 中的那一行",
    },
    "roles_check": {
        "en": "Check: the largest difference between the summed terms and Z's row is {d:.1e}.",
        "zh": "验证：各项之和与 Z 中那一行的最大差值为 {d:.1e}。",
    },
    "term_row": {"en": "{w} × v({word})", "zh": "{w} × v({word})"},
    "roles_top": {
        "en": "“{query}” gives its largest weight, {w:.3f}, to “{key}”.",
        "zh": "“{query}” 给出的最大权重是 {w:.3f}，给了 “{key}”。",
    },
    "roles_notice": {
        "en": "- The bar chart is one row of the score matrix: the query's view of the sentence.\n"
        "- Each term αⱼ·vⱼ is a value row scaled by one weight; a word with a large weight "
        "dominates the sum.\n"
        "- With softmax off, a negative score flips the sign of that word's value row before it "
        "is added.",
        "zh": "- 条形图就是分数矩阵中的一行：查询词眼中的整个句子。\n"
        "- 每一项 αⱼ·vⱼ 都是一行值向量乘以一个权重；权重大的词在总和中占主导。\n"
        "- 不用 softmax 时，负的分数会先把该词的值向量取反，然后再加进去。",
    },
    # ---- page 6: dot product ------------------------------------------------------------------
    "nav_dot": {"en": "6 · The dot product", "zh": "6 · 点积衡量相似度"},
    "dot_title": {
        "en": "6 · A dot product measures how well two vectors agree",
        "zh": "6 · 点积衡量两个向量有多一致",
    },
    "dot_intro": {
        "en": "A dot product multiplies two vectors number by number and adds the results. A term is "
        "positive when both numbers have the same sign and negative when the signs differ; bigger "
        "numbers make bigger terms. So the sum is large when the two vectors point the same way. "
        "Edit the numbers below and watch the sum.",
        "zh": "点积就是把两个向量的数字逐个相乘，再把乘积加起来。两个数同号时乘积为正，异号时为负；"
        "数值越大，乘积的绝对值越大。所以当两个向量方向一致时，总和就大。修改下面的数字，观察总和的变化。",
    },
    "vector_kind": {"en": "Which vectors", "zh": "比较哪种向量"},
    "vector_qk": {
        "en": "query of A · key of B (what attention uses)",
        "zh": "A 的查询 · B 的键（注意力所用）",
    },
    "vector_x": {"en": "input X of A · input X of B", "zh": "A 的输入 X · B 的输入 X"},
    "word_a": {"en": "Word A", "zh": "词 A"},
    "word_b": {"en": "Word B", "zh": "词 B"},
    "edit_vectors": {
        "en": "Edit the two vectors (changes stay on this page)",
        "zh": "编辑这两个向量（修改只在本页有效）",
    },
    "reset_vectors": {"en": "Reset to the sentence's vectors", "zh": "恢复为句子中的向量"},
    "vec_a": {"en": "A", "zh": "A"},
    "vec_b": {"en": "B", "zh": "B"},
    "products_table": {
        "en": "A, B and A × B: a term is red when A and B share a sign",
        "zh": "A、B 与 A × B：A 与 B 同号时该项为红色",
    },
    "products": {"en": "A × B, dimension by dimension", "zh": "A × B，逐维相乘"},
    "dot_result": {"en": "Dot product A·B", "zh": "点积 A·B"},
    "cosine_result": {"en": "Cosine (direction only)", "zh": "余弦（只看方向）"},
    "dot_explain": {
        "en": "Positive terms: {pos} (sum {pos_sum:.3f}). Negative terms: {neg} (sum {neg_sum:.3f}).",
        "zh": "正项：{pos} 个（和为 {pos_sum:.3f}）。负项：{neg} 个（和为 {neg_sum:.3f}）。",
    },
    "cosine_explain": {
        "en": "The cosine divides the dot product by both lengths ({na:.3f} and {nb:.3f}). It only "
        "measures direction: +1 same way, 0 unrelated, −1 opposite. Attention uses the plain dot "
        "product, so longer vectors also give larger scores.",
        "zh": "余弦把点积除以两个向量的长度（{na:.3f} 和 {nb:.3f}）。它只衡量方向：+1 表示同向，"
        "0 表示无关，−1 表示反向。注意力用的是普通点积，所以向量越长，分数也越大。",
    },
    "ranked": {
        "en": "Every pair of the sentence, ranked by q·k",
        "zh": "句子中所有词对，按 q·k 排序",
    },
    "rank_query": {"en": "query", "zh": "查询"},
    "rank_key": {"en": "key", "zh": "键"},
    "rank_dot": {"en": "q·k", "zh": "q·k"},
    "rank_cos": {"en": "cosine", "zh": "余弦"},
    "dot_notice": {
        "en": "- Flip the sign of one number in A and its term changes sign too.\n"
        "- Doubling every number of A doubles the dot product but leaves the cosine unchanged.\n"
        "- The pair at the top of the ranking is the pair whose vectors agree the most; in a "
        "trained model, related words end up there.",
        "zh": "- 把 A 中某个数的符号取反，对应那一项的符号也会取反。\n"
        "- 把 A 的每个数都乘以 2，点积翻倍，但余弦不变。\n"
        "- 排在最前面的词对，就是向量最一致的一对；在训练好的模型里，相关的词会排到那里。",
    },
    # ---- a real model ----------------------------------------------------------------------
    "nav_real": {"en": "A real model", "zh": "真实模型"},
    "real_title": {"en": "A real model: all-MiniLM-L6-v2", "zh": "真实模型：all-MiniLM-L6-v2"},
    "real_intro": {
        "en": "Everything so far used random weights. Here is a small trained transformer encoder "
        "(6 layers, 12 heads per layer, vectors of 384 numbers, 32 per head), computed in numpy on "
        "your sentence. Its tokens are word pieces, with [CLS] added in front and [SEP] at the end. "
        "Click any head in the grid to open it below, and switch softmax off to see its raw scores "
        "weighting V — something other attention viewers do not let you do.",
        "zh": "前面的页面用的都是随机权重。这里是一个训练好的小型 Transformer 编码器（6 层，每层 12 个头，"
        "向量有 384 个数，每个头 32 个），用 numpy 在你的句子上计算。它的词元是词片（word piece），"
        "开头加上 [CLS]，结尾加上 [SEP]。点击网格中的任意一个头即可在下方展开；关闭 softmax，"
        "就能看到原始分数直接去加权 V——这是其他注意力可视化工具做不到的。",
    },
    "hide_specials": {"en": "Hide [CLS] and [SEP]", "zh": "隐藏 [CLS] 和 [SEP]"},
    "specials_hidden_note": {
        "en": "[CLS] and [SEP] are hidden, not removed: the model still attends to them, so softmax rows "
        "shown here add up to less than 1.",
        "zh": "[CLS] 和 [SEP] 只是被隐藏，并没有被删除：模型仍然会关注它们，所以这里显示的 softmax 每行之和小于 1。",
    },
    "real_grid": {
        "en": "Every head's attention weights (softmax on)",
        "zh": "每个头的注意力权重（使用 softmax）",
    },
    "real_grid_hint": {
        "en": "Rows are layers 0–5, columns heads 0–11. Click a head to open it; the chosen one is outlined.",
        "zh": "行是第 0–5 层，列是第 0–11 个头。点击一个头即可展开；被选中的头有外框。",
    },
    "ax_layer": {"en": "layer", "zh": "层"},
    "ax_head": {"en": "head", "zh": "头"},
    "ax_layer_head": {"en": "layer · head", "zh": "层 · 头"},
    "real_head": {"en": "Layer {layer}, head {head}", "zh": "第 {layer} 层，第 {head} 个头"},
    "real_rowsums": {
        "en": "Row sums with softmax off: from {lo:.2f} to {hi:.2f}. With softmax on: every row sums to 1.",
        "zh": "不用 softmax 时每行之和：从 {lo:.2f} 到 {hi:.2f}。使用 softmax 时：每行之和都是 1。",
    },
    "real_output": {
        "en": "Head output Z (softmax {state})",
        "zh": "该头的输出 Z（softmax {state}）",
    },
    "real_mean": {
        "en": "Mean over the 12 heads of layer {layer}",
        "zh": "第 {layer} 层 12 个头的平均",
    },
    "real_patterns": {"en": "What heads do on this sentence", "zh": "各个头在这个句子上做了什么"},
    "real_patterns_intro": {
        "en": "Measured now on your sentence: the heads that send the most attention, on average, to each "
        "kind of word. Click them in the grid to check.",
        "zh": "在你的句子上实时测量：平均而言，把最多注意力投向每类词的那些头。在网格中点击它们来验证。",
    },
    "pattern_previous": {"en": "the previous word", "zh": "前一个词"},
    "pattern_next": {"en": "the next word", "zh": "后一个词"},
    "pattern_sep": {"en": "[SEP]", "zh": "[SEP]"},
    "pattern_cls": {"en": "[CLS]", "zh": "[CLS]"},
    "pattern_same_word": {"en": "another copy of the same word", "zh": "同一个词的另一次出现"},
    "pattern_none": {"en": "no word repeats in this sentence", "zh": "这个句子里没有重复的词"},
    "head_ref": {
        "en": "L{layer} H{head} ({share:.0%})",
        "zh": "第{layer}层第{head}头（{share:.0%}）",
    },
    "real_notice": {
        "en": "- Many heads pour most of their weight onto [CLS] or [SEP]: a common way for a trained head "
        "to say “nothing here for me”. Hide them to see the rest.\n"
        "- Some heads are almost purely positional (previous or next word); others link related words.\n"
        "- With softmax off, a real head's rows no longer add up to 1 (the range is printed under the "
        "two matrices), so the size of Z swings from word to word: softmax is what turns scores into an average.",
        "zh": "- 许多头把大部分权重投向 [CLS] 或 [SEP]：这是训练好的头表达“这里没有我要找的”的常见方式。"
        "隐藏它们就能看清其余部分。\n"
        "- 有些头几乎纯粹按位置工作（看前一个或后一个词）；另一些头会把相关的词联系起来。\n"
        "- 关闭 softmax 后，真实头的每行之和不再是 1（范围印在两个矩阵下方），于是 Z 的大小随词而剧烈变化："
        "正是 softmax 把分数变成了平均。",
    },
    # ---- page 8: summary ----------------------------------------------------------------------
    "nav_summary": {"en": "8 · Summary", "zh": "8 · 总结"},
    "summary_title": {"en": "8 · The whole module on one screen", "zh": "8 · 一屏看完整个模块"},
    "summary_intro": {
        "en": "Your sentence, from tokens to output, with the current settings.",
        "zh": "你的句子从词元到输出的全过程，使用当前设置。",
    },
    "summary_recap": {
        "en": "**Recap.** The dot product of a query row with a key row measures how much two words "
        "agree; those agreements, optionally scaled and turned into probabilities by softmax, weight "
        "the value rows, and the weighted sum is each word's output. Which words agree depends "
        "entirely on the embeddings and on W_Q, W_K, W_V — and those are learned. Training pushes "
        "the vectors of words that matter to each other into line, which is why attention finds "
        "relevant words. The three linear layers give the module extra freedom to shape those vectors.",
        "zh": "**回顾。** 查询行与键行的点积衡量两个词有多一致；这些一致程度（可以先缩放，再用 softmax 变成概率）"
        "作为权重去加权值向量，加权和就是每个词的输出。哪些词一致，完全取决于嵌入和 W_Q、W_K、W_V——"
        "而它们都是学出来的。训练会把彼此相关的词的向量调整得更一致，这就是注意力能找到相关词的原因。"
        "三个线性层则给了模块更多自由，去塑造这些向量。",
    },
    "summary_notice": {
        "en": "- Change one word of the sentence and watch which rows and columns change everywhere.\n"
        "- Switch softmax off and compare the range of the weights and of Z.",
        "zh": "- 改动句子里的一个词，看看各处哪些行和列随之改变。\n"
        "- 关闭 softmax，比较权重和 Z 的数值范围。",
    },
}


def _merge(*parts: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
    """One table from its parts; a key defined twice is a mistake, not an override."""
    table: dict[str, dict[str, str]] = {}
    for part in parts:
        clash = table.keys() & part.keys()
        if clash:
            raise KeyError(f"translation keys defined twice: {sorted(clash)}")
        table.update(part)
    return table


TEXTS = _merge(TEXTS, CLASSROOM, PRESENT, LEARNING, REDESIGN, EXPLORE)


def lang() -> str:
    value = st.session_state.get("lang", "en")
    return value if value in LANGUAGES else "en"


def t(key: str, /, **kwargs: object) -> str:
    """The text for `key` in the current language, with `kwargs` filled in."""
    text = TEXTS[key][lang()]
    return text.format(**kwargs) if kwargs else text
