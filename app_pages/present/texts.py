"""Texts of presenter mode (app_pages/present/page.py).

A page's title is its menu label, `nav_*`: one text for both."""

TEXTS: dict[str, dict[str, str]] = {
    "nav_present": {"en": "Presenter mode", "zh": "演示模式"},
    "present_intro": {
        "en": "The lesson on why self-attention works, one step at a time, in large type for a projector. Use Next and Back; "
        "the strip shows where you are. The sidebar stays available but starts folded away.",
        "zh": "“自注意力为什么有效”这堂课，一次讲一步，字号放大，适合投影。使用“下一步”和“上一步”；上方的步骤条显示当前位置。"
        "侧边栏仍然可用，只是默认收起。",
    },
    "present_back": {"en": "Back", "zh": "上一步"},
    "present_next": {"en": "Next", "zh": "下一步"},
    "present_counter": {"en": "Step {number} of {n}", "zh": "第 {number} 步，共 {n} 步"},
    "present_example": {"en": "Worked example (4 words)", "zh": "手算示例（4 个词）"},
    "present_example_help": {
        "en": "Sets the sentence to “{text}” with numbers in every cell: small enough to check on the board. "
        "Your own sentence comes back with the button that then appears.",
        "zh": "把句子设为“{text}”，并在每个格子里显示数值：小到可以在黑板上手算验证。之后出现的按钮可以恢复你自己的句子。",
    },
    "present_restore": {"en": "Back to my sentence", "zh": "恢复我的句子"},
    "present_ask": {"en": "Ask first", "zh": "先提问"},
    "present_ask_help": {
        "en": "Each step asks the room its question first; its point, the answer and the chart come with the reveal.",
        "zh": "每一步先向全班提出它的问题；要点、答案和图在揭晓时才出现。",
    },
    "present_notes": {"en": "Speaker notes (this tab only)", "zh": "讲者备注（仅本标签页）"},
    "present_notes_help": {
        "en": "Each step's notes for you, shown above the step in this browser tab only and never in the link. "
        "If the projector mirrors your screen, open this page in a second window on your own screen and turn them on there.",
        "zh": "每一步给你的备注，只在当前浏览器标签页的步骤上方显示，不写入链接。"
        "如果投影仪与你的屏幕同步显示，请在自己屏幕上的第二个窗口打开本页，再在那里打开备注。",
    },
    "present_minutes": {"en": "about {m} min", "zh": "约 {m} 分钟"},
    "present_class": {"en": "Start a class", "zh": "开始上课"},
    "present_class_help": {
        "en": "The same lesson with the class answering on their phones: class mode (teacher), at /class.",
        "zh": "同一堂课，让全班用手机作答：课堂模式（教师），地址为 /class。",
    },
}
