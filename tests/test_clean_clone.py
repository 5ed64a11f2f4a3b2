"""A fresh clone with nothing beside it runs its tests: the test data lives in the repository
(``tests/cases/``), and no test reads a path of the machine it was written on.

Only ``../shared/realworld/`` (real match records, too large to keep in the repository) may be read
from outside, and a test that reads it skips when it is absent.
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
TESTS = ROOT / "tests"


def _git(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, timeout=300)


@pytest.mark.slow
def test_a_fresh_clone_collects_every_test_with_nothing_beside_it(tmp_path):
    """``git clone`` of this repository's HEAD into an empty folder, then ``pytest --collect-only`` there:
    no collection error (uncommitted changes are not in HEAD, so commit before relying on this)."""
    if shutil.which("git") is None or _git("rev-parse", "--git-dir", cwd=ROOT).returncode != 0:
        pytest.skip("not running from a git checkout")
    alone = tmp_path / "alone"
    alone.mkdir()
    clone = alone / "bglearn"
    r = _git("clone", "--quiet", "--no-local", str(ROOT), str(clone), cwd=alone)
    assert r.returncode == 0, r.stderr
    assert sorted(p.name for p in alone.iterdir()) == ["bglearn"]  # no shared/ or anything else beside it
    env = dict(os.environ)
    env["PYTHONPATH"] = str(clone)  # the clone's bglearn, not the installed checkout's
    env.pop("PYTEST_ADDOPTS", None)
    r = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
                       cwd=clone, env=env, capture_output=True, text=True, timeout=600)
    tail = "\n".join((r.stdout + r.stderr).splitlines()[-25:])
    assert r.returncode == 0, tail
    assert not re.search(r"\berrors?\b", r.stdout.splitlines()[-1] if r.stdout else "error"), tail
    assert re.search(r"\d+ tests? collected", r.stdout), tail
    # the clone's own files were used, not those of the checkout the tests run from
    imported = subprocess.run([sys.executable, "-c", "import bglearn; print(bglearn.__file__)"], cwd=clone,
                              env=env, capture_output=True, text=True, timeout=60).stdout.strip()
    assert Path(imported).resolve().is_relative_to(clone.resolve())


def _test_sources() -> list[Path]:
    return sorted(p for p in TESTS.rglob("*.py") if "__pycache__" not in p.parts)


@pytest.mark.parametrize("path", _test_sources(), ids=lambda p: str(p.relative_to(TESTS)))
def test_no_test_reads_a_path_outside_the_repository(path):
    """No string in test code starts with an absolute path of a machine, and a ``shared`` folder beside
    the repository is used only for ``shared/realworld``."""
    bad = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if re.search(r"""["'](/work/|/root/|/home/)""", line):
            bad.append(f"{n}: {line.strip()}")
        if re.search(r"""["']shared["']|["']\.\./shared|["']shared/""", line) and "realworld" not in line:
            bad.append(f"{n}: {line.strip()}")
    assert not bad, f"{path.name} reads outside the repository:\n" + "\n".join(bad)


def test_the_rule_cases_are_in_the_repository():
    from shared_cases import cases_dir, load

    assert cases_dir().resolve().is_relative_to(ROOT)
    assert load("plays.json")["cases"] and load("scoring.json")["match"]


def test_ci_installs_the_programs_the_tests_use():
    """.ci/run installs Chromium (browser tests), GNU Backgammon (the .mat round trip) and bubblewrap
    (the grader's sandbox), so none of those tests skips in CI."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    for package in ("chromium", "gnubg", "bubblewrap"):
        assert re.search(rf"need\+=\({package}\)", ci), package
    if os.environ.get("CI") == "true":  # where .ci/run has run: the programs are there
        assert Path("/usr/bin/chromium").exists()
        assert shutil.which("gnubg") or Path("/usr/games/gnubg").exists()
        assert shutil.which("bwrap")
