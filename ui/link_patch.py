"""A patch of one Streamlit function, installed by the router: a link Streamlit drops whole
becomes one parameter saying how big it was, so the app can say why it ignored it.

Streamlit 1.67's AppSession checks each rerun's link with `sanitize_query_string`; a link over
its limits (1,000 parameters or 512 Ki characters) comes back empty, which no code of ours
could tell from no link at all.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from urllib.parse import urlencode

from streamlit.runtime import app_session
from streamlit.runtime.state.query_params import (
    CLIENT_STATE_QUERY_STRING_MAX_FIELDS as LINK_MAX_PARAMS,
)
from streamlit.runtime.state.query_params import (
    CLIENT_STATE_QUERY_STRING_MAX_LENGTH as LINK_MAX_CHARS,
)
from streamlit.runtime.state.query_params import sanitize_query_string

DROPPED_LINK = "_link_dropped"  # the parameter standing for such a link: "params.chars.proof"
# Only this process can write the marker: a link that carries one of its own (forged, or from
# another server) is not believed, and the parameter is reported as unknown.
_PROOF = secrets.token_hex(16)


@dataclass(frozen=True)
class IgnoredLink:
    """A link Streamlit read as empty: over its limit of parameters or characters."""

    params: int
    chars: int
    max_params: int = LINK_MAX_PARAMS
    max_chars: int = LINK_MAX_CHARS


def sanitize_naming_dropped(query_string: str) -> str:
    """Streamlit's own check of a link, except that a link it drops whole becomes one
    parameter saying how big it was."""
    kept = sanitize_query_string(query_string)
    if query_string and not kept:
        size = f"{query_string.count('&') + 1}.{len(query_string)}"
        return urlencode({DROPPED_LINK: f"{size}.{_PROOF}"})
    return kept


def install() -> None:
    """From now on, in this process, Streamlit checks links with `sanitize_naming_dropped`."""
    app_session.sanitize_query_string = sanitize_naming_dropped


def ignored_link(raw: dict[str, str]) -> IgnoredLink | None:
    """The size of the link Streamlit dropped, from the parameter `sanitize_naming_dropped`
    put in its place; None for any other link, a forged marker included."""
    params, chars, proof = [*raw.get(DROPPED_LINK, "").split("."), "", "", ""][:3]
    if not (params.isdigit() and chars.isdigit() and secrets.compare_digest(proof, _PROOF)):
        return None
    return IgnoredLink(params=int(params), chars=int(chars))
