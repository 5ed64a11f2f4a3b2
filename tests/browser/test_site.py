"""The zero-install course website (``bglearn site``) in a real browser, with the network blocked.

Builds the site with ``bglearn site`` in a Python 3.12+ virtual environment that holds the kit's ``site``
extra (kept between runs under ``~/.cache/bglearn-tests``), serves it with ``python -m http.server`` on
127.0.0.1, and drives Debian's Chromium: lessons 01 and 03 run every cell with no error and draw boards,
a teacher's added notebook plays a move on a BoardWidget, and no request leaves 127.0.0.1.

Slow (a build of about a minute, then a Pyodide kernel start per page); the build is kept under
``~/.cache/bglearn-tests`` and reused while nothing it reads has changed. Without a Python 3.12+ on the
machine the test skips; ``BGLEARN_REQUIRE_SITE_TEST=1`` (set by ``.ci/run``) turns that skip into a failure.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import nbformat
import pytest

from .harness import ARTIFACTS, REPO, free_port

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LESSONS = ("notebooks/01-board-and-setup.ipynb", "notebooks/03-hitting-and-the-bar.ipynb")
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "bglearn-tests"


def _works(python: str) -> bool:
    """Whether ``python`` runs and is 3.12 or newer (a pyenv shim may exist without a working Python)."""
    try:
        out = subprocess.run([python, "-c", "import sys; print(sys.version_info >= (3, 12))"],
                             capture_output=True, text=True, timeout=30)
    except OSError:
        return False
    return out.returncode == 0 and out.stdout.strip() == "True"


def _build_python() -> str | None:
    """A Python 3.12 or newer to build the site with (the build's lock tool needs it)."""
    candidates = [os.environ.get("BGLEARN_SITE_PYTHON", ""), sys.executable]
    pyenv = Path.home() / ".pyenv" / "versions"
    if pyenv.is_dir():
        candidates += [str(v / "bin" / "python") for v in sorted(pyenv.glob("3.1[2-9]*"))]
    candidates += [shutil.which(name) or "" for name in ("python3.12", "python3.13")]
    return next((c for c in candidates if c and _works(c)), None)


def _install_spec() -> bytes:
    """What the site venv's packages depend on in pyproject.toml: the build system, the kit's dependencies
    and its ``site`` extra (not the rest of the file, which changes often)."""
    text = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    try:
        import tomllib
    except ImportError:  # Python 3.10: key on the whole file
        return text.encode()
    config = tomllib.loads(text)
    project = config["project"]
    spec = [config.get("build-system"), project.get("dependencies"), project["optional-dependencies"]["site"]]
    return json.dumps(spec, sort_keys=True).encode()


def _site_venv(python: str) -> Path:
    """A virtual environment with this clone of the kit (editable) and its ``site`` extra, made once per
    clone, build Python and install spec (:func:`_install_spec`)."""
    key = hashlib.sha256(_install_spec() + python.encode() + str(REPO).encode()).hexdigest()[:12]
    venv = CACHE / f"site-venv-{key}"
    marker = venv / ".ready"
    if not marker.exists():
        shutil.rmtree(venv, ignore_errors=True)
        subprocess.run([python, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "-e", f"{REPO}[site]"],
                       check=True)
        marker.write_text("ok")
    return venv


#: A teacher's own notebooks, added to the site with ``--add`` (file name -> code cells).
TEACHERS = {
    "board.ipynb": [
        "from bglearn import BoardWidget, Position\n"
        "w = BoardWidget(mode='humans', position=Position(), roll='31')\nw",
        "print('kernel-side-pending:', ' '.join(f'{m.source}/{m.destination}' for m in w.pending))",
    ],
    "bytecode.ipynb": [
        "import IPython, bglearn\n"
        "print('loaded', type(IPython.__loader__).__name__, open(bglearn.__spec__.cached, 'rb').read(8)[4:8].hex())",
    ],
    "where.ipynb": ["import os\nprint('working-folder:', *sorted(os.listdir('.')))"],
}


def _build_inputs(venv: Path) -> str:
    """A hash of everything a build reads: the kit's package, the course's notebooks, pyproject.toml and
    the README (the wheel's metadata), the teacher's notebooks, the build environment (its Python, the
    kernel's version) and Node.js."""
    digest = hashlib.sha256()
    files = [p for p in (REPO / "bglearn").rglob("*") if p.is_file() and "__pycache__" not in p.parts
             and p.suffix != ".pyc"]
    files += [p for folder in ("notebooks", "exercises") for p in (REPO / folder).rglob("*.ipynb")
              if ".ipynb_checkpoints" not in p.parts]
    files += [REPO / "pyproject.toml", REPO / "README.md"]
    for path in sorted(files):
        digest.update(path.relative_to(REPO).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    digest.update(json.dumps(TEACHERS, sort_keys=True).encode())
    environment = subprocess.run(
        [str(venv / "bin" / "python"), "-c",
         "import sys, jupyterlite_core, jupyterlite_pyodide_kernel as k; "
         "print(sys.version, jupyterlite_core.__version__, k.__version__)"],
        capture_output=True, text=True, timeout=120, check=True).stdout
    node = shutil.which("node")
    node_version = subprocess.run([node, "--version"], capture_output=True, text=True).stdout if node else ""
    digest.update(environment.encode() + node_version.encode())
    return digest.hexdigest()[:16]


def _build(venv: Path, out: Path, work: Path) -> str:
    """Build the site with ``bglearn site`` into ``out``, the teacher's notebooks added; what it printed."""
    mine = work / "my-class"
    mine.mkdir(parents=True)
    for name, cells in TEACHERS.items():
        nb = nbformat.v4.new_notebook()
        nb.cells = [nbformat.v4.new_code_cell(c) for c in cells]
        if name == "board.ipynb":
            nb.cells.insert(0, nbformat.v4.new_markdown_cell("# A teacher's own notebook"))
        nbformat.write(nb, mine / name)
    proc = subprocess.run([str(venv / "bin" / "python"), "-m", "bglearn", "site", "-o", str(out), "--add",
                           str(mine)], capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The built site. A build is kept under the test cache keyed by a hash of everything it reads
    (:func:`_build_inputs`): a run whose inputs are those of the last build reuses it; any change to the
    kit, the course or the build environment builds again."""
    python = _build_python()
    if python is None:
        reason = "no Python 3.12+ here to build the JupyterLite site with"
        if os.environ.get("BGLEARN_REQUIRE_SITE_TEST"):
            pytest.fail(reason)
        pytest.skip(reason)
    venv = _site_venv(python)
    cached = CACHE / f"site-{_build_inputs(venv)}"
    if not (cached / "built.txt").is_file():
        tmp = tmp_path_factory.mktemp("site")
        printed = _build(venv, tmp / "out", tmp)
        # Keep the two newest earlier builds (each is some 60 MB; another run may be serving one).
        earlier = sorted(CACHE.glob("site-[0-9a-f]*"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in earlier[2:]:
            shutil.rmtree(old, ignore_errors=True)
        staging = CACHE / f".staging-{cached.name}"
        shutil.rmtree(staging, ignore_errors=True)
        shutil.copytree(tmp / "out", staging / "out")
        (staging / "built.txt").write_text(printed)
        staging.rename(cached)
    assert "served by the site itself" in (cached / "built.txt").read_text()
    return cached / "out"


@pytest.fixture(scope="module")
def served(site):
    port = free_port()
    log = open(site.parent / "http.log", "w")
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "-b", "127.0.0.1", "-d", str(site)],
                              stdout=log, stderr=subprocess.STDOUT)
    deadline = time.time() + 20
    import urllib.request
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/jupyter-lite.json", timeout=2)
            break
        except OSError:
            if time.time() > deadline:
                raise
            time.sleep(0.2)
    yield f"http://127.0.0.1:{port}"
    server.terminate()
    server.wait(10)
    log.close()


@pytest.fixture
def offline_context(browser, served):
    """A fresh browser profile (JupyterLite keeps its workspace and files in the browser's storage) in
    which every request to anything but the site's own server is refused and recorded."""
    offsite: list[str] = []
    context = browser.new_context(viewport={"width": 1280, "height": 900})

    def route(r):
        if r.request.url.startswith(served + "/"):
            r.continue_()
        else:
            offsite.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    yield context, offsite
    context.close()


# Ready: the app is up, the toolbar names the Pyodide kernel (not "No Kernel": the status indicator reads
# idle before any kernel is attached) and the kernel is idle.
# The notebook's own kernel (not just the toolbar: its idle indicator can show before the kernel has
# started) is the Pyodide kernel, connected and idle.
KERNEL_IDLE = ("() => { const w = window.jupyterapp?.shell.currentWidget; const k = w?.sessionContext?.session?.kernel;"
               " return !!k && k.status === 'idle' && k.connectionStatus === 'connected'"
               " && [...document.querySelectorAll('.jp-Toolbar-kernelName')].some(n => n.textContent.includes('Pyodide')); }")


# Every code cell of the open notebook has run in this kernel (outputs were cleared first, which also
# clears the execution counts) and the kernel is idle again.
ALL_RUN = ("() => { const nb = window.jupyterapp.shell.currentWidget?.content; if (!nb) return false;"
           " const code = nb.widgets.filter(c => c.model.type === 'code');"
           " return code.length > 0 && code.every(c => (c.model.executionCount ?? 0) > 0)"
           " && document.querySelector('.jp-Notebook-ExecutionIndicator')?.getAttribute('data-status') === 'idle'; }")


def _open_and_run(page, base: str, path: str) -> float:
    """Open ``path`` in the site's JupyterLab, wait for the Pyodide kernel, run every cell; the seconds
    the kernel took to become ready."""
    start = time.time()
    page.goto(f"{base}/lab/index.html?path={path}")
    page.wait_for_function(KERNEL_IDLE, timeout=300_000)
    ready = time.time() - start
    # Start the commands without awaiting them: run-all's promise does not settle in JupyterLite.
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs'); return true; }")
    page.wait_for_function("() => document.querySelectorAll('.jp-OutputArea-output').length === 0", timeout=30_000)
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); return true; }")
    page.wait_for_function(ALL_RUN, timeout=300_000)
    return ready


def _errors(page) -> list[str]:
    return page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").all_inner_texts()


@pytest.mark.parametrize("lesson", LESSONS)
def test_lesson_runs_in_the_browser_with_nothing_fetched_from_outside(offline_context, served, lesson):
    context, offsite = offline_context
    page = context.new_page()
    ready = _open_and_run(page, served, lesson)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"site-{Path(lesson).stem}.png"))
    assert _errors(page) == []
    assert page.locator(".jp-OutputArea-output .jp-OutputArea-executeResult, .jp-OutputArea-output").count() > 0
    boards = page.locator(".jp-OutputArea-output svg")
    assert boards.count() > 0
    box = boards.first.bounding_box()
    assert box and box["width"] > 200 and box["height"] > 100
    assert offsite == [], f"requests left 127.0.0.1: {offsite[:5]}"
    print(f"{lesson}: kernel ready after {ready:.1f} s")
    page.close()


