"""Texts of the shared lesson layer: each step's title, short name, point and speaker notes
(lessons/lesson.py), and the questions of the kinds that lessons and pages share
(lessons/kinds.py). Class mode, presenter mode and the concept pages read them; app_pages
registers them with ui/i18n."""

TEXTS: dict[str, dict[str, str]] = {
    # ---- 1. what a dot product measures ----
    "cls_step_dot": {"en": "What a dot product measures", "zh": "点积衡量的是什么"},
    "cls_short_dot": {"en": "Dot product", "zh": "点积"},
    "cls_point_dot": {
        "en": "A query meets every key by a dot product: it is large when the two vectors point the "
        "same way, so it measures how well two words match.",
        "zh": "查询与每个键做点积：两个向量方向越一致，点积越大，所以点积衡量的是两个词有多匹配。",
    },
    "cls_notes_dot": {
        "en": "Ask before showing any chart. The question compares the last word's query with every other "
        "word's key; many students guess the neighbouring word. After the reveal, read the reason aloud: "
        "direction, not closeness in the sentence.",
        "zh": "先提问，再看图。题目比较的是最后一个词的查询和其他每个词的键；很多学生会猜相邻的词。"
        "揭晓后把原因读出来：看的是方向是否一致，而不是在句子里离得近不近。",
    },
    # ---- 2. the factor matrix ----
    "cls_step_factor": {"en": "The factor matrix", "zh": "因子矩阵"},
    "cls_short_factor": {"en": "Q·Kᵀ", "zh": "Q·Kᵀ"},
    "cls_point_factor": {
        "en": "Q·Kᵀ holds every word's match with every word: the row is the word that asks, the column "
        "the word that answers. Q and K are two different projections, so A can attend to B more than B "
        "to A.",
        "zh": "Q·Kᵀ 记录了每个词与每个词的匹配程度：行是提问的词，列是被问到的词。"
        "Q 和 K 来自两个不同的投影，所以 A 关注 B 可以多于 B 关注 A。",
    },
    "cls_notes_factor": {
        "en": "Point at one row, then at one column, before voting. The pair in the question is the one "
        "whose two scores differ most. After the reveal: if a word's query and key were the same vector, "
        "the matrix would be symmetric; two weight matrices W_Q and W_K are what let attention have a "
        "direction.",
        "zh": "投票前先指着一行、再指着一列讲解。题目里的两个词是两个分数相差最大的一对。"
        "揭晓后讲：如果每个词的查询和键是同一个向量，矩阵就会对称；正是 W_Q 和 W_K 两个参数矩阵让注意力有了方向。",
    },
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
    "cls_step_softmax": {"en": "Softmax on and off", "zh": "softmax 开启与关闭"},
    "cls_short_softmax": {"en": "Softmax", "zh": "softmax"},
    "cls_point_softmax": {
        "en": "Without softmax a row is raw scores: negative ones too, adding up to anything. Softmax "
        "turns each row into shares of attention: positive, adding up to 1, the largest score still "
        "largest.",
        "zh": "softmax 关闭时，一行只是原始分数：可以有负数，加起来可以是任何值。"
        "softmax 把每一行变成注意力的份额：全为正，加起来等于 1，最大的分数仍然最大。",
    },
    "cls_notes_softmax": {
        "en": "The question is asked with softmax off. Afterwards put the two charts side by side: within "
        "each row the colours keep their order, only the scale changes. That is why the article leaves "
        "softmax and the division by √d_k out: they change the numbers in the matrix, but not which row "
        "belongs to which word, and they make no word interact with another.",
        "zh": "这道题是在 softmax 关闭的情况下问的。揭晓后把两张图并排：每一行里颜色的深浅顺序不变，变的只是刻度。"
        "原文正是因此省略了 softmax 和除以 √d_k：它们只改变矩阵里的数值，不改变哪一行属于哪个词，"
        "也不让词与词之间发生任何相互作用。",
    },
    "cls_why_softmax": {
        "en": "Why: with softmax off the weights are the scaled scores themselves; softmax divides each "
        "row's exponentials by their sum, so with it every row adds up to 1.",
        "zh": "原因：softmax 关闭时，注意力权重就是缩放后的分数本身；softmax 把每一行的指数除以它们的和，所以开启后每一行加起来都等于 1。",
    },
    # ---- 4. × V ----
    "cls_step_out": {"en": "× V: what each word takes in", "zh": "× V：每个词吸收了什么"},
    "cls_short_out": {"en": "× V", "zh": "× V"},
    "cls_point_out": {
        "en": "A word's output is a weighted sum of value vectors: the words it weighs most make up most "
        "of it, so the output carries what matters to that word.",
        "zh": "一个词的输出是值向量的加权和：它权重最大的词占了输出的大部分，所以输出主要带着与这个词相关的那些词的信息。",
    },
    "cls_notes_out": {
        "en": "Read the question slowly: it is about the length of weight × value, not the weight alone. "
        "A large weight on a short value can lose to a smaller weight on a long one; the bars after the "
        "reveal show the lengths.",
        "zh": "慢慢读题：问的是“权重 × 值向量”的长度，而不只是权重。权重大但值向量短，可能比不过权重小但值向量长的；揭晓后的条形图显示了各项的长度。",
    },
    # ---- 5. training live ----
    "cls_step_train": {"en": "Training, live", "zh": "现场训练"},
    "cls_short_train": {"en": "Training", "zh": "训练"},
    "cls_point_train": {
        "en": "Nobody tells the model which words matter. It learns W_Q and W_K by guessing a hidden "
        "word, and the weights move to the words that help the guess.",
        "zh": "没有人告诉模型哪些词相关。它通过猜一个被隐藏的词来学习参数 W_Q 和 W_K，注意力权重就移到了有助于猜词的词上。",
    },
    "cls_notes_train": {
        "en": "This step uses page 7's little language, not the class's sentence: its sentences follow "
        "rules, so the hidden last word can be guessed. Vote, reveal, then press Train live and let the "
        "room watch the row of the last word change (a few seconds).",
        "zh": "这一步用的是第 7 页的小语言，而不是本节课的句子：那些句子有规则，被隐藏的最后一个词才猜得出来。"
        "先投票、揭晓，再点“现场训练”，让全班看着最后一个词那一行的变化（几秒钟）。",
    },
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
    "cls_step_random": {"en": "Learned against random", "zh": "学到的参数与随机参数"},
    "cls_short_random": {"en": "Random", "zh": "随机"},
    "cls_point_random": {
        "en": "Random weights rank the words too, but another seed ranks them differently: the order is "
        "chance. Learned weights keep the words that matter first.",
        "zh": "随机参数也会给词排出顺序，但换一个种子顺序就变了：那只是偶然。学到的参数始终把相关的词排在前面。",
    },
    "cls_notes_random": {
        "en": "Left chart: the learned head; right: random weights on the same X. Ask whether the same "
        "word would come first with twenty random seeds; the reveal counts how often it does, against "
        "chance.",
        "zh": "左图是参数学到的注意力头，右图是同一个 X 配上随机参数。问大家：换 20 个随机种子，同一个词还会排第一吗？揭晓会数出它排第一的次数，并与纯靠运气的次数比较。",
    },
    # ---- 7. a real MiniLM head ----
    "cls_step_real": {"en": "A real model's head", "zh": "真实模型的一个注意力头"},
    "cls_short_real": {"en": "MiniLM", "zh": "MiniLM"},
    "cls_point_real": {
        "en": "A real model does the same computation. The heads our small model learned from park much "
        "of their weight on [CLS] and [SEP]; leave those out and share the rest among the words, and "
        "the weight goes to the words that matter.",
        "zh": "真实模型做的是同样的计算。我们的小模型所学习的那两个头把很大一部分权重放在 [CLS] 和 [SEP] 上；"
        "把它们去掉，只在句子的词之间分配其余的权重，权重就落在相关的词上。",
    },
    "cls_notes_real": {
        "en": "These are the two MiniLM heads our small default model learned from, on the class's "
        "sentence: left as they are, right over the words only (what the small model was taught). "
        "The question is about the right chart. After the reveal, point at the left one: [CLS] and "
        "[SEP] are where a head puts attention it needs nowhere else. MiniLM reads English; "
        "Chinese characters it lacks become [UNK], and the question says how many.",
        "zh": "这是本应用默认小模型所学习的两个 MiniLM 注意力头，用的是本节课的句子：左图是它们的原样，"
        "右图只看句子里的词（小模型学的就是这个）。问题问的是右图。揭晓后指着左图说：[CLS] 和 [SEP] "
        "是注意力头在不需要看别处时停放注意力的地方。MiniLM 读的是英文；它不认识的汉字会变成 [UNK]，"
        "问题里会说有几个。",
    },
    "cls_q_real": {
        "en": "MiniLM layer {layer}, heads {heads}, words only ([CLS] and [SEP] left out): which other "
        "word will “{word}” weigh most?",
        "zh": "MiniLM 层 {layer} · 头 {heads}，只看词（不含 [CLS] 和 [SEP]）：除了自己，“{word}”会给哪个词最大的权重？",
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
    "cls_step_own": {"en": "Your own sentence", "zh": "你自己的句子"},
    "cls_short_own": {"en": "Yours", "zh": "你的句子"},
    "cls_point_own": {
        "en": "Type a sentence on your phone; the teacher shows some on the projector with their "
        "attention.",
        "zh": "在手机上输入一个句子；老师会挑一些连同它们的注意力投到屏幕上。",
    },
    "cls_notes_own": {
        "en": "Ask for short sentences. Open the gallery on your own screen first (turn the projector off "
        "or away), then show two or three good ones and ask where the last word looks. Alone with the "
        "presenter, type a sentence from the room into the sidebar.",
        "zh": "请学生输入短句。先在你自己的屏幕上打开句子列表（把投影关掉或移开），再挑两三句展示，问大家最后一个词在看哪里。"
        "只用演示模式时，把学生说出的句子输入侧边栏。",
    },
    # ---- 9. recap ----
    "cls_step_recap": {"en": "Recap: where the order comes from", "zh": "回顾：顺序从哪里来"},
    "cls_short_recap": {"en": "Recap", "zh": "回顾"},
    "cls_point_recap": {
        "en": "Scaling and softmax keep a row's order; only the learned W_Q and W_K decide which word "
        "comes first. That is why self-attention works: training points the queries at the keys that "
        "matter.",
        "zh": "缩放和 softmax 都不改变一行的顺序；决定哪个词排第一的，只有学到的 W_Q 和 W_K。"
        "这就是自注意力有效的原因：训练让查询指向相关的词的键。",
    },
    "cls_notes_recap": {
        "en": "Go back over the arc in one minute: dot product → factor matrix → softmax → × V → "
        "training. Then let the vote settle the one idea to take home.",
        "zh": "用一分钟串起整条线：点积 → 因子矩阵 → softmax → × V → 训练。再用投票确认大家带走的那一个要点。",
    },
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
        "zh": "原因：除以 √d_k 和 softmax 都不会改变一行的顺序。这组随机参数碰巧保留了排第一的词，但这只是偶然：第 6 步数过随机种子做到这一点的次数有多少。",
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
    "learn_live_heatmap": {
        "en": "Attention at step {step}",
        "zh": "训练 {step} 步时的注意力",
    },
    "ctx_training": {
        "en": "trained here: seed {seed}, {steps} steps, learning rate {lr:g}, d_model {d_model}, d_k {d_k}, softmax {softmax}",
        "zh": "在此训练：种子 {seed}，{steps} 步，学习率 {lr:g}，d_model {d_model}，d_k {d_k}，softmax {softmax}",
    },
    "learn_after": {"en": "After training", "zh": "训练后"},
}
