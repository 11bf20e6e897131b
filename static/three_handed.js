// Three or more players: the new-match page shows the fields of the chosen format, and the
// hand form offers as knocker only the players seated for the hand. The server checks it all.
"use strict";
document.addEventListener("DOMContentLoaded", () => {
  const newMatch = document.getElementById("new-match");
  const dataNode = document.getElementById("preset-data");
  if (newMatch && dataNode && document.getElementById("players")) {
    const data = JSON.parse(dataNode.textContent);
    const select = document.getElementById("preset");
    const show = () => {
      const preset = data[select.value];
      if (!preset) return;
      const [fewest, most] = preset.seats;
      const uncut = !preset.cut; // seated round the table, no cut
      for (const row of newMatch.querySelectorAll(".player-row")) {
        const seat = Number(row.dataset.seat);
        const input = row.querySelector("input");
        row.hidden = seat >= most && !(input && input.value);
        const optional = row.querySelector(".optional");
        if (optional) optional.hidden = seat < fewest;
        const cut = row.querySelector(".cut");
        if (cut) cut.hidden = uncut;
      }
      for (const hint of newMatch.querySelectorAll(".hint")) {
        hint.hidden = (hint.dataset.for === "no-cut") !== uncut;
      }
      for (const option of newMatch.querySelectorAll(".option[data-presets]")) {
        option.hidden = !option.dataset.presets.split(" ").includes(select.value);
      }
    };
    select.addEventListener("change", show);
    show();
  }

  const form = document.getElementById("hand-form");
  if (!form || !form.dataset.family) return;
  const family = form.dataset.family;
  const checked = (name) => {
    const input = form.querySelector(`input[name=${name}]:checked`);
    return input ? Number(input.value) : null;
  };
  const pillsOf = (name) => [...form.querySelectorAll(`input[name=${name}]`)];
  const away = (input, hide) => {
    input.closest(".pill").classList.toggle("away", hide);
    if (hide && input.checked) input.checked = false;
  };

  function update() {
    if (family === "cutthroat") {
      const out = checked("sitting_out_seat");
      for (const input of pillsOf("knocker_seat")) away(input, Number(input.value) === out);
    } else if (family === "chouette") {
      const box = Number(form.dataset.box);
      for (const input of pillsOf("captain_seat")) away(input, Number(input.value) === box);
      const captain = checked("captain_seat");
      for (const input of pillsOf("knocker_seat")) {
        const seat = Number(input.value);
        away(input, seat !== box && seat !== captain);
      }
    } else if (family === "battle_royal") {
      const knocker = checked("knocker_seat");
      const kind = (form.querySelector("input[name=kind]:checked") || {}).value;
      const gin = kind === "gin" || kind === "big_gin";
      for (const label of form.querySelectorAll(".br-counts label[data-seat]")) {
        label.classList.toggle("away", gin && Number(label.dataset.seat) === knocker);
      }
    }
  }
  form.addEventListener("change", update);
  update();
});
