// Copy buttons of a show's results post and card announcement (templates/_copy.html): a button
// copies the text of the textarea its data-copy names, and says so for two seconds.
(function () {
  "use strict";
  function copied(button, ok) {
    var before = button.textContent;
    button.textContent = ok ? "Copied" : "Select and copy";
    setTimeout(function () { button.textContent = before; }, 2000);
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button[data-copy]") : null;
    if (!button) { return; }
    var area = document.getElementById(button.getAttribute("data-copy"));
    if (!area) { return; }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(area.value).then(function () { copied(button, true); },
        function () { area.select(); copied(button, false); });
    } else {
      area.focus();
      area.select();
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
      copied(button, ok);
    }
  });
}());
