// The whole table's link: the token after "#" and the seat this phone picks are sent once;
// the answer is that seat's own link, kept on the phone as a seat link is (never a cookie),
// and the phone goes on to the seat's page.
"use strict";
(() => {
  const root = document.getElementById("join");
  if (!root) return;
  const token = decodeURIComponent(location.hash.slice(1));
  if (token) history.replaceState(null, "", location.pathname + location.search);
  const error = root.querySelector("[data-testid=join-error]");
  root.addEventListener("click", async (event) => {
    const button = event.target.closest("button[data-seat]");
    if (!button) return;
    const seat = Number(button.dataset.seat);
    const response = await fetch(root.dataset.api, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ token, seat }),
      credentials: "same-origin",
    });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) {
      error.textContent = (data.error && (data.error.said || data.error.reason)) || response.statusText;
      return;
    }
    location.assign(data.seat_url);
  });
})();
