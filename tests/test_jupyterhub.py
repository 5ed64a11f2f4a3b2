"""A JupyterHub classroom, for real: a teacher and three students with accounts and homes of their own,
a JupyterHub (dummy authenticator, local spawner: each single-user server runs as its user) and Chromium.

- Each student logs in, opens the course in their home, plays a move on a board, saves, and the
  reopened notebook shows the board as a picture: the kit's server extension works under a hub's
  single-user server, enabled only by the configuration file the kit installs.
- The assignment loop through the kit's exchange (:mod:`bglearn.hub`): the teacher releases personalised
  handouts, each student fetches their own, answers (saved through their hub server's contents API) and
  submits; one swaps their submission for a link to the teacher's files; the teacher collects, grades
  with ``bglearn grade`` and returns; each student receives their own feedback, and cannot read
  another's. Every command runs as the account that would run it on a hub, none as root.

Runs as root only (it makes users; skipped otherwise, with the reason). The Python running the tests
may sit under a folder other users cannot enter (pyenv under ``/root``): the hub and every command as a
user then run in a private mount namespace where that folder shows only the way to the Python
installation (nothing changes outside the namespace).

Slow (marked): a hub, three single-user servers and JupyterLab pages. One hub and one browser for the
module, the hub booting while Chromium starts, every student's server and kernel started before the
first page loads, students in turn; about 90 s on the 2-core machine under a load average of 8.
"""

from __future__ import annotations

import base64
import csv
import io
import json
import os
import pwd
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from importlib.util import find_spec
from pathlib import Path
from urllib.parse import quote

import pytest

from browser.harness import REPO, chromium_problem, free_port, screenshot, widget_output

PASSWORD = "bglearn-hub-test"
COURSE = "bg101"
EXERCISE = "forced-moves"
TAG = f"bgh{os.getpid() % 100000}"
TEACHER = f"{TAG}t"
STUDENTS = [f"{TAG}{x}" for x in "abc"]


def _problem() -> str | None:
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return "the JupyterHub classroom test makes users and runs a hub: it runs as root only"
    if find_spec("jupyterhub") is None:
        return "jupyterhub is not installed (pip install jupyterhub; it is in the kit's test extra)"
    if shutil.which("configurable-http-proxy") is None:
        return "configurable-http-proxy is not on PATH (npm install -g configurable-http-proxy)"
    missing = [t for t in ("useradd", "userdel", "unshare", "nsenter", "runuser", "mount") if shutil.which(t) is None]
    if missing:
        return f"needs {', '.join(missing)} (util-linux, passwd)"
    return chromium_problem()


def _hidden_folders() -> dict[Path, set[Path]]:
    """Folders other users cannot enter on the way to this Python and the kit (``/root`` under pyenv),
    each with its entries on those ways (``/root/.pyenv``)."""
    found: dict[Path, set[Path]] = {}
    for start in (Path(sys.executable).resolve(), Path(sys.base_prefix).resolve(), Path(sys.prefix).resolve(), REPO):
        for folder in reversed(start.parents):
            if not os.stat(folder).st_mode & 0o001:
                found.setdefault(folder, set()).add(folder / start.relative_to(folder).parts[0])
                break
    return found


