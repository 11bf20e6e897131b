// Times in the viewer's own time zone: the server writes UTC, the phone rewrites each
// <time data-local> in its local time (again when watch.js replaces a scoreboard's content).
"use strict";
(() => {
  function localTimes(root) {
    root.querySelectorAll("time[data-local]").forEach((el) => {
      const when = new Date(el.getAttribute("datetime"));
      if (!Number.isNaN(when.getTime())) {
        el.textContent = when.toLocaleString(document.documentElement.lang || [], { dateStyle: "medium", timeStyle: "short" });
      }
    });
  }
  localTimes(document);
  document.addEventListener("gin:replaced", (event) => localTimes(event.detail.root));
})();
