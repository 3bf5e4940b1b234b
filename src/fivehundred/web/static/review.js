// The review against double dummy of the hand just played out: the button that asks for it
// and the panel that shows it (your cards, or every card; the declarer's discard), in the
// end-of-hand sheet and in the end of the game's dialog alike; there, and in the score sheet,
// of any hand played out. Each server reply goes to the review that asked for it (routeReview,
// routeRefusal), and the page holds each of a review's ids once (putOnTop).

import { app } from "./app.js";
import { h, clear, cardNode, cap, midSentence } from "./util.js";
import { say } from "./announce.js";
import { gameHand } from "./plaques.js";

/** Whether a hand's sheet is of a hand played out, every card (a review can be asked for):
 * not thrown in, no misère stopped at the declarer's first trick (the server says). */
export function playedOut(sheet) {
  return !!sheet && !!sheet.played_out;
}

/** The REVIEW AGAINST DOUBLE DUMMY button at a dialog's foot (``onclick``: what it does): on
 * a phone on its side it says REVIEW (the foot's buttons in one row, panels.css), its name
 * for a screen reader whole on every screen. */
/** A played-out hand's small Review in a list of hands (the game's end, the score sheet):
 *  ``number`` the hand's (from 0), ``shown`` as the list numbers it; ``onclick`` opens it. */
export function handReviewButton(number, shown, onclick) {
  return h("button.btn.btn-small.hand-review", {
    type: "button", text: "Review", "aria-label": `Review hand ${shown} against double dummy`,
    "aria-pressed": "false", onclick: () => onclick(number),
  });
}

/** The rows' Review in ``card`` marked pressed for hand ``number`` alone (none for null). */
export function markReviewed(card, number) {
  for (const b of card.querySelectorAll("tr[data-hand] .hand-review")) {
    b.setAttribute("aria-pressed", String(b.closest("tr").dataset.hand === String(number)));
  }
}

export function reviewButton(onclick) {
  const words = "REVIEW AGAINST DOUBLE DUMMY";
  return h("button#review-button.btn.btn-secondary", { type: "button", "aria-label": words, onclick },
    h("span.label-long", { text: words }), h("span.label-short", { text: "REVIEW" }));
}

/** The reviews this window was sent, by table, seat and hand ("table|seat|hand", newest last,
 * KEPT of them): a hand's sheet built again (back from a practice table of that hand, or the
 * page reloaded) opens its review as it was left, at once, not solved again (seconds); a hand
 * dealt again has none (handInPlay). In the window's sessionStorage, so a reload keeps them. */
const KEPT = 24;
const KEPT_REVIEWS = "fivehundred.reviews";
const kept = loadKept();

/** The reviews kept in this window's sessionStorage (none where it is damaged or barred). */
function loadKept() {
  try {
    const pairs = JSON.parse(sessionStorage.getItem(KEPT_REVIEWS) || "[]");
    if (Array.isArray(pairs)) {
      // a review as the server sends it (one of another shape, as another version of this
      // page wrote it, would break the sheet on every reload: none kept)
      const answer = (r) => r === null || (!!r && typeof r === "object"
        && typeof r.hand === "number" && Array.isArray(r.plays));
      return new Map(pairs.filter((p) => Array.isArray(p) && typeof p[0] === "string"
        && !!p[1] && answer(p[1].mine) && answer(p[1].every)
        && ["mine", "every"].includes(p[1].mode)).slice(-KEPT));
    }
  } catch {
    // damaged or barred: none kept
  }
  return new Map();
}

/** Write the reviews kept to the window's sessionStorage (full or barred: this page only). */
function storeKept() {
  try {
    sessionStorage.setItem(KEPT_REVIEWS, JSON.stringify([...kept]));
  } catch {
    // (kept in memory for this page)
  }
}

/** A hand in play (``state``'s: dealt again too, as a practice table's PLAY IT AGAIN or a
 * practice asked for again deals it) has no review: the one kept of its last deal is not its. */
export function handInPlay(state) {
  const hand = `${state.table.id}|${state.you}|${state.view.hand_number}`;
  const gone = [...kept.keys()].filter((k) => k === hand || k.startsWith(`${hand}|`));
  gone.forEach((k) => kept.delete(k));
  if (gone.length) storeKept();
}

