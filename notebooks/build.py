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
    python notebooks/build.py --check      # list the notebooks (and the plan) that are out of date, build nothing
    python notebooks/build.py --lang fi    # the Finnish course: notebooks/src/fi/*.md -> notebooks/fi/*.ipynb
    python notebooks/build.py --plan       # only write the course plans (bglearn/learn/plans/*.json), no kernel

A translated course (``--lang es|fi|ro``) is built the same way from ``src/<lang>/`` (same file names,
its own ``glossary.yaml``) into ``notebooks/<lang>/``. The build puts a first code cell in each notebook,
``import bglearn; bglearn.set_language("fi")``, so the engine's messages, boards and quizzes speak the
lesson's language (also when a learner re-runs it), runs the kernel with ``BGLEARN_LANG`` set, and points
the links to graded exercises at ``exercises/<lang>/``.

Every build also writes the **course plan** of its language, ``bglearn/learn/plans/<lang>.json``
(:func:`write_plan`): every stage of every lesson — each ``GoalBoard("03.2", ...)`` and each quiz with
``stage="03.4"``, with its title and the section heading it sits under — in the lesson order of
``src/course.toml``, with the graded exercises placed after the lessons they need. It is extracted
from *all* the lesson sources of the language (whatever is being built), so two builds of different
lessons write the same file. The lessons run with ``BGLEARN_PROGRESS`` pointing to a fresh, empty
progress store, so a course map or goal board stores the same output on every machine.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import os
import re
import sys
import tempfile
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
PREDICT = "predict"
"""The cell tag of a "predict before you run" cell: its stored output is folded (the learner sees
only its first line, a header such as ``The engine's answer:``) until the learner runs the cell."""

KERNELSPEC = {"name": "python3", "display_name": "Python 3", "language": "python"}
COURSE = SRC / "course.toml"
"""The lesson order and where each graded exercise goes (read into the course plan)."""
PLANS = HERE.parent / "bglearn" / "learn" / "plans"
"""Where the course plans are written: ``<lang>.json``."""
EXERCISE_SOURCES = HERE.parent / "exercises" / "src"
STAGE_ID = re.compile(r"^(\d{2})\.\d{1,2}$")
"""A stage id: the lesson's two-digit number, a dot, the stage's number (``03.2``)."""


class BuildError(RuntimeError):
    """A source that cannot be built, with the file and the problem named."""


def source_dir(lang: str = "en") -> Path:
    """The lesson sources of ``lang``: ``src/`` for English, ``src/<lang>/`` for a translation."""
    return SRC if lang == "en" else SRC / lang


def out_dir(lang: str = "en") -> Path:
    """Where the notebooks of ``lang`` are written: ``notebooks/`` for English, ``notebooks/<lang>/``."""
    return HERE if lang == "en" else HERE / lang


def sources(lang: str = "en") -> dict[str, Path]:
    """Every built notebook's file name, mapped to its source file, in course order."""
    src = source_dir(lang)
    found = {p.stem + ".ipynb": p for p in sorted(src.glob("*.md"))}
    if not found:
        raise BuildError(f"no lesson sources (*.md) in {src}")
    if (src / GLOSSARY_SOURCE.name).is_file():
        found[GLOSSARY] = src / GLOSSARY_SOURCE.name
    return found


