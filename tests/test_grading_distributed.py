"""Grading and handouts on Dask workers (issue #29): a real ``dask scheduler`` and two ``dask worker``
processes on 127.0.0.1, started here; the results must be byte for byte those of a run in one process,
whatever worker ran what and in whatever order they finished; a worker killed mid-run loses nobody and
writes nobody twice; an interrupted run resumes without grading finished students again.

The cluster tests are ``slow`` (a cluster takes seconds to start on a busy 2-core machine); together
they take well under a minute there.
"""

from __future__ import annotations

import io
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator

import pytest

from bglearn.grading import grade
from bglearn.grading.distribute import choose_jobs, spread
from bglearn.grading.gradebook import Gradebook
from bglearn.grading.handouts import assign
from bglearn.grading.progress import Progress, eta
from bglearn.grading.roster import Student
from bglearn.grading.sandbox import sandbox_problem
from bglearn.grading.synthetic import make_class

ORDINARY = ("perfect", "half", "blank", "reordered", "crash", "computed")
SIZE = 10   # the last student submits nothing
SANDBOXED = sandbox_problem() is None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _outputs(folder: Path) -> dict[str, bytes]:
    """The grade sheet and every feedback file, by name."""
    files = {"grades.csv": (folder / "grades.csv").read_bytes()}
    files.update({p.name: p.read_bytes() for p in sorted((folder / "feedback").iterdir())})
    return files


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, bytes]]:
    """A class, and its grades made in this process (the reference every other run must equal)."""
    out = tmp_path_factory.mktemp("class")
    make_class(out, size=SIZE, kinds=ORDINARY)
    ref = out / "reference"
    grade(out / "submissions", ref / "grades.csv", jobs=1, journal=False, sandboxed=SANDBOXED)
    return out, _outputs(ref)


