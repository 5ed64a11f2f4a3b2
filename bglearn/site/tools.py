"""What the website build needs on this machine — Python 3.12+, the ``site`` extra, Node.js — and the
Pyodide runtime it copies into the site (the npm ``pyodide`` package, fetched once into a cache).

>>> lock = {"packages": {
...     "six": {"name": "six", "version": "1.17.0", "file_name": "six-1.17.0-py2.py3-none-any.whl"},
...     "numpy": {"name": "numpy", "version": "2.2.5", "file_name": "numpy-2.2.5-cp313-cp313-pyodide_2025_0_wasm32.whl"}}}
>>> pure_python_pins(lock)   # the pure-Python packages, pinned so that the site holds them itself
['six==1.17.0']
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

from ..extras import install_hint
from .process import Run, SiteError

__all__ = ["BUILD_PYTHON", "cache_dir", "check_build_tools", "find_node", "kernel_wheel_folder",
           "pure_python_pins", "pyodide_runtime", "unpack_runtime"]

#: The oldest Python the build runs on (pyodide-lock, used to lock the kernel's packages, needs it).
BUILD_PYTHON = (3, 12)


def check_build_tools() -> str:
    """Raise :class:`SiteError` naming what is missing to build a site here; return the Pyodide
    version the installed JupyterLite kernel expects."""
    if sys.version_info < BUILD_PYTHON:
        need = ".".join(map(str, BUILD_PYTHON))
        raise SiteError(
            f"building the site needs Python {need} or newer (the kernel's package lock tool requires it); "
            f"this is Python {sys.version.split()[0]}. Install the kit with {install_hint('site')} "
            f"under Python {need}+ and run bglearn site there."
        )
    missing = []
    for module in ("jupyterlite_core", "jupyterlite_pyodide_kernel", "pyodide_lock", "jupyter_server",
                   "jupyterlab_widgets", "anywidget"):
        try:
            __import__(module)
        except ImportError:
            missing.append(module)
    if missing:
        raise SiteError(f"building the site needs {', '.join(missing)}: {install_hint('site')}")
    find_node()
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    return str(PYODIDE_VERSION)


def find_node() -> str:
    """The ``node`` executable; raises :class:`SiteError` saying why the build needs it when missing."""
    node = shutil.which("node")
    if node is None:
        raise SiteError("building the site needs Node.js (node), to precompile its Python packages with the "
                        "browser's own Python: install Node.js (npm comes with it).")
    return node


def cache_dir(cache: Path | None) -> Path:
    """``cache``, or the build's default cache folder (``$XDG_CACHE_HOME/bglearn/site``), made if missing."""
    base = cache or Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "bglearn" / "site"
    base.mkdir(parents=True, exist_ok=True)
    return base


def pyodide_runtime(version: str, cache: Path, run: Run) -> Path:
    """The npm ``pyodide`` package of exactly ``version`` (the runtime only), fetched once into the cache."""
    tgz = cache / f"pyodide-{version}.tgz"
    if not tgz.is_file():
        npm = shutil.which("npm")
        if npm is None:
            raise SiteError(
                f"the Pyodide runtime {version} is not in the cache ({tgz}) and npm is not installed to "
                "fetch it (npm pack pyodide@VERSION): install Node.js and npm, or put that file there."
            )
        with tempfile.TemporaryDirectory() as tmp:
            run([npm, "pack", f"pyodide@{version}", "--silent"], cwd=tmp, what=f"npm pack pyodide@{version}")
            made = Path(tmp) / f"pyodide-{version}.tgz"
            if not made.is_file():
                raise SiteError(f"npm pack pyodide@{version} did not produce {made.name}")
            shutil.move(str(made), tgz)
    return tgz


def unpack_runtime(tgz: Path, dest: Path) -> dict[str, Any]:
    """Unpack the runtime files the browser loads into ``dest``; return the runtime's package lock."""
    dest.mkdir(parents=True, exist_ok=True)
    wanted = {"pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"}
    with tarfile.open(tgz) as tar:
        for member in tar.getmembers():
            name = Path(member.name).name
            if member.isfile() and name in wanted and Path(member.name).parent.name == "package":
                src = tar.extractfile(member)
                if src is None:  # not a regular file after all
                    continue
                with src, open(dest / name, "wb") as out:
                    shutil.copyfileobj(src, out)
    missing = wanted - {p.name for p in dest.iterdir()}
    if missing:
        raise SiteError(f"{tgz} is not a Pyodide runtime package: it lacks {', '.join(sorted(missing))}")
    lock: dict[str, Any] = json.loads((dest / "pyodide-lock.json").read_text())
    return lock


def pure_python_pins(lock: dict[str, Any]) -> list[str]:
    """``name==version`` for every pure-Python package of the runtime's lock. Given to the lock tool as
    constraints, they make it take those packages from the package index into the site, instead of
    pinning them to the runtime's CDN."""
    return sorted(
        f"{entry['name']}=={entry['version']}"
        for entry in lock["packages"].values()
        if str(entry.get("file_name", "")).endswith("-none-any.whl")
    )


def kernel_wheel_folder() -> Path:
    """The folder of stand-in wheels that the JupyterLite Pyodide kernel ships (widgetsnbextension...)."""
    for prefix in (sys.prefix, sys.base_prefix):
        folder = Path(prefix) / "share" / "jupyter" / "labextensions" / "@jupyterlite" / \
            "pyodide-kernel-extension" / "static" / "pypi"
        if folder.is_dir():
            return folder
    raise SiteError("the JupyterLite Pyodide kernel's labextension was not found: " + install_hint("site"))
