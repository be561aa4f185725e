"""A page under deploy/nginx.conf's headers: everything wrong the browser reports on the way.

Used by the pass over the pages (tests/browser/test_pages.py::test_every_page), whose hostile
link on every page in both languages goes through nginx with the deploy's config, and by
tests/browser/test_deploy_headers.py.
"""

from __future__ import annotations

import re
from urllib.parse import urlparse

from playwright.sync_api import ConsoleMessage, Page, Response

# Registered before any script of the page runs (an init script): every CSP violation.
CSP_LISTENER = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => window.__cspViolations.push(
    `${e.effectiveDirective} refused ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`
));
"""
ALL_DRAWN = """() => {
    const found = [...document.querySelectorAll("[data-testid='stVegaLiteChart']")];
    return found.length > 0 && found.every((chart) => chart.querySelector(".marks"));
}"""
# Streamlit's front end looks for its server under the page's own path first (/rows/_stcore/…)
PROBES = ("/_stcore/health", "/_stcore/host-config")


class Watch:
    """Records what the browser reports wrong on one tab: CSP violations (the tab's context
    runs CSP_LISTENER), script errors, refused requests."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.problems: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", self._error)
        page.on("response", self._response)

    def stop(self) -> None:
        """Stop listening (before the tab is handed to another test)."""
        self.page.remove_listener("console", self._console)
        self.page.remove_listener("pageerror", self._error)
        self.page.remove_listener("response", self._response)

    def _error(self, error: Exception) -> None:
        self.problems.append(f"script error: {error}")

    def _console(self, message: ConsoleMessage) -> None:
        if re.search(r"Content[ -]Security[ -]Policy", message.text):
            self.problems.append(f"console: {message.text}")

    def _response(self, answer: Response) -> None:
        probe = answer.status == 404 and urlparse(answer.url).path.endswith(PROBES)
        if answer.status >= 400 and not probe:
            self.problems.append(f"{answer.status} for {answer.url[:120]}")

    def clear(self) -> None:
        self.problems.clear()

    def check(self, where: str) -> None:
        """Nothing reported since the last `clear`."""
        violations = self.page.evaluate("window.__cspViolations")
        problems = [f"CSP: {v}" for v in violations] + self.problems
        assert not problems, f"{where}: {problems}"
