"""Spread per-student work (grading a submission, making a handout) over ``dask.distributed`` workers.

:func:`spread` runs ``work(item)`` for every item and hands each result back, in the caller's own
process and thread, to ``on_result`` in the order the tasks finish; the caller alone writes anything
(the grade sheet, the journal, the handouts). Where the work runs:

- ``jobs=1`` (and no scheduler): in this process, one item after another, without Dask;
- otherwise, by default, a local cluster of ``jobs`` worker processes (default: this machine's cores),
  one thread each, started for the run and stopped after it;
- ``scheduler="tcp://HOST:PORT"``: the workers of an existing Dask cluster. Each worker needs the kit
  installed (the same version) and, to grade, bubblewrap.

``work`` must be a module-level function (it is sent to the workers by name), take plain data and
return plain data, and never raise for a problem of one item (it records the problem in its result).
A worker lost mid-run (killed, out of memory, its machine gone) does not lose its items: the scheduler
runs them again elsewhere, up to its ``allowed-failures`` (3 by default); an item that kills every
worker it runs on reaches ``on_error``. Each item's result reaches ``on_result`` exactly once: a task
run twice (after a lost worker) is only delivered once, so nothing is written twice.

At most ``window`` items are in flight at a time (read lazily from ``items``), so a class of any size
needs memory only for those.

>>> from bglearn.grading.distribute import spread
>>> got = {}
>>> spread(abs, [-1, -2, 3], jobs=1, on_result=got.__setitem__)
>>> got
{0: 1, 1: 2, 2: 3}
"""

from __future__ import annotations

import importlib
import logging
import os
import uuid
from typing import Any, Callable, Iterable, Iterator, TypeVar

from ..errors import BglearnError
from ..i18n import _

__all__ = ["spread", "default_jobs", "choose_jobs", "DistributedError", "SMALL", "SMALL_HANDOUTS", "BATCH",
           "BATCH_HANDOUTS"]

A = TypeVar("A")
R = TypeVar("R")


class DistributedError(BglearnError):
    """Dask is missing, or the scheduler named with ``--scheduler`` cannot be reached."""


