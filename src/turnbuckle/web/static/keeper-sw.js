// The score keeper's service worker, served at /keeper/sw.js with scope /keeper (the server puts
// SHELL, the files it keeps, and VERSION in front of this file). It answers only the keeper's own
// pages and the static files; every other request goes to the network untouched.
// It keeps only public answers: the offline keeper page and the games (fetched without cookies),
// static files and the page's Python runtime; never a keeper page (it may show a league sheet), and
// never an answer marked no-store or private (the server marks every answer to a signed-in browser
// no-store). When the server cannot be reached, a keeper page is answered with the offline keeper.
/* global SHELL, VERSION */
"use strict";
var CACHE = "turnbuckle-keeper-" + VERSION;
var PUBLIC_PAGES = ["/keeper/offline", "/keeper/offline.json", "/keeper/engine-worker.js"];

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
  // a keeper page asked for by its address: the network, else the offline keeper. A posted page (a tap)
  // is left to the browser: a worker's answer to it would not be kept for Back, which the keeper's
  // guard relies on; the page asks /keeper/ping first and plays the tap offline when nothing answers.
  if (request.mode === "navigate" && request.method === "GET" && request.cache !== "only-if-cached" &&
      (path === "/keeper" || path.indexOf("/keeper/") === 0)) {
    event.respondWith(fetch(request).catch(offlinePage));
  }
});
