// Dialogs: the end-of-hand sheet, the end of the game (each with the last hand's review
// against double dummy, review.js; the game's end opens the score sheet too, score-sheet.js),
// confirmations. The menu is in menu.js, the rules dialog in rules.js, the hint in hint.js.

import { statsTable, STRENGTH_WORDS } from "./stats.js";
import { ReviewPanel, playedOut, reviewButton, handInPlay, handReviewButton, markReviewed } from "./review.js";
import { openScoreSheet, SHEET_ICON } from "./score-sheet.js";
import { gameHand } from "./plaques.js";
import { h, clear, bidNode, fmtPoints, cap, midSentence, ICONS, recordUrl, sheetVerdict, readable, seatNames, withNames, nameList, nameNode } from "./util.js";

/** A claim played out (main.js, from the ``claimed`` message): said first on the sheet of its
 *  hand, where a message of its own lay over the sheet that came in at once. */
let claimNote = null;

export function noteClaim(table, hand, text) {
  claimNote = { table, hand, text: /[.!]$/.test(text) ? text : `${text}.` };
}

/** PLAY IT AGAIN deals a practice table's hand once more: the same table and hand number,
 *  but the claim that ended the last time is not this time's. */
function forgetClaim() {
  claimNote = null;
}

/** The buttons of a finished hand at a table of bots (``state.practice``: the server takes
 *  PLAY THIS DEAL AGAIN now): at a practice table PLAY IT AGAIN (``primary``: the sheet's big
 *  one) and BACK TO THE GAME, which the server's link takes; else PLAY THIS DEAL AGAIN, which
 *  opens a practice table of it (main.js, on the ``practice`` answer). */
function practiceButtons(state, send, onBackToGame, primary) {
  const p = state.table.practice;
  const ask = (btn) => () => {
    if (!send({ type: "practice" })) return;
    btn.disabled = true;         // (until the answer: a refusal gives it back, practiceRefused)
    if (p) forgetClaim();
  };
  if (!p) {
    if (!state.practice) return [];
    const again = h("button#practice-button.btn.btn-secondary", { type: "button", text: "PLAY THIS DEAL AGAIN", title: "Play these very cards again at a practice table: this game waits as it is" });
    again.addEventListener("click", ask(again));
    return [again];
  }
  const again = h(`button#play-again-button.btn.${primary ? "btn-primary.btn-big" : "btn-secondary"}`, { type: "button", text: "PLAY IT AGAIN", title: "The same cards once more" });
  again.disabled = !state.practice;
  again.addEventListener("click", ask(again));
  const back = p.back ? h("button#back-to-game-button.btn.btn-secondary", { type: "button", text: "BACK TO THE GAME", onclick: onBackToGame }) : null;
  return [again, back];
}

/** A ``no_practice`` refusal: the buttons that asked may ask again (the toast says why). */
export function practiceRefused() {
  for (const id of ["practice-button", "play-again-button"]) {
    const b = document.getElementById(id);
    if (b) b.disabled = false;
  }
}

/** After a reconnect: a practice asked for from ``card`` and never answered (the link dropped
 *  under it, and its answer with it) may be asked for again, where the server takes one now
 *  (``state.practice``). */
function practiceUnsent(card, state) {
  for (const b of card.querySelectorAll("#practice-button, #play-again-button")) {
    b.disabled = !(state && state.practice);
  }
}

/** The sheet's lines, the claim that ended its hand first (of this table's hand: a claim
 *  of another game, in this page before, is not this one's). */
export function sheetLines(state) {
  const sheet = state.sheet;
  const lines = sheet.lines || [];
  const mine = claimNote && claimNote.table === state.table.id && claimNote.hand === sheet.number;
  return mine ? [claimNote.text, ...lines] : lines;
}

/** The sheet's defenders' points: one side's, or several sides' (each playing for himself)
 * as "+10 each" where each scored alike, else "Defenders, together" (three-handed, "Defenders
 * +20" read as one player's points). */
function defendersRow(s) {
  const each = s.defender_each;
  const several = (s.defender_sides || 1) > 1;
  const label = several && each == null ? "Defenders, together" : "Defenders";
  const value = each != null ? `${fmtPoints(each) || "0"} each` : fmtPoints(s.defender_points) || "0";
  return h("div", null, h("span", { text: label }), h("b", { text: value }));
}

