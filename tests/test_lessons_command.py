"""``bglearn lessons``: it opens the learner's own copy of the course (made, then updated by a newer kit
without losing the learner's changes), trusts the course notebooks, opens the welcome lesson, and
Ctrl+C or SIGTERM stop JupyterLab and its kernels with no prompt, no orphan process and no runtime
files left.

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
from hypothesis import given
from hypothesis import strategies as st
from nbformat.sign import NotebookNotary

from bglearn.commands.lessons import SERVER_EXTENSION, WELCOME, _children, jupyter_command, trust_notebooks

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
    assert f"--ServerApp.jpserver_extensions={SERVER_EXTENSION}=True" in cmd
    assert f"--ServerApp.root_dir={tmp_path}" in cmd
    assert {"--port=9999", "--no-browser"} <= set(cmd)


def test_the_server_extension_named_on_the_command_line_is_one():
    import importlib

    module = importlib.import_module(SERVER_EXTENSION)
    assert module._jupyter_server_extension_points() == [{"module": SERVER_EXTENSION}]


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


# -- the learner's copy of the course ----------------------------------------------------------------
def _lesson(title: str) -> str:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(f"# {title}")])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    return nbformat.writes(nb)


@pytest.fixture
def kit(tmp_path, monkeypatch):
    """An installed kit's course (package data) whose lessons the test rewrites as a newer kit would."""
    import bglearn.course_files as course_files

    course = tmp_path / "site-packages" / "bglearn" / "course"

    def ship(lessons: dict[str, str]) -> None:
        for rel, title in lessons.items():
            (course / rel).parent.mkdir(parents=True, exist_ok=True)
            (course / rel).write_text(_lesson(title), encoding="utf-8")

    ship({"notebooks/00-welcome.ipynb": "Welcome", "notebooks/01-moves.ipynb": "Moves",
          "exercises/setup.ipynb": "Setup exercise", "notebooks/es/00-welcome.ipynb": "Bienvenida",
          "exercises/es/setup.ipynb": "Ejercicio"})
    monkeypatch.setattr(course_files, "_packaged", lambda: course)
    ship.course = course  # type: ignore[attr-defined]
    return ship


def _read(path: Path) -> str:
    return nbformat.read(path, as_version=4).cells[0].source


def test_the_course_is_copied_in_the_chosen_language_and_opens_from_the_copy(kit, tmp_path):
    from bglearn.commands.lessons import find_notebooks

    mine = tmp_path / "my-course"
    folder, report = find_notebooks(mine, "es")
    assert folder == mine / "notebooks" / "es"
    assert sorted(report.added) == ["exercises/es/setup.ipynb", "notebooks/es/00-welcome.ipynb"]
    assert _read(folder / WELCOME) == "# Bienvenida" and not (mine / "notebooks" / WELCOME).exists()
    cmd = jupyter_command(folder, port=9999, browser=False)
    assert f"--ServerApp.root_dir={mine}" in cmd  # the lessons' links reach ../../exercises/es/
    assert f"--LabApp.default_url=/lab/tree/notebooks/es/{WELCOME}" in cmd
    folder, report = find_notebooks(mine, "en")  # another language joins the same copy
    assert folder == mine / "notebooks" and _read(folder / WELCOME) == "# Welcome"
    assert find_notebooks(mine, "en")[1].summary() == []  # nothing new: nothing said