def test_a_teachers_notebook_plays_a_move_on_the_board(offline_context, served):
    context, offsite = offline_context
    page = context.new_page()
    _open_and_run(page, served, "my-notebooks/my-class/board.ipynb")
    board = page.locator(".jp-OutputArea-output:has(svg [data-point])").first
    board.wait_for(timeout=60_000)
    for point in ("8", "5", "6", "5"):
        before = board.locator(".bglearn-board").get_attribute("data-revision")
        board.locator(f'svg [data-point="{point}"]').first.click()
        page.wait_for_function(
            "([el, before]) => el.querySelector('.bglearn-board').getAttribute('data-revision') !== before",
            arg=[board.element_handle(), before], timeout=30_000)
    # Ask the kernel what it holds: re-run the last cell and read what it printed.
    page.locator(".jp-CodeCell").last.click()
    page.keyboard.press("Control+Enter")
    # A marker the board's own status line ("2 moves pending") cannot contain.
    page.wait_for_function(
        "() => [...document.querySelectorAll('.jp-OutputArea-output')]"
        ".some(o => o.textContent.includes('kernel-side-pending:'))",
        timeout=60_000)
    printed = [t for t in page.locator(".jp-OutputArea-output").all_inner_texts() if "kernel-side-pending:" in t]
    assert printed and printed[-1].split() == ["kernel-side-pending:", "8/5", "6/5"]
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "site-board.png"))
    assert offsite == [], f"requests left 127.0.0.1: {offsite[:5]}"
    page.close()