/** The hand on the sheet as this seat saw it played (the auction, its discards, every card
 * in order): part of its review's key, so a practice hand played again, in another window, or
 * a seat's new player (who is not shown the discards), has a review of its own. */
function playedKey(view) {
  const v = view || {};
  const cards = (v.tricks || []).flatMap((t) => (t.plays || []).map((p) => p[1]));
  return [(v.auction || []).map((a) => a[1]).join(" "), (v.discards || []).join(" "),
    cards.join(" ")].join("/");
}

/** The review's heading, where the focus goes when it comes (from the foot's REVIEW). */
const REVIEW_TITLE = "review-title";

// ---------------------------------------------------------------- whose reply

/** The reviews asked for and not answered yet, oldest first: the panel that asked, its hand,
 *  whether for every card, and the socket it went on. A window's reviews are worked out one
 *  after another (the server's lane); a ``no_review`` names the hand and kind it refuses
 *  (routeRefusal); one asked on a socket since dropped has no answer coming (its panel asks
 *  again). */
const awaited = [];

/** The table's socket open now (an answer comes on the socket its request went on). */
function socketNow() {
  return app.conn ? app.conn.ws : null;
}

/** ``panel`` asked for its review (``every``: of every card) on the socket open now. */
function noteAsked(panel, every) {
  awaited.push({ panel, hand: panel.number, last: !!panel.last, every, socket: socketNow() });
}

/** The asks still awaited: those on the socket open now. */
function stillAwaited() {
  const now = socketNow();
  for (let i = awaited.length - 1; i >= 0; i -= 1) {
    if (awaited[i].socket !== now) awaited.splice(i, 1);
  }
  return awaited;
}

/** A ``review`` message shown to the review that asked for it, which is returned (null: none
 *  did: a late reply), and to every other ask of the same review still awaited (one refused
 *  ``busy`` stays awaited: asked again from a new panel, the answer is the new one's too).
 *  The asks before the first are done with (answered in turn before it, or refused at once). */
export function routeReview(msg) {
  const asks = stillAwaited();
  const same = (a) => a.hand === msg.hand && a.every === !!msg.every_seat;
  const first = asks.findIndex(same);
  if (first < 0) return null;
  const panels = asks.filter(same).map((a) => a.panel);
  const rest = asks.slice(first + 1).filter((a) => !same(a));
  asks.splice(0, asks.length, ...rest);
  for (const p of new Set(panels)) p.show(msg);
  return panels[panels.length - 1];
}

/** A ``no_review`` error, for the review that asked alone (it went to every review open: one
 *  on show that had not asked for anything was wiped): the ask of its ``hand`` (null: the last
 *  hand's) and ``every_seat``, the oldest such; an error naming no hand, to the oldest ask. */
export function routeRefusal(msg) {
  const asks = stillAwaited();
  const named = "hand" in msg;
  const i = !named ? 0 : asks.findIndex((a) => a.every === !!msg.every_seat
    && (msg.hand === null ? a.last : !a.last && a.hand === msg.hand));
  if (i < 0 || !asks.length) return;
  const [ask] = asks.splice(i, 1);
  ask.panel.refused(msg.message, ask.every);
}

// ---------------------------------------------------------------- one of each id

/** The review in the score sheet, on show over the dialog behind it (the game's end, a hand's
 *  sheet), or null. It holds the review's ids (review-panel, review-title, review-mine,
 *  review-every); one behind it has them with BEHIND added meanwhile: each id once. */
let onTop = null;
const BEHIND = "-behind";

/** Each panel by its element (the reviews in the page found by their class). */
const panelOf = new WeakMap();

function reviewsInPage() {
  return [...document.querySelectorAll(".review")].map((el) => panelOf.get(el)).filter(Boolean);
}

/** ``panel`` (placed in the score sheet) on show over the dialog behind it, whose review gives
 *  up its ids meanwhile. */
export function putOnTop(panel) {
  onTop = panel;
  for (const p of reviewsInPage()) p.setBehind(p !== panel);
}

/** The score sheet's review gone (the sheet closed): the review behind it has its ids back. */
export function noneOnTop() {
  onTop = null;
  for (const p of reviewsInPage()) p.setBehind(false);
}

/** Why the review may mark the hint's advice, or a bot's card, as giving tricks away. */
export const HINT_NOTE = "The hint and the bots choose without seeing the hidden cards, so "
  + "the best here can differ from what the hint advised.";

