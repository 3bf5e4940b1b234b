// Where the page is (each address under the page's own, appUrl: "/" is "/500/" under a
// proxy's prefix): the lobby at "/", a table once a game is started or continued, straight
// to a table from a friend's seat link "/?table=ID&token=T", a practice table and back to its
// game; each a step of the browser's history, for Back and Forward. ``boot`` opens the first.
// The seats this browser plays at are kept as they are played, for the lobby (serving, the
// only list of your games there is), and read back for it (``keptGames``).

import { app, views } from "./app.js";
import { onConnection, closeConnection } from "./connection.js";
import { Connection } from "./net.js";
import { confirmDialog } from "./dialogs.js";
import { h, clear, saveTable, savedSeat, savedTables, forgetTable, keyFor, toast, appUrl } from "./util.js";
import { windowsFirst, whenText } from "./saved-games.js";

/** What reads each table's messages: messages.js's ``onMessage``, given once by main.js (it
 *  opens and leaves tables itself, so it imports this module, and this module not it). */
let onMessage = null;

/** Read each table's messages with ``reader`` from now on. */
export function readMessagesWith(reader) {
  onMessage = reader;
}

/** The seat kept for the lobby (``{link, at}``: the table's, when it was kept last), or null. */
let keeping = null;
const KEEP_EVERY_MS = 60000;    // (the time a game was last played here: to the minute)

/** Open a table (``link``: the lobby's answer, a seat link, a step of the history) and
 *  connect to it; the seat is kept for the lobby's CONTINUE (``keepSeat``) unless it is a
 *  finished game or a practice table: your own at once, a friend's once its first state
 *  comes (an invitation's key comes just before it). */
export function openTable({ table: id, token, links = [], friend, finished = false, practice = false }) {
  const { lobby, menu } = views;
  closeConnection();
  app.replaced = false;
  lobby.hide();
  document.getElementById("table").hidden = false;
  document.body.dataset.phase = "connecting";
  // (not said: as this browser kept it, a friend's seat his, after Back, Forward or a reload)
  if (friend === undefined) friend = !!(savedSeat(id, token) || {}).friend;
  app.link = { table: id, token, own: !friend };
  app.state = null;
  app.lastSeq = -1;
  delete document.body.dataset.seq;   // (this table's states: none shown yet)
  // (a finished game: kept as it was; a practice table: the game is the one to continue)
  keeping = finished || practice ? null : { link: app.link, at: 0 };
  if (keeping && !friend) saveTable({ table: id, token });
  // (a new table for friends gathers: its panel (gathering.js) shows the links to send and
  // START, so the menu is not opened over it)
  menu.setLinks(links);
  app.conn = new Connection(id, token, { onMessage: (msg) => keepSeat(msg, app.link), onConnection });
  app.conn.open();
}

/** A message of the open table read (``onMessage``), then the browser's seats kept up to date
 *  (``link``: the table's, as it was before the message): this seat kept with its own key (a
 *  friend's by the key his invitation was exchanged for) as the newest, its time refreshed
 *  each minute it is played; forgotten once its game is over, or the server has it no more. */
function keepSeat(msg, link) {
  onMessage(msg);
  if (msg.type === "error" && msg.code === "unknown_table" && link) {
    forgetTable(link);
    return;
  }
  const k = keeping;
  if (msg.type !== "state" || !k || k.link !== app.link) return;
  if (msg.table && msg.table.practice) {      // (a practice's link reloaded: never kept)
    forgetTable(k.link);
    keeping = null;
  } else if (msg.view && msg.view.phase === "game_over") {
    forgetTable(k.link);
    keeping = null;
  } else if (Date.now() - k.at >= KEEP_EVERY_MS) {
    k.at = Date.now();
    saveTable({ table: k.link.table, token: k.link.token, friend: !k.link.own });
  }
}

/** Serving, this browser's seats (``kept``, newest first: ``savedTables``) as the server
 *  answered for each (``news``, in order: ``askSeats``), for the lobby: [CONTINUE's game, the
 *  others in progress], as the server's lists are at home; one over or no longer on the
 *  server forgotten, one damaged kept, each said in a line above CONTINUE (made once). */
