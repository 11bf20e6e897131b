// The page's language for the scripts: texts translated by the server
// (templates/_script_texts.html), keyed by name, with "%(name)s" where a value goes; English
// when a page has none. One reader for every script: window.ginText(key, english, values).
"use strict";
(() => {
  let texts = {};
  try {
    texts = JSON.parse(document.getElementById("script-texts").textContent);
  } catch (err) {
    texts = {};
  }
  window.ginText = (key, english, values = {}) =>
    (texts[key] || english).replace(/%\((\w+)\)s/g, (all, name) => (name in values ? String(values[name]) : all));
})();
