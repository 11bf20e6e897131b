// A scoreboard that keeps itself current: while the page is visible it asks the server every
// few seconds whether the match changed, sending the ETag of what it shows (If-None-Match).
// An unchanged match answers 304 with no body; a changed one answers the new page, whose
// content replaces this page's in place (open panels stay open, the scroll stays put), and
// "gin:replaced" lets the other scripts enhance the new content. No reload, no framework.
"use strict";
(() => {
  const EVERY_MS = 3000;
  const marker = document.getElementById("watch");
  if (!marker || !window.fetch || !window.DOMParser) return;
  let etag = marker.dataset.etag;
  let timer = null;
  let busy = false;

  function openPanels(root) {
    return new Set([...root.querySelectorAll("details[open] > summary")].map((s) => s.textContent.trim()));
  }

  function replace(html) {
    const page = new DOMParser().parseFromString(html, "text/html");
    const fresh = page.querySelector("main");
    const main = document.querySelector("main");
    if (!fresh || !main || main.dataset.copy) return;
    const open = openPanels(main);
    // what the other scripts added to the page (the offline banner, hands kept on the phone)
    const added = [...main.querySelectorAll(":scope > #offline-banner, :scope > #sync-queue")];
    const x = window.scrollX;
    const y = window.scrollY;
    main.replaceChildren(...added, ...fresh.childNodes);
    for (const summary of main.querySelectorAll("details > summary")) {
      if (open.has(summary.textContent.trim())) summary.parentElement.open = true;
    }
    window.scrollTo(x, y);
    document.title = page.title || document.title;
    document.dispatchEvent(new CustomEvent("gin:replaced", { detail: { root: main } }));
  }

  async function poll() {
    if (busy || document.visibilityState !== "visible" || !navigator.onLine) return;
    busy = true;
    try {
      const response = await fetch(window.location.href, {
        headers: { "If-None-Match": etag },
        cache: "no-store",
        credentials: "same-origin",
      });
      if (response.status === 200 && (response.headers.get("Content-Type") || "").startsWith("text/html")) {
        const tag = response.headers.get("ETag");
        const html = await response.text();
        if (tag && tag !== etag) {
          etag = tag;
          replace(html);
        }
      }
    } catch (err) {
      // no answer: asked again at the next tick
    } finally {
      busy = false;
    }
  }

  function schedule() {
    clearInterval(timer);
    timer = null;
    if (document.visibilityState === "visible") {
      timer = setInterval(poll, EVERY_MS);
    }
  }
  document.addEventListener("visibilitychange", () => {
    schedule();
    if (document.visibilityState === "visible") poll();
  });
  schedule();
})();
