"""Texts of the shared lesson layer: each step's title, short name, point and speaker notes
(lessons/lesson.py), and the questions of the kinds that lessons and pages share
(lessons/kinds.py). Class mode, presenter mode and the concept pages read them; app_pages
registers them with ui/i18n."""

TEXTS: dict[str, dict[str, str]] = {
    # ---- 1. what a dot product measures ----
    # ---- 2. the factor matrix ----
    "cls_q_factor": {
        "en": "Does “{a}” score “{b}” exactly as high as “{b}” scores “{a}”? (Is the factor matrix "
        "symmetric?)",
        "zh": "“{a}”给“{b}”的分数，和“{b}”给“{a}”的分数完全相同吗？（因子矩阵是对称的吗？）",
    },
    "cls_a_factor": {
        "en": "Row “{a}”, column “{b}” holds {ab:.3f}; row “{b}”, column “{a}” holds {ba:.3f}.",
        "zh": "第“{a}”行“{b}”列是 {ab:.3f}；第“{b}”行“{a}”列是 {ba:.3f}。",
    },
    "cls_why_factor": {
        "en": "Why: a score is one word's query · the other word's key, and the query and key come from "
        "different weights, so swapping the two words changes the score.",
        "zh": "原因：分数是一个词的查询与另一个词的键的点积，而查询和键来自不同的参数，所以交换两个词，分数就变了。",
    },
    # ---- 3. softmax on and off ----
    "cls_why_softmax": {
        "en": "Why: with softmax off the weights are the scaled scores themselves; softmax divides each "
        "row's exponentials by their sum, so with it every row adds up to 1.",
        "zh": "原因：softmax 关闭时，注意力权重就是缩放后的分数本身；softmax 把每一行的指数除以它们的和，所以开启后每一行加起来都等于 1。",
    },
    # ---- 4. × V ----
    # ---- 5. training live ----
    "cls_q_train": {
        "en": "Page 7 trains a small model to guess the last word of sentences like “{probe}”. After "
        "training, which other word will “{word}” weigh most?",
        "zh": "第 7 页训练一个小模型，猜出像“{probe}”这样的句子的最后一个词。训练之后，“{word}”会给哪个其他词最大的权重？",
    },
    "cls_a_train": {
        "en": "After {steps} steps “{word}” gives “{key}” a weight of {w:.3f} (before training: "
        "{before:.3f}), and the model guesses {acc:.0%} of unseen sentences right.",
        "zh": "训练 {steps} 步后，“{word}”给“{key}”的权重是 {w:.3f}（训练前是 {before:.3f}），模型猜对了 {acc:.0%} 的新句子。",
    },
    "cls_train": {"en": "Train live", "zh": "现场训练"},
    "cls_train_hint": {
        "en": "The row of the last word is the one to watch; press Train live.",
        "zh": "请注意最后一个词那一行；点“现场训练”开始。",
    },
    "cls_trained": {
        "en": "Trained: {steps} steps of page 7's run.",
        "zh": "训练完成：第 7 页的训练共 {steps} 步。",
    },
    # ---- 6. learned against random ----
    # ---- 7. a real MiniLM head ----
    "cls_q_real": {
        "en": "MiniLM layer {layer}, heads {heads}, words only ([CLS] and [SEP] left out): which other "
        "word will “{word}” weigh most?",
        "zh": "MiniLM 层 {layer} · 头 {heads}，只看词（不含 [CLS] 和 [SEP]）：除了自己，“{word}”会给哪个词最大的权重？",
    },
    "cls_q_real_e5": {
        "en": "multilingual-e5-small (a real model that reads Chinese), layer {layer}, head "
        "{head}, over the sentence's words: which other word will “{word}” weigh most?",
        "zh": "multilingual-e5-small（一个能读中文的真实模型）层 {layer} · 头 {head}，按句子里的词来看："
        "除了自己，“{word}”会给哪个词最大的权重？",
    },
    "cls_why_real_e5": {
        "en": "Why: this head was trained with the whole model on text in about 100 languages; "
        "it learned where a word should look, and here an object looks at its verb.",
        "zh": "原因：这个头是和整个模型一起在约 100 种语言的文本上训练出来的；它学会了一个词该看向哪里，"
        "在这里宾语会看向它的动词。",
    },
    "cls_a_real": {
        "en": "Over the words only, “{word}” gives its largest weight among the other words, {w:.3f}, "
        "to “{key}”.",
        "zh": "只看词时，在其他词中，“{word}”把最大的权重 {w:.3f} 给了“{key}”。",
    },
    "cls_why_real": {
        "en": "Why: these heads were trained with the whole model on a huge corpus; they learned where "
        "a query should look, [CLS] and [SEP] included, and our small model learned from them.",
        "zh": "原因：这些注意力头是和整个模型一起在海量语料上训练出来的；它们学会了查询该看向哪里（包括 [CLS] 和 "
        "[SEP]），我们的小模型又是向它们学习的。",
    },
    # ---- 8. the students' own sentences ----
    # ---- 9. recap ----
    "cls_q_recap": {
        "en": "Which of these changes the word “{word}” weighs most (apart from itself)?",
        "zh": "下面哪一项会改变“{word}”权重最大的那个词（不算它自己）？",
    },
    "cls_a_recap": {
        "en": "“{word}” weighs “{key}” most. Its top word with each change: {changes}.",
        "zh": "“{word}”给“{key}”的权重最大。每种改动下它排第一的词：{changes}。",
    },
    "cls_a_recap_item": {"en": "{change}: “{key}”", "zh": "{change}：“{key}”"},
    "cls_why_recap": {
        "en": "Why: dividing by √d_k and softmax never change a row's order; other weights W_Q, W_K "
        "change the dot products themselves.",
        "zh": "原因：除以 √d_k 和 softmax 都不会改变一行的顺序；换一组 W_Q、W_K 则会改变点积本身。",
    },
    "cls_why_recap_chance": {
        "en": "Why: dividing by √d_k and softmax never change a row's order. These random weights happen to keep the top word, but that is chance: step 6 counts how seldom random seeds do.",
        "zh": "原因：除以 √d_k 和 softmax 都不会改变一行的顺序。这组随机参数碰巧保留了排第一的词，但这只是偶然：第 6 步已经数过，随机种子很少能做到这一点。",
    },
    "pq_opt_scale": {"en": "No division by √d_k", "zh": "不除以 √d_k"},
    "pq_opt_softmax": {"en": "Softmax off", "zh": "关闭 softmax"},
    "pq_opt_random": {"en": "Random weights", "zh": "随机参数"},
    "pq_opt_none": {"en": "None of these", "zh": "都不会"},
    # ---- questions that a lesson and a page both ask (lessons/kinds.py) ----
    "pq_dot_top_q": {
        "en": "Of the other words, whose key has the largest dot product with the query of “{word}”?",
        "zh": "在其他词中，谁的键与“{word}”的查询点积最大？",
    },
    "pq_dot_top_a": {
        "en": "The query of “{word}” · the key of “{key}” = {v:.3f}, the largest with another word.",
        "zh": "“{word}”的查询与“{key}”的键点积为 {v:.3f}，在它与其他词的点积中最大。",
    },
    "pq_why_dot_top": {
        "en": "Why: a dot product is large when two vectors point the same way, and training made the "
        "query of “{word}” point like the key of the word it needs, “{key}”.",
        "zh": "原因：两个向量方向越一致，点积越大；训练让“{word}”的查询与它需要的词“{key}”的键指向一致。",
    },
    "pq_why_term": {
        "en": "Why: the output of “{word}” is a weighted sum of value vectors, so the words it gives "
        "large weights to, the ones that matter to it, make up most of it.",
        "zh": "原因：“{word}”的输出是值向量的加权和，所以它给了大权重的词，也就是与它相关的词，占了输出的大部分。",
    },
    "pq_term_q": {
        "en": "In the output row of “{word}”, which word's term αⱼ·vⱼ (its weight × its value vector) will be the longest vector, “{word}” itself included?",
        "zh": "在“{word}”的输出行中（“{word}”自己也算），哪个词的项 αⱼ·vⱼ（权重 × 值向量）会是最长的向量？",
    },
    "pq_term_a": {
        "en": "“{key}”: its weight {w:.3f} × its value vector gives a term of length {length:.3f}, the longest.",
        "zh": "“{key}”：权重 {w:.3f} × 它的值向量，得到长度为 {length:.3f} 的项，是最长的。",
    },
    "pq_fig_terms": {
        "en": "Length of each term αⱼ·vⱼ of “{word}”",
        "zh": "“{word}”每一项 αⱼ·vⱼ 的长度",
    },
    "pq_ax_length": {
        "en": "length",
        "zh": "长度",
    },
    "pq_sum_q": {
        "en": "Softmax is {state}. Will every row of the weights add up to 1?",
        "zh": "softmax 当前{state}。权重的每一行加起来都等于 1 吗？",
    },
    "pq_sum_a": {
        "en": "The row sums run from {lo:.3f} to {hi:.3f}.",
        "zh": "各行之和从 {lo:.3f} 到 {hi:.3f}。",
    },
    "pq_fig_sums": {
        "en": "Sum of each row of the weights",
        "zh": "权重每一行的和",
    },
    "pq_ax_sum": {
        "en": "row sum",
        "zh": "行和",
    },
    "pq_kept_q": {
        "en": "Of the other words, “{word}” now looks most at “{key}”. Swap in random weights, "
        "{seeds} times with a different seed: how often will it still?",
        "zh": "在其他词中，“{word}”现在最关注“{key}”。换成随机参数，用 {seeds} 个不同的种子各试一次："
        "它还会最关注“{key}”吗？",
    },
    "pq_kept_a": {
        "en": "“{key}” came first with {kept} of the {tried} seeds; chance alone gives about {chance:.1f}.",
        "zh": "{tried} 个种子中，有 {kept} 个让“{key}”排第一；纯靠运气大约是 {chance:.1f} 个。",
    },
    "pq_fig_kept": {
        "en": "Which word “{word}” looks at most, with random seeds {first}–{last}",
        "zh": "随机种子 {first}–{last} 下，“{word}”最关注哪个词",
    },
    "pq_ax_seeds": {"en": "seeds that put it first", "zh": "让它排第一的种子数"},
    "pq_why_kept": {
        "en": "Why: what made “{key}” first was learned, and random weights have learned nothing, so their order is chance.",
        "zh": "原因：让“{key}”排第一的是学到的东西，而随机参数什么都没学到，它们的排序纯属偶然。",
    },
    "pq_why_both_random": {
        "en": "Both sets are random here (before learning), so neither knows which words matter.",
        "zh": "这里两组都是随机参数（学习之前），哪一组都不知道哪些词相关。",
    },
    # ---- page 7's training run drawn live (lessons/live_training.py) ----
    "learn_progress": {
        "en": "Step {step} of {steps} · loss {loss:.3f} · accuracy {acc:.0%}",
        "zh": "{step}/{steps} 步 · 损失 {loss:.3f} · 准确率 {acc:.0%}",
    },
    "learn_waiting": {
        "en": "Other students are training on this server. Runs ahead of yours: {n}. Yours starts when they finish (runs take turns, so each one ends sooner).",
        "zh": "其他同学正在这台服务器上训练。排在你前面的训练：{n} 个。它们结束后，你的训练就会开始（大家轮流训练，每个都能更快完成）。",
    },
    "show_loss_title": {
        "en": "Training loss, step {step} of {steps}",
        "zh": "训练损失：已训练 {step} 步（共 {steps} 步）",
    },
    "show_waiting": {
        "en": "The teacher plays the training: {steps} steps in {total:.0f} s.",
        "zh": "老师会播放训练过程：{steps} 步，{total:.0f} 秒。",
    },
    "show_playing": {
        "en": "Training, step {step} of {steps} ({s:.0f} of {total:.0f} s)",
        "zh": "训练中：已训练 {step} 步（共 {steps} 步，{s:.0f} / {total:.0f} 秒）",
    },
    "show_paused": {
        "en": "Paused at step {step} of {steps}",
        "zh": "已暂停：训练了 {step} 步（共 {steps} 步）",
    },
    "show_done": {
        "en": "Trained: {steps} steps. The last row is where the hidden word now looks.",
        "zh": "训练完成：{steps} 步。最后一行就是被隐藏的词现在看向的地方。",
    },
    "show_play": {"en": "Play the training", "zh": "播放训练"},
    "show_pause": {"en": "Pause", "zh": "暂停"},
    "show_again": {"en": "From the start", "zh": "从头播放"},
    "learn_live_heatmap": {
        "en": "Attention at step {step}",
        "zh": "训练 {step} 步时的注意力",
    },
    "ctx_training": {
        "en": "trained here: seed {seed}, {steps} steps, learning rate {lr:g}, d_model {d_model}, d_k {d_k}, softmax {softmax}",
        "zh": "在此训练：种子 {seed}，{steps} 步，学习率 {lr:g}，d_model {d_model}，d_k {d_k}，softmax {softmax}",
    },
    "learn_after": {"en": "After training", "zh": "训练后"},
    # ---- the kinds of lesson step (lessons/kinds.py): title, short name, what it teaches ----
    "kind_title_query_match": {
        "en": "What a dot product measures",
        "zh": "点积衡量的是什么",
    },
    "kind_short_query_match": {
        "en": "Dot product",
        "zh": "点积",
    },
    "kind_teaches_query_match": {
        "en": "a learned query points at the key of the word it needs",
        "zh": "学到的查询指向它需要的那个词的键",
    },
    "kind_title_top_weight": {
        "en": "Where the last word looks",
        "zh": "最后一个词在看哪里",
    },
    "kind_short_top_weight": {
        "en": "Top weight",
        "zh": "最大权重",
    },
    "kind_teaches_top_weight": {
        "en": "which word a word weighs most, and that the order is what training learned",
        "zh": "一个词最看重哪个词，以及这个顺序是训练学到的",
    },
    "kind_title_training_row": {
        "en": "Training, live",
        "zh": "现场训练",
    },
    "kind_short_training_row": {
        "en": "Training",
        "zh": "训练",
    },
    "kind_teaches_training_row": {
        "en": "what training changes in one row: the weights move to the words that help",
        "zh": "训练改变了一行里的什么：权重移到有帮助的词上",
    },
    "kind_title_learned_vs_random": {
        "en": "Learned against random",
        "zh": "学到的参数与随机参数",
    },
    "kind_short_learned_vs_random": {
        "en": "Random",
        "zh": "随机",
    },
    "kind_teaches_learned_vs_random": {
        "en": "learned against random: random weights rank words by chance",
        "zh": "学到的与随机的对比：随机参数给词排序只是偶然",
    },
    "kind_title_larger_max": {
        "en": "Learned weights are sharper",
        "zh": "学到的参数让注意力更集中",
    },
    "kind_short_larger_max": {
        "en": "Sharper",
        "zh": "更集中",
    },
    "kind_teaches_larger_max": {
        "en": "learned weights concentrate on few words; random ones spread",
        "zh": "学到的参数让注意力集中在少数词上，随机参数则让它分散开",
    },
    "kind_title_real_head": {
        "en": "A real encoder's head",
        "zh": "真实编码器的一个注意力头",
    },
    "kind_chart_learned": {
        "en": "Learned weights: softmax on",
        "zh": "学到的参数：softmax 开启",
    },
    "kind_chart_random": {
        "en": "Random weights (seed {seed}): softmax on",
        "zh": "随机参数（种子 {seed}）：softmax 开启",
    },
    "kind_chart_before": {
        "en": "With “{word}”: softmax on",
        "zh": "用“{word}”时：softmax 开启",
    },
    "kind_chart_after": {
        "en": "With “{word}” instead: softmax on",
        "zh": "换成“{word}”后：softmax 开启",
    },
    "kind_short_real_head": {
        "en": "MiniLM",
        "zh": "MiniLM",
    },
    "kind_teaches_real_head": {
        "en": "what a real model's head attends to among the words",
        "zh": "真实模型的注意力头在句子的词之间看向哪里",
    },
    "kind_title_one_word_changes": {
        "en": "Change one word",
        "zh": "换掉一个词",
    },
    "kind_short_one_word_changes": {
        "en": "One word",
        "zh": "换一个词",
    },
    "kind_teaches_one_word_changes": {
        "en": "what moves when one word changes: the words that looked at it",
        "zh": "换掉一个词时什么会变：看向它的那些词",
    },
    "kind_title_what_moves": {
        "en": "Recap: where the order comes from",
        "zh": "回顾：顺序从哪里来",
    },
    "kind_short_what_moves": {
        "en": "Recap",
        "zh": "回顾",
    },
    "kind_teaches_what_moves": {
        "en": "only the learned weights decide the order; scaling and softmax keep it",
        "zh": "只有学到的参数决定顺序；缩放和 softmax 不改变它",
    },
    "kind_title_own_sentences": {
        "en": "Your own sentence",
        "zh": "你自己的句子",
    },
    "kind_short_own_sentences": {
        "en": "Yours",
        "zh": "你的句子",
    },
    "kind_teaches_own_sentences": {
        "en": "the same head on sentences the class writes",
        "zh": "同一个注意力头用在全班自己写的句子上",
    },
    "kind_title_next_word": {
        "en": "What comes next? A real model guesses",
        "zh": "下一个词是什么？让真实模型来猜",
    },
    "kind_short_next_word": {
        "en": "Next word",
        "zh": "下一个词",
    },
    "kind_teaches_next_word": {
        "en": "what a real generative model is trained to do: give every possible next word a probability",
        "zh": "真实的生成模型被训练来做什么：给每个可能的下一个词一个概率",
    },
    "kind_title_story_head": {
        "en": "A head of a real generative model",
        "zh": "真实生成模型的一个注意力头",
    },
    "kind_short_story_head": {
        "en": "SmolLM2",
        "zh": "SmolLM2",
    },
    "kind_teaches_story_head": {
        "en": "a head of a real next-word model looks from the object back to its verb, as the article's head does",
        "zh": "一个真实的猜下一个词的模型里，有个注意力头从宾语回头看它的动词，和文章里的头一样",
    },
    # ---- SmolLM2's next word and its story head (lessons/kinds.py) ----
    "kind_q_next_cut": {
        "en": "SmolLM2, a real generative model, reads the sentence up to its last word: “{prompt} …”. Which word does it find most likely next?",
        "zh": "真实的生成模型 SmolLM2 读到句子的最后一个词之前：“{prompt} …”。它认为接下来最可能是哪个词？",
    },
    "kind_q_next_as_is": {
        "en": "SmolLM2, a real generative model, reads “{prompt} …”. Which word does it find most likely next?",
        "zh": "真实的生成模型 SmolLM2 读到“{prompt} …”。它认为接下来最可能是哪个词？",
    },
    "kind_q_next_english": {
        "en": "SmolLM2 reads only English, so instead of the class's sentence it reads this one up to its last word: “{prompt} …”. Which word does it find most likely next?",
        "zh": "SmolLM2 只读英文，所以它不读本节课的中文句子，而是读这个英文句子的最后一个词之前：“{prompt} …”。它认为接下来最可能是哪个词？",
    },
    "kind_a_next_first": {
        "en": "SmolLM2's first choice: “{word}”, {pct} %.",
        "zh": "SmolLM2 的首选：“{word}”，{pct}%。",
    },
    "kind_a_next_first_below": {
        "en": "SmolLM2's first whole word: “{word}”, {pct} % ({nth} of all its tokens: punctuation and word pieces come first).",
        "zh": "SmolLM2 的首选完整词：“{word}”，{pct}%（在所有词元中排第 {nth}，排在前面的是标点和词片）。",
    },
    "kind_a_next_item": {
        "en": "“{word}” {nth} ({pct} %)",
        "zh": "“{word}”第 {nth}（{pct}%）",
    },
    "kind_a_next_options": {
        "en": "The other options: {items}.",
        "zh": "其他选项：{items}。",
    },
    "kind_a_next_hidden": {
        "en": "The sentence had “{word}”: {nth} ({pct} %).",
        "zh": "原句是“{word}”：排第 {nth}（{pct}%）。",
    },
    "kind_a_next_hidden_pieces": {
        "en": "The sentence had “{word}”, which the model writes as {n} tokens.",
        "zh": "原句是“{word}”，模型要用 {n} 个词元写出它。",
    },
    "kind_why_next": {
        "en": "Why: SmolLM2 learned only to guess the next token, so its heads learned to look wherever helps that guess.",
        "zh": "原因：SmolLM2 只学过猜下一个词元，所以它的注意力头学会了看向有助于猜测的地方。",
    },
    "kind_fig_next": {
        "en": "SmolLM2's {n} most likely next tokens",
        "zh": "SmolLM2 最可能的 {n} 个下一个词元",
    },
    "kind_bar_next": {"en": "{word} {pct} %", "zh": "{word} {pct}%"},
    "kind_ax_probability": {"en": "probability", "zh": "概率"},
    "kind_ctx_next": {
        "en": "SmolLM2-135M · the next token's probabilities (softmax of its logits, T = 1)",
        "zh": "SmolLM2-135M · 下一个词元的概率（logits 的 softmax，温度 1）",
    },
    "kind_q_story": {
        "en": "In SmolLM2, a real generative model, layer {layer}, head {head}: which earlier word will the last word, “{word}”, look at most?",
        "zh": "在真实的生成模型 SmolLM2 的层 {layer} · 头 {head} 中，最后一个词“{word}”最关注前面的哪个词？",
    },
    "kind_q_story_english": {
        "en": "SmolLM2, a real generative model, reads only English, so here it reads “{sentence}”. In its layer {layer}, head {head}, which earlier word will “{word}” look at most?",
        "zh": "真实的生成模型 SmolLM2 只读英文，这里读的是“{sentence}”。在它的层 {layer} · 头 {head} 中，“{word}”最关注前面的哪个词？",
    },
    "kind_a_story": {
        "en": "“{word}” gives {key} {w:.3f}, the most of any earlier word; ⟨start⟩, where a head parks weight it needs nowhere else, takes {sink:.3f}.",
        "zh": "“{word}”给{key}的权重是 {w:.3f}，在前面的词中最大；注意力头把无处可用的权重都停在 ⟨start⟩ 上，它得到 {sink:.3f}。",
    },
    "kind_a_story_rate": {
        "en": "On held-out sentences like “{example}”, its object looks most at the verb in {pct} % of them.",
        "zh": "在挑选时没用过的、像“{example}”这样的句子中，{pct}% 的句子里宾语最关注动词。",
    },
    "kind_a_story_passive": {
        "en": "In a passive sentence the object comes before its verb, and a model that reads left to right cannot look ahead.",
        "zh": "在被动句里，宾语在动词之前，而从左往右读的模型看不到后面的词。",
    },
    "kind_why_story": {
        "en": "Why: SmolLM2 learned only by guessing the next word; nobody wrote verbs into it.",
        "zh": "原因：SmolLM2 只靠猜下一个词来学习，没有人把动词写进它。",
    },
    "kind_story_repeat": {"en": "the {nth} “{word}”", "zh": "第 {nth} 个“{word}”"},
    # ---- page 1's questions: the width of a query, a repeated word's rows ----
    "pq_width_q": {
        "en": "How many numbers will each word's query vector (its row of Q) hold?",
        "zh": "每个词的查询向量（Q 的一行）有多少个数？",
    },
    "pq_width_a": {
        "en": "{d_k}: a row of Q has d_k numbers, one per column of W_Q, whatever the width of X (d_model = {d_model}).",
        "zh": "{d_k} 个：Q 的每一行有 d_k 个数，W_Q 有几列就有几个，与 X 的维度（d_model = {d_model}）无关。",
    },
    "pq_repeat_q": {
        "en": "“{word}” appears at positions {i} and {j}. Will its two rows of X be exactly the same?",
        "zh": "“{word}”出现在位置 {i} 和 {j}。它在 X 中的两行会完全相同吗？",
    },
    "pq_repeat_same": {
        "en": "Yes: rows {i} and {j} are equal in every number (largest difference {d:.4f}), so attention cannot tell the two apart.",
        "zh": "是的：行 {i} 和行 {j} 的每个数都相等（最大差值 {d:.4f}），所以注意力无法区分这两个词。",
    },
    "pq_repeat_differ": {
        "en": "No: rows {i} and {j} differ by up to {d:.3f}, so attention can tell the two apart.",
        "zh": "不会：行 {i} 和行 {j} 最多相差 {d:.3f}，所以注意力可以区分这两个词。",
    },
    "pq_fig_diff": {
        "en": "Row {i} minus row {j} of X (“{word}”)",
        "zh": "X 的行 {i} 减去行 {j}（“{word}”）",
    },
    "kind_title_query_width": {
        "en": "How wide is a query?",
        "zh": "查询向量有几维？",
    },
    "kind_short_query_width": {
        "en": "Width",
        "zh": "维度",
    },
    "kind_teaches_query_width": {
        "en": "the shape of Q: d_k numbers per word, whatever the width of X",
        "zh": "Q 的形状：每个词 d_k 个数，与 X 的维度无关",
    },
    "kind_title_repeat_rows": {
        "en": "A word that appears twice",
        "zh": "出现两次的词",
    },
    "kind_short_repeat_rows": {
        "en": "Twice",
        "zh": "两次",
    },
    "kind_teaches_repeat_rows": {
        "en": "why positions are added: without them a repeated word has one row",
        "zh": "为什么要加位置：没有位置，重复的词只有同一行",
    },
    "kind_title_dot_sign": {
        "en": "The sign of a dot product",
        "zh": "点积的正负",
    },
    "kind_short_dot_sign": {
        "en": "Sign",
        "zh": "正负",
    },
    "kind_teaches_dot_sign": {
        "en": "how a dot product adds up: positive and negative products",
        "zh": "点积怎么相加：正的乘积和负的乘积",
    },
    "kind_title_factor_symmetric": {
        "en": "The factor matrix",
        "zh": "因子矩阵",
    },
    "kind_short_factor_symmetric": {
        "en": "Q·Kᵀ",
        "zh": "Q·Kᵀ",
    },
    "kind_teaches_factor_symmetric": {
        "en": "how Q·Kᵀ is read: rows ask, columns answer, not symmetric",
        "zh": "Q·Kᵀ 怎么读：行提问、列回答，并不对称",
    },
    "kind_title_softmax_sums": {
        "en": "Softmax on and off",
        "zh": "softmax 开启与关闭",
    },
    "kind_short_softmax_sums": {
        "en": "Softmax",
        "zh": "softmax",
    },
    "kind_teaches_softmax_sums": {
        "en": "how softmax turns raw scores into shares that add up to 1",
        "zh": "softmax 怎样把原始分数变成加起来为 1 的份额",
    },
    "kind_title_scale_order": {
        "en": "Dividing by √d_k",
        "zh": "除以 √d_k",
    },
    "kind_short_scale_order": {
        "en": "√d_k",
        "zh": "√d_k",
    },
    "kind_teaches_scale_order": {
        "en": "how dividing by √d_k changes the numbers but not their order",
        "zh": "除以 √d_k 改变数值，但不改变顺序",
    },
    "kind_title_longest_term": {
        "en": "× V: what each word takes in",
        "zh": "× V：每个词吸收了什么",
    },
    "kind_short_longest_term": {
        "en": "× V",
        "zh": "× V",
    },
    "kind_teaches_longest_term": {
        "en": "how × V builds a word's output from weighted values",
        "zh": "× V 怎样用加权的值向量组成一个词的输出",
    },
    "kind_q_swap": {
        "en": "If “{word}” is replaced by “{new}”, whose row of weights (other than its own) will change most?",
        "zh": "如果把“{word}”换成“{new}”，（除了它自己那一行）谁的那一行权重变化最大？",
    },
    "kind_a_swap": {
        "en": "“{row}”: its row moves by {moved:.3f} in all (the sum of the changes), and before the change it gave “{word}” a weight of {w:.3f}.",
        "zh": "“{row}”：它那一行总共变化了 {moved:.3f}（各项变化之和）；换词之前它给“{word}”的权重是 {w:.3f}。",
    },
    "kind_why_swap": {
        "en": "Why: a weight depends on every key in the row, so the words that looked at the replaced word lose that share and softmax shares it out again.",
        "zh": "原因：一个权重取决于这一行里所有的键，所以原来看向被换掉的词的那些词失去了这份权重，softmax 再把它重新分配。",
    },
    "pq_dot_q": {
        "en": "Will the query of “{a}” · the key of “{b}” be positive or negative?",
        "zh": "“{a}”的查询向量与“{b}”的键向量的点积会是正数还是负数？",
    },
    "pq_dot_a": {
        "en": "q·k = {dot:.3f}: {pos} positive terms add up to {pos_sum:.3f}, {neg} negative terms to {neg_sum:.3f}.",
        "zh": "q·k = {dot:.3f}：{pos} 个正项之和为 {pos_sum:.3f}，{neg} 个负项之和为 {neg_sum:.3f}。",
    },
    "pq_fig_products": {
        "en": "q of “{a}” × k of “{b}”, dimension by dimension",
        "zh": "“{a}”的 q × “{b}”的 k，逐维相乘",
    },
    "pq_scale_q": {
        "en": "Divide every score by √d_k = {root:.2f}: will the order of any row change?",
        "zh": "把每个分数除以 √d_k = {root:.2f}：会有哪一行的大小顺序改变吗？",
    },
    "pq_scale_a_kept": {
        "en": "No: every score is divided by the same positive number, {root:.2f}, so the gaps shrink but no two scores swap.",
        "zh": "不会：每个分数都除以同一个正数 {root:.2f}，差距变小了，但任何两个分数都不会交换位置。",
    },
    "pq_scale_a_changed": {
        "en": "Yes, {n:.0f} row(s), by rounding alone: two scores that differed only in their last digits became equal.",
        "zh": "会，有 {n:.0f} 行，但只是舍入造成的：两个只在最后几位不同的分数变得相等了。",
    },
    "pq_fig_scaled": {
        "en": "Q·Kᵀ of “{word}” ÷ {root:.2f}",
        "zh": "“{word}”的 Q·Kᵀ ÷ {root:.2f}",
    },
    "pq_why_max": {
        "en": "Why: learned weights pick out the few words that matter; random ones spread the weight almost evenly.",
        "zh": "原因：学到的参数会挑出少数相关的词；随机参数则把注意力权重分得几乎一样平均。",
    },
    "pq_max_q": {
        "en": "Which weights give one word the larger single weight: the current ones, or the random ones of seed {seed}?",
        "zh": "哪一组参数给出的单个注意力权重更大：当前的参数，还是种子 {seed} 的随机参数？",
    },
    "pq_max_a": {
        "en": "Largest weight: {a:.3f} with the current weights, {b:.3f} with seed {seed}.",
        "zh": "最大的注意力权重：当前参数为 {a:.3f}，种子 {seed} 为 {b:.3f}。",
    },
    "pq_set_a": {
        "en": "Current weights",
        "zh": "当前参数",
    },
    "pq_set_b": {
        "en": "Seed {seed}",
        "zh": "种子 {seed}",
    },
    "pq_fig_max": {
        "en": "The largest attention weight each set of weights gives",
        "zh": "每组参数给出的最大注意力权重",
    },
    "pq_ax_set": {
        "en": "weights",
        "zh": "参数组",
    },
    # ---- choosing a lesson, and what is wrong with a file (lessons/choose.py, lesson_file.py) ----
    "lesson_pick": {
        "en": "Lesson",
        "zh": "课程",
    },
    "lesson_builtin": {
        "en": "{title} ({m} min)",
        "zh": "{title}（{m} 分钟）",
    },
    "lesson_own_file": {
        "en": "Your own lesson file…",
        "zh": "你自己的课程文件……",
    },
    "lesson_upload": {
        "en": "Upload a lesson file (.toml)",
        "zh": "上传课程文件（.toml）",
    },
    "lesson_limits": {
        "en": 'A lesson file is TOML of at most {kb} KB and {steps} steps; its format is in README.md ("Write your own lesson").',
        "zh": "课程文件是 TOML 格式，最大 {kb} KB、最多 {steps} 步；格式见 README.md 的“Write your own lesson”一节。",
    },
    "lesson_read": {
        "en": "Read: {n} steps, about {m} min.",
        "zh": "已读取：{n} 步，约 {m} 分钟。",
    },
    "lesson_refused": {
        "en": "This lesson file was not used:",
        "zh": "没有使用这个课程文件：",
    },
    "lesson_err_at_line_key": {
        "en": "Line {line}, {key}: ",
        "zh": "第 {line} 行，{key}：",
    },
    "lesson_err_at_line": {
        "en": "Line {line}: ",
        "zh": "第 {line} 行：",
    },
    "lesson_err_at_key": {
        "en": "{key}: ",
        "zh": "{key}：",
    },
    "lesson_err_size": {
        "en": "the file has {kb} KB; a lesson file may have at most {max_kb} KB.",
        "zh": "文件有 {kb} KB；课程文件最大 {max_kb} KB。",
    },
    "lesson_err_encoding": {
        "en": "the file is not UTF-8 text (byte {at}).",
        "zh": "文件不是 UTF-8 文本（第 {at} 个字节）。",
    },
    "lesson_err_toml": {
        "en": "this is not valid TOML: {detail}",
        "zh": "这不是有效的 TOML：{detail}",
    },
    "lesson_err_unknown_key": {
        "en": "a lesson file has no such key (see README.md for the keys).",
        "zh": "课程文件中没有这个键（可用的键见 README.md）。",
    },
    "lesson_err_missing": {
        "en": "this key is missing.",
        "zh": "缺少这个键。",
    },
    "lesson_err_languages": {
        "en": "languages must list one or more of {languages}, each once.",
        "zh": "languages 必须列出 {languages} 中的一个或多个，每个只写一次。",
    },
    "lesson_err_not_texts": {
        "en": 'this must be a text in each language of the lesson ({languages}), e.g. point.en = "...".',
        "zh": '这里必须给课程的每种语言（{languages}）各写一段文字，例如 point.en = "..."。',
    },
    "lesson_err_language": {
        "en": "a language the lesson does not list (it lists {languages}).",
        "zh": "课程没有列出这种语言（列出的是 {languages}）。",
    },
    "lesson_err_not_text": {
        "en": "this must be a text in quotes.",
        "zh": "这里必须是加引号的文字。",
    },
    "lesson_err_empty": {
        "en": "this text is empty.",
        "zh": "这段文字是空的。",
    },
    "lesson_err_too_long": {
        "en": "this text has {n} characters; at most {limit} are allowed.",
        "zh": "这段文字有 {n} 个字符，最多允许 {limit} 个。",
    },
    "lesson_err_markup": {
        "en": "this text holds markup (<…>); lesson texts are plain text.",
        "zh": "这段文字含有 HTML 代码（<…>）；课程文字只能是纯文本。",
    },
    "lesson_err_control": {
        "en": "this text holds a control character.",
        "zh": "这段文字含有控制字符。",
    },
    "lesson_err_not_table": {
        "en": "each step must be a table: start it with [[steps]].",
        "zh": "每一步都必须是一个表：以 [[steps]] 开头。",
    },
    "lesson_err_kind": {
        "en": "there is no question kind “{kind}”; the kinds are: {kinds}.",
        "zh": "没有“{kind}”这种题型；可用的题型有：{kinds}。",
    },
    "lesson_err_minutes": {
        "en": "minutes must be a whole number from 1 to {max}.",
        "zh": "minutes 必须是 1 到 {max} 之间的整数。",
    },
    "lesson_err_no_steps": {
        "en": "a lesson needs at least one step ([[steps]]), at most {max}.",
        "zh": "一节课至少要有一步（[[steps]]），最多 {max} 步。",
    },
    "lesson_err_steps": {
        "en": "the file has {n} steps; a lesson may have at most {max}.",
        "zh": "文件有 {n} 步；一节课最多 {max} 步。",
    },
    "cls_lesson_change": {
        "en": "Change the lesson",
        "zh": "更换课程",
    },
    "cls_lesson_use": {
        "en": "Use this lesson",
        "zh": "使用这节课",
    },
    "cls_lesson_use_help": {
        "en": "Every phone and replica switches to it at once; the class starts it at step 1 and the answers given so far are deleted.",
        "zh": "所有手机和服务器副本会立即切换；课堂从第 1 步开始，已有的作答会被删除。",
    },
    "lesson_own_sentence": {
        "en": "A sentence from the room",
        "zh": "现场给出的句子",
    },
    "lesson_own_sentence_help": {
        "en": "Type a sentence someone in the room says: the charts below show its attention. No phones needed.",
        "zh": "输入在场的人说出的句子：下面的图会显示它的注意力。不需要手机。",
    },
    # ---- after class: the results files (live_class/results.py) and the handout ----
    "res_step": {"en": "Step", "zh": "步骤"},
    "res_title": {"en": "Title", "zh": "标题"},
    "res_question": {"en": "Question", "zh": "问题"},
    "res_round": {"en": "Round", "zh": "轮次"},
    "res_answers": {"en": "Answers", "zh": "作答人数"},
    "res_right_pct": {"en": "% right", "zh": "正确率（%）"},
    "res_change": {"en": "Change from round 1 (points)", "zh": "较第 1 轮变化（百分点）"},
    "res_answer": {"en": "Computed answer", "zh": "计算得出的答案"},
    "res_option": {"en": "Option {letter}", "zh": "选项 {letter}"},
    "res_option_count": {"en": "{letter}: answers", "zh": "{letter} 人数"},
    "res_option_pct": {"en": "{letter}: %", "zh": "{letter} 占比（%）"},
    "res_sentence": {"en": "Sentence", "zh": "句子"},
    "res_status": {"en": "What the teacher did", "zh": "老师的处理"},
    "res_status_new": {"en": "nothing yet", "zh": "未处理"},
    "res_status_shown": {"en": "shown on the projector", "zh": "已在投影上展示"},
    "res_status_hidden": {"en": "hidden", "zh": "已隐藏"},
    "res_status_removed": {"en": "removed", "zh": "已删除"},
    "res_student": {"en": "Student", "zh": "学生"},
    "res_student_n": {"en": "Student {n}", "zh": "学生 {n}"},
    "res_student_answer": {
        "en": "{step}. {title}, round {round}",
        "zh": "{step}. {title}（第 {round} 轮）",
    },
    "res_given": {"en": "Answers given", "zh": "作答次数"},
    "res_right_count": {"en": "Right answers", "zh": "答对次数"},
    "res_contents": {"en": "The lesson in {n} steps", "zh": "本课共 {n} 步"},
    "res_contents_result": {
        "en": "(round {round}: {right}% of {n} answers right)",
        "zh": "（第 {round} 轮：{n} 个回答中 {right}% 正确）",
    },
    "res_copy_student": {"en": "Student handout", "zh": "学生版讲义"},
    "res_copy_teacher": {
        "en": "Teacher's copy: the answers and the class's results",
        "zh": "教师版：附答案和本班的作答结果",
    },
    "res_class": {"en": "The class's answers", "zh": "本班作答"},
    "res_nobody": {"en": "Nobody answered this question.", "zh": "这道题没有人作答。"},
    "cls_timer_left": {"en": "{s} s left", "zh": "还剩 {s} 秒"},
    "cls_time_up": {"en": "Time is up: voting is closed.", "zh": "时间到：投票已关闭。"},
    "join_too_late": {
        "en": "Too late: voting had closed when you tapped, so this answer was not counted.",
        "zh": "晚了一步：你点选时投票已经关闭，这个答案没有计入。",
    },
}
