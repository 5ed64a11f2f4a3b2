"""Static fallbacks and deterministic saved notebooks (bglearn.widgets.fallback, bglearn.diagram.svg_image).

What a user notices: a notebook built twice from the same content is byte-identical (no random widget
ids, no widget state, no timestamps); a saved board shows the position it had when saved; pictures
are stored in the one form an untrusted JupyterLab notebook shows (an ``<img>`` with a data URI).
The browser side of this (what JupyterLab really renders) is in tests/browser/test_first_hour.py.
"""

from __future__ import annotations

import base64
import re
from pathlib import Path

import nbformat
import pytest

from bglearn import Position
from bglearn.diagram import svg_image
from bglearn.svg import render
from bglearn.widgets.fallback import (WIDGET_STATE, WIDGET_VIEW, normalize_notebook, pre_save_hook,
                                      strip_dead_views)

IMG = re.compile(r'<img src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"')


def _pictures(html: str) -> list[str]:
    return [base64.b64decode(b).decode("utf-8") for b in IMG.findall(html)]


# -- the stored picture -------------------------------------------------------------------------------
def test_svg_image_carries_the_svg_its_size_and_its_title():
    svg = str(render(Position()))
    tag = svg_image(svg)
    assert _pictures(tag) == [svg]
    assert ' width="656" height="552"' in tag
    assert 'alt="Backgammon position 4HPwATDgc/ABMA, White on roll"' in tag
    assert "<svg" not in tag  # nothing for the sanitiser to strip


@pytest.mark.parametrize("bad", ["", "not svg", None, 3])
def test_svg_image_refuses_what_is_not_svg(bad):
    with pytest.raises(ValueError, match="SVG document"):
        svg_image(bad)


def test_diagrams_and_positions_offer_the_picture_as_html_too():
    pos = Position()
    diagram = render(pos)
    assert _pictures(diagram._repr_html_()) == [str(diagram)]
    assert _pictures(pos._repr_html_()) == [pos._repr_svg_()]


# -- saved notebooks ---------------------------------------------------------------------------------
def _output(data: dict) -> dict:
    return nbformat.v4.new_output("display_data", data)


def _view(model_id: str) -> dict:
    return {"version_major": 2, "version_minor": 0, "model_id": model_id}


def _notebook(*outputs: dict, saved: tuple[str, ...] = ()) -> dict:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("w", outputs=list(outputs))])
    if saved:
        nb.metadata["widgets"] = {WIDGET_STATE: {"version_major": 2, "version_minor": 0,
                                                 "state": {m: {"state": {}} for m in saved}}}
    return nb


def test_a_saved_notebook_keeps_only_views_it_can_restore():
    nb = _notebook(_output({WIDGET_VIEW: _view("a" * 32), "text/html": "<p>board a</p>", "text/plain": "A"}),
                   _output({WIDGET_VIEW: _view("b" * 32), "text/plain": "B"}),
                   _output({WIDGET_VIEW: _view("c" * 32)}),
                   saved=("b" * 32,))
    strip_dead_views(nb)
    assert [o["data"] for o in nb.cells[0].outputs] == [
        {"text/html": "<p>board a</p>", "text/plain": "A"},              # its model is gone: the picture
        {WIDGET_VIEW: _view("b" * 32), "text/plain": "B"},                # its state is saved: it renders
    ]                                                                     # a bare view shows nothing: dropped
    assert "widgets" in nb.metadata


def test_the_pre_save_hook_cleans_notebooks_only():
    nb = _notebook(_output({WIDGET_VIEW: _view("a" * 32), "text/plain": "A"}))
    pre_save_hook(model={"type": "notebook", "content": nb}, path="x.ipynb", contents_manager=None)
    assert nb.cells[0].outputs[0]["data"] == {"text/plain": "A"}
    text = {"type": "file", "content": "application/vnd.jupyter.widget-view+json"}
    pre_save_hook(model=text, path="x.txt", contents_manager=None)
    assert text["content"] == "application/vnd.jupyter.widget-view+json"


