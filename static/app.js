// Small progressive enhancements used on every page (no framework, no network).
"use strict";
// What a part of a page needs once drawn: the whole page when it loads, and a scoreboard's
// content again when watch.js replaces it with a newer copy ("gin:replaced" on document).
function enhance(root) {
  // Copy buttons beside shareable links.
  if (navigator.clipboard) {
    for (const button of root.querySelectorAll("button.copy[data-copy]")) {
      button.hidden = false;
      button.addEventListener("click", async () => {
        await navigator.clipboard.writeText(button.dataset.copy);
        button.textContent = window.ginText("copied", "Copied"); // static/texts.js
      });
    }
  }
  // Forms that change history ask first (delete a hand).
  for (const form of root.querySelectorAll("form[data-confirm]")) {
    form.addEventListener("submit", (event) => {
      if (!window.confirm(form.dataset.confirm)) event.preventDefault();
    });
  }
  // A form is sent once: a double tap does not post it twice (the server checks too).
  for (const form of root.querySelectorAll("form[method=post]")) {
    form.addEventListener("submit", () => {
      setTimeout(() => {
        for (const b of form.querySelectorAll("[type=submit]")) b.disabled = true;
      }, 0);
    });
  }
}
document.addEventListener("gin:replaced", (event) => enhance(event.detail.root));

document.addEventListener("DOMContentLoaded", () => {
  enhance(document);
  // The edit link carries its token after "#", which never reaches the server: post it,
  // and first take it out of the address bar and the history.
  const claim = document.querySelector("form[data-claim]");
  if (claim && window.location.hash.length > 1) {
    const token = decodeURIComponent(window.location.hash.slice(1));
    window.history.replaceState(null, "", window.location.pathname);
    claim.querySelector("input[name=token]").value = token;
    claim.submit();
  }
  // A refused form: its summary at the top names each problem; focus goes to the first bad
  // field of the page, scrolled clear of the sticky Save bar.
  const summary = document.querySelector(".error-summary");
  if (summary) {
    const targets = [...summary.querySelectorAll("a[data-field]")]
      .map((a) => document.getElementById(a.dataset.field)).filter(Boolean)
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    for (const link of summary.querySelectorAll("a[data-field]")) {
      link.addEventListener("click", (event) => {
        const field = document.getElementById(link.dataset.field);
        if (field && focusField(field)) event.preventDefault();
      });
    }
    if (!targets.length || !focusField(targets[0], true)) summary.focus();
  }
  // Back to a form already sent: the browser may fetch it anew, with a new idempotency key
  // and the old entries filled back in. The key this history entry was first shown with is
  // kept in its history state, so sending it again returns the first result, not a copy.
  const key = document.querySelector("form input[name=idempotency_key]");
  if (key) {
    const state = window.history.state || {};
    if (state.idempotencyKey) key.value = state.idempotencyKey;
    else window.history.replaceState({ ...state, idempotencyKey: key.value }, "");
  }
  // A page shown again from the browser's memory is sent anew: its buttons work again.
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    for (const b of document.querySelectorAll("form[method=post] [type=submit]")) b.disabled = false;
  });
});

// The control to focus for a field: itself, or a group's chosen (else first) input; an
// enclosing closed <details> is opened first. False when nothing there can take focus.
function focusField(field, keepSummary) {
  for (let d = field.closest("details"); d; d = d.parentElement.closest("details")) d.open = true;
  const control = field.matches("input, select, textarea, button") ? field
    : field.querySelector("input:checked") || field.querySelector("input, select, textarea");
  if (!control || !control.getClientRects().length) return false;
  control.focus({ preventScroll: true });
  // The field with its own message shown whole, above the sticky bar: from the top of the
  // page (the summary in view) when it fits there, else scrolled only as far as it needs.
  const box = control.closest(".knob, .hand-input, fieldset, label, .player-row") || control;
  const bar = document.querySelector(".actions.sticky");
  const room = window.innerHeight - (bar ? bar.getBoundingClientRect().height : 0);
  if (keepSummary) window.scrollTo(0, 0);
  const rect = box.getBoundingClientRect();
  if (!keepSummary || rect.bottom > room || rect.top < 0) {
    const fits = keepSummary && rect.height + 16 <= room;
    const lift = fits ? rect.bottom + 16 - room : rect.top - 8;
    window.scrollTo(0, Math.max(0, window.scrollY + lift));
  }
  return true;
}


// The language switcher keeps what the address holds after "#" (an edit link's token never
// reaches the server, so the link to the same page in another language must carry it).
document.addEventListener("click", (event) => {
  const link = event.target.closest && event.target.closest("a[data-lang]");
  if (link && window.location.hash) link.href = link.href.split("#")[0] + window.location.hash;
});
