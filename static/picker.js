// Hand entry: the tappable 52-card picker, typing in the same notation, and live checks of
// the card count and duplicates. The server checks everything again; this only helps.
//
// The picker's target buttons name the inputs it fills (data-target = the input's id). A
// target is a hand by default (a card is in one hand only); data-role="spread" makes it the
// melds laid down from the hand named by data-of ("|" between melds); the upcard takes one
// card. A .hand-input[data-counts] says how many cards a hand needs ("10 11"). A target with
// data-first is the one the picker starts on while its field is empty.
//
// A page may hold several pickers, each for its own hands (a deal played at two tables at
// once: one per table). A picker's data-prefix names its table's fields ("t2_": t2_kind,
// t2_knocker_cards, t2_upcard); its checks and its cards stay within the closest [data-table]
// (else the form).
"use strict";
(() => {
  const { code, label, tokens, problem, show, activate, tap, mount, say, targetName } = window.CardCodes;

  function setup(picker) {
    const form = picker.closest("form");
    if (!form) return;
    const scope = picker.closest("[data-table]") || form;
    const prefix = picker.dataset.prefix || "";
    mount(picker);
    const fields = {};
    const roles = {};
    for (const b of picker.querySelectorAll(".target[data-target]")) {
      const input = document.getElementById(b.dataset.target);
      if (!input) continue;
      fields[b.dataset.target] = input;
      roles[b.dataset.target] = b.dataset.role
        || (b.dataset.target === prefix + "upcard" ? "upcard" : "hand");
    }
    const hands = Object.keys(fields).filter((name) => roles[name] === "hand");
    const source = (name) => picker.querySelector(`.target[data-target="${name}"]`).dataset.of;
    const size = Number(scope.querySelector(".hand-input").dataset.size || 10);
    // The picker's colours name the field without its table's prefix (in-knocker_cards).
    const tone = (name) => "in-" + name.slice(prefix.length);
    let active = hands[0];

    const kind = () => (scope.querySelector(`input[name=${prefix}kind]:checked`) || {}).value;
    const expected = (name) => {
      const box = scope.querySelector(`.hand-input[data-target="${name}"]`);
      if (box && box.dataset.counts) return box.dataset.counts.split(/\s+/).map(Number);
      if (roles[name] === "upcard") return [0, 1];
      if (name !== prefix + "knocker_cards") return [size];
      const k = kind();
      if (k === "big_gin") return [size + 1];
      if (k === "auto") return [size, size + 1];
      return [size];
    };
    // A spread's melds are separated by "|"; every other field is one list of cards.
    const groups = (name) => {
      const value = fields[name].value;
      return (roles[name] === "spread" ? value.split("|") : [value])
        .map((g) => tokens(g).map((t) => ({ token: t, code: code(t) })));
    };
    const parsed = (name) => groups(name).flat();

    function check() {
      const held = {};
      for (const name of Object.keys(fields)) held[name] = parsed(name);
      const earlier = new Set();
      for (const name of Object.keys(fields)) {
        const cards = held[name];
        const trouble = problem(cards, (c) => {
          if (roles[name] === "hand" && earlier.has(c.code)) {
            return "`" + label(c.code) + "` is in both hands";
          }
          if (roles[name] === "spread" && !held[source(name)].some((x) => x.code === c.code)) {
            return "`" + label(c.code) + "` is not among the knocker's cards";
          }
          return "";
        });
        if (roles[name] === "hand") for (const c of cards) earlier.add(c.code);
        show(form, name, cards, expected(name), trouble);
      }
      for (const button of picker.querySelectorAll(".pc")) {
        const c = button.dataset.card;
        let chosen = false;
        const holders = [];
        for (const name of Object.keys(fields)) {
          const has = held[name].some((x) => x.code === c);
          button.classList.toggle(tone(name), has);
          chosen = chosen || (has && roles[name] !== "spread");
          if (has) holders.push(targetName(picker, name));
        }
        button.setAttribute("aria-pressed", String(chosen));
        say(button, holders.filter(Boolean));
      }
    }

    function setActive(name) {
      active = name;
      activate(picker, name);
      const spread = roles[name] === "spread";
      picker.classList.toggle("spreading", spread);
      for (const help of picker.querySelectorAll(".spread-help")) help.hidden = !spread;
    }

    function write(name, codes) {
      fields[name].value = codes.join(" ");
    }

    function writeGroups(name, melds) {
      fields[name].value = melds.map((m) => m.join(" ")).join(" | ").trim();
    }

    function tapSpread(c) {
      const melds = groups(active).map((g) => g.map((x) => x.code || x.token));
      const at = melds.findIndex((m) => m.includes(c));
      if (at >= 0) melds[at] = melds[at].filter((x) => x !== c);
      else melds[melds.length - 1].push(c);
      const last = melds.pop();
      writeGroups(active, [...melds.filter((m) => m.length), last]);
    }

    picker.addEventListener("click", (event) => {
      const target = event.target.closest("button");
      if (!target) return;
      if (target.dataset.clear !== undefined) {
        write(active, []);
        check();
        return;
      }
      if (target.dataset.sep !== undefined) {
        if (roles[active] === "spread" && !/\|\s*$/.test(fields[active].value)
            && fields[active].value.trim()) {
          fields[active].value = fields[active].value.trim() + " | ";
        }
        return;
      }
      if (target.classList.contains("target")) {
        setActive(target.dataset.target);
        return;
      }
      const c = target.dataset.card;
      if (!c) return;
      if (roles[active] === "upcard") {
        write(active, fields[active].value.trim().toUpperCase() === c ? [] : [c]);
        setActive(hands[0]);
        check();
        return;
      }
      if (roles[active] === "spread") {
        tapSpread(c);
        check();
        return;
      }
      const held = (name) => parsed(name).map((x) => x.code || x.token);
      tap(picker, c, active, hands, held, write, expected, setActive);
      check();
    });

    for (const [name, input] of Object.entries(fields)) {
      input.addEventListener("input", check);
      input.addEventListener("focus", () => setActive(name));
    }
    form.addEventListener("change", check);
    // A target marked data-first (Oklahoma's upcard, which sets the knock limit) is filled
    // first while it is empty; its card passes the picker on to the first hand.
    const first = picker.querySelector(".target[data-first]");
    setActive(first && fields[first.dataset.target] && !fields[first.dataset.target].value.trim()
      ? first.dataset.target : hands[0]);
    check();
  }

  document.addEventListener("DOMContentLoaded", () => {
    for (const picker of document.querySelectorAll(".picker")) setup(picker);
  });
})();
