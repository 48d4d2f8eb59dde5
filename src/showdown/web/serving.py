"""The web app on uvicorn, as ``showdown serve`` runs it: a limit on connections, timeouts for
a request's headers and body, and a Host check for the address it listens on (uvicorn is
imported only when a server is made, so the app itself needs FastAPI alone).

uvicorn has no timeout for reading a request, so a client that opens connections and sends
its headers a byte at a time (or never) would hold them for ever; :func:`timed_protocol`
gives uvicorn's h11 protocol a deadline for the head and one for the body of each request. It
also answers a request that is not valid HTTP/1.1 in JSON, naming the problem (uvicorn's own
answer is plain text), and refuses a head over the size limit however it arrives (h11 checks only
a head that is still incomplete).
"""

from __future__ import annotations

import asyncio
import errno
import http
import ipaddress
import json
import logging
import re
import socket
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Optional

from showdown import ShowdownError
from showdown.engine import first_start, message
from showdown.web.app import create_app
from showdown.web.settings import Settings

if TYPE_CHECKING:
    import uvicorn

LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "::1")
"""The names of this machine that only it can reach."""
EVERY_INTERFACE = {"": "every interface (IPv4 and IPv6)", "0.0.0.0": "every IPv4 interface",
                   "::": "every IPv6 interface"}


def check_port(port: int) -> int:
    """``port`` if it is a TCP port number (1 to 65535), else a :class:`ShowdownError`.

    >>> check_port(8000)
    8000
    """
    if isinstance(port, bool) or not isinstance(port, int) or not 1 <= port <= 65535:
        raise ShowdownError(f"--port must be a port number from 1 to 65535, got {port}")
    return port


def _bare(host: str) -> str:
    """A host as given to --host, without brackets around an IPv6 address."""
    host = host.strip()
    return host[1:-1] if host.startswith("[") and host.endswith("]") else host


def _is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _url(host: str, port: int) -> str:
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


Hosts = tuple[Optional[tuple[str, ...]], bool]


def allowed_hosts(host: str, extra: Iterable[str] = (), any_host: bool = False) -> Hosts:
    """The Host header names a server listening on ``host`` answers (``Settings.allowed_hosts``,
    ``Settings.allow_address_hosts``): for a loopback address, this machine's loopback names;
    for every interface (``""``, ``0.0.0.0``, ``::``), those, this machine's name and any IP
    address; for another address or name, that one. ``extra`` adds names; ``any_host`` turns
    the check off (None).

    >>> allowed_hosts("127.0.0.1")
    (('localhost', '127.0.0.1', '::1'), False)
    >>> allowed_hosts("192.168.1.5", ["poker.lan"])
    (('192.168.1.5', 'poker.lan'), False)
    """
    if any_host:
        return None, False
    host = _bare(host)
    names: list[str]
    if host in EVERY_INTERFACE:
        names, addresses = [*LOOPBACK_HOSTS, socket.gethostname()], True
    elif _is_loopback(host):
        names, addresses = list(LOOPBACK_HOSTS), False
    else:
        names, addresses = [host], False
    for name in extra:
        if name.lower() not in (known.lower() for known in names):
            names.append(name)
    return tuple(names), addresses


def bind(host: str, port: int) -> list[socket.socket]:
    """Listening sockets for ``host`` and ``port``, bound before anything is announced: one for
    each address the host name has (``localhost``: 127.0.0.1 and ::1; every interface, ``""``:
    one per address family), leaving out an address family or address this machine does not
    have. A port in use (or one that needs privileges) is a :class:`ShowdownError` that says how
    to choose another; port 0 picks one free port for every address.

    >>> sockets = bind("127.0.0.1", 0)
    >>> [listener.getsockname()[0] for listener in sockets]
    ['127.0.0.1']
    >>> for listener in sockets:
    ...     listener.close()
    """
    try:
        infos = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as error:
        raise ShowdownError(f"cannot listen on --host {host!r}: {error.strerror}") from None
    addresses = list(dict.fromkeys((family, kind, protocol, str(address[0])) for family, kind, protocol, _, address
                                   in infos))
    sockets: list[socket.socket] = []
    missing: Optional[OSError] = None
    try:
        for family, kind, protocol, where in addresses:
            chosen = sockets[0].getsockname()[1] if sockets and port == 0 else port  # port 0: one free port for all
            try:
                listener = socket.socket(family, kind, protocol)
            except OSError as error:  # an address family this machine has no support for
                missing = error
                continue
            sockets.append(listener)
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6 and hasattr(socket, "IPPROTO_IPV6"):
                listener.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            try:
                listener.bind((where, chosen))
            except OSError as error:
                if error.errno in (errno.EADDRNOTAVAIL, errno.EAFNOSUPPORT):  # ::1 on a machine without IPv6
                    sockets.pop().close()
                    missing = error
                    continue
                raise ShowdownError(_bind_problem(host, port, error)) from None
            listener.listen(2048)
            listener.set_inheritable(True)
        if not sockets:
            raise ShowdownError(_bind_problem(host, port, missing or OSError(errno.EADDRNOTAVAIL, "no address")))
    except BaseException:
        for listener in sockets:
            listener.close()
        raise
    return sockets


