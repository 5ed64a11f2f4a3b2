"""The kit's own JupyterLab extension on the website, ``bglearn-kernel-start`` (``kernel_start.js``
beside this module): a link that opens a notebook starts that notebook's kernel while JupyterLab is
still starting, not after.

>>> import json, tempfile
>>> from pathlib import Path
>>> with tempfile.TemporaryDirectory() as tmp:
...     folder = kernel_start_extension(Path(tmp))
...     json.loads((folder / "package.json").read_text())["name"]
'bglearn-kernel-start'
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .. import __version__

__all__ = ["KERNEL_START_EXTENSION", "KERNEL_START_SCRIPT", "kernel_start_extension"]

#: The name of the kit's JupyterLite extension (see :func:`kernel_start_extension`).
KERNEL_START_EXTENSION = "bglearn-kernel-start"

#: The extension's script: a module-federation container written by hand (no bundler).
KERNEL_START_SCRIPT = Path(__file__).resolve().parent / "kernel_start.js"


def kernel_start_extension(extensions: Path) -> Path:
    """Write into the folder ``extensions`` the kit's prebuilt JupyterLab extension
    ``bglearn-kernel-start`` (:data:`KERNEL_START_SCRIPT`): when the page's address names a notebook,
    it starts that notebook's kernel while JupyterLab is still starting, and the notebook uses that kernel
    once open. The script's file name carries a hash of its content, so a browser never keeps an older
    copy from its cache. Returns the extension's folder."""
    script = KERNEL_START_SCRIPT.read_bytes()
    name = f"remoteEntry.{hashlib.sha256(script).hexdigest()[:16]}.js"
    folder = extensions / KERNEL_START_EXTENSION
    (folder / "static").mkdir(parents=True)
    (folder / "static" / name).write_bytes(script)
    package = {"name": KERNEL_START_EXTENSION, "version": __version__, "private": True,
               "description": "Starts the kernel of the notebook a link opens while JupyterLab starts.",
               "jupyterlab": {"_build": {"load": f"static/{name}", "extension": "./extension"}}}
    (folder / "package.json").write_text(json.dumps(package, indent=2) + "\n")
    return folder
