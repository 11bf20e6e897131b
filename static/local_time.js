// Times in the viewer's own time zone: the server writes UTC, the phone rewrites each
// <time data-local> in its local time.
document.querySelectorAll("time[data-local]").forEach((el) => {
  const when = new Date(el.getAttribute("datetime"));
  if (!Number.isNaN(when.getTime())) {
    el.textContent = when.toLocaleString(document.documentElement.lang || [], { dateStyle: "medium", timeStyle: "short" });
  }
});
