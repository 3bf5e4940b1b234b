// The cards on the table: each play flies in from its seat; a finished trick stays a moment,
// its winning card glowing, then is swept toward the winner. States are animated in order
// through a queue; when states pile up (a reconnect, a slow tab) the queue hurries. With
// reduced motion nothing flies or is swept, but a finished trick is held as long.

import { cardSvg, cardLabel, namedSuitChip, trumpSuit } from "./cards.js";
import { wait, prefersReducedMotion } from "./util.js";

const FLY_MS = 280;
const HOLD_MS = 1000;
const SWEEP_MS = 380;

function tilt(tok, seat) {
  let x = seat * 31;
  for (const ch of tok) x = (x * 33 + ch.charCodeAt(0)) % 997;
  return ((x % 11) - 5) * 0.9; // -4.5..4.5 degrees
}

/** A card played in words with who played it ("North: ace of hearts", "East: jack of
 *  diamonds, the left bower" with ``trumps`` hearts), for the trick and the last trick alike;
 *  the card alone where ``who`` is not known. */
export function playLabel(who, token, trumps) {
  const card = cardLabel(token, trumps);
  return who ? `${who}: ${card}` : card;
}

export class TrickView {
  /**
   * geo.center(): {x, y} page point of the trick's centre; geo.slot(seat): {x, y} offset of a
   * seat's card from the centre; geo.origin(seat, token): page point a card flies from;
   * geo.cardW(): width of a trick card. hooks.onPlay(seat), hooks.onFinished(winner) when a
   * finished trick goes on show, hooks.onGathered(winner) once it is swept off.
   */
  constructor(root, geo, hooks = {}) {
    this.root = root;
    this.geo = geo;
    this.hooks = hooks;
    this.queue = [];
    this.running = false;
    this.shown = []; // [{seat, token, el}]
    this.seen = { key: null, count: 0 };
    this.idleWaiters = [];
    this.sweptWaiters = []; // (swept(): waiting for the finished trick on show to go)
    this.gathering = null; // the winner of the finished trick now on show, if any
    this.speed = 1; // the table's speed_factor: every duration times this
    this.epoch = 0; // one more at each reset: a finished trick on show from before it goes
    this.wake = null; // ends the pause of the finished trick on show
    this.trumps = null; // the trump suit (a letter) of the contract played, if any
    this.names = []; // each seat's name as the page shows it ("You" for yours): a card says who played it
  }

  /** The winner of the finished trick on show, or else of the next one queued, or null. */
  pendingWinner() {
    if (this.queue.length && this.queue[0].kind === "reset") return null;  // (taken back)
    if (this.gathering !== null) return this.gathering;
    for (const item of this.queue) {
      if (item.kind === "reset") return null;
      if (item.kind === "complete") return item.trick.winner;
    }
    return null;
  }

  /** Feeds a new state's view; handKey changes with every deal (and every table); ``names``
   *  the seats' names as the page shows them ("You" for yours), for each card's label. */
  update(view, handKey, names = []) {
    const count = view.tricks.length;
    this.names = names;
    this.trumps = trumpSuit(view.contract);   // (a bower's label names it so)
    if (handKey !== this.seen.key || count < this.seen.count) {
      this.queue = [];
      this.seen = { key: handKey, count };
      this.queue.push({ kind: "reset", plays: view.trick });
      // fewer tricks (a take-back) or another deal: a finished trick on show is no more, it
      // is neither held, nor gathered to a winner, nor announced
      this.epoch += 1;
      if (this.wake) this.wake();
      for (const c of this.shown) for (const a of c.el.getAnimations()) a.cancel();
    } else {
      for (let i = this.seen.count; i < count; i++) {
        this.queue.push({ kind: "complete", trick: view.tricks[i] });
      }
      this.seen.count = count;
      this.queue.push({ kind: "current", plays: view.trick });
    }
    this.run();
  }

  /** Waits ``ms``, or less if a reset comes meanwhile. */
  pause(ms) {
    return new Promise((res) => {
      const timer = setTimeout(() => { this.wake = null; res(); }, ms);
      this.wake = () => { clearTimeout(timer); this.wake = null; res(); };
    });
  }

  /** Resolves when every queued animation is done. */
  idle() {
    if (!this.running && !this.queue.length) return Promise.resolve();
    return new Promise((res) => this.idleWaiters.push(res));
  }

  /** Resolves once the finished trick on show (or else the next one queued) is swept off,
   *  before the next trick's cards fly in (idle() waits for those too); at once where there is
   *  none (pendingWinner() null). */
  swept() {
    if (this.pendingWinner() === null) return Promise.resolve();
    return new Promise((res) => this.sweptWaiters.push(res));
  }

  /** The swept() waiters called: a finished trick swept off, or none left to sweep. */
  wakeSwept() {
    const w = this.sweptWaiters;
    this.sweptWaiters = [];
    w.forEach((f) => f());
  }

  get busy() {
    return this.running || this.queue.length > 0;
  }