# Records, in the page's clock, when the first worker (the kernel's) is created and when JupyterLab has
# finished starting (all its start-up plugins active, the shell attached).
START_MARKS = """
window.__bglearnMarks = {};
const PageWorker = window.Worker;
window.Worker = function (...args) { window.__bglearnMarks.worker ??= performance.now(); return new PageWorker(...args); };
window.Worker.prototype = PageWorker.prototype;
const waitForApp = setInterval(() => {
  if (!window.jupyterapp) return;
  clearInterval(waitForApp);
  window.jupyterapp.started.then(() => { window.__bglearnMarks.started = performance.now(); });
}, 10);
"""


def test_a_link_to_a_notebook_starts_its_kernel_while_jupyterlab_starts(offline_context, served):
    """The kit's extension starts the kernel of the notebook named in the address while JupyterLab is
    still starting (JupyterLite alone creates the kernel's worker only once the notebook has opened,
    seconds later); the notebook then uses that one kernel, and the kernel works in the notebook's folder
    (the browser's file sync was ready when the kernel was created)."""
    context, offsite = offline_context
    context.add_init_script(START_MARKS)
    page = context.new_page()
    path = "my-notebooks/my-class/where.ipynb"
    _open_and_run(page, served, path)
    marks = page.evaluate("window.__bglearnMarks")
    assert marks["worker"] < marks["started"], marks
    assert page.evaluate("[...window.jupyterapp.serviceManager.sessions.running()].map(s => s.path)") == [path]
    assert page.evaluate("[...window.jupyterapp.serviceManager.kernels.running()].length") == 1
    printed = [t for t in page.locator(".jp-OutputArea-output").all_inner_texts() if "working-folder:" in t]
    assert printed and {"board.ipynb", "where.ipynb"} <= set(printed[-1].split()), printed
    assert _errors(page) == []
    assert offsite == []
    page.close()