class Machine:
    """Accounts with homes under a throwaway folder, and a private mount namespace (kept alive by a
    sleeping process) where every command of the test's users runs."""

    def __init__(self, base: Path) -> None:
        self.base = base
        self.users: list[str] = []
        self.holder: subprocess.Popen[bytes] | None = None
        self.exchange = base / "exchange"
        self.hub: Hub | None = None

    def open(self) -> None:
        lines = ["set -e"]
        for folder, children in _hidden_folders().items():   # shown with only those entries, to everyone
            staged = []
            for child in sorted(children):
                stage = self.base / f"stage{len(list(self.base.glob('stage*')))}"
                stage.mkdir()
                staged.append((child, stage))
                lines.append(f"mount --bind '{child}' '{stage}'")
            lines.append(f"mount -t tmpfs -o mode=0755 tmpfs '{folder}'")
            for child, stage in staged:
                lines += [f"mkdir -p '{child}'", f"mount --bind '{stage}' '{child}'"]
        ready = self.base / "namespace-ready"
        lines += [f"touch '{ready}'", "exec sleep 100000"]
        self.holder = subprocess.Popen(["unshare", "--mount", "--propagation", "private", "sh", "-c", "\n".join(lines)],
                                       start_new_session=True)
        deadline = time.monotonic() + 20
        while not ready.exists():
            assert self.holder.poll() is None, "the private mount namespace could not be made"
            assert time.monotonic() < deadline
            time.sleep(0.05)

    def add_user(self, name: str) -> Path:
        home = self.base / "home" / name
        subprocess.run(["useradd", "--create-home", "--home-dir", str(home), "--shell", "/bin/sh",
                        "--key", "HOME_MODE=0700", name], check=True, capture_output=True)
        self.users.append(name)
        return home

    def inside(self, *argv: str, cwd: Path | str = "/") -> list[str]:
        """``argv`` run in the namespace, in the folder ``cwd`` (entered inside the namespace: a folder entered
        before, as ``nsenter --wd`` does, stays on the outside's mounts, and renames from it fail)."""
        assert self.holder is not None
        return ["nsenter", "-t", str(self.holder.pid), "-m", "--", "env", "-C", str(cwd), *argv]

    def run(self, user: str, *argv: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
        """``argv`` run as ``user`` in their home, with a clean environment (as a hub server gives)."""
        pw = pwd.getpwnam(user)
        clean = {"HOME": pw.pw_dir, "USER": user, "LOGNAME": user, "PATH": os.environ["PATH"], "LANG": "C.UTF-8",
                 **(env or {})}
        cmd = self.inside("runuser", "-u", user, "--", "env", "-i", *[f"{k}={v}" for k, v in clean.items()], *argv,
                          cwd=pw.pw_dir)
        return subprocess.run(cmd, capture_output=True, text=True, cwd=pw.pw_dir, timeout=300)

    def bglearn(self, user: str, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
        return self.run(user, sys.executable, "-m", "bglearn", *args, env=env)

    def stop_users(self) -> None:
        """End every process of the test's users (their servers and kernels), by process id."""
        uids = {pwd.getpwnam(u).pw_uid for u in self.users}
        for pid in _processes_of(uids):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

    def close(self) -> None:
        self.stop_users()
        for user in self.users:
            subprocess.run(["userdel", "--remove", user], capture_output=True)
        if self.holder is not None and self.holder.poll() is None:
            os.killpg(self.holder.pid, signal.SIGKILL)
            self.holder.wait()
        shutil.rmtree(self.base, ignore_errors=True)


def _processes_of(uids: set[int]) -> list[int]:
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if entry.stat().st_uid in uids:
                    pids.append(int(entry.name))
            except FileNotFoundError:
                pass
    return pids


class Hub:
    """A JupyterHub on 127.0.0.1, running (as root) in the machine's namespace."""

    def __init__(self, machine: Machine) -> None:
        folder = machine.base / "hub"
        folder.mkdir(mode=0o700)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.token = os.urandom(16).hex()
        config = folder / "jupyterhub_config.py"
        config.write_text(f"""
c = get_config()  # noqa
c.JupyterHub.bind_url = {self.url!r}
c.JupyterHub.hub_bind_url = "http://127.0.0.1:{free_port()}"
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{free_port()}"
c.ConfigurableHTTPProxy.pid_file = {str(folder / 'proxy.pid')!r}
c.JupyterHub.db_url = "sqlite:///{folder / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = {str(folder / 'cookie_secret')!r}
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = {PASSWORD!r}
c.Authenticator.allowed_users = {set(STUDENTS)!r}
c.JupyterHub.spawner_class = "jupyterhub.spawner.LocalProcessSpawner"
c.Spawner.cmd = [{sys.executable!r}, "-m", "jupyterhub.singleuser"]
c.Spawner.default_url = "/lab"
# The kit's server configuration, as installing the wheel puts it in <prefix>/etc/jupyter (an editable
# install, as in CI, does not install data files: the single-user servers find the same file here).
c.Spawner.environment = {{"JUPYTER_CONFIG_PATH": {str(REPO / "etc" / "jupyter")!r}}}
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
c.JupyterHub.services = [{{"name": "classroom-test", "api_token": {self.token!r}}}]
c.JupyterHub.load_roles = [{{"name": "classroom-test", "scopes": ["servers", "read:users", "read:servers", "access:servers"],
                            "services": ["classroom-test"]}}]
""")
        env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "PYTHONPATH"))}
        env["HOME"] = str(folder)
        self.log = folder / "hub.log"
        with open(self.log, "wb") as out:
            self.proc = subprocess.Popen(machine.inside(sys.executable, "-m", "jupyterhub", "-f", str(config), cwd=folder),
                                         cwd=folder, env=env, stdout=out, stderr=subprocess.STDOUT,
                                         start_new_session=True)
        self.started = False
        self.running: set[str] = set()

    def ready(self) -> "Hub":
        """Wait until the hub answers (it boots while the test does other work), then start every
        student's server, as their first login would: they start while the first student's page loads."""
        deadline = time.monotonic() + 90
        while not self.started:
            assert self.proc.poll() is None, f"JupyterHub exited:\n{self.log.read_text()[-3000:]}"
            try:
                with urllib.request.urlopen(f"{self.url}/hub/health", timeout=2) as r:
                    if r.status == 200:
                        self.started = True
                        for user in STUDENTS:
                            self.spawn(user)
                        break
            except OSError:
                pass
            assert time.monotonic() < deadline, f"JupyterHub did not start:\n{self.log.read_text()[-3000:]}"
            time.sleep(0.25)
        return self

    def spawn(self, user: str) -> None:
        """Start ``user``'s server now (the hub answers at once and starts it in the background), as the
        hub would on their first login."""
        request = urllib.request.Request(f"{self.url}/hub/api/users/{user}/server", method="POST",
                                         headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(request, timeout=30) as r:
            assert r.status in (201, 202), r.status

    def wait_for_server(self, user: str, timeout: float = 120) -> None:
        """Wait until ``user``'s server has started (the hub's own account of it)."""
        deadline = time.monotonic() + timeout
        while user not in self.running:
            request = urllib.request.Request(f"{self.url}/hub/api/users/{user}",
                                             headers={"Authorization": f"token {self.token}"})
            with urllib.request.urlopen(request, timeout=30) as r:
                if (json.loads(r.read()).get("servers", {}).get("", {}) or {}).get("ready"):
                    self.running.add(user)
                    return
            assert time.monotonic() < deadline, f"{user}'s server did not start:\n{self.log.read_text()[-3000:]}"
            time.sleep(0.3)

    def server_api(self, user: str, endpoint: str, body: dict | None = None, method: str | None = None) -> dict:
        """``user``'s own server's REST API (``/user/<user>/api/<endpoint>``), behind the hub, once the
        hub says that server is ready."""
        self.wait_for_server(user)
        request = urllib.request.Request(
            f"{self.url}/user/{user}/api/{endpoint}", data=None if body is None else json.dumps(body).encode(),
            method=method or ("GET" if body is None else "POST"),
            headers={"Authorization": f"token {self.token}", "Content-Type": "application/json"})
        deadline = time.monotonic() + 90
        while True:   # a server still starting answers 424 or 503 through the hub
            try:
                with urllib.request.urlopen(request, timeout=30) as r:
                    return json.loads(r.read())
            except urllib.error.HTTPError as exc:
                if exc.code not in (424, 502, 503) or time.monotonic() > deadline:
                    raise
            time.sleep(0.5)

    def contents(self, user: str, path: str, model: dict | None = None, query: str = "") -> dict:
        """``path`` through ``user``'s contents API (``model``: save it; ``query``: more GET parameters)."""
        if model is not None:
            return self.server_api(user, f"contents/{quote(path)}", model, method="PUT")
        return self.server_api(user, f"contents/{quote(path)}?content=1&{query}")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)   # the hub stops its users' servers and its proxy
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)


