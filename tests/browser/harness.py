"""Helpers for real-browser tests: a throwaway JupyterLab server, Debian's Chromium through Playwright,
and a client for the kernel behind a notebook page (to read Python-side state).

Reusable by any test that needs a notebook in a browser::

    server = JupyterServer.start(tmp_path)          # lab + Notebook 7 on 127.0.0.1:<free port>
    path = server.write_notebook("t.ipynb", ["from bglearn import BoardWidget", "w = BoardWidget()\\nw"])
    page = browser.new_page()
    open_notebook(page, server, "t.ipynb")          # waits for the kernel ("Python 3", idle)
    run_all_cells(page)
    with server.kernel_for("t.ipynb") as kernel:
        kernel.eval("w.position.position_id()")
    server.stop()

Facts this relies on are in ``/work/shared/browser-testing.md`` (flags, the kernel-attach trap).
"""

from __future__ import annotations

import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, Sequence

import nbformat

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "tests" / "artifacts"
CHROMIUM = os.environ.get("BGLEARN_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-dev-shm-usage",
]


def chromium_problem() -> str | None:
    """Why the browser tests cannot run here (``None`` when they can)."""
    if not Path(CHROMIUM).exists():
        return f"Chromium not found at {CHROMIUM} (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright Python package is not installed"
    return None


