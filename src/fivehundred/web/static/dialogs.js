// Dialogs and the menu: the end-of-hand sheet, the end of the game, the menu (pause, hint,
// rules, sound, new game, friend links), the hint's answer, the pause overlay, confirmations.

import { getRules } from "./net.js";
import { statsTable, choiceWord, STRENGTH_WORDS } from "./lobby.js";
import * as sound from "./sound.js";
import { h, clear, bidNode, actionNode, cardNode, fmtPoints, toast, cap, midSentence, ICONS } from "./util.js";
import { GAP, onShow, meets, box, shownBoxes, union, restBox, seatBoxes, largestFree } from "./fit.js";

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

// ---------------------------------------------------------------- rules

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
  misere_rank: { after_sevens: "Above every 7-bid", by_value: "By its points" },
  open_misere_rank: { after_10D: "Between 10♦ and 10♥", top: "Above 10 NT" },
  open_misere_reveal: { after_first_trick: "After the first trick", before_lead: "Before the first lead" },
  misere_defender_points: { none: "Nothing", ten_per_declarer_trick: "10 for each trick the declarer took" },
  all_pass: { redeal: "A new deal", play_no_trumps: "Played at no trumps, 10 a trick" },
  opening_lead: { declarer: "The declarer", eldest: "The dealer's left" },
  nt_joker: { australian: "Australian: only when void", classic: "Classic" },
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

// ---------------------------------------------------------------- hint

/** The panels of your turn the hint keeps clear of (they move aside for it). */
const HINT_CLEARS = ["bid-panel", "kitty-panel"];
/** The other panels of your turn: the hint keeps clear of them where it can. */
const OTHER_PANELS = ["call-panel", "joker-panel"];

/** The room the cards of a trick take on the table (table.js sets --trick-left and the rest). */
function trickArea() {
  const cs = getComputedStyle(document.documentElement);
  const [l, t, r, b] = ["--trick-left", "--trick-top", "--trick-right", "--trick-bottom"]
    .map((n) => parseFloat(cs.getPropertyValue(n)));
  return [l, t, r, b].every(Number.isFinite) ? box(l, t, r, b) : null;
}

export class HintView {
  constructor() {
    this.el = document.getElementById("hint");
    this.tools = document.getElementById("corner-tools");
    this.turnKey = null;
    this.pendingKey = null;
    // again when a panel changes size (shown, a longer BID label, the misère buttons) and
    // once the seats have slid to their new places (a transition of 0.3 s)
    if (window.ResizeObserver) {
      // (in the next frame: fit may change the panel's size, which the observer must not
      // see inside its own callback)
      const ro = new ResizeObserver(() => requestAnimationFrame(() => this.fit()));
      for (const id of HINT_CLEARS) ro.observe(document.getElementById(id));
    }
    window.addEventListener("resize", () => this.fitNowAndLater());
  }

  fitNowAndLater() {
    this.fit();
    clearTimeout(this.refit);
    this.refit = setTimeout(() => this.fit(), 350);
  }

  /** Keeps the panel of your turn (the bid panel, the kitty's) clear of the seats and their
   * bids, and the hint clear of everything a player must see. On a phone the panel moves
   * aside from a seat's bid, narrower on its side where it must; with the hint open the status
   * line gives way to it (the hint says more), the panel moves up under the seats (upright, in
   * fewer rows) or left (on its side, narrower), and the hint takes the largest room left free
   * of the seats, the plaques, the panels, the cards and the bar above the hand (on its side
   * the Last trick and Hint buttons move left along the bar for it). In a larger window the
   * panel moves left only where the hint would cover it, and the hint keeps above the status
   * line. */
  fit() {
    const panels = HINT_CLEARS.map((id) => document.getElementById(id));
    for (const p of panels) {
      p.style.translate = "";
      p.classList.remove("narrow", "with-hint");
    }
    for (const k of ["left", "right", "top", "bottom", "width", "maxHeight"]) this.el.style[k] = "";
    this.tools.style.right = "";
    const open = !this.el.hidden;
    const layout = document.body.dataset.layout;
    const phone = layout === "portrait" || layout === "landscape";
    document.body.classList.toggle("hint-open", open && phone);
    const panel = panels.find(onShow);
    if (!phone) {
      if (open) this.fitDesk(panel);
      return;
    }
    const p = panel ? this.fitPanel(panel, layout, open) : null;
    if (open) this.placeHint(layout, p);
  }

