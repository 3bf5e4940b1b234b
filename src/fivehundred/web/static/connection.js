// The table's connection as the page shows it (net.js's ``Connection`` tells its changes): the
// banner while it connects or reconnects, or while a new seat link waits for the next deal;
// closing it as the page leaves the table.

import { app } from "./app.js";

/** The connection's new state ("connecting", "open", "reconnecting", "closed"): the banner
 *  shown (after a moment, lest it flicker) or hidden. */
export function onConnection(stateName) {
  const banner = document.getElementById("conn-banner");
  clearTimeout(app.bannerTimer);
  if (app.linkTooEarly && stateName !== "closed") {
    // a new link opened before the next deal: one steady line while the page waits (the
    // table was an empty felt under a banner that flickered with every try)
    document.getElementById("conn-text").textContent = "Your seat opens with the next deal: waiting for it…";
    banner.hidden = false;
    if (stateName === "open") app.lastSeq = -1;
    return;
  }
  if (stateName === "open") {
    banner.hidden = true;
    app.lastSeq = -1; // the server re-sends the state; its numbering may have restarted
    return;
  }
  if (stateName === "reconnecting" || stateName === "connecting") {
    document.getElementById("conn-text").textContent =
      stateName === "connecting" ? "Connecting…" : "Reconnecting…";
    app.bannerTimer = setTimeout(() => { banner.hidden = false; }, stateName === "connecting" ? 1200 : 400);
    return;
  }
  banner.hidden = true;
}

/** Close the table's connection, if any, and its banner. */
export function closeConnection() {
  if (app.conn) app.conn.close();
  app.conn = null;
  clearTimeout(app.bannerTimer);
  document.getElementById("conn-banner").hidden = true;
}
