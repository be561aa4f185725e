"""The one translation table, built from one text module per page (ui/texts/) and `t()`.

Every string a user sees comes from here, in English and Chinese. Each key is defined in exactly
one module: a key found twice is an error at import, not a silent override.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import streamlit as st

from ui.texts import (
    atlas,
    compare,
    dot,
    glossary,
    home,
    learn,
    present,
    qk_map,
    real_model,
    roles,
    rows,
    score,
    shared,
    summary,
    variant,
    weights,
)
from ui.texts import input as input_page

LANGUAGES = {"en": "English", "zh": "中文"}

# Every module that holds texts, by name: the order is the menu's, shared first.
MODULES = {
    "shared": shared.TEXTS,
    "home": home.TEXTS,
    "input": input_page.TEXTS,
    "rows": rows.TEXTS,
    "weights": weights.TEXTS,
    "score": score.TEXTS,
    "roles": roles.TEXTS,
    "dot": dot.TEXTS,
    "qk_map": qk_map.TEXTS,
    "learn": learn.TEXTS,
    "summary": summary.TEXTS,
    "real_model": real_model.TEXTS,
    "atlas": atlas.TEXTS,
    "variant": variant.TEXTS,
    "compare": compare.TEXTS,
    "present": present.TEXTS,
    "glossary": glossary.TEXTS,
}


def merge(parts: Mapping[str, Mapping[str, dict[str, str]]]) -> dict[str, dict[str, str]]:
    """One table from named parts; a key defined in two parts is a mistake, not an override."""
    table: dict[str, dict[str, str]] = {}
    owner: dict[str, str] = {}
    for name, part in parts.items():
        clash = sorted(table.keys() & part.keys())
        if clash:
            where = ", ".join(f"{key} ({owner[key]} and {name})" for key in clash)
            raise KeyError(f"translation keys defined twice: {where}")
        table.update(part)
        owner.update(dict.fromkeys(part, name))
    return table


TEXTS: Mapping[str, dict[str, str]] = MappingProxyType(merge(MODULES))


def lang() -> str:
    value = st.session_state.get("lang", "en")
    return value if value in LANGUAGES else "en"


def t(key: str, /, **kwargs: object) -> str:
    """The text for `key` in the current language, with `kwargs` filled in."""
    text = TEXTS[key][lang()]
    return text.format(**kwargs) if kwargs else text
