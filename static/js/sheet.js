/* The feuille de marque: show the fields of the kind of donne chosen. Confirming before closing
   is the close form's data-confirm, asked by site.js (the one handler of data-confirm). */
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
  document.addEventListener("DOMContentLoaded", function () { applyKind(); });
  document.body.addEventListener("htmx:afterSwap", function () { applyKind(); });
  applyKind();
})();
