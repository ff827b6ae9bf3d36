// The rules in the page: one function, keeperEngine.step(match), answered by a Web Worker that runs
// Pyodide and the rules package (keeper-engine-worker.js). match is the JSON the server writes in the
// keeper page ({game, sides, options, players, entries}); the promise gives the engine's step JSON
// (what is asked next, the board, the narration, whether the match is over, its record) or rejects
// with an Error whose message says why (an entry the rules refuse: {error} in the step instead).
(function () {
  "use strict";
  var worker = null;
  var waiting = {};
  var next = 1;

  function start() {
    if (worker) { return worker; }
    var script = document.querySelector("script[data-engine-worker]");
    worker = new Worker(script ? script.dataset.engineWorker : "/static/keeper-engine-worker.js");
    worker.onmessage = function (event) {
      var job = waiting[event.data.id];
      if (!job) { return; }
      delete waiting[event.data.id];
      if (event.data.error) { job.reject(new Error(event.data.error)); } else { job.resolve(event.data.step); }
    };
    worker.onerror = function (event) {
      Object.keys(waiting).forEach(function (id) { waiting[id].reject(new Error(event.message || "the engine did not start")); });
      waiting = {};
      worker = null;
    };
    return worker;
  }

  function call(kind, match) {
    var id = next++;
    return new Promise(function (resolve, reject) {
      waiting[id] = {resolve: resolve, reject: reject};
      start().postMessage({id: id, kind: kind, match: match});
    });
  }

  window.keeperEngine = window.keeperEngine || {  // one already set (a stand-in, in a test) is kept
    step: function (match) { return call("step", match); },
    ready: function () { return call("ready", null); }
  };
}());
