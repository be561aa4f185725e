"""Architecture rules: one translation table with both languages, a pure-numpy core, and
imports that point one way: app_pages/ -> live_class/ -> lessons/ -> ui/ -> core/, no page into
another."""

import ast
import string
import subprocess
import sys
from pathlib import Path

import pytest

from ui.i18n import LANGUAGES, TEXTS

ROOT = Path(__file__).resolve().parent.parent
# the app's own code: pages (a package of files each), the class layer, the lesson layer, the UI
# layer, the entrypoint
APP_SOURCES = [
    *ROOT.glob("app_pages/**/*.py"),
    *ROOT.glob("live_class/**/*.py"),
    *ROOT.glob("lessons/**/*.py"),
    *ROOT.glob("ui/*.py"),
    ROOT / "streamlit_app.py",
]


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
    for path in APP_SOURCES:
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
    """Every module of core, its subpackages' too (core.models.smollm2, core.learning...),
    imported in a fresh interpreter: none brings in Streamlit, Altair or pandas."""
    code = (
        "import sys, pkgutil, importlib, core\n"
        "found = [m.name for m in pkgutil.walk_packages(core.__path__, 'core.')]\n"
        "for name in found:\n"
        "    importlib.import_module(name)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('streamlit', 'altair', 'pandas')]\n"
        "print(len(found), bad)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    count, bad = out.stdout.strip().split(" ", 1)
    assert bad == "[]"
    nested = [p for p in (ROOT / "core").rglob("*.py") if p.parent != ROOT / "core"]
    assert nested and int(count) >= len(list((ROOT / "core").rglob("*.py"))) - 3  # the inits


def test_no_pages_folder_next_to_the_entrypoint():
    assert not (ROOT / "pages").exists(), "a pages/ folder switches Streamlit to its legacy router"


# st.html calls whose text is not one constant, each with why it is safe
HTML_NOT_CONSTANT = {
    # the one cookie script: its text is the constant SCRIPT, the cookie an escaped attribute
    ("browser.py", "run"),
}


def test_unsafe_html_only_with_constant_strings():
    """No markdown with unsafe_allow_html, and every st.html draws a constant: a string
    literal or a module's UPPER_CASE name (a stylesheet), never text built from a value, but
    for the calls HTML_NOT_CONSTANT names."""
    found, calls = [], 0
    for path in APP_SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assert "unsafe_allow_html=True" not in ast.unparse(tree), path
        functions = {
            id(inner): node.name
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef)
            for inner in ast.walk(node)
        }
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "html"):
                continue
            calls += 1
            arg = node.args[0] if node.args else None
            name = arg.attr if isinstance(arg, ast.Attribute) else getattr(arg, "id", "")
            constant = isinstance(arg, ast.Constant) and isinstance(arg.value, str)
            if not (constant or (name and name.isupper())):
                found.append((path.name, functions.get(id(node), "")))
    assert calls >= 8, "fewer st.html calls than the app has: is the test reading the app?"
    assert set(found) == HTML_NOT_CONSTANT


def test_every_url_parameter_has_one_meaning():
    """Two controls may not share a URL parameter: a link would set both."""
    from tests.apptest_utils import PAGE_PARAMS
    from ui.settings import GLOBAL_PARAMS, K

    names = [value for key, value in vars(K).items() if key.isupper()]
    assert len(names) == len(set(names)), sorted(n for n in names if names.count(n) > 1)
    assert not GLOBAL_PARAMS.keys() & PAGE_PARAMS.keys()


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


APP_FILES = [
    p
    for folder in ("core", "ui", "lessons", "live_class", "app_pages")
    for p in (ROOT / folder).rglob("*.py")
    if p.name != "page.py"  # what Streamlit runs: imported by nothing
]


def test_app_code_imports_only_at_the_top_of_a_module():
    """No import moved into a function to dodge a circle."""
    inside = []
    for path in APP_FILES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                inside += [
                    f"{path.relative_to(ROOT)}:{n.lineno}"
                    for n in ast.walk(node)
                    if isinstance(n, ast.Import | ast.ImportFrom)
                ]
    assert not inside


def test_no_import_circle():
    modules = {_module_name(p): p for p in APP_FILES}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found = set()
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ImportFrom) and node.module:
                found |= {f"{node.module}.{a.name}" for a in node.names} | {node.module}
            elif isinstance(node, ast.Import):
                found |= {a.name for a in node.names}
        graph[name] = {m for m in found if m in modules and m != name}
    state = dict.fromkeys(graph, 0)  # 0 new, 1 on the path, 2 done

    def visit(name: str, path: list[str]) -> list[str] | None:
        state[name] = 1
        for nxt in sorted(graph[name]):
            if state[nxt] == 1:
                return [*path, name, nxt]
            if state[nxt] == 0 and (circle := visit(nxt, [*path, name])):
                return circle
        state[name] = 2
        return None

    for name in sorted(graph):
        if state[name] == 0:
            assert (circle := visit(name, [])) is None, " -> ".join(circle)


