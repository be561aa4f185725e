"""Texts of class mode, the teacher's side (app_pages/classroom/page.py); the lesson's own
texts, which the students' page and presenter mode show too, are lessons/texts.py.

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
        "en": "Step {number} of {n} · about {m} min",
        "zh": "第 {number} 步，共 {n} 步 · 约 {m} 分钟",
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
    "cls_handout_key": {"en": "Answer", "zh": "答案"},
    "cls_handout_time": {"en": "Suggested time: {m} min", "zh": "建议用时：{m} 分钟"},
    "cls_no_db": {
        "en": "The class database cannot be reached ({error}). Check CLASSROOM_DB_URL or "
        "[connections.classroom] in .streamlit/secrets.toml.",
        "zh": "无法连接课堂数据库（{error}）。请检查 CLASSROOM_DB_URL 或 .streamlit/secrets.toml 中的 [connections.classroom]。",
    },
    "cls_notes_toggle": {"en": "Speaker notes (this tab only)", "zh": "讲者备注（仅本标签页）"},
    "cls_notes_help": {
        "en": "Shown in this browser tab only, never in the link: open the teacher link in a second tab on "
        "your own screen and turn them on there.",
        "zh": "只在当前浏览器标签页显示，不写入链接：在你自己的屏幕上用第二个标签页打开教师链接，再在那里打开备注。",
    },
}
