// Small progressive enhancements used on every page (no framework, no network).
"use strict";
document.addEventListener("DOMContentLoaded", () => {
  // Copy buttons beside shareable links.
  if (navigator.clipboard) {
    for (const button of document.querySelectorAll("button.copy[data-copy]")) {
      button.hidden = false;
      button.addEventListener("click", async () => {
        await navigator.clipboard.writeText(button.dataset.copy);
        button.textContent = "Copied";
      });
    }
  }
  // The edit link carries its token after "#", which never reaches the server: post it,
  // and first take it out of the address bar and the history.
  const claim = document.querySelector("form[data-claim]");
  if (claim && window.location.hash.length > 1) {
    const token = decodeURIComponent(window.location.hash.slice(1));
    window.history.replaceState(null, "", window.location.pathname);
    claim.querySelector("input[name=token]").value = token;
    claim.submit();
  }
  // Forms that change history ask first (delete a hand).
  for (const form of document.querySelectorAll("form[data-confirm]")) {
    form.addEventListener("submit", (event) => {
      if (!window.confirm(form.dataset.confirm)) event.preventDefault();
    });
  }
  // A form is sent once: a double tap does not post it twice (the server checks too).
  for (const form of document.querySelectorAll("form[method=post]")) {
    form.addEventListener("submit", () => {
      setTimeout(() => {
        for (const b of form.querySelectorAll("[type=submit]")) b.disabled = true;
      }, 0);
    });
  }
});