@pytest.fixture(scope="module")
def classroom():
    problem = _problem()
    if problem:
        pytest.skip(problem)
    machine = Machine(Path(tempfile.mkdtemp(prefix="bglearn-hub-")))
    hub = None
    try:
        machine.base.chmod(0o755)
        (machine.base / "home").mkdir(mode=0o755)
        machine.open()
        for user in [TEACHER, *STUDENTS]:
            home = machine.add_user(user)
            settings = home / ".jupyter" / "lab" / "user-settings" / "@jupyterlab" / "apputils-extension"
            machine.run(user, "mkdir", "-p", str(settings))
            machine.run(user, "sh", "-c", f"echo '{{\"fetchNews\": \"false\", \"checkForUpdates\": false}}' > "
                                          f"'{settings}/notification.jupyterlab-settings'")
        # The hub admin's one-time set-up (README, "On a JupyterHub"): the exchange, and the course's folder
        # owned by its teacher.
        exchange = machine.exchange
        exchange.mkdir(mode=0o755)
        (exchange / COURSE).mkdir(mode=0o711)
        shutil.chown(exchange / COURSE, TEACHER)
        hub = machine.hub = Hub(machine)   # it boots while Chromium starts (and the loop's test needs it not)
        yield machine
    finally:
        machine.stop_users()   # their servers and kernels: nothing of theirs is worth a graceful stop
        if hub is not None:
            hub.stop()
        machine.close()


