// The menu (top right): pause, hint, take back, claim, the score sheet, rules, how to play, the game record, speed, sound, back to the game (at a practice table), new game, and the friends' seat links
// with who plays each seat; the pause overlay.

import * as sound from "./sound.js";
import { STRENGTH_WORDS } from "./stats.js";
import { h, clear, toast, cap, ICONS, loadPrefs, savePrefs, recordUrl, nameNode, appUrl } from "./util.js";
import { showRules } from "./rules.js";
import { showGuide, GUIDE_ICON } from "./guide.js";
import { gameWords } from "./plaques.js";
import { ScoreSheet, SHEET_ICON } from "./score-sheet.js";
import { confirmDialog } from "./dialogs.js";
import { heldTooLong } from "./away.js";

/** A seat's link to send (``l``: an entry of ``table.links``): its field, read-only, and a
 *  button (``words`` on it, ``label`` its name) that copies it; [input, button]. The menu's
 *  seat links, and the gathering panel's (gathering.js). */
export function linkField(l, words, label) {
  const url = new URL(appUrl(l.url), location.origin).href;    // (under the page's address)
  const input = h("input.link-url", { type: "text", readonly: true, value: url, "aria-label": `Link for ${l.name}` });
  const copy = h("button.btn.btn-small.btn-secondary", { type: "button", text: words, "aria-label": label });
  copy.addEventListener("click", () => copyLink(url, l.name, input, copy));
  return [input, copy];
}

/** Copy a friend's seat link ``url`` (his seat ``name``): by the clipboard, else (a page served
 *  over plain http has none) from its field ``input``, selected; ``button`` says Copied a
 *  moment. */
async function copyLink(url, name, input, button) {
  try {
    await navigator.clipboard.writeText(url);
  } catch {
    input.select();
    document.execCommand && document.execCommand("copy");
  }
  const words = button.dataset.words || (button.dataset.words = button.textContent);
  button.textContent = "Copied";
  setTimeout(() => { button.textContent = words; }, 1500);
  toast(`Link for ${name} copied`, "ok", 2000);
}

