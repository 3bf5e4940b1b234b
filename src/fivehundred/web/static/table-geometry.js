// The table's geometry: where the seats, the plaques, the bar above your hand and the trick
// go for the window (a phone upright, a phone on its side, a desk), and where each card
// flies from and to. TableView (table.js) takes these methods as its own: `this` is the
// table, its sizes (this.sizes) and its seats' elements (this.seatEls).

import { GAP, box, shownBoxes, seatBoxes, largestFree, trickArea } from "./fit.js";
import { nameNode } from "./util.js";

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

/** Upright, the height a seat's bid bubble (or its role) takes below its plaque, a gap
 * included (phone-table.css: 6 px down, 13 px type with 3 px padding). */
const BUBBLE_ROOM = 30;
/** A phone on its side at most this wide (CSS px): the side seats' bids hang below their
 * plaques (phone-table.css), as upright, not beside them, where the bid panel needs the room. */
const NARROW_SIDEWAYS = 700;
/** At a desk, the height a top seat's bid bubble takes below its plaque (16 px type). */
const DESK_BUBBLE_ROOM = 44;
/** At a desk, the least width of a top seat's room: a plaque of 180 px ("North-West", its
 * avatar and its tricks) and its gap. */
const TOP_SEAT_MIN = 188;
/** A trick squeezed under the seats (at a desk, or on a phone below a hand spread face up):
 * how much of a card (over its width) shows above one below it that covers it (its corner:
 * its rank and suit), and the least card's width. */
const TRICK_CORNER = 0.42;
const TRICK_W_MIN = 36;
/** A hand spread face up (open misère): the least width of its cards, at which a card's corner
 * reads (its rank in 11.4 px type, its suit 6.9 px: cards.js draws the corner 0.22 and 0.13
 * of the card's width); how much of a card (over its width) shows beside the one laid over it,
 * at least and at most (the corner spans 0.23 of the width); how much (over its height) of a
 * row shows above the row laid over it (the corner reaches 0.32 of the height down). */
const SPREAD_MIN = 52;
const SPREAD_STEP = 0.25;
const SPREAD_STEP_MAX = 0.36;
const SPREAD_ROW = 0.34;
/** The most rows of a spread hand, and its cards' least width where two rows of readable ones
 * find no room. */
const SPREAD_ROWS = 2;
const SPREAD_W_LEAST = 30;

/** A desk window taller than wide (a tablet upright): the height of the bar above your hand's
 * left end that holds your badge (its plaque, 46 px, and a gap), the status line above it. */
const UPRIGHT_BAR = 52;
/** ...and the gap between your hand and the corner's buttons beside it. */
const UPRIGHT_HAND_GAP = 8;

/** The layout for the window: "portrait" (a phone upright), "landscape" (a short window:
 * a phone on its side) or "desk". */
export function layoutFor(W, H) {
  if (W <= 720 && H >= W) return "portrait";
  if (H <= 520) return "landscape";
  return "desk";
}

