// The one card notation of the pages (rank A 2-9 10|T J Q K, suit S H D C or ♠ ♥ ♦ ♣, jokers
// JK, JK1 ...), read from what a scorer types or taps; the pickers share it. The server parses
// everything again: this only helps while typing.
"use strict";
window.CardCodes = (() => {
  const SUITS = { S: "S", H: "H", D: "D", C: "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C",
    "♤": "S", "♡": "H", "♢": "D", "♧": "C" };
  const SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
  const RANKS = { A: "A", T: "10", J: "J", Q: "Q", K: "K", 10: "10" };
  for (let n = 2; n <= 9; n++) RANKS[String(n)] = String(n);
  // German B D (Bube, Dame) and Russian В Д К Т: the server's table (referee/rules/rank_letters.py).
  Object.assign(RANKS, { B: "J", D: "Q", "В": "J", "Д": "Q", "К": "K", "Т": "A" });

  // One token → a card code ("10H", "AS", "JK1") or null.
  function code(token) {
    const text = token.trim().toUpperCase().replace(/\uFE0F/g, "");
    if (/^JK\d*$/.test(text)) return text;
    const suit = SUITS[text.slice(-1)];
    const rank = RANKS[text.slice(0, -1)];
    return suit && rank ? rank + suit : null;
  }
  const label = (c) => (c.startsWith("JK") ? c : c.slice(0, -1) + SYMBOL[c.slice(-1)]);
  const tokens = (text) => text.split(/[\s,;]+/).filter(Boolean);

  // The first problem with one field's cards ({token, code} each): a token that is no card, a
  // card twice, or what more(card) says (held by another hand, say); "" when none.
  function problem(cards, more) {
    const seen = new Set();
    for (const c of cards) {
      if (!c.code) return "`" + c.token + "` is not a card";
      if (seen.has(c.code)) return "`" + label(c.code) + "` appears twice";
      seen.add(c.code);
      const other = more(c);
      if (other) return other;
    }
    return "";
  }

  // Beside a field: how many cards it holds of how many it needs, and its problem.
  function show(form, name, cards, want, trouble) {
    const count = form.querySelector(`[data-count-for=${name}]`);
    if (count) {
      count.textContent = `${cards.length}/${want.join(" or ")}`;
      count.classList.toggle("ok", want.includes(cards.length) && !trouble);
      count.classList.toggle("bad", cards.length > Math.max(...want) || Boolean(trouble));
    }
    const live = form.querySelector(`[data-live-for=${name}]`);
    if (live) live.textContent = trouble;
  }

  // The picker's target buttons: the one that fills field `name` is the active one.
  function activate(picker, name) {
    for (const b of picker.querySelectorAll(".target[data-target]")) {
      b.classList.toggle("active", b.dataset.target === name);
      b.setAttribute("aria-selected", String(b.dataset.target === name));
    }
  }

  // A tap on card c while filling hand `active`: out of that hand if it holds it, else into it
  // (and out of every other hand); a hand just filled passes the picker to the next one.
  // held(name) gives a hand's codes as typed, write(name, codes) sets them.
  function tap(c, active, hands, held, write, need, next) {
    const mine = held(active);
    if (mine.includes(c)) {
      write(active, mine.filter((x) => x !== c));
      return;
    }
    for (const other of hands) {
      if (other !== active) write(other, held(other).filter((x) => x !== c));
    }
    mine.push(c);
    write(active, mine);
    const following = hands[hands.indexOf(active) + 1];
    if (following && mine.length === Math.min(...need(active))) next(following);
  }

  return { code, label, tokens, problem, show, activate, tap };
})();
