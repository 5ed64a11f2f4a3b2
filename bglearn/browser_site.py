"""Build the whole course as a static website that runs in the browser, offline (JupyterLite + Pyodide).

``build_site(out)`` writes a folder that any static web server can serve (``python -m http.server -d
out``, a school web server, a static site host). It holds every lesson and exercise notebook, the
glossary, and the kit itself with everything its kernel loads, preloaded, so that no install cell is
needed and nothing is fetched from any other site: the Pyodide runtime comes from the npm ``pyodide``
package whose version the JupyterLite Pyodide kernel pins, and the kernel's packages are locked to
wheels copied into the site (the kernel's own ``PyodideLockAddon``).

The build then precompiles, with the browser's own Python (the Pyodide runtime run by Node.js), the
modules a kernel start and the lessons import: the standard library's and the locked wheels' (see
:mod:`bglearn.site_bytecode`). In the browser, Python then loads bytecode instead of compiling source
in WebAssembly at every kernel start. Files of the locked wheels that a learner's kernel never reads
(jedi's type stubs for other libraries, Pygments' highlighters for other languages) are left out, to
keep the first visit's download small.

The site also carries a small JupyterLab extension of the kit's own (:func:`kernel_start_extension`): a
link that opens a notebook starts that notebook's kernel while JupyterLab is still starting, not after.

The kit's own wheel is built from a clean copy of its sources (:func:`build_kit_wheel`), never from the
repository in place, whose ``build/`` folder may hold stale modules.

The build needs the ``site`` extra (jupyterlite-core, jupyterlite-pyodide-kernel with its lock tools,
jupyter-server) on Python 3.12 or newer, Node.js (``node``), and ``npm`` the first time (the runtime is
then cached).

>>> from bglearn.browser_site import course_notebooks, course_root
>>> [p.relative_to(course_root()).as_posix() for p in course_notebooks(course_root())][:2]
['notebooks/00-welcome.ipynb', 'notebooks/01-board-and-setup.ipynb']
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

from . import __version__
from .errors import BglearnError
from .extras import install_hint
from .site_bytecode import prune_wheel

__all__ = ["SiteError", "SiteReport", "build_site", "course_root", "course_notebooks", "check_build_tools",
           "build_kit_wheel", "kit_source"]

#: The oldest Python the build runs on (pyodide-lock, used to lock the kernel's packages, needs it).
BUILD_PYTHON = (3, 12)

#: Packages the kit's notebooks import beyond the kit itself that need a server; they must stay out of
#: the browser's package lock. (ipykernel is not among them: the lock takes the kernel's own stand-in.)
SERVER_ONLY = ("jupyterlab", "notebook", "jupyter-server", "nbformat", "nbclient")

#: What the kernel loads while it starts (before the first cell runs), besides the kit itself. All of
#: it is in the site's lock and loaded with the runtime: the kernel then installs nothing with
#: micropip/piplite at start (it does, one package at a time, for any of micropip, piplite, ipykernel,
#: comm, pyodide-kernel, jedi, ipython that is not preloaded).
KERNEL_PRELOAD = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython")

#: The runtime's standard library archive (Pyodide ships it as sources only).
STDLIB = "python_stdlib.zip"

#: The JupyterLite Pyodide kernel's settings key in jupyter-lite.json.
KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"

#: Modules whose import decides which modules get precompiled bytecode (those they load): what the
#: kernel imports while it starts, and the kit's modules that lessons and exercises import.
BYTECODE_IMPORTS = (
    "micropip", "piplite.piplite", "pyodide_kernel", "ipykernel",
    "bglearn", "bglearn.widgets", "bglearn.quiz", "bglearn.exercises", "bglearn.svg", "bglearn.notation",
    "bglearn.game", "bglearn.throws", "bglearn.result", "bglearn.records", "bglearn.match", "bglearn.cube",
    "bglearn.bots", "bglearn.board_map",
)

#: Folders of the locked wheels that a learner's kernel never reads, left out of the site (each stays,
#: empty): jedi's type stubs for third-party libraries (used only to complete code of those libraries,
#: none of which the site holds), for Django, and for Python 2. jedi keeps its standard-library stubs
#: for Python 3, which code completion uses.
PRUNE = {
    "jedi": ("jedi/third_party/typeshed/third_party/", "jedi/third_party/typeshed/stdlib/2/",
             "jedi/third_party/django-stubs/"),
}

#: Folders of the locked wheels of which the site keeps only the modules that a kernel start and the
#: lessons import (:data:`BYTECODE_IMPORTS`): Pygments' syntax highlighters for some 250 languages other
#: than Python (IPython loads the Python one; the notebook's own highlighting is done in JavaScript).
IMPORTED_ONLY = {"pygments": ("pygments/lexers/",)}

#: Where the course's notebooks live, relative to the repository root; each is copied to the same
#: relative path in the site, so links between lessons and exercises keep working.
COURSE_FOLDERS = ("notebooks", "exercises")


class SiteError(BglearnError):
    """The site cannot be built as asked; the message says what is missing or wrong."""


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
            f"Try it: python -m http.server -d {self.output} 8000, then open http://localhost:8000/"
        )


def course_root() -> Path:
    """The repository folder that holds the course (``notebooks/`` and ``exercises/`` beside the
    ``bglearn`` package). Raises :class:`SiteError` when the kit is installed without its course."""
    root = Path(__file__).resolve().parent.parent
    if not (root / "notebooks").is_dir():
        raise SiteError(
            f"the course notebooks were not found beside the kit ({root / 'notebooks'} is missing). "
            "They ship with the repository: clone it, install it with pip install -e '.[site]', and "
            "build from there."
        )
    return root


def course_notebooks(root: Path) -> list[Path]:
    """Every notebook of the course under ``root`` (lessons, glossary, exercises), in a stable order."""
    found: list[Path] = []
    for folder in COURSE_FOLDERS:
        base = root / folder
        if base.is_dir():
            found.extend(
                p for p in sorted(base.rglob("*.ipynb"))
                if not any(part.startswith(".") for part in p.relative_to(root).parts)
            )
    return found


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
    _node()
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    return str(PYODIDE_VERSION)


def _cache_dir(cache: Path | None) -> Path:
    base = cache or Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "bglearn" / "site"
    base.mkdir(parents=True, exist_ok=True)
    return base


def _pyodide_runtime(version: str, cache: Path, run: Callable[..., subprocess.CompletedProcess[str]]) -> Path:
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


def _unpack_runtime(tgz: Path, dest: Path) -> dict[str, Any]:
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


def _pure_python_pins(lock: dict[str, Any]) -> list[str]:
    """``name==version`` for every pure-Python package of the runtime's lock. Given to the lock tool as
    constraints, they make it take those packages from the package index into the site, instead of
    pinning them to the runtime's CDN."""
    return sorted(
        f"{entry['name']}=={entry['version']}"
        for entry in lock["packages"].values()
        if str(entry.get("file_name", "")).endswith("-none-any.whl")
    )


