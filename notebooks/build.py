#!/usr/bin/env python3
"""Build the course: turn the lesson sources in ``notebooks/src/`` into ``notebooks/*.ipynb`` with outputs.

The sources are text a teacher edits:

- ``src/NN-name.md``: one lesson (or the welcome page) as a jupytext MyST Markdown notebook: Markdown
  prose with ```` ```{code-cell} ```` blocks for the pictures, boards and quizzes;
- ``src/glossary.yaml``: the glossary as data (one entry per word, optional picture code), rendered
  into ``glossary.ipynb``.

Every source is executed with nbclient in a fresh kernel (the lessons seed their dice; the kernel runs
with ``PYTHONHASHSEED=0``), normalised with :func:`bglearn.widgets.fallback.normalize_notebook` so
two builds give identical bytes, and written next to this file. Code cells are collapsed (their
outputs stay visible) unless a cell carries the ``show-code`` tag. Each built notebook records the
SHA-256 of its source under ``metadata.bglearn``; ``tests/test_lessons.py`` fails when a source
changed without a rebuild.

    python notebooks/build.py              # build all notebooks (about a minute on two cores)
    python notebooks/build.py 03 glossary  # only those whose names contain these words
    python notebooks/build.py --check      # list the notebooks that are out of date, build nothing
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
import time
from pathlib import Path
from typing import Any

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = Path(__file__).resolve().parent
SRC = HERE / "src"
GLOSSARY_SOURCE = SRC / "glossary.yaml"
GLOSSARY = "glossary.ipynb"
SHOW_CODE = "show-code"
"""The cell tag that keeps a code cell's source visible (all other code cells are collapsed)."""

KERNELSPEC = {"name": "python3", "display_name": "Python 3", "language": "python"}


class BuildError(RuntimeError):
    """A source that cannot be built, with the file and the problem named."""


def sources() -> dict[str, Path]:
    """Every built notebook's file name, mapped to its source file, in course order."""
    found = {p.stem + ".ipynb": p for p in sorted(SRC.glob("*.md"))}
    if not found:
        raise BuildError(f"no lesson sources (*.md) in {SRC}")
    found[GLOSSARY] = GLOSSARY_SOURCE
    return found


def source_hash(path: Path) -> str:
    """The SHA-256 of a source file's bytes (recorded in the built notebook)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def recorded_hash(notebook: Path) -> str | None:
    """The source hash a built notebook records, or None if it records none."""
    nb = nbformat.read(str(notebook), as_version=4)
    return nb.metadata.get("bglearn", {}).get("source_sha256")


def out_of_date() -> list[str]:
    """The built notebooks missing or older than their sources (by recorded hash, nothing is run)."""
    stale = []
    for name, src in sources().items():
        target = HERE / name
        if not target.is_file() or recorded_hash(target) != source_hash(src):
            stale.append(name)
    return stale


# -- reading the sources ------------------------------------------------------------------------------

def _shown(path: Path) -> str:
    """A source's name for messages: relative to ``notebooks/`` when it is inside it."""
    try:
        return str(path.relative_to(HERE))
    except ValueError:
        return str(path)


def read_lesson(path: Path) -> nbformat.NotebookNode:
    """A lesson's MyST Markdown source as a notebook (cells only, no outputs)."""
    import jupytext

    try:
        return jupytext.reads(path.read_text(encoding="utf-8"), fmt="md:myst")
    except Exception as error:  # jupytext raises several kinds; name the file
        raise BuildError(f"{_shown(path)}: cannot be read as MyST Markdown: {error}") from error


def read_glossary(path: Path = GLOSSARY_SOURCE) -> dict[str, Any]:
    """The glossary data: ``title``, ``intro`` (Markdown), ``setup`` (code) and ``terms``, a list of
    entries each with ``term``, ``text`` (Markdown) and optional ``code`` (one code cell's source or
    a list of them). Raises :class:`BuildError` naming the first malformed entry."""
    import yaml

    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    where = _shown(path)
    if not isinstance(data, dict) or not isinstance(data.get("terms"), list):
        raise BuildError(f"{where}: expected a mapping with a list of 'terms'")
    for key in ("title", "intro", "setup"):
        if not isinstance(data.get(key), str):
            raise BuildError(f"{where}: '{key}' must be text")
    seen = set()
    for i, entry in enumerate(data["terms"], 1):
        if not isinstance(entry, dict) or not isinstance(entry.get("term"), str) or not isinstance(entry.get("text"), str):
            raise BuildError(f"{where}: entry {i} needs 'term' and 'text'")
        if entry["term"] in seen:
            raise BuildError(f"{where}: '{entry['term']}' is defined twice")
        seen.add(entry["term"])
    return data


def anchor(term: str) -> str:
    """The id of a glossary word's cell: the term with spaces turned into hyphens (``Home-board``).

    Lessons link to a word as ``glossary.ipynb#cell-id=Home-board``: JupyterLab and Notebook 7 open
    the glossary scrolled to that cell and select it. (A heading fragment, ``#Home-board``, only
    opens the glossary at the top when the heading is not yet drawn, which is the case for most
    words: the notebook draws cells as they scroll into view.)"""
    return term.replace(" ", "-")


