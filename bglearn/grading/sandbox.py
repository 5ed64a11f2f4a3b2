"""Run one untrusted Python program in a sandbox of its own and collect its output lines, bounded in
time and size. The grader runs each submission through :func:`run`; nothing here knows about notebooks.

With bubblewrap (``bwrap``, Debian package ``bubblewrap``) a run gets:

- its own mount namespace with a read-only view of the system (``/usr``, ``/lib``...), of the Python
  interpreter and of the ``bglearn`` package only; a private ``/tmp`` (its working directory) and
  ``/dev/shm``, each a size-limited tmpfs (``--size``); the rest of ``/dev`` read-only: no view of other
  submissions, the assignment manifest, the grade sheet, the teacher's home or ``/etc``;
- an empty environment (nothing of the grader's environment variables);
- no network (its own network namespace has only a loopback device that is down);
- its own PID namespace, user namespace (it runs as ``nobody`` with no capabilities) and session: it sees
  no other process, cannot signal the grader, and everything it starts is killed when it ends
  (``--die-with-parent``), so no detached process outlives the run;
- resource limits per process: address space (memory), size of any file it writes, open files;
- limits for the run as a whole, which this module watches from outside every :data:`POLL_SECONDS`
  through the sandbox's own ``/proc`` (``/proc/<its init>/root/proc``): the number of its processes and
  threads, the memory of all of them together (resident, then proportional when over), and the files
  in its temporary space; a run over one of them is stopped (:attr:`Outcome.stopped` says which), and
  a full temporary space is reported (:attr:`Outcome.disk_full`);
- a time limit for the whole run and for the silence between two output lines; a cap on the bytes of
  output read.

Inside, the runner also sets ``RLIMIT_NPROC`` (counted in the sandbox's own user namespace), which the
kernel enforces at once unless the grader runs as root (root's processes are exempt; the watch still
holds). Where cgroup v2 is delegated to the grading user, each run also gets a cgroup of its own
(:mod:`bglearn.grading.cgroup`) whose memory and process ceilings, a little above the watched limits,
the kernel enforces at once; without it the watch bounds the total to the limit plus what the run can
allocate in one poll interval, each process never more than the limit.

Without a sandbox (:func:`sandbox_problem` says why, and the caller must opt in) the same program runs
as a plain child process with the same environment, working directory, limits and time limits, in
its own process group that is watched and killed at the end; it can then see the files of the grading
user, and a process that leaves the group escapes the watch.

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

from .cgroup import RunGroup

__all__ = ["Limits", "Outcome", "run", "sandbox_problem", "precompile", "PACKAGE_DIR", "PYTHON_FLAGS"]

PACKAGE_DIR = Path(__file__).resolve().parents[1]
"""The ``bglearn`` package folder; mounted read-only at ``/opt/bglearn/bglearn`` in the sandbox."""
_INSIDE_ROOT = "/opt/bglearn"
EXIT_SECONDS = 1.0
"""How long a program that has said its last line may take to exit before it is killed."""
_SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
PYTHON_FLAGS = ("-S", "-s", "-B")
"""How a run's Python starts: without ``site`` (its ``.pth`` files, the editable-install finders: about
a third of the start-up; the installed packages are on ``PYTHONPATH`` instead), without the user's
site folder, writing no bytecode (the kit's own is compiled beforehand: :func:`precompile`)."""


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
    """Each process's address space, and the resident memory of all the run's processes together."""
    output_bytes: int = 4 << 20
    file_bytes: int = 16 << 20
    open_files: int = 256
    processes: int = 64
    """Processes and threads of the run together (the runner itself uses one or two)."""
    tmp_bytes: int = 64 << 20
    """The size of the private ``/tmp`` (``/dev/shm`` gets a quarter of it)."""
    tmp_files: int = 4096
    """Files and folders in ``/tmp`` and ``/dev/shm`` together."""


@dataclass
class Outcome:
    """How a run ended. ``stopped`` is ``None`` when the program exited by itself, else why it was
    killed: ``"idle"`` (silent too long), ``"time"`` (the whole run's limit), ``"output"`` (too much),
    ``"processes"``, ``"memory"`` or ``"files"`` (over that limit of the run as a whole).
    ``disk_full``: its temporary space was full at some point (writes then failed)."""

    lines: list[bytes] = field(default_factory=list)
    stopped: str | None = None
    disk_full: bool = False
    peak_processes: int = 0
    peak_memory: int = 0
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


@lru_cache(maxsize=1)
def _site_packages() -> tuple[str, ...]:
    import site

    try:
        return tuple(p for p in site.getsitepackages() if os.path.isdir(p))
    except AttributeError:  # pragma: no cover - old virtualenv
        return ()


def _python_path(kit: str) -> str:
    """``PYTHONPATH`` for a run: the kit first, then the interpreter's installed packages (which
    ``-S`` leaves out: a run imports what it did before, without the start-up cost of ``site``)."""
    return os.pathsep.join((kit, *_site_packages()))


def _bwrap_argv(bwrap: str, limits: Limits) -> list[str]:
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
             "--proc", "/proc", "--dev", "/dev", "--size", str(max(limits.tmp_bytes // 4, 1 << 20)), "--tmpfs",
             "/dev/shm", "--remount-ro", "/dev", "--size", str(limits.tmp_bytes), "--tmpfs", "/tmp", "--chdir", "/tmp"]
    return argv


@lru_cache(maxsize=1)
def precompile() -> bool:
    """Bring the kit's bytecode up to date, once per process, where this user may write it: a run's
    Python writes none (``-B``, and in the sandbox the kit is read-only), so a kit whose sources changed
    since its bytecode was written would otherwise be compiled again by every run (a third of a run's
    imports); and the code the kit's dataclasses generate (:mod:`~bglearn.grading.dataclass_cache`, a
    third of what remains). True when the bytecode is up to date now."""
    import compileall

    from .dataclass_cache import ensure

    try:
        fresh = bool(compileall.compile_dir(str(PACKAGE_DIR), quiet=2, workers=1))
    except OSError:  # a read-only installation: its bytecode was written when it was installed
        return False
    ensure(os.path.realpath(sys.executable), _python_path(str(PACKAGE_DIR.parent)))
    return fresh


@lru_cache(maxsize=1)
def sandbox_problem() -> str | None:
    """``None`` when bubblewrap can sandbox a run here, else one sentence saying why it cannot."""
    if not sys.platform.startswith("linux"):
        return f"the sandbox (bubblewrap) needs Linux; this is {sys.platform}"
    bwrap = _which_bwrap()
    if bwrap is None:
        return "bubblewrap (bwrap) is not installed (Debian/Ubuntu: apt install bubblewrap)"
    argv = _bwrap_argv(bwrap, Limits()) + ["--setenv", "PYTHONPATH", _INSIDE_ROOT,
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


@lru_cache(maxsize=1)
def _cgroup_base() -> Path | None:
    from .cgroup import parent

    return parent()


def _limit(limits: Limits, cgroup_procs: str | None = None) -> Callable[[], None]:
    def apply() -> None:  # runs in the child between fork and exec
        if cgroup_procs is not None:
            try:   # join the run's own cgroup; if that fails the run goes on, watched as everywhere
                with open(cgroup_procs, "w") as fh:
                    fh.write("0")
            except OSError:
                pass
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
    """Run ``python -S -s -B <args>`` (``-m module ...`` or a script path inside the sandbox) with
    ``stdin`` as its input, and return every complete line it wrote to stdout, until it exits or a limit
    stops it (then it and everything it started are killed). ``env``: the only environment variables it
    gets (``PYTHONPATH`` is set so ``bglearn`` imports). ``scratch``: a folder of the caller's for the
    run's own files (its stderr; without a sandbox also its ``/tmp``), emptied afterwards (default: a
    new temporary folder); in the sandbox ``/tmp`` is a tmpfs of ``limits.tmp_bytes``. With
    ``sandbox=False`` no bubblewrap is used (see the module documentation for what that gives up).
    ``until``: a line for which it is true is the last one read (the run is then stopped). The run as
    a whole is watched (:class:`_Watch`): processes, memory, temporary files."""
    bwrap = _which_bwrap() if sandbox else None
    if sandbox and (bwrap is None or sandbox_problem() is not None):
        raise RuntimeError(f"no sandbox: {sandbox_problem()}")
    precompile()
    own_scratch = scratch is None
    work = Path(scratch) if scratch is not None else Path(tempfile.mkdtemp(prefix="bglearn-run-"))
    work.mkdir(parents=True, exist_ok=True)
    tmp_dir = work / "tmp"
    tmp_dir.mkdir(exist_ok=True)
    # BGLEARN_PROGRESS=off: a practice answer checked in a submission is judged, never kept in a store
    variables = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PYTHONHASHSEED": "0",
                 "BGLEARN_PROGRESS": "off",
                 "PYTHONDONTWRITEBYTECODE": "1", "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
    variables.update(env or {})
    python = os.path.realpath(sys.executable)
    if bwrap is not None:
        variables.update(HOME="/tmp", TMPDIR="/tmp", PYTHONPATH=_python_path(_INSIDE_ROOT))
        argv = _bwrap_argv(bwrap, limits)
        for k, v in variables.items():
            argv += ["--setenv", k, v]
        argv += [python, *PYTHON_FLAGS, *args]
        child_env: dict[str, str] = {}
        cwd = str(work)
    else:
        variables.update(HOME=str(tmp_dir), TMPDIR=str(tmp_dir), PYTHONPATH=_python_path(str(PACKAGE_DIR.parent)))
        argv = [python, *PYTHON_FLAGS, *args]
        child_env = variables
        cwd = str(tmp_dir)
    out = Outcome(sandboxed=bwrap is not None)
    err_path = work / "stderr"
    base = _cgroup_base() if bwrap is not None else None
    group = RunGroup.make(base, limits.memory_bytes, limits.processes) if base is not None else None
    start = time.monotonic()
    try:
        with open(err_path, "wb") as err:
            proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err, env=child_env,
                                    cwd=cwd, start_new_session=True, close_fds=True,
                                    preexec_fn=_limit(limits, group.procs if group is not None else None))
        try:
            _feed(proc, stdin)
            watch = _Watch(proc.pid, bwrap is not None, limits, out)
            _collect(proc, limits, out, start, until, watch)
            if out.stopped is None:
                watch.check()   # once more at the end: a run that filled its disk and ended at once
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
        if group is not None:
            if group.oom_killed() and out.stopped is None:
                out.stopped = "memory"   # the kernel's ceiling was reached before the watch looked
            group.close()
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
             until: Callable[[bytes], bool] | None, watch: "_Watch") -> None:
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
            if now >= watch.next_check:
                over = watch.check()
                if over is not None:
                    out.stopped = over
                    return
            if not sel.select(timeout=min(wait, max(watch.next_check - time.monotonic(), 0.001))):
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


POLL_SECONDS = 0.1
"""How often the processes, memory and files of a running sandbox are counted."""
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def _read(path: str) -> str:
    try:
        with open(path, "rb") as fh:
            return fh.read(8192).decode("ascii", "replace")
    except OSError:
        return ""


class _Watch:
    """The run as a whole, watched from outside: its processes (all of the sandbox's PID namespace, or
    without a sandbox the program's process group), their memory together, and its temporary files."""

    def __init__(self, pid: int, sandboxed: bool, limits: Limits, out: Outcome) -> None:
        self.pid, self.sandboxed, self.limits, self.out = pid, sandboxed, limits, out
        self.init: int | None = None   # the sandbox's first process (its PID namespace's init), outside number
        self.next_check = time.monotonic()

    def _find_init(self) -> int | None:
        """The child of bubblewrap that lives in the sandbox's own PID namespace (not a helper it forks
        while setting up)."""
        try:
            outside = os.readlink(f"/proc/{self.pid}/ns/pid")
        except OSError:
            return None
        try:   # its children as the kernel lists them (cheap), else every process's parent (a scan of /proc)
            candidates = [c for task in os.listdir(f"/proc/{self.pid}/task")
                          for c in _read(f"/proc/{self.pid}/task/{task}/children").split()]
        except OSError:
            candidates = []
        if not candidates and not os.path.exists(f"/proc/{self.pid}/task/{self.pid}/children"):
            candidates = os.listdir("/proc")
        for entry in candidates:
            if entry.isdigit() and _ppid(_read(f"/proc/{entry}/stat")) == self.pid:
                try:
                    if os.readlink(f"/proc/{entry}/ns/pid") != outside:
                        return int(entry)
                except OSError:
                    continue
        return None

    def _members(self) -> list[str]:
        """Paths of the ``/proc/<pid>`` folders of the run's processes."""
        if not self.sandboxed:
            return [f"/proc/{e}" for e in os.listdir("/proc")
                    if e.isdigit() and _field(_read(f"/proc/{e}/stat"), 5) == str(self.pid)]
        if self.init is None:
            self.init = self._find_init()
            if self.init is None:
                return []
        root = f"/proc/{self.init}/root"
        try:
            if os.path.samestat(os.stat(root), os.stat("/")):
                return []   # still setting up: its own root and /proc are not in place yet
            return [f"{root}/proc/{e}" for e in os.listdir(f"{root}/proc") if e.isdigit()]
        except OSError:
            self.init = None   # gone: look again next time
            return []

    def check(self) -> str | None:
        """``None``, or the limit the run is over now (``"processes"``, ``"memory"``, ``"files"``)."""
        self.next_check = time.monotonic() + POLL_SECONDS
        limits, out = self.limits, self.out
        members = self._members()
        stats = [_read(f"{m}/stat") for m in members]
        tasks = sum(int(_field(s, 20) or 0) for s in stats)
        resident = sum(int(_field(s, 24) or 0) for s in stats) * _PAGE
        out.peak_processes = max(out.peak_processes, tasks)
        if tasks > limits.processes:
            return "processes"
        if resident > limits.memory_bytes:  # resident counts shared pages once per process: measure fairly
            resident = sum(_pss(m) for m in members)
        out.peak_memory = max(out.peak_memory, resident)
        if resident > limits.memory_bytes:
            return "memory"
        if self.sandboxed and members:
            used = 0
            for where in ("tmp", "dev/shm"):
                try:
                    fs = os.statvfs(f"/proc/{self.init}/root/{where}")
                except OSError:
                    continue
                used += fs.f_files - fs.f_ffree
                out.disk_full = out.disk_full or fs.f_bavail == 0
            if used > limits.tmp_files:
                return "files"
        return None


def _field(stat: str, number: int) -> str:
    """Field ``number`` (1-based, as in proc(5)) of a ``/proc/<pid>/stat`` line, or ``""``."""
    rest = stat.rpartition(")")[2].split()
    return rest[number - 3] if 3 <= number < len(rest) + 3 else ""


def _ppid(stat: str) -> int | None:
    value = _field(stat, 4)
    return int(value) if value.isdigit() else None


def _pss(member: str) -> int:
    for line in _read(f"{member}/smaps_rollup").splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1]) * 1024
    return 0
