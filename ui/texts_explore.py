"""Texts of the three exploring pages: the query–key map, the head atlas, change one word."""

TEXTS: dict[str, dict[str, str]] = {
    "nav_qk_map": {"en": "6b · Queries and keys on a map", "zh": "6b · 查询与键的地图"},
    "nav_atlas": {"en": "Head atlas", "zh": "注意力头图谱"},
    "nav_variant": {"en": "Change one word", "zh": "改动一个词"},
    "desc_nav_qk_map": {
        "en": "one head's queries and keys on a flat map: near means a high score",
        "zh": "把一个头的查询和键画在平面地图上：离得近就是分数高",
    },
    "desc_nav_atlas": {
        "en": "what each of MiniLM's 72 heads does, measured over many sentences",
        "zh": "MiniLM 72 个头各自在做什么，在许多句子上测量",
    },
    "desc_nav_variant": {
        "en": "change one word and see which heads react most",
        "zh": "改动一个词，看看哪些头反应最大",
    },
}

# ---- 6b: the query–key map ----------------------------------------------------------------
TEXTS |= {
    "qk_title": {"en": "6b · Queries and keys on a map", "zh": "6b · 查询与键的地图"},
    "qk_intro": {
        "en": "A score is the dot product q·k of one query and one key. "
        "Here one head's queries and keys are drawn together on a flat map: "
        "if the map is good, a query sits close to the keys it scores high, so attention becomes a matter of who is near whom. "
        "Queries and keys often form two separate clouds, so the key cloud is first moved onto the query cloud and given the same size, "
        "then both are flattened onto the two directions along which they spread most (PCA).",
        "zh": "分数是一个查询与一个键的点积 q·k。"
        "这里把一个注意力头的所有查询和键画在同一张平面地图上："
        "如果地图画得好，查询就会靠近它打分高的那些键，于是注意力就变成了“谁离谁近”的问题。"
        "查询和键常常各成一团，所以先把键的那一团挪到查询那一团上，并让两团大小相同，"
        "再把它们压到散布最大的两个方向上（主成分分析，PCA）。",
    },
    "qk_pick": {"en": "Query to follow", "zh": "要跟踪的查询"},
    "qk_pick_help": {
        "en": "Lines join the chosen query (ringed) to its {n} heaviest keys, labelled with their attention weights.",
        "zh": "连线把选中的查询（带圈）连到它权重最大的 {n} 个键上，线上标着注意力权重。",
    },
    "qk_queries": {"en": "query", "zh": "查询"},
    "qk_keys": {"en": "key", "zh": "键"},
    "qk_axis": {
        "en": "direction {i} ({share:.0%} of the spread)",
        "zh": "方向 {i}（占散布的 {share:.0%}）",
    },
    "qk_map_title": {"en": "Queries and keys of one head", "zh": "一个注意力头的查询与键"},
    "qk_before": {"en": "Before training", "zh": "训练前"},
    "qk_after": {"en": "After training", "zh": "训练后"},
    "qk_ctx_before": {
        "en": "the page-7 model at its starting (random) weights",
        "zh": "第 7 页模型在起始（随机）权重时的样子",
    },
    "qk_before_after": {
        "en": "The same sentence through the page-7 model before and after training: training moves each query towards the keys it has learned to need.",
        "zh": "同一个句子分别经过训练前和训练后的第 7 页模型：训练会把每个查询挪向它学会需要的那些键。",
    },
    "qk_random": {"en": "Random weights (toy model)", "zh": "随机权重（玩具模型）"},
    "qk_trained": {"en": "Trained on page 7", "zh": "第 7 页训练的模型"},
    "qk_random_beside": {
        "en": "No “before” model is kept for this run, so the toy model, whose weights are random, stands beside the trained one as the counter-example.",
        "zh": "这次训练没有保存“训练前”的模型，所以把权重随机的玩具模型放在训练好的模型旁边作为反例。",
    },
    "qk_rank_label": {"en": "Rank correlation", "zh": "秩相关"},
    "qk_undefined": {"en": "not defined", "zh": "无定义"},
    "qk_explained_label": {"en": "Spread kept by the map", "zh": "地图保留的散布"},
    "qk_explained_help": {
        "en": "The two directions of the map keep {share:.0%} of the spread of the queries and keys; the rest is flattened away.",
        "zh": "地图的两个方向保留了查询和键 {share:.0%} 的散布，其余部分被压平丢掉了。",
    },
    "qk_trust_high": {
        "en": "At {high} or more: closeness on the map follows the scores well, so you can read who attends to whom from the distances.",
        "zh": "达到 {high} 或以上：地图上的远近与分数高低相当一致，可以从距离读出谁关注谁。",
    },
    "qk_trust_some": {
        "en": "Between {some} and {high}: the broad picture holds, but do not trust any single distance; check it against the scores.",
        "zh": "介于 {some} 与 {high} 之间：大致的图景可信，但别相信任何单个距离，要对照分数核实。",
    },
    "qk_trust_low": {
        "en": "Below {some}: the flat map distorts this head; read its score matrix instead of the distances.",
        "zh": "低于 {some}：这张平面地图扭曲了这个头，请看它的分数矩阵，而不是地图上的距离。",
    },
    "qk_trust_none": {
        "en": "With this few distinct points there is nothing to rank: the map says nothing about the scores.",
        "zh": "不同的点太少，无从排序：这张地图说明不了分数的任何情况。",
    },
    "qk_csv": {"en": "CSV of the points", "zh": "下载点坐标 CSV"},
    "qk_csv_corner": {"en": "point", "zh": "点"},
    "qk_csv_query": {"en": "query {i}: {token}", "zh": "查询 {i}：{token}"},
    "qk_csv_key": {"en": "key {i}: {token}", "zh": "键 {i}：{token}"},
    "qk_how": {
        "en": "Rank correlation: over every query–key pair, how well “closer on the map” agrees with “higher q·k” "
        "(Spearman: 1 = the same order, 0 = unrelated, −1 = reversed). The lines use the weights of the sidebar's switches.",
        "zh": "秩相关：在所有查询—键配对上，“地图上更近”与“q·k 更高”的排序有多一致"
        "（斯皮尔曼相关：1 表示顺序完全相同，0 表示无关，−1 表示完全相反）。连线使用侧边栏开关下的权重。",
    },
    "qk_notice": {
        "en": "- Follow one query: are its heaviest keys also its nearest ones on the map?\n"
        "- The rank correlation tells you how far to believe the picture; a flat map always loses something.\n"
        "- Switch the sidebar's model between random weights, a real MiniLM head and the page-7 model, and compare how the clouds and the rank correlation change.",
        "zh": "- 跟踪一个查询：权重最大的键是不是也是地图上离它最近的键？\n"
        "- 秩相关告诉你这幅图能信几分；压成平面总会丢掉一些信息。\n"
        "- 在随机权重、真实的 MiniLM 注意力头和第 7 页的模型之间切换侧边栏的模型，比较点群和秩相关如何变化。",
    },
}

