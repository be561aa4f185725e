"""What the app asks of the browser itself: no Referer sent to any address, and a cookie the
server chose (a class's student token, a teacher key), so neither sits in a page's address.

One constant script does both; what it writes comes in a data attribute, so its text (and its
hash, which deploy/nginx.conf and deploy/k8s.yaml allow in their Content-Security-Policy) never
changes. Streamlit 1.67 reads cookies (`st.context.cookies`) but cannot set one; a maintained
cookie component would add a package and a frontend build for these two lines.
"""

from __future__ import annotations

import base64
import hashlib
import html

import streamlit as st

# no "<" or "&" in it: its text is the same after HTML parsing, so its hash is
SCRIPT = (
    "(()=>{const s=document.currentScript;"
    'if(!document.querySelector("meta[name=referrer]")){'
    'const m=document.createElement("meta");m.name="referrer";m.content="no-referrer";'
    "document.head.appendChild(m)}"
    'const c=s?s.getAttribute("data-cookie"):"";'
    'if(c){document.cookie=c+(location.protocol==="https:"?"; Secure":"")}})()'
)
SCRIPT_HASH = "sha256-" + base64.b64encode(hashlib.sha256(SCRIPT.encode()).digest()).decode()
REFERRER_POLICY = "no-referrer"


def cookie_header(name: str, value: str, max_age: float) -> str:
    """A cookie for the whole app, sent only by the app's own pages (SameSite=Strict), and over
    HTTPS only when the page was opened over HTTPS (the script adds Secure then)."""
    return f"{name}={value}; Path=/; Max-Age={int(max_age)}; SameSite=Strict"


def run(cookie: str = "") -> None:
    """Draw the script (nothing shows): the page sends no Referer; `cookie`, when given (a
    `cookie_header`), is kept by the browser."""
    attribute = f' data-cookie="{html.escape(cookie)}"' if cookie else ""
    st.html(f"<script{attribute}>{SCRIPT}</script>", unsafe_allow_javascript=True)


def cookie(name: str) -> str:
    """A cookie the browser sent when this session began ("" when none)."""
    try:
        return str(st.context.cookies.get(name) or "")
    except Exception:  # no browser behind the session (AppTest)
        return ""
