// Every state from the server (``onState``): said to a screen reader, drawn on the table, your
// hand and the panels of your turn, the menu and the away prompt; the bell at your turn, the
// end-of-hand and end-of-game sheets once the last trick is gathered.

import { app, views } from "./app.js";
import { isMyTurn, turnKey, renderHand } from "./turn.js";
import { renderAway } from "./away.js";
import { askName } from "./requests.js";
import * as sound from "./sound.js";
import { GameOverDialog } from "./dialogs.js";
import { announceMoves } from "./announce.js";
import { toast, saveTable, savedTable, prettyText } from "./util.js";

/** Show a state from the server (one older than the last shown is dropped). */
export function onState(msg) {
  const { table, bid, kitty, call, joker, sheet, gameOver, hint, menu } = views;
  if (typeof msg.seq === "number") {
    if (msg.seq < app.lastSeq) return; // stale
    app.lastSeq = msg.seq;
  }
  const prev = app.state;
  announceMoves(prev, msg);
  if (prev && prev.table.id === msg.table.id && prev.view.hand_number === msg.view.hand_number
      && prev.view.phase === "auction" && msg.view.phase === "play" && !msg.view.contract) {
    // nothing else says so: the status goes from someone bidding to the first lead
    toast("Everyone passed: the hand is played at no trumps, 10 points a trick", "info", 6000);
  }
  if (msg.table.cut && (!prev || prev.table.id !== msg.table.id)) {
    // the cut that chose the first dealer (first_dealer "cut"), said once as the game opens
    const name = (s) => (s === msg.you ? "you" : msg.table.seats[s].name);
    const cards = msg.table.cut.map((c, s) => `${name(s)} ${prettyText(c)}`).join(", ");
    const dealer = msg.view.dealer === msg.you ? "you deal" : `${name(msg.view.dealer)} deals`;
    toast(`The cut: ${cards}: ${dealer} (the lowest card)`, "info", 8000);
  }
  app.state = msg;
  const v = msg.view;
  const practice = msg.table.practice;
  const tag = document.getElementById("practice-tag");
  tag.hidden = !practice;
  if (practice) tag.textContent = `Practice · hand ${practice.hand + 1} again`;
  document.body.dataset.phase = v.phase;
  document.body.dataset.seq = String(msg.seq);
  app.stateAt = Date.now();      // (its table.waited: how long it had waited then)
  document.getElementById("replaced").hidden = true;

  const tk = turnKey(msg);
  if (!prev || turnKey(prev) !== tk) app.hintCards = null;
  table.render(msg);
  renderHand();
  bid.render(msg);
  kitty.render(msg);
  call.render(msg);
  joker.render(msg);
  hint.render(tk);
  menu.render(msg, isMyTurn(msg));
  renderAway(msg);
  if (app.askName) {
    app.askName = false;
    askName();
  }

  // your turn: a gentle bell once per turn
  if (isMyTurn(msg) && (!prev || !isMyTurn(prev) || turnKey(prev) !== tk) && !["hand_over", "game_over"].includes(v.phase)) {
    if (!(prev && isMyTurn(prev) && prev.view.phase === v.phase && v.phase === "kitty")) sound.yourTurn();
  }

  // the sheets wait for the last trick to be gathered
  const showDialogs = () => {
    if (app.state !== msg) return;
    sheet.render(msg, true);
    if (gameOver.render(msg, true)) sound.gameOver(GameOverDialog.youWon(msg));
  };
  // (not once on show: every state restarts the trick's animation, and a friend's NEXT or
  // arrival would hide the sheet and build it again, a review being read wiped with it)
  const onShow = sheet.showing(msg) || gameOver.showing(msg);
  if (["hand_over", "game_over"].includes(v.phase) && table.trick.busy && !onShow) {
    sheet.render(msg, false);
    gameOver.render(msg, false);
    table.trick.idle().then(showDialogs);
  } else {
    showDialogs();
  }

  if (v.phase === "game_over" && app.link && app.link.own) {
    const saved = savedTable();
    if (saved && saved.table === msg.table.id) saveTable(null);
  }
}
