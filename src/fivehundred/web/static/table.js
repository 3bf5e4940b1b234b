// The table: seats around a felt (you at the bottom, clockwise: k=1 on your left), the
// scores and contract plaques, the status line, your hand and the trick.

import { cardSvg, cardBackSvg } from "./cards.js";
import { HandView } from "./hand.js";
import { TrickView } from "./trick.js";
import { h, clear, bidNode, cardNode, cap } from "./util.js";

// Seat slots for offsets k = 1..n-1: x as a fraction of the width, y of the arena's height;
// side: where the seat sits (its bubble points the other way).
const LAYOUTS = {
  2: [{ x: 0.5, y: 0.0, side: "top" }],
  3: [{ x: 0.0, y: 0.3, side: "left" }, { x: 1.0, y: 0.3, side: "right" }],
  4: [{ x: 0.0, y: 0.4, side: "left" }, { x: 0.5, y: 0.0, side: "top" }, { x: 1.0, y: 0.4, side: "right" }],
  5: [{ x: 0.0, y: 0.5, side: "left" }, { x: 0.335, y: 0.0, side: "top" },
    { x: 0.665, y: 0.0, side: "top" }, { x: 1.0, y: 0.5, side: "right" }],
  6: [{ x: 0.0, y: 0.54, side: "left" }, { x: 0.31, y: 0.0, side: "top" }, { x: 0.5, y: 0.0, side: "top" },
    { x: 0.69, y: 0.0, side: "top" }, { x: 1.0, y: 0.54, side: "right" }],
};

const STRENGTH = { easy: "Easy", medium: "Medium", hard: "Hard", insane: "Insane" };

export class TableView {
  constructor({ onCard, onDropCard, canDropPlay, onGathered, onPlayed }) {
    this.root = document.getElementById("table");
    this.seatsBox = document.getElementById("seats");
    this.statusEl = document.getElementById("status");
    this.scoresEl = document.getElementById("scores");
    this.contractEl = document.getElementById("contract");
    this.trickEl = document.getElementById("trick");
    this.seatEls = new Map();
    this.layoutKey = null;
    this.state = null;
    this.errorShown = false;
    this.statusKey = 0; // the latest render's status, so a late one never overwrites it
    this.sizes = { hand: 96, trick: 80, back: 40, exposed: 48, handTop: 600 };
    this.hand = new HandView(document.getElementById("hand"), {
      onActivate: onCard, onDropPlay: onDropCard, canDropPlay,
    });
    this.trick = new TrickView(this.trickEl, {
      center: () => this.trickCenter(),
      slot: (seat) => this.trickSlot(seat),
      origin: (seat, token) => this.origin(seat, token),
      cardW: () => this.sizes.trick,
    }, { onGathered, onPlay: onPlayed, onFinished: (winner) => this.showWinner(winner) });
    window.addEventListener("resize", () => this.resize());
    this.resize();
  }

  // ---------- geometry ----------

  resize() {
    const W = window.innerWidth;
    const H = window.innerHeight;
    const hand = Math.round(Math.max(58, Math.min(118, W * 0.078, H * 0.135)));
    const trick = Math.round(Math.max(50, Math.min(96, hand * 0.84)));
    const back = Math.round(Math.max(26, Math.min(44, hand * 0.42)));
    const exposed = Math.round(Math.max(40, Math.min(66, hand * 0.62)));
    this.sizes = { hand, trick, back, exposed };
    const st = document.documentElement.style;
    st.setProperty("--hand-w", `${hand}px`);
    st.setProperty("--trick-w", `${trick}px`);
    st.setProperty("--back-w", `${back}px`);
    st.setProperty("--exposed-w", `${exposed}px`);
    // the arena: between the top and the hand's region
    const handRegion = hand * 1.4 + 50;
    const statusH = 38;
    const arenaTop = 14;
    const arenaBottom = H - handRegion - statusH - 6;
    this.arena = { top: arenaTop, bottom: arenaBottom, height: arenaBottom - arenaTop };
    st.setProperty("--arena-bottom", `${arenaBottom}px`);
    st.setProperty("--hand-region", `${handRegion}px`);
    const cx = W / 2;
    const cy = arenaTop + this.arena.height * 0.56;
    this.center = { x: cx, y: cy };
    this.trickEl.style.left = `${cx}px`;
    this.trickEl.style.top = `${cy}px`;
    const dz = document.getElementById("drop-zone");
    dz.style.left = `${cx}px`;
    dz.style.top = `${cy}px`;
    this.hand.setCardWidth(hand);
    this.placeSeats();
    this.trick.relayout();
  }

