// The table: seats around a felt (you at the bottom, clockwise: k=1 on your left), laid out
// round the scores and contract plaques (drawn by plaques.js), the status line, the last
// trick, your hand (hand.js) and the trick (trick.js).

import { cardSvg, cardBackSvg, namedSuitChip, trumpSuit } from "./cards.js";
import { HandView } from "./hand.js";
import { TrickView, playLabel } from "./trick.js";
import { h, clear, bidNode, cap, shortNames, seatNames, nameNode, readable } from "./util.js";
import { ScoresPlaque, ContractPlaque } from "./plaques.js";
import { geometry } from "./table-geometry.js";
import { say } from "./announce.js";
import { STRENGTH_WORDS } from "./stats.js";

/** A seat's plaque as a reader hears it, the name of the seat's group: "West, Easy, 10 cards,
 *  0 tricks", "You, your turn, dealer, 2 tricks" (``cards`` null: none face down to count; its
 *  bid and role, its chips, are read after it, each saying what it is). */
export function seatWords({ name, sub, dealer, cards, tricks }) {
  const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
  return [name, sub, dealer ? "dealer" : null,
    cards === null ? null : plural(cards, "card"),
    tricks === null ? null : plural(tricks, "trick")].filter(Boolean).join(", ");
}

export class TableView {
  constructor({ onCard, onDropCard, canDropPlay, onGathered, onPlayed }) {
    this.root = document.getElementById("table");
    this.seatsBox = document.getElementById("seats");
    this.statusEl = document.getElementById("status");
    this.scoresEl = document.getElementById("scores");
    this.contractEl = document.getElementById("contract");
    this.trickEl = document.getElementById("trick");
    this.scoresPlaque = new ScoresPlaque(this.scoresEl);
    this.contractPlaque = new ContractPlaque(this.contractEl);
    this.seatEls = new Map();
    this.layoutKey = null;
    this.state = null;
    this.errorShown = false;
    this.lastTrickWords = "";  // the last trick in words, said as its popover opens
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
      // for a screen reader one group, named by its plaque in words (renderSeats: "West, Easy,
      // 10 cards, 0 tricks"), its bid and role after it: its cards' count came before its
      // name, as if the seat before's
      const el = h("div.seat", { dataset: { seat: String(seat), k: String(k) }, role: "group" },
        h("div.seat-cards"),
        h("div.seat-plaque", { "aria-hidden": "true" },
          h("div.avatar", { "aria-hidden": "true" }),
          h("div.seat-info", null, h("div.name"), h("div.sub")),
          h("div.dealer-chip", { title: "Dealer", hidden: true },
            h("span", { "aria-hidden": "true", text: "D" }), h("span.sr-only", { text: "dealer" })),
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
    this.trick.speed = t.speed_factor || 1;
    this.renderSeats(state);
    this.scoresPlaque.render(state);
    this.contractPlaque.render(state);
    this.placeSeats();
    this.placeCentre();
    // each seat's name as a card played says it, "You" for yours
    const names = t.seats.map((x, seat) => (seat === state.you ? "You" : (x ? x.name : `Seat ${seat}`)));
    this.renderLastTrick(state, names);
    this.trick.update(v, handKey, names);
    this.renderStatus(state);
    this.placeBar();
    return handKey;
  }

  /** The status line; while a finished trick is still on the table it names the trick's
   * winner, and says whose turn it is once the trick is swept off (not once the next trick's
   * cards have flown in too: it named the last winner over them, at your turn). Where states
   * have come in faster than the tricks are shown, each trick swept off gives way to the next
   * finished one's winner, the turn coming after the last. */
  renderStatus(state) {
    const v = state.view;
    const yours = v.to_move === state.you && !!v.legal.length;
    const key = ++this.statusKey;
    const winner = this.trick.pendingWinner();
    if (winner === null || this.errorShown) {
      this.setStatus(state.status, false, yours);
      return;
    }
    const swept = () => {
      if (this.statusKey !== key || this.errorShown) return;
      const next = this.trick.pendingWinner();
      if (next === null) {
        this.setStatus(state.status, false, yours);
        return;
      }
      this.showWinner(next);
      this.trick.swept().then(swept);
    };
    this.showWinner(winner);
    this.trick.swept().then(swept);
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
    const shorts = shortNames(t.seats.map((x) => x.name));
    for (let seat = 0; seat < n; seat++) {
      const el = this.seatEls.get(seat);
      const info = t.seats[seat] || { name: `Seat ${seat}` };
      const k = (seat - state.you + n) % n;
      // (the whole name; placeSeats puts the short one where the plaque has no room for it)
      el.dataset.fullName = info.name;
      el.dataset.shortName = shorts[seat];
      const nm = el.querySelector(".name");
      nm.replaceChildren(nameNode(info.name));
      nm.removeAttribute("title");
      nm.classList.remove("short", "none");
      const sub = el.querySelector(".sub");
      const thinking = t.thinking === seat;
      const out = v.sitting_out.includes(seat);
      let subText;
      if (out) subText = "sits out";
      else if (thinking) subText = "thinking";
      else if (info.kind === "human") subText = k === 0 ? "" : info.connected ? "human" : "away";
      else subText = STRENGTH_WORDS[info.strength] || cap(info.strength || "bot");
      // a friend who has left: his seat says so on a phone too, where the line under a name
      // is hidden (only the desk's showed "away": a phone read just "Bob to play")
      const away = subText === "away";
      el.classList.toggle("away", away);
      sub.classList.toggle("away", away);
      // your own hand spread for the others (open misère): your plate says so, as the
      // others' spread cards say it of theirs
      const faceUp = k === 0 && exposed.has(seat) && v.phase === "play";
      if (faceUp) subText = "hand face up";
      if (k === 0) subText = v.to_move === seat && v.phase !== "hand_over" && v.phase !== "game_over" ? "your turn" : subText;
      el.classList.toggle("face-up", faceUp);
      sub.textContent = subText;
      sub.classList.toggle("thinking", thinking);
      el.classList.toggle("turn", v.to_move === seat && !["hand_over", "game_over"].includes(v.phase));
      el.classList.toggle("out", out);
      el.classList.toggle("partner", sideOf.get(seat) === mySide && k !== 0 && t.sides[mySide].length > 1);
      el.classList.toggle("human", info.kind === "human");
      const nSides = t.sides.length;
      el.dataset.team = String(((sideOf.get(seat) ?? 0) - (mySide ?? 0) + nSides) % nSides);
      const av = el.querySelector(".avatar");
      av.textContent = shorts[seat];
      el.querySelector(".dealer-chip").hidden = v.dealer !== seat;
      const tc = el.querySelector(".tricks-chip");
      const won = v.tricks_won[seat] || 0;
      tc.replaceChildren(String(won), h("span.sr-only", { text: ` trick${won === 1 ? "" : "s"}` }));
      tc.hidden = !(v.phase === "play" || v.phase === "hand_over") || out;
      tc.title = `${won} trick${won === 1 ? "" : "s"} this hand`;
      // bubble: the seat's latest bid during the auction
      const bubble = el.querySelector(".bubble");
      const bid = v.phase === "auction" ? lastBid.get(seat) : null;
      clear(bubble);
      if (bid) {
        // ("bid 7 clubs" to a reader: "7 clubs" alone did not say it was a bid)
        if (bid !== "pass") bubble.appendChild(h("span.sr-only", { text: "bid " }));
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
        // ("declarer, 7 clubs" to a reader: the title, "Declarer", is not read)
        role.append(h("span.sr-only", { text: "declarer, " }), bidNode(c.bid));
        if (faceUp) role.append(h("span.face-up-tag", { text: " · face up" }));
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
      el.setAttribute("aria-label", seatWords({
        name: info.name, sub: subText, dealer: v.dealer === seat,
        cards: k === 0 || out || exposed.has(seat) ? null : v.hand_sizes[seat] || 0,
        tricks: tc.hidden ? null : won,
      }));
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
    // (a spread's size and rows are placeSeats' to set: fitSpread; a hand of backs has none)
    box.classList.remove("tucked");
    for (const p of ["width", "height", "--exposed-w"]) box.style.removeProperty(p);
    delete box.dataset.rows;
    // for a screen reader: a hand face down is its count, said in the seat's name after the
    // seat's (renderSeats), not a row of backs; a hand spread face up its cards
    if (exposedCards) {
      box.removeAttribute("aria-hidden");
      box.setAttribute("role", "group");
      box.setAttribute("aria-label", "cards spread face up");
    } else {
      for (const a of ["role", "aria-label"]) box.removeAttribute(a);
      box.setAttribute("aria-hidden", "true");
    }
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
        const c = h("div.back-card", { "aria-hidden": "true" });
        c.style.left = `calc(${i} * var(--step))`;
        c.appendChild(cardBackSvg({ width: 44 }));
        box.appendChild(c);
      }
    }
    box.style.setProperty("--count", String(exposedCards ? exposedCards.length : Math.min(count, 13)));
  }

  /** The "last trick" button and its popover (the previous complete trick of this hand).
   *  Each play is one image named as the trick's cards are ("East: jack of diamonds, the left
   *  bower"): its card and name apart were read card before name, each card with the wrong
   *  seat, and a bower was not named so. */
  renderLastTrick(state, names) {
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
      btn.setAttribute("aria-expanded", "false");
    }
    this.lastTrickWords = "";
    if (!last) return;
    clear(pop);
    const t = state.table;
    const trumps = trumpSuit(v.contract);
    pop.appendChild(h("div.popover-title", { text: `Trick ${v.tricks.length}` }));
    const row = h("div.last-trick-row");
    const labels = [];
    for (const [seat, tok] of last.plays) {
      const label = playLabel(names[seat], tok, trumps);
      labels.push(label);
      const c = h("div.card.mini-card", { dataset: { card: tok, seat: String(seat) }, "aria-hidden": "true" });
      c.appendChild(cardSvg(tok, { width: 60 }));
      const chip = namedSuitChip(tok);        // a led joker's suit, to follow
      if (chip) c.appendChild(chip);
      row.appendChild(h("div.lt-play", { class: seat === last.winner ? "winner" : "", role: "img", "aria-label": label }, c,
        h("div.lt-name", { "aria-hidden": "true" }, nameNode(t.seats[seat] ? t.seats[seat].name : `Seat ${seat}`))));
    }
    pop.appendChild(row);
    const wn = t.seats[last.winner] ? t.seats[last.winner].name : "";
    pop.appendChild(h("div.popover-foot", null, nameNode(wn), " won it"));
    // said as it opens (only the button's aria-expanded changed: nothing told it had come)
    this.lastTrickWords = `Trick ${v.tricks.length}: ${labels.join("; ")}; ${names[last.winner]} won it.`;
  }

  toggleLastTrick(force = null) {
    const btn = document.getElementById("last-trick-button");
    const pop = document.getElementById("last-trick");
    const open = force === null ? pop.hidden : force;
    if (open && btn.disabled) return;
    const opening = open && pop.hidden;
    pop.hidden = !open;
    btn.classList.toggle("on", open);
    btn.setAttribute("aria-expanded", String(open));
    this.placeLastTrick();
    if (opening && this.lastTrickWords) say(this.lastTrickWords);
  }

  setStatus(text, isError = false, yours = false) {
    const el = this.statusEl;
    // (its symbols shown, named in words for a screen reader: "follow to the A♥" was read
    // "follow to the A")
    el.replaceChildren(...readable(text || "", this.state ? seatNames(this.state) : []));
    el.classList.toggle("error", !!isError);
    el.classList.toggle("yours", !isError && yours);
    el.hidden = !text;
    this.errorShown = !!isError;
  }

  /** A refusal in the status line, said too (the line is not a live region: announce.js). */
  showError(message) {
    this.setStatus(message, true);
    say(message);
    const el = this.statusEl;
    el.classList.remove("pop");
    void el.offsetWidth;
    el.classList.add("pop");
  }
}

// the geometry (table-geometry.js): resize, placing the seats, the bar, the trick
Object.assign(TableView.prototype, geometry);
