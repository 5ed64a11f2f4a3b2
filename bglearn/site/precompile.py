"""Precompile the site's Python with the browser's own Python, and leave out what a learner never uses.

The build runs :mod:`bglearn.site.bytecode` inside the Pyodide runtime under Node.js (``bytecode.mjs``):
the modules a kernel start and the lessons import (:data:`BYTECODE_IMPORTS`) get bytecode, in the locked
wheels and in the standard library, so the browser loads bytecode instead of compiling source in
WebAssembly at every kernel start. Files of the wheels that a learner's kernel never reads are left out
on the way (:data:`PRUNE`, :data:`IMPORTED_ONLY`).

>>> sorted(PRUNE), sorted(IMPORTED_ONLY)
(['jedi'], ['pygments'])
>>> local_wheels(Path("site"), {"packages": {
...     "six": {"file_name": "../pyodide-lock/six-1.17.0-py2.py3-none-any.whl"},
...     "numpy": {"file_name": "https://cdn.example/numpy-2.2.5-cp313-cp313-pyodide_2025_0_wasm32.whl"}}})
{'six': PosixPath('site/static/pyodide-lock/six-1.17.0-py2.py3-none-any.whl')}
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path
from typing import Any

from .bytecode import prune_wheel
from .process import Run, SiteError
from .tools import find_node

__all__ = ["BYTECODE_IMPORTS", "IMPORTED_ONLY", "KERNEL_SETTINGS", "PRUNE", "STDLIB", "local_wheels", "precompile"]

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

HERE = Path(__file__).resolve().parent


def local_wheels(site: Path, lock: dict[str, Any]) -> dict[str, Path]:
    """The lock's packages served by the site itself, by name, with their wheel's path in ``site``."""
    runtime = site / "static" / "pyodide"
    found = {}
    for name, entry in lock["packages"].items():
        file_name = str(entry["file_name"])
        if "://" not in file_name and file_name.endswith(".whl"):
            found[name] = Path(os.path.normpath(runtime / file_name))
    return found


def precompile(site: Path, lock: dict[str, Any], runtime: Path, kit_wheel: str, work: Path,
               run: Run) -> dict[str, Any]:
    """Add the browser Python's bytecode to the site's locked wheels, in place, and update ``lock``
    (their hashes; wheels served from elsewhere in the site are written beside the lock, which then
    points at them); write the standard library with bytecode beside the lock and point the kernel at
    it. Only modules a kernel start or the kit's lessons import get bytecode (see
    :data:`BYTECODE_IMPORTS`). The bytecode is made by the Pyodide runtime itself, run by Node.js
    (:mod:`bglearn.site.bytecode`). Files a learner's kernel never reads are left out on the way
    (:data:`PRUNE`, :data:`IMPORTED_ONLY`). Returns the bytecode report (``bytecode.json``); raises
    :class:`SiteError` when the lock and the wheels disagree or the runtime's Python is not the lock's."""
    node = find_node()
    wheels = local_wheels(site, lock)
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
    shutil.copy2(HERE / "bytecode.py", work / "bytecode.py")
    shutil.copy2(runtime / STDLIB, work / STDLIB)
    (work / "job.json").write_text(json.dumps({
        "in": "/job/in", "out": "/job/out", "imports": list(BYTECODE_IMPORTS), "keep_source": [kit_wheel],
        "stdlib": f"/job/{STDLIB}",
        "imported_only": {wheels[name].name: list(folders) for name, folders in IMPORTED_ONLY.items()},
    }))
    run([node, str(HERE / "bytecode.mjs"), str(runtime), str(work)], cwd=work,
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