  placeSeats() {
    if (!this.state) return;
    const n = this.state.table.players;
    const slots = LAYOUTS[n] || LAYOUTS[4];
    const W = window.innerWidth;
    const H = this.arena.height;
    const sc = this.scoresEl.getBoundingClientRect();
    const ct = this.contractEl.getBoundingClientRect();
    // top seats share the room between the two plaques
    const tops = [];
    for (const [seat, el] of this.seatEls) {
      const k = (seat - this.state.you + n) % n;
      if (k && slots[k - 1] && slots[k - 1].side === "top") tops.push([k, el]);
    }
    tops.sort((a, b) => a[0] - b[0]);
    const L = sc.right + 8;
    const R = (ct.width ? ct.left : W - 12) - 8;
    const share = tops.length > 1 ? (R - L) / tops.length : null;
    for (const [seat, el] of this.seatEls) {
      const k = (seat - this.state.you + n) % n;
      if (k === 0) continue;
      const s = slots[k - 1];
      if (!s) continue;
      el.dataset.side = s.side;
      el.style.setProperty("--max-plaque", share ? `${Math.floor(share - 10)}px` : "230px");
      if (s.side === "top") {
        const i = tops.findIndex(([kk]) => kk === k);
        const x = share ? L + share * (i + 0.5) : W / 2;
        el.style.left = `${x}px`;
        el.style.right = "";
        el.style.top = `${this.arena.top + s.y * H}px`;
        continue;
      }
      // side seats: below the plaque on their side, above your hand
      const hgt = el.offsetHeight || 90;
      const lo = Math.max(sc.height ? sc.bottom : 0, ct.height ? ct.bottom : 0) + 12 + hgt / 2;
      const hi = this.arena.bottom - hgt / 2;
      const y = Math.max(lo, Math.min(hi, this.arena.top + s.y * H));
      el.style.top = `${y}px`;
      el.style.left = s.side === "left" ? "14px" : "";
      el.style.right = s.side === "right" ? "14px" : "";
    }
  }

  trickCenter() {
    const r = this.trickEl.getBoundingClientRect();
    return { x: r.left, y: r.top };
  }

