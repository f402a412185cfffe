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
