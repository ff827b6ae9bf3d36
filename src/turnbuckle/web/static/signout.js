// Sign-out leaves nothing private on this browser: the keeper's page guards (localStorage), this tab's
// storage (sessionStorage), anything but public files in the keeper's caches, and the matches kept on
// the phone (IndexedDB), which may hold a league competitor's sheet. A match played offline and not yet
// saved to the league is the one thing sign-out asks about: keep it on this device, or discard it.
(function () {
  "use strict";
  var form = document.querySelector('form[action="/logout"]');
  if (!form) { return; }
  var DB = "turnbuckle-keeper";
  var PUBLIC = ["/keeper/offline", "/keeper/offline.json", "/keeper/engine-worker.js"];
  var leaving = false;

  function opened() {
    // the kept matches' database, or null when there is none (opening must not make one)
    return new Promise(function (resolve) {
      var made = false;
      var req = window.indexedDB.open(DB);
      req.onupgradeneeded = function () { made = true; req.transaction.abort(); };
      req.onsuccess = function () { resolve(made ? null : req.result); };
      req.onerror = function () { resolve(null); };
    });
  }

  function kept(db) {
    if (!db || !db.objectStoreNames.contains("matches")) { return Promise.resolve([]); }
    return new Promise(function (resolve) {
      var req = db.transaction("matches", "readonly").objectStore("matches").getAll();
      req.onsuccess = function () { resolve(req.result || []); };
      req.onerror = function () { resolve([]); };
    });
  }

  function ask(count) {
    return new Promise(function (resolve) {
      var box = document.createElement("dialog");
      box.id = "signout-dialog";
      var text = document.createElement("p");
      text.textContent = count + " match" + (count > 1 ? "es" : "") + " played offline " + (count > 1 ? "are" : "is") +
        " not saved to the league yet. Keep " + (count > 1 ? "them" : "it") + " on this device (the organiser saves " +
        (count > 1 ? "them" : "it") + " on signing in here), or discard " + (count > 1 ? "them" : "it") + "?";
      box.appendChild(text);
      [["keep-kept", "Keep on this device", "keep"], ["discard-kept", "Discard", "discard"],
        ["cancel-signout", "Stay signed in", "cancel"]].forEach(function (b) {
        var button = document.createElement("button");
        button.type = "button";
        button.id = b[0];
        button.textContent = b[1];
        if (b[2] !== "keep") { button.className = "secondary"; }
        button.addEventListener("click", function () { box.close(); box.remove(); resolve(b[2]); });
        box.appendChild(button);
      });
      document.body.appendChild(box);
      box.showModal();
    });
  }

  function tidyCaches() {
    if (!window.caches) { return Promise.resolve(); }
    return window.caches.keys().then(function (names) {
      return Promise.all(names.map(function (name) {
        return window.caches.open(name).then(function (cache) {
          return cache.keys().then(function (requests) {
            return Promise.all(requests.filter(function (r) {
              var path = new URL(r.url).pathname;
              return path.indexOf("/static/") !== 0 && PUBLIC.indexOf(path) < 0;
            }).map(function (r) { return cache.delete(r); }));
          });
        });
      }));
    });
  }

  function tidyMatches(db, choice, list) {
    if (!db) { return Promise.resolve(); }
    if (choice === "discard" || !list.some(function (m) { return m.offline && m.status !== "saved"; })) {
      db.close();
      return new Promise(function (resolve) {
        var req = window.indexedDB.deleteDatabase(DB);
        req.onsuccess = req.onerror = req.onblocked = function () { resolve(); };
      });
    }
    return new Promise(function (resolve) {
      var tx = db.transaction(db.objectStoreNames, "readwrite");
      if (db.objectStoreNames.contains("handoff")) { tx.objectStore("handoff").clear(); }
      var matches = tx.objectStore("matches");
      list.forEach(function (m) { if (!m.offline || m.status === "saved") { matches.delete(m.key); } });
      tx.oncomplete = tx.onerror = tx.onabort = function () { db.close(); resolve(); };
    });
  }

  form.addEventListener("submit", function (event) {
    if (leaving) { return; }
    event.preventDefault();
    var db = null;
    var list = [];
    opened().then(function (found) {
      db = found;
      return kept(db);
    }).then(function (all) {
      list = all;
      var waiting = all.filter(function (m) { return m.offline && m.status !== "saved"; }).length;
      return waiting ? ask(waiting) : "discard";
    }).then(function (choice) {
      if (choice === "cancel") { if (db) { db.close(); } return; }
      window.localStorage.clear();
      window.sessionStorage.clear();
      if (choice === "keep") { window.localStorage.setItem("turnbuckle-keeper-kept", "1"); }  // not private: a flag
      return Promise.all([tidyCaches(), tidyMatches(db, choice, list)]).catch(function () { return null; }).then(function () {
        leaving = true;
        form.submit();
      });
    });
  });
}());
