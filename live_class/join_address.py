"""The address students open to join a class, one their phones can reach.

The base address comes from, in this order: CLASS_PUBLIC_URL (environment), `[class]
public_url` in .streamlit/secrets.toml, the address the teacher's browser used; when that one
is this machine's own (localhost), this machine's address on the local network instead, if the
caller found one (`network_address`). No Streamlit here: the class page reads the sources and
passes them in.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Mapping
from urllib.parse import quote, urlsplit, urlunsplit

ENV_VAR = "CLASS_PUBLIC_URL"
SECRETS_SECTION = "class"  # [class] public_url = "https://..." in .streamlit/secrets.toml
SECRETS_KEY = "public_url"
JOIN_PAGE = "join"  # the students' page: the url_path of app_pages/join
CODE_PARAM = "code"  # the join code's URL parameter: live_class.connection.CODE
FALLBACK_BASE = "http://localhost:8501/"  # no usable browser address (Streamlit's default port)
LOCAL_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"})
# A private address to "connect" a UDP socket to: connecting sends nothing, but makes the
# system pick the interface (and so the address) it would route through.
PROBE_ADDRESS = ("10.255.255.255", 1)


def valid_base(url: str | None) -> str | None:
    """`url` as a base address (http or https, with a host; no query or fragment; the path
    ending in "/"), or None when it is not one."""
    if not url or not url.strip():
        return None
    try:
        parts = urlsplit(url.strip())
        parts.port  # noqa: B018  (raises ValueError for a port that is not one)
    except ValueError:
        return None
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        return None
    if parts.username is not None or parts.password is not None:
        return None  # a password would be printed in the QR code
    path = parts.path if parts.path.endswith("/") else parts.path + "/"
    return urlunsplit((parts.scheme.lower(), parts.netloc, path, "", ""))


def public_base(
    env_url: str | None,
    secrets_url: str | None,
    browser_url: str | None,
    lan_url: str | None = None,
) -> str:
    """The base address students use: the first valid of `env_url`, `secrets_url` (both keep
    their path, e.g. "/attention/"), and the host of `browser_url` (its path is a page's, so it
    is dropped). When that host is this machine's own, `lan_url` (from `network_address`)
    instead, if given and valid."""
    for configured in (env_url, secrets_url):
        base = valid_base(configured)
        if base is not None:
            return base
    browser = valid_base(browser_url) or FALLBACK_BASE
    parts = urlsplit(browser)
    browser = urlunsplit((parts.scheme, parts.netloc, "/", "", ""))
    if is_local(browser):
        return valid_base(lan_url) or browser
    return browser


def secrets_url(secrets: Mapping[str, object]) -> str | None:
    """`public_url` of the `[class]` section of `secrets` (st.secrets), if there is one."""
    try:
        section = secrets.get(SECRETS_SECTION, {})
    except FileNotFoundError:  # st.secrets with no secrets file at all
        return None
    url = section.get(SECRETS_KEY) if isinstance(section, Mapping) else None
    return str(url) if url else None


def is_local(url: str) -> bool:
    """Whether `url` (or a bare host name or address) points at this machine only: localhost,
    127.x.x.x, ::1, or the "any" address 0.0.0.0 / ::."""
    text = url.strip()
    try:
        host = urlsplit(text if "//" in text else f"//{text}").hostname
    except ValueError:  # a bracket left open: "http://[::1"
        return False
    if host is None:  # a bare IPv6 address ("::1") is no host:port
        host = text.strip("[]").lower()
    if host in LOCAL_NAMES or host.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified


def network_address(port: int) -> str | None:
    """This machine's address on the local network as "http://IP:PORT/", or None when it has
    only a loopback address. Sends nothing."""
    if not 0 < port < 2**16:
        raise ValueError(f"port must be 1 to 65535, got {port}")
    ip = _routed_ip() or _hostname_ip()
    if ip is None or is_local(ip):
        return None
    return f"http://{ip}:{port}/"


def _routed_ip() -> str | None:
    """The address the system would send from to a private network (UDP connect: no packet)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(PROBE_ADDRESS)
            return str(s.getsockname()[0])
    except OSError:  # no route: no network at all
        return None


def _hostname_ip() -> str | None:
    try:
        return socket.gethostbyname(socket.gethostname())
    except OSError:
        return None


def join_url(base: str, base_path_prefix: str | None, code: str) -> str:
    """The students' page under `base` with ?code=CODE.

    `base_path_prefix` (Streamlit's server.baseUrlPath, e.g. "attention") goes between the
    base's own path and the page, unless the base's path already ends with it (a public
    address that names it)."""
    parts = urlsplit(valid_base(base) or FALLBACK_BASE)
    path = [part for part in parts.path.split("/") if part]
    prefix = [part for part in (base_path_prefix or "").split("/") if part]
    if prefix and path[-len(prefix) :] != prefix:
        path += prefix
    full = "/" + "/".join([*path, JOIN_PAGE])
    return urlunsplit((parts.scheme, parts.netloc, full, f"{CODE_PARAM}={quote(code)}", ""))
