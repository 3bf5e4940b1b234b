// Your turn and your hand: whether the table waits on you, the cards you may play, a card
// clicked or dropped (played, or chosen for the kitty's discard), your hand drawn from the
// state, and what the keyboard goes to at your turn and between your turns (focus.js).

import { app, views, send } from "./app.js";
import { usable } from "./focus.js";
import { toast } from "./util.js";
import { say } from "./announce.js";
import { trumpSuit } from "./cards.js";

export const isMyTurn = (s) => !!s && s.view.to_move === s.you && s.view.legal.length > 0;

// ---------------------------------------------------------------- taps too quick to be seen

/** How long (ms) a control just shown, or just given a new meaning, takes no touch: no one
 *  sees it and taps it so soon, so such a tap was meant for what was there before. */
const SETTLE_MS = 350;

/** How far (CSS px) a pointer may go between its press and its release and still tap (or
 *  click): further, it dragged. */
const TAP_SLOP_PX = 10;

/** The last press of a pointer: when and where, of what kind, how many clicks the mouse's own
 *  count makes it (and when the first of them came), whether it moved before its release
 *  (a drag), and whether a key was pressed since. */
const press = { at: -Infinity, x: 0, y: 0, mouse: false, firstAt: -Infinity,
  before: -Infinity, moved: false, key: false };

// (heard on the way down, before any control hears the press)
window.addEventListener("pointerdown", (e) => {
  const now = performance.now();
  Object.assign(press, { before: press.at, at: now, x: e.clientX, y: e.clientY,
    mouse: e.pointerType === "mouse", firstAt: now, moved: false, key: false });
}, true);
window.addEventListener("mousedown", (e) => {
  // a mouse's second click of a double click, by the system's own count: its first click
  // was the press before this one
  if (press.mouse && e.detail > 1) press.firstAt = press.before;
}, true);
window.addEventListener("pointerup", (e) => {
  press.moved = Math.hypot(e.clientX - press.x, e.clientY - press.y) > TAP_SLOP_PX;
  press.key = false;                   // (what the release does is the pointer's)
}, true);
window.addEventListener("keydown", () => { press.key = true; }, true);

/** Whether a tap (or a click) now comes too soon on what it lands on, which appeared or took a
 *  new meaning at ``armedAt`` (performance.now()): pressed before that, a touch less than
 *  ``SETTLE_MS`` after it, or a mouse's double click begun before it. The finger answered
 *  the position before, never seen, and must do nothing (a double tap on DISCARD called a
 *  partner from the call panel opened under it; one on a card that won the trick played the
 *  card under the finger at the next lead). The keyboard (``e``, a click of the keyboard's,
 *  has no count), a drag and a single click of the mouse, however quick, are never held up. */
export function hastyTap(armedAt, e = null) {
  if (e ? e.type === "click" && e.detail === 0 : press.key) return false;
  if (press.moved) return false;
  if (press.at < armedAt) return true;
  if (press.mouse) return press.firstAt < armedAt;   // (a single click's is its own)
  return press.at - armedAt < SETTLE_MS;
}

/** When your hand last took a new meaning (it became yours to play from, or to discard
 *  from, or its playable cards changed), and that meaning, for hastyTap. */
let handArmedAt = -Infinity;
let handMeaning = "";

/** Whether there is a contract and you are not on its side (the declarer's side and, five-
 * handed, the called partner). */
export function defending(s) {
  const c = s && s.view.contract;
  if (!c) return false;
  if (c.declarer === s.you || s.view.partner === s.you) return false;
  if (c.misere) return true;
  const side = s.table.sides.find((x) => x.includes(c.declarer)) || [];
  return !side.includes(s.you);
}

/** The cards of your hand you may play now (the joker once, whatever suit it may be called). */
function playableSet(s) {
  const v = s.view;
  const out = new Set();
  if (v.phase !== "play" || !isMyTurn(s)) return out;
  for (const a of v.legal) out.add(a.startsWith("JK:") ? "JK" : a);
  return out;
}

/** Whether a card dragged out of your hand plays when dropped on the table. */
export function canDropPlay(token) {
  const s = app.state;
  return !!s && s.view.phase === "play" && isMyTurn(s) && playableSet(s).has(token);
}

/** A card of your hand clicked or dropped: chosen (or put back) for the kitty's discard,
 *  played, the joker's suit asked for, or shaken where it cannot be played now. */
export function playCard(token) {
  const { table, kitty, joker } = views;
  const s = app.state;
  if (!s) return;
  if (hastyTap(handArmedAt)) return;   // (the hand changed under a double tap)
  const v = s.view;
  if (v.phase === "kitty" && kitty.active(s)) {
    if (!kitty.toggle(token)) {
      table.hand.shake(token);
      // (choose, not click: the keyboard's Enter and a tap put one back as well)
      toast(`You have chosen ${kitty.need} already: choose one of them to put it back first`, "info", 2500);
    }
    return;
  }
  if (!isMyTurn(s)) {                  // (said why: a shake alone said nothing to a reader)
    if (v.phase === "play") table.hand.shake(token);
    sayWhoseTurn(s);
    return;
  }
  if (v.phase !== "play") return;
  if (app.cardSentFor === s) return;   // a card went from this state already
  if (token === "JK" && v.legal.some((a) => a.startsWith("JK:")) && !v.legal.includes("JK")) {
    joker.open(v.legal, s.joker_rule);
    return;
  }
  actOnce(token);
}