def source_hash(path: Path) -> str:
    """The SHA-256 of a source file's bytes (recorded in the built notebook)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def recorded_hash(notebook: Path) -> str | None:
    """The source hash a built notebook records, or None if it records none."""
    nb = nbformat.read(str(notebook), as_version=4)
    return nb.metadata.get("bglearn", {}).get("source_sha256")


def out_of_date(lang: str = "en") -> list[str]:
    """The built notebooks missing or older than their sources (by recorded hash, nothing is run)."""
    stale = []
    for name, src in sources(lang).items():
        target = out_dir(lang) / name
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
    a list of them) and ``id`` (a translation's English anchor). When some entry has pictures, also
    the labels of the pictures section: ``pictures`` (its heading), ``picture_link`` (the link under
    a pictured word), ``picture_heading`` and ``back_link`` (both with ``{term}``). Raises
    :class:`BuildError` naming the first malformed entry."""
    import yaml

    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    where = _shown(path)
    if not isinstance(data, dict) or not isinstance(data.get("terms"), list):
        raise BuildError(f"{where}: expected a mapping with a list of 'terms'")
    for key in ("title", "intro", "setup"):
        if not isinstance(data.get(key), str):
            raise BuildError(f"{where}: '{key}' must be text")
    if any(isinstance(e, dict) and e.get("code") for e in data["terms"]):
        for key in ("pictures", "picture_link", "picture_heading", "back_link"):
            if not isinstance(data.get(key), str):
                raise BuildError(f"{where}: '{key}' must be text (the glossary has pictures)")
        for key in ("picture_heading", "back_link"):
            if "{term}" not in data[key]:
                raise BuildError(f"{where}: '{key}' must contain {{term}}")
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


def entry_anchor(entry: dict[str, Any]) -> str:
    """The cell id of a glossary entry: its ``id`` key when it has one (a translated glossary keeps
    the English anchor there, so the lessons' links stay the same), else :func:`anchor` of its term."""
    return entry.get("id") or anchor(entry["term"])


def picture_anchor(entry: dict[str, Any]) -> str:
    """The id of the cell that heads a glossary word's pictures (``picture-Blot``)."""
    return "picture-" + entry_anchor(entry)


def glossary_notebook(data: dict[str, Any]) -> nbformat.NotebookNode:
    """The glossary notebook's cells: the title, the setup cell, one Markdown cell per word (its
    heading and definition; its cell id is :func:`entry_anchor`), then a pictures section with each
    pictured word's heading (id :func:`picture_anchor`) and picture cells, then the outro.

    The pictures come after all the words on purpose: JupyterLab (its default "content visibility"
    windowing) opens a notebook with every cell at an *estimated* height, scrolls to a link's target,
    and then draws the cells above it at their real height. A board picture is some 300 px taller
    than its estimate, so pictures above a word pushed the word out of view; with nothing but text
    above every word, a link lands on it (``tests/browser/test_lessons_browser.py``). A pictured
    word's definition ends with a link to its pictures, and the pictures link back."""
    pictured = [e for e in data["terms"] if e.get("code")]
    cells = [new_markdown_cell(f"# {data['title']}\n\n{data['intro'].strip()}"),
             new_code_cell(data["setup"].strip())]
    for entry in data["terms"]:
        text = f"## {entry['term']}\n\n{entry['text'].strip()}"
        if entry.get("code"):
            text += f"\n\n[{data['picture_link']}](#cell-id={picture_anchor(entry)})"
        cell = new_markdown_cell(text)
        cell["id"] = entry_anchor(entry)  # what links land on: glossary.ipynb#cell-id=<anchor>
        cells.append(cell)
    if pictured:
        cells.append(new_markdown_cell(f"## {data['pictures']}"))
    for entry in pictured:
        heading = new_markdown_cell(
            f"### {data['picture_heading'].format(term=entry['term'])}\n\n"
            f"[{data['back_link'].format(term=entry['term'])}](#cell-id={entry_anchor(entry)})")
        heading["id"] = picture_anchor(entry)
        cells.append(heading)
        code = entry["code"]
        for source in [code] if isinstance(code, str) else code:
            cells.append(new_code_cell(source.strip()))
    if data.get("outro"):
        cells.append(new_markdown_cell(data["outro"].strip()))
    targets = {entry_anchor(e) for e in data["terms"]} | {picture_anchor(e) for e in pictured}
    for i, cell in enumerate(cells):
        if cell.get("id") not in targets:
            cell["id"] = f"cell-{i:02d}"
    return new_notebook(cells=cells)


