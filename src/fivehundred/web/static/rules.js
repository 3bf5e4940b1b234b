// The rules dialog: the table's options, each named and its value in words (the rules
// string's token beside it in small print), with a line on what holds at the table; an option
// that means nothing there (a misère's, where misère may not be bid) is dimmed and says why.
// The words are the server's (options.py rules_json), as the terminal table shows them.

import { getRules } from "./net.js";
import { h, clear } from "./util.js";

export async function showRules(tableId) {
  const el = document.getElementById("rules");
  const card = el.querySelector(".modal-card");
  clear(card);
  card.appendChild(h("h2#rules-title", { text: "Rules of this table" }));
  card.appendChild(h("p.muted", { text: "Loading…" }));
  el.hidden = false;
  let data;
  try {
    data = await getRules(tableId);
  } catch (e) {
    clear(card);
    card.appendChild(h("h2#rules-title", { text: "Rules of this table" }));
    card.appendChild(h("p.form-error", { text: `Could not load the rules: ${e.message}` }));
    card.appendChild(closeRow(el));
    focusSoon(card.querySelector(".sheet-actions button"));
    return;
  }
  clear(card);
  const x = h("button.icon-btn.small.rules-x", { type: "button", "aria-label": "Close", text: "✕" });
  x.addEventListener("click", () => { el.hidden = true; });
  card.appendChild(h("div.rules-head", null, h("h2#rules-title", { text: data.label || "Rules of this table" }), x));
  const dl = h("dl.rules-list");
  for (const o of data.options || []) {
    const token = String(o.value);
    const val = String(o.words);
    const showToken = val.toLowerCase() !== token.toLowerCase() && !["true", "false"].includes(token);
    dl.appendChild(h("div.rule-item", o.off ? { class: "off" } : null,
      h("dt", null, h("span.rule-name", { text: o.name }),
        h("span.rule-value", { text: val, title: `${o.option}=${token}` },
          // (the option's own word, for the eye: its title says it, and a reader read
          // "Above every 7-bid after_sevens")
          showToken ? h("code.rule-token", { text: token, "aria-hidden": "true" }) : null)),
      h("dd", { text: o.off ? `Not at this table: ${o.off}.` : o.text })));
  }
  card.appendChild(dl);
  card.appendChild(closeRow(el));
  // the keyboard starts at the top, on the ✕ by the title, where the reading starts: on CLOSE
  // at the foot, out of sight, Space or Enter shut the rules the player meant to read
  focusSoon(x);
}

function closeRow(el) {
  const b = h("button.btn.btn-primary", { type: "button", text: "CLOSE" });
  b.addEventListener("click", () => { el.hidden = true; });
  return h("div.sheet-actions", null, b);
}

/** Focus ``b`` once the dialog is drawn, without scrolling it. */
function focusSoon(b) {
  setTimeout(() => b.focus({ preventScroll: true }), 0);
}
