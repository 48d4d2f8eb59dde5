"""``showdown serve``: the web app on uvicorn (the ``web`` extra)."""

from __future__ import annotations

import importlib.util

import typer

from showdown import ShowdownError
from showdown.cli.output import console

APP_FACTORY = "showdown.web:create_app"


def serve_command(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on."),
    port: int = typer.Option(8000, "--port", help="Port to listen on."),
) -> None:
    """Run the web app: the page at /, the JSON API at /api, its docs at /docs."""
    missing = [name for name in ("fastapi", "uvicorn") if importlib.util.find_spec(name) is None]
    if missing:
        raise ShowdownError(f"the web app needs the web extra: pip install 'showdown[web]' ({', '.join(missing)}"
                            " not installed)")
    import uvicorn

    console.print(f"showdown web app on http://{host}:{port}/  (API docs: /docs, Ctrl+C stops it)")
    uvicorn.run(APP_FACTORY, factory=True, host=host, port=port, log_level="info")