  /** A window that is not a phone's: the hint keeps above the status line; where it would
   * cover the panel, the panel moves left as far as the seats there allow, the hint keeping
   * its width if it can, else as narrow as its table allows. */
  fitDesk(panel) {
    const H = window.innerHeight;
    const status = document.getElementById("status");
    let hint = this.el.getBoundingClientRect();
    if (onShow(status)) {
      const st = status.getBoundingClientRect();
      if (meets(hint, st)) {
        // (its top as before: below the seats on the right, table.js's --hint-top)
        const least = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--hint-top")) || GAP;
        this.el.style.bottom = `${Math.ceil(H - st.top + GAP)}px`;
        this.el.style.maxHeight = `${Math.max(120, Math.floor(st.top - GAP - least))}px`;
        hint = this.el.getBoundingClientRect();
      }
    }
    if (!panel) return;
    const p = restBox(panel);
    if (!meets(p, hint)) return;
    const gap = GAP;
    const W = window.innerWidth;
    const others = [...seatBoxes(), ...shownBoxes("#scores, #contract")];
    const leftOf = others.filter((o) => o.bottom > p.top && o.top < p.bottom && o.right <= p.left + 1);
    const least = Math.max(gap, ...leftOf.map((o) => o.right + gap));
    const pw = p.right - p.left;
    const narrowest = Math.min(hint.width, 210);
    let x = Math.max(least, Math.min(p.left, W - gap - hint.width - gap - pw));
    if (W - gap - (x + pw + gap) < narrowest) x = Math.max(gap, W - gap - narrowest - gap - pw);
    panel.style.translate = `${Math.round(x - p.left)}px 0`;
    this.el.style.left = `${Math.ceil(Math.max(hint.left, Math.round(x) + pw + gap))}px`;
    this.el.style.width = "auto";
  }

  /** A phone: the panel clear of the seats, their bids and the plaques, and, with the hint
   * open, out of its way (upright: in fewer rows, up under the seats; on its side: narrower,
   * as far left as the seats allow). Returns where the panel now lies. */
  fitPanel(panel, layout, open) {
    const W = window.innerWidth;
    const others = [...seatBoxes(), ...shownBoxes("#scores, #contract, #menu-button")];
    const status = document.getElementById("status");
    if (layout === "portrait") {
      if (open) panel.classList.add("with-hint");
      const p = restBox(panel);
      const mid = (p.top + p.bottom) / 2;
      const above = others.filter((o) => o.right > p.left + 1 && o.left < p.right - 1 && (o.top + o.bottom) / 2 < mid);
      const top = Math.max(GAP, ...above.map((o) => o.bottom + GAP));
      let dy = top - p.top;
      if (!open) {
        // down off a bid's bubble, as far as the status line allows; up never
        const floor = onShow(status) ? status.getBoundingClientRect().top - GAP : window.innerHeight - GAP;
        dy = Math.max(0, Math.min(dy, floor - p.bottom));
      }
      dy = Math.round(dy);
      if (dy) panel.style.translate = `0 ${dy}px`;
      return restBox(panel, 0, dy);
    }
    let p = restBox(panel);
    const band = (q) => others.filter((o) => o.bottom > q.top + 1 && o.top < q.bottom - 1);
    if (open) {
      panel.classList.add("narrow");
      p = restBox(panel);
      const leftOf = band(p).filter((o) => (o.left + o.right) / 2 < (p.left + p.right) / 2);
      const dx = Math.round(Math.max(GAP, ...leftOf.map((o) => o.right + GAP)) - p.left);
      panel.style.translate = `${dx}px 0`;
      return restBox(panel, dx, 0);
    }
    if (!band(p).some((o) => meets(o, p))) return p;
    // between the seats on either side (their bids' bubbles too), narrower if it must
    for (const narrow of [false, true]) {
      if (narrow) {
        panel.classList.add("narrow");
        p = restBox(panel);
      }
      const cx = (p.left + p.right) / 2;
      const near = band(p);
      const lo = Math.max(GAP, ...near.filter((o) => (o.left + o.right) / 2 < cx).map((o) => o.right + GAP));
      const hi = Math.min(W - GAP, ...near.filter((o) => (o.left + o.right) / 2 >= cx).map((o) => o.left - GAP));
      const pw = p.right - p.left;
      if (hi - lo >= pw || narrow) {
        const dx = Math.round(Math.max(lo, Math.min(p.left, hi - pw)) - p.left);
        if (dx) panel.style.translate = `${dx}px 0`;
        return restBox(panel, dx, 0);
      }
    }
    return p;
  }

