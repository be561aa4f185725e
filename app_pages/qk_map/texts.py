"""Texts of app_pages/qk_map/page.py, in English and Chinese."""

TEXTS: dict[str, dict[str, str]] = {
    "nav_qk_map": {"en": "6b · Queries and keys on a map", "zh": "6b · 查询与键的地图"},
    "qk_intro": {
        "en": "One head's queries and keys are placed so that a dot product on the map reproduces each score minus its query's mean score (softmax ignores that mean): a query gives most weight to the keys that reach farthest along its arrow.",
        "zh": "把一个注意力头的查询和键摆在地图上，使地图上的点积重现每个分数减去该查询的平均分数（softmax 不受这个平均值影响）：查询给出最大权重的，是沿它的箭头伸得最远的键。",
    },
    "qk_pick": {"en": "Query to follow", "zh": "要跟踪的查询"},
    "qk_pick_help": {
        "en": "The chosen query is the ringed arrow from (0, 0). Dashed lines drop its {n} heaviest keys onto the arrow's line, labelled with their weights: the farther along the arrow, the higher the score. Nearness does not count.",
        "zh": "选中的查询是从原点出发、末端带圈的箭头。虚线把它权重最大的 {n} 个键投到箭头所在的直线上，线上标着权重：沿箭头越远，分数越高。离得近不算数。",
    },
    "qk_queries": {"en": "query", "zh": "查询"},
    "qk_keys": {"en": "key", "zh": "键"},
    "qk_axis": {
        "en": "axis {i}: explains {share:.0%} of how the scores vary",
        "zh": "坐标轴 {i}：解释了分数变化的 {share:.0%}",
    },
    "qk_map_title": {
        "en": "q·k on this map ≈ score − the query's mean score",
        "zh": "地图上的 q·k ≈ 分数 − 该查询的平均分数",
    },
    "qk_before": {"en": "Before training", "zh": "训练前"},
    "qk_after": {"en": "After training", "zh": "训练后"},
    "qk_ctx_before": {
        "en": "the page-7 model at its starting (random) weights",
        "zh": "第 7 页模型在起始（随机）参数时的样子",
    },
    "qk_before_after": {
        "en": "The same sentence through the page-7 model before and after training: training turns each query's arrow towards the keys it has learned to need.",
        "zh": "同一个句子分别经过训练前和训练后的第 7 页模型：训练让每个查询的箭头转向它学会需要的那些键。",
    },
    "qk_rank_label": {
        "en": "Map's order vs the weights (1 = same)",
        "zh": "地图的顺序与注意力权重的吻合度（1 = 顺序相同）",
    },
    "qk_row_label": {"en": "For the query “{token}”", "zh": "查询“{token}”的吻合度"},
    "qk_undefined": {"en": "not defined", "zh": "无定义"},
    "qk_explained_label": {
        "en": "How much of the scores' variation the map keeps",
        "zh": "地图保留了分数变化的多少",
    },
    "qk_trust_high": {
        "en": "At {high} or more: the arrows order the keys nearly as the weights do, so you can read who attends to whom from the map.",
        "zh": "达到 {high} 或以上：箭头给键排的顺序与注意力权重几乎相同，可以从地图读出谁关注谁。",
    },
    "qk_trust_some": {
        "en": "Between {some} and {high}: the broad picture holds, but check single keys against the weights.",
        "zh": "介于 {some} 与 {high} 之间：大致的图景可信，但单个键要对照权重核实。",
    },
    "qk_trust_low": {
        "en": "Below {some}: two directions are too few for this head; read its weights, not the map.",
        "zh": "低于 {some}：两个方向不足以描述这个头，请看它的权重，别看地图。",
    },
    "qk_trust_none": {
        "en": "No query sees two keys with different weights, so there is no order to compare: the map says nothing about the weights.",
        "zh": "没有一个查询能看到两个权重不同的键，无从比较顺序：这张地图说明不了权重的任何情况。",
    },
    "qk_row_off": {
        "en": "Not for “{token}”, though: its keys along its arrow are in a different order from its weights. Check them in the weights.",
        "zh": "但“{token}”例外：沿它的箭头，键的顺序与它的权重不同。请对照它的权重核实。",
    },
    "qk_how": {
        "en": "How the match is measured: for each query, the rank correlation (Spearman) between its dot products on the map and its attention weights over the keys it sees, averaged over the queries (1 = the same order, 0 = unrelated, −1 = reversed). The weights follow the sidebar's switches.",
        "zh": "吻合度的算法：对每个查询，计算它在地图上的点积与它的注意力权重（只算它能看到的键）之间的秩相关（斯皮尔曼），再对所有查询取平均（1 表示顺序完全相同，0 表示无关，−1 表示完全相反）。权重随侧边栏的开关而变。",
    },
    "qk_details_title": {"en": "How the map is made", "zh": "这张地图是怎么画的"},
    "qk_details": {
        "en": "1. Take the head's scores: Q·Kᵀ, with the sidebar's ÷√d_k and temperature.\n2. From each query's row subtract its mean. Softmax gives the same weights, so nothing that decides attention is lost.\n3. Split that matrix C with the singular value decomposition, C = U·S·Vᵀ, and keep its two largest parts: each query becomes the point U₂√S₂, each key the point V₂√S₂. Their dot products are the closest two-dimensional match to C (least squares).\n4. A dot product is the query arrow's length times how far the key reaches along it. So for one query the keys rank by how far along its arrow they reach; keys behind (0, 0) get the least weight. Distance is not the score: a key far out along the arrow beats a key right next to the query.",
        "zh": "1. 取这个注意力头的分数：Q·Kᵀ，按侧边栏的设置除以 √d_k 和温度。\n2. 每个查询的那一行减去这一行的平均值。softmax 给出的权重不变，所以决定注意力的信息一点也没丢。\n3. 用奇异值分解把这个矩阵 C 拆成 C = U·S·Vᵀ，只保留最大的两部分：每个查询成为点 U₂√S₂，每个键成为点 V₂√S₂。它们的点积是二维中与 C 最接近的（最小二乘）。\n4. 点积等于查询箭头的长度乘以键沿箭头伸出的距离。所以对一个查询来说，键按沿它的箭头伸出多远排序；在原点背后的键权重最小。距离不是分数：沿箭头伸得很远的键，胜过紧挨着查询的键。",
    },
    "qk_this_map": {"en": "This map", "zh": "这张地图"},
    "qk_kept": {
        "en": "{title}: the two directions reproduce {share:.0%} of the scores (of the sum of squares of C); the rest is lost.",
        "zh": "{title}：两个方向重现了分数的 {share:.0%}（按 C 的平方和计），其余部分丢失了。",
    },
    "qk_csv": {"en": "CSV of the points", "zh": "下载点坐标 CSV"},
    "qk_csv_corner": {"en": "point", "zh": "点"},
    "qk_csv_query": {"en": "query {i}: {token}", "zh": "查询 {i}：{token}"},
    "qk_csv_key": {"en": "key {i}: {token}", "zh": "键 {i}：{token}"},
    "qk_notice": {
        "en": "- Follow one query: do its heaviest keys reach farthest along its arrow? Is its nearest key also its heaviest?\n- The match with the weights tells you how far to believe the picture; two directions always lose something.\n- Switch the sidebar's model between random weights, a real MiniLM head and the page-7 model, and compare how the arrows and the match change.",
        "zh": "- 跟踪一个查询：注意力权重最大的键是不是沿它的箭头伸得最远？离它最近的键，注意力权重是不是也最大？\n- 吻合度告诉你这幅图能信几分；只用两个方向总会丢掉一些信息。\n- 在随机参数、真实的 MiniLM 注意力头和第 7 页的模型之间切换侧边栏的模型，比较箭头和吻合度如何变化。",
    },
}
