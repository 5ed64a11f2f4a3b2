"""Run one untrusted Python program in a sandbox of its own and collect its output lines, bounded in
time and size. The grader runs each submission through :func:`run`; nothing here knows about notebooks.

With bubblewrap (``bwrap``, Debian package ``bubblewrap``) a run gets:

- its own mount namespace with a read-only view of the system (``/usr``, ``/lib``...), of the Python
  interpreter and of the ``bglearn`` package only, and a private, empty ``/tmp`` as working directory:
  no view of other submissions, the assignment manifest, the grade sheet, the teacher's home or ``/etc``;
- an empty environment (nothing of the grader's environment variables);
- no network (its own network namespace has only a loopback device that is down);
- its own PID namespace, user namespace (it runs as ``nobody`` with no capabilities) and session: it sees
  no other process, cannot signal the grader, and everything it starts is killed when it ends
  (``--die-with-parent``), so no detached process outlives the run;
- resource limits: address space (memory), size of any file it writes, open files; a time limit for
  the whole run and for the silence between two output lines; a cap on the bytes of output read.

Without a sandbox (:func:`sandbox_problem` says why, and the caller must opt in) the same program runs
as a plain child process with the same environment, working directory, limits and time limits, in
its own process group that is killed at the end; it can then see the files of the grading user.

>>> from bglearn.grading.sandbox import Limits
>>> Limits().total_seconds, Limits().memory_bytes // 2**20
(60.0, 1024)
"""

from __future__ import annotations

import os
import resource
import selectors
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Callable

__all__ = ["Limits", "Outcome", "run", "sandbox_problem", "PACKAGE_DIR"]

PACKAGE_DIR = Path(__file__).resolve().parents[1]
"""The ``bglearn`` package folder; mounted read-only at ``/opt/bglearn/bglearn`` in the sandbox."""
_INSIDE_ROOT = "/opt/bglearn"
EXIT_SECONDS = 1.0
"""How long a program that has said its last line may take to exit before it is killed."""
_SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")


@dataclass(frozen=True)
class Limits:
    """What one run may use. ``idle_seconds``: the longest silence between two output lines (the
    program reports after each step, so this is a step's time limit); ``total_seconds``: the whole run."""

    idle_seconds: float = 12.0
    total_seconds: float = 60.0
    warmup_seconds: float = 30.0
    """The silence allowed before each of the first ``warmup_lines`` lines (start-up, imports)."""
    warmup_lines: int = 2
    memory_bytes: int = 1 << 30
    output_bytes: int = 4 << 20
    file_bytes: int = 16 << 20
    open_files: int = 256


@dataclass
class Outcome:
    """How a run ended. ``stopped`` is ``None`` when the program exited by itself, else why it was
    killed: ``"idle"`` (silent too long), ``"time"`` (the whole run's limit) or ``"output"`` (too much)."""

    lines: list[bytes] = field(default_factory=list)
    stopped: str | None = None
    returncode: int | None = None
    seconds: float = 0.0
    stderr: str = ""
    sandboxed: bool = True


def _which_bwrap() -> str | None:
    return shutil.which("bwrap") or next((p for p in ("/usr/bin/bwrap", "/bin/bwrap") if os.access(p, os.X_OK)),
                                         None)


def _interpreter_dirs() -> list[str]:
    """Folders the Python interpreter and its installed packages live in (mounted read-only)."""
    import site

    dirs = {os.path.realpath(p) for p in (sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix)}
    dirs.add(os.path.dirname(os.path.dirname(os.path.realpath(sys.executable))))
    try:
        dirs.update(os.path.realpath(p) for p in site.getsitepackages())
    except AttributeError:  # pragma: no cover - old virtualenv
        pass
    out: list[str] = []
    for d in sorted(dirs, key=len):
        if os.path.isdir(d) and d != "/" and not any(d == o or d.startswith(o + "/") for o in out):
            if not any(d == s or d.startswith(s + "/") for s in _SYSTEM):
                out.append(d)
    return out


