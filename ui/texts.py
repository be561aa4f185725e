"""Texts that several pages share: the sidebar, link checks, input checks, chart axes and
context lines, matrix names, and the steps of the attention pipeline."""

# The attention pipeline in order: one name per step; its label is TEXTS["step_<name>"].
# The home page and presenter mode both walk this list.
PIPELINE_STEPS: tuple[str, ...] = (
    "tokens",
    "embed",
    "pos",
    "qkv",
    "factor",
    "scale",
    "softmax",
    "out",
)

TEXTS: dict[str, dict[str, str]] = {
    # ---- app chrome and the sidebar ----------------------------------------------------------
    "app_title": {"en": "Why attention works", "zh": "注意力为什么有效"},
    "language": {"en": "Language / 语言", "zh": "语言 / Language"},
    "sentence": {"en": "Your sentence", "zh": "你的句子"},
    # how the model the sidebar names cuts a sentence into tokens (sentence_help_ + its source)
    "sentence_help_distilled": {
        "en": "English becomes MiniLM's word pieces; Chinese is split into words, each read as the "
        "English word it stands for. Up to {max} tokens are drawn.",
        "zh": "英文按 MiniLM 的词片切分；中文切分成词，每个词读作它对应的英文词。最多绘制 {max} 个词元（token）。",
    },
    "sentence_help_toy": {
        "en": "Words, punctuation marks and each Chinese character become tokens. "
        "Up to {max} tokens are drawn.",
        "zh": "单词、标点以及每个汉字各算一个词元（token）。最多绘制 {max} 个词元。",
    },
    "sentence_help_pretrained": {
        "en": "MiniLM cuts English into word pieces and knows few Chinese characters (the rest "
        "read as [UNK]). Up to {max} tokens are drawn.",
        "zh": "MiniLM 把英文切成词片，认识的汉字很少（其余读作 [UNK]）。最多绘制 {max} 个词元（token）。",
    },
    "sentence_help_e5": {
        "en": "multilingual-e5-small reads English and Chinese as pieces of its own vocabulary. "
        "Up to {max} tokens are drawn.",
        "zh": "multilingual-e5-small 用自己词表里的片段来读英文和中文。最多绘制 {max} 个词元（token）。",
    },
    "sentence_help_trained": {
        "en": "Words, punctuation marks and each Chinese character become tokens; page 7's model "
        "knows only the words of its little language (any other word gets a vector of zeros). "
        "Up to {max} tokens are drawn.",
        "zh": "单词、标点以及每个汉字各算一个词元（token）；第 7 页训练的模型只认识它那门小语言里的词"
        "（其他词的向量全为 0）。最多绘制 {max} 个词元。",
    },
    "source_label": {"en": "Where the vectors come from", "zh": "向量从哪里来"},
    "source_distilled": {"en": "Learned (small)", "zh": "学到的（小模型）"},
    "source_toy": {"en": "Random (before learning)", "zh": "随机（学习之前）"},
    "source_pretrained": {"en": "MiniLM", "zh": "MiniLM"},
    "source_trained": {"en": "Trained", "zh": "第 7 页训练的模型"},
    "source_pretrained_help": {
        "en": "Real weights of all-MiniLM-L6-v2 (6 layers × 12 heads, d_model 384, d_k 32), run in numpy. "
        "X is the input of the chosen layer; the switches below still apply.",
        "zh": "all-MiniLM-L6-v2 的真实参数（6 层 × 12 个头，d_model 384，d_k 32），用 numpy 运行。"
        "X 是所选层的输入；下面的开关依然有效。",
    },
    "source_pretrained_help_fixed": {
        "en": "Real weights of all-MiniLM-L6-v2 (6 layers × 12 heads, d_model 384, d_k 32), run in numpy. "
        "This page always shows this model.",
        "zh": "all-MiniLM-L6-v2 的真实参数（6 层 × 12 个头，d_model 384，d_k 32），用 numpy 运行。"
        "本页始终显示这个模型。",
    },
    "source_e5_help": {
        "en": "Real weights of multilingual-e5-small (12 layers × 12 heads, d_model 384, d_k 32), "
        "run in numpy. X is the input of the chosen layer; the switches below still apply.",
        "zh": "multilingual-e5-small 的真实参数（12 层 × 12 个头，d_model 384，d_k 32），用 numpy 运行。"
        "X 是所选层的输入；下面的开关依然有效。",
    },
    "source_e5_help_fixed": {
        "en": "Real weights of multilingual-e5-small (12 layers × 12 heads, d_model 384, d_k 32), "
        "run in numpy. This page always shows this model.",
        "zh": "multilingual-e5-small 的真实参数（12 层 × 12 个头，d_model 384，d_k 32），用 numpy 运行。"
        "本页始终显示这个模型。",
    },
    "source_distilled_help": {
        "en": "A small head (d_model {d_model}, d_k {d_k}) that learned to attend like the mean of "
        "MiniLM's layer {layer}, heads {heads}, the mix of heads that most often links an object to "
        "its verb. How often it does so is measured on the home page; under the weights chart, "
        "whether your own sentence shows it.",
        "zh": "一个小注意力头（d_model {d_model}，d_k {d_k}），学会了像 MiniLM 层 {layer} 的头 {heads} 的平均那样分配注意力；"
        "在 MiniLM 的各个头及其组合中，这一组合最常把宾语和它的动词联系起来。它多常做到，首页上有测量结果；"
        "你自己的句子是否体现这一点，看注意力权重图下面的说明。",
    },
    "story_shows": {
        "en": "In this sentence the object “{object}” looks most at its verb “{verb}” ({ratio:.1f}× "
        "any other word): with these weights, this sentence shows the article's story.",
        "zh": "在这个句子里，宾语“{object}”最关注它的动词“{verb}”（是其他任何词的 {ratio:.1f} 倍）："
        "用这组参数，这个句子体现了文章讲的道理。",
    },
    "story_close": {
        "en": "In this sentence the object “{object}” looks most at its verb “{verb}”, but only "
        "{ratio:.2f}× the next word, short of the {margin}× the app asks: not a clear case.",
        "zh": "在这个句子里，宾语“{object}”最关注它的动词“{verb}”，但只是第二名的 {ratio:.2f} 倍，"
        "没有达到本应用要求的 {margin} 倍：不算明确。",
    },
    "story_not_verb": {
        "en": "In this sentence the object “{object}” looks most at “{top}”, not at its verb "
        "“{verb}”: with these weights, this sentence does not show the article's story.",
        "zh": "在这个句子里，宾语“{object}”最关注的是“{top}”，而不是它的动词“{verb}”："
        "用这组参数，这个句子没有体现文章讲的道理。",
    },
    "story_unknown": {
        "en": "The app cannot tell which word of this sentence is the verb and which its object "
        "(it reads simple cues, not grammar), so it does not say whether this sentence shows "
        "the article's story.",
        "zh": "本应用分辨不出这个句子里哪个词是动词、哪个词是它的宾语（它只看简单的线索，不做语法分析），"
        "所以不判断这个句子是否体现了文章讲的道理。",
    },
    "source_toy_help": {
        "en": "The same module before learning: random weights, so its patterns mean nothing yet.",
        "zh": "学习之前的同一个模块：参数是随机的，所以它的注意力模式还没有意义。",
    },
    "layer": {"en": "Layer (0–{hi})", "zh": "层（0–{hi}）"},
    "head": {"en": "Head (0–{hi})", "zh": "头（0–{hi}）"},
    "toy_only": {
        "en": "These settings shape the random-weights model only.",
        "zh": "这些设置只作用于随机参数模型。",
    },
    "model_size": {"en": "Model size", "zh": "模型大小"},
    "d_model": {"en": "d_model (embedding width)", "zh": "d_model（嵌入维度）"},
    "d_k": {"en": "d_k (query/key width)", "zh": "d_k（查询/键的维度）"},
    "seed": {"en": "Seed for the weights", "zh": "参数的随机种子"},
    "steps_heading": {"en": "Attention steps", "zh": "注意力步骤"},
    "pe": {"en": "Add positional encoding", "zh": "加入位置编码"},
    "pe_fixed": {
        "en": "This model was trained with its positions added, so they stay on: only “{toy}” "
        "can leave them out.",
        "zh": "这个模型是带着位置编码训练的，所以位置编码始终开启：只有“{toy}”可以去掉它。",
    },
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
        "Use the copy icon to copy it. A link holds at most {budget} characters; a longer text is cut, and this panel says so.",
        "zh": "这个链接会打开与现在完全相同的画面：页面、语言、句子和所有设置。点击复制图标即可复制。链接最多容纳 {budget} 个字符；更长的文字会被截短，本面板会说明。",
    },
    "export_json": {"en": "All matrices as JSON", "zh": "所有矩阵（JSON）"},
    "export_html": {"en": "This page as HTML", "zh": "本页存为 HTML"},
    "export_html_help": {
        "en": "One file with every chart (hover for values), the settings and the link. "
        "It opens in any browser without internet, e.g. on a course site.",
        "zh": "一个文件，包含所有图表（悬停可看数值）、设置和链接。"
        "无需联网即可在任何浏览器中打开，例如放在课程网站上。",
    },
    "html_settings": {"en": "Settings", "zh": "设置"},
    "html_link": {"en": "Link to this view in the app", "zh": "在应用中打开此画面的链接"},
    "svg": {"en": "SVG", "zh": "SVG"},
    "png": {"en": "PNG", "zh": "PNG"},
    "uses": {"en": "This page uses: {names}", "zh": "本页用到的设置：{names}"},
    "notice": {"en": "What to notice", "zh": "值得注意"},
    # ---- settings from a link that could not be used -----------------------------------------
    "url_rejected_title": {
        "en": "Some settings in the link could not be used:",
        "zh": "链接中的部分设置无法使用：",
    },
    "url_rejected_item": {
        "en": "{key} = “{raw}”: {why}. Using the default instead.",
        "zh": "{key} = “{raw}”：{why}。已改用默认值。",
    },
    "url_ignored": {
        "en": "the whole link was ignored, so every setting is at its default: it has {params} parameters and {chars} characters, and Streamlit reads a link only up to {max_params} parameters and {max_chars} characters.",
        "zh": "整个链接都被忽略了，所以所有设置都是默认值：它有 {params} 个参数、{chars} 个字符，而 Streamlit 只读取不超过 {max_params} 个参数、{max_chars} 个字符的链接。",
    },
    "url_kept_item": {
        "en": "{key} = “{raw}”: {why}.",
        "zh": "{key} = “{raw}”：{why}。",
    },
    "url_unknown_more": {
        "en": "and {n} more parameters that are not settings of this app; they were ignored.",
        "zh": "还有 {n} 个参数也不是本应用的设置，已忽略。",
    },
    "url_repeated_item": {
        "en": "{key} is given {n} times; the last one is used.",
        "zh": "{key} 出现了 {n} 次；使用最后一个。",
    },
    "url_unknown_item": {
        "en": "“{key}” is not a setting of this app; it was ignored.",
        "zh": "“{key}”不是本应用的设置，已忽略。",
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
    # ---- input checks ----------------------------------------------------------------------
    "empty_text": {
        "en": "The sentence box is empty (or holds only spaces or invisible characters). "
        "Type a sentence in the sidebar to see its attention.",
        "zh": "句子框是空的（或只有空格、不可见字符）。请在侧边栏输入一个句子来查看它的注意力。",
    },
    "box_cut": {
        "en": "What arrived here had {length} characters: this box holds {kept}, so the first "
        "{kept} are kept and the rest was left out.",
        "zh": "这里收到了 {length} 个字符，而这个框最多容纳 {kept} 个，所以保留了前 {kept} 个，其余的没有保留。",
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
    # ---- chart axes and context lines --------------------------------------------------------
    "first_dims": {
        "en": "showing the first {shown} of {total} dimensions",
        "zh": "只显示 {total} 个维度中的前 {shown} 个",
    },
    "numbers_too_small": {
        "en": "numbers: hover a cell",
        "zh": "数值：鼠标移到格子上",
    },
    "use_english_example": {
        "en": "Use the English example, “{text}”",
        "zh": "改用英文例句“{text}”",
    },
    "unknown_pieces": {
        "en": "{unknown} of this sentence's {pieces} word pieces are [UNK] (unknown): the "
        "model's vocabulary, learned from English text, lacks them, so it reads them all as one "
        "and the same piece.",
        "zh": "这个句子的 {pieces} 个词片中有 {unknown} 个是 [UNK]（未知）：模型的词表是从英文文本中学到的，"
        "没有这些字，所以把它们都当成同一个词片。",
    },
    "numbers_too_small_phone": {
        "en": "numbers: tap a cell",
        "zh": "数值：点一下格子",
    },
    "csv": {"en": "CSV", "zh": "CSV"},
    "download": {"en": "Download", "zh": "下载"},
    "ctx_line": {
        "en": "{model} · softmax {softmax} · ÷√d_k {scale} · T = {temp:g}",
        "zh": "{model} · softmax {softmax} · ÷√d_k {scale} · 温度 {temp:g}",
    },
    "ctx_line_factor": {
        "en": "{model} · Q·Kᵀ: no ÷√d_k, no softmax",
        "zh": "{model} · 原始的 Q·Kᵀ：未除以 √d_k，未经 softmax",
    },
    "ctx_line_scores": {
        "en": "{model} · ÷√d_k {scale} · T = {temp:g} · no softmax yet",
        "zh": "{model} · ÷√d_k {scale} · 温度 {temp:g} · 未经 softmax",
    },
    "ctx_toy": {
        "en": "random weights (seed {seed}): d_model {d_model}, d_k {d_k}, positions {pe}",
        "zh": "随机参数（种子 {seed}）：d_model {d_model}，d_k {d_k}，位置编码 {pe}",
    },
    "glosses_heading": {
        "en": "How the model reads your Chinese ({n} words)",
        "zh": "模型如何读你的中文（{n} 个词）",
    },
    "glosses_note": {
        "en": "The model learned from MiniLM, which reads English: each Chinese word takes the "
        "vector of the English word it stands for (from the CC-CEDICT dictionary; particles such "
        "as 的 and 了 are mapped by hand). The charts show your words.",
        "zh": "这个模型向 MiniLM 学习，而 MiniLM 读的是英文：每个中文词使用它所对应的英文词的向量"
        "（取自 CC-CEDICT 词典；“的”“了”等虚词由人工对应）。图表上显示的仍是你的中文词。",
    },
    "glosses_word": {"en": "Word", "zh": "词"},
    "glosses_read": {"en": "Read as", "zh": "读作"},
    "ctx_distilled": {
        "en": "learned head (MiniLM L{layer} H{heads})",
        "zh": "学到的头（MiniLM 层 {layer} · 头 {heads}）",
    },
    "ctx_minilm": {
        "en": "MiniLM layer {layer} head {head}",
        "zh": "MiniLM 层 {layer} · 头 {head}",
    },
    "words_view_title": {"en": "The same over words", "zh": "同一个头，按词来看"},
    "words_view_ctx": {"en": "{model}, over words", "zh": "{model}，按词"},
    "real_label": {"en": "Model", "zh": "模型"},
    "real_minilm": {"en": "MiniLM (English)", "zh": "MiniLM（英文）"},
    "real_e5": {
        "en": "multilingual-e5 (Chinese and English)",
        "zh": "multilingual-e5（中文和英文）",
    },
    "real_minilm_help": {
        "en": "all-MiniLM-L6-v2 learned from English text: it reads a Chinese character as a "
        "word of its own, or as [UNK] when it never saw it.",
        "zh": "all-MiniLM-L6-v2 是从英文文本学到的：它把一个汉字当成一个单独的词，没见过的字就读成 [UNK]。",
    },
    "real_e5_help": {
        "en": "multilingual-e5-small learned from text in about 100 languages, Chinese among "
        "them: it reads Chinese as pieces of its own vocabulary (one piece may be a word, a "
        "character or two words).",
        "zh": "multilingual-e5-small 从约 100 种语言的文本中学习，其中包括中文：它用自己词表里的片段来读中文"
        "（一个片段可能是一个词、一个字，也可能跨两个词）。",
    },
    "model_fetch_needed": {
        "en": "{model}'s weights are not on this server yet. Making them downloads the model "
        "file once (a minute or two); the other pages work meanwhile.",
        "zh": "这台服务器上还没有 {model} 的参数。准备它们需要下载一次模型文件（一两分钟）；其他页面照常可用。",
    },
    "model_fetch": {"en": "Get the model", "zh": "获取模型"},
    "model_fetching": {
        "en": "Making the model's files: {share:.0%}",
        "zh": "正在准备模型文件：{share:.0%}",
    },
    "model_fetch_failed": {
        "en": "The model's files could not be made: {why}",
        "zh": "无法准备模型文件：{why}",
    },
    "ctx_e5": {
        "en": "multilingual-e5-small layer {layer} head {head}",
        "zh": "multilingual-e5-small 层 {layer} · 头 {head}",
    },
    "ctx_trained": {"en": "model trained on page 7", "zh": "第 7 页训练的模型"},
    "ctx_smollm2": {
        "en": "SmolLM2 layer {layer} head {head}",
        "zh": "SmolLM2 层 {layer} · 头 {head}",
    },
    "ax_token": {"en": "token", "zh": "词元"},
    "ax_query": {"en": "query word", "zh": "查询"},
    "ax_key": {"en": "key word", "zh": "键"},
    "ax_dim": {"en": "dimension", "zh": "维度"},
    "ax_value": {"en": "value", "zh": "数值"},
    "ax_input_dim": {"en": "input dimension (d_model)", "zh": "输入维度（d_model）"},
    "ax_output_dim": {"en": "output dimension", "zh": "输出维度"},
    "ax_weight": {"en": "weight", "zh": "权重"},
    "ax_score": {"en": "score", "zh": "分数"},
    "ax_step": {"en": "training step", "zh": "步数"},
    # ---- matrix names ------------------------------------------------------------------------
    "m_embedding": {"en": "Embedding (word vectors)", "zh": "嵌入（词向量）"},
    "m_positions": {"en": "Positional encoding", "zh": "位置编码"},
    "m_positions_learned": {"en": "Position embeddings (learned)", "zh": "位置编码（学到的）"},
    "m_x_layernorm": {
        "en": "X = LayerNorm(embedding + positions)",
        "zh": "X = LayerNorm(嵌入 + 位置编码)",
    },
    "m_x_layer": {
        "en": "X = input of layer {layer} (output of layer {before})",
        "zh": "X = 层 {layer} 的输入（层 {before} 的输出）",
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
    "m_scores": {"en": "Scores after {steps}", "zh": "分数（已 {steps}）"},
    "m_scores_raw": {"en": "Scores (no scaling, temperature 1)", "zh": "分数（未缩放，温度为 1）"},
    "m_weights_soft": {
        "en": "Weights: softmax on (rows sum to 1)",
        "zh": "注意力权重：softmax 开启（每行和为 1）",
    },
    "m_weights_raw": {
        "en": "Weights: softmax off (the scores themselves)",
        "zh": "注意力权重：softmax 关闭（即分数本身）",
    },
    "m_output": {"en": "Z = weights·V (output)", "zh": "Z = 注意力权重 · V（输出）"},
    "tab_output": {"en": "Output Z", "zh": "输出 Z"},  # a tab's label: short enough for a phone
    # ---- the pipeline, step by step (home page strip, presenter strip, score titles) -------
    "step_tokens": {"en": "tokens", "zh": "词元"},
    "step_embed": {"en": "embeddings", "zh": "嵌入"},
    "step_pos": {"en": "+ positions", "zh": "+ 位置编码"},
    "step_qkv": {"en": "Q, K, V", "zh": "Q、K、V"},
    "step_factor": {"en": "Q·Kᵀ", "zh": "Q·Kᵀ"},
    "step_scale": {"en": "÷ √d_k", "zh": "÷ √d_k"},
    "step_softmax": {"en": "softmax", "zh": "softmax"},
    "step_out": {"en": "× V = Z", "zh": "× V = Z"},
    "step_temp": {"en": "÷ temperature {t:g}", "zh": "÷ 温度 {t:g}"},
    "step_join": {"en": " and ", "zh": "、"},
    # ---- joining pieces of text in code ---------------------------------------------------
    "list_sep": {"en": ", ", "zh": "、"},
    "label_line": {"en": "- {label}: {text}", "zh": "- {label}：{text}"},
    "row_pair": {"en": "{i}–{j} (“{word}”)", "zh": "{i}–{j}（“{word}”）"},
    "on": {"en": "on", "zh": "开启"},
    "off": {"en": "off", "zh": "关闭"},
    "ctx_cross": {"en": "Q: {q} · K, V: {k}", "zh": "Q：{q} · K、V：{k}"},
    "ctx_distilled_x": {
        "en": "learned head's X, random W (seed {seed})",
        "zh": "学到的头的 X，随机 W（种子 {seed}）",
    },
    "ctx_random_weights": {
        "en": ", random W (seed {seed})",
        "zh": "，随机 W（种子 {seed}）",
    },
    "ctx_causal": {"en": " · causal mask", "zh": " · 因果掩码"},
    "export_nothing": {
        "en": "This page shows no matrices to export.",
        "zh": "本页没有可以导出的矩阵。",
    },
    "learned_heading": {
        "en": "Does the query find the word that matters?",
        "zh": "查询能找到真正相关的词吗？",
    },
    "learned_intro": {
        "en": "Which word is relevant to which is something a model learns from data. On the left, the model trained on page 7 (it learned that the object depends on the verb); on the right, the same kind of module with random weights, before any learning.",
        "zh": "哪个词与哪个词相关，是模型从数据中学到的。左边是第 7 页训练出的模型（它学到了宾语取决于动词）；右边是随机参数模型，它还什么都没学。",
    },
    "learned_trained": {
        "en": "Learned: weights of “{word}” (model trained on page 7)",
        "zh": "学到的：“{word}”的注意力权重（第 7 页训练的模型）",
    },
    "learned_random": {
        "en": "Random: weights of “{word}” (before learning)",
        "zh": "随机：“{word}”的注意力权重（学习之前）",
    },
    "learned_random_meaningless": {
        "en": "Random weights give attention that means nothing: any word may win.",
        "zh": "随机参数给出的注意力没有任何意义：哪个词胜出都有可能。",
    },
    "link_shortened": {
        "en": "Your text is longer than the {max} tokens drawn: the link holds the part that is drawn; the box keeps all of it.",
        "zh": "你的文字超过了绘制的 {max} 个词元：链接只保存被绘制的那一部分；输入框里仍保留全文。",
    },
    "link_cut": {
        "en": "Your text is too long for a link (a link holds about {budget} characters, and a letter of some scripts takes up to 9): the link holds only its start; the box keeps all of it.",
        "zh": "你的文字太长，链接放不下（一个链接约能容纳 {budget} 个字符，有些文字的一个字就要占 9 个）：链接只保存开头部分；输入框里仍保留全文。",
    },
    "problem_broken_text": {
        "en": "kept, but parts of it were not valid text in the link and show as �",
        "zh": "已保留，但其中有些内容在链接里不是有效文字，显示为 �",
    },
    # ---- several tokens at once (ui/groups.py, under the weights charts) -------------------
    "group_heading": {
        "en": "Several tokens at once: add up their rows",
        "zh": "同时看几个词元：把它们的行加起来",
    },
    "group_help": {
        "en": "Pick query tokens: their rows of the weights above are added up (row “sum”) and averaged (row “mean”), key by key. Pick key tokens to keep only those columns; with none picked, every key is shown. The picks follow you to the other pages and are kept in the link.",
        "zh": "选择查询词元：上面权重中它们的行按键逐列相加（“总和”行），再求平均（“平均”行）。选择作为键的词元，就只保留这些列；一个都不选时显示所有键。所选内容会跟着你到其他页面，也会保存在链接里。",
    },
    "group_pick_q": {"en": "Query tokens (rows)", "zh": "作为查询的词元（行）"},
    "group_pick_q_none": {"en": "None yet: pick one or more", "zh": "尚未选择：选一个或多个"},
    "group_pick_k": {"en": "Key tokens (columns)", "zh": "作为键的词元（列）"},
    "group_pick_k_none": {"en": "None: all keys", "zh": "未选择：显示所有键"},
    "group_which_q": {"en": "query", "zh": "查询"},
    "group_which_k": {"en": "key", "zh": "键"},
    "group_dropped": {
        "en": "Several tokens at once: dropped {items} from the chosen {which} tokens; this sentence has tokens 0–{last}.",
        "zh": "同时看几个词元：已从所选的{which}中去掉 {items}；这个句子的词元编号是 0–{last}。",
    },
    "group_pick_first": {
        "en": "Pick at least one query token to see the group’s row.",
        "zh": "请至少选择一个查询词元，才能看到它们合在一起的行。",
    },
    "group_sum": {"en": "sum", "zh": "总和"},
    "group_mean": {"en": "mean", "zh": "平均"},
    "group_rows": {"en": "Chosen queries", "zh": "所选查询"},
    "group_chart_title": {"en": "Chosen queries together", "zh": "所选查询合在一起"},
    "group_chart_of": {"en": "Rows of: {what}", "zh": "取自：{what}"},
    "group_note_soft": {
        "en": "Row “{sum}” adds the {g} chosen queries’ weights, key by key: each query gives out 1 in all, so a cell can exceed 1 (the colour scale then stretches past 1). Row “{mean}” divides by {g}: the group’s average row, still a share of attention.",
        "zh": "“{sum}”行把所选的 {g} 个查询的权重按键逐列相加：每个查询总共分出 1，所以一个格子可以超过 1（此时色阶会延伸到 1 以上）。“{mean}”行再除以 {g}：这组查询的平均行，仍是注意力的份额。",
    },
    "group_note_raw": {
        "en": "Without softmax the weights are the scores themselves, signed, so the colours are centred on 0. Row “{sum}” adds the {g} chosen queries’ rows, key by key; row “{mean}” divides by {g}. These are not shares of attention.",
        "zh": "softmax 关闭时，注意力权重就是分数本身，有正有负，所以颜色以 0 为中心。“{sum}”行把所选的 {g} 个查询的行按键逐列相加；“{mean}”行再除以 {g}。这些不是注意力的份额。",
    },
    "group_outside_all": {
        "en": "Every key is shown, so no attention falls outside. Pick key tokens to see how much stays on them.",
        "zh": "显示了所有键，所以没有注意力落在外面。选出一些作为键的词元，就能看到有多少注意力留在它们身上。",
    },
    "group_outside_soft": {
        "en": "On average, each chosen query gives {inside:.1%} of its attention to the chosen keys and {outside:.1%} to the other keys.",
        "zh": "平均而言，每个所选查询把 {inside:.1%} 的注意力给了所选的键，把 {outside:.1%} 给了其他键。",
    },
    "group_outside_raw": {
        "en": "Without softmax there are no shares: on average a chosen query’s weights add up to {inside:.3f} over the chosen keys and {outside:.3f} over the other keys.",
        "zh": "softmax 关闭时谈不上份额：平均而言，一个所选查询的注意力权重在所选键上合计 {inside:.3f}，在其他键上合计 {outside:.3f}。",
    },
    # ---- predict, then reveal (ui/predict.py) ----
    "pq_heading": {
        "en": "Predict, then reveal:",
        "zh": "先预测，再揭晓：",
    },
    "pq_group": {
        "en": "Predict, then reveal: {n} question(s) to answer before you look",
        "zh": "先预测，再揭晓：看图之前先回答（{n} 个问题）",
    },
    "pq_pick": {
        "en": "Your prediction",
        "zh": "你的预测",
    },
    "pq_reveal": {
        "en": "Reveal",
        "zh": "揭晓答案",
    },
    "pq_right": {
        "en": "Right.",
        "zh": "答对了。",
    },
    "pq_wrong": {
        "en": "Not quite.",
        "zh": "不太对。",
    },
    "pq_answer": {
        "en": "The answer: {answer}.",
        "zh": "答案：{answer}。",
    },
    "pq_again": {
        "en": "Ask again",
        "zh": "重新作答",
    },
    "pq_word_nth": {
        "en": "the {nth} ‘{word}’",
        "zh": "第 {nth} 个“{word}”",
    },
    "pq_opt_yes": {
        "en": "Yes",
        "zh": "是",
    },
    "pq_opt_no": {
        "en": "No",
        "zh": "否",
    },
    "pq_opt_positive": {
        "en": "Positive",
        "zh": "正数",
    },
    "pq_opt_negative": {
        "en": "Negative",
        "zh": "负数",
    },
    "pq_top_q": {
        "en": "Which other word will “{word}” look at most?",
        "zh": "除了自己，“{word}”会最关注哪个词？",
    },
    "pq_top_a": {
        "en": "Of the other words, “{word}” gives its largest weight, {w:.3f}, to “{key}”.",
        "zh": "在其他词中，“{word}”把最大的权重 {w:.3f} 给了“{key}”。",
    },
    "pq_why_top": {
        "en": "Why: training turned the query of “{word}” and the key of the word that matters to it "
        "the same way, so their dot product, and then their weight, comes out largest.",
        "zh": "原因：训练让“{word}”的查询和与它相关的那个词的键指向相近的方向，所以它们的点积最大，权重也就最大。",
    },
    "pq_why_random": {
        "en": "These weights are random (before learning), so which word comes first is chance: "
        "nothing has taught “{word}” what matters to it yet.",
        "zh": "这组参数是随机的（学习之前），所以哪个词排第一纯属偶然：还没有什么教会“{word}”哪个词与它相关。",
    },
    "pq_fig_weights": {
        "en": "Weights of “{word}”",
        "zh": "“{word}”的注意力权重",
    },
    "pq_fig_factor": {
        "en": "Q·Kᵀ of “{word}” against every key",
        "zh": "“{word}”与每个键的 Q·Kᵀ",
    },
    # ---- MiniLM: the heads the default model learned from; what it reads of Chinese (ui/minilm.py)
    "minilm_and": {"en": " and ", "zh": " 和 "},
    "minilm_words_title": {
        "en": "Words only ([CLS] and [SEP] left out): each row re-normalised to sum to 1",
        "zh": "只看词（不含 [CLS] 和 [SEP]）：每行重新归一化，和为 1",
    },
    "minilm_sink": {
        "en": "“{word}” puts {sink:.2f} of its weight on [CLS] and [SEP]; the words-only view shows "
        "how it shares the other {rest:.2f} among the words.",
        "zh": "“{word}”把 {sink:.2f} 的权重放在 [CLS] 和 [SEP] 上；“只看词”的图显示它怎样把其余的 {rest:.2f} "
        "分给句子里的词。",
    },
    "minilm_sink_mean": {
        "en": "On average over the two heads, “{word}” puts {sink:.2f} of its weight on [CLS] and "
        "[SEP] and {rest:.2f} on the words; the words-only view shows how they share that rest "
        "among the words.",
        "zh": "两个头平均下来，“{word}”把 {sink:.2f} 的权重放在 [CLS] 和 [SEP] 上，{rest:.2f} 放在词上；"
        "“只看词”的图显示它们怎样把这部分分给句子里的词。",
    },
    "minilm_words_empty": {
        "en": "Left empty in the words-only view: the rows of {words}, which give every bit of "
        "their weight to [CLS] and [SEP] and none to the words.",
        "zh": "“只看词”图中留空的行：{words}。它们把全部权重都给了 [CLS] 和 [SEP]，词一点也没有分到。",
    },
    "minilm_teacher_raw": {
        "en": "As they are, [CLS] and [SEP] included",
        "zh": "原样：含 [CLS] 和 [SEP]",
    },
    "minilm_teacher_words": {
        "en": "Words only: what the default model learned",
        "zh": "只看词：默认模型学习的对象",
    },
    "minilm_teacher_ctx": {
        "en": "MiniLM layer {layer}, mean of heads {heads} · softmax on",
        "zh": "MiniLM 层 {layer}，头 {heads} 的平均 · softmax 开启",
    },
    "minilm_reads_unk": {
        "en": "MiniLM reads English: {unknown} of the {characters} Chinese characters in your "
        "sentence are unknown to it and all read as one token, [UNK], so its charts cannot tell "
        "them apart. It reads: {tokens}",
        "zh": "MiniLM 读的是英文：你句子里的 {characters} 个汉字中有 {unknown} 个它不认识，都读成同一个 [UNK]，"
        "图上分不出来。它读到的是：{tokens}",
    },
    "minilm_reads_chars": {
        "en": "MiniLM reads English. It knows the {characters} Chinese characters in your sentence "
        "only one by one, each as a lone character, not as part of a word. What it reads: {tokens}",
        "zh": "MiniLM 读的是英文。你句子里的 {characters} 个汉字它只是一个一个地认识，每个都当作单个的字，"
        "不当作词的一部分。它读到的是：{tokens}",
    },
    # the sentence forms whose rates the app states (core/story_rates.py)
    "form_en_plain": {
        "en": "plain sentences (“The farmer painted the fence.”)",
        "zh": "普通句子（“The farmer painted the fence.”）",
    },
    "form_en_question": {"en": "yes-no questions", "zh": "一般疑问句"},
    "form_en_wh_question": {"en": "wh-questions", "zh": "特殊疑问句"},
    "form_en_progressive": {
        "en": "the progressive (“is painting”)",
        "zh": "进行时（“is painting”）",
    },
    "form_en_perfect": {
        "en": "the perfect (“has painted”)",
        "zh": "完成时（“has painted”）",
    },
    "form_en_future": {"en": "the future (“will paint”)", "zh": "将来时（“will paint”）"},
    "form_en_imperative": {"en": "imperatives", "zh": "祈使句"},
    "form_en_quantifier": {
        "en": "quantifiers (“every”, “two”)",
        "zh": "数量词（“every”、“two”）",
    },
    "form_en_possessive": {
        "en": "possessives (“the farmer's son”)",
        "zh": "所有格（“the farmer's son”）",
    },
    "form_en_relative": {"en": "relative clauses", "zh": "关系从句"},
    "form_en_adverb": {"en": "an adverb", "zh": "带副词的句子"},
    "form_en_time": {"en": "time phrases", "zh": "带时间短语的句子"},
    "form_en_negation": {"en": "negations", "zh": "否定句"},
    "form_en_adjective_object": {
        "en": "adjectives on the object (“the old wooden fence”)",
        "zh": "宾语带形容词（“the old wooden fence”）",
    },
    "form_en_passive": {"en": "passives", "zh": "被动句"},
    "form_zh_article": {
        "en": "the article's shape (那只黑色的猫喝了牛奶)",
        "zh": "文章例句的形式（那只黑色的猫喝了牛奶）",
    },
    "form_zh_plain": {
        "en": "plain sentences (老师写了作业)",
        "zh": "普通句子（老师写了作业）",
    },
    "form_zh_measure": {
        "en": "a measure word (买了两斤苹果)",
        "zh": "带量词（买了两斤苹果）",
    },
    "form_zh_de_phrase": {
        "en": "的 phrases (读了有趣的小说)",
        "zh": "带“的”（读了有趣的小说）",
    },
    "form_zh_ba": {"en": "把 sentences", "zh": "把字句"},
    "form_zh_adverb": {"en": "an adverb (慢慢地)", "zh": "带副词（慢慢地）"},
    "form_zh_progressive": {"en": "正在 sentences", "zh": "带“正在”的句子"},
    "form_zh_ma_question": {"en": "吗 questions", "zh": "吗字疑问句"},
    "form_zh_shei_question": {"en": "谁 questions", "zh": "谁字疑问句"},
    "form_zh_time": {"en": "time words (昨天)", "zh": "带时间词（昨天）"},
    "form_zh_place": {"en": "places (在商店)", "zh": "带地点（在商店）"},
    "form_zh_negation": {"en": "negations (没有, 不)", "zh": "否定句（没有、不）"},
    "form_zh_pronoun": {
        "en": "a pronoun subject (他)",
        "zh": "代词作主语（他）",
    },
    "form_zh_future": {"en": "the future (明天要)", "zh": "将来（明天要）"},
    "form_zh_bei": {"en": "被 sentences", "zh": "被字句"},
}
