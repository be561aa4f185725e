"""Architecture rules: one translation table with both languages, and a pure-numpy core."""

import ast
import string
import subprocess
import sys
from pathlib import Path

from ui.i18n import LANGUAGES, TEXTS

ROOT = Path(__file__).resolve().parent.parent
# the app's own code: pages (a file, or a package of files, each), the UI layer, the entrypoint
APP_SOURCES = [*ROOT.glob("app_pages/**/*.py"), *ROOT.glob("ui/*.py"), ROOT / "streamlit_app.py"]


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_text_has_both_languages_and_the_same_placeholders():
    """One pass over the whole table: every key that breaks the rule, with what is wrong."""
    wrong = []
    for key, entry in sorted(TEXTS.items()):
        if set(entry) != set(LANGUAGES):
            wrong.append(f"{key}: has {sorted(entry)}, needs exactly {sorted(LANGUAGES)}")
            continue
        wrong += [f"{key}: empty {lang} text" for lang in LANGUAGES if not entry[lang].strip()]
        if _fields(entry["en"]) != _fields(entry["zh"]):
            wrong.append(
                f"{key}: placeholders differ: {_fields(entry['en'])} vs {_fields(entry['zh'])}"
            )
    assert not wrong, "\n".join(wrong)


def test_every_text_key_used_in_code_exists():
    """Literal t("...") calls name keys that exist (f-string keys are checked by AppTest)."""
    missing = []
    for path in [
        *ROOT.rglob("app_pages/**/*.py"),
        *ROOT.glob("ui/*.py"),
        ROOT / "streamlit_app.py",
    ]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "t"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and node.args[0].value not in TEXTS
            ):
                missing.append(f"{path.name}: {node.args[0].value}")
    assert not missing


def test_core_imports_neither_streamlit_nor_altair():
    code = (
        "import sys, pkgutil, importlib, core\n"
        "for m in pkgutil.iter_modules(core.__path__):\n"
        "    importlib.import_module('core.' + m.name)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('streamlit', 'altair', 'pandas')]\n"
        "print(bad)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert out.stdout.strip() == "[]"


def test_no_pages_folder_next_to_the_entrypoint():
    assert not (ROOT / "pages").exists(), "a pages/ folder switches Streamlit to its legacy router"


def test_unsafe_html_only_with_constant_strings():
    for path in [
        *ROOT.rglob("app_pages/**/*.py"),
        *ROOT.glob("ui/*.py"),
        ROOT / "streamlit_app.py",
    ]:
        assert "unsafe_allow_html=True" not in path.read_text(encoding="utf-8"), path


def test_every_url_parameter_has_one_meaning():
    """Two controls may not share a URL parameter: a link would set both."""
    from ui.state import GLOBAL_PARAMS, PAGE_PARAMS, K

    names = [value for key, value in vars(K).items() if key.isupper()]
    assert len(names) == len(set(names)), sorted(n for n in names if names.count(n) > 1)
    assert not GLOBAL_PARAMS.keys() & PAGE_PARAMS.keys()
