"""The code passes ruff with no finding, under the rule set pyproject.toml states (``[tool.ruff.lint]``).

The lesson and exercise notebooks are left out of the check (``extend-exclude``): a notebook's first
cell imports everything a learner may use (``from bglearn import *`` and names later cells use), on
purpose. ruff comes with the test extra (``pip install -e '.[test]'``).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def ruff(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    try:
        import ruff as _installed  # noqa: F401
    except ImportError:  # pragma: no cover - the test extra installs it
        raise AssertionError("ruff is not installed: it comes with the test extra, pip install -e '.[test]'") from None
    return subprocess.run([sys.executable, "-m", "ruff", *args], cwd=ROOT, input=stdin, capture_output=True,
                          text=True, timeout=300)


def test_the_rule_set_is_stated_in_pyproject():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    lint = re.search(r"^\[tool\.ruff\.lint\]\n(.*?)(?=^\[)", text, re.M | re.S)
    assert lint, "pyproject.toml has no [tool.ruff.lint] table"
    assert re.search(r"^select\s*=\s*\[", lint.group(1), re.M), "[tool.ruff.lint] does not say which rules it selects"


def test_ruff_finds_nothing():
    r = ruff("check", "--no-cache", "--output-format", "concise", ".")
    assert r.returncode == 0, r.stdout[-6000:] + r.stderr[-2000:]


def test_the_settings_catch_what_they_promise():
    """With the project's settings, ruff reports an unused import and a loop that rebinds ``_`` (the
    translation function), in a file under the package: the check above is not vacuous."""
    source = "from bglearn.i18n import _\nimport os\n\n\nfor _ in range(3):\n    pass\nprint(_('x'))\n"
    r = ruff("check", "--no-cache", "--output-format", "concise", "--stdin-filename", "bglearn/example.py", "-",
             stdin=source)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "F401" in r.stdout and "F402" in r.stdout, r.stdout
