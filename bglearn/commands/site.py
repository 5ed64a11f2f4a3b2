"""``bglearn site``: build the course as a static website that runs in the browser (JupyterLite).

    bglearn site -o course-site                      # every lesson, exercise and the glossary
    bglearn site -o course-site --add my-class/      # plus a teacher's own notebooks
    python -m http.server -d course-site 8000        # serve it (or copy it to any static host)

The build needs Python 3.12+ with the kit's ``site`` extra; see :mod:`bglearn.site`.

>>> from bglearn.cli import build_parser
>>> args = build_parser().parse_args(["site", "--output", "site"])
>>> args.command
'site'
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..i18n import _

__all__ = ["register"]


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = subparsers.add_parser(
        "site",
        help=_("build the course as an offline website that runs in the browser (JupyterLite)"),
        description=_("Build every lesson, exercise and the glossary, with the kit preloaded, into a static "
        "website that runs in the browser with no install and nothing fetched from other sites."),
    )
    p.add_argument("--output", "-o", required=True, metavar="DIR",
                   help=_("the folder to write the site to (missing, empty, or an earlier site)"))
    p.add_argument("--add", action="append", default=[], metavar="PATH",
                   help=_("a teacher's own notebook or folder of notebooks to put on the site "
                        "(under my-notebooks/); may be repeated"))
    p.add_argument("--force", action="store_true",
                   help=_("replace DIR even if it is not empty and not an earlier site"))
    p.set_defaults(func=_site)


def _site(args: argparse.Namespace) -> int:
    from ..site import SiteError, build_site, check_build_tools

    out = Path(args.output)
    if out.exists() and not out.is_dir():
        raise SiteError(f"{out} exists and is not a folder")
    for path in args.add:
        if not Path(path).exists():
            raise SiteError(f"--add {path}: no such file or folder")
    check_build_tools()
    print(f"Building the course website in {out} (about a minute; the first build also fetches the "
          "Pyodide runtime with npm) ...", flush=True)
    report = build_site(out, add=args.add, force=args.force)
    print(report.summary())
    return 0
