"""Texts of class mode, the teacher's side (app_pages/classroom/page.py), and the lesson's
steps, which the students' page (app_pages/join) shows too.

A page's title is its menu label, `nav_*`: one text for both."""

TEXTS: dict[str, dict[str, str]] = {
    "nav_class": {"en": "Class mode (teacher)", "zh": "课堂模式（教师）"},
    "cls_intro": {
        "en": "Run a lesson the whole class answers together: students join on their phones with a code, "
        "you open a question, the projector counts the answers, then Reveal shows the class's answers "
        "beside the computed one.",
        "zh": "全班一起作答的一堂课：学生用手机输入课堂码加入，你开放一道题，投影上实时统计作答人数；"
        "点“揭晓”后，全班的答案分布和计算出的正确答案并排显示。",
    },
    "cls_sentence": {"en": "The class's sentence", "zh": "本节课的句子"},
    "cls_sentence_help": {
        "en": "Every question is computed on this sentence with the default model.",
        "zh": "每道题的答案都由默认模型在这个句子上算出。",
    },
    "cls_start": {"en": "Start a class", "zh": "开始上课"},
    "cls_no_key": {
        "en": "This address has no valid teacher key: the controls of a class open only from the link "
        "its teacher got when starting it. Students join on the Join page.",
        "zh": "这个地址里没有有效的教师密钥：只有开课时教师拿到的链接才能打开课堂控制。学生请在“加入课堂”页加入。",
    },
    "cls_keep_link": {
        "en": "Keep this page's address: it holds your teacher key (the share link and the students' "
        "link do not). The class ends by itself {hours} hours after it started.",
        "zh": "请保存本页地址：其中含有你的教师密钥（分享链接和学生链接都不含）。课堂在开始 {hours} 小时后自动结束。",
    },
    "cls_join_at": {"en": "Join at", "zh": "加入地址"},
    "cls_code": {"en": "Code", "zh": "课堂码"},
    "cls_qr_caption": {"en": "Scan to join", "zh": "扫码加入"},
    "cls_step_of": {
        "en": "Step {i} of {n} · about {m} min",
        "zh": "第 {i} 步，共 {n} 步 · 约 {m} 分钟",
    },
    "cls_back": {"en": "Back", "zh": "上一步"},
    "cls_next": {"en": "Next", "zh": "下一步"},
    "cls_open": {"en": "Open voting", "zh": "开始投票"},
    "cls_reveal": {"en": "Reveal", "zh": "揭晓"},
    "cls_again": {"en": "Vote again", "zh": "再投一次"},
    "cls_reopen": {"en": "Re-open", "zh": "重新开放"},
    "cls_pause": {"en": "Pause class", "zh": "暂停课堂"},
    "cls_resume": {"en": "Resume class", "zh": "继续上课"},
    "cls_paused": {
        "en": "The class is paused: eyes on the teacher.",
        "zh": "课堂已暂停：请看老师。",
    },
    "cls_count": {
        "en": "{n} of {joined} students answered (round {round})",
        "zh": "{joined} 名学生中已有 {n} 人作答（第 {round} 轮）",
    },
    "cls_waiting": {
        "en": "Think about it; voting opens soon.",
        "zh": "先想一想，马上开始投票。",
    },
    "cls_round": {"en": "Round {round}", "zh": "第 {round} 轮"},
    "cls_answer_col": {"en": "Answer", "zh": "答案"},
    "cls_right_col": {"en": "Computed answer", "zh": "计算出的答案"},
    "cls_no_question": {
        "en": "This question does not fit the class's sentence (it needs another kind of sentence).",
        "zh": "这道题不适用于本节课的句子（需要另一种句子）。",
    },
    "cls_gallery": {
        "en": "Students' sentences ({n}): only what you show reaches the projector",
        "zh": "学生提交的句子（{n} 句）：只有你点“展示”的句子才会投到屏幕上",
    },
    "cls_show": {"en": "Show", "zh": "展示"},
    "cls_hide": {"en": "Hide the sentence", "zh": "收起句子"},
    "cls_shown": {"en": "A student's sentence", "zh": "一位学生的句子"},
    "cls_after": {"en": "After class", "zh": "课后"},
    "cls_nicknames": {
        "en": "Add nicknames (one line per student)",
        "zh": "包含昵称（每名学生一行）",
    },
    "cls_csv": {"en": "Results (CSV)", "zh": "结果（CSV）"},
    "cls_handout": {"en": "Handout (HTML, prints on A4)", "zh": "讲义（HTML，可用 A4 打印）"},
    "cls_end": {"en": "End class and delete its answers", "zh": "结束课堂并删除所有作答"},
    "cls_end_sure": {"en": "Yes, end the class", "zh": "确认结束课堂"},
    "cls_ended": {
        "en": "The class has ended; its answers are deleted.",
        "zh": "课堂已结束，作答已删除。",
    },
    "cls_handout_title": {
        "en": "Why self-attention works: the lesson",
        "zh": "自注意力为什么有效：课堂讲义",
    },
    "cls_handout_key": {"en": "Answer", "zh": "答案"},
    "cls_no_db": {
        "en": "The class database cannot be reached ({error}). Check CLASSROOM_DB_URL or "
        "[connections.classroom] in .streamlit/secrets.toml.",
        "zh": "无法连接课堂数据库（{error}）。请检查 CLASSROOM_DB_URL 或 .streamlit/secrets.toml 中的 [connections.classroom]。",
    },
    # the lesson's steps: a title and the point each one makes
    "cls_step_dot": {"en": "What a dot product measures", "zh": "点积衡量的是什么"},
    "cls_point_dot": {
        "en": "A query meets every key by a dot product: large when they point the same way.",
        "zh": "查询与每个键做点积：两者方向越一致，点积越大。",
    },
    "cls_step_scale": {"en": "Scaling by √d_k", "zh": "除以 √d_k"},
    "cls_point_scale": {
        "en": "Dividing every score of a row by the same number cannot change their order.",
        "zh": "一行中的每个分数都除以同一个数，它们的大小顺序不会改变。",
    },
    "cls_step_softmax": {"en": "Softmax turns scores into weights", "zh": "softmax 把分数变成权重"},
    "cls_point_softmax": {
        "en": "After softmax every row is a share of attention: positive, adding up to 1.",
        "zh": "经过 softmax，每一行都是一份注意力分配：全为正，加起来等于 1。",
    },
    "cls_step_top": {"en": "Where the last word looks", "zh": "最后一个词在看哪里"},
    "cls_point_top": {
        "en": "A learned head weighs the words that matter to the query word.",
        "zh": "学习过的注意力头会给对查询词重要的词更大的权重。",
    },
    "cls_step_random": {"en": "Learned against random", "zh": "学习过的与随机的对比"},
    "cls_point_random": {
        "en": "Random weights give some order too, but it is chance: learning is what makes it mean something.",
        "zh": "随机权重也会排出一个顺序，但那只是偶然；是学习让这个顺序有了意义。",
    },
    "cls_step_out": {"en": "× V: what each word takes in", "zh": "× V：每个词吸收了什么"},
    "cls_point_out": {
        "en": "The output is a weighted sum of value vectors: a large weight on a long value dominates.",
        "zh": "输出是值向量的加权和：权重大、长度长的值向量占主导。",
    },
    "cls_step_own": {"en": "Your own sentence", "zh": "你自己的句子"},
    "cls_point_own": {
        "en": "Type a sentence on your phone; the teacher shows some on the projector with their attention.",
        "zh": "在手机上输入一个句子；老师会挑一些连同它们的注意力投到屏幕上。",
    },
    "cls_notes_toggle": {"en": "Speaker notes (this tab only)", "zh": "讲者备注（仅本标签页）"},
    "cls_notes_help": {
        "en": "Shown in this browser tab only, never in the link: open the teacher link in a second tab on "
        "your own screen and turn them on there.",
        "zh": "只在当前浏览器标签页显示，不写入链接：在你自己的屏幕上用第二个标签页打开教师链接，再在那里打开备注。",
    },
    "cls_notes_dot": {
        "en": "Ask before showing any chart. Point out that the question is about the last word's query and every other word's key; most students guess the neighbouring word. After the reveal, read the reason aloud: direction, not closeness in the sentence.",
        "zh": "先提问，再看图。强调问题比较的是最后一个词的查询和其他每个词的键；多数学生会猜相邻的词。揭晓后把原因读出来：看的是方向是否一致，而不是在句子里离得近不近。",
    },
    "cls_notes_scale": {
        "en": "Let them argue for a minute before voting: dividing every score of a row by the same positive number keeps its order, so only the spread changes. Vote again if the class splits.",
        "zh": "投票前让大家争论一分钟：一行里的分数都除以同一个正数，顺序不变，变的只是差距。如果全班意见分歧，就再投一次。",
    },
    "cls_notes_softmax": {
        "en": "Ask whether each row adds up to 1. Then switch softmax off on page 4 to show raw scores, which can be negative and add up to anything.",
        "zh": "问每一行加起来是不是 1。然后在第 4 页关掉 softmax，展示原始分数：它们可以是负数，加起来可以是任何值。",
    },
    "cls_notes_top": {
        "en": "This is the heart of the why: a learned head weighs the words that matter. Ask students to explain their vote to a neighbour, then vote again.",
        "zh": "这是“为什么”的核心：学习过的注意力头会重视真正相关的词。先让学生向同桌解释自己的选择，再投一次。",
    },
    "cls_notes_random": {
        "en": "Contrast with random weights: they also produce a largest weight, but by chance. Ask whether the same word would win; the reveal shows how often it does not.",
        "zh": "和随机权重对比：随机权重也会有一个最大权重，但那是偶然的。问大家同一个词会不会胜出；揭晓会告诉大家它常常不会。",
    },
    "cls_notes_out": {
        "en": "× V: the output is a weighted sum of value vectors. A big weight on a short value can matter less than a smaller weight on a long one; the bar chart after the reveal shows the lengths.",
        "zh": "× V：输出是值向量的加权和。权重大但值向量短，可能不如权重小但值向量长的影响大；揭晓后的条形图显示了各项的长度。",
    },
    "cls_notes_own": {
        "en": "Ask for short sentences. Open the gallery on your own screen first (turn the projector off or away), then show two or three good ones and ask where the last word looks.",
        "zh": "请学生输入短句。先在你自己的屏幕上打开句子列表（把投影关掉或移开），再挑两三句展示，问大家最后一个词在看哪里。",
    },
}
