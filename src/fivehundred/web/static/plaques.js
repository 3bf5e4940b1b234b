// The plaques at the top of the table: the score (each side's score, a bar towards the game's
// target, what the last hand brought; a button over it opens the score sheet) and the auction
// or the contract (the bids so far; then the contract, its called partner, the tricks each
// way). table.js lays the seats out round them.

import { h, clear, bidNode, cardNode, midSentence, shortNames, seatNames, nameNode, withNames } from "./util.js";

/** A side's short label on a phone, named as the full one is: you first, then clockwise
 *  from you ("You & N", "E & W", "NW, N & NE"), each seat's isolated (a right-to-left
 *  letter reorders nothing). */
function shortSide(seats, you, players, shorts) {
  const words = [...seats].sort((a, b) => ((a - you + players) % players) - ((b - you + players) % players))
    .map((s) => (s === you ? "You" : nameNode(shorts[s])));
  return words.flatMap((w, i) => (i === 0 ? [w] : [i === words.length - 1 ? " & " : ", ", w]));
}

/** A table's rules in short, for a phone's plaque: the label without what it says in
 *  brackets ("Australian (4 players, partners)": "Australian"; the sides are on the plaque). */
function shortRules(label) {
  return label.replace(/ \([^)]*\)/g, "");
}

/** The game's end in a few words: "to 500", and the hole where it is not the target's
 * opposite ("to 500 · out at −250"). */
export function gameWords(t) {
  const hole = typeof t.hole === "number" && t.hole !== -t.target ? ` · out at ${String(t.hole).replace("-", "−")}` : "";
  return `to ${t.target}${hole}`;
}

/** The game's number (from 0) of table ``t``'s hand ``number``: at a practice table, which
 *  deals one hand of a game again as a game of its own (its hand 0), that game's hand, as its
 *  tag says ("Hand 1" was shown beside "PRACTICE · HAND 3 AGAIN"). */
export function gameHand(t, number) {
  return t.practice ? t.practice.hand + number : number;
}

/** The score plaque (top left), which opens the score sheet (score-sheet.js). */
export class ScoresPlaque {
  constructor(el) {
    this.el = el;
    // the whole plaque opens the score sheet (menu.js wires it): a button laid over it, kept
    // from one state to the next (drawn again, it lost the keyboard's focus at every move),
    // the scores beneath it read as they are
    this.button = h("button#score-sheet-button.plaque-open", { type: "button", "aria-label": "Score sheet: every hand so far",
      "aria-haspopup": "dialog", title: "The score sheet: every hand of this game so far" });
    el.appendChild(this.button);
  }

  render(state) {
    const t = state.table;
    const v = state.view;
    for (const c of [...this.el.childNodes]) if (c !== this.button) c.remove();
    const box = document.createDocumentFragment();       // (drawn under the button)
    const mySide = t.sides.findIndex((s) => s.includes(state.you));
    const names = seatNames(state);
    const shorts = shortNames(names);
    box.appendChild(h("div.plaque-title", null, "Score", h("span.plaque-aside", { text: gameWords(t) })));
    const list = h("div.score-rows");
    t.side_names.forEach((name, i) => {
      const sc = v.scores[i] ?? 0;
      const frac = Math.max(0, Math.min(1, sc / t.target));
      const row = h("div.score-row", { class: i === mySide ? "mine" : "" },
        h("span.score-name", { title: name }, h("span.full-name", null, withNames(name, names)),
          h("span.short-name", null, shortSide(t.sides[i], state.you, t.players, shorts))),
        h("span.score-val", { text: String(sc), class: sc < 0 ? "neg" : "" }),
        h("span.score-bar", null, h("span.score-fill", { style: { width: `${(frac * 100).toFixed(1)}%` } })));
      row.dataset.side = String(i);
      const before = this.prevScores && this.prevScores.id === t.id ? this.prevScores.scores[i] : undefined;
      if (before !== undefined && before !== sc) {
        const d = sc - before;
        row.appendChild(h("span.score-delta", { class: d < 0 ? "neg" : "", text: d > 0 ? `+${d}` : String(d) }));
        row.classList.add("bump");
      }
      list.appendChild(row);
    });
    this.prevScores = { id: t.id, scores: v.scores.slice() };
    box.appendChild(list);
    // (on a phone the rules in short, and in two lines at most: "Australian (4 pla…" was cut)
    box.appendChild(h("div.plaque-foot", { title: t.rules_label }, `Hand ${gameHand(t, v.hand_number) + 1} · `,
      h("span.full-name", { text: t.rules_label }), h("span.short-name", { text: shortRules(t.rules_label) })));
    this.el.insertBefore(box, this.button);
  }
}

