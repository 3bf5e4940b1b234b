// Boot and routing: the lobby at "/", a table once a game is started or continued, or
// straight to a table from a friend's seat link "/?table=ID&token=T". Every server state
// goes through onState, which renders the table and the panels of your turn.

import { Connection } from "./net.js";
import * as sound from "./sound.js";
import { Lobby } from "./lobby.js";
import { TableView } from "./table.js";
import { BidPanel, KittyPanel, CallPanel, JokerPanel } from "./panels.js";
import { SheetDialog, GameOverDialog, confirmDialog, nameDialog, noteClaim, practiceRefused } from "./dialogs.js";
import { HintView } from "./hint.js";
import { watchFocus, usable } from "./focus.js";
import { announceMoves } from "./announce.js";
import { Menu } from "./menu.js";
import { meets } from "./fit.js";
import { toast, saveTable, savedTable, prettyText, keyFor, rememberKey, cap, loadPrefs, savePrefs } from "./util.js";

const app = {
  conn: null,
  link: null, // {table, token, own}
  state: null,
  lastSeq: -1,
  lastAttempt: null,
  hintCards: null,     // the cards the last hint marks in your hand
  linkTooEarly: false, // a new seat link opened before the next deal: told once, tried again
  bannerTimer: null,
  tookBack: null, // when a take-back was asked for, until the server answers it
  claiming: null, // when a claim was sent, until the server answers it
  stateAt: 0, // when the last state came, which says how long the table had waited on someone
  idleTimer: null, // shows the away prompt once the table has waited on someone long enough
  askName: false, // a friend just sat down: asked his name once the state comes
  cardSentFor: null, // the state a card was played from: a second click on it (a double-
  // click) waits for the next state or the card's refusal, as the BID button does
  replaced: false, // the seat was taken in another tab: no reconnecting until PLAY HERE
};

function send(msg) {
  if (!app.conn || !app.conn.send(msg)) {
    notSent();
    return false;
  }
  // the card a refusal (illegal) shakes: the last message the table may refuse, if a card
  // (a refused pause or take-back shook the card tried before it)
  if (!["ping", "hint", "review"].includes(msg.type)) app.lastAttempt = msg.type === "act" ? msg.action : null;
  return true;
}

/** Why a message did not go. The seat taken in another tab or window: this page does not take
 *  it back by itself (it said "reconnecting", which it never did), so its overlay is shown
 *  again with PLAY HERE; else the connection is lost, and comes back by itself. */
function notSent() {
  if (app.replaced) {
    document.getElementById("replaced").hidden = false;
    toast("This seat is open in another tab or window: PLAY HERE takes it back here", "warn", 4000);
    document.getElementById("reclaim-button").focus({ preventScroll: true });
    return;
  }
  toast("Not connected to the server: reconnecting…", "warn", 2500);
}

const isMyTurn = (s) => !!s && s.view.to_move === s.you && s.view.legal.length > 0;

/** Whether there is a contract and you are not on its side (the declarer's side and, five-
 * handed, the called partner). */
function defending(s) {
  const c = s && s.view.contract;
  if (!c) return false;
  if (c.declarer === s.you || s.view.partner === s.you) return false;
  if (c.misere) return true;
  const side = s.table.sides.find((x) => x.includes(c.declarer)) || [];
  return !side.includes(s.you);
}

function playableSet(s) {
  const v = s.view;
  const out = new Set();
  if (v.phase !== "play" || !isMyTurn(s)) return out;
  for (const a of v.legal) out.add(a.startsWith("JK:") ? "JK" : a);
  return out;
}

function canDropPlay(token) {
  const s = app.state;
  return !!s && s.view.phase === "play" && isMyTurn(s) && playableSet(s).has(token);
}

function playCard(token) {
  const s = app.state;
  if (!s) return;
  const v = s.view;
  if (v.phase === "kitty" && kitty.active(s)) {
    if (!kitty.toggle(token)) {
      table.hand.shake(token);
      toast(`You have chosen ${kitty.need} already: click one to put it back first`, "info", 2500);
    }
    return;
  }
  if (v.phase !== "play") return;
  if (app.cardSentFor === s) return;   // a card went from this state already
  if (!isMyTurn(s)) {
    table.hand.shake(token);
    return;
  }
  if (token === "JK" && v.legal.some((a) => a.startsWith("JK:")) && !v.legal.includes("JK")) {
    joker.open(v.legal);
    return;
  }
  if (send({ type: "act", action: token })) app.cardSentFor = s;
}

function onGathered(winner) {
  const s = app.state;
  if (!s) return;
  const mine = s.table.sides.find((side) => side.includes(s.you)) || [s.you];
  sound.trickWon(mine.includes(winner));
}