def _kernel_wheel_folder() -> Path:
    """The folder of stand-in wheels that the JupyterLite Pyodide kernel ships (widgetsnbextension...)."""
    for prefix in (sys.prefix, sys.base_prefix):
        folder = Path(prefix) / "share" / "jupyter" / "labextensions" / "@jupyterlite" / \
            "pyodide-kernel-extension" / "static" / "pypi"
        if folder.is_dir():
            return folder
    raise SiteError("the JupyterLite Pyodide kernel's labextension was not found: " + install_hint("site"))


#: The kernel every notebook on the site asks for: JupyterLite's Pyodide kernel (no "Select Kernel" dialog).
PYODIDE_KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}


def _copy_notebook(source: Path, dest: Path) -> None:
    """Copy a notebook into the site, set to open on the browser's Python kernel."""
    try:
        nb = json.loads(source.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise SiteError(f"{source} is not a readable notebook: {exc}") from None
    if not isinstance(nb, dict) or "cells" not in nb:
        raise SiteError(f"{source} is not a notebook (no cells)")
    nb.setdefault("metadata", {})["kernelspec"] = dict(PYODIDE_KERNELSPEC)
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def _sizes(root: Path) -> tuple[int, int, int]:
    """The number of files under ``root``, their bytes, and their bytes once gzip-compressed."""
    files = [p for p in root.rglob("*") if p.is_file()]
    raw = packed = 0
    for path in files:
        data = path.read_bytes()
        raw += len(data)
        packed += len(gzip.compress(data, compresslevel=6))
    return len(files), raw, packed


def _runner(log: list[str]) -> Callable[..., subprocess.CompletedProcess[str]]:
    def run(cmd: list[str], *, cwd: str | Path, what: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
        proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
        log.append(f"$ {' '.join(map(str, cmd))}\n{proc.stdout}{proc.stderr}")
        if proc.returncode != 0:
            tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-15:])
            raise SiteError(f"{what} failed (exit {proc.returncode}):\n{tail}")
        return proc
    return run


