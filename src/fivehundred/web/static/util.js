// Small helpers shared by the page's modules: DOM building, words for bids and cards, the
// seats' short labels.

import { GAP, onShow, box as fitBox, shownBoxes, restBox, seatBoxes, largestFree } from "./fit.js";
import { cardLabel } from "./cards.js";

export const SUIT_SYMBOL = { S: "♠", C: "♣", D: "♦", H: "♥" };
export const SUIT_NAME = { S: "spades", C: "clubs", D: "diamonds", H: "hearts" };
export const RED = new Set(["D", "H"]);

/** h("div.cls#id", {attrs}, children...) — a tiny element builder. */
export function h(tag, attrs = null, ...children) {
  const m = /^([a-z0-9-]+)?((?:[.#][\w-]+)*)$/i.exec(tag);
  const el = document.createElement((m && m[1]) || "div");
  if (m && m[2]) {
    for (const part of m[2].match(/[.#][\w-]+/g)) {
      if (part[0] === ".") el.classList.add(part.slice(1));
      else el.id = part.slice(1);
    }
  }
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") el.className += (el.className ? " " : "") + v;
      else if (k === "text") el.textContent = v;
      else if (k === "html") el.innerHTML = v;
      else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
      else if (k === "dataset") Object.assign(el.dataset, v);
      else if (k === "style" && typeof v === "object") Object.assign(el.style, v);
      else el.setAttribute(k, v === true ? "" : v);
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else if (c instanceof Node) el.appendChild(c);
    else el.appendChild(document.createTextNode(String(c)));
  }
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

/** A span with the suit symbol coloured, named in words for assistive technology (a reader
 * said "black heart suit", or nothing). */
export function suitSpan(letter) {
  return h("span", { class: RED.has(letter) ? "suit red" : "suit black", text: SUIT_SYMBOL[letter],
    role: "img", "aria-label": SUIT_NAME[letter] });
}

/** A bid in words: "7 hearts", "10 no trumps", "misère". */
export function bidWords(tok) {
  if (tok === "misere") return "misère";
  if (tok === "open-misere") return "open misère";
  if (tok.endsWith("NT")) return `${tok.slice(0, -2)} no trumps`;
  return `${tok.slice(0, -1)} ${SUIT_NAME[tok.slice(-1)]}`;
}

/** A bid token as a node: 7♥, 10NT, Misère, Open misère, Pass; a suit's or no trumps' named
 * in words for assistive technology ("7 hearts": its symbol read "the bid is 7"). */
export function bidNode(tok) {
  if (!tok) return h("span");
  if (tok === "pass") return h("span.bid-pass", { text: "Pass" });
  if (tok === "misere") return h("span.bid-misere", { text: "Misère" });
  if (tok === "open-misere") return h("span.bid-misere", { text: "Open misère" });
  const named = { role: "img", "aria-label": bidWords(tok) };
  if (tok.endsWith("NT")) return h("span.bid-nt", { text: tok, ...named });
  const letter = tok.slice(-1);
  return h("span.bid-suit", named, tok.slice(0, -1), suitSpan(letter));
}

/** A bid as plain text. */
export function bidText(tok) {
  if (!tok) return "";
  if (tok === "pass") return "pass";
  if (tok === "misere") return "misère";
  if (tok === "open-misere") return "open misère";
  if (tok.endsWith("NT")) return tok;
  return tok.slice(0, -1) + SUIT_SYMBOL[tok.slice(-1)];
}

/**
 * The engine's words with its card tokens written as a player reads them:
 * "you hold KS, 10H" → "you hold K♠, 10♥", "JK" → "Joker".
 */
export function prettyText(text) {
  return String(text)
    .replace(/\bJK\b/g, "Joker")
    .replace(/\b(10|11|12|13|[2-9AKQJ])([SCDH])\b/g, (_, rank, suit) => rank + SUIT_SYMBOL[suit]);
}

/** A card token as a node: 10♥, Q♠, Joker, Joker (♥); named in words for assistive
 * technology ("queen of spades"). */
export function cardNode(tok) {
  if (!tok) return h("span");
  if (tok === "JK") return h("span.card-word.joker", { text: "Joker" });
  const named = { role: "img", "aria-label": cardLabel(tok) };
  if (tok.startsWith("JK:")) return h("span.card-word.joker", named, "Joker (", suitSpan(tok.slice(-1)), ")");
  const letter = tok.slice(-1);
  return h("span.card-word", named, tok.slice(0, -1), suitSpan(letter));
}

const SUIT_OF_SYMBOL = Object.fromEntries(Object.entries(SUIT_SYMBOL).map(([k, v]) => [v, k]));
/** What a text shows with symbols: a led joker's "Joker (♥)", a card "10♥" (or a bid: a rank
 * from 6 to 10 after "bid", "bids", "bid is"), "7NT", a suit's symbol alone. */
const SYMBOLS = /Joker \(([♠♣♦♥])\)|\b(10|11|12|13|[2-9AKQJ])([♠♣♦♥])|\b(10|[6-9])NT\b|[♠♣♦♥]/g;
const BID_BEFORE = /\bbid(?:s| is)?\s+$/i;

/** ``text`` in pieces, [shown, words]: each card, bid or suit symbol with its words, the rest
 * with null; with ``bids`` (a text of bids: the auction's hint, the lobby's rules) a rank from
 * 6 to 10 with a suit is a bid wherever it stands ("Above 8♠": 8 spades, not 8 of spades). */
function symbolParts(text, bids = false) {
  return pieces(String(text ?? ""), SYMBOLS, (m, before) => {
    const [whole, named, rank, suit, level] = m;
    if (named) return cardLabel(`JK:${SUIT_OF_SYMBOL[named]}`);
    if (level) return bidWords(`${level}NT`);
    if (!rank) return SUIT_NAME[SUIT_OF_SYMBOL[whole]];
    const tok = rank + SUIT_OF_SYMBOL[suit];
    const bid = /^(10|[6-9])$/.test(rank) && (bids || BID_BEFORE.test(before));
    return bid ? bidWords(tok) : cardLabel(tok);
  }, null);
}

/** ``s`` in pieces by the matches of ``re`` (a global pattern): [match, what(m, the text
 *  before it)] for each, [text between, ``rest``] for what lies between. */
function pieces(s, re, what, rest) {
  const out = [];
  let at = 0;
  for (const m of s.matchAll(re)) {
    if (m.index > at) out.push([s.slice(at, m.index), rest]);
    out.push([m[0], what(m, s.slice(0, m.index))]);
    at = m.index + m[0].length;
  }
  if (at < s.length) out.push([s.slice(at), rest]);
  return out;
}

/** A text with card and bid symbols as a screen reader should hear it: "Your bid: choose a
 * bid or pass (the bid is 7♦)" → "... (the bid is 7 diamonds)", "follow to the Q♠" → "follow
 * to the queen of spades" (a reader said "black spade suit", or nothing); ``{ bids: true }``:
 * a text of bids (symbolParts; an option, not a flag: ``texts.map(inWords)`` passes an index). */
export function inWords(text, { bids = false } = {}) {
  return symbolParts(text, bids === true).map(([shown, words]) => words ?? shown).join("");
}

/** A text with card and bid symbols as nodes to show: its symbols as they are, each named in
 * words (inWords) for assistive technology; the players' ``names`` in it isolated (withNames);
 * ``{ bids: true }``: a text of bids (symbolParts). */
export function readable(text, names = [], { bids = false } = {}) {
  return nameParts(text, names).flatMap(([piece, isName]) => (isName ? [nameNode(piece)]
    : symbolParts(piece, bids === true).map(([shown, words]) => (words === null ? shown
      : h("span", { role: "img", "aria-label": words }, shown)))));
}

/** An action token of any kind (bid, card, call, alone) as a node. */
export function actionNode(tok, phase) {
  if (!tok) return h("span");
  if (tok === "alone") return h("span", { text: "Play alone" });
  if (tok.startsWith("call ")) return h("span", null, "Call ", cardNode(tok.slice(5)));
  if (phase === "auction") return bidNode(tok);
  return cardNode(tok);
}

/** A hand's sheet in a few words, and its class (its colour): "Contract made" (made, green),
 *  "Contract failed" (failed, red), "All passed: a new deal" or "No bid: played at no trumps"
 *  (neutral). The green and red are for the declaring side (``side``: the viewer's side's
 *  index, if known): to a defender the contract made is no success of his, nor its failure a
 *  loss, and "Contract made" in green, against him, read as good news (neutral there). */
export function sheetVerdict(sheet, side = null) {
  const c = sheet.contract;
  if (sheet.kind === "all_pass_redeal" || (!c && sheet.kind !== "all_pass_no_trumps")) {
    return { text: "All passed: a new deal", cls: "neutral" };
  }
  if (!c) return { text: "No bid: played at no trumps", cls: "neutral" };
  const text = sheet.made ? "Contract made" : "Contract failed";
  const declaring = side === null || (sheet.declaring_sides || []).includes(side);
  return { text, cls: !declaring ? "neutral" : sheet.made ? "made" : "failed" };
}

export function fmtPoints(n) {
  if (n === null || n === undefined) return "";
  return n > 0 ? `+${n}` : `${n}`;
}

export function cap(s) {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

/** Your seat's word (or your side, "You & North") in mid-sentence: "you", "you & North";
 *  anything else as it is, a friend named "You Two" or "Youssef" included. */
export function midSentence(s) {
  return s ? String(s).replace(/^You(?=, | & |$)/, "you") : s;
}

const GRAPHEMES = typeof Intl !== "undefined" && Intl.Segmenter
  ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;   // (made once)

/** What a reader takes for single characters (grapheme clusters: an emoji, a letter with its
 *  accents), or code points where the browser cannot tell: never half of a surrogate pair
 *  (a name "🃏 Cat" gave the badge a lone surrogate, drawn "�"). */
function graphemes(text) {
  const s = String(text);
  return GRAPHEMES ? [...GRAPHEMES.segment(s)].map((g) => g.segment) : Array.from(s);
}

const LETTER = /^[\p{L}\p{N}]/u;

/** A name's letters and digits (its graphemes), skipping what draws no initial: "<b>Bob" B o b. */
function letters(text) {
  return graphemes(text).filter((g) => LETTER.test(g));
}

/** Short labels for the seats (a badge's: two letters at most, what its circle holds), all
 * different where they can be: "North-West" NW, "North" N, "You" Y; a friend's name the first
 * letter or digit of its first and last words ("Bartholomew the Magn" BM, "🃏 Cat" C, "<b>Bob"
 * B), or its first two where two would be alike. */
export function shortNames(names) {
  const initial = (w) => (letters(w)[0] || "").toUpperCase();
  const first = (nm) => {
    const words = String(nm || "").trim().split(/[-\s]+/).map(initial).filter(Boolean);
    if (words.length) return words.length > 1 ? words[0] + words[words.length - 1] : words[0];
    return graphemes(String(nm || "").trim())[0] || "?";      // (a name of symbols alone)
  };
  const out = names.map(first);
  for (let i = 0; i < out.length; i++) {
    const same = out.map((x, j) => (x === out[i] ? j : -1)).filter((j) => j >= 0);
    if (same.length > 1) {
      for (const j of same) {
        const ls = letters(names[j] || "");
        if (ls.length > 1) out[j] = ls[0].toUpperCase() + ls[1];
      }
    }
  }
  return out;
}

/** The seats' names of a state, as the page shows them (each seat's own: a sentence of the
 *  server's says "You" for yours). */
export function seatNames(state) {
  return state.table.seats.map((x) => x.name);
}

/** A player's name as a node: isolated (<bdi>), so that a right-to-left name (Hebrew, Arabic)
 *  reorders nothing around it, nor is reordered by it. */
export function nameNode(name) {
  return h("bdi", { text: name });
}

/** ``text`` in pieces, [piece, isName]: each of the players' ``names`` in it (a whole word:
 *  "Ann" not in "Anne"; the longest first) apart from the rest. */
function nameParts(text, names) {
  const s = String(text ?? "");
  const list = [...new Set((names || []).filter((n) => n && String(n).trim()))]
    .sort((a, b) => b.length - a.length).map((n) => String(n).replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  if (!list.length) return [[s, false]];
  const re = new RegExp(`(?<![\\p{L}\\p{N}\\p{M}])(?:${list.join("|")})(?![\\p{L}\\p{N}\\p{M}])`, "gu");
  return pieces(s, re, () => true, false);
}

/** A text of the server's (a status, a sheet's line, a side "East & Dan") as nodes, each
 *  player's name in it isolated (nameNode): not so, "East & דן: 3 tricks" was drawn
 *  "East & 3 :דן tricks". */
export function withNames(text, names) {
  return nameParts(text, names).map(([piece, isName]) => (isName ? nameNode(piece) : piece));
}

/** Names as one phrase of nodes, each isolated: "Cat", "Cat and Bob", "Ann, Cat and Bob". */
export function nameList(names) {
  const out = [];
  names.forEach((n, i) => {
    if (i) out.push(i === names.length - 1 ? " and " : ", ");
    out.push(nameNode(n));
  });
  return out;
}

/** A card's suit letter as it is printed (null for the joker). */
export function printedSuit(tok) {
  return tok.startsWith("JK") ? null : tok.slice(-1);
}

export function wait(ms) {
  return new Promise((res) => setTimeout(res, ms));
}

export function prefersReducedMotion() {
  return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** At the table the messages go under what sits at its top, where they cross it: the scores,
 *  the contract, the seats of the top row (at 64 px they hid North's name). */
function clearOfTheTop(box) {
  box.style.top = "";
  const band = window.innerHeight * 0.25;
  const above = [...document.querySelectorAll("#scores, #contract, .seat")]
    .map((e) => e.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.top < band)
    .sort((a, b) => a.top - b.top);
  const b = box.getBoundingClientRect();
  let top = b.top;
  for (const r of above) {
    if (r.right > b.left && r.left < b.right && r.bottom + 8 > top) top = r.bottom + 8;
  }
  if (top !== b.top) box.style.top = `${Math.round(top)}px`;
}

/** The messages' box moved to the room nearest its own place that covers nothing of the game:
 *  the seats (their cards, bids and roles), the plaques, the menu, the panels of your turn,
 *  the status line, the tools and your hand (a long notice at the top lay over the top seats
 *  and their bids, on a phone over the scores). False where there is no such room: it stays. */
export function clearOfTheGame(box) {
  box.style.top = "";
  box.style.left = "";
  const own = fitBox(box.getBoundingClientRect());
  const w = own.right - own.left;
  const hgt = own.bottom - own.top;
  const obstacles = [...seatBoxes(), ...shownBoxes(
    "#scores, #contract, #menu-button, #corner-tools button, #practice-tag, #status, #hand, #away-banner, #trick .card"),
  ...[...document.querySelectorAll(".panel")].filter(onShow).map((p) => restBox(p))];
  const bounds = fitBox(GAP, GAP, window.innerWidth - GAP, window.innerHeight - GAP);
  const free = largestFree(obstacles, bounds, { minW: w, minH: hgt, wantW: w, wantH: hgt, near: own });
  if (!free) return false;
  const left = Math.max(free.left, Math.min(own.left, free.right - w));
  const top = Math.max(free.top, Math.min(own.top, free.bottom - hgt));
  box.style.left = `${Math.round(left + w / 2)}px`;   // (its middle: the box is centred on it)
  box.style.top = `${Math.round(top)}px`;
  return true;
}

/** A toast: a short message at the top of the page, gone after ``ms`` (returned: null if
 *  the page has no place for it). */
export function toast(message, kind = "info", ms = 4200) {
  const box = document.getElementById("toasts");
  if (!box) return null;
  // (no role=alert: the box is an assertive live region already, and both read it twice)
  const t = h("div.toast", { class: kind }, typeof message === "string" ? readable(message) : message);
  box.appendChild(t);
  box.style.left = "";
  clearOfTheTop(box);
  requestAnimationFrame(() => t.classList.add("in"));
  setTimeout(() => dropToast(t), ms);
  return t;
}

/** A toast taken away: it fades out (at its time, or at once when what it said is over). */
export function dropToast(t) {
  t.classList.remove("in");
  setTimeout(() => t.remove(), 400);
}

const LS_TABLE = "fivehundred.table";       // (this window's game; once, the browser's one game)
const LS_TABLES = "fivehundred.tables";
const LS_KEYS = "fivehundred.keys";
const KEYS_KEPT = 50;
const TABLES_KEPT = 8;       // (the lobby's CONTINUE and OTHER GAMES IN PROGRESS: 1 + 7)

/** A friend's own key for a seat, given when its invitation link was first opened here. */
export function keyFor(table, invitation) {
  try {
    const keys = JSON.parse(localStorage.getItem(LS_KEYS) || "[]");
    const k = keys.find((x) => x.table === table && x.invitation === invitation);
    return k ? k.key : null;
  } catch {
    return null;
  }
}

export function rememberKey(table, invitation, key) {
  try {
    const keys = JSON.parse(localStorage.getItem(LS_KEYS) || "[]")
      .filter((x) => !(x.table === table && x.invitation === invitation));
    keys.unshift({ table, invitation, key });
    localStorage.setItem(LS_KEYS, JSON.stringify(keys.slice(0, KEYS_KEPT)));
  } catch { /* private mode: the page's address still holds the key */ }
}

/** Whether ``v`` is a seat's link: ``{table, token}``, both text. */
function isLink(v) {
  return !!v && typeof v.table === "string" && typeof v.token === "string" && !!v.table && !!v.token;
}

/** The table link kept in the browser's ``storage`` ("localStorage", "sessionStorage"), or
 * null (none, or storage refused: private mode). */
function keptTable(storage) {
  try {
    const v = JSON.parse(window[storage].getItem(LS_TABLE) || "null");
    return isLink(v) ? v : null;
  } catch {
    return null;
  }
}

/** The seats this browser plays at, newest first (the last ``TABLES_KEPT``), each
 * ``{table, token, friend, at}``: its link (a friend's seat by his own key, never the
 * invitation's), whether it is a friend's seat, when it was last played here (seconds; 0:
 * not known). Serving, the server lists nobody's games: these are the lobby's. Where none
 * were kept yet, the one game an older page kept and the friends' keys it kept. */
export function savedTables() {
  let raw = null;
  try {
    raw = localStorage.getItem(LS_TABLES);
  } catch {
    return [];
  }
  if (raw === null) return formerTables();
  try {
    const list = JSON.parse(raw);
    return Array.isArray(list) ? list.filter(isLink) : [];
  } catch {
    return [];
  }
}

/** What an older page kept: its one game (``fivehundred.table``) and each friend's seat by
 * its key (``fivehundred.keys``), newest first, none with a time. */
function formerTables() {
  const old = keptTable("localStorage");
  let keys = [];
  try {
    keys = JSON.parse(localStorage.getItem(LS_KEYS) || "[]");
  } catch { /* damaged: none */ }
  const friends = (Array.isArray(keys) ? keys : []).map((k) => k && { table: k.table, token: k.key })
    .filter(isLink).map((k) => ({ ...k, friend: true, at: 0 }));
  return [...(old ? [{ table: old.table, token: old.token, friend: false, at: 0 }] : []), ...friends]
    .slice(0, TABLES_KEPT);
}

/** Keep ``list`` as this browser's seats (private mode: not kept). */
function keepTables(list) {
  try {
    localStorage.setItem(LS_TABLES, JSON.stringify(list.slice(0, TABLES_KEPT)));
  } catch { /* private mode */ }
}

/** Whether ``a`` and ``b`` are the same seat's link. */
function sameSeat(a, b) {
  return !!a && !!b && a.table === b.table && a.token === b.token;
}

/** The seat of ``table`` at ``token`` that this browser keeps, or null. */
export function savedSeat(table, token) {
  return savedTables().find((x) => sameSeat(x, { table, token })) || null;
}

/** The game opened last in any window (tab) of this browser (localStorage: shared by them
 * all): the newest of ``savedTables``. */
export function savedTable() {
  return savedTables()[0] || null;
}

/** The game opened last in this window (tab), null in a fresh one: sessionStorage is each
 * tab's own and outlives a reload or "/" typed there, so the lobby's CONTINUE offers the game
 * this window was playing, not another window's. */
export function windowTable() {
  return keptTable("sessionStorage");
}

/** Keep ``v`` (``{table, token, friend}``) as this browser's newest game and this window's,
 * played now; null forgets the newest (``savedTable``'s: a game over, or gone). */
export function saveTable(v) {
  if (!v) {
    forgetTable(savedTable());
    return;
  }
  const seat = { table: v.table, token: v.token, friend: !!v.friend, at: Math.floor(Date.now() / 1000) };
  keepTables([seat, ...savedTables().filter((x) => !sameSeat(x, seat))]);
  try {
    window.sessionStorage.setItem(LS_TABLE, JSON.stringify({ table: v.table, token: v.token }));
  } catch { /* private mode */ }
}

/** Forget the seat ``v`` (``{table, token}``): a game over, or no longer on the server; this
 * window's game too, if it was that one. */
export function forgetTable(v) {
  if (!v) return;
  const list = savedTables();
  if (list.some((x) => sameSeat(x, v))) keepTables(list.filter((x) => !sameSeat(x, v)));
  if (sameSeat(windowTable(), v)) {
    try { window.sessionStorage.removeItem(LS_TABLE); } catch { /* private mode */ }
  }
}

/** Serving, what became of the seats ``links`` (``savedTables``'s), as ``POST /api/seats``
 *  answers, in their order; an Error if it does not (``unanswered``: no answer at all, as
 *  net.js's, so the lobby asks again by itself). */
export async function askSeats(links) {
  if (!links.length) return [];
  let resp;
  try {
    resp = await fetch(appUrl("/api/seats"), {
      method: "POST", headers: { "Content-Type": "application/json" }, cache: "no-store",
      body: JSON.stringify({ links: links.map((x) => ({ table: x.table, token: x.token })) }),
    });
  } catch {
    throw Object.assign(new Error("the game server does not answer"), { unanswered: true });
  }
  const body = await resp.json().catch(() => null);
  if (resp.ok && body && Array.isArray(body.seats)) return body.seats;
  throw new Error((body && body.error) || `${resp.status} ${resp.statusText}`);
}

const LS_PLAYER = "fivehundred.player";
let sessionPlayer = null;     // (private mode: this page's own, for as long as it is open)

/**
 * This browser's player id: made at random once and kept, it tells a server whose statistics
 * a seat's hands are (serving, each player sees his own). A secret: never shown.
 */
export function playerId() {
  const valid = (v) => typeof v === "string" && /^[A-Za-z0-9_-]{16,64}$/.test(v);
  try {
    const kept = localStorage.getItem(LS_PLAYER);
    if (valid(kept)) return kept;
  } catch { /* private mode */ }
  if (!sessionPlayer) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    sessionPlayer = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  try { localStorage.setItem(LS_PLAYER, sessionPlayer); } catch { /* private mode */ }
  return sessionPlayer;
}

export function loadPrefs() {
  try {
    return JSON.parse(localStorage.getItem("fivehundred.prefs") || "{}") || {};
  } catch {
    return {};
  }
}

/** Where a seat's link downloads the game's record (the server's /api/record). */
export function recordUrl(link, format = "text") {
  const q = new URLSearchParams({ table: link.table, token: link.token });
  if (format !== "text") q.set("format", format);
  return appUrl(`/api/record?${q}`);
}

/** The page's own address up to its last "/" (read as the page loads: it changes only its
 *  query string after): "/" at a site's root, "/500/" under a reverse proxy's prefix. */
const HOME = new URL("./", location.href);

/** ``path`` on the game's server, from its root as the server names it ("/api/lobby?...", a
 *  seat's link "/?table=..."), put under the page's own address ("/500/api/lobby?..."): every
 *  request and address of the page is made so, never from the site's "/", so that the game
 *  works under a reverse proxy's prefix (club.example/500/) with no setting of the server's. */
export function appUrl(path) {
  const url = new URL(path.replace(/^\/+/, ""), HOME);
  return url.pathname + url.search;
}

export function savePrefs(p) {
  try { localStorage.setItem("fivehundred.prefs", JSON.stringify(p)); } catch { /* ignore */ }
}

// Line icons (24×24, currentColor): no emoji, so they look the same everywhere.
const I = (d, extra = "") =>
  `<svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"${extra}>${d}</svg>`;
export const ICONS = {
  pause: I('<rect x="6" y="5" width="4" height="14" rx="1"/><rect x="14" y="5" width="4" height="14" rx="1"/>'),
  play: I('<path d="M7 5l12 7-12 7z"/>'),
  hint: I('<path d="M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3z"/>'),
  rules: I('<path d="M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2z"/><path d="M4 21V5M8 7h7M8 11h7"/>'),
  soundOn: I('<path d="M4 9h4l5-4v14l-5-4H4z"/><path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12"/>'),
  soundOff: I('<path d="M4 9h4l5-4v14l-5-4H4z"/><path d="M17 9l5 6M22 9l-5 6"/>'),
  newGame: I('<path d="M20 12a8 8 0 1 1-2.3-5.7"/><path d="M20 4v5h-5"/>'),
  record: I('<path d="M12 4v11M7 10l5 5 5-5"/><path d="M5 19h14"/>'),
  speed: I('<path d="M4 16a8 8 0 1 1 16 0"/><path d="M12 16l4-5"/>'),
  claim: I('<path d="M6 21V4"/><path d="M6 4h11l-2.5 4L17 12H6"/>'),
  person: I('<circle cx="12" cy="8" r="4"/><path d="M4 21a8 8 0 0 1 16 0"/>'),
  takeBack: I('<path d="M9 14L4 9l5-5"/><path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11"/>'),
  trophy: `<svg viewBox="0 0 64 64" width="56" height="56" aria-hidden="true"><defs><linearGradient id="tg" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#ffe38a"/><stop offset="1" stop-color="#d08a12"/></linearGradient></defs><path d="M18 8h28v10c0 10-6 18-14 18S18 28 18 18z" fill="url(#tg)" stroke="#9a6a14" stroke-width="2"/><path d="M18 12H9c0 9 5 14 11 14M46 12h9c0 9-5 14-11 14" fill="none" stroke="#c38a1a" stroke-width="3"/><rect x="28" y="36" width="8" height="10" fill="#d08a12"/><rect x="20" y="46" width="24" height="8" rx="2" fill="url(#tg)" stroke="#9a6a14" stroke-width="2"/><path d="M32 13l2.2 4.5 5 .7-3.6 3.5.9 5-4.5-2.4-4.5 2.4.9-5-3.6-3.5 5-.7z" fill="#fff8d8"/></svg>`,
  spade: `<svg viewBox="0 0 64 64" width="52" height="52" aria-hidden="true"><path d="M32 6C26 16 10 24 10 36a10 10 0 0 0 18 6c-1 6-3 10-7 14h22c-4-4-6-8-7-14a10 10 0 0 0 18-6C54 24 38 16 32 6z" fill="#3d5347"/></svg>`,
};