const table = new TableView({
  onCard: playCard,
  onDropCard: playCard,
  canDropPlay,
  onGathered,
  onPlayed: () => sound.cardPlayed(),
});
const bid = new BidPanel(send);
const kitty = new KittyPanel(send, () => renderHand());
const call = new CallPanel(send);
const joker = new JokerPanel(send);
const sheet = new SheetDialog(send, backToGame);
const gameOver = new GameOverDialog(send, () => backToLobby({ newGame: true }), () => app.link, backToGame);
const hint = new HintView();
const menu = new Menu({ send, onNewGame: () => backToLobby({ newGame: true }), onHint: askHint, onTakeBack: takeBack, onClaim: claimRest, onName: askName, onBackToGame: backToGame, getState: () => app.state, getLink: () => app.link });

/** At a table with friends, ask the name the others see you by, and send it (the server
 *  refuses one another seat has, with a toast); this browser offers it at the next table. */
async function askName() {
  const s = app.state;
  if (!s || !s.table.friends) return;
  const mine = s.table.seats.find((x) => x.seat === s.you);
  const name = await nameDialog(mine ? mine.name : "", loadPrefs().name);
  if (name === null) return;
  if (send({ type: "name", name })) savePrefs({ ...loadPrefs(), name });
}
const lobby = new Lobby({ onStart: (link) => { openTable(link); stepToTable(link); } });

function turnKey(s) {
  const v = s.view;
  return `${s.table.id}|${v.hand_number}|${v.phase}|${v.auction.length}|${v.tricks.length}|${v.trick.length}|${v.hand.length}`;
}

function askHint() {
  const s = app.state;
  if (!isMyTurn(s)) return;
  if (send({ type: "hint" })) hint.asked(turnKey(s));
}

/** Send a request that changes the table (``take_back``, ``claim``) once: until the server
 * answers it (``app[flag]`` is cleared then) or ``ms`` pass, a second click is dropped, for
 * it would be about a position not yet seen. */
function sendOnce(flag, msg, ms) {
  if (app[flag] !== null && Date.now() - app[flag] < ms) return;
  if (send(msg)) {
    app[flag] = Date.now();
    hint.hide();
    joker.hide();
    table.toggleLastTrick(false);
  }
}

/** Take back your last decision of this hand, and the bots' plays after it (the server
 * says in each state whether you may: ``take_back``). */
function takeBack() {
  const st = app.state;
  if (!st) return;
  if (st.take_back) {
    sendOnce("tookBack", { type: "take_back" }, 5000);
    return;
  }
  // (the button is hidden where a friend plays: Ctrl+Z says why nothing happens)
  const friend = st.table.seats.find((x) => x.seat !== st.you && x.kind === "human");
  if (friend) toast(`Take-backs are for a table of bots: ${friend.name} plays at this table`, "info", 3500);
}

/** Claim every trick left for your side (or, declaring a misère, that you take no more):
 * the server's solver checks it and plays the hand out, or says why not. */
function claimRest() {
  if (app.state && app.state.claim) sendOnce("claiming", { type: "claim" }, 8000);
}

function renderHand() {
  const s = app.state;
  if (!s) return;
  const v = s.view;
  const mine = isMyTurn(s);
  const inKitty = kitty.active(s);
  const hinted = new Set(app.hintCards || []);
  table.hand.render(v.hand, {
    handKey: `${s.table.id}|${v.hand_number}`,
    playable: playableSet(s),
    dim: (v.phase === "play" && mine) || (v.phase === "play" && v.sitting_out.includes(s.you)),
    selected: inKitty ? kitty.selected : null,
    fromKitty: inKitty ? new Set(v.kitty) : null,
    hinted,
    interactive: mine,
  });
  document.getElementById("hand").dataset.mode = inKitty ? "kitty" : v.phase === "play" && mine ? "play" : "idle";
}