export class ReviewPanel {
  /** For the hand of ``state.sheet``, or the finished hand ``number`` (from 0) of the game;
   * ``send`` sends a message (false when it could not). */
  constructor(send, state, number = null) {
    this.send = send;
    this.last = number === null || (!!state.sheet && number === state.sheet.number);
    this.number = number === null ? state.sheet.number : number;
    this.shown = gameHand(state.table, this.number);    // (a practice's: its game's number)
    this.you = state.you;
    this.seatNames = state.table.seats.map((x) => (x.seat === state.you ? "You" : x.name));
    // the review's answers, yours and every seat's, fetched once each on demand
    this.reviews = { mine: null, every: null };
    this.mode = "mine";
    // (made under the score sheet's review: behind it, till it goes)
    this.behind = !!onTop && onTop.el.isConnected;
    this.el = h("div.review", { id: this.idOf("review-panel"), hidden: true });
    panelOf.set(this.el, this);
    this.button = reviewButton(() => this.ask());
    // the hand on the sheet by how it was played (its cards are in the view); an earlier hand
    // of the game (the game's end), played once, by the review kept of it on its sheet
    const hand = `${state.table.id}|${state.you}|${this.number}`;
    this.key = this.last ? `${hand}|${playedKey(state.view)}`
      : [...kept.keys()].reverse().find((k) => k === hand || k.startsWith(`${hand}|`)) || hand;
    const was = kept.get(this.key);
    if (was) this.reopen(was);
  }

  /** Open as it was left (``was``, kept): the answers come shown at once, one still awaited
   * then is asked for again (the page that asked has gone from the table since); one that
   * cannot be shown is dropped and asked for again. */
  reopen(was) {
    this.reviews = { mine: was.mine, every: was.every };
    if (was.mine) {
      try {
        this.button.disabled = true;
        this.setMode(was.mode);
        return;
      } catch (e) {
        console.warn("a kept review could not be shown; asked for again", e);
        clear(this.el);
        this.button.disabled = false;
        this.reviews = { mine: null, every: null };
        this.mode = "mine";
      }
    }
    this.ask();
  }

  /** The id ``name`` in this review: with BEHIND added while it lies behind another. */
  idOf(name) {
    return this.behind ? `${name}${BEHIND}` : name;
  }

  /** Put behind the score sheet's review (``on``), or on show again: its ids changed so. */
  setBehind(on) {
    if (this.behind === on) return;
    this.behind = on;
    for (const e of [this.el, ...this.el.querySelectorAll("[id]")]) {
      e.id = on ? `${e.id}${BEHIND}` : e.id.slice(0, -BEHIND.length);
    }
  }

  /** Keep this review as it is now (its answers, which of them is on show) for the page. */
  keep() {
    const answer = (r) => (r && r !== "asked" && !r.refused ? r : null);
    kept.delete(this.key);
    kept.set(this.key, { mine: answer(this.reviews.mine), every: answer(this.reviews.every), mode: this.mode });
    if (kept.size > KEPT) kept.delete(kept.keys().next().value);
    storeKept();
  }

  /** The fields that say which hand is asked about: none for the last one. */
  which() {
    return this.last ? {} : { hand: this.number };
  }

  /** Ask for your cards' review (once); the spinner meanwhile. Asked for from the foot's
   *  REVIEW by the keyboard, the spinner holds the focus, and the review's first control once
   *  it comes: the focus went on to NEXT, under the review, and Tab wrapped from the foot up
   *  to the review's toggles, against the order the eye reads them in. */
  ask() {
    if (this.reviews.mine || !this.send({ type: "review", ...this.which() })) return;
    noteAsked(this, false);
    const fromFoot = !!document.activeElement && document.activeElement.id === "review-button";
    this.button.disabled = true;
    this.reviews.mine = "asked";
    clear(this.el);
    const spinner = this.el.appendChild(thinking());
    this.el.hidden = false;
    if (fromFoot) {
      spinner.tabIndex = -1;
      spinner.focus({ preventScroll: true });
    }
    this.keep();
    say("Solving the hand double dummy…");
  }

  /** After a reconnect: a review asked for on the socket that dropped (its answer went with
   *  it: "Solving the hand…" for good) is asked for again; the spinner stays meanwhile. */
  askAgain() {
    if (this.reviews.mine === "asked" && this.send({ type: "review", ...this.which() })) noteAsked(this, false);
    if (this.reviews.every === "asked" && this.send({ type: "review", every_seat: true, ...this.which() })) noteAsked(this, true);
  }

