"""Text from a user or a link, shown inside our own Markdown: shortened and made inert."""

import re

# Markdown turns a bare address into a live link even when every sign is escaped
# ("www\.evil\.example", "me@evil.example", "https://..."); a word joiner (U+2060, drawn as
# nothing) after "www", "@" and a scheme's ":" leaves the text as it looks and no link in it.
JOINER = "\u2060"
LINK_START = re.compile(r"(?i)(www|@|[a-z][a-z0-9+.-]*:)")


def escape_md(text: str, limit: int = 60) -> str:
    """`text` cut to `limit` characters, every Markdown character escaped, no link in it."""
    short = text if len(text) <= limit else text[: limit - 1] + "…"
    escaped = "".join("\\" + ch if ch in "\\`*_{}[]()<>#+-.!|~$" else ch for ch in short)
    return LINK_START.sub(lambda found: found[0] + JOINER, escaped)


def plain(markdown: str) -> str:
    """One of our Markdown lines as plain text: bold marks and escapes removed."""
    return re.sub(r"\\(.)", r"\1", markdown.replace("**", ""))