def build_site(
    output: str | Path,
    *,
    add: Sequence[str | Path] = (),
    root: Path | None = None,
    cache: Path | None = None,
    force: bool = False,
) -> SiteReport:
    """Build the course website into ``output`` and return a :class:`SiteReport`.

    ``add`` names extra notebooks or folders a teacher wants on the site (copied under ``my-notebooks/``).
    ``output`` must be missing, empty or an earlier site (it is rebuilt from scratch, never updated in
    place: incremental builds keep stale settings); anything else is refused unless ``force``.
    Raises :class:`SiteError` with a sentence saying what is wrong when the site cannot be built.
    """
    out = Path(output).expanduser().resolve()
    extras = [Path(p).expanduser().resolve() for p in add]
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
    pyodide_version = check_build_tools()
    root = root or course_root()
    notebooks = course_notebooks(root)
    if not notebooks:
        raise SiteError(f"no course notebooks found under {root}")

    log: list[str] = []
    run = _runner(log)
    cache_dir = _cache_dir(cache)
    with tempfile.TemporaryDirectory(prefix="bglearn-site-") as tmp:
        lite = Path(tmp) / "lite"
        files = lite / "files"
        files.mkdir(parents=True)
        names = []
        for nb in notebooks:
            rel = nb.relative_to(root)
            _copy_notebook(nb, files / rel)
            names.append(rel.as_posix())
        for path in extras:
            dest = files / "my-notebooks" / path.name
            if path.is_dir():
                shutil.copytree(path, dest, ignore=shutil.ignore_patterns(".*", "__pycache__"))
                for copied in sorted(dest.rglob("*.ipynb")):
                    _copy_notebook(copied, copied)
                    names.append(f"my-notebooks/{copied.relative_to(dest.parent).as_posix()}")
            else:
                _copy_notebook(path, dest)
                names.append(f"my-notebooks/{path.name}")

        lock = _unpack_runtime(_pyodide_runtime(pyodide_version, cache_dir, run), lite / "static" / "pyodide")
        (lite / "constraints.txt").write_text("\n".join(_pure_python_pins(lock)) + "\n")

        start_extension = kernel_start_extension(lite / "bglearn-extensions")
        wheels = lite / "wheels"
        wheels.mkdir()
        build_kit_wheel(root, wheels, Path(tmp) / "kit-source", run)
        for standin in _kernel_wheel_folder().glob("widgetsnbextension-4.*.whl"):
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

        lock_path = built / "static" / "pyodide-lock" / "pyodide-lock.json"
        site_lock = json.loads(lock_path.read_text())
        _precompile(built, site_lock, lite / "static" / "pyodide", kit[0].name, Path(tmp) / "bytecode", run)
        lock_path.write_text(json.dumps(site_lock, indent=2) + "\n")
        local = sorted(n for n, e in site_lock["packages"].items() if "://" not in e["file_name"])
        remote_preload = [
            n for n in _preload_closure(site_lock, preload) if "://" in site_lock["packages"][n]["file_name"]
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


#: The name of the kit's JupyterLite extension (see :func:`kernel_start_extension`).
KERNEL_START_EXTENSION = "bglearn-kernel-start"


def kernel_start_extension(extensions: Path) -> Path:
    """Write into the folder ``extensions`` the kit's prebuilt JupyterLab extension
    ``bglearn-kernel-start`` (``bglearn/site_kernel_start.js``): when the page's address names a notebook,
    it starts that notebook's kernel while JupyterLab is still starting, and the notebook uses that kernel
    once open. The script's file name carries a hash of its content, so a browser never keeps an older
    copy from its cache. Returns the extension's folder."""
    script = (Path(__file__).parent / "site_kernel_start.js").read_bytes()
    name = f"remoteEntry.{hashlib.sha256(script).hexdigest()[:16]}.js"
    folder = extensions / KERNEL_START_EXTENSION
    (folder / "static").mkdir(parents=True)
    (folder / "static" / name).write_bytes(script)
    package = {"name": KERNEL_START_EXTENSION, "version": __version__, "private": True,
               "description": "Starts the kernel of the notebook a link opens while JupyterLab starts.",
               "jupyterlab": {"_build": {"load": f"static/{name}", "extension": "./extension"}}}
    (folder / "package.json").write_text(json.dumps(package, indent=2) + "\n")
    return folder


#: What building the kit's wheel reads from the repository, besides the package folder (pyproject.toml's
#: ``readme``; the licence is given as text).
KIT_FILES = ("pyproject.toml", "README.md")


def kit_source(root: Path, dest: Path) -> Path:
    """Copy into ``dest`` (which must not exist) exactly what the kit's wheel is built from: the files
    :data:`KIT_FILES` and the package folder ``bglearn/`` without compiled files. Building from this
    copy, not from the repository in place, keeps out whatever an earlier build left in the
    repository's ``build/`` folder (setuptools packs all of ``build/lib``, stale modules included).
    Returns ``dest``."""
    missing = [name for name in (*KIT_FILES, "bglearn") if not (root / name).exists()]
    if missing:
        raise SiteError(f"{root} is not the kit's source tree: it lacks {', '.join(missing)}")
    dest.mkdir(parents=True)
    for name in KIT_FILES:
        shutil.copy2(root / name, dest / name)
    shutil.copytree(root / "bglearn", dest / "bglearn",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".*"))
    return dest