  /** A phone: the hint in the largest room that the seats, the plaques, the panels, the
   * cards (those of a trick too) and the bar above the hand leave free, at its foot; on its
   * side the Last trick and Hint buttons move left along the bar where the room is theirs. */
  placeHint(layout, panelBox) {
    const W = window.innerWidth;
    const H = window.innerHeight;
    const phase = document.body.dataset.phase;
    const cards = union(shownBoxes("#hand .hand-card"));
    // a card lifts when it may be played or is picked for the kitty
    const lift = phase === "kitty" ? 24 : phase === "play" ? 16 : 0;
    const hand = cards ? box(cards.left, cards.top - lift, cards.right, cards.bottom) : null;
    const fixed = [
      ...seatBoxes(),
      ...shownBoxes("#scores, #contract, #menu-button, #away-banner, #status"),
      ...OTHER_PANELS.map((id) => document.getElementById(id)).filter(onShow).map((e) => box(e.getBoundingClientRect())),
      hand, panelBox, phase === "play" ? trickArea() : null,
    ].filter(Boolean);
    const tools = shownBoxes("#corner-tools button");
    const bounds = box(GAP, GAP, W - GAP, H - GAP);
    const want = { minW: Math.min(180, W - 2 * GAP), minH: 80, wantW: 340, wantH: 300 };
    let r = null;
    if (layout === "landscape" && tools.length) {
      r = largestFree(fixed, bounds, want);
      const bar = union(tools);
      if (r && meets(bar, box(r.left - GAP, r.top, r.right, r.bottom))) {
        const dx = bar.right - (r.left - GAP);
        const moved = box(bar.left - dx, bar.top, bar.right - dx, bar.bottom);
        // (clear of your badge and bid on the bar, and of the cards as they lie)
        const near = [...fixed.filter((o) => o !== hand), cards].filter(Boolean);
        if (moved.left >= GAP && !near.some((o) => meets(o, moved))) {
          this.tools.style.right = `${Math.round(W - moved.right)}px`;
        } else {
          r = null;
        }
      }
    }
    if (!r) r = largestFree([...fixed, ...tools], bounds, want);
    if (!r) return; // no room anywhere: where the style sheet puts it
    this.el.style.left = `${Math.floor(r.left)}px`;
    this.el.style.right = "auto";
    this.el.style.width = `${Math.floor(r.right - r.left)}px`;
    this.el.style.top = "auto";
    this.el.style.bottom = `${Math.ceil(H - r.bottom)}px`;
    this.el.style.maxHeight = `${Math.floor(r.bottom - r.top)}px`;
  }

