// Your hand: a gentle fan at the bottom of the table. Click a card (or press Enter on it) to
// play or select it; drag it sideways to reorder the hand, or up onto the table to play it.
// By keyboard the hand is one tab stop; the arrows (Home, End) go along it.

import { cardSvg, cardLabel } from "./cards.js";

const DRAG_THRESHOLD = 7; // px: less than this is a click

export class HandView {
  /**
   * onActivate(token): a click / Enter on a card.
   * onDropPlay(token): a card dragged up and released over the table.
   * canDropPlay(token): whether a drag of this card may play it (shows the drop glow).
   */
  constructor(root, { onActivate, onDropPlay, canDropPlay }) {
    this.root = root;
    this.onActivate = onActivate;
    this.onDropPlay = onDropPlay;
    this.canDropPlay = canDropPlay || (() => false);
    this.els = new Map(); // token -> element
    this.order = [];
    this.custom = false;
    this.handKey = null;
    this.cardW = 96;
    this.drag = null;
    this.held = null;
    this.heldTimer = null;
    this.removedRects = new Map();
    this.slots = new Map(); // token -> {x, y, r}
    this.dropZone = document.getElementById("drop-zone");
    root.addEventListener("pointerdown", (e) => this.pointerDown(e));
    root.addEventListener("keydown", (e) => this.keyDown(e));
    root.addEventListener("focusin", (e) => {
      const el = e.target.closest(".hand-card");
      if (el) this.rove(el.dataset.card);
    });
    this.stop = null; // the card Tab comes to: the hand is one stop, the arrows go along it
    window.addEventListener("pointermove", (e) => this.pointerMove(e));
    window.addEventListener("pointerup", (e) => this.pointerUp(e));
    window.addEventListener("pointercancel", () => this.cancelDrag());
    window.addEventListener("blur", () => this.cancelDrag());
  }

  /** The cards' width for the window (table-geometry.js, on every resize), and the hand laid
   * out again: its own width may have changed though the cards' did not (a wider desk). */
  setCardWidth(w) {
    this.cardW = w;
    this.layout();
  }

  /**
   * tokens: the server's hand (sorted); opts: {handKey, playable:Set, dim:bool,
   * selected:Set, fromKitty:Set, hinted:Set|null, trumps: the contract's trump suit or null,
   * which the cards' names follow (a bower named so)}
   */
  render(tokens, opts = {}) {
    if (opts.handKey !== this.handKey) {
      this.handKey = opts.handKey;
      this.custom = false;
    }
    const before = this.order;
    this.order = this.merge(tokens);
    const keep = new Set(this.order);
    if (this.stop !== null && !keep.has(this.stop)) this.stop = this.nextStop(before, keep);
    for (const [tok, el] of this.els) {
      if (!keep.has(tok)) {
        if (el.isConnected) this.removedRects.set(tok, el.getBoundingClientRect());
        // a card played by keyboard: the focus goes on to its neighbour, not to the page
        const next = el === document.activeElement && this.els.get(this.stop);
        if (next) next.focus({ preventScroll: true });
        el.remove();
        this.els.delete(tok);
        if (this.drag && this.drag.token === tok) this.cancelDrag();
      }
    }
    const entering = [];
    for (const tok of this.order) {
      let el = this.els.get(tok);
      if (!el) {
        el = document.createElement("div");
        el.className = "card hand-card entering";
        el.dataset.card = tok;
        el.tabIndex = 0;
        el.setAttribute("role", "button");
        el.setAttribute("aria-label", cardLabel(tok, opts.trumps));
        el.appendChild(cardSvg(tok, { width: 120 }));
        this.root.appendChild(el);
        this.els.set(tok, el);
        entering.push(el);
      }
      const playable = !!(opts.playable && opts.playable.has(tok));
      const chosen = !!(opts.selected && opts.selected.has(tok));
      const fromKitty = !!(opts.fromKitty && opts.fromKitty.has(tok));
      el.classList.toggle("playable", playable);
      el.classList.toggle("dim", !!opts.dim && !playable);
      el.classList.toggle("selected", chosen);
      el.classList.toggle("from-kitty", fromKitty);
      el.classList.toggle("hinted", !!opts.hinted && opts.hinted.has(tok));
      // the same for assistive technology (the page shows them by colour, lift and a badge):
      // whether the card can be used now, chosen for the kitty, from the kitty
      el.setAttribute("aria-disabled", String(!(opts.interactive && (opts.selected || playable))));
      if (opts.selected) el.setAttribute("aria-pressed", String(chosen));
      else el.removeAttribute("aria-pressed");
      el.setAttribute("aria-label", cardLabel(tok, opts.trumps) + (fromKitty ? ", from the kitty" : ""));
    }
    this.root.classList.toggle("interactive", !!opts.interactive);
    this.rove(this.stopFor(opts.playable));
    this.layout();
    if (entering.length) {
      // a new deal comes in card by card, from left to right
      const stagger = entering.length > 3 ? 45 : 0;
      const sorted = entering.sort((a, b) => this.order.indexOf(a.dataset.card) - this.order.indexOf(b.dataset.card));
      sorted.forEach((el, i) => { el.style.transitionDelay = `${i * stagger}ms`; });
      requestAnimationFrame(() => requestAnimationFrame(() => {
        for (const el of sorted) el.classList.remove("entering");
        setTimeout(() => { for (const el of sorted) el.style.transitionDelay = ""; }, 300 + sorted.length * stagger);
      }));
    }
  }

