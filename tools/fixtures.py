"""The reference makers' one way to write a test fixture: a .json of what was recorded and an
.npz of its arrays, side by side under tests/fixtures/."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np


def write_fixture(stem: Path, record: dict, arrays: dict[str, np.ndarray]) -> tuple[Path, Path]:
    """`stem`.json (`record`, indented, non-ASCII kept) and `stem`.npz (`arrays`, compressed);
    their paths."""
    stem.parent.mkdir(parents=True, exist_ok=True)
    json_path = stem.with_suffix(".json")
    json_path.write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    npz_path = stem.with_suffix(".npz")
    np.savez_compressed(npz_path, **arrays)  # type: ignore[arg-type]
    return json_path, npz_path
