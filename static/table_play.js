// Playing at the table: a seat's phone (or the scorer's) calls the hand, sends its own cards,
// says whether it agrees, and shows the hand's state as it comes (the panel, polled with its
// ETag: once a second while a hand is open, every few seconds otherwise).
//
// A seat link carries its token after "#": this script keeps it in the phone's own storage
// (never a cookie), takes it out of the address bar, and sends it as X-Seat-Token. The
// scorer's page writes with the browser's edit right and its CSRF token instead.
"use strict";
(() => {
  const root = document.getElementById("table-play");
  if (!root) return;
  const seat = root.dataset.seat === undefined ? null : Number(root.dataset.seat);
  const scorer = root.dataset.scorer !== undefined;
  const api = root.dataset.api;
  const key = `gin-seat:${root.dataset.view}:${seat}`;

  let token = null;
  if (seat !== null) {
    const fromLink = decodeURIComponent(location.hash.slice(1));
    try {
      if (fromLink) localStorage.setItem(key, fromLink);
      token = localStorage.getItem(key);
    } catch (e) {
      token = fromLink || null;  // storage refused (a private window): this visit only
    }
    if (fromLink) history.replaceState(null, "", location.pathname + location.search);
  }
  const noSeat = document.getElementById("no-seat");
  if (noSeat) noSeat.hidden = Boolean(token) || scorer;

  function headers() {
    const h = { "Content-Type": "application/json", Accept: "application/json" };
    if (token) h["X-Seat-Token"] = token;
    else if (scorer) h["X-CSRFToken"] = root.dataset.csrf;
    return h;
  }

  async function write(method, path, body) {
    const response = await fetch(api + path, { method, headers: headers(), body: body ? JSON.stringify(body) : undefined,
      credentials: "same-origin" });
    let data = {};
    try { data = await response.json(); } catch (e) { data = {}; }
    if (!response.ok) {
      const error = data.error || {};
      throw new Error(error.said || error.reason || response.statusText);
    }
    poll(true);
    return data;
  }

  // -- the panel --------------------------------------------------------------------------
  const panel = document.getElementById("table-panel");
  const cardsForm = document.getElementById("hand-form");
  let etag = null;
  let timer = null;
  let status = "none";

  // Answers may come back out of order (a poll already on its way when a write asks again):
  // only the newest request's answer is shown, and only it schedules the next poll.
  let asked = 0;
  async function poll(now) {
    clearTimeout(timer);
    const mine = ++asked;
    try {
      const h = { Accept: "text/html" };
      if (token) h["X-Seat-Token"] = token;
      if (etag && !now) h["If-None-Match"] = etag;
      const url = root.dataset.panel + (seat === null ? "" : `?seat=${seat}`);
      const response = await fetch(url, { headers: h, credentials: "same-origin", cache: "no-store" });
      if (response.status === 200 && mine === asked) {
        const html = await response.text();
        if (mine === asked) {
          etag = response.headers.get("ETag");
          panel.innerHTML = html;
          shown();
        }
      }
    } catch (e) {
      // no signal: the next poll tries again (the scorer can enter this seat's cards)
    }
    if (mine !== asked) return;
    const wait = status === "open" ? Number(root.dataset.pollOpen) : Number(root.dataset.pollIdle);
    timer = setTimeout(() => poll(false), wait || 3000);
  }

  // The seat's answer beside its cards, where the game asks one (the game's default when
  // the seat has not answered).
  const question = cardsForm ? cardsForm.querySelector("[data-choice]") : null;
  function answer(value) {
    if (!question) return;
    const wanted = value || question.dataset.default;
    for (const radio of question.querySelectorAll("input[name=choice]")) radio.checked = radio.value === wanted;
  }

  function shown() {
    const state = panel.querySelector(".table-state");
    if (!state) return;
    const was = status;
    status = state.dataset.status;
    const open = status === "open";
    const plays = state.dataset.plays === "yes";
    const mayAct = Boolean(token) || scorer;
    const call = document.getElementById("table-call");
    if (call && !mayAct) call.hidden = true;
    if (cardsForm) {
      // the knocker's big gin holds one card more: the picker counts it as the knocker's
      let big = cardsForm.querySelector("input[name=knocker_seat]");
      if (!big) {
        big = Object.assign(document.createElement("input"), { type: "radio", name: "knocker_seat", hidden: true });
        big.value = String(seat);
        cardsForm.append(big);
      }
      big.checked = state.dataset.big === "yes";
      cardsForm.hidden = !open || !plays || !mayAct || state.dataset.called !== "yes";
      const field = document.getElementById("cards");
      // a new hand starts empty; a phone that reloads finds the cards it sent
      if (open && was !== "open" && field && !field.value) {
        field.value = state.dataset.cards || "";
        answer(state.dataset.choice);
      }
      if (!open && was === "open" && field) {
        for (const input of cardsForm.querySelectorAll("input[name=cards], input[name=melds], input[name=layoffs]")) {
          input.value = "";
        }
        answer("");
        field.dispatchEvent(new Event("input"));
      }
    }
  }

  panel.addEventListener("click", async (event) => {
    const button = event.target.closest("button[data-verdict], button[data-store], button[data-drop]");
    if (!button) return;
    try {
      button.disabled = true;
      if (button.dataset.verdict !== undefined) {
        await write("POST", "/verdict", { agree: button.dataset.verdict === "1" });
      } else if (button.dataset.store !== undefined) {
        await write("POST", "/store");
      } else if (button.dataset.drop !== undefined) {
        await write("DELETE", "/hand");
      }
    } catch (e) {
      const note = document.createElement("p");
      note.className = "flash error";
      note.setAttribute("role", "alert");
      note.textContent = e.message;
      panel.prepend(note);
    } finally {
      button.disabled = false;
    }
  });

  panel.addEventListener("submit", async (event) => {
    const call = event.target.closest("#table-call");
    if (!call) return;
    {
      event.preventDefault();
      const form = new FormData(call);
      const error = call.querySelector("[data-testid=call-error]");
      error.textContent = "";
      const body = { knocker: Number(form.get("knocker")), kind: form.get("kind") };
      if (form.get("upcard")) body.upcard = form.get("upcard");
      try {
        await write("POST", "/hand", body);
      } catch (e) {
        error.textContent = e.message;
      }
    }
  });

  if (cardsForm) {
    cardsForm.addEventListener("submit", async (event) => {
      event.preventDefault();
      const error = cardsForm.querySelector("[data-testid=send-error]");
      error.textContent = "";
      const body = { cards: document.getElementById("cards").value };
      const melds = cardsForm.querySelector("[name=melds]");
      const layoffs = cardsForm.querySelector("[name=layoffs]");
      if (melds) body.melds = melds.value;
      if (layoffs) body.layoffs = layoffs.value;
      if (question) {
        const picked = question.querySelector("input[name=choice]:checked");
        body[question.dataset.choice] = picked ? picked.value : "";
      }
      if (!token && scorer && seat !== null) body.seat = seat;
      try {
        await write("PUT", "/cards", body);
        error.textContent = "";
      } catch (e) {
        error.textContent = e.message;
      }
    });
  }

  document.addEventListener("visibilitychange", () => { if (!document.hidden) poll(true); });
  poll(true);
})();
