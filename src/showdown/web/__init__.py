"""The web app: a JSON API (FastAPI, OpenAPI docs at /docs) and a page with card pictures.

Needs the ``web`` extra (``pip install 'showdown-poker[web]'``); ``showdown serve`` runs it through
:func:`serve` (uvicorn with connection limits, read timeouts and a Host check).
"""

from showdown.web.app import create_app
from showdown.web.serving import serve
from showdown.web.settings import Settings

__all__ = ["Settings", "create_app", "serve"]
