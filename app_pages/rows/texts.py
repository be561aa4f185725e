"""Texts of page 2, each row of every matrix is one word (app_pages/rows/page.py).

A page's title is its menu label, `nav_*`: one text for both."""

TEXTS: dict[str, dict[str, str]] = {
    "nav_rows": {"en": "2 · Every row is a word", "zh": "2 · 每一行都是一个词"},
    "rows_intro": {
        "en": "One way to understand attention is to follow a single word through it. Pick a word "
        "(or click any row of a chart): its row is highlighted in every matrix, from the embedding "
        "to the output. The sizes of the matrices and the number of dimensions do not matter for "
        "this — only where each word's row goes.",
        "zh": "理解注意力的一种方法，是盯住一个词，看它一路怎么走。选一个词（或点击任意图表中的某一行），"
        "它在从嵌入到输出的每个矩阵中对应的那一行都会被高亮。矩阵大小和维度数量在这里不是重点，"
        "关键是每个词的那一行去了哪里。",
    },
    "rows_tab_x": {"en": "X (what goes in)", "zh": "X（输入）"},
    "rows_tab_qkv": {"en": "Q, K and V", "zh": "Q、K 与 V"},
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
}