@pytest.mark.parametrize("address", ["lab/index.html", "lab/index.html?path=my-notebooks/no-such-notebook.ipynb"])
def test_a_link_to_no_notebook_starts_no_kernel(offline_context, served, address):
    """Only a notebook of the site named in the address gets its kernel started early: the file browser
    alone, or a link to a notebook the site does not hold, starts none."""
    context, offsite = offline_context
    page = context.new_page()
    page.goto(f"{served}/{address}")
    page.wait_for_function("() => window.jupyterapp?.shell && document.querySelector('.jp-DirListing-item')",
                           timeout=120_000)
    page.evaluate("() => window.jupyterapp.started")
    page.wait_for_timeout(3000)
    assert page.evaluate("[...window.jupyterapp.serviceManager.sessions.running()].length") == 0
    assert offsite == []
    page.close()


def test_the_site_holds_the_whole_course(site):
    contents = json.loads((site / "api" / "contents" / "all.json").read_text())
    names = {item["name"] for item in contents["content"]}
    assert {"notebooks", "exercises", "my-notebooks"} <= names
    lessons = json.loads((site / "api" / "contents" / "notebooks" / "all.json").read_text())
    lesson_names = {item["name"] for item in lessons["content"]}
    assert {p.name for p in (REPO / "notebooks").glob("*.ipynb")} <= lesson_names
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"].startswith("./static/pyodide/")
    assert kernel["disablePyPIFallback"] is True
    assert not any("://" in url for url in kernel.get("pipliteUrls", []))
    assert "bglearn-kernel-start" in {extension["name"] for extension in config["federated_extensions"]}


