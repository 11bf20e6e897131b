// Rummy hand entry (Basic Rummy, 500 Rum): the tappable 52-card picker with a target per
// player's cards left and melds, typing in the same notation ("/" between melds), and live
// checks of cards held twice and of more cards than were dealt. The server checks it all.
"use strict";
(() => {
  const { code, label, activate, holder, notice, refuse, mount } = window.CardCodes;
  // tokens keep "/" (a meld break) as a token of its own
  const tokens = (text) => window.CardCodes.tokens(text.replace(/\//g, " / "));
  const tr = window.CardCodes.t;

  document.addEventListener("DOMContentLoaded", () => {
    const form = document.getElementById("hand-form");
    const picker = document.getElementById("picker");
    if (!form || !picker) return;
    mount(picker);
    const size = Number(form.dataset.size || 10);
    const inputs = [...form.querySelectorAll(".hand-input[data-target]")];
    const names = inputs.map((div) => div.dataset.target);
    const fields = {};
    for (const name of names) fields[name] = document.getElementById(name);
    const isMelds = (name) => name.startsWith("melds_");
    let active = names[0];

    const cardsOf = (name) => tokens(fields[name].value).filter((t) => t !== "/");
    const write = (name, list) => { fields[name].value = list.join(" ").replace(/ \/ ?/g, " / ").trim(); };

    function check() {
      const seenIn = {};
      for (const name of names) {
        let problem = "";
        const cards = cardsOf(name);
        for (const t of cards) {
          const c = code(t);
          if (!c) { problem = tr("not_a_card", "`%(token)s` is not a card", { token: t }); break; }
          if (c.startsWith("JK")) continue;
          if (seenIn[c] !== undefined && !problem) {
            problem = tr("also_entered", "`%(card)s` is also entered for another player", { card: label(c) });
          }
          seenIn[c] = name;
        }
        if (!problem && !isMelds(name) && cards.length > size) {
          problem = tr("too_many", "%(count)s cards: more than the %(size)s dealt", { count: cards.length, size });
        }
        const count = form.querySelector(`[data-count-for=${name}]`);
        if (count) {
          count.textContent = isMelds(name) ? "" : `${cards.length}/${size}`;
          count.classList.toggle("bad", Boolean(problem));
        }
        const live = form.querySelector(`[data-live-for=${name}]`);
        if (live) live.textContent = problem;
      }
      for (const button of picker.querySelectorAll(".pc")) {
        const c = button.dataset.card;
        button.setAttribute("aria-pressed", String(seenIn[c] !== undefined));
      }
    }

    function setActive(name) {
      active = name;
      activate(picker, name);
    }

    picker.addEventListener("click", (event) => {
      const target = event.target.closest("button");
      if (!target) return;
      if (target.dataset.clear !== undefined) { write(active, []); check(); return; }
      if (target.dataset.sep !== undefined) {
        if (isMelds(active)) write(active, [...tokens(fields[active].value), "/"]);
        return;
      }
      if (target.classList.contains("target")) { setActive(target.dataset.target); return; }
      const c = target.dataset.card;
      if (!c) return;
      const held = (name) => tokens(fields[name].value).map((t) => (t === "/" ? t : code(t) || t));
      const mine = held(active);
      const other = holder(c, active, names, held);
      notice(picker, "");
      if (mine.includes(c)) {
        write(active, mine.filter((x) => x !== c));
      } else if (other) {
        refuse(picker, c, other);
      } else {
        mine.push(c);
        write(active, mine);
      }
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
