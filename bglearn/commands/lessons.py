"""``bglearn lessons``: copy the course into the learner's own folder, open JupyterLab on its welcome
lesson there, and stop it cleanly.

What the command does, and why:

- it opens the learner's **own copy** of the course, never the course that comes with the kit (package
  data, or a clone's ``notebooks/``: :mod:`bglearn.course_files`), so opening or playing in a lesson
  changes nothing in the kit or in the repository. The copy is made in ``bglearn-course`` in the user's
  documents folder (``--dir`` chooses another); run again with a newer kit, it updates the lessons the
  learner has not changed and puts the new version of a changed one beside it (:mod:`bglearn.course_copy`).
  ``--dir`` naming a folder that holds lessons itself (its own ``00-welcome.ipynb``) opens it as it is;
- it **trusts** the notebooks in that folder (nbformat's :class:`~nbformat.sign.NotebookNotary`, the
  signature store JupyterLab reads), so a lesson opened for the first time shows its stored outputs
  in full; ``--no-trust`` leaves them untrusted (their boards still show: see
  :mod:`bglearn.widgets.fallback`);
- it starts JupyterLab as a **child process in its own session**, with the server's start page
  (``LabApp.default_url``) set to the welcome lesson, so the URL Jupyter prints and the browser it
  opens show that lesson; in a clone the repository is put on ``PYTHONPATH`` so the kernels import this
  copy of the kit; the kit's server extension (:mod:`bglearn.jupyter_server_ext`, enabled wherever the
  kit is installed) is enabled on the command line too, so a saved game reopens showing its board;
- **Ctrl+C, SIGTERM and SIGHUP** (a closed terminal) reach only this process, which asks the server
  to stop (SIGTERM: Jupyter then shuts its kernels down and removes its runtime files), waits, and
  only if the server has not stopped within the grace period kills it and its kernels and removes
  the files they leave. No "Shut down this server (y/[n])?" prompt, no orphaned server.

>>> from bglearn.commands.lessons import jupyter_command
>>> from pathlib import Path
>>> cmd = jupyter_command(Path("course"), port=8899, browser=False)
>>> "--port=8899" in cmd
True
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Sequence, TextIO

from ..course_copy import CopyReport, copy_course, default_course_dir
from ..course_files import WELCOME, course_root, is_packaged
from ..errors import BglearnError
from ..i18n import LANGUAGES, _

__all__ = ["register", "find_notebooks", "jupyter_command", "trust_notebooks", "serve", "WELCOME",
           "SERVER_EXTENSION"]

SERVER_EXTENSION = "bglearn.jupyter_server_ext"
"""The kit's Jupyter server extension (the save hook), enabled on the command line as well as by the
configuration file the package installs."""
STOP_SIGNALS = tuple(s for s in (getattr(signal, n, None) for n in ("SIGINT", "SIGTERM", "SIGHUP")) if s)
GRACE_SECONDS = 20.0
"""How long a stopping server may take to shut its kernels down before it is killed."""


def _package_root() -> Path:
    import bglearn

    return Path(bglearn.__file__).resolve().parent.parent


def find_notebooks(directory: str | Path | None = None, lang: str = "en", *,
                   copy: bool = True) -> tuple[Path, CopyReport | None]:
    """The folder of lessons to open, and what was done to the learner's copy.

    ``directory`` holding a welcome lesson of its own is opened as it is (``None`` for the report).
    Otherwise ``directory`` (by default :func:`~bglearn.course_copy.default_course_dir`) is the
    learner's copy of the course: with ``copy`` it is made or updated (:func:`copy_course`), and the
    lessons in ``lang`` there are returned. Raises :class:`BglearnError` for a folder inside the kit's
    installed course, which is never written to."""
    if directory is not None and (Path(directory).expanduser() / WELCOME).is_file():
        folder = Path(directory).expanduser().resolve()
        if is_packaged() and (folder == course_root() or course_root() in folder.parents):
            raise BglearnError(_("{folder} is the course inside the installed kit, which is never changed: "
                                 "run bglearn lessons without --dir to get a copy of your own.").format(folder=folder))
        return folder, None
    base = Path(directory).expanduser().resolve() if directory is not None else default_course_dir()
    report = copy_course(base, lang) if copy else None
    folder = base / "notebooks"
    return (folder if lang == "en" else folder / lang), report


def server_layout(folder: Path) -> tuple[Path, str]:
    """The folder the server shows and the welcome lesson's path inside it. In the course's own layout
    (``notebooks/`` beside ``exercises/``, as in a learner's copy, or a copy still to be made) that is the
    folder above, so the lessons' links to their graded exercises (``../exercises/...``) open; otherwise
    ``folder`` itself."""
    if folder.name == "notebooks" and ((folder.parent / "exercises").is_dir() or not folder.exists()):
        return folder.parent, f"notebooks/{WELCOME}"
    if (folder.name in LANGUAGES and folder.parent.name == "notebooks"
            and ((folder.parent.parent / "exercises").is_dir() or not folder.exists())):
        return folder.parent.parent, f"notebooks/{folder.name}/{WELCOME}"  # a translated course
    return folder, WELCOME


def jupyter_command(folder: Path, *, port: int | None = None, browser: bool = True,
                    extra: Sequence[str] = ()) -> list[str]:
    """The command line that starts JupyterLab for the lessons in ``folder``, its start page the
    welcome notebook (see :func:`server_layout`)."""
    root, start = server_layout(folder)
    cmd = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={root}",
           f"--LabApp.default_url=/lab/tree/{start}",
           f"--ServerApp.jpserver_extensions={SERVER_EXTENSION}=True"]
    if port is not None:
        cmd.append(f"--port={port}")
    if not browser:
        cmd.append("--no-browser")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")  # Jupyter refuses to run as root without it
    cmd.extend(extra)
    return cmd


def trust_notebooks(folder: Path) -> list[Path]:
    """Sign every ``*.ipynb`` directly in ``folder`` as trusted, in the signature store of the
    current Jupyter data dir (where the server started by this command looks). Returns the
    notebooks that were not trusted before. A file that is not a readable notebook is skipped
    (Jupyter will say what is wrong with it when it is opened)."""
    import nbformat
    from nbformat.sign import NotebookNotary

    notary = NotebookNotary()
    signed = []
    for path in sorted(folder.glob("*.ipynb")):
        try:
            nb = nbformat.read(path, as_version=4)
        except Exception:  # not a notebook: nothing to trust
            continue
        if not notary.check_signature(nb):
            notary.sign(nb)
            signed.append(path)
    return signed


def _environment(lang: str | None = None) -> dict[str, str]:
    env = dict(os.environ)
    if lang:
        env["BGLEARN_LANG"] = lang  # every kernel of the server speaks the lessons' language
    if is_packaged():  # installed: the kernels find the kit where this process found it
        return env
    root = str(_package_root())
    paths = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    if root not in paths:
        env["PYTHONPATH"] = os.pathsep.join([root, *paths])
    return env


def _runtime_dir(env: dict[str, str]) -> Path:
    if env.get("JUPYTER_RUNTIME_DIR"):
        return Path(env["JUPYTER_RUNTIME_DIR"])
    from jupyter_core.paths import jupyter_runtime_dir

    return Path(jupyter_runtime_dir())


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux /proc; empty elsewhere)."""
    found = []
    for entry in Path("/proc").glob("[0-9]*/stat"):
        try:
            stat = entry.read_text()
        except OSError:
            continue
        fields = stat[stat.rfind(")") + 2:].split()
        if len(fields) > 1 and fields[1] == str(pid):
            found.append(int(entry.parent.name))
    return found


def _connection_file(pid: int) -> Path | None:
    """The ``-f`` connection file on a kernel's command line, if any."""
    try:
        args = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return None
    for i, arg in enumerate(args[:-1]):
        if arg == b"-f":
            return Path(os.fsdecode(args[i + 1]))
    return None


def _kill(pid: int, sig: int) -> None:
    try:
        os.kill(pid, sig)
    except (ProcessLookupError, PermissionError):
        pass


def _force_stop(proc: subprocess.Popen[bytes], runtime: Path) -> None:
    """The server did not stop by itself: kill it, its process group and its kernels, and remove the
    runtime files they would have removed."""
    kernels = _children(proc.pid)
    files = [f for f in (_connection_file(k) for k in kernels) if f is not None]
    kill_all = getattr(signal, "SIGKILL", signal.SIGTERM)  # Windows has no SIGKILL
    try:
        os.killpg(proc.pid, kill_all)
    except (AttributeError, ProcessLookupError, PermissionError):  # no process groups on Windows
        proc.kill()
    for pid in kernels:
        _kill(pid, kill_all)
    proc.wait()
    files += [runtime / f"jpserver-{proc.pid}.json", runtime / f"jpserver-{proc.pid}-open.html",
              runtime / f"jpserver-file-to-run-{proc.pid}-open.html"]
    for f in files:
        try:
            f.unlink()
        except OSError:
            pass


def _server_url(runtime: Path, pid: int, start: str = f"/lab/tree/{WELCOME}") -> str | None:
    """The welcome lesson's URL (with the login token) once the server has written its info file."""
    try:
        info = json.loads((runtime / f"jpserver-{pid}.json").read_text())
    except (OSError, ValueError):
        return None
    url = info.get("url", "").replace("://localhost:", "://127.0.0.1:")
    if not url:
        return None
    token = info.get("token")
    return f"{url.rstrip('/')}{start}" + (f"?token={token}" if token else "")


def serve(cmd: Sequence[str], env: dict[str, str], *, grace: float = GRACE_SECONDS,
          out: TextIO | None = None) -> int:
    """Run the Jupyter server ``cmd`` as a managed child until it exits or this process is told to
    stop (SIGINT, SIGTERM, SIGHUP); returns the exit status (0 after a requested stop).

    The child runs in its own session with no terminal input, so the terminal's Ctrl+C reaches only
    this process and Jupyter never asks "Shut down this server (y/[n])?". A stop signal is passed on
    as SIGTERM; Jupyter then shuts down its kernels and removes its runtime files. If it has not
    exited after ``grace`` seconds (or on a second Ctrl+C), it and its kernels are killed and their
    runtime files removed. Once the server is up, the welcome lesson's URL is printed to ``out``
    (stderr by default).
    """
    out = out or sys.stderr
    runtime = _runtime_dir(env)
    start = next((a.split("=", 1)[1] for a in cmd if a.startswith("--LabApp.default_url=")), f"/lab/tree/{WELCOME}")
    stop: list[int] = []
    proc: subprocess.Popen[bytes] | None = None

    def on_signal(signum: int, _frame: object) -> None:
        stop.append(signum)
        if proc is not None and proc.poll() is None:
            _kill(proc.pid, signal.SIGTERM)

    previous = {sig: signal.signal(sig, on_signal) for sig in STOP_SIGNALS}
    try:
        proc = subprocess.Popen(list(cmd), env=env, stdin=subprocess.DEVNULL, start_new_session=True)
        if stop:  # a signal arrived while starting
            _kill(proc.pid, signal.SIGTERM)
        url = None
        stop_started: float | None = None
        while True:
            try:
                code = proc.wait(timeout=0.2)
                break
            except subprocess.TimeoutExpired:
                pass
            if stop:
                if stop_started is None:
                    stop_started = time.monotonic()
                    print("bglearn lessons: " + _("stopping JupyterLab and its kernels ..."), file=out, flush=True)
                if stop.count(signal.SIGINT) > 1 or time.monotonic() - stop_started > grace:
                    print("bglearn lessons: " + _("the server did not stop in time; killing it."), file=out, flush=True)
                    _force_stop(proc, runtime)
                    code = proc.returncode
                    break
            elif url is None and (url := _server_url(runtime, proc.pid, start)):
                print("bglearn lessons: " + _("the welcome lesson is at {url}").format(url=url), file=out, flush=True)
                print("bglearn lessons: " + _("stop the server with Ctrl+C."), file=out, flush=True)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        if proc is not None and proc.poll() is None:  # an unexpected error here: never orphan it
            _kill(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                _force_stop(proc, runtime)
    if stop:
        print("bglearn lessons: " + _("stopped."), file=out, flush=True)
        return 0
    return code


def _lessons(args: argparse.Namespace) -> int:
    if args.lang:
        from ..i18n import set_language

        set_language(args.lang)  # this command's own messages too
    if args.port is not None and not 1 <= args.port <= 65535:
        raise BglearnError(_("--port must be 1-65535, got {port}.").format(port=args.port))
    extra = list(args.jupyter_args or [])
    if extra and extra[0] == "--":
        extra = extra[1:]
    if args.dry_run:  # what would run, with nothing copied
        folder, _report = find_notebooks(args.dir, args.lang or "en", copy=False)
        print(" ".join(jupyter_command(folder, port=args.port, browser=not args.no_browser, extra=extra)))
        return 0
    if not args.copy_only:
        try:
            import jupyterlab  # noqa: F401
        except ImportError:
            raise BglearnError(_("JupyterLab is not installed; it comes with the kit's 'lessons' extra: "
                                 "pip install 'bglearn-kit[lessons]'.")) from None
    folder, report = find_notebooks(args.dir, args.lang or "en")
    for line in report.summary() if report else []:
        print("bglearn lessons: " + line, file=sys.stderr, flush=True)
    if args.copy_only:  # e.g. in a JupyterHub's terminal, or when an image is prepared: no server
        print(folder / WELCOME)
        return 0
    cmd = jupyter_command(folder, port=args.port, browser=not args.no_browser, extra=extra)
    if not args.no_trust:
        root, _start = server_layout(folder)
        trust_notebooks(folder)
        if root != folder:
            lang_exercises = root / "exercises" / folder.name
            trust_notebooks(lang_exercises if folder.name in LANGUAGES and lang_exercises.is_dir() else root / "exercises")
    print("bglearn lessons: " + _("starting JupyterLab on {path} ...").format(path=folder / WELCOME),
          file=sys.stderr, flush=True)
    return serve(cmd, _environment(args.lang))


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = subparsers.add_parser(
        "lessons",
        help=_("open the lesson notebooks in JupyterLab"),
        description=_("Copy the course into a folder of your own (or update your copy) and start JupyterLab "
                      "on its welcome notebook. Ctrl+C (or SIGTERM) stops the server and its kernels."),
    )
    p.add_argument("--no-browser", action="store_true", help=_("start the server without opening a browser"))
    p.add_argument("--port", type=int, default=None, help=_("the port for the server (default: Jupyter's, 8888)"))
    p.add_argument("--dir", default=None,
                   help=_("the folder for your copy of the course (default: bglearn-course in your documents "
                          "folder); a folder holding lessons of its own (00-welcome.ipynb) opens as it is"))
    p.add_argument("--no-trust", action="store_true",
                   help=_("do not mark the folder's notebooks as trusted (their boards still show)"))
    p.add_argument("--dry-run", action="store_true", help=_("print the command instead of running it"))
    p.add_argument("--copy-only", action="store_true",
                   help=_("make or update your copy of the course, print its welcome lesson's path, and start "
                          "no server (in a JupyterHub terminal, say)"))
    p.add_argument("--lang", choices=[lang for lang in LANGUAGES if lang != "en"] + ["en"], default=None,
                   help=_("the course in Spanish (es), Finnish (fi) or Romanian (ro): opens notebooks/<lang>/ and "
                   "the kernels show every message in that language (default: English)"))
    p.add_argument("jupyter_args", nargs=argparse.REMAINDER,
                   help=_("after --, options passed on to JupyterLab"))
    p.set_defaults(func=_lessons)