def glossary_notebook(data: dict[str, Any]) -> nbformat.NotebookNode:
    """The glossary notebook's cells: the title, the setup cell, then one heading per word (sorted
    as in the data) with its definition and pictures."""
    cells = [new_markdown_cell(f"# {data['title']}\n\n{data['intro'].strip()}"),
             new_code_cell(data["setup"].strip())]
    for entry in data["terms"]:
        heading = new_markdown_cell(f"## {entry['term']}\n\n{entry['text'].strip()}")
        heading["id"] = anchor(entry["term"])  # what links land on: glossary.ipynb#cell-id=<anchor>
        cells.append(heading)
        code = entry.get("code") or []
        for source in [code] if isinstance(code, str) else code:
            cells.append(new_code_cell(source.strip()))
    if data.get("outro"):
        cells.append(new_markdown_cell(data["outro"].strip()))
    for i, cell in enumerate(cells):
        if not cell.source.startswith("## "):
            cell["id"] = f"cell-{i:02d}"
    return new_notebook(cells=cells)


def load(name: str, path: Path) -> nbformat.NotebookNode:
    """The unexecuted notebook built from ``path``, with stable cell ids (``cell-00``, ``cell-01``, ...;
    a glossary word's cell is its :func:`anchor`), collapsed code cells and the source hash in its
    metadata."""
    glossary = path == GLOSSARY_SOURCE
    nb = glossary_notebook(read_glossary(path)) if glossary else read_lesson(path)
    nb.metadata = nbformat.NotebookNode({
        "kernelspec": dict(KERNELSPEC),
        "language_info": {"name": "python"},
        "bglearn": {"source": str(path.relative_to(HERE)), "source_sha256": source_hash(path)},
    })
    for i, cell in enumerate(nb.cells):
        if not glossary:  # the glossary's cells have their ids already (its words' cells are link targets)
            cell["id"] = f"cell-{i:02d}"
        if cell.cell_type == "code":
            cell.metadata.pop("execution", None)
            if SHOW_CODE not in cell.metadata.get("tags", []):
                cell.metadata.setdefault("jupyter", {})["source_hidden"] = True
    return nb


# -- running ----------------------------------------------------------------------------------------

def execute(nb: nbformat.NotebookNode, name: str, timeout: int = 300) -> None:
    """Run every cell in a fresh kernel started in ``notebooks/``; a failing cell raises
    :class:`BuildError` naming the notebook and the cell."""
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    os.environ["PYTHONHASHSEED"] = "0"  # the kernel inherits it: set and dict orders repeat
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3",
                            resources={"metadata": {"path": str(HERE)}})
    try:
        client.execute()
    except CellExecutionError as error:
        failed = next((c for c in nb.cells if c.cell_type == "code"
                       and any(o.output_type == "error" for o in c.get("outputs", []))), None)
        where = f" (cell {nb.cells.index(failed)}: {failed.source.splitlines()[0][:70]!r})" if failed else ""
        raise BuildError(f"{name}{where}: {error.ename}: {error.evalue}") from error


def coalesce_streams(nb: nbformat.NotebookNode) -> None:
    """Join consecutive ``stream`` outputs of the same name (stdout, stderr) in place: how printed text
    is split into messages depends on timing, so an unjoined notebook would differ between builds."""
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        joined: list = []
        for out in cell.outputs:
            if (out.output_type == "stream" and joined and joined[-1].output_type == "stream"
                    and joined[-1].name == out.name):
                joined[-1].text += out.text
            else:
                joined.append(out)
        cell.outputs = joined


def build_one(name: str, path: Path) -> nbformat.NotebookNode:
    """Read, execute and normalise one notebook (not written)."""
    from bglearn.widgets.fallback import normalize_notebook

    nb = load(name, path)
    execute(nb, name)
    coalesce_streams(nb)
    nb = normalize_notebook(nb, cell_ids=False)  # ids are already stable: cell-00, cell-01, ...
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.metadata.pop("execution", None)
    return nb


def build(words: list[str]) -> list[Path]:
    """Build the notebooks whose names contain any of ``words`` (all when empty); returns the paths written."""
    written = []
    for name, path in sources().items():
        if words and not any(w in name for w in words):
            continue
        t0 = time.perf_counter()
        nb = build_one(name, path)
        target = HERE / name
        nbformat.write(nb, str(target))
        written.append(target)
        print(f"wrote notebooks/{name} from {path.relative_to(HERE)} ({time.perf_counter() - t0:.1f} s)", flush=True)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="build only notebooks whose file names contain these")
    parser.add_argument("--check", action="store_true", help="list out-of-date notebooks and exit 1 if any")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(HERE.parent))  # the repository's bglearn, even when not installed
    try:
        if args.check:
            stale = out_of_date()
            for name in stale:
                print(f"out of date: notebooks/{name}")
            return 1 if stale else 0
        t0 = time.perf_counter()
        written = build(args.names)
    except BuildError as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    print(f"built {len(written)} notebooks in {time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
