// Dialogs: the end-of-hand sheet (with its review against double dummy), the end of the
// game, confirmations. The menu is in menu.js, the rules dialog in rules.js, the hint in hint.js.

import { statsTable, STRENGTH_WORDS } from "./lobby.js";
import { h, clear, bidNode, cardNode, fmtPoints, cap, midSentence, ICONS } from "./util.js";

function pointsCell(n) {
  return h("td.num", { class: n > 0 ? "pos" : n < 0 ? "neg" : "", text: fmtPoints(n) || "0" });
}

// ---------------------------------------------------------------- end of hand

export class SheetDialog {
  constructor(send) {
    this.send = send;
    this.el = document.getElementById("sheet");
    this.card = this.el.querySelector(".modal-card");
    this.key = null;
    this.waiting = false;
  }

  render(state, ready) {
    const show = state.view.phase === "hand_over" && !!state.sheet && ready;
    if (!show) {
      this.el.hidden = true;
      this.key = null;
      return;
    }
    const key = `${state.table.id}|${state.sheet.number}`;
    if (key === this.key && !this.el.hidden) return;
    this.key = key;
    this.waiting = false;
    this.build(state);
    this.el.hidden = false;
    const btn = document.getElementById("next-button");
    if (btn) btn.focus({ preventScroll: true });
  }

  build(state) {
    const s = state.sheet;
    const t = state.table;
    clear(this.card);
    const c = s.contract;
    let verdict;
    let cls;
    if (s.kind === "all_pass_redeal" || (!c && s.kind !== "all_pass_no_trumps")) {
      verdict = "All passed: a new deal";
      cls = "neutral";
    } else if (!c) {
      verdict = "No bid: played at no trumps";
      cls = "neutral";
    } else if (s.made) {
      verdict = "Contract made";
      cls = "made";
    } else {
      verdict = "Contract failed";
      cls = "failed";
    }
    const mySide = t.sides.findIndex((side) => side.includes(state.you));
    this.card.appendChild(h("div.sheet-head", { class: cls },
      h("div.sheet-kicker", { text: `Hand ${s.number + 1}` }),
      h("h2#sheet-title", { text: verdict }),
      c ? h("div.sheet-contract", null, bidNode(c.bid), h("span.muted", { text: ` by ${midSentence(s.declarer_name ?? "")} · ${c.value} points` })) : null));

    const rows = t.side_names.map((name, i) => h("tr", { class: i === mySide ? "mine" : "" },
      h("td", { text: name }),
      h("td.num", { text: String((s.side_tricks || [])[i] ?? "") }),
      pointsCell((s.points || [])[i] ?? 0),
      h("td.num.total", { text: String((s.scores || state.view.scores)[i] ?? 0) })));
    this.card.appendChild(h("table.sheet-table", null,
      h("thead", null, h("tr", null, h("th", { text: "" }), h("th.num", { text: "Tricks" }),
        h("th.num", { text: "This hand" }), h("th.num", { text: "Score" }))),
      h("tbody", null, rows)));

    if (c) {
      this.card.appendChild(h("div.sheet-points", null,
        h("div", null, h("span", { text: (s.declaring_sides || []).length > 1 ? `Contract (${midSentence(s.declarer_name)})` : "Contract" }), h("b", { class: s.contract_points < 0 ? "neg" : "pos", text: fmtPoints(s.contract_points) })),
        (s.declaring_sides || []).length > 1
          ? h("div", null, h("span", { text: "Partner (half)" }), h("b", { class: s.partner_points < 0 ? "neg" : "pos", text: fmtPoints(s.partner_points) || "0" }))
          : null,
        h("div", null, h("span", { text: "Defenders" }), h("b", { text: fmtPoints(s.defender_points) || "0" }))));
    }
    if (s.lines && s.lines.length) {
      this.card.appendChild(h("ul.sheet-lines", null, s.lines.map((l) => h("li", { text: l }))));
    }
    this.sheetNumber = s.number;
    this.review = h("div#review-panel.review", { hidden: true });
    this.card.appendChild(this.review);
    const btn = h("button#next-button.btn.btn-primary.btn-big", { type: "button", text: "NEXT" });
    const note = h("div.sheet-wait.muted", { hidden: true, text: "Waiting for the other players…" });
    btn.addEventListener("click", () => {
      if (this.send({ type: "next" })) {
        btn.disabled = true;
        note.hidden = false;
      }
    });
    const played = s.kind !== "all_pass_redeal" && (c || s.kind === "all_pass_no_trumps");
    const review = played ? h("button#review-button.btn.btn-secondary", { type: "button", text: "REVIEW AGAINST DOUBLE DUMMY" }) : null;
    if (review) {
      review.addEventListener("click", () => {
        if (this.send({ type: "review" })) {
          review.disabled = true;
          clear(this.review);
          this.review.appendChild(h("div.review-thinking.muted", null, h("span.spinner"), " Solving the hand…"));
          this.review.hidden = false;
        }
      });
    }
    this.card.appendChild(h("div.sheet-actions", null, btn, review, note));
  }