  /** The card Tab should come to: the one with the focus; else the last one that had it, if
   *  still there and playable (or none is); else the first playable, else the first. */
  stopFor(playable) {
    const a = document.activeElement;
    const focused = a instanceof Element && this.root.contains(a) && a.closest(".hand-card");
    if (focused && this.els.has(focused.dataset.card)) return focused.dataset.card;
    const canPlay = (t) => !!playable && playable.has(t);
    const first = this.order.find(canPlay);
    if (this.els.has(this.stop) && (canPlay(this.stop) || !first)) return this.stop;
    return first || this.order[0] || null;
  }

  /** The card beside the Tab stop leaving the hand (a card played): the one after it in
   *  ``before``, else the one before it, so that the keyboard keeps its place along the hand. */
  nextStop(before, keep) {
    const i = before.indexOf(this.stop);
    const after = before.slice(i + 1).find((t) => keep.has(t));
    return after || before.slice(0, Math.max(i, 0)).reverse().find((t) => keep.has(t)) || null;
  }

  /** One tab stop for the whole hand (the keyboard's way through a toolbar): ``tok``'s card
   *  (13 stops before: reaching DISCARD past the cards took up to 13 presses of Tab). */
  rove(tok) {
    this.stop = tok;
    for (const [t, el] of this.els) el.tabIndex = t === tok ? 0 : -1;
  }

  /** The client's order kept where the user dragged cards; new cards go next to their neighbours. */
  merge(server) {
    if (!this.custom || !this.order.length) return server.slice();
    const inServer = new Set(server);
    const kept = this.order.filter((t) => inServer.has(t));
    const have = new Set(kept);
    const fresh = server.filter((t) => !have.has(t));
    if (!fresh.length) return kept;
    if (fresh.length > kept.length) {
      this.custom = false;
      return server.slice();
    }
    const out = kept.slice();
    for (const t of fresh) {
      const idx = server.indexOf(t);
      let at = 0;
      for (let j = idx - 1; j >= 0; j--) {
        const p = out.indexOf(server[j]);
        if (p >= 0) { at = p + 1; break; }
      }
      if (at === 0 && idx === 0) {
        const nextIdx = out.indexOf(server[1]);
        at = nextIdx >= 0 ? nextIdx : 0;
      }
      out.splice(at, 0, t);
    }
    return out;
  }

