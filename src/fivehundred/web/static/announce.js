// What happens at the table, said to assistive technology in one polite live region the eye
// does not see: each bid, call and card of the others as it comes, who won each trick, the
// contract, the hand's result, and the status line's words (whose turn, what your turn asks
// for) when they change. The status line itself is not live: both spoke at each card, twice
// a card in all, and it said its line again at every state.

import { cardLabel, trumpSuit } from "./cards.js";
import { SUIT_NAME, bidWords, inWords, sheetVerdict } from "./util.js";

/** A card played, in words: a led joker says the suit it names, to follow, in a sentence of
 * its own ("the joker (naming hearts)" left it to a parenthesis a reader may skip); a bower
 * (``trumps``: the contract's trump suit, if any) is named so. */
function playWords(who, tok, trumps) {
  const named = /^JK:([SCDH])$/.exec(tok);
  if (named) return `${who} leads the joker and names ${SUIT_NAME[named[1]]}, to follow`;
  return `${who} plays the ${cardLabel(tok, trumps)}`;
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

/** Say what changed between two states, in one message: what the others did (within a hand),
 * each trick's winner, the hand's result, and the status line if its words changed. */
export function announceMoves(prev, s) {
  if (!s) return;
  const same = !!prev && prev.table.id === s.table.id && prev.view.hand_number === s.view.hand_number;
  const said = same ? moves(prev, s) : [];
  if (s.sheet && ["hand_over", "game_over"].includes(s.view.phase)
      && !(same && ["hand_over", "game_over"].includes(prev.view.phase))) {
    said.push(sheetVerdict(s.sheet).text);
  }
  if (s.status && !(same && prev.status === s.status)) said.push(s.status);
  if (said.length) say(`${said.map((x) => x.replace(/[.!]$/, "")).join(". ")}.`);
}

/** What the others did between two states of the same hand, and who won each trick ended. */
function moves(prev, s) {
  const name = (seat) => (s.table.seats[seat] ? s.table.seats[seat].name : `Seat ${seat}`);
  const said = [];
  for (const [seat, tok] of (s.view.auction || []).slice((prev.view.auction || []).length)) {
    if (seat !== s.you) said.push(tok === "pass" ? `${name(seat)} passes` : `${name(seat)} bids ${bidWords(tok)}`);
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
      if (at++ >= before && seat !== s.you) said.push(playWords(name(seat), tok, trumps));
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
