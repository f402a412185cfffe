// Live countdowns: <time class="countdown" datetime="ISO" data-units="j h min s" data-past="échue">.
// The server renders the text first; this only keeps it ticking.
(function () {
  "use strict";
  function render(el, now) {
    var left = Math.floor((Date.parse(el.getAttribute("datetime")) - now) / 1000);
    if (isNaN(left)) { return; }
    if (left <= 0) { el.textContent = el.dataset.past || ""; el.classList.add("text-danger"); return; }
    var u = (el.dataset.units || "d h min s").split(" ");
    var d = Math.floor(left / 86400), h = Math.floor(left % 86400 / 3600);
    var m = Math.floor(left % 3600 / 60), s = left % 60;
    var parts = d > 0 ? [d + " " + u[0], h + " " + u[1], m + " " + u[2]]
      : h > 0 ? [h + " " + u[1], m + " " + u[2]] : [m + " " + u[2], s + " " + u[3]];
    el.textContent = parts.join(" ");
    el.classList.toggle("text-danger", left < 48 * 3600);
  }
  function tick() {
    var now = Date.now();
    document.querySelectorAll("time.countdown[datetime]").forEach(function (el) { render(el, now); });
  }
  document.addEventListener("DOMContentLoaded", function () { tick(); setInterval(tick, 1000); });
  document.addEventListener("htmx:afterSwap", tick);
})();