def _bind_problem(host: str, port: int, error: OSError) -> str:
    where = _url(host or "0.0.0.0", port)
    if error.errno == errno.EADDRINUSE:
        return (f"cannot listen on {where}: port {port} is in use by another program; choose another port with"
                f" --port (make run PORT={port + 1 if port < 65535 else 8001})")
    if error.errno == errno.EACCES:
        return f"cannot listen on {where}: port {port} needs administrator rights; choose a port above 1023 with --port"
    return f"cannot listen on {where}: {error.strerror}"


def banner(host: str, port: int, settings: Settings) -> str:
    """What ``showdown serve`` says when it starts: where it listens, the URL to open, and the
    host names it answers."""
    host = _bare(host)
    if host in EVERY_INTERFACE:
        local = "::1" if host == "::" else "127.0.0.1"
        lines = [f"showdown web app listening on {EVERY_INTERFACE[host]}, port {port}",
                 f"open {_url(local, port)} here, or http://<this machine's address>:{port}/ from another machine"]
    else:
        lines = [f"showdown web app on {_url(host, port)}" + (" (this machine only)" if _is_loopback(host) else "")]
    if settings.allowed_hosts is None:
        lines.append("it answers requests for any host name")
    else:
        names = ", ".join(settings.allowed_hosts) + (" or an IP address" if settings.allow_address_hosts else "")
        lines.append(f"it answers requests for {names} (--allow-host NAME adds a name)")
    lines.append("API docs at /docs; Ctrl+C stops it")
    return "\n".join(lines)


async def _busy(send: Any, most: int) -> None:
    """The 503 of a request on a connection over the limit of ``most`` at once, in JSON."""
    body = json.dumps({"detail": f"the server is busy: it serves {most} connections at once; try again"}).encode()
    await send({"type": "http.response.start", "status": 503,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body, "more_body": False})


LINGER_SECONDS = 2.0
"""After refusing a request it could not read, the server reads on (and drops) what the client
still sends for this long before it closes, so that the client gets the answer rather than a reset."""
_HEAD_END = re.compile(rb"\n\r?\n")


def _answer(status: int, detail: str) -> bytes:
    """A whole HTTP/1.1 response that closes the connection: ``{"detail": detail}`` with ``status``."""
    body = json.dumps({"detail": detail}).encode()
    return (b"HTTP/1.1 %d %s\r\ncontent-type: application/json\r\ncontent-length: %d\r\nconnection: close\r\n\r\n"
            % (status, http.HTTPStatus(status).phrase.encode(), len(body)) + body)


