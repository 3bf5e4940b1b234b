// Your statistics per strength, as the lobby and the game-over dialog show them, and the
// strengths' words.

import { h, cap } from "./util.js";

// The strengths in words (the bots' catalog's words, src/fivehundred/bot_catalog.py:
// tests/test_bot_catalog_s12.py holds the two equal); the lobby, table.js, menu.js and
// dialogs.js use it.
export const STRENGTH_WORDS = {
  easy: "Easy",
  medium: "Medium",
  hard: "Hard",
  insane: "Insane",
};

function pct(a, b) {
  return b ? `${Math.round((100 * a) / b)}%` : "–";
}

/** A table of statistics per strength (used by the lobby and the game-over dialog). */
export function statsTable(stats, strengths = null, only = null) {
  const by = (stats && stats.by_strength) || {};
  let keys = strengths || Object.keys(by);
  if (only) keys = [only];
  const rows = keys.filter((k) => by[k] && (by[k].games || by[k].hands));  // (not take-backs alone)
  const took = keys.filter((k) => by[k] && by[k].take_backs > 0)
    .map((k) => `${STRENGTH_WORDS[k] || cap(k)} ${by[k].take_backs}`);
  const note = took.length ? h("p.stats-note.muted", { text: `Decisions taken back: ${took.join(" · ")}.` }) : null;
  if (!rows.length) {
    return h("div.stats-box", null,
      h("p.muted", { text: "No games finished yet. Your results will appear here." }), note);
  }
  const head = h("tr", null,
    h("th", { text: "Opponents" }), h("th", { text: "Games" }), h("th", { text: "Won" }),
    h("th", { text: "Bids made" }), h("th", { text: "Misère" }), h("th", { text: "Points / hand" }));
  const body = rows.map((k) => {
    const s = by[k];
    return h("tr", null,
      h("td", { text: STRENGTH_WORDS[k] || cap(k) }),
      h("td.num", { text: s.games ?? 0 }),
      h("td.num", { text: `${s.wins ?? 0} (${pct(s.wins, s.games)})` }),
      h("td.num", { text: `${s.made ?? 0}/${s.bid ?? 0}` }),
      h("td.num", { text: `${s.misere_made ?? 0}/${s.misere_bid ?? 0}` }),
      h("td.num", { text: typeof s.points_per_hand === "number" ? s.points_per_hand.toFixed(1) : "–" }));
  });
  // (in a box of its own that scrolls sideways if its figures ever outgrow a phone's width)
  const table = h("div.stats-scroll", null,
    h("table.stats-table", null, h("thead", null, head), h("tbody", null, body)));
  // decisions taken back against each strength, said beside the results they helped make
  return note ? h("div.stats-box", null, table, note) : table;
}
