// What happens at the table, said to assistive technology in one polite live region the eye
// does not see: each bid, call and card as it comes (yours too, at the front of what comes
// next: the focus moving on said only the next card's name), who won each trick, the
// contract, the hand's result (whose contract and each side's points), and the status line's
// words (whose turn, what your turn asks for) when they change. The status line itself is not
// live: both spoke at each card, twice a card in all, and it said its line again at every
// state. The panels' own live readouts (the bid chosen, the cards chosen to discard) speak
// only at the player's own changes (``quietReadouts``).

import { cardLabel, trumpSuit } from "./cards.js";
import { SUIT_NAME, bidWords, fmtPoints, inWords, midSentence, sheetVerdict } from "./util.js";

const READOUTS = [".bid-readout", "#kitty-text"];
let heedingInput = false;

/** Sets the panels' readouts live (``polite``) or not (``off``). */
function readoutsLive(value) {
  for (const sel of READOUTS) {
    const el = document.querySelector(sel);
    if (el) el.setAttribute("aria-live", value);
  }
}

/** The panels' readouts quiet until the player's next key, click or tap: a state drawing a
 *  panel of your turn filled them as it opened, and they said "7 hearts 160 points" or
 *  "Discard 3 cards · 0 of 3 chosen" over the announcement saying the same turn and the focus
 *  landing on "Bid 7 hearts". What the player does (+, −, a trump, a card chosen) comes
 *  from an input event, heard first here (capture), so its change is said. */
function quietReadouts() {
  if (!heedingInput) {
    heedingInput = true;
    for (const type of ["keydown", "pointerdown", "click"]) {
      document.addEventListener(type, () => readoutsLive("polite"), true);
    }
  }
  readoutsLive("off");
}

/** A card played, in words: a led joker says the suit it names, to follow, in a sentence of
 * its own ("the joker (naming hearts)" left it to a parenthesis a reader may skip); a bower
 * (``trumps``: the contract's trump suit, if any) is named so; ``you``: yours ("You play"). */
function playWords(who, tok, trumps, you) {
  const named = /^JK:([SCDH])$/.exec(tok);
  if (named) {
    return `${who} ${you ? "lead" : "leads"} the joker and ${you ? "name" : "names"} ${SUIT_NAME[named[1]]}, to follow`;
  }
  return `${who} ${you ? "play" : "plays"} the ${cardLabel(tok, trumps)}`;
}

/** A hand's result as a reader needs it (``s``: the state with its sheet): the verdict, whose
 *  contract and each side's points, "Contract made: East's 7 diamonds; West & East +180,
 *  you & North +30" ("Contract made" alone did not tell a defender whether it was good). */
function resultWords(s) {
  const sheet = s.sheet;
  const verdict = sheetVerdict(sheet).text;
  const c = sheet.contract;
  if (sheet.kind === "all_pass_redeal" || (!c && sheet.kind !== "all_pass_no_trumps")) return verdict;
  const names = s.table.side_names || [];
  const points = (sheet.points || []).map((p, i) => `${midSentence(names[i] ?? `Side ${i + 1}`)} ${fmtPoints(p) || "0"}`);
  if (!c) return `${verdict}; ${points.join(", ")}`;
  const by = sheet.declarer === s.you ? "Your" : `${sheet.declarer_name}'s`;
  const p = sheet.partner;
  const seat = (x) => (x === s.you ? "you" : (s.table.seats[x] ? s.table.seats[x].name : `Seat ${x}`));
  const partner = p !== null && p !== undefined && p !== sheet.declarer ? ` (with ${seat(p)})` : "";
  return `${verdict}: ${by} ${bidWords(c.bid)}${partner}; ${points.join(", ")}`;
}

/** Every card played this hand, in order: [seat, token]. */
function plays(v) {
  return [...(v.tricks || []).flatMap((t) => t.plays), ...(v.trick || [])];
}

/** Say ``text`` (for what the page shows elsewhere without words: a review coming), its card
 * and bid symbols in words (the status line's "the bid is 7♦" was read "the bid is 7"). */
export function say(text) {
  const el = document.getElementById("announce");
  if (el) el.textContent = inWords(text);
}

/** Say what changed between two states, in one message: what was done (within a hand; yours
 * too, which nothing else confirmed), each trick's winner, the hand's result, and the status
 * line if its words changed. */
export function announceMoves(prev, s) {
  if (!s) return;
  quietReadouts();           // (before the state is drawn: a panel opening fills them)
  const same = !!prev && prev.table.id === s.table.id && prev.view.hand_number === s.view.hand_number;
  const said = same ? moves(prev, s) : [];
  if (s.sheet && ["hand_over", "game_over"].includes(s.view.phase)
      && !(same && ["hand_over", "game_over"].includes(prev.view.phase))) {
    said.push(resultWords(s));
  }
  if (s.status && !(same && prev.status === s.status)) said.push(s.status);
  if (said.length) say(`${said.map((x) => x.replace(/[.!]$/, "")).join(". ")}.`);
}

/** What was done between two states of the same hand (your own bids and cards as "You bid
 * 7 spades", "You play the 4 of hearts"), and who won each trick ended. */
function moves(prev, s) {
  const name = (seat) => (seat === s.you ? "You"
    : s.table.seats[seat] ? s.table.seats[seat].name : `Seat ${seat}`);
  const said = [];
  for (const [seat, tok] of (s.view.auction || []).slice((prev.view.auction || []).length)) {
    const you = seat === s.you;
    said.push(tok === "pass" ? `${name(seat)} ${you ? "pass" : "passes"}`
      : `${name(seat)} ${you ? "bid" : "bids"} ${bidWords(tok)}`);
  }
  const c = s.view.contract;
  const trumps = trumpSuit(c);
  if (c && !prev.view.contract) {
    // the auction won: the table shows the contract; a bot's was never said
    said.push(`The contract: ${bidWords(c.bid)}, by ${c.declarer === s.you ? "you" : name(c.declarer)}`);
  }
  const call = s.view.call;
  if (call && call !== prev.view.call && s.view.contract) {
    // five-handed: the card called, and its holder, who says so at once (RULES.md §9)
    const who = s.view.contract.declarer === s.you ? "You" : name(s.view.contract.declarer);
    if (call === "alone") said.push(`${who} ${who === "You" ? "play" : "plays"} alone`);
    else {
      said.push(`${who} ${who === "You" ? "call" : "calls"} the ${cardLabel(call.slice(5), trumps)} for a partner`);
      const p = s.view.partner;
      if (p === s.you && s.view.contract.declarer !== s.you) said.push("You hold it: you are the partner");
      else if (p !== null && p !== undefined && p !== s.view.contract.declarer) said.push(`${name(p)} holds it: the partner`);
    }
  }
  // the cards not played before (a take-back leaves fewer: none), each trick's winner after
  // its last card
  const before = plays(prev.view).length;
  let at = 0;
  const cards = (list) => {
    for (const [seat, tok] of list) {
      if (at++ >= before) said.push(playWords(name(seat), tok, trumps, seat === s.you));
    }
  };
  const done = (prev.view.tricks || []).length;
  (s.view.tricks || []).forEach((t, i) => {
    cards(t.plays);
    if (i >= done) said.push(t.winner === s.you ? "You win the trick" : `${name(t.winner)} wins the trick`);
  });
  cards(s.view.trick || []);
  return said;
}
