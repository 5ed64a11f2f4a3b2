"""``bglearn lessons``: it trusts the course notebooks, opens the welcome lesson, and Ctrl+C or SIGTERM
stop JupyterLab and its kernels with no prompt, no orphan process and no runtime files left.

The stop tests start the real command as a user would (in its own terminal session, with a
pseudo-terminal as input so Jupyter would ask its "Shut down this server (y/[n])?" question if the
signal reached it), start a kernel through the server's REST API, then send the signal.
"""

from __future__ import annotations

import json
import os
import pty
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import nbformat
import pytest
from nbformat.sign import NotebookNotary

from bglearn.commands.lessons import PRE_SAVE_HOOK, WELCOME, _children, jupyter_command, trust_notebooks

REPO = Path(__file__).resolve().parent.parent
# Server extensions these tests do not need, switched off to start and stop faster.
QUIET = [f"--ServerApp.jpserver_extensions={name}=False" for name in (
    "jupyter_lsp", "jupyter_server_terminals", "jupyterlab_jupytext", "notebook",
    "nbgrader.server_extensions.assignment_list", "nbgrader.server_extensions.course_list",
    "nbgrader.server_extensions.formgrader", "nbgrader.server_extensions.validate_assignment")]


def _jupyter_env(tmp: Path) -> dict[str, str]:
    env = dict(os.environ)
    for var, sub in (("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_DATA_DIR", "data"),
                     ("JUPYTER_RUNTIME_DIR", "runtime"), ("JUPYTERLAB_SETTINGS_DIR", "settings"),
                     ("JUPYTERLAB_WORKSPACES_DIR", "workspaces")):
        (tmp / sub).mkdir(parents=True, exist_ok=True)
        env[var] = str(tmp / sub)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    return env


def _course(tmp: Path) -> Path:
    folder = tmp / "notebooks"
    folder.mkdir()
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# Welcome"),
                                         nbformat.v4.new_code_cell("1 + 1")])
    nb.cells[1].outputs = [nbformat.v4.new_output("display_data", {"image/svg+xml": "<svg/>"})]
    nbformat.write(nb, folder / WELCOME)
    nb.cells[0].source = "# The next lesson"  # a signature is per content: make it another notebook
    nbformat.write(nb, folder / "01-next.ipynb")
    return folder


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _port_open(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", port)) == 0


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rfind(")") + 2] != "Z"


# -- the command line -------------------------------------------------------------------------------
def test_the_command_opens_the_welcome_lesson_and_cleans_saved_notebooks(tmp_path):
    cmd = jupyter_command(tmp_path, port=9999, browser=False)
    assert f"--LabApp.default_url=/lab/tree/{WELCOME}" in cmd
    assert f"--ContentsManager.pre_save_hook={PRE_SAVE_HOOK}" in cmd
    assert f"--ServerApp.root_dir={tmp_path}" in cmd
    assert {"--port=9999", "--no-browser"} <= set(cmd)


def test_the_pre_save_hook_named_on_the_command_line_imports():
    from traitlets.utils.importstring import import_item

    assert callable(import_item(PRE_SAVE_HOOK))


def test_trust_notebooks_signs_each_course_notebook_once(tmp_path, monkeypatch):
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "data"))
    folder = _course(tmp_path)
    (folder / "notes.ipynb").write_text("not a notebook")
    notary = NotebookNotary()
    assert not notary.check_signature(nbformat.read(folder / WELCOME, as_version=4))
    assert [p.name for p in trust_notebooks(folder)] == ["00-welcome.ipynb", "01-next.ipynb"]
    notary = NotebookNotary()
    assert notary.check_signature(nbformat.read(folder / WELCOME, as_version=4))
    assert notary.check_signature(nbformat.read(folder / "01-next.ipynb", as_version=4))
    assert trust_notebooks(folder) == []  # already trusted


