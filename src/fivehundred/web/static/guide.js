// How to play, written for a table's own rules (guide.py, GET /api/guide): five short
// sections, the trumps and a plain suit card by card, and every bid's value in a table. Opened
// from the menu at a table, and from the lobby for the preset and house rules chosen there.
// The words are the server's, the same the terminal games show; this draws them, and adds the
// keys of this page (the terminal games have keys of their own).

import { getGuide } from "./net.js";
import { h, clear, cardNode, bidNode, suitSpan, SUIT_NAME } from "./util.js";

/** The menu item's icon: a question in a circle. */
export const GUIDE_ICON = '<svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><circle cx="12" cy="12" r="9"/><path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6"/><path d="M12 17h.01"/></svg>';

const LETTER = { "♠": "S", "♣": "C", "♦": "D", "♥": "H" };

let shown = 0;          // which opening is on show: a late answer to an earlier one is dropped
let unhook = null;      // takes away the open dialog's Escape and Back listeners

/** Show how to play: ``which`` is ``{ table }`` at a table, ``{ preset, toggles }`` in the
 *  lobby (the rules chosen in its form). */
export async function showGuide(which) {
  const el = document.getElementById("guide");
  const card = el.querySelector(".modal-card");
  const mine = ++shown;
  clear(card);
  card.appendChild(head("How to play", null));
  card.appendChild(h("p.muted", { text: "Loading…" }));
  open(el);
  let data;
  try {
    data = await getGuide(which);
  } catch (e) {
    if (mine !== shown || el.hidden) return;
    clear(card);
    card.appendChild(head("How to play", null));
    card.appendChild(h("p.form-error", { text: `Could not load the guide: ${e.message}` }));
    card.appendChild(closeRow(el));
    focusSoon(card.querySelector(".guide-x"));
    return;
  }
  if (mine !== shown || el.hidden) return;       // closed, or opened again, meanwhile
  clear(card);
  card.appendChild(head("How to play", data.label));
  for (const s of data.sections || []) {
    card.appendChild(h("section.guide-section", { dataset: { key: s.key } },
      h("h3.guide-title", { text: s.title }),
      (s.blocks || []).map(block)));
  }
  card.appendChild(keysSection());
  card.appendChild(closeRow(el));
  card.scrollTop = 0;
  // the keyboard starts at the ✕ by the title, where the reading starts (as in the rules)
  focusSoon(card.querySelector(".guide-x"));
}

/** The title, the rules it is for, and the ✕ that closes it (kept in sight as it scrolls). */
function head(title, label) {
  const x = h("button.icon-btn.small.rules-x.guide-x", { type: "button", "aria-label": "Close", text: "✕" });
  x.addEventListener("click", () => close(document.getElementById("guide")));
  return h("div.rules-head.guide-head", null,
    h("div", null, h("h2#guide-title", { text: title }), label ? h("p.guide-label.muted", { text: label }) : null), x);
}

/** The page's keys, as main.js, hand.js, panels.js, menu.js and the dialogs answer them: the
 *  whole game may be played by keyboard, and nothing on the page named a key. */
const KEYS = [
  [["←", "→", "Home", "End"], "go along your cards; Enter or Space plays the card with the focus, or at the kitty chooses it for the discard (or puts it back). Your hand is one stop for Tab."],
  [["↑", "↓"], "in the bid panel: more or fewer tricks. Enter on BID bids; Tab goes to the other buttons."],
  [["←", "→", "Home", "End"], "go along the joker's suits when you lead it, and along the cards you may call five-handed (the up and down arrows from suit to suit); Enter chooses."],
  [["Ctrl+Z"], "takes back your last card, bid or discard, as TAKE BACK does (⌘Z on a Mac)."],
  [["Enter", "Space"], "on the score plaque opens the score sheet: every hand of the game so far."],
  [["Escape"], "closes the menu, the score sheet, the rules, How to play, the last trick, the hint, the joker's suits, or a question (answering no); at a pause, resumes the game."],
];

/** The arrows' names, read out in words (a reader said "leftwards arrow", or nothing). */
const ARROW_WORD = { "←": "Left arrow", "→": "Right arrow", "↑": "Up arrow", "↓": "Down arrow" };

