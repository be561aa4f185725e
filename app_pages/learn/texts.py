"""Translation table entries for page 7, learning relevance. Merged into ui.i18n.TEXTS."""

TEXTS: dict[str, dict[str, str]] = {
    "nav_learn": {"en": "7 · How it learns relevance", "zh": "7 · 它如何学会相关性"},
    "learn_title": {
        "en": "7 · How attention learns relevance",
        "zh": "7 · 注意力如何学会相关性",
    },
    "learn_intro": {
        "en": "How does a model come to attend to the right words? Here a tiny one-layer attention model starts from random weights and is trained in front of you, in plain numpy. Nothing tells it where to look: it only has to guess a hidden word, and attending to the right words turns out to be the way to guess well. Watch the row of the hidden word change as it learns.",
        "zh": "模型是怎样学会关注正确的词的？这里有一个只有一层的小型注意力模型，它从随机参数出发，当场训练，完全用 numpy 实现。没有任何东西告诉它该看哪里：它只需要猜出一个被隐藏的词，而关注正确的词恰好是猜得准的方法。看着被隐藏词的那一行随着学习而变化。",
    },
    "learn_mode": {"en": "Mode", "zh": "模式"},
    "learn_mode_task": {"en": "Learn from a task", "zh": "从任务中学习"},
    "learn_mode_relevance": {"en": "Set the relevance yourself", "zh": "自己设定相关性"},
    "learn_corpus": {"en": "The training sentences", "zh": "训练用的句子"},
    "learn_corpus_rules": {
        "en": "Every sentence has the shape “the {{adjective}} {{animal}} {{verb}} the {{object}}”. The object "
        "depends strongly on the verb (each verb has its own four objects), somewhat on the animal (each animal "
        "has a favourite and one object it never takes), and not at all on the adjective. Best possible accuracy: "
        "{best:.0%}; guessing: {chance:.0%}.",
        "zh": "每个句子的形式都是“那只{{形容词}}{{动物}}{{动词}}了{{宾语}}”（英文界面里是“the {{adjective}} {{animal}} {{verb}} the {{object}}”，模型学的是同一份语料）。宾语强烈依赖于动词（每个动词有自己的四个宾语），在一定程度上依赖于动物（每种动物有一个最爱和一个从不选择的宾语），而与形容词完全无关。最高可能准确率：{best:.0%}；随机猜测：{chance:.0%}。",
    },
    "learn_verb": {"en": "verb", "zh": "动词"},
    "learn_objects": {"en": "its objects", "zh": "它的宾语"},
    "learn_animal": {"en": "animal", "zh": "动物"},
    "learn_favourites": {"en": "favourite objects", "zh": "最喜欢的宾语"},
    "learn_never": {"en": "never takes", "zh": "从不选择"},
    "learn_sample": {
        "en": "A few of the {n} training sentences (the object in brackets is hidden from the model)",
        "zh": "{n} 个训练句子中的几个（方括号里的宾语对模型是隐藏的）",
    },
    "learn_settings": {"en": "Training settings", "zh": "训练设置"},
    "learn_seed": {"en": "Training seed", "zh": "训练种子"},
    "learn_steps": {"en": "Steps", "zh": "步数"},
    "learn_lr": {"en": "Learning rate", "zh": "学习率"},
    "learn_d_model": {"en": "d_model (even)", "zh": "d_model（偶数）"},
    "learn_d_k": {"en": "d_k", "zh": "d_k"},
    "learn_softmax": {"en": "Train with softmax", "zh": "训练时使用 softmax"},
    "learn_softmax_help": {
        "en": "Off: the weights are the scaled scores themselves, the article's simplification.",
        "zh": "关闭：权重就是缩放后的分数本身，即原文的简化做法。",
    },
    "learn_probe": {"en": "Sentence to watch", "zh": "要观察的句子"},
    "learn_probe_help": {
        "en": "Six words of the corpus's shape, e.g. “the old dog chased the ball”. The last word is hidden while the "
        "model guesses it.",
        "zh": "符合语料形式的六个词，例如“那只老狗追了球”（也可以输入英文：the old dog chased the ball）。最后一个词在模型猜测时是隐藏的。",
    },
    "probe_empty": {"en": "Type a sentence to watch.", "zh": "请输入要观察的句子。"},
    "probe_wrong_length": {
        "en": "The sentence to watch needs exactly six words like “the black cat drank the milk”; it has {n}.",
        "zh": "要观察的句子必须正好是六个词，形如“那只黑猫喝了奶”；现在有 {n} 个。",
    },
    "probe_unknown_words": {
        "en": "These words are not in the training sentences: {words}. Use words from the lists above.",
        "zh": "这些词不在训练句子中：{words}。请使用上面列表中的词。",
    },
    "probe_wrong_pattern": {
        "en": "These words are in the wrong place: {words} (expected: {roles}).",
        "zh": "这些词的位置不对：{words}（应为：{roles}）。",
    },
    "learn_train": {"en": "Train", "zh": "开始训练"},
    "learn_stop": {"en": "Stop", "zh": "停止"},
    "learn_replay": {"en": "Replay", "zh": "回放"},
    "learn_replay_help": {
        "en": "Play the finished run again: the attention at every stored step, a few frames a second.",
        "zh": "重新播放已完成的训练：按顺序显示每个保存下来的步骤的注意力，每秒几帧。",
    },
    "learn_replaying": {
        "en": "Replay · step {step} of {steps}",
        "zh": "回放 · {step}/{steps} 步",
    },
    "learn_replayed": {
        "en": "Replayed {frames} frames, from step 0 to step {steps}.",
        "zh": "已回放 {frames} 帧，从训练前（0 步）到 {steps} 步。",
    },
    "learn_trained": {
        "en": "Trained for {steps} steps. Press Replay to watch the attention change again.",
        "zh": "已训练 {steps} 步。点击“回放”可以再看一遍注意力的变化。",
    },
    "learn_press_train": {
        "en": "This is the untrained model: the hidden word's row is almost even, because nothing has told it where to look yet. Press Train to watch it learn.",
        "zh": "这是未经训练的模型：被隐藏词那一行几乎是均匀的，因为还没有任何东西告诉它该看哪里。点击“开始训练”，看它如何学习。",
    },
    "learn_interrupted": {
        "en": "The last run was stopped at step {step} of {steps} before it finished. Press Train to run it again.",
        "zh": "上一次训练在 {step}/{steps} 步时被停止，未完成。点击“开始训练”重新运行。",
    },
    "learn_diverged": {
        "en": "Training blew up at step {step}: the loss stopped being a finite number. The model below is the "
        "last state before that. This happens more easily without softmax: nothing keeps the weights small.",
        "zh": "训练到 {step} 步时发散：损失不再是有限的数。下面的模型是发散前的最后状态。softmax 关闭时更容易出现这种情况：没有东西约束权重的大小。",
    },
    "learn_watch_row": {
        "en": "The row to watch is “{word}”: the model must guess this word, so during training it sees only a "
        "[mask] in its place. Its row says where the guess looks.",
        "zh": "要观察的是“{word}”这一行：模型必须猜出这个词，所以训练时它在那个位置只看到 [mask]。这一行表示猜测时看向哪里。",
    },
    "learn_curves": {"en": "Loss and accuracy while training", "zh": "训练过程中的损失与准确率"},
    "learn_loss": {"en": "loss", "zh": "损失"},
    "learn_accuracy": {"en": "accuracy", "zh": "准确率"},
    "learn_before": {"en": "Before training", "zh": "训练前"},
    "learn_ranking": {
        "en": "Attention weights of “{word}” after training: {first} {w1:.2f}, {second} {w2:.2f}, {third} {w3:.2f}.",
        "zh": "训练后“{word}”的注意力权重：{first} {w1:.2f}，{second} {w2:.2f}，{third} {w3:.2f}。",
    },
    "learn_accuracy_result": {
        "en": "Guesses right on sentences it never saw: {before:.0%} before, {after:.0%} after (best possible {best:.0%}, guessing {chance:.0%}).",
        "zh": "在从未见过的句子上的猜对率：训练前 {before:.0%}，训练后 {after:.0%}（最高可能 {best:.0%}，随机猜测 {chance:.0%}）。",
    },
    "learn_cosines": {"en": "How the vectors lined up", "zh": "向量如何变得一致"},
    "learn_cosines_intro": {
        "en": "The score of “{word}” for another word is the dot product of its query with that word's key. The table gives the {measure} between the two, before and after training. {why}",
        "zh": "“{word}”对另一个词的分数，是它的查询与那个词的键的点积。下表给出二者之间的{measure}，训练前后对比。{why}",
    },
    "learn_measure_centred": {"en": "centred cosine", "zh": "居中余弦"},
    "learn_measure_plain": {"en": "plain cosine", "zh": "普通余弦"},
    "learn_why_centred": {
        "en": "Centred: the keys' average is taken away first. Softmax ignores what every key shares, so this angle, together with the key's length, decides the weights.",
        "zh": "“居中”是先减去所有键的平均。softmax 会忽略所有键共有的部分，所以这个夹角与键的长度一起决定权重。",
    },
    "learn_why_plain": {
        "en": "Plain: no softmax here, so the weights are the scores themselves and nothing is taken away from the keys.",
        "zh": "“普通”是指不做任何处理：这里 softmax 关闭，注意力权重就是分数本身，键不减去任何东西。",
    },
    "learn_cos_word": {"en": "key word", "zh": "键"},
    "learn_cos_before": {"en": "{measure} before", "zh": "训练前{measure}"},
    "learn_cos_after": {"en": "{measure} after", "zh": "训练后{measure}"},
    "learn_cos_summary": {
        "en": "The {measure} of the query of “{word}” with the key of “{a}”: {a0:+.2f} → {a1:+.2f}; with the key of “{b}”: {b0:+.2f} → {b1:+.2f}.",
        "zh": "“{word}”的查询与“{a}”的键之间的{measure}：{a0:+.2f} → {a1:+.2f}；与“{b}”的键：{b0:+.2f} → {b1:+.2f}。",
    },
    "learn_source_ready": {
        "en": "Choose “{source}” in the sidebar, and every other page shows the model trained with these settings.",
        "zh": "在侧边栏选“{source}”，其他所有页面就会用这些设置训练出的模型。",
    },
    "learn_notice": {
        "en": "- Nobody labelled “drank” as important: the model found that looking there makes its guesses better.\n"
        "- The adjective carries no information about the hidden word, and the trained row gives it almost nothing.\n"
        "- Train without softmax and compare: look at the signs of the weights, the row's range and whether the ranking "
        "still holds. The accuracy can stay high while the weights stop meaning “how relevant”.",
        "zh": "- 没有人告诉模型“喝”与宾语相关：是模型自己发现看向那里能让猜测更准。\n- 形容词不包含关于隐藏词的任何信息，训练后的那一行几乎不给它权重。\n- 关闭 softmax 再训练并比较：看看权重的正负、这一行的数值范围，以及排序是否仍然成立。准确率可能依然很高，但权重不再表示“有多相关”。",
    },
    # ---- mode 2 ---------------------------------------------------------------------------
    "rel_intro": {
        "en": "Choose a query word in your sentence (from the sidebar) and say how much it should attend to each word. "
        "Training then moves the word vectors and W_Q, W_K until the attention matches your targets.",
        "zh": "在你的句子（来自侧边栏）中选一个查询词，并设定它应当对每个词关注多少。训练会调整嵌入以及 W_Q、W_K，直到注意力符合你的目标。",
    },
    "rel_press_train": {
        "en": "Press Train to fit the attention to these targets.",
        "zh": "点击“开始训练”，让注意力去拟合这些目标。",
    },
    "rel_targets": {
        "en": "Target relevance (any non-negative numbers; they are scaled to sum 1)",
        "zh": "目标相关性（任意非负数，会按比例缩放到和为 1）",
    },
    "rel_col_word": {"en": "word", "zh": "词"},
    "rel_col_target": {"en": "target", "zh": "目标"},
    "rel_bad_targets": {
        "en": "Give at least one word a target above 0 (negative numbers are not allowed).",
        "zh": "请至少给一个词设定大于 0 的目标（不允许负数）。",
    },
    "rel_chart": {
        "en": "Attention of “{word}”: before, after and target",
        "zh": "“{word}”的注意力：训练前、训练后与目标",
    },
    "rel_series_before": {"en": "before", "zh": "训练前"},
    "rel_series_after": {"en": "after", "zh": "训练后"},
    "rel_series_target": {"en": "target", "zh": "目标"},
    "rel_error": {
        "en": "Largest gap to the target after training: {e:.3f}",
        "zh": "训练后与目标的最大差距：{e:.3f}",
    },
    "rel_too_long": {
        "en": "Setting targets works on the first {max} words of the sentence.",
        "zh": "设定目标只作用于句子的前 {max} 个词。",
    },
    "trained_unknown": {
        "en": "The trained model never saw these words, so they enter as zero vectors: {words}.",
        "zh": "训练好的模型从未见过这些词，所以它们以零向量输入：{words}。",
    },
}
