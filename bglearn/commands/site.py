"""``bglearn site``: build the course as a static website that runs in the browser (JupyterLite).

    bglearn site -o course-site                      # every lesson, exercise and the glossary
    bglearn site -o course-site --add my-class/      # plus a teacher's own notebooks
    bglearn site -o course-site --lang es            # its address opens the Spanish welcome lesson
    bglearn site -o course-site --serve --no-build   # try it on this computer: http://127.0.0.1:8000/

To publish it, copy the folder to any static web host; ``--serve`` listens on 127.0.0.1 only.

The build needs Python 3.12+ with the kit's ``site`` extra; see :mod:`bglearn.site`.

>>> from bglearn.cli import build_parser
>>> args = build_parser().parse_args(["site", "--output", "site"])
>>> args.command
'site'
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..i18n import LANGUAGES, _

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
    p.add_argument("--lang", choices=LANGUAGES, default="en",
                   help=_("the site's language: its address opens the welcome lesson in it (default: English)"))
    p.add_argument("--serve", action="store_true",
                   help=_("then serve the site on this computer only (127.0.0.1) until Ctrl+C"))
    p.add_argument("--port", type=int, default=8000, help=_("the port for --serve (default: 8000)"))
    p.add_argument("--no-build", action="store_true",
                   help=_("with --serve: serve the site already in DIR, without building it again"))
    p.set_defaults(func=_site)


def _serve(out: Path, port: int) -> int:
    from ..site.serve import make_server, site_address

    server = make_server(out, port)
    print(_("Serving {folder} at {address} (this computer only); stop with Ctrl+C.")
          .format(folder=out, address=site_address(server.server_address[1])), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


def _site(args: argparse.Namespace) -> int:
    from ..site import SiteError, build_site, check_build_tools

    out = Path(args.output)
    if out.exists() and not out.is_dir():
        raise SiteError(f"{out} exists and is not a folder")
    if args.no_build:
        if not args.serve:
            raise SiteError("--no-build only goes with --serve (serve the site already built in DIR)")
        return _serve(out, args.port)
    for path in args.add:
        if not Path(path).exists():
            raise SiteError(f"--add {path}: no such file or folder")
    check_build_tools()
    print(f"Building the course website in {out} (about a minute; the first build also fetches the "
          "Pyodide runtime with npm) ...", flush=True)
    report = build_site(out, add=args.add, force=args.force, lang=args.lang)
    print(report.summary())
    return _serve(out, args.port) if args.serve else 0