  /** The point a seat "is" on the screen (centre of its cards, or of your hand). */
  seatPoint(seat) {
    if (!this.state) return this.center;
    if (seat === this.state.you) {
      const r = document.getElementById("hand").getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height * 0.45 };
    }
    const el = this.seatEls.get(seat);
    if (!el) return this.center;
    const box = el.querySelector(".seat-cards") || el;
    const r = box.getBoundingClientRect();
    if (!r.width) {
      const p = el.querySelector(".seat-plaque").getBoundingClientRect();
      return { x: p.left + p.width / 2, y: p.top + p.height / 2 };
    }
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }

  /** A seat's card offset from the trick centre: toward the seat, on an ellipse. */
  trickSlot(seat) {
    const c = this.center;
    const p = this.seatPoint(seat);
    const n = this.state ? this.state.table.players : 4;
    let ang = Math.atan2(p.y - c.y, p.x - c.x);
    if (this.state && seat === this.state.you) ang = Math.PI / 2;
    const w = this.sizes.trick;
    const rx = n >= 5 ? w * 1.36 : w * 1.06;
    const ry = n >= 5 ? w * 1.0 : w * 0.84;
    return { x: Math.cos(ang) * rx, y: Math.sin(ang) * ry };
  }

  /** Where a card played by a seat flies from (your hand's card, or the seat's backs). */
  origin(seat, token) {
    if (this.state && seat === this.state.you && token) {
      const r = this.hand.takeRect(token.split(":")[0]);
      if (r) return { x: r.left + r.width / 2, y: r.top + r.height / 2, scale: r.width / this.sizes.trick };
    }
    const p = this.seatPoint(seat);
    return { ...p, scale: 0.5 };
  }

  // ---------- rendering ----------

  buildSeats(state) {
    const n = state.table.players;
    const key = `${state.table.id}|${n}|${state.you}`;
    if (key === this.layoutKey) return;
    this.layoutKey = key;
    clear(this.seatsBox);
    this.seatEls.clear();
    for (let seat = 0; seat < n; seat++) {
      const k = (seat - state.you + n) % n;
      const el = h("div.seat", { dataset: { seat: String(seat), k: String(k) } },
        h("div.seat-cards"),
        h("div.seat-plaque", null,
          h("div.avatar", { "aria-hidden": "true" }),
          h("div.seat-info", null, h("div.name"), h("div.sub")),
          h("div.dealer-chip", { title: "Dealer", text: "D", hidden: true }),
          h("div.tricks-chip", { title: "Tricks won this hand" })),
        h("div.bubble", { hidden: true }),
        h("div.role-chip", { hidden: true }));
      if (k === 0) el.classList.add("me");
      this.seatsBox.appendChild(el);
      this.seatEls.set(seat, el);
    }
    this.root.dataset.players = String(n);
  }

  render(state) {
    const first = !this.state || this.state.table.id !== state.table.id;
    this.state = state;
    this.buildSeats(state);
    if (first) this.resize();
    const v = state.view;
    const t = state.table;
    const handKey = `${t.id}|${v.hand_number}`;
    this.renderSeats(state);
    this.renderScores(state);
    this.renderContract(state);
    this.placeSeats();
    this.renderLastTrick(state);
    this.trick.update(v, handKey);
    this.renderStatus(state);
    return handKey;
  }

  /** The status line; while a finished trick is still on the table it names the trick's
   * winner, and says whose turn it is once the trick is swept off. */
  renderStatus(state) {
    const v = state.view;
    const yours = v.to_move === state.you && !!v.legal.length;
    const key = ++this.statusKey;
    const winner = this.trick.pendingWinner();
    if (winner === null || this.errorShown) {
      this.setStatus(state.status, false, yours);
      return;
    }
    this.showWinner(winner);
    this.trick.idle().then(() => {
      if (this.statusKey === key && !this.errorShown) this.setStatus(state.status, false, yours);
    });
  }

  /** "West wins the trick" while that finished trick is on show (not over an error). */
  showWinner(winner) {
    const state = this.state;
    if (!state || this.errorShown) return;
    const name = winner === state.you ? "You win" : `${state.table.seats[winner].name} wins`;
    this.setStatus(`${name} the trick`, false, false);
  }

  renderSeats(state) {
    const v = state.view;
    const t = state.table;
    const n = t.players;
    const sideOf = new Map();
    t.sides.forEach((side, i) => side.forEach((s) => sideOf.set(s, i)));
    const mySide = sideOf.get(state.you);
    const lastBid = new Map();
    for (const [s, b] of v.auction) lastBid.set(s, b);
    const exposed = new Map(v.exposed.map(([s, cards]) => [s, cards]));
    const c = v.contract;
    for (let seat = 0; seat < n; seat++) {
      const el = this.seatEls.get(seat);
      const info = t.seats[seat] || { name: `Seat ${seat}` };
      const k = (seat - state.you + n) % n;
      el.querySelector(".name").textContent = info.name;
      const sub = el.querySelector(".sub");
      const thinking = t.thinking === seat;
      const out = v.sitting_out.includes(seat);
      let subText;
      if (out) subText = "sits out";
      else if (thinking) subText = "thinking";
      else if (info.kind === "human") subText = k === 0 ? "" : info.connected ? "human" : "away";
      else subText = STRENGTH[info.strength] || cap(info.strength || "bot");
      if (k === 0) subText = v.to_move === seat && v.phase !== "hand_over" && v.phase !== "game_over" ? "your turn" : subText;
      sub.textContent = subText;
      sub.classList.toggle("thinking", thinking);
      el.classList.toggle("turn", v.to_move === seat && !["hand_over", "game_over"].includes(v.phase));
      el.classList.toggle("out", out);
      el.classList.toggle("partner", sideOf.get(seat) === mySide && k !== 0 && t.sides[mySide].length > 1);
      el.classList.toggle("human", info.kind === "human");
      const nSides = t.sides.length;
      el.dataset.team = String(((sideOf.get(seat) ?? 0) - (mySide ?? 0) + nSides) % nSides);
      const av = el.querySelector(".avatar");
      av.textContent = (info.name || "?").trim().charAt(0).toUpperCase();
      el.querySelector(".dealer-chip").hidden = v.dealer !== seat;
      const tc = el.querySelector(".tricks-chip");
      const won = v.tricks_won[seat] || 0;
      tc.textContent = String(won);
      tc.hidden = !(v.phase === "play" || v.phase === "hand_over") || out;
      tc.title = `${won} trick${won === 1 ? "" : "s"} this hand`;
      // bubble: the seat's latest bid during the auction
      const bubble = el.querySelector(".bubble");
      const bid = v.phase === "auction" ? lastBid.get(seat) : null;
      clear(bubble);
      if (bid) {
        bubble.appendChild(bidNode(bid));
        bubble.classList.toggle("pass", bid === "pass");
        bubble.hidden = false;
      } else {
        bubble.hidden = true;
      }
      // role: the contract's holder and a called partner
      const role = el.querySelector(".role-chip");
      clear(role);
      if (c && c.declarer === seat && v.phase !== "auction") {
        role.appendChild(bidNode(c.bid));
        role.hidden = false;
        role.className = "role-chip declarer";
        role.title = "Declarer";
      } else if (v.partner === seat && v.call && v.call !== "alone") {
        role.append("partner");
        role.hidden = false;
        role.className = "role-chip called";
      } else {
        role.hidden = true;
      }
      if (k !== 0) this.renderSeatCards(el, v.hand_sizes[seat] || 0, exposed.get(seat), out);
      else el.querySelector(".seat-cards").hidden = true;
    }
  }

  renderSeatCards(el, count, exposedCards, out) {
    const box = el.querySelector(".seat-cards");
    box.hidden = false;
    const want = exposedCards ? `x:${exposedCards.join(",")}` : `b:${count}:${out ? 1 : 0}`;
    if (box.dataset.key === want) return;
    box.dataset.key = want;
    clear(box);
    box.classList.toggle("exposed", !!exposedCards);
    if (exposedCards) {
      exposedCards.forEach((tok) => {
        const c = h("div.card.mini-card", { dataset: { card: tok } });
        c.style.left = `calc(${box.children.length} * var(--step))`;
        c.appendChild(cardSvg(tok, { width: 60 }));
        box.appendChild(c);
      });
    } else {
      const shown = Math.min(count, 13);
      for (let i = 0; i < shown; i++) {
        const c = h("div.back-card");
        c.style.left = `calc(${i} * var(--step))`;
        c.appendChild(cardBackSvg({ width: 44 }));
        box.appendChild(c);
      }
    }
    box.style.setProperty("--count", String(exposedCards ? exposedCards.length : Math.min(count, 13)));
  }

  renderScores(state) {
    const t = state.table;
    const v = state.view;
    const el = this.scoresEl;
    clear(el);
    const mySide = t.sides.findIndex((s) => s.includes(state.you));
    el.appendChild(h("div.plaque-title", null, "Score", h("span.plaque-aside", { text: `to ${t.target}` })));
    const list = h("div.score-rows");
    t.side_names.forEach((name, i) => {
      const sc = v.scores[i] ?? 0;
      const frac = Math.max(0, Math.min(1, sc / t.target));
      const row = h("div.score-row", { class: i === mySide ? "mine" : "" },
        h("span.score-name", { text: name, title: name }),
        h("span.score-val", { text: String(sc), class: sc < 0 ? "neg" : "" }),
        h("span.score-bar", null, h("span.score-fill", { style: { width: `${(frac * 100).toFixed(1)}%` } })));
      row.dataset.side = String(i);
      const before = this.prevScores && this.prevScores.id === t.id ? this.prevScores.scores[i] : undefined;
      if (before !== undefined && before !== sc) {
        const d = sc - before;
        row.appendChild(h("span.score-delta", { class: d < 0 ? "neg" : "", text: d > 0 ? `+${d}` : String(d) }));
        row.classList.add("bump");
      }
      list.appendChild(row);
    });
    this.prevScores = { id: t.id, scores: v.scores.slice() };
    el.appendChild(list);
    el.appendChild(h("div.plaque-foot", { text: `Hand ${v.hand_number + 1} · ${t.rules_label}`, title: t.rules_label }));
  }

  renderContract(state) {
    const t = state.table;
    const v = state.view;
    const el = this.contractEl;
    clear(el);
    const name = (s) => (t.seats[s] ? t.seats[s].name : `Seat ${s}`);
    const c = v.contract;
    if (v.phase === "auction" || (!c && !v.tricks.length && !v.trick.length && v.phase !== "hand_over")) {
      el.dataset.mode = "auction";
      el.appendChild(h("div.plaque-title", null, "Bidding",
        h("span.plaque-aside", { text: `${name((v.dealer + 1) % t.players)} first` })));
      const list = h("div.auction-list");
      const items = v.auction.slice(-12);
      if (!items.length) list.appendChild(h("div.muted.small", { text: "No bids yet" }));
      for (const [s, b] of items) {
        list.appendChild(h("div.auction-item", { class: b === "pass" ? "pass" : "" },
          h("span.auction-name", { text: name(s) }), bidNode(b)));
      }
      el.appendChild(list);
      const high = [...v.auction].reverse().find(([, b]) => b !== "pass");
      if (high) {
        el.appendChild(h("div.plaque-foot", null, "Highest: ", bidNode(high[1]), ` · ${name(high[0])}`));
      }
      return;
    }
    el.dataset.mode = "contract";
    if (!c) {
      const noTrumps = v.phase === "play" || v.tricks.length > 0 || (state.sheet && state.sheet.kind === "all_pass_no_trumps");
      el.appendChild(h("div.plaque-title", { text: "No bid" }));
      if (noTrumps) {
        el.appendChild(h("div.contract-main", { text: "No trumps, 10 a trick" }));
        el.appendChild(this.sideTricks(state, null));
      } else {
        el.appendChild(h("div.contract-main", { text: "Everyone passed" }));
        el.appendChild(h("div.contract-call", { text: "The next dealer deals again" }));
      }
      return;
    }
    el.appendChild(h("div.plaque-title", null, "Contract",
      h("span.plaque-aside", { text: `${c.value} pts` })));
    el.appendChild(h("div.contract-main", null, h("span.contract-bid", null, bidNode(c.bid)),
      h("span.contract-by", { text: `by ${name(c.declarer)}` })));
    if (v.call === "alone") {
      el.appendChild(h("div.contract-call", { text: "Playing alone" }));
    } else if (v.call) {
      const card = v.call.startsWith("call ") ? v.call.slice(5) : v.call;
      el.appendChild(h("div.contract-call", null, "Called ", cardNode(card),
        v.partner !== null && v.partner !== undefined ? ` · ${name(v.partner)}` : ""));
    } else if (t.players === 5 && v.phase !== "kitty" && v.phase !== "call" && !c.misere) {
      el.appendChild(h("div.contract-call", { text: "Playing alone" }));
    }
    el.appendChild(this.sideTricks(state, c));
  }

  /** Tricks this hand: the declaring side against the rest. */
  sideTricks(state, c) {
    const v = state.view;
    const t = state.table;
    const box = h("div.side-tricks");
    if (!c) {
      t.side_names.forEach((nm, i) => {
        const n = t.sides[i].reduce((a, s) => a + (v.tricks_won[s] || 0), 0);
        box.appendChild(h("div.st-row", null, h("span", { text: nm }), h("b", { text: String(n) })));
      });
      return box;
    }
    const decl = new Set([c.declarer]);
    const side = t.sides.find((s) => s.includes(c.declarer)) || [c.declarer];
    side.forEach((s) => decl.add(s));
    if (v.partner !== null && v.partner !== undefined) decl.add(v.partner);
    let mine = 0;
    let theirs = 0;
    v.tricks_won.forEach((n, s) => { if (decl.has(s)) mine += n; else theirs += n; });
    const need = c.misere ? "take none" : `need ${c.tricks}`;
    const youDecl = decl.has(state.you);
    box.appendChild(h("div.st-row", { class: youDecl ? "mine" : "" },
      h("span", { text: `Declarers (${need})` }), h("b", { text: String(mine) })));
    box.appendChild(h("div.st-row", { class: youDecl ? "" : "mine" },
      h("span", { text: "Defenders" }), h("b", { text: String(theirs) })));
    return box;
  }

  /** The "last trick" button and its popover (the previous complete trick of this hand). */
  renderLastTrick(state) {
    const v = state.view;
    const btn = document.getElementById("last-trick-button");
    const pop = document.getElementById("last-trick");
    const last = v.tricks.length ? v.tricks[v.tricks.length - 1] : null;
    btn.disabled = !last || !["play", "hand_over"].includes(v.phase);
    const key = last ? `${state.table.id}|${v.hand_number}|${v.tricks.length}` : "";
    if (pop.dataset.key !== key) {
      pop.dataset.key = key;
      pop.hidden = true;
      btn.classList.remove("on");
    }
    if (!last) return;
    clear(pop);
    const t = state.table;
    pop.appendChild(h("div.popover-title", { text: `Trick ${v.tricks.length}` }));
    const row = h("div.last-trick-row");
    for (const [seat, tok] of last.plays) {
      const c = h("div.card.mini-card", { dataset: { card: tok, seat: String(seat) } });
      c.appendChild(cardSvg(tok, { width: 60 }));
      row.appendChild(h("div.lt-play", { class: seat === last.winner ? "winner" : "" }, c,
        h("div.lt-name", { text: t.seats[seat] ? t.seats[seat].name : `Seat ${seat}` })));
    }
    pop.appendChild(row);
    const wn = t.seats[last.winner] ? t.seats[last.winner].name : "";
    pop.appendChild(h("div.popover-foot", { text: `${wn} won it` }));
  }

  toggleLastTrick(force = null) {
    const btn = document.getElementById("last-trick-button");
    const pop = document.getElementById("last-trick");
    const open = force === null ? pop.hidden : force;
    if (open && btn.disabled) return;
    pop.hidden = !open;
    btn.classList.toggle("on", open);
  }

  setStatus(text, isError = false, yours = false) {
    const el = this.statusEl;
    el.textContent = text || "";
    el.classList.toggle("error", !!isError);
    el.classList.toggle("yours", !isError && yours);
    el.hidden = !text;
    this.errorShown = !!isError;
  }

  showError(message) {
    this.setStatus(message, true);
    const el = this.statusEl;
    el.classList.remove("pop");
    void el.offsetWidth;
    el.classList.add("pop");
  }
}