# ---- the head atlas -------------------------------------------------------------------------
TEXTS |= {
    "atlas_title": {"en": "Head atlas", "zh": "注意力头图谱"},
    "atlas_intro": {
        "en": "MiniLM has 6 layers of 12 heads. Each head was run on a set of built-in sentences and on yours, "
        "and we measured what it does: look at the previous or next token, at itself, park on [CLS] or [SEP], "
        "find the same word elsewhere, or spread its attention broadly. Each head gets the label of the behaviour it shows most clearly.",
        "zh": "MiniLM 有 6 层，每层 12 个注意力头。我们把每个头放在一组内置句子和你的句子上运行，"
        "测量它做了什么：看前一个或后一个词元、看自己、停在 [CLS] 或 [SEP] 上、"
        "找到别处的同一个词，还是把注意力铺得很开。每个头的标签取它表现最明显的那种行为。",
    },
    "atlas_wait": {
        "en": "Running every sentence through MiniLM…",
        "zh": "正在让每个句子经过 MiniLM……",
    },
    "atlas_pooled": {
        "en": "Measured over {n} sentences: the built-in ones and yours.",
        "zh": "在 {n} 个句子上测量：内置句子加上你的句子。",
    },
    "atlas_pooled_builtin": {
        "en": "Measured over the {n} built-in sentences only (your sentence is empty).",
        "zh": "只在 {n} 个内置句子上测量（你的句子是空的）。",
    },
    "atlas_b_previous": {"en": "previous token", "zh": "前一个词元"},
    "atlas_b_next": {"en": "next token", "zh": "后一个词元"},
    "atlas_b_self": {"en": "itself", "zh": "自身"},
    "atlas_b_cls": {"en": "[CLS]", "zh": "[CLS]"},
    "atlas_b_sep": {"en": "[SEP]", "zh": "[SEP]"},
    "atlas_b_same_word": {"en": "same word", "zh": "相同的词"},
    "atlas_b_broad": {"en": "broad", "zh": "广泛分散"},
    "atlas_b_mixed": {"en": "mixed", "zh": "混合"},
    "atlas_grid": {
        "en": "What each head does (colour: behaviour; paler: weaker)",
        "zh": "每个头在做什么（颜色：行为；越淡越弱）",
    },
    "atlas_col_label": {"en": "behaviour", "zh": "行为"},
    "atlas_col_strength": {"en": "strength", "zh": "强度"},
    "atlas_grid_hint": {
        "en": "Click a head to choose it (it is ringed, and set in the sidebar), then open it on the real-model page.",
        "zh": "点击一个头来选中它（它会被框出，并同步到侧边栏），然后可在“真实模型”页打开它。",
    },
    "atlas_open_real": {
        "en": "Open layer {layer}, head {head} ({label}) on the real-model page",
        "zh": "在“真实模型”页打开第 {layer} 层第 {head} 个头（{label}）",
    },
    "atlas_summary": {"en": "Each behaviour in one line", "zh": "每种行为一句话"},
    "atlas_line": {
        "en": "**{name}**: {count} of the 72 heads; strongest: layer {layer}, head {head} ({score:.2f})",
        "zh": "**{name}**：72 个头中有 {count} 个；最强的是第 {layer} 层第 {head} 个头（{score:.2f}）",
    },
    "atlas_line_mixed": {
        "en": "**{name}**: {count} heads reach no threshold",
        "zh": "**{name}**：有 {count} 个头哪个阈值都没达到",
    },
    "atlas_rule": {
        "en": "How a head is labelled: each behaviour's score is divided by its threshold ({thresholds}); "
        "the largest ratio wins if it is at least 1, else the head is “mixed”. "
        "Scores are mean attention on that kind of key over every query of every sentence; “broad” is the mean entropy of a row divided by log n (1 = even rows).",
        "zh": "标签的定法：每种行为的分数除以它的阈值（{thresholds}），"
        "比值最大者胜出，前提是比值至少为 1，否则这个头记为“混合”。"
        "分数是所有句子所有查询放在该类键上的平均注意力；“广泛分散”是每行熵除以 log n 的平均值（1 表示完全均匀）。",
    },
    "atlas_table": {"en": "Every head and every score", "zh": "所有的头和所有的分数"},
    "atlas_table_hint": {
        "en": "Click a column header to sort by it.",
        "zh": "点击列标题即可按该列排序。",
    },
    "atlas_unk_heading": {"en": "Chinese and [UNK]", "zh": "中文与 [UNK]"},
    "atlas_unk_note": {
        "en": "MiniLM was trained on English: its vocabulary holds only {cjk} Chinese characters. "
        "Any other character becomes the unknown piece [UNK], and the model cannot tell two [UNK] apart.",
        "zh": "MiniLM 是用英文训练的：它的词表里只有 {cjk} 个汉字。"
        "其他汉字都会变成未知词元 [UNK]，而模型分不清两个 [UNK] 有什么不同。",
    },
    "atlas_unk_count": {
        "en": "Your sentence: {unknown} of its {pieces} word pieces are [UNK].",
        "zh": "你的句子：{pieces} 个词片中有 {unknown} 个是 [UNK]。",
    },
    "atlas_sentences": {"en": "The {n} built-in sentences", "zh": "{n} 个内置句子"},
    "atlas_notice": {
        "en": "- Look at which layers hold the positional heads (previous, next token) and which hold the heads parked on [CLS]: a head parked there is doing little for that token.\n"
        "- Count the “mixed” heads: one label per head is a simplification, and the table shows every score behind it.\n"
        "- Type a sentence with a repeated word and see whether the “same word” heads change.",
        "zh": "- 看看位置型的头（前一个、后一个词元）在哪几层，停在 [CLS] 上的头又在哪几层：停在那里的头对这个词元几乎什么也没做。\n"
        "- 数一数“混合”的头：每个头只给一个标签是一种简化，表格列出了标签背后的每一个分数。\n"
        "- 输入一个有重复词的句子，看看“相同的词”那几个头有没有变化。",
    },
}