/** Keeps a dialog card's scroll clear of its foot (the buttons kept in sight at its bottom,
 *  panels.css): the foot's height is the card's --foot-room, the room its scroll-padding keeps
 *  at the bottom, so that a control the focus goes to (by Tab, or a hand's Review pushed down
 *  by its review opened above it) never lies under the foot. Measured again as the card
 *  changes size (shown; a narrower window wraps the foot's buttons); the function returned
 *  measures it now (after a build). */
function keepFootRoom(card) {
  const measure = () => {
    const foot = card.querySelector(":scope > .sheet-actions");
    card.style.setProperty("--foot-room", `${foot ? foot.offsetHeight : 0}px`);
  };
  if (window.ResizeObserver) new ResizeObserver(measure).observe(card);
  return measure;
}

function pointsCell(n) {
  return h("td.num", { class: n > 0 ? "pos" : n < 0 ? "neg" : "", text: fmtPoints(n) || "0" });
}

// ---------------------------------------------------------------- end of hand

export class SheetDialog {
  constructor(send, onBackToGame) {
    this.send = send;
    this.onBackToGame = onBackToGame;
    this.el = document.getElementById("sheet");
    this.card = this.el.querySelector(".modal-card");
    this.key = null;
    this.waiting = false;
    this.reviewPanel = null;
    this.measureFoot = keepFootRoom(this.card);
  }

  /** Which hand's sheet a state shows. */
  static keyOf(state) {
    return state.sheet ? `${state.table.id}|${state.sheet.number}` : null;
  }

  /** Whether this state's sheet is the one on show (a state that changes nothing of the
   * hand, a friend joining or pressing NEXT, leaves it be: no rebuild, no review wiped). */
  showing(state) {
    return !this.el.hidden && this.key !== null && this.key === SheetDialog.keyOf(state);
  }

  render(state, ready) {
    const show = state.view.phase === "hand_over" && !!state.sheet && ready;
    if (!show) {
      if (!["hand_over", "game_over"].includes(state.view.phase)) handInPlay(state);
      this.el.hidden = true;
      this.key = null;
      if (this.reviewPanel) {     // gone with its hand (and its ids free for the game's end)
        clear(this.card);
        this.reviewPanel = null;
      }
      return;
    }
    const key = SheetDialog.keyOf(state);
    this.state = state;
    if (key === this.key && !this.el.hidden) {
      this.renderWait();           // (a friend's NEXT, or his leaving: who is left to press)
      return;
    }
    this.key = key;
    this.waiting = false;
    this.build(state);
    this.el.hidden = false;
    this.measureFoot();
    const btn = this.card.querySelector(".sheet-actions .btn-primary");
    if (btn) btn.focus({ preventScroll: true });
  }

