// The score keeper's page guard. The browser keeps, for each match, the latest page any of its tabs
// has shown (localStorage, shared by the tabs): its number of answers, its stamp (a digest of those
// answers), the tab that showed it and its state (the form's hidden fields). A keeper page shown
// again by Back, Forward or a reload that is not that page (fewer answers, or as many but not the
// same) says so, and its next post carries the latest page's count and stamp, so the server changes
// nothing and says why. "Carry on from here" makes this page the match's latest (which takes the
// later answers back). A page that was the latest when another tab moved the match on loads where
// the match stands, and says so: one match open in two tabs never splits in silence. A reload that
// sends a tap again (it failed offline) is the latest page: it was played on from the latest.
(function () {
  "use strict";
  var page = document.getElementById("keeper-page");
  if (!page || !page.dataset.match) { return; }
  var key = "turnbuckle-keeper:" + page.dataset.match;
  var count = parseInt(page.dataset.count, 10);
  var stamp = page.dataset.stamp || "";
  var stale = document.getElementById("stale");
  var field = document.getElementById("latest");
  var newest = document.getElementById("newest");
  var elsewhere = document.getElementById("elsewhere");
  var text = document.getElementById("stale-text");
  var keeper = document.getElementById("keeper");
  var KEPT = 20;  // matches remembered; the oldest beyond that are forgotten
  var SKIP = ["csrf_token", "latest", "newest", "elsewhere", "moved", "engine"];

  function tabName() {
    var name = window.sessionStorage.getItem("turnbuckle-keeper-tab");
    if (!name) {
      name = Math.random().toString(36).slice(2) + Date.now().toString(36);
      window.sessionStorage.setItem("turnbuckle-keeper-tab", name);
    }
    return name;
  }
  var tab = tabName();

  function parse(raw) {
    var value = null;
    try { value = JSON.parse(raw || "null"); } catch (e) { value = null; }
    if (!value || typeof value.count !== "number") { return {count: -1, stamp: "", tab: "", state: null}; }
    return value;
  }

  function stored() { return parse(window.localStorage.getItem(key)); }

  function state() {
    // the match as this page holds it: the hidden fields every keeper form carries
    var fields = [];
    Array.prototype.forEach.call(keeper.elements, function (el) {
      var hidden = el.tagName === "TEXTAREA" || (el.tagName === "INPUT" && el.type === "hidden");
      if (hidden && el.name && SKIP.indexOf(el.name) < 0) { fields.push([el.name, el.value]); }
    });
    return fields;
  }

  function forget() {
    // keep the KEPT matches shown last
    var mine = [];
    for (var i = 0; i < window.localStorage.length; i++) {
      var name = window.localStorage.key(i);
      if (name && name.indexOf("turnbuckle-keeper:") === 0) { mine.push([parse(window.localStorage.getItem(name)).at || 0, name]); }
    }
    mine.sort(function (a, b) { return b[0] - a[0]; });
    mine.slice(KEPT).forEach(function (old) { window.localStorage.removeItem(old[1]); });
  }

  // A page that shows the side asked its own secret (a card, a pick) is covered while it is not the
  // latest: Back after the device was passed on must not show the next player that secret.
  var covered = ["board", "keeper", "entered", "last-lines", "notice"].map(function (id) {
    return document.getElementById(id);
  });

  function cover(hide) {
    covered.forEach(function (part) { if (part) { part.hidden = hide; } });
  }

  function keep() {
    var value = JSON.stringify({count: count, stamp: stamp, tab: tab, state: state(), at: Date.now()});
    try {
      window.localStorage.setItem(key, value);
    } catch (e) {  // full: make room and try once more
      forget();
      try { window.localStorage.setItem(key, value); } catch (again) { /* the guard is lost, the page works */ }
    }
    forget();
    if (page.dataset.private) { cover(false); }
    stale.hidden = true;
    field.value = "";
    if (newest) { newest.value = ""; }
    if (elsewhere) { elsewhere.value = ""; }
  }

  function showLatest(latest) {
    // where the match stands, from the state the latest page left: the server plays it again
    var form = document.createElement("form");
    form.method = "post";
    form.action = "/keeper/play";
    var fields = [["csrf_token", keeper.elements.csrf_token.value], ["action", "start"], ["moved", "1"]];
    fields.concat(latest.state || []).forEach(function (pair) {
      var input = document.createElement("textarea");
      input.name = pair[0];
      input.value = pair[1];
      form.appendChild(input);
    });
    form.hidden = true;
    document.body.appendChild(form);
    form.submit();
  }

  function behind(latest) {
    var other = latest.tab !== tab;
    var later = latest.count - count;
    if (other) {
      text.textContent = "Another tab moved this match on (it holds " + latest.count + " answer" +
        (latest.count === 1 ? "" : "s") + " there). Nothing has changed: show where the match stands, or carry on " +
        "from here, which plays on from this page instead.";
    } else if (later > 0) {
      text.textContent = "This page is from before your last " + later + " answer" + (later > 1 ? "s" : "") +
        " (you went Back). Nothing has changed: go Forward to carry on, or carry on from here, which takes " +
        (later > 1 ? "those answers" : "that answer") + " back.";
    } else {
      text.textContent = "This page is from before answers were taken back or changed (you went Back). " +
        "Nothing has changed: go Forward to carry on, or carry on from here, which plays on from this page.";
    }
    if (page.dataset.private) {
      cover(true);
      text.textContent += " This page shows one side's secret, so it stays covered until you carry on from here.";
    }
    document.getElementById("show-latest").hidden = !(other && latest.state);
    stale.hidden = false;
    field.value = String(latest.count);
    if (newest) { newest.value = latest.stamp; }
    if (elsewhere) { elsewhere.value = other ? "1" : ""; }
  }

  function show(persisted) {
    var nav = window.performance.getEntriesByType("navigation")[0];
    var type = nav ? nav.type : "navigate";
    var fresh = !persisted && !page.dataset.refused && type === "navigate";
    var latest = stored();
    // a reload that sent this page's tap again (say it failed offline), made on the latest page
    var resent = !persisted && type === "reload" && page.dataset.parent && page.dataset.parent === latest.stamp;
    var same = latest.stamp ? latest.stamp === stamp : latest.count <= count;
    if (fresh || resent || latest.count < 0 || same) {
      keep();
      return;
    }
    if (page.dataset.refused && latest.tab !== tab && latest.state) {
      showLatest(latest);  // refused because another tab moved on: show where it stands
      return;
    }
    behind(latest);
  }

  window.addEventListener("storage", function (event) {
    // another tab showed a page of this match: this page, the latest until now, loads where it stands
    if (event.key !== key) { return; }
    var latest = parse(event.newValue);
    if (latest.count < 0 || latest.stamp === stamp) { return; }
    if (stale.hidden && latest.state) {
      showLatest(latest);
    } else {
      behind(latest);
    }
  });
  document.getElementById("show-latest").addEventListener("click", function () { showLatest(stored()); });
  document.getElementById("carry-on").addEventListener("click", function () {
    page.dataset.refused = "";
    keep();
  });
  window.addEventListener("pageshow", function (event) { show(event.persisted); });
}());
