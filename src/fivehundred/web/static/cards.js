// Playing cards for the Five Hundred table, drawn as SVG: faces for every
// token (2-10, 11-13 of the six-handed pack, J Q K A, the joker, a led joker
// naming a suit), the back, suit icons and short text names.
// Vanilla ES module, no dependencies; artwork lives in cards-pips.js and
// cards-figures.js. Each distinct card is built once and cloned afterwards.

import { el, inkOf, pip, pipPositions, pipSize } from "./cards-pips.js";
import { backArt, courtArt, jokerArt, mirrored, namedSuitBadge, spadeAceArt } from "./cards-figures.js";

/** The four suits by letter. */
export const SUITS = Object.freeze({
  S: Object.freeze({ symbol: "♠", name: "spades", colour: "black" }),
  C: Object.freeze({ symbol: "♣", name: "clubs", colour: "black" }),
  D: Object.freeze({ symbol: "♦", name: "diamonds", colour: "red" }),
  H: Object.freeze({ symbol: "♥", name: "hearts", colour: "red" }),
});

const RANK_NAMES = { J: "jack", Q: "queen", K: "king", A: "ace" };
const FONT = '"Helvetica Neue", Helvetica, Arial, "Liberation Sans", sans-serif';
const CARD_RE = /^(10|11|12|13|[2-9JQKA])([SCDH])$/;
const JOKER_RE = /^JK(?::([SCDH]))?$/;
const JOKER_INK = "#b3202a";

/**
 * Parse a card token (case-insensitive) into its parts.
 * @returns {{token: string, rank?: string, suit?: string, joker?: boolean, named?: string|null}}
 */
function parse(token) {
  const text = typeof token === "string" ? token.toUpperCase() : "";
  const card = CARD_RE.exec(text);
  if (card) return { token: text, rank: card[1], suit: card[2] };
  const joker = JOKER_RE.exec(text);
  if (joker) return { token: text, joker: true, named: joker[1] ?? null };
  throw new Error(`not a card: ${token}`);
}

function suitOf(letter) {
  const suit = typeof letter === "string" ? SUITS[letter.toUpperCase()] : undefined;
  if (!suit) throw new Error(`not a suit: ${letter}`);
  return suit;
}

/** The other suit of each suit's colour: its jack is the left bower when this one is trumps. */
const SAME_COLOUR = Object.freeze({ S: "C", C: "S", D: "H", H: "D" });

/**
 * The trump suit of a contract (the server's, its strain a letter): null at no trumps, in a
 * misère, or with no contract yet.
 * @param {{strain?: string, misere?: boolean}|null|undefined} contract
 * @returns {string|null}
 */
export function trumpSuit(contract) {
  const strain = contract && !contract.misere ? contract.strain : null;
  return typeof strain === "string" && strain in SUITS ? strain : null;
}

/**
 * Spoken name of a card: "10 of hearts", "queen of spades", "joker", "joker (naming hearts)";
 * with ``trumps`` (a suit's letter) a jack named by its role too, as the engine's messages
 * note it: "jack of clubs, the left bower" with spades trumps, "jack of spades, the right
 * bower" (by its printed suit alone a screen reader's user heard a club played, then "follow
 * in trumps").
 * @param {string} token
 * @param {string|null} [trumps]
 * @returns {string}
 */
export function cardLabel(token, trumps = null) {
  const card = parse(token);
  if (card.joker) return card.named ? `joker (naming ${SUITS[card.named].name})` : "joker";
  const name = `${RANK_NAMES[card.rank] ?? card.rank} of ${SUITS[card.suit].name}`;
  if (card.rank !== "J" || !trumps) return name;
  if (card.suit === trumps) return `${name}, the right bower`;
  return card.suit === SAME_COLOUR[trumps] ? `${name}, the left bower` : name;
}

/**
 * Short text name of a card: "10♥", "Q♠", "Joker", "Joker (♥)".
 * @param {string} token
 * @returns {string}
 */
export function prettyCard(token) {
  const card = parse(token);
  if (card.joker) return card.named ? `Joker (${SUITS[card.named].symbol})` : "Joker";
  return `${card.rank}${SUITS[card.suit].symbol}`;
}

// ---- card construction ---------------------------------------------------

/** The blank card: ivory, rounded, grey border, faint inner shade. */
function blankCard(className, label) {
  return el("svg", {
    viewBox: "0 0 250 350", class: className, role: "img", "aria-label": label,
    "font-family": FONT, "text-rendering": "geometricPrecision",
  }, [
    el("rect", { x: 1, y: 1, width: 248, height: 348, rx: 14, fill: "#fffdf7", stroke: "#a3a3a3", "stroke-width": 2 }),
    el("rect", { x: 4, y: 4, width: 242, height: 342, rx: 11.5, fill: "none", stroke: "#000", "stroke-opacity": 0.05, "stroke-width": 4 }),
  ]);
}

/** Top-left index (rank over suit pip) and its bottom-right twin. */
function cornerIndices(rank, suit) {
  const wide = rank.length > 1;
  const text = el("text", {
    x: 32, y: 62, "text-anchor": "middle", "font-weight": 700, "font-size": wide ? 50 : 55,
    fill: inkOf(suit), textLength: wide ? 48 : null, lengthAdjust: wide ? "spacingAndGlyphs" : null,
  }, [rank]);
  const index = el("g", { class: "index" }, [text, pip(suit, 32, 93, 33)]);
  return [index, mirrored(index)];
}

