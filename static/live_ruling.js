// The ruling of a hand entered by cards, shown while the cards are tapped: a moment after the
// last change the form is sent as "Check" would send it (nothing is saved), and the ruling the
// server answers (with its seal of exactly these cards) is shown just above the Save bar, its
// headline in the bar itself beside Save. Save then saves at once, because the ruling on
// screen is for exactly the cards saved; a change after it takes the seal and the headline
// away again, so a hand is never saved unseen.
"use strict";
(() => {
  const form = document.querySelector("form#hand-form, form#deal-form");
  const sealField = form ? form.querySelector("input[name=checked]") : null;
  if (!form || !sealField || !window.fetch || !window.DOMParser) return;

  const WAIT_MS = 450; // after the last tap: a burst of taps sends once
  let timer = null;
  let sent = 0;
  let sealedFor = null; // the form the seal on screen was given for

  // by cards (a deal at two tables: either table by cards)
  function byCards() {
    const entries = form.querySelectorAll(
      "input[name=entry]:checked, input[name$=_entry]:checked, input[name=entry][type=hidden]");
    return [...entries].some((entry) => entry.value === "cards");
  }

  // What the form would send, as one text: a ruling answers only the form it was asked for.
  function snapshot() {
    const data = new FormData(form);
    data.delete("checked");
    return new URLSearchParams(data).toString();
  }

  function current() {
    return document.getElementById("ruling");
  }

  const bar = form.querySelector(".entry-actions");
  const headline = document.createElement("p");
  headline.className = "live-head";
  headline.dataset.testid = "live-head";
  headline.setAttribute("role", "status");
  headline.hidden = true;
  if (bar) bar.prepend(headline);

  function forget() {
    sealedFor = null;
    sealField.value = "";
    headline.hidden = true;
    headline.textContent = "";
    const shown = current();
    if (shown && shown.dataset.live) shown.remove();
  }

  async function ask() {
    if (!byCards()) return;
    const asked = snapshot();
    const mine = ++sent;
    const body = new FormData(form);
    body.delete("save");
    body.delete("checked");
    let html = "";
    let ok = false;
    try {
      const response = await fetch(form.action || location.href, {
        method: "POST", body, credentials: "same-origin",
      });
      ok = response.ok && !response.redirected;
      html = ok ? await response.text() : "";
    } catch (e) {
      return; // no connection: Check and Save work as they always did
    }
    if (mine !== sent || asked !== snapshot()) return; // the cards changed meanwhile
    const page = new DOMParser().parseFromString(html, "text/html");
    const ruling = page.getElementById("ruling");
    const seal = page.querySelector("input[name=checked]");
    if (!ok || !ruling || !seal || !seal.value) {
      forget(); // not a whole hand yet, or a problem Check will name
      return;
    }
    ruling.dataset.live = "1";
    const shown = current();
    if (shown) shown.remove();
    const placed = document.importNode(ruling, true);
    if (bar) bar.before(placed);
    else form.before(placed);
    const head = ruling.querySelector("h2");
    headline.textContent = head ? head.textContent.replace(/\s+/g, " ").trim() : "";
    headline.hidden = !headline.textContent;
    sealField.value = seal.value;
    sealedFor = asked;
  }

  function changed(event) {
    if (event && event.target && event.target.name === "checked") return;
    if (sealedFor !== null && snapshot() === sealedFor) return; // a blur, a tap on the same
    sealedFor = null;
    sealField.value = ""; // what is on screen no longer is the ruling of these cards
    clearTimeout(timer);
    timer = setTimeout(ask, WAIT_MS);
  }

  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  // the pickers write the card fields without an input event: a tap on a card is a change
  form.addEventListener("click", (event) => {
    if (event.target.closest(".pc, .picker-targets button, [data-clear]")) changed(event);
  });
})();