export class Menu {
  constructor({ send, onNewGame, onHint, onTakeBack, onClaim, onName, onBackToGame, getState, getLink }) {
    this.send = send;
    this.getState = getState;
    this.btn = document.getElementById("menu-button");
    this.el = document.getElementById("menu");
    this.pauseBtn = document.getElementById("pause-button");
    this.soundBtn = document.getElementById("sound-toggle");
    this.hintBtn = document.getElementById("hint-button");
    this.takeBackBtn = document.getElementById("take-back-menu");
    this.claimBtn = document.getElementById("claim-menu");
    this.getLink = getLink;
    this.nameBtn = document.getElementById("name-menu");
    this.nameBtn.addEventListener("click", () => {
      this.close();
      onName();
    });
    this.recordLink = document.getElementById("record-menu");
    this.recordLink.addEventListener("click", () => this.close());
    this.links = [];
    this.btn.addEventListener("click", (e) => {
      e.stopPropagation();
      this.toggle();
    });
    document.addEventListener("pointerdown", (e) => {
      if (!this.el.hidden && !this.el.contains(e.target) && !this.btn.contains(e.target)) this.close();
    });
    document.addEventListener("keydown", (e) => {
      if (e.key !== "Escape") return;
      // (only an Escape at the pause itself resumes: one that closes the rules over a
      // friend's pause ended his pause too)
      const atPause = e.target === document.body
        || document.getElementById("pause-overlay").contains(e.target);
      if (this.resumable() && atPause) this.resume();
      else if (!this.resumable()) this.close({ refocus: true });
    });
    // the focus leaving the open menu (or the Menu button that opened it) shuts it, as a
    // click outside does: it stayed open over East and the contract. It leaves to a control
    // outside, or out of the page (Tab from its last item: no relatedTarget, and the page has
    // lost the focus); a click inside on no control (no relatedTarget either) keeps it open
    const leaving = (e) => {
      const to = e.relatedTarget;
      if (to instanceof Node) {
        if (!this.el.contains(to) && !this.btn.contains(to)) this.close();
      } else {
        setTimeout(() => { if (!document.hasFocus()) this.close(); });
      }
    };
    this.el.addEventListener("focusout", leaving);
    this.btn.addEventListener("focusout", leaving);
    this.pauseBtn.addEventListener("click", () => {
      const s = this.getState();
      if (!s) return;
      this.send({ type: "pause", paused: !s.table.paused });
      this.close();
    });
    document.getElementById("resume-button").addEventListener("click", () => this.resume());
    this.soundBtn.addEventListener("click", () => {
      sound.setEnabled(!sound.isEnabled());
      this.renderSound();
    });
    this.hintBtn.addEventListener("click", () => {
      this.close();
      onHint();
    });
    this.takeBackBtn.addEventListener("click", () => {
      this.close();
      onTakeBack();
    });
    this.claimBtn.addEventListener("click", () => {
      this.close();
      onClaim();
    });
    this.speedBtns = [...document.querySelectorAll(".speed-choice")];
    // a radio group: one Tab stop (the speed chosen), the arrow keys choose
    document.querySelector(".speed-choices").addEventListener("keydown", (e) => {
      const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
      const i = this.speedBtns.indexOf(document.activeElement);
      if (!step || i < 0) return;
      e.preventDefault();
      const next = this.speedBtns[(i + step + this.speedBtns.length) % this.speedBtns.length];
      next.focus();
      if (!next.disabled) next.click();
    });
    for (const b of this.speedBtns) {
      b.addEventListener("click", () => {
        const s = this.getState();
        if (!s || s.you !== 0 || s.table.speed === b.dataset.speed) return;
        // new tables start at the speed chosen, kept once the table has it (render): one the
        // server refused (changed too often: busy) was kept before it answered
        this.wantedSpeed = { table: s.table.id, speed: b.dataset.speed };
        this.send({ type: "speed", speed: b.dataset.speed });
      });
    }
    // the score sheet, from its menu item (the focus back on the Menu button) and from the
    // score plaque itself (back on the plaque)
    this.scoreSheet = new ScoreSheet(send, getState);
    document.getElementById("score-sheet-menu").addEventListener("click", () => {
      this.close();
      this.scoreSheet.open(this.btn);
    });
    const plaque = document.getElementById("score-sheet-button");
    plaque.addEventListener("click", () => this.scoreSheet.open(plaque));
    document.getElementById("rules-button").addEventListener("click", () => {
      const s = this.getState();
      this.close();
      if (s) showRules(s.table.id);
    });
    document.getElementById("guide-button").addEventListener("click", () => {
      const s = this.getState();
      this.close();
      if (s) showGuide({ table: s.table.id });
    });
    this.backBtn = document.getElementById("back-to-game-menu");
    this.backBtn.addEventListener("click", () => {
      this.close();
      onBackToGame();
    });
    document.getElementById("new-game-menu").addEventListener("click", async () => {
      this.close();
      const s = this.getState();
      const over = s && s.view.phase === "game_over";
      if (over || await confirmDialog("Leave this game and start a new one? This game stays saved: the lobby offers to continue it.", "NEW GAME")) onNewGame();
    });
    for (const el of document.querySelectorAll(".mi-icon[data-icon], .tb-icon[data-icon]")) el.innerHTML = ICONS[el.dataset.icon] || "";
    document.querySelector("#guide-button .mi-icon").innerHTML = GUIDE_ICON;
    document.querySelector("#score-sheet-menu .mi-icon").innerHTML = SHEET_ICON;
    this.renderSound();
  }

  toggle() {
    if (this.el.hidden) this.open(); else this.close();
  }

  /** Open the menu. */
  open() {
    this.el.hidden = false;
    this.btn.setAttribute("aria-expanded", "true");
  }

  /** Shut the menu; with ``refocus`` (Escape), a focus inside it goes back to the Menu button
   *  (it fell to your hand, the menu lost to the keyboard). */
  close({ refocus = false } = {}) {
    const inside = !this.el.hidden && this.el.contains(document.activeElement);
    this.el.hidden = true;
    this.btn.setAttribute("aria-expanded", "false");
    if (refocus && inside) this.btn.focus({ preventScroll: true });
  }

