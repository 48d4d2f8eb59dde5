"""``showdown serve``: the web app on uvicorn (the ``web`` extra).

The command line and the web app import nothing of each other: the web app is reached by name,
as uvicorn reaches an app, through ``showdown.web.serve``.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Optional

import typer

from showdown import ShowdownError
from showdown.cli.output import console

WEB_PACKAGE = "showdown.web"
"""Where ``serve`` lives; it runs uvicorn with the web app's limits (``showdown.web.Settings``)."""


def serve_command(
    host: str = typer.Option("127.0.0.1", "--host",
                             help="Address to listen on: 127.0.0.1 (this machine only), an address of this machine,"
                                  " or 0.0.0.0, :: or '' for every interface."),
    port: int = typer.Option(8000, "--port", help="Port to listen on, 1 to 65535."),
    allow_host: Optional[list[str]] = typer.Option(
        None, "--allow-host", metavar="NAME",
        help="Also answer requests for this host name (repeatable); by default only the names of --host are"
             " answered, so that no other site's page can reach the server (DNS rebinding)."),
    allow_any_host: bool = typer.Option(False, "--allow-any-host",
                                        help="Answer requests whatever host name they give (no Host check)."),
) -> None:
    """Run the web app: the page at /, the JSON API at /api, its docs at /docs."""
    missing = [name for name in ("fastapi", "uvicorn") if importlib.util.find_spec(name) is None]
    if missing:
        raise ShowdownError(f"the web app needs the web extra: pip install 'showdown-poker[web]' ({', '.join(missing)}"
                            " not installed)")
    serve = importlib.import_module(WEB_PACKAGE).serve
    serve(host, port, allow_hosts=tuple(allow_host or ()), allow_any_host=allow_any_host,
          announce=lambda text: console.print(text, markup=False, highlight=False, soft_wrap=True))
