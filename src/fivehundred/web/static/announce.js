// What the other players do, said to assistive technology: each bid, call and card of theirs
// as it comes, in a polite live region the eye does not see (the table shows them; the status
// line, a live region too, says whose turn it is and who won each trick).

import { cardLabel } from "./cards.js";
import { SUIT_NAME } from "./util.js";

/** A bid in words: "7 hearts", "10 no trumps", "misère". */
function bidWords(tok) {
  if (tok === "misere") return "misère";
  if (tok === "open-misere") return "open misère";
  if (tok.endsWith("NT")) return `${tok.slice(0, -2)} no trumps`;
  return `${tok.slice(0, -1)} ${SUIT_NAME[tok.slice(-1)]}`;
}

/** Every card played this hand, in order: [seat, token]. */
function plays(v) {
  return [...(v.tricks || []).flatMap((t) => t.plays), ...(v.trick || [])];
}

/** Say ``text`` (for what the page shows elsewhere without words: a review coming). */
export function say(text) {
  const el = document.getElementById("announce");
  if (el) el.textContent = text;
}

/** Say what the others did between two states of the same hand. */
export function announceMoves(prev, s) {
  if (!prev || !s || prev.table.id !== s.table.id
      || prev.view.hand_number !== s.view.hand_number) return;
  const name = (seat) => (s.table.seats[seat] ? s.table.seats[seat].name : `Seat ${seat}`);
  const said = [];
  for (const [seat, tok] of (s.view.auction || []).slice((prev.view.auction || []).length)) {
    if (seat !== s.you) said.push(tok === "pass" ? `${name(seat)} passes` : `${name(seat)} bids ${bidWords(tok)}`);
  }
  const c = s.view.contract;
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
      said.push(`${who} ${who === "You" ? "call" : "calls"} the ${cardLabel(call.slice(5))} for a partner`);
      const p = s.view.partner;
      if (p === s.you && s.view.contract.declarer !== s.you) said.push("You hold it: you are the partner");
      else if (p !== null && p !== undefined && p !== s.view.contract.declarer) said.push(`${name(p)} holds it: the partner`);
    }
  }
  for (const [seat, tok] of plays(s.view).slice(plays(prev.view).length)) {
    if (seat !== s.you) said.push(`${name(seat)} plays the ${cardLabel(tok)}`);
  }
  if (said.length) say(`${said.join(". ")}.`);
}