  /** Whether the pause overlay is up with its RESUME to press (yours, or one you may end). */
  resumable() {
    return !document.getElementById("pause-overlay").hidden && !document.getElementById("resume-button").hidden;
  }

  /** End the pause (RESUME, or Escape on the overlay). */
  resume() {
    this.send({ type: "pause", paused: false });
  }

  renderSound() {
    const on = sound.isEnabled();
    this.soundBtn.setAttribute("aria-checked", on ? "true" : "false");
    this.soundBtn.querySelector(".mi-text").textContent = on ? "Sound: on" : "Sound: off";
    this.soundBtn.querySelector(".mi-icon").innerHTML = on ? ICONS.soundOn : ICONS.soundOff;
    this.soundBtn.classList.toggle("off", !on);
  }

  setLinks(links) {
    if (links && links.length) this.links = links;
  }

  render(state, canHint) {
    const t = state.table;
    const wanted = this.wantedSpeed;     // (asked of this table: another's speed is its own)
    if (wanted && (wanted.table !== t.id || t.speed === wanted.speed)) {
      if (wanted.table === t.id) savePrefs({ ...loadPrefs(), speed: t.speed });
      this.wantedSpeed = null;
    }
    const paused = !!t.paused;
    this.pauseBtn.querySelector(".mi-text").textContent = paused ? "Resume" : "Pause";
    this.pauseBtn.querySelector(".mi-icon").innerHTML = paused ? ICONS.play : ICONS.pause;
    // (paused: whether this seat may resume it, renderPause's to say)
    // (nothing to pause before START: the server refuses it)
    this.pauseBtn.disabled = !paused && (["hand_over", "game_over"].includes(state.view.phase) || !!t.gathering);
    this.hintBtn.disabled = !canHint;
    this.nameBtn.hidden = !t.friends;
    document.getElementById("quick-hint").disabled = !canHint;
    // the record as this seat may have it: its own cards while the game goes on, every card
    // once it is over (the server decides)
    const link = this.getLink();
    if (link) this.recordLink.href = recordUrl(link);
    this.recordLink.title = state.view.phase === "game_over" ? "Every card of every hand"
      : "The game so far as you saw it: your cards, and every card played";
    // the creator sets the table's speed; the others see it
    for (const b of this.speedBtns) {
      b.setAttribute("aria-checked", String(t.speed === b.dataset.speed));
      b.tabIndex = t.speed === b.dataset.speed ? 0 : -1;
      b.disabled = state.you !== 0;
    }
    // take-backs are for a table of bots: hidden where anyone else plays a seat, or sat in
    // one a bot plays for him now (with friends: the creator's seat, a link opened)
    const alone = t.seats.every((x) => x.seat === state.you || x.kind === "bot")
      && (!t.friends || (state.you === 0 && (t.links || []).every((l) => !l.opened)));
    for (const b of [this.takeBackBtn, document.getElementById("take-back-button")]) {
      b.hidden = !alone;
      b.disabled = !state.take_back;
    }
    // a claim is for the play of a hand (in a misère, the declarer's): the corner's button
    // shows only then; whether it stands, the server's solver says
    const misere = !!(state.view.contract && state.view.contract.misere);
    const claimTitle = misere ? "Claim that you take no trick more (it stands if no defence can give you one)"
      : "Claim every trick left for your side (it stands if no defence can take one)";
    const corner = document.getElementById("claim-button");
    corner.hidden = !state.claim;
    corner.title = claimTitle;
    this.claimBtn.disabled = !state.claim;
    this.claimBtn.title = claimTitle;
    this.claimBtn.querySelector(".mi-text").textContent = misere ? "Claim: no more tricks" : "Claim the rest";
    document.getElementById("menu-title").textContent = t.rules_label || "Five Hundred";
    // a practice table plays one hand of a game again, which waits as it was
    this.backBtn.hidden = !(t.practice && t.practice.back);
    document.getElementById("menu-sub").textContent =
      `Opponents: ${STRENGTH_WORDS[t.strength] || cap(t.strength || "")} · ${t.practice
        ? `practice: hand ${t.practice.hand + 1} of your game again` : `game ${gameWords(t)}`}`;
    this.renderPause(state);
    this.scoreSheet.update(state);
    this.renderLinks(t.links && t.links.length ? t.links : this.links, state.view.phase === "game_over");
  }

