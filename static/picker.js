// Hand entry: the tappable 52-card picker, typing in the same notation, and live checks of
// the card count and duplicates. The server checks everything again; this only helps.
"use strict";
(() => {
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

  document.addEventListener("DOMContentLoaded", () => {
    const form = document.getElementById("hand-form");
    const picker = document.getElementById("picker");
    if (!form || !picker) return;
    picker.hidden = false;
    const fields = {
      knocker_cards: document.getElementById("knocker_cards"),
      defender_cards: document.getElementById("defender_cards"),
      upcard: document.getElementById("upcard"),
    };
    const size = Number(form.querySelector(".hand-input").dataset.size || 10);
    let active = "knocker_cards";

    const kind = () => (form.querySelector("input[name=kind]:checked") || {}).value;
    const expected = (name) => {
      if (name === "upcard") return [0, 1];
      if (name === "defender_cards") return [size];
      const k = kind();
      if (k === "big_gin") return [size + 1];
      if (k === "auto") return [size, size + 1];
      return [size];
    };
    const parsed = (name) => tokens(fields[name].value).map((t) => ({ token: t, code: code(t) }));

    function check() {
      const hands = {};
      for (const name of Object.keys(fields)) hands[name] = parsed(name);
      const inKnocker = new Set(hands.knocker_cards.map((c) => c.code));
      for (const name of Object.keys(fields)) {
        const cards = hands[name];
        let problem = "";
        const seen = new Set();
        for (const c of cards) {
          if (!c.code) { problem = "`" + c.token + "` is not a card"; break; }
          if (seen.has(c.code)) { problem = "`" + label(c.code) + "` appears twice"; break; }
          seen.add(c.code);
          if (name === "defender_cards" && inKnocker.has(c.code)) {
            problem = "`" + label(c.code) + "` is in both hands"; break;
          }
        }
        const want = expected(name);
        const count = form.querySelector(`[data-count-for=${name}]`);
        if (count) {
          count.textContent = `${cards.length}/${want.join(" or ")}`;
          count.classList.toggle("ok", want.includes(cards.length) && !problem);
          count.classList.toggle("bad", cards.length > Math.max(...want) || Boolean(problem));
        }
        const live = form.querySelector(`[data-live-for=${name}]`);
        if (live) live.textContent = problem;
      }
      for (const button of picker.querySelectorAll(".pc")) {
        const c = button.dataset.card;
        let chosen = false;
        for (const name of Object.keys(fields)) {
          const has = hands[name].some((x) => x.code === c);
          button.classList.toggle("in-" + name, has);
          chosen = chosen || has;
        }
        button.setAttribute("aria-pressed", String(chosen));
      }
    }

    function setActive(name) {
      active = name;
      for (const b of picker.querySelectorAll(".target[data-target]")) {
        b.classList.toggle("active", b.dataset.target === name);
        b.setAttribute("aria-selected", String(b.dataset.target === name));
      }
    }

    function write(name, codes) {
      fields[name].value = codes.join(" ");
    }

    picker.addEventListener("click", (event) => {
      const target = event.target.closest("button");
      if (!target) return;
      if (target.dataset.clear !== undefined) {
        write(active, []);
        check();
        return;
      }
      if (target.classList.contains("target")) {
        setActive(target.dataset.target);
        return;
      }
      const c = target.dataset.card;
      if (!c) return;
      if (active === "upcard") {
        write("upcard", fields.upcard.value.trim().toUpperCase() === c ? [] : [c]);
        setActive("knocker_cards");
        check();
        return;
      }
      const other = active === "knocker_cards" ? "defender_cards" : "knocker_cards";
      const mine = parsed(active).map((x) => x.code || x.token);
      if (mine.includes(c)) {
        write(active, mine.filter((x) => x !== c));
      } else {
        write(other, parsed(other).map((x) => x.code || x.token).filter((x) => x !== c));
        mine.push(c);
        write(active, mine);
        if (active === "knocker_cards" && mine.length === Math.min(...expected(active))) {
          setActive("defender_cards");
        }
      }
      check();
    });

    for (const [name, input] of Object.entries(fields)) {
      input.addEventListener("input", check);
      input.addEventListener("focus", () => setActive(name));
    }
    form.addEventListener("change", check);
    setActive("knocker_cards");
    check();
  });
})();
