"""``build_site(out)``: the whole course as a static website that runs in the browser, offline.

The folder it writes can be served by any static web server (``bglearn site -o out --serve --no-build``, a school
web server, a static site host). It holds every lesson and exercise notebook, the glossary, and the kit
itself with everything its kernel loads, preloaded, so that no install cell is needed and nothing is
fetched from any other site: the Pyodide runtime comes from the npm ``pyodide`` package whose version the
JupyterLite Pyodide kernel pins (:mod:`bglearn.site.tools`), and the kernel's packages are locked to
wheels copied into the site (the kernel's own ``PyodideLockAddon``), then precompiled
(:mod:`bglearn.site.precompile`).

>>> report = SiteReport(output=Path("course-site"), notebooks=["notebooks/00-welcome.ipynb"],
...                     local_packages=["bglearn-kit", "ipython"], files=120, bytes=31_000_000,
...                     gzip_bytes=12_000_000)
>>> print(report.summary())
Built course-site: 1 notebooks, 120 files, 31.0 MB on disk (12.0 MB gzip-compressed).
The kernel's 2 packages are served by the site itself.
Try it: bglearn site -o course-site --serve --no-build, then open http://127.0.0.1:8000/
"""

from __future__ import annotations

import gzip
import json
import os
import shutil
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from ..course_files import is_packaged
from ..i18n import LANGUAGES
from .course import copy_notebook, course_notebooks, course_root
from .extension import kernel_start_extension
from .front_door import write_front_door
from .kit_wheel import build_kit_wheel
from .precompile import KERNEL_SETTINGS, precompile
from .process import SiteError, runner
from .tools import cache_dir, check_build_tools, kernel_wheel_folder, pure_python_pins, pyodide_runtime, unpack_runtime

__all__ = ["KERNEL_PRELOAD", "SERVER_ONLY", "SiteReport", "build_site", "preload_closure"]

#: Packages the kit's notebooks import beyond the kit itself that need a server; they must stay out of
#: the browser's package lock. (ipykernel is not among them: the lock takes the kernel's own stand-in.)
SERVER_ONLY = ("jupyterlab", "notebook", "jupyter-server", "nbformat", "nbclient")

#: What the kernel loads while it starts (before the first cell runs), besides the kit itself. All of
#: it is in the site's lock and loaded with the runtime: the kernel then installs nothing with
#: micropip/piplite at start (it does, one package at a time, for any of micropip, piplite, ipykernel,
#: comm, pyodide-kernel, jedi, ipython that is not preloaded).
KERNEL_PRELOAD = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython")


@dataclass
class SiteReport:
    """What a build produced: where, which notebooks, the packages served locally and the sizes."""

    output: Path
    notebooks: list[str]
    local_packages: list[str]
    files: int = 0
    bytes: int = 0
    gzip_bytes: int = 0
    log: list[str] = field(default_factory=list)

    def summary(self) -> str:
        """A few lines for a person: where the site is, what it holds, how big it is, how to serve it."""
        mb = 1_000_000
        return (
            f"Built {self.output}: {len(self.notebooks)} notebooks, {self.files} files, "
            f"{self.bytes / mb:.1f} MB on disk ({self.gzip_bytes / mb:.1f} MB gzip-compressed).\n"
            f"The kernel's {len(self.local_packages)} packages are served by the site itself.\n"
            f"Try it: bglearn site -o {self.output} --serve --no-build, then open http://127.0.0.1:8000/"
        )


def _sizes(root: Path) -> tuple[int, int, int]:
    """The number of files under ``root``, their bytes, and their bytes once gzip-compressed."""
    files = [p for p in root.rglob("*") if p.is_file()]
    raw = packed = 0
    for path in files:
        data = path.read_bytes()
        raw += len(data)
        packed += len(gzip.compress(data, compresslevel=6))
    return len(files), raw, packed


def _check_request(out: Path, extras: Sequence[Path], force: bool) -> None:
    """Raise :class:`SiteError` when the notebooks to add or the output folder are not what a build takes."""
    for path in extras:
        if not path.exists():
            raise SiteError(f"--add {path}: no such file or folder")
        if path.is_file() and path.suffix != ".ipynb":
            raise SiteError(f"--add {path}: not a notebook (.ipynb) or a folder")
    if out.exists():
        if not out.is_dir():
            raise SiteError(f"{out} exists and is not a folder")
        if any(out.iterdir()) and not (out / "jupyter-lite.json").is_file() and not force:
            raise SiteError(f"{out} is not empty and is not an earlier site: choose another folder (or --force)")


def _copy_course(root: Path, notebooks: Sequence[Path], extras: Sequence[Path], files: Path) -> list[str]:
    """Copy the course's notebooks and a teacher's (under ``my-notebooks/``) into ``files``; their site paths."""
    names = []
    for nb in notebooks:
        rel = nb.relative_to(root)
        copy_notebook(nb, files / rel)
        names.append(rel.as_posix())
    for path in extras:
        dest = files / "my-notebooks" / path.name
        if path.is_dir():
            shutil.copytree(path, dest, ignore=shutil.ignore_patterns(".*", "__pycache__"))
            for copied in sorted(dest.rglob("*.ipynb")):
                copy_notebook(copied, copied)
                names.append(f"my-notebooks/{copied.relative_to(dest.parent).as_posix()}")
        else:
            copy_notebook(path, dest)
            names.append(f"my-notebooks/{path.name}")
    return names


