// The score keeper's Back guard. Each tab keeps, for each match, the latest page it has shown: its
// number of answers and its stamp, a digest of those answers (sessionStorage). A keeper page shown
// again by Back, Forward or a reload that is not that page (fewer answers, or as many but not the
// same: an answer was taken back and replaced since) says so, and its next post carries the latest
// page's count and stamp, so the server changes nothing and says why. "Carry on from here" makes
// this page the match's latest (which takes the later answers back).
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
  var text = document.getElementById("stale-text");

  function stored() {
    // "COUNT STAMP" (or a bare count, as an older page of this tab stored it)
    var parts = (window.sessionStorage.getItem(key) || "-1").split(" ");
    var value = parseInt(parts[0], 10);
    return {count: isNaN(value) ? -1 : value, stamp: parts[1] || ""};
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
    window.sessionStorage.setItem(key, String(count) + " " + stamp);
    if (page.dataset.private) { cover(false); }
    stale.hidden = true;
    field.value = "";
    if (newest) { newest.value = ""; }
  }

  function show(persisted) {
    var nav = window.performance.getEntriesByType("navigation")[0];
    var fresh = !persisted && !page.dataset.refused && (!nav || nav.type === "navigate");
    var latest = stored();
    var same = latest.stamp ? latest.stamp === stamp : latest.count <= count;
    if (fresh || latest.count < 0 || same) {
      keep();
      return;
    }
    var later = latest.count - count;
    if (later > 0) {
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
    stale.hidden = false;
    field.value = String(latest.count);
    if (newest) { newest.value = latest.stamp; }
  }

  document.getElementById("carry-on").addEventListener("click", function () {
    page.dataset.refused = "";
    keep();
  });
  window.addEventListener("pageshow", function (event) { show(event.persisted); });
}());