def test_normalize_notebook_removes_widget_state_timestamps_and_random_ids():
    nb = _notebook(_output({WIDGET_VIEW: _view("a" * 32), "text/html": "<p>a</p>", "text/plain": "A"}),
                   saved=("a" * 32,))
    nb.cells[0].metadata["execution"] = {"iopub.execute_input": "2026-01-01T00:00:00Z"}
    nb.cells.append(nbformat.v4.new_code_cell("w"))  # same source: the ids must still differ
    nb.metadata["language_info"] = {"name": "python", "version": "3.11.7"}
    out = normalize_notebook(nb)
    assert out is not nb and WIDGET_VIEW in nb.cells[0].outputs[0]["data"]  # a copy; the input is kept
    assert "widgets" not in out.metadata and out.metadata["language_info"] == {"name": "python"}
    assert out.cells[0].outputs[0]["data"] == {"text/html": "<p>a</p>", "text/plain": "A"}
    assert "execution" not in out.cells[0].metadata
    ids = [c["id"] for c in out.cells]
    assert len(set(ids)) == 2 and ids == [c["id"] for c in normalize_notebook(nb).cells]
    nbformat.validate(out)


@pytest.mark.parametrize("bad", [None, [], {"metadata": {}}, "nb.ipynb"])
def test_normalize_notebook_refuses_what_is_not_a_notebook(bad):
    with pytest.raises(ValueError, match="needs a notebook"):
        normalize_notebook(bad)


GAME = [
    "from bglearn import BoardWidget, Position",
    "w = BoardWidget(mode='humans', position=Position(), roll='31', seed=1)\nw",
    "w.play('8/5 6/5')\nw.position.position_id()",
    "Position()",
]


def _build() -> tuple[str, str]:
    from nbclient import NotebookClient

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in GAME])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    NotebookClient(nb, timeout=120, kernel_name="python3").execute()
    return nbformat.writes(nb), nbformat.writes(normalize_notebook(nb))


def test_building_a_notebook_with_a_widget_twice_gives_identical_bytes():
    raw1, built1 = _build()
    raw2, built2 = _build()
    assert raw1 != raw2  # nbclient alone stores random widget ids and timestamps
    assert built1 == built2
    nb = nbformat.reads(built1, as_version=4)
    assert "widgets" not in nb.metadata and WIDGET_VIEW not in built1
    board = nb.cells[1].outputs[0]["data"]
    after = nb.cells[2].outputs[0]["data"]["text/plain"].strip("'")
    # the saved board is the board after the play made in a later cell, as a picture an untrusted
    # notebook shows, and as SVG
    assert [f'data-position-id="{after}"' in svg for svg in _pictures(board["text/html"])] == [True]
    assert f'data-position-id="{after}"' in board["image/svg+xml"]
    assert board["text/plain"] == "BoardWidget(Red to roll)"
    assert _pictures(nb.cells[3].outputs[0]["data"]["text/html"]) == [str(render(Position()))]


REPO = Path(__file__).resolve().parent.parent
STORED = sorted([*REPO.glob("notebooks/*.ipynb"), *REPO.glob("exercises/**/*.ipynb")])


@pytest.mark.parametrize("path", STORED, ids=lambda p: str(p.relative_to(REPO)))
def test_every_stored_notebook_shows_its_pictures_untrusted_and_no_dead_widget(path):
    """What the course stores is what a first-time (untrusted) reader sees: every SVG picture also
    as an ``<img>`` in ``text/html``; no widget view (without its model it reads "Error displaying
    widget" once the notebook is trusted, e.g. by ``bglearn lessons``) and no saved widget state."""
    nb = nbformat.read(path, as_version=4)
    assert "widgets" not in nb.metadata
    for i, cell in enumerate(nb.cells):
        for out in cell.get("outputs", []) if cell.cell_type == "code" else []:
            data = out.get("data", {})
            assert WIDGET_VIEW not in data, f"cell {i}: a widget view is stored"
            if "image/svg+xml" in data:
                assert _pictures(data.get("text/html", "")), \
                    f"cell {i}: an SVG ({data.get('text/plain', '')}) with no <img> form in text/html"
