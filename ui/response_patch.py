"""A patch of one Starlette method, installed by the router: every HTTP answer of the app says
`Referrer-Policy: no-referrer`, so no address of this app (a class's page) reaches another site
or a log as a Referer. nginx and deploy/k8s.yaml send it too; this is for the app run alone
(`make run`, Streamlit Community Cloud).

Streamlit 1.67 serves its pages through Starlette and has no setting for a header. Answers are
made with `Response.init_headers`; from the first run of any page on, it adds ours. (The page
itself also asks the browser for the same policy: ui/browser.py.)
"""

from __future__ import annotations

from collections.abc import Mapping

from starlette.responses import Response

from ui.browser import REFERRER_POLICY

_HEADER = (b"referrer-policy", REFERRER_POLICY.encode("latin-1"))
_original = Response.init_headers


def _init_headers(self: Response, headers: Mapping[str, str] | None = None) -> None:
    _original(self, headers)
    if not any(name == _HEADER[0] for name, _ in self.raw_headers):
        self.raw_headers.append(_HEADER)


def install() -> None:
    """From now on, in this process, every Starlette answer carries the header."""
    Response.init_headers = _init_headers  # type: ignore[method-assign]
