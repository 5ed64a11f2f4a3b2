"""The site's kit wheel holds exactly the package's modules (``bglearn.site.kit_wheel.build_kit_wheel``).

setuptools packs everything in the source tree's ``build/lib``: a wheel built in place from a developer's
checkout ships modules renamed or deleted long ago. The site builds the wheel from a clean copy instead.
Needs no browser; builds one wheel with pip (some seconds).
"""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import pytest

from bglearn.site import SiteError
from bglearn.site.kit_wheel import KIT_FILES, build_kit_wheel, kit_source

REPO = Path(__file__).resolve().parents[1]


def package_files(root: Path) -> set[str]:
    """The package's own files under ``root`` (archive paths), without compiled files."""
    return {
        p.relative_to(root).as_posix() for p in (root / "bglearn").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    }


@pytest.fixture(scope="module")
def checkout(tmp_path_factory) -> Path:
    """A copy of the kit's sources as a developer's checkout has them after an earlier build: with a
    ``build/lib/bglearn/`` that still holds a module since renamed away."""
    root = tmp_path_factory.mktemp("checkout")
    for name in KIT_FILES:
        shutil.copy2(REPO / name, root / name)
    shutil.copytree(REPO / "bglearn", root / "bglearn", ignore=shutil.ignore_patterns("__pycache__"))
    stale = root / "build" / "lib" / "bglearn"
    stale.mkdir(parents=True)
    (stale / "renamed_long_ago.py").write_text("STALE = True\n")
    (root / "bglearn" / "__pycache__").mkdir(exist_ok=True)
    (root / "bglearn" / "__pycache__" / "gone.cpython-311.pyc").write_bytes(b"junk")
    return root


def test_the_kit_wheel_holds_exactly_the_packages_modules(checkout, tmp_path):
    (tmp_path / "wheels").mkdir()
    wheel = build_kit_wheel(checkout, tmp_path / "wheels", tmp_path / "work")
    names = {n for n in zipfile.ZipFile(wheel).namelist() if n.startswith("bglearn/")}
    modules = {n for n in names if n.endswith(".py")}
    tree = package_files(checkout)
    assert modules == {n for n in tree if n.endswith(".py")}
    assert names <= tree  # data files too come from the package itself, nothing else
    assert {"bglearn/widgets/board.js", "bglearn/py.typed", "bglearn/site/bytecode.mjs", "bglearn/site/kernel_start.js"} <= names


def test_the_clean_copy_holds_only_what_the_wheel_is_built_from(checkout, tmp_path):
    copy = kit_source(checkout, tmp_path / "copy")
    assert sorted(p.name for p in copy.iterdir()) == sorted([*KIT_FILES, "bglearn"])
    assert package_files(copy) == package_files(checkout)
    assert not list(copy.rglob("__pycache__"))


def test_a_folder_that_is_not_the_kits_sources_is_refused(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    with pytest.raises(SiteError, match=r"lacks README\.md, bglearn"):
        kit_source(tmp_path, tmp_path / "copy")
