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
    "cls_joined": {"en": "Joined: {n}", "zh": "已加入：{n} 人"},
    "cls_not_yet": {"en": "{n} have not answered yet", "zh": "还有 {n} 人未作答"},
    "cls_votes": {"en": "answers", "zh": "作答数"},
    "cls_timer": {"en": "Timer", "zh": "计时"},
    "cls_timer_off": {"en": "No timer", "zh": "不计时"},
    "cls_timer_s": {"en": "{s} s timer", "zh": "计时 {s} 秒"},
    "cls_join_hide": {"en": "Hide join slide", "zh": "隐藏加入信息"},
    "cls_join_show": {"en": "Show join slide", "zh": "显示加入信息"},
    "cls_open_console": {"en": "Teacher console", "zh": "教师控制台"},
    "cls_open_projector": {"en": "Projector view", "zh": "投影视图"},
    "cls_console_title": {"en": "Teacher console · class {code}", "zh": "教师控制台 · 课堂 {code}"},
    "cls_local_only": {
        "en": "Phones cannot open this address: it names this computer itself (localhost). Open "
        "this page with the computer's network address, or set CLASS_PUBLIC_URL (or [class] "
        "public_url in .streamlit/secrets.toml) to the address students can reach.",
        "zh": "手机打不开这个地址：它指向这台电脑自己（localhost）。请用这台电脑的局域网地址打开本页，"
        "或把 CLASS_PUBLIC_URL（或 .streamlit/secrets.toml 中的 [class] public_url）设为学生能访问的地址。",
    },
    "cls_lan_used": {
        "en": "You opened this page as localhost, which phones cannot reach: students join at this "
        "computer's network address instead.",
        "zh": "你是用 localhost 打开本页的，手机无法访问：学生改用这台电脑的局域网地址加入。",
    },
    "cls_sentences_wait": {
        "en": "Students are sending their sentences. The teacher shows one here from the console.",
        "zh": "学生正在提交句子。老师会在控制台选一句投到这里。",
    },
    "cls_nicknames_help": {
        "en": "Off: students are numbered in the order they joined. On: the students file names them "
        "by their nicknames.",
        "zh": "关闭：学生按加入顺序编号。打开：学生结果文件里用昵称表示每名学生。",
    },
    "cls_students_csv": {"en": "Each student (CSV)", "zh": "每名学生（CSV）"},
    "cls_sentences_csv": {"en": "Students' sentences (CSV)", "zh": "学生的句子（CSV）"},
    "cls_handout_student": {"en": "Handout for students (HTML, A4)", "zh": "学生讲义（HTML，A4）"},
    "cls_handout_teacher": {
        "en": "Handout with answers and results (HTML, A4)",
        "zh": "含答案和结果的讲义（HTML，A4）",
    },
    "cls_end_warning": {
        "en": "Ending deletes every answer, sentence and nickname of this class, and its code stops "
        "working. Download the files above first.",
        "zh": "结束课堂会删除本课堂的所有作答、句子和昵称，课堂码也随之失效。请先下载上面的文件。",
    },
    "cls_end_confirm": {
        "en": "I have the files I need",
        "zh": "我已下载需要的文件",
    },
    "cls_join_at": {"en": "Join at:", "zh": "加入地址："},
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
    "cls_shown": {"en": "A student's sentence", "zh": "一位学生的句子"},
    "cls_after": {"en": "After class", "zh": "课后"},
    "cls_nicknames": {
        "en": "Name students by their nicknames",
        "zh": "用昵称标示学生",
    },
    "cls_csv": {"en": "Each question (CSV)", "zh": "每道题的结果（CSV）"},
    "cls_end": {"en": "End class and delete its answers", "zh": "结束课堂并删除所有作答"},
    "cls_end_sure": {"en": "Yes, end the class", "zh": "确认结束课堂"},
    "cls_ended": {
        "en": "This class has ended: its answers are deleted and its code no longer opens it.",
        "zh": "这个课堂已结束：作答已删除，课堂码也已失效。",
    },
    "cls_handout_key": {"en": "Answer", "zh": "答案"},
    "cls_handout_time": {"en": "Suggested time: {m} min", "zh": "建议用时：{m} 分钟"},
    "cls_no_db": {
        "en": "The class database cannot be reached ({error}). Check CLASSROOM_DB_URL or "
        "[connections.classroom] in .streamlit/secrets.toml.",
        "zh": "无法连接课堂数据库（{error}）。请检查 CLASSROOM_DB_URL 或 .streamlit/secrets.toml 中的 [connections.classroom]。",
    },
}
