// Keyboard users keep their place. When the focus is lost (on the page itself, or on
// something now hidden, disabled or gone: a card played, a panel closed, a dialog shut), it
// goes to what asks for an answer: the dialog on top, else what your turn asks for (the bid
// panel, your playable cards, DISCARD...), else, between your turns, where it waits (your
// hand), to go on to what your turn asks for once it comes, or once your turn asks for
// something else (five-handed, the call after your discard; a take-back from the kitty to the
// auction): the focus left on a card that cannot be used goes on. While a dialog is open, the focus
// stays inside it and Tab goes round inside it. Tab may leave the page: while the page has no
// focus, nothing is mended (it was pulled straight back from the browser's own controls).

import { onShow } from "./fit.js";

const FOCUSABLE = "button, [href], input, select, textarea, [tabindex]:not([tabindex='-1'])";

/** Whether a control can take the focus now: on show and not disabled. */
export function usable(e) {
  return !!e && !e.disabled && onShow(e);
}

/** The controls of ``root`` that take the focus, in order. */
function focusables(root) {
  return [...root.querySelectorAll(FOCUSABLE)].filter(usable);
}

/** The dialog on top (the last open in the page's order), or null. */
function topDialog() {
  const open = [...document.querySelectorAll(".modal")].filter(onShow);
  return open.length ? open[open.length - 1] : null;
}

/** Where a dialog takes the focus: coming from outside it, its control marked
 *  ``data-first`` (the answer it asks for: RESUME, NEW GAME...); else (a control of its own
 *  gone quiet, REVIEW while it solves) its first, never an answer the player did not choose. */
function firstOf(dialog, from) {
  const marked = dialog.querySelector("[data-first]");
  const inside = !!from && dialog.contains(from);
  return usable(marked) && !inside ? marked : focusables(dialog)[0];
}

/** Whether the focus is lost: on the page itself, on something gone from sight, or behind the
 *  dialog on top (a dialog that opened after the focus went elsewhere: Pause from the menu
 *  left it on BID behind "Paused", and Enter bid). */
function lost() {
  const a = document.activeElement;
  if (a === document.body || !usable(a)) return true;
  const dialog = topDialog();
  return !!dialog && !dialog.contains(a);
}

/** Whether a control only waits for your turn: it says it cannot be used now
 *  (``aria-disabled``: a card of your hand while it is not your turn). */
function waits(e) {
  return !!e && e.getAttribute("aria-disabled") === "true";
}

/** Watch the focus: ``turnControl()`` gives what your turn asks for now (or null);
 *  ``waitControl()`` where the focus waits between your turns (or null): without it the focus
 *  was left on the page itself, where the arrows do nothing and a screen reader loses its place;
 *  ``turnAsk()`` which kind of answer your turn asks for (its phase): when it changes while the
 *  turn stays yours, a focus left waiting goes on as when your turn comes. */
export function watchFocus(turnControl, waitControl = () => null, turnAsk = () => "turn") {
  let queued = false;
  let outside = null;        // the last control focused outside the dialogs: a dialog's opener
  let last = null;           // the last control focused anywhere
  let asked = null;          // what your turn asked for at the last mend (null: not your turn)
  document.addEventListener("focusin", (e) => {
    if (e.target instanceof Element && !e.target.closest(".modal")) outside = e.target;
    if (e.target instanceof Element) last = e.target;
  });
  const back = () => {       // where a closed dialog gives the focus back
    if (usable(outside)) return outside;
    const menu = outside && outside.closest("#menu") && document.getElementById("menu-button");
    return turnControl() || (usable(menu) ? menu : null) || waitControl();
  };
  const mend = () => {
    queued = false;
    const dialog = topDialog();
    if (dialog) {
      const target = lost() ? firstOf(dialog, last) : null;
      if (target) target.focus({ preventScroll: true });
      return;
    }
    if (!document.hasFocus()) return;  // (Tab left the page: mended when the focus is back)
    const turn = turnControl();
    const ask = turn ? turnAsk() : null;
    // your turn has come, or asks for something else now (the kitty's discard done, the call;
    // the auction again after a take-back): a focus waiting for it goes on (only then: a
    // control the player went to, a card or the menu, keeps it)
    const came = !!turn && ask !== asked;
    asked = ask;
    const target = lost() ? back() : document.activeElement;
    const to = came && waits(target) ? turn : target;
    if (to && to !== document.activeElement) to.focus({ preventScroll: true });
  };
  const later = () => {
    if (!queued) {
      queued = true;
      requestAnimationFrame(mend);
    }
  };
  new MutationObserver(later).observe(document.body, {
    subtree: true, childList: true, attributes: true, attributeFilter: ["hidden", "disabled", "class"],
  });
  document.addEventListener("focusout", later);
  window.addEventListener("focus", later);
  // Tab and Shift+Tab go round inside the dialog on top, never behind it
  document.addEventListener("keydown", (e) => {
    if (e.key !== "Tab") return;
    const dialog = topDialog();
    if (!dialog) return;
    const list = focusables(dialog);
    if (!list.length) return;
    const i = list.indexOf(document.activeElement);
    const next = e.shiftKey ? (i <= 0 ? list.length - 1 : i - 1) : (i === -1 || i === list.length - 1 ? 0 : i + 1);
    e.preventDefault();
    list[next].focus();
  }, true);
}
