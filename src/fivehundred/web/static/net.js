// The server: a few HTTP calls for the lobby and one WebSocket per table, which reconnects
// by itself with a growing delay (the server re-sends the whole state on every connection).

import { appUrl, playerId } from "./util.js";

async function jsonOrThrow(resp) {
  let body = null;
  try { body = await resp.json(); } catch { /* not JSON */ }
  if (!resp.ok) {
    const msg = (body && (body.error || body.message)) || `${resp.status} ${resp.statusText}`;
    throw new Error(msg);
  }
  return body;
}

const mine = () => `player=${encodeURIComponent(playerId())}`;   // (whose statistics)

/** The words of a request that got no answer at all (the server stopped, the link down): the
 *  browser's own ("Failed to fetch") said nothing a player could act on. */
const NO_ANSWER = "the game server does not answer";

/** ``fetch``, but a request that gets no answer throws ``NO_ANSWER``, marked ``unanswered``
 *  (the lobby then tries again by itself). */
async function ask(url, init) {
  try {
    return await fetch(url, init);
  } catch {
    const e = new Error(NO_ANSWER);
    e.unanswered = true;
    throw e;
  }
}

export async function getLobby() {
  return jsonOrThrow(await ask(appUrl(`/api/lobby?${mine()}`), { cache: "no-store" }));
}

/** The finished games older than ``older`` (the lobby's ``finished_older``: the last one
 *  listed), with where the ones older still go on. */
export async function getFinished(older) {
  const q = new URLSearchParams({ ended: String(older.ended), table: older.table });
  return jsonOrThrow(await ask(appUrl(`/api/finished?${q}`), { cache: "no-store" }));
}

export async function createTable(body) {
  return jsonOrThrow(await ask(appUrl("/api/tables"), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...body, player: playerId() }),
  }));
}

export async function getRules(tableId) {
  return jsonOrThrow(await ask(appUrl(`/api/rules?table=${encodeURIComponent(tableId)}`), { cache: "no-store" }));
}

/** How to play: at a table (``{ table }``), or under the lobby's choice (``{ preset, toggles }``). */
export async function getGuide({ table, preset, toggles }) {
  const q = table !== undefined ? `table=${encodeURIComponent(table)}`
    : `preset=${encodeURIComponent(preset)}&toggles=${encodeURIComponent(JSON.stringify(toggles || {}))}`;
  return jsonOrThrow(await ask(appUrl(`/api/guide?${q}`), { cache: "no-store" }));
}

/** Whether a message is a move: one the table may answer with a change or a refusal (not a
 *  ping, a hint or a review), so that the page waits for its answer (app.js) and pings after it. */
export function isMove(msg) {
  return !["ping", "hint", "review"].includes(msg.type);
}

const QUIET_MS = 5000;
const QUIET_HIDDEN_MS = 20000;
const PONG_WAIT_MS = 8000;   // (the server may answer late: a claim's check takes up to 5 s)
const MOVE_PONG_WAIT_MS = 5000;
const STUCK_DIAL_MS = 2000;
// A silent socket is asked a ping after QUIET_MS (QUIET_HIDDEN_MS while the page is hidden): so
// only while a turn is waited on, for the states of the bots' play keep it busy otherwise; a
// pong not in within PONG_WAIT_MS drops the socket (a link gone dead without an "offline" event:
// the page says so within seconds, not after a minute, and takes no more moves on it). A move
// is followed by a ping at once (unless one is on its way), whose pong must be in within
// MOVE_PONG_WAIT_MS (a claim's, PONG_WAIT_MS): a card tapped as the link died no longer waited
// 13 s for the socket to drop.
// A socket dropped so is still heard out: its close answered by the server says the link is
// back, and the page dials at once (a dial it began STUCK_DIAL_MS ago or more is begun again),
// not at the end of a back-off that had grown to 10 s.

