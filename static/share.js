// The phone's share sheet for a link, where the browser has one (the Web Share API);
// elsewhere the button stays hidden and the copy button and QR code remain.
if (navigator.share) {
  for (const button of document.querySelectorAll("button.share[data-share]")) {
    button.hidden = false;
    button.addEventListener("click", () => {
      navigator
        .share({ title: button.dataset.shareTitle || document.title, url: button.dataset.share })
        .catch(() => {}); // the sheet was dismissed: nothing to do
    });
  }
}
