// The page's shared state (``app``: the table open, its last state, what is waiting on the
// server), its parts (``views``: made once by main.js) and ``send``, the one way a message goes
// to the table. The other modules import these from here, and never main.js.

import { isMove } from "./net.js";
import { toast } from "./util.js";

export const app = {
  conn: null,
  link: null, // {table, token, own}
  state: null,
  lastSeq: -1,
  reopened: false, // a connection (re)opened: its first state forgets what was sent on the
  // one before and never answered, and asks again for a hint or review awaited (messages.js)
  lastAttempt: null,
  hintCards: null,     // the cards the last hint marks in your hand
  linkTooEarly: false, // a new seat link opened before the next deal: told once, tried again
  bannerTimer: null,
  tookBack: null, // when a take-back was asked for, until the server answers it
  claiming: null, // when a claim was sent, until the server answers it
  stateAt: 0, // when the last state came, which says how long the table had waited on someone
  idleTimer: null, // shows the away prompt once the table has waited on someone long enough
  askName: false, // a friend just sat down: asked his name once the state comes
  cardSentFor: null, // the state a card was played (or a partner called) from: a second
  // click on it (a double-click) waits for the next state or the refusal, as BID does
  replaced: false, // the seat was taken in another tab: no reconnecting until PLAY HERE
};

/** The page's parts, each made once by main.js before the page boots: the table, the panels
 *  of your turn, the dialogs, the hint, the menu and the lobby. They are looked up here when
 *  used (each one's maker is given functions of the modules that use it: no import cycle). */
export const views = {
  table: null, // TableView
  bid: null, // BidPanel
  kitty: null, // KittyPanel
  call: null, // CallPanel
  joker: null, // JokerPanel
  sheet: null, // SheetDialog
  gameOver: null, // GameOverDialog
  hint: null, // HintView
  menu: null, // Menu
  lobby: null, // Lobby
};

/** Send ``msg`` on the table's connection: false where it did not go (a toast says why). */
export function send(msg) {
  if (!app.conn || !app.conn.send(msg)) {
    notSent(msg);
    return false;
  }
  // the card a refusal (illegal) shakes: the last message the table may refuse, if a card
  // (a refused pause or take-back shook the card tried before it)
  if (isMove(msg)) {
    app.lastAttempt = msg.type === "act" ? msg.action : null;
    awaitAnswer(app.conn, msg.type === "claim");
  }
  return true;
}

/** How long (ms) a move's answer may take before the page says it waits for the server (a
 *  claim's, checked for up to 5 s, longer): on a slow link (200 ms each way, as
 *  tests/test_web_taps_s12.py plays one) it comes well within it. */
const ANSWER_MS = 3000;
const CLAIM_ANSWER_MS = 6500;
const WAITING = "Waiting for the server…";

/** A move just sent on ``conn``: unless anything is heard from the server within
 *  ``ANSWER_MS``, the banner says the page waits for it, until something is (a card tapped
 *  as the link died silently lay in the hand without a word for 13 s; net.js drops and
 *  dials the socket again soon after, and its banner then says so). */
function awaitAnswer(conn, claim) {
  const sent = Date.now();
  setTimeout(() => {
    if (app.conn !== conn || conn.lastHeard >= sent) return;
    showWaiting(true);
    conn.heard().then(() => showWaiting(false));
  }, claim ? CLAIM_ANSWER_MS : ANSWER_MS);
}

/** The banner's "Waiting for the server…" shown (only where it says nothing else: a lost
 *  connection's words stay, and come in its place) or, once heard, hidden again. */
function showWaiting(on) {
  const banner = document.getElementById("conn-banner");
  const text = document.getElementById("conn-text");
  if (!on) {
    if (text.textContent === WAITING) banner.hidden = true;
    return;
  }
  if (!banner.hidden || app.bannerTimer !== null || app.linkTooEarly || !app.conn || !app.conn.isOpen()) return;
  text.textContent = WAITING;
  banner.hidden = false;
}

/** Why a message did not go. The seat taken in another tab or window: this page does not take
 *  it back by itself (it said "reconnecting", which it never did), so its overlay is shown
 *  again with PLAY HERE; else the connection is lost, and comes back by itself: a move is
 *  said to be not made (it is not kept to go later: the player makes it again once back). */
function notSent(msg) {
  if (app.replaced) {
    document.getElementById("replaced").hidden = false;
    toast("This seat is open in another tab or window: PLAY HERE takes it back here", "warn", 4000);
    document.getElementById("reclaim-button").focus({ preventScroll: true });
    return;
  }
  const move = msg.type === "discard" ? "your discard was not made"
    : msg.type !== "act" ? null
    : app.state && app.state.view.phase === "play" ? "your card was not played" : "your move was not made";
  toast(move ? `Not connected: ${move}. Reconnecting…` : "Not connected to the server: reconnecting…", "warn", 3000);
}