  build(state) {
    const s = state.sheet;
    const t = state.table;
    this.state = state;
    clear(this.card);
    const c = s.contract;
    const mySide = t.sides.findIndex((side) => side.includes(state.you));
    const { text: verdict, cls } = sheetVerdict(s, mySide);
    const names = seatNames(state);
    this.card.appendChild(h("div.sheet-head", { class: cls },
      h("div.sheet-kicker", { text: t.practice ? `Practice · hand ${t.practice.hand + 1} again` : `Hand ${s.number + 1}` }),
      h("h2#sheet-title", { text: verdict }),
      c ? h("div.sheet-contract", null, bidNode(c.bid), h("span.muted", null, " by ", withNames(midSentence(s.declarer_name ?? ""), names), ` · ${c.value} points`)) : null));

    // five-handed, the declarer's row and the called partner's tagged, as on the table (the
    // partner's was a plain row: only the lines below said so)
    // (after a comma the eye does not see: a screen reader read "Youdeclarer" as one word)
    const [declaring, partnered] = s.declaring_sides || [];
    const said = (pill) => [h("span.sr-only", { text: ", " }), pill];
    const tag = (i) => (partnered === undefined ? null
      : i === declaring ? said(h("span.sheet-tag", { text: "declarer" }))
        : i === partnered ? said(h("span.sheet-tag.called", { text: "partner" })) : null);
    const rows = t.side_names.map((name, i) => h("tr", { class: i === mySide ? "mine" : "" },
      h("td", null, withNames(name, names), tag(i)),
      h("td.num", { text: String((s.side_tricks || [])[i] ?? "") }),
      pointsCell((s.points || [])[i] ?? 0),
      h("td.num.total", { text: String((s.scores || state.view.scores)[i] ?? 0) })));
    this.card.appendChild(h("table.sheet-table", null,
      h("thead", null, h("tr", null, h("th", null, h("span.sr-only", { text: "Side" })), h("th.num", { text: "Tricks" }),
        h("th.num", { text: "This hand" }), h("th.num", { text: "Score" }))),
      h("tbody", null, rows)));

    if (c) {
      this.card.appendChild(h("div.sheet-points", null,
        h("div", null, h("span", null, (s.declaring_sides || []).length > 1 ? ["Contract (", withNames(midSentence(s.declarer_name), names), ")"] : "Contract"), h("b", { class: s.contract_points < 0 ? "neg" : "pos", text: fmtPoints(s.contract_points) })),
        (s.declaring_sides || []).length > 1
          ? h("div", null, h("span", { text: "Partner (half)" }), h("b", { class: s.partner_points < 0 ? "neg" : "pos", text: fmtPoints(s.partner_points) || "0" }))
          : null,
        defendersRow(s)));
    }
    const lines = sheetLines(state);
    if (lines.length) {
      this.card.appendChild(h("ul#sheet-lines.sheet-lines", null, lines.map((l) => h("li", null, readable(l, names)))));
    }
    this.reviewPanel = playedOut(s) ? new ReviewPanel(this.send, state) : null;
    if (this.reviewPanel) this.card.appendChild(this.reviewPanel.el);
    const review = this.reviewPanel && this.reviewPanel.button;
    if (t.practice) {         // one hand: no next one here; the game waits (BACK TO THE GAME)
      const [again, back] = practiceButtons(state, this.send, this.onBackToGame, true);
      this.card.appendChild(h("div.sheet-actions", null, again, review, back));
      return;
    }
    const btn = h("button#next-button.btn.btn-primary.btn-big", { type: "button", text: "NEXT" });
    const note = h("div#sheet-wait.sheet-wait.muted", { hidden: true });
    btn.addEventListener("click", () => {
      if (this.send({ type: "next" })) {
        this.waiting = true;
        this.renderWait();
      }
    });
    this.card.appendChild(h("div.sheet-actions", null, btn, review, ...practiceButtons(state, this.send), note));
    this.renderWait();
  }

  /** Who the next deal waits on (the server's ``table.waiting_for``: the players still at the
   *  table who have not pressed NEXT), under NEXT: once you have pressed it "Waiting for
   *  Cat…" (it said "the other players" when only Cat was left), and to the last one to
   *  press, "Ann and Bob are waiting for you". NEXT stays pressed on a page opened again. */
  renderWait() {
    const state = this.state;
    const btn = this.card.querySelector("#next-button");
    const note = this.card.querySelector("#sheet-wait");
    if (!state || !btn || !note) return;
    const t = state.table;
    const seat = (s) => t.seats[s];
    const waitingFor = Array.isArray(t.waiting_for) ? t.waiting_for : null;
    const pressed = this.waiting || (waitingFor !== null && t.friends
      && !waitingFor.includes(state.you) && seat(state.you).kind === "human");
    btn.disabled = pressed;
    const others = (waitingFor || []).filter((s) => s !== state.you && seat(s));
    const name = (s) => seat(s).name;
    let words = null;
    if (pressed) {
      words = others.length ? ["Waiting for ", ...nameList(others.map(name)), "…"]
        : ["Waiting for the other players…"];
    } else if (waitingFor !== null && t.friends && !others.length) {
      // everyone else has pressed: the deal waits on you alone
      const ready = t.seats.filter((x) => x.seat !== state.you && x.kind === "human" && x.connected);
      if (ready.length) {
        words = ready.length > 1 ? ["The others are waiting for you"]
          : [...nameList([ready[0].name]), " is waiting for you"];
      }
    }
    note.hidden = !words;
    note.classList.toggle("yours", !pressed && !!words);
    if (words) note.replaceChildren(...words);
    this.measureFoot();            // (the foot's room, the line shown or gone)
  }

