// The score keeper's service worker, served at /keeper/sw.js with scope /keeper (the server puts
// SHELL, the files it keeps, and VERSION in front of this file). It answers only the keeper's own
// pages and the static files; every other request goes to the network untouched.
// It keeps only public answers: the offline keeper page and the games (fetched without cookies),
// static files and the page's Python runtime; never a keeper page (it may show a league sheet), and
// never an answer marked no-store or private (the server marks every answer to a signed-in browser
// no-store). When the server cannot be reached, a keeper page is answered with the offline keeper;
// a tap the page posted is handed to it (IndexedDB "turnbuckle-keeper", store "handoff").
/* global SHELL, VERSION */
"use strict";
var CACHE = "turnbuckle-keeper-" + VERSION;
var PUBLIC_PAGES = ["/keeper/offline", "/keeper/offline.json"];

function cacheable(response) {
  var rule = (response.headers.get("cache-control") || "").toLowerCase();
  return response.ok && response.type === "basic" && rule.indexOf("no-store") < 0 && rule.indexOf("private") < 0;
}

function keepPublic(cache, url) {
  return fetch(url, {credentials: "omit", cache: "no-cache"}).then(function (response) {
    if (cacheable(response)) { return cache.put(url, response); }
    return null;
  });
}

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return Promise.all(SHELL.map(function (url) { return keepPublic(cache, url).catch(function () { return null; }); }));
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n.indexOf("turnbuckle-keeper-") === 0 && n !== CACHE; })
      .map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

function handOff(request) {
  // the tap the keeper page posted: kept for the offline keeper, which plays it in the page
  return request.formData().then(function (form) {
    var fields = [];
    form.forEach(function (value, name) { if (typeof value === "string" && name !== "csrf_token") { fields.push([name, value]); } });
    return new Promise(function (resolve) {
      var open = indexedDB.open("turnbuckle-keeper", 1);
      open.onupgradeneeded = function () {
        var db = open.result;
        if (!db.objectStoreNames.contains("matches")) { db.createObjectStore("matches", {keyPath: "key"}); }
        if (!db.objectStoreNames.contains("handoff")) { db.createObjectStore("handoff", {keyPath: "id"}); }
      };
      open.onsuccess = function () {
        var tx = open.result.transaction("handoff", "readwrite");
        tx.objectStore("handoff").put({id: "tap", fields: fields, at: Date.now()});
        tx.oncomplete = function () { open.result.close(); resolve(); };
        tx.onerror = function () { open.result.close(); resolve(); };
      };
      open.onerror = function () { resolve(); };
    });
  }).catch(function () { return null; });
}

function offlinePage() {
  return caches.match("/keeper/offline").then(function (kept) {
    return kept || new Response("The score keeper has not been kept on this phone yet: open it once online.",
      {status: 503, headers: {"Content-Type": "text/plain; charset=utf-8"}});
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  var path = url.pathname;
  if (path.indexOf("/static/") === 0 && request.method === "GET") {
    // kept files first (a hashed name never changes; the runtime is pinned), else the network, kept if public
    event.respondWith(caches.open(CACHE).then(function (cache) {
      return cache.match(request).then(function (hit) {
        if (hit) { return hit; }
        return fetch(request).then(function (response) {
          if (cacheable(response)) { cache.put(request, response.clone()); }
          return response;
        });
      });
    }));
    return;
  }
  if (PUBLIC_PAGES.indexOf(path) >= 0 && request.method === "GET") {
    event.respondWith(fetch(request).then(function (response) {
      if (cacheable(response)) {
        var copy = response.clone();
        caches.open(CACHE).then(function (cache) { return cache.put(path, copy); });
      }
      return response;
    }).catch(function () { return caches.match(path); }));
    return;
  }
  if (request.mode === "navigate" && (path === "/keeper" || path.indexOf("/keeper/") === 0)) {
    var copy = request.method === "POST" ? request.clone() : null;
    if (request.cache === "only-if-cached") { return; }  // Back or Forward to a posted page: the browser's own
    event.respondWith(fetch(request).catch(function () {
      return (copy ? handOff(copy) : Promise.resolve()).then(offlinePage);
    }));
  }
});