/** The auction's plaque, the contract's once it is won (top right). */
export class ContractPlaque {
  constructor(el) {
    this.el = el;
  }

  render(state) {
    const t = state.table;
    const v = state.view;
    const el = this.el;
    clear(el);
    const seatName = (s) => (t.seats[s] ? t.seats[s].name : `Seat ${s}`);
    const name = (s) => nameNode(seatName(s));
    const c = v.contract;
    if (v.phase === "auction") {     // (all passed at no trumps: "No bid" from the first lead)
      el.dataset.mode = "auction";
      el.appendChild(h("div.plaque-title", null, "Bidding",
        h("span.plaque-aside", null, name((v.dealer + 1) % t.players), " first")));
      const list = h("div.auction-list");
      const items = v.auction.slice(-12);
      if (!items.length) list.appendChild(h("div.muted.small", { text: "No bids yet" }));
      for (const [s, b] of items) {
        list.appendChild(h("div.auction-item", { class: b === "pass" ? "pass" : "" },
          h("span.auction-name", null, name(s)), bidNode(b)));
      }
      el.appendChild(list);
      const high = [...v.auction].reverse().find(([, b]) => b !== "pass");
      if (high) {
        el.appendChild(h("div.plaque-foot", null, "Highest: ", bidNode(high[1]), " · ", name(high[0])));
      }
      return;
    }
    el.dataset.mode = "contract";
    if (!c) {
      const noTrumps = v.phase === "play" || v.tricks.length > 0 || (state.sheet && state.sheet.kind === "all_pass_no_trumps");
      el.appendChild(h("div.plaque-title", { text: "No bid" }));
      if (noTrumps) {
        el.appendChild(h("div.contract-main", { text: "No trumps, 10 a trick" }));
        el.appendChild(this.sideTricks(state, null));
      } else {
        el.appendChild(h("div.contract-main", { text: "Everyone passed" }));
        el.appendChild(h("div.contract-call", { text: "The next dealer deals again" }));
      }
      return;
    }
    el.appendChild(h("div.plaque-title", null, "Contract",
      h("span.plaque-aside", { text: `${c.value} pts` })));
    el.appendChild(h("div.contract-main", null, h("span.contract-bid", null, bidNode(c.bid)),
      h("span.contract-by", null, "by ", nameNode(midSentence(seatName(c.declarer))))));
    if (v.call === "alone") {
      el.appendChild(h("div.contract-call", { text: "Playing alone" }));
    } else if (v.call) {
      const card = v.call.startsWith("call ") ? v.call.slice(5) : v.call;
      el.appendChild(h("div.contract-call", null, "Called ", cardNode(card),
        v.partner !== null && v.partner !== undefined ? [" · ", name(v.partner)] : ""));
    } else if (t.players === 5 && v.phase !== "kitty" && v.phase !== "call" && !c.misere) {
      el.appendChild(h("div.contract-call", { text: "Playing alone" }));
    }
    el.appendChild(this.sideTricks(state, c));
  }

  /** Tricks this hand: the declaring side against the rest. */
  sideTricks(state, c) {
    const v = state.view;
    const t = state.table;
    const box = h("div.side-tricks");
    if (!c) {
      t.side_names.forEach((nm, i) => {
        const n = t.sides[i].reduce((a, s) => a + (v.tricks_won[s] || 0), 0);
        box.appendChild(h("div.st-row", null, h("span", null, withNames(nm, seatNames(state))), h("b", { text: String(n) })));
      });
      return box;
    }
    const decl = new Set([c.declarer]);
    const side = t.sides.find((s) => s.includes(c.declarer)) || [c.declarer];
    side.forEach((s) => decl.add(s));
    if (v.partner !== null && v.partner !== undefined) decl.add(v.partner);
    let mine = 0;
    let theirs = 0;
    v.tricks_won.forEach((n, s) => { if (decl.has(s)) mine += n; else theirs += n; });
    const need = c.misere ? "take none" : `need ${c.tricks}`;
    const lone = c.misere || decl.size === 1;
    const youDecl = decl.has(state.you);
    box.appendChild(h("div.st-row", { class: youDecl ? "mine" : "" },
      h("span", { text: `${lone ? "Declarer" : "Declarers"} (${need})` }), h("b", { text: String(mine) })));
    box.appendChild(h("div.st-row", { class: youDecl ? "" : "mine" },
      h("span", { text: "Defenders" }), h("b", { text: String(theirs) })));
    return box;
  }
}