def test_the_kernel_imports_the_bytecode_the_build_made(offline_context, served):
    """IPython comes from bytecode only (no source to compile), and the kit's bytecode is the build's
    (unchecked hash-based: flags 01; a Python that compiled the source itself would write 00)."""
    context, offsite = offline_context
    page = context.new_page()
    _open_and_run(page, served, "my-notebooks/my-class/bytecode.ipynb")
    printed = [t for t in page.locator(".jp-OutputArea-output").all_inner_texts() if "loaded" in t]
    assert printed and printed[-1].split() == ["loaded", "SourcelessFileLoader", "01000000"]
    assert _errors(page) == []
    assert offsite == []
    page.close()


def test_code_completion_works_in_the_browser_kernel(offline_context, served):
    """Completion (jedi, with its standard-library type stubs: the site leaves out only its third-party,
    Django and Python 2 stubs) answers as a learner's Tab would ask."""
    context, offsite = offline_context
    page = context.new_page()
    page.goto(f"{served}/lab/index.html?path=my-notebooks/my-class/bytecode.ipynb")
    page.wait_for_function(KERNEL_IDLE, timeout=300_000)
    complete = ("async (code) => { const k = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;"
                " const r = await k.requestComplete({code, cursor_pos: code.length}); return r.content; }")
    found = {code: page.evaluate(complete, code) for code in (
        "import os; os.pa", "import os; os.getcwd().upp", "import collections; collections.OrderedD",
        "from bglearn import Positi")}
    assert all(r["status"] == "ok" for r in found.values()), found
    assert {"path", "pardir", "pathsep"} <= set(found["import os; os.pa"]["matches"])
    assert found["import os; os.getcwd().upp"]["matches"] == ["upper"]
    assert found["import collections; collections.OrderedD"]["matches"] == ["OrderedDict"]
    assert found["from bglearn import Positi"]["matches"] == ["Position"]
    assert offsite == []
    page.close()


def test_the_site_leaves_out_only_what_a_learner_never_uses(site):
    """The kit's wheel holds exactly the package's modules (no stale module from a checkout's build/
    folder); jedi keeps its standard-library stubs and an empty third-party stub folder; Pygments keeps
    the Python highlighter only."""
    from bglearn.site.precompile import IMPORTED_ONLY, PRUNE

    folder = site / "static" / "pyodide-lock"
    [kit] = folder.glob("bglearn_kit-*.whl")
    with zipfile.ZipFile(kit) as z:
        modules = {n for n in z.namelist() if n.startswith("bglearn/") and n.endswith(".py")}
    tree = {p.relative_to(REPO).as_posix() for p in (REPO / "bglearn").rglob("*.py") if "__pycache__" not in p.parts}
    assert modules == tree
    [jedi] = folder.glob("jedi-*.whl")
    with zipfile.ZipFile(jedi) as z:
        names = z.namelist()
    for gone in PRUNE["jedi"]:
        assert [n for n in names if n.startswith(gone)] == [gone]
    assert "jedi/third_party/typeshed/stdlib/3/os/__init__.pyi" in names
    [pygments] = folder.glob("pygments-*.whl")
    with zipfile.ZipFile(pygments) as z:
        lexers = sorted(n for n in z.namelist() if n.startswith(IMPORTED_ONLY["pygments"][0]))
    assert lexers == ["pygments/lexers/", "pygments/lexers/__init__.pyc", "pygments/lexers/_mapping.pyc",
                      "pygments/lexers/python.pyc"]


