"""Precompiling the browser site's wheels (bglearn.site.bytecode), on tiny wheels with this Python.

The site build runs the same code inside Pyodide (Python 3.14); here this machine's Python plays its
part, which is enough to check the wheel rewriting: which files are added or dropped, the RECORD, and
that Python really imports the bytecode (unchecked: even when the source has changed since).
"""

from __future__ import annotations

import base64
import hashlib
import importlib
import sys
import zipfile
from pathlib import Path

import pytest

from bglearn.site.bytecode import imported_sources, main, prune_wheel, pyc_path, rewrite_wheel

TAG = sys.implementation.cache_tag


def make_wheel(path: Path, files: dict[str, str], dist: str = "tiny-1.0") -> Path:
    """A wheel holding ``files`` (archive path -> text) and a RECORD listing them, as pip writes it."""
    record = f"{dist}.dist-info/RECORD"
    files = {**files, f"{dist}.dist-info/METADATA": "Metadata-Version: 2.1\nName: tiny\nVersion: 1.0\n"}
    lines = []
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in files.items():
            data = text.encode()
            z.writestr(name, data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            lines.append(f"{name},sha256={digest},{len(data)}")
        z.writestr(record, "\n".join(lines + [f"{record},,"]) + "\n")
    return path


def record_matches_files(wheel: Path) -> None:
    """Every file of the wheel but RECORD is in RECORD with its true hash and size, and nothing else is."""
    with zipfile.ZipFile(wheel) as z:
        [record] = [n for n in z.namelist() if n.endswith(".dist-info/RECORD")]
        listed = {}
        for line in z.read(record).decode().splitlines():
            name, digest, size = line.rsplit(",", 2)
            listed[name] = (digest, size)
        assert listed.pop(record) == ("", "")
        files = {n for n in z.namelist() if n != record and not n.endswith("/")}  # folders are no files
        assert set(listed) == files
        for name in files:
            data = z.read(name)
            want = "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert listed[name] == (want, str(len(data))), name


SOURCES = {
    "tinypkg_{n}/__init__.py": "from . import helper\nVALUE = helper.twice(21)\n",
    "tinypkg_{n}/helper.py": "def twice(x):\n    return 2 * x\n",
    "tinypkg_{n}/unused.py": "UNUSED = True\n",
}


def sources(n: str) -> dict[str, str]:
    return {k.format(n=n): v for k, v in SOURCES.items()}


def import_fresh(root: Path, name: str, monkeypatch):
    monkeypatch.syspath_prepend(str(root))
    importlib.invalidate_caches()
    for mod in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
        del sys.modules[mod]
    return importlib.import_module(name)


def test_keeping_the_source_adds_unchecked_bytecode_that_python_imports(tmp_path, monkeypatch):
    src = make_wheel(tmp_path / "in.whl", sources("a"))
    out = tmp_path / "out.whl"
    report = rewrite_wheel(str(src), str(out))
    assert report.compiled == 3 and report.skipped == {}
    with zipfile.ZipFile(out) as z:
        names = set(z.namelist())
        z.extractall(tmp_path / "site")
    assert {pyc_path(p) for p in sources("a")} | set(sources("a")) <= names
    record_matches_files(out)
    # Change the source after extraction: Python still runs the bytecode (unchecked hash-based pyc),
    # which is what lets a browser skip compiling without trusting file times.
    (tmp_path / "site" / "tinypkg_a" / "helper.py").write_text("def twice(x):\n    return -1\n")
    mod = import_fresh(tmp_path / "site", "tinypkg_a", monkeypatch)
    assert mod.VALUE == 42
    assert mod.__spec__.cached.endswith(f"__init__.{TAG}.pyc")


def test_without_source_the_bytecode_replaces_only_the_chosen_modules(tmp_path, monkeypatch):
    src = make_wheel(tmp_path / "in.whl", sources("b"))
    out = tmp_path / "out.whl"
    chosen = {"tinypkg_b/__init__.py", "tinypkg_b/helper.py"}
    report = rewrite_wheel(str(src), str(out), only=chosen, keep_source=False)
    assert report.compiled == 2
    with zipfile.ZipFile(out) as z:
        names = {n for n in z.namelist() if not n.startswith("tiny-1.0.dist-info/")}
        z.extractall(tmp_path / "site")
    assert names == {"tinypkg_b/__init__.pyc", "tinypkg_b/helper.pyc", "tinypkg_b/unused.py"}
    record_matches_files(out)
    mod = import_fresh(tmp_path / "site", "tinypkg_b", monkeypatch)
    assert mod.VALUE == 42
    assert type(mod.__loader__).__name__ == "SourcelessFileLoader"


def test_a_module_this_python_cannot_compile_stays_source_and_is_reported(tmp_path):
    files = {"old/__init__.py": "", "old/py2.py": "print 'hello'\n"}
    out = tmp_path / "out.whl"
    report = rewrite_wheel(str(make_wheel(tmp_path / "in.whl", files)), str(out))
    assert report.compiled == 1
    assert list(report.skipped) == ["old/py2.py"] and "SyntaxError" in report.skipped["old/py2.py"]
    with zipfile.ZipFile(out) as z:
        assert "old/py2.py" in z.namelist() and pyc_path("old/py2.py") not in z.namelist()
    record_matches_files(out)


def test_a_zip_without_a_record_is_refused(tmp_path):
    bad = tmp_path / "bad.whl"
    with zipfile.ZipFile(bad, "w") as z:
        z.writestr("x.py", "X = 1\n")
    with pytest.raises(ValueError, match="RECORD"):
        rewrite_wheel(str(bad), str(tmp_path / "out.whl"))


def test_the_modules_to_compile_are_exactly_those_the_imports_load(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "path", list(sys.path))
    wheel = make_wheel(tmp_path / "c.whl", sources("c"))
    try:
        found = imported_sources([wheel], ["tinypkg_c"], tmp_path / "installed")
    finally:
        for mod in [m for m in sys.modules if m.startswith("tinypkg_c")]:
            del sys.modules[mod]
    assert found == {"tinypkg_c/__init__.py", "tinypkg_c/helper.py"}


def test_the_job_rewrites_every_wheel_and_reports_what_it_compiled(tmp_path, monkeypatch):
    import json

    monkeypatch.setattr(sys, "path", list(sys.path))
    (tmp_path / "in").mkdir()
    make_wheel(tmp_path / "in" / "tiny_d-1.0-py3-none-any.whl", sources("d"))
    make_wheel(tmp_path / "in" / "tiny_e-1.0-py3-none-any.whl", {
        "tinypkg_e/__init__.py": "from .langs import python\n",
        "tinypkg_e/langs/__init__.py": "",
        "tinypkg_e/langs/python.py": "NAME = 'python'\n",
        "tinypkg_e/langs/rust.py": "NAME = 'rust'\n",
        "tinypkg_e/langs/cobol.py": "NAME = 'cobol'\n",
        "tinypkg_e/other.py": "UNUSED = True\n",
    }, dist="tiny_e-1.0")
    job = {"in": str(tmp_path / "in"), "out": str(tmp_path / "out"), "imports": ["tinypkg_d", "tinypkg_e"],
           "keep_source": ["tiny_d-1.0-py3-none-any.whl"],
           "imported_only": {"tiny_e-1.0-py3-none-any.whl": ["tinypkg_e/langs"]}}
    (tmp_path / "job.json").write_text(json.dumps(job))
    try:
        assert main([str(tmp_path / "job.json")]) == 0
    finally:
        for mod in [m for m in sys.modules if m.startswith(("tinypkg_d", "tinypkg_e"))]:
            del sys.modules[mod]
    report = json.loads((tmp_path / "out" / "bytecode.json").read_text())
    assert report["cache_tag"] == TAG
    assert report["wheels"] == {"tiny_d-1.0-py3-none-any.whl": {"compiled": 2, "skipped": {}, "left_out": 0},
                                "tiny_e-1.0-py3-none-any.whl": {"compiled": 3, "skipped": {}, "left_out": 2}}
    # only the named folder loses the modules nothing imported; the rest of the wheel is whole
    e = tmp_path / "out" / "tiny_e-1.0-py3-none-any.whl"
    record_matches_files(e)
    assert {n for n in zipfile.ZipFile(e).namelist() if n.startswith("tinypkg_e/")} == {
        "tinypkg_e/__init__.pyc", "tinypkg_e/langs/", "tinypkg_e/langs/__init__.pyc", "tinypkg_e/langs/python.pyc",
        "tinypkg_e/other.py"}
    with zipfile.ZipFile(tmp_path / "out" / "tiny_d-1.0-py3-none-any.whl") as z:
        assert pyc_path("tinypkg_d/helper.py") in z.namelist() and "tinypkg_d/helper.py" in z.namelist()


def test_a_build_without_node_says_what_to_install(monkeypatch):
    from bglearn.site import SiteError, tools

    monkeypatch.setattr(tools.shutil, "which", lambda name: None)
    with pytest.raises(SiteError, match="needs Node.js"):
        tools.find_node()


def test_pruning_leaves_out_the_folders_files_keeps_the_folders_and_the_record_true(tmp_path):
    wheel = make_wheel(tmp_path / "tiny-1.0-py3-none-any.whl", {
        "tiny/__init__.py": "",
        "tiny/stubs/std/os.pyi": "def getcwd() -> str: ...\n",
        "tiny/stubs/extra/six/__init__.pyi": "",
        "tiny/stubs/extra/attr.pyi": "",
        "tiny/stubs/old/a.pyi": "",
    })
    out = tmp_path / "out.whl"
    assert prune_wheel(str(wheel), str(out), ["tiny/stubs/extra/", "tiny/stubs/old"]) == 3
    record_matches_files(out)
    names = set(zipfile.ZipFile(out).namelist())
    assert {n for n in names if not n.endswith("/")} == {
        "tiny/__init__.py", "tiny/stubs/std/os.pyi", "tiny-1.0.dist-info/METADATA", "tiny-1.0.dist-info/RECORD"}
    zipfile.ZipFile(out).extractall(tmp_path / "site")
    # the folders stay, empty: code that lists them (jedi lists its stub folders) still finds them
    assert list((tmp_path / "site" / "tiny" / "stubs" / "extra").iterdir()) == []
    assert list((tmp_path / "site" / "tiny" / "stubs" / "old").iterdir()) == []
    assert (tmp_path / "site" / "tiny" / "stubs" / "std" / "os.pyi").is_file()


def test_pruning_a_folder_the_wheel_does_not_hold_is_refused(tmp_path):
    wheel = make_wheel(tmp_path / "tiny-1.0-py3-none-any.whl", {"tiny/__init__.py": ""})
    with pytest.raises(ValueError, match="no file under tiny/stubs/"):
        prune_wheel(str(wheel), str(tmp_path / "out.whl"), ["tiny/stubs"])
