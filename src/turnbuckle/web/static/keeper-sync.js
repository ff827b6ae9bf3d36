// On every keeper page: register the keeper's service worker (scope /keeper only), and send the matches
// played offline that are finished to the league when the server answers, once each (their key), as
// the organiser. The store is opened only when a match was kept (an open database keeps a page out of
// the browser's Back and Forward cache, and the keeper's Back guard relies on it).
(function () {
  "use strict";
  var store = window.keeperStore;
  if (!store) { return; }

  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/keeper/sw.js", {scope: "/keeper"}).catch(function () { /* no offline keeper */ });
  }

  function fields(kept) {
    var out = new URLSearchParams();
    (kept.state || []).forEach(function (pair) { out.append(pair[0], pair[1]); });
    out.append("entries", kept.groups.map(function (g) { return g.join(" "); }).join("\n"));
    out.append("seeds", kept.seeds.map(function (s, i) { return s === null || s === undefined ? "" : i + "=" + s; })
      .filter(Boolean).join(","));
    out.append("record", kept.recordText || JSON.stringify(kept.record));
    out.append("key", kept.key);
    out.append("reply", "json");
    return out;
  }

  var sending = null;

  function send() {
    // each finished offline match, once; the server replays its entries and saves it once (its key)
    if (sending) { return sending; }
    sending = store.all().then(function (list) {
      var ready = list.filter(function (m) { return m.offline && m.status === "finished"; });
      if (!ready.length) { return {sent: 0, waiting: 0}; }
      return fetch("/keeper/kept", {credentials: "same-origin", cache: "no-store"}).then(function (r) { return r.json(); })
        .then(function (who) {
          if (!who.organiser) { return {sent: 0, waiting: ready.length, organiser: false}; }
          var sent = 0;
          return ready.reduce(function (chain, kept) {
            return chain.then(function () {
              var body = fields(kept);
              body.append("csrf_token", who.csrf_token);
              return fetch("/keeper/save", {method: "POST", body: body, credentials: "same-origin", cache: "no-store"})
                .then(function (r) { return r.json().then(function (answer) { return [r.status, answer]; }); })
                .then(function (got) {
                  if (got[0] === 200) {
                    kept.status = "saved";
                    kept.uid = got[1].uid;
                    kept.state = [];  // saved: the sheets are the league's again, not the phone's
                    kept.engine = {game: kept.engine.game};
                    sent += 1;
                  } else if (got[0] === 400) {
                    kept.status = "refused";
                    kept.problems = got[1].problems || [];
                  }
                  return store.put(kept);
                });
            });
          }, Promise.resolve()).then(function () { return {sent: sent, waiting: 0, organiser: true}; });
        });
    }).catch(function () { return {sent: 0, waiting: -1}; }).then(function (result) {
      sending = null;
      var line = document.getElementById("kept-status");
      if (line && result.sent) { line.textContent = result.sent + " kept match" + (result.sent > 1 ? "es" : "") + " saved to the league."; }
      if (line && result.organiser === false) { line.textContent = "Matches kept on this phone wait for the organiser to sign in here and open the keeper: they are saved to the league then."; }
      document.dispatchEvent(new CustomEvent("keeper-sent", {detail: result}));
      return result;
    });
    return sending;
  }

  function reachable() {
    // whether the server answers, within a few seconds (no answer: the tap is played offline)
    var stop = new AbortController();
    var timer = setTimeout(function () { stop.abort(); }, 4000);
    return fetch("/keeper/ping", {cache: "no-store", signal: stop.signal}).then(function (r) {
      clearTimeout(timer);
      return r.status < 500;
    }, function () { clearTimeout(timer); return false; });
  }

  var keeper = document.getElementById("keeper");
  var page = document.getElementById("keeper-page");
  var passed = false;
  // only where the tap can be played offline: the server serves the page's runtime, and the worker
  // controls this page (so the offline keeper is kept); else a tap goes to the server as it always has
  if (keeper && page && page.dataset.offline === "1" && navigator.serviceWorker && navigator.serviceWorker.controller) {
    // a tap: posted as ever when the server answers, else handed to the offline keeper with the match
    keeper.addEventListener("submit", function (event) {
      if (passed) { passed = false; return; }
      event.preventDefault();
      var submitter = event.submitter || null;
      reachable().then(function (up) {
        if (up) {
          passed = true;
          keeper.requestSubmit(submitter);
          return null;
        }
        var fields = [];
        new FormData(keeper, submitter).forEach(function (value, name) {
          if (typeof value === "string" && name !== "csrf_token") { fields.push([name, value]); }
        });
        return store.handOff(fields).then(function () { return store.close(); }).then(function () {
          window.location.href = "/keeper/offline";
        });
      });
    });
  }

  window.keeperSync = {send: send, fields: fields};
  function anyKept() {
    // whether this browser has kept a match, without touching IndexedDB (even asking for its list of
    // databases keeps a page out of the Back and Forward cache): the flag keeperStore.put sets
    return Promise.resolve(window.localStorage.getItem(store.FLAG) === "1");
  }

  anyKept().then(function (some) { if (some) { send().then(function () { return store.close(); }); } });
  window.addEventListener("online", function () { send(); });
}());
