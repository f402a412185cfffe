// Small behaviours declared in the markup (the Content-Security-Policy allows
// no inline script): <form data-confirm="question">, <button data-print>,
// <input data-select-on-click>.
(function () {
  "use strict";
  document.addEventListener("submit", function (event) {
    var question = event.target.dataset && event.target.dataset.confirm;
    if (question && !window.confirm(question)) { event.preventDefault(); }
  });
  document.addEventListener("click", function (event) {
    var target = event.target;
    if (target.closest && target.closest("[data-print]")) { window.print(); }
    if (target.matches && target.matches("input[data-select-on-click]")) { target.select(); }
  });
})();

/* A button that updates part of a page never fails silently (a dropped connection, a refusal, an
   error): say that nothing was saved, at the top of the nearest [data-not-saved] (the sheet, or the
   page's main part), in its words; the form keeps what was typed. */
(function () {
  "use strict";
  function notSaved(event) {
    var elt = event.detail && event.detail.elt;
    if (!elt || elt.tagName !== "FORM") { return; }  // the sheet board's polling retries by itself
    if (event.type === "htmx:sendError" && elt.hasAttribute("data-queue")) { return; }  // kept and resent: sheet_offline.js
    var box = elt.closest("[data-not-saved]");
    if (!box) { return; }
    var old = document.getElementById("not-saved");
    if (old) { old.remove(); }
    var alert = document.createElement("div");
    alert.id = "not-saved";
    alert.className = "alert alert-danger";
    alert.setAttribute("role", "alert");
    alert.textContent = box.getAttribute("data-not-saved");
    box.insertBefore(alert, box.firstChild);
    alert.scrollIntoView({ block: "center" });
  }
  document.body.addEventListener("htmx:sendError", notSaved);
  document.body.addEventListener("htmx:responseError", notSaved);
  document.body.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail && event.detail.elt;
    if (!elt || elt.tagName !== "FORM") { return; }
    var old = document.getElementById("not-saved");
    if (old) { old.remove(); }
  });
})();

/* A chart wider than a phone scrolls sideways (.chart-scroll): it opens on its right end, where
   the latest manches are (every chart runs in time from left to right). */
(function () {
  "use strict";
  function toTheLatest() {
    document.querySelectorAll(".chart-scroll").forEach(function (box) {
      box.scrollLeft = box.scrollWidth;
    });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", toTheLatest);
  } else {
    toTheLatest();
  }
})();
