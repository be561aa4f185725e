"""The translation table: one module per page, each key once, Chinese punctuation, titles."""

import ast
import re
from pathlib import Path
from types import MappingProxyType

import pytest

from lessons import lesson
from tests.apptest_utils import MENU, PAGES, half_width_next_to_cjk, open_page, page_file
from ui import i18n
from ui.i18n import TEXTS
from ui.texts import PIPELINE_STEPS

ROOT = Path(__file__).resolve().parent.parent
TEXT_FILES = sorted(
    [
        ROOT / "ui" / "texts.py",
        ROOT / "lessons" / "texts.py",
        *(ROOT / "app_pages").glob("*/texts.py"),
    ]
)

# Formulas written in Chinese keep their half-width brackets and commas: (key, the formula).
FORMULAS = {
    "m_x_layernorm": "LayerNorm(嵌入 + 位置编码)",
    "learn_cos_summary": "cos(“{word}” 的查询, “{a}” 的键)",
}


def test_every_page_has_its_own_text_module():
    assert all(p.texts and all(key in TEXTS for key in p.texts) for p in MENU)
    assert len(TEXT_FILES) == len(MENU) + 2  # and ui/texts.py, lessons/texts.py: the shared ones


def test_the_table_is_every_module_merged():
    assert list(i18n.MODULES) == ["shared", *(p.url_path for p in MENU), "lessons"]
    assert len(TEXTS) == sum(len(part) for part in i18n.MODULES.values())
    for part in i18n.MODULES.values():
        assert all(TEXTS[key] is entry for key, entry in part.items())


def test_no_key_is_defined_in_two_modules():
    seen: dict[str, str] = {}
    twice = []
    for name, part in i18n.MODULES.items():
        twice += [f"{key}: {seen[key]} and {name}" for key in part if key in seen]
        seen.update(dict.fromkeys(part, name))
    assert not twice


def test_a_key_defined_twice_is_refused():
    entry = {"en": "x", "zh": "x"}
    with pytest.raises(KeyError, match=r"twice: b \(one and two\)"):
        i18n.merge({"one": {"a": entry, "b": entry}, "two": {"b": entry}})
    assert i18n.merge({"one": {"a": entry}, "two": {"b": entry}}) == {"a": entry, "b": entry}
    before = dict(TEXTS)
    with pytest.raises(KeyError, match="twice: app_title"):
        i18n.register({"a page": {"app_title": entry}})  # a key the shared texts define
    assert dict(TEXTS) == before and "a page" not in i18n.MODULES


def test_no_table_is_changed_after_it_is_written():
    """Each module writes its TEXTS once: no TEXTS.update(...), no TEXTS[key] = ...; the merged
    table cannot be changed at run time."""
    for path in TEXT_FILES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                assert not (
                    isinstance(node.func.value, ast.Name) and node.func.value.id == "TEXTS"
                ), f"{path.name}: TEXTS.{node.func.attr}(...)"
            if isinstance(node, ast.Assign | ast.AugAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                assert not any(isinstance(target, ast.Subscript) for target in targets), path.name
    assert isinstance(TEXTS, MappingProxyType)
    with pytest.raises(TypeError):
        TEXTS["new"] = {"en": "x", "zh": "x"}  # type: ignore[index]


def test_chinese_uses_full_width_punctuation():
    wrong = {}
    for key, entry in sorted(TEXTS.items()):
        text = entry.get("zh", "").replace(FORMULAS.get(key, "\0"), "")
        if half_width_next_to_cjk(text):
            wrong[key] = half_width_next_to_cjk(text)
    assert not wrong, wrong


def test_the_scan_finds_half_width_punctuation():
    """The scan itself: it flags the mistakes it is meant to catch and passes their fixes."""
    assert half_width_next_to_cjk("你的句子, d_model（嵌入维度）")
    assert half_width_next_to_cjk("第0层第3头（100%）, 第1层")
    assert half_width_next_to_cjk("前一个词: 第0层")
    assert half_width_next_to_cjk("位置编码 (pe)")
    assert not half_width_next_to_cjk("你的句子、d_model（嵌入维度）")
    assert not half_width_next_to_cjk("Q·Kᵀ, ÷ √d_k: {d_k}")


def test_chinese_axis_titles_are_short():
    """A Chinese axis title is a word or two: at most four characters, besides names (d_model)."""
    axes = {key: texts["zh"] for key, texts in TEXTS.items() if key.startswith("ax_")}
    long = {
        key: text for key, text in axes.items() if len(re.findall(r"[\u4e00-\u9fff]", text)) > 4
    }
    assert len(axes) >= 10 and not long, long


def _title_keys(source: str) -> list[str]:
    """The translation keys a page script passes to st.title(t(...)); "header" when it calls
    layout.header, which titles the page with its menu label."""
    keys = []
    for node in ast.walk(ast.parse((ROOT / source).read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        arg = node.args[0] if node.args else None
        if node.func.attr == "header":
            keys.append("header")
        elif node.func.attr == "title" and isinstance(arg, ast.Call) and arg.args:
            if isinstance(arg.args[0], ast.Constant):
                keys.append(arg.args[0].value)
    return keys


def test_each_page_title_is_its_menu_label():
    """One text names a page: in the menu and as the page's title, in both languages."""
    wrong = []
    for spec in MENU:
        if _title_keys(spec.script) not in ([spec.label_key], ["header"]):
            wrong.append(
                f"{spec.url_path}: titled {_title_keys(spec.script)}, not {spec.label_key}"
            )
        wrong += [
            f"{spec.url_path}: empty {lang} menu label"
            for lang in i18n.LANGUAGES
            if not TEXTS[spec.label_key][lang].strip()
        ]
    assert not wrong, wrong


def test_one_list_of_pipeline_steps_for_home_and_presenter():
    labels = {name: TEXTS[f"step_{name}"] for name in PIPELINE_STEPS}
    assert len(labels) == 8 and labels["pos"]["zh"] == "+ 位置编码"
    home = open_page(PAGES[0], {"lang": "zh", "softmax": "0"})
    strip = next(m.value for m in home.markdown if "→" in m.value)
    expected = [f"~~{t['zh']}~~" if n == "softmax" else f"**{t['zh']}**" for n, t in labels.items()]
    assert strip == "  →  ".join(expected)
    present = open_page(page_file("present"), {"lang": "zh"})  # the lesson's steps, short
    strip = next(m.value for m in present.markdown if "→" in m.value)
    short = [TEXTS[f"kind_short_{step.id}"]["zh"] for step in lesson.default().steps]
    assert strip == "  →  ".join([f"**:red-background[{short[0]}]**", *short[1:]])
