// The panels of your turn: bidding, the kitty's discard, the five-handed call, the joker's
// suit when you lead it.

import { suitIconSvg, cardLabel } from "./cards.js";
import { h, clear, bidNode, bidWords, cap, cardNode, SUIT_NAME } from "./util.js";
import { actOnce, hastyTap } from "./turn.js";
import { say } from "./announce.js";
import { confirmDialog } from "./dialogs.js";
import { app, views } from "./app.js";

const STRAINS = ["S", "C", "D", "H", "NT"];
const STRAIN_WORD = { S: "spades", C: "clubs", D: "diamonds", H: "hearts", NT: "no trumps" };

/** A panel's hasty clicks (hastyTap: a tap too soon after the panel opened, or changed, at
 *  ``armedAt()``, one pressed before, or a double click begun before) stopped before its
 *  buttons hear them: a double tap's second tap lands on what the player never saw. */
function holdHastyTaps(el, armedAt) {
  el.addEventListener("click", (e) => {
    if (!hastyTap(armedAt(), e)) return;
    e.stopPropagation();
    e.preventDefault();
  }, true);
}

/** Marks ``btn`` as one that cannot be used now (``off``) by ``aria-disabled``, never by the
 *  disabled attribute: a button disabled under the focus let it fall to the next control (More
 *  tricks at 10 sent it to BID, and the next Enter bid 10 spades unasked). So it keeps the
 *  focus, a screen reader says it is unavailable, it looks disabled (panels.css), and its click
 *  does nothing (``isOff``). */
function setOff(btn, off) {
  btn.disabled = false;            // (the page's own, as DISCARD's at first)
  if (off) btn.setAttribute("aria-disabled", "true");
  else btn.removeAttribute("aria-disabled");
}

/** Whether ``btn`` cannot be used now (setOff): its click, the keyboard's too, does nothing. */
function isOff(btn) {
  return btn.getAttribute("aria-disabled") === "true";
}

/** Where a key takes the focus in a group the arrow keys go through (the joker's suits, the
 *  call's cards; the hand has its own, with its Tab stop): from ``items[at]``, the index of the
 *  one to go to, or -1 for a key it does not take. ArrowLeft and ArrowRight go to the one
 *  before and after (``wrap``: round from the last to the first; else no further), Home and
 *  End to the first and the last; ArrowUp and ArrowDown as ArrowLeft and ArrowRight, or, with
 *  ``rows`` (the items row by row), to the row above or below, at the same place in it. */
function arrowTarget(key, items, at, { wrap = false, rows = null } = {}) {
  const n = items.length;
  if (at < 0) return -1;
  if (key === "Home") return 0;
  if (key === "End") return n - 1;
  const down = { ArrowDown: 1, ArrowUp: -1 }[key];
  if (rows && down) {
    const r = rows.findIndex((row) => row.includes(items[at]));
    const to = rows[r + down];
    return to ? items.indexOf(to[Math.min(rows[r].indexOf(items[at]), to.length - 1)]) : at;
  }
  const step = { ArrowRight: 1, ArrowLeft: -1 }[key] || down;
  if (!step) return -1;
  return wrap ? (at + step + n) % n : Math.max(0, Math.min(n - 1, at + step));
}

/** A keydown (``e``) on one of ``items``: the focus to the one ``arrowTarget`` names, which it
 *  returns (else null). Not with Alt, Ctrl or Meta: Alt+ArrowLeft is the browser's Back. */
function arrowFocus(e, items, opts) {
  if (e.altKey || e.ctrlKey || e.metaKey) return null;
  const j = arrowTarget(e.key, items, items.indexOf(document.activeElement), opts);
  if (j < 0) return null;
  e.preventDefault();
  items[j].focus({ preventScroll: true });
  return items[j];
}

function fillSuitButtons(root, attr) {
  for (const b of root.querySelectorAll(`button[${attr}]`)) {
    const s = b.getAttribute(attr);
    if (s === "NT") continue;
    if (!b.querySelector("svg")) b.appendChild(suitIconSvg(s, { size: 26 }));
  }
}

// ---------------------------------------------------------------- bidding