export function keptGames(kept, news) {
  const games = [];
  const words = [];
  kept.forEach((k, i) => {
    const n = news[i] || {};
    const parts = (n.summary_parts || []).map(String);
    const last = k.at ? `The game you last played ${whenText(k.at)}` : "A game you were playing";
    if (n.status === "in_play") games.push({ ...k, updated: k.at, summary_parts: parts });
    else if (n.status === "damaged") words.push(`${last} cannot be opened: ${n.message}.`);
    else if (n.status === "over" || n.status === "gone") {
      forgetTable(k);
      const end = parts.length ? ` (${[parts[0], ...parts.slice(2)].join(" · ")})` : "";
      words.push(n.status === "over" ? `${last} is over${end}: it is no longer listed here.`
        : `${last} can no longer be opened from this browser (the game is gone, or your seat was given a new link): it is no longer listed here.`);
    }
  });
  let note = document.getElementById("kept-note");
  if (!note) {
    note = h("div#kept-note.muted", { role: "status", style: { margin: "0 0 12px", fontSize: "13px" } });
    document.getElementById("continue-box").before(note);
  }
  note.hidden = !words.length;
  clear(note).append(...words.map((text) => h("p", { text, style: { margin: "0 0 4px" } })));
  return windowsFirst(games[0] || null, games.slice(1));
}

/** Leave the table for the lobby (``newGame``: the player asked for a new game there, so
 *  the keyboard goes to PLAY, not to CONTINUE of the game just left). */
export function backToLobby({ newGame = false } = {}) {
  const { bid, kitty, call, joker, hint, menu, lobby } = views;
  closeConnection();
  app.state = null;
  app.link = null;
  delete document.body.dataset.seq;
  for (const id of ["sheet", "game-over", "rules", "pause-overlay", "replaced", "confirm", "away-banner"]) {
    document.getElementById(id).hidden = true;
  }
  for (const p of [bid.el, kitty.el, call.el, joker.el]) p.hidden = true;
  hint.hide();
  menu.close();
  document.getElementById("table").hidden = true;
  if (history.state && history.state.table) history.replaceState(LOBBY_STEP, "", appUrl("/"));
  else if (location.search) history.replaceState(null, "", appUrl("/"));
  lobby.show({ newGame });
}

// ---- the browser's Back and Forward ----
// A table opened from the lobby is a step of the browser's history (its address stays "/",
// the seat's key kept in the step, not shown: a reload opens that table again, as the step
// says): Back from it goes to the lobby, not to the site before, and Forward opens that table
// again. A step that was a table left for the lobby (the menu's New game) says so, and the
// next table opened takes its place.

/** The state of a history step where the lobby was opened from a table. */
const LOBBY_STEP = { lobby: true };

/** Make the table just opened from the lobby a step of the browser's history. */
export function stepToTable({ table: id, token, finished = false }) {
  const step = { table: id, token, finished };
  if (history.state && history.state.lobby) history.replaceState(step, "");
  else history.pushState(step, "");
}

/** PLAY THIS DEAL AGAIN: open the practice table the server dealt (the ``practice`` answer),
 *  a step of the browser's history after the game's (Back returns to the game), its address
 *  its link (a reload keeps it). */
export function openPractice({ table: id, token }) {
  if (typeof id !== "string" || typeof token !== "string" || !app.link) return;
  const game = app.link;
  // (a game opened by its link had no step of its own: Back would have left it for the lobby)
  if (!(history.state && history.state.table === game.table)) history.replaceState({ table: game.table, token: game.token }, "");
  history.pushState({ table: id, token, practice: true, game: game.table }, "", linkAddress(id, token));
  openTable({ table: id, token, practice: true });
}

/** BACK TO THE GAME from a practice table: the game, which waited as it was (its link is the
 *  server's ``table.practice.back``); the step before, where the practice was opened from it. */
