"""URL parameters: what each may hold, and why a value from a link was refused."""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum
from typing import Any

MAX_TEXT_CHARS = 20_000  # a link may carry at most this many characters of text
REPLACEMENT = "\ufffd"  # what a browser's bytes that are not UTF-8 become


class Problem(Enum):
    NOT_A_NUMBER = "not_a_number"
    OUT_OF_RANGE = "out_of_range"
    NOT_A_CHOICE = "not_a_choice"
    NOT_A_SWITCH = "not_a_switch"
    TOO_LONG = "too_long"
    UNKNOWN_KEY = "unknown_key"
    BROKEN_TEXT = "broken_text"  # kept, but parts were not valid UTF-8 and show as �


@dataclass(frozen=True)
class Rejected:
    key: str
    raw: str
    problem: Problem
    allowed: str  # what the parameter accepts, e.g. "2-64" or "en, zh"


@dataclass(frozen=True)
class Param:
    """One URL parameter: its kind, default and bounds. Values are encoded as short text."""

    key: str
    default: Any
    kind: str  # "int", "float", "bool", "choice", "text"
    lo: float | None = None
    hi: float | None = None
    choices: tuple[str, ...] = ()
    translated: tuple[tuple[str, str], ...] = ()  # (language, default): an example sentence's
    # what an old link (made before links named their model) meant by leaving this key out,
    # where the default has changed since; None: the default has not changed
    old_default: Any = None
    private: bool = False  # kept in this page's own address, never in a link it shares (a key)

    def default_in(self, lang: str) -> Any:
        """The default for a reader of `lang`: a text's example in that language, if it has one."""
        return dict(self.translated).get(lang, self.default)

    def is_example(self, value: object) -> bool:
        """Whether `value` is this parameter's default in some language."""
        return value == self.default or value in dict(self.translated).values()

    @property
    def allowed(self) -> str:
        if self.kind in ("int", "float"):
            return f"{self.lo:g}–{self.hi:g}"
        if self.kind == "bool":
            return "0, 1"
        if self.kind == "choice":
            return ", ".join(self.choices)
        return f"≤ {MAX_TEXT_CHARS} characters"

    def encode(self, value: Any) -> str:
        if self.kind == "text" and value == "":
            return " "  # browsers drop empty parameters; a space keeps "the box was emptied"
        if self.kind == "bool":
            return "1" if value else "0"
        if self.kind == "float":
            return f"{float(value):g}"
        return str(value)

    def decode(self, raw: str) -> tuple[Any, Rejected | None]:
        """The value a URL string stands for, or the default and why it was refused.

        Text with bytes that were not UTF-8 (decoded as U+FFFD) is kept, and reported."""
        problem = self._problem(raw)
        if problem is not None:
            return self.default, Rejected(self.key, raw, problem, self.allowed)
        if self.kind == "text" and REPLACEMENT in raw:
            return raw, Rejected(self.key, raw, Problem.BROKEN_TEXT, self.allowed)
        return self._convert(raw), None

    def _convert(self, raw: str) -> Any:
        if self.kind == "int":
            return int(float(raw))
        if self.kind == "float":
            return float(raw)
        if self.kind == "bool":
            return raw.strip().lower() in ("1", "true", "on", "yes")
        return raw if self.kind == "text" else raw.strip()

    def _problem(self, raw: str) -> Problem | None:
        if self.kind == "text":
            return Problem.TOO_LONG if len(raw) > MAX_TEXT_CHARS else None
        if self.kind == "bool":
            ok = raw.strip().lower() in ("0", "1", "true", "false", "on", "off", "yes", "no")
            return None if ok else Problem.NOT_A_SWITCH
        if self.kind == "choice":
            return None if raw.strip() in self.choices else Problem.NOT_A_CHOICE
        try:
            number = float(raw)
        except ValueError:
            return Problem.NOT_A_NUMBER
        if not math.isfinite(number) or (self.kind == "int" and number != int(number)):
            return Problem.NOT_A_NUMBER
        assert self.lo is not None and self.hi is not None
        return None if self.lo <= number <= self.hi else Problem.OUT_OF_RANGE


def decode_all(
    raw: dict[str, str], params: dict[str, Param]
) -> tuple[dict[str, Any], list[Rejected]]:
    """Values for every known key present in `raw`; everything refused, unknown keys included."""
    values: dict[str, Any] = {}
    rejected: list[Rejected] = []
    for key, text in raw.items():
        param = params.get(key)
        if param is None:
            rejected.append(Rejected(key, text, Problem.UNKNOWN_KEY, ""))
            continue
        value, problem = param.decode(text)
        if problem is None or problem.problem is Problem.BROKEN_TEXT:
            values[key] = value
        if problem is not None:
            rejected.append(problem)
    return values, rejected


def encode_changed(
    values: dict[str, Any], params: dict[str, Param], lang: str = ""
) -> dict[str, str]:
    """The URL parameters for the values that differ from their defaults (a text's default in
    `lang`, the language the link states)."""
    return {
        key: params[key].encode(value)
        for key, value in values.items()
        if key in params and value != params[key].default_in(lang)
    }