def build_kit_wheel(root: Path, wheels: Path, work: Path,
                    run: Callable[..., subprocess.CompletedProcess[str]] | None = None) -> Path:
    """Build the kit's wheel from a clean copy of its sources under ``root`` (see :func:`kit_source`,
    made in ``work``, which must not exist) into the folder ``wheels``; return the wheel's path.
    Raises :class:`SiteError` when pip fails or makes no kit wheel."""
    run = run or _runner([])
    source = kit_source(root, work)
    before = set(wheels.glob("bglearn*.whl"))
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(source)],
        cwd=work.parent, what="building the kit's wheel")
    made = sorted(set(wheels.glob("bglearn*.whl")) - before)
    if len(made) != 1:
        raise SiteError(f"building the kit's wheel produced {len(made)} bglearn wheels in {wheels}")
    return made[0]


def _node() -> str:
    """The ``node`` executable; raises :class:`SiteError` saying why the build needs it when missing."""
    node = shutil.which("node")
    if node is None:
        raise SiteError("building the site needs Node.js (node), to precompile its Python packages with the "
                        "browser's own Python: install Node.js (npm comes with it).")
    return node


def _local_wheels(site: Path, lock: dict[str, Any]) -> dict[str, Path]:
    """The lock's packages served by the site itself, by name, with their wheel's path in ``site``."""
    runtime = site / "static" / "pyodide"
    found = {}
    for name, entry in lock["packages"].items():
        file_name = str(entry["file_name"])
        if "://" not in file_name and file_name.endswith(".whl"):
            found[name] = Path(os.path.normpath(runtime / file_name))
    return found