  /** The first state after a reconnect (drawn): NEXT pressed on the socket that dropped, never
   *  answered, may be pressed again (it said "Waiting for the other players…" for good at a
   *  table of bots; one that did arrive shows in this state: a new deal, or the server's
   *  ``waiting_for``), a practice asked for may be asked again, and a review awaited is asked
   *  for again. */
  unsent() {
    if (this.el.hidden) return;
    this.waiting = false;
    this.renderWait();
    practiceUnsent(this.card, this.state);
    if (this.reviewPanel) this.reviewPanel.askAgain();
  }

}

// ---------------------------------------------------------------- end of game

export class GameOverDialog {
  constructor(send, onNewGame, getLink, onBackToGame) {
    this.send = send;
    this.onBackToGame = onBackToGame;
    this.getLink = getLink;
    this.el = document.getElementById("game-over");
    this.card = this.el.querySelector(".modal-card");
    this.onNewGame = onNewGame;
    this.key = null;
    this.reviewPanel = null;
    this.revealing = false;    // a review opened here awaits its answer (reviewShown)
    this.measureFoot = keepFootRoom(this.card);
  }

  /** A review answered (``panel``: the review that asked, review.js ``routeReview``; null:
   *  none); the first answer to a review opened here is shown from its top as far as the
   *  focus stays in sight (reveal): it grew above the row's Review pressed, which it pushed
   *  down. */
  reviewShown(panel) {
    if (panel && panel === this.reviewPanel && this.revealing && !this.el.hidden) {
      this.revealing = false;
      this.reveal(panel.el);
    }
  }

  /** The first state after a reconnect: a practice asked for and a review awaited on the
   *  socket that dropped are asked for again (as the sheet's, SheetDialog.unsent). */
  unsent() {
    if (this.el.hidden) return;
    practiceUnsent(this.card, this.state);
    if (this.reviewPanel) this.reviewPanel.askAgain();
  }

