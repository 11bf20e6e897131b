// Hand entry for a hand of several players (Battle Royal): the tappable 52-card picker with one
// target per player, typing in the same notation, and live checks of each hand's card count and
// of cards held twice. The two-handed picker (picker.js) does the same for knocker and defender.
"use strict";
(() => {
  const { code, label, tokens, problem, show, activate, tap, mount, say, targetName } = window.CardCodes;

  document.addEventListener("DOMContentLoaded", () => {
    const form = document.getElementById("hand-form");
    const picker = document.getElementById("picker");
    if (!form || !picker) return;
    mount(picker);
    const inputs = [...form.querySelectorAll(".hand-input[data-target]")];
    const hands = inputs.map((div) => div.dataset.target);
    // the upcard is asked only where the table uses it
    const names = document.getElementById("upcard") ? [...hands, "upcard"] : hands;
    const fields = {};
    for (const name of names) fields[name] = document.getElementById(name);
    const seatOf = {};
    for (const div of inputs) seatOf[div.dataset.target] = Number(div.dataset.seat);
    const size = Number(inputs.length ? inputs[0].dataset.size : 10);
    let active = hands[0];

    const kind = () => (form.querySelector("input[name=kind]:checked") || {}).value;
    const knocker = () => {
      const input = form.querySelector("input[name=knocker_seat]:checked");
      return input ? Number(input.value) : null;
    };
    const expected = (name) => {
      if (name === "upcard") return [0, 1];
      if (seatOf[name] !== knocker()) return [size];
      const k = kind();
      if (k === "big_gin") return [size + 1];
      if (k === "auto") return [size, size + 1];
      return [size];
    };
    const parsed = (name) => tokens(fields[name].value).map((t) => ({ token: t, code: code(t) }));

    function check() {
      const all = {};
      for (const name of names) all[name] = parsed(name);
      for (const name of names) {
        const cards = all[name];
        const trouble = problem(cards, (c) => {
          const other = hands.find((h) => h !== name && name !== "upcard" &&
            hands.indexOf(h) < hands.indexOf(name) && all[h].some((x) => x.code === c.code));
          return other ? "`" + label(c.code) + "` is also in another hand" : "";
        });
        show(form, name, cards, expected(name), trouble);
      }
      for (const button of picker.querySelectorAll(".pc")) {
        const c = button.dataset.card;
        let chosen = false;
        const holders = [];
        for (const name of names) {
          const has = all[name].some((x) => x.code === c);
          button.classList.toggle("in-" + name, has);
          chosen = chosen || has;
          if (has) holders.push(targetName(picker, name));
        }
        button.setAttribute("aria-pressed", String(chosen));
        say(button, holders.filter(Boolean));
      }
    }

    function setActive(name) {
      active = name;
      activate(picker, name);
    }
    const write = (name, codes) => { fields[name].value = codes.join(" "); };

    picker.addEventListener("click", (event) => {
      const target = event.target.closest("button");
      if (!target) return;
      if (target.dataset.clear !== undefined) { write(active, []); check(); return; }
      if (target.classList.contains("target")) { setActive(target.dataset.target); return; }
      const c = target.dataset.card;
      if (!c) return;
      if (active === "upcard") {
        write("upcard", fields.upcard.value.trim().toUpperCase() === c ? [] : [c]);
        setActive(hands[0]);
        check();
        return;
      }
      const held = (name) => parsed(name).map((x) => x.code || x.token);
      tap(picker, c, active, hands, held, write, expected, setActive);
      check();
    });

    for (const name of names) {
      fields[name].addEventListener("input", check);
      fields[name].addEventListener("focus", () => setActive(name));
    }
    form.addEventListener("change", check);
    setActive(active);
    check();
  });
})();
