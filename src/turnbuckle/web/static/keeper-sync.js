// On every keeper page: register the keeper's service worker (scope /keeper only), keep the match this
// page shows on the phone (so the offline keeper can carry it on), and send the matches played offline
// that are finished to the league when the server answers, once each (their key), as the organiser.
(function () {
  "use strict";
  var store = window.keeperStore;
  if (!store) { return; }
  var SKIP = ["csrf_token", "latest", "newest", "elsewhere", "moved", "count"];

  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/keeper/sw.js", {scope: "/keeper"}).catch(function () { /* no offline keeper */ });
  }

  function parseSeeds(text, n) {
    var seeds = [];
    for (var i = 0; i < n; i++) { seeds.push(null); }
    (text || "").split(",").forEach(function (pair) {
      var at = pair.split("=");
      if (at.length === 2 && parseInt(at[0], 10) < n) { seeds[parseInt(at[0], 10)] = at[1]; }
    });
    return seeds;
  }

  function keepThisPage() {
    // the online keeper page: the match as it stands, with the engine's JSON the server wrote in the page
    var page = document.getElementById("keeper-page");
    var form = document.getElementById("keeper");
    if (!page || !form || !page.dataset.match || !page.dataset.engine) { return Promise.resolve(null); }
    var engine;
    try { engine = JSON.parse(page.dataset.engine); } catch (e) { return Promise.resolve(null); }
    var state = [];
    var entries = "";
    var seeds = "";
    Array.prototype.forEach.call(form.elements, function (el) {
      var hidden = el.tagName === "TEXTAREA" || (el.tagName === "INPUT" && el.type === "hidden");
      if (!hidden || !el.name || SKIP.indexOf(el.name) >= 0) { return; }
      if (el.name === "entries") { entries = el.value; } else if (el.name === "seeds") { seeds = el.value; } else { state.push([el.name, el.value]); }
    });
    var groups = entries.trim() ? entries.split("\n").map(function (line) { return line.trim().split(/\s+/); }) : [];
    return store.byMatch(page.dataset.match).then(function (found) {
      var kept = found || {key: store.newKey(), match: page.dataset.match, offline: false};
      if (kept.status === "finished" && kept.offline) { return kept; }  // finished offline: that one is sent
      kept.engine = engine;
      kept.state = state;
      kept.groups = groups;
      kept.seeds = parseSeeds(seeds, groups.length);
      kept.status = page.dataset.over ? "done" : "playing";
      kept.game = engine.game;
      kept.title = (document.querySelector(".keeper-title") || {}).textContent || engine.game;
      return store.put(kept);
    });
  }

  function fields(kept) {
    var out = new URLSearchParams();
    (kept.state || []).forEach(function (pair) { out.append(pair[0], pair[1]); });
    out.append("entries", kept.groups.map(function (g) { return g.join(" "); }).join("\n"));
    out.append("seeds", kept.seeds.map(function (s, i) { return s === null || s === undefined ? "" : i + "=" + s; })
      .filter(Boolean).join(","));
    out.append("record", JSON.stringify(kept.record));
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

  window.keeperSync = {send: send, fields: fields};
  keepThisPage().catch(function () { return null; }).then(function () {
    send();
  });
  window.addEventListener("online", function () { send(); });
}());
