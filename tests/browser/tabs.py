"""The tabs and browsers of one test worker, handed from test to test (the `contexts` fixture of
tests/browser/conftest.py)."""

from __future__ import annotations

import json

from playwright.sync_api import Browser, BrowserContext, Page

DEFAULT_TIMEOUT = 20_000  # ms: any single Playwright wait


class Contexts:
    """The browser contexts of one worker, one per set of options, kept for the whole session,
    and their tabs, handed from test to test.

    A test takes a tab (`page`) in the context its options ask for and hands it back
    (`release`) when done. A tab loads Streamlit's scripts from its context's cache: a fresh
    context fetches and compiles them again, about 1.3 s of CPU a load (measured: 1.9 s a first
    load against 0.6 s a load in a warm context). A new tab costs a renderer of its own, about
    0.9 s of CPU more than a load in a tab already open (measured: 6 loads in new tabs 18.5
    cpu-s, in one tab reset between them 13.4), and a CPU-bound browser pass opens ~250.

    A tab handed back is reset as a new one would be: its storage emptied (Streamlit keeps the
    sidebar's width and the theme in localStorage), its session ended by leaving for
    about:blank, its screen its context's own; one that cannot be reset is closed."""

    FRESH_TAB = """try {
        if (!sessionStorage.getItem("__tab")) {
            localStorage.clear();
            sessionStorage.setItem("__tab", "1");
        }
    } catch (e) {}  // a document without storage (about:blank, a refused frame)"""
    FORGET = """() => { try { localStorage.clear(); sessionStorage.clear(); } catch (e) {} }"""

    def __init__(self, chromium: Browser) -> None:
        self.chromium = chromium
        self.open: dict[str, BrowserContext] = {}
        self.spare: dict[str, list[Page]] = {}
        self.handed: dict[int, tuple[str, dict | None]] = {}  # id(tab) -> (key, its viewport)
        self.people: dict[str, list[Page]] = {}  # key -> first tabs of browsers handed back
        self.persons: dict[int, tuple[str, BrowserContext]] = {}  # id(context) -> key, context

    def page(self, *, init_script: str | None = None, **options: object) -> Page:
        """A tab in the context of these options (Browser.new_context's), and of
        `init_script`, run before the page's own scripts in each document: one handed back
        by an earlier test, or a new one."""
        key = json.dumps([init_script, options], sort_keys=True, default=str)
        if key not in self.open:
            context = self.chromium.new_context(**options)  # type: ignore[arg-type]
            context.set_default_timeout(DEFAULT_TIMEOUT)
            context.add_init_script(self.FRESH_TAB)
            if init_script:
                context.add_init_script(init_script)
            self.open[key] = context
            self.spare[key] = []
        spare = self.spare[key]
        page = spare.pop() if spare else self.open[key].new_page()
        self.handed[id(page)] = (key, page.viewport_size)
        return page

    def release(self, page: Page) -> None:
        """Hand a tab back: reset for the next test, or closed if it cannot be."""
        key, viewport = self.handed.pop(id(page), ("", None))
        if page.is_closed():
            return
        try:
            if not key:
                raise ValueError("not a tab of these contexts")
            page.evaluate(self.FORGET)
            page.unroute_all(behavior="ignoreErrors")
            page.goto("about:blank", timeout=5_000)
            if viewport and page.viewport_size != viewport:
                page.set_viewport_size(viewport)  # type: ignore[arg-type]
        except Exception:
            page.close()
            return
        self.spare[key].append(page)

    def person(self, *, init_script: str | None = None, **options: object) -> Page:
        """The first tab of a browser of its own, as a new person's (a student's phone): no
        cookies, no storage; one handed back by an earlier test (`leave`), or a new context
        of these options (Browser.new_context's) and `init_script`."""
        key = json.dumps([init_script, options], sort_keys=True, default=str)
        people = self.people.setdefault(key, [])
        if people:
            page = people.pop()
        else:
            context = self.chromium.new_context(**options)  # type: ignore[arg-type]
            context.set_default_timeout(DEFAULT_TIMEOUT)
            if init_script:
                context.add_init_script(init_script)
            page = context.new_page()
        self.persons[id(page.context)] = (key, page.context)
        return page

    def leave(self, page: Page) -> None:
        """Hand back the browser of `person`'s tab `page`: its other tabs closed, each tab's
        storage emptied, its cookies and permissions cleared, its first tab on about:blank at
        the context's screen; a browser that cannot be reset is closed."""
        context = page.context
        key, _ = self.persons.pop(id(context), ("", context))
        try:
            tabs = [tab for tab in context.pages if not tab.is_closed()]
            if not key or not tabs:
                raise ValueError("not a browser of these contexts")
            for tab in tabs:
                tab.evaluate(self.FORGET)
            for tab in tabs[1:]:
                tab.close()
            first = tabs[0]
            first.unroute_all(behavior="ignoreErrors")
            first.goto("about:blank", timeout=5_000)
            viewport = json.loads(key)[1].get("viewport")
            if viewport and first.viewport_size != viewport:
                first.set_viewport_size(viewport)
            context.clear_cookies()
            context.clear_permissions()
        except Exception:
            context.close()
            return
        self.people[key].append(first)

    def close(self) -> None:
        for context in self.open.values():
            context.close()
        for _, context in self.persons.values():
            context.close()
        for tabs in self.people.values():
            for tab in tabs:
                tab.context.close()
