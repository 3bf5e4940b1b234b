// The away prompt (#away-banner): the table waits on a player who has left or seems away,
// and a bot can take his seat; or a bot plays for you, and you can take your seat back.

import { app, send } from "./app.js";
import { nameNode } from "./util.js";

/** The prompt when the table waits on a player: one who has left (the creator's to answer;
 *  once he has left himself, everyone's, his seat too, else all would wait; the others are
 *  told who waits on whom, ``host``, with no button), or one whose page is open but who has
 *  not moved for the table's ``idle_after`` seconds (anyone's): a bot can take over.
 *  ``{seat, idle: false, host?}``, ``{seat, idle: true, inMs}`` (the prompt due in ``inMs``,
 *  0 or less: now), or null. */
function awaySeat(s) {
  const v = s.view;
  const seats = s.table.seats;
  if (v.to_move !== null && v.to_move !== s.you && !["hand_over", "game_over"].includes(v.phase)) {
    const hostAway = seats[0].kind === "human" && !seats[0].connected;
    const gone = seats.find((x) => x.seat === v.to_move && x.kind === "human" && !x.connected);
    if (gone && (s.you === 0 || hostAway)) return { seat: gone, idle: false };
    // (the others were told nothing, and saw only "away" on his seat: the host is to answer)
    if (gone && s.table.friends) return { seat: gone, idle: false, host: seats[0] };
  }
  const waiting = s.table.friends ? (s.table.waiting_on || []).filter((x) => x !== s.you) : [];
  if (!waiting.length) return null;
  // (the server says how long it has waited: a rename or a new speed does not restart it)
  const left = s.table.idle_after - (s.table.waited || 0);
  return { seat: seats[waiting[0]], idle: true, inMs: left * 1000 - (Date.now() - app.stateAt) };
}

/** Show or hide the away prompt for state ``s`` (a player seeming away: once the table has
 *  waited on him long enough, by a timer while ``s`` is the last state). */
export function renderAway(s) {
  let away = awaySeat(s);
  clearTimeout(app.idleTimer);
  if (away && away.inMs > 0) {      // (the server counts from its own last change: it says)
    app.idleTimer = setTimeout(() => { if (app.state === s) renderAway(s); }, away.inMs + 250);
    away = null;
  }
  const mine = s.table.friends && s.table.seats[s.you].kind === "bot";   // he was away
  const banner = document.getElementById("away-banner");
  banner.hidden = !away && !mine;
  document.getElementById("away-to-bot").hidden = !away || mine || Boolean(away.host);
  document.getElementById("away-back").hidden = !mine;
  if (mine) {
    document.getElementById("away-text").textContent = "A bot plays for you.";
  } else if (away) {
    document.getElementById("away-text").replaceChildren(nameNode(away.seat.name),
      away.idle ? " seems to be away." : " has left the table.",
      ...(away.host ? [" The table waits for him, or for ", nameNode(away.host.name),
        " to let a bot play."] : []));
    banner.dataset.seat = String(away.seat.seat);
  }
}

/** The prompt's buttons: a bot takes the seat it names, or you take yours back. */
export function wireAwayButtons() {
  document.getElementById("away-to-bot").addEventListener("click", () => {
    const seat = Number(document.getElementById("away-banner").dataset.seat);
    if (Number.isInteger(seat)) send({ type: "seat_to_bot", seat });
  });
  document.getElementById("away-back").addEventListener("click", () => send({ type: "take_seat" }));
}
