"""Kernel websockets that send at once: a click on a board reaches the page in milliseconds, not 40 ms later.

A widget update comes back from the kernel as a few small websocket messages in a row (the kernel is
busy, the new state, the kernel is idle). Jupyter server writes them on a TCP socket that keeps
Nagle's algorithm on, so the second message waits until the browser acknowledges the first — and
the browser's TCP stack delays that acknowledgement by up to 40 ms. Measured on the same machine:
a comm message echoed by the kernel took 44 ms through Jupyter server and 4 ms with
``TCP_NODELAY`` on the websocket (2.5 ms talking to the kernel directly).

:func:`install_prompt_websockets` makes every kernel websocket of a running server set ``TCP_NODELAY``
when it opens. It keeps the connection class the server was configured with (the default
ZMQ-channels connection, a gateway's, or one of the user's own) and only adds that one call, so it
changes when bytes leave, never what they are. The kit's server extension
(:mod:`bglearn.jupyter_server_ext`) calls it.

>>> from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
>>> prompt = prompt_connection_class(ZMQChannelsWebsocketConnection)
>>> issubclass(prompt, ZMQChannelsWebsocketConnection), prompt_connection_class(prompt) is prompt
(True, True)
"""

from __future__ import annotations

from typing import Any

__all__ = ["PromptWebsocketMixin", "install_prompt_websockets", "prompt_connection_class"]

SETTING = "kernel_websocket_connection_class"


class PromptWebsocketMixin:
    """A kernel websocket connection whose websocket sends each message as soon as it is written."""

    websocket_handler: Any

    def connect(self) -> Any:
        """Turn Nagle's algorithm off on this websocket, then connect as the base class does (and
        return what it returns: a future, or nothing)."""
        self.websocket_handler.set_nodelay(True)
        return super().connect()  # type: ignore[misc]


def prompt_connection_class(base: type) -> type:
    """A subclass of ``base`` (a Jupyter server kernel websocket connection class) that sets
    ``TCP_NODELAY`` when it connects; ``base`` itself when it already does."""
    if issubclass(base, PromptWebsocketMixin):
        return base
    return type(f"Prompt{base.__name__}", (PromptWebsocketMixin, base), {
        "__module__": __name__,
        "__doc__": f"{base.__name__} whose websocket sends each message at once (TCP_NODELAY).",
    })


def install_prompt_websockets(serverapp: Any) -> bool:
    """Make the kernel websockets ``serverapp`` opens from now on send without delay. Returns
    ``False`` (and changes nothing) when they already do."""
    settings = serverapp.web_app.settings
    base = settings.get(SETTING) or serverapp.kernel_websocket_connection_class
    prompt = prompt_connection_class(base)
    if prompt is base:
        return False
    settings[SETTING] = prompt
    return True
