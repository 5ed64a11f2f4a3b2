"""The kit's Jupyter server extension: every notebook saved under a Jupyter server where the kit is
installed passes through :func:`bglearn.stored.pre_save_hook`, so a saved game reopens showing its board
as a picture, never "Error displaying widget: model not found".

The package enables it the way Jupyter extensions enable themselves: installing the kit puts
``etc/jupyter/jupyter_server_config.d/bglearn.json`` in the environment, which names this module in
``ServerApp.jpserver_extensions``. So a plain ``jupyter lab``, ``jupyter notebook`` (Notebook 7) and a
JupyterHub single-user server all load it, as ``bglearn lessons`` does. ``jupyter server extension
list`` shows it; ``jupyter server extension disable bglearn.jupyter_server_ext`` turns it off.

The hook is added to the contents manager's chain of save hooks (``register_pre_save_hook``): a
``ContentsManager.pre_save_hook`` of the user's own still runs, first, and the kit's hook runs once
even when it is also configured by name. It is added again once the server runs, on the contents
manager then in use: an extension loaded later may have put in a contents manager of its own
(jupytext's does).

It also makes the server's kernel websockets send each message at once
(:func:`bglearn.kernel_websocket.install_prompt_websockets`): without it, a click on a board waits about
40 ms in the network stack before its new picture leaves the server.

>>> from bglearn.jupyter_server_ext import _jupyter_server_extension_points
>>> _jupyter_server_extension_points()
[{'module': 'bglearn.jupyter_server_ext'}]
"""

from __future__ import annotations

from typing import Any

from .kernel_websocket import install_prompt_websockets
from .stored import pre_save_hook

__all__ = ["install_save_hook"]


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    """What Jupyter server loads from this module (the extension's entry point)."""
    return [{"module": __name__}]


def install_save_hook(contents_manager: Any) -> bool:
    """Add :func:`bglearn.stored.pre_save_hook` to ``contents_manager``'s save hooks, after any hook
    already there; returns ``False`` (and changes nothing) when it is already among them."""
    hooks = [getattr(contents_manager, "pre_save_hook", None), *getattr(contents_manager, "_pre_save_hooks", [])]
    if pre_save_hook in hooks:
        return False
    contents_manager.register_pre_save_hook(pre_save_hook)
    return True


def _install(serverapp: Any) -> None:
    if install_save_hook(serverapp.contents_manager):
        serverapp.log.info("bglearn: saved notebooks keep a picture of each board (bglearn.stored.pre_save_hook)")


def _load_jupyter_server_extension(serverapp: Any) -> None:
    """Called by Jupyter server while it loads its extensions: install the save hook on the server's
    contents manager, and make its kernel websockets send without delay."""
    _install(serverapp)
    if install_prompt_websockets(serverapp):
        serverapp.log.info("bglearn: kernel websockets send each message at once (TCP_NODELAY)")


async def _start_jupyter_server_extension(serverapp: Any) -> None:
    """Called by Jupyter server once every extension is loaded and the server runs: install the save
    hook on the contents manager the server uses now, which an extension loaded after this one may have
    replaced (jupytext's does); and make the kernel websockets prompt again, should an extension loaded
    later have put in a connection class of its own."""
    _install(serverapp)
    install_prompt_websockets(serverapp)
