"""What a stored notebook holds: no widget view that cannot be shown, and the same bytes for the same content.

Kept apart from the widgets (no Jupyter widget imports) because the Jupyter *server* imports it for
its save hook. Why views must go: ipywidgets 8's renderer (``@jupyter-widgets/jupyterlab-manager``)
has no fallback — when a view's model is missing (a notebook reopened without saved widget state)
it writes "Error displaying widget: model not found" and never tries the output's other MIME types.
Without the view, the output's static form shows (see :mod:`bglearn.widgets.fallback`).

>>> from bglearn.stored import normalize_notebook
>>> view = {"application/vnd.jupyter.widget-view+json": {"model_id": "a1"}, "text/plain": "Board"}
>>> nb = {"metadata": {}, "cells": [{"cell_type": "code", "source": "board", "metadata": {},
...       "outputs": [{"output_type": "display_data", "data": view, "metadata": {}}]}]}
>>> normalize_notebook(nb)["cells"][0]["outputs"][0]["data"]
{'text/plain': 'Board'}
"""

from __future__ import annotations

import copy
import hashlib
from typing import Any, Mapping, MutableMapping, TypeVar

__all__ = ["normalize_notebook", "strip_dead_views", "pre_save_hook", "WIDGET_VIEW", "WIDGET_STATE"]

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
"""The MIME type of a live widget view in an output."""
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
"""The key under ``metadata.widgets`` where front ends save widget models."""


def _saved_models(nb: Mapping[str, Any]) -> set[str]:
    state = (nb.get("metadata") or {}).get("widgets", {}).get(WIDGET_STATE, {}) or {}
    return set((state.get("state") or {}).keys())


_Notebook = TypeVar("_Notebook", bound=MutableMapping[str, Any])


def strip_dead_views(nb: _Notebook, *, keep_saved: bool = True) -> _Notebook:
    """Drop widget views that a reopened notebook could not show, in place; returns ``nb``.

    A view whose model is not in the notebook's saved widget state (``metadata.widgets``) would
    show "Error displaying widget: model not found" when the notebook is reopened; without the view
    the output's static form (``text/html`` / ``image/svg+xml`` / ``text/plain``) shows instead. An
    output left with nothing but the view is removed. ``keep_saved=False`` drops every view (and
    the saved state). Nothing else is changed: what remains is what the code displayed, so nbval
    still compares the stored outputs with fresh ones.
    """
    saved = _saved_models(nb) if keep_saved else set()
    for cell in nb.get("cells", []):
        if cell.get("cell_type") != "code":
            continue
        kept = []
        for out in cell.get("outputs", []):
            data = out.get("data")
            if isinstance(data, dict):
                view = data.get(WIDGET_VIEW)
                if view is not None and (not isinstance(view, dict) or view.get("model_id") not in saved):
                    del data[WIDGET_VIEW]
                    if not data:
                        continue
            kept.append(out)
        cell["outputs"] = kept
    if not keep_saved:
        meta = nb.get("metadata") or {}
        meta.pop("widgets", None)
    return nb


def _cell_id(cell: Mapping[str, Any], seen: set[str]) -> str:
    source = cell.get("source", "")
    source = "".join(source) if isinstance(source, list) else source
    digest = hashlib.sha1(f"{cell.get('cell_type')}\n{source}".encode("utf-8")).hexdigest()[:10]
    cid, n = digest, 1
    while cid in seen:
        n += 1
        cid = f"{digest}-{n}"
    seen.add(cid)
    return cid


def normalize_notebook(nb: Any, *, cell_ids: bool = True) -> Any:
    """Make an executed notebook deterministic and readable without a kernel; returns a copy.

    Every build script calls this on an executed notebook before writing it, so that building the
    same content twice gives the same bytes and what is stored shows in an untrusted notebook:

    - the saved widget state (``metadata.widgets``, random model ids) is removed, and with it every
      widget view in the outputs; each widget's static form (``text/html``, ``text/plain``) stays;
    - execution timestamps (``metadata.execution``) and the Python patch version in
      ``language_info`` are removed;
    - with ``cell_ids=True`` (the default) each cell id is derived from the cell's type and source
      (random ids from ``nbformat.v4.new_*_cell`` would change on every build).

    ``nb`` may be a ``nbformat.NotebookNode`` or a plain dict; the result is of the same kind.
    """
    if not isinstance(nb, MutableMapping) or "cells" not in nb:
        raise ValueError("normalize_notebook needs a notebook (a dict with 'cells'), "
                         f"got {type(nb).__name__}.")
    out = copy.deepcopy(nb)
    strip_dead_views(out, keep_saved=False)
    seen: set[str] = set()
    for cell in out["cells"]:
        meta = cell.get("metadata")
        if isinstance(meta, dict):
            meta.pop("execution", None)
        if cell_ids and "id" in cell:
            cell["id"] = _cell_id(cell, seen)
    info = (out.get("metadata") or {}).get("language_info")
    if isinstance(info, dict):
        info.pop("version", None)
    return out


def pre_save_hook(model: dict[str, Any], **_kwargs: Any) -> None:
    """A Jupyter server ``ContentsManager.pre_save_hook``: every notebook saved is cleaned with
    :func:`strip_dead_views`, so a saved game reopens showing the board as it was rather than
    "Error displaying widget: model not found". Wherever the kit is installed, every Jupyter server
    (``jupyter lab``, ``jupyter notebook``, a JupyterHub's) runs it through the kit's server extension,
    :mod:`bglearn.jupyter_server_ext`. The notebook open in the browser keeps its live widgets; only the
    file written changes."""
    if model.get("type") == "notebook" and isinstance(model.get("content"), dict):
        strip_dead_views(model["content"])
