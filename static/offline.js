// Working with no signal at the table: registers the service worker, says when the phone is
// offline (and since when, and how old the page is), keeps hands entered offline in this
// phone's IndexedDB, shows them as "waiting to sync", and sends them through the JSON API
// when the connection returns (each with its idempotency key: a retry never records a hand
// twice). A change made meanwhile on another phone is shown beside the kept hand and the
// scorer chooses; nothing kept is dropped unless the scorer discards it.
"use strict";
(() => {
  const DB_NAME = "gin-referee-offline";
  const QUEUE = "queue"; // kept hands, out-of-line keys: a corrupted record is still listed
  const SEEN = "matches"; // per match: the newest revision, hand count and CSRF token seen
  const SKIPPED = new Set(["csrf_token", "idempotency_key", "expected_number", "version",
    "checked", "check", "save"]);
  const state = document.getElementById("offline-state");
  const here = state ? { ...state.dataset } : null;
  let syncing = false;
  const FIX = "gin-referee-fix"; // sessionStorage: the kept hand being changed in the form
  let fixing = null; // {id, value} of the kept hand this form changes
  const t = window.ginText; // static/texts.js

  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
  }

  // -- IndexedDB ----------------------------------------------------------------------------
  let opened = null;
  function database() {
    if (!("indexedDB" in window)) return Promise.reject(new Error("no IndexedDB"));
    opened = opened || new Promise((resolve, reject) => {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore(QUEUE, { autoIncrement: true });
        request.result.createObjectStore(SEEN, { keyPath: "match" });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return opened;
  }
  async function run(store, mode, work) {
    const db = await database();
    return new Promise((resolve, reject) => {
      const tx = db.transaction(store, mode);
      const result = work(tx.objectStore(store));
      tx.oncomplete = () => resolve(result && "result" in result ? result.result : undefined);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  }
  // Every kept record as {id, value}, in the order it was kept.
  async function keptRecords() {
    const db = await database();
    return new Promise((resolve, reject) => {
      const out = [];
      const request = db.transaction(QUEUE).objectStore(QUEUE).openCursor();
      request.onsuccess = () => {
        const cursor = request.result;
        if (!cursor) return resolve(out);
        out.push({ id: cursor.primaryKey, value: cursor.value });
        cursor.continue();
      };
      request.onerror = () => reject(request.error);
    });
  }
  const putKept = (id, value) => run(QUEUE, "readwrite", (s) => (id === undefined ? s.add(value) : s.put(value, id)));
  const getKept = (id) => run(QUEUE, "readonly", (s) => s.get(id));
  const dropKept = (id) => run(QUEUE, "readwrite", (s) => s.delete(id));
  const seenOf = (match) => run(SEEN, "readonly", (s) => s.get(match));
  const putSeen = (value) => run(SEEN, "readwrite", (s) => s.put(value));

  // A kept hand as this script wrote it; anything else is shown as unreadable, never sent.
  function readable(v) {
    const whole = (n) => Number.isInteger(n) && n >= 0;
    const text = (x) => typeof x === "string";
    return Boolean(v) && typeof v === "object" && text(v.key) && v.key.length > 0 && v.key.length <= 64
      && text(v.match) && /^[A-Za-z0-9_-]+$/.test(v.match) && text(v.scoreboard)
      && whole(v.number) && whole(v.base) && v.fields && typeof v.fields === "object"
      && Object.values(v.fields).every((x) => text(x) || (Array.isArray(x) && x.every(text)))
      && Array.isArray(v.summary) && text(v.status);
  }

  // -- offline, and since when --------------------------------------------------------------
  const clock = (iso) => new Date(iso).toLocaleString(document.documentElement.lang || [], { weekday: "short", hour: "2-digit", minute: "2-digit" });
  function markOffline() {
    if (!localStorage.getItem("offlineSince")) localStorage.setItem("offlineSince", new Date().toISOString());
    showBanner();
  }
  function markOnline() {
    localStorage.removeItem("offlineSince");
    showBanner();
  }
  function showBanner() {
    let banner = document.getElementById("offline-banner");
    const since = localStorage.getItem("offlineSince");
    if (!since) {
      if (banner) banner.remove();
      return;
    }
    if (!banner) {
      banner = document.createElement("p");
      banner.id = "offline-banner";
      banner.className = "flash info";
      banner.setAttribute("role", "status");
      banner.dataset.testid = "offline";
      document.querySelector("main").prepend(banner);
    }
    let text = t("offline_since", "Offline since %(when)s.", { when: clock(since) });
    if (here && here.drawn) text += " " + t("page_as_of", "This page as of %(when)s.", { when: clock(here.drawn) });
    if (here && here.editor) text += " " + t("hands_wait", "Hands entered now wait on this phone and are sent when the connection returns.");
    banner.textContent = text;
  }

  // -- what this page says of its match -------------------------------------------------------
  async function noteThisPage() {
    if (!here || !here.match) return;
    const seen = await seenOf(here.match);
    if (!seen || !seen.drawn || seen.drawn <= here.drawn) {
      await putSeen({
        match: here.match, scoreboard: here.scoreboard, revision: Number(here.revision),
        hands: Number(here.hands), drawn: here.drawn, title: document.title.split(" · ")[0],
        csrf: here.csrf || (seen && seen.csrf) || "",
      });
    }
    // keep this match's new-hand forms on the phone too, so a hand can be entered offline
    if (navigator.onLine && here.editor && navigator.serviceWorker) {
      const links = [...document.querySelectorAll("a[href*='/hands/new']:not([hreflang])")].map((a) => a.href);
      const worker = await navigator.serviceWorker.ready;
      if (worker.active && links.length) worker.active.postMessage({ type: "keep", urls: links });
    }
  }

  // -- entering a hand with no connection -------------------------------------------------------
  // A label's own words, without the control, count or help text inside it.
  function ownText(label) {
    const words = [...label.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent);
    return words.join(" ").replace(/\s+/g, " ").trim() || label.textContent.trim();
  }
  function labelOf(form, element) {
    if (element.type === "radio" || element.type === "checkbox") {
      const legend = element.closest("fieldset")?.querySelector("legend");
      if (legend && element.type === "radio") return legend.textContent.trim();
    }
    const label = (element.id && form.querySelector(`label[for="${CSS.escape(element.id)}"]`)) || element.closest("label");
    return label ? ownText(label) : element.name.replace(/_/g, " ");
  }
  function shownValue(form, element) {
    if (element.type === "radio" || element.type === "checkbox") {
      const label = element.closest("label") || (element.id && form.querySelector(`label[for="${CSS.escape(element.id)}"]`));
      if (element.type === "checkbox" && !element.closest("fieldset")) return "yes";
      return label ? label.textContent.trim() : element.value;
    }
    if (element.tagName === "SELECT") return element.selectedOptions[0]?.textContent.trim() || element.value;
    return element.value.trim();
  }
  // What the scorer entered, in the form's words: [[label, value], ...].
  function summaryOf(form) {
    const out = [];
    for (const element of form.elements) {
      if (!element.name || SKIPPED.has(element.name) || element.type === "hidden" || element.disabled) continue;
      if ((element.type === "radio" || element.type === "checkbox") && !element.checked) continue;
      if (element.type === "submit" || element.type === "button") continue;
      const value = shownValue(form, element);
      if (value) out.push([labelOf(form, element), value]);
    }
    return out;
  }
  // Each field's label, to name a field the server refused.
  function labelsOf(form) {
    const labels = {};
    for (const element of form.elements) {
      if (element.name && !(element.name in labels)) labels[element.name] = labelOf(form, element);
    }
    return labels;
  }
  function fieldsOf(form) {
    const fields = {};
    for (const [name, value] of new FormData(form)) {
      if (SKIPPED.has(name) || typeof value !== "string") continue;
      if (name in fields) fields[name] = [].concat(fields[name], value);
      else fields[name] = value;
    }
    return fields;
  }
  const newKey = () => (crypto.randomUUID ? crypto.randomUUID()
    : [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join(""));

  async function keepHand(form) {
    const records = await keptRecords();
    const mine = records.filter((r) => readable(r.value) && r.value.match === here.match);
    const seen = (await seenOf(here.match)) || { revision: Number(here.revision), hands: Number(here.hands) };
    const fields = fieldsOf(form);
    await putKept(undefined, {
      key: newKey(), // a fresh key: a copy of the form kept on the phone repeats its own
      match: here.match, scoreboard: here.scoreboard, title: document.title.split(" · ")[0],
      number: seen.hands + mine.length + 1,
      base: mine.length ? mine[0].value.base : seen.revision,
      fields, summary: summaryOf(form), labels: labelsOf(form), cards: Object.entries(fields).some(([k, v]) => /entry$/.test(k) && v === "cards"),
      kept: new Date().toISOString(), status: "waiting", csrf: here.csrf || "",
    });
    window.location.href = here.scoreboard;
  }

  // A kept hand the server refused, changed in its form: the same entry (and key, which the
  // server never recorded), sent again.
  async function changeKept(form) {
    const fields = fieldsOf(form);
    await putKept(fixing.id, {
      ...fixing.value, fields, summary: summaryOf(form), labels: labelsOf(form), status: "waiting", problem: null,
      cards: Object.entries(fields).some(([k, v]) => /entry$/.test(k) && v === "cards"),
    });
    fixing = null;
    window.location.href = here.scoreboard;
  }
  function fill(form, fields) {
    for (const [name, value] of Object.entries(fields)) {
      const control = form.elements.namedItem(name);
      if (!control) continue;
      const values = [].concat(value);
      const inputs = control instanceof RadioNodeList ? [...control] : [control];
      for (const input of inputs) {
        if (input.type === "radio" || input.type === "checkbox") input.checked = values.includes(input.value);
        else input.value = values[0];
        input.dispatchEvent(new Event("input", { bubbles: true }));
        input.dispatchEvent(new Event("change", { bubbles: true }));
      }
    }
  }
  async function startFixing() {
    const id = sessionStorage.getItem(FIX);
    sessionStorage.removeItem(FIX);
    const form = document.querySelector("form[method=post] [name=idempotency_key]")?.form;
    if (id === null || !form || !here || !/\/hands\/new$/.test(window.location.pathname)) return;
    const value = await getKept(Number(id));
    if (!readable(value) || value.match !== here.match) return;
    fixing = { id: Number(id), value };
    fill(form, value.fields);
    form.prepend(element("p", { class: "flash info", "data-testid": "fixing" },
      t("changing_kept", "Changing the kept hand %(number)s: save sends it again (nothing else is saved).", { number: value.number })));
  }

  function watchEntryForm() {
    if (!here || !here.editor) return;
    for (const form of document.querySelectorAll("form[method=post]")) {
      const isNew = /\/hands\/new$/.test(window.location.pathname) && form.querySelector("[name=idempotency_key]");
      form.addEventListener("submit", (event) => {
        if (navigator.onLine && !(isNew && fixing)) return;
        event.preventDefault();
        event.stopImmediatePropagation();
        if (isNew && fixing) {
          changeKept(form).catch((err) => alert(t("could_not_change", "This phone could not change the kept hand (%(error)s).", { error: err.message })));
          return;
        }
        if (!isNew) {
          markOffline();
          alert(t("not_sent", "No connection: this was not sent. Changes to saved hands need the connection; new hands can be entered offline."));
          for (const b of form.querySelectorAll("[type=submit]")) b.disabled = false;
          return;
        }
        keepHand(form).catch((err) => {
          alert(t("could_not_keep", "This phone could not keep the hand (%(error)s). Nothing was sent: write it down.", { error: err.message }));
        });
      }, true);
    }
  }

  // -- sending kept hands ---------------------------------------------------------------------
  async function csrfFor(value) {
    const seen = await seenOf(value.match);
    return (seen && seen.csrf) || value.csrf || "";
  }
  async function send(record) {
    const v = record.value;
    const response = await fetch(`/api/v1/matches/${v.match}/queued-hands`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": await csrfFor(v) },
      body: JSON.stringify({ fields: v.fields, idempotency_key: v.key, expected_number: v.number, revision: v.base }),
    });
    let body = null;
    try {
      body = await response.json();
    } catch (err) {
      body = null;
    }
    return { status: response.status, body };
  }

  // The rest of a match's kept hands follow what the server now has.
  async function rebase(match, revision, hands, records, status) {
    let n = hands;
    for (const r of records) {
      if (!readable(r.value) || r.value.match !== match) continue;
      n += 1;
      const value = { ...r.value, base: revision, number: n };
      if (status) Object.assign(value, { status, problem: null, theirs: null });
      await putKept(r.id, value);
    }
    const seen = (await seenOf(match)) || { match };
    await putSeen({ ...seen, revision, hands });
  }

  // One tab sends at a time (the keys keep a hand single anyway).
  function sync() {
    if (!navigator.locks) return sendKept();
    return navigator.locks.request("gin-referee-sync", { ifAvailable: true }, (lock) => (lock ? sendKept() : null));
  }

  async function sendKept() {
    if (syncing || !navigator.onLine) return;
    syncing = true;
    let sentHere = false; // a hand of the match on show arrived: its totals are out of date
    try {
      const stuck = new Set(); // a match with a hand needing the scorer: later ones wait
      for (const { id } of await keptRecords()) {
        const v = await getKept(id); // as it stands now: an earlier send rebased it
        const record = { id, value: v };
        if (!readable(v) || stuck.has(v.match)) continue;
        if (v.status !== "waiting") {
          stuck.add(v.match);
          continue;
        }
        let answer;
        try {
          answer = await send(record);
        } catch (err) {
          markOffline();
          break;
        }
        markOnline();
        const { status, body } = answer;
        const error = (body && body.error) || {};
        if (status === 200 || status === 201) {
          await dropKept(record.id);
          sentHere = sentHere || Boolean(here && here.match === v.match);
          const match = body.match;
          const rest = (await keptRecords()).filter((r) => readable(r.value) && r.value.match === v.match);
          await rebase(v.match, match.revision, match.hands.length, rest);
          continue;
        }
        stuck.add(v.match);
        if (status === 409) {
          const theirs = error.match ? {
            revision: error.match.revision, hands: error.match.hands.length,
            lines: Array.isArray(error.lines) ? error.lines : [],
          } : null;
          await putKept(record.id, { ...v, status: "conflict", problem: { reason: error.reason || "changed meanwhile" }, theirs });
        } else if (status === 400) {
          await putKept(record.id, { ...v, status: "refused", problem: { field: error.field, reason: error.said || error.reason || "refused" } });
        } else if (status === 403) {
          await putKept(record.id, { ...v, status: "forbidden", problem: { reason: t("forbidden", "This phone may no longer change this match (its edit link was replaced, or this phone signed out). Open the edit link again, then send it.") } });
        } else if (status === 404) {
          await putKept(record.id, { ...v, status: "gone", problem: { reason: t("gone", "This match is no longer on the server (it was deleted). The hand stays on this phone until you discard it: copy it down first.") } });
        } else {
          break; // the server is busy or failing: the hands wait for the next try
        }
      }
    } catch (err) {
      console.error(err);
    } finally {
      syncing = false;
    }
    if (sentHere && here.scoreboard === window.location.pathname) window.location.reload();
    else await render();
  }

  // -- the list of kept hands -----------------------------------------------------------------
  function element(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") node.className = v;
      else if (k.startsWith("data-")) node.setAttribute(k, v);
      else node[k] = v;
    }
    for (const child of children) if (child !== null && child !== undefined) node.append(child);
    return node;
  }
  function button(text, testid, action) {
    const b = element("button", { type: "button", class: "button", "data-testid": testid }, text);
    b.addEventListener("click", async () => {
      b.disabled = true;
      try {
        await action();
      } finally {
        await render();
      }
    });
    return b;
  }

  function describeKept(record, records, behind) {
    const v = record.value;
    const item = element("li", { class: "kept kept-" + v.status, "data-testid": "kept-hand", "data-status": v.status });
    const head = element("div", {}, element("strong", {}, t("hand_n", "Hand %(number)s", { number: v.number })), " · ");
    const labels = { waiting: t("state_waiting", "waiting to sync"), conflict: t("state_conflict", "changed meanwhile: choose"),
      refused: t("state_refused", "refused by the server"), forbidden: t("state_forbidden", "no edit right"),
      gone: t("state_gone", "match deleted") };
    const shown = v.status === "waiting" && behind ? t("state_behind", "waiting for your choice above") : labels[v.status] || v.status;
    head.append(element("span", { class: "sync-state" }, shown));
    if (!here || here.match !== v.match) head.append(" · ", element("a", { href: v.scoreboard }, v.title || v.match));
    item.append(head);
    item.append(element("div", { class: "small", "data-testid": "kept-counts" },
      v.summary.map((pair) => `${pair[0]}: ${pair[1]}`).join(" · ")));
    item.append(element("div", { class: "muted small" }, v.cards
      ? t("cards_note", "Cards: the server rules this hand when it is sent.")
      : t("provisional_note", "Provisional: the points are worked out by the server when it is sent."),
    " " + t("kept_at", "Kept %(when)s.", { when: clock(v.kept) })));
    if (v.problem && v.problem.reason) {
      item.append(element("p", { class: "flash error", "data-testid": "kept-problem" },
        (v.problem.field ? `${(v.labels && v.labels[v.problem.field]) || v.problem.field}: ` : "") + v.problem.reason));
    }
    const actions = element("div", { class: "actions" });
    if (v.status === "conflict" && v.theirs) {
      const list = element("ol", { class: "small", "data-testid": "their-hands" });
      for (const line of v.theirs.lines.slice(-12)) {
        const li = element("li", { value: line.number }, line.said || line.summary);
        if (line.number >= v.number) li.className = "new"; // entered after this phone saw it
        list.append(li);
      }
      item.append(element("div", { class: "panel small", "data-testid": "theirs" },
        element("strong", {}, v.theirs.hands === 1
          ? t("server_one", "On the server now: 1 hand")
          : t("server_many", "On the server now: %(count)s hands", { count: v.theirs.hands })), list,
        element("strong", {}, t("on_this_phone", "On this phone: the hand above, kept before that change."))));
      actions.append(button(t("add_mine", "Add mine as hand %(number)s", { number: v.theirs.hands + 1 }), "keep-mine", async () => {
        const rest = records.filter((r) => readable(r.value) && r.value.match === v.match);
        await rebase(v.match, v.theirs.revision, v.theirs.hands, rest, "waiting");
        await sync();
      }));
    } else if (v.status === "refused") {
      actions.append(button(t("change_it", "Change it"), "fix", async () => {
        sessionStorage.setItem(FIX, String(record.id));
        window.location.href = `${v.scoreboard}/hands/new${v.cards ? "?entry=cards" : ""}`;
      }));
    } else if (v.status !== "waiting") {
      actions.append(button(t("try_again", "Try again"), "retry", async () => {
        await putKept(record.id, { ...v, status: "waiting", problem: null });
        await sync();
      }));
    }
    if (v.status !== "waiting") {
      actions.append(button(t("discard_mine", "Discard mine"), "discard", async () => {
        if (window.confirm(t("discard_kept", "Discard the kept hand %(number)s (%(what)s)? It is not on the server.",
          { number: v.number, what: v.summary.map((p) => p[1]).join(", ") }))) {
          await dropKept(record.id);
          sentHere = sentHere || Boolean(here && here.match === v.match);
        }
      }));
    }
    if (actions.childElementCount) item.append(actions);
    return item;
  }

  function describeUnreadable(record) {
    let raw;
    try {
      raw = JSON.stringify(record.value);
    } catch (err) {
      raw = String(record.value);
    }
    const item = element("li", { class: "kept kept-unreadable", "data-testid": "kept-unreadable" },
      element("p", { class: "flash error" }, t("unreadable", "A hand kept on this phone could not be read, so it was not sent. What it holds:")),
      element("code", { class: "small" }, (raw || "").slice(0, 400)));
    item.append(element("div", { class: "actions" }, button(t("discard_it", "Discard it"), "discard-unreadable", async () => {
      if (window.confirm(t("discard_unreadable", "Discard this unreadable entry? It is not on the server."))) await dropKept(record.id);
    })));
    return item;
  }

  async function render() {
    let records;
    try {
      records = await keptRecords();
    } catch (err) {
      return;
    }
    let panel = document.getElementById("sync-queue");
    if (!records.length) {
      if (panel) panel.remove();
      return;
    }
    if (!panel) {
      panel = element("section", { id: "sync-queue", class: "panel", "data-testid": "sync-queue" });
      const banner = document.getElementById("offline-banner");
      if (banner) banner.after(panel);
      else document.querySelector("main").prepend(panel);
    }
    const waiting = records.filter((r) => readable(r.value) && r.value.status === "waiting").length;
    const list = element("ul", { class: "kept-list" });
    const ordered = [...records].sort((a, b) => Number(Boolean(here) && readable(b.value) && b.value.match === here.match)
      - Number(Boolean(here) && readable(a.value) && a.value.match === here.match));
    const stuck = new Set(); // matches with a hand that needs the scorer: later ones wait
    for (const record of ordered) {
      const v = record.value;
      if (!readable(v)) {
        list.append(describeUnreadable(record));
        continue;
      }
      list.append(describeKept(record, records, stuck.has(v.match)));
      if (v.status !== "waiting") stuck.add(v.match);
    }
    panel.replaceChildren(
      element("h2", {}, t("kept_here", "Kept on this phone (%(count)s)", { count: records.length })),
      element("p", { class: "muted small" }, waiting
        ? t("waiting_count", "%(count)s waiting to sync: sent in order when there is a connection (and any choice below is made); not in the totals until then.", { count: waiting })
        : t("nothing_sent", "Nothing is sent until you choose below.")),
      list);
  }

  async function start() {
    // the phone's copy (no answer from the server) or no network at all
    if (!navigator.onLine || document.querySelector("main[data-copy]")) markOffline();
    else markOnline();
    try {
      await noteThisPage();
    } catch (err) {
      // no IndexedDB (a private window): pages still work online
    }
    watchEntryForm();
    try {
      await startFixing();
    } catch (err) {
      // the kept hand stays listed as it was
    }
    await render();
    await sync();
  }
  // a scoreboard's content replaced by a newer copy (watch.js): what it says of its match
  document.addEventListener("gin:replaced", async () => {
    const fresh = document.getElementById("offline-state");
    if (here && fresh) Object.assign(here, fresh.dataset);
    showBanner();
    try {
      await noteThisPage();
    } catch (err) {
      // no IndexedDB: nothing kept to update
    }
    await render();
  });
  window.addEventListener("offline", markOffline);
  setInterval(sync, 30000); // a server that did not answer is tried again
  window.addEventListener("online", () => {
    markOnline();
    sync();
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
