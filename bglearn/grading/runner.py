"""Run one submission's cells in a fresh kernel, with a time limit per cell and for the whole
notebook, and report what happened. Started by the grader as its own process:

    python -m bglearn.grading.runner JOB.json RESULT.json

``JOB.json``: ``{"cells": [source, ...], "cell_timeout": s, "notebook_timeout": s, "nonce": str,
"pidfile": path, "cwd": path, "kernel": "python3"}``. After the cells, the runner executes a
collection cell that prints ``nonce + repr({name: repr(value)})`` of every ``answer_<n>`` variable;
the grader reads those with :func:`ast.literal_eval` only (nothing the kernel prints is executed or
trusted beyond plain literals). Scoring never happens here.
"""

from __future__ import annotations

import json
import os
import sys
import time

COLLECT = '''\
def _bglearn_collect_{token}():
    import re as _re
    _found = {{}}
    for _k, _v in list(globals().items()):
        if _re.fullmatch(r"answer_[0-9]+", _k):
            try:
                _found[_k] = repr(_v)[:200000]
            except BaseException:
                _found[_k] = None
    return _found
print("{nonce}" + repr(_bglearn_collect_{token}()))
'''

RESERVE = 3.0
"""Seconds of the notebook's time limit kept back for the collection cell."""


def _error_text(cell) -> str | None:
    for out in cell.get("outputs", []):
        if out.get("output_type") == "error":
            return f"{out.get('ename', 'Error')}: {out.get('evalue', '')}"[:300]
    return None


def _fast_imports() -> None:
    """jsonschema (imported by nbformat) compiles an optional IRI grammar that costs more than a
    second per process; format checks are not needed here, so that optional module is skipped."""
    sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[assignment]


def run(job: dict) -> dict:
    _fast_imports()
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import DeadKernelError

    start = time.monotonic()
    deadline = start + float(job["notebook_timeout"])
    cell_timeout = float(job["cell_timeout"])
    nonce = job["nonce"]
    token = "".join(c if c.isalnum() else "_" for c in nonce)
    sources = list(job["cells"]) + [COLLECT.format(nonce=nonce, token=token)]
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(s) for s in sources]
    result: dict = {"cells": [], "collected": None, "fatal": None, "kernel_started": False}
    timeout_marker = {"ename": "CellTimeout", "evalue": "the cell ran past its time limit and was interrupted"}
    client = NotebookClient(
        nb, timeout=int(cell_timeout), kernel_name=job.get("kernel", "python3"), allow_errors=True,
        interrupt_on_timeout=True, error_on_timeout=timeout_marker, startup_timeout=max(10, int(job["notebook_timeout"])),
        resources={"metadata": {"path": job["cwd"]}}, record_timing=False, shutdown_kernel="immediate",
    )
    last = len(nb.cells) - 1
    replies: dict[int, dict] = {}

    def on_executed(cell, cell_index, execute_reply):  # nbclient hook: the kernel's reply to each cell
        content = (execute_reply or {}).get("content", {})
        replies[cell_index] = {"status": content.get("status"), "ename": content.get("ename"),
                               "evalue": str(content.get("evalue", ""))[:300]}

    client.on_cell_executed = on_executed
    client.iopub_timeout = 2
    probe = nbformat.v4.new_code_cell("pass")
    nb.cells.append(probe)
    try:
        with client.setup_kernel():
            result["kernel_started"] = True
            pid = getattr(client.km.provisioner, "pid", None) if client.km is not None else None
            if pid and job.get("pidfile"):
                with open(job["pidfile"], "w") as fh:
                    fh.write(str(pid))
            wedged = False
            for i, cell in enumerate(nb.cells[: last + 1]):
                remaining = deadline - time.monotonic() - (0 if i == last else RESERVE)
                if wedged or remaining < 0.5:
                    why = "the kernel stopped responding" if wedged else "notebook time limit reached"
                    result["cells"].append({"index": i, "status": "skipped", "error": why})
                    continue
                limit = max(1, int(min(cell_timeout, remaining)))
                client.timeout = limit
                t0 = time.monotonic()
                client.execute_cell(cell, i)
                reply = replies.get(i, {})
                err = _error_text(cell)
                status = "ok"
                if reply.get("ename") == "CellTimeout":
                    status, err = "timeout", f"ran past its {limit} s time limit and was interrupted"
                elif err or reply.get("status") == "error":
                    status = "error"
                    err = err or f"{reply.get('ename')}: {reply.get('evalue')}"
                result["cells"].append({"index": i, "status": status, "error": err,
                                        "seconds": round(time.monotonic() - t0, 3)})
                if status == "timeout" and i != last:
                    # Did the interrupt stop it? If the kernel is still busy, nothing more can run.
                    client.timeout = 2
                    client.execute_cell(probe, last + 1)
                    if replies.get(last + 1, {}).get("ename") == "CellTimeout":
                        wedged = True
                        result["wedged"] = True
                if i == last:
                    for out in cell.get("outputs", []):
                        if out.get("output_type") == "stream" and out.get("name") == "stdout":
                            text = out.get("text", "")
                            at = text.find(nonce)
                            if at >= 0:
                                result["collected"] = text[at + len(nonce):].strip()
                if i != last:
                    cell["outputs"] = []  # free memory: outputs of student cells are not needed
    except DeadKernelError as exc:
        result["fatal"] = f"the kernel died ({exc})"
    except Exception as exc:  # kernel failed to start, or nbclient gave up
        result["fatal"] = f"{type(exc).__name__}: {exc}"[:300]
    result["seconds"] = round(time.monotonic() - start, 3)
    result["cleanup_seconds"] = round(time.monotonic() - start - result["seconds"], 3)
    return result


def main(argv: list[str]) -> int:
    job_path, result_path = argv[1], argv[2]
    with open(job_path) as fh:
        job = json.load(fh)
    os.chdir(job["cwd"])
    result = run(job)
    tmp = result_path + ".tmp"
    with open(tmp, "w") as fh:
        json.dump(result, fh)
    os.replace(tmp, result_path)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv))
