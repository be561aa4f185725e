"""A Streamlit 1.67 client without a browser: the protobuf messages the frontend exchanges over
/_stcore/stream (the server itself: tools/server.py).

What the frontend does, and so this client: open the websocket with the `streamlit`
subprotocol, send a BackMsg `rerun_script` (a ClientState with the query string, the page and
the widget values), read ForwardMsgs until `script_finished`. A "view" is one such round.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import time
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any, TypeVar
from urllib.parse import parse_qs, urlencode

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

# tests/test_parts.py and tests/test_page_switch.py import the launcher from here

T = TypeVar("T")

_FINISHED_EARLY = ForwardMsg.ScriptFinishedStatus.FINISHED_EARLY_FOR_RERUN


@dataclass
class View:
    """What one script run sent back."""

    seconds: float  # wall time from sending rerun_script to script_finished
    status: int  # ForwardMsg.ScriptFinishedStatus
    exceptions: list[str]  # st.exception elements (tracebacks shown on the page)
    query_string: str  # the link the app wrote (page_info_changed), "" if none
    page_not_found: bool
    n_bytes: int  # serialized ForwardMsgs received
    payload: bytes = field(repr=False)  # every ForwardMsg of the run, concatenated

    @property
    def ok(self) -> bool:
        return not self.exceptions and not self.page_not_found

    def used(self, sentence: str) -> bool:
        """Whether the run used `sentence`: the link the app wrote from the run holds it. (A
        page need not send a typed sentence back as one string: the box the user typed in is
        not re-sent, and the input page shows only its tokens.)"""
        return sentence in parse_qs(self.query_string).get("text", [])

    def check(self, what: str, sentence: str | None = None) -> View:
        """This view, if the page ran without an exception (and showed `sentence`, if given)."""
        if not self.ok:
            raise RuntimeError(f"{what}: {self.exceptions or 'page not found'}")
        if sentence is not None and not self.used(sentence):
            raise RuntimeError(f"{what}: the page did not show the sentence {sentence!r}")
        return self


class Session:
    """One websocket session: what one browser tab is to the server."""

    def __init__(
        self,
        ws_url: str,
        timeout: float = 300,
        cookie: str | None = None,
        forwarded_for: str | None = None,
        local_address: str | None = None,
    ) -> None:
        self.ws_url = ws_url
        self.timeout = timeout
        self.cookie = cookie  # a Cookie header, e.g. nginx's sticky `attention_route=...`
        # an X-Forwarded-For header, as nginx on this machine sends: the client address the
        # app's limits count (live_class/connection.client_address), so simulated phones can
        # come from a network each, or a flood from one
        self.forwarded_for = forwarded_for
        # the address this end connects from (any of 127.0.0.0/8 on loopback): a proxy in front
        # (nginx) then sees a phone of its own network, as it would each phone of a class
        self.local_address = local_address
        self.ws: websockets.ClientConnection | None = None
        self.widget_ids: dict[str, str] = {}  # user key -> widget id, from the last run
        self.fragments: dict[str, str] = {}  # user key -> id of the fragment drawing it
        self.options: dict[str, list[str]] = {}  # user key -> a radio's or selectbox's options
        # fragment id -> the element types it drew (a fragment without widgets, such as a timed
        # live part, is found by what it draws)
        self.fragment_elements: dict[str, set[str]] = {}

    async def __aenter__(self) -> Session:
        await self.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def open(self) -> None:
        self.ws = await websockets.connect(
            self.ws_url,
            subprotocols=["streamlit"],
            max_size=None,
            open_timeout=self.timeout,
            **({"local_addr": (self.local_address, 0)} if self.local_address else {}),
            additional_headers={
                name: value
                for name, value in (
                    ("Cookie", self.cookie),
                    ("X-Forwarded-For", self.forwarded_for),
                )
                if value
            },
        )

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
            self.ws = None

    async def view(self, *args: Any, **kwargs: Any) -> View:
        """One script run as the browser does it: `send(...)`, then `receive`."""
        return await self.receive(await self.send(*args, **kwargs))

    async def send(
        self,
        page: str = "",
        params: dict[str, str] | None = None,
        widgets: dict[str, str | int] | None = None,
        triggers: tuple[str, ...] = (),
        fragment: bool | str = False,
        auto_rerun: bool = False,
    ) -> float:
        """Ask for a run of `page` (url path, "" = default page); return the send time.

        `params` is the link's query string; `widgets` sets text widgets (selectboxes by their
        option's label) and integer inputs by their key; `triggers` presses buttons by their
        key (each widget must have been drawn in an earlier run of this session). `fragment`:
        the widgets are in a fragment (st.fragment), which the browser then re-runs alone; a
        fragment id instead re-runs that fragment. `auto_rerun`: the run a `run_every` timer
        asks for (the browser sends the fragment's id and no change).
        """
        assert self.ws is not None, "session not open"
        msg = BackMsg()
        state = msg.rerun_script
        state.query_string = urlencode(params or {})
        state.page_name = page
        state.context_info.url = f"http://127.0.0.1/{page}" + (
            f"?{state.query_string}" if state.query_string else ""
        )
        state.context_info.locale = "en-US"
        state.context_info.timezone = "UTC"
        for key, value in (widgets or {}).items():
            ws = WidgetState(id=self.widget_ids[key])
            if isinstance(value, int):
                ws.int_value = value  # an integer number input
            else:
                ws.string_value = value
            state.widget_states.widgets.append(ws)
        for key in triggers:  # a button press, as the frontend sends it
            state.widget_states.widgets.append(
                WidgetState(id=self.widget_ids[key], trigger_value=True)
            )
        if isinstance(fragment, str):
            state.fragment_id = fragment
        elif fragment:
            first = next(iter((*(widgets or {}), *triggers)))
            state.fragment_id = self.fragments[first]
        state.is_auto_rerun = auto_rerun
        start = time.perf_counter()
        await self.ws.send(msg.SerializeToString())
        return start

    async def receive(self, start: float) -> View:
        """Read ForwardMsgs until a script_finished that is not 'finished early for rerun'."""
        assert self.ws is not None, "session not open"
        exceptions: list[str] = []
        query_string, not_found, chunks = "", False, []
        async with asyncio.timeout(self.timeout):
            while True:
                raw = await self.ws.recv()
                assert isinstance(raw, bytes)
                chunks.append(raw)
                fwd = ForwardMsg()
                fwd.ParseFromString(raw)
                kind = fwd.WhichOneof("type")
                if kind == "delta" and fwd.delta.WhichOneof("type") == "new_element":
                    element = fwd.delta.new_element
                    etype = element.WhichOneof("type")
                    if etype == "exception":
                        e = element.exception
                        exceptions.append(f"{e.type}: {e.message}")
                    elif etype is not None:
                        if fwd.delta.fragment_id:
                            drawn = self.fragment_elements.setdefault(fwd.delta.fragment_id, set())
                            drawn.add(etype)
                        proto = getattr(element, etype)
                        wid = getattr(proto, "id", "")
                        if isinstance(wid, str) and wid.startswith("$$ID-"):
                            key = wid.split("-", 2)[-1]
                            self.widget_ids[key] = wid
                            if fwd.delta.fragment_id:
                                self.fragments[key] = fwd.delta.fragment_id
                            if etype in ("radio", "selectbox"):
                                self.options[key] = list(proto.options)
                elif kind == "page_info_changed":
                    query_string = fwd.page_info_changed.query_string
                elif kind == "page_not_found":
                    not_found = True
                elif kind == "script_finished" and fwd.script_finished != _FINISHED_EARLY:
                    return View(
                        seconds=time.perf_counter() - start,
                        status=fwd.script_finished,
                        exceptions=exceptions,
                        query_string=query_string,
                        page_not_found=not_found,
                        n_bytes=sum(map(len, chunks)),
                        payload=b"".join(chunks),
                    )


async def fresh_view(
    ws_url: str,
    page: str = "",
    params: dict[str, str] | None = None,
    timeout: float = 300,
    cookie: str | None = None,
) -> View:
    """A new tab opening a link: new session, one run, closed."""
    async with Session(ws_url, timeout, cookie) as s:
        return await s.view(page, params)


def run_async(coro: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run(coro)`, also from a thread whose event loop is already running (pytest after
    the browser tests: Playwright's sync API keeps one open): then in a thread of its own."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()
