// A table with friends gathers before its game (``table.gathering``): the first hand is dealt
// but nobody moves until the host's START. Over the table, a panel lists the seats (who has sat
// down, who not yet: a bot will play his seat), the links still to send (COPY LINK, as the
// menu's), and for the host START, its words saying which seats the bots will play; a friend
// reads whom the game waits for.

import { send } from "./app.js";
import { h, clear, nameNode, nameList } from "./util.js";
import { linkField } from "./menu.js";
import { creatorAway, heldTooLong } from "./away.js";

/** Whether someone sits at seat ``x`` now (a friend who opened his link and is still here). */
const here = (x) => x.kind === "human" && x.connected;

/** START: the table starts (the server's to check: the host, or anyone once he has left or
 *  the table has waited ``hold_after``, five times ``idle_after``, on him since the last
 *  friend sat down). */
export function wireGathering() {
  document.getElementById("gathering-start").addEventListener("click", () => send({ type: "start" }));
}

/** Show the panel for state ``s`` while its table gathers, else hide it. The host's START
 *  takes the focus as the panel first shows. A friend's START shows once the host has left,
 *  or once the table has waited ``hold_after`` on him (his page open, he gone: drawn again
 *  then, the server sending nothing). */
export function renderGathering(s) {
  const panel = document.getElementById("gathering");
  const t = s.table;
  const was = !panel.hidden;
  panel.hidden = !t.gathering;
  if (!t.gathering) return;
  const host = t.seats[0];
  // the seats a bot plays once the game starts: every other seat nobody sits at now
  const empty = t.seats.filter((x) => x.seat !== s.you && !here(x));
  document.getElementById("gathering-title").textContent = empty.length ? "Waiting for the players" : "Everyone is here";
  const line = document.getElementById("gathering-line");
  const may = t.may_start || heldTooLong(s, "start", () => renderGathering(s));
  const words = !may ? ["Waiting for ", nameNode(host.name), " to start the game"]
    : s.you !== 0 ? [nameNode(host.name), creatorAway(t) ? " has left: you may start the game"
      : " seems to be away: you may start the game"]
    : empty.length ? ["Not here yet: ", ...nameList(empty.map((x) => x.name)), ". Send each friend the link to their seat: a seat still empty at START is played by a bot until its player comes.", ...yourWait(t)]
    : ["Everyone is here: press START to begin.", ...yourWait(t)];
  const said = words.map((w) => (typeof w === "string" ? w : w.textContent)).join("");
  if (line.dataset.said !== said) {      // (a live line: said again only when it changes)
    line.dataset.said = said;
    line.replaceChildren(...words);
  }
  const start = document.getElementById("gathering-start");
  start.hidden = !may;
  start.replaceChildren(...(empty.length ? ["START — bots play for ", ...nameList(empty.map((x) => x.name))] : ["START"]));
  renderSeats(s);
  if (!was && may) start.focus({ preventScroll: true });
}

/** For the creator, once a friend sits at his table: that his friends may START it if he is
 *  away long enough (``hold_after``, counted from the last friend's sitting down), so a
 *  creator waiting on for a late friend is not surprised by their START. */
function yourWait(t) {
  if (!t.seats.some((x) => x.seat !== 0 && here(x))) return [];
  const s = t.hold_after ?? t.idle_after;
  const wait = s >= 60 ? `${Math.round(s / 60)} minute${Math.round(s / 60) === 1 ? "" : "s"}` : `${s} s`;
  return [` If you are away ${wait} after the last friend sat down, your friends may start the game.`];
}

/** What a seat's line says of it, for the reader at seat ``you``. */
function seatWords(x, you) {
  if (x.seat === you) return x.seat === 0 ? "you, the host" : "you";
  if (x.seat === 0) return here(x) ? "the host" : "the host, not here (a bot will play it)";
  if (here(x)) return "joined";
  return x.kind === "human" ? "has left (a bot will play it)" : "not here yet (a bot will play it)";
}

/** The seats' lines, built again only when one changes (a COPY LINK keeps the focus), each
 *  with, for the host, its link while it is not opened. */
function renderSeats(s) {
  const list = document.getElementById("gathering-seats");
  const links = new Map((s.table.links || []).filter((l) => !l.opened).map((l) => [l.seat, l]));
  const key = JSON.stringify([s.you, s.table.seats.map((x) => [x.name, x.kind, x.connected]), [...links.values()].map((l) => l.url)]);
  if (list.dataset.key === key) return;
  list.dataset.key = key;
  const focused = list.contains(document.activeElement) ? document.activeElement.closest("li").dataset.seat : null;
  clear(list);
  for (const x of s.table.seats) {
    const l = links.get(x.seat);
    let link = null;
    if (l) {
      link = h("div.gathering-link", null, ...linkField(l, "COPY LINK", `Copy link for ${x.name}`));
    }
    list.appendChild(h("li.gathering-seat", { dataset: { seat: String(x.seat), here: String(x.seat === s.you || here(x)) } },
      h("span.gathering-name", null, nameNode(x.name)), " ", h("span.gathering-state", { text: seatWords(x, s.you) }), link));
  }
  if (focused !== null) {
    const again = list.querySelector(`li[data-seat="${focused}"] button`);
    const start = document.getElementById("gathering-start");
    (again || (start.hidden ? null : start))?.focus({ preventScroll: true });
  }
}
