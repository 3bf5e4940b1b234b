// What the table's connection brings (``onMessage``): each state (render-state.js), and the
// server's other messages and its errors answered: a claim, a friend's welcome, a practice
// table dealt, a take-back done, a hint, a review, a refusal.

import { app, views, send } from "./app.js";
import { onState } from "./render-state.js";
import { defending, renderHand, turnKey } from "./turn.js";
import { onConnection } from "./connection.js";
import { backToLobby, openPractice, showAddress } from "./navigation.js";
import * as sound from "./sound.js";
import { noteClaim, practiceRefused } from "./dialogs.js";
import { routeRefusal, routeReview } from "./review.js";
import { toast, saveTable, savedTable, prettyText, rememberKey, cap } from "./util.js";

/** One message from the table's server (docs/protocol.md): each type to what answers it. */
export function onMessage(msg) {
  const { bid, sheet, gameOver, hint } = views;
  switch (msg.type) {
    case "state":
      onState(msg);
      if (app.reopened && app.state === msg) {
        app.reopened = false;
        forgetUnanswered();
      }
      break;
    case "claimed":
      // (the hand is played out at once: its sheet, coming next, says it first)
      if (app.state && msg.seat === app.state.you) app.claiming = null;
      hint.hide();
      if (app.state) noteClaim(app.state.table.id, app.state.view.hand_number, msg.text);
      break;
    case "welcome":
      // a friend's first visit to his seat's link: his own key gives the seat from now on
      // (the link, which the host has too, no longer does), kept here and in the address
      if (app.link && typeof msg.token === "string") {
        rememberKey(app.link.table, app.link.token, msg.token);
        app.link.token = msg.token;
        showAddress(app.link.table, msg.token);
      }
      app.askName = true;       // (the state, with the seats' names, comes next)
      if (app.linkTooEarly) {
        app.linkTooEarly = false;
        document.getElementById("conn-banner").hidden = true;
      }
      if (msg.before > 0) {     // the host made the seat a new link: someone sat here before
        const times = msg.before === 1 ? "once" : `${msg.before} times`;
        toast(`This seat's link was opened before yours (${times}): the host made it a new one`, "warn", 8000);
      }
      break;
    case "practice":
      openPractice(msg);
      break;
    case "taken_back":
      app.tookBack = null;
      toast("Taken back: your turn again", "ok", 1800);
      break;
    case "hint":
      if (app.state && typeof msg.seq === "number" && msg.seq < app.state.seq) break; // moved on
      app.hintCards = msg.cards || null;
      hint.show(msg, app.state ? app.state.view.phase : "play", defending(app.state));
      if (app.state && app.state.view.phase === "auction" && msg.action) bid.select(msg.action);
      renderHand();
      break;
    case "review":         // (to the review that asked for it: review.js)
      gameOver.reviewShown(routeReview(msg));
      break;
    case "error":
      onError(msg);
      break;
    default:
      break;
  }
}

/** The first state on a socket opened again (connection.js), drawn: what was sent on the one
 *  that dropped and never answered is forgotten ("the player makes it again once back"): a
 *  bid or a discard sent, NEXT or a practice pressed, usable again on this position (a move
 *  that did arrive shows in it, a new turn, so nothing is made twice); a hint or a review
 *  still awaited is asked for again, its answer having gone with the socket. */
function forgetUnanswered() {
  const { bid, kitty, sheet, gameOver, hint } = views;
  bid.unsent();
  kitty.unsent();
  sheet.unsent();
  gameOver.unsent();
  if (views.menu) views.menu.scoreSheet.unsent();
  if (hint.awaited(turnKey(app.state))) send({ type: "hint" });
}

/** An error from the server, by its ``code``: a move refused (the card shaken, the panel
 *  free again), a seat link not yet open or used, a table gone, a review, practice or claim
 *  refused, the seat taken in another tab; else its message in a toast. */
function onError(msg) {
  const { table, bid, kitty, sheet, gameOver } = views;
  const code = msg.code;
  app.cardSentFor = null;               // a refused card: another may be played
  if (code === "illegal") {
    app.tookBack = null;                // (a take-back or a claim refused, say)
    app.claiming = null;
    table.showError(msg.message ? cap(prettyText(msg.message)) : "That is not allowed now.");
    const a = app.lastAttempt;
    if (a && app.state && app.state.view.hand.includes(a.split(":")[0])) table.hand.shake(a.split(":")[0]);
    sound.refused();
    bid.el.classList.remove("sent");
    kitty.el.classList.remove("sent");
    if (app.state) kitty.render(app.state);
    return;
  }
  if (code === "link_not_yet") {    // the page tries again until the next deal
    if (!app.linkTooEarly) toast(`${prettyText(msg.message)}: this page waits for it`, "ok", 8000);
    app.linkTooEarly = true;
    onConnection("reconnecting");     // (the steady line, at once)
    return;
  }
  if (code === "link_used") {
    toast(cap(prettyText(msg.message || "this link was opened already")), "warn", 8000);
    backToLobby();
    return;
  }
  if (code === "unknown_table") {
    const saved = savedTable();
    if (app.link && saved && saved.table === app.link.table) saveTable(null);
    toast(msg.message ? `${cap(prettyText(msg.message))}.` : "That game no longer exists. Start a new one!", "warn", 8000);
    backToLobby();
    return;
  }
  if (code === "damaged_table") {   // (kept on the server: this browser keeps its link too)
    toast(`${cap(prettyText(msg.message))}.`, "warn", 12000);
    backToLobby();
    return;
  }
  if (code === "no_review") {
    routeRefusal(msg);
    return;
  }
  if (code === "no_practice") {
    practiceRefused();
    toast(cap(prettyText(msg.message || "this deal cannot be played again")), "info", 5000);
    return;
  }
  if (code === "no_claim") {
    app.claiming = null;
    // (in the status line, as a card refused: a message of its own lay over the trick)
    table.showError(`No claim: ${prettyText(msg.message || "the claim does not stand")}`);
    sound.refused();
    return;
  }
  if (code === "replaced") {
    app.replaced = true;
    document.getElementById("replaced").hidden = false;
    return;
  }
  app.claiming = null;
  table.hand.release();
  bid.el.classList.remove("sent");
  kitty.el.classList.remove("sent");
  if (app.state) kitty.render(app.state);
  toast(msg.message ? cap(prettyText(msg.message)) : `Error: ${code}`, code === "not_your_turn" ? "info" : "warn");
}