def default_jobs() -> int:
    """The local cluster's size by default: the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


SMALL = 32
"""Fewer submissions to grade per local worker than this are not worth a cluster's start (each worker
and its nanny import Dask and the kit: about 4-5 core-seconds for two, some 30 submissions' worth):
with no ``jobs`` asked for, such a run stays in this process."""

BATCH = 4
"""Submissions one Dask task grades (about 0.1 core-seconds each: a task's own cost, some 7 ms of the
scheduler's and this process's, is then under 2 % of the work)."""

BATCH_HANDOUTS = 8
"""Handouts one Dask task makes (about 0.03 core-seconds each)."""

SMALL_HANDOUTS = 100
""":data:`SMALL` for making handouts (about 0.03 core-seconds each: a cluster of two starts in the time
of some 100 of them)."""


QUIET = {"distributed.worker.profile.enabled": False, "distributed.admin.tick.interval": "1s",
         "distributed.admin.system-monitor.interval": "5s", "distributed.worker.memory.monitor-interval": "1s"}
"""The local cluster's settings: without the workers' sampling profiler (every 10 ms) and with the
health checks of every process at most once a second, a cluster of two costs about 0.01 of a core
while it waits (0.1 with Dask's defaults: 0.06 core-seconds per submission graded)."""


def choose_jobs(jobs: int | None, scheduler: str | None, count: int, small: int = SMALL) -> int | None:
    """The ``jobs`` to give :func:`spread` for ``count`` items: 1 (this process) for a run too small for a
    local cluster (fewer than ``small`` items per core) when the caller asked for no particular number,
    else ``jobs`` as given."""
    if scheduler is None and (count <= 1 or (jobs is None and count < small * default_jobs())):
        return 1
    return jobs


def _raise(index: int, error: BaseException) -> None:
    raise error


def _each(work: Callable[[A], R], batch: list[A]) -> list[R]:
    """``work`` done on every item of ``batch``, in order: one Dask task for several items."""
    return [work(item) for item in batch]


def _batches(items: Iterable[A], size: int) -> Iterator[list[A]]:
    batch: list[A] = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def spread(work: Callable[[A], R], items: Iterable[A], *, jobs: int | None = None, scheduler: str | None = None,
           on_result: Callable[[int, R], None], on_error: Callable[[int, BaseException], None] = _raise,
           window: int | None = None, connect_seconds: float = 15.0, batch: int = 1) -> None:
    """Run ``work`` on every item of ``items`` (see the module documentation): ``on_result(i, result)``
    for the ``i``-th item, in the order they finish; ``on_error(i, exception)`` for an item whose task
    could not be run (its worker was lost too often). An exception raised by ``on_result`` or
    ``on_error`` (or Ctrl+C) stops the run: the items not yet delivered are cancelled and the local
    cluster is stopped. Raises :class:`DistributedError` when ``scheduler`` cannot be reached within
    ``connect_seconds``. ``batch``: the items one Dask task does, one after another (each task costs
    the scheduler and this process some milliseconds: a few items per task make that small beside
    short work such as a handout); results are still handed back one item at a time, and a batch
    whose workers were all lost reaches ``on_error`` item by item."""
    if jobs is not None and jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    if batch < 1:
        raise ValueError(f"batch must be at least 1, not {batch}")
    if scheduler is None and jobs == 1:
        for i, item in enumerate(items):
            on_result(i, work(item))
        return
    try:
        dd: Any = importlib.import_module("distributed")   # untyped: used through Any
    except ImportError as exc:  # pragma: no cover - dask is a dependency of the lessons extra
        raise DistributedError(_("parallel work needs dask.distributed (pip install 'dask[distributed]'), "
                                 "or use --jobs 1: {error}").format(error=exc)) from None
    if scheduler is not None:
        try:
            client = dd.Client(scheduler, timeout=f"{connect_seconds}s", set_as_default=False)
        except (OSError, TimeoutError, ValueError) as exc:
            raise DistributedError(_("cannot reach the Dask scheduler at {address}: {error}").format(
                address=scheduler, error=exc)) from None
        with client:
            slots = sum(client.nthreads().values()) or 1
            _run(dd, client, work, items, on_result, on_error, window or max(8, 4 * slots), batch)
        return
    n = jobs or default_jobs()
    dask: Any = importlib.import_module("dask")
    with dask.config.set(QUIET), \
            dd.LocalCluster(n_workers=n, threads_per_worker=1, processes=True, host="127.0.0.1",
                            dashboard_address="127.0.0.1:0", memory_limit=0, silence_logs=logging.ERROR) as cluster, \
            dd.Client(cluster, set_as_default=False) as client:
        _run(dd, client, work, items, on_result, on_error, window or max(8, 4 * n), batch)


def _run(dd: Any, client: Any, work: Callable[[A], R], items: Iterable[A], on_result: Callable[[int, R], None],
         on_error: Callable[[int, BaseException], None], window: int, batch: int) -> None:
    run = uuid.uuid4().hex[:12]
    source = enumerate(_batches(items, batch))
    pending: dict[str, tuple[int, Any, int]] = {}   # key -> (batch number, future, items), the batches in flight
    flow = dd.as_completed(loop=client.loop)

    def submit_next() -> None:
        for b, chunk in source:
            future = client.submit(_each, work, chunk, key=f"bglearn-{run}-{b}", pure=False, retries=0)
            pending[future.key] = (b, future, len(chunk))
            flow.add(future)
            return

    for _slot in range(window):
        submit_next()
    try:
        for future in flow:
            if future.key not in pending:  # pragma: no cover - a result delivered twice is dropped
                continue
            b, _future, size = pending.pop(future.key)
            if future.status == "finished":
                results = future.result()
                future.release()
                for k, result in enumerate(results):
                    on_result(b * batch + k, result)
            else:   # its workers were all lost (KilledWorker), or it was cancelled on the scheduler
                try:
                    error = future.exception()
                except Exception as exc:
                    error = exc
                future.release()
                for k in range(size):
                    on_error(b * batch + k, error if isinstance(error, BaseException) else RuntimeError(str(error)))
            submit_next()
    finally:
        if pending:  # stopped early: nothing more runs for this run
            client.cancel([future for _b, future, _size in pending.values()], force=True)