/**
 * One table's WebSocket. Handlers: onMessage(msg), onConnection(state) where state is
 * "connecting" | "open" | "reconnecting" | "closed".
 *
 * A message goes only on an open socket, confirmed by a ping while quiet and after each move
 * (``pingAfterMove``). A frame handed to a
 * socket whose link has died is not lost: the browser holds it and delivers it when the
 * network returns, even after the socket was closed and another opened (a card tapped offline
 * was played 85 s later). So going offline drops the socket at once (a new one opens only
 * where the server is still reached), and a move made meanwhile is refused (``send`` false),
 * never queued.
 */
export class Connection {
  constructor(tableId, token, { onMessage, onConnection }) {
    this.tableId = tableId;
    this.token = token;
    this.onMessage = onMessage;
    this.onConnection = onConnection || (() => {});
    this.ws = null;
    this.attempt = 0;
    this.stopped = false;
    this.everOpened = false;
    this.retryTimer = null;
    this.pingTimer = null;
    this.pongTimer = null;
    this.lastHeard = 0;
    this.hearers = [];     // each waits for the next message heard (heard())
    this.dialledAt = 0;    // when the socket now opening was dialled
    this.generation = 0;
    this.notBefore = 0;   // an open refused as too soon (close 4429): no try before then
    this._onOnline = () => { if (this.isOpen()) this.ping(); else this.reconnectNow(); };
    this._onOffline = () => this.reconnectNow();     // (it fails and retries until "online")
    this._onVisible = () => {
      if (document.visibilityState !== "visible") return;
      if (this.isOpen()) this.ping();                 // (a phone may have frozen the tab)
      else this.reconnectNow();
    };
    window.addEventListener("online", this._onOnline);
    window.addEventListener("offline", this._onOffline);
    document.addEventListener("visibilitychange", this._onVisible);
  }

  url() {
    const q = `table=${encodeURIComponent(this.tableId)}&token=${encodeURIComponent(this.token)}&${mine()}`;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    return `${proto}//${location.host}${appUrl(`/ws?${q}`)}`;
  }

  isOpen() {
    return !!this.ws && this.ws.readyState === WebSocket.OPEN;
  }

  open() {
    if (this.stopped) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const gen = ++this.generation;
    this.dialledAt = Date.now();
    this.onConnection(this.everOpened ? "reconnecting" : "connecting");
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch (e) {
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      if (gen !== this.generation) return;
      this.everOpened = true;
      this.lastHeard = Date.now();
      this.onConnection("open");
      this.startPing();
    };
    ws.onmessage = (ev) => {
      if (gen !== this.generation) return;
      this.lastHeard = Date.now();
      for (const done of this.hearers.splice(0)) done();
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (!msg || typeof msg !== "object") return;
      if (msg.type === "pong") {         // (no ping on its way now: the next may go)
        clearTimeout(this.pongTimer);
        this.pongTimer = null;
        return;
      }
      // the server took us (not on open: a link opened before the next deal is refused
      // after it, and each retry then came at once, 138 in a hand)
      if (msg.type !== "error") this.attempt = 0;
      // the seat's socket opened too often in a moment: the server says when to come back
      if (msg.type === "error" && typeof msg.retry_after === "number") {
        this.notBefore = Date.now() + msg.retry_after * 1000;
      }
      if (msg.type === "error" && ["unknown_table", "damaged_table", "replaced", "link_used",
        "forbidden"].includes(msg.code)) {
        this.stop();
      }
      // a friend's first visit: his own key replaces the invitation link from now on
      if (msg.type === "welcome" && typeof msg.token === "string") this.token = msg.token;
      try {
        this.onMessage(msg);
      } catch (e) {
        console.error("while handling a server message:", e);
      }
    };
    ws.onclose = (ev) => {
      if (gen !== this.generation) return;
      this.stopPing();
      this.ws = null;
      if (ev.code === 4404 || ev.code === 4403 || ev.code === 4500) this.stopped = true;
      if (this.stopped) {
        this.onConnection("closed");
        return;
      }
      this.scheduleRetry();
    };
    ws.onerror = () => { /* onclose follows */ };
  }