  /** Where each card of an order sits (relative to the hand element). */
  geometry(order) {
    const n = order.length;
    const width = this.root.clientWidth || window.innerWidth;
    // the cards shrink when a whole hand at half a card apart would not fit (a phone, or 13
    // cards while discarding)
    const fit = n > 1 ? (width - 40) / (1 + 0.52 * (n - 1)) : width - 40;
    const W = Math.max(30, Math.min(this.cardW, fit));
    if (W !== this.shownW) {
      this.shownW = W;
      this.root.style.setProperty("--hand-w", `${W.toFixed(1)}px`);
    }
    const avail = Math.max(W, width - 36);
    // at least half a card apart, so the middle of every card can be clicked
    const step = n > 1 ? Math.max(W * 0.52, Math.min(W * 0.64, (avail - W) / (n - 1))) : 0;
    const total = W + step * (n - 1);
    const x0 = (width - total) / 2;
    const mid = (n - 1) / 2;
    const rot = n > 1 ? Math.min(2.0, 14 / n) : 0;
    const curve = mid > 0 ? Math.min(1.6, (W * 0.16) / (mid * mid)) : 0;
    const out = new Map();
    const top = mid * mid * curve;
    order.forEach((t, i) => {
      const d = i - mid;
      out.set(t, { x: x0 + i * step, y: d * d * curve - top, r: d * rot, z: i + 1 });
    });
    return { slots: out, x0, step, n };
  }

  layout(order = null) {
    const o = order || this.order;
    const g = this.geometry(o);
    this.geom = g;
    for (const t of o) {
      const el = this.els.get(t);
      const s = g.slots.get(t);
      if (!el || !s) continue;
      if (this.drag && this.drag.active && this.drag.token === t) continue;
      if (this.held === t) continue;
      el.style.setProperty("--x", `${s.x.toFixed(1)}px`);
      el.style.setProperty("--y", `${s.y.toFixed(1)}px`);
      el.style.setProperty("--r", `${s.r.toFixed(2)}deg`);
      el.style.zIndex = String(s.z);
    }
    this.slots = g.slots;
    if (!order && !(this.drag && this.drag.active)) this.syncDomOrder();
  }

  /** The cards in the page in the order they are shown, so that Tab goes along the hand as the
   * arrow keys do (a drag or a new card changes the shown order); the focus stays put. */
  syncDomOrder() {
    const els = this.order.map((t) => this.els.get(t)).filter(Boolean);
    const now = [...this.root.children].filter((e) => e.classList.contains("hand-card"));
    if (els.length === now.length && els.every((e, i) => e === now[i])) return;
    const focused = document.activeElement;
    for (const el of els) this.root.appendChild(el);
    if (focused && this.root.contains(focused) && document.activeElement !== focused) {
      focused.focus({ preventScroll: true });
    }
  }

  rectOf(tok) {
    const el = this.els.get(tok);
    if (el && el.isConnected) return el.getBoundingClientRect();
    return this.removedRects.get(tok) || null;
  }

  /** The rectangle where a card that just left the hand was (for its flight to the trick). */
  takeRect(tok) {
    const r = this.removedRects.get(tok) || null;
    this.removedRects.delete(tok);
    return r;
  }

  /** Puts a card dropped on the table back in the hand (the play was refused). */
  release() {
    if (!this.held) return;
    this.held = null;
    clearTimeout(this.heldTimer);
    this.layout();
  }

  shake(tok) {
    this.release();
    const el = this.els.get(tok);
    if (!el) return;
    el.classList.remove("shake");
    void el.offsetWidth; // restart the animation
    el.classList.add("shake");
    setTimeout(() => el.classList.remove("shake"), 650);
  }

  // ---- pointer handling ----