  /** Whether this game's end is on show (as :meth:`SheetDialog.showing`). */
  showing(state) {
    return !this.el.hidden && this.key === state.table.id;
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
    this.measureFoot();
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
    const names = seatNames(state);
    const winnerNames = sm.winner_names || (sm.winner !== null && sm.winner !== undefined ? t.side_names[sm.winner] : "");
    const how = sm.how !== undefined ? sm.how : (state.status || "");   // (state.py how_won)
    this.card.appendChild(h("div.over-head", { class: won ? "won" : "lost" },
      h("div.over-trophy", { "aria-hidden": "true", html: won ? ICONS.trophy : ICONS.spade }),
      h("h2#game-over-title", null, won ? (t.sides[sm.winner].length > 1 ? "You win the game!" : "You win!") : [...withNames(winnerNames || "Nobody", names), ` win${winnerNames.includes("&") ? "" : "s"}`]),
      h("div#game-over-status.muted", { hidden: !how }, withNames(how, names))));
    const mySide = t.sides.findIndex((side) => side.includes(state.you));
    const scores = sm.scores || state.view.scores;
    this.card.appendChild(h("div.final-scores", null, t.side_names.map((name, i) =>
      h("div.final-score", { class: `${i === sm.winner ? "winner" : ""} ${i === mySide ? "mine" : ""}` },
        h("div.fs-name", null, withNames(name, names)), h("div.fs-val", { text: String(scores[i] ?? 0) })))));

    const lines = state.sheet ? sheetLines(state) : [];
    if (lines.length) {
      this.card.appendChild(h("h3.section-title", { text: `The last hand (hand ${gameHand(t, state.sheet.number) + 1})` }));
      this.card.appendChild(h("ul.sheet-lines", null, lines.map((l) => h("li", null, readable(l, names)))));
    }
    // the last hand's review, as its sheet had it (the game's end takes the sheet's place);
    // any other hand played out is reviewed in the same place, from its row below
    this.state = state;
    this.reviewPanel = playedOut(state.sheet) ? new ReviewPanel(this.send, state) : null;
    this.reviewSlot = h("div.review-slot", null, this.reviewPanel && this.reviewPanel.el);
    this.card.appendChild(this.reviewSlot);
    const contracts = sm.contracts || [];
    if (contracts.some((l) => l && l.length)) {
      const cols = h("div.contracts-cols");
      contracts.forEach((list, i) => {
        if (!list || !list.length) return;
        cols.appendChild(h("div.contracts-col", null, h("h3", null, withNames(t.side_names[i], names)),
          h("table.contracts-table", null,
            h("thead", null, h("tr", null, h("th.num", { text: "Hand" }), h("th", { text: "Bid" }), h("th", { text: "By" }), h("th", null, h("span.sr-only", { text: "Result" })), h("th.num", { text: "Points" }), h("th", null, h("span.sr-only", { text: "Review" })))),
            // (the hand's number in the game: a practice's own is its hand 1; the row keeps
            // its own, which the server's review is asked by)
            h("tbody", null, list.map((r) => h("tr", { dataset: { hand: String(r.number ?? r.hand - 1) } },
              h("td.num", { text: String(gameHand(t, r.hand - 1) + 1) }), h("td", null, bidNode(r.bid)), h("td", null, withNames(r.by, names)),
              h("td", { class: r.made ? "pos" : "neg", text: r.made ? "made" : "failed" }),
              pointsCell(r.points),
              h("td.hand-review-cell", null, r.played_out ? handReviewButton(r.number, gameHand(t, r.hand - 1) + 1, (n) => this.openReview(n)) : null)))))));
      });
      this.card.appendChild(sheetHead(h("h3.section-title", { text: "Contracts played" })));
      this.card.appendChild(cols);
    } else if ((state.view.hand_results || []).length) {
      this.card.appendChild(sheetHead(null));
    }
    if (state.stats) {
      this.card.appendChild(h("h3.section-title", { text: `Your statistics · ${STRENGTH_WORDS[t.strength] || cap(t.strength || "")} opponents` }));
      this.card.appendChild(statsTable(state.stats, null, state.stats.by_strength && state.stats.by_strength[t.strength] ? t.strength : null));
    }
    // a practice table's one hand ended the game (from the score its hand began at): the same
    // deal again, or back to the game; a game's last hand may be played again
    const practice = practiceButtons(state, this.send, this.onBackToGame, !!t.practice);
    const btn = t.practice ? practice.shift() : h("button#new-game-button.btn.btn-primary.btn-big", { type: "button", text: "NEW GAME" });
    btn.dataset.first = "";
    if (!t.practice) btn.addEventListener("click", () => this.onNewGame());
    // the whole game, every card, to keep or to study (fivehundred analyse FILE)
    const link = this.getLink();
    const rec = link ? h("a#game-record.btn.btn-secondary", { href: recordUrl(link), download: "", text: "SAVE THE RECORD" }) : null;
    const last = this.reviewPanel
      ? reviewButton(() => this.openReview(state.sheet.number))
      : null;
    this.card.appendChild(h("div.sheet-actions", null, btn, last, ...practice, rec));
  }

  /** Show hand ``number``'s review (asked for once), in place of the one on show. */
  openReview(number) {
    let p = this.reviewPanel;
    if (!p || p.number !== number) {
      p = new ReviewPanel(this.send, this.state, number);
      if (this.reviewPanel) this.reviewPanel.el.replaceWith(p.el);
      else this.reviewSlot.appendChild(p.el);
      this.reviewPanel = p;
    }
    markReviewed(this.card, number);
    const foot = this.card.querySelector("#review-button");
    if (foot) foot.disabled = !!this.state.sheet && number === this.state.sheet.number;
    p.ask();
    this.revealing = p.reviews.mine === "asked";
    this.reveal(p.el);
  }

  /** Scroll the card to ``el``'s top (a review), but, for a keyboard's user, no further than
   *  keeps the control with the focus (a row's Review, below the review) in sight above the
   *  foot: a focus scrolled under the foot, or out of sight, is lost (a tap shows no focus: the
   *  review from its top). */
  reveal(el) {
    const card = this.card;
    const at = (e) => e.getBoundingClientRect().top - card.getBoundingClientRect().top + card.scrollTop;
    let top = at(el);
    const f = document.activeElement;
    if (f && card.contains(f) && f.matches(":focus-visible") && !f.closest(".sheet-actions")) {
      const room = card.clientHeight - (parseFloat(getComputedStyle(card).scrollPaddingBottom) || 0);
      top = Math.min(Math.max(top, at(f) + f.offsetHeight - room), at(f) - 8);
    }
    card.scrollTo({ top, behavior: "smooth" });
  }
}

