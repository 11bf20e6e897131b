// The service worker (served at /sw.js so that its scope is the whole site): the app shell
// (every file of static/, by the URLs with their content's digest that pages name them with)
// from a cache named after that list, and the pages of matches this phone has opened, from
// the network when it answers and from the phone's copy when not. Every lookup ignores Vary:
// a copy is this phone's own, whatever its session, cookies or language are now.
"use strict";
const VERSION = "__VERSION__";
const SHELL = ["__SHELL__"];
const SHELL_CACHE = "gin-shell-" + VERSION;
const PAGES_CACHE = "gin-pages-1"; // kept across deploys: a scorer offline keeps the match
const NETWORK_WAIT_MS = 10000; // one bar of signal: past this, show the phone's copy

// Pages kept for offline use: home, a match's scoreboard, settlement, hand pages and the
// new-hand form (never an edit link with its token, nor an edit form).
const KEPT = /^\/(?:$|m\/[A-Za-z0-9_-]+(?:\/settlement|\/hands\/new|\/hands\/\d+)?$)/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(SHELL_CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys
        .filter((key) => key.startsWith("gin-shell-") && key !== SHELL_CACHE)
        .map((key) => caches.delete(key))))
      .then(() => self.clients.claim())
  );
});

function kept(url) {
  return url.origin === self.location.origin && KEPT.test(url.pathname);
}

// Copies being written, by URL. Writing a copy replaces the one before, and while it is
// written the old one cannot be read: a page asked for meanwhile waits for the new copy
// rather than find none. The body is read whole before the write, so a connection lost
// while a page arrives never leaves a half-written copy, and the old one stays.
const writing = new Map();
const WRITE_WAIT_MS = 3000;

function keep(request, response) {
  if (!response.ok || response.redirected || !kept(new URL(request.url))) {
    return Promise.resolve();
  }
  const url = request.url;
  const before = writing.get(url) || Promise.resolve();
  const write = before
    .then(() => response.blob())
    .then(async (body) => {
      const copy = new Response(body, {
        status: response.status, statusText: response.statusText, headers: response.headers,
      });
      const cache = await caches.open(PAGES_CACHE);
      await cache.put(url, copy);
    })
    .catch(() => {}) // the page did not arrive whole: the copy before stays
    .finally(() => {
      if (writing.get(url) === write) writing.delete(url);
    });
  writing.set(url, write);
  return write;
}

// Copies of this page being written now (any query string), waited for a little.
function written(request) {
  const path = new URL(request.url).pathname;
  const pending = [...writing].filter(([url]) => new URL(url).pathname === path);
  if (!pending.length) return Promise.resolve();
  const wait = new Promise((resolve) => setTimeout(resolve, WRITE_WAIT_MS));
  return Promise.race([Promise.all(pending.map(([, write]) => write)), wait]);
}

// The phone's copy of a page, marked as one (<main data-copy>) so the page says so.
async function copyOf(request) {
  await written(request);
  const cache = await caches.open(PAGES_CACHE);
  const copy = (await cache.match(request, { ignoreVary: true }))
    || (await cache.match(request, { ignoreSearch: true, ignoreVary: true }));
  if (!copy) return null;
  const html = (await copy.text()).replace("<main>", '<main data-copy="1">');
  return new Response(html, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

async function page(event) {
  const request = event.request;
  const network = fetch(request).then((response) => {
    event.waitUntil(keep(request, response.clone()));
    return response;
  });
  network.catch(() => null); // a late failure after the copy was shown is no error
  const slow = new Promise((resolve) => setTimeout(resolve, NETWORK_WAIT_MS, null));
  try {
    const first = await Promise.race([network, slow]);
    if (first) return first;
    const copy = await copyOf(request);
    return copy || (await network);
  } catch (err) {
    const copy = await copyOf(request);
    if (copy) return copy;
    const fallback = await caches.match("/offline", { ignoreVary: true });
    return fallback || Response.error();
  }
}

// A static file: the shell's copy of that very URL (its digest names its content); a file
// asked without a digest, from the shell as well; one with a digest the shell lacks (a page
// of a newer deploy than this worker), from the network, else the copy the phone has.
async function asset(request) {
  const exact = await caches.match(request, { ignoreVary: true });
  if (exact) return exact;
  const anyCopy = () => caches.match(request, { ignoreSearch: true, ignoreVary: true });
  if (!new URL(request.url).searchParams.has("v")) {
    return (await anyCopy()) || fetch(request);
  }
  try {
    return await fetch(request);
  } catch (err) {
    const copy = await anyCopy();
    if (copy) return copy;
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(page(event));
  } else if (url.pathname.startsWith("/static/")) {
    event.respondWith(asset(request));
  }
});

// A page asks to keep copies of pages it links to (a scoreboard: its new-hand forms), so a
// hand can be entered offline on a phone that opened only the scoreboard. Each page that
// asks asks again; one fetch at a time serves them all.
const fetching = new Set();
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "keep" || !Array.isArray(data.urls)) return;
  event.waitUntil(Promise.all(data.urls.map(async (href) => {
    const url = new URL(href, self.location.origin);
    if (!kept(url) || fetching.has(url.href) || writing.has(url.href)) return;
    const cache = await caches.open(PAGES_CACHE);
    if (await cache.match(url.href, { ignoreVary: true })) return; // opening it refreshes it
    fetching.add(url.href);
    try {
      const response = await fetch(url, { credentials: "same-origin" });
      await keep(new Request(url), response);
    } catch (err) {
      // no connection: the page is kept the next time it is opened
    } finally {
      fetching.delete(url.href);
    }
  })));
});
