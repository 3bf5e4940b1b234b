// The score sheet: every finished hand of the game so far in a table (its dealer, the contract
// and who declared it, made or failed, the tricks, each side's points and the running scores),
// the scores now at its foot; a hand played out reviewed from its row (review.js's ReviewPanel,
// the one the game's end uses). Opened from the score plaque and the menu (menu.js), and at
// the game's end from its dialog (dialogs.js, openScoreSheet), over it.

import { ReviewPanel, handReviewButton, markReviewed, noneOnTop, putOnTop } from "./review.js";
import { gameHand, gameWords } from "./plaques.js";
import { h, clear, bidNode, fmtPoints, midSentence, nameNode, seatNames, withNames } from "./util.js";

/** The menu item's icon: a ruled sheet. */
export const SHEET_ICON = '<svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><rect x="4" y="3" width="16" height="18" rx="2"/><path d="M8 8h8M8 12h8M8 16h5"/></svg>';

/** The rows of the sheet from a state: each finished hand with its side's points and the
 *  scores after it (``after``), and the scores before the first (``start``: a practice table's
 *  game began at its hand's score; the points add up to ``view.scores``). */
export function sheetRows(state) {
  const v = state.view;
  const sides = state.table.sides.length;
  const results = v.hand_results || [];
  const start = Array.from({ length: sides }, (_, i) =>
    (v.scores[i] ?? 0) - results.reduce((a, r) => a + ((r.points || [])[i] ?? 0), 0));
  let running = start.slice();
  const rows = results.map((r) => {
    running = running.map((s, i) => s + ((r.points || [])[i] ?? 0));
    return { result: r, after: running.slice() };
  });
  return { start, rows };
}

/** The tricks a finished hand's declaring side took (the declarer's side, and a called partner),
 *  or, at no trumps with no bid, each side's; as text. */
function trickWords(t, r) {
  const took = (seats) => [...seats].reduce((a, s) => a + ((r.tricks || [])[s] || 0), 0);
  if (r.kind === "all_pass_redeal") return "—";
  if (!r.contract) return t.sides.map((side) => String(took(side))).join(" – ");
  const decl = new Set(t.sides.find((side) => side.includes(r.contract.declarer)) || [r.contract.declarer]);
  if (r.partner !== null && r.partner !== undefined) decl.add(r.partner);
  return String(took(decl));
}

/** The page's score sheet (the menu makes it). */
let pageSheet = null;

/** Open the score sheet from ``opener`` (the game's end's own button: the dialog lies over
 *  the score plaque and the menu), over the dialog; the focus back on ``opener`` once closed. */
export function openScoreSheet(opener) {
  if (pageSheet) pageSheet.open(opener);
}

export class ScoreSheet {
  /** ``send`` sends a message (the reviews' requests); ``getState`` the table's last state. */
  constructor(send, getState) {
    this.send = send;
    this.getState = getState;
    this.el = document.getElementById("score-sheet");
    this.card = this.el.querySelector(".modal-card");
    this.key = null;
    this.opener = null;
    this.reviewPanel = null;
    pageSheet = this;
    this.onKey = (e) => {
      if (e.key !== "Escape" || this.el.hidden) return;
      e.stopPropagation();          // (this dialog only: not the menu or a panel behind it)
      this.close();
    };
    this.el.addEventListener("pointerdown", (e) => { if (e.target === this.el) this.close(); });
    window.addEventListener("popstate", () => { if (!this.el.hidden) this.close({ refocus: false }); });
  }

  /** Open the sheet of the table's game; ``opener`` gets the focus back once it is closed. */
  open(opener) {
    const state = this.getState();
    if (!state) return;
    this.opener = opener || null;
    this.key = null;
    this.build(state);
    this.el.hidden = false;
    document.addEventListener("keydown", this.onKey, true);
    setTimeout(() => { if (!this.el.hidden) this.card.querySelector(".score-sheet-x").focus({ preventScroll: true }); }, 0);
  }

  /** Close it: its review gone with it, the focus back where it was opened from. */
  close({ refocus = true } = {}) {
    if (this.el.hidden) return;
    this.el.hidden = true;
    document.removeEventListener("keydown", this.onKey, true);
    clear(this.card);
    this.dropReview();
    this.key = null;
    const back = this.opener;
    this.opener = null;
    if (refocus && back && back.isConnected && !back.closest("[hidden]")) back.focus({ preventScroll: true });
  }

  /** A new state: the rows drawn again where a hand has finished since (the review on show
   *  kept); the table left, the sheet closed. */
  update(state) {
    if (this.el.hidden) return;
    if (!state || document.getElementById("table").hidden) {
      this.close({ refocus: false });
      return;
    }
    if (ScoreSheet.keyOf(state) !== this.key) this.renderBody(state);
  }

  /** What the rows are drawn from: the table, its hands finished, the scores now. */
  static keyOf(state) {
    return JSON.stringify([state.table.id, (state.view.hand_results || []).length, state.view.scores]);
  }

  build(state) {
    const t = state.table;
    clear(this.card);
    this.card.classList.toggle("many-sides", t.sides.length > 3);
    this.dropReview();
    const x = h("button.icon-btn.small.rules-x.score-sheet-x", { type: "button", "aria-label": "Close", text: "✕", onclick: () => this.close() });
    const sub = t.practice ? `Practice: hand ${t.practice.hand + 1} of your game again` : `${t.rules_label || "Five Hundred"} · game ${gameWords(t)}`;
    this.card.appendChild(h("div.rules-head", null,
      h("div", null, h("h2#score-sheet-title", { text: "Score sheet" }), h("p.muted.score-sheet-sub", { text: sub })), x));
    this.body = h("div.score-sheet-body");
    this.card.appendChild(this.body);
    this.reviewSlot = h("div.review-slot");
    this.card.appendChild(this.reviewSlot);
    this.card.appendChild(h("div.sheet-actions", null,
      h("button.btn.btn-primary", { type: "button", text: "CLOSE", onclick: () => this.close() })));
    this.renderBody(state);
    this.card.scrollTop = 0;
  }