def launch_browser(playwright):
    """Debian's Chromium, headless, with the flags that keep it off the network."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def jupyter_environment(tmp: Path, theme: str | None = None) -> dict[str, str]:
    """The environment for a throwaway Jupyter server under ``tmp``: its own config, data, runtime,
    settings and workspaces folders (nothing leaks between runs), no news prompt, the kit on
    PYTHONPATH, and a kernelspec for the Python running the tests. ``theme="JupyterLab Dark"`` opens
    every page in the dark theme."""
    env = dict(os.environ)
    for var, sub in (("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_DATA_DIR", "data"),
                     ("JUPYTER_RUNTIME_DIR", "runtime"), ("JUPYTERLAB_SETTINGS_DIR", "settings"),
                     ("JUPYTERLAB_WORKSPACES_DIR", "workspaces")):
        (tmp / sub).mkdir(parents=True, exist_ok=True)
        env[var] = str(tmp / sub)
    # Kernels need the (un-installed) package and the system's ipykernel/ipywidgets/anywidget.
    env["PYTHONPATH"] = os.pathsep.join([str(REPO)] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    settings = tmp / "settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    if theme is not None:
        (settings / "themes.jupyterlab-settings").write_text(json.dumps({"theme": theme}))
    # The kernelspec data dir is empty: use the Python that runs the tests.
    spec = tmp / "data" / "kernels" / "python3"
    spec.mkdir(parents=True, exist_ok=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "Python 3 (ipykernel)", "language": "python",
    }))
    return env


class JupyterServer:
    """A JupyterLab server (which also serves Notebook 7) in its own process group."""

    def __init__(self, root: Path, port: int, proc: subprocess.Popen, env: dict, log: Path) -> None:
        self.root, self.port, self.proc, self.env, self.log = root, port, proc, env, log
        self.url = f"http://127.0.0.1:{port}"

    @classmethod
    def start(cls, tmp: Path, timeout: float = 60, theme: str | None = None,
              kit_extension: bool = True) -> "JupyterServer":
        """A server in ``tmp``; ``theme="JupyterLab Dark"`` opens every page in the dark theme. The kit's
        server extension is on, as under any server where the kit is installed (the package's
        ``etc/jupyter`` file enables it; an editable install does not put that file in place);
        ``kit_extension=False`` starts a server without it."""
        tmp = Path(tmp)
        root = tmp / "notebooks"
        root.mkdir(parents=True, exist_ok=True)
        env = jupyter_environment(tmp, theme)
        log = tmp / "jupyter.log"
        problem = ""
        for _attempt in range(3):   # a free port may be taken by another process before the server binds it
            port = free_port()
            cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
                   "--ServerApp.port_retries=0", "--IdentityProvider.token=", "--ServerApp.password=",
                   "--allow-root", f"--ServerApp.root_dir={root}",
                   f"--ServerApp.jpserver_extensions=bglearn.jupyter_server_ext={kit_extension}",
                   "--LabApp.expose_app_in_browser=True"]
            with open(log, "wb") as out:
                proc = subprocess.Popen(cmd, env=env, stdout=out, stderr=subprocess.STDOUT, cwd=str(root),
                                        start_new_session=True)
            server = cls(root, port, proc, env, log)
            problem = server._wait(timeout)
            if not problem:
                return server
            server.stop()
        raise RuntimeError(problem)

    def _wait(self, timeout: float) -> str:
        """Wait until this server answers; the problem if it does not ("" when ready)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return f"JupyterLab exited with {self.proc.returncode}:\n{self.log.read_text()[-3000:]}"
            try:
                with urllib.request.urlopen(f"{self.url}/api/status", timeout=2) as r:
                    body = r.read()
                    if r.status == 200 and body.lstrip().startswith(b"{"):
                        return ""
            except (OSError, http.client.HTTPException):   # not up yet, or someone else's port
                time.sleep(0.25)
        return f"JupyterLab did not answer within {timeout} s:\n{self.log.read_text()[-3000:]}"

    def stop(self) -> None:
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
                self.proc.wait(timeout=10)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                try:
                    os.killpg(self.proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass

    # -- notebooks and kernels ----------------------------------------------------------------
    def shut_down_kernels(self) -> None:
        """End every session and its kernel (what a test left running): idle kernels of earlier tests
        would otherwise keep their memory, and some CPU, until the server stops."""
        for session in self.api("/api/sessions") or []:
            try:
                self.api(f"/api/sessions/{session['id']}", method="DELETE")
            except OSError:  # already gone
                pass

    def write_notebook(self, name: str, cells: Sequence[str]) -> Path:
        nb = nbformat.v4.new_notebook()
        nb.cells = [nbformat.v4.new_code_cell(c) for c in cells]
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
        path = self.root / name
        nbformat.write(nb, str(path))
        return path

    def api(self, path: str, method: str = "GET", body: dict | None = None):
        """The server's REST API. A GET that meets a server error is asked again (up to 5 s): reading a
        notebook while the server is still writing it (a save the test just started) can fail once."""
        data = None if body is None else json.dumps(body).encode()
        deadline = time.monotonic() + 5
        while True:
            req = urllib.request.Request(f"{self.url}{path}", data=data, method=method,
                                         headers={"Content-Type": "application/json"})
            try:
                with urllib.request.urlopen(req, timeout=10) as r:
                    text = r.read().decode()
                    return json.loads(text) if text else None
            except urllib.error.HTTPError as exc:
                if method != "GET" or exc.code < 500 or time.monotonic() > deadline:
                    raise
            time.sleep(0.3)

    def kernel_id_for(self, name: str) -> str:
        for s in self.api("/api/sessions"):
            if s.get("path", "").endswith(name) and s.get("kernel"):
                return s["kernel"]["id"]
        raise AssertionError(f"no kernel session for {name}")

    @contextmanager
    def kernel_for(self, name: str) -> Iterator["KernelProbe"]:
        """A client attached to the kernel of the open notebook ``name`` (reads Python state)."""
        from jupyter_client import BlockingKernelClient

        kid = self.kernel_id_for(name)
        cf = Path(self.env["JUPYTER_RUNTIME_DIR"]) / f"kernel-{kid}.json"
        client = BlockingKernelClient(connection_file=str(cf))
        client.load_connection_file()
        client.start_channels()
        try:
            client.wait_for_ready(timeout=30)
            yield KernelProbe(client)
        finally:
            client.stop_channels()


class KernelProbe:
    """Evaluate expressions in a notebook's kernel from the test (another client of the kernel)."""

    def __init__(self, client) -> None:
        self.client = client

    def run(self, code: str, timeout: float = 30) -> None:
        """Execute ``code`` (statements) in the kernel; raise with the traceback if it fails."""
        self.eval(f"exec({code!r}, globals())", timeout=timeout)

    def eval(self, expression: str, timeout: float = 30):
        """The value of ``expression`` in the kernel, sent back as JSON (``repr`` if not JSON)."""
        code = (f"import json as __j\n__v = ({expression})\n"
                "try:\n    print('\\x1e' + __j.dumps(__v))\nexcept TypeError:\n    print('\\x1e' + __j.dumps(repr(__v)))")
        out: list[str] = []
        msg_id = self.client.execute(code, silent=False, store_history=False)
        deadline = time.monotonic() + timeout
        while True:
            msg = self.client.get_iopub_msg(timeout=max(0.1, deadline - time.monotonic()))
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            kind = msg["msg_type"]
            if kind == "stream":
                out.append(msg["content"]["text"])
            elif kind == "error":
                raise AssertionError("kernel error: " + "\n".join(msg["content"]["traceback"])[-2000:])
            elif kind == "status" and msg["content"]["execution_state"] == "idle":
                break
        text = "".join(out)
        return json.loads(text.split("\x1e", 1)[1])


# -- driving the page ----------------------------------------------------------------------------
def start_as_installed(tmp: Path, module: str, *options: str, pythonpath: Sequence[Path] = ()) -> JupyterServer:
    """``python -m <module>`` (``jupyterlab``, ``notebook``, ``jupyter_server``) started as a user starts
    it where the kit is installed: nothing of the kit's on the command line, its configuration file
    (``etc/jupyter``) on the configuration path; ``pythonpath``: folders put first on the server's
    ``PYTHONPATH``. The harness's page and API helpers work on it; its log is ``<module>.log``."""
    root = tmp / "notebooks"
    root.mkdir(parents=True, exist_ok=True)
    env = jupyter_environment(tmp)
    env["PYTHONPATH"] = os.pathsep.join([*map(str, pythonpath), env["PYTHONPATH"]])
    env["JUPYTER_CONFIG_PATH"] = os.pathsep.join([str(REPO / "etc" / "jupyter"),
                                                  *filter(None, [env.get("JUPYTER_CONFIG_PATH")])])
    port = free_port()
    log = tmp / f"{module}.log"
    cmd = [sys.executable, "-m", module, "--no-browser", "--ip=127.0.0.1", f"--port={port}",
           "--ServerApp.port_retries=0", "--IdentityProvider.token=", "--ServerApp.password=",
           "--ServerApp.disable_check_xsrf=True", "--allow-root", f"--ServerApp.root_dir={root}", *options]
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, env=env, stdout=out, stderr=subprocess.STDOUT, cwd=str(root),
                                start_new_session=True)
    server = JupyterServer(root, port, proc, env, log)
    problem = server._wait(90)
    if problem:
        server.stop()
        raise RuntimeError(problem)
    return server


