"""The course website's front door (bglearn.site.front_door, bglearn.site.serve): its root address opens the
welcome lesson in the site's language, and ``bglearn site --serve`` can be reached from this computer only.

The site here is a stand-in with the files these two read (``jupyter-lite.json``, the lessons under
``files/``); the whole JupyterLite site, built and driven in Chromium, is in tests/browser/test_site.py.
"""

from __future__ import annotations

import json
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from bglearn.i18n import LANGUAGES, TRANSLATED
from bglearn.site.front_door import front_door_html, welcome_path, write_front_door
from bglearn.site.process import SiteError
from bglearn.site.serve import HOST, make_server

from browser.harness import free_port


def _site(tmp: Path, langs=LANGUAGES) -> Path:
    """A built site's files as far as the front door and the server look at them."""
    site = tmp / "site"
    for lang in langs:
        lesson = site / "files" / welcome_path(lang)
        lesson.parent.mkdir(parents=True, exist_ok=True)
        lesson.write_text("{}")
    (site / "jupyter-lite.json").write_text(json.dumps({"jupyter-config-data": {"appUrl": "./lab"}}))
    (site / "index.html").write_text("<html>JupyterLite's own root page: an empty Launcher</html>")
    return site


@pytest.fixture
def served(tmp_path):
    """The stand-in site with the Spanish front door, served by the kit's server on a free port."""
    site = _site(tmp_path)
    write_front_door(site, "es")
    server = make_server(site, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield site, f"http://{HOST}:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def _target(page: str) -> str:
    return re.search(r'<meta http-equiv="refresh" content="0; url=([^"]+)">', page).group(1)


@pytest.mark.parametrize("lang, path", [("en", "notebooks/00-welcome.ipynb"), ("fi", "notebooks/fi/00-welcome.ipynb")])
def test_the_root_page_opens_the_welcome_lesson_in_the_sites_language(lang, path):
    page = front_door_html(lang)
    assert _target(page) == f"lab/index.html?path={path}"
    assert f'"lab/index.html?path={path}"' in page  # the script's address, the same
    assert f'<html lang="{lang}">' in page
    # JupyterLite's app pages read their configuration from the root page: its block stays, empty.
    block = re.search(r'<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">'
                      r"(.*?)</script>", page, re.S)
    assert block and json.loads(block.group(1)) == {}


def test_the_root_page_speaks_the_sites_language():
    from bglearn.i18n import _, using_language

    for lang in TRANSLATED:
        with using_language(lang):
            link = _("Open the welcome lesson")
        assert f">{link}</a>" in front_door_html(lang)


def test_a_site_without_the_lesson_in_its_language_gets_no_front_door(tmp_path):
    site = _site(tmp_path, langs=("en",))
    with pytest.raises(SiteError, match="notebooks/ro/00-welcome.ipynb"):
        write_front_door(site, "ro")
    assert "empty Launcher" in (site / "index.html").read_text()


def test_the_served_root_address_sends_the_browser_to_the_welcome_lesson(served, request):
    site, address = served
    page = urllib.request.urlopen(address + "/", timeout=10).read().decode()
    assert _target(page) == "lab/index.html?path=notebooks/es/00-welcome.ipynb"
    assert urllib.request.urlopen(f"{address}/files/notebooks/es/00-welcome.ipynb", timeout=10).status == 200
    browser = request.getfixturevalue("browser")   # only now: the checks above need no browser
    context = browser.new_context()
    try:
        for root in (address + "/", address + "/index.html"):
            page = context.new_page()
            page.goto(root)
            page.wait_for_url(re.compile(r"/lab/index\.html\?path=notebooks/es/00-welcome\.ipynb$"), timeout=10_000)
            page.close()
    finally:
        context.close()


def _refused(host: str, port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(2)
        return s.connect_ex((host, port)) != 0


def test_serve_listens_on_this_computer_only(tmp_path):
    """``bglearn site --serve`` answers on 127.0.0.1 and on no other address of the machine."""
    site = _site(tmp_path)
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "bglearn", "site", "-o", str(site), "--serve", "--no-build",
                             "--port", str(port)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 30
        while _refused(HOST, port):
            assert proc.poll() is None and time.monotonic() < deadline, proc.stdout.read() if proc.stdout else ""
            time.sleep(0.2)
        assert urllib.request.urlopen(f"http://127.0.0.1:{port}/jupyter-lite.json", timeout=10).status == 200
        others = {"127.0.1.1"}  # another loopback address: a server on every interface answers there too
        try:
            others |= {info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)}
        except OSError:
            pass
        for other in sorted(others - {HOST}):
            assert _refused(other, port), f"the site answers on {other}"
    finally:
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=30)
    assert proc.returncode == 0, out
    assert f"http://127.0.0.1:{port}/" in out


def test_serve_refuses_a_folder_that_is_not_a_site(tmp_path):
    r = subprocess.run([sys.executable, "-m", "bglearn", "site", "-o", str(tmp_path), "--serve", "--no-build"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode != 0 and "is not a built site" in r.stderr
