"""The kit's own JupyterLite extension, as ``bglearn site`` writes it (no browser: its behaviour is tested in
tests/browser/test_site.py)."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess

import pytest

from bglearn.site.extension import KERNEL_START_EXTENSION, kernel_start_extension


def test_the_extension_is_a_prebuilt_jupyterlab_extension_whose_script_name_changes_with_its_content(tmp_path):
    folder = kernel_start_extension(tmp_path / "extensions")
    package = json.loads((folder / "package.json").read_text())
    assert package["name"] == KERNEL_START_EXTENSION == folder.name
    build = package["jupyterlab"]["_build"]
    assert build["extension"] == "./extension"
    script = folder / build["load"]
    assert [p.name for p in (folder / "static").iterdir()] == [script.name]
    digest = hashlib.sha256(script.read_bytes()).hexdigest()
    assert script.name == f"remoteEntry.{digest[:16]}.js"
    # Everything it loads comes from the page: no address of any other site.
    assert "://" not in script.read_text().replace("http://", "").replace("https://", "") or True
    assert "://" not in script.read_text()


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_the_script_registers_a_container_whose_plugin_starts_only_for_a_notebook_address(tmp_path):
    """Run the script in Node.js with a stand-in page: the container gives JupyterLab one auto-started
    plugin; on an address naming a notebook it starts that notebook's session with the default kernel once
    the kernel can be created and the service worker is ready (or at once, in a browser without service
    workers, where JupyterLite's manager never becomes ready); for a notebook the site does not hold, or any
    other address, it starts nothing."""
    script = next((kernel_start_extension(tmp_path / "extensions") / "static").iterdir())
    driver = tmp_path / "driver.js"
    driver.write_text("""
const fs = require("fs"), vm = require("vm");
const tick = () => new Promise((r) => setTimeout(r, 20));
async function run(search, serviceWorkers) {
  const started = [];
  const page = { window: { location: { search } }, navigator: serviceWorkers ? { serviceWorker: {} } : {},
                 URLSearchParams, console, setTimeout, clearTimeout, Promise };
  page.window.window = page.window;
  vm.createContext(page);
  vm.runInContext(fs.readFileSync(process.argv[2], "utf8") + ";window._JUPYTERLAB = _JUPYTERLAB;", page);
  const container = page.window._JUPYTERLAB["bglearn-kernel-start"];
  const token = { name: "@jupyterlite/apputils:IServiceWorkerManager" };
  await container.init({ "@jupyterlite/apputils": { "0.8.6": { get: () => Promise.resolve(() => ({ IServiceWorkerManager: token })) } } });
  const plugin = (await container.get("./extension"))().default;
  let specsListener = null, registered = null;
  const specs = { ready: Promise.resolve(), specs: { default: "", kernelspecs: {} },
                  specsChanged: { connect: (f) => { specsListener = f; }, disconnect: () => { specsListener = null; } } };
  const contents = { get: async (path) => { if (!path.startsWith("notebooks/")) throw new Error("404"); return { path }; } };
  const app = { serviceManager: { kernelspecs: specs, contents, sessions: {
    ready: Promise.resolve(), findByPath: async () => undefined,
    startNew: async (options) => { started.push(options); return { dispose() {} }; } } } };
  const manager = { ready: new Promise((resolve) => { registered = resolve; }) };
  const activated = plugin.activate(app, manager);
  await tick();
  const beforeKernel = started.length;
  specs.specs = { default: "python", kernelspecs: { python: {} } };
  if (specsListener) specsListener();
  await tick();
  const beforeWorker = started.length;
  registered();
  await activated;
  return { optional: plugin.optional.map((t) => t.name), autoStart: plugin.autoStart,
           counts: [beforeKernel, beforeWorker, started.length], started };
}
(async () => {
  console.log(JSON.stringify({
    notebook: await run("?path=notebooks/01-board-and-setup.ipynb", true),
    noWorkers: await run("?path=notebooks/01-board-and-setup.ipynb", false),
    other: await run("?path=README.md", true),
    missing: await run("?path=elsewhere/gone.ipynb", true),
    none: await run("", true),
  }));
})();
""")
    out = subprocess.run(["node", str(driver), str(script)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    session = {"path": "notebooks/01-board-and-setup.ipynb", "name": "01-board-and-setup.ipynb",
               "type": "notebook", "kernel": {"name": "python"}}
    assert result["notebook"] == {"optional": ["@jupyterlite/apputils:IServiceWorkerManager"], "autoStart": True,
                                  "counts": [0, 0, 1], "started": [session]}
    assert result["noWorkers"]["counts"] == [0, 1, 1] and result["noWorkers"]["started"] == [session]
    assert result["other"]["started"] == result["missing"]["started"] == result["none"]["started"] == []
