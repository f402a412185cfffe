/* The site's service worker: the sheet and its assets survive a dropped network.
 *
 * - Static assets ({{ static_prefix }}…): from the cache, else the network (then kept).
 * - Pages: from the network; a page a phone asked to keep (a sheet it
 *   visited, see sheet_offline.js) is refreshed in the cache on every visit and
 *   served from it when the network is gone.
 * - Everything else (posts, the board's polling): straight to the network.
 */
var CACHE = "tarot-sheet-v1";
var STATIC = "{{ static_prefix|escapejs }}";

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });

/* The page names what it needs offline: itself and the scripts and styles it loaded. */
self.addEventListener("message", function (event) {
  var urls = event.data && event.data.keep;
  if (!Array.isArray(urls)) { return; }
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return Promise.all(urls.map(function (url) {
      return fetch(url, { credentials: "same-origin" }).then(function (response) {
        if (response.ok) { return cache.put(url, response); }
      }).catch(function () {});
    }));
  }));
});

function fromCacheFirst(request) {
  return caches.open(CACHE).then(function (cache) {
    return cache.match(request).then(function (hit) {
      return hit || fetch(request).then(function (response) {
        if (response.ok) { cache.put(request, response.clone()); }
        return response;
      });
    });
  });
}

function fromNetworkFirst(request) {
  return caches.open(CACHE).then(function (cache) {
    return fetch(request).then(function (response) {
      return cache.match(request.url).then(function (kept) {
        if (kept && response.ok) { cache.put(request.url, response.clone()); }
        return response;
      });
    }).catch(function () {
      return cache.match(request.url).then(function (kept) { return kept || Response.error(); });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") { return; }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  if (url.pathname.indexOf(STATIC) === 0) {
    event.respondWith(fromCacheFirst(request));
  } else if (request.mode === "navigate") {
    event.respondWith(fromNetworkFirst(request));
  }
});