/** Send a move of the play (a card, the joker's suit, a partner called) once a state: a second
 *  tap of a double tap, or a click on another control before the answer, waits for the next
 *  state or the move's refusal (which frees it, messages.js). A call went twice, the second
 *  refused in red: "call A♠ is not a card". Whether it went. */
export function actOnce(action) {
  const s = app.state;
  if (!s || app.cardSentFor === s) return false;
  if (!send({ type: "act", action })) return false;
  app.cardSentFor = s;
  return true;
}

/** The state whose turn was last said to a card chosen out of turn (sayWhoseTurn). */
let toldFor = null;

/** Why a card chosen out of turn does nothing, in words, as a card refused says why: "It is
 *  West's turn". Once a state: Enter held down, or pressed again, does not say it again. */
function sayWhoseTurn(s) {
  if (toldFor === s) return;
  toldFor = s;
  const seat = s.view.to_move;
  const who = seat !== null && seat !== undefined && seat !== s.you && s.table.seats[seat];
  const over = ["hand_over", "game_over"].includes(s.view.phase);
  say(who ? `It is ${who.name}'s turn`
    : over ? `The ${s.view.phase === "game_over" ? "game" : "hand"} is over` : "It is not your turn yet");
}

/** Which turn a state is at: a hint is for that turn only. */
export function turnKey(s) {
  const v = s.view;
  return `${s.table.id}|${v.hand_number}|${v.phase}|${v.auction.length}|${v.tricks.length}|${v.trick.length}|${v.hand.length}`;
}

/** Draw your hand from the last state: what may be played, the kitty's choice, the hint's cards. */
export function renderHand() {
  const { table, kitty } = views;
  const s = app.state;
  if (!s) return;
  const v = s.view;
  const mine = isMyTurn(s);
  const inKitty = kitty.active(s);
  const hinted = new Set(app.hintCards || []);
  const out = v.phase === "play" && v.sitting_out.includes(s.you);
  table.hand.render(v.hand, {
    handKey: `${s.table.id}|${v.hand_number}`,
    playable: playableSet(s),
    dim: (v.phase === "play" && mine) || out,
    selected: inKitty ? kitty.selected : null,
    fromKitty: inKitty ? new Set(v.kitty) : null,
    hinted,
    interactive: mine,
    trumps: trumpSuit(v.contract),      // (a bower named so for a screen reader)
  });
  const hand = document.getElementById("hand");
  hand.dataset.mode = inKitty ? "kitty" : out ? "out" : v.phase === "play" && mine ? "play" : "idle";
  const meaning = hand.dataset.mode === "play" ? `play|${turnKey(s)}|${[...playableSet(s)].join()}`
    : hand.dataset.mode === "kitty" ? `kitty|${s.table.id}|${v.hand_number}` : hand.dataset.mode;
  if (meaning !== handMeaning) {
    handMeaning = meaning;
    handArmedAt = performance.now();
  }
  const faceUp = v.phase === "play" && v.exposed.some(([seat]) => seat === s.you);
  hand.setAttribute("aria-label", faceUp ? "Your hand, face up: everyone sees it" : "Your hand");
  renderHandNote(s, out);
}

/** The line over your hand while you sit out (your partner plays misère alone): the hand
 *  only looked as at any other's turn, a "sits out" on your plate the one word of it. */
function renderHandNote(s, out) {
  const note = document.getElementById("hand-note");
  const c = s.view.contract;
  note.hidden = !out || !c;
  if (note.hidden) return;
  const who = s.table.seats[c.declarer] ? s.table.seats[c.declarer].name : "Your partner";
  note.textContent = `You sit out this hand: ${who} plays ${c.bid === "open-misere" ? "open misère" : "misère"} alone`;
}

/** What your turn asks for, for the keyboard (focus.js): the bid panel's BID (else PASS),
 * the joker's first suit, the call's first card, DISCARD once the cards are chosen (else your
 * first card), your first playable card. Never a control that says it cannot be used now
 * (``aria-disabled``: DISCARD before the cards are chosen keeps the focus, but is not asked for). */
export function turnControl() {
  const s = app.state;
  if (!s || !isMyTurn(s)) return null;
  const ready = (e) => usable(e) && e.getAttribute("aria-disabled") !== "true";
  const pick = (sel) => [...document.querySelectorAll(sel)].find(ready) || null;
  switch (s.view.phase) {
    case "auction": return pick("#bid-button") || pick("#pass-button");
    case "call": return pick("#call-panel button");
    case "kitty": return pick("#discard-button") || pick("#hand .card");
    case "play": return pick("#joker-panel button") || pick("#hand .card.playable");
    default: return null;
  }
}

/** Which kind of answer your turn asks for (focus.js): the phase of this deal (the auction,
 * the kitty, the call, the play), or null when it is not your turn. When it changes and the
 * turn stays yours, the focus goes on from a card that cannot be used now. */
export function turnAsk() {
  const s = app.state;
  if (!s || !isMyTurn(s)) return null;
  return `${s.table.id}|${s.view.hand_number}|${s.view.phase}`;
}

/** Where the keyboard waits between your turns: your hand's Tab stop (its card says it cannot
 * be played now), where the arrows still go along the hand and a screen reader keeps its place;
 * your hand played out (its last card gone, the hand's sheet still to come), the table's Last
 * trick: the focus was left on the page itself for seconds. */
export function waitControl() {
  const stop = document.querySelector('#hand .hand-card[tabindex="0"]');
  if (usable(stop)) return stop;
  const last = document.getElementById("last-trick-button");
  return usable(last) ? last : null;
}