  asked(turnKey) {
    this.pendingKey = turnKey;
    clear(this.el);
    this.el.appendChild(h("div.hint-head", null, h("span.hint-title", { text: "Hint" }), this.closeBtn()));
    this.el.appendChild(h("div.hint-thinking", null, h("span.spinner"), " Thinking…"));
    this.el.hidden = false;
    this.fit();
  }

  closeBtn() {
    const b = h("button.icon-btn.small", { type: "button", "aria-label": "Close the hint", text: "✕" });
    b.addEventListener("click", () => this.hide());
    return b;
  }

  /** defending: the chances are the declarer's (his contract's), not yours. */
  show(msg, phase, defending = false) {
    this.turnKey = this.pendingKey;
    clear(this.el);
    this.el.appendChild(h("div.hint-head", null, h("span.hint-title", { text: "Hint" }), this.closeBtn()));
    this.el.appendChild(h("div.hint-words", null, msg.words || actionNode(msg.action, phase)));
    if (msg.reason) this.el.appendChild(h("div.hint-reason", { text: msg.reason }));
    const cands = (msg.candidates || []).slice(0, 8);
    if (cands.length) {
      const anyProb = cands.some((c) => typeof c.make_probability === "number");
      this.el.appendChild(h("table.hint-table", null,
        h("thead", null, h("tr", null, h("th", { text: "Choice" }), h("th.num", { text: "Value" }),
          anyProb ? h("th.num", defending
            ? { text: "Declarer makes", title: "The declarer's chance of making the contract after this card" }
            : { text: "Makes", title: "The chance of making the contract" }) : null)),
        h("tbody", null, cands.map((c) => h("tr", { class: c.action === msg.action ? "best" : "" },
          h("td", null, actionNode(c.action, phase), c.note ? h("span.muted.small", { text: ` ${c.note}` }) : null),
          h("td.num", { text: typeof c.value === "number" ? c.value.toFixed(1) : "" }),
          anyProb ? h("td.num", { text: typeof c.make_probability === "number" ? `${Math.round(c.make_probability * 100)}%` : "–" }) : null)))));
    }
    this.el.hidden = false;
    this.fit();
  }

  hide() {
    this.el.hidden = true;
    this.turnKey = null;
    this.pendingKey = null;
    this.fit();
  }

  /** Hides a hint that no longer fits the position; one that stays keeps clear of the panel
   * (again once the seats have slid to their places). */
  render(turnKey) {
    if (!this.el.hidden && this.turnKey !== turnKey && this.pendingKey !== turnKey) this.hide();
    this.fitNowAndLater();
  }
}

// ---------------------------------------------------------------- menu

export class Menu {
  constructor({ send, onNewGame, onHint, getState }) {
    this.send = send;
    this.getState = getState;
    this.btn = document.getElementById("menu-button");
    this.el = document.getElementById("menu");
    this.pauseBtn = document.getElementById("pause-button");
    this.soundBtn = document.getElementById("sound-toggle");
    this.hintBtn = document.getElementById("hint-button");
    this.links = [];
    this.btn.addEventListener("click", (e) => {
      e.stopPropagation();
      this.toggle();
    });
    document.addEventListener("pointerdown", (e) => {
      if (!this.el.hidden && !this.el.contains(e.target) && !this.btn.contains(e.target)) this.close();
    });
    document.addEventListener("keydown", (e) => { if (e.key === "Escape") this.close(); });
    this.pauseBtn.addEventListener("click", () => {
      const s = this.getState();
      if (!s) return;
      this.send({ type: "pause", paused: !s.table.paused });
      this.close();
    });
    document.getElementById("resume-button").addEventListener("click", () => this.send({ type: "pause", paused: false }));
    this.soundBtn.addEventListener("click", () => {
      sound.setEnabled(!sound.isEnabled());
      this.renderSound();
    });
    this.hintBtn.addEventListener("click", () => {
      this.close();
      onHint();
    });
    document.getElementById("rules-button").addEventListener("click", () => {
      const s = this.getState();
      this.close();
      if (s) showRules(s.table.id);
    });
    document.getElementById("new-game-menu").addEventListener("click", async () => {
      this.close();
      const s = this.getState();
      const over = s && s.view.phase === "game_over";
      if (over || await confirmDialog("Leave this game and start a new one? This game stays saved: CONTINUE picks it up again.", "NEW GAME")) onNewGame();
    });
    for (const el of document.querySelectorAll(".mi-icon[data-icon]")) el.innerHTML = ICONS[el.dataset.icon] || "";
    this.renderSound();
  }