export function backToGame() {
  const p = app.state && app.state.table.practice;
  if (!p || !p.back) return;
  const q = new URLSearchParams(p.back.split("?")[1] || "");
  const id = q.get("table");
  const token = q.get("token");
  if (!id || !token) return;
  if (history.state && history.state.practice && history.state.game === id) {
    history.back();          // (popstate opens the game's step)
    return;
  }
  history.replaceState({ table: id, token }, "", linkAddress(id, token));
  openTable({ table: id, token });
}

/** Back or Forward to another step: the lobby, or the table the step names. */
export function followHistory() {
  window.addEventListener("popstate", (e) => {
    const step = e.state && typeof e.state.table === "string" ? e.state : null;
    const atTable = !document.getElementById("table").hidden;
    if (!step) {
      if (atTable) backToLobby();
    } else if (!atTable || !app.link || app.link.table !== step.table) {
      openTable({ table: step.table, token: step.token, finished: !!step.finished, practice: !!step.practice });
    }
  });
}

// ---- boot ----

/** A seat's link, as the address bar shows it. */
function linkAddress(id, token) {
  return appUrl(`/?table=${encodeURIComponent(id)}&token=${encodeURIComponent(token)}`);
}

/** The address bar shows the seat's own key, not the invitation it was opened by. */
export function showAddress(id, token) {
  history.replaceState(null, "", linkAddress(id, token));
}

/** The host opened, in his own browser, the link he is to send a friend: opening it takes
 *  the friend's seat here and leaves the link good for nobody else, so he is asked first
 *  (the seat's own key, once opened, is remembered: this is only a link not opened here). */
async function hostKeepsOwnSeat(id, invited, saved) {
  if (!saved || saved.table !== id || saved.token === invited) return false;
  const open = await confirmDialog("This is a friend's seat link for your own table. Opened "
    + "here it seats this browser there instead of you, and your friend can no longer use it: "
    + "send it to them instead.", "OPEN IT HERE", { no: "KEEP MY SEAT", safe: true });
  if (open) return false;
  showAddress(id, saved.token);
  openTable({ table: id, token: saved.token });
  return true;
}

/** Whether the page was reloaded (F5), not gone to: the address "/" typed or a bookmark
 *  opened at a table shows the lobby, as it always did. */
function reloaded() {
  const [nav] = performance.getEntriesByType("navigation");
  return !!nav && nav.type === "reload";
}

/** The page opens: at the table of the seat link in its address, else in the lobby; a table's
 *  step reloaded, at that table. */
export async function boot() {
  const params = new URLSearchParams(location.search);
  const id = params.get("table");
  const invited = params.get("token");
  const token = (id && invited && keyFor(id, invited)) || invited;  // back at a link opened before
  if (token !== invited) showAddress(id, token);
  if (id && token) {
    const seat = savedSeat(id, token);
    const own = !!seat && !seat.friend;
    const mine = savedTables().find((x) => x.table === id && !x.friend) || null;
    if (token === invited && !seat && await hostKeepsOwnSeat(id, invited, mine)) return;
    openTable({ table: id, token, friend: !own });
  } else if (reloaded() && history.state && typeof history.state.table === "string"
             && typeof history.state.token === "string") {
    // a table's step reloaded: that table again (a reload showed the lobby, and its CONTINUE
    // the game updated last, perhaps another window's)
    const step = history.state;
    openTable({ table: step.table, token: step.token, finished: !!step.finished });
  } else {
    // (the site's address gone to from a table: the lobby, and the next table opened takes
    // the step's place)
    if (history.state && history.state.table) history.replaceState(LOBBY_STEP, "");
    views.lobby.show();
  }
}

/** A seat's link cut short before its key (``/?table=ID``, ``token=`` empty: pasted in part)
 *  shows the lobby: said in a toast, as a link whose key gives no seat is; the address "/". */
export function sayCutLink() {
  const q = new URLSearchParams(location.search);
  if (!q.has("table") || q.get("token")) return;
  toast("This link gives no seat: it was cut short before the seat's key (&token=…). Ask for the whole link.", "warn", 12000);
  history.replaceState(history.state, "", appUrl("/"));
}
