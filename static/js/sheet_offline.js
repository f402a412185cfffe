/* The sheet without a network: donnes kept on the phone, sent in order, never twice, never lost.
 *
 * Every new donne carries an id (client_id) made here before it is sent: the
 * server saves a donne once per id, so a resend is harmless. When the phone is
 * offline, or the answer to a send is lost, the donne goes to a queue kept in
 * IndexedDB and shown on the board as pending ("à calculer": its scores are the
 * engine's, on the server). The queue is sent in order as soon as the network
 * is back. If another device changed the sheet meanwhile, nothing is saved and
 * the capitaine chooses: keep both, or keep the site's version (the server
 * records the choice in the manche's history). A donne the server refuses keeps
 * its messages next to it until corrected or dropped.
 *
 * Strings come translated from the page (#sheet-offline-strings).
 */
(function () {
  "use strict";
  var root = document.getElementById("sheet");
  var strings = document.getElementById("sheet-offline-strings");
  if (!root || !strings || !root.dataset.syncUrl) { return; }
  var T = JSON.parse(strings.textContent);
  var SHEET = root.dataset.sheetUrl;
  var queue = [];       // this sheet's pending donnes, in the order they were entered
  var conflict = null;  // {version, seen, seenLast} while the capitaine has to choose
  var busy = false;
  var retry = null;

  function uuid() {
    if (window.crypto && crypto.randomUUID) { return crypto.randomUUID(); }
    var b = crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    var h = Array.prototype.map.call(b, function (x) { return (x + 256).toString(16).slice(1); }).join("");
    return h.slice(0, 8) + "-" + h.slice(8, 12) + "-" + h.slice(12, 16) + "-" + h.slice(16, 20) + "-" + h.slice(20);
  }

  /* -- IndexedDB: one store of pending donnes, keyed by their id ------------------------- */
  var opened = null;
  function store(mode, work) {
    opened = opened || new Promise(function (resolve, reject) {
      var request = indexedDB.open("tarot-sheet", 1);
      request.onupgradeneeded = function () { request.result.createObjectStore("pending", { keyPath: "id" }); };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
    return opened.then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction("pending", mode);
        var request = work(tx.objectStore("pending"));
        tx.oncomplete = function () { resolve(request && request.result); };
        tx.onerror = function () { reject(tx.error); };
      });
    });
  }
  function keep(entry) { return store("readwrite", function (s) { return s.put(entry); }); }
  function forget(id) { return store("readwrite", function (s) { return s.delete(id); }); }
  function load() {
    return store("readonly", function (s) { return s.getAll(); }).then(function (all) {
      return all.filter(function (e) { return e.sheet === SHEET; }).sort(function (a, b) { return a.seq - b.seq; });
    });
  }

  /* -- the entry form ---------------------------------------------------------------------- */
  function queueForm(elt) { return elt && elt.matches && elt.matches("form.donne-form[data-queue]"); }
  function giveIds() {
    document.querySelectorAll('form.donne-form[data-queue] input[name="client_id"]').forEach(function (input) {
      if (!input.value) { input.value = uuid(); }
    });
  }
  function chosen(form, name) {
    var radio = form.querySelector('input[name="' + name + '"]:checked');
    if (!radio) { return ""; }
    var label = form.querySelector('label[for="' + radio.id + '"]');
    return label ? label.textContent.trim() : radio.value;
  }
  function describe(form) {
    if (chosen(form, "kind") && form.querySelector('input[name="kind"]:checked').value === "misere") {
      return chosen(form, "kind");
    }
    var points = (form.querySelector('input[name="points"]') || {}).value || "?";
    return [chosen(form, "contract") || "?", chosen(form, "taker") || "?", chosen(form, "partner"),
      T.bouts.replace("{n}", chosen(form, "bouts") || "?"), T.points.replace("{n}", points)]
      .filter(Boolean).join(" · ");
  }
  function lastIndex() {
    var last = 0;
    document.querySelectorAll("#board tr.sheet-scores[id^='donne-']").forEach(function (row) {
      last = Math.max(last, parseInt(row.id.slice(6), 10) || 0);
    });
    return last;
  }
  function clear(form) {
    form.reset();
    form.querySelector('input[name="client_id"]').value = uuid();
    var dealer = form.querySelector('select[name="dealer"]');
    if (dealer) { dealer.value = ""; }  // the next dealer is the server's to work out
    var kind = form.querySelector('input[name="kind"]:checked');
    if (kind) { kind.dispatchEvent(new Event("change", { bubbles: true })); }
  }
  function enqueue(form) {
    var id = form.querySelector('input[name="client_id"]').value;
    if (!id || queue.some(function (e) { return e.id === id; })) { return; }
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken") { fields.push([name, value]); }
    });
    var entry = {
      id: id, sheet: SHEET, seq: Date.now() + queue.length / 1000, fields: fields, summary: describe(form),
      seen_version: queue.length ? queue[0].seen_version : Number(form.querySelector('[name="sheet_version"]').value),
      seen_last: queue.length ? queue[0].seen_last : lastIndex(), errors: null
    };
    queue.push(entry);
    clear(form);
    keep(entry).then(flush);
    render();
  }
  function refill(entry) {
    var form = document.querySelector("form.donne-form[data-queue]");
    if (!form) { return; }
    form.reset();
    entry.fields.forEach(function (pair) {
      form.querySelectorAll('[name="' + pair[0] + '"]').forEach(function (input) {
        if (input.type === "radio") { input.checked = input.value === pair[1]; } else { input.value = pair[1]; }
      });
    });
    form.querySelector('input[name="client_id"]').value = entry.id;
    var kind = form.querySelector('input[name="kind"]:checked');
    if (kind) { kind.dispatchEvent(new Event("change", { bubbles: true })); }
    form.scrollIntoView({ block: "start" });
  }

  /* -- sending ----------------------------------------------------------------------------- */
  function csrf() {
    var input = document.querySelector('input[name="csrfmiddlewaretoken"]');
    return input ? input.value : "";
  }
  function post(url, body) {
    return fetch(url, {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "X-CSRFToken": csrf(), "Accept": "application/json" }
    }).then(function (response) {
      if (response.status >= 500) { throw new Error(String(response.status)); }  // tried again later
      return response.json().catch(function () {
        return { status: "invalid", errors: [T.failed.replace("{status}", response.status)] };
      });
    });
  }
  function send(entry) {
    var body = new URLSearchParams();
    entry.fields.forEach(function (pair) {
      if (pair[0] !== "sheet_version" && pair[0] !== "client_id") { body.append(pair[0], pair[1]); }
    });
    body.set("sheet_version", entry.seen_version);
    body.set("client_id", entry.id);
    return post(root.dataset.syncUrl, body);
  }
  function later() {
    if (!retry) { retry = setTimeout(function () { retry = null; flush(); }, 4000); }
  }
  function flush() {
    if (busy || conflict || !queue.length || queue[0].errors) { render(); return Promise.resolve(); }
    if (!navigator.onLine) { render(); later(); return Promise.resolve(); }
    busy = true;
    render();
    var said = [];
    function finish(refresh) {
      busy = false;
      render();
      return refresh ? reload(said) : null;
    }
    function next() {
      var entry = queue[0];
      if (!entry || entry.errors) { return finish(said.length > 0); }
      return send(entry).then(function (answer) {
        if (answer.status === "saved") {
          said.push(answer.message);
          queue.shift();
          queue.forEach(function (e) { e.seen_version = answer.version; e.seen_last = answer.index; });
          return forget(entry.id).then(function () { return Promise.all(queue.map(keep)); }).then(next);
        }
        if (answer.status === "stale") {
          conflict = { version: answer.version, seen: entry.seen_version, seenLast: entry.seen_last };
        } else {
          entry.errors = answer.errors || [T.failed.replace("{status}", "?")];
          keep(entry);
        }
        return finish(true);
      }, function () {
        later();
        return finish(said.length > 0);
      });
    }
    return next();
  }

  /* The sheet as the server has it now, in place of the one shown (and kept for offline use). */
  function reload(said) {
    return htmx.ajax("GET", SHEET, { target: "#sheet", select: "#sheet", swap: "outerHTML" }).then(function () {
      root = document.getElementById("sheet");
      if (said.length) {
        var alert = document.createElement("div");
        alert.className = "alert alert-success py-2";
        alert.setAttribute("role", "status");
        alert.textContent = said.join(" ");
        root.insertBefore(alert, root.firstChild);
      }
      keepOffline();
    });
  }

  function resolve(choice) {
    var body = new URLSearchParams();
    body.set("choice", choice);
    body.set("seen_version", conflict.seen);
    body.set("donnes", JSON.stringify(queue.map(function (e) { return { client_id: e.id, summary: e.summary }; })));
    post(root.dataset.conflictUrl, body).then(function (answer) {
      if (answer.status !== "recorded") { window.alert((answer.errors || []).join("\n")); return; }
      var done;
      if (choice === "both") {
        queue.forEach(function (e) { e.seen_version = answer.version; e.seen_last = lastIndex(); });
        done = Promise.all(queue.map(keep));
      } else {
        done = Promise.all(queue.map(function (e) { return forget(e.id); }));
        queue = [];
      }
      conflict = null;
      return done.then(function () { return choice === "both" ? flush() : reload([]); });
    }, function () { window.alert(T.offline); });
  }

  /* -- showing the queue ------------------------------------------------------------------- */
  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text) { node.textContent = text; }
    return node;
  }
  function button(text, className, onClick) {
    var node = el("button", "btn btn-sm " + className, text);
    node.type = "button";
    node.addEventListener("click", onClick);
    return node;
  }
  function pendingRows() {
    var body = document.querySelector("#board table.sheet-table tbody");
    if (!body) { return; }
    body.querySelectorAll("tr.sheet-pending").forEach(function (row) { row.remove(); });
    var columns = document.querySelectorAll("#board table.sheet-table thead tr:first-child th").length;
    queue.forEach(function (entry) {
      var row = el("tr", "sheet-pending " + (entry.errors ? "table-danger" : "table-warning"));
      row.dataset.clientId = entry.id;
      row.appendChild(el("th", "text-start", "…")).setAttribute("scope", "row");
      var cell = el("td", "text-start small");
      cell.colSpan = Math.max(columns - 1, 1);
      cell.appendChild(el("span", "", entry.summary + " · "));
      cell.appendChild(el("em", "pending-score", T.toCompute));
      if (entry.errors) {
        cell.appendChild(el("div", "fw-bold mt-1", T.refused));
        var list = el("ul", "mb-1 engine-errors");
        entry.errors.forEach(function (message) { list.appendChild(el("li", "", message)); });
        cell.appendChild(list);
        cell.appendChild(button(T.fix, "btn-outline-primary me-1", function () {
          queue = queue.filter(function (e) { return e !== entry; });
          forget(entry.id);
          refill(entry);
          render();
          flush();
        }));
        cell.appendChild(button(T.drop, "btn-outline-danger", function () {
          if (!window.confirm(T.confirmDrop)) { return; }
          queue = queue.filter(function (e) { return e !== entry; });
          forget(entry.id).then(flush);
          render();
        }));
      }
      row.appendChild(cell);
      body.insertBefore(row, body.firstChild);
    });
    if (conflict) {
      document.querySelectorAll("#board tr.sheet-scores[id^='donne-']").forEach(function (row) {
        if ((parseInt(row.id.slice(6), 10) || 0) > conflict.seenLast) {
          row.classList.add("table-info", "from-elsewhere");
          row.querySelector("th").appendChild(el("span", "badge text-bg-info ms-1", T.elsewhere));
        }
      });
    }
  }
  function render() {
    var box = document.getElementById("sheet-sync");
    var choice = document.getElementById("sheet-conflict");
    if (!box || !choice) { return; }
    box.replaceChildren();
    choice.replaceChildren();
    box.hidden = !queue.length;
    choice.hidden = !conflict;
    if (queue.length) {
      var status = el("p", "mb-0 py-1 d-flex flex-wrap gap-2 align-items-center");
      status.appendChild(el("span", "badge text-bg-warning fs-6", T.pending.replace("{n}", queue.length)));
      var state = !navigator.onLine ? T.offline : busy ? T.sending : queue[0].errors ? T.blocked : "";
      if (state) { status.appendChild(el("span", "small text-muted", state)); }
      box.appendChild(status);
    }
    if (conflict) {
      var panel = el("div", "alert alert-warning");
      panel.setAttribute("role", "alert");
      panel.appendChild(el("strong", "d-block", T.conflictTitle));
      panel.appendChild(el("p", "small mb-2", T.conflictText));
      panel.appendChild(el("div", "small fw-bold", T.site));
      panel.appendChild(el("p", "small mb-2", T.siteText));
      panel.appendChild(el("div", "small fw-bold", T.phone));
      var mine = el("ol", "small mb-2");
      queue.forEach(function (e) { mine.appendChild(el("li", "", e.summary)); });
      panel.appendChild(mine);
      var actions = el("div", "d-flex flex-wrap gap-2");
      actions.appendChild(button(T.keepBoth, "btn-primary btn-tap", function () { resolve("both"); }));
      actions.appendChild(button(T.keepSite, "btn-outline-danger btn-tap", function () {
        if (window.confirm(T.confirmDrop)) { resolve("site"); }
      }));
      panel.appendChild(actions);
      choice.appendChild(panel);
    }
    pendingRows();
  }

  /* -- offline copy of the page ------------------------------------------------------------ */
  function keepOffline() {
    if (!navigator.serviceWorker) { return; }
    var urls = [location.href.split("#")[0]];
    document.querySelectorAll('script[src], link[rel="stylesheet"], link[rel="manifest"], link[rel="icon"]')
      .forEach(function (node) { urls.push(node.src || node.href); });
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) { registration.active.postMessage({ keep: urls }); }
    });
  }

  /* -- wiring ------------------------------------------------------------------------------ */
  document.body.addEventListener("htmx:beforeRequest", function (event) {
    var form = event.detail && event.detail.elt;
    if (queueForm(form) && (!navigator.onLine || queue.length || conflict)) {
      event.preventDefault();
      enqueue(form);
    }
  });
  document.body.addEventListener("htmx:sendError", function (event) {
    var form = event.detail && event.detail.elt;
    if (queueForm(form)) { enqueue(form); }  // the answer was lost: resent under the same id
  });
  document.body.addEventListener("htmx:afterSwap", function () { giveIds(); pendingRows(); });
  window.addEventListener("online", flush);
  window.addEventListener("offline", render);
  giveIds();
  load().then(function (entries) { queue = entries; render(); flush(); });
  keepOffline();
})();