def test_a_newer_kit_updates_what_the_learner_left_alone_and_puts_its_version_beside_a_changed_lesson(kit, tmp_path):
    from bglearn.course_copy import copy_course

    mine = tmp_path / "my-course"
    copy_course(mine, version="0.1.0")
    changed = nbformat.read(mine / "notebooks" / "01-moves.ipynb", as_version=4)
    changed.cells.append(nbformat.v4.new_markdown_cell("my notes"))
    nbformat.write(changed, mine / "notebooks" / "01-moves.ipynb")
    opened = nbformat.read(mine / "notebooks" / WELCOME, as_version=4)  # opened in Jupyter, not edited
    opened.metadata["language_info"] = {"name": "python", "version": "3.11.7"}
    nbformat.write(opened, mine / "notebooks" / WELCOME)
    (mine / "exercises" / "setup.ipynb").unlink()  # deleted by the learner

    kit({"notebooks/00-welcome.ipynb": "Welcome, v2", "notebooks/01-moves.ipynb": "Moves, v2",
         "exercises/setup.ipynb": "Setup, v2", "notebooks/02-new.ipynb": "A new lesson"})
    report = copy_course(mine, version="0.2.0")
    assert _read(mine / "notebooks" / WELCOME) == "# Welcome, v2"  # left alone: updated
    assert [c.source for c in nbformat.read(mine / "notebooks" / "01-moves.ipynb", as_version=4).cells] == [
        "# Moves", "my notes"]  # changed: never overwritten
    assert _read(mine / "notebooks" / "01-moves.v0.2.0.ipynb") == "# Moves, v2"  # ... the new one beside it
    assert _read(mine / "notebooks" / "02-new.ipynb") == "# A new lesson"
    assert _read(mine / "exercises" / "setup.ipynb") == "# Setup, v2"
    assert report.updated == ["notebooks/00-welcome.ipynb"]
    assert report.beside == {"notebooks/01-moves.ipynb": "notebooks/01-moves.v0.2.0.ipynb"}
    assert sorted(report.added) == ["exercises/setup.ipynb", "notebooks/02-new.ipynb"]
    assert any("01-moves.v0.2.0.ipynb" in line for line in report.summary())
    # Run again: nothing to do, and the learner's copy of the new version is not replaced either.
    (mine / "notebooks" / "01-moves.v0.2.0.ipynb").write_text(_lesson("my own v2"), encoding="utf-8")
    again = copy_course(mine, version="0.2.0")
    assert (again.added, again.updated, again.beside) == ([], [], {})
    assert _read(mine / "notebooks" / "01-moves.v0.2.0.ipynb") == "# my own v2"


def test_the_kits_own_course_is_never_written_to(kit, tmp_path):
    from bglearn.commands.lessons import find_notebooks
    from bglearn.course_copy import copy_course
    from bglearn.errors import BglearnError

    before = sorted((p, p.read_bytes()) for p in kit.course.rglob("*") if p.is_file())
    with pytest.raises(BglearnError, match="inside the kit's own course"):
        copy_course(kit.course / "notebooks")
    with pytest.raises(BglearnError, match="never changed: run bglearn lessons without --dir"):
        find_notebooks(kit.course / "notebooks")
    assert sorted((p, p.read_bytes()) for p in kit.course.rglob("*") if p.is_file()) == before


def test_a_damaged_manifest_is_named(kit, tmp_path):
    from bglearn.course_copy import MANIFEST, copy_course
    from bglearn.errors import BglearnError

    copy_course(tmp_path / "mine")
    (tmp_path / "mine" / MANIFEST).write_text("{not json")
    with pytest.raises(BglearnError, match=re.escape(MANIFEST) + " is damaged"):
        copy_course(tmp_path / "mine")


def test_the_default_copy_is_in_the_learners_documents_folder(monkeypatch, tmp_path):
    from bglearn.course_copy import default_course_dir

    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / ".config"))
    monkeypatch.delenv("XDG_DOCUMENTS_DIR", raising=False)
    assert default_course_dir() == tmp_path / "Documents" / "bglearn-course"


@given(meta=st.dictionaries(st.sampled_from(["kernelspec", "language_info"]),
                            st.dictionaries(st.text(max_size=5), st.text(max_size=5), max_size=3)),
       note=st.text(min_size=1, max_size=20))
def test_only_the_cells_and_the_notebooks_own_metadata_make_a_change(meta, note):
    """Kernel information never makes a lesson "changed by the learner"; any change to a cell does."""
    from bglearn.course_copy import fingerprint

    shipped = json.loads(_lesson("Moves"))
    opened = json.loads(json.dumps(shipped))
    opened["metadata"].update(meta)
    assert fingerprint(json.dumps(opened, indent=4).encode()) == fingerprint(json.dumps(shipped).encode())
    opened["cells"][0]["source"] += note
    assert fingerprint(json.dumps(opened).encode()) != fingerprint(json.dumps(shipped).encode())


def test_copy_only_makes_the_copy_and_starts_no_server(kit, tmp_path, capsys):
    from bglearn.cli import main

    before = set(_children(os.getpid()))   # other tests' servers in this worker, if any
    assert main(["lessons", "--copy-only", "--dir", str(tmp_path / "mine")]) == 0
    out, err = capsys.readouterr()
    assert out.strip() == str(tmp_path / "mine" / "notebooks" / WELCOME)  # where to open it
    assert f"copied 3 course notebooks into {tmp_path / 'mine'}" in err
    assert set(_children(os.getpid())) <= before  # no JupyterLab started
