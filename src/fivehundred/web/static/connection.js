// The table's connection as the page shows it (net.js's ``Connection`` tells its changes): the
// banner while it connects or reconnects, or while a new seat link waits for the next deal;
// closing it as the page leaves the table.

import { app } from "./app.js";

/** The connection's new state ("connecting", "open", "reconnecting", "closed"): the banner
 *  shown (after a moment, lest it flicker) or hidden. Each failed try says "reconnecting"
 *  again: the moment counts from the first, so tries quicker than it still show the banner. */
export function onConnection(stateName) {
  const banner = document.getElementById("conn-banner");
  const text = document.getElementById("conn-text");
  if (app.linkTooEarly && stateName !== "closed") {
    // a new link opened before the next deal: one steady line while the page waits (the
    // table was an empty felt under a banner that flickered with every try)
    hideBanner(false);
    text.textContent = "Your seat opens with the next deal: waiting for it…";
    banner.hidden = false;
    if (stateName === "open") opened();
    return;
  }
  if (stateName === "reconnecting" || stateName === "connecting") {
    text.textContent = stateName === "connecting" ? "Connecting…" : "Connection lost: reconnecting…";
    if (banner.hidden && app.bannerTimer === null) {
      app.bannerTimer = setTimeout(() => {
        app.bannerTimer = null;
        banner.hidden = false;
      }, stateName === "connecting" ? 1200 : 400);
    }
    return;
  }
  hideBanner();
  if (stateName === "open") opened();
}

/** A socket opened: the server re-sends the state (its numbering may have restarted), whose
 *  coming forgets what the socket before took and never answered (messages.js). */
function opened() {
  app.lastSeq = -1;
  app.reopened = true;
}

/** Where the banner lies while a dialog is on show: at the top of the screen, clear of the
 *  buttons at the dialog's foot (a phone's layouts put it low, above the hand, where it lay
 *  over the end of a hand's REVIEW AGAINST DOUBLE DUMMY and PLAY THIS DEAL AGAIN); else where
 *  the style sheet puts it. Placed whenever the banner or a dialog is shown or hidden, by
 *  whichever module does it (the banner says "Waiting for the server…" too: app.js). */
function placeBanner() {
  const banner = document.getElementById("conn-banner");
  const dialog = !banner.hidden && [...document.querySelectorAll(".modal")].some((m) => !m.hidden);
  banner.style.top = dialog ? "8px" : "";
  banner.style.bottom = dialog ? "auto" : "";
}

const placer = new MutationObserver(placeBanner);
for (const el of [document.getElementById("conn-banner"), ...document.querySelectorAll(".modal")]) {
  placer.observe(el, { attributes: true, attributeFilter: ["hidden"] });
}

/** The banner's pending moment cancelled, and (with ``hide``) the banner hidden. */
function hideBanner(hide = true) {
  clearTimeout(app.bannerTimer);
  app.bannerTimer = null;
  if (hide) document.getElementById("conn-banner").hidden = true;
}

/** Close the table's connection, if any, and its banner. */
export function closeConnection() {
  if (app.conn) app.conn.close();
  app.conn = null;
  hideBanner();
}