def test_the_sites_wheels_hold_the_browsers_bytecode_and_the_lock_matches_them(site):
    from bglearn.site.build import KERNEL_PRELOAD

    lock = json.loads((site / "static" / "pyodide-lock" / "pyodide-lock.json").read_text())
    major, minor = lock["info"]["python"].split(".")[:2]
    tag = f"cpython-{major}{minor}"
    # The standard library the kernel is pointed at has bytecode in place of the source of what a kernel
    # start imports (os, asyncio...). All bytecode comes from one Python: one magic number. That the
    # browser's Python accepts it is test_the_kernel_imports_the_bytecode_the_build_made's job.
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    options = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]["loadPyodideOptions"]
    assert options["stdLibURL"] == "./static/pyodide-lock/python_stdlib.zip"
    with zipfile.ZipFile(site / "static" / "pyodide-lock" / "python_stdlib.zip") as stdlib:
        assert "os.py" not in stdlib.namelist() and "asyncio/__init__.py" not in stdlib.namelist()
        magic = stdlib.read("os.pyc")[:4]
        assert stdlib.read("asyncio/__init__.pyc")[:8] == magic + b"\x01\x00\x00\x00"
        assert "antigravity.py" in stdlib.namelist()  # what no kernel start imports keeps its source
    runtime = site / "static" / "pyodide"
    local = {n: e for n, e in lock["packages"].items() if "://" not in e["file_name"]}
    assert set(KERNEL_PRELOAD) <= set(local)
    for name, entry in local.items():
        wheel = Path(os.path.normpath(runtime / entry["file_name"]))
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], name
    by_name = {n: Path(os.path.normpath(runtime / e["file_name"])) for n, e in local.items()}
    with zipfile.ZipFile(by_name["ipython"]) as z:
        assert "IPython/__init__.py" not in z.namelist()
        assert z.read("IPython/__init__.pyc")[:8] == magic + b"\x01\x00\x00\x00"
    kit = next(p for n, p in by_name.items() if n.startswith("bglearn"))
    with zipfile.ZipFile(kit) as z:
        assert "bglearn/__init__.py" in z.namelist()
        assert z.read(f"bglearn/__pycache__/__init__.{tag}.pyc")[:8] == magic + b"\x01\x00\x00\x00"
    assert set(KERNEL_PRELOAD) <= set(options["packages"])


# -- the learner's progress in the browser (issue 25) ------------------------------------------------
# A quiz answered in a lesson is recorded in the browser's own storage (the site's drive); after the page is
# reloaded (a new Pyodide kernel, nothing kept in memory) the progress is still there, read back through the
# same API in the kernel.

PROGRESS_LESSON = "notebooks/01-board-and-setup.ipynb"

# Runs ``code`` in the open notebook's kernel and resolves to what it printed.
RUN_IN_KERNEL = """async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({ code, store_history: false });
  let out = "";
  future.onIOPub = (msg) => {
    if (msg.header.msg_type === "stream") out += msg.content.text;
    if (msg.header.msg_type === "error") out += "ERROR " + msg.content.ename + ": " + msg.content.evalue;
  };
  await future.done;
  return out;
}"""

READ_PROGRESS = ("from bglearn.learn import progress\n"
                 "p = progress()\n"
                 "print('progress:', p.path, len(p.answers()), ' '.join(sorted(a.source for a in p.answers())))")


def _answer_the_first_quiz(page) -> None:
    """Answer the lesson's first quiz as a learner does: type into its box and press Enter (or click its
    first choice), then wait for the verdict."""
    quiz = page.locator(".bglearn-quiz").first
    quiz.scroll_into_view_if_needed()
    quiz.wait_for(state="visible", timeout=60_000)
    box = quiz.locator(".bglearn-answer-input")
    if box.count():
        box.first.fill("24/18 13/11")
        box.first.press("Enter")
    else:
        quiz.locator(".bglearn-choice, .bglearn-point").first.click()
    quiz.locator(".bglearn-feedback").first.wait_for(timeout=60_000)


def _progress(page) -> list[str]:
    printed = page.evaluate(RUN_IN_KERNEL, READ_PROGRESS)
    assert printed.startswith("progress:"), printed
    return printed.split()


def test_a_quiz_answer_is_kept_in_the_browser_across_a_page_reload(offline_context, served):
    context, offsite = offline_context
    page = context.new_page()
    _open_and_run(page, served, PROGRESS_LESSON)
    assert _errors(page) == []
    start = _progress(page)
    assert start[1] == "/drive/.bglearn/progress.sqlite", start
    _answer_the_first_quiz(page)
    before = _progress(page)
    assert int(before[2]) == int(start[2]) + 1 and "quiz" in before[3:], (start, before)
    page.reload()
    page.wait_for_function(KERNEL_IDLE, timeout=300_000)
    after = _progress(page)                     # a new kernel: read from the browser's storage
    assert after == before
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "site-progress.png"))
    assert offsite == [], f"requests left 127.0.0.1: {offsite[:5]}"
    page.close()
