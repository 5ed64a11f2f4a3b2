/*
 * bglearn's JupyterLite extension: start the kernel of the notebook a link opens while JupyterLab itself
 * is still starting.
 *
 * JupyterLite starts a notebook's kernel only once the notebook's panel is open, some seconds after the
 * page began loading; the browser's Python then takes seconds more to start. When the page's address
 * names a notebook (`.../lab/index.html?path=notebooks/01-board-and-setup.ipynb`), this plugin starts
 * that notebook's session, with the site's default kernel, as soon as the kernel can be created; the
 * notebook, once open, finds the session by its path and uses it, as it would after a page reload on a
 * Jupyter server. Pages that name no notebook, or one the site does not hold, are left alone.
 *
 * The kernel is created only after JupyterLite's service worker is registered (or has failed to be, or the
 * browser offers none): the kernel decides when it is created whether the notebook's folder is its working
 * directory. JupyterLab's start waits for the session at most 5 s; after that the notebook starts its own
 * kernel, as it would without this extension.
 *
 * This file is a module-federation container written by hand (no bundler): `bglearn site` copies it into
 * the site as a prebuilt JupyterLab extension. It uses nothing but the application object and, from the
 * page's shared modules, the service-worker manager's token.
 */
var _JUPYTERLAB;
(function () {
  "use strict";

  var NAME = "bglearn-kernel-start";
  // How long app start-up may wait for the kernel to be created; after that the notebook starts its own.
  var WAIT_MS = 5000;
  var serviceWorkerToken = Promise.resolve(null);

  function notebookPath() {
    var path = new URLSearchParams(window.location.search).get("path");
    return path && /\.ipynb$/i.test(path) ? path : null;
  }

  // The name of the site's default kernel, once a kernel of that name can be created.
  function defaultKernel(kernelspecs) {
    function current() {
      var specs = kernelspecs.specs;
      return specs && specs.default && specs.kernelspecs[specs.default] ? specs.default : null;
    }
    return kernelspecs.ready.then(function () {
      return current() || new Promise(function (resolve) {
        var changed = function () {
          var name = current();
          if (name) {
            kernelspecs.specsChanged.disconnect(changed);
            resolve(name);
          }
        };
        kernelspecs.specsChanged.connect(changed);
      });
    });
  }

  function startSession(app, path, serviceWorker, abandoned) {
    var services = app.serviceManager;
    // Without service workers (plain http from another machine) the manager's `ready` never settles.
    var workers = typeof navigator !== "undefined" && !!navigator.serviceWorker;
    var registered = serviceWorker && workers ? serviceWorker.ready.catch(function () {}) : Promise.resolve();
    // A link to a notebook the site does not hold gets no kernel (JupyterLab reports the missing file).
    var exists = services.contents.get(path, { content: false }).then(
      function () { return true; }, function () { return false; });
    return Promise.all([registered, services.sessions.ready, defaultKernel(services.kernelspecs), exists])
      .then(function (ready) {
        var kernel = ready[2];
        if (!ready[3]) {
          return;
        }
        return services.sessions.findByPath(path).then(function (found) {
          if (found || abandoned()) {
            return;
          }
          return services.sessions.startNew({
            path: path,
            name: path.split("/").pop(),
            type: "notebook",
            kernel: { name: kernel },
          }).then(function (session) {
            // The notebook makes its own connection to this session.
            session.dispose();
          });
        });
      });
  }

  function plugin(token) {
    return {
      id: NAME + ":plugin",
      description: "Starts the kernel of the notebook named in the page's address while JupyterLab starts.",
      autoStart: true,
      optional: token ? [token] : [],
      activate: function (app, serviceWorker) {
        var path = notebookPath();
        if (!path) {
          return;
        }
        var late = false;
        var started = startSession(app, path, serviceWorker || null, function () { return late; })
          .catch(function (error) {
            console.warn("bglearn: the notebook's kernel could not be started early; it starts when the notebook opens.", error);
          });
        // Hold the app's start until the session exists, so that the notebook finds it rather than starting
        // a second kernel; after WAIT_MS give up, and leave the kernel to the notebook.
        var timer;
        var timeout = new Promise(function (resolve) {
          timer = setTimeout(function () { late = true; resolve(); }, WAIT_MS);
        });
        return Promise.race([started, timeout]).then(function () { clearTimeout(timer); });
      },
    };
  }

  _JUPYTERLAB = typeof _JUPYTERLAB === "undefined" ? {} : _JUPYTERLAB;
  _JUPYTERLAB[NAME] = {
    init: function (shareScope) {
      var versions = (shareScope && shareScope["@jupyterlite/apputils"]) || {};
      var version = Object.keys(versions).sort().pop();
      if (version) {
        serviceWorkerToken = Promise.resolve(versions[version].get())
          .then(function (factory) { return factory().IServiceWorkerManager || null; })
          .catch(function () { return null; });
      }
    },
    get: function (module) {
      if (module !== "./extension") {
        return Promise.reject(new Error("Module " + module + " does not exist in container " + NAME + "."));
      }
      return serviceWorkerToken.then(function (token) {
        return function () { return { __esModule: true, default: plugin(token) }; };
      });
    },
  };
})();