  /** The hand against double dummy (the ``review`` message): what the cards allowed from the
   * first lead, and each of your cards beside the best one there; or, asked for with
   * ``every_seat``, every card played, trick by trick, with each seat's tricks given away.
   * Said only where it is seen (one gone from its dialog meanwhile, or behind the score
   * sheet's, keeps it, to show at once when opened again). */
  show(msg) {
    if (msg.hand !== this.number) return;             // a late reply, for an earlier hand
    this.reviews[msg.every_seat ? "every" : "mine"] = msg;
    this.keep();
    this.render();
    if (this.el.isConnected && !this.el.closest("[hidden]") && !this.behind) {
      say("The review against double dummy is shown below.");
    }
  }

  /** A ``no_review`` for this review's ask (``every``: of every card, yours then staying on
   *  show), its words shown in its place. */
  refused(message, every = false) {
    const text = cap(message || "No review for this hand.");
    if (every && this.reviews.mine && this.reviews.mine !== "asked") {
      this.reviews.every = { refused: text };       // yours stays on show beside it
      this.render();
      return;
    }
    if (kept.delete(this.key)) storeKept();         // (shut again when built again)
    clear(this.el);
    this.el.appendChild(h("p.muted", { text }));
    this.el.hidden = false;
  }

  /** Show yours or every card (the mode chosen), asking for every card the first time. */
  setMode(mode) {
    this.mode = mode;
    if (mode === "every" && !this.reviews.every) {
      if (!this.send({ type: "review", every_seat: true, ...this.which() })) return;
      noteAsked(this, true);
      this.reviews.every = "asked";
    }
    this.keep();
    this.render();
  }

  render() {
    const mine = this.reviews.mine;
    const msg = mine && mine !== "asked" ? mine : null;
    if (!msg) return;                       // the toggle comes with your review
    // the toggle pressed (or the one left focused while every card is solved) is drawn
    // anew: the focus goes to its new self, not to the dialog's first control; from the
    // spinner (ask) to the toggle on, the review's first control
    const a = document.activeElement;
    const focused = this.el.contains(a) ? a.id || this.idOf(REVIEW_TITLE) : "";
    clear(this.el);
    this.el.hidden = false;
    // the counted seats in mid-sentence: "you", "you & North", "East"
    const who = midSentence(msg.counted_label);
    // one seat other than you is counted: "East takes"; you, or a side: "you take", "you & North take"
    const single = (msg.counted || []).length === 1 && who !== "you";
    const takes = single ? "takes" : "take";
    const head = firstLead(msg, who, takes);
    head.push(`In the play ${who} took ${msg.taken}.`);
    // numbered as every hand's is, the last one's too (it said "The hand against double dummy")
    // (the focus comes to it from the foot's REVIEW: a screen reader reads on from there,
    // the summary first, where the "Your cards" toggle after them skipped it)
    this.el.appendChild(h("h3.section-title", { id: this.idOf(REVIEW_TITLE), tabindex: "-1", text: `Hand ${this.shown + 1} against double dummy` }));
    this.el.appendChild(h("p.review-head", { text: head.join(" ") }));
    // what double dummy means, for a student: the server's words (the console's too); then
    // why the hint's advice may be marked here (a newcomer read it as the hint being wrong)
    this.el.appendChild(h("p.review-meaning.muted", null, ...(msg.meaning ? [msg.meaning, " "] : []),
      h("span.review-hint-note", { text: HINT_NOTE })));
    if (msg.discard) this.el.appendChild(h("p.review-discard", null, ...discardLine(msg.discard)));
    const tab = (mode, text) => {
      const on = this.mode === mode;
      return h("button.btn.btn-small", {
        id: this.idOf(`review-${mode}`), type: "button", text, class: on ? "on" : "", "aria-pressed": on ? "true" : "false",
        onclick: () => { if (this.mode !== mode) this.setMode(mode); },
      });
    };
    this.el.appendChild(h("div.review-modes", { role: "group", "aria-label": "Whose cards" },
      tab("mine", "Your cards"), tab("every", "Every card")));
    const ends = `${who} ${single ? "ends" : "end"} with`;     // "West ends with", "you end with"
    if (this.mode === "mine") this.mineTable(msg, ends);
    else this.everyTable(this.reviews.every, ends);
    const again = focused && this.el.querySelector(`#${focused}`);
    if (again) again.focus({ preventScroll: true });
  }

