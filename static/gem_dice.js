// Gem Rummy's hand form: the dice's sum in one tap. A button per sum (2-12) under the dice
// field writes it there; typing the two dice ("3+4") still works. The server reads the field.
"use strict";
document.addEventListener("DOMContentLoaded", () => {
  const field = document.getElementById("dice");
  const row = document.querySelector(".dice-sums");
  if (!field || !row) return;
  const buttons = [...row.querySelectorAll("button[data-dice]")];
  const sum = () => {
    const parts = field.value.split("+").map((x) => x.trim());
    if (!parts.every((x) => /^\d+$/.test(x))) return "";
    return String(parts.reduce((total, x) => total + Number(x), 0));
  };
  const show = () => {
    const now = sum();
    for (const b of buttons) b.setAttribute("aria-pressed", String(b.dataset.dice === now));
  };
  row.hidden = false;
  row.addEventListener("click", (event) => {
    const b = event.target.closest("button[data-dice]");
    if (!b) return;
    field.value = b.dataset.dice;
    field.dispatchEvent(new Event("input", { bubbles: true }));
    show();
  });
  field.addEventListener("input", show);
  show();
});