export class BidPanel {
  constructor(send) {
    this.send = send;
    this.el = document.getElementById("bid-panel");
    this.tricksEl = document.getElementById("bid-tricks");
    this.valueEl = document.getElementById("bid-value");
    this.strainLabel = document.getElementById("bid-strain-label");
    this.whyEl = document.getElementById("bid-why");
    this.bidBtn = document.getElementById("bid-button");
    this.passBtn = document.getElementById("pass-button");
    this.misereBtn = document.getElementById("misere-button");
    this.openBtn = document.getElementById("open-misere-button");
    this.minus = document.getElementById("bid-minus");
    this.plus = document.getElementById("bid-plus");
    this.sel = { tricks: 6, strain: "S" };
    this.refused = false;       // a refusal of BID's shown in the status line (``refuse``)
    this.turnKey = null;
    this.armedAt = -Infinity;   // when the panel last opened for a new turn (hastyTap)
    this.bids = [];
    this.askedAt = null;        // when a misère's question opened, while it is open (askMisere)
    holdHastyTaps(this.el, () => this.armedAt);
    holdHastyTaps(document.getElementById("confirm"), () => this.askedAt ?? -Infinity);
    fillSuitButtons(this.el, "data-strain");
    for (const b of this.el.querySelectorAll("button.strain")) {
      b.addEventListener("click", () => this.pickStrain(b.dataset.strain));
    }
    this.minus.addEventListener("click", () => { if (!isOff(this.minus)) this.step(-1); });
    this.plus.addEventListener("click", () => { if (!isOff(this.plus)) this.step(1); });
    this.bidBtn.addEventListener("click", () => {
      const b = this.current();
      if (b && b.legal) this.act(b.token);
      else this.refuse(this.whyNot(b));   // (the readout said it at the arrow; Enter asks again)
    });
    this.passBtn.addEventListener("click", () => { if (!isOff(this.passBtn)) this.act("pass"); });
    this.misereBtn.addEventListener("click", () => this.askMisere(this.misereBtn, "misere"));
    this.openBtn.addEventListener("click", () => this.askMisere(this.openBtn, "open-misere"));
    this.el.addEventListener("keydown", (e) => {
      if (e.key === "ArrowUp") { e.preventDefault(); this.step(1); }
      if (e.key === "ArrowDown") { e.preventDefault(); this.step(-1); }
    });
  }

  act(token) {
    if (this.send({ type: "act", action: token })) this.el.classList.add("sent");
  }

  /** MISÈRE or OPEN MISÈRE (``btn``) pressed: the bid (``token``) asked about first, what it
   *  means and its points (the bid's ``asks``, worded by the server from the table's rules),
   *  and sent only on a yes at the same turn (one tap bid the table's biggest risk, with no
   *  take-back). The focus back on ``btn`` after either answer. */
  async askMisere(btn, token) {
    const b = this.bids.find((x) => x.token === token);
    if (!b || !b.legal || this.askedAt !== null || !app.state) return;
    const key = this.turnKey;
    const name = token === "open-misere" ? "open misère" : "misère";
    this.askedAt = performance.now();   // (a double tap's second tap is not the answer)
    let yes = false;
    try {
      yes = await confirmDialog(b.asks, `Bid ${name}`,
        { title: `Bid ${name}?`, safe: true });
    } finally {
      this.askedAt = null;
    }
    if (!this.el.hidden) btn.focus({ preventScroll: true });
    if (yes && key !== null && key === this.turnKey) this.act(token);
  }

  /** BID pressed on a bid that may not be made: ``why``, shown in the status line and said, as
   *  a card you may not play is (only the readout's hidden line said it: nothing to the eye);
   *  it goes once the bid chosen changes (``update``). */
  refuse(why) {
    views.table.showError(why);
    this.refused = true;
  }

  /** A bid sent and never answered (the link dropped under it: reconnected) forgotten: the
   *  panel usable again on the position the server sends anew (one that did arrive shows in
   *  that state, as a new turn, so nothing is bid twice). */
  unsent() {
    this.el.classList.remove("sent");
  }

  find(tricks, strain) {
    return this.bids.find((b) => b.tricks === tricks && b.strain === strain) || null;
  }

  current() {
    return this.find(this.sel.tricks, this.sel.strain);
  }