def _bwrap_argv(bwrap: str, workdir: str) -> list[str]:
    argv = [bwrap, "--unshare-all", "--unshare-user", "--uid", "65534", "--gid", "65534", "--cap-drop", "ALL",
            "--die-with-parent", "--new-session", "--hostname", "sandbox", "--clearenv"]
    for top in _SYSTEM:
        if os.path.islink(top):
            argv += ["--symlink", os.readlink(top), top]
        elif os.path.isdir(top):
            argv += ["--ro-bind", top, top]
    for d in _interpreter_dirs():
        argv += ["--ro-bind", d, d]
    argv += ["--ro-bind", str(PACKAGE_DIR), f"{_INSIDE_ROOT}/{PACKAGE_DIR.name}",
             "--proc", "/proc", "--dev", "/dev", "--bind", workdir, "/tmp", "--chdir", "/tmp"]
    return argv


@lru_cache(maxsize=1)
def sandbox_problem() -> str | None:
    """``None`` when bubblewrap can sandbox a run here, else one sentence saying why it cannot."""
    if not sys.platform.startswith("linux"):
        return f"the sandbox (bubblewrap) needs Linux; this is {sys.platform}"
    bwrap = _which_bwrap()
    if bwrap is None:
        return "bubblewrap (bwrap) is not installed (Debian/Ubuntu: apt install bubblewrap)"
    with tempfile.TemporaryDirectory(prefix="bglearn-probe-") as tmp:
        argv = _bwrap_argv(bwrap, tmp) + ["--setenv", "PYTHONPATH", _INSIDE_ROOT,
                                          os.path.realpath(sys.executable), "-s", "-B", "-c",
                                          "import os; print(os.getuid(), "
                                          "os.path.isfile('/opt/bglearn/bglearn/grading/runner.py'))"]
        try:
            proc = subprocess.run(argv, capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)
        except (OSError, subprocess.TimeoutExpired) as exc:
            return f"bubblewrap ({bwrap}) could not be started: {exc}"
    if proc.returncode != 0 or proc.stdout.split() != ["65534", "True"]:
        why = (proc.stderr.strip().splitlines() or [f"exit status {proc.returncode}"])[-1]
        return f"bubblewrap ({bwrap}) cannot create a sandbox here: {why}"
    return None


def _limit(limits: Limits) -> Callable[[], None]:
    def apply() -> None:  # runs in the child between fork and exec
        resource.setrlimit(resource.RLIMIT_AS, (limits.memory_bytes, limits.memory_bytes))
        resource.setrlimit(resource.RLIMIT_FSIZE, (limits.file_bytes, limits.file_bytes))
        resource.setrlimit(resource.RLIMIT_NOFILE, (limits.open_files, limits.open_files))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    return apply


def _kill(proc: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError, OSError):
        pass
    try:
        proc.kill()
    except OSError:
        pass