function onState(msg) {
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

/** The prompt when the table waits on a player: one who has left (the creator's to answer;
 *  once he has left himself, everyone's, his seat too, else all would wait), or one whose
 *  page is open but who has not moved for the table's ``idle_after`` seconds (anyone's):
 *  a bot can take over. ``{seat, idle: false}``, ``{seat, idle: true, inMs}`` (the prompt
 *  due in ``inMs``, 0 or less: now), or null. */
function awaySeat(s) {
  const v = s.view;
  const seats = s.table.seats;
  if (v.to_move !== null && v.to_move !== s.you && !["hand_over", "game_over"].includes(v.phase)) {
    const hostAway = seats[0].kind === "human" && !seats[0].connected;
    const gone = seats.find((x) => x.seat === v.to_move && x.kind === "human" && !x.connected);
    if (gone && (s.you === 0 || hostAway)) return { seat: gone, idle: false };
  }
  const waiting = s.table.friends ? (s.table.waiting_on || []).filter((x) => x !== s.you) : [];
  if (!waiting.length) return null;
  // (the server says how long it has waited: a rename or a new speed does not restart it)
  const left = s.table.idle_after - (s.table.waited || 0);
  return { seat: seats[waiting[0]], idle: true, inMs: left * 1000 - (Date.now() - app.stateAt) };
}

function renderAway(s) {
  let away = awaySeat(s);
  clearTimeout(app.idleTimer);
  if (away && away.inMs > 0) {      // (the server counts from its own last change: it says)
    app.idleTimer = setTimeout(() => { if (app.state === s) renderAway(s); }, away.inMs + 250);
    away = null;
  }
  const mine = s.table.friends && s.table.seats[s.you].kind === "bot";   // he was away
  const banner = document.getElementById("away-banner");
  banner.hidden = !away && !mine;
  document.getElementById("away-to-bot").hidden = !away || mine;
  document.getElementById("away-back").hidden = !mine;
  if (mine) {
    document.getElementById("away-text").textContent = "A bot plays for you.";
  } else if (away) {
    const name = away.seat.name;
    document.getElementById("away-text").textContent = away.idle
      ? `${name} seems to be away.` : `${name} has left the table.`;
    banner.dataset.seat = String(away.seat.seat);
  }
}

document.getElementById("away-to-bot").addEventListener("click", () => {
  const seat = Number(document.getElementById("away-banner").dataset.seat);
  if (Number.isInteger(seat)) send({ type: "seat_to_bot", seat });
});
document.getElementById("away-back").addEventListener("click", () => send({ type: "take_seat" }));

function onMessage(msg) {
  switch (msg.type) {
    case "state":
      onState(msg);
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
    case "review":
      sheet.showReview(msg);
      gameOver.showReview(msg);
      break;
    case "error":
      onError(msg);
      break;
    default:
      break;
  }
}

function onError(msg) {
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
  if (code === "no_review") {
    sheet.reviewRefused(msg.message);
    gameOver.reviewRefused(msg.message);
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

function onConnection(stateName) {
  const banner = document.getElementById("conn-banner");
  clearTimeout(app.bannerTimer);
  if (app.linkTooEarly && stateName !== "closed") {
    // a new link opened before the next deal: one steady line while the page waits (the
    // table was an empty felt under a banner that flickered with every try)
    document.getElementById("conn-text").textContent = "Your seat opens with the next deal: waiting for it…";
    banner.hidden = false;
    if (stateName === "open") app.lastSeq = -1;
    return;
  }
  if (stateName === "open") {
    banner.hidden = true;
    app.lastSeq = -1; // the server re-sends the state; its numbering may have restarted
    return;
  }
  if (stateName === "reconnecting" || stateName === "connecting") {
    document.getElementById("conn-text").textContent =
      stateName === "connecting" ? "Connecting…" : "Reconnecting…";
    app.bannerTimer = setTimeout(() => { banner.hidden = false; }, stateName === "connecting" ? 1200 : 400);
    return;
  }
  banner.hidden = true;
}

function openTable({ table: id, token, links = [], fresh = false, friend = false, finished = false, practice = false }) {
  closeConnection();
  app.replaced = false;
  lobby.hide();
  document.getElementById("table").hidden = false;
  document.body.dataset.phase = "connecting";
  app.link = { table: id, token, own: !friend };
  app.state = null;
  app.lastSeq = -1;
  // (a finished game: kept as it was; a practice table: the game is the one to continue)
  if (!friend && !finished && !practice) saveTable({ table: id, token });
  menu.setLinks(links);
  if (fresh && links && links.length) {
    menu.open({ links: true });
    const t = toast("Send each friend their seat link (menu, top right)", "ok", 6000);
    // on a phone the open menu fills the screen: the toast lay over it and over the scores,
    // and the menu's own heading says the same
    if (t && meets(t.getBoundingClientRect(), menu.el.getBoundingClientRect())) t.remove();
  }
  app.conn = new Connection(id, token, { onMessage, onConnection });
  app.conn.open();
}

function closeConnection() {
  if (app.conn) app.conn.close();
  app.conn = null;
  clearTimeout(app.bannerTimer);
  document.getElementById("conn-banner").hidden = true;
}

/** Leave the table for the lobby (``newGame``: the player asked for a new game there, so
 *  the keyboard goes to PLAY, not to CONTINUE of the game just left). */
function backToLobby({ newGame = false } = {}) {
  closeConnection();
  app.state = null;
  app.link = null;
  for (const id of ["sheet", "game-over", "rules", "pause-overlay", "replaced", "confirm", "away-banner"]) {
    document.getElementById(id).hidden = true;
  }
  for (const p of [bid.el, kitty.el, call.el, joker.el]) p.hidden = true;
  hint.hide();
  menu.close();
  document.getElementById("table").hidden = true;
  if (history.state && history.state.table) history.replaceState(LOBBY_STEP, "", "/");
  else if (location.search) history.replaceState(null, "", "/");
  lobby.show({ newGame });
}

// ---- the browser's Back and Forward ----
// A table opened from the lobby is a step of the browser's history (its address stays "/": a
// reload there shows the lobby, with its CONTINUE, as before): Back from it goes to the lobby,
// not to the site before, and Forward opens that table again. A step that was a table left
// for the lobby (the menu's New game) says so, and the next table opened takes its place.

/** The state of a history step where the lobby was opened from a table. */
const LOBBY_STEP = { lobby: true };

/** Make the table just opened from the lobby a step of the browser's history. */
function stepToTable({ table: id, token, finished = false }) {
  const step = { table: id, token, finished };
  if (history.state && history.state.lobby) history.replaceState(step, "");
  else history.pushState(step, "");
}

/** PLAY THIS DEAL AGAIN: open the practice table the server dealt (the ``practice`` answer),
 *  a step of the browser's history after the game's (Back returns to the game), its address
 *  its link (a reload keeps it). */
function openPractice({ table: id, token }) {
  if (typeof id !== "string" || typeof token !== "string" || !app.link) return;
  const game = app.link;
  // (a game opened by its link had no step of its own: Back would have left it for the lobby)
  if (!(history.state && history.state.table === game.table)) history.replaceState({ table: game.table, token: game.token }, "");
  history.pushState({ table: id, token, practice: true, game: game.table }, "", linkAddress(id, token));
  openTable({ table: id, token, practice: true });
}

/** BACK TO THE GAME from a practice table: the game, which waited as it was (its link is the
 *  server's ``table.practice.back``); the step before, where the practice was opened from it. */
function backToGame() {
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

window.addEventListener("popstate", (e) => {
  const step = e.state && typeof e.state.table === "string" ? e.state : null;
  const atTable = !document.getElementById("table").hidden;
  if (!step) {
    if (atTable) backToLobby();
  } else if (!atTable || !app.link || app.link.table !== step.table) {
    openTable({ table: step.table, token: step.token, finished: !!step.finished, practice: !!step.practice });
  }
});

// ---- wiring of the smaller controls ----

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

/** What your turn asks for, for the keyboard (focus.js): the bid panel's BID (else PASS),
 * the joker's first suit, the call's first card, DISCARD once the cards are chosen (else your
 * first card), your first playable card. */
function turnControl() {
  const s = app.state;
  if (!s || !isMyTurn(s)) return null;
  const pick = (sel) => [...document.querySelectorAll(sel)].find(usable) || null;
  switch (s.view.phase) {
    case "auction": return pick("#bid-button") || pick("#pass-button");
    case "call": return pick("#call-panel button");
    case "kitty": return pick("#discard-button") || pick("#hand .card");
    case "play": return pick("#joker-panel button") || pick("#hand .card.playable");
    default: return null;
  }
}
/** Where the keyboard waits between your turns: your hand's Tab stop (its card says it cannot
 * be played now), where the arrows still go along the hand and a screen reader keeps its place. */
function waitControl() {
  const stop = document.querySelector('#hand .hand-card[tabindex="0"]');
  return usable(stop) ? stop : null;
}
watchFocus(turnControl, waitControl);

// ---- boot ----

/** A seat's link, as the address bar shows it. */
function linkAddress(id, token) {
  return `/?table=${encodeURIComponent(id)}&token=${encodeURIComponent(token)}`;
}

/** The address bar shows the seat's own key, not the invitation it was opened by. */
function showAddress(id, token) {
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

async function boot() {
  const params = new URLSearchParams(location.search);
  const id = params.get("table");
  const invited = params.get("token");
  const token = (id && invited && keyFor(id, invited)) || invited;  // back at a link opened before
  if (token !== invited) showAddress(id, token);
  if (id && token) {
    const saved = savedTable();
    const own = !!saved && saved.table === id && saved.token === token;
    if (token === invited && await hostKeepsOwnSeat(id, invited, saved)) return;
    openTable({ table: id, token, friend: !own });
  } else {
    // (a table's step reloaded: the lobby is on show, and the next table opened takes its place)
    if (history.state && history.state.table) history.replaceState(LOBBY_STEP, "");
    lobby.show();
  }
}

window.fivehundred = { app, send }; // for debugging from the console
boot();