  render(state) {
    const v = state.view;
    const show = v.phase === "auction" && v.to_move === state.you && v.legal.length > 0;
    this.el.hidden = !show;
    if (!show) {
      this.turnKey = null;
      return;
    }
    this.bids = state.bids || [];
    const last = [...v.auction].reverse().find(([, b]) => b !== "pass");
    this.high = last ? last[1] : null;
    const key = `${state.table.id}|${v.hand_number}|${v.auction.length}`;
    if (key !== this.turnKey) {
      this.turnKey = key;
      this.armedAt = performance.now();
      this.el.classList.remove("sent");
      const lowest = this.bids.find((b) => b.tricks > 0 && b.legal);
      if (lowest) this.sel = { tricks: lowest.tricks, strain: lowest.strain };
      else this.sel = { tricks: 10, strain: "NT" };
    }
    const misere = this.bids.find((b) => b.token === "misere");
    const open = this.bids.find((b) => b.token === "open-misere");
    this.misereBtn.hidden = !(misere && misere.legal);
    this.openBtn.hidden = !(open && open.legal);
    if (misere) this.misereBtn.title = `Misère: take no trick · ${misere.value} points`;
    if (open) this.openBtn.title = `Open misère: take no trick, hand face up · ${open.value} points`;
    this.misereBtn.dataset.value = misere ? String(misere.value) : "";
    this.openBtn.dataset.value = open ? String(open.value) : "";
    const pass = this.bids.find((b) => b.token === "pass");
    setOff(this.passBtn, !!pass && !pass.legal);
    this.el.querySelector(".bid-extra").hidden = this.misereBtn.hidden && this.openBtn.hidden;
    this.update();
  }

  /** Shows a bid (e.g. the hint's) in the selector. */
  select(token) {
    const b = this.bids.find((x) => x.token === token && x.tricks > 0);
    if (!b) return;
    this.sel = { tricks: b.tricks, strain: b.strain };
    this.update();
  }

  pickStrain(strain) {
    const same = this.find(this.sel.tricks, strain);
    if (!(same && same.legal)) {
      const lowest = this.bids.find((b) => b.strain === strain && b.tricks > 0 && b.legal);
      this.sel = { tricks: lowest ? lowest.tricks : this.sel.tricks, strain };
    } else {
      this.sel = { ...this.sel, strain };
    }
    this.update();
  }

  step(d) {
    this.sel = { ...this.sel, tricks: Math.max(6, Math.min(10, this.sel.tricks + d)) };
    this.update();
  }

  update() {
    if (this.refused && views.table.errorShown && app.state) views.table.renderStatus(app.state);
    this.refused = false;
    const b = this.current();
    const legal = !!(b && b.legal);
    this.showReadout(b, legal ? "" : this.whyNot(b));
    setOff(this.bidBtn, !legal);
    clear(this.bidBtn);
    this.bidBtn.append("BID ");
    this.bidBtn.appendChild(bidNode(`${this.sel.tricks}${this.sel.strain}`));
    this.bidBtn.setAttribute("aria-label", `Bid ${bidWords(`${this.sel.tricks}${this.sel.strain}`)}`);
    this.el.classList.toggle("illegal-choice", !legal);
    setOff(this.minus, this.sel.tricks <= 6);
    setOff(this.plus, this.sel.tricks >= 10);
    for (const btn of this.el.querySelectorAll("button.strain")) {
      const s = btn.dataset.strain;
      btn.classList.toggle("selected", s === this.sel.strain);
      const here = this.find(this.sel.tricks, s);
      btn.classList.toggle("unavailable", !(here && here.legal));
      // for a screen reader, what the dimming says: a suit that cannot be bid at all now is
      // disabled; one that cannot be bid at these tricks says from how many it can (chosen,
      // it goes there: it stays a button that works)
      const lowest = this.bids.find((x) => x.strain === s && x.tricks > 0 && x.legal);
      const higher = !(here && here.legal) && lowest ? `, from ${lowest.tricks}` : "";
      btn.setAttribute("aria-label", `${cap(STRAIN_WORD[s])}${higher}`);
      if (lowest) btn.removeAttribute("aria-disabled");
      else btn.setAttribute("aria-disabled", "true");
      btn.setAttribute("aria-pressed", s === this.sel.strain ? "true" : "false");
    }
  }

  /** The readout of the bid chosen (``b``, its entry in the state's bids, if any): its
   *  tricks, trumps, points and ``why`` it may not be made. Drawn again only when its words
   *  change: it is a live region, and a pause, a resume or any state drawn again said
   *  "6 spades 40 points" once more. */
  showReadout(b, why) {
    const readout = this.tricksEl.closest(".bid-readout");
    const value = b ? String(b.value) : "–";
    const shown = `${this.sel.tricks}|${this.sel.strain}|${value}|${why}`;
    if (readout.dataset.shown === shown) return;
    readout.dataset.shown = shown;
    this.tricksEl.textContent = String(this.sel.tricks);
    clear(this.strainLabel);
    if (this.sel.strain === "NT") this.strainLabel.textContent = "NT";
    else this.strainLabel.appendChild(suitIconSvg(this.sel.strain, { size: 28 }));
    this.strainLabel.title = STRAIN_WORD[this.sel.strain];
    this.valueEl.textContent = value;
    this.whyEl.textContent = why;
  }

