"""bglearn is a typed library: the whole package passes ``mypy --strict`` (the settings live in
pyproject's ``[tool.mypy]``: no module excluded, no blanket ignores), and it ships ``py.typed`` so a
project that uses it is type-checked against its real signatures rather than ``Any``.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "bglearn"

pytest.importorskip("mypy", reason="mypy is in the test extra: pip install -e '.[test]'")
tomllib = pytest.importorskip("tomllib", reason="reading pyproject.toml needs Python 3.11's tomllib")


#: mypy's incremental cache, kept between runs (mypy rechecks whatever changed since; the standard
#: library's and the dependencies' stubs, most of the work, are read once): one folder per Python and per
#: check, so the package's check and the downstream project's never share one.
MYPY_CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "bglearn-tests" / \
    f"mypy-{sys.implementation.cache_tag}"


def _mypy(*args: str, cwd: Path, cache: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(cache), *args], cwd=cwd,
                          env=env, capture_output=True, text=True, timeout=900)


def _config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]


def test_the_mypy_settings_are_strict_and_exclude_nothing():
    """What "passes mypy --strict" means here: strict mode over the whole package; the only
    per-module settings name third-party libraries that ship no type information."""
    config = _config()
    assert config["strict"] is True
    assert config["packages"] == ["bglearn"]
    for loose in ("exclude", "ignore_errors", "disable_error_code", "follow_imports", "allow_untyped_defs",
                  "allow_any_generics", "allow_untyped_calls", "check_untyped_defs"):
        assert loose not in config, f"[tool.mypy] {loose} loosens the check"
    assert not any(m == "bglearn" or m.startswith("bglearn.") for m in config.get("untyped_calls_exclude", []))
    for override in config.get("overrides", []):
        modules = override["module"] if isinstance(override["module"], list) else [override["module"]]
        assert not any(m == "bglearn" or m.startswith("bglearn.") for m in modules), override
        assert set(override) == {"module", "ignore_missing_imports"}, override


def test_no_blanket_type_ignore_in_the_package():
    """Every ``# type: ignore`` names the one error it silences; no file switches checks off."""
    bare = re.compile(r"#\s*type:\s*ignore(?!\[)")
    file_level = re.compile(r"^#\s*(mypy:|type:\s*ignore)", re.M)
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        rel = path.relative_to(ROOT)
        found += [f"{rel}: bare type: ignore" for _ in bare.finditer(text)]
        found += [f"{rel}: file-level {m.group(0)!r}" for m in file_level.finditer(text)]
    assert found == []


@pytest.mark.slow
def test_the_package_passes_mypy_strict():
    r = _mypy(cwd=ROOT, cache=MYPY_CACHE / "package")  # the settings of pyproject's [tool.mypy]
    assert r.returncode == 0, r.stdout[-6000:] + r.stderr[-2000:]
    assert r.stdout.startswith("Success: no issues found"), r.stdout


def _built_package(tmp_path: Path) -> Path:
    """The files a wheel of this checkout holds (setuptools' ``build_py``, run on a copy)."""
    src = tmp_path / "src"
    src.mkdir()
    shutil.copytree(PACKAGE, src / "bglearn", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    lib = tmp_path / "site"
    r = subprocess.run([sys.executable, "-c", "import setuptools; setuptools.setup()", "-q", "build_py",
                        "--build-lib", str(lib)], cwd=src, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    return lib


# A downstream project's module: it uses the public API and says what it expects back.
DOWNSTREAM = '''
from bglearn import Game, Match, Play, Position, Roll, Verdict, explain, legal_plays, render
from bglearn.records import parse_mat


def best_first(position: Position, roll: str) -> list[str]:
    plays: list[Play] = legal_plays(position, roll)
    return [play.notation for play in plays]


def verdict(position: Position) -> bool:
    v: Verdict = explain(position, Roll(3, 1), "8/5 6/5")
    return v.legal


game: Game = Game()
match: Match = Match(3)
svg_text: str = render(Position())
reveal_type(legal_plays)
reveal_type(Game.legal_plays)
reveal_type(parse_mat)
'''

# The same project with a mistake a type checker must catch.
MISTAKE = '''
from bglearn import Position, legal_plays

count: str = len(legal_plays(Position(), "31"))
'''


@pytest.mark.slow
def test_py_typed_ships_and_a_downstream_project_type_checks_strictly(tmp_path):
    lib = _built_package(tmp_path)
    assert (lib / "bglearn" / "py.typed").is_file(), "py.typed is not in the package data"
    project = tmp_path / "project"
    project.mkdir()
    (project / "use.py").write_text(DOWNSTREAM, encoding="utf-8")
    (project / "mistake.py").write_text(MISTAKE, encoding="utf-8")
    # Only the built package is importable: mypy finds it as an installed package, which it reads
    # only because of py.typed.
    env = {k: v for k, v in os.environ.items() if k not in ("MYPYPATH", "PYTHONPATH")}
    env["PYTHONPATH"] = str(lib)
    r = _mypy("--strict", "use.py", cwd=project, cache=MYPY_CACHE / "downstream", env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    revealed = re.findall(r'Revealed type is "(.*)"', r.stdout)
    assert len(revealed) == 3, r.stdout
    assert all("Any" not in t.split("->")[-1] for t in revealed), revealed
    assert "list[bglearn.plays.Play]" in revealed[0]
    r = _mypy("--strict", "mistake.py", cwd=project, cache=MYPY_CACHE / "downstream", env=env)
    assert r.returncode == 1, r.stdout
    assert 'Incompatible types in assignment (expression has type "int", variable has type "str")' in r.stdout