  /** The hand against double dummy (the ``review`` message): what the cards allowed from the
   * first lead, and each of your cards beside the best one there. */
  showReview(msg) {
    if (!this.review || this.el.hidden || msg.hand !== this.sheetNumber) return;  // a late reply
    clear(this.review);
    // the counted seats in mid-sentence: "you", "you & North", "East"
    const who = midSentence(msg.counted_label);
    const dd = msg.double_dummy;
    // one seat other than you is counted: "East takes"; you, or a side: "you take", "you & North take"
    const single = (msg.counted || []).length === 1 && who !== "you";
    const takes = single ? "takes" : "take";
    const head = [];
    if (dd === null) head.push("Double dummy at the first lead: not solved within the search limits.");
    else {
      let verdict = "";
      if (msg.needed === 0) verdict = dd === 0 ? " The misère could be made." : " The misère could not be made against the best defence.";
      else if (msg.needed !== null) verdict = dd >= msg.needed ? ` The contract (${msg.needed}) could be made.` : ` The contract (${msg.needed}) could not be made against the best defence.`;
      head.push(`Double dummy at the first lead, ${who} ${takes} ${dd} trick${dd === 1 ? "" : "s"}.${verdict}`);
    }
    head.push(`In the play ${who} took ${msg.taken}.`);
    this.review.appendChild(h("h3.section-title", { text: "The hand against double dummy" }));
    this.review.appendChild(h("p.review-head", { text: head.join(" ") }));
    if (!msg.plays.length) {
      this.review.appendChild(h("p.muted", { text: "You played no card this hand." }));
      return;
    }
    let lost = 0;
    const rows = msg.plays.map((p) => {
      let verdict;
      if (p.cost === null) verdict = h("td.muted", { text: "not solved" });
      else if (p.cost === 0) verdict = h("td.review-best", { text: `best (${p.total})` });
      else {
        lost += p.cost;
        const best = p.best.slice(0, 4).map((b) => cardNode(b));
        const alts = [];
        best.forEach((n, i) => { if (i) alts.push(" or "); alts.push(n); });
        verdict = h("td.review-cost", null, `cost ${p.cost} trick${p.cost === 1 ? "" : "s"} (${p.total}; `, ...alts, ` kept ${p.best_total})`);
      }
      return h("tr", { class: p.cost ? "costly" : "" }, h("td.num", { text: String(p.trick) }), h("td", null, cardNode(p.card)), verdict);
    });
    this.review.appendChild(h("table.sheet-table.review-table", null,
      h("thead", null, h("tr", null, h("th.num", { text: "Trick" }), h("th", { text: "Your card" }),
        h("th", { text: `Tricks ${who} ${single ? "ends" : "end"} with` }))),
      h("tbody", null, rows)));
    this.review.appendChild(h("p.review-sum", { text: lost === 0 ? "Every card of yours was a best one."
      : `Your cards gave away ${lost} trick${lost === 1 ? "" : "s"} in all (the others' mistakes can give them back).` }));
  }

  reviewRefused(message) {
    if (!this.review) return;
    clear(this.review);
    this.review.appendChild(h("p.muted", { text: cap(message || "No review for this hand.") }));
    this.review.hidden = false;
  }
}

// ---------------------------------------------------------------- end of game

export class GameOverDialog {
  constructor(onNewGame) {
    this.el = document.getElementById("game-over");
    this.card = this.el.querySelector(".modal-card");
    this.onNewGame = onNewGame;
    this.key = null;
  }

  render(state, ready) {
    const show = state.view.phase === "game_over" && ready;
    if (!show) {
      this.el.hidden = true;
      this.key = null;
      return false;
    }
    const key = state.table.id;
    if (key === this.key) return false;
    this.key = key;
    this.build(state);
    this.el.hidden = false;
    return true;
  }