  pointerDown(e) {
    if (e.button !== 0 && e.pointerType === "mouse") return;
    const el = e.target.closest(".hand-card");
    if (!el || !this.root.contains(el)) return;
    e.preventDefault();
    this.drag = {
      token: el.dataset.card, el, id: e.pointerId,
      sx: e.clientX, sy: e.clientY, active: false, over: false,
      rect: el.getBoundingClientRect(),
    };
  }

  pointerMove(e) {
    const d = this.drag;
    if (!d || e.pointerId !== d.id) return;
    const dx = e.clientX - d.sx;
    const dy = e.clientY - d.sy;
    if (!d.active) {
      if (Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
      d.active = true;
      d.el.classList.add("dragging");
      d.el.style.zIndex = "200";
      const base = this.root.getBoundingClientRect();
      d.base = base;
      const s = this.slots.get(d.token) || { x: 0, y: 0 };
      d.ox = s.x; d.oy = s.y;
    }
    // follow the pointer
    d.el.style.setProperty("--x", `${(d.ox + dx).toFixed(1)}px`);
    d.el.style.setProperty("--y", `${(d.oy + dy).toFixed(1)}px`);
    d.el.style.setProperty("--r", "0deg");
    const handTop = d.base.top - 8;
    const over = e.clientY < handTop - (this.shownW || this.cardW) * 0.25;
    d.over = over;
    const canPlay = over && this.canDropPlay(d.token);
    this.dropZone.classList.toggle("active", canPlay);
    d.el.classList.toggle("over-table", canPlay);
    if (!over) {
      // live preview of the new order
      const preview = this.previewOrder(d.token, e.clientX - d.base.left);
      d.preview = preview;
      this.layout(preview);
    } else {
      d.preview = null;
      this.layout(this.order);
    }
  }

  previewOrder(token, x) {
    const rest = this.order.filter((t) => t !== token);
    const g = this.geom || this.geometry(this.order);
    const step = g.step || this.cardW;
    let i = Math.round((x - g.x0 - (this.shownW || this.cardW) / 2) / (step || 1));
    i = Math.max(0, Math.min(rest.length, i));
    rest.splice(i, 0, token);
    return rest;
  }

  pointerUp(e) {
    const d = this.drag;
    if (!d || e.pointerId !== d.id) return;
    this.drag = null;
    this.dropZone.classList.remove("active");
    if (!d.active) {
      this.onActivate(d.token);
      return;
    }
    d.el.classList.remove("dragging", "over-table");
    if (d.over) {
      if (this.canDropPlay(d.token)) {
        // the card stays where it was dropped until the server's answer takes it to the trick
        this.held = d.token;
        clearTimeout(this.heldTimer);
        this.heldTimer = setTimeout(() => { this.held = null; this.layout(); }, 900);
        this.layout(this.order);
        this.onDropPlay(d.token);
      } else {
        this.layout(this.order);
        this.onActivate(d.token);
      }
      return;
    }
    if (d.preview && d.preview.join() !== this.order.join()) {
      this.order = d.preview;
      this.custom = true;
    }
    this.layout();
  }

  cancelDrag() {
    const d = this.drag;
    this.drag = null;
    this.dropZone.classList.remove("active");
    if (d && d.el) d.el.classList.remove("dragging", "over-table");
    this.layout(this.order);
  }

  keyDown(e) {
    const el = e.target.closest(".hand-card");
    if (!el) return;
    const i = this.order.indexOf(el.dataset.card);
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      this.onActivate(el.dataset.card);
    } else if (["ArrowLeft", "ArrowRight", "Home", "End"].includes(e.key)) {
      e.preventDefault();
      const last = this.order.length - 1;
      const j = e.key === "Home" ? 0 : e.key === "End" ? last
        : Math.max(0, Math.min(last, i + (e.key === "ArrowLeft" ? -1 : 1)));
      const next = this.els.get(this.order[j]);
      if (next) next.focus();
    }
  }
}
