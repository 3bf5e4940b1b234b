// The hint: the advice asked for at your turn (the bot's choice, its reason, the choices it
// weighed), and where it goes: clear of everything a player must see, the panel of your turn
// moving aside for it (the geometry is fit.js's).

import { h, clear, actionNode, cardNode, inWords, prettyText, readable } from "./util.js";
import { say } from "./announce.js";
import { GAP, onShow, meets, box, shownBoxes, union, restBox, seatBoxes, largestFree, trickArea } from "./fit.js";

/** The panels of your turn the hint keeps clear of (they move aside for it). */
const HINT_CLEARS = ["bid-panel", "kitty-panel"];
/** The other panels of your turn: the hint keeps clear of them where it can. */
const OTHER_PANELS = ["call-panel", "joker-panel"];
/** The panel of your turn that finds its own place on a phone, as the panels above do, but
 * that the hint does not move (it keeps clear of it as of the others). */
const CALL_PANEL = "call-panel";
/** The hint's classes, in turn, where its room is short (HintView.tighten): its choices' notes
 * on a line of their own; its reason in two lines; in one; the notes cut short. */
const TIGHTER = ["tight-notes", "tight-reason", "tightest-reason", "cut-notes"];

/** A discard candidate's cards (its note "discard 8H 10H QH"), or null for any other. */
function discardCards(c) {
  const m = /^discard (.+)$/.exec(c.note || "");
  return m ? m[1].split(" ") : null;
}

/** The hint in a short sentence for a screen reader ("Hint: bid 7 hearts", "Hint: play the king
 * of spades"): the panel is not live, it read out its every cell (the close button, the
 * caption, the table), and stays there to be read on demand. */
export function hintSentence(msg, phase) {
  const node = actionNode(msg.action, phase);
  let advice = msg.words ? inWords(msg.words) : node.getAttribute("aria-label") || inWords(node.textContent);
  advice = advice.charAt(0).toLowerCase() + advice.slice(1);
  // (a card to play said as the announcements say the others': "plays the king of spades")
  if (phase === "play") advice = advice.replace(/^(play|lead) (?!the )/, "$1 the ");
  return `Hint: ${advice}`;
}

/** Where a panel of your turn lies at rest, moved by its translate (which restBox, measuring
 * its layout, does not see: a panel moved aside for the hint was kept clear of where it was). */
function movedRestBox(panel) {
  const [dx = 0, dy = 0] = (panel.style.translate || "").split(" ").map((v) => parseFloat(v) || 0);
  return restBox(panel, dx, dy);
}

