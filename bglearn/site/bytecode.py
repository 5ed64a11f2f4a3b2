"""Precompile the browser site's pure-Python wheels to the browser's own Python bytecode.

Pure-Python wheels from the package index hold only ``.py`` sources, so the browser's Python (Pyodide)
compiles every module it imports from source at each kernel start, inside WebAssembly: for IPython
alone, seconds. This module adds the compiled ``__pycache__/*.cpython-3XX.pyc`` files to a wheel and
fixes its ``RECORD``. The ``.py`` files stay, so tracebacks still show source lines.

The bytecode must be made by the same Python version (3.14 for Pyodide 314) as the browser's, which
this machine's Python usually is not. So :func:`rewrite_wheel` uses only the standard library, and the
site build runs this very file *inside* the Pyodide runtime under Node.js (``bytecode.mjs``,
:func:`bglearn.site.precompile.precompile`): the bytecode is made by the browser's own compiler.

The ``.pyc`` files are hash-based and unchecked (PEP 552): Python loads them without looking at the
source's modification time, which a wheel's extraction in the browser does not keep.

This file is imported standalone inside Pyodide: it may use the standard library only.

>>> import io, zipfile
>>> buf = io.BytesIO()
>>> with zipfile.ZipFile(buf, "w") as z:
...     z.writestr("pkg/__init__.py", "X = 1\\n")
...     z.writestr("pkg-1.0.dist-info/RECORD", "pkg/__init__.py,,\\npkg-1.0.dist-info/RECORD,,\\n")
>>> out = io.BytesIO()
>>> rewrite_wheel(io.BytesIO(buf.getvalue()), out).compiled
1
>>> sorted(zipfile.ZipFile(out).namelist())[-1].startswith("pkg/__pycache__/__init__.cpython-")
True
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import json
import marshal
import sys
import zipfile
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import IO, Any, Collection

__all__ = ["WheelBytecode", "hash_pyc", "imported_sources", "imported_stdlib", "prune_wheel", "rewrite_stdlib", "rewrite_wheel",
           "pyc_path", "main"]

#: Where Pyodide installs a pure-Python wheel; the compiled code objects name their files under it.
SITE_PACKAGES = f"/lib/python{sys.version_info[0]}.{sys.version_info[1]}/site-packages"

#: PEP 552 flags: bit 0 = hash-based pyc, bit 1 = check the source hash. Unchecked: load without reading the source.
_UNCHECKED_HASH = 0b01


@dataclass
class WheelBytecode:
    """What :func:`rewrite_wheel` did to one wheel: modules compiled, and those left as source only
    (with the reason: a syntax error this Python does not accept, e.g. a Python 2 test file)."""

    compiled: int = 0
    skipped: dict[str, str] = field(default_factory=dict)


def pyc_path(source: str, tag: str | None = None) -> str:
    """The archive path of the ``.pyc`` Python looks for beside ``source`` (a ``.py`` archive path).

    >>> pyc_path("pkg/sub/mod.py", "cpython-314")
    'pkg/sub/__pycache__/mod.cpython-314.pyc'
    """
    tag = tag or sys.implementation.cache_tag
    p = PurePosixPath(source)
    return str(p.parent / "__pycache__" / f"{p.stem}.{tag}.pyc")


def hash_pyc(source: bytes, filename: str) -> bytes:
    """The bytes of an unchecked hash-based ``.pyc`` (PEP 552) for ``source``, made by this Python.
    Raises ``SyntaxError`` (or ``ValueError``) when this Python cannot compile the source."""
    code = compile(source, filename, "exec", dont_inherit=True)
    header = importlib.util.MAGIC_NUMBER + _UNCHECKED_HASH.to_bytes(4, "little") + importlib.util.source_hash(source)
    return header + marshal.dumps(code)


def _record_line(path: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def _entry(path: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(path, date_time=(1980, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    return info


def rewrite_wheel(
    src: str | IO[bytes], dest: str | IO[bytes], only: Collection[str] | None = None, keep_source: bool = True
) -> WheelBytecode:
    """Copy the wheel ``src`` to ``dest`` with bytecode (made by this Python) for its ``.py`` modules,
    each listed in the wheel's ``RECORD`` with its hash and size. ``only``, if given, names the archive
    paths (``pkg/mod.py``) to compile; the other modules stay source only. With ``keep_source`` the
    bytecode goes to ``__pycache__/`` beside the source; without, it replaces the source (``pkg/mod.pyc``,
    as Pyodide's own packages ship: smaller, but tracebacks show no source lines). A wheel that already
    holds this Python's bytecode for a module keeps it. Raises ``ValueError`` for a wheel without a
    ``RECORD``."""
    return _rewrite(src, dest, only, keep_source, SITE_PACKAGES, wheel=True)


def rewrite_stdlib(src: str | IO[bytes], dest: str | IO[bytes], only: Collection[str] | None = None) -> WheelBytecode:
    """Copy the standard library's zip archive ``src`` (Pyodide's ``python_stdlib.zip``, imported from
    ``/lib/pythonXY.zip``) to ``dest`` with bytecode in place of the source of the modules ``only`` names
    (all if ``None``): ``zipimport`` loads ``mod.pyc`` from the archive without compiling."""
    return _rewrite(src, dest, only, False, f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip", wheel=False)


def _rewrite(src: str | IO[bytes], dest: str | IO[bytes], only: Collection[str] | None, keep_source: bool,
             prefix: str, wheel: bool) -> WheelBytecode:
    report = WheelBytecode()
    tag = sys.implementation.cache_tag
    with zipfile.ZipFile(src) as zin:
        infos = zin.infolist()
        names = {i.filename for i in infos}
        record = None
        if wheel:
            records = [n for n in names if n.endswith(".dist-info/RECORD") and n.count("/") == 1]
            if len(records) != 1:
                raise ValueError("not a wheel: it has no single *.dist-info/RECORD")
            record = records[0]
        added: list[tuple[str, bytes]] = []
        for info in infos:
            name = info.filename
            if not name.endswith(".py") or info.is_dir() or (only is not None and name not in only):
                continue
            target = pyc_path(name, tag) if keep_source else name + "c"
            if target in names or pyc_path(name, tag) in names:
                continue
            try:
                added.append((target, hash_pyc(zin.read(name), f"{prefix}/{name}")))
                report.compiled += 1
            except (SyntaxError, ValueError) as exc:
                report.skipped[name] = f"{type(exc).__name__}: {exc}"
        dropped = set() if keep_source else {path[:-1] for path, _ in added}
        lines: list[str] = []
        if record is not None:
            lines = [ln for ln in zin.read(record).decode("utf-8").splitlines() if ln.strip()]
            lines = [ln for ln in lines if not ln.startswith(f"{record},") and ln.split(",")[0] not in dropped]
            lines += [_record_line(path, data) for path, data in added]
            lines.append(f"{record},,")
        with zipfile.ZipFile(dest, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zout:
            for info in infos:
                if info.filename == record or info.filename in dropped:
                    continue
                zout.writestr(info, zin.read(info.filename), compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
            for path, data in added:
                zout.writestr(_entry(path), data)
            if record is not None:
                zout.writestr(_entry(record), "\n".join(lines) + "\n")
    return report


def prune_wheel(src: str | IO[bytes], dest: str | IO[bytes], folders: Collection[str],
                keep: Collection[str] = ()) -> int:
    """Copy the wheel ``src`` to ``dest`` without the files under each of ``folders`` (archive paths
    such as ``pkg/data/``) but those ``keep`` names: each folder stays (code that lists it still finds
    it), and ``RECORD`` no longer names the files left out. Returns how many files were left out.
    Raises ``ValueError`` for a wheel without a ``RECORD`` or when a folder holds no file of the wheel
    (its layout is not the expected one)."""
    prefixes = [f.rstrip("/") + "/" for f in folders]
    with zipfile.ZipFile(src) as zin:
        infos = zin.infolist()
        records = [i.filename for i in infos if i.filename.endswith(".dist-info/RECORD") and i.filename.count("/") == 1]
        names = {i.filename for i in infos} - {p for p in prefixes}
        if len(records) != 1:
            raise ValueError("not a wheel: it has no single *.dist-info/RECORD")
        under = {i.filename for i in infos if any(i.filename.startswith(p) for p in prefixes)}
        empty = [p for p in prefixes if not any(n.startswith(p) and not n.endswith("/") for n in under)]
        gone = under - set(keep)
        if empty:
            raise ValueError(f"the wheel holds no file under {', '.join(empty)}")
        lines = [ln for ln in zin.read(records[0]).decode("utf-8").splitlines() if ln.strip()]
        kept = "\n".join(ln for ln in lines if ln.split(",")[0] not in gone) + "\n"
        with zipfile.ZipFile(dest, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zout:
            for info in infos:
                if info.filename in gone:
                    continue
                data = kept.encode() if info.filename == records[0] else zin.read(info.filename)
                zout.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
            for prefix in prefixes:
                if prefix in names:
                    continue
                folder = zipfile.ZipInfo(prefix, date_time=(1980, 1, 1, 0, 0, 0))
                folder.external_attr = (0o40755 << 16) | 0x10
                zout.writestr(folder, b"")
    return sum(1 for n in gone if not n.endswith("/"))


def imported_sources(wheels: list[Any], imports: list[str], scratch: Any) -> set[str]:
    """The archive paths (``pkg/mod.py``) of the modules that importing ``imports`` loads, with every
    wheel of ``wheels`` unpacked into the folder ``scratch`` (put first on ``sys.path``): the modules a
    kernel start actually needs. Raises ``ImportError`` when one of ``imports`` cannot be imported."""
    import os

    root = os.path.realpath(str(scratch))
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as z:
            z.extractall(root)
    sys.path.insert(0, root)
    importlib.invalidate_caches()
    for name in imports:
        importlib.import_module(name)
    found = set()
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None)
        if path and path.endswith(".py"):
            real = os.path.realpath(path)
            if real.startswith(root + os.sep):
                found.add(os.path.relpath(real, root).replace(os.sep, "/"))
    return found


def imported_stdlib() -> set[str]:
    """The archive paths of the standard library modules imported so far from its zip archive."""
    zip_path = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"
    files = (str(getattr(module, "__file__", None) or "") for module in list(sys.modules.values()))
    return {path[len(zip_path):] for path in files if path.startswith(zip_path) and path.endswith(".py")}


def main(argv: list[str] | None = None) -> int:
    """``python bytecode.py JOB.json``: rewrite wheels as the job says and write a report.

    The job names ``in`` (a folder of wheels), ``out`` (where the rewritten wheels go, same names),
    ``imports`` (modules whose import, with every wheel of ``in`` installed, decides which modules get
    bytecode: those it loads) and ``keep_source`` (wheel names whose compiled modules keep their source
    beside the bytecode; in the others the bytecode replaces it), and optionally ``stdlib`` (the
    standard library's zip archive: the standard modules imported so far get bytecode in place of their
    source, written to ``out`` under the same name), and optionally ``imported_only`` (wheel name ->
    folders of that wheel whose modules the imports did not load are left out; each folder's
    ``__init__.py`` stays). ``out/bytecode.json``
    reports this Python's version and cache tag, and per wheel the modules compiled and skipped. Run by
    the site build inside the browser's Python."""
    from pathlib import Path

    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print(main.__doc__, file=sys.stderr)
        return 2
    job = json.loads(Path(args[0]).read_text())
    src, out = Path(job["in"]), Path(job["out"])
    out.mkdir(parents=True, exist_ok=True)
    wheels = sorted(src.glob("*.whl"))
    hot = imported_sources(wheels, list(job.get("imports", [])), out / "_installed")
    keep = set(job.get("keep_source", []))
    summary: dict[str, Any] = {"python": list(sys.version_info[:3]), "cache_tag": sys.implementation.cache_tag,
                               "magic": importlib.util.MAGIC_NUMBER.hex(), "imported": sorted(hot), "wheels": {}}
    only_imported = dict(job.get("imported_only", {}))
    unknown = set(only_imported) - {w.name for w in wheels}
    if unknown:
        raise ValueError(f"imported_only names wheels the job does not hold: {sorted(unknown)}")
    for wheel in wheels:
        left_out = 0
        if wheel.name in only_imported:
            folders = [f.rstrip("/") + "/" for f in only_imported[wheel.name]]
            pruned = out / "_pruned" / wheel.name
            pruned.parent.mkdir(exist_ok=True)
            left_out = prune_wheel(str(wheel), str(pruned), folders, keep=hot | {f + "__init__.py" for f in folders})
            wheel = pruned
        report = rewrite_wheel(str(wheel), str(out / wheel.name), hot, keep_source=wheel.name in keep)
        summary["wheels"][wheel.name] = {"compiled": report.compiled, "skipped": report.skipped, "left_out": left_out}
    if job.get("stdlib"):
        stdlib = Path(job["stdlib"])
        report = rewrite_stdlib(str(stdlib), str(out / stdlib.name), imported_stdlib())
        summary["stdlib"] = {"compiled": report.compiled, "skipped": report.skipped}
    (out / "bytecode.json").write_text(json.dumps(summary, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
