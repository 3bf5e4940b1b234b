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
    // the review's answers, yours and every seat's, fetched once each on demand
    this.reviews = { mine: null, every: null };
    this.reviewMode = "mine";
    this.you = state.you;
    this.seatNames = t.seats.map((x) => (x.seat === state.you ? "You" : x.name));
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
          this.reviews.mine = "asked";
          clear(this.review);
          this.review.appendChild(thinking());
          this.review.hidden = false;
        }
      });
    }
    this.card.appendChild(h("div.sheet-actions", null, btn, review, note));
  }

  /** The hand against double dummy (the ``review`` message): what the cards allowed from the
   * first lead, and each of your cards beside the best one there; or, asked for with
   * ``every_seat``, every card played, trick by trick, with each seat's tricks given away. */
  showReview(msg) {
    if (!this.review || this.el.hidden || msg.hand !== this.sheetNumber) return;  // a late reply
    this.reviews[msg.every_seat ? "every" : "mine"] = msg;
    this.renderReview();
  }

  reviewRefused(message) {
    if (!this.review) return;
    const text = cap(message || "No review for this hand.");
    if (this.reviews.every === "asked" && this.reviews.mine && this.reviews.mine !== "asked") {
      this.reviews.every = { refused: text };       // yours stays on show beside it
      this.renderReview();
      return;
    }
    clear(this.review);
    this.review.appendChild(h("p.muted", { text }));
    this.review.hidden = false;
  }

  /** Show yours or every card (the mode chosen), asking for every card the first time. */
  setReviewMode(mode) {
    this.reviewMode = mode;
    if (mode === "every" && !this.reviews.every) {
      if (!this.send({ type: "review", every_seat: true })) return;
      this.reviews.every = "asked";
    }
    this.renderReview();
  }

  renderReview() {
    const mine = this.reviews.mine;
    const msg = mine && mine !== "asked" ? mine : null;
    if (!msg) return;                       // the toggle comes with your review
    clear(this.review);
    this.review.hidden = false;
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
    if (msg.discard) this.review.appendChild(h("p.review-discard", null, ...discardLine(msg.discard)));
    const tab = (mode, text) => {
      const on = this.reviewMode === mode;
      return h(`button#review-${mode}.btn.btn-small`, {
        type: "button", text, class: on ? "on" : "", "aria-pressed": on ? "true" : "false",
        onclick: () => { if (this.reviewMode !== mode) this.setReviewMode(mode); },
      });
    };
    this.review.appendChild(h("div.review-modes", { role: "group", "aria-label": "Whose cards" },
      tab("mine", "Your cards"), tab("every", "Every card")));
    const ends = `Tricks ${who} ${single ? "ends" : "end"} with`;
    if (this.reviewMode === "mine") this.mineTable(msg, ends);
    else this.everyTable(this.reviews.every, ends);
  }

  mineTable(msg, ends) {
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
        verdict = h("td.review-cost", null, `cost ${p.cost} trick${p.cost === 1 ? "" : "s"} (${p.total}; `, ...bestCards(p.best), ` kept ${p.best_total})`);
      }
      return h("tr", { class: p.cost ? "costly" : "" }, h("td.num", { text: String(p.trick) }), h("td", null, cardNode(p.card)), verdict);
    });
    this.review.appendChild(h("table.sheet-table.review-table", null,
      h("thead", null, h("tr", null, h("th.num", { text: "Trick" }), h("th", { text: "Your card" }),
        h("th", { text: ends }))),
      h("tbody", null, rows)));
    this.review.appendChild(h("p.review-sum", { text: lost === 0 ? "Every card of yours was a best one."
      : `Your cards gave away ${lost} trick${lost === 1 ? "" : "s"} in all (the others' mistakes can give them back).` }));
  }

  /** Every card, trick by trick: who played it, the count after it (the counted side's
   * tricks in the end with best play from there; none when all passed, each card counting
   * its own side's), and a card that gave tricks away marked with how many and the best. */
  everyTable(msg, ends) {
    if (!msg || msg === "asked") {
      this.review.appendChild(thinking());
      return;
    }
    if (msg.refused) {
      this.review.appendChild(h("p.muted", { text: msg.refused }));
      return;
    }
    const counted = msg.needed !== null;     // all passed: each card counts its own side
    const n = this.seatNames.length;
    const given = new Map();
    const unsolved = new Set();
    const rows = [];
    msg.plays.forEach((p, i) => {
      const first = i === 0 || msg.plays[i - 1].trick !== p.trick;
      if (!given.has(p.seat)) given.set(p.seat, 0);
      let verdict;
      if (p.cost === null) {
        unsolved.add(p.seat);
        verdict = h("td.muted", { text: "not solved" });
      } else if (p.cost === 0) verdict = h("td.review-best", { text: counted ? String(p.total) : "best" });
      else {
        given.set(p.seat, given.get(p.seat) + p.cost);
        verdict = h("td.review-cost", null, counted ? `${p.total} · ` : "",
          `gave ${p.cost} (best `, ...bestCards(p.best), counted ? `: ${p.best_total})` : ")");
      }
      rows.push(h("tr", { class: `${p.cost ? "costly" : ""} ${first ? "trick-start" : ""}`, dataset: { seat: String(p.seat) } },
        h("td.num", { text: first ? String(p.trick) : "" }),
        h("td.review-seat", { class: p.seat === this.you ? "mine" : "", text: this.seatNames[p.seat] ?? `Seat ${p.seat}` }),
        h("td", null, cardNode(p.card)), verdict));
    });
    const order = [...given.keys()].sort((a, b) => ((a - this.you + n) % n) - ((b - this.you + n) % n));
    const parts = [];
    order.forEach((s, i) => {
      if (i) parts.push(", ");
      parts.push(h("span.review-given", { dataset: { seat: String(s) }, text: `${this.seatNames[s] ?? `Seat ${s}`} ${given.get(s)}${unsolved.has(s) ? "+?" : ""}` }));
    });
    // the sums first, in sight without scrolling; then the cards that make them
    this.review.appendChild(h("p.review-sum.review-sums", null, "Tricks given away: ", ...parts, "."));
    this.review.appendChild(h("p.review-head", { text: counted
      ? `After each card, the tricks ${midSentence(msg.counted_label)} end with if everyone plays best from there; a card that gave tricks away says how many, and the best cards there.`
      : "A card that gave tricks away (its side's, everyone playing best from there) says how many, and the best cards there." }));
    this.review.appendChild(h("table.sheet-table.review-table.review-every", null,
      h("thead", null, h("tr", null, h("th.num", { text: "Trick" }), h("th", { text: "Player" }),
        h("th", { text: "Card" }), h("th", { text: counted ? ends : "Best play" }))),
      h("tbody", null, rows)));
  }
}

