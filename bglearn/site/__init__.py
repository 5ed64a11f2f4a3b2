"""The zero-install course website (``bglearn site``): the whole course as a static JupyterLite site that
runs in the browser, offline, with the kit preloaded.

The wing, one job per module:

- :mod:`~bglearn.site.build` — :func:`build_site`, the build from start to end, and its :class:`SiteReport`;
- :mod:`~bglearn.site.course` — which notebooks the site holds and how each is copied in;
- :mod:`~bglearn.site.tools` — what the build needs here (Python 3.12+, the ``site`` extra, Node.js) and
  the Pyodide runtime it copies in;
- :mod:`~bglearn.site.kit_wheel` — the kit's own wheel, from a clean copy of its sources;
- :mod:`~bglearn.site.extension` — the kit's JupyterLab extension (``kernel_start.js``): a link to a
  notebook starts its kernel while JupyterLab starts;
- :mod:`~bglearn.site.precompile` and :mod:`~bglearn.site.bytecode` (run inside Pyodide by
  ``bytecode.mjs``) — the browser Python's own bytecode for what a kernel start imports;
- :mod:`~bglearn.site.front_door` — the site's root page, which opens the welcome lesson in the site's language;
- :mod:`~bglearn.site.serve` — ``bglearn site --serve``: the built site on 127.0.0.1 only;
- :mod:`~bglearn.site.process` — :class:`SiteError` and how the build runs its tools.

The build needs the ``site`` extra (jupyterlite-core, jupyterlite-pyodide-kernel with its lock tools,
jupyter-server) on Python 3.12 or newer, Node.js (``node``), and ``npm`` the first time (the runtime is
then cached).

>>> from bglearn.site import course_notebooks, course_root
>>> [p.relative_to(course_root()).as_posix() for p in course_notebooks(course_root())][:2]
['notebooks/00-welcome.ipynb', 'notebooks/01-board-and-setup.ipynb']
"""

from __future__ import annotations

from .build import SiteReport, build_site
from .course import course_notebooks, course_root
from .extension import KERNEL_START_EXTENSION, kernel_start_extension
from .kit_wheel import build_kit_wheel, kit_source
from .process import SiteError
from .tools import check_build_tools

__all__ = ["KERNEL_START_EXTENSION", "SiteError", "SiteReport", "build_kit_wheel", "build_site", "check_build_tools",
           "course_notebooks", "course_root", "kernel_start_extension", "kit_source"]
