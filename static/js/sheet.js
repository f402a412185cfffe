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