def build_site(
    output: str | Path,
    *,
    add: Sequence[str | Path] = (),
    root: Path | None = None,
    cache: Path | None = None,
    force: bool = False,
    lang: str = "en",
) -> SiteReport:
    """Build the course website into ``output`` and return a :class:`SiteReport`.

    ``add`` names extra notebooks or folders a teacher wants on the site (copied under ``my-notebooks/``).
    ``lang`` is the site's language: its root address opens the welcome lesson in that language
    (:mod:`bglearn.site.front_door`); the site holds the course in every language.
    ``output`` must be missing, empty or an earlier site (it is rebuilt from scratch, never updated in
    place: incremental builds keep stale settings); anything else is refused unless ``force``.
    Raises :class:`SiteError` with a sentence saying what is wrong when the site cannot be built.
    """
    out = Path(output).expanduser().resolve()
    if lang not in LANGUAGES:
        raise SiteError(f"the course has no language {lang!r}; the languages are {', '.join(LANGUAGES)}")
    extras = [Path(p).expanduser().resolve() for p in add]
    _check_request(out, extras, force)
    pyodide_version = check_build_tools()
    if root is None and is_packaged():
        raise SiteError("building the website needs a clone of the kit's repository (the site carries a wheel of "
                        "the kit built from its sources): clone it, run pip install -e '.[site]' there, and build "
                        "from the clone")
    root = root or course_root()
    notebooks = course_notebooks(root)
    if not notebooks:
        raise SiteError(f"no course notebooks found under {root}")

    log: list[str] = []
    run = runner(log)
    with tempfile.TemporaryDirectory(prefix="bglearn-site-") as tmp:
        lite = Path(tmp) / "lite"
        files = lite / "files"
        files.mkdir(parents=True)
        names = _copy_course(root, notebooks, extras, files)

        lock = unpack_runtime(pyodide_runtime(pyodide_version, cache_dir(cache), run), lite / "static" / "pyodide")
        (lite / "constraints.txt").write_text("\n".join(pure_python_pins(lock)) + "\n")

        start_extension = kernel_start_extension(lite / "bglearn-extensions")
        wheels = lite / "wheels"
        wheels.mkdir()
        build_kit_wheel(root, wheels, Path(tmp) / "kit-source", run)
        for standin in kernel_wheel_folder().glob("widgetsnbextension-4.*.whl"):
            shutil.copy2(standin, wheels)
        kit = sorted(wheels.glob("bglearn*.whl"))
        if not kit:
            raise SiteError("building the kit's wheel produced no bglearn wheel")

        kit_name = kit[0].name.split("-")[0].replace("_", "-").lower()
        preload = [*KERNEL_PRELOAD, kit_name]
        config = {
            "LiteBuildConfig": {"contents": ["files"], "no_sourcemaps": True,
                                "federated_extensions": [start_extension.relative_to(lite).as_posix()]},
            "PyodideLockAddon": {
                "enabled": True,
                "specs": [kit_name, "micropip"],
                "wheels": ["wheels"],
                "excludes_extra": list(SERVER_ONLY),
                "prefetch": preload,
                "lite_constraints_file": "constraints.txt",
            },
        }
        (lite / "jupyter_lite_config.json").write_text(json.dumps(config, indent=2))
        (lite / "jupyter-lite.json").write_text(json.dumps({
            "jupyter-lite-schema-version": 0,
            "jupyter-config-data": {
                "appName": "bglearn",
                "exposeAppInBrowser": True,
                "litePluginSettings": {KERNEL_SETTINGS: {"disablePyPIFallback": True}},
            },
        }, indent=2))

        built = Path(tmp) / "site"
        env = dict(os.environ, UV_PYTHON_DOWNLOADS="never")
        jupyter_lite = Path(sys.executable).with_name("jupyter-lite")
        cmd = [str(jupyter_lite)] if jupyter_lite.exists() else [sys.executable, "-m", "jupyterlite_core"]
        run(cmd + ["build", "--lite-dir", str(lite), "--output-dir", str(built)], cwd=lite,
            what="jupyter lite build", env=env)

        write_front_door(built, lang)
        lock_path = built / "static" / "pyodide-lock" / "pyodide-lock.json"
        site_lock = json.loads(lock_path.read_text())
        precompile(built, site_lock, lite / "static" / "pyodide", kit[0].name, Path(tmp) / "bytecode", run)
        lock_path.write_text(json.dumps(site_lock, indent=2) + "\n")
        local = sorted(n for n, e in site_lock["packages"].items() if "://" not in e["file_name"])
        remote_preload = [
            n for n in preload_closure(site_lock, preload) if "://" in site_lock["packages"][n]["file_name"]
        ]
        if remote_preload:
            raise SiteError("these packages the kernel loads at start would come from another site: "
                            + ", ".join(remote_preload))

        if out.exists():
            shutil.rmtree(out)
        shutil.copytree(built, out)

    count, raw, packed = _sizes(out)
    return SiteReport(output=out, notebooks=names, local_packages=local, files=count, bytes=raw,
                      gzip_bytes=packed, log=log)


def preload_closure(lock: dict[str, Any], preload: Sequence[str]) -> list[str]:
    """The packages of ``lock`` that loading ``preload`` loads (with their dependencies), sorted;
    :class:`SiteError` when one of them is not in the lock."""
    packages = lock["packages"]
    seen: list[str] = []
    todo = list(preload)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        if name not in packages:
            raise SiteError(f"the kernel is set to preload {name!r}, which is not in the site's package lock")
        seen.append(name)
        todo.extend(packages[name].get("depends", []))
    return sorted(seen)
