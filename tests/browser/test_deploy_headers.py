"""What deploy/nginx.conf adds in front of the app (issue 21, item 8), with Debian's nginx.

One app process behind nginx, run with deploy/nginx.conf itself (only its ports replaced, as in
test_cluster.py):

1. Every answer carries the security headers, the Content-Security-Policy allows the one inline
   script Streamlit's index.html has (by its hash), and deploy/k8s.yaml sends the same ones.
2. /_stcore/metrics is not served through nginx, however its path is spelled; the app itself
   still serves it (so the check means something), and /_stcore/health stays open.
3. A ~90 KB share link opened through nginx in Chromium: no Content-Security-Policy violation,
   no script error, no exception, every chart drawn (every page, in both languages, is opened
   through nginx and watched the same way by the pass over the pages: test_pages.py's
   test_every_page). Another site cannot show the app in a frame; the app's own origin can.
4. Request limits: a ~90 KB share link goes through, a ~200 KB one gets nginx's 414, a huge
   header its 400, a request body its 413.

Run: `.venv/bin/python -m pytest tests/browser/test_deploy_headers.py -q`.
Needs /usr/sbin/nginx (`make browsers` installs it).
"""

from __future__ import annotations

import base64
import hashlib
import re
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, quote, urlencode, urlparse

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.conftest import AppServer
from tests.browser.helpers import RUN_TIMEOUT, SETTLE, en, wait_loaded
from tests.browser.policy import ALL_DRAWN, CSP_LISTENER, Watch
from tests.browser.tabs import DEFAULT_TIMEOUT, Contexts
from tools.bench_nginx import Nginx
from tools.server import ROOT
from ui.browser import SCRIPT_HASH

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

