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
  const t = window.ginText; // static/texts.js

  // One token → a card code ("10H", "AS", "JK1") or null.
  function code(token) {
    const text = token.trim().toUpperCase().replace(/\uFE0F/g, "");
    if (/^JK\d*$/.test(text)) return text === "JK" ? "JK1" : text; // JK is joker 1
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
      if (!c.code) return t("not_a_card", "`%(token)s` is not a card", { token: c.token });
      if (seen.has(c.code)) return t("twice", "`%(card)s` appears twice", { card: label(c.code) });
      seen.add(c.code);
      const other = more(c);
      if (other) return other;
    }
    return "";
  }

  // Beside a field: how many cards it holds of how many it needs, and its problem.
  function show(form, name, cards, want, trouble) {
    // the typed field's label and the picker's target both show the count
    for (const count of form.querySelectorAll(`[data-count-for=${name}], [data-target-count=${name}]`)) {
      count.textContent = `${cards.length}/${want.join(" " + t("or", "or") + " ")}`;
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
      b.setAttribute("aria-pressed", String(b.dataset.target === name));
    }
  }

  // A card button's state: who holds it ({seat, melds, name} each, the one shown first): the
  // first holder's colour (an outline for a melded card), a mark when two hands hold it (two
  // packs), pressed when held, and its holders in its name for a screen reader.
  function mark(button, holders) {
    const first = holders[0];
    button.classList.toggle("held", Boolean(first));
    button.classList.toggle("meld", Boolean(first && first.melds));
    button.classList.toggle("twice", holders.length > 1);
    if (first) button.style.setProperty("--holder", `var(--seat${first.seat})`);
    else button.style.removeProperty("--holder");
    button.setAttribute("aria-pressed", String(Boolean(first)));
    say(button, holders.map((h) => h.name));
  }

  // A card button's name for a screen reader: the card in words, then whose it is.
  function say(button, names) {
    if (button.dataset.name === undefined) button.dataset.name = button.getAttribute("aria-label") || "";
    const who = names.join(", ");
    button.setAttribute("aria-label", who ? `${button.dataset.name}: ${who}` : button.dataset.name);
  }

  // The name of a picker target (the hand a field holds), as its button says it.
  function targetName(picker, field) {
    const target = picker.querySelector(`.target[data-target="${field}"]`);
    return target ? target.dataset.name || target.firstChild.textContent.trim() : "";
  }

  // The card grid is one Tab stop: the arrow keys move between its cards (up and down to the
  // nearest card of the row above or below), Home and End to the first and last.
  function rove(grid) {
    const cards = () => [...grid.querySelectorAll(".pc")].filter((b) => b.offsetParent !== null);
    const current = (b) => {
      for (const x of grid.querySelectorAll(".pc")) x.tabIndex = x === b ? 0 : -1;
    };
    const vertical = (list, from, down) => {
      const r = from.getBoundingClientRect();
      const x = r.left + r.width / 2;
      let best = null;
      let bestY = Infinity;
      let bestX = Infinity;
      for (const b of list) {
        const q = b.getBoundingClientRect();
        const dy = down ? q.top - r.top : r.top - q.top;
        if (dy < 4) continue;
        const dx = Math.abs(q.left + q.width / 2 - x);
        if (dy < bestY - 4 || (Math.abs(dy - bestY) <= 4 && dx < bestX)) {
          best = b;
          bestY = dy;
          bestX = dx;
        }
      }
      return best;
    };
    current(grid.querySelector(".pc"));
    grid.addEventListener("focusin", (event) => {
      const b = event.target.closest(".pc");
      if (b) current(b);
    });
    grid.addEventListener("keydown", (event) => {
      const b = event.target.closest(".pc");
      if (!b) return;
      const list = cards();
      const i = list.indexOf(b);
      const next = {
        ArrowRight: () => list[i + 1],
        ArrowLeft: () => list[i - 1],
        Home: () => list[0],
        End: () => list[list.length - 1],
        ArrowDown: () => vertical(list, b, true),
        ArrowUp: () => vertical(list, b, false),
      }[event.key];
      if (!next) return;
      event.preventDefault();
      const to = next();
      if (to) {
        current(to);
        to.focus();
      }
    });
  }

  // Which of `hands` other than `active` holds card c (held(name) gives a hand's codes).
  const holder = (c, active, hands, held) =>
    hands.find((other) => other !== active && held(other).includes(c));

  // The picker's own line under its targets: what the last tap did not do, and why.
  function notice(picker, text) {
    const line = picker.querySelector(".picker-notice");
    if (line) line.textContent = text;
  }

  // A tap on a card another hand holds is refused, and the picker says whose it is: a slip
  // of the finger never takes a card from a hand already entered.
  function refuse(picker, c, other) {
    const target = picker.querySelector(`.target[data-target="${other}"]`);
    const name = target ? target.dataset.name || target.firstChild.textContent.trim()
      : t("another_hand", "another hand");
    notice(picker, t("already_in", "%(card)s is already in %(name)s. To move it, tap %(name)s and take it out there first.",
      { card: label(c), name }));
  }

  // A tap on card c while filling hand `active`: out of that hand if it holds it; refused (the
  // picker says whose it is) when another hand holds it; else into it, and a hand just filled
  // passes the picker to the next one. held(name) gives a hand's codes as typed,
  // write(name, codes) sets them.
  function tap(picker, c, active, hands, held, write, need, next) {
    const mine = held(active);
    notice(picker, "");
    if (mine.includes(c)) {
      write(active, mine.filter((x) => x !== c));
      return;
    }
    const other = holder(c, active, hands, held);
    if (other) {
      refuse(picker, c, other);
      return;
    }
    mine.push(c);
    write(active, mine);
    const following = hands[hands.indexOf(active) + 1];
    if (following && mine.length === Math.min(...need(active))) next(following);
  }

  // A picker ready for taps: shown (it needs this script), the typed fields folded away
  // under it unless they hold a problem, and in view once cards are the way in: choosing
  // them (or opening the form with them) scrolls the entry switch to the top of the screen,
  // so who knocked, how and the whole picker show above the sticky Save bar.
  let revealedOnOpen = false;
  function mount(picker) {
    picker.hidden = false;
    const grid = picker.querySelector(".grid");
    if (grid) rove(grid);
    const scope = picker.closest("[data-table]") || picker.closest("form") || document;
    for (const typed of scope.querySelectorAll("details.typed")) {
      typed.open = Boolean(typed.querySelector(".error:not(:empty)"));  // a refusal shows
    }
    const bar = document.querySelector(".actions.sticky");
    const reveal = (from) => {
      const room = window.innerHeight - (bar ? bar.getBoundingClientRect().height : 0);
      if (picker.getBoundingClientRect().bottom <= room) return;
      window.scrollTo({ top: window.scrollY + from.getBoundingClientRect().top - 6 });
    };
    for (const mode of scope.querySelectorAll("input[name$=entry][value=cards]")) {
      const from = mode.closest("fieldset") || picker;
      mode.addEventListener("change", () => { if (mode.checked) reveal(from); });
      // on opening, the first picker by cards comes into view (a deal's table 1, not table 2)
      if (mode.checked && !revealedOnOpen && !document.querySelector(".error-summary, .ruling")) {
        revealedOnOpen = true;
        reveal(from);
      }
    }
  }

  return { code, label, tokens, problem, show, activate, tap, holder, notice, refuse, mount, mark,
    say, targetName, t };
})();
