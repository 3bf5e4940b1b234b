// The lobby's lists of saved games: their lines, CONTINUE's game among them, and the
// moments they were played, told apart.

import { h, clear, windowTable } from "./util.js";

/** The lobby's list ``name`` ("in-play", "finished": its box and its list) of saved games, a
 * line each: ``line(game)`` gives its head, its sides' scores and its button. */
export function fillGames(name, games, line) {
  document.getElementById(`${name}-box`).hidden = !games.length;
  const list = clear(document.getElementById(`${name}-list`));
  games.forEach((g, i) => {
    const { head, scores, button } = line(g, i);
    list.appendChild(h("li.finished-game", { dataset: { table: g.table } },
      h("div.finished-text", null,
        h("div.finished-head", null, head),
        h("div.finished-scores", null, scores.flatMap((el, k) => (k ? [" · ", el] : [el])))),
      button));
  });
}

/** The game for CONTINUE and the other unfinished games, from the server's newest and the
 * rest: this window's own game where the server lists it (another window's, updated since,
 * is not what CONTINUE here means), else the newest; the others newest first. */
export function windowsFirst(newest, rest) {
  const mine = windowTable();
  const at = mine ? rest.findIndex((g) => g.table === mine.table) : -1;
  if (!newest || at < 0) return [newest, rest];
  return [rest[at], [newest, ...rest.filter((_, i) => i !== at)]];
}

/** A moment as the lobby's lists write it: "4 Dec, 13:39" (``exact``: "4 Dec, 13:39:05"). */
export function whenText(seconds, exact = false) {
  return new Date(seconds * 1000).toLocaleString(undefined,
    { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", second: exact ? "2-digit" : undefined });
}

/** Each game's moment as its line and its button's name say it, told apart: two games alike
 *  (``alike(g)``: their summary) at the same minute have their seconds, and at the same second
 *  their place among them ("(2 of 2)"): two CONTINUE buttons had one name, which a screen
 *  reader's list of buttons could not tell apart. ``time(g)``: the game's moment, in seconds. */
export function distinctWhens(games, time, alike) {
  const count = (list) => (x) => list.filter((y) => y === x).length;
  const key = (g, when) => `${when}|${alike(g)}`;
  const minute = games.map((g) => key(g, whenText(time(g))));
  const second = games.map((g) => key(g, whenText(time(g), true)));
  return games.map((g, i) => {
    if (count(minute)(minute[i]) < 2) return whenText(time(g));
    const exact = whenText(time(g), true);
    const same = second.map((k, j) => (k === second[i] ? j : -1)).filter((j) => j >= 0);
    return same.length < 2 ? exact : `${exact} (${same.indexOf(i) + 1} of ${same.length})`;
  });
}
