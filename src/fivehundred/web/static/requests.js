// What you ask of the table besides your moves: a hint, a take-back, a claim of the tricks
// left, the name the others see you by (from the menu, the buttons by your hand, Ctrl+Z).

import { app, views, send } from "./app.js";
import { isMyTurn, turnKey } from "./turn.js";
import { nameDialog } from "./dialogs.js";
import { toast, loadPrefs, savePrefs } from "./util.js";

/** At a table with friends, ask the name the others see you by, and send it (the server
 *  refuses one another seat has, with a toast); this browser offers it at the next table. */
export async function askName() {
  const s = app.state;
  if (!s || !s.table.friends) return;
  const mine = s.table.seats.find((x) => x.seat === s.you);
  const name = await nameDialog(mine ? mine.name : "", loadPrefs().name);
  if (name === null) return;
  if (send({ type: "name", name })) savePrefs({ ...loadPrefs(), name });
}

/** Ask the server for a hint at your turn (shown when it comes, for this turn only). */
export function askHint() {
  const s = app.state;
  if (!isMyTurn(s)) return;
  if (send({ type: "hint" })) views.hint.asked(turnKey(s));
}

/** Send a request that changes the table (``take_back``, ``claim``) once: until the server
 * answers it (``app[flag]`` is cleared then) or ``ms`` pass, a second click is dropped, for
 * it would be about a position not yet seen. */
function sendOnce(flag, msg, ms) {
  if (app[flag] !== null && Date.now() - app[flag] < ms) return;
  if (send(msg)) {
    app[flag] = Date.now();
    views.hint.hide();
    views.joker.hide();
    views.table.toggleLastTrick(false);
  }
}

/** Take back your last decision of this hand, and the bots' plays after it (the server
 * says in each state whether you may: ``take_back``). */
export function takeBack() {
  const st = app.state;
  if (!st) return;
  if (st.take_back) {
    sendOnce("tookBack", { type: "take_back" }, 5000);
    return;
  }
  // (the button is hidden where a friend plays, or sat: Ctrl+Z says why nothing happens)
  const seats = st.table.seats.filter((x) => x.seat !== st.you);
  const friend = seats.find((x) => x.kind === "human") || seats.find((x) => x.persons);
  if (!friend) return;
  const why = friend.kind === "human" ? "plays at this table"
    : "sat at this table (a bot only stands in while away)";
  toast(`Take-backs are for a table of bots: ${friend.name} ${why}`, "info", 3500);
}

/** Claim every trick left for your side (or, declaring a misère, that you take no more):
 * the server's solver checks it and plays the hand out, or says why not. */
export function claimRest() {
  if (app.state && app.state.claim) sendOnce("claiming", { type: "claim" }, 8000);
}
