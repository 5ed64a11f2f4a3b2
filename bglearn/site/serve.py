"""Serve a built site on this computer only, to try it: ``bglearn site -o DIR --serve``.

The server listens on 127.0.0.1, so nothing else on the network can reach it (``python -m http.server``,
which the site also works with, listens on every interface unless told ``-b 127.0.0.1``). To publish
the site, copy the folder to a web server or a static site host instead.

>>> site_address(8000)
'http://127.0.0.1:8000/'
"""

from __future__ import annotations

import functools
import http.server
from pathlib import Path
from typing import Any

from .process import SiteError

__all__ = ["HOST", "make_server", "site_address"]

HOST = "127.0.0.1"
"""The only interface the server listens on."""


def site_address(port: int) -> str:
    """The site's root address when served on ``port``."""
    return f"http://{HOST}:{port}/"


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Files from the site folder, without a log line per request (JupyterLite asks for hundreds)."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript"}

    def log_message(self, format: str, *args: Any) -> None:
        return


def make_server(site: Path, port: int) -> http.server.ThreadingHTTPServer:
    """An HTTP server for the built ``site`` on 127.0.0.1:``port`` (0: any free port; see
    ``server.server_address``); run it with ``serve_forever()``. :class:`SiteError` when ``site`` is not
    a built site or the port cannot be used."""
    if not (site / "jupyter-lite.json").is_file():
        raise SiteError(f"{site} is not a built site (it has no jupyter-lite.json): build it with bglearn site -o {site}")
    if not 0 <= port <= 65535:
        raise SiteError(f"--port must be 0-65535, got {port}")
    handler = functools.partial(_QuietHandler, directory=str(site))
    try:
        return http.server.ThreadingHTTPServer((HOST, port), handler)
    except OSError as exc:
        raise SiteError(f"can't serve the site on {HOST}:{port}: {exc.strerror or exc}") from None
