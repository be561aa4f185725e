"""Texts of app_pages/qk_map/page.py, in English and Chinese."""

TEXTS: dict[str, dict[str, str]] = {
    "nav_qk_map": {"en": "6b · Queries and keys on a map", "zh": "6b · 查询与键的地图"},
    "qk_intro": {
        "en": "A score is the dot product q·k of one query and one key. Here one head's queries and keys are drawn together on a flat map: if the map is good, a query sits close to the keys it scores high, so attention becomes a matter of who is near whom. Queries and keys often form two separate clouds, so the key cloud is first moved onto the query cloud and given the same size, then both are flattened onto the two directions along which they spread most (PCA).",
        "zh": "分数是一个查询与一个键的点积 q·k。这里把一个注意力头的所有查询和键画在同一张地图上：如果地图画得好，查询就会靠近它打分高的那些键，于是注意力就变成了“谁离谁近”的问题。查询和键常常各成一团，所以先把键的那一团挪到查询那一团上，并让两团大小相同，再把它们压到散布最大的两个方向上（主成分分析，PCA）。",
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
    "qk_random": {"en": "Random weights (before learning)", "zh": "随机权重（学习之前）"},
    "qk_trained": {"en": "Trained on page 7", "zh": "第 7 页训练的模型"},
    "qk_random_beside": {
        "en": "No “before” model is kept for this run, so a module with random weights (before learning) stands beside the trained one as the counter-example.",
        "zh": "这次训练没有保存“训练前”的模型，所以把随机权重模型放在训练好的模型旁边作对照。",
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
        "zh": "低于 {some}：地图没能如实反映这个头，请看它的分数矩阵，别看地图上的距离。",
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
        "en": "Rank correlation: over every query–key pair, how well “closer on the map” agrees with “higher q·k” (Spearman: 1 = the same order, 0 = unrelated, −1 = reversed). The lines use the weights of the sidebar's switches.",
        "zh": "秩相关：在所有查询—键配对上，“地图上更近”与“q·k 更高”的排序有多一致（斯皮尔曼相关：1 表示顺序完全相同，0 表示无关，−1 表示完全相反）。连线使用侧边栏开关下的权重。",
    },
    "qk_notice": {
        "en": "- Follow one query: are its heaviest keys also its nearest ones on the map?\n- The rank correlation tells you how far to believe the picture; a flat map always loses something.\n- Switch the sidebar's model between random weights, a real MiniLM head and the page-7 model, and compare how the clouds and the rank correlation change.",
        "zh": "- 跟踪一个查询：权重最大的键是不是也是地图上离它最近的键？\n- 秩相关告诉你这幅图能信几分；压成平面总会丢掉一些信息。\n- 在随机权重、真实的 MiniLM 注意力头和第 7 页的模型之间切换侧边栏的模型，比较点群和秩相关如何变化。",
    },
}
