/* The feuille de marque: show the fields of the kind of donne chosen, confirm before closing. */
(function () {
  function applyKind(root) {
    (root || document).querySelectorAll("form.donne-form").forEach(function (form) {
      var checked = form.querySelector('input[name="kind"]:checked');
      var misere = checked && checked.value === "misere";
      form.querySelectorAll(".kind-contract").forEach(function (el) { el.hidden = misere; });
      form.querySelectorAll(".kind-misere").forEach(function (el) { el.hidden = !misere; });
    });
  }
  document.addEventListener("change", function (event) {
    if (event.target && event.target.name === "kind") { applyKind(); }
  });
  document.addEventListener("submit", function (event) {
    var message = event.target.getAttribute && event.target.getAttribute("data-confirm");
    if (message && !window.confirm(message)) { event.preventDefault(); }
  });
  document.addEventListener("DOMContentLoaded", function () { applyKind(); });
  document.body.addEventListener("htmx:afterSwap", function () { applyKind(); });
  applyKind();
})();

/* A dropped connection never loses a donne silently: say it was not saved; the form keeps what was typed. */
(function () {
  function notSaved(event) {
    var elt = event.detail && event.detail.elt;
    if (!elt || elt.tagName !== "FORM") { return; }  // the board's polling retries by itself
    if (event.type === "htmx:sendError" && elt.hasAttribute("data-queue")) { return; }  // kept and resent: sheet_offline.js
    var sheet = document.getElementById("sheet");
    if (!sheet) { return; }
    var old = document.getElementById("sheet-offline");
    if (old) { old.remove(); }
    var alert = document.createElement("div");
    alert.id = "sheet-offline";
    alert.className = "alert alert-danger";
    alert.setAttribute("role", "alert");
    alert.textContent = sheet.getAttribute("data-offline-message");
    sheet.insertBefore(alert, sheet.firstChild);
    alert.scrollIntoView({ block: "center" });
  }
  document.body.addEventListener("htmx:sendError", notSaved);
  document.body.addEventListener("htmx:responseError", notSaved);
  document.body.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail && event.detail.elt;
    if (!elt || elt.tagName !== "FORM") { return; }
    var old = document.getElementById("sheet-offline");
    if (old) { old.remove(); }
  });
})();
