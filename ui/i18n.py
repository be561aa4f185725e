"""The one translation table and `t()`: the shared texts (ui/texts.py) plus each page's own
(app_pages/<page>/texts.py), which app_pages/__init__.py registers with `register`.

Every string a user sees comes from here, in English and Chinese. Each key is defined in exactly
one module: a key found twice is an error when it is registered, not a silent override.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import streamlit as st

from ui import texts as shared

LANGUAGES = {"en": "English", "zh": "中文"}

Table = Mapping[str, Mapping[str, str]]  # key -> {"en": ..., "zh": ...}

# Every module that holds texts, by name: shared first, then the pages in menu order.
_MODULES: dict[str, Table] = {"shared": shared.TEXTS}
_TABLE: dict[str, Mapping[str, str]] = {}
MODULES: Mapping[str, Table] = MappingProxyType(_MODULES)
TEXTS: Mapping[str, Mapping[str, str]] = MappingProxyType(_TABLE)


def merge(parts: Mapping[str, Table]) -> dict[str, Mapping[str, str]]:
    """One table from named parts; a key defined in two parts is a mistake, not an override."""
    table: dict[str, Mapping[str, str]] = {}
    owner: dict[str, str] = {}
    for name, part in parts.items():
        clash = sorted(table.keys() & part.keys())
        if clash:
            where = ", ".join(f"{key} ({owner[key]} and {name})" for key in clash)
            raise KeyError(f"translation keys defined twice: {where}")
        table.update(part)
        owner.update(dict.fromkeys(part, name))
    return table


def register(parts: Mapping[str, Table]) -> None:
    """Add named text modules to the table (a name registered again with the same module is
    a no-op). Raises KeyError, changing nothing, when a key would be defined twice."""
    new = {name: part for name, part in parts.items() if _MODULES.get(name) is not part}
    table = merge({**_MODULES, **new})
    _MODULES.update(new)
    _TABLE.clear()
    _TABLE.update(table)


register({})


def lang() -> str:
    value = st.session_state.get("lang", "en")
    return value if value in LANGUAGES else "en"


def t(key: str, /, **kwargs: object) -> str:
    """The text for `key` in the current language, with `kwargs` filled in."""
    text = TEXTS[key][lang()]
    return text.format(**kwargs) if kwargs else text