K8S = ROOT / "deploy" / "k8s.yaml"
HEADERS = {
    "X-Frame-Options": "SAMEORIGIN",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
# The policy as directives; `connect-src` also names the websocket's host (see CSP below).
POLICY = {
    "default-src": "'self'",
    "script-src": "'self' 'wasm-unsafe-eval' 'sha256-",  # + the inline script's hash
    "style-src": "'self' 'unsafe-inline'",
    "img-src": "'self' data:",
    "font-src": "'self' data:",
    "connect-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'self'",
}
LONG_LINK = 90_000  # bytes of query: a 64-word sentence in Cyrillic, as a share link holds it
TOO_LONG = 200_000  # bytes of query: more than Streamlit itself would take (~128 KiB)


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: str


def fetch(url: str, *, data: bytes | None = None, headers: dict[str, str] | None = None) -> Answer:
    """One request (redirects followed): the status, headers and text of the last answer."""
    request = urllib.request.Request(url, data=data, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return Answer(response.status, dict(response.headers), response.read().decode())
    except urllib.error.HTTPError as error:
        return Answer(error.code, dict(error.headers), error.read().decode(errors="replace"))


def policy(header: str) -> dict[str, str]:
    """A Content-Security-Policy as {directive: its sources}."""
    parts = (part.strip().split(None, 1) for part in header.split(";") if part.strip())
    return {words[0]: words[1] if len(words) > 1 else "" for words in parts}


def inline_script_hashes(html: str) -> list[str]:
    """The CSP hash source of each inline <script> of a page (those without src)."""
    bodies = re.findall(r"<script>(.*?)</script>", html, flags=re.DOTALL)
    digests = (hashlib.sha256(body.encode()).digest() for body in bodies)
    return [f"'sha256-{base64.b64encode(digest).decode()}'" for digest in digests]


def check_headers(answer: Answer, host: str | None) -> None:
    """The security headers; `host` None for a request refused before nginx read its Host."""
    for name, value in HEADERS.items():
        assert answer.headers.get(name) == value, (name, answer.headers.get(name))
    csp = policy(answer.headers.get("Content-Security-Policy", ""))
    assert set(csp) == set(POLICY), csp
    for name, sources in POLICY.items():
        assert csp[name].startswith(sources), (name, csp[name])
    # Safari before 16 does not count the page's own ws:/wss: as 'self': nginx names them
    websocket = f" ws://{host} wss://{host}" if host else ""
    assert csp["connect-src"] == f"'self'{websocket}", csp["connect-src"]


def share_query(size: int) -> str:
    """The query of a share link of about `size` bytes: 64 long Cyrillic words (a sentence the
    app draws whole, under its 20,000-character limit), each letter 6 bytes once encoded."""
    per_word = size // (64 * 6)
    words = [chr(0x430 + i % 32) * per_word for i in range(64)]
    return urlencode({"text": " ".join(words), "lang": "en"}, quote_via=quote)


# ---- 1. headers -------------------------------------------------------------------------------


def test_every_answer_carries_the_security_headers(proxy: Nginx) -> None:
    host = urlparse(proxy.url).netloc
    home = fetch(f"{proxy.url}/")
    assert home.status == 200
    script = re.findall(r'src="\./(static/[^"]+\.js)"', home.body)[0]
    for answer in (
        home,
        fetch(f"{proxy.url}/rows?text=hi"),
        fetch(f"{proxy.url}/_stcore/health"),
        fetch(f"{proxy.url}/{script}"),
        fetch(f"{proxy.url}/_stcore/metrics"),  # an error of nginx's own
    ):
        check_headers(answer, host)

    # The one inline script of index.html is allowed by its hash, and nothing else inline.
    csp = policy(home.headers["Content-Security-Policy"])
    hashes = inline_script_hashes(home.body)
    assert hashes, "index.html has no inline script any more: drop its hash from script-src"
    missing = [h for h in hashes if h not in csp["script-src"].split()]
    assert not missing, (
        f"Streamlit's index.html changed its inline script: put {missing} in script-src "
        "(deploy/nginx.conf and deploy/k8s.yaml) in place of the old hash"
    )


def test_the_apps_own_script_is_allowed_and_the_log_keeps_no_query(proxy: Nginx) -> None:
    """The one script the app draws (ui/browser.py: a cookie the server chose, and the page's
    referrer policy) is allowed by its hash; the access log names paths, never a query, so an
    old teacher link's key (`tk=`) or a join code is not kept on disk (issue 30)."""
    csp = policy(fetch(f"{proxy.url}/").headers["Content-Security-Policy"])
    assert f"'{SCRIPT_HASH}'" in csp["script-src"].split()
    fetch(f"{proxy.url}/class?code=ABCDEF&tk=secret-teacher-key-123")
    log = Path(proxy.folder) / "attention.access.log"
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and "/class" not in log.read_text():
        time.sleep(0.1)
    written = log.read_text()
    assert '"GET /class HTTP/1.1" 200' in written
    assert "secret-teacher-key" not in written and "ABCDEF" not in written and "?" not in written


def add_headers(conf: str) -> dict[str, str]:
    """The `add_header NAME VALUE always;` lines of deploy/nginx.conf, Set-Cookie left out."""
    found = re.findall(r'^\s*add_header (\S+) "?(.*?)"? always;', conf, flags=re.MULTILINE)
    return {name: value for name, value in found if name != "Set-Cookie"}


def test_kubernetes_sends_the_same_headers_and_hides_metrics() -> None:
    conf = (ROOT / "deploy" / "nginx.conf").read_text()
    manifest = K8S.read_text()
    nginx_headers = add_headers(conf)
    assert set(nginx_headers) == {"Content-Security-Policy", *HEADERS}, nginx_headers
    configmap = manifest.split("name: why-attention-headers", 1)[1]
    k8s_headers = dict(re.findall(r'^  ([\w-]+): "(.*)"$', configmap, flags=re.MULTILINE))
    assert set(k8s_headers) == set(nginx_headers), k8s_headers

    # the same policy, but for the websocket's host: written out (the Ingress's host)
    host = re.findall(r"^\s+- host: (\S+)$", manifest, flags=re.MULTILINE)
    assert len(set(host)) == 1, host
    ours = policy(nginx_headers.pop("Content-Security-Policy"))
    theirs = policy(k8s_headers.pop("Content-Security-Policy"))
    assert ours.pop("connect-src") == "'self' $attention_websocket"
    assert theirs.pop("connect-src") == f"'self' ws://{host[0]} wss://{host[0]}"
    assert ours == theirs
    assert nginx_headers == k8s_headers
    assert 'custom-headers: "default/why-attention-headers"' in manifest

    # metrics: refused to everyone by an Ingress of its own
    metrics = manifest.split("name: why-attention-metrics", 1)[1].split("---", 1)[0]
    assert 'denylist-source-range: "0.0.0.0/0,::/0"' in metrics
    assert "path: /_stcore/metrics" in metrics
    assert "pathType: Exact" in metrics


# ---- 2. metrics ---------------------------------------------------------------------------------


def test_metrics_stay_private(proxy: Nginx, app_server: AppServer) -> None:
    direct = fetch(f"{app_server.url}/_stcore/metrics")
    assert direct.status == 200 and "active_sessions" in direct.body, "the app serves its metrics"
    assert fetch(f"{proxy.url}/_stcore/health").body.strip() == "ok"
    for path in (
        "/_stcore/metrics",
        "/_stcore/metrics?format=text",
        "/_stcore/metrics/",  # the app redirects it to /_stcore/metrics, which nginx refuses
        "//_stcore/metrics",
        "/_stcore/./metrics",
        "/_stcore/%6Detrics",
    ):
        answer = fetch(f"{proxy.url}{path}")
        assert answer.status == 404, (path, answer.status)
        assert "active_sessions" not in answer.body and "cache_" not in answer.body, path


# ---- 3. every page in Chromium ------------------------------------------------------------------


class Tab:
    """One Chromium tab that opens pages by URL (each a new session) and checks that the browser
    reported nothing wrong on the way (policy.Watch)."""

    def __init__(self, contexts: Contexts, base: str) -> None:
        self.base = base
        self.page = contexts.page(init_script=CSP_LISTENER, viewport={"width": 1400, "height": 900})
        self.watch = Watch(self.page)

    def open(self, path: str, params: dict[str, str], *, drawn: bool = True) -> None:
        """Open /path?params, wait for its first run (and, if `drawn`, every chart), and
        check that the browser reported nothing wrong."""
        self.watch.clear()
        query = f"?{urlencode(params, quote_via=quote)}" if params else ""
        self.page.goto(f"{self.base}/{path}{query}", wait_until="commit", timeout=RUN_TIMEOUT)
        wait_loaded(self.page)
        if drawn:
            self.page.wait_for_function(ALL_DRAWN, timeout=RUN_TIMEOUT)
        time.sleep(SETTLE)
        expect(self.page.get_by_test_id("stException")).to_have_count(0)
        self.watch.check(f"/{path} {sorted(params)}")


@pytest.fixture
def tab(contexts: Contexts, proxy: Nginx) -> Iterator[Tab]:
    opened = Tab(contexts, proxy.url)
    try:
        yield opened
    finally:
        opened.watch.stop()
        contexts.release(opened.page)


def test_only_the_apps_own_origin_may_frame_it(chromium: Browser, proxy: Nginx) -> None:
    """frame-ancestors 'self': in another site's frame Chromium shows its error page in place
    of the app; in a frame of the app's own origin, the same address shows the app."""
    context = chromium.new_context()
    context.set_default_timeout(DEFAULT_TIMEOUT)
    page = context.new_page()
    target = f"{proxy.url}/glossary"
    framing = f'<iframe src="{target}" width="800" height="600"></iframe>'
    elsewhere, own = "http://elsewhere.test/", f"{proxy.url}/framing.html"
    for url in (elsewhere, own):  # made up inside the browser: these two requests leave it not
        page.route(url, lambda route: route.fulfill(content_type="text/html", body=framing))
    try:
        page.goto(elsewhere)
        deadline = time.monotonic() + 20
        while not (frame := page.main_frame.child_frames[0]).url.startswith("chrome-error:"):
            assert time.monotonic() < deadline, f"another site shows the app: {frame.url}"
            time.sleep(0.2)
        assert frame.locator("#root").count() == 0

        page.goto(own)  # the control: the same frame on the app's own origin shows the app
        expect(page.frame_locator("iframe").locator("#root")).to_be_attached()
        assert urlparse(page.main_frame.child_frames[0].url).path == "/glossary"
    finally:
        context.close()


def test_a_long_share_link_opens_through_nginx(tab: Tab) -> None:
    """A ~90 KB share link: through nginx, drawn, its whole sentence in the box."""
    text = parse_qs(share_query(LONG_LINK))["text"][0]
    tab.open("rows", {"text": text})
    expect(tab.page.get_by_test_id("stSidebar").get_by_label(en("sentence"))).to_have_value(text)


# ---- 4. request limits ----------------------------------------------------------------------


def test_request_limits(proxy: Nginx) -> None:
    query = share_query(LONG_LINK)
    assert 0.95 * LONG_LINK < len(query) < 1.05 * LONG_LINK
    answer = fetch(f"{proxy.url}/rows?{query}")
    assert answer.status == 200 and '<div id="root">' in answer.body

    host = urlparse(proxy.url).netloc
    for refused, status, host_read in (
        (fetch(f"{proxy.url}/rows?{share_query(TOO_LONG)}"), 414, None),  # Host never read
        (fetch(f"{proxy.url}/rows", headers={"X-Filler": "x" * TOO_LONG}), 400, host),  # after Host
        (fetch(f"{proxy.url}/_stcore/health", data=b"x" * 64_000), 413, host),
    ):
        assert refused.status == status, (refused.status, status)
        assert "<center>nginx</center>" in refused.body, "refused by nginx, not by the app"
        check_headers(refused, host_read)