  mineTable(msg, ends) {
    if (!msg.plays.length) {
      this.el.appendChild(h("p.muted", { text: "You played no card this hand." }));
      return;
    }
    const rows = msg.plays.map((p) => {
      const gave = gaveAtLeast(p);
      let verdict;
      if (p.cost === 0) verdict = h("td.review-best", { text: `best (${p.total})` });
      else if (gave) {
        // a cost not solved, but a bound proven ("cost at least"), as the text game says it
        const least = p.cost === null ? "at least " : "";
        const kept = p.best.length && p.best_total !== null ? [...bestCards(p.best), ` kept ${p.best_total}`]
          : [`the best card kept at least ${(p.total || 0) + gave}`];
        verdict = h("td.review-cost", null, `cost ${least}${gave} trick${gave === 1 ? "" : "s"} (${p.total}; `, ...kept, ")");
      } else if (p.total !== null) verdict = h("td.muted", { text: `${p.total} (whether another card did better not solved)` });
      else verdict = h("td.muted", { text: atLeast(p) ? `at least ${atLeast(p)} (how many not solved)` : "not solved" });
      return h("tr", { class: gave ? "costly" : "" }, h("td.num", { text: String(p.trick) }), h("td", null, cardNode(p.card)), verdict);
    });
    this.el.appendChild(h("table.sheet-table.review-table", null,
      h("thead", null, h("tr", null, h("th.num", { text: "Trick" }), h("th", { text: "Your card" }),
        h("th", { text: `Tricks ${ends}` }))),
      h("tbody", null, rows)));
    this.el.appendChild(h("p.review-sum", { text: sumLine(msg.plays) }));
  }