/** The head of the game's end's list of hands (``title``, or none) with the score sheet's
 *  button at its side: every hand, its reviews too, over this dialog, which lies over the
 *  score plaque and the menu that open it at play (one more button at the foot broke its one
 *  row on a phone on its side). */
function sheetHead(title) {
  const open = h("button#game-over-sheet.btn.btn-small.over-sheet-button", {
    type: "button", "aria-haspopup": "dialog", "aria-label": "Score sheet: every hand of the game",
  }, h("span.over-sheet-icon", { "aria-hidden": "true", html: SHEET_ICON }), "Score sheet");
  open.addEventListener("click", () => openScoreSheet(open));
  return h("div.over-sheet-head", null, title, open);
}

// ---------------------------------------------------------------- confirm

/** Show the modal ``el`` until it is answered: ``answers`` are [element, event, value(e)],
 *  Escape answers ``escaped``; the answer, the modal hidden and its listeners gone. */
function modalAnswer(el, answers, escaped) {
  el.hidden = false;
  return new Promise((res) => {
    const off = [];
    const on = (target, type, fn, capture = false) => {
      target.addEventListener(type, fn, capture);
      off.push(() => target.removeEventListener(type, fn, capture));
    };
    const done = (v) => {
      el.hidden = true;
      off.forEach((f) => f());
      res(v);
    };
    for (const [target, type, value] of answers) on(target, type, (e) => done(value(e)));
    on(document, "keydown", (e) => { if (e.key === "Escape") { e.stopPropagation(); done(escaped); } }, true);
  });
}

/** A question with two answers: true for ``yes``, false for ``no`` or Escape. ``safe``: the
 *  focus (what Enter answers) is on ``no``, for a ``yes`` that cannot be undone. ``title``:
 *  the question in a heading above ``text``, which then says what it means. */
export function confirmDialog(text, yes = "OK", { no = "Cancel", safe = false, title = "" } = {}) {
  confirmTitle(title);
  document.getElementById("confirm-text").textContent = text;
  const y = document.getElementById("confirm-yes");
  const n = document.getElementById("confirm-no");
  y.textContent = yes;
  n.textContent = no;
  const answer = modalAnswer(document.getElementById("confirm"),
    [[y, "click", () => true], [n, "click", () => false]], false);
  (safe ? n : y).focus({ preventScroll: true });
  return answer;
}

/** The confirmation's heading (index.html's ``#confirm-title``) set to ``title``, or hidden
 *  for none; the dialog named by it, else by its one line of text. */
function confirmTitle(title) {
  const modal = document.getElementById("confirm");
  const head = document.getElementById("confirm-title");
  head.textContent = title;
  head.hidden = !title;
  modal.setAttribute("aria-labelledby", title ? "confirm-title" : "confirm-text");
  if (title) modal.setAttribute("aria-describedby", "confirm-text");
  else modal.removeAttribute("aria-describedby");
}

// ---------------------------------------------------------------- your name

/** The count of the name's characters under its field, and at the field's limit what it takes
 *  (a longer name, pasted or typed, was cut at 20 without a word). */
function countName(input) {
  const max = input.maxLength;
  const n = input.value.length;
  const count = document.getElementById("name-count");
  count.textContent = n >= max ? `${max} characters at most` : `${n}/${max}`;
  count.classList.toggle("full", n >= max);
}

/** At a table with friends, the name the others see you by (``current``, a compass name
 *  until you give one; ``remembered``, the one this browser gave last, offered): the name
 *  given, or null for Cancel, Escape or the same name. */
export function nameDialog(current, remembered) {
  const input = document.getElementById("name-input");
  document.getElementById("name-now").replaceChildren("The others see you as ", nameNode(current), ".");
  input.value = remembered || "";
  input.placeholder = current;
  input.oninput = () => countName(input);
  countName(input);
  const given = (e) => {
    e.preventDefault();
    const name = input.value.trim();
    return name && name !== current ? name : null;
  };
  const answer = modalAnswer(document.getElementById("name-dialog"),
    [[document.getElementById("name-form"), "submit", given],
     [document.getElementById("name-keep"), "click", () => null]], null);
  input.focus({ preventScroll: true });
  input.select();
  return answer;
}
