"""What a link can carry: a text cut to fit a budget of encoded characters, at a token
boundary where one fits, else inside the one enormous token.

A browser sends the link as percent-encoded UTF-8: a Hangul syllable costs 9 characters, an
ASCII letter 1. Streamlit's server answers a bare "400 Bad Request" when a request's headers
pass about 128 KB, and a browser that follows a link from a page of the app (a reload, the
share link opened in the same tab) sends the page's address twice: in the request line and
as its Referer. So every link the app writes stays within LINK_BUDGET characters of query,
under half the server's limit (measured: 60,000 characters twice pass, 64,000 twice do not).
"""

from __future__ import annotations

from urllib.parse import quote, urlencode

from core.tokenize import drawn_prefix, tokenize_all

LINK_BUDGET = 60_000  # characters of query in a link the app writes (see above)


def encoded_length(text: str) -> int:
    """Characters `text` takes in a link's query."""
    return len(quote(text, safe=""))


def query_length(params: dict[str, str]) -> int:
    """Characters of the query these parameters make, as the app writes it."""
    return len(urlencode(params, quote_via=quote))


def fit_encoded(text: str, limit: int) -> str:
    """The longest start of `text` whose encoding takes at most `limit` characters: it ends at
    a token boundary, unless even the first token is longer, which is then cut inside."""
    if encoded_length(text) <= limit:
        return text
    lo, hi = 0, len(text)  # the longest start that fits: encoded length grows with the start
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if encoded_length(text[:mid]) <= limit:
            lo = mid
        else:
            hi = mid - 1
    fits = lo
    best = ""
    lo, hi = 0, len(tokenize_all(text[:fits]))  # whole tokens that fit in text[:fits]
    while lo <= hi:
        k = (lo + hi) // 2
        prefix = drawn_prefix(text, k) if k else ""
        if len(prefix) <= fits:
            best, lo = prefix, k + 1
        else:
            hi = k - 1
    return best if best.strip() else text[:fits]


def fit_query(
    params: dict[str, str], text_keys: set[str], budget: int = LINK_BUDGET
) -> dict[str, str]:
    """`params` with its longest texts cut until the query fits `budget` characters."""
    fitted = dict(params)
    while (over := query_length(fitted) - budget) > 0:
        texts = [key for key in fitted if key in text_keys and fitted[key].strip()]
        if not texts:
            break  # nothing left to cut: the parameters alone are over the budget
        key = max(texts, key=lambda k: encoded_length(fitted[k]))
        fitted[key] = fit_encoded(fitted[key], max(0, encoded_length(fitted[key]) - over))
    return fitted
