"""The kit's Jupyter server extension (bglearn.jupyter_server_ext): under any Jupyter server where the kit is
installed, a saved game keeps a picture of its board, not a widget view that would reopen as "Error
displaying widget: model not found".

The servers here are a plain ``jupyter lab`` and a plain ``jupyter notebook`` (Notebook 7), started by the
test with nothing of the kit's on their command line: only the configuration file the package installs
(``etc/jupyter/jupyter_server_config.d/bglearn.json``, found through ``JUPYTER_CONFIG_PATH`` as an
installed copy is found in ``<prefix>/etc/jupyter``) enables the extension. A notebook with a played board
is saved through the server's contents API, as JupyterLab saves it. What the reopened notebook looks like
in Chromium is the last test; the wheel's own configuration file is checked by
tests/test_wheel_install.py.
"""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import nbformat
import pytest
from jupyter_server.services.contents.filemanager import FileContentsManager

from bglearn.course_copy import fingerprint
from bglearn.jupyter_server_ext import install_save_hook
from bglearn.stored import WIDGET_STATE, WIDGET_VIEW, pre_save_hook

from browser.harness import REPO, JupyterServer, notebook_url, screenshot, start_as_installed

CONFIG = REPO / "etc" / "jupyter"
APPS = {"lab": "jupyterlab", "notebook": "notebook"}
# The played board: 8/5 6/5 made from the opening 3-1, and its position id printed.
# Server extensions these tests do not need, off to start faster (jupytext stays: it brings a contents
# manager of its own, which the kit's hook must reach).
QUIET = [f"--ServerApp.jpserver_extensions={name}=False" for name in (
    "jupyter_lsp", "jupyter_server_terminals", "nbgrader.server_extensions.assignment_list",
    "nbgrader.server_extensions.course_list", "nbgrader.server_extensions.formgrader",
    "nbgrader.server_extensions.validate_assignment")]
GAME = [
    "from bglearn import BoardWidget, Position",
    "w = BoardWidget(mode='humans', position=Position(), roll='31', seed=1)\nw",
    "w.play('8/5 6/5')\nprint(w.position.position_id())",
]


def start_server(tmp: Path, app: str, *options: str) -> JupyterServer:
    """``jupyter lab`` or ``jupyter notebook`` as a user starts it, the kit's server configuration on
    the configuration path; the harness's page and API helpers work on it."""
    return start_as_installed(tmp, APPS[app], *options)


def played_game() -> tuple[dict, str]:
    """A notebook in which a board was played, as a front end saves it when it does not store widget
    state: each board output holds its live view (whose model is gone once the kernel stops) beside its
    picture. Returns the notebook and the played position's id."""
    from nbclient import NotebookClient

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in GAME])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    NotebookClient(nb, timeout=120, kernel_name="python3").execute()
    nb.metadata.pop("widgets", None)
    board = nb.cells[1].outputs[0]["data"]
    assert WIDGET_VIEW in board  # the live view is there before the save
    return json.loads(nbformat.writes(nb)), nb.cells[2].outputs[0]["text"].strip()


@pytest.fixture(scope="module")
def game() -> tuple[dict, str]:
    return played_game()


def saved_board(path: Path) -> dict:
    """The board output of the game as the file on disk holds it."""
    return nbformat.read(path, as_version=4).cells[1].outputs[0]["data"]


# -- the hook chain -----------------------------------------------------------------------------------
def test_the_kit_hook_joins_the_servers_chain_after_a_users_own_hook(tmp_path):
    seen: list[str] = []

    def users_hook(model, **_kwargs):
        seen.append("user")
        assert WIDGET_VIEW in json.dumps(model["content"]), "the user's hook runs first, on what was sent"

    manager = FileContentsManager(root_dir=str(tmp_path))
    manager.pre_save_hook = users_hook
    assert install_save_hook(manager) is True
    assert install_save_hook(manager) is False  # loaded twice: still one hook
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("w", outputs=[nbformat.v4.new_output(
        "display_data", {WIDGET_VIEW: {"model_id": "a" * 32}, "text/plain": "board"})])])
    manager.save({"type": "notebook", "content": json.loads(nbformat.writes(nb))}, "game.ipynb")
    assert seen == ["user"]
    assert nbformat.read(tmp_path / "game.ipynb", as_version=4).cells[0].outputs[0]["data"] == {"text/plain": "board"}


def test_the_hook_configured_by_name_is_not_run_twice(tmp_path):
    manager = FileContentsManager(root_dir=str(tmp_path), pre_save_hook="bglearn.stored.pre_save_hook")
    assert manager.pre_save_hook is pre_save_hook
    assert install_save_hook(manager) is False


