// Every state from the server (``onState``): said to a screen reader, drawn on the table, your
// hand and the panels of your turn, the menu and the away prompt; the bell at your turn, the
// end-of-hand and end-of-game sheets once the last trick is gathered.

import { app, views } from "./app.js";
import { isMyTurn, turnKey, renderHand } from "./turn.js";
import { renderAway } from "./away.js";
import { renderGathering } from "./gathering.js";
import { askName } from "./requests.js";
import * as sound from "./sound.js";
import { GameOverDialog } from "./dialogs.js";
import { announceMoves } from "./announce.js";
import { toast, dropToast, clearOfTheGame, saveTable, savedTable, prettyText, readable } from "./util.js";

const CUT_MS = 8000;   // the cut's notice at the normal speed (times the table's speed_factor)
let cut = null;       // the cut's notice on show: {el, table, at, timer}

/** The cut that chose the first dealer (first_dealer "cut"), said as the game opens, where it
 *  covers nothing of the game (it lay over the top seats and their bids, on a phone over the
 *  scores), for a time that goes by the table's speed, and gone at the first action (the
 *  server's table.cut with it): at a fast table it stayed 8 s, through the bidding. */
function showCut(prev, msg) {
  if (cut && (cut.table !== msg.table.id || !msg.table.cut)) dropCut();
  if (msg.table.cut && (!prev || prev.table.id !== msg.table.id)) {
    const name = (s) => (s === msg.you ? "you" : msg.table.seats[s].name);
    const cards = msg.table.cut.map((c, s) => `${name(s)} ${prettyText(c)}`).join(", ");
    const dealer = msg.view.dealer === msg.you ? "you deal" : `${name(msg.view.dealer)} deals`;
    const low = prettyText(msg.table.cut[msg.view.dealer]);
    const el = toast(`The cut: ${cards}: ${dealer} (the lowest card)`, "info", CUT_MS * 2);
    if (el) {
      cut = { el, table: msg.table.id, at: Date.now(), timer: null, short: `The cut: ${dealer} (${low}, the lowest)` };
      // (again once the table is laid out: a phone's seats find their places a little later)
      requestAnimationFrame(() => requestAnimationFrame(placeCut));
      setTimeout(placeCut, 400);
    }
  }
  if (!cut) return;
  // (a new speed from the menu counts from the notice's start)
  const left = CUT_MS * (msg.table.speed_factor || 1) - (Date.now() - cut.at);
  clearTimeout(cut.timer);
  if (left <= 0) {
    dropCut();
    return;
  }
  cut.timer = setTimeout(dropCut, left);
  placeCut();
}

/** The cut's notice where it covers nothing of the game: in short where the whole would not
 *  go (a phone at your bid), and taken away where neither goes. */
function placeCut() {
  if (!cut) return;
  if (clearOfTheGame(cut.el.parentElement)) return;
  if (!cut.el.classList.contains("short")) {
    cut.el.classList.add("short");
    cut.el.replaceChildren(...readable(cut.short));   // (its cards named in words, as toast's)
    if (clearOfTheGame(cut.el.parentElement)) return;
  }
  dropCut();
}

function dropCut() {
  if (!cut) return;
  clearTimeout(cut.timer);
  dropToast(cut.el);
  cut = null;
}

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
  const spread = (s) => s.view.exposed.some(([seat]) => seat === s.you);
  if (spread(msg) && !(prev && prev.table.id === msg.table.id
      && prev.view.hand_number === msg.view.hand_number && spread(prev))) {
    // your open misère's hand goes down face up: nothing on your side of the table showed it
    toast("Your hand is face up now: everyone sees your cards", "info", 5000);
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
  renderGathering(msg);
  showCut(prev, msg);
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