def run(args: list[str], stdin: bytes, limits: Limits, *, sandbox: bool = True, env: dict[str, str] | None = None,
        scratch: str | Path | None = None, until: Callable[[bytes], bool] | None = None) -> Outcome:
    """Run ``python -s -B <args>`` (``-m module ...`` or a script path inside the sandbox) with
    ``stdin`` as its input, and return every complete line it wrote to stdout, until it exits or a limit
    stops it (then it and everything it started are killed). ``env``: the only environment variables it
    gets (``PYTHONPATH`` is set so ``bglearn`` imports). ``scratch``: a folder of the caller's for the
    run's private ``/tmp`` (emptied afterwards; default: a new temporary folder). With
    ``sandbox=False`` no bubblewrap is used (see the module documentation for what that gives up).
    ``until``: a line for which it is true is the last one read (the run is then stopped)."""
    bwrap = _which_bwrap() if sandbox else None
    if sandbox and (bwrap is None or sandbox_problem() is not None):
        raise RuntimeError(f"no sandbox: {sandbox_problem()}")
    own_scratch = scratch is None
    work = Path(scratch) if scratch is not None else Path(tempfile.mkdtemp(prefix="bglearn-run-"))
    work.mkdir(parents=True, exist_ok=True)
    tmp_dir = work / "tmp"
    tmp_dir.mkdir(exist_ok=True)
    variables = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PYTHONHASHSEED": "0",
                 "PYTHONDONTWRITEBYTECODE": "1", "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
    variables.update(env or {})
    python = os.path.realpath(sys.executable)
    if bwrap is not None:
        variables.update(HOME="/tmp", TMPDIR="/tmp", PYTHONPATH=_INSIDE_ROOT)
        argv = _bwrap_argv(bwrap, str(tmp_dir))
        for k, v in variables.items():
            argv += ["--setenv", k, v]
        argv += [python, "-s", "-B", *args]
        child_env: dict[str, str] = {}
        cwd = str(work)
    else:
        variables.update(HOME=str(tmp_dir), TMPDIR=str(tmp_dir), PYTHONPATH=str(PACKAGE_DIR.parent))
        argv = [python, "-s", "-B", *args]
        child_env = variables
        cwd = str(tmp_dir)
    out = Outcome(sandboxed=bwrap is not None)
    err_path = work / "stderr"
    start = time.monotonic()
    try:
        with open(err_path, "wb") as err:
            proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err, env=child_env,
                                    cwd=cwd, start_new_session=True, preexec_fn=_limit(limits), close_fds=True)
        try:
            _feed(proc, stdin)
            _collect(proc, limits, out, start, until)
            if out.stopped is None:  # it has finished: let it exit by itself (briefly) before the kill
                try:
                    proc.wait(timeout=EXIT_SECONDS)
                except subprocess.TimeoutExpired:
                    pass
        finally:
            _kill(proc)
            proc.wait()
            if proc.stdout is not None:
                proc.stdout.close()
        out.returncode = proc.returncode
        out.seconds = time.monotonic() - start
        try:
            with open(err_path, "rb") as fh:
                out.stderr = fh.read(4000).decode("utf-8", "replace")
        except OSError:
            pass
    finally:
        if own_scratch:
            shutil.rmtree(work, ignore_errors=True)
        else:
            shutil.rmtree(tmp_dir, ignore_errors=True)
    return out


def _feed(proc: subprocess.Popen[bytes], data: bytes) -> None:
    """Write the job in the background: a program that never reads stdin must not block the grader."""
    import threading

    def write() -> None:
        try:
            assert proc.stdin is not None
            proc.stdin.write(data)
            proc.stdin.close()
        except (OSError, ValueError):
            pass

    threading.Thread(target=write, daemon=True).start()


def _collect(proc: subprocess.Popen[bytes], limits: Limits, out: Outcome, start: float,
             until: Callable[[bytes], bool] | None) -> None:
    assert proc.stdout is not None
    fd = proc.stdout.fileno()
    sel = selectors.DefaultSelector()
    sel.register(fd, selectors.EVENT_READ)
    buffer = b""
    read = 0
    last = start
    try:
        while True:
            now = time.monotonic()
            idle = limits.warmup_seconds if len(out.lines) < limits.warmup_lines else limits.idle_seconds
            wait = min(start + limits.total_seconds - now, last + idle - now)
            if wait <= 0:
                out.stopped = "time" if now >= start + limits.total_seconds else "idle"
                return
            if not sel.select(timeout=wait):
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                return  # the program closed its output: it has ended
            read += len(chunk)
            if read > limits.output_bytes:
                out.stopped = "output"
                return
            buffer += chunk
            if b"\n" in buffer:
                *complete, buffer = buffer.split(b"\n")
                last = time.monotonic()
                for line in complete:
                    out.lines.append(line)
                    if until is not None and until(line):
                        return
    finally:
        sel.close()
