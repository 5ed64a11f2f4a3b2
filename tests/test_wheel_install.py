"""The kit as a school installs it: the wheel, in a fresh virtual environment outside the repository.

The wheel is built from a copy of the sources (``pip wheel``, as for the package index) and installed
with ``--no-deps`` into a virtual environment in a temporary folder, made with ``--system-site-packages``
so that its dependencies come from this machine (no network while the test runs). Every command then
runs from that environment's ``bin/`` in a folder outside the repository, with no ``PYTHONPATH``: the
kit it imports is the wheel's (checked), the course it reads is the wheel's package data, and the
Jupyter server configuration that enables the save hook is the one the wheel installed into the
environment's ``etc/jupyter``.

- the learner's first hour: ``bglearn lessons`` (headless) copies the course into the learner's
  documents folder and serves the welcome lesson from the copy, leaving the installed course as it
  was; a board played and saved under a plain ``jupyter lab`` keeps its picture;
- the teacher's: ``bglearn assign``, a class's submissions (one right, from the teacher's answer key,
  one untouched), ``bglearn grade`` with its Canvas export.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import nbformat
import pytest

from browser.harness import free_port

pytestmark = pytest.mark.slow  # builds and installs the wheel, starts two Jupyter servers: about a minute

REPO = Path(__file__).resolve().parent.parent
#: What the wheel is built from (as a source distribution holds it: MANIFEST.in, setup.py).
SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "etc", "bglearn", "notebooks", "exercises")
QUIET = [f"--ServerApp.jpserver_extensions={name}=False" for name in (
    "jupyter_lsp", "jupyter_server_terminals", "nbgrader.server_extensions.assignment_list",
    "nbgrader.server_extensions.course_list", "nbgrader.server_extensions.formgrader",
    "nbgrader.server_extensions.validate_assignment")]
SERVER = ["--no-browser", "--ip=127.0.0.1", "--ServerApp.port_retries=0", "--IdentityProvider.token=",
          "--ServerApp.password=", "--ServerApp.disable_check_xsrf=True", "--allow-root", *QUIET]


class Venv:
    """The virtual environment with the wheel installed, and how to run its commands."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.path = tmp / "venv"
        self.bin = self.path / "bin"
        self.home = tmp / "home"
        self.home.mkdir()
        self.env = {k: v for k, v in os.environ.items()
                    if not k.startswith(("JUPYTER", "PYTHON", "BGLEARN", "VIRTUAL_ENV", "XDG_"))}
        self.env.update(HOME=str(self.home), PATH=os.pathsep.join([str(self.bin), os.environ.get("PATH", "")]),
                        VIRTUAL_ENV=str(self.path), PYTHONNOUSERSITE="1")
        for var, sub in (("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_DATA_DIR", "data"),
                         ("JUPYTER_RUNTIME_DIR", "runtime"), ("JUPYTERLAB_SETTINGS_DIR", "settings"),
                         ("JUPYTERLAB_WORKSPACES_DIR", "workspaces")):
            (tmp / "jupyter" / sub).mkdir(parents=True)
            self.env[var] = str(tmp / "jupyter" / sub)

    def run(self, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        r = subprocess.run([*args], cwd=self.tmp, env=self.env, capture_output=True, text=True, timeout=timeout)
        assert r.returncode == 0, f"{' '.join(args)} failed:\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}"
        return r

    def python(self, code: str) -> str:
        return self.run(str(self.bin / "python"), "-c", code).stdout

    def start(self, log: Path, *args: str) -> subprocess.Popen[bytes]:
        with open(log, "wb") as out:
            return subprocess.Popen([*args], cwd=self.tmp, env=self.env, stdout=out, stderr=subprocess.STDOUT,
                                    start_new_session=True)


def _build_wheel(tmp: Path) -> Path:
    """The kit's wheel, built from a copy of its sources (a build in place would leave build/ in the
    repository, and pack whatever an earlier build left there)."""
    source = tmp / "source"
    source.mkdir()
    for name in SOURCES:
        if (REPO / name).is_dir():
            shutil.copytree(REPO / name, source / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".ipynb_checkpoints"))
        else:
            shutil.copy2(REPO / name, source / name)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w",
                    str(tmp / "dist"), str(source)], check=True, capture_output=True, timeout=300, cwd=tmp)
    (wheel,) = (tmp / "dist").glob("bglearn_kit-*.whl")
    return wheel