# ---- change one word ------------------------------------------------------------------------
TEXTS |= {
    "variant_title": {"en": "Change one word", "zh": "改动一个词"},
    "variant_intro": {
        "en": "Sentence A is the sidebar's sentence; sentence B is the same sentence with a word changed. "
        "Every one of MiniLM's 72 heads reads both, and we rank the heads by how much their attention moved.",
        "zh": "句子 A 是侧边栏里的句子；句子 B 是改了一个词的同一个句子。"
        "MiniLM 的 72 个注意力头都读这两个句子，我们按注意力变化的大小给这些头排序。",
    },
    "variant_b": {"en": "Sentence B", "zh": "句子 B"},
    "variant_b_help": {
        "en": "Change one word of sentence A here (press Enter to apply).",
        "zh": "在这里改动句子 A 中的一个词（按回车生效）。",
    },
    "variant_measure": {
        "en": "The measure: the tokens of A and B are paired up. For each head and each paired query, both attention rows are cut down to the paired keys "
        "and renormalised, then compared with the Jensen–Shannon divergence in bits (0 = the same row, 1 = no key in common). "
        "A head's score is the mean over the paired queries.",
        "zh": "衡量方法：先把 A 和 B 的词元一一配对。对每个头、每个配对的查询，把两行注意力都只保留配对的键并重新归一化，"
        "再用詹森—香农散度（单位：比特）比较（0 表示两行相同，1 表示没有共同的键）。"
        "一个头的得分是所有配对查询的平均值。",
    },
    "variant_by_position": {
        "en": "Both sentences have the same number of pieces, so the {m} positions are paired one to one (a changed word is paired with its replacement).",
        "zh": "两个句子的词片数相同，所以 {m} 个位置一一配对（改动的词与替换它的词配成一对）。",
    },
    "variant_by_lcs": {
        "en": "The sentences differ in length, so they are paired on their {m} pieces in common (longest common subsequence). Left out of A: {a}. Left out of B: {b}.",
        "zh": "两个句子长度不同，所以按它们共有的 {m} 个词片配对（最长公共子序列）。A 中未配对的：{a}。B 中未配对的：{b}。",
    },
    "variant_same": {
        "en": "The two sentences give the same attention everywhere: change a word of sentence B.",
        "zh": "两个句子在各处的注意力都相同：请改动句子 B 中的一个词。",
    },
    "variant_top": {"en": "Head that moved most", "zh": "变化最大的头"},
    "variant_head": {"en": "layer {layer}, head {head}", "zh": "第 {layer} 层第 {head} 个头"},
    "variant_top_js": {"en": "Its mean JS divergence (bits)", "zh": "它的平均 JS 散度（比特）"},
    "variant_sidebar_rank": {
        "en": "The sidebar's head (layer {layer}, head {head}) ranks {rank} of {n}, with {js:.4f} bits.",
        "zh": "侧边栏选中的头（第 {layer} 层第 {head} 个）在 {n} 个头中排第 {rank}，散度为 {js:.4f} 比特。",
    },
    "variant_maps": {
        "en": "The {n} heads that moved most: B − A",
        "zh": "变化最大的 {n} 个头：B − A",
    },
    "variant_ctx_a": {"en": "A: “{text}”", "zh": "A：“{text}”"},
    "variant_ctx_b": {"en": "B: “{text}”", "zh": "B：“{text}”"},
    "variant_map_title": {
        "en": "#{rank}: layer {layer}, head {head}, weights B − A",
        "zh": "第 {rank} 名：第 {layer} 层第 {head} 个头，权重 B − A",
    },
    "variant_ctx_head": {
        "en": "MiniLM layer {layer}, head {head} · mean JS {js:.4f} bits · paired tokens, rows renormalised",
        "zh": "MiniLM 第 {layer} 层第 {head} 个头 · 平均 JS {js:.4f} 比特 · 配对的词元，行已重新归一化",
    },
    "variant_diff": {"en": "change in weight", "zh": "权重变化"},
    "variant_maps_help": {
        "en": "Red: B gives that key more weight than A; blue: less. A label “x→y” marks a changed word.",
        "zh": "红色：B 给该键的权重比 A 多；蓝色：比 A 少。“x→y” 形式的标签表示被改动的词。",
    },
    "variant_tokens": {"en": "Which tokens moved most", "zh": "哪些词元变化最大"},
    "variant_tokens_line": {
        "en": "Averaged over all 72 heads, the queries that moved most: {words}.",
        "zh": "在全部 72 个头上平均，变化最大的查询是：{words}。",
    },
    "variant_token_item": {"en": "“{word}” ({js:.4f} bits)", "zh": "“{word}”（{js:.4f} 比特）"},
    "variant_tokens_chart": {
        "en": "How far each token's attention moved (mean over 72 heads)",
        "zh": "每个词元的注意力变化了多少（72 个头的平均）",
    },
    "variant_js": {"en": "mean JS divergence (bits)", "zh": "平均 JS 散度（比特）"},
    "variant_table": {"en": "All 72 heads, most moved first", "zh": "全部 72 个头，变化最大的在前"},
    "variant_col_rank": {"en": "rank", "zh": "名次"},
    "variant_notice": {
        "en": "- Compare the top of the table with its bottom: how many heads moved a lot, and how many hardly at all?\n"
        "- The changed word's own row is not the only one that can move: look for words that attend to it.\n"
        "- Try a change that alters the meaning (milk → water) and one that does not (the → a).",
        "zh": "- 比较表格的开头和结尾：有多少个头变化很大，又有多少个头几乎不动？\n"
        "- 会变化的不只是被改动的那个词自己的那一行：找找关注它的那些词。\n"
        "- 试一个改变意思的改动（milk → water），再试一个不改变意思的改动（the → a）。",
    },
}
