/* The installable site: register the service worker (served at the site root, so its scope is the whole site). */
(function () {
  var script = document.currentScript;
  if ("serviceWorker" in navigator && script && script.dataset.serviceWorker) {
    navigator.serviceWorker.register(script.dataset.serviceWorker).catch(function () {});
  }
})();
