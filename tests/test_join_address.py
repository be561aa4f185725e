"""The students' join address (live_class/join_address.py): where its base comes from, what counts
as this machine only, and the link itself."""

import subprocess
import sys
from urllib.parse import urlsplit

import pytest

from live_class import join_address
from live_class.connection import from_this_machine
from live_class.join_address import (
    is_local,
    join_url,
    network_address,
    public_base,
    secrets_url,
    valid_base,
)

ENV = "https://class.example.org/attention/"
SECRETS = "https://school.example.net/"
BROWSER = "http://192.168.1.4:8501/class?tk=teacher-secret&code=ABCD"


def test_env_before_secrets_before_browser():
    assert public_base(ENV, SECRETS, BROWSER) == ENV
    assert public_base(None, SECRETS, BROWSER) == SECRETS
    assert public_base(None, None, BROWSER) == "http://192.168.1.4:8501/"
    assert public_base("", "  ", BROWSER) == "http://192.168.1.4:8501/"  # empty = not set


@pytest.mark.parametrize(
    "bad",
    [
        "ftp://x",
        "not a url",
        "http://",
        "https:///path-only",
        "javascript:alert(1)",
        "http://host:99999/",
        "http://user:pw@host/",
    ],
)
def test_bad_configured_value_falls_back_to_the_next(bad):
    assert valid_base(bad) is None
    assert public_base(bad, SECRETS, BROWSER) == SECRETS
    assert public_base(None, bad, BROWSER) == "http://192.168.1.4:8501/"
    assert public_base(bad, bad, BROWSER) == "http://192.168.1.4:8501/"


def test_query_and_fragment_stripped_path_kept():
    got = public_base("https://Class.Example.org/attention?x=1#top", None, BROWSER)
    assert got == "https://Class.Example.org/attention/"
    assert public_base("HTTP://host:8080", None, BROWSER) == "http://host:8080/"


def test_browser_address_loses_its_page_and_teacher_key():
    base = public_base(None, None, BROWSER)
    assert "tk" not in base and "teacher-secret" not in base and "/class" not in base


def test_no_browser_address_falls_back_to_localhost():
    assert public_base(None, None, "") == join_address.FALLBACK_BASE
    assert public_base(None, None, None) == join_address.FALLBACK_BASE


def test_local_browser_address_replaced_by_the_network_one():
    lan = "http://192.168.1.4:8501/"
    assert public_base(None, None, "http://localhost:8501/class", lan) == lan
    assert public_base(None, None, "http://localhost:8501/class", None) == "http://localhost:8501/"
    assert public_base(None, None, "http://10.0.0.7:8501/class", lan) == "http://10.0.0.7:8501/"
    assert public_base(ENV, None, "http://localhost:8501/", lan) == ENV  # configured wins


@pytest.mark.parametrize(
    "url",
    [
        "http://localhost:8501/",
        "localhost",
        "http://LOCALHOST/",
        "http://127.0.0.1:8501/class",
        "http://127.0.0.5/",
        "127.0.0.5",
        "http://[::1]:8501/",
        "::1",
        "http://0.0.0.0:8501/",
        "0.0.0.0",
        "http://app.localhost/",
    ],
)
def test_local_addresses(url):
    assert is_local(url)


@pytest.mark.parametrize(
    "url",
    [
        "http://192.168.1.4:8501/",
        "192.168.1.4",
        "http://10.0.0.7/",
        "https://class.example.org/attention/",
        "http://[fe80::1]/",
        "http://[::1",  # broken, not local
    ],
)
def test_not_local_addresses(url):
    assert not is_local(url)


def test_join_url_as_the_class_page_made_it():
    base = public_base(None, None, BROWSER)
    assert join_url(base, "", "ABCD") == "http://192.168.1.4:8501/join?code=ABCD"
    assert join_url(base, None, "ABCD") == "http://192.168.1.4:8501/join?code=ABCD"
    got = join_url(base, "/attention/", "ABCD")
    assert got == "http://192.168.1.4:8501/attention/join?code=ABCD"


def test_join_url_keeps_the_base_path():
    assert join_url(ENV, "", "ABCD") == "https://class.example.org/attention/join?code=ABCD"
    # Streamlit's baseUrlPath named by the public address too: not twice
    assert (
        join_url(ENV, "attention", "ABCD") == "https://class.example.org/attention/join?code=ABCD"
    )
    got = join_url("https://school.example.net/courses/", "attention", "ABCD")
    assert got == "https://school.example.net/courses/attention/join?code=ABCD"


def test_join_url_quotes_the_code():
    got = join_url(SECRETS, "", "A B&C=D")
    assert urlsplit(got).query == "code=A%20B%26C%3DD"


def test_secrets_section():
    assert secrets_url({"class": {"public_url": SECRETS}}) == SECRETS
    assert secrets_url({"class": {}}) is None
    assert secrets_url({"connections": {"classroom": {"url": "sqlite://"}}}) is None
    assert secrets_url({"class": "not a table"}) is None


def test_no_secrets_file():
    class NoFile(dict):  # st.secrets without .streamlit/secrets.toml
        def get(self, *args):
            raise FileNotFoundError("no secrets.toml")

    assert secrets_url(NoFile()) is None


def test_network_address_is_none_or_an_http_base_with_the_port():
    got = network_address(8765)
    if got is not None:
        parts = urlsplit(got)
        assert (parts.scheme, parts.port, parts.path) == ("http", 8765, "/")
        assert not is_local(got)


def test_network_address_falls_back_to_the_host_name(monkeypatch):
    monkeypatch.setattr(join_address, "_routed_ip", lambda: None)
    monkeypatch.setattr(join_address, "_hostname_ip", lambda: "192.168.1.4")
    assert network_address(8501) == "http://192.168.1.4:8501/"
    monkeypatch.setattr(join_address, "_hostname_ip", lambda: "127.0.1.1")  # Debian's own name
    assert network_address(8501) is None
    monkeypatch.setattr(join_address, "_hostname_ip", lambda: None)
    assert network_address(8501) is None


def test_network_address_refuses_a_bad_port():
    with pytest.raises(ValueError, match="port"):
        network_address(0)


def test_names_match_the_class_pages():
    from app_pages import join
    from live_class.connection import CODE

    assert (join_address.JOIN_PAGE, join_address.CODE_PARAM) == (join.SPEC.url_path, CODE)


def test_no_streamlit_import():
    code = "import sys, live_class.join_address; print('streamlit' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd="."
    )
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize(
    ("peer", "local"),
    [
        ("127.0.0.1", True),
        ("127.0.0.5", True),
        ("::1", True),
        ("::ffff:127.0.0.1", True),  # nginx on 127.0.0.1 as a server listening on :: sees it
        ("", True),
        ("10.0.0.7", False),
        ("::ffff:10.0.0.7", False),
        ("2001:db8::1", False),
        ("fe80::1%eth0", False),
        ("not an address", False),
    ],
)
def test_a_proxy_on_this_machine_is_known_however_it_is_written(peer: str, local: bool) -> None:
    """Only a connection from this machine may name the phone's address in X-Forwarded-For;
    an IPv4 loopback written as IPv6 is this machine too (else every phone behind nginx was
    one address, and the 61st was refused)."""
    assert from_this_machine(peer) is local