GAME = ["from bglearn import BoardWidget, Position",
        "w = BoardWidget(mode='humans', position=Position(), roll='31')\nw"]


COPY_COURSE = """import sys
from bglearn.course_copy import copy_course, default_course_dir
copy_course(default_course_dir())
lessons = default_course_dir() / "notebooks"
(lessons / "my-game.ipynb").write_text(sys.argv[1])
print(lessons)
"""


def _log_in_and_open(page, hub: Hub, user: str, path: str) -> None:
    """Log in on the hub's page and land on the notebook ``path``, its kernel attached and idle."""
    page.goto(f"{hub.url}/hub/login?next=" + quote(f"/user/{user}/lab/tree/{path}?reset"))
    page.locator("input[name=username]").fill(user)
    page.locator("input[name=password]").fill(PASSWORD)
    page.locator("input[type=submit], button[type=submit]").first.click()
    page.wait_for_url(re.compile(rf"/user/{user}/lab/tree/"), timeout=90_000)
    page.wait_for_function(
        """() => {
            const k = document.querySelector('.jp-Toolbar-kernelName');
            const e = document.querySelector('.jp-Notebook-ExecutionIndicator');
            return k && /Python 3/.test(k.textContent) && e && e.getAttribute('data-status') === 'idle';
        }""", timeout=90_000)


def _played() -> str:
    from bglearn import Position, legal_plays

    return next(p for p in legal_plays(Position(), "31") if p.notation == "8/5 6/5").result.position_id()


@pytest.mark.flaky(reruns=1, reruns_delay=2)   # as every real-browser test (tests/browser/conftest.py)
@pytest.mark.slow
@pytest.mark.browser
def test_each_student_plays_saves_and_reopens_a_board_on_the_hub(classroom, browser):
    import nbformat

    played = _played()
    hub = classroom.hub.ready()
    games = {}
    for user in STUDENTS:
        home = Path(pwd.getpwnam(user).pw_dir)
        # the student's own copy of the course, made as `bglearn lessons` makes it, with a game of theirs in it
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in GAME])
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
        copied = classroom.run(user, sys.executable, "-c", COPY_COURSE, nbformat.writes(nb))
        assert copied.returncode == 0, copied.stderr
        course = Path(copied.stdout.strip())
        assert course.is_relative_to(home) and (course / "00-welcome.ipynb").is_file()
        games[user] = course / "my-game.ipynb"
        # its kernel starts now, while an earlier student's page loads (the page attaches to it)
        path = games[user].relative_to(home).as_posix()
        hub.server_api(user, "sessions", {"path": path, "name": games[user].name, "type": "notebook",
                                          "kernel": {"name": "python3"}})
    for user in STUDENTS:
        home = Path(pwd.getpwnam(user).pw_dir)
        saved_file = games[user]
        context = browser.new_context(viewport={"width": 1280, "height": 1000})
        page = context.new_page()
        page.set_default_timeout(60_000)
        try:
            _log_in_and_open(page, hub, user, saved_file.relative_to(home).as_posix())
            page.get_by_role("menuitem", name="Run", exact=True).click()
            page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
            out = widget_output(page)
            board = out.locator(".bglearn-board")
            for point in ("8", "5", "6", "5"):  # 8/5 6/5, clicked
                before = board.get_attribute("data-revision")
                out.locator(f'svg [data-point="{point}"]').first.click()
                page.wait_for_function("([el, b]) => el.getAttribute('data-revision') !== b",
                                       arg=[board.element_handle(), before])
            before = board.get_attribute("data-revision")
            out.locator('button[data-control="done"]').click()
            page.wait_for_function("([el, b]) => el.getAttribute('data-revision') !== b",
                                   arg=[board.element_handle(), before])
            deadline = time.monotonic() + 30
            while played not in saved_file.read_text():
                page.locator(".jp-Notebook").first.click(position={"x": 5, "y": 5})
                page.keyboard.press("Control+s")
                time.sleep(1)
                assert time.monotonic() < deadline, f"{user}'s save never held the played position"
            saved = json.loads(saved_file.read_text())
            outputs = [o for c in saved["cells"] for o in c.get("outputs", [])]
            assert not [o for o in outputs if "application/vnd.jupyter.widget-view+json" in o.get("data", {})], \
                "a widget view was saved: the kit's server extension did not run under the hub's server"
            assert saved_file.stat().st_uid == pwd.getpwnam(user).pw_uid

            # close the notebook and open it again from the file browser: what shows is what was saved
            page.locator(".jp-mod-current .lm-TabBar-tabCloseIcon, .lm-TabBar-tab.jp-mod-current "
                         ".lm-TabBar-tabCloseIcon").first.click()
            page.locator(".jp-NotebookPanel").first.wait_for(state="detached")
            page.locator(".jp-DirListing-item", has_text=saved_file.name).first.dblclick()
            picture = page.locator('.jp-OutputArea-output img[src^="data:image/svg+xml"]').first
            picture.wait_for()
            assert picture.evaluate("i => i.complete && i.naturalWidth") > 300
            src = picture.get_attribute("src") or ""
            assert played in base64.b64decode(src.split(",", 1)[1]).decode()
            assert "Error displaying widget" not in page.locator("body").inner_text()
            screenshot(page, f"hub-saved-game-{user[-1]}.png")
        finally:
            context.close()


