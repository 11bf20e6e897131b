// New match: choosing a table fills in its house-rule knobs and shows its description.
"use strict";
document.addEventListener("DOMContentLoaded", () => {
  const data = JSON.parse(document.getElementById("preset-data").textContent);
  const select = document.getElementById("preset");
  const from = document.getElementById("rules_from");
  const show = () => {
    for (const li of document.querySelectorAll("#preset-descriptions li")) {
      li.hidden = li.dataset.preset !== select.value;
    }
    // A table of four asks for four names (and says who partners whom); each table's own
    // options show for its family only.
    const preset = data[select.value] || {};
    const family = preset.family || "two_handed";
    for (const el of document.querySelectorAll("[data-families]")) {
      el.hidden = !el.dataset.families.split(" ").includes(family);
    }
    for (const el of document.querySelectorAll("[data-seat]")) {
      el.hidden = Number(el.dataset.seat) >= (preset.players || 2);
    }
    for (const el of document.querySelectorAll("[data-teams]")) {
      el.hidden = !preset.teams;
    }
  };
  select.addEventListener("change", () => {
    const preset = data[select.value];
    if (!preset) return;
    for (const [name, value] of Object.entries(preset.rules)) {
      const field = document.getElementById("rule_" + name);
      if (!field) continue;
      if (field.type === "checkbox") field.checked = Boolean(value);
      else if (value === null) field.value = "none";
      else if (Array.isArray(value)) field.value = value.join(" ");
      else field.value = String(value);
    }
    from.value = select.value;
    show();
  });
  show();
});