/** The methods TableView takes (Object.assign onto its prototype). */
export const geometry = {
  resize() {
    const W = window.innerWidth;
    const H = window.innerHeight;
    const mode = layoutFor(W, H);
    this.mode = mode;
    document.body.dataset.layout = mode;
    // a desk window taller than wide (a tablet upright): the hand from the left edge to the
    // corner's buttons, your badge on a bar above it (seats.css), and cards as large as a
    // phone's (between your badge and the buttons, thirteen cards had 27 px each to tap)
    const upright = mode === "desk" && H > W;
    document.body.toggleAttribute("data-upright", upright);
    let hand;
    let trick;
    if (mode === "portrait") {
      hand = Math.round(Math.max(54, Math.min(84, W * 0.2, H * 0.1)));
      trick = Math.round(Math.max(44, Math.min(62, W * 0.145)));
    } else if (mode === "landscape") {
      hand = Math.round(Math.max(44, Math.min(60, H * 0.14)));
      trick = Math.round(Math.max(36, Math.min(50, H * 0.115)));
    } else {
      hand = Math.round(Math.max(58, Math.min(118, W * 0.078, H * 0.135)));
      trick = Math.round(Math.max(50, Math.min(96, hand * 0.84)));
    }
    const phone = mode !== "desk";
    const back = Math.round(phone ? Math.max(18, Math.min(24, hand * 0.34)) : Math.max(26, Math.min(44, hand * 0.42)));
    const exposed = Math.round(phone ? Math.max(28, Math.min(40, hand * 0.55)) : Math.max(40, Math.min(66, hand * 0.62)));
    // (a seat's hand spread face up: as wide as its corners read, at the least; the Last
    // trick's cards keep `exposed`)
    const spread = Math.max(SPREAD_MIN, phone ? Math.min(60, Math.round(hand * 0.74)) : exposed);
    // (upright, your cards as a phone's: the table's, sized by the desk's, as before)
    const deskRegion = hand * 1.4 + 50;
    if (upright) hand = Math.max(hand, Math.round(Math.min(84, W * 0.2, H * 0.1)));
    this.sizes = { hand, trick, back, exposed, spread };
    this.trickBase = trick; // (placeCentre may draw the trick smaller where the seats leave little room)
    this.trickSpread = null;
    const st = document.documentElement.style;
    st.setProperty("--hand-w", `${hand}px`);
    st.setProperty("--trick-w", `${trick}px`);
    st.setProperty("--back-w", `${back}px`);
    st.setProperty("--exposed-w", `${exposed}px`);
    // the hand's region at the bottom; on a phone a bar above it holds your badge, the Last
    // trick and Hint buttons (and, on its side, the status line); upright, the status line
    // sits above that bar
    const handRegion = phone ? Math.round(hand * 1.4 + 34) : hand * 1.4 + 50;
    const barH = phone ? 40 : upright ? UPRIGHT_BAR : 0;
    const statusH = phone && mode === "portrait" ? 40 : mode === "landscape" ? 0 : 44;
    const arenaTop = 14;
    const arenaBottom = H - handRegion - barH - statusH - 6;
    this.arena = { top: arenaTop, bottom: arenaBottom, height: arenaBottom - arenaTop };
    // (upright, the panels of your turn and the felt, which panels.css and style.css place by
    // it, where a desk's hand leaves them: the bar and the larger cards take the empty felt
    // below them, and the panels kept clear of the seats above)
    st.setProperty("--arena-bottom", `${upright ? Math.round(H - deskRegion - statusH - 6) : arenaBottom}px`);
    st.setProperty("--hand-region", `${handRegion}px`);
    st.setProperty("--bar-bottom", `${handRegion + 2}px`);
    st.setProperty("--status-bottom", `${handRegion + (mode === "portrait" ? barH + 2 : 4)}px`);
    st.setProperty("--desk-status-bottom", `${handRegion + 10 + (phone ? 0 : barH)}px`);
    const tools = document.getElementById("corner-tools");
    if (upright && tools.offsetWidth) {
      const right = window.innerWidth - tools.getBoundingClientRect().left + UPRIGHT_HAND_GAP;
      st.setProperty("--hand-right", `${Math.round(right)}px`);
    } else {
      st.removeProperty("--hand-right");
    }
    this.hand.setCardWidth(hand);
    this.placeSeats();
    this.placeCentre();
    this.placeBar();
    this.placeLastTrick();
  },

  /** On a phone on its side: the room of the status line on the bar, between your badge (with
   * its bid or role beside it) and the bar's buttons (measured by their width: the hint may
   * have moved them left along the bar). */
  placeBar() {
    const st = document.documentElement.style;
    if (this.mode !== "landscape") {
      st.removeProperty("--status-left");
      st.removeProperty("--status-right");
      return;
    }
    let left = 190;
    const me = this.state ? this.seatEls.get(this.state.you) : null;
    if (me) {
      const rights = [...me.querySelectorAll(".seat-plaque, .bubble, .role-chip")]
        .filter((e) => !e.hidden).map((e) => e.getBoundingClientRect()).filter((r) => r.width).map((r) => r.right);
      if (rights.length) left = Math.max(...rights) + 8;
    }
    const tools = document.getElementById("corner-tools");
    const right = tools.offsetWidth ? tools.offsetWidth + 6 + 8 : 190;
    st.setProperty("--status-left", `${Math.round(left)}px`);
    st.setProperty("--status-right", `${Math.round(right)}px`);
  },

  /** The trick's centre and the panels' middle: in the room the seats and plaques leave free
   * (the seats are measured from where placeSeats put them, not from the screen, where they
   * may still be moving there). */
  placeCentre() {
    const W = window.innerWidth;
    const boxes = this.seatBoxes || new Map();
    const plaquesBottom = this.plaquesBottom || 0;
    let topSeats = this.arena.top;
    let allSeats = this.arena.top;
    for (const [seat, b] of boxes) {
      if (this.state && seat === this.state.you) continue;
      allSeats = Math.max(allSeats, b.bottom + 4);
      if (b.side === "top") topSeats = Math.max(topSeats, b.bottom + 4);
    }
    const bottom = this.arena.bottom;
    const cx = W / 2;
    let cy;
    let panelMid;
    // (on a phone the trick is drawn closer, or smaller, where the seats leave it too little
    // room below them: a hand spread face up in two rows on top)
    if (this.mode === "portrait") {
      const top = Math.max(allSeats, plaquesBottom + 4);
      panelMid = top + Math.max(40, bottom - top) * 0.5;
      cy = this.placeTrick(cx, panelMid);
    } else if (this.mode === "landscape") {
      // the trick is narrow: it may reach up between the plaques; a panel is wide: below them
      cy = this.placeTrick(cx, topSeats + Math.max(40, bottom - topSeats) * 0.5);
      panelMid = Math.max(plaquesBottom + 4, topSeats) + Math.max(40, bottom - Math.max(plaquesBottom + 4, topSeats)) * 0.5;
    } else {
      cy = this.placeTrick(cx);
      panelMid = null;
    }
    this.center = { x: cx, y: cy };
    const st = document.documentElement.style;
    if (panelMid === null) st.removeProperty("--panel-mid");
    else st.setProperty("--panel-mid", `${panelMid}px`);
    // the hint keeps clear of the trick: beside it on a phone on its side, below it upright
    // (it is asked for at your turn, when your own card is not on the table)
    const n = this.state ? this.state.table.players : 4;
    const w = this.sizes.trick;
    let right = w / 2;
    let low = w * 0.7;
    let left = -w / 2;
    let high = -w * 0.7;
    for (let seat = 0; seat < n; seat++) {
      if (this.state && seat === this.state.you) continue;
      const s = this.trickSlot(seat);
      right = Math.max(right, s.x + w / 2);
      low = Math.max(low, s.y + w * 0.7);
      left = Math.min(left, s.x - w / 2);
      high = Math.min(high, s.y - w * 0.7);
    }
    st.setProperty("--trick-right", `${Math.round(cx + right + 10)}px`);
    st.setProperty("--trick-bottom", `${Math.round(cy + low + 10)}px`);
    // (and the whole of the trick's room, which the hint keeps clear of on a phone)
    st.setProperty("--trick-left", `${Math.round(cx + left - 10)}px`);
    st.setProperty("--trick-top", `${Math.round(cy + high - 10)}px`);
    this.trickEl.style.left = `${cx}px`;
    this.trickEl.style.top = `${cy}px`;
    const dz = document.getElementById("drop-zone");
    dz.style.left = `${cx}px`;
    dz.style.top = `${cy}px`;
    // (a trick squeezed under the seats on top: the ring round it no higher than it)
    dz.style.height = this.trickSpread
      ? `${Math.round(Math.min(2.9, 2 * this.trickSpread + 1.4) * this.sizes.trick)}px` : "";
    this.trick.relayout();
  },

  /** The trick's centre's height. At a desk: a little below the arena's middle where the seats
   * on top leave the room, else below them (their plaques, cards and a declarer's chip; in a
   * row of their own below the plaques, below the whole row) and above the status line and
   * your hand, the trick's spread (and then its cards) shrunk to fit there: sets
   * this.sizes.trick, --trick-w and this.trickSpread. On a phone, likewise, at `phoneY` where
   * the trick fits there as it is, below every seat upright, below the seats on top on its
   * side (a hand spread face up in two rows there left it no room: its cards lay over the
   * seats). */
  placeTrick(cx, phoneY = null) {
    const n = this.state ? this.state.table.players : 4;
    const base = this.trickBase || this.sizes.trick;
    const phone = phoneY !== null;
    const preferred = phone ? phoneY : this.arena.top + this.arena.height * 0.56;
    const bottom = this.arena.bottom;
    const gap = 4;
    const obstacles = [];
    if (this.state && this.seatBoxes) {
      for (const [seat, b] of this.seatBoxes) {
        if (seat === this.state.you || (b.side !== "top" && this.mode !== "portrait")) continue;
        const under = Math.max(b.bottom, b.under);
        obstacles.push(this.topRow ? { left: -Infinity, right: Infinity, bottom: under }
          : { left: b.left, right: b.right, bottom: under });
      }
    }
    for (const el of [this.scoresEl, this.contractEl]) {
      const r = el.getBoundingClientRect();
      if (r.width) obstacles.push({ left: r.left, right: r.right, bottom: r.bottom });
    }
    const sins = [];
    const coss = [];
    for (let k = 0; k < n; k++) {
      const ang = Math.PI / 2 + (k * 2 * Math.PI) / n;
      sins.push(Math.sin(ang));
      coss.push(Math.cos(ang));
    }
    const spread0 = n >= 5 ? (this.mode === "landscape" ? 1.0 : 1.32) : 0.84;
    const across = n >= 5 ? 1.55 : 1.06;
    // the least spread: two cards side by side less than a card apart, one above the other,
    // the upper one's corner in sight
    let spreadMin = 0.2;
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const up = Math.abs(sins[i] - sins[j]);
        if (Math.abs(coss[i] - coss[j]) * across < 1 && up > 0.01) spreadMin = Math.max(spreadMin, TRICK_CORNER / up);
      }
    }
    // the highest and the lowest centre the trick may take with cards of width w spread f:
    // a card (tilted up to 4.5 degrees: 0.74 w either way of its centre upright, 0.56 w
    // across) below each seat or plaque above it
    const bounds = (w, f) => {
      const rx = w * across;
      let lo = this.arena.top;
      for (let k = 0; k < n; k++) {
        const x = cx + coss[k] * rx;
        const top = sins[k] * f * w - 0.74 * w;
        for (const o of obstacles) {
          if (o.right + gap > x - 0.56 * w && o.left - gap < x + 0.56 * w) lo = Math.max(lo, o.bottom + gap - top);
        }
      }
      return { lo, hi: bottom - (Math.max(...sins) * f * w + 0.74 * w) };
    };
    let w = base;
    let f = spread0;
    let b = bounds(w, f);
    for (; b.lo > b.hi && f > spreadMin; b = bounds(w, f)) f = Math.max(spreadMin, f - 0.02);
    for (; b.lo > b.hi && w > TRICK_W_MIN; b = bounds(w, f)) w = Math.max(TRICK_W_MIN, w - 1);
    if (w !== this.sizes.trick) {
      this.sizes.trick = w;
      document.documentElement.style.setProperty("--trick-w", `${w}px`);
    }
    this.trickSpread = f === spread0 ? null : f;
    if (b.lo > b.hi) return (b.lo + b.hi) / 2; // (no room: as little over the seats as may be)
    if (phone) return Math.max(b.lo, Math.min(preferred, b.hi));
    return preferred < b.lo ? (b.lo + b.hi) / 2 : Math.min(preferred, b.hi);
  },

  placeSeats() {
    if (!this.state) return;
    const n = this.state.table.players;
    const slots = LAYOUTS[n] || LAYOUTS[4];
    const W = window.innerWidth;
    const H = this.arena.height;
    const sc = this.scoresEl.getBoundingClientRect();
    const ct = this.contractEl.getBoundingClientRect();
    const plaquesBottom = Math.max(sc.height ? sc.bottom : 0, ct.height ? ct.bottom : 0);
    const upright = this.mode === "portrait";
    // top seats share the room between the two plaques (upright: the whole width, below them)
    const tops = [];
    const sides = [];
    for (const [seat, el] of this.seatEls) {
      const k = (seat - this.state.you + n) % n;
      if (!k || !slots[k - 1]) continue;
      (slots[k - 1].side === "top" ? tops : sides).push([k, el]);
    }
    tops.sort((a, b) => a[0] - b[0]);
    // upright with at most one seat on top, the side seats share its row
    const oneRow = upright && tops.length <= 1;
    // a window too narrow for the top seats between the plaques (a tablet upright, five- or
    // six-handed): they take a row of their own below the plaques, across the whole width
    // (each needs room for a hand of 13 backs with their margins, and for a plaque with a
    // whole name, its strength and its tricks)
    const between = (ct.width ? ct.left : W - 12) - 8 - (sc.right + 8);
    const below = this.mode === "desk" && tops.length > 1
      && between / tops.length < Math.max(this.sizes.back * (1 + 12 * 0.24) + 20, TOP_SEAT_MIN);
    const L = upright || below ? 4 : sc.right + 8;
    const R = upright || below ? W - 4 : (ct.width ? ct.left : W - 12) - 8;
    const share = upright || below ? (R - L) / (oneRow ? 3 : Math.max(1, tops.length))
      : tops.length > 1 ? (R - L) / tops.length : null;
    let topRowBottom = plaquesBottom;
    this.plaquesBottom = plaquesBottom;
    this.topRow = below;
    this.seatBoxes = new Map();
    for (const [seat, el] of this.seatEls) {
      const k = (seat - this.state.you + n) % n;
      if (k === 0) continue;
      const s = slots[k - 1];
      if (!s) continue;
      el.dataset.side = s.side;
      const sideMax = upright ? Math.floor((W - 8) / (oneRow ? 3 : 2.6)) : this.mode === "landscape" ? 170 : 230;
      el.style.setProperty("--max-plaque", s.side === "top" && share ? `${Math.floor(share - 8)}px`
        : s.side === "top" ? "230px" : `${sideMax}px`);
      this.fitName(el);
      if (s.side === "top") {
        // a hand spread face up: in the seat's room across (its share of the row, or all of
        // it), each card's corner in sight; on a phone on its side the room below is the
        // trick's: there the cards show only their corners
        this.fitSpread(el, (share && !(upright && oneRow && !sides.length) ? share : R - L) - 8,
          this.mode === "landscape" ? 0 : Infinity);
        const i = tops.findIndex(([kk]) => kk === k);
        const x = share ? L + share * (i + (oneRow ? 1 : 0) + 0.5) : W / 2;
        el.style.left = `${x}px`;
        el.style.right = "";
        const y = upright || below ? plaquesBottom + 6 : this.arena.top + s.y * H;
        el.style.top = `${y}px`;
        const bottom = y + (el.offsetHeight || 60);
        topRowBottom = Math.max(topRowBottom, bottom);
        // (what the trick keeps clear of at a desk: the seat across, and a declarer's chip)
        const half = (el.offsetWidth || 160) / 2;
        const role = el.querySelector(".role-chip");
        const chip = role && !role.hidden ? 6 + (role.offsetHeight || 20) : 0;
        this.seatBoxes.set(seat, { side: "top", top: y, bottom, left: x - half, right: x + half, under: bottom + chip });
      }
    }
    // upright each seat's bid hangs below its plaque (BUBBLE_ROOM): a second row leaves the
    // top row's room, and what lies below keeps clear of the second row's
    const bubbleRoom = upright && !oneRow ? BUBBLE_ROOM : 0;
    if (bubbleRoom) for (const b of this.seatBoxes.values()) b.bottom += bubbleRoom;
    let rightBottom = 0;
    for (const [k, el] of sides) {
      const s = slots[k - 1];
      // a side's hand spread face up: upright, in its share of the row (half the width beside
      // a seat on the other side); else in a side's room, and where it is short (a phone on
      // its side) showing only its cards' corners
      const lo = (below ? topRowBottom + DESK_BUBBLE_ROOM : plaquesBottom) + (this.mode === "landscape" ? 6 : 12);
      this.fitSpread(el, upright ? (oneRow && tops.length ? share : (W - 8) / 2) - 8 : Math.max(
        Number.parseFloat(el.style.getPropertyValue("--max-plaque")), W * 0.3 - 16),
      upright ? Infinity : this.arena.bottom - lo);
      const hgt = el.offsetHeight || 90;
      let y;
      if (upright) {
        // a row of their own below the top seats (or beside the one top seat)
        y = (oneRow ? plaquesBottom + 6 : topRowBottom + bubbleRoom + 6) + hgt / 2;
      } else {
        // below the plaque on their side (and the top row and its bids there), above your hand
        // (a small phone: with its bid below it)
        const narrow = this.mode === "landscape" && W <= NARROW_SIDEWAYS;   // (as the CSS's)
        const hi = this.arena.bottom - hgt / 2 - (narrow ? BUBBLE_ROOM : 0);
        y = Math.max(lo + hgt / 2, Math.min(hi, this.arena.top + s.y * H));
      }
      el.style.top = `${y}px`;
      el.style.left = s.side === "left" ? (upright ? "4px" : "14px") : "";
      el.style.right = s.side === "right" ? (upright ? "4px" : "14px") : "";
      // (across: what the trick keeps clear of upright, with a declarer's chip below it)
      const wide = el.offsetWidth || 160;
      const left = s.side === "left" ? (upright ? 4 : 14) : W - (upright ? 4 : 14) - wide;
      const role = el.querySelector(".role-chip");
      const chip = upright && role && !role.hidden ? 4 + (role.offsetHeight || 20) : 0;
      this.seatBoxes.set(Number(el.dataset.seat), {
        side: s.side, top: y - hgt / 2, bottom: y + hgt / 2 + bubbleRoom, left, right: left + wide, under: y + hgt / 2 + chip,
      });
      if (s.side === "right") rightBottom = Math.max(rightBottom, y + hgt / 2);
    }
    // the hint opens at the right, below the seats there
    document.documentElement.style.setProperty("--hint-top", `${Math.round(rightBottom + 8)}px`);
  },

  /** A seat's name in its plaque: whole where it has the room, else its short form (its
   * badge's letters: "NW", "N", "NE", never alike for two seats), the whole name its title;
   * cut short, "North-…" and "North-E…" read alike on a small phone. */
  fitName(el) {
    const name = el.querySelector(".name");
    const full = el.dataset.fullName;
    const short = el.dataset.shortName;
    if (!full || !short || short === full) return;
    if (name.classList.contains("short")) {
      name.replaceChildren(nameNode(full));
      name.removeAttribute("title");
      name.classList.remove("short", "none");
    }
    const words = document.createRange();
    words.selectNodeContents(name);
    if (words.getBoundingClientRect().width <= name.getBoundingClientRect().width + 0.01) return;
    name.replaceChildren(nameNode(short));
    name.title = full;
    name.classList.add("short");
    // (no room even for that, six-handed on a small phone on its side: the badge beside it
    // holds the same letters, whole; a sliver of them would read as another seat's)
    words.selectNodeContents(name);
    name.classList.toggle("none", words.getBoundingClientRect().width > name.getBoundingClientRect().width + 0.01);
  },

  /** A seat's hand spread face up (open misère), if it shows one, laid out `room` px across at
   * most: its cards as wide as this.sizes.spread where they fit, else narrower down to
   * SPREAD_MIN, else in two rows (where two rows of those find no room, a small phone on its
   * side six-handed, two rows of narrower cards); each card's corner (its rank and suit) in
   * sight beside the next card and above the next row. A second row, or a seat that would be
   * taller than `tall` px with whole cards, shows each row only down to its corners, the rest
   * tucked under the seat's plaque (the reviewer's 40 px cards 14 px apart, in a strip to fit
   * the backs' room, left the suits unreadable). */
  fitSpread(el, room, tall) {
    const box = el.querySelector(".seat-cards.exposed");
    if (!box) return;
    const cards = [...box.querySelectorAll(".mini-card")];
    const n = cards.length;
    if (!n) return;
    const want = this.sizes.spread;
    // (whole pixels apart: a card's corner and the next card's edge never share one)
    const least = (w) => Math.ceil(w * SPREAD_STEP);
    const across = (w, perRow, step) => w + (perRow - 1) * step;
    let rows = 1;
    let w = want;
    for (; rows <= SPREAD_ROWS; rows++) {
      const perRow = Math.ceil(n / rows);
      for (w = want; w > SPREAD_MIN && across(w, perRow, least(w)) > room; w--);
      if (across(w, perRow, least(w)) <= room) break;
    }
    // (no room for two rows of readable cards, on a small phone on its side: two rows of
    // smaller ones, rather than more rows than the trick below leaves room for)
    rows = Math.min(rows, SPREAD_ROWS);
    const perRow = Math.ceil(n / rows);
    for (; w > SPREAD_W_LEAST && across(w, perRow, least(w)) > room; w--);
    const step = perRow > 1
      ? Math.max(least(w), Math.min(Math.floor(w * SPREAD_STEP_MAX), Math.floor((room - w) / (perRow - 1)))) : 0;
    const hgt = Math.round(w * 1.4);
    const rowH = Math.ceil(hgt * SPREAD_ROW);
    // (the seat's plaque overlaps its cards' foot by its negative margin: a tucked row's cut
    // edge lies under it, and the dealer's chip, which stands above the plaque, below the
    // last row's corners)
    const plaque = el.querySelector(".seat-plaque");
    const under = -parseFloat(getComputedStyle(plaque).marginTop) || 0;
    const chip = Math.max(0, -parseFloat(getComputedStyle(el.querySelector(".dealer-chip")).top) || 0);
    const tucked = rows > 1 || hgt + plaque.offsetHeight - under > tall;
    cards.forEach((c, i) => {
      c.style.left = `${(i % perRow) * step}px`;
      c.style.top = `${Math.floor(i / perRow) * rowH}px`;
    });
    box.classList.toggle("tucked", tucked);
    box.style.setProperty("--exposed-w", `${w}px`);
    box.style.width = `${across(w, perRow, step)}px`;
    box.style.height = `${tucked ? rows * rowH + under + chip : (rows - 1) * rowH + hgt}px`;
    box.dataset.rows = String(rows);
  },

  /** On a phone (or a short window), the Last trick popover where it covers no seat, plaque,
   * panel, the trick's room, the status line, the bar or your hand: the free place nearest its
   * own (above the bar, at the right, where it covered East on a phone on its side); where
   * there is none, its own place (a tap outside closes it). */
  placeLastTrick() {
    const pop = document.getElementById("last-trick");
    for (const k of ["left", "top", "right", "bottom"]) pop.style[k] = "";
    if (this.mode === "desk" || pop.hidden) return;
    const own = box(pop.getBoundingClientRect());
    const w = own.right - own.left;
    const hgt = own.bottom - own.top;
    const obstacles = [...seatBoxes(), trickArea(),
      ...shownBoxes("#scores, #contract, #menu-button, #corner-tools button, #status, #hand, .panel")];
    const bounds = box(GAP, GAP, window.innerWidth - GAP, window.innerHeight - GAP);
    const free = largestFree(obstacles, bounds, { minW: w, minH: hgt, wantW: w, wantH: hgt, near: own });
    if (!free) return;
    const left = Math.max(free.left, Math.min(own.left, free.right - w));
    const top = Math.max(free.top, Math.min(own.top, free.bottom - hgt));
    Object.assign(pop.style, { left: `${Math.round(left)}px`, top: `${Math.round(top)}px`, right: "auto", bottom: "auto" });
  },

  trickCenter() {
    const r = this.trickEl.getBoundingClientRect();
    return { x: r.left, y: r.top };
  },

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
  },

  /** A seat's card offset from the trick centre: on an ellipse, in the seat's direction round
   * the table (you at the bottom, then clockwise), so that every card of a five- or six-handed
   * trick has its own place and points at its player. */
  trickSlot(seat) {
    const n = this.state ? this.state.table.players : 4;
    const k = this.state ? (seat - this.state.you + n) % n : 0;
    const ang = Math.PI / 2 + (k * 2 * Math.PI) / n;
    const w = this.sizes.trick;
    // five or six cards: far enough apart that each card's corner shows (a short window has
    // less room and lets them overlap a little more)
    const rx = n >= 5 ? w * 1.55 : w * 1.06;
    const ry = this.trickSpread ? w * this.trickSpread
      : n >= 5 ? w * (this.mode === "landscape" ? 1.0 : 1.32) : w * 0.84;
    return { x: Math.cos(ang) * rx, y: Math.sin(ang) * ry };
  },

  /** Where a card played by a seat flies from (your hand's card, or the seat's backs). */
  origin(seat, token) {
    if (this.state && seat === this.state.you && token) {
      const r = this.hand.takeRect(token.split(":")[0]);
      if (r) return { x: r.left + r.width / 2, y: r.top + r.height / 2, scale: r.width / this.sizes.trick };
    }
    const p = this.seatPoint(seat);
    return { ...p, scale: 0.5 };
  },
};
