"""The site's front door: its root address opens the welcome lesson, in the site's language.

JupyterLite's own root page sends the browser to an empty JupyterLab (its ``appUrl``). The kit replaces
it with a page that goes straight to ``lab/index.html?path=notebooks/[<lang>/]00-welcome.ipynb``
(script, then a ``<meta>`` refresh, then a plain link if neither runs). The page keeps JupyterLite's
empty ``jupyter-config-data`` block marked as the site's root: every app page of the site reads its
configuration from the pages above it, this one included.

>>> welcome_path("fi")
'notebooks/fi/00-welcome.ipynb'
>>> 'lab/index.html?path=notebooks/00-welcome.ipynb' in front_door_html("en")
True
"""

from __future__ import annotations

import html
import json
from pathlib import Path

from ..course_files import WELCOME
from ..i18n import _, using_language
from .process import SiteError

__all__ = ["front_door_html", "welcome_path", "write_front_door"]


def welcome_path(lang: str = "en") -> str:
    """The welcome lesson's path in the site for the course in ``lang``."""
    return f"notebooks/{WELCOME}" if lang == "en" else f"notebooks/{lang}/{WELCOME}"


def front_door_html(lang: str = "en") -> str:
    """The root page of a site whose language is ``lang``: it opens that language's welcome lesson."""
    target = f"lab/index.html?path={welcome_path(lang)}"
    with using_language(lang):
        title = _("Backgammon: the course")
        link = _("Open the welcome lesson")
    return f"""<!DOCTYPE html>
<html lang="{html.escape(lang)}">
  <head>
    <meta charset="utf-8">
    <title>{html.escape(title)}</title>
    <!-- JupyterLite's configuration root: the site's app pages read it (it stays empty). -->
    <script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">
      {{}}
    </script>
    <script>
      (function () {{
        var here = window.location.pathname.replace(/index\\.html$/, "");
        if (here.charAt(here.length - 1) !== "/") here += "/";
        window.location.replace(here + {json.dumps(target)});
      }})();
    </script>
    <meta http-equiv="refresh" content="0; url={html.escape(target)}">
  </head>
  <body>
    <p><a href="{html.escape(target)}">{html.escape(link)}</a></p>
  </body>
</html>
"""


def write_front_door(site: Path, lang: str = "en") -> Path:
    """Write the front door into the built ``site`` (replacing JupyterLite's root page); its path.
    :class:`SiteError` when the site does not hold the welcome lesson in ``lang``."""
    if not (site / "files" / welcome_path(lang)).is_file():  # JupyterLite serves the notebooks from files/
        raise SiteError(f"the site holds no {welcome_path(lang)}: its front door would open nothing")
    page = site / "index.html"
    page.write_text(front_door_html(lang), encoding="utf-8")
    return page
