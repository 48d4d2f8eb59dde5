"""Pure ASGI middleware: a request body size limit (413) and a check of the Host header (400)."""

from __future__ import annotations

import ipaddress
import json
from collections.abc import Iterable
from typing import Any

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


def host_name(header: str) -> str:
    """The host of a Host header, without its port, brackets or final dot, in lower case.

    >>> host_name("[::1]:8000"), host_name("LocalHost.:80"), host_name("example.com")
    ('::1', 'localhost', 'example.com')
    """
    host = header.strip().lower()
    if host.startswith("["):  # an IPv6 address: [::1]:8000
        host = host[1:].partition("]")[0]
    elif host.count(":") == 1:
        host = host.partition(":")[0]
    return host.rstrip(".")


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
        self.names = list(dict.fromkeys(host_name(entry) for entry in allowed if not entry.startswith("*.")))
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
        if self.allows(host):
            await self.app(scope, receive, send)
            return
        if not header:
            message = "a request needs a Host header"
        else:
            allowed = self.names + [f"*{suffix}" for suffix in self.suffixes]
            message = (f"this server does not answer to the host {host!r} (it answers to"
                       f" {', '.join(allowed) or 'no name'}{' or an IP address' if self.addresses else ''});"
                       " showdown serve --allow-host NAME adds a name")
        body = json.dumps({"detail": message}).encode()
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
            return
        await send({"type": "http.response.start", "status": 400,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})
