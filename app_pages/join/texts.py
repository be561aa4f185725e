"""Texts of class mode, the students' side (app_pages/join/page.py).

A page's title is its menu label, `nav_*`: one text for both."""

TEXTS: dict[str, dict[str, str]] = {
    "nav_join": {"en": "Join a class", "zh": "加入课堂"},
    "join_intro": {
        "en": "Type the code on the projector. No account needed.",
        "zh": "输入投影上显示的课堂码，无需注册账号。",
    },
    "join_code": {"en": "Class code", "zh": "课堂码"},
    "join_go": {"en": "Join", "zh": "加入"},
    "join_wrong": {
        "en": "No class has this code (or it has ended). Check the projector.",
        "zh": "没有使用这个课堂码的课堂（或课堂已结束），请核对投影上的课堂码。",
    },
    "join_wait": {
        "en": "Too many wrong codes: try again in {s} s.",
        "zh": "输错课堂码的次数太多，请 {s} 秒后再试。",
    },
    "join_nickname": {"en": "Nickname (optional)", "zh": "昵称（可不填）"},
    "join_nickname_help": {
        "en": "The projector never shows it; only the teacher's results file may, if the teacher asks.",
        "zh": "投影上不会显示昵称；只有教师选择导出时，结果文件里才会出现。",
    },
    "join_in_class": {"en": "Class {code}", "zh": "课堂 {code}"},
    "join_pick": {"en": "Your answer", "zh": "你的答案"},
    "join_sending": {"en": "Sending your answer…", "zh": "正在提交你的答案…"},
    "join_sent": {
        "en": "Answer recorded. You can change it until the reveal.",
        "zh": "已记录你的答案。揭晓前都可以修改。",
    },
    "join_closed": {
        "en": "Voting is closed for this question: your answer was not recorded.",
        "zh": "这道题的投票已关闭，你的答案没有被记录。",
    },
    "join_yours": {"en": "Your answer: {answer}", "zh": "你的答案：{answer}"},
    "join_none": {"en": "You did not answer this round.", "zh": "这一轮你没有作答。"},
    "join_sentence": {"en": "Your sentence", "zh": "你的句子"},
    "join_send": {"en": "Send", "zh": "提交"},
    "join_sentence_shown": {
        "en": "Your sentence is on the projector now: it stays as the teacher showed it.",
        "zh": "你的句子正显示在投影上：它会保持老师展示时的样子，不能再修改。",
    },
    "join_sentence_closed": {
        "en": "The class is not taking sentences now: your sentence was not sent.",
        "zh": "现在不收句子，你的句子没有提交。",
    },
    "join_sentence_empty": {"en": "Type a sentence first.", "zh": "请先输入一个句子。"},
    "join_cut": {
        "en": "Only the first {kept} of its {length} characters were kept, up to the last whole "
        "word: {what} holds at most {limit}.",
        "zh": "只保留了前 {kept} 个字符（共 {length} 个，截在最后一个完整的词处）：{what}最多 {limit} 个字符。",
    },
    "join_code_help": {
        "en": "The code on the projector, or the whole join link pasted.",
        "zh": "投影上的课堂码，或者粘贴整个加入链接。",
    },
    "join_limit": {
        "en": "Up to {limit} characters are kept.",
        "zh": "最多保留 {limit} 个字符。",
    },
    "join_full": {
        "en": "This class is full ({n} students). Ask your teacher to let more in.",
        "zh": "这个课堂已满（{n} 名学生），请老师放宽人数上限。",
    },
    "join_busy": {
        "en": "Many phones joined from your network just now: try again in {s} s.",
        "zh": "刚才从你所在网络加入的手机太多，请 {s} 秒后再试。",
    },
    "join_nick_saved": {"en": "Saved. Your nickname is:", "zh": "已保存。你的昵称是："},
    "join_one_browser": {
        "en": "This browser is one student of this class: a reload or a second tab keeps your "
        "answers.",
        "zh": "这个浏览器在本课堂里算一名学生：刷新或新开标签页，你的答案都还在。",
    },
    "join_sentence_sent": {
        "en": "Sent. The teacher may show it (without your name).",
        "zh": "已提交。老师可能会展示它（不显示你的名字）。",
    },
}
