"""Texts of app_pages/variant/page.py, in English and Chinese."""

TEXTS: dict[str, dict[str, str]] = {
    "nav_variant": {"en": "Change one word", "zh": "改动一个词"},
    "variant_intro": {
        "en": "Sentence A is the sidebar's sentence; sentence B is the same sentence with a word changed. Every head of a real model reads both, and we rank the heads by how much their attention moved.",
        "zh": "句子 A 是侧边栏里的句子；句子 B 是改了一个词的同一个句子。真实模型的每个注意力头都读这两个句子，我们按注意力变化的大小给这些头排序。",
    },
    "variant_b": {"en": "Sentence B", "zh": "句子 B"},
    "variant_b_help": {
        "en": "Change one word of sentence A here (press Enter to apply).",
        "zh": "在这里改动句子 A 中的一个词（按回车生效）。",
    },
    "variant_measure_title": {"en": "How the change is measured", "zh": "怎样衡量注意力的变化"},
    "variant_measure": {
        "en": "The tokens of A and B are paired up. For each head and each paired query, both attention rows are cut down to the paired keys and renormalised, then compared with the Jensen–Shannon divergence in bits: 0 when the two rows are the same, 1 when they share no key at all. A head's number is the mean over the paired queries; a word's, the mean over every head.",
        "zh": "先把 A 和 B 的词元一一配对。对每个头、每个配对的查询，把两行注意力都只保留配对的键并重新归一化，再用詹森-香农散度（单位：比特）比较：两行相同时为 0，两行没有一个共同的键时为 1。一个头的数值是所有配对查询的平均值；一个词的数值是所有头的平均值。",
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
    "variant_head": {"en": "layer {layer}, head {head}", "zh": "层 {layer} · 头 {head}"},
    "variant_top_js": {
        "en": "How far its attention moved (0 = not at all, 1 = completely)",
        "zh": "它的注意力变化了多少（0 = 没变，1 = 完全不同）",
    },
    "variant_sidebar_rank": {
        "en": "The sidebar's head (layer {layer}, head {head}) ranks {rank} of {n}: its attention moved {js:.4f}.",
        "zh": "侧边栏选中的头（层 {layer} · 头 {head}）在 {n} 个头中排第 {rank}：它的注意力变化了 {js:.4f}。",
    },
    "variant_tab_heads": {"en": "More heads", "zh": "更多的头"},
    "variant_ctx_a": {"en": "A: “{text}”", "zh": "A：“{text}”"},
    "variant_ctx_b": {"en": "B: “{text}”", "zh": "B：“{text}”"},
    "variant_map_title": {
        "en": "#{rank}: layer {layer}, head {head}, weights B − A",
        "zh": "第 {rank} 名：层 {layer} · 头 {head}，注意力权重 B − A",
    },
    "variant_ctx_head_short": {
        "en": "{model} · moved {js:.4f} (0–1)",
        "zh": "{model} · 变化 {js:.4f}（0–1）",
    },
    "variant_ctx_head": {
        "en": "{model} layer {layer}, head {head} · moved {js:.4f} (0–1) · paired tokens, rows renormalised",
        "zh": "{model} 层 {layer} · 头 {head} · 变化 {js:.4f}（0–1）· 配对的词元，行已重新归一化",
    },
    "variant_diff": {"en": "change in weight", "zh": "注意力权重的变化"},
    "variant_maps_help": {
        "en": "Red: B gives that key more weight than A; blue: less. A label “x→y” marks a changed word. As in #1, each map compares paired tokens only, with every row renormalised over them.",
        "zh": "红色：B 给该键的权重比 A 多；蓝色：比 A 少。“x→y”形式的标签表示被改动的词。和第 1 名一样，每张图只比较配对的词元，每一行都在它们之间重新归一化。",
    },
    "variant_tab_tokens": {"en": "Words that moved", "zh": "变化的词元"},
    "variant_tokens_line": {
        "en": "Averaged over all {n} heads, the queries that moved most: {words}.",
        "zh": "对全部 {n} 个头取平均，变化最大的查询是：{words}。",
    },
    "variant_token_item": {"en": "“{word}” ({js:.4f})", "zh": "“{word}”（{js:.4f}）"},
    "variant_tokens_chart": {
        "en": "How far each token's attention moved (mean over {n} heads)",
        "zh": "每个词元的注意力变化了多少（{n} 个头的平均）",
    },
    "variant_js": {"en": "attention moved (0–1)", "zh": "注意力变化（0–1）"},
    "variant_table": {
        "en": "All {n} heads, most moved first",
        "zh": "全部 {n} 个头，变化最大的在前",
    },
    "variant_col_rank": {"en": "rank", "zh": "名次"},
    "variant_notice": {
        "en": "- Compare the top of the table with its bottom: how many heads moved a lot, and how many hardly at all?\n- The changed word's own row is not the only one that can move: look for words that attend to it.\n- Try a change that alters the meaning (milk → water) and one that does not (the → a).",
        "zh": "- 比较表格的开头和结尾：有多少个头变化很大，又有多少个头几乎不动？\n- 会变化的不只是被改动的那个词自己的那一行：找找关注它的那些词。\n- 试一个改变意思的改动（milk → water），再试一个不改变意思的改动（the → a）。",
    },
}