/** "JOKER" spelt down the top-left corner, and its bottom-right twin. */
function jokerIndices() {
  const letters = [..."JOKER"].map((ch, i) =>
    el("text", { x: 29, y: 52 + 31 * i, "text-anchor": "middle", "font-weight": 800, "font-size": 34, fill: JOKER_INK }, [ch]));
  const index = el("g", { class: "index" }, letters);
  return [index, mirrored(index)];
}

function pipsArt(rank, suit) {
  const size = pipSize(rank, suit);
  return el("g", { class: "pips" }, pipPositions(rank).map(({ x, y, flip }) => pip(suit, x, y, size, { flip })));
}

function aceArt(suit) {
  return suit === "S" ? spadeAceArt() : pip(suit, 125, 175, suit === "D" ? 100 : 92);
}

function faceArt({ rank, suit }) {
  if (rank === "A") return aceArt(suit);
  if (rank in RANK_NAMES) return courtArt(rank, suit);
  return pipsArt(Number(rank), suit);
}

function buildFace(card) {
  const svg = blankCard("card-face", cardLabel(card.token));
  svg.setAttribute("data-card", card.token);
  if (card.joker) {
    svg.append(jokerArt(), ...jokerIndices());
    if (card.named) svg.append(namedSuitBadge(card.named));
  } else {
    svg.append(faceArt(card), ...cornerIndices(card.rank, card.suit));
  }
  return svg;
}

function buildBack() {
  const svg = blankCard("card-back", "card back");
  svg.append(backArt("fh-card-back"));
  return svg;
}

// ---- cloning ---------------------------------------------------------

let idCounter = 0;
const ID_REFS = ["fill", "stroke", "clip-path", "mask", "filter"];

/** Give every id in a freshly cloned card a document-unique suffix and repoint url(#…) references. */
function freshIds(svg) {
  const owners = svg.querySelectorAll("[id]");
  if (owners.length === 0) return svg;
  const suffix = `-${++idCounter}`;
  for (const node of owners) node.id += suffix;
  for (const attr of ID_REFS) {
    for (const node of svg.querySelectorAll(`[${attr}^="url(#"]`)) {
      node.setAttribute(attr, node.getAttribute(attr).replace(/\)$/, `${suffix})`));
    }
  }
  return svg;
}

function sized(svg, width) {
  svg.setAttribute("width", String(width));
  svg.setAttribute("height", String(Math.round(width * 1.4 * 100) / 100));
  return svg;
}

const faces = new Map();
let backTemplate = null;
const icons = new Map();

/**
 * A card face as an <svg class="card-face" data-card=TOKEN role="img" aria-label=...>,
 * `width` pixels wide and 1.4 × width tall (viewBox 0 0 250 350).
 * @param {string} token e.g. "10H", "QS", "13D", "JK", "JK:H" (any case)
 * @param {{width?: number}} [options]
 * @returns {SVGSVGElement}
 * @throws {Error} "not a card: ..." for an unknown token
 */
export function cardSvg(token, { width = 88 } = {}) {
  const card = parse(token);
  let template = faces.get(card.token);
  if (!template) {
    template = buildFace(card);
    faces.set(card.token, template);
  }
  return sized(freshIds(template.cloneNode(true)), width);
}

/**
 * A card back as an <svg class="card-back" role="img" aria-label="card back">.
 * @param {{width?: number}} [options]
 * @returns {SVGSVGElement}
 */
export function cardBackSvg({ width = 88 } = {}) {
  backTemplate ??= buildBack();
  return sized(freshIds(backTemplate.cloneNode(true)), width);
}

/**
 * The suit a led joker names (its token "JK:H"), as a large chip to lie on the card, seen at
 * a glance on the trick and in Last trick (the card's own badge at its foot is small); null
 * for any other card. Hidden from a screen reader: the card's name says it.
 * @param {string} token
 * @returns {HTMLSpanElement|null}
 */
export function namedSuitChip(token) {
  const card = parse(token);
  if (!card.joker || !card.named) return null;
  const chip = document.createElement("span");
  chip.className = "joker-suit";
  chip.dataset.suit = card.named;
  chip.title = `The joker's suit: ${SUITS[card.named].name}, to follow`;
  chip.setAttribute("aria-hidden", "true");
  chip.appendChild(suitIconSvg(card.named));
  return chip;
}

/**
 * Just the coloured suit symbol, `size` pixels square, for buttons and labels.
 * @param {string} letter "S", "C", "D" or "H" (any case)
 * @param {{size?: number}} [options]
 * @returns {SVGSVGElement}
 * @throws {Error} "not a suit: ..." for anything else
 */
export function suitIconSvg(letter, { size = 18 } = {}) {
  const suit = suitOf(letter);
  const key = letter.toUpperCase();
  let template = icons.get(key);
  if (!template) {
    template = el("svg", { viewBox: "-52 -52 104 104", class: "suit-icon", role: "img", "aria-label": suit.name, "data-suit": key },
      [pip(key, 0, 0, 100)]);
    icons.set(key, template);
  }
  const icon = template.cloneNode(true);
  icon.setAttribute("width", String(size));
  icon.setAttribute("height", String(size));
  return icon;
}
