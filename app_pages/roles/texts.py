"""Texts of page 5, the roles of query, key and value (app_pages/roles/page.py).

A page's title is its menu label, `nav_*`: one text for both."""

TEXTS: dict[str, dict[str, str]] = {
    "nav_roles": {"en": "5 · Roles of query, key, value", "zh": "5 · 查询、键、值的作用"},
    "roles_intro": {
        "en": "The query is the word we are computing attention *for*. Its query vector is compared "
        "with the key vector of every word, which gives one score per word: how relevant that word "
        "is to the query. The value vectors carry what each word contributes; the query's output "
        "row is the sum of all value rows, each multiplied by its weight.",
        "zh": "查询（Query）就是我们要为它计算注意力的那个词。它的查询向量与每个词的键向量比较，为每个词得到一个分数：这个词与查询词有多相关。值（Value）向量携带每个词贡献的内容；查询词的输出行就是所有值向量各自乘以权重后的总和。",
    },
    "pick_query": {"en": "Query word", "zh": "查询词"},
    "roles_scores": {"en": "Scores of “{word}” against every key", "zh": "“{word}”与每个键的分数"},
    "roles_weights": {
        "en": "Weights of “{word}” (the row used for Z)",
        "zh": "“{word}”的权重（用于计算 Z 的那一行）",
    },
    "roles_terms": {
        "en": "Its output row, term by term: αⱼ · vⱼ",
        "zh": "它的输出行，逐项展开：αⱼ · vⱼ",
    },
    "roles_terms_chart": {
        "en": "One row per key word: its weight × its value vector",
        "zh": "每个键一行：它的权重 × 它的值向量",
    },
    "roles_sum": {
        "en": "Sum of the terms = row of Z for “{word}”",
        "zh": "各项之和 = “{word}”在 Z 中的那一行",
    },
    "roles_check": {
        "en": "Check: the summed terms equal Z's row, to rounding (largest difference {d:.4f}).",
        "zh": "验证：各项之和等于 Z 中的那一行，只差舍入误差（最大差值 {d:.4f}）。",
    },
    "term_row": {"en": "{w} × v({word})", "zh": "{w} × v({word})"},
    "roles_top": {
        "en": "Of all the words, itself included, “{query}” gives its largest weight, {w:.3f}, "
        "to “{key}”.",
        "zh": "在所有词中（包括它自己），“{query}”把最大的权重 {w:.3f} 给了“{key}”。",
    },
    "roles_top_self": {
        "en": "“{query}” gives its largest weight, {w:.3f}, to itself; of the other words, "
        "“{key}” gets the most, {w2:.3f}.",
        "zh": "“{query}”把最大的权重 {w:.3f} 给了它自己；在其他词中，“{key}”得到的最多，为 {w2:.3f}。",
    },
    "roles_notice": {
        "en": "- The bar chart is one row of the score matrix: the query's view of the sentence.\n"
        "- Each term αⱼ·vⱼ is a value row scaled by one weight; a word with a large weight "
        "dominates the sum.\n"
        "- With softmax off, a negative score flips the sign of that word's value row before it "
        "is added.",
        "zh": "- 条形图就是分数矩阵中的一行：查询词眼中的整个句子。\n"
        "- 每一项 αⱼ·vⱼ 都是一行值向量乘以一个权重；权重大的词在总和中占主导。\n"
        "- softmax 关闭时，负的分数会先把该词的值向量取反，然后再加进去。",
    },
    # ---- predict, then reveal (ui/predict.py) ----
}
