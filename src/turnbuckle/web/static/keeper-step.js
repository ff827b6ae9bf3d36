// The rules in the page: one function, keeperEngine.step(match), answered by a module Web Worker that
// runs Pyodide and turnbuckle.page.keeper_step (keeper-engine-worker.js). match is the JSON the server
// writes in the keeper form ({game, sides, options, players, entries}); the promise gives the step as
// the offline keeper shows it: {need (with wanted, the faces still missing), board, narration, over,
// record, record_text (the record as the server writes it), entries (as the rules keep them), secret
// (another side holds something the side asked may not see)}, or {error} for an entry the rules refuse;
// it rejects with an Error when the engine cannot run.
(function () {
  "use strict";
  var worker = null;
  var waiting = {};
  var next = 1;

  function start() {
    if (worker) { return worker; }
    var script = document.querySelector("script[data-engine-worker]");
    worker = new Worker(script ? script.dataset.engineWorker : "/keeper/engine-worker.js", {type: "module"});
    worker.onmessage = function (event) {
      var job = waiting[event.data.id];
      if (!job) { return; }
      delete waiting[event.data.id];
      if (event.data.error) { job.reject(new Error(event.data.error)); } else { job.resolve(shown(event.data.answer)); }
    };
    worker.onerror = function (event) {
      Object.keys(waiting).forEach(function (id) { waiting[id].reject(new Error(event.message || "the engine did not start")); });
      waiting = {};
      worker = null;
    };
    return worker;
  }

  function shown(answer) {
    // keeper_step's answer ({ok, step, record_text} or {ok: false, error}) as the offline keeper shows it
    if (!answer) { return null; }
    if (!answer.ok) { return {error: (answer.error && answer.error.message) || "the engine refused the request"}; }
    var step = answer.step;
    var need = step.need ? Object.assign({}, step.need) : null;
    if (need && need.kind === "roll") { need.wanted = need.count - (need.given || []).length; }
    // secret: another side holds something the side asked may not see yet (core.step's others_secret)
    var secret = !!(step.seen && (step.seen.events || []).some(function (e) { return e && e.type === "hidden"; }));
    return {need: need, board: step.seen ? step.seen.board : [], narration: step.narration, over: step.done,
      record: step.record, record_text: answer.record_text || null, entries: step.entries, secret: secret};
  }

  function call(kind, match) {
    var id = next++;
    return new Promise(function (resolve, reject) {
      // Pyodide that cannot start says so only in the console: a step not answered in 2 minutes fails
      var timer = setTimeout(function () {
        delete waiting[id];
        reject(new Error("the engine in the page did not answer in 2 minutes"));
      }, 120000);
      waiting[id] = {resolve: function (v) { clearTimeout(timer); resolve(v); },
        reject: function (e) { clearTimeout(timer); reject(e); }};
      start().postMessage({id: id, kind: kind, match: match});
    });
  }

  window.keeperEngine = window.keeperEngine || {  // one already set (a stand-in, in a test) is kept
    step: function (match) { return call("step", match); },
    ready: function () { return call("ready", null); }
  };
}());
