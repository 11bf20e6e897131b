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
  return { code, label, tokens };
})();