  /** The pause overlay: yours ("the other players wait for you"), or another's, who (or,
   *  once he has left, or the table has waited ``idle_after`` on him, anyone; the table's
   *  creator at any time) resumes it: drawn again when that time comes (the server sends
   *  nothing then). */
  renderPause(state) {
    const t = state.table;
    document.getElementById("pause-overlay").hidden = !t.paused;
    if (!t.paused) return;
    const by = t.paused_by;
    const mine = by === null || by === undefined || by === state.you;
    const seat = mine ? null : t.seats.find((x) => x.seat === by);
    const name = seat ? seat.name : "Another player";
    const canResume = t.may_resume !== false || heldTooLong(state, "pause", () => this.renderPause(state));
    this.pauseBtn.disabled = !canResume;
    const who = () => nameNode(name);
    document.getElementById("pause-title").replaceChildren(...(mine ? ["Paused"] : [who(), " paused the game"]));
    const note = document.getElementById("pause-note");
    note.replaceChildren(...(mine ? ["The other players wait for you."]
      : !canResume ? ["It goes on when ", who(), " resumes it. If ", who(), " seems to be away, anyone may resume it once the table has waited ", `${t.idle_after} s.`]
      : seat && !seat.connected ? [who(), " has left the table: you may resume it."]
      : state.you === 0 ? ["As the table's creator, you may resume it."]
      : [who(), " seems to be away: you may resume it."]));
    note.tabIndex = canResume ? -1 : 0;      // (a dialog keeps the focus inside it)
    document.getElementById("resume-button").hidden = !canResume;
  }

  /** The friends' seat links (the creator's menu), each with who plays its seat
   *  (:meth:`seatState`); ``over``: the game is over, and a link never opened seats nobody. */
  renderLinks(links, over = false) {
    const box = document.getElementById("links");
    const list = document.getElementById("links-list");
    const key = JSON.stringify([links || [], over]);
    if (list.dataset.key === key) return;
    list.dataset.key = key;
    clear(list);
    box.hidden = !links || !links.length;
    for (const l of links || []) {
      const [input, copy] = linkField(l, "Copy", `Copy link for ${l.name}`);
      if (l.opened || over) {   // used, or the game over: it gives the seat to nobody now
        copy.hidden = true;
        input.disabled = true;
        input.title = l.opened ? `${l.name}'s link was opened: it seats nobody else`
          : "The game is over: this link seats nobody";
      }
      list.appendChild(h("div.link-row", { dataset: { seat: String(l.seat) } },
        h("span.link-name", { text: l.name }), input, copy, this.seatState(l, over)));
    }
  }

  /** Who plays a friend's seat now; for a friend who has left, a bot to take over, and a
   *  new link (his browser lost its key, or someone else is to sit there); neither once the
   *  game is over (``over``: the server refuses both, the finished game kept as played). A
   *  link not opened yet opens with the next deal once the game has started
   *  (``opens_next_deal``), a new link's too. */
  seatState(l, over = false) {
    if (over && l.kind === "bot") {
      return h("div.link-state", { text: l.opened ? `A bot played for ${l.name} at the end`
        : "The game is over: this link seats nobody now" });
    }
    const renew = l.opened && !l.connected && !over ? h("button.btn.btn-small.btn-secondary.new-link", {
      type: "button", text: "New link",
      title: "A new link for this seat: the old one gives it no more",
      onclick: () => this.send({ type: "new_link", seat: l.seat }),
    }) : null;
    if (l.kind === "bot") {
      return h("div.link-state", null,
        l.opened ? `A bot plays this seat until ${l.name} comes back`
          : l.opens_next_deal ? "A bot plays this seat; its link opens with the next deal"
            : "A bot plays this seat until the link is opened", renew);
    }
    if (l.connected) return h("div.link-state.here", { text: "Playing" });
    if (over) return h("div.link-state.away", { text: "Away" });
    return h("div.link-state.away", null, "Away",
      h("button.btn.btn-small.btn-secondary.to-bot", {
        type: "button", text: "Let a bot play",
        onclick: () => this.send({ type: "seat_to_bot", seat: l.seat }),
      }), renew);
  }
}