def _answers(teacher_home: Path) -> dict[str, dict[int, object]]:
    """Right answers for the first student, one wrong for the second, from the teacher's folder."""
    from bglearn.exercises.session import from_specs
    from bglearn.grading.roster import Assignment
    from bglearn.grading.synthetic import right_answer, wrong_answer

    entry = Assignment.load(teacher_home / "fm" / "assignment.json").exercises[EXERCISE]
    answers = {}
    for k, sid in enumerate(STUDENTS[:2]):
        qs = from_specs(EXERCISE, entry["questions"][sid], entry["seed"], sid).questions
        answers[sid] = {n: (wrong_answer(q) if k == 1 and n == 2 else right_answer(q)) for n, q in enumerate(qs, 1)}
    return answers


TEXT = "type=file&format=text"   # a Markdown file as text (jupytext, where installed, would make it a notebook)


def _answer(nb: dict, answers: dict[int, object]) -> dict:
    """The notebook with these answers typed into its answer cells."""
    for cell in nb["cells"]:
        gid = cell["metadata"].get("nbgrader", {}).get("grade_id", "")
        if gid.startswith("answer_") and int(gid[7:]) in answers:
            cell["source"] = f"{gid} = {answers[int(gid[7:])]!r}"
    return nb


def _ok(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


@pytest.mark.slow
@pytest.mark.browser
def test_the_assignment_loop_through_the_exchange(classroom):
    m = classroom
    where = ["--course", COURSE, "--exchange", str(m.exchange)]
    teacher_home = Path(pwd.getpwnam(TEACHER).pw_dir)
    a, b, c = STUDENTS
    _ok(m.run(TEACHER, "sh", "-c", f"printf 'id,name\\n{a},Ada\\n{b},Bo\\n{c},Cy\\n' > class.csv"))
    _ok(m.bglearn(TEACHER, "assign", "--exercise", EXERCISE, "--roster", "class.csv", "--seed", "2026",
                  "--mode", "assessment", "-o", "fm"))
    assert "3 students" in _ok(m.bglearn(TEACHER, "hub", "release", "fm", *where))

    for sid in STUDENTS:   # each student, in their hub server's environment
        out = _ok(m.bglearn(sid, "hub", "fetch", *where, JUPYTERHUB_USER=sid))
        assert f"{COURSE}/{EXERCISE}.ipynb" in out
    mine = {sid: (Path(pwd.getpwnam(sid).pw_dir) / COURSE / f"{EXERCISE}.ipynb").read_text() for sid in STUDENTS}
    assert len(set(mine.values())) == 3, "the handouts are not personalised"
    for sid in STUDENTS:   # each got their own: the teacher's handout for them, byte for byte
        assert mine[sid] == (teacher_home / "fm" / "handouts" / sid / f"{EXERCISE}.ipynb").read_text()

    # no student can list the class, nor read or write another's folders
    outbound = m.exchange / COURSE / "outbound"
    assert m.run(b, "ls", str(outbound)).returncode != 0
    assert m.run(b, "cat", str(outbound / a / f"{EXERCISE}.ipynb")).returncode != 0
    assert m.run(b, "touch", str(m.exchange / COURSE / "inbound" / a / f"{EXERCISE}.ipynb")).returncode != 0
    denied = m.bglearn(b, "hub", "fetch", *where, "--student", a, "--dir", "stolen")
    assert denied.returncode == 2 and "ask your teacher" in denied.stderr

    hub = m.hub.ready()
    for sid, answers in _answers(teacher_home).items():   # typed in, saved through their hub server
        handout = f"{COURSE}/{EXERCISE}.ipynb"
        nb = hub.contents(sid, handout)["content"]
        hub.contents(sid, handout, {"type": "notebook", "format": "json", "content": _answer(nb, answers)})
    for sid in STUDENTS:
        assert "submitted" in _ok(m.bglearn(sid, "hub", "submit", *where, JUPYTERHUB_USER=sid))
    # the third student swaps their submission for a link to the teacher's files: it is not followed
    planted = m.exchange / COURSE / "inbound" / c / f"{EXERCISE}.ipynb"
    _ok(m.run(c, "ln", "-sf", str(teacher_home / "fm" / "assignment.json"), str(planted)))

    collected = _ok(m.bglearn(TEACHER, "hub", "collect", "fm", *where))
    assert "collected 2 submissions" in collected and "symbolic link" in collected
    graded = _ok(m.bglearn(TEACHER, "grade", "fm/submissions", "-o", "fm/grades.csv"))
    assert "graded 2 submissions" in graded
    _ok(m.bglearn(TEACHER, "hub", "return", "fm", *where))

    rows = list(csv.DictReader(io.StringIO((teacher_home / "fm" / "grades.csv").read_text())))
    total = {sid: sum(float(r["points"]) for r in rows if r["student"] == sid) for sid in STUDENTS}
    best = sum(float(r["max_points"]) for r in rows if r["student"] == a)
    assert total[a] == best > total[b] > 0 and total[c] == 0, total

    for sid in STUDENTS:
        out = _ok(m.bglearn(sid, "hub", "feedback", *where, JUPYTERHUB_USER=sid))
        text = hub.contents(sid, f"{COURSE}/feedback/{EXERCISE}.md", query=TEXT)["content"]   # what their JupyterLab shows
        assert "feedback" in out and sid in text
        assert not [other for other in STUDENTS if other != sid and other in text]
    assert "No submission" in hub.contents(c, f"{COURSE}/feedback/{EXERCISE}.md", query=TEXT)["content"]
    # another student's feedback is out of reach, through the command or the file
    assert m.run(b, "cat", str(m.exchange / COURSE / "feedback" / a / f"{EXERCISE}.md")).returncode != 0
    denied = m.bglearn(b, "hub", "feedback", *where, "--student", a, "--dir", "stolen")
    assert denied.returncode == 2 and "ask your teacher" in denied.stderr


@pytest.mark.parametrize("argv, says", [
    (["fetch", "--course", COURSE, "--exchange", "{tmp}/none"], "there is no exchange folder"),
    (["submit", "--exchange", "{tmp}"], "which course?"),
    (["fetch", "--course", "../etc", "--exchange", "{tmp}"], "not a usable course name"),
    (["release", "{tmp}/none", "--course", COURSE, "--exchange", "{tmp}"], "no such assignment folder"),
    (["collect", "{tmp}", "--course", COURSE, "--exchange", "{tmp}"], "no assignment manifest"),
    (["feedback", "--course", COURSE, "--exchange", "{tmp}", "--student", "ada"], "no feedback for ada"),
])
def test_a_wrong_exchange_course_or_folder_is_one_line_naming_it(tmp_path, capsys, monkeypatch, argv, says):
    from bglearn.cli import main

    monkeypatch.delenv("BGLEARN_COURSE", raising=False)
    assert main(["hub", *[a.format(tmp=tmp_path) for a in argv]]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bglearn hub: ") and says in err and err.count("\n") == 1, err