  async run() {
    if (this.running) return;
    this.running = true;
    try {
      while (this.queue.length) {
        const item = this.queue.shift();
        // rush: states have piled up (or nobody sees the page), so a finished trick is hardly
        // held; animate: the cards fly and are swept, which reduced motion does without (the
        // trick is still held as long, for its winner to be seen and said)
        const rush = this.queue.length > 3 || document.hidden;
        const animate = !rush && !prefersReducedMotion();
        if (item.kind === "reset") {
          this.clear();
          this.reconcile(item.plays, false);
          this.wakeSwept();
        } else if (item.kind === "current") {
          await this.reconcile(item.plays, animate);
        } else if (item.kind === "complete") {
          const epoch = this.epoch;
          this.gathering = item.trick.winner;
          if (this.hooks.onFinished) this.hooks.onFinished(item.trick.winner);
          await this.reconcile(item.trick.plays, animate);
          if (epoch === this.epoch) {
            const winEl = this.shown.find((c) => c.seat === item.trick.winner);
            if (winEl) winEl.el.classList.add("winning");
            const pending = this.queue.filter((q) => q.kind !== "current" || q.plays.length).length;
            await this.pause(rush ? 60 : (pending ? HOLD_MS * 0.7 : HOLD_MS) * this.speed);
          }
          if (epoch === this.epoch) await this.sweep(item.trick.winner, animate);
          this.gathering = null;
          this.wakeSwept();
        }
      }
    } catch (e) {
      console.error("trick animation:", e);
      this.queue = [];
    } finally {
      this.running = false;
      this.gathering = null;
      this.wakeSwept();
      const w = this.idleWaiters;
      this.idleWaiters = [];
      w.forEach((f) => f());
    }
  }

  clear() {
    for (const c of this.shown) c.el.remove();
    this.shown = [];
  }

  /** Makes the shown cards equal to plays; new ones fly in (one after another). */
  async reconcile(plays, animate) {
    const want = plays.map(([seat, token]) => `${seat}|${token}`);
    const keep = [];
    for (const c of this.shown) {
      if (want.includes(`${c.seat}|${c.token}`)) keep.push(c);
      else c.el.remove();
    }
    this.shown = keep;
    const flights = [];
    let delay = 0;
    plays.forEach(([seat, token], i) => {
      if (this.shown.some((c) => c.seat === seat && c.token === token)) return;
      const el = this.makeCard(seat, token, i);
      this.shown.push({ seat, token, el });
      if (animate) {
        flights.push(this.flyIn(el, seat, token, delay));
        delay += 140 * this.speed;
      } else {
        this.place(el, seat, token);
      }
    });
    this.shown.sort((a, b) => plays.findIndex(([s]) => s === a.seat) - plays.findIndex(([s]) => s === b.seat));
    this.shown.forEach((c, i) => { c.el.style.zIndex = String(10 + i); });
    if (flights.length) await Promise.all(flights);
  }

  makeCard(seat, token, i) {
    const el = document.createElement("div");
    el.className = "card trick-card";
    el.dataset.card = token;
    el.dataset.seat = String(seat);
    // one image named with who played it ("North: ace of hearts"): the card alone did not
    // say whose it was; its face's own name hidden, not read twice
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", this.playedBy(seat, token));
    const face = cardSvg(token, { width: 100 });
    face.setAttribute("aria-hidden", "true");
    el.appendChild(face);
    const chip = namedSuitChip(token);       // a led joker's suit, to follow
    if (chip) el.appendChild(chip);
    el.style.zIndex = String(10 + i);
    this.root.appendChild(el);
    return el;
  }

  /** A card on the table in words with who played it: "North: ace of hearts", "You: the
   *  joker"; the card alone where the seat has no name yet. */
  playedBy(seat, token) {
    return playLabel(this.names[seat], token, this.trumps);
  }

  restTransform(seat, token) {
    const s = this.geo.slot(seat);
    const w = this.geo.cardW();
    return `translate(${(s.x - w / 2).toFixed(1)}px, ${(s.y - w * 0.7).toFixed(1)}px) rotate(${tilt(token, seat)}deg)`;
  }

  place(el, seat, token) {
    el.style.transform = this.restTransform(seat, token);
  }

  /** Re-places the shown cards (after a resize). */
  relayout() {
    for (const c of this.shown) this.place(c.el, c.seat, c.token);
  }

  async flyIn(el, seat, token, delay) {
    const end = this.restTransform(seat, token);
    el.style.transform = end;
    const c = this.geo.center();
    const o = this.geo.origin(seat, token);
    const w = this.geo.cardW();
    if (!o || !el.animate) {
      if (this.hooks.onPlay) this.hooks.onPlay(seat);
      return;
    }
    const start = `translate(${(o.x - c.x - w / 2).toFixed(1)}px, ${(o.y - c.y - w * 0.7).toFixed(1)}px) rotate(${o.r || 0}deg) scale(${o.scale || 0.75})`;
    if (delay) {
      el.style.visibility = "hidden";
      await wait(delay);
      el.style.visibility = "";
    }
    if (this.hooks.onPlay) this.hooks.onPlay(seat);
    const anim = el.animate(
      [{ transform: start, opacity: 0.4 }, { transform: end, opacity: 1 }],
      { duration: FLY_MS * this.speed, easing: "cubic-bezier(.2,.75,.25,1)" },
    );
    try { await anim.finished; } catch { /* cancelled */ }
  }

  async sweep(winner, animate) {
    const cards = this.shown;
    this.shown = [];
    if (this.hooks.onGathered) this.hooks.onGathered(winner);
    if (animate && cards.length && cards[0].el.animate) {
      const c = this.geo.center();
      const t = this.geo.origin(winner, null) || c;
      const w = this.geo.cardW();
      const end = `translate(${(t.x - c.x - w / 2).toFixed(1)}px, ${(t.y - c.y - w * 0.7).toFixed(1)}px) scale(0.35)`;
      const anims = cards.map((card, i) => {
        const a = card.el.animate(
          [{ transform: card.el.style.transform, opacity: 1 }, { transform: end, opacity: 0 }],
          { duration: SWEEP_MS * this.speed, delay: i * 25 * this.speed, easing: "cubic-bezier(.5,0,.75,.4)", fill: "forwards" },
        );
        return a.finished.catch(() => {});
      });
      await Promise.all(anims);
    }
    for (const card of cards) card.el.remove();
  }
}
