// The score keeper's Back guard. Each tab keeps, for each match, the most answers it has shown
// (sessionStorage). A keeper page shown again by Back, Forward or a reload that holds fewer answers
// says so, and its next post carries that number, so the server changes nothing and says why.
// "Carry on from here" makes this page the match's latest (which takes the later answers back).
(function () {
  "use strict";
  var page = document.getElementById("keeper-page");
  if (!page || !page.dataset.match) { return; }
  var key = "turnbuckle-keeper:" + page.dataset.match;
  var count = parseInt(page.dataset.count, 10);
  var stale = document.getElementById("stale");
  var field = document.getElementById("latest");
  var text = document.getElementById("stale-text");

  function stored() {
    var value = parseInt(window.sessionStorage.getItem(key) || "-1", 10);
    return isNaN(value) ? -1 : value;
  }

  function show(persisted) {
    var nav = window.performance.getEntriesByType("navigation")[0];
    var fresh = !persisted && !page.dataset.refused && (!nav || nav.type === "navigate");
    var latest = stored();
    if (fresh || latest <= count) {
      window.sessionStorage.setItem(key, String(count));
      stale.hidden = true;
      field.value = "";
      return;
    }
    var later = latest - count;
    text.textContent = "This page is from before your last " + later + " answer" + (later > 1 ? "s" : "") +
      " (you went Back). Nothing has changed: go Forward to carry on, or carry on from here, which takes " +
      (later > 1 ? "those answers" : "that answer") + " back.";
    stale.hidden = false;
    field.value = String(latest);
  }

  document.getElementById("carry-on").addEventListener("click", function () {
    window.sessionStorage.setItem(key, String(count));
    page.dataset.refused = "";
    show(false);
  });
  window.addEventListener("pageshow", function (event) { show(event.persisted); });
}());
