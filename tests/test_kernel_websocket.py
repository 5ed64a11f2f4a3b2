"""Kernel websockets that send at once (bglearn.kernel_websocket): under a Jupyter server with the kit's
server extension, the socket of every kernel websocket has ``TCP_NODELAY`` set, so a board's new picture
is not held back ~40 ms by Nagle's algorithm (benchmarks/bench_widget_latency.py measures the click).

The servers are real ``jupyter server`` processes, the extension enabled by the kit's own configuration
file as an installed copy finds it. A second, test-only extension (written here, on the server's
``PYTHONPATH``) answers at ``/probe/nodelay`` with the ``TCP_NODELAY`` option of each open kernel
websocket's socket, read with ``getsockopt`` inside the server; the websocket is opened by a Tornado
client as JupyterLab opens it.
"""

from __future__ import annotations

import asyncio
import json
import textwrap
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import websocket_connect

from bglearn.kernel_websocket import PromptWebsocketMixin, prompt_connection_class

from browser.harness import JupyterServer, start_as_installed

PROBE = '''
import gc, json, socket
from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.services.kernels.websocket import KernelWebsocketHandler


class Probe(JupyterHandler):
    def get(self):
        handlers = [o for o in gc.get_objects() if isinstance(o, KernelWebsocketHandler)]
        self.finish(json.dumps([h.ws_connection.stream.socket.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
                                for h in handlers if h.ws_connection is not None and h.ws_connection.stream.socket]))


def _jupyter_server_extension_points():
    return [{"module": "nodelay_probe"}]


def _load_jupyter_server_extension(serverapp):
    serverapp.web_app.add_handlers(".*$", [("/probe/nodelay", Probe)])
'''


def start_server(tmp: Path, kit_extension: bool) -> JupyterServer:
    """``jupyter server`` with the kit's configuration file on its configuration path (the kit's
    extension switched off on the command line when ``kit_extension`` is false) and the probe."""
    (tmp / "probe").mkdir()
    (tmp / "probe" / "nodelay_probe.py").write_text(textwrap.dedent(PROBE))
    options = ["--ServerApp.jpserver_extensions=nodelay_probe=True"]
    if not kit_extension:
        options.append("--ServerApp.jpserver_extensions=bglearn.jupyter_server_ext=False")
    return start_as_installed(tmp, "jupyter_server", *options, pythonpath=[tmp / "probe"])


async def nodelay_of_an_open_kernel_websocket(server: JupyterServer) -> list[int]:
    """Start a kernel, open its websocket, wait for the kernel's answer on it, and return what the
    probe reads from the server's side of the open websockets."""
    http = AsyncHTTPClient()
    reply = await http.fetch(HTTPRequest(f"{server.url}/api/kernels", method="POST", body="{}"))
    kernel = json.loads(reply.body)["id"]
    ws = await websocket_connect(f"ws://127.0.0.1:{server.port}/api/kernels/{kernel}/channels?session_id=probe")
    try:
        ws.write_message(json.dumps({
            "header": {"msg_id": "probe-1", "msg_type": "kernel_info_request", "session": "probe",
                       "username": "", "date": "", "version": "5.3"},
            "parent_header": {}, "metadata": {}, "content": {}, "channel": "shell", "buffers": []}))
        for _ in range(50):  # the kernel's reply (status messages may come first)
            message = json.loads(await asyncio.wait_for(ws.read_message(), 60))
            if message.get("msg_type") == "kernel_info_reply":
                break
        probe = await http.fetch(f"{server.url}/probe/nodelay")
        return json.loads(probe.body)
    finally:
        ws.close()
        await http.fetch(HTTPRequest(f"{server.url}/api/kernels/{kernel}", method="DELETE"))


@pytest.mark.parametrize("kit_extension", [True, False], ids=["with-the-kit", "without"])
def test_a_kernel_websocket_sends_without_delay_under_the_kits_extension(tmp_path, kit_extension):
    server = start_server(tmp_path, kit_extension)
    try:
        # a thread of its own: a test before this one on the same worker may have left an event loop running
        with ThreadPoolExecutor(1) as thread:
            seen = thread.submit(asyncio.run, nodelay_of_an_open_kernel_websocket(server)).result()
    finally:
        server.stop()
    log = server.log.read_text()
    assert len(seen) == 1, log[-2000:]
    if kit_extension:
        assert seen == [1], "TCP_NODELAY is set on the kernel websocket's socket"
        assert "kernel websockets send each message at once" in log
    else:   # the control: Jupyter server alone keeps Nagle's algorithm on (what the kit fixes)
        assert seen == [0]


def test_the_prompt_class_keeps_the_connection_class_it_is_given():
    class Mine(ZMQChannelsWebsocketConnection):
        """A user's own connection class (ServerApp.kernel_websocket_connection_class)."""

    prompt = prompt_connection_class(Mine)
    assert issubclass(prompt, Mine) and issubclass(prompt, PromptWebsocketMixin)
    assert prompt.__mro__[1:3] == (PromptWebsocketMixin, Mine)
    assert prompt_connection_class(prompt) is prompt   # installed twice: one mixin