/** The section on the page's keys (``KEYS``), after the rules' own. */
function keysSection() {
  const key = (k) => h("kbd", null, ARROW_WORD[k]
    ? [h("span", { "aria-hidden": "true", text: k }), h("span.sr-only", { text: ARROW_WORD[k] })] : k);
  const keys = (list) => list.flatMap((k, i) => (i ? [", ", key(k)] : [key(k)]));
  return h("section.guide-section.guide-keys", { dataset: { key: "keys" } },
    h("h3.guide-title", { text: "Keys" }),
    h("dl.guide-keys-list", null,
      KEYS.map(([list, what]) => [h("dt", null, keys(list)), h("dd", { text: what })])));
}

/** A block of a section: a paragraph, a row of cards after its caption, or the bid table. */
function block(b) {
  if (b.kind === "cards") {
    return h("div.guide-cards-block", null, h("p", null, suited(b.text)),
      h("p.guide-cards", null,
        b.cards.map((c) => h("span.guide-chip", { dataset: { card: c } }, cardNode(c)))));
  }
  if (b.kind === "bids") return bidTable(b);
  return h("p", null, suited(b.text));
}

/** The engine's words with each suit symbol coloured as on the cards. */
function suited(text) {
  return String(text).split(/([♠♣♦♥])/).filter(Boolean).map((part) => LETTER[part] ? suitSpan(LETTER[part]) : part);
}

/** Every bid's value: a row for each number of tricks, a column for each strain (in its own
 *  box, which scrolls sideways where the screen is narrower), then misère and open misère. */
function bidTable(b) {
  const strains = b.strains || [];
  const headCell = (s) => s === "NT" ? h("th", { scope: "col", text: "NT", title: "No trumps" })
    : h("th", { scope: "col", title: SUIT_NAME[s], "aria-label": SUIT_NAME[s] }, suitSpan(s));
  const table = h("table.guide-bids", null,
    h("caption", { text: b.text }),
    h("thead", null, h("tr", null, h("th", { scope: "col", text: "Tricks" }), strains.map(headCell))),
    h("tbody", null, (b.rows || []).map((r) => h("tr", null,
      h("th", { scope: "row", text: String(r.tricks) }),
      r.values.map((v, i) => h("td.num", { dataset: { bid: `${r.tricks}${strains[i]}` }, text: String(v) }))))));
  const others = (b.others || []).map((o) => h("li", { dataset: { bid: o.bid } },
    bidNode(o.bid), " ", h("b", { text: String(o.value) }), h("span.muted", null, ` · ranks `, suited(o.ranks))));
  return h("div.guide-bids-block", null,
    h("div.guide-bids-box", null, table),
    others.length ? h("ul.guide-others", null, others) : null);
}

function closeRow(el) {
  const b = h("button.btn.btn-primary", { type: "button", text: "CLOSE" });
  b.addEventListener("click", () => close(el));
  return h("div.sheet-actions", null, b);
}

/** Show the dialog: Escape, a click beside it and the browser's Back close it. */
function open(el) {
  if (unhook) unhook();
  el.hidden = false;
  const onKey = (e) => {
    if (e.key !== "Escape") return;
    e.stopPropagation();          // (this dialog only: not the menu or a panel behind it)
    close(el);
  };
  const onDown = (e) => { if (e.target === el) close(el); };
  const onBack = () => close(el);
  document.addEventListener("keydown", onKey, true);
  el.addEventListener("pointerdown", onDown);
  window.addEventListener("popstate", onBack);
  unhook = () => {
    document.removeEventListener("keydown", onKey, true);
    el.removeEventListener("pointerdown", onDown);
    window.removeEventListener("popstate", onBack);
    unhook = null;
  };
}

/** Hide the dialog (focus.js gives the focus back to where it was opened from). */
function close(el) {
  el.hidden = true;
  if (unhook) unhook();
}

/** Focus ``b`` once the dialog is drawn, without scrolling it. */
function focusSoon(b) {
  setTimeout(() => { if (b && b.isConnected) b.focus({ preventScroll: true }); }, 0);
}