def language_cell(lang: str) -> nbformat.NotebookNode:
    """The first cell of a translated notebook: the engine's language (kept when the learner re-runs)."""
    return new_code_cell(f'import bglearn\nbglearn.set_language("{lang}")')


def localize_links(nb: nbformat.NotebookNode, lang: str) -> None:
    """In a translated lesson, links to graded exercises (``../exercises/x.ipynb``) open the same
    exercise in the lesson's language (``../../exercises/<lang>/x.ipynb``), and the paths the text
    shows (```exercises/x.ipynb```, ```exercises/```) name that language's folder."""
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            cell.source = re.sub(rf"`exercises/(?!{lang}/)", f"`exercises/{lang}/",
                                 cell.source.replace("](../exercises/", f"](../../exercises/{lang}/"))


def load(name: str, path: Path, lang: str = "en") -> nbformat.NotebookNode:
    """The unexecuted notebook built from ``path``, with stable cell ids (``cell-00``, ``cell-01``, ...;
    a glossary word's cell is its :func:`anchor`), collapsed code cells and the source hash in its
    metadata. A translation (``lang`` not "en") starts with :func:`language_cell`."""
    glossary = path.name == GLOSSARY_SOURCE.name
    nb = glossary_notebook(read_glossary(path)) if glossary else read_lesson(path)
    if lang != "en":
        localize_links(nb, lang)
        first = language_cell(lang)
        first["id"] = "cell-language"
        nb.cells.insert(0, first)
    nb.metadata = nbformat.NotebookNode({
        "kernelspec": dict(KERNELSPEC),
        "language_info": {"name": "python"},
        "bglearn": {"source": str(path.relative_to(HERE)), "source_sha256": source_hash(path)},
    })
    for i, cell in enumerate(nb.cells[1:] if lang != "en" else nb.cells, start=0):
        if not glossary:  # the glossary's cells have their ids already (its words' cells are link targets)
            cell["id"] = f"cell-{i:02d}"
        if cell.cell_type == "code":
            cell.metadata.pop("execution", None)
            if SHOW_CODE not in cell.metadata.get("tags", []):
                cell.metadata.setdefault("jupyter", {})["source_hidden"] = True
            if PREDICT in cell.metadata.get("tags", []):  # JupyterLab reads "collapsed", Notebook 6 the other
                cell.metadata["collapsed"] = True
                cell.metadata.setdefault("jupyter", {})["outputs_hidden"] = True
    return nb


def check_predictions(nb: nbformat.NotebookNode, name: str) -> None:
    """Every ``predict`` cell's folded output shows only a header line: JupyterLab draws a folded
    output as the first non-empty line of its first output, so that output must be printed text
    whose first line is the same in every such cell of the notebook (``The engine's answer:``),
    never the answer. Raises :class:`BuildError` naming the cell."""
    headers = set()
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code" or PREDICT not in cell.metadata.get("tags", []):
            continue
        first = cell.outputs[0] if cell.outputs else None
        if first is None or first.output_type != "stream" or first.name != "stdout":
            raise BuildError(f"{name} (cell {i}): a '{PREDICT}' cell must print its header line first "
                             "(its folded output shows that line)")
        headers.add(next(line for line in first.text.splitlines() if line.strip()))
    if len(headers) > 1:
        raise BuildError(f"{name}: the '{PREDICT}' cells print different first lines: {sorted(headers)}")


# -- the course plan ----------------------------------------------------------------------------------

