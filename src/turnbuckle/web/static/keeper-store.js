// The matches kept on this phone (IndexedDB "turnbuckle-keeper"): every match played offline, until it
// is saved to the league. The keeper's online pages open no database (an open one keeps a page out of
// the browser's Back and Forward cache): the match reaches the offline keeper in the tap the service
// worker could not send (store "handoff"), whose fields carry the engine's JSON. A kept match:
//   {key: a random key (the league saves a match sent twice once), match: the keeper's match id,
//    engine: {game, sides, options, players, entries} (what the engine in the page takes),
//    state: [[field, value], ...] (the keeper form's hidden fields: what a save posts),
//    groups: [[token, ...], ...], seeds: [seed or null, ...], offline: played offline at all,
//    status: "playing" | "finished" | "saved" | "refused", record, summary, problems, uid, at}
(function () {
  "use strict";
  var NAME = "turnbuckle-keeper";
  var opened = null;

  function open() {
    if (!opened) {
      opened = new Promise(function (resolve, reject) {
        var req = window.indexedDB.open(NAME, 1);
        req.onupgradeneeded = function () {
          var db = req.result;
          if (!db.objectStoreNames.contains("matches")) { db.createObjectStore("matches", {keyPath: "key"}); }
          if (!db.objectStoreNames.contains("handoff")) { db.createObjectStore("handoff", {keyPath: "id"}); }
        };
        req.onsuccess = function () {
          req.result.onversionchange = function () { req.result.close(); opened = null; };
          resolve(req.result);
        };
        req.onerror = function () { opened = null; reject(req.error); };
        req.onblocked = function () { opened = null; reject(new Error("the keeper's store is open elsewhere")); };
      });
    }
    return opened;
  }

  function run(store, mode, work) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction(store, mode);
        var result;
        var req = work(tx.objectStore(store));
        if (req) { req.onsuccess = function () { result = req.result; }; }
        tx.oncomplete = function () { resolve(result); };
        tx.onerror = function () { reject(tx.error); };
        tx.onabort = function () { reject(tx.error); };
      });
    });
  }

  function newKey() {
    var bytes = new Uint8Array(18);
    window.crypto.getRandomValues(bytes);
    return "k" + Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  function all() { return run("matches", "readonly", function (s) { return s.getAll(); }).then(function (l) { return l || []; }); }

  var FLAG = "turnbuckle-keeper-kept";  // localStorage: "1" once a match is kept (keeper-sync.js)

  function put(match) {
    match.at = Date.now();
    try { window.localStorage.setItem(FLAG, "1"); } catch (e) { /* full: sent when the offline keeper opens */ }
    return run("matches", "readwrite", function (s) { return s.put(match); }).then(function () { return match; });
  }

  function byMatch(id) {
    return all().then(function (list) {
      var found = list.filter(function (m) { return m.match === id && m.status !== "saved"; });
      found.sort(function (a, b) { return b.at - a.at; });
      return found[0] || null;
    });
  }

  var NOT_STATE = ["csrf_token", "latest", "newest", "elsewhere", "moved", "count", "action", "answer", "tap",
    "rank", "suit", "engine", "entries", "seeds"];

  function fromFields(fields) {
    // the kept match a posted keeper form holds (null when it holds no engine JSON)
    var get = function (name) {
      var hit = fields.filter(function (p) { return p[0] === name; })[0];
      return hit ? hit[1] : "";
    };
    var engine;
    try { engine = JSON.parse(get("engine")); } catch (e) { return null; }
    if (!engine || !engine.sides) { return null; }
    var entries = get("entries").trim();
    var groups = entries ? entries.split("\n").map(function (line) { return line.trim().split(/\s+/); }) : [];
    var seeds = groups.map(function () { return null; });
    get("seeds").split(",").forEach(function (pair) {
      var at = pair.split("=");
      if (at.length === 2 && parseInt(at[0], 10) < groups.length) { seeds[parseInt(at[0], 10)] = at[1]; }
    });
    return {key: newKey(), match: get("match"), offline: true, status: "playing", game: engine.game, engine: engine,
      groups: groups, seeds: seeds, state: fields.filter(function (p) { return NOT_STATE.indexOf(p[0]) < 0; })};
  }

  function unsaved(list) {
    // what sign-out asks about: matches played offline and not saved to the league yet
    return list.filter(function (m) { return m.offline && m.status !== "saved"; });
  }

  window.keeperStore = {
    newKey: newKey,
    all: all,
    put: put,
    byMatch: byMatch,
    unsaved: unsaved,
    fromFields: fromFields,
    get: function (key) { return run("matches", "readonly", function (s) { return s.get(key); }); },
    remove: function (key) { return run("matches", "readwrite", function (s) { return s.delete(key); }); },
    handOff: function (fields) {
      return run("handoff", "readwrite", function (s) { return s.put({id: "tap", fields: fields, at: Date.now()}); });
    },
    takeHandoff: function () {
      return run("handoff", "readwrite", function (s) { return s.get("tap"); }).then(function (tap) {
        return run("handoff", "readwrite", function (s) { return s.delete("tap"); }).then(function () { return tap || null; });
      });
    },
    close: function () {
      if (!opened) { return Promise.resolve(); }
      return opened.then(function (db) { db.close(); opened = null; }, function () { opened = null; });
    },
    NAME: NAME,
    FLAG: FLAG
  };
}());
