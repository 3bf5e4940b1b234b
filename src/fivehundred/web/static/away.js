// The away prompt (#away-banner): the table waits on a player who has left or seems away,
// and a bot can take his seat; or a bot plays for you, and you can take your seat back.

import { app, send } from "./app.js";
import { nameNode } from "./util.js";

/** Whether the creator of a table with friends is away, as the server counts it (its
 *  ``creator_away``): his page gone, or a bot plays his seat (given one, his page open but he
 *  gone); anyone at the table then does what he would. */
export function creatorAway(t) {
  return Boolean(t.friends) && (!t.seats[0].connected || t.seats[0].kind === "bot");
}

/** Milliseconds until the table has waited ``seconds`` (its ``idle_after``) on whom it waits on
 *  now (0 or less: it has), from the server's ``table.waited`` when state ``s`` came (its own
 *  last change: a rename or a new speed does not restart it). */
export function idleInMs(s, seconds = s.table.idle_after) {
  return (seconds - (s.table.waited || 0)) * 1000 - (Date.now() - app.stateAt);
}

const heldTimers = {};    // by what waits: "pause", "start"

/** Whether the table has waited ``hold_after`` on the seat holding it still (a pause's, the
 *  creator's at the gathering, five times as long), his page open: anyone may resume it or
 *  START it then (the server's ``held_too_long``, which sends no state when the time comes). If not yet,
 *  ``redraw`` is called once it has, while ``s`` is still the last state (``what``: whose
 *  timer, one each). */
export function heldTooLong(s, what, redraw) {
  clearTimeout(heldTimers[what]);
  const left = idleInMs(s, s.table.hold_after ?? s.table.idle_after) + 250;   // (never ahead of the server)
  if (left <= 0) return true;
  heldTimers[what] = setTimeout(() => { if (app.state === s) redraw(); }, left);
  return false;
}

/** The prompt when the table waits on a player: one who has left (the creator's to answer;
 *  once he is away himself, everyone's, his seat too, else all would wait; the others are
 *  told who waits on whom, ``host``, with no button), or one whose page is open but who has
 *  not moved for the table's ``idle_after`` seconds (anyone's): a bot can take over.
 *  ``{seat, idle: false, host?}``, ``{seat, idle: true, inMs}`` (the prompt due in ``inMs``,
 *  0 or less: now), or null. */
function awaySeat(s) {
  const v = s.view;
  const seats = s.table.seats;
  if (v.to_move !== null && v.to_move !== s.you && !["hand_over", "game_over"].includes(v.phase)) {
    const hostAway = creatorAway(s.table);     // (a bot in his seat too: the server's rule)
    const gone = seats.find((x) => x.seat === v.to_move && x.kind === "human" && !x.connected);
    if (gone && (s.you === 0 || hostAway)) return { seat: gone, idle: false };
    // (the others were told nothing, and saw only "away" on his seat: the host is to answer)
    if (gone && s.table.friends) return { seat: gone, idle: false, host: seats[0] };
  }
  const waiting = s.table.friends ? (s.table.waiting_on || []).filter((x) => x !== s.you) : [];
  if (!waiting.length) return null;
  return { seat: seats[waiting[0]], idle: true, inMs: idleInMs(s) };
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
