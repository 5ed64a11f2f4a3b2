"""``bglearn lessons``: open JupyterLab on the course's welcome notebook.

The lesson notebooks live in the repository next to the package (``notebooks/``, a sibling of the
``bglearn/`` folder), so they are found relative to ``bglearn.__file__``; ``--dir`` points elsewhere.
The server is started with the repository on ``PYTHONPATH`` so the notebooks' kernels import this
copy of the kit even when it is not installed.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path
from typing import Sequence

from ..errors import BglearnError

__all__ = ["register", "find_notebooks", "jupyter_command", "WELCOME"]

WELCOME = "00-welcome.ipynb"


def _package_root() -> Path:
    import bglearn

    return Path(bglearn.__file__).resolve().parent.parent


def find_notebooks(directory: str | Path | None = None) -> Path:
    """The folder holding the lesson notebooks (``<repository>/notebooks`` by default). Raises
    :class:`BglearnError`, saying what to do, when the welcome notebook is not there."""
    folder = Path(directory).expanduser().resolve() if directory else _package_root() / "notebooks"
    if not (folder / WELCOME).is_file():
        if directory:
            raise BglearnError(
                f"no lesson notebooks in {folder}: it has no {WELCOME}. Point --dir at the kit's "
                "notebooks/ folder."
            )
        raise BglearnError(
            f"the lesson notebooks were not found at {folder}. They ship with the bglearn repository, "
            "not with an installed package: clone the repository, run `pip install -e .` in it, and "
            "run `bglearn lessons` again (or pass --dir PATH/TO/notebooks)."
        )
    return folder


def jupyter_command(folder: Path, *, port: int | None = None, browser: bool = True,
                    extra: Sequence[str] = ()) -> list[str]:
    """The command line that starts JupyterLab on ``folder`` with the welcome notebook open."""
    cmd = [sys.executable, "-m", "jupyterlab", str(folder / WELCOME), f"--ServerApp.root_dir={folder}"]
    if port is not None:
        cmd.append(f"--port={port}")
    if not browser:
        cmd.append("--no-browser")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")  # Jupyter refuses to run as root without it
    cmd.extend(extra)
    return cmd


def _environment() -> dict[str, str]:
    env = dict(os.environ)
    root = str(_package_root())
    paths = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    if root not in paths:
        env["PYTHONPATH"] = os.pathsep.join([root, *paths])
    return env


def _lessons(args: argparse.Namespace) -> int:
    if args.port is not None and not 1 <= args.port <= 65535:
        raise BglearnError(f"--port must be 1-65535, got {args.port}.")
    folder = find_notebooks(args.dir)
    extra = list(args.jupyter_args or [])
    if extra and extra[0] == "--":
        extra = extra[1:]
    cmd = jupyter_command(folder, port=args.port, browser=not args.no_browser, extra=extra)
    if args.dry_run:
        print(" ".join(cmd))
        return 0
    try:
        import jupyterlab  # noqa: F401
    except ImportError:
        raise BglearnError("JupyterLab is not installed: pip install jupyterlab (or pip install -e . in the kit).") from None
    print(f"Opening the lessons in JupyterLab: {folder / WELCOME}", file=sys.stderr)
    print("Stop the server with Ctrl+C.", file=sys.stderr)
    return subprocess.call(cmd, env=_environment())


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "lessons",
        help="open the lesson notebooks in JupyterLab",
        description="Start JupyterLab on the course's welcome notebook (notebooks/00-welcome.ipynb).",
    )
    p.add_argument("--no-browser", action="store_true", help="start the server without opening a browser")
    p.add_argument("--port", type=int, default=None, help="the port for the server (default: Jupyter's, 8888)")
    p.add_argument("--dir", default=None, help="the folder holding the notebooks (default: the repository's)")
    p.add_argument("--dry-run", action="store_true", help="print the command instead of running it")
    p.add_argument("jupyter_args", nargs=argparse.REMAINDER,
                   help="after --, options passed on to JupyterLab")
    p.set_defaults(func=_lessons)
