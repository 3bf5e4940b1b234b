// The lobby: a new game (rules preset, house rules, opponents' strength, friends), CONTINUE
// for a saved unfinished game, your statistics per strength, and the finished games to open.

import { getLobby, getFinished, createTable } from "./net.js";
import { showGuide } from "./guide.js";
import { h, clear, cap, inWords, savedTable, savedTables, askSeats, windowTable, loadPrefs, savePrefs } from "./util.js";
import { STRENGTH_WORDS, statsTable } from "./stats.js";
import { fillGames, fillInPlay, fillFinished, windowsFirst } from "./saved-games.js";
import { keptGames, sayCutLink } from "./navigation.js";

const PROBLEMS_SHOWN = 3; // the server's problems the lobby lists (the others counted)

// A lobby whose lists did not come (the server away: stopped, or the link down) asks again by
// itself, 2 s after, then 4 s, 8 s, and every 10 s, and at once when the window is back in
// front or online; it says so meanwhile, in the table's words ("reconnecting…"), and PLAY
// waits for the lists (the form has no rules to offer without them).
const RETRY_FIRST_MS = 2000;
const RETRY_MOST_MS = 10000;

/** A points field's whole number as typed, or NaN while it holds none ("", "3e", "30.5"). */
function typedNumber(input) {
  const typed = input.value.trim();
  return /^-?\d+$/.test(typed) ? Number(typed) : NaN;
}

/** What a points field (``input``, of the toggle ``t``) takes, and what it holds instead:
 *  "Game to: a whole number of tens from 10 to 10,000, not 255". */
function pointsWanted(input, t) {
  const range = `${t.min.toLocaleString("en")} to ${t.max.toLocaleString("en")}`;
  const typed = input.value.trim() ? `, not ${input.value.trim()}` : "";
  return `${t.label}: a whole number of tens from ${range}${typed}`;
}

/** Whether a points field (``input``, of the toggle ``t``) holds a number the rules take: a
 *  whole number of tens from its least to its most. */
function pointsTaken(input, t) {
  const n = typedNumber(input);
  return Number.isInteger(n) && n >= t.min && n <= t.max && n % 10 === 0;
}

