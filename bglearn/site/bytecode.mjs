// Run bglearn/site/bytecode.py inside the Pyodide runtime, so that the browser's own Python (3.14 for
// Pyodide 314) compiles the site's pure-Python wheels. Used by bglearn.site.precompile at build time.
//
//   node bytecode.mjs PYODIDE_DIR JOB_DIR
//
// PYODIDE_DIR holds the unpacked npm runtime (pyodide.mjs, pyodide.asm.wasm, python_stdlib.zip...).
// JOB_DIR holds bytecode.py, job.json and the wheels the job names (see bglearn.site.bytecode.main); it is
// seen as /job inside Pyodide. Exits non-zero, with Python's traceback on stderr, if anything fails.
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, jobDir] = process.argv.slice(2);
if (!pyodideDir || !jobDir) {
  console.error("usage: node bytecode.mjs PYODIDE_DIR JOB_DIR");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(path.resolve(pyodideDir), "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: path.resolve(pyodideDir) + path.sep,
  stdout: (s) => console.log(s),
  stderr: (s) => console.error(s),
  env: { PYTHONNODEBUGRANGES: "1" },
});
pyodide.FS.mkdirTree("/job");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(jobDir) }, "/job");
try {
  const status = pyodide.runPython(`
import runpy, sys
sys.argv = ["bytecode.py", "/job/job.json"]
try:
    runpy.run_path("/job/bytecode.py", run_name="__main__")
    status = 0
except SystemExit as exc:
    status = exc.code or 0
status
`);
  process.exit(status);
} catch (err) {
  console.error(String(err.message || err));
  process.exit(1);
}
