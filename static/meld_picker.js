// Hand entry where every player may meld (the rummy-style games): the tappable card picker
// with a target per player's cards and, where the form has them, per player's melds; typing
// in the same notation ("/" between melds); live checks of cards held more often than the
// pack holds them and of more cards than were dealt. The server checks it all.
//
// The form says what the pack holds and how the hands are dealt, as its game's template sets
// them: data-size (cards dealt to each player), data-copies (2 for two packs: a card may be in
// two hands; a joker is one card all the same), data-full (every hand holds exactly data-size
// cards: a hand just filled passes the picker to the next player), data-knocker-extra (how many
// cards beyond data-size the player chosen as knocker may hold), data-out (where the picker goes
// when who went out is chosen: "melds", to their melds, where melds score; "next", to the next
// player's cards, as the one who went out holds none), data-out-tick (a box ticked for who went
// out: "made_", the contract they must have laid down), data-split (a tapped card that cannot
// join the meld being entered starts the next one). A .hand-input[data-one] holds one card (the
// cut card): the picker starts on it while it is empty and moves on once it is tapped. A tapped
// card takes its holder's colour (a melded card its outline).
//
// A game whose form has a kind of field of its own adds it as a part: a script loaded after
// this one pushes onto window.MeldPicker.parts an object saying which fields it owns
// (owns(name)), the cards such a field holds (cards(state, name)), what a tap does while one of
// them is chosen (tap(state, card)), and what it redraws when a target is chosen
// (shown(state)) or a field is typed in (typed(state, name)); state is the picker's (see
// `state` below). static/rummy_layoffs.js is one.
"use strict";
window.MeldPicker = { parts: [] };
(() => {
  const { code, label, activate, notice, refuse, mount, mark } = window.CardCodes;
  // tokens keep "/" (a meld break) as a token of its own
  const tokens = (text) => window.CardCodes.tokens(text.replace(/\//g, " / "));
  const tr = window.CardCodes.t;

  document.addEventListener("DOMContentLoaded", () => {
    const form = document.getElementById("hand-form");
    const picker = document.getElementById("picker");
    if (!form || !picker) return;
    mount(picker);
    const size = Number(form.dataset.size || 10);
    const copies = Number(form.dataset.copies || 1);
    const full = form.dataset.full !== undefined;
    const extra = Number(form.dataset.knockerExtra || 0);
    const split = form.dataset.split !== undefined;
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
    const parts = window.MeldPicker.parts;
    const partOf = (name) => parts.find((part) => part.owns(name));
    const isMelds = (name) => name.startsWith("melds_");
    const one = new Set(inputs.filter((div) => div.dataset.one !== undefined).map((div) => div.dataset.target));
    const inHand = (name) => !isMelds(name) && !partOf(name) && !one.has(name);
    const hands = names.filter(inHand);
    const firstOne = [...one].find((name) => !fields[name].value.trim());
    let active = firstOne || hands[0] || names[0];

    const knocker = () => {
      const input = form.querySelector("input[name=knocker_seat]:checked");
      return input ? Number(input.value) : null;
    };
    // The most cards a hand may hold: the knocker's may hold data-knocker-extra more.
    const most = (name) => size + (seat[name] === knocker() ? extra : 0);
    const allowed = (c) => (c.startsWith("JK") ? 1 : copies);
    const cardsOf = (name) => (partOf(name)
      ? partOf(name).cards(state, name)
      : tokens(fields[name].value).filter((t) => t !== "/"));
    const held = (name) => (partOf(name)
      ? cardsOf(name).map((t) => code(t) || t)
      : tokens(fields[name].value).map((t) => (t === "/" ? t : code(t) || t)));
    const write = (name, list) => { fields[name].value = list.join(" ").replace(/ \/ ?/g, " / ").trim(); };
    const nameOf = (name) => {
      const target = picker.querySelector(`.target[data-target="${name}"]`);
      return target ? target.dataset.name || target.firstChild.textContent.trim() : name;
    };

    // Whether card c may join the meld being entered (the cards after the last "/"): a set of
    // its rank, or a run in its suit with room for it (a joker joins anything).
    const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
    function joins(list, c) {
      const at = list.lastIndexOf("/");
      const meld = list.slice(at + 1);
      const naturals = [...meld, c].filter((x) => !x.startsWith("JK"));
      if (!meld.length || c.startsWith("JK") || naturals.length < 2) return true;
      const rank = (x) => x.slice(0, -1);
      if (naturals.every((x) => rank(x) === rank(naturals[0]))) return true;
      if (!naturals.every((x) => x.slice(-1) === c.slice(-1))) return false;
      const ranks = naturals.map((x) => RANKS.indexOf(rank(x)));
      const high = ranks.map((r) => (r === 0 ? 13 : r)); // an ace above the king
      const fits = (rs) => new Set(rs).size === rs.length
        && Math.max(...rs) - Math.min(...rs) < meld.length + 1;
      return fits(ranks) || fits(high);
    }

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

    function setActive(name) {
      active = name;
      activate(picker, name);
      for (const part of parts) part.shown(state);
      check();
    }

    // What a part is given: the form and its fields, each field's seat and each seat's player,
    // the field being filled, how often a card may be held, the cards a field holds as codes.
    const state = { form, picker, names, fields, seat, playerOf, isMelds, allowed, held,
      get active() { return active; } };

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
      if (partOf(active)) { partOf(active).tap(state, c); check(); return; }
      if (one.has(active)) {
        write(active, held(active).includes(c) ? [] : [c]);
        setActive(hands[0]);
        return;
      }
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
      if (split && isMelds(active) && !joins(mine, c)) mine.push("/");
      mine.push(c);
      write(active, mine);
      const following = hands[hands.indexOf(active) + 1];
      if (full && following && mine.filter((x) => x !== "/").length === size) setActive(following);
      else check();
    });

    for (const name of names) {
      fields[name].addEventListener("input", () => {
        check();
        for (const part of parts) part.typed(state, name);
      });
      fields[name].addEventListener("focus", () => setActive(name));
    }
    form.addEventListener("change", check);
    // Who went out is chosen: the picker goes where their part of the hand is entered (their
    // melds, or the next player's cards), and a box that going out implies is ticked.
    for (const radio of form.querySelectorAll("input[name=knocker_seat]")) {
      radio.addEventListener("change", () => {
        if (!radio.checked) return;
        const seatOut = Number(radio.value);
        const tick = form.dataset.outTick && document.getElementById(form.dataset.outTick + seatOut);
        if (tick) tick.checked = true;
        const out = form.dataset.out;
        if (out === "melds" && fields[`melds_${seatOut}`]) setActive(`melds_${seatOut}`);
        if (out === "next") {
          const others = hands.filter((name) => seat[name] !== seatOut);
          const after = others.find((name) => seat[name] > seatOut) || others[0];
          if (after) setActive(after);
        }
      });
    }
    setActive(active);
  });
})();