def read_course(path: Path | None = None) -> dict[str, Any]:
    """``course.toml``: ``lessons`` (source names in order) and ``exercises`` (exercise name -> the lesson
    number it comes after). Raises :class:`BuildError` naming what is wrong."""
    try:
        import tomllib
    except ImportError:  # Python 3.10: the file uses only strings, lists of strings and one table
        tomllib = None
    path = path or COURSE
    text = path.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text) if tomllib else _simple_toml(text)
    except ValueError as error:
        raise BuildError(f"{_shown(path)}: cannot be read: {error}") from error
    lessons, exercises = data.get("lessons"), data.get("exercises")
    if not isinstance(lessons, list) or not all(isinstance(x, str) for x in lessons):
        raise BuildError(f"{_shown(path)}: 'lessons' must be a list of lesson names")
    if not isinstance(exercises, dict) or not all(isinstance(v, str) for v in exercises.values()):
        raise BuildError(f"{_shown(path)}: [exercises] must map each exercise to a lesson number")
    numbers = {name[:2] for name in lessons}
    for name, after in exercises.items():
        if after not in numbers:
            raise BuildError(f"{_shown(path)}: exercise {name!r} comes after lesson {after!r}, which is not in 'lessons'")
    return {"lessons": lessons, "exercises": exercises}


def _simple_toml(text: str) -> dict[str, Any]:
    """The subset of TOML ``course.toml`` uses (Python 3.10 has no tomllib)."""
    data: dict[str, Any] = {}
    table = data
    body = re.sub(r"#[^\n\"]*(?=\n|$)", "", text)
    for match in re.finditer(r'^\[([\w-]+)\]\s*$|^([\w-]+)\s*=\s*(\[[^\]]*\]|"[^"]*")', body, re.M):
        if match.group(1):
            table = data.setdefault(match.group(1), {})
        else:
            table[match.group(2)] = json.loads(re.sub(r",\s*\]", "]", match.group(3)))
    return data