def _imported(path: Path) -> list[str]:
    """Every module name an import in `path` names (`from a.b import c` gives a.b and a.b.c)."""
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names += [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
        elif isinstance(node, ast.Import):
            names += [a.name for a in node.names]
    return names


def _under(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


ABOVE = {  # each layer -> the packages above it, which it never imports
    "core": ("ui", "lessons", "live_class", "app_pages"),
    "ui": ("lessons", "live_class", "app_pages"),
    "lessons": ("live_class", "app_pages"),
    "live_class": ("app_pages",),
}


@pytest.mark.parametrize("layer", sorted(ABOVE))
def test_no_layer_imports_one_above_it(layer: str) -> None:
    """The layers, bottom up: core/ (the numpy), ui/ (what several pages share; pages come to
    it as PageSpecs), lessons/ (what a lesson is and how its steps compute), live_class/ (a
    class: its database, join address, training show, results and handout), app_pages/. Each
    may import the ones below it, never one above."""
    wrong = [
        f"{path.relative_to(ROOT)}: {name}"
        for path in (ROOT / layer).rglob("*.py")
        for name in _imported(path)
        if any(_under(name, above) for above in ABOVE[layer])
    ]
    assert not wrong, "\n".join(wrong)


def test_the_class_layer_serves_only_the_class_pages() -> None:
    """live_class/ is the class's: of the pages, only /class and /join use it."""
    users = {
        path.relative_to(ROOT / "app_pages").parts[0]
        for path in (ROOT / "app_pages").rglob("*.py")
        if any(_under(name, "live_class") for name in _imported(path))
    }
    assert users == {"classroom", "join"}, users


def test_no_page_imports_another_page():
    """A page lives in its package alone: what two pages need moves down to lessons/ or ui/.
    Only app_pages/__init__.py (the list of specs) names every page; importing that list
    (`from app_pages import PAGES`) is allowed."""
    wrong = []
    for path in (ROOT / "app_pages").rglob("*.py"):
        parts = path.relative_to(ROOT / "app_pages").parts
        if len(parts) == 1:  # app_pages/__init__.py
            continue
        own = f"app_pages.{parts[0]}"
        for name in _imported(path):
            if name == "app_pages" or name == "app_pages.PAGES":
                continue
            if _under(name, "app_pages") and not _under(name, own):
                wrong.append(f"{path.relative_to(ROOT)}: {name}")
    assert not wrong, "\n".join(wrong)


def _model_classes() -> dict[str, str]:
    """Every model class of core/models/ and core/pretrained.py (a head the pipeline runs, or
    a whole network): its qualified name -> its module."""
    import importlib
    import inspect
    import pkgutil

    import core.models

    modules = [importlib.import_module("core.pretrained")] + [
        importlib.import_module(f"core.models.{m.name}")
        for m in pkgutil.iter_modules(core.models.__path__)
    ]
    found = {}
    for module in modules:
        for name, obj in vars(module).items():
            own = inspect.isclass(obj) and obj.__module__ == module.__name__
            if own and (
                (hasattr(obj, "encode") and hasattr(obj, "ref")) or hasattr(obj, "forward")
            ):
                found[f"{module.__name__}.{name}"] = module.__name__
    return found


def test_pages_name_no_model_class_and_every_model_has_a_family():
    """A page asks ui/compute for a pipeline by the model's kind and reads what kind of model
    it is from core.models.FAMILIES: it never names a model's class, so a new model is a new
    module in core/models/ and one registry line, with no page to change."""
    from core.models import FAMILIES
    from ui import compute

    classes = _model_classes()
    assert {"core.models.e5.E5Head", "core.models.toy.ToyModel", "core.pretrained.MiniLM"} <= set(
        classes
    )
    wrong = []
    for path in [*ROOT.glob("app_pages/**/*.py"), *ROOT.glob("l*/**/*.py")]:
        for name in _imported(path):
            if name in classes or any(name.endswith("." + c.rsplit(".", 1)[1]) for c in classes):
                wrong.append(f"{path.relative_to(ROOT)}: {name}")
    assert not wrong, "\n".join(wrong)
    heads = [c for c in classes if c.rsplit(".", 1)[1].endswith(("Head", "Model"))]
    assert len(heads) == len(FAMILIES)  # one family a model the pipeline runs
    aliases = {"pretrained": "minilm", "untrained": "trained"}  # the settings' names for them
    assert {aliases.get(kind, kind) for kind in compute.MAKERS} == set(FAMILIES)


def _code_lines(paths: list[Path]) -> int:
    return sum(
        sum(1 for line in p.read_text(encoding="utf-8").splitlines() if line.strip())
        for p in paths
        if p.name != "texts.py"  # translation tables are prose, not code
    )


def test_ui_is_smaller_than_the_pages():
    """ui/ holds only what several pages share, so it stays smaller than the pages themselves
    with the lesson they show and the class they run (lessons/, live_class/)."""
    shared = _code_lines(list((ROOT / "ui").glob("*.py")))
    layers = ("app_pages", "lessons", "live_class")
    pages = _code_lines([p for layer in layers for p in (ROOT / layer).rglob("*.py")])
    assert shared < pages, (shared, pages)
