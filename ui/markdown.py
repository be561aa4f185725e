"""Text from a user or a link, shown inside our own Markdown: shortened and made inert."""


def escape_md(text: str, limit: int = 60) -> str:
    """`text` cut to `limit` characters, every Markdown character escaped."""
    short = text if len(text) <= limit else text[: limit - 1] + "…"
    return "".join("\\" + ch if ch in "\\`*_{}[]()<>#+-.!|~$" else ch for ch in short)