def _literal(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _short(text: str, limit: int = 80) -> str:
    """A title of at most ``limit`` characters, cut at a word."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    return text[:limit].rsplit(" ", 1)[0].rstrip(",;:") + "…"


def _stage_calls(source: str, where: str) -> list[tuple[str, str | None, str]]:
    """The stages a code cell declares: ``(id, title or None, kind)`` for each ``GoalBoard(...)`` and each
    ``...Quiz(..., stage=...)`` call, in source order."""
    try:
        tree = ast.parse(source)
    except SyntaxError as error:
        raise BuildError(f"{where}: a code cell is not Python: {error}") from error
    found = []
    calls = sorted((n for n in ast.walk(tree) if isinstance(n, ast.Call)), key=lambda n: (n.lineno, n.col_offset))
    for call in calls:
        func = call.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        keywords = {k.arg: k.value for k in call.keywords if k.arg}
        if name == "GoalBoard":
            node = call.args[0] if call.args else keywords.get("stage")
            kind, title = "board", _literal(keywords.get("title")) or _literal(keywords.get("text"))
        elif "stage" in keywords:  # a quiz (PlayQuiz(..., stage=...), NumberQuiz.pip_count(..., stage=...))
            node = keywords["stage"]
            sentences = [t for t in map(_literal, call.args) if t and " " in t.strip()]  # not a roll like "51"
            prompt = _literal(keywords.get("prompt")) or (sentences[0] if sentences else None)
            kind, title = "check", prompt
        else:
            continue
        stage = _literal(node)
        if stage is None or not STAGE_ID.match(stage):
            shown = ast.unparse(node) if node is not None else "nothing"
            raise BuildError(f"{where}: {name} needs a stage id like \"03.2\" (the lesson's number, a dot, the "
                             f"stage's number) as a literal string, got {shown}")
        found.append((stage, _short(title) if title else None, kind))
    return found


def lesson_stages(path: Path) -> tuple[str, list[dict[str, str]]]:
    """A lesson source's title (its first ``#`` heading) and its stages: ``id``, ``title`` (the board's
    ``title=``, else its ``text=``; a quiz's prompt: its ``prompt=`` or first literal argument with a space; else the section heading), ``section`` (the ``##``
    heading above it) and ``kind`` (``board`` or ``check``). A stage id of another lesson is a
    :class:`BuildError`."""
    nb = read_lesson(path)
    where = _shown(path)
    title, section, stages = path.stem, "", []
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                heading = re.match(r"^(#{1,3})\s+(.*\S)", line)
                if heading and len(heading.group(1)) == 1 and title == path.stem:
                    title = heading.group(2)
                elif heading and len(heading.group(1)) == 2:
                    section = heading.group(2)
        elif cell.cell_type == "code":
            for stage, stage_title, kind in _stage_calls(cell.source, where):
                if stage[:2] != path.name[:2]:
                    raise BuildError(f"{where}: stage {stage} belongs to lesson {stage[:2]}, not to this lesson "
                                     f"({path.name[:2]}): stage ids start with their lesson's number")
                stages.append({"id": stage, "title": stage_title or section or title, "section": section,
                               "kind": kind})
    return title, stages


def _exercise_title(name: str, lang: str) -> str:
    for folder in ([EXERCISE_SOURCES / lang] if lang != "en" else []) + [EXERCISE_SOURCES]:
        path = folder / f"{name}.md"
        if path.is_file():
            first = next((ln for ln in path.read_text(encoding="utf-8").splitlines() if ln.startswith("# ")), "")
            if first:
                return first[2:].strip()
    raise BuildError(f"course.toml names the exercise {name!r}, but exercises/src/{name}.md has no '# ' title")


def extract_plan(lang: str = "en") -> dict[str, Any]:
    """The course plan of ``lang`` from all its lesson sources and ``course.toml`` (see the module
    docstring). Raises :class:`BuildError` on a duplicate or malformed stage id, a lesson source
    missing from ``course.toml`` or one it names that does not exist."""
    course = read_course()
    found = {p.stem: p for p in sorted(source_dir(lang).glob("*.md"))}
    missing = [name for name in course["lessons"] if name not in found]
    if missing:
        raise BuildError(f"course.toml lists {', '.join(missing)}, but {_shown(source_dir(lang))} has no such source")
    unlisted = [name for name in found if name not in course["lessons"]]
    if unlisted:
        raise BuildError(f"{', '.join(unlisted)} in {_shown(source_dir(lang))} not listed in course.toml's 'lessons'")
    prefix = "../exercises/" if lang == "en" else f"../../exercises/{lang}/"
    seen: dict[str, str] = {}
    lessons = []
    for name in course["lessons"]:
        title, stages = lesson_stages(found[name])
        for stage in stages:
            if stage["id"] in seen:
                raise BuildError(f"stage {stage['id']} is declared twice: in {seen[stage['id']]} and in "
                                 f"{_shown(found[name])}; stage ids are unique in the course")
            seen[stage["id"]] = _shown(found[name])
        exercises = [{"name": ex, "title": _exercise_title(ex, lang), "href": f"{prefix}{ex}.ipynb"}
                     for ex, after in course["exercises"].items() if after == name[:2]]
        lessons.append({"id": name[:2], "title": title, "notebook": f"{name}.ipynb", "stages": stages,
                        "exercises": exercises})
    return {"language": lang, "lessons": lessons}


def plan_text(lang: str = "en") -> str:
    """The course plan of ``lang`` as the JSON text written to ``plans/<lang>.json`` (deterministic)."""
    return json.dumps(extract_plan(lang), ensure_ascii=False, indent=1) + "\n"


def write_plan(lang: str = "en") -> Path:
    """Write ``bglearn/learn/plans/<lang>.json`` (only when its text changes); returns its path."""
    PLANS.mkdir(exist_ok=True)
    target = PLANS / f"{lang}.json"
    text = plan_text(lang)
    if not target.is_file() or target.read_text(encoding="utf-8") != text:
        partial = target.with_name(f".{target.name}.{os.getpid()}")
        partial.write_text(text, encoding="utf-8")
        os.replace(partial, target)  # atomic: two builds at once never leave half a file
    return target


# -- running ----------------------------------------------------------------------------------------

def execute(nb: nbformat.NotebookNode, name: str, timeout: int = 300, folder: Path = HERE) -> None:
    """Run every cell in a fresh kernel started in ``folder`` (``notebooks/``); a failing cell raises
    :class:`BuildError` naming the notebook and the cell."""
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    os.environ["PYTHONHASHSEED"] = "0"  # the kernel inherits it: set and dict orders repeat
    paths = os.environ.get("PYTHONPATH", "").split(os.pathsep)
    if str(HERE.parent) not in paths:  # the kernel imports this repository's bglearn, installed or not
        os.environ["PYTHONPATH"] = os.pathsep.join([str(HERE.parent), *filter(None, paths)])
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3",
                            resources={"metadata": {"path": str(folder)}})
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


def build_one(name: str, path: Path, lang: str = "en") -> nbformat.NotebookNode:
    """Read, execute and normalise one notebook (not written)."""
    from bglearn.widgets.fallback import normalize_notebook

    nb = load(name, path, lang)
    os.environ["BGLEARN_LANG"] = lang  # the kernel inherits it (the first cell also sets it)
    before = os.environ.get("BGLEARN_PROGRESS")
    with tempfile.TemporaryDirectory(prefix="bglearn-build-progress-") as progress:
        os.environ["BGLEARN_PROGRESS"] = str(Path(progress) / "progress.sqlite")  # a fresh learner: no progress
        try:
            execute(nb, name, folder=out_dir(lang))
        finally:
            if before is None:
                del os.environ["BGLEARN_PROGRESS"]
            else:
                os.environ["BGLEARN_PROGRESS"] = before
    coalesce_streams(nb)
    check_predictions(nb, name)
    nb = normalize_notebook(nb, cell_ids=False)  # ids are already stable: cell-00, cell-01, ...
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.metadata.pop("execution", None)
    return nb


def build(words: list[str], lang: str = "en") -> list[Path]:
    """Build the notebooks whose names contain any of ``words`` (all when empty); returns the paths written."""
    written = []
    out_dir(lang).mkdir(exist_ok=True)
    print(f"wrote {write_plan(lang).relative_to(HERE.parent)} (the course plan)", flush=True)
    for name, path in sources(lang).items():
        if words and not any(w in name for w in words):
            continue
        t0 = time.perf_counter()
        nb = build_one(name, path, lang)
        target = out_dir(lang) / name
        nbformat.write(nb, str(target))
        written.append(target)
        print(f"wrote {target.relative_to(HERE.parent)} from {path.relative_to(HERE)} "
              f"({time.perf_counter() - t0:.1f} s)", flush=True)
    return written


def main(argv: list[str] | None = None) -> int:
    sys.path.insert(0, str(HERE.parent))  # the repository's bglearn, even when not installed
    from bglearn.i18n import LANGUAGES

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="build only notebooks whose file names contain these")
    parser.add_argument("--check", action="store_true", help="list out-of-date notebooks and exit 1 if any")
    parser.add_argument("--plan", action="store_true", help="only write the course plan of the language (no kernel)")
    parser.add_argument("--lang", default="en", choices=LANGUAGES,
                        help="the course's language: src/<lang>/ into notebooks/<lang>/ (default: en)")
    args = parser.parse_args(argv)
    try:
        if args.check:
            stale = out_of_date(args.lang)
            for name in stale:
                print(f"out of date: {(out_dir(args.lang) / name).relative_to(HERE.parent)}")
            plan = PLANS / f"{args.lang}.json"
            if not plan.is_file() or plan.read_text(encoding="utf-8") != plan_text(args.lang):
                print(f"out of date: {plan.relative_to(HERE.parent)} (python notebooks/build.py --plan --lang {args.lang})")
                stale.append(plan.name)
            return 1 if stale else 0
        if args.plan:
            print(f"wrote {write_plan(args.lang).relative_to(HERE.parent)}")
            return 0
        t0 = time.perf_counter()
        written = build(args.names, args.lang)
    except BuildError as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    print(f"built {len(written)} notebooks in {time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
