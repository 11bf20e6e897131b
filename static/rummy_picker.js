// Rummy hand entry (Basic Rummy, 500 Rum, Contract, Gem Rummy): the tappable card picker with a
// target per player's cards (and, where the form has them, per player's melds; 500 Rum: and
// the cards laid off onto another player's meld, with the meld chosen under the targets),
// typing in the same notation ("/" between melds; "9H 10H > Ann 1; 5S > Ben 2" for layoffs),
// and live checks of cards held more often than the pack holds them and of more cards than
// were dealt. The server checks it all.
//
// The form says what the pack holds and how the hands are dealt: data-size (cards dealt to
// each player), data-copies (2 for two packs: a card may be in two hands), data-full (every
// hand holds exactly data-size cards, as in Gem Rummy: a hand just filled passes the picker
// to the next player). A tapped card takes its holder's colour (a melded card its outline).
"use strict";
(() => {
  const { code, label, activate, notice, refuse, mount, mark } = window.CardCodes;
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
    const copies = Number(form.dataset.copies || 1);
    const full = form.dataset.full !== undefined;
    const inputs = [...form.querySelectorAll(".hand-input[data-target]")];
    const names = inputs.map((div) => div.dataset.target);
    const fields = {};
    const seat = {};
    const playerOf = {};
    for (const div of inputs) {
      const name = div.dataset.target;
      fields[name] = document.getElementById(name);
      seat[name] = Number(div.dataset.seat || name.split("_")[1] || 0);
      if (div.dataset.name) playerOf[seat[name]] = div.dataset.name;
    }
    const isMelds = (name) => name.startsWith("melds_");
    const isLayoffs = (name) => name.startsWith("layoffs_");
    const hands = names.filter((name) => !isMelds(name) && !isLayoffs(name));
    const onto = picker.querySelector(".layoff-onto select");
    let active = names[0];

    const knocker = () => {
      const input = form.querySelector("input[name=knocker_seat]:checked");
      return input ? Number(input.value) : null;
    };
    // The most cards a hand may hold: Gem Rummy's knocker holds one more for big gin.
    const most = (name) => size + (full && seat[name] === knocker() ? 1 : 0);
    const allowed = (c) => (c.startsWith("JK") ? 1 : copies);
    const cardsOf = (name) => (isLayoffs(name)
      ? groupsOf(fields[name].value).flatMap((g) => g.cards)
      : tokens(fields[name].value).filter((t) => t !== "/"));
    const held = (name) => (isLayoffs(name)
      ? cardsOf(name).map((t) => code(t) || t)
      : tokens(fields[name].value).map((t) => (t === "/" ? t : code(t) || t)));
    const write = (name, list) => { fields[name].value = list.join(" ").replace(/ \/ ?/g, " / ").trim(); };
    const writeGroups = (name, groups) => {
      fields[name].value = groups.filter((g) => g.cards.length)
        .map((g) => `${g.cards.join(" ")} > ${g.target}`).join("; ");
    };
    const inHand = (name) => !isMelds(name) && !isLayoffs(name);
    const nameOf = (name) => {
      const target = picker.querySelector(`.target[data-target="${name}"]`);
      return target ? target.dataset.name || target.firstChild.textContent.trim() : name;
    };

    function check() {
      const count = {};
      const holders = {};
      for (const name of names) {
        let problem = "";
        const cards = cardsOf(name);
        for (const t of cards) {
          const c = code(t);
          if (!c) { problem = problem || tr("not_a_card", "`%(token)s` is not a card", { token: t }); continue; }
          count[c] = (count[c] || 0) + 1;
          (holders[c] = holders[c] || []).push(name);
          if (count[c] > allowed(c) && !c.startsWith("JK") && !problem) {
            problem = tr("also_entered", "`%(card)s` is also entered for another player", { card: label(c) });
          }
        }
        if (!problem && inHand(name) && cards.length > most(name)) {
          problem = tr("too_many", "%(count)s cards: more than the %(size)s dealt", { count: cards.length, size: most(name) });
        }
        for (const shown of form.querySelectorAll(`[data-count-for=${name}], [data-target-count=${name}]`)) {
          shown.textContent = inHand(name) ? `${cards.length}/${size}` : "";
          shown.classList.toggle("bad", Boolean(problem));
          shown.classList.toggle("ok", full && !problem && cards.length >= size);
        }
        const live = form.querySelector(`[data-live-for=${name}]`);
        if (live) live.textContent = problem;
      }
      for (const button of picker.querySelectorAll(".pc")) {
        const list = holders[button.dataset.card] || [];
        // the hand being filled shows first: its colour is the one a tap changes
        list.sort((a, b) => (b === active) - (a === active));
        mark(button, list.map((name) => ({ seat: seat[name], melds: !inHand(name), name: nameOf(name) })));
      }
    }

    // The melds a card may be laid off onto: every other player's, by name and number.
    function fillOnto() {
      if (!onto) return;
      onto.closest("label").hidden = !isLayoffs(active);
      if (!isLayoffs(active)) return;
      const chosen = onto.value;
      onto.textContent = "";
      for (const name of names.filter(isMelds)) {
        if (seat[name] === seat[active]) continue;
        const player = playerOf[seat[name]];
        const melds = fields[name].value.split("/").map((m) => window.CardCodes.tokens(m)).filter((m) => m.length);
        melds.forEach((meld, i) => {
          const value = `${player} ${i + 1}`;
          const option = document.createElement("option");
          option.value = value;
          option.textContent = `${tr("meld_n", "%(name)s %(number)s", { name: player, number: i + 1 })}: ${meld.map((t) => (code(t) ? label(code(t)) : t)).join(" ")}`;
          if (value === chosen) option.selected = true;
          onto.append(option);
        });
      }
    }

    function setActive(name) {
      active = name;
      activate(picker, name);
      fillOnto();
      check();
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
      const others = names.filter((name) => name !== active && held(name).includes(c));
      if (others.length >= allowed(c)) { refuse(picker, c, others[0]); return; }
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
      const mine = held(active);
      if (mine.includes(c)) {
        write(active, mine.filter((x) => x !== c));
        check();
        return;
      }
      const others = names.filter((name) => name !== active && held(name).includes(c));
      if (others.length >= allowed(c)) {
        refuse(picker, c, others[0]);
        return;
      }
      mine.push(c);
      write(active, mine);
      const following = hands[hands.indexOf(active) + 1];
      if (full && following && mine.filter((x) => x !== "/").length === size) setActive(following);
      else check();
    });

    for (const name of names) {
      fields[name].addEventListener("input", () => { check(); if (isMelds(name)) fillOnto(); });
      fields[name].addEventListener("focus", () => setActive(name));
    }
    form.addEventListener("change", check);
    setActive(active);
  });
})();