  /** Every card, trick by trick: who played it, the count after it (the counted side's
   * tricks in the end with best play from there; none when all passed, each card counting
   * its own side's), and a card that gave tricks away marked with how many and the best. */
  everyTable(msg, ends) {
    if (!msg || msg === "asked") {
      this.el.appendChild(thinking());
      return;
    }
    if (msg.refused) {
      this.el.appendChild(h("p.muted", { text: msg.refused }));
      return;
    }
    const counted = msg.needed !== null;     // all passed: each card counts its own side
    const n = this.seatNames.length;
    const given = new Map();
    const unsolved = new Set();
    const rows = [];
    msg.plays.forEach((p, i) => {
      const first = i === 0 || msg.plays[i - 1].trick !== p.trick;
      const gave = gaveAtLeast(p);
      given.set(p.seat, (given.get(p.seat) || 0) + gave);
      if (p.cost === null) unsolved.add(p.seat);
      let verdict;
      if (p.cost === 0) verdict = h("td.review-best", { text: counted ? String(p.total) : "best" });
      else if (gave) {
        const least = p.cost === null ? "at least " : "";
        const best = p.best.length ? [" (best ", ...bestCards(p.best), counted && p.best_total !== null ? `: ${p.best_total})` : ")"] : [];
        verdict = h("td.review-cost", null, counted ? `${p.total} · ` : "", `gave ${least}${gave}`, ...best);
      } else if (counted && p.total !== null) verdict = h("td.muted", { text: String(p.total) });
      // a misère's card after which the declarer surely takes a trick: "≥1", as analyse has it
      else verdict = h("td.muted", { text: counted && atLeast(p) ? `≥${atLeast(p)} (how many not solved)` : "not solved" });
      rows.push(h("tr", { class: `${gave ? "costly" : ""} ${first ? "trick-start" : ""}`, dataset: { seat: String(p.seat) } },
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
    this.el.appendChild(h("p.review-sum.review-sums", null, "Tricks given away: ", ...parts, "."));
    // what "+?" means (the text game's words: GIVEN_NOTE)
    if (unsolved.size) this.el.appendChild(h("p.review-given-note.muted", { text: GIVEN_NOTE }));
    this.el.appendChild(h("p.review-head", { text: counted
      ? `After each card, the tricks ${ends} if everyone plays best from there; a card that gave tricks away says how many, and the best cards there.`
      : "A card that gave tricks away (its side's, everyone playing best from there) says how many, and the best cards there." }));
    this.el.appendChild(h("table.sheet-table.review-table.review-every", null,
      h("thead", null, h("tr", null, h("th.num", { text: "Trick" }), h("th", { text: "Player" }),
        h("th", { text: "Card" }), h("th", { text: counted ? `Tricks ${ends}` : "Best play" }))),
      h("tbody", null, rows)));
  }
}

/** What double dummy gives at the first lead (the review's ``double_dummy``; where it was not
 * solved, the bound the search proved, ``at_least``: the defence forces a trick on a misère's
 * declarer, a trick contract's side takes at least so many) and whether the contract could be
 * made (``makeable``), as sentences: ``who`` the counted seats mid-sentence, ``takes`` the verb
 * agreeing with them. */
function firstLead(msg, who, takes) {
  const dd = msg.double_dummy;
  const bound = msg.at_least || 0;
  const n = (k) => `${k} trick${k === 1 ? "" : "s"}`;
  let count;
  if (dd !== null) count = `Double dummy at the first lead, ${who} ${takes} ${n(dd)}.`;
  else if (msg.needed === 0 && bound > 0) count = `Double dummy at the first lead, the defence forces a trick on ${who} (how many was not solved within the search limits).`;
  else if (bound > 0) count = `Double dummy at the first lead, ${who} ${takes} at least ${n(bound)} (how many was not solved within the search limits).`;
  else return ["Double dummy at the first lead: not solved within the search limits."];
  const made = msg.makeable;         // (the server's judgement: HandReview.makeable)
  let verdict = "";
  if (msg.needed === null) verdict = "";
  else if (made === null) verdict = "Whether it could be made was not solved within the search limits.";
  else if (msg.needed === 0) verdict = made ? "The misère could be made." : "The misère could not be made against the best defence.";
  else verdict = made ? `The contract (${msg.needed}) could be made.` : `The contract (${msg.needed}) could not be made against the best defence.`;
  return verdict ? [count, verdict] : [count];
}

/** The tricks the counted side surely ends with after a card not solved (``at_least``, a
 * misère's declarer taking a trick), or 0 when nothing was proven. */
function atLeast(p) {
  return p.value === null && p.at_least !== null ? p.taken + p.at_least : 0;
}

/** The tricks a card surely gave away: its ``cost`` where solved, else what the bounds the
 * search proved show (``gave_at_least``; a review kept from an older page has none: 0). */
function gaveAtLeast(p) {
  return p.cost !== null ? p.cost : p.gave_at_least || 0;
}

/** What your cards gave away in all, as the text game says it (console/reviews.py
 * _sum_line): at least so many where some were not fully valued (it said "Every card of
 * yours was a best one." beside cards not solved). */
export function sumLine(plays) {
  const lost = plays.reduce((n, p) => n + gaveAtLeast(p), 0);
  const unsure = plays.filter((p) => p.cost === null).length;
  const tricks = (k) => `${k} trick${k === 1 ? "" : "s"}`;
  const back = "(the others' mistakes can give them back)";
  if (!unsure) return lost === 0 ? "Every card of yours was a best one." : `Your cards gave away ${tricks(lost)} in all ${back}.`;
  let valued = unsure < plays.length ? `${unsure} of your ${plays.length} cards could not be fully valued`
    : unsure === 1 ? "Your card could not be fully valued" : "None of your cards could be fully valued";
  valued += ` within the search limits (${DEEPER})`;
  if (lost) return `Your cards gave away at least ${tricks(lost)} in all ${back}; ${valued[0].toLowerCase()}${valued.slice(1)}.`;
  return unsure === plays.length ? `${valued}.` : `${valued}; each of the others was a best one.`;
}

/** Where a card was not solved within the review's limits, what to run for a deeper look
 * (the text game's words: review.py DEEPER). */
const DEEPER = "the command fivehundred analyse searches deeper";

/** What "+?" after a player's tricks given away means (review.py GIVEN_NOTE). */
const GIVEN_NOTE = "N+?: at least N (the cost of some of that player's cards was not solved within the search limits).";

/** The spinner while the solver works. */
function thinking() {
  return h("div.review-thinking.muted", null, h("span.spinner"), " Solving the hand…");
}

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

/** Up to four best cards: "A♠ or K♠". */
function bestCards(best) {
  const out = [];
  best.slice(0, 4).forEach((b, i) => { if (i) out.push(" or "); out.push(cardNode(b)); });
  if (best.length > 4) out.push(" …");
  return out;
}