# -- a real server, stopped by a signal ------------------------------------------------------------
class Running:
    """``bglearn lessons`` started as a user starts it, with a kernel running."""

    def __init__(self, tmp: Path, *extra: str) -> None:
        self.env = _jupyter_env(tmp)
        self.runtime = Path(self.env["JUPYTER_RUNTIME_DIR"])
        self.folder = _course(tmp)
        self.port = _free_port()
        self.log = tmp / "bglearn.log"
        master, slave = pty.openpty()
        self.pty = master
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "bglearn", "lessons", "--dir", str(self.folder), "--no-browser",
             "--port", str(self.port), *extra, "--", *QUIET],
            env=self.env, stdin=slave, stdout=self.log.open("w"), stderr=subprocess.STDOUT,
            start_new_session=True)
        os.close(slave)
        self.url = self._wait_for_url()
        servers = _children(self.proc.pid)
        assert len(servers) == 1, servers
        self.server = servers[0]
        self.token = re.search(r"token=(\w+)", self.url).group(1)
        self.kernel_id = self.api("/api/kernels", b"{}")["id"]
        deadline = time.monotonic() + 30
        while not _children(self.server) and time.monotonic() < deadline:
            time.sleep(0.1)
        self.kernels = _children(self.server)
        assert self.kernels, "the kernel process did not start"
        from jupyter_client import BlockingKernelClient  # wait until the kernel answers

        client = BlockingKernelClient(connection_file=str(self.runtime / f"kernel-{self.kernel_id}.json"))
        client.load_connection_file()
        client.start_channels()
        try:
            ready = time.monotonic() + 60
            while True:
                try:
                    client.wait_for_ready(timeout=10)
                    break
                except RuntimeError:  # no heartbeat yet ("Kernel died before replying"): still starting
                    assert time.monotonic() < ready, "the kernel did not answer"
                    time.sleep(0.5)
        finally:
            client.stop_channels()
        assert any(self.runtime.glob("kernel-*.json")) and any(self.runtime.glob("jpserver-*.json"))

    def api(self, path: str, body: bytes | None = None):
        req = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=body,
                                     method="GET" if body is None else "POST",
                                     headers={"Authorization": f"token {self.token}"})
        return json.load(urllib.request.urlopen(req, timeout=30))

    def trusted(self, name: str) -> bool:
        """Whether the server shows ``name``'s outputs as trusted (it marks each code cell)."""
        cells = self.api(f"/api/contents/{name}?content=1")["content"]["cells"]
        marks = {c["metadata"].get("trusted") for c in cells if c["cell_type"] == "code"}
        assert len(marks) == 1, marks
        return marks.pop()

    def _wait_for_url(self) -> str:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            found = re.search(r"welcome lesson is at (\S+)", self.log.read_text())
            if found:
                return found.group(1)
            assert self.proc.poll() is None, self.log.read_text()
            time.sleep(0.2)
        raise AssertionError("bglearn lessons did not print the lesson's URL:\n" + self.log.read_text())

    def stop(self, sig: int) -> int:
        """Send ``sig`` as the terminal would (Ctrl+C goes to the whole foreground process group)."""
        if sig == signal.SIGINT:
            os.killpg(self.proc.pid, sig)
        else:
            os.kill(self.proc.pid, sig)
        try:
            return self.proc.wait(timeout=60)
        finally:
            os.close(self.pty)

    def cleanup(self) -> None:
        for pid in [self.proc.pid, self.server, *self.kernels]:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)


@pytest.fixture
def running(tmp_path):
    runs = []

    def start(*extra):
        runs.append(Running(tmp_path, *extra))
        return runs[-1]

    yield start
    for run in runs:
        run.cleanup()


def _assert_all_stopped(run: Running, code: int) -> None:
    log = run.log.read_text()
    assert code == 0, log
    assert "(y/[n])" not in log
    assert not _port_open(run.port), "the server's port is still open"
    assert not _alive(run.server), "the JupyterLab server is still running"
    assert not [k for k in run.kernels if _alive(k)], "a kernel is still running"
    left = sorted(p.name for p in run.runtime.iterdir() if p.name.startswith(("jpserver-", "kernel-")))
    assert left == [], f"runtime files left behind: {left}"


def test_the_printed_url_opens_the_welcome_lesson_and_ctrl_c_stops_everything(running):
    run = running()
    assert re.fullmatch(rf"http://127\.0\.0\.1:{run.port}/lab/tree/{re.escape(WELCOME)}\?token=\w+", run.url)
    page = urllib.request.urlopen(run.url, timeout=30)
    assert page.status == 200 and "JupyterLab" in page.read().decode()
    assert run.trusted(WELCOME) and run.trusted("01-next.ipynb")  # bglearn lessons trusted them
    printed = re.findall(r"https?://\S+\?token=\w+", run.log.read_text())
    assert len(printed) >= 2 and all(f":{run.port}/lab/tree/{WELCOME}?token=" in u for u in printed), printed
    _assert_all_stopped(run, run.stop(signal.SIGINT))


def test_sigterm_stops_the_server_and_its_kernels(running):
    run = running("--no-trust")
    assert not run.trusted(WELCOME)
    _assert_all_stopped(run, run.stop(signal.SIGTERM))


def test_the_course_layout_serves_the_repository_so_lessons_reach_their_exercises(tmp_path):
    """In the course's layout (notebooks/ beside exercises/) the server shows the repository folder, so a
    lesson's link ``../exercises/setup.ipynb`` opens, and the start page is still the welcome lesson."""
    from bglearn.commands.lessons import server_layout

    (tmp_path / "notebooks").mkdir()
    (tmp_path / "exercises").mkdir()
    cmd = jupyter_command(tmp_path / "notebooks", port=9999, browser=False)
    assert f"--ServerApp.root_dir={tmp_path}" in cmd
    assert f"--LabApp.default_url=/lab/tree/notebooks/{WELCOME}" in cmd
    assert server_layout(tmp_path / "notebooks") == (tmp_path, f"notebooks/{WELCOME}")
    # Any other folder is served as it is.
    assert server_layout(tmp_path / "exercises") == (tmp_path / "exercises", WELCOME)