class _Cluster:
    def __init__(self, root: Path) -> None:
        self.port = _free_port()
        self.address = f"tcp://127.0.0.1:{self.port}"
        self.procs: list[subprocess.Popen[bytes]] = []
        self.workers: dict[str, subprocess.Popen[bytes]] = {}
        self.log = root / "cluster.log"
        self._log = open(self.log, "wb")
        self._start([sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port",
                     str(self.port), "--no-dashboard"])

    def _start(self, argv: list[str]) -> subprocess.Popen[bytes]:
        proc = subprocess.Popen(argv, stdout=self._log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        self.procs.append(proc)
        return proc

    def add_worker(self) -> str:
        """Start a worker (its own process, no nanny to restart it, one thread) and return its address."""
        address = f"tcp://127.0.0.1:{_free_port()}"
        self.workers[address] = self._start([sys.executable, "-m", "distributed.cli.dask_worker", self.address,
                                             "--nthreads", "1", "--no-nanny", "--no-dashboard",
                                             "--listen-address", address, "--death-timeout", "60"])
        return address

    def wait_for(self, count: int) -> None:
        from distributed import Client

        with Client(self.address, timeout="60s") as client:
            client.wait_for_workers(count, timeout=60)

    def close(self) -> None:
        for proc in self.procs:   # nothing of theirs is kept: no need to wait for a graceful stop
            if proc.poll() is None:
                proc.kill()
            proc.wait()
        self._log.close()


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[_Cluster]:
    c = _Cluster(tmp_path_factory.mktemp("cluster"))
    try:
        c.add_worker()
        c.add_worker()
        c.wait_for(2)
        yield c
    finally:
        c.close()


@pytest.mark.slow
def test_a_cluster_grades_byte_for_byte_as_one_process(graded, cluster, tmp_path):
    out, reference = graded
    report = grade(out / "submissions", tmp_path / "grades.csv", scheduler=cluster.address, sandboxed=SANDBOXED)
    assert _outputs(tmp_path) == reference
    assert len(report.results) == SIZE
    with Gradebook.open(tmp_path / "gradebook.sqlite") as book:   # each grade journalled once
        latest = book.latest(out.name)
        assert len(latest) == SIZE
        assert all(len(book.attempts(out.name, s, e)) == 1 for s, e in latest)


@pytest.mark.slow
def test_a_cluster_makes_the_same_handouts(graded, cluster, tmp_path):
    out, _reference = graded
    students = [Student(f"s{i:02d}", f"Student {i}") for i in range(1, SIZE + 1)]
    assign("bearing-off", students, 2026, tmp_path, scheduler=cluster.address)
    for s in students:
        name = f"handouts/{s.id}/bearing-off.ipynb"
        assert (tmp_path / name).read_bytes() == (out / name).read_bytes(), name
    assert (tmp_path / "assignment.json").read_bytes() == (out / "assignment.json").read_bytes()


@pytest.mark.slow
def test_a_worker_killed_mid_run_loses_nobody_and_writes_nobody_twice(graded, cluster, tmp_path):
    """SIGKILL a worker while it grades: its submissions are graded on the other, each written once."""
    import threading

    from distributed import Client

    out, reference = graded
    spare = cluster.add_worker()   # this test kills one: the module's two stay for the others
    cluster.wait_for(3)
    outcome: dict[str, object] = {}

    def run() -> None:
        try:
            outcome["report"] = grade(out / "submissions", tmp_path / "grades.csv", scheduler=cluster.address,
                                      sandboxed=SANDBOXED)
        except BaseException as exc:  # reported by the assertion below
            outcome["error"] = exc

    thread = threading.Thread(target=run)
    thread.start()
    killed = False
    with Client(cluster.address, timeout="30s") as client:
        deadline = time.monotonic() + 60
        while not killed and thread.is_alive() and time.monotonic() < deadline:
            if client.processing().get(spare):   # a submission is being graded there right now
                cluster.workers[spare].send_signal(signal.SIGKILL)
                killed = True
            time.sleep(0.01)
    thread.join(120)
    assert killed, "the spare worker was never given a submission"
    assert "error" not in outcome, outcome.get("error")
    assert _outputs(tmp_path) == reference
    with Gradebook.open(tmp_path / "gradebook.sqlite") as book:
        latest = book.latest(out.name)
        assert len(latest) == SIZE
        assert all(len(book.attempts(out.name, s, e)) == 1 for s, e in latest)


@pytest.mark.slow
def test_an_interrupted_run_resumes_without_grading_anyone_twice(graded, tmp_path):
    """Ctrl+C (SIGINT) after some students are journalled; ``--resume`` grades only the others, the
    results equal an uninterrupted run's; a submission changed since is graded again."""
    out, reference = graded
    sheet, book_path = tmp_path / "grades.csv", tmp_path / "gradebook.sqlite"
    argv = [sys.executable, "-m", "bglearn", "grade", str(out / "submissions"), "-o", str(sheet), "--jobs", "1"]
    if not SANDBOXED:
        argv.append("--no-sandbox")
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    journalled = 0
    deadline = time.monotonic() + 60
    while proc.poll() is None and time.monotonic() < deadline:
        if book_path.exists():
            with Gradebook.open(book_path) as book:
                journalled = len(book.latest(out.name))
            if journalled >= 2:
                proc.send_signal(signal.SIGINT)
                break
        time.sleep(0.02)
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err.decode()
    assert not sheet.exists()                 # nothing but the journal is written by an interrupted run
    with Gradebook.open(book_path) as book:
        before = {key: e.graded_at for key, e in book.latest(out.name).items()}
    assert 2 <= len(before) < SIZE

    resumed = subprocess.run(argv + ["--resume"], capture_output=True, timeout=120)
    assert resumed.returncode == 0, resumed.stderr.decode()
    assert _outputs(tmp_path) == reference
    with Gradebook.open(book_path) as book:
        latest = book.latest(out.name)
        assert len(latest) == SIZE
        for key, e in latest.items():   # nobody graded twice: one attempt each, the first ones untouched
            assert len(book.attempts(out.name, *key)) == 1
            if key in before:
                assert e.graded_at == before[key]

    changed = out / "submissions" / "s03" / "bearing-off.ipynb"   # s03 handed in a blank notebook
    original = changed.read_bytes()
    try:
        perfect = (out / "submissions" / "s01" / "bearing-off.ipynb").read_text()
        changed.write_text(perfect.replace("student='s01'", "student='s03'"))
        again = subprocess.run(argv + ["--resume", "--force"], capture_output=True, timeout=120)
        assert again.returncode == 0, again.stderr.decode()
    finally:
        changed.write_bytes(original)
    with Gradebook.open(book_path) as book:
        attempts = {key: len(book.attempts(out.name, *key)) for key in book.latest(out.name)}
    assert attempts.pop(("s03", "bearing-off")) == 2
    assert set(attempts.values()) == {1}


@pytest.mark.slow
def test_a_submission_the_grader_failed_on_is_not_journalled(tmp_path, monkeypatch):
    """"Grade it by hand" is no grade to keep: --resume must try that student again."""
    from bglearn.grading import grader

    make_class(tmp_path, size=3, kinds=("perfect",))
    real = grader.analyse

    def failing(raw, ex):
        if ex.student == "s02":
            raise RuntimeError("a bug")
        return real(raw, ex)

    monkeypatch.setattr(grader, "analyse", failing)
    grade(tmp_path / "submissions", tmp_path / "out" / "grades.csv", jobs=1, sandboxed=SANDBOXED)
    assert "grade it by hand" in (tmp_path / "out" / "feedback" / "s02.md").read_text()
    with Gradebook.open(tmp_path / "out" / "gradebook.sqlite") as book:
        assert sorted(s for s, _e in book.latest(tmp_path.name)) == ["s01", "s03"]


def test_results_come_back_to_the_caller_once_each_in_this_process():
    got: dict[int, int] = {}
    spread(abs, iter([-3, 4, -5]), jobs=1, on_result=lambda i, r: got.__setitem__(i, r))
    assert got == {0: 3, 1: 4, 2: 5}
    with pytest.raises(ValueError, match="jobs"):
        spread(abs, [1], jobs=0, on_result=lambda i, r: None)


def test_a_small_class_is_not_worth_a_cluster():
    assert choose_jobs(None, None, 3) == 1
    assert choose_jobs(None, None, 1) == 1 and choose_jobs(4, None, 1) == 1
    assert choose_jobs(2, None, 3) == 2                       # asked for: a cluster even so
    assert choose_jobs(None, "tcp://127.0.0.1:1", 3) is None  # an existing cluster is always used


def test_an_unreachable_scheduler_is_a_clear_error(tmp_path):
    from bglearn.grading.distribute import DistributedError

    address = f"tcp://127.0.0.1:{_free_port()}"
    with pytest.raises(DistributedError, match="cannot reach the Dask scheduler at " + address):
        spread(abs, [1], scheduler=address, on_result=lambda i, r: None, connect_seconds=1)


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_progress_bar_says_how_long_is_left():
    assert eta(0, 10, 5.0) is None and eta(5, 10, 5.0) == 5.0 and eta(10, 10, 7.0) == 0.0
    out, clock = io.StringIO(), _Clock()
    bar = Progress(320, "grading", stream=out, every=10, clock=clock)
    for _ in range(80):
        clock.now += 0.125
        bar.advance()
    assert out.getvalue() == "grading: 80/320, about 0:30 left\n"   # a plain line every 10 s, not a tty
    for _ in range(240):
        clock.now += 0.125
        bar.advance()
    bar.close()
    assert out.getvalue().splitlines()[1:] == ["grading: 160/320, about 0:20 left",
                                               "grading: 240/320, about 0:10 left", "grading: 320/320 done in 40 s"]


def test_a_short_run_writes_no_plain_line():
    out, clock = io.StringIO(), _Clock()
    bar = Progress(5, "grading", stream=out, every=10, clock=clock)
    for _ in range(5):
        clock.now += 1
        bar.advance()
    bar.close()
    assert out.getvalue() == ""   # a command's short run keeps its standard error for what matters


def test_on_a_terminal_the_bar_is_redrawn_in_place():
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    out, clock = Terminal(), _Clock()
    bar = Progress(4, "handouts", stream=out, clock=clock)
    clock.now = 3   # the first piece: how long the rest takes is not known yet (the start was the workers')
    bar.advance()
    assert out.getvalue() == "\r[######..................] handouts: 1/4\033[K"
    clock.now = 4
    bar.advance()
    assert out.getvalue().endswith("\r[############............] handouts: 2/4, about 0:02 left\033[K")
    bar.close()
    assert out.getvalue().endswith("\rhandouts: 2/4 done in 4 s\033[K\n")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__, "-p", "no:randomly", "-n", "0"]))