  /** Why the bid chosen (``b``, its entry in the state's bids, if any) may not be made, in
   * words for the readout: "7 spades is below the bid 7 diamonds" (only its suit's button,
   * dimmed, said so, to the eye alone). */
  whyNot(b) {
    const chosen = bidWords(`${this.sel.tricks}${this.sel.strain}`);
    const high = this.high && this.bids.find((x) => x.token === this.high);
    if (b && high && b.token === high.token) return `${chosen} is the bid already`;
    // (by rank, as the server orders bids, not by points: a misère worth 100 typed in the
    // lobby still ranks above a 7♥ worth 200)
    if (b && high && !b.legal) return `${chosen} is below the bid ${bidWords(high.token)}`;
    return `${chosen} cannot be bid now`;
  }
}

// ---------------------------------------------------------------- kitty

const KEPT_CHOICE = "fivehundred.kitty";   // sessionStorage: the discard half chosen (KittyPanel)

export class KittyPanel {
  constructor(send, onChange) {
    this.send = send;
    this.onChange = onChange;
    this.el = document.getElementById("kitty-panel");
    this.text = document.getElementById("kitty-text");
    this.btn = document.getElementById("discard-button");
    this.selected = new Set();
    this.need = 0;
    this.turnKey = null;
    this.keptKey = null;        // the choice's key where it is kept (``keep``), and its table
    this.keptTable = null;
    this.armedAt = -Infinity;   // when the panel last opened (hastyTap)
    holdHastyTaps(this.el, () => this.armedAt);
    setOff(this.btn, true);
    this.btn.addEventListener("click", () => {
      if (this.el.classList.contains("sent")) return;   // (on its way: once)
      if (this.selected.size !== this.need) {
        say(this.text.textContent);  // (e.g. "Discard 3 cards · 1 of 3 chosen")
        return;
      }
      const cards = [...this.selected];
      if (this.send({ type: "discard", cards })) {
        setOff(this.btn, true);
        this.el.classList.add("sent");
      }
    });
  }

  /** A discard sent and never answered (the link dropped under it: reconnected) forgotten:
   *  DISCARD usable again on the position the server sends anew, the cards still chosen. */
  unsent() {
    if (!this.el.classList.contains("sent")) return;
    this.el.classList.remove("sent");
    this.update();
  }

  active(state) {
    const v = state.view;
    return v.phase === "kitty" && v.to_move === state.you && v.discards_left > 0;
  }

  render(state) {
    const v = state.view;
    const show = this.active(state);
    this.el.hidden = !show;
    if (!show) {
      this.selected.clear();
      this.turnKey = null;
      this.forget(state.table.id);      // (discarded, or no discard of yours at this table)
      return;
    }
    const key = `${state.table.id}|${v.hand_number}|${v.hand.length}`;
    let kept = [];
    if (key !== this.turnKey) {
      this.turnKey = key;
      this.keptKey = `${state.table.id}|${v.hand_number}|${[...v.hand].sort().join(",")}`;
      this.keptTable = state.table.id;
      this.armedAt = performance.now();
      this.selected.clear();
      this.el.classList.remove("sent");
      kept = this.kept(state).slice(0, v.discards_left);   // (a reload while choosing)
      for (const t of kept) this.selected.add(t);
    }
    for (const t of [...this.selected]) if (!v.hand.includes(t)) this.selected.delete(t);
    this.need = v.discards_left;
    this.update();
    if (kept.length) this.onChange();   // (the hand, drawn before, shows them chosen)
  }

  toggle(token) {
    if (this.selected.has(token)) this.selected.delete(token);
    else if (this.selected.size < this.need) this.selected.add(token);
    else return false;
    this.keep();
    this.update();
    this.onChange();
    return true;
  }

  /** Keeps the cards chosen so far in this window's sessionStorage, by the table, the hand's
   *  number and the cards in hand: a reload while choosing forgot them ("1 of 3 chosen" came
   *  back "0 of 3"). */
  keep() {
    try {
      sessionStorage.setItem(KEPT_CHOICE, JSON.stringify(
        { key: this.keptKey, table: this.keptTable, cards: [...this.selected] }));
    } catch { /* private mode: the choice lasts as long as the page */ }
  }