  /** The table of the hands, or the words that none has finished yet. */
  renderBody(state) {
    this.state = state;
    this.key = ScoreSheet.keyOf(state);
    const t = state.table;
    const names = seatNames(state);
    const seatName = (s) => (t.seats[s] ? t.seats[s].name : `Seat ${s}`);
    const { start, rows } = sheetRows(state);
    clear(this.body);
    if (!rows.length) {
      this.body.appendChild(h("p.score-sheet-empty", { text: "No hand has finished yet: each hand is listed here once it is over." }));
      return;
    }
    const mySide = t.sides.findIndex((side) => side.includes(state.you));
    const sideHead = t.side_names.map((name, i) => h("th.side", { scope: "colgroup", colspan: "2", class: i === mySide ? "mine" : "" }, withNames(name, names)));
    const subHead = t.side_names.flatMap(() => [h("th.num", { scope: "col", text: "Points" }), h("th.num", { scope: "col", text: "Score" })]);
    const first = (text, attrs = {}) => h("th", { scope: "col", rowspan: "2", text, ...attrs });
    const head = h("thead", null,
      h("tr", null, first("Hand", { class: "num" }), first("Dealer"), first("Contract"), first("Result"),
        first("Tricks", { class: "num", title: "The tricks the declaring side took (no bid: each side's)" }),
        sideHead, h("th", { rowspan: "2" }, h("span.sr-only", { text: "Review" }))),
      h("tr", null, subHead));
    const scoreCells = (list, points) => list.flatMap((s, i) => [
      points ? h("td.num.points", { class: points[i] > 0 ? "pos" : points[i] < 0 ? "neg" : "", text: fmtPoints(points[i] ?? 0) || "0" })
        : h("td.num.points"),
      h("td.num.total", { class: s < 0 ? "neg" : "", text: String(s) })]);
    const body = h("tbody");
    if (start.some((s) => s !== 0)) {      // (a practice table: its game's score then)
      body.appendChild(h("tr.score-sheet-start", null, h("th", { scope: "row", colspan: "5", text: "Score at the start" }), scoreCells(start, null), h("td")));
    }
    for (const { result: r, after } of rows) {
      const shown = gameHand(t, r.number) + 1;
      const c = r.contract;
      const contract = c ? [bidNode(c.bid), " by ", nameNode(midSentence(seatName(c.declarer))),
        r.partner !== null && r.partner !== undefined && r.partner !== c.declarer ? [", with ", nameNode(midSentence(seatName(r.partner)))] : null]
        : "All passed";
      const result = c ? (r.made ? "made" : "failed") : r.kind === "all_pass_no_trumps" ? "played at no trumps" : "new deal";
      // (your side's contract, a called partner's too: "failed" red when it cost you)
      const declaring = c && (t.sides.findIndex((side) => side.includes(c.declarer)) === mySide
        || r.partner === state.you);
      body.appendChild(h("tr", { dataset: { hand: String(r.number) } },
        h("th.num", { scope: "row", text: String(shown) }),
        h("td", null, nameNode(seatName(r.dealer))),
        h("td.score-sheet-contract", null, contract),
        h("td.score-sheet-result", { class: c && declaring ? (r.made ? "pos" : "neg") : "", text: result }),
        h("td.num", { text: trickWords(t, r) }),
        scoreCells(after, r.points || []),
        h("td.hand-review-cell", null, r.played_out ? handReviewButton(r.number, shown, (n) => this.openReview(n)) : null)));
    }
    const foot = h("tfoot", null, h("tr", null,
      h("th", { scope: "row", colspan: "5", text: "Score now" }),
      scoreCells(state.view.scores, null), h("td")));
    this.body.appendChild(h("div.score-sheet-box", null,
      h("table.sheet-table.score-sheet-table", { "aria-labelledby": "score-sheet-title" }, head, body, foot)));
    if (this.reviewPanel) markReviewed(this.card, this.reviewPanel.number);
  }

  /** The review gone with the sheet's rows: one behind the sheet (the game's end's) has its
   *  ids back. */
  dropReview() {
    if (this.reviewPanel) noneOnTop();
    this.reviewPanel = null;
  }

  /** Show hand ``number``'s review (asked for once) under the table, in place of the one on
   *  show, and bring it into sight; over a dialog's review (the game's end's), which gives up
   *  its ids meanwhile. */
  openReview(number) {
    let p = this.reviewPanel;
    if (!p || p.number !== number) {
      p = new ReviewPanel(this.send, this.state, number);
      clear(this.reviewSlot).appendChild(p.el);
      this.reviewPanel = p;
      putOnTop(p);
    }
    p.ask();
    // (pressed once asked: a request the link could not send left the row pressed over an
    // empty review; pressed again, it is asked again)
    markReviewed(this.card, p.reviews.mine ? number : null);
    p.el.scrollIntoView({ block: "nearest" });
  }

  /** The first state after a reconnect: a review awaited is asked for again. */
  unsent() {
    if (this.reviewPanel && !this.el.hidden) this.reviewPanel.askAgain();
  }
}