  /** Whether you (your side) won. */
  static youWon(state) {
    const sm = state.summary;
    const w = sm ? sm.winner : state.view.winner;
    if (w === null || w === undefined) return false;
    return (state.table.sides[w] || []).includes(state.you);
  }

  build(state) {
    const t = state.table;
    const sm = state.summary || { winner: state.view.winner, scores: state.view.scores, contracts: [] };
    clear(this.card);
    const won = GameOverDialog.youWon(state);
    const winnerNames = sm.winner_names || (sm.winner !== null && sm.winner !== undefined ? t.side_names[sm.winner] : "");
    this.card.appendChild(h("div.over-head", { class: won ? "won" : "lost" },
      h("div.over-trophy", { "aria-hidden": "true", html: won ? ICONS.trophy : ICONS.spade }),
      h("h2#game-over-title", { text: won ? (t.sides[sm.winner].length > 1 ? "You win the game!" : "You win!") : `${winnerNames || "Nobody"} win${winnerNames && !winnerNames.includes("&") ? "s" : ""}` }),
      h("div.muted", { text: state.status || "" })));
    const mySide = t.sides.findIndex((side) => side.includes(state.you));
    const scores = sm.scores || state.view.scores;
    this.card.appendChild(h("div.final-scores", null, t.side_names.map((name, i) =>
      h("div.final-score", { class: `${i === sm.winner ? "winner" : ""} ${i === mySide ? "mine" : ""}` },
        h("div.fs-name", { text: name }), h("div.fs-val", { text: String(scores[i] ?? 0) })))));

    if (state.sheet && state.sheet.lines && state.sheet.lines.length) {
      this.card.appendChild(h("h3.section-title", { text: `The last hand (hand ${state.sheet.number + 1})` }));
      this.card.appendChild(h("ul.sheet-lines", null, state.sheet.lines.map((l) => h("li", { text: l }))));
    }
    const contracts = sm.contracts || [];
    if (contracts.some((l) => l && l.length)) {
      const cols = h("div.contracts-cols");
      contracts.forEach((list, i) => {
        if (!list || !list.length) return;
        cols.appendChild(h("div.contracts-col", null, h("h3", { text: t.side_names[i] }),
          h("table.contracts-table", null,
            h("thead", null, h("tr", null, h("th.num", { text: "Hand" }), h("th", { text: "Bid" }), h("th", { text: "By" }), h("th", { text: "" }), h("th.num", { text: "Points" }))),
            h("tbody", null, list.map((r) => h("tr", null,
              h("td.num", { text: String(r.hand) }), h("td", null, bidNode(r.bid)), h("td", { text: r.by }),
              h("td", { class: r.made ? "pos" : "neg", text: r.made ? "made" : "failed" }),
              pointsCell(r.points)))))));
      });
      this.card.appendChild(h("h3.section-title", { text: "Contracts played" }));
      this.card.appendChild(cols);
    }
    if (state.stats) {
      this.card.appendChild(h("h3.section-title", { text: `Your statistics · ${STRENGTH_WORDS[t.strength] || cap(t.strength || "")} opponents` }));
      this.card.appendChild(statsTable(state.stats, null, state.stats.by_strength && state.stats.by_strength[t.strength] ? t.strength : null));
    }
    const btn = h("button#new-game-button.btn.btn-primary.btn-big", { type: "button", text: "NEW GAME" });
    btn.addEventListener("click", () => this.onNewGame());
    this.card.appendChild(h("div.sheet-actions", null, btn));
  }
}

// ---------------------------------------------------------------- confirm

export function confirmDialog(text, yes = "OK") {
  const el = document.getElementById("confirm");
  document.getElementById("confirm-text").textContent = text;
  const y = document.getElementById("confirm-yes");
  const n = document.getElementById("confirm-no");
  y.textContent = yes;
  el.hidden = false;
  y.focus({ preventScroll: true });
  return new Promise((res) => {
    const done = (v) => {
      el.hidden = true;
      y.removeEventListener("click", onY);
      n.removeEventListener("click", onN);
      document.removeEventListener("keydown", onK, true);
      res(v);
    };
    const onY = () => done(true);
    const onN = () => done(false);
    const onK = (e) => { if (e.key === "Escape") { e.stopPropagation(); done(false); } };
    y.addEventListener("click", onY);
    n.addEventListener("click", onN);
    document.addEventListener("keydown", onK, true);
  });
}