  /** The cards kept as chosen for this discard (``state``: the kitty's turn), or none: kept
   *  for another table, hand or cards in hand, or naming a card no longer in it (then
   *  dropped). */
  kept(state) {
    let choice = null;
    try {
      choice = JSON.parse(sessionStorage.getItem(KEPT_CHOICE) || "null");
    } catch { /* none readable */ }
    if (!choice || choice.key !== this.keptKey || !Array.isArray(choice.cards)) return [];
    const hand = state.view.hand;
    if (!choice.cards.every((t) => hand.includes(t))) {
      this.forget(state.table.id);
      return [];
    }
    return choice.cards;
  }

  /** Drops the choice kept for table ``tableId``, if any (the discard made, or not yours). */
  forget(tableId) {
    try {
      const choice = JSON.parse(sessionStorage.getItem(KEPT_CHOICE) || "null");
      if (choice && choice.table === tableId) sessionStorage.removeItem(KEPT_CHOICE);
    } catch { /* nothing kept */ }
  }

  update() {
    const n = this.need;
    const k = this.selected.size;
    // (drawn again only when it changes: the line is live, and says the count at each card
    // chosen or put back, not at every state)
    if (this.text.dataset.shown !== `${k}/${n}`) {
      this.text.dataset.shown = `${k}/${n}`;
      clear(this.text);
      this.text.append(h("b", { text: `Discard ${n} card${n === 1 ? "" : "s"}` }),
        h("span.muted", { text: ` · ${k} of ${n} chosen` }));
    }
    setOff(this.btn, k !== n || this.el.classList.contains("sent"));
  }
}

// ---------------------------------------------------------------- five-handed call

const RANK_ORDER = ["A", "K", "Q", "J", "13", "12", "11", "10", "9", "8", "7", "6", "5", "4", "3", "2"];

export class CallPanel {
  constructor() {
    this.el = document.getElementById("call-panel");
    this.cards = document.getElementById("call-cards");
    this.key = null;
    this.armedAt = -Infinity;   // when the panel last opened, or its cards changed (hastyTap)
    holdHastyTaps(this.el, () => this.armedAt);
    document.getElementById("alone-button").addEventListener("click", () => this.act("alone"));
    this.cards.addEventListener("click", (e) => {
      const b = e.target.closest("button[data-call]");
      if (b) this.act(`call ${b.dataset.call}`);
    });
    // the cards one Tab stop (PLAY ALONE was 32 presses of Tab away), the arrow keys going
    // along them and from suit to suit, Home and End to the first and the last, as in the hand
    this.cards.setAttribute("role", "group");
    this.cards.setAttribute("aria-label",
      "Cards: the arrow keys go from one to the next, Up and Down from suit to suit");
    this.cards.addEventListener("focusin", (e) => {
      const b = e.target.closest("button[data-call]");
      if (b) this.rove(b);
    });
    this.cards.addEventListener("keydown", (e) => {
      const rows = [...this.cards.querySelectorAll(".call-row-cards")]
        .map((row) => [...row.querySelectorAll("button[data-call]")]);
      const to = arrowFocus(e, rows.flat(), { rows });
      if (to) this.inSight(to);
    });
  }

  /** ``card`` the call's one Tab stop: Tab comes back to the card the arrows left it on. */
  rove(card) {
    for (const b of this.cards.querySelectorAll("button[data-call]")) b.tabIndex = b === card ? 0 : -1;
  }

  /** ``card`` scrolled into sight inside the cards' box (which scrolls where the window is
   *  low), the page itself not moved. */
  inSight(card) {
    const r = card.getBoundingClientRect();
    const box = this.cards.getBoundingClientRect();
    if (r.top < box.top) this.cards.scrollTop -= box.top - r.top;
    else if (r.bottom > box.bottom) this.cards.scrollTop += r.bottom - box.bottom;
  }

  /** Call (or play alone) once a state, as a card is played (actOnce). */
  act(action) {
    actOnce(action);
  }

