// Rummy hand entry (Basic Rummy, 500 Rum): the tappable 52-card picker with a target per
// player's cards left and melds (500 Rum: and the cards laid off onto another player's meld,
// with the meld chosen under the targets), typing in the same notation ("/" between melds;
// "9H 10H > Ann 1; 5S > Ben 2" for layoffs), and live checks of cards held twice and of more
// cards than were dealt. The server checks it all.
"use strict";
(() => {
  const { code, label, activate, holder, notice, refuse, mount } = window.CardCodes;
  // tokens keep "/" (a meld break) as a token of its own
  const tokens = (text) => window.CardCodes.tokens(text.replace(/\//g, " / "));
  const tr = window.CardCodes.t;

  // A layoffs field's groups: the cards, then ">" and the meld they went onto ("Ann 1").
  function groupsOf(text) {
    return text.split(/[;,]/).filter((g) => g.trim()).map((g) => {
      const [cards, ...rest] = g.replace(/→/g, ">").split(">");
      return { cards: window.CardCodes.tokens(cards), target: rest.join(">").trim().replace(/\s+/g, " ") };
    });
  }

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
    const isLayoffs = (name) => name.startsWith("layoffs_");
    const seatOf = (name) => Number(name.split("_")[1]);
    const playerOf = {};
    for (const div of inputs) if (div.dataset.name) playerOf[seatOf(div.dataset.target)] = div.dataset.name;
    const onto = picker.querySelector(".layoff-onto select");
    let active = names[0];

    const cardsOf = (name) => (isLayoffs(name)
      ? groupsOf(fields[name].value).flatMap((g) => g.cards)
      : tokens(fields[name].value).filter((t) => t !== "/"));
    const write = (name, list) => { fields[name].value = list.join(" ").replace(/ \/ ?/g, " / ").trim(); };
    const writeGroups = (name, groups) => {
      fields[name].value = groups.filter((g) => g.cards.length)
        .map((g) => `${g.cards.join(" ")} > ${g.target}`).join("; ");
    };

    // The melds a card may be laid off onto: every other player's, by name and number.
    function fillOnto() {
      if (!onto) return;
      const label_ = onto.closest("label");
      label_.hidden = !isLayoffs(active);
      if (!isLayoffs(active)) return;
      const chosen = onto.value;
      onto.textContent = "";
      for (const name of names.filter(isMelds)) {
        const seat = seatOf(name);
        if (seat === seatOf(active)) continue;
        const melds = fields[name].value.split("/").map((m) => window.CardCodes.tokens(m)).filter((m) => m.length);
        melds.forEach((meld, i) => {
          const value = `${playerOf[seat]} ${i + 1}`;
          const option = document.createElement("option");
          option.value = value;
          option.textContent = `${tr("meld_n", "%(name)s %(number)s", { name: playerOf[seat], number: i + 1 })}: ${meld.map((t) => (code(t) ? label(code(t)) : t)).join(" ")}`;
          if (value === chosen) option.selected = true;
          onto.append(option);
        });
      }
    }

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
        const inHand = !isMelds(name) && !isLayoffs(name);
        if (!problem && inHand && cards.length > size) {
          problem = tr("too_many", "%(count)s cards: more than the %(size)s dealt", { count: cards.length, size });
        }
        const count = form.querySelector(`[data-count-for=${name}]`);
        if (count) {
          count.textContent = inHand ? `${cards.length}/${size}` : "";
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
      fillOnto();
    }

    // A tap while a player's layoffs are chosen: the card goes onto the meld chosen under
    // the targets (or comes off, when that player had laid it off).
    function layOff(c) {
      const groups = groupsOf(fields[active].value);
      const mine = groups.findIndex((g) => g.cards.some((t) => code(t) === c));
      if (mine >= 0) {
        groups[mine].cards = groups[mine].cards.filter((t) => code(t) !== c);
        writeGroups(active, groups);
        return;
      }
      const held = (name) => cardsOf(name).map((t) => code(t) || t);
      const other = holder(c, active, names, held);
      if (other) { refuse(picker, c, other); return; }
      if (!onto || !onto.value) {
        notice(picker, tr("melds_first", "Enter the other players' melds first: a card is laid off onto one of them."));
        return;
      }
      const last = groups[groups.length - 1];
      if (last && last.target === onto.value) last.cards.push(c);
      else groups.push({ cards: [c], target: onto.value });
      writeGroups(active, groups);
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
      notice(picker, "");
      if (isLayoffs(active)) { layOff(c); check(); return; }
      const held = (name) => (isLayoffs(name)
        ? cardsOf(name).map((t) => code(t) || t)
        : tokens(fields[name].value).map((t) => (t === "/" ? t : code(t) || t)));
      const mine = held(active);
      const other = holder(c, active, names, held);
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
      fields[name].addEventListener("input", () => { check(); if (isMelds(name)) fillOnto(); });
      fields[name].addEventListener("focus", () => setActive(name));
    }
    form.addEventListener("change", check);
    setActive(active);
    check();
  });
})();
