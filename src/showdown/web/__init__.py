"""The web app: a JSON API (FastAPI, OpenAPI docs at /docs) and a page with card pictures.

Needs the ``web`` extra (``pip install 'showdown[web]'``); ``showdown serve`` runs it.
"""

from showdown.web.app import create_app
from showdown.web.settings import Settings

__all__ = ["Settings", "create_app"]