export class HintView {
  constructor() {
    this.el = document.getElementById("hint");
    this.tools = document.getElementById("corner-tools");
    this.turnKey = null;
    this.pendingKey = null;
    this.thinking = false;    // asked for, its answer not yet come (awaited)
    this.reasonWhole = false; // the reason tapped to be shown whole (tighten cuts it short no more)
    // again when a panel changes size (shown, a longer BID label, the misère buttons) and
    // once the seats have slid to their new places (a transition of 0.3 s) and their bids
    // have popped in (an animation of 0.25 s, from 0.6 of their size): placed while they
    // still moved or grew, the panel could cover where they come to rest (the refit of
    // fitNowAndLater, on a timer, may come before they are done: on a busy machine an
    // animation starts a slow frame later)
    if (window.ResizeObserver) {
      // (in the next frame: fit may change the panel's size, which the observer must not
      // see inside its own callback)
      const ro = new ResizeObserver(() => requestAnimationFrame(() => this.fit()));
      for (const id of [...HINT_CLEARS, CALL_PANEL]) ro.observe(document.getElementById(id));
    }
    window.addEventListener("resize", () => this.fitNowAndLater());
    // and once your cards have moved (a new deal slides in card by card): placed while they
    // were on their way, the hint could cover where they come to rest; and once a seat has
    // slid or a bid popped in (above). Several endings in one frame place it once.
    let queued = false;
    const fitNextFrame = () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => { queued = false; this.fit(); });
    };
    document.getElementById("hand").addEventListener("transitionend", (e) => {
      if (!this.el.hidden && e.propertyName === "transform") fitNextFrame();
    });
    const seats = document.getElementById("seats");
    seats.addEventListener("transitionend", (e) => {
      if (e.propertyName === "top" && e.target.classList.contains("seat")) fitNextFrame();
    });
    seats.addEventListener("animationend", (e) => {
      if (e.animationName === "bubblein") fitNextFrame();
    });
  }

  fitNowAndLater() {
    this.fit();
    clearTimeout(this.refit);
    this.refit = setTimeout(() => this.fit(), 350);
  }

  /** Keeps the panel of your turn (the bid panel, the kitty's; on a phone the call's too,
   * fitPanel) clear of the seats and their bids, and the hint clear of everything a player
   * must see. On a phone the panel moves
   * aside from a seat's bid, narrower on its side where it must; with the hint open the status
   * line gives way to it (the hint says more), the panel moves up under the seats (upright, in
   * fewer rows) or left (on its side, narrower), and the hint takes the largest room left free
   * of the seats, the plaques, the panels, the cards and the bar above the hand (on its side
   * the Last trick and Hint buttons move left along the bar for it). In a larger window the
   * panel moves left only where the hint would cover it, and the hint keeps above the status
   * line. */
  fit() {
    const panels = HINT_CLEARS.map((id) => document.getElementById(id));
    const call = document.getElementById(CALL_PANEL);
    for (const p of [...panels, call]) {
      p.style.translate = "";
      p.style.maxHeight = "";
      p.classList.remove("narrow", "with-hint", "tight");
    }
    document.body.classList.remove("panel-over-status");
    for (const k of ["left", "right", "top", "bottom", "width", "minWidth", "maxHeight"]) this.el.style[k] = "";
    this.el.classList.remove(...TIGHTER);
    this.tools.style.right = "";
    const open = !this.el.hidden;
    const layout = document.body.dataset.layout;
    const phone = layout === "portrait" || layout === "landscape";
    document.body.classList.toggle("hint-open", open && phone);
    const panel = panels.find(onShow);
    if (!phone) {
      if (open) this.fitDesk(panel);
    } else {
      // (the call panel: never on show with the bid panel or the kitty's)
      const mine = panel || (onShow(call) ? call : null);
      const p = mine ? this.fitPanel(mine, layout, open) : null;
      if (open) this.placeHint(layout, p);
    }
    if (open) this.tighten();
  }

  /** Where the room the hint has been given cuts off its advice or its first two choices (a
   * long reason, a choice's note in three lines in a narrow hint), its choices' notes go on
   * lines of their own, its reason is cut to two lines, then one, the notes to a line each,
   * each only where it gives them room (all of it still read out; the reason shown whole
   * again by a tap on it): the first choices are what it is asked for. */
  tighten() {
    // (what lies below them, its padding, may be cut off: a hint in room enough once kept its
    // whole reason)
    const over = () => this.needs() - parseFloat(getComputedStyle(this.el).paddingBottom) - this.el.clientHeight;
    const steps = this.reasonWhole ? TIGHTER.filter((c) => !c.endsWith("-reason")) : TIGHTER;
    let now = over();
    for (const step of steps) {
      if (now <= 0.5) break;
      this.el.classList.add(step);
      const then = over();
      if (then < now - 0.5) now = then;
      else this.el.classList.remove(step);
    }
    // the reason cut short is a Tab stop, Enter or Space showing it whole, as a tap does (a
    // pointer alone could: a sighted keyboard player never saw the rest)
    const reason = this.el.querySelector(".hint-reason");
    if (!reason) return;
    const cut = this.el.classList.contains("tight-reason");
    if (cut) {
      reason.tabIndex = 0;
      reason.title = "Show the whole reason";
    } else {
      reason.removeAttribute("tabindex");
      reason.removeAttribute("title");
    }
  }

  /** A window that is not a phone's: the hint keeps above the status line (where the room
   * there is too short for its advice and first choices, the line gives way to it, as on a
   * phone); where it would cover the panel, the panel moves left as far as the seats there
   * allow, the hint keeping its width if it can, else as narrow as its table allows. */
  fitDesk(panel) {
    this.fitBeside(panel);
    // a short window: where the hint, so placed, covers a seat, a card of the trick, a plaque,
    // the hand or the bar above it, or is too short for its advice and first choices, it takes
    // the largest room they leave free, as on a phone
    // (the status line giving way to it, the panel back in its place)
    const hint = this.el.getBoundingClientRect();
    const { fixed, tools } = this.obstacles(panel ? movedRestBox(panel) : null);
    if (![...fixed, ...tools].some((o) => meets(o, hint)) && this.el.clientHeight + 0.5 >= this.needs()) return;
    if (panel) panel.style.translate = "";
    for (const k of ["left", "right", "top", "bottom", "width", "minWidth", "maxHeight"]) this.el.style[k] = "";
    document.body.classList.add("hint-open");
    this.placeHint("desk", panel ? restBox(panel) : null);
  }

  /** A desk window: the hint above the status line, beside the panel (see fitDesk). */
  fitBeside(panel) {
    const H = window.innerHeight;
    const status = document.getElementById("status");
    let hint = this.el.getBoundingClientRect();
    if (onShow(status)) {
      const st = status.getBoundingClientRect();
      if (meets(hint, st)) {
        // (its top as before: below the seats on the right, table.js's --hint-top)
        const least = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--hint-top")) || GAP;
        this.el.style.bottom = `${Math.ceil(H - st.top + GAP)}px`;
        this.el.style.maxHeight = `${Math.max(120, Math.floor(st.top - GAP - least))}px`;
        if (this.el.clientHeight + 0.5 < this.needs()) {
          this.el.style.bottom = "";
          this.el.style.maxHeight = "";
          document.body.classList.add("hint-open");
        }
        hint = this.el.getBoundingClientRect();
      }
    }
    if (!panel) return;
    const p = restBox(panel);
    if (!meets(p, hint)) return;
    const gap = GAP;
    const W = window.innerWidth;
    const others = [...seatBoxes(), ...shownBoxes("#scores, #contract")];
    const leftOf = others.filter((o) => o.bottom > p.top && o.top < p.bottom && o.right <= p.left + 1);
    const least = Math.max(gap, ...leftOf.map((o) => o.right + gap));
    const pw = p.right - p.left;
    const narrowest = Math.min(hint.width, 210);
    let x = Math.max(least, Math.min(p.left, W - gap - hint.width - gap - pw));
    if (W - gap - (x + pw + gap) < narrowest) x = Math.max(gap, W - gap - narrowest - gap - pw);
    panel.style.translate = `${Math.round(x - p.left)}px 0`;
    this.el.style.left = `${Math.ceil(Math.max(hint.left, Math.round(x) + pw + gap))}px`;
    this.el.style.width = "auto";
    this.el.style.minWidth = "0"; // (not a panel's least width: a tablet upright has not that room)
  }

  /** The height the hint needs (inside its border) for its advice and its first two choices
   * unscrolled. */
  needs(rows = 2) {
    const parts = [...this.el.querySelectorAll(rows ? `.hint-words, .hint-table tbody tr:nth-child(-n+${rows})` : ".hint-words")];
    if (!parts.length) return 0;
    const top = this.el.getBoundingClientRect().top + this.el.clientTop - this.el.scrollTop;
    const bottom = Math.max(...parts.map((e) => e.getBoundingClientRect().bottom));
    return bottom - top + parseFloat(getComputedStyle(this.el).paddingBottom);
  }

  /** A phone: the panel clear of the seats, their bids, the plaques, the bar above the hand
   * (your badge, its bid and role, the Last trick and Hint buttons), the status line and your
   * cards, as near its place as the room allows; where it has not the room it takes fewer rows
   * (upright) or is narrower (on its side), then smaller buttons, then (hint closed, upright)
   * the status line gives way to it (its title says the same), and at the last it scrolls in
   * the largest room left. The call panel (forty cards or so to name) has not that room on a
   * small phone: tight (smaller cards, in fewer rows), the status line giving way to it, it
   * may then lie over the other seats, then over the plaques too, never over the bar, your
   * badge, the menu button or your cards (panelWays). With the hint open it goes as high
   * (upright) or as far left (on its side) as that room allows, to leave the hint the rest.
   * Returns where the panel now lies. */
  fitPanel(panel, layout, open) {
    const W = window.innerWidth;
    const H = window.innerHeight;
    const upright = layout === "portrait";
    const status = document.getElementById("status");
    const { hand } = this.obstacles(null);
    // what it may never lie over; the other seats and the plaques, which some ways allow
    const always = [...seatBoxes(".me"), ...shownBoxes("#menu-button, #away-banner, #corner-tools button"),
      ...OTHER_PANELS.map((id) => document.getElementById(id)).filter((e) => e !== panel && onShow(e))
        .map((e) => box(e.getBoundingClientRect())),
      hand].filter(Boolean);
    const seats = seatBoxes(":not(.me)");
    const plaques = shownBoxes("#scores, #contract");
    const fixedOver = (over) => [...always, ...(over ? [] : seats), ...(over === "table" ? [] : plaques)];
    const line = !open && onShow(status) ? box(status.getBoundingClientRect()) : null;
    const bounds = box(GAP, GAP, W - GAP, H - GAP);
    const ways = this.panelWays(panel, upright, open);
    const [first] = ways[0];
    const set = (classes, keepLine) => {
      panel.classList.remove("narrow", "with-hint", "tight");
      panel.classList.add(...classes);
      document.body.classList.toggle("panel-over-status", !keepLine);
    };
    const tryWay = (classes, keepLine, over, minH = null) => {
      set(classes, keepLine);
      const fixed = fixedOver(over);
      panel.style.maxHeight = "";
      const p = restBox(panel);
      const pw = p.right - p.left;
      const ph = p.bottom - p.top;
      // with the hint open: as high (upright) or as far left (on its side) as may be
      const near = !open ? p : upright ? box(p.left, 0, p.right, ph) : box(0, p.top, pw, p.bottom);
      const obs = keepLine && line ? [...fixed, line] : fixed;
      const want = { minW: pw, minH: minH ?? ph, wantW: pw, wantH: ph, near };
      // (with the hint open, moved only up, or only left, where it can be)
      const lane = !open ? null : upright ? box(p.left, GAP, p.right, H - GAP) : box(GAP, p.top, W - GAP, p.bottom);
      const r = (lane && largestFree(obs, lane, want)) || largestFree(obs, bounds, want);
      return r ? { r, p, pw, ph, near } : null;
    };
    let found = null;
    const tried = new Set();
    for (const [classes, keepLine, over] of ways) {
      // (with no status line on show, a way that moves it aside is one that keeps it)
      const keep = keepLine || !line;
      const key = `${classes}|${keep}|${over}`;
      if (tried.has(key)) continue;
      tried.add(key);
      found = tryWay(classes, keep, over);
      if (found) break;
    }
    if (!found) {
      // no room for the whole of it: it scrolls in the largest room left
      const [classes, , over] = ways[ways.length - 1];
      found = tryWay(classes, !line, over, 90);
      if (!found) {
        set(first, true);
        return restBox(panel);
      }
      panel.style.maxHeight = `${Math.floor(found.r.bottom - found.r.top)}px`;
      found.p = restBox(panel);
      found.ph = found.p.bottom - found.p.top;
    }
    const { r, p, pw, ph } = found;
    // (its place by a transform: its rest box centred on the same point, whatever its height)
    const near = open ? found.near : p;
    const x = Math.max(r.left, Math.min(near.left, r.right - pw));
    const y = Math.max(r.top, Math.min(near.top, r.bottom - ph));
    const dx = Math.round(x - p.left);
    const dy = Math.round(y - p.top);
    if (dx || dy) panel.style.translate = `${dx}px ${dy}px`;
    return restBox(panel, dx, dy);
  }

  /** The ways a panel may lie on a phone, in the order fitPanel tries them: its classes,
   * whether the status line keeps its place, what it may lie over (null: nothing; "seats":
   * the other seats; "table": them and the plaques). */
  panelWays(panel, upright, open) {
    if (panel.id === CALL_PANEL) {
      const t = ["tight"];
      return [[[], true, null], [t, true, null], [t, false, null], [t, true, "seats"], [t, false, "seats"],
        [t, false, "table"]];
    }
    const first = upright ? (open ? ["with-hint"] : []) : open ? ["narrow"] : [];
    return upright
      ? [[first, true], [["with-hint"], true], [["with-hint", "tight"], true], [["with-hint"], false], [["with-hint", "tight"], false]]
      : [[first, true], [["narrow"], true], [["narrow", "tight"], true]];
  }

  /** A phone: the hint in the largest room that the seats, the plaques, the panels, the
   * cards (those of a trick too) and the bar above the hand leave free, at its foot; on its
   * side the Last trick and Hint buttons move left along the bar where the room is theirs. */
  placeHint(layout, panelBox) {
    const W = window.innerWidth;
    const H = window.innerHeight;
    const { fixed, seats, tools, hand, cards } = this.obstacles(panelBox);
    const bounds = box(GAP, GAP, W - GAP, H - GAP);
    const want = { minW: Math.min(180, W - 2 * GAP), minH: 80, wantW: 340, wantH: 300 };
    let r = null;
    if (layout === "landscape" && tools.length) {
      r = largestFree(fixed, bounds, want);
      const bar = union(tools);
      if (r && meets(bar, box(r.left - GAP, r.top, r.right, r.bottom))) {
        const dx = bar.right - (r.left - GAP);
        const moved = box(bar.left - dx, bar.top, bar.right - dx, bar.bottom);
        // (clear of your badge and bid on the bar, and of the cards as they lie)
        const near = [...fixed.filter((o) => o !== hand), cards].filter(Boolean);
        if (moved.left >= GAP && !near.some((o) => meets(o, moved))) {
          this.tools.style.right = `${Math.round(W - moved.right)}px`;
        } else {
          r = null;
        }
      }
    }
    if (!r) r = largestFree([...fixed, ...tools], bounds, want);
    if (r) this.putHint(r);
    if ((r && this.whole()) || layout === "desk") return;
    // a small screen with no room free of everything for its advice (unscrolled, nothing cut
    // off at its side): the hint may lie over the other seats (never over a control: the
    // panels, the bar above the hand, the menu button, your cards; nor over the plaques or the
    // trick's cards), where it has the more room, and scrolls there where it must
    const mine = shownBoxes("#seats .seat.me .seat-plaque, #seats .seat.me .bubble, #seats .seat.me .role-chip");
    // (the bar's buttons where they are now: on its side they may have moved left for it)
    const controls = [...fixed.filter((o) => !seats.includes(o)), ...mine,
      ...shownBoxes("#corner-tools button")];
    const over = largestFree(controls, bounds, want)
      || largestFree(controls, bounds, { ...want, minW: Math.min(150, W - 2 * GAP), minH: 48 });
    if (!over) return; // no room anywhere: where it is (or where the style sheet puts it)
    const area = (b) => (b.right - b.left) * (b.bottom - b.top);
    if (r && area(r) >= area(over)) return;
    this.putHint(over);
  }

  /** The hint in a box of the screen. */
  putHint(r) {
    const H = window.innerHeight;
    this.el.style.left = `${Math.floor(r.left)}px`;
    this.el.style.right = "auto";
    this.el.style.width = `${Math.floor(r.right - r.left)}px`;
    this.el.style.top = "auto";
    this.el.style.bottom = `${Math.ceil(H - r.bottom)}px`;
    this.el.style.maxHeight = `${Math.floor(r.bottom - r.top)}px`;
  }

  /** Whether the hint shows its advice unscrolled, nothing cut off at its side. */
  whole() {
    return this.el.clientHeight + 0.5 >= this.needs(0) && this.el.scrollWidth <= this.el.clientWidth + 1;
  }

  /** What the hint keeps clear of where it takes the largest room left free: the seats, the
   * plaques, the status line, the panels (panelBox, that of your turn), your cards as they
   * lift, the room of the trick in play, and the bar above the hand (tools). */
  obstacles(panelBox) {
    const phase = document.body.dataset.phase;
    const shown = [...document.querySelectorAll("#hand .hand-card")].filter(onShow);
    const cards = union(shown.map((e) => box(e.getBoundingClientRect())));
    // a card lifts when it may be played or is picked for the kitty: room for that above
    // where the cards rest (one already up is moved by its --lift), so picking one moves
    // nothing
    const lift = phase === "kitty" ? 24 : phase === "play" ? 16 : 0;
    const rest = Math.min(...shown.map((e) => e.getBoundingClientRect().top
      + (parseFloat(getComputedStyle(e).getPropertyValue("--lift")) || 0)));
    const hand = cards ? box(cards.left, Math.min(cards.top, rest - lift), cards.right, cards.bottom) : null;
    const seats = seatBoxes();
    const fixed = [
      ...seats,
      ...shownBoxes("#scores, #contract, #menu-button, #away-banner, #status"),
      ...OTHER_PANELS.map((id) => document.getElementById(id)).filter(onShow).map((e) => box(e.getBoundingClientRect())),
      hand, panelBox, phase === "play" ? trickArea() : null,
    ].filter(Boolean);
    return { fixed, seats, tools: shownBoxes("#corner-tools button"), hand, cards };
  }

  /** A hint asked for at turn ``turnKey``: "Thinking…" until it comes. */
  asked(turnKey) {
    this.pendingKey = turnKey;
    this.thinking = true;
    clear(this.el);
    this.el.appendChild(h("div.hint-head", null, h("span.hint-title", { text: "Hint" }), this.closeBtn()));
    this.el.appendChild(h("div.hint-thinking", null, h("span.spinner"), " Thinking…"));
    this.el.hidden = false;
    this.fit();
  }

  /** Whether a hint asked for at turn ``turnKey`` is still awaited, on show: after a
   *  reconnect its answer, sent to the socket that dropped, never comes (it said "Thinking…"
   *  for good), so it is asked for again (messages.js). */
  awaited(turnKey) {
    return this.thinking && !this.el.hidden && this.pendingKey === turnKey;
  }

  closeBtn() {
    const b = h("button.icon-btn.small", { type: "button", "aria-label": "Close the hint", text: "✕" });
    b.addEventListener("click", () => this.hide());
    return b;
  }

  /** defending: the chances are the declarer's (his contract's), not yours. */
  show(msg, phase, defending = false) {
    this.turnKey = this.pendingKey;
    this.thinking = false;
    clear(this.el);
    this.el.appendChild(h("div.hint-head", null, h("span.hint-title", { text: "Hint" }), this.closeBtn()));
    // (its symbols shown, in words for a screen reader: "6♦ fails" was read "6 fails", "Play
    // 7♥" "Play 7"; in the auction a 6♦ is a bid, not a card)
    const bids = phase === "auction";
    // (a stop after the advice, heard, not seen: "Pass no bid is worth more…" ran on as one
    // sentence to a screen reader)
    this.el.appendChild(h("div.hint-words", null, msg.words ? readable(msg.words, [], { bids }) : actionNode(msg.action, phase),
      msg.reason ? h("span.sr-only", { text: ": " }) : null));
    this.reasonWhole = false;
    if (msg.reason) {
      const reason = h("div.hint-reason", null, readable(msg.reason, [], { bids }));
      // (cut short where the room is (tighten): a tap shows it whole, the hint scrolling)
      const whole = () => {
        if (!this.el.classList.contains("tight-reason")) return false;
        this.reasonWhole = true;
        this.fit();
        return true;
      };
      reason.addEventListener("click", whole);
      reason.addEventListener("keydown", (e) => {
        if ((e.key === "Enter" || e.key === " ") && whole()) e.preventDefault();
      });
      this.el.appendChild(reason);
    }
    const cands = (msg.candidates || []).slice(0, 8);
    if (cands.length) {
      const anyProb = cands.some((c) => typeof c.make_probability === "number");
      // discards (their note "discard" and the cards) are valued in tricks, the advised one first
      const discards = cands.every((c) => discardCards(c) !== null);
      const choice = (c) => discards
        ? h("span", null, ...discardCards(c).flatMap((t, i) => (i ? [" ", cardNode(t)] : [cardNode(t)])))
        : h("span", null, actionNode(c.action, phase), c.note ? h("span.muted.small", { text: ` ${prettyText(c.note)}` }) : null);
      // what the values count, in the server's words (bots/hints.py value_words, the one
      // table of them: the text forms say the same): its head in a word (a header's tooltip
      // is never seen on a phone) and, under the choices, a line that says it whole (a
      // discard's too: "Tricks" alone did not say whose, nor on what deals)
      const head = msg.value_unit || "Value";
      // (a defender's: "…; Declarer makes: …", the server's words, as its column's head)
      const words = msg.value_words || "";
      const caption = words;
      this.el.appendChild(h("table.hint-table", null,
        caption ? h("caption.hint-caption", { text: caption }) : null,
        h("thead", null, h("tr", null, h("th", { text: discards ? "Discard" : "Choice" }),
          h("th.num", { text: head, title: words || null }),
          anyProb ? h("th.num", defending
            ? { text: "Declarer makes", title: "The declarer's chance of making the contract after this card" }
            : { text: "Makes", title: "The chance of making the contract" }) : null)),
        h("tbody", null, cands.map((c, i) => h("tr", { class: (discards ? i === 0 : c.action === msg.action) ? "best" : "" },
          h("td", null, choice(c)),
          h("td.num", { text: typeof c.value === "number" ? c.value.toFixed(1) : "" }),
          anyProb ? h("td.num", { text: typeof c.make_probability === "number" ? `${Math.round(c.make_probability * 100)}%` : "–" }) : null)))));
    }
    this.el.hidden = false;
    this.fit();
    say(hintSentence(msg, phase));
  }

  hide() {
    this.el.hidden = true;
    this.turnKey = null;
    this.pendingKey = null;
    this.thinking = false;
    this.fit();
  }

  /** Hides a hint that no longer fits the position; one that stays keeps clear of the panel
   * (again once the seats have slid to their places). */
  render(turnKey) {
    if (!this.el.hidden && this.turnKey !== turnKey && this.pendingKey !== turnKey) this.hide();
    this.fitNowAndLater();
  }
}