/** The spinner while the solver works. */
function thinking() {
  return h("div.review-thinking.muted", null, h("span.spinner"), " Solving the hand…");
}

/** Up to four best cards: "A♠ or K♠". */
/** Your discard beside the best one, double dummy (the review's ``discard``: you declared
 * and took up the kitty), as words and card nodes. */
export function discardLine(d) {
  const cards = (list) => list.flatMap((t, i) => (i ? [" ", cardNode(t)] : [cardNode(t)]));
  const n = (k) => `${k} trick${k === 1 ? "" : "s"}`;
  const head = ["Your discard (", ...(d.discarded.length ? cards(d.discarded) : ["nothing"]), ")"];
  if (d.tricks === null || d.best_tricks === null) return [...head, " against the best one: not solved within the limits."];
  if (d.misere) {
    if (d.tricks === 0) return [...head, " kept the misère safe double dummy."];
    if (d.best_tricks === 0) return [...head, " let the defence force a trick double dummy; discarding ", ...cards(d.best), " would have kept the misère safe."];
    return [...head, " let the defence force a trick double dummy, as every discard ",
      d.complete ? "would have." : "solved within the limits would have."];
  }
  if (d.best_tricks <= d.tricks) {
    return [...head, d.complete ? ` was as good as any: ${n(d.tricks)} double dummy.`
      : ` left ${n(d.tricks)} double dummy, as many as any discard solved within the limits.`];
  }
  return [...head, ` left ${n(d.tricks)} double dummy; the best, `, ...cards(d.best),
    `, leaves ${d.complete ? "" : "at least "}${n(d.best_tricks)}.`];
}

function bestCards(best) {
  const out = [];
  best.slice(0, 4).forEach((b, i) => { if (i) out.push(" or "); out.push(cardNode(b)); });
  if (best.length > 4) out.push(" …");
  return out;
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
