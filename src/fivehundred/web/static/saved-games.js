// The lobby's lists of saved games: their lines, CONTINUE's game among them, and the
// moments they were played, told apart.

import { h, clear, cap, windowTable } from "./util.js";
import { STRENGTH_WORDS } from "./stats.js";

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

/** The other unfinished games, newest first, each to continue where it was left by
 * ``open(g)`` (starting a new game keeps the one before it: CONTINUE offers this window's or
 * the newest, these the rest); one whose time is not known (``updated`` 0: kept by an older
 * page) has none. */
export function fillInPlay(games, open) {
  const whens = distinctWhens(games, (g) => g.updated, (g) => g.summary_parts.map(String).join(", "));
  fillGames("in-play", games, (g, i) => {
    const when = g.updated ? whens[i] : null;
    const parts = g.summary_parts.map(String);
    return {
      head: [[...parts.slice(0, 2), ...(when ? [when] : [])].join(" · ")],
      scores: parts.slice(2).map((p) => h("span.cs-part", { text: p })),
      button: h("button.btn.btn-secondary.finished-open", {
        type: "button", text: "CONTINUE",
        "aria-label": `Continue the game ${when ? `last played ${when}` : "in progress"}: ${parts.join(", ")}`,
        onclick: () => open(g),
      }),
    };
  });
}

/** The finished games ``games`` (newest first) listed, each opened at its end (the game's end
 * dialog: every hand played out reviewed against double dummy, the record to save) by
 * ``open(g)``; under them OLDER GAMES (``more()``) where the server has older ones
 * (``older``: where they go on), else none. */
export function fillFinished(games, older, open, more) {
  const whens = distinctWhens(games, (g) => g.ended,
    (g) => `${g.won} ${g.rules_label} ${g.side_names.join(" ")} ${g.scores.join(" ")}`);
  fillGames("finished", games, (g, i) => {
    const when = whens[i];
    return {
      head: [h("b", { class: g.won ? "pos" : "neg", text: g.won ? "Won" : "Lost" }),
        ` · ${g.rules_label} · ${STRENGTH_WORDS[g.strength] || cap(g.strength)} · ${g.hands} hand${g.hands === 1 ? "" : "s"} · ${when}`],
      scores: g.side_names.map((name, k) => h("span.cs-part", { class: k === g.side ? "mine" : "", text: `${name} ${g.scores[k]}` })),
      button: h("button.btn.btn-secondary.finished-open", {
        type: "button", text: "OPEN",
        "aria-label": `Open the game of ${when}: ${g.won ? "won" : "lost"}, ${g.rules_label}, ${g.side_names.map((n, k) => `${n} ${g.scores[k]}`).join(", ")}`,
        onclick: () => open(g),
      }),
    };
  });
  const button = document.getElementById("finished-older");
  button.hidden = !older;
  button.disabled = false;
  button.textContent = "OLDER GAMES";
  button.onclick = more;
  // (older games, however many damaged ones were left out of this page: the box is shown)
  if (older) document.getElementById("finished-box").hidden = false;
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
