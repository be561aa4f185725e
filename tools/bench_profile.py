"""Where the CPU of a new sentence goes: cProfile of the script thread, in-process (AppTest).

For each profiled page: open the app, go to the page (caches warm for the default sentence),
then type a new sentence into the sidebar box and profile only that run's script thread.
Also the memory bound of the caches Streamlit does not measure (st.cache_resource): the size
of one entry for a ~64-token paragraph times the cache's max_entries.

`python -m tools.bench --only profile` runs this section alone.
"""

from __future__ import annotations

import cProfile
import dataclasses
import pstats
from pathlib import Path

import numpy as np
from streamlit.runtime.scriptrunner import script_runner
from streamlit.testing.v1 import AppTest

from tools.bench_server import new_sentence

ROOT = Path(__file__).resolve().parent.parent
PROFILED = {"score": "app_pages/score/page.py", "real-model": "app_pages/real_model/page.py"}
TOP = 15  # lines shown per listing
WRAPPER = 0.9  # functions holding more than this share of the run are wrappers, not shown

_profiler: cProfile.Profile | None = None
_original_run_script = script_runner.ScriptRunner._run_script


def _profiled_run_script(self: script_runner.ScriptRunner, rerun_data: object) -> None:
    if _profiler is None:
        return _original_run_script(self, rerun_data)
    _profiler.enable()  # cProfile follows the thread that enables it: the script thread
    try:
        return _original_run_script(self, rerun_data)
    finally:
        _profiler.disable()


def profile_page(page_file: str) -> tuple[list[tuple], list[tuple[str, float]], float]:
    """(top functions by cumulative time, own time per library, profiled seconds) for a new
    sentence typed on a page."""
    global _profiler
    script_runner.ScriptRunner._run_script = _profiled_run_script  # type: ignore[method-assign]
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=300)
    at.run()
    at.switch_page(page_file).run()
    at.text_area(key="text").input(new_sentence()).run()  # first call costs out of the way
    _profiler = cProfile.Profile()
    try:
        at.text_area(key="text").input(new_sentence()).run()
    finally:
        profiler, _profiler = _profiler, None
        script_runner.ScriptRunner._run_script = _original_run_script  # type: ignore[method-assign]
    if at.exception:
        raise RuntimeError(f"{page_file}: {at.exception[0].value}")
    stats = pstats.Stats(profiler)
    total = stats.total_tt
    rows = [  # (cumulative, own, calls, where) per function
        (cum, own, calls, _where(file, line, name))
        for (file, line, name), (_cc, calls, own, cum, _callers) in stats.stats.items()
    ]
    inner = [r for r in rows if r[0] < WRAPPER * total]  # skip script-runner and page wrappers
    by_cum = sorted(inner, reverse=True)[:TOP]
    by_package: dict[str, float] = {}
    for (file, _line, _name), (_cc, _calls, own, _cum, _callers) in stats.stats.items():
        by_package[_package(file)] = by_package.get(_package(file), 0.0) + own
    return by_cum, sorted(by_package.items(), key=lambda kv: -kv[1])[:TOP], total


def _where(file: str, line: int, name: str) -> str:
    return f"{_package(file)}: {Path(file).name}:{line}({name})" if line else name


def _package(file: str) -> str:
    """The library (or the project folder) a profiled function lives in."""
    if "site-packages/" in file:
        return file.split("site-packages/")[1].split("/")[0]
    if file.startswith(str(ROOT)):
        return Path(file).relative_to(ROOT).parts[0]
    if file == "~":
        return "built-ins (C, called from any of the above)"
    return "python stdlib"


def _nbytes(obj: object, seen: set[int] | None = None) -> int:
    """Bytes of every numpy array reachable through dataclasses, tuples, lists and dicts."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return 0
    seen.add(id(obj))
    if isinstance(obj, np.ndarray):
        return obj.nbytes if obj.base is None or id(obj.base) not in seen else 0
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return sum(_nbytes(getattr(obj, f.name), seen) for f in dataclasses.fields(obj))
    if isinstance(obj, list | tuple):
        return sum(_nbytes(x, seen) for x in obj)
    if isinstance(obj, dict):
        return sum(_nbytes(x, seen) for x in obj.values())
    return 0


def resource_entries() -> list[tuple[str, int, int]]:
    """(cache, bytes of one entry for a ~64-token paragraph, max_entries) for cache_resource."""
    from core.models import MiniLMHead
    from core.pipeline import pipeline
    from core.pretrained import MiniLM
    from core.tokenize import MAX_TOKENS

    model = MiniLM.load()
    text = new_sentence(long=True)
    result = model.run(text, max_tokens=MAX_TOKENS)
    head = pipeline(MiniLMHead(model, 0, 0, run=lambda _t: result), text)
    caps = _max_entries()
    return [
        ("ui.compute.minilm_run", _nbytes(result), caps.get("minilm_run", 0)),
        (
            "ui.compute.model_pipeline (a MiniLM head's own arrays)",
            _nbytes(head, {id(a) for a in vars(result).values()}),
            caps.get("model_pipeline", 0),
        ),
    ]


def _max_entries() -> dict[str, int]:
    """max_entries of each cached function in ui/compute.py, read from the source."""
    import re

    text = (ROOT / "ui" / "compute.py").read_text()
    pattern = r"@st\.cache_\w+\(max_entries=(\d+)[^)]*\)\s*def (\w+)"
    return {name: int(n) for n, name in re.findall(pattern, text)}


def bench() -> dict[str, object]:
    return {
        "profiles": {page: profile_page(file) for page, file in PROFILED.items()},
        "resources": resource_entries(),
    }


def markdown(result: dict[str, object]) -> str:
    lines = ["## Profile of one new sentence (script thread, cProfile, in-process AppTest)", ""]
    for page, (by_cum, by_package, total) in result["profiles"].items():  # type: ignore[union-attr]
        lines += [
            f"### /{page}: {total * 1000:.0f} ms in the script thread under cProfile",
            "",
            f"Top {TOP} functions by cumulative time (wrappers over {WRAPPER:.0%} left out):",
            "",
            "| cumulative (ms) | share | own (ms) | calls | function |",
            "|---:|---:|---:|---:|---|",
            *(
                f"| {cum * 1000:.0f} | {cum / total:.0%} | {own * 1000:.0f} | {calls} | `{where}` |"
                for cum, own, calls, where in by_cum
            ),
            "",
            "| own time by library | ms | share |",
            "|---|---:|---:|",
            *(f"| {pkg} | {own * 1000:.0f} | {own / total:.0%} |" for pkg, own in by_package),
            "",
        ]
    lines += [
        "| st.cache_resource (not in Streamlit's memory figures) | one entry, 64-token "
        "paragraph (MB) | max_entries | bound (MB) |",
        "|---|---:|---:|---:|",
    ]
    for name, size, cap in result["resources"]:  # type: ignore[union-attr]
        bound = f"{size * cap / 2**20:.0f}" if cap else "unbounded"
        lines.append(f"| {name} | {size / 2**20:.2f} | {cap or '-'} | {bound} |")
    return "\n".join(lines)