def notebook_url(server: JupyterServer, name: str, app: str = "lab") -> str:
    # ?reset: start from an empty workspace (no notebooks left open by an earlier test).
    return f"{server.url}/lab/tree/{name}?reset" if app == "lab" else f"{server.url}/notebooks/{name}"


KERNEL_READY = """() => {
    const k = document.querySelector('.jp-Toolbar-kernelName');
    const e = document.querySelector('.jp-Notebook-ExecutionIndicator');
    return k && /Python 3/.test(k.textContent) && e && e.getAttribute('data-status') === 'idle';
}"""


def open_notebook(page, server: JupyterServer, name: str, app: str = "lab", timeout: float = 60_000) -> None:
    """Open ``name`` and wait until its kernel is attached and idle (the kernel-attach trap). In a page
    that already shows JupyterLab from ``server`` with nothing open (see :func:`clear_lab`), the notebook
    is opened inside it, as the file browser opens one (about 1 s instead of the 4-5 s a new JupyterLab
    page takes to start on 2 cores); otherwise the page goes to the notebook's URL."""
    if app == "lab" and lab_is_empty(page, server):
        # then close the launcher JupyterLab put in the empty main area: one tab, as in a new page
        page.evaluate("""async (path) => {
            const app = window.jupyterapp;
            await app.commands.execute('docmanager:open', {path});
            for (const w of Array.from(app.shell.widgets('main'))) if (!w.context) w.dispose();
        }""", name)
    else:
        page.goto(notebook_url(server, name, app))
    page.wait_for_function(KERNEL_READY, timeout=timeout)


def lab_is_empty(page, server: JupyterServer) -> bool:
    """Whether ``page`` shows a started JupyterLab of ``server`` (exposed as ``window.jupyterapp``: the
    harness starts servers with ``--LabApp.expose_app_in_browser``) with no document open (the launcher
    JupyterLab shows in an empty main area is no document)."""
    if page.is_closed() or not page.url.startswith(f"{server.url}/lab"):
        return False
    return page.evaluate("""() => !!(window.jupyterapp && window.jupyterapp.shell)
        && !Array.from(window.jupyterapp.shell.widgets('main')).some((w) => w.context)
        && !document.querySelector('.jp-Dialog')""")


def clear_lab(page) -> bool:
    """Close every document open in the JupyterLab on ``page`` without saving it (what a test did to it
    is not kept), so the next test can open its notebook in the same page. ``False`` when the page
    shows no JupyterLab, or one that could not be cleared (a dialog still open): the page is then no
    use to the next test."""
    if page.is_closed() or "/lab" not in page.url:
        return False
    try:
        return page.evaluate("""async () => {
            const app = window.jupyterapp;
            if (!(app && app.shell)) return false;
            for (const w of Array.from(app.shell.widgets('main'))) {
                if (w.context && w.context.model) w.context.model.dirty = false;
                w.dispose();
            }
            await new Promise((r) => setTimeout(r, 50));
            return !Array.from(app.shell.widgets('main')).some((w) => w.context) && !document.querySelector('.jp-Dialog');
        }""")
    except Exception:  # a page mid-navigation or crashed
        return False


