// The page's entry: makes its parts (the table, the panels of your turn, the dialogs, the
// hint, the menu, the lobby), wires them and the smaller controls to the modules that answer
// them, and boots: the lobby, or the table of the seat link in the address (navigation.js).
// Every server state goes through onState (render-state.js).

import { app, views, send } from "./app.js";
import * as sound from "./sound.js";
import { Lobby } from "./lobby.js";
import { TableView } from "./table.js";
import { BidPanel, KittyPanel, CallPanel, JokerPanel } from "./panels.js";
import { SheetDialog, GameOverDialog } from "./dialogs.js";
import { HintView } from "./hint.js";
import { watchFocus } from "./focus.js";
import { Menu } from "./menu.js";
import { canDropPlay, playCard, renderHand, turnAsk, turnControl, waitControl } from "./turn.js";
import { askHint, askName, takeBack, claimRest } from "./requests.js";
import { wireAwayButtons } from "./away.js";
import { wireGathering } from "./gathering.js";
import { onMessage } from "./messages.js";
import { boot, openTable, stepToTable, backToLobby, backToGame, followHistory, readMessagesWith } from "./navigation.js";

/** A trick gathered: its sound, won by your side or not. */
function onGathered(winner) {
  const s = app.state;
  if (!s) return;
  const mine = s.table.sides.find((side) => side.includes(s.you)) || [s.you];
  sound.trickWon(mine.includes(winner));
}

views.table = new TableView({
  onCard: playCard,
  onDropCard: playCard,
  canDropPlay,
  onGathered,
  onPlayed: () => sound.cardPlayed(),
});
views.bid = new BidPanel(send);
views.kitty = new KittyPanel(send, () => renderHand());
views.call = new CallPanel();
views.joker = new JokerPanel();
views.sheet = new SheetDialog(send, backToGame);
views.gameOver = new GameOverDialog(send, () => backToLobby({ newGame: true }), () => app.link, backToGame);
views.hint = new HintView();
views.menu = new Menu({ send, onNewGame: () => backToLobby({ newGame: true }), onHint: askHint, onTakeBack: takeBack, onClaim: claimRest, onName: askName, onBackToGame: backToGame, getState: () => app.state, getLink: () => app.link });
views.lobby = new Lobby({ onStart: (link) => { openTable(link); stepToTable(link); } });

wireAwayButtons();
wireGathering();
readMessagesWith(onMessage);
followHistory();

// ---- wiring of the smaller controls ----

const { table, joker, hint } = views;
document.getElementById("reclaim-button").addEventListener("click", () => {
  app.replaced = false;
  document.getElementById("replaced").hidden = true;
  if (app.conn) app.conn.resume();
});
document.getElementById("quick-hint").addEventListener("click", askHint);
document.getElementById("take-back-button").addEventListener("click", takeBack);
document.getElementById("claim-button").addEventListener("click", claimRest);
document.getElementById("last-trick-button").addEventListener("click", (e) => {
  e.stopPropagation();
  table.toggleLastTrick();
});
document.addEventListener("pointerdown", (e) => {
  const pop = document.getElementById("last-trick");
  if (!pop.hidden && !pop.contains(e.target) && e.target.id !== "last-trick-button") table.toggleLastTrick(false);
});
document.addEventListener("keydown", (e) => {
  if ((e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey && e.key.toLowerCase() === "z") {
    const field = e.target && e.target.closest && e.target.closest("input, textarea");
    if (!field && app.state && !document.getElementById("table").hidden) {
      e.preventDefault();
      if (!e.repeat) takeBack();        // a key held down takes back once
    }
    return;
  }
  if (e.key === "Escape") {
    document.getElementById("rules").hidden = true;
    table.toggleLastTrick(false);
    joker.hide();
    if (!document.getElementById("hint").hidden) hint.hide();
  }
});
for (const id of ["rules"]) {
  const el = document.getElementById(id);
  el.addEventListener("pointerdown", (e) => { if (e.target === el) el.hidden = true; });
}

watchFocus(turnControl, waitControl, turnAsk);

window.fivehundred = { app, send }; // for debugging from the console
boot();