@pytest.fixture(scope="module")
def venv(tmp_path_factory) -> Venv:
    tmp = tmp_path_factory.mktemp("wheel")
    wheel = _build_wheel(tmp)
    env = Venv(tmp)
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(env.path)], check=True, timeout=120)
    # --force-reinstall: the repository's editable install, seen through the system site, has the same version.
    env.run(str(env.bin / "python"), "-m", "pip", "install", "-q", "--no-deps", "--no-index", "--force-reinstall",
            str(wheel), timeout=300)
    return env


def _tree_digest(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def _api(port: int, path: str, body: dict | None = None) -> dict:
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method="GET" if body is None else "PUT",
                                 data=None if body is None else json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def _wait_for(log: Path, proc: subprocess.Popen[bytes], pattern: str, timeout: float = 120) -> re.Match[str]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = re.search(pattern, log.read_text(errors="replace"))
        if found:
            return found
        assert proc.poll() is None, log.read_text(errors="replace")[-3000:]
        time.sleep(0.3)
    raise AssertionError(f"{pattern!r} not seen in time:\n{log.read_text(errors='replace')[-3000:]}")


def _stop(proc: subprocess.Popen[bytes]) -> int:
    if proc.poll() is None:
        os.kill(proc.pid, signal.SIGTERM)
    try:
        return proc.wait(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        return proc.wait()


def test_the_environment_runs_the_wheel_with_its_course_and_server_configuration(venv):
    found = json.loads(venv.python(
        "import json, bglearn, bglearn.course_files as c; "
        "print(json.dumps([bglearn.__file__, c.is_packaged(), str(c.course_root())]))"))
    where, packaged, course = found
    assert Path(where).is_relative_to(venv.path), f"bglearn imported from {where}, not from the wheel"
    assert packaged and Path(course).is_relative_to(venv.path)
    assert (Path(course) / "notebooks" / "es" / "00-welcome.ipynb").is_file()
    assert (Path(course) / "exercises" / "src" / "fi" / "instructions.md").is_file()
    config = venv.path / "etc" / "jupyter" / "jupyter_server_config.d" / "bglearn.json"
    assert json.loads(config.read_text())["ServerApp"]["jpserver_extensions"] == {"bglearn.jupyter_server_ext": True}


def test_a_learners_first_hour_from_the_wheel(venv):
    course = Path(json.loads(venv.python("import json, bglearn.course_files as c; print(json.dumps(str(c.course_root())))")))
    installed = _tree_digest(course)

    # bglearn lessons, headless: the course copied into the learner's documents folder, served from there
    port, log = free_port(), venv.tmp / "lessons.log"
    proc = venv.start(log, str(venv.bin / "bglearn"), "lessons", "--no-browser", "--port", str(port), "--", *SERVER)
    try:
        url = _wait_for(log, proc, r"welcome lesson is at (\S+)").group(1)
        copy = venv.home / "Documents" / "bglearn-course"
        assert url.startswith(f"http://127.0.0.1:{port}/lab/tree/notebooks/00-welcome.ipynb")
        copied = re.search(r"copied (\d+) course notebooks into (\S+)", log.read_text())
        assert copied and Path(copied.group(2)) == copy
        assert int(copied.group(1)) == len(list(copy.rglob("*.ipynb"))) >= 18  # lessons, glossary, exercises
        lesson = _api(port, "/api/contents/notebooks/00-welcome.ipynb?content=1")
        assert lesson["content"]["cells"] and (copy / "notebooks" / "00-welcome.ipynb").is_file()
        assert _api(port, "/api/contents/exercises/setup.ipynb?content=0")["type"] == "notebook"  # lessons link there
        assert urllib.request.urlopen(url, timeout=30).status == 200
    finally:
        assert _stop(proc) == 0, log.read_text()[-3000:]
    assert _tree_digest(course) == installed, "bglearn lessons wrote inside the installed package"

    # a board played (in the environment's kernel) and saved under a plain `jupyter lab`
    game = venv.python(
        "import json, nbformat\nfrom nbclient import NotebookClient\n"
        "nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in ["
        "'import bglearn; print(bglearn.__file__)',"
        "\"from bglearn import BoardWidget, Position\\nw = BoardWidget(mode='humans', position=Position(), roll='31')\\nw\","
        "\"w.play('8/5 6/5')\\nprint(w.position.position_id())\"]])\n"
        "nb.metadata['kernelspec'] = {'name': 'python3', 'display_name': 'Python 3 (ipykernel)', 'language': 'python'}\n"
        "NotebookClient(nb, timeout=120, kernel_name='python3').execute()\n"
        "nb.metadata.pop('widgets', None)\n"
        "print(nbformat.writes(nb))")
    nb, cells = json.loads(game), nbformat.reads(game, as_version=4).cells
    assert Path(cells[0].outputs[0].text.strip()).is_relative_to(venv.path)  # the kernel ran the wheel's kit
    played = cells[2].outputs[0].text.strip()
    assert "application/vnd.jupyter.widget-view+json" in cells[1].outputs[0].data  # the live view, before saving
    root, port, log = venv.tmp / "work", free_port(), venv.tmp / "lab.log"
    root.mkdir()
    lab = venv.start(log, str(venv.bin / "python"), "-m", "jupyterlab", f"--port={port}",
                     f"--ServerApp.root_dir={root}", *SERVER)
    try:
        _wait_for(log, lab, r"Jupyter Server .* is running at|http://127\.0\.0\.1:\d+/lab")
        _api(port, "/api/contents/game.ipynb", {"type": "notebook", "content": nb})
        reopened = _api(port, "/api/contents/game.ipynb?content=1")["content"]
    finally:
        _stop(lab)
    board = nbformat.from_dict(reopened).cells[1].outputs[0].data
    assert "application/vnd.jupyter.widget-view+json" not in board, "a dead widget view was saved"
    assert f'data-position-id="{played}"' in board["image/svg+xml"]
    assert "data:image/svg+xml;base64," in board["text/html"]


def test_a_teachers_hour_from_the_wheel(venv):
    (venv.tmp / "students.csv").write_text("id,name\nalice,Alice Ash\nbob,Bob Birch\n")
    bglearn = str(venv.bin / "bglearn")
    venv.run(bglearn, "assign", "--exercise", "setup", "--roster", "students.csv", "--seed", "7", "-o", "class",
             "--jobs", "1")
    handouts, submissions = venv.tmp / "class" / "handouts", venv.tmp / "class" / "submissions"
    shutil.copytree(handouts, submissions, dirs_exist_ok=True)  # assign made submissions/ ready, empty
    # alice answers every question from the teacher's answer key; bob hands his notebook back untouched
    venv.python(
        "import json\nfrom bglearn.exercises import load_exercise\n"
        "ex = load_exercise('setup', seed=7, student='alice')\n"
        "path = 'class/submissions/alice/setup.ipynb'\nnb = json.load(open(path))\n"
        "for c in nb['cells']:\n"
        "    gid = c['metadata'].get('nbgrader', {}).get('grade_id', '')\n"
        "    if gid.startswith('answer_'):\n"
        "        n = int(gid.split('_')[1]); c['source'] = f'answer_{n} = {ex.question(n).example_answer()!r}'\n"
        "json.dump(nb, open(path, 'w'))")
    graded = venv.run(bglearn, "grade", "class/submissions", "-o", "class/grades.csv", "--jobs", "1",
                      "--export", "canvas", timeout=300)
    assert re.search(r"alice\s+setup\s+9/9\s+graded", graded.stdout), graded.stdout
    assert re.search(r"bob\s+setup\s+0/9\s+graded", graded.stdout), graded.stdout
    exported = re.search(r"^.*?(\S*canvas\S*\.csv)\s*$", graded.stdout + graded.stderr, re.M)
    assert exported, f"no Canvas export was named:\n{graded.stdout}"
    canvas = (venv.tmp / exported.group(1)).read_text().splitlines()
    assert canvas[0].startswith("Student,ID,SIS User ID") and any(line.startswith("Alice Ash,") for line in canvas)
    assert sorted(p.name for p in (venv.tmp / "class" / "feedback").iterdir()) == ["alice.md", "bob.md"]