def timed_protocol(head_timeout: float, body_timeout: float, max_head: int = 16_384) -> type[asyncio.Protocol]:
    """uvicorn's h11 protocol with a deadline for each request's head (its request line and
    headers, counted from when the connection opens, or from the first byte of a request after
    a keep-alive wait) and another for its body (from the end of the head). A request late for
    either is answered with 408, if it has sent anything, and its connection closed. A head over
    ``max_head`` bytes is answered with 431, any other request h11 cannot read with 400 (or h11's
    501) naming the problem, in JSON; the connection then drains for :data:`LINGER_SECONDS` and
    closes."""
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class Connection(h11.Connection):
        """h11's connection, which keeps the problem of a request it cannot read and refuses a
        head over ``max_head`` bytes even when the whole of it is in."""

        problem: Optional[h11.RemoteProtocolError] = None

        def next_event(self) -> Any:
            try:
                if self.their_state is h11.IDLE:
                    buffered = self.trailing_data[0]
                    end = _HEAD_END.search(buffered)
                    if (len(buffered) if end is None else end.end()) > max_head:
                        raise h11.RemoteProtocolError(f"the request line and headers are over the limit of"
                                                      f" {max_head:,} bytes", error_status_hint=431)
                return super().next_event()
            except h11.RemoteProtocolError as error:
                self.problem = error
                raise

    class TimedH11Protocol(H11Protocol):
        _read_timer: Optional[asyncio.TimerHandle] = None
        _reading = ""  # "head", "body", or "" when nothing is owed (or keep-alive watches)
        _draining = False  # a request was refused: what the client still sends is dropped

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.conn = Connection(h11.SERVER, max(max_head, self.config.h11_max_incomplete_event_size or 0))
            # uvicorn's connection limit, checked as uvicorn does but answered in JSON (uvicorn's
            # own 503 is plain text): the request's task is already counted when the app runs.
            limit, self.limit_concurrency = self.limit_concurrency, None
            app = self.app

            async def limited(scope: Any, receive: Any, send: Any) -> None:
                if limit is not None and (len(self.connections) >= limit or len(self.tasks) > limit):
                    self.logger.warning("Exceeded concurrency limit.")
                    await _busy(send, limit - 1)
                else:
                    await app(scope, receive, send)

            self.app = limited

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)  # type: ignore[arg-type]
            self._watch()

        def data_received(self, data: bytes) -> None:
            if self._draining:
                return
            super().data_received(data)
            self._watch()

        def send_400_response(self, msg: str) -> None:
            """uvicorn's answer to a request h11 cannot read, in JSON with the problem named; the
            connection then drains and closes."""
            problem = self.conn.problem if isinstance(self.conn, Connection) else None
            status = problem.error_status_hint if problem is not None else 400
            reason = str(problem) if problem is not None else msg
            detail = (f"the request line and headers are over the limit of {max_head:,} bytes" if status == 431
                      else f"the request is not valid HTTP/1.1: {reason}")
            if self.cycle is None or not self.cycle.response_started:
                self.transport.write(_answer(status, detail if len(detail) <= 200 else detail[:200] + "…"))
            if self.cycle is not None:
                self.cycle.keep_alive = False
                self.cycle.disconnected = True
            self._drain()

        def _drain(self) -> None:
            """Stop reading requests; close once the client has closed (asyncio closes on its end of
            file), or after LINGER_SECONDS."""
            self._draining = True
            self._stop_timer()
            self._unset_keepalive_if_required()
            if self.transport.can_write_eof():
                self.transport.write_eof()
            self.loop.call_later(LINGER_SECONDS, self.transport.close)

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._watch()

        def connection_lost(self, exc: Optional[Exception]) -> None:
            self._stop_timer()
            super().connection_lost(exc)

        def _stop_timer(self) -> None:
            if self._read_timer is not None:
                self._read_timer.cancel()
                self._read_timer = None

        def _watch(self) -> None:
            """Start, keep or stop the read deadline for what the client owes now."""
            state = self.conn.their_state
            if self.transport.is_closing() or self._draining:
                owed = ""
            elif state is h11.SEND_BODY:
                owed = "body"
            elif state is h11.IDLE and self.timeout_keep_alive_task is None:
                owed = "head"
            else:
                owed = ""
            if owed == self._reading:
                return
            self._stop_timer()
            self._reading = owed
            if owed:
                seconds = head_timeout if owed == "head" else body_timeout
                self._read_timer = self.loop.call_later(seconds, self._expired, owed, seconds)

        def _expired(self, owed: str, seconds: float) -> None:
            self._read_timer = None
            if self.transport.is_closing():
                return
            self.logger.warning("request %s not complete within %g s: connection closed", owed, seconds)
            if (owed == "head" and self.conn.trailing_data[0]) or (owed == "body" and not self.cycle.response_started):
                body = b'{"detail":"the request was not complete within %g seconds"}' % seconds
                self.transport.write(b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\n"
                                     b"content-length: %d\r\nconnection: close\r\n\r\n%s" % (len(body), body))
            if self.cycle is not None:
                self.cycle.keep_alive = False
            self.transport.close()

    return TimedH11Protocol


def server_config(app: Any, host: str, port: int, settings: Settings, log_level: str = "info") -> uvicorn.Config:
    """The uvicorn configuration of ``showdown serve`` for ``app`` and ``settings``: h11 with
    the read deadlines, the connection limit, keep-alive and shutdown timeouts, no websockets."""
    import uvicorn

    return uvicorn.Config(
        app, host=_bare(host), port=port, log_level=log_level,
        http=timed_protocol(settings.head_timeout, settings.body_timeout, settings.max_head_bytes),
        ws="none",  # the app has no websockets
        limit_concurrency=settings.max_connections + 1,  # uvicorn counts the connection asking too
        timeout_keep_alive=settings.keep_alive_timeout,  # type: ignore[arg-type]
        timeout_graceful_shutdown=settings.shutdown_timeout,  # type: ignore[arg-type]
        h11_max_incomplete_event_size=settings.max_head_bytes,
    )


class _QuietStart(logging.Filter):
    """Drops uvicorn's "Uvicorn running on http://:8000" line: the banner says it truthfully."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith("Uvicorn running on")


def serve(host: str = "127.0.0.1", port: int = 8000, allow_hosts: Iterable[str] = (), allow_any_host: bool = False,
          settings: Optional[Settings] = None, announce: Callable[[str], Any] = print) -> None:
    """Run the web app on ``host`` and ``port`` until Ctrl+C, with the connection limits and
    timeouts of ``settings`` and a Host check for ``host`` (see :func:`allowed_hosts`).
    ``announce`` gets the banner. A bad port or an unknown host is a :class:`ShowdownError`."""
    check_port(port)
    bare = _bare(host)
    names, addresses = allowed_hosts(host, allow_hosts, allow_any_host)
    settings = replace(settings or Settings(), allowed_hosts=names, allow_address_hosts=addresses)
    config = server_config(create_app(settings), host, port, settings)
    sockets = bind(bare, port)
    announce(banner(host, port, settings))
    if settings.warm_up and first_start():
        announce(message("preparing"))
    import uvicorn

    quiet = _QuietStart()
    logging.getLogger("uvicorn.error").addFilter(quiet)
    try:
        uvicorn.Server(config).run(sockets=sockets)
    finally:
        for listener in sockets:
            listener.close()
        logging.getLogger("uvicorn.error").removeFilter(quiet)