  toggle() {
    if (this.el.hidden) this.open(); else this.close();
  }

  open() {
    this.el.hidden = false;
    this.btn.setAttribute("aria-expanded", "true");
  }

  close() {
    this.el.hidden = true;
    this.btn.setAttribute("aria-expanded", "false");
  }

  renderSound() {
    const on = sound.isEnabled();
    this.soundBtn.setAttribute("aria-checked", on ? "true" : "false");
    this.soundBtn.querySelector(".mi-text").textContent = on ? "Sound: on" : "Sound: off";
    this.soundBtn.querySelector(".mi-icon").innerHTML = on ? ICONS.soundOn : ICONS.soundOff;
    this.soundBtn.classList.toggle("off", !on);
  }

  setLinks(links) {
    if (links && links.length) this.links = links;
  }

  render(state, canHint) {
    const t = state.table;
    const paused = !!t.paused;
    this.pauseBtn.querySelector(".mi-text").textContent = paused ? "Resume" : "Pause";
    this.pauseBtn.querySelector(".mi-icon").innerHTML = paused ? ICONS.play : ICONS.pause;
    this.pauseBtn.disabled = ["hand_over", "game_over"].includes(state.view.phase) && !paused;
    this.hintBtn.disabled = !canHint;
    document.getElementById("quick-hint").disabled = !canHint;
    document.getElementById("menu-title").textContent = t.rules_label || "Five Hundred";
    document.getElementById("menu-sub").textContent =
      `Opponents: ${STRENGTH_WORDS[t.strength] || cap(t.strength || "")} · game to ${t.target}`;
    document.getElementById("pause-overlay").hidden = !paused;
    this.renderLinks(t.links && t.links.length ? t.links : this.links);
  }

  renderLinks(links) {
    const box = document.getElementById("links");
    const list = document.getElementById("links-list");
    const key = JSON.stringify(links || []);
    if (list.dataset.key === key) return;
    list.dataset.key = key;
    clear(list);
    box.hidden = !links || !links.length;
    for (const l of links || []) {
      const url = new URL(l.url, location.origin).href;
      const input = h("input.link-url", { type: "text", readonly: true, value: url, "aria-label": `Link for ${l.name}` });
      const copy = h("button.btn.btn-small.btn-secondary", { type: "button", text: "Copy" });
      copy.addEventListener("click", async () => {
        try {
          await navigator.clipboard.writeText(url);
        } catch {
          input.select();
          document.execCommand && document.execCommand("copy");
        }
        copy.textContent = "Copied";
        setTimeout(() => { copy.textContent = "Copy"; }, 1500);
        toast(`Link for ${l.name} copied`, "ok", 2000);
      });
      list.appendChild(h("div.link-row", { dataset: { seat: String(l.seat) } },
        h("span.link-name", { text: l.name }), input, copy, this.seatState(l)));
    }
  }

  /** Who plays a friend's seat now, and for a friend who has left, a bot to take over. */
  seatState(l) {
    if (l.kind === "bot") return h("div.link-state", { text: "A bot plays this seat until the link is opened" });
    if (l.connected) return h("div.link-state.here", { text: "Playing" });
    return h("div.link-state.away", null, "Away",
      h("button.btn.btn-small.btn-secondary.to-bot", {
        type: "button", text: "Let a bot play",
        onclick: () => this.send({ type: "seat_to_bot", seat: l.seat }),
      }));
  }
}