def test_the_package_installs_the_configuration_that_enables_the_extension():
    config = json.loads((CONFIG / "jupyter_server_config.d" / "bglearn.json").read_text())
    assert config == {"ServerApp": {"jpserver_extensions": {"bglearn.jupyter_server_ext": True}}}
    setup = (REPO / "setup.py").read_text()
    assert 'SERVER_CONFIG = "etc/jupyter/jupyter_server_config.d"' in setup
    assert '[f"{SERVER_CONFIG}/bglearn.json"]' in setup  # the file above, installed as setuptools data files


# -- plain servers ------------------------------------------------------------------------------------
@pytest.fixture(scope="module", params=sorted(APPS))
def server(request, tmp_path_factory):
    """A plain ``jupyter lab`` and a plain ``jupyter notebook``, each started once for this module."""
    running = start_server(tmp_path_factory.mktemp(request.param), request.param, *QUIET)
    running.app = request.param
    yield running
    running.stop()


@pytest.mark.slow  # a Jupyter server per app (5-20 s each on 2 busy cores)
def test_a_game_saved_under_a_plain_server_keeps_the_picture_of_the_played_board(server, game):
    content, played = game
    server.api("/api/contents/game.ipynb", method="PUT", body={"type": "notebook", "content": content})
    board = saved_board(server.root / "game.ipynb")
    assert WIDGET_VIEW not in board, "a dead widget view was saved"
    assert f'data-position-id="{played}"' in board["image/svg+xml"]
    assert "data:image/svg+xml;base64," in board["text/html"]  # the picture an untrusted notebook shows
    # A notebook that saved its widget state keeps its live views: they can be restored.
    kept = json.loads(json.dumps(content))
    model = kept["cells"][1]["outputs"][0]["data"][WIDGET_VIEW]["model_id"]
    kept["metadata"]["widgets"] = {WIDGET_STATE: {"version_major": 2, "version_minor": 0,
                                                  "state": {model: {"state": {}}}}}
    server.api("/api/contents/kept.ipynb", method="PUT", body={"type": "notebook", "content": kept})
    assert WIDGET_VIEW in saved_board(server.root / "kept.ipynb")
    log = server.log.read_text()
    assert "bglearn: saved notebooks keep a picture of each board" in log, log[-2000:]


@pytest.mark.slow  # the servers above
def test_opening_and_saving_a_lesson_is_not_the_learners_change(server):
    """What a front end writes into a lesson just by opening it (the kernel's ``language_info`` with its
    version, the kernelspec) does not count as the learner's change in their copy of the course
    (:func:`bglearn.course_copy.fingerprint`): a newer kit still updates that lesson."""
    from bglearn.course_files import lessons_dir

    lesson = lessons_dir() / "01-board-and-setup.ipynb"
    nb = json.loads(lesson.read_text(encoding="utf-8"))
    nb["metadata"]["language_info"] = {**nb["metadata"].get("language_info", {}), "version": "3.11.7"}
    nb["metadata"]["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    server.api("/api/contents/lesson.ipynb", method="PUT", body={"type": "notebook", "content": nb})
    saved = (server.root / "lesson.ipynb").read_bytes()
    assert re.search(rb'"version": "3\.11\.7"', saved)  # the file did change ...
    assert fingerprint(saved) == fingerprint(lesson.read_bytes())  # ... but not as the learner's work
    nb["cells"][0]["source"] = "My own notes"
    server.api("/api/contents/lesson.ipynb", method="PUT", body={"type": "notebook", "content": nb})
    assert fingerprint((server.root / "lesson.ipynb").read_bytes()) != fingerprint(lesson.read_bytes())


@pytest.mark.browser
@pytest.mark.slow  # the servers above, and Chromium
@pytest.mark.flaky(reruns=1, reruns_delay=2)  # as every browser test (tests/browser/conftest.py)
def test_the_saved_game_reopens_in_the_browser_as_the_picture_of_the_played_board(server, game, browser):
    """Reopened in JupyterLab / Notebook 7 with no kernel run, the game shows its board as played, never
    "Error displaying widget: model not found"."""
    content, played = game
    server.api("/api/contents/reopen.ipynb", method="PUT", body={"type": "notebook", "content": content})
    app = server.app
    context = browser.new_context(viewport={"width": 1280, "height": 1100})
    try:
        page = context.new_page()
        page.goto(notebook_url(server, "reopen.ipynb", app))
        picture = page.locator('.jp-OutputArea-output img[src^="data:image/svg+xml"]').first
        picture.wait_for(timeout=60_000)
        srcs = page.eval_on_selector_all('.jp-OutputArea-output img[src^="data:image/svg+xml"]',
                                         "els => els.map(e => e.getAttribute('src'))")
        shown = [base64.b64decode(src.split(",", 1)[1]).decode() for src in srcs]
        screenshot(page, f"server-extension-reopened-{app}.png")
        assert [f'data-position-id="{played}"' in svg for svg in shown] == [True], shown
        assert "Error displaying widget" not in page.locator("body").inner_text()
    finally:
        context.close()
