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
        "en": "This browser holds no teacher key for this class: its controls open only in the browser "
        "that started it. Students join on the Join page.",
        "zh": "这个浏览器里没有本课堂的教师密钥：课堂控制只能在开课的浏览器里打开。学生请在“加入课堂”页加入。",
    },
    "cls_keep_link": {
        "en": "This browser keeps your teacher key (never in the address): a reload, or this page "
        "opened again in another window of this browser, is still the teacher's. The class ends by "
        "itself {hours} hours after it started.",
        "zh": "教师密钥保存在这个浏览器里（从不出现在地址中）：刷新页面，或在本浏览器的另一个窗口再打开本页，"
        "仍然是教师视图。课堂在开始 {hours} 小时后自动结束。",
    },
    "cls_start_wait": {
        "en": "This network started many classes in the last hour: try again in about {m} min.",
        "zh": "这个网络在过去一小时内开了很多课堂，请约 {m} 分钟后再试。",
    },
    "cls_gallery_page": {"en": "Page (of {pages})", "zh": "页码（共 {pages} 页）"},
    "cls_status_new": {"en": "new", "zh": "新提交"},
    "cls_status_shown": {"en": "on the projector", "zh": "正在投影"},
    "cls_status_hidden": {"en": "shown before", "zh": "展示过"},
    "cls_status_removed": {"en": "removed", "zh": "已移除"},
    "cls_hide_short": {"en": "Hide", "zh": "收起"},
    "cls_remove": {"en": "Remove", "zh": "移除"},
    "cls_settings": {"en": "Class settings", "zh": "课堂设置"},
    "cls_max_students": {"en": "Most students in this class", "zh": "本课堂最多学生数"},
    "cls_max_students_help": {
        "en": "Each browser that joins is one student. When the class is full, a new phone is told so.",
        "zh": "每个加入的浏览器算一名学生。课堂满员后，新加入的手机会看到提示。",
    },
    "cls_joined": {"en": "{n} students joined", "zh": "已加入 {n} 名学生"},
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