  scheduleRetry() {
    if (this.stopped) return;
    this.onConnection("reconnecting");
    const base = Math.min(10000, 400 * 2 ** Math.min(this.attempt, 5));
    const delay = Math.max(base * (0.75 + Math.random() * 0.5), this.notBefore - Date.now());
    this.attempt += 1;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.open(), delay);
  }

  /** Drop the socket, if any, and dial again at once (its handlers no longer heard). */
  reconnectNow() {
    if (this.stopped) return;
    this.attempt = 0;
    this.stopPing();
    if (this.ws) {
      const old = this.ws;
      old.addEventListener("close", (ev) => { if (ev.wasClean) this.linkBack(); });
      try { old.close(); } catch { /* ignore */ }
      this.ws = null;
    }
    if (Date.now() < this.notBefore) {   // (an open refused as too soon: tried at its time)
      this.generation += 1;               // (the old socket's handlers no longer heard)
      this.scheduleRetry();
    } else {
      this.open();
    }
  }

  /** A socket dropped for dead (reconnectNow) had its close answered by the server: the link
   *  is back, so the page dials now, unless it is open or dialling (for less than
   *  ``STUCK_DIAL_MS``: a dial begun while the link was down may hang) already. */
  linkBack() {
    if (this.stopped || this.isOpen()) return;
    const dialling = this.ws && this.ws.readyState === WebSocket.CONNECTING;
    if (dialling && Date.now() - this.dialledAt < STUCK_DIAL_MS) return;
    this.reconnectNow();
  }

  /** Resolves at the next message heard from the server (or when the connection is closed
   *  for good): what waits on an answer to a move (app.js) hears it come. */
  heard() {
    return new Promise((done) => this.hearers.push(done));
  }

  /** Ping the server whenever the socket has been quiet a while (``QUIET_MS``). */
  startPing() {
    this.stopPing();
    this.pingTimer = setInterval(() => {
      const quiet = document.visibilityState === "hidden" ? QUIET_HIDDEN_MS : QUIET_MS;
      if (this.pongTimer === null && Date.now() - this.lastHeard >= quiet) this.ping();
    }, 1000);
  }

  stopPing() {
    clearInterval(this.pingTimer);
    this.pingTimer = null;
    clearTimeout(this.pongTimer);
    this.pongTimer = null;
  }

  /** Ask the server for a sign of life: unless anything is heard within ``wait`` ms, the
   *  socket is dead (a half-open link): dropped, and dialled again. */
  ping(wait = PONG_WAIT_MS) {
    if (this.pongTimer !== null || !this.send({ type: "ping" })) return;
    const sent = Date.now();
    this.pongTimer = setTimeout(() => {
      this.pongTimer = null;
      if (this.lastHeard < sent) this.reconnectNow();
    }, wait);
  }

  /** Sends a message; false when the socket is not open (the caller may tell the user;
   *  nothing is kept to send later). Not refused for the browser being offline: a server on
   *  this machine (``fivehundred play``) is still there, and its new socket opens. */
  send(obj) {
    if (!this.isOpen()) return false;
    try {
      this.ws.send(JSON.stringify(obj));
    } catch {
      return false;
    }
    // a ping right behind a move (unless one is on its way already): the server answers a
    // socket's messages in order, so its pong says the move was handled (even one that
    // changes nothing, and brings no state); nothing heard within MOVE_PONG_WAIT_MS (a
    // claim's, checked for up to 5 s: PONG_WAIT_MS) drops the socket for dead
    if (isMove(obj)) this.ping(obj.type === "claim" ? PONG_WAIT_MS : MOVE_PONG_WAIT_MS);
    return true;
  }

  /** Stops reconnecting (the socket, if any, is left to close). */
  stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.stopPing();
  }

  /** Closes for good: no more reconnects, no more handlers. */
  close() {
    this.stop();
    this.generation += 1;
    for (const done of this.hearers.splice(0)) done();
    window.removeEventListener("online", this._onOnline);
    window.removeEventListener("offline", this._onOffline);
    document.removeEventListener("visibilitychange", this._onVisible);
    if (this.ws) {
      try { this.ws.close(1000); } catch { /* ignore */ }
      this.ws = null;
    }
  }

  /** After "replaced": take the seat back. */
  resume() {
    this.stopped = false;
    this.attempt = 0;
    this.open();
  }
}
