"""Pure ASGI middleware: a request body size limit (413), a check of the Host header (400), and
HEAD answered as GET without the body."""

from __future__ import annotations

import ipaddress
import json
import re
from collections.abc import Iterable
from typing import Any

import anyio

from showdown.web.bodies import quoted

Scope = dict[str, Any]
Message = dict[str, Any]


class BodySizeLimit:
    """Read the body (at most ``limit`` bytes, whatever Content-Length says), then replay it."""

    def __init__(self, app: Any, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", [])).get(b"content-length", b"0")
        if declared.isdigit() and int(declared) > self.limit:
            await self._refuse(send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            if size > self.limit:
                await self._refuse(send)
                return
            if not message.get("more_body", False):
                break
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": b"".join(chunks), "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, send: Any) -> None:
        body = json.dumps({"detail": f"the request body is over the limit of {self.limit:,} bytes"}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


HOST = re.compile(r"(?:\[(?P<address>[0-9a-f:.]+)\]|(?P<name>[^\[\]:]*))(?::(?P<port>[0-9]{0,5}))?")
"""A Host header: a name or IPv4 address, or an IPv6 address in brackets, then an optional port."""


def host_name(header: str) -> str:
    """The host of a Host header, without its port, brackets or final dot, in lower case; ""
    when the header is no host (an unclosed bracket, a port that is not a number up to 65535).

    >>> host_name("[::1]:8000"), host_name("LocalHost.:80"), host_name("example.com")
    ('::1', 'localhost', 'example.com')
    >>> host_name("localhost:abc"), host_name("localhost:99999"), host_name("[::1")
    ('', '', '')
    """
    found = HOST.fullmatch(header.strip().lower())
    if found is None or (found["port"] and int(found["port"]) > 65535):
        return ""
    return (found["address"] or found["name"]).rstrip(".")


def is_address(host: str) -> bool:
    """Whether ``host`` is an IP address (v4 or v6) rather than a name."""
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


class TrustedHosts:
    """Answer only requests whose Host header names one of ``allowed`` (any port); others get 400.

    An entry ``"*.example.com"`` allows every subdomain of example.com, ``"*"`` any host;
    ``addresses`` also allows any IP address. This stops DNS rebinding: a page of another site
    whose name is made to resolve to this server still sends its own name as the Host.
    """

    def __init__(self, app: Any, allowed: Iterable[str], addresses: bool = False) -> None:
        self.app = app
        self.names = list(dict.fromkeys(entry.strip().lower().removeprefix("[").removesuffix("]").rstrip(".")
                                        for entry in allowed if not entry.startswith("*.")))
        self.suffixes = tuple(entry.lower()[1:] for entry in allowed if entry.startswith("*."))
        self.addresses = addresses

    def allows(self, host: str) -> bool:
        return ("*" in self.names or host in self.names or (bool(host) and host.endswith(self.suffixes))
                or (self.addresses and is_address(host)))

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        header = dict(scope.get("headers", [])).get(b"host", b"").decode("latin-1")
        host = host_name(header)
        if host and self.allows(host):
            await self.app(scope, receive, send)
            return
        if not header:
            message = "a request needs a Host header"
        elif not host:
            message = (f"the Host header {quoted(header)} is no host: a name or an address, then an optional port"
                       " from 0 to 65535 (an IPv6 address in brackets)")
        else:
            allowed = self.names + [f"*{suffix}" for suffix in self.suffixes]
            message = (f"this server does not answer to the host {quoted(host)} (it answers to"
                       f" {', '.join(allowed) or 'no name'}{' or an IP address' if self.addresses else ''});"
                       " showdown serve --allow-host NAME adds a name")
        body = json.dumps({"detail": message}).encode()
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
            return
        await send({"type": "http.response.start", "status": 400,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


class HeadAsGet:
    """HEAD is answered as GET without the body, on every path that takes GET (FastAPI's routes
    take GET alone): the app sees a GET with ``scope["showdown.head"]`` set; once the answer has
    begun, the app is told the client is gone, so an event stream ends at once too."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return
        answered = anyio.Event()
        gone: Message = {"type": "http.disconnect"}

        async def head_receive() -> Message:
            got: list[Message] = []
            async with anyio.create_task_group() as tasks:
                async def client() -> None:
                    got.append(await receive())
                    tasks.cancel_scope.cancel()

                async def answer() -> None:
                    await answered.wait()
                    got.append(gone)
                    tasks.cancel_scope.cancel()

                tasks.start_soon(client)
                tasks.start_soon(answer)
            return got[0]

        async def head_send(message: Message) -> None:
            if answered.is_set():
                return  # the head is sent: the body is dropped
            if message["type"] == "http.response.body":
                answered.set()
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)

        await self.app({**scope, "method": "GET", "showdown.head": True}, head_receive, head_send)