export class Lobby {
  /** onStart({table, token, links}) opens a table. */
  constructor({ onStart }) {
    this.onStart = onStart;
    this.root = document.getElementById("lobby");
    this.form = document.getElementById("new-game-form");
    this.preset = document.getElementById("preset");
    this.strength = document.getElementById("strength");
    this.toggles = document.getElementById("toggles");
    this.play = document.getElementById("play");
    this.err = document.getElementById("lobby-error");
    this.data = null;
    this.choiceValues = new Map(); // select name -> [original values]
    this.badInput = null;          // the points field the error is about, if any
    this.errAbout = null;          // what the error shown says: "server" (lists not loaded), "form"
    this.visit = 0;                // each showing (and hiding) of the lobby: a later answer is not drawn
    this.loadingVisit = -1;        // the visit whose lists are being asked for
    this.tries = 0;                // the lists asked for in vain this visit
    this.retryTimer = null;
    this.newGame = false;          // (where the keyboard goes once the lists are drawn)

    this.preset.addEventListener("change", () => {
      this.applyDefaults();
      this.updateNote();
    });
    this.form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.start();
    });
    document.getElementById("friends").addEventListener("change", (e) => {
      document.getElementById("player-name-field").hidden = !e.target.checked;
    });
    document.getElementById("continue").addEventListener("click", () => this.continueGame());
    // (once: the box stays, its rules are built again at each visit to the lobby)
    this.toggles.addEventListener("change", () => this.countChanged());
    this.toggles.addEventListener("input", () => this.countChanged());   // (a number, as typed)
    this.toggles.addEventListener("input", (e) => this.recheck(e.target));
    this.toggles.addEventListener("change", (e) => this.recheck(e.target, true));
    // the server back in reach, maybe: a lobby still without its lists asks at once
    window.addEventListener("focus", () => this.retryNow());
    window.addEventListener("online", () => this.retryNow());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.retryNow();
    });
    // how to play under the rules chosen: the preset and the house rules as the form has them
    document.getElementById("guide-lobby").addEventListener("click", () => {
      if (this.data) showGuide({ preset: this.preset.value, toggles: this.toggleValues() });
    });
  }

  async show({ newGame = false } = {}) {
    this.root.hidden = false;
    this.root.scrollTop = 0;                 // (shown again: at its top, not where it was left)
    this.visit += 1;
    this.newGame = newGame;
    this.tries = 0;
    this.setLoaded(false);                   // (until the server's lists are drawn: load)
    // a lobby shown again still holds its last visit's games until the server answers: they
    // are greyed and cannot be opened meanwhile (a quick CONTINUE took a game since ended)
    for (const box of this.lists()) box.inert = true;
    document.body.dataset.phase = "lobby";
    this.hideError();
    sayCutLink();
    await this.load();
  }

  /** The boxes of saved games (CONTINUE's, the others in progress, the finished ones). */
  lists() {
    return ["continue-box", "in-play-box", "finished-box"].map((id) => document.getElementById(id));
  }

  /** Whether this visit's lists are drawn (``#lobby[data-loaded]``): PLAY waits for them. */
  setLoaded(loaded) {
    this.root.dataset.loaded = String(loaded);
    this.play.disabled = !loaded;
  }

  /** Ask the server for the lobby's lists and draw them; if they do not come, say so and ask
   *  again later (``retryLater``). An answer that comes after the lobby was left, or shown
   *  again, is not drawn. */
  async load() {
    const visit = this.visit;
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.loadingVisit = visit;
    let data;
    let kept = [];
    let news = [];
    try {
      data = await getLobby();
      // serving, the server lists nobody's games: this browser's own, as the server has them
      if (data.mode === "serve") {
        kept = savedTables();
        news = await askSeats(kept);
      }
    } catch (e) {
      if (visit !== this.visit || this.root.hidden) return;
      this.loadingVisit = -1;
      this.notLoaded(e);
      return;
    }
    if (visit !== this.visit || this.root.hidden) return;
    this.loadingVisit = -1;
    this.data = data;
    this.renderForm();
    this.renderProblems(this.data.problems || []);
    const [mine, others] = data.mode === "serve" ? keptGames(kept, news)
      : windowsFirst(this.data.continue, this.data.in_play || []);
    this.renderContinue(mine, data.mode !== "serve");
    this.renderStats(this.data.stats);
    this.renderInPlay(others);
    this.finished = data.finished || [];
    this.finishedOlder = data.finished_older || null;
    this.renderFinished();
    for (const box of this.lists()) box.inert = false;
    this.setLoaded(true);
    if (this.errAbout === "server") this.hideError();
    // a game in progress (a reload lands here): Enter goes on with it; PLAY after "New game"
    // (CONTINUE would take you back to the game you left); not taken from a field the player
    // went to while the server was away; in sight (below the fold, Enter pressed an unseen one)
    const at = document.activeElement;
    if (this.tries && at && at !== document.body) return;
    const cont = document.getElementById("continue");
    const to = cont.hidden || this.newGame ? this.play : cont;
    to.focus({ preventScroll: true });
    to.scrollIntoView({ block: "nearest" });    // (nothing moves if it is in sight)
  }

  /** The lists did not come (``e``): what this browser kept is offered (its CONTINUE), the
   *  reason said and the lists asked for again later (``away``). */
  notLoaded(e) {
    this.away(e);
    this.renderContinue(null);        // (what this browser kept)
    fillGames("in-play", [], null);
    fillFinished([], null, null, null);
    for (const box of this.lists()) box.inert = false;
    if (!this.data) {                 // (a page that never had the lists: no "Loading…" for ever)
      clear(document.getElementById("stats"))
        .appendChild(h("p.muted", { text: "Waiting for the game server…" }));
      const note = this.root.querySelector(".note");    // (about rules not offered yet)
      if (note) note.hidden = true;
    }
  }

  /** Says why the server's answer did not come (``e``: none at all, the server stopped or
   *  the link down; else the server's error) and asks for the lists again later: the words
   *  go once they are drawn. */
  away(e) {
    const local = this.data && this.data.mode === "local";
    this.showError(e.unanswered
      ? `The game server does not answer${local ? " (is fivehundred play still running?)" : ""}: reconnecting…`
      : `The lobby could not be loaded (${e.message}): trying again…`, "server");
    this.retryLater();
  }

  /** The lists asked for again after a wait that grows (2 s, 4 s, 8 s, then every 10 s). */
  retryLater() {
    const wait = Math.min(RETRY_MOST_MS, RETRY_FIRST_MS * 2 ** Math.min(this.tries, 8));
    this.tries += 1;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.load(), wait);
  }

  /** The lists asked for now, if the lobby is shown without them and not asking already (the
   *  window back in front, back online, PLAY pressed meanwhile): no wait of up to 10 s. */
  retryNow() {
    if (this.root.hidden || this.root.dataset.loaded === "true" || this.loadingVisit === this.visit) return;
    this.load();
  }

  hide() {
    this.root.hidden = true;
    this.visit += 1;                  // (a late answer is not drawn, nor asked for again)
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.markInvalid(null);
    this.hideError();                 // (the next visit starts without the last one's error)
  }

  /** Shows ``text`` under PLAY; ``about`` says what it is about: "server" (the lists did not
   *  come: it goes once they do), "form" (a house rule, a refused start). */
  showError(text, about = "form") {
    // (the same words shown already are not written again: an alert, each try again would
    // have been said again)
    if (this.err.hidden || this.err.textContent !== text) this.err.textContent = text;
    this.err.hidden = false;
    this.errAbout = about;
  }

  /** No error shown, and none kept in the hidden line (a screen reader's browse mode or a
   *  test reading it found an error already put right). */
  hideError() {
    this.err.hidden = true;
    this.err.textContent = "";
    this.errAbout = null;
  }

  renderForm() {
    const d = this.data;
    const prefs = loadPrefs();
    clear(this.preset);
    for (const p of d.presets || []) {
      this.preset.appendChild(h("option", { value: p.name, text: p.label || p.name }));
    }
    const presetNames = (d.presets || []).map((p) => p.name);
    this.preset.value = presetNames.includes(prefs.preset) ? prefs.preset
      : presetNames.includes("australian") ? "australian" : presetNames[0];

    clear(this.strength);
    for (const s of d.strengths || Object.keys(STRENGTH_WORDS)) {
      this.strength.appendChild(h("option", { value: s, text: STRENGTH_WORDS[s] || cap(s) }));
    }
    const strengths = d.strengths || [];
    this.strength.value = strengths.includes(prefs.strength) ? prefs.strength
      : strengths.includes("medium") ? "medium" : strengths[0];

    clear(this.toggles);
    this.choiceValues.clear();
    for (const t of d.toggles || []) {
      const id = `opt-${t.option}`;
      if (t.group) this.toggles.append(h("div.toggle-group", { role: "heading", "aria-level": "3", text: t.group }));
      // what the rule means: a tooltip for the mouse, a description for the keyboard and a
      // screen reader (a title alone reaches neither), outside the label (its name)
      // (in words: its bids "between 8♠ and 8♣" were read "between 8 and 8")
      const text = h("span.sr-only.toggle-text", { id: `${id}-text`, text: inWords(t.text || "", { bids: true }) });
      if (t.kind === "bool") {
        this.toggles.append(h("label.toggle-row", { for: id, title: t.text || "" },
          h("span.toggle-label", { text: t.label }),
          h("span.switch", null,
            h("input", { type: "checkbox", id, name: t.option, "aria-describedby": `${id}-text` }),
            h("span.slider", { "aria-hidden": "true" }))), text);
      } else if (t.kind === "number") {
        // a number of points typed (a house's 300 or 750), the common values offered
        const list = `${id}-list`;
        const input = h("input", { type: "number", id, name: t.option, min: String(t.min),
          max: String(t.max), step: String(t.step || 10), inputmode: "numeric", list,
          "aria-describedby": `${id}-text` });
        const suggestions = h("datalist", { id: list });
        for (const v of t.choices || []) suggestions.appendChild(h("option", { value: String(v) }));
        this.toggles.append(h("label.toggle-row", { for: id, title: t.text || "" },
          h("span.toggle-label", { text: t.label }), input, suggestions), text);
      } else {
        const sel = h("select", { id, name: t.option, "aria-describedby": `${id}-text` });
        const values = t.choices || [];
        this.choiceValues.set(t.option, values);
        const words = t.choice_words || [];
        // a choice's bids shown as symbols ("Above 8♠"), named in words for a screen reader
        values.forEach((v, i) => {
          const shown = words[i] || String(v);
          const said = inWords(shown, { bids: true });
          sel.appendChild(h("option", { value: String(v), text: shown, "aria-label": said !== shown ? said : null }));
        });
        this.toggles.append(h("label.toggle-row", { for: id, title: t.text || "" },
          h("span.toggle-label", { text: t.label }), sel), text);
      }
    }
    for (const t of d.toggles || []) {
      const need = t.needs && this.toggles.querySelector(`[name="${t.needs}"]`);
      if (need) need.addEventListener("change", () => this.followNeeds());
    }
    const reset = h("button.btn.btn-secondary.btn-small#own-rules", { type: "button", text: "THE PRESET'S OWN RULES" });
    reset.addEventListener("click", () => this.applyDefaults(false));
    this.toggles.appendChild(h("div.toggles-reset", null, reset));
    const friendsBox = document.getElementById("friends-box");
    friendsBox.hidden = d.mode !== "serve";
    if (prefs.name) document.getElementById("player-name").value = prefs.name;
    this.applyDefaults();
    this.updateNote();
  }

  /** A switch that means nothing while the one it needs is off (open misère without misère)
   * is shown off and cannot be changed; it comes back as it was when that one is on again. */
  followNeeds() {
    const off = (this.data && this.data.toggles_off && this.data.toggles_off[this.preset.value]) || {};
    for (const t of (this.data && this.data.toggles) || []) {
      const input = t.needs && this.toggles.querySelector(`[name="${t.option}"]`);
      const need = t.needs && this.toggles.querySelector(`[name="${t.needs}"]`);
      if (!input || !need || t.option in off) continue;
      const on = need.checked && !need.disabled;     // (a switch shown off: its own need is)
      const row = input.closest(".toggle-row");
      const box = input.type === "checkbox";          // a list keeps its choice, shown off
      if (!on && !input.disabled) {
        if (box) {
          input.dataset.was = input.checked ? "1" : "0";
          input.checked = false;
        }
        input.disabled = true;
      } else if (on && input.disabled) {
        if (box) input.checked = input.dataset.was === "1";
        input.disabled = false;
      }
      if (row) row.classList.toggle("off", input.disabled);
    }
  }

  /** "Your partner plays at least Hard" ("partners play" with two): only where you have one. */
  updateNote() {
    const p = (this.data.presets || []).find((x) => x.name === this.preset.value);
    const note = this.root.querySelector(".note");
    if (!note) return;
    note.hidden = !p || !p.partners;
    if (p && p.partners) note.textContent = p.partners > 1 ? "Your partners play at least Hard." : "Your partner plays at least Hard.";
  }

  /** Sets the house-rule inputs to the chosen preset's values, then (``remembered``) to the
   * house rules last played under it here; a rule that means nothing under the preset (the
   * joker's, in a pack without it) is shown off, with the reason. */
  applyDefaults(remembered = true) {
    const d = this.data;
    if (!d) return;
    const preset = this.preset.value;
    const defs = (d.defaults && d.defaults[preset]) || {};
    const off = (d.toggles_off && d.toggles_off[preset]) || {};
    const mine = remembered ? (loadPrefs().house || {})[preset] || {} : {};
    for (const t of d.toggles || []) {
      const input = this.toggles.querySelector(`[name="${t.option}"]`);
      if (!input) continue;
      const own = t.option in defs ? defs[t.option] : t.default;
      const v = t.option in mine && !(t.option in off) ? mine[t.option] : own;
      if (t.kind === "bool") {
        input.checked = typeof v === "boolean" ? v : !!own;
      } else if (t.kind === "number") {
        input.value = String(Number.isInteger(v) ? v : own);
      } else {
        const values = this.choiceValues.get(t.option) || [];
        const found = [v, own].map((x) => values.find((c) => String(c) === String(x)))
          .find((c) => c !== undefined);
        input.value = String(found !== undefined ? found : values[0]);
      }
      input.disabled = t.option in off;
      const row = input.closest(".toggle-row");
      if (row) {
        row.classList.toggle("off", input.disabled);
        row.title = off[t.option] ? `Not at this table: ${off[t.option]}` : t.text || "";
        const text = document.getElementById(`${input.id}-text`);
        if (text) text.textContent = inWords(row.title, { bids: true });   // (its bids in words)
      }
    }
    this.followNeeds();
    this.countChanged();
    if (this.badInput) {            // (the field the error was about holds the preset's value)
      this.markInvalid(null);
      this.hideError();
    }
  }

  /** The house rules' heading says how many differ from the preset's (so rules remembered
   * from the last game are seen), and THE PRESET'S OWN RULES shows only then. */
  countChanged() {
    const n = Object.keys(this.toggleValues()).length;
    const summary = this.root.querySelector("#house-rules summary");
    if (summary) summary.textContent = n ? `House rules · ${n} changed` : "House rules";
    const reset = document.getElementById("own-rules");
    if (reset) reset.hidden = !n;
  }

  /** The toggles that differ from the preset's own values (others are left to the server).
   * One shown off is left out: it means nothing at the table (open misère without misère,
   * the joker's rule without a joker), the server refuses it, and remembered it would stay
   * off once the one it needs is on again. */
  toggleValues() {
    const d = this.data;
    const out = {};
    const defs = (d.defaults && d.defaults[this.preset.value]) || {};
    for (const t of d.toggles || []) {
      const input = this.toggles.querySelector(`[name="${t.option}"]`);
      if (!input || input.disabled) continue;
      let v;
      if (t.kind === "bool") v = input.checked;
      else if (t.kind === "number") {
        v = typedNumber(input);      // (none yet is no house rule yet: PLAY says what it takes)
        if (Number.isNaN(v)) continue;
      } else v = (this.choiceValues.get(t.option) || []).find((c) => String(c) === input.value);
      if (v === undefined) continue;
      if (t.option in defs && String(defs[t.option]) === String(v)) continue;
      out[t.option] = v;
    }
    return out;
  }

  /** Whether every number of points typed is one the rules take; if one is not, it says
   * which and what it takes, marks the field so (invalid, described by the error) and puts
   * the keyboard on it (no game is asked for). */
  numbersTyped() {
    this.markInvalid(null);
    for (const t of (this.data && this.data.toggles) || []) {
      const input = t.kind === "number" && this.toggles.querySelector(`[name="${t.option}"]`);
      if (!input || input.disabled) continue;
      if (pointsTaken(input, t)) continue;
      this.showError(pointsWanted(input, t));
      this.markInvalid(input);
      const rules = this.root.querySelector("#house-rules");
      if (rules) rules.open = true;
      input.focus();
      return false;
    }
    return true;
  }

  /** Marks ``input`` (or none) as the field the error is about: ``aria-invalid`` and
   *  described by the error as well as by its rule, for a screen reader on it (the error was
   *  said once, then nothing on the field told what was wrong); any field marked before is
   *  cleared. */
  markInvalid(input) {
    for (const was of this.toggles.querySelectorAll('[aria-invalid="true"]')) {
      was.removeAttribute("aria-invalid");
      was.setAttribute("aria-describedby", `${was.id}-text`);
    }
    this.badInput = input;
    if (!input) return;
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", `${this.err.id} ${input.id}-text`);
  }

  /** A field typed in (``input``): if it is the one the error is about and now holds a
   *  number the rules take, the error and its marks go; still wrong once changed
   *  (``changed``: left, or Enter), the error names what it holds now, not what it held. */
  recheck(input, changed = false) {
    if (!input || input !== this.badInput) return;
    const t = ((this.data && this.data.toggles) || []).find((x) => x.option === input.name);
    if (!t) return;
    if (pointsTaken(input, t)) {
      this.markInvalid(null);
      this.hideError();
    } else if (changed) {
      this.showError(pointsWanted(input, t));
    }
  }

  async start() {
    if (!this.data || this.root.dataset.loaded !== "true") {   // (PLAY waits for the lists)
      this.retryNow();
      return;
    }
    this.hideError();
    if (!this.numbersTyped()) return;
    this.play.disabled = true;
    const friends = !!document.getElementById("friends").checked && this.data.mode === "serve";
    const name = document.getElementById("player-name").value.trim();
    const body = {
      preset: this.preset.value,
      toggles: this.toggleValues(),
      strength: this.strength.value,
      friends,
    };
    if (name) body.name = name;
    const prefs = loadPrefs();
    if ((this.data.speeds || []).includes(prefs.speed)) body.speed = prefs.speed;  // the menu's last
    const house = { ...(prefs.house || {}), [body.preset]: body.toggles };   // the next game's
    savePrefs({ ...prefs, preset: body.preset, strength: body.strength, name, house });
    const visit = this.visit;
    let r;
    try {
      r = await createTable(body);
    } catch (e) {
      if (visit !== this.visit) return;
      this.play.disabled = false;
      if (!e.unanswered) {
        this.showError(`Could not start the game: ${e.message}`);
        return;
      }
      // the server away: said as while loading, and the lists asked for again until it
      // answers (its message then goes; PLAY waits for them)
      this.setLoaded(false);
      this.tries = 1;                 // (the keyboard stays where it is when they come)
      this.away(e);
      return;
    }
    this.play.disabled = false;
    this.onStart({ table: r.table, token: r.token, links: r.links || [] });
  }

  /** What the server could not do (a saved game it could not open, a save that failed), in
   * a short notice: a damaged game used to vanish from the lists without a word. */
  renderProblems(problems) {
    const box = document.getElementById("lobby-problems");
    const shown = problems.slice(0, PROBLEMS_SHOWN).map(String);
    if (problems.length > shown.length) shown.push(`and ${problems.length - shown.length} more (the server's log has them)`);
    box.hidden = !shown.length;
    clear(document.getElementById("lobby-problems-list"))
      .append(...shown.map((text) => h("li", { text })));
  }

  /** CONTINUE's game: ``game`` (the server's, or serving this browser's, with its line), or
   *  with ``orKept`` where there is none (no server to ask) the one this browser kept. */
  renderContinue(game, orKept = true) {
    const box = document.getElementById("continue-box");
    const c = game || (orKept ? windowTable() || savedTable() : null);
    // (whose seat it is, his or a friend's, openTable reads from the seats this browser kept)
    this.continueLink = c ? { table: c.table, token: c.token } : null;
    box.hidden = !c;
    document.getElementById("continue").hidden = !c;
    // "rules · hand · side score · side score": the rules and the hand on a line, each side
    // with its score below, wrapping between sides, not inside one. The server sends the parts
    // apart (a friend's name may have " · " in it); a reply with the line alone is cut at " · "
    const summary = clear(document.getElementById("continue-summary"));
    const parts = c && Array.isArray(c.summary_parts) && c.summary_parts.length
      ? c.summary_parts.map(String)
      : ((c && c.summary) || (c ? "Pick up where you left off" : "")).split(" · ");
    const line = (items) => {
      const el = h("div");
      items.forEach((part, i) => {
        if (i) el.append(" · ");
        el.appendChild(h("span.cs-part", { text: part }));
      });
      return el;
    };
    summary.appendChild(line(parts.slice(0, 2)));
    if (parts.length > 2) summary.appendChild(line(parts.slice(2)));
  }

  continueGame() {
    if (!this.continueLink) return;
    this.onStart({ ...this.continueLink, links: [] });
  }

  /** The other unfinished games (``games``), each to continue where it was left. */
  renderInPlay(games) {
    fillInPlay(games, (g) => this.onStart({ table: g.table, token: g.token, links: [] }));
  }

  /** The finished games listed so far (the newest first), each opened at its end; OLDER
   * GAMES under them while the server has older ones (``this.finishedOlder``). */
  renderFinished() {
    fillFinished(this.finished, this.finishedOlder,
      (g) => this.onStart({ table: g.table, token: g.token, links: [], finished: true }),
      () => this.loadOlder());
  }

  /** OLDER GAMES: the next ten finished games, added under those listed (the first of them
   * given the keyboard); if they do not come, the button says so and may be pressed again. */
  async loadOlder() {
    const visit = this.visit;
    const button = document.getElementById("finished-older");
    button.disabled = true;
    let got;
    try {
      got = await getFinished(this.finishedOlder);
    } catch (e) {
      if (visit !== this.visit) return;
      button.disabled = false;
      button.textContent = "OLDER GAMES (not loaded: try again)";
      return;
    }
    if (visit !== this.visit || this.root.hidden) return;
    const from = this.finished.length;
    this.finished = [...this.finished, ...(got.finished || [])];
    this.finishedOlder = got.older || null;
    this.renderFinished();
    const first = document.querySelectorAll("#finished-list .finished-open")[from];
    if (first) first.focus();
  }

  renderStats(stats) {
    const box = document.getElementById("stats");
    clear(box);
    box.appendChild(statsTable(stats, this.data ? this.data.strengths : null));
  }
}
