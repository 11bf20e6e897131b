// The phone's share sheet for a link, where the browser has one (the Web Share API);
// elsewhere the button stays hidden and the copy button and QR code remain.
"use strict";
(() => {
  function shareButtons(root) {
    if (!navigator.share) return;
    for (const button of root.querySelectorAll("button.share[data-share]")) {
      button.hidden = false;
      button.addEventListener("click", () => {
        navigator
          .share({ title: button.dataset.shareTitle || document.title, url: button.dataset.share })
          .catch(() => {}); // the sheet was dismissed: nothing to do
      });
    }
  }
  shareButtons(document);
  // a scoreboard's content replaced by a newer copy (watch.js)
  document.addEventListener("gin:replaced", (event) => shareButtons(event.detail.root));
})();
