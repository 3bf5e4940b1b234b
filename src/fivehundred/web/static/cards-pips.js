// SVG drawing primitives for cards.js: element builder, suit-symbol paths,
// ink colours and the pip layouts of the number cards (2-13).

export const SVG_NS = "http://www.w3.org/2000/svg";

/** Ink colours by suit colour name. */
export const INK = { black: "#1c1c1c", red: "#c62828" };

/** Colour name of each suit letter. */
export const SUIT_COLOUR = { S: "black", C: "black", D: "red", H: "red" };

/** Ink for a suit letter. */
export const inkOf = (suit) => INK[SUIT_COLOUR[suit]];

// Suit symbols drawn in a 100 x 100 box centred on the origin.
const circle = (cx, cy, r) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;

/** Path data of each suit symbol, about 100 units tall, centred on (0, 0). */
export const SUIT_PATHS = {
  S:
    "M0 -50C12 -32 50 -16 50 10C50 25 39 33 27 33C18 33 10 28 5 21" +
    "C6 34 12 44 23 50L-23 50C-12 44 -6 34 -5 21C-10 28 -18 33 -27 33" +
    "C-39 33 -50 25 -50 10C-50 -16 -12 -32 0 -50Z",
  H:
    "M0 -27C-4 -41 -15 -48 -26 -48C-41 -48 -50 -36 -50 -22C-50 3 -22 21 0 46" +
    "C22 21 50 3 50 -22C50 -36 41 -48 26 -48C15 -48 4 -41 0 -27Z",
  D: "M0 -50Q15 -20 40 0Q15 20 0 50Q-15 20 -40 0Q-15 -20 0 -50Z",
  C:
    circle(0, -25, 22) + circle(-25, 9, 22) + circle(25, 9, 22) +
    "M0 -12L-14 6L14 6Z" +
    "M-5 4C-5 24 -12 40 -23 50L23 50C12 40 5 24 5 4Z",
};

/**
 * An SVG element with attributes and children (nodes or strings).
 * @param {string} tag
 * @param {Record<string, string|number|null|undefined>} [attrs]
 * @param {Array<Node|string>} [children]
 */
export function el(tag, attrs = {}, children = []) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) node.setAttribute(key, String(value));
  }
  node.append(...children);
  return node;
}

/**
 * One suit symbol centred at (x, y), `size` units tall, optionally upside down.
 * @returns {SVGPathElement}
 */
export function pip(suit, x, y, size, { flip = false, fill = inkOf(suit), ...rest } = {}) {
  const turn = flip ? " rotate(180)" : "";
  return el("path", {
    d: SUIT_PATHS[suit],
    fill,
    transform: `translate(${x} ${y}) scale(${size / 100})${turn}`,
    ...rest,
  });
}

// Pip layouts: [column, row] with column L/C/R and row in 0..1 from top to bottom.
const pairs = (...rows) => rows.flatMap((row) => [["L", row], ["R", row]]);
const centre = (...rows) => rows.map((row) => ["C", row]);
const SIDE4 = [0, 1 / 3, 2 / 3, 1];
const SIDE5 = [0, 0.25, 0.5, 0.75, 1];

const LAYOUTS = {
  2: centre(0, 1),
  3: centre(0, 0.5, 1),
  4: pairs(0, 1),
  5: [...pairs(0, 1), ...centre(0.5)],
  6: pairs(0, 0.5, 1),
  7: [...pairs(0, 0.5, 1), ...centre(0.25)],
  8: [...pairs(0, 0.5, 1), ...centre(0.25, 0.75)],
  9: [...pairs(...SIDE4), ...centre(0.5)],
  10: [...pairs(...SIDE4), ...centre(1 / 6, 5 / 6)],
  11: [...pairs(...SIDE4), ...centre(1 / 6, 0.5, 5 / 6)],
  12: [...pairs(...SIDE5), ...centre(1 / 6, 5 / 6)],
  13: [...pairs(...SIDE5), ...centre(1 / 6, 0.5, 5 / 6)],
};

/** Pip box of the number cards, in the 250 x 350 card. */
const BOX = { L: 81, C: 125, R: 169, top: 60, bottom: 290 };

/**
 * Pip positions of a number card.
 * @param {number} rank 2..13
 * @returns {{x: number, y: number, flip: boolean}[]}
 */
export function pipPositions(rank) {
  return LAYOUTS[rank].map(([col, row]) => ({
    x: BOX[col],
    y: BOX.top + row * (BOX.bottom - BOX.top),
    flip: row > 0.5 + 1e-9,
  }));
}

// Hearts are wide and diamonds narrow: even out how big their pips look.
const SUIT_SCALE = { S: 1, C: 1, D: 1.05, H: 0.92 };

/** Pip size (units tall) for a number card of this rank and suit. */
export const pipSize = (rank, suit) => SUIT_SCALE[suit] * (rank >= 12 ? 37 : rank >= 10 ? 40 : rank === 9 ? 42 : 46);