def run_all_cells(page) -> None:
    """Run → Run All Cells, through the menu (same in JupyterLab and Notebook 7)."""
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()


def widget_output(page, timeout: float = 60_000):
    """The output area that holds a rendered board widget (waits for it)."""
    loc = page.locator(".jp-OutputArea-output:has(.bglearn-board svg [data-point]):visible").first
    loc.wait_for(state="visible", timeout=timeout)
    return loc


def screenshot(target, name: str) -> Path:
    """Save a screenshot under tests/artifacts/ (page or locator) and return its path."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / name
    for attempt in range(3):
        try:
            target.screenshot(path=str(path))
            return path
        except Exception as exc:  # a widget redrawn while it was being shot: a locator finds the new one
            if attempt == 2 or "not attached" not in str(exc):
                raise
            time.sleep(0.3)
    return path


# -- keyboard and accessibility ---------------------------------------------------------------------
def active_matches(page, selector: str) -> bool:
    """Whether the focused element matches ``selector``."""
    return page.evaluate("(s) => !!document.activeElement && document.activeElement.matches(s)", selector)


def tab_to(page, selector: str, limit: int = 80, backwards: bool = False) -> None:
    """Press Tab (or Shift+Tab) until the focused element matches ``selector``, as a keyboard user
    would; fails after ``limit`` presses."""
    key = "Shift+Tab" if backwards else "Tab"
    for _ in range(limit):
        if active_matches(page, selector):
            return
        page.keyboard.press(key)
    raise AssertionError(f"{selector} not reached with {limit} presses of {key}")


ARROW_TOWARDS = """([sel]) => {
    const a = document.activeElement.getBoundingClientRect();
    const t = document.activeElement.closest('.bglearn-board').querySelector(sel);
    if (!t) return null;
    const b = t.getBoundingClientRect();
    const dx = (b.left + b.width / 2) - (a.left + a.width / 2), dy = (b.top + b.height / 2) - (a.top + a.height / 2);
    if (Math.abs(dx) < 2 && Math.abs(dy) < 2) return 'here';
    if (Math.abs(dy) > b.height / 2 && Math.abs(dy) >= Math.abs(dx) / 8) return dy > 0 ? 'ArrowDown' : 'ArrowUp';
    return dx > 0 ? 'ArrowRight' : 'ArrowLeft';
}"""


def arrow_to(page, selector: str, limit: int = 40) -> None:
    """Move the focus on a board to ``selector`` with the arrow keys only, looking at where things
    are on the screen (the focus must already be on one of the board's points, bars or trays)."""
    for _ in range(limit):
        key = page.evaluate(ARROW_TOWARDS, [selector])
        if key == "here":
            return
        if key is None:
            raise AssertionError(f"no {selector} on the board")
        page.keyboard.press(key)
    raise AssertionError(f"{selector} not reached with {limit} arrow presses")


def axe_script() -> Path | None:
    """axe-core's ``axe.min.js``, installed with npm into a cache folder the tests control
    (``BGLEARN_TEST_CACHE``, default ``~/.cache/bglearn-tests``); ``None`` without npm."""
    cache = Path(os.environ.get("BGLEARN_TEST_CACHE", Path.home() / ".cache" / "bglearn-tests"))
    script = cache / "node_modules" / "axe-core" / "axe.min.js"
    if script.exists():
        return script
    npm = shutil.which("npm")
    if npm is None:
        return None
    cache.mkdir(parents=True, exist_ok=True)
    subprocess.run([npm, "install", "--no-audit", "--no-fund", "--silent", "--prefix", str(cache), "axe-core@4"],
                   check=True, timeout=300, capture_output=True)
    return script if script.exists() else None


def axe_violations(page, include: Sequence[str], impacts: Sequence[str] = ("serious", "critical")) -> list[dict]:
    """Run axe-core (WCAG 2.0-2.2 A and AA rules) over the elements matching ``include`` and return
    the violations of the given impacts, each with the rule id, help text and offending HTML."""
    script = axe_script()
    if script is None:
        raise RuntimeError("axe-core is not available: npm is needed to install it")
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(script))
    result = page.evaluate(
        """async ([include]) => {
            const present = include.filter((s) => document.querySelector(s));
            if (!present.length) return {violations: [], scanned: 0};
            const r = await axe.run({include: present.map((s) => [s])},
                {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']}});
            return {violations: r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.map((n) => n.html.slice(0, 200))})), scanned: present.length};
        }""",
        [list(include)],
    )
    return [v for v in result["violations"] if v["impact"] in impacts]


def cleanup(path: Path) -> None:
    shutil.rmtree(path, ignore_errors=True)
