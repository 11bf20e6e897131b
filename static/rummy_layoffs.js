// 500 Rum's layoffs on the hand form: a field per player of the cards they laid off onto
// another player's meld, each group its cards, ">" and the meld ("9H 10H > Ann 1; 5S > Ben 2").
// A part of the meld picker (static/meld_picker.js, loaded before this): while a player's
// layoffs are chosen, a tapped card goes onto the meld chosen under the targets (or comes
// off, when that player had laid it off), and the choice of melds lists every other player's.
"use strict";
(() => {
  const { code, label, notice, refuse } = window.CardCodes;
  const tr = window.CardCodes.t;
  const owns = (name) => name.startsWith("layoffs_");

  // A layoffs field's groups: the cards, then ">" and the meld they went onto ("Ann 1").
  function groupsOf(text) {
    return text.split(/[;,]/).filter((g) => g.trim()).map((g) => {
      const [cards, ...rest] = g.replace(/→/g, ">").split(">");
      return { cards: window.CardCodes.tokens(cards), target: rest.join(">").trim().replace(/\s+/g, " ") };
    });
  }

  function writeGroups(field, groups) {
    field.value = groups.filter((g) => g.cards.length)
      .map((g) => `${g.cards.join(" ")} > ${g.target}`).join("; ");
  }

  const ontoOf = (state) => state.picker.querySelector(".layoff-onto select");

  // The melds a card may be laid off onto: every other player's, by name and number.
  function fillOnto(state) {
    const onto = ontoOf(state);
    if (!onto) return;
    const active = state.active;
    onto.closest("label").hidden = !owns(active);
    if (!owns(active)) return;
    const chosen = onto.value;
    onto.textContent = "";
    for (const name of state.names.filter(state.isMelds)) {
      if (state.seat[name] === state.seat[active]) continue;
      const player = state.playerOf[state.seat[name]];
      const melds = state.fields[name].value.split("/").map((m) => window.CardCodes.tokens(m)).filter((m) => m.length);
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

  // A tap while a player's layoffs are chosen: the card goes onto the meld chosen under the
  // targets (or comes off, when that player had laid it off).
  function layOff(state, c) {
    const { picker, fields, names, held, allowed } = state;
    const active = state.active;
    const onto = ontoOf(state);
    const groups = groupsOf(fields[active].value);
    const mine = groups.findIndex((g) => g.cards.some((t) => code(t) === c));
    if (mine >= 0) {
      groups[mine].cards = groups[mine].cards.filter((t) => code(t) !== c);
      writeGroups(fields[active], groups);
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
    writeGroups(fields[active], groups);
  }

  window.MeldPicker.parts.push({
    owns,
    cards: (state, name) => groupsOf(state.fields[name].value).flatMap((g) => g.cards),
    tap: layOff,
    shown: fillOnto,
    typed: (state, name) => { if (state.isMelds(name)) fillOnto(state); },
  });
})();
