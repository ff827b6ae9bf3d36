// The engine in the page's worker: Pyodide from /static/pyodide/ (make pyodide), the rules package
// from the same folder (a package of Pyodide's lock file, or a wheel its lock names), and one call:
// turnbuckle.page.keeper_step(match JSON) -> step JSON (docs/architecture.md, "The engine in the page").
/* global loadPyodide */
"use strict";
var RUNTIME = "/static/pyodide/";
var booted = null;

function boot() {
  if (!booted) {
    booted = (function () {
      importScripts(RUNTIME + "pyodide.js");
      return loadPyodide({indexURL: RUNTIME}).then(function (py) {
        return py.loadPackage("turnbuckle").then(function () {
          return py.runPython("from turnbuckle.page import keeper_step\nkeeper_step");
        });
      });
    }());
    booted.catch(function () { booted = null; });
  }
  return booted;
}

self.onmessage = function (event) {
  var job = event.data;
  boot().then(function (keeperStep) {
    if (job.kind === "ready") { return null; }
    return JSON.parse(keeperStep(JSON.stringify(job.match)));
  }).then(function (step) {
    self.postMessage({id: job.id, step: step});
  }, function (error) {
    self.postMessage({id: job.id, error: String(error && error.message || error)});
  });
};
