// The rules dialog: the table's options, each named and its value in words (the rules
// string's token beside it in small print), with a line on what it does.

import { getRules } from "./net.js";
import { choiceWord } from "./lobby.js";
import { h, clear, cap } from "./util.js";

const OPTION_NAMES = {
  players: "Players", deck: "Pack", teams: "Teams", dead_hand: "Dead hand", call_partner: "Called partner",
  deal_pattern: "Deal", first_dealer: "First dealer", auction: "Auction", misere_allowed: "Misère allowed",
  misere_value: "Misère is worth", misere_rank: "Misère ranks", misere_needs_seven: "Misère only over a 7-bid",
  misere_stops_when_taken: "Misère stops at its first trick", misere_defender_points: "Failed misère: opponents score",
  open_misere_allowed: "Open misère allowed", open_misere_value: "Open misère is worth", open_misere_rank: "Open misère ranks",
  open_misere_reveal: "Open misère hand shown", all_pass: "When everyone passes", opening_lead: "Opening lead",
  nt_joker: "Joker at no trumps", slam: "Slam (all ten tricks)", defender_trick_points: "Defenders' tricks",
  win: "Game won", target: "Game to", hole: "Game lost at",
};

// An option's value in words (the token itself is shown beside it in small print).
const VALUE_WORDS = {
  teams: { none: "Each for himself", two: "Two teams, on alternate seats", pairs: "Pairs, partners opposite" },
  first_dealer: { cut: "A cut: the lowest card deals", random: "At random" },
  auction: { rounds: "Rounds: a pass is final", single: "One bid each" },
  misere_rank: { after_sevens: "Above every 7-bid", by_value: "Between 8♠ and 8♣" },
  open_misere_rank: { after_10D: "Between 10♦ and 10♥", top: "Above 10 NT" },
  open_misere_reveal: { after_first_trick: "After the first trick", before_lead: "Before the first lead" },
  misere_defender_points: { none: "Nothing", ten_per_declarer_trick: "10 for each trick the declarer took" },
  all_pass: { redeal: "A new deal", play_no_trumps: "Played at no trumps, 10 a trick" },
  opening_lead: { declarer: "The declarer", eldest: "The dealer's left" },
  nt_joker: { australian: "Australian: led naming a suit not yet led", classic: "Classic: led naming any suit not shown void" },
  slam: { "250_if_less": "Worth at least 250", bonus_equal_to_bid: "A bonus equal to the bid", none: "Nothing extra" },
  defender_trick_points: { always: "10 a trick", none: "Nothing" },
  win: { by_own_contract: "Only by making a bid", reach_500_any_way: "Reaching the target any way" },
};

/** A rules option's value as words, e.g. deal 3-k1-4-k1-3-k1: "3, kitty 1, 4, kitty 1, 3, kitty 1". */
export function ruleValueWords(option, value) {
  const v = String(value);
  if (v === "true") return "yes";
  if (v === "false") return "no";
  const words = VALUE_WORDS[option];
  if (words && words[v]) return words[v];
  if (option === "deal_pattern") return v.split("-").map((p) => (p.startsWith("k") ? `kitty ${p.slice(1)}` : p)).join(", ");
  if (option === "deck") return v === "24" ? "24 cards, no joker" : `${v} cards with the joker`;
  return choiceWord(v);
}

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
    return;
  }
  clear(card);
  const x = h("button.icon-btn.small.rules-x", { type: "button", "aria-label": "Close", text: "✕" });
  x.addEventListener("click", () => { el.hidden = true; });
  card.appendChild(h("div.rules-head", null, h("h2#rules-title", { text: data.label || "Rules of this table" }), x));
  const dl = h("dl.rules-list");
  for (const o of data.options || []) {
    const nice = OPTION_NAMES[o.option] || cap(String(o.option).replace(/_/g, " "));
    const token = String(o.value);
    const val = ruleValueWords(o.option, token);
    const showToken = val.toLowerCase() !== token.toLowerCase() && !["true", "false"].includes(token);
    dl.appendChild(h("div.rule-item", null,
      h("dt", null, h("span.rule-name", { text: nice }),
        h("span.rule-value", { text: val, title: `${o.option}=${token}` },
          showToken ? h("code.rule-token", { text: token }) : null)),
      h("dd", { text: o.text || "" })));
  }
  card.appendChild(dl);
  card.appendChild(closeRow(el));
}

function closeRow(el) {
  const b = h("button.btn.btn-primary", { type: "button", text: "CLOSE" });
  b.addEventListener("click", () => { el.hidden = true; });
  setTimeout(() => b.focus({ preventScroll: true }), 0);
  return h("div.sheet-actions", null, b);
}