  render(state) {
    const v = state.view;
    const show = v.phase === "call" && v.to_move === state.you && v.legal.length > 0;
    this.el.hidden = !show;
    if (!show) {
      this.key = null;
      return;
    }
    const calls = v.legal.filter((a) => a.startsWith("call ")).map((a) => a.slice(5));
    document.getElementById("alone-button").hidden = !v.legal.includes("alone");
    const key = calls.join(",");
    if (key === this.key) return;
    this.key = key;
    this.armedAt = performance.now();
    clear(this.cards);
    const groups = { S: [], C: [], D: [], H: [], JK: [] };
    for (const c of calls) (c === "JK" ? groups.JK : groups[c.slice(-1)] || (groups[c.slice(-1)] = [])).push(c);
    for (const [suit, list] of Object.entries(groups)) {
      if (!list.length) continue;
      list.sort((a, b) => RANK_ORDER.indexOf(a.slice(0, -1)) - RANK_ORDER.indexOf(b.slice(0, -1)));
      // the cards in a box of their own: on a phone they wrap beside the suit, not under it
      const cards = h("div.call-row-cards");
      for (const c of list) {
        cards.appendChild(h("button.call-card", { type: "button", dataset: { call: c },
          title: c === "JK" ? "the joker" : `the ${c.slice(0, -1)} of ${SUIT_NAME[c.slice(-1)]}`,
          "aria-label": `call ${cardLabel(c)}` },
        cardNode(c)));
      }
      // (a suit's row named for assistive technology, as its sign names it on the screen)
      this.cards.appendChild(h("div.call-row", { role: "group", "aria-label": suit === "JK" ? "the joker" : SUIT_NAME[suit] },
        h("span.call-suit", { "aria-hidden": "true" }, suit === "JK" ? "★" : suitIconSvg(suit, { size: 18 })), cards));
    }
    this.rove(this.cards.querySelector("button[data-call]"));
  }
}

// ---------------------------------------------------------------- joker lead

export class JokerPanel {
  constructor() {
    this.el = document.getElementById("joker-panel");
    this.armedAt = -Infinity;   // when the panel last opened (hastyTap)
    holdHastyTaps(this.el, () => this.armedAt);
    fillSuitButtons(this.el, "data-suit");
    // the suits a group the arrow keys go through, as the speed's radios (Tab stops at each too)
    const row = this.el.querySelector(".joker-suits");
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", "Suits: the arrow keys go from one to the next");
    row.setAttribute("aria-describedby", "joker-rule");     // (why some are greyed, if so)
    row.addEventListener("keydown", (e) => this.arrow(e));
    this.el.addEventListener("click", (e) => {
      const b = e.target.closest("button[data-suit]");
      if (!b || b.disabled) return;
      this.hide();
      // (as a card: a second tap of a double tap on the card under it waits for the state)
      actOnce(`JK:${b.dataset.suit}`);
    });
    document.getElementById("joker-cancel").addEventListener("click", () => this.hide());
  }

  /** An arrow key on a suit (``e``, a keydown): the focus goes to the next suit that may be
   *  named, or the one before, round from the last to the first; Home and End to the first
   *  and the last, as in the hand (End did nothing, and the Enter after it led another suit). */
  arrow(e) {
    arrowFocus(e, [...this.el.querySelectorAll("button[data-suit]")].filter((b) => !b.disabled),
      { wrap: true });
  }

  /** Open the panel: the suits ``legal`` names may be named, the others greyed, and
   *  ``rule`` (the server's words, the state's ``joker_rule``) says why under the question
   *  (the greyed suits said so only on hover, which a phone never shows). */
  open(legal, rule = null) {
    const suits = new Set(legal.filter((a) => a.startsWith("JK:")).map((a) => a.slice(3)));
    const why = rule || "not allowed now";
    for (const b of this.el.querySelectorAll("button[data-suit]")) {
      b.disabled = !suits.has(b.dataset.suit);
      b.title = b.disabled ? `${SUIT_NAME[b.dataset.suit]}: ${why}` : SUIT_NAME[b.dataset.suit];
    }
    const note = this.el.querySelector(".joker-rule");
    note.textContent = suits.size < 4 && rule ? `Greyed: ${rule}.` : "";
    note.hidden = !note.textContent;
    if (this.el.hidden) this.armedAt = performance.now();   // (asked again, it means the same)
    this.el.hidden = false;
    const first = this.el.querySelector("button[data-suit]:not([disabled])");
    if (first) first.focus({ preventScroll: true });
  }

  hide() {
    this.el.hidden = true;
  }

  render(state) {
    const v = state.view;
    const still = v.phase === "play" && v.to_move === state.you && v.legal.some((a) => a.startsWith("JK:"));
    if (!still) this.hide();
  }
}

export { STRAINS };