def _precompile(site: Path, lock: dict[str, Any], runtime: Path, kit_wheel: str, work: Path,
                run: Callable[..., subprocess.CompletedProcess[str]]) -> dict[str, Any]:
    """Add the browser Python's bytecode to the site's locked wheels, in place, and update ``lock``
    (their hashes; wheels served from elsewhere in the site are written beside the lock, which then
    points at them); write the standard library with bytecode beside the lock and point the kernel at
    it. Only modules a kernel start or the kit's lessons import get bytecode (see
    :data:`BYTECODE_IMPORTS`). The bytecode is made by the Pyodide runtime itself, run by Node.js
    (:mod:`bglearn.site_bytecode`). Files a learner's kernel never reads are left out on the way
    (:data:`PRUNE`, :data:`IMPORTED_ONLY`). Returns the bytecode report (``bytecode.json``)."""
    node = _node()
    here = Path(__file__).resolve().parent
    wheels = _local_wheels(site, lock)
    names = [p.name for p in wheels.values()]
    if len(set(names)) != len(names):
        raise SiteError(f"the site's lock names two wheels with the same file name: {sorted(names)}")
    (work / "in").mkdir(parents=True)
    for name, path in wheels.items():
        if not path.is_file():
            raise SiteError(f"the site's lock names {path}, which the build did not write")
        if name in PRUNE:
            try:
                prune_wheel(str(path), str(work / "in" / path.name), PRUNE[name])
            except ValueError as exc:
                raise SiteError(f"leaving unused files out of {path.name}: {exc}") from None
        else:
            shutil.copy2(path, work / "in" / path.name)
    missing = sorted(set(IMPORTED_ONLY) - set(wheels))
    if missing:
        raise SiteError(f"the site's lock has no local wheel for {', '.join(missing)}, which the build trims")
    shutil.copy2(here / "site_bytecode.py", work / "site_bytecode.py")
    shutil.copy2(runtime / STDLIB, work / STDLIB)
    (work / "job.json").write_text(json.dumps({
        "in": "/job/in", "out": "/job/out", "imports": list(BYTECODE_IMPORTS), "keep_source": [kit_wheel],
        "stdlib": f"/job/{STDLIB}",
        "imported_only": {wheels[name].name: list(folders) for name, folders in IMPORTED_ONLY.items()},
    }))
    run([node, str(here / "site_bytecode.mjs"), str(runtime), str(work)], cwd=work,
        what="precompiling the site's Python packages with Pyodide under Node.js")
    report: dict[str, Any] = json.loads((work / "out" / "bytecode.json").read_text())
    want = ".".join(str(lock["info"]["python"]).split(".")[:2])
    if ".".join(map(str, report["python"][:2])) != want:
        raise SiteError(f"the bytecode was made by Python {report['python']}, but the site's runtime is {want}")
    lock_dir = site / "static" / "pyodide-lock"
    for name, path in wheels.items():
        made = work / "out" / path.name
        if path.parent != lock_dir:
            path = lock_dir / path.name
            lock["packages"][name]["file_name"] = f"../../static/pyodide-lock/{path.name}"
        shutil.copyfile(made, path)
        lock["packages"][name]["sha256"] = hashlib.sha256(made.read_bytes()).hexdigest()
    # The standard library with bytecode: the runtime's own file stays as shipped, the kernel is pointed
    # at this one (Pyodide's stdLibURL option; the kernel resolves *URL options against the site).
    shutil.copyfile(work / "out" / STDLIB, lock_dir / STDLIB)
    config_path = site / "jupyter-lite.json"
    config = json.loads(config_path.read_text())
    kernel = config["jupyter-config-data"].setdefault("litePluginSettings", {}).setdefault(KERNEL_SETTINGS, {})
    kernel.setdefault("loadPyodideOptions", {})["stdLibURL"] = f"./static/pyodide-lock/{STDLIB}"
    config_path.write_text(json.dumps(config, indent=2) + "\n")
    return report


def _preload_closure(lock: dict[str, Any], preload: Sequence[str]) -> list[str]:
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
