// Artwork for cards.js: court figures (J, Q, K), the joker, the ornate ace
// of spades and the card back, built from plain SVG shapes in the 250 x 350 card.

import { el, inkOf, pip, SUIT_COLOUR } from "./cards-pips.js";

const GOLD = "#e3ac30";
const GOLD_DARK = "#9c6b12";
const SKIN = "#f7dabd";
const LINE = "#2a2a2a";
const PAPER = "#fffdf7";
const FONT = '"Helvetica Neue", Helvetica, Arial, "Liberation Sans", sans-serif';

const PALETTES = {
  red: { ink: "#c62828", robe: "#c62828", tint: "#fbefeb", flower: "#e8607c" },
  black: { ink: "#1c1c1c", robe: "#24324f", tint: "#eef0f4", flower: "#c62828" },
};
/** Second costume colour, different per suit so same-colour courts (the bowers!) tell apart. */
const ACCENTS = { S: "#c62828", C: "#2e7d4f", D: "#6a3f9e", H: "#1f4e9c" };

const outlined = (fill, width = 1.3) => ({ fill, stroke: LINE, "stroke-width": width, "stroke-linejoin": "round" });
const gilt = (width = 1.2) => ({ fill: GOLD, stroke: GOLD_DARK, "stroke-width": width, "stroke-linejoin": "round" });
const path = (d, attrs) => el("path", { d, ...attrs });
const circle = (cx, cy, r, attrs) => el("circle", { cx, cy, r, ...attrs });

/** A copy of `node` turned half a turn about the card centre. */
export function mirrored(node) {
  const copy = node.cloneNode(true);
  copy.setAttribute("transform", "rotate(180 125 175)");
  return copy;
}

// ---- court cards --------------------------------------------------------

const SHOULDERS = "M62 175V161C62 150 70 145 84 140L110 132H140L166 140C180 145 188 150 188 161V175Z";

/** Robe with gold trim, the front panel with a gold suit pip, and the neck. */
function bust(suit, pal) {
  const inset = "translate(125 175) scale(0.9) translate(-125 -175)";
  return [
    path(SHOULDERS, outlined(pal.robe)),
    path(SHOULDERS, { fill: "none", stroke: GOLD, "stroke-width": 1.8, transform: inset }),
    ...[[81, 162], [96, 151], [154, 151], [172, 166]].map(([x, y]) => pip(suit, x, y, 8, { fill: GOLD, opacity: 0.85 })),
    path("M111 134H139L146 175H104Z", outlined(pal.accent, 1.1)),
    path("M111 134L104 175M139 134L146 175", { stroke: GOLD, "stroke-width": 2.4, fill: "none" }),
    pip(suit, 125, 160, 15, { fill: GOLD }),
    el("rect", { x: 118, y: 118, width: 14, height: 16, ...outlined(SKIN, 1.1) }),
  ];
}

/** Head parts, nudged down onto the neck. */
const head = (...parts) => el("g", { transform: "translate(0 3)" }, parts);

/** A face centred on (125, 102). */
function face() {
  return [
    el("ellipse", { cx: 125, cy: 102, rx: 15, ry: 18, ...outlined(SKIN, 1.4) }),
    circle(117, 107.5, 3.6, { fill: "#e8846f", opacity: 0.35 }),
    circle(133, 107.5, 3.6, { fill: "#e8846f", opacity: 0.35 }),
    el("ellipse", { cx: 119.5, cy: 100, rx: 1.6, ry: 2, fill: LINE }),
    el("ellipse", { cx: 130.5, cy: 100, rx: 1.6, ry: 2, fill: LINE }),
    path("M116 95.5Q119.5 93 123 95.5M127 95.5Q130.5 93 134 95.5M125 101Q122.5 107 125.5 108",
      { fill: "none", stroke: LINE, "stroke-width": 1.1, "stroke-linecap": "round" }),
    path("M121 113Q125 115.5 129 113", { fill: "none", stroke: "#a23b35", "stroke-width": 1.6, "stroke-linecap": "round" }),
  ];
}

/** A hand with a gold cuff, gripping something at (x, y). */
const hand = (x, y) => [
  el("rect", { x: x - 7, y: y + 3, width: 14, height: 6, rx: 2, ...gilt(1) }),
  el("ellipse", { cx: x, cy: y, rx: 5.5, ry: 6.5, ...outlined(SKIN, 1.1) }),
];

function king(suit, pal) {
  const beard = "#efe9dd";
  const ermineSpots = [100, 112, 125, 138, 150].map((x, i) =>
    path(`M${x} ${150 + (i % 4 ? 3 : 0)}l-1.6 4.5h3.2z`, { fill: LINE }));
  return [
    ...bust(suit, pal),
    path("M88 152L94 140C108 148 142 148 156 140L162 152C142 161 108 161 88 152Z", outlined(PAPER, 1.2)),
    ...ermineSpots,
    head(
      path("M108 94C105 108 106 120 110 127H140C144 120 145 108 142 94Z", outlined(beard, 1.2)),
      ...face(),
      path("M110 104C110 122 117 134 125 139C133 134 140 122 140 104C137 113 132 117 125 117C118 117 113 113 110 104Z",
        outlined(beard, 1.2)),
      path("M117 112Q125 106 133 112Q125 110.5 117 112Z", outlined(beard, 0.9)),
      path("M108 86L106 62L115.5 72L120 56L125 68L130 56L134.5 72L144 62L142 86Z", gilt()),
      el("rect", { x: 107, y: 79, width: 36, height: 8, rx: 1.5, ...gilt() }),
      circle(125, 83, 2.5, { fill: pal.accent }),
      circle(115, 83, 1.8, { fill: pal.robe }),
      circle(135, 83, 1.8, { fill: pal.robe }),
      ...[[106, 61], [120, 55], [130, 55], [144, 61]].map(([x, y]) => circle(x, y, 2.3, gilt(1))),
    ),
    path("M168 174L162 112", { stroke: GOLD_DARK, "stroke-width": 5.5, "stroke-linecap": "round" }),
    path("M168 174L162 112", { stroke: GOLD, "stroke-width": 3, "stroke-linecap": "round" }),
    circle(161.6, 107, 6.5, gilt()),
    path("M161.6 94.5V101M158.4 97.5H164.8", { stroke: GOLD_DARK, "stroke-width": 2, "stroke-linecap": "round" }),
    ...hand(165, 148),
  ];
}

function queen(suit, pal) {
  const hair = "#6b3f22";
  const pearls = [0.15, 0.3, 0.45, 0.6, 0.75, 0.9].map((t) =>
    circle(108 + 34 * t, 136 + 56 * t * (1 - t), 1.9, { fill: PAPER, stroke: "#9e9e9e", "stroke-width": 0.6 }));
  const petals = [0, 72, 144, 216, 288].map((deg) => {
    const a = (deg * Math.PI) / 180;
    return circle(157 + 4.6 * Math.sin(a), 122 - 4.6 * Math.cos(a), 4.6, outlined(pal.flower, 0.9));
  });
  return [
    head(path("M101 104C97 82 109 73 125 73C141 73 153 82 149 104C150 118 154 128 160 135H90C96 128 100 118 101 104Z",
      outlined(hair, 1.2))),
    ...bust(suit, pal),
    path("M108 134Q125 150 142 134Z", outlined(SKIN, 1.1)),
    ...pearls,
    head(
      ...face(),
      path("M110 93C113 83 137 83 140 93C133 88 117 88 110 93Z", outlined(hair, 1)),
      path("M110 87L112 75L118 81L125 68L132 81L138 75L140 87Q125 82 110 87Z", gilt()),
      circle(125, 79, 2.6, { fill: pal.accent }),
      ...[[112, 74], [125, 67], [138, 74]].map(([x, y]) => circle(x, y, 1.9, { fill: PAPER, stroke: GOLD_DARK, "stroke-width": 0.8 })),
    ),
    path("M163 172C161 158 159 144 157 126", { fill: "none", stroke: "#2f7d3a", "stroke-width": 2.6, "stroke-linecap": "round" }),
    path("M159 138Q169 129 175 133Q167 141 159 138Z", outlined("#3f9a4b", 0.9)),
    ...petals,
    circle(157, 122, 3, gilt(0.8)),
    ...hand(160, 150),
  ];
}

function jack(suit, pal) {
  const hair = "#b27a30";
  const steel = { fill: "#c5d0d6", stroke: LINE, "stroke-width": 1, "stroke-linejoin": "round" };
  return [
    head(path("M106 100C104 88 112 80 125 80C138 80 146 88 144 100L145 117C142 119 139 119 137 117V100H113V117" +
      "C111 119 108 119 105 117Z", outlined(hair, 1.2))),
    ...bust(suit, pal),
    path("M108 134L125 146L142 134L147 142L125 155L103 142Z", outlined(PAPER, 1.2)),
    head(
      ...face(),
      path("M110 95C113 87 137 87 140 95C133 91 117 91 110 95Z", outlined(hair, 1)),
      path("M113 79C101 72 91 58 95 40C104 48 114 60 120 76Z", outlined(PAPER, 1.1)),
      path("M116 77C106 67 99 56 97 44M105 64L99 63M109 69L101 69M102 57L97 54", { fill: "none", stroke: LINE, "stroke-width": 0.8 }),
      path("M101 90C95 79 104 68 124 66C146 64 163 71 161 82C160 88 153 90 148 87C134 83 113 84 101 90Z", outlined(pal.accent, 1.2)),
      path("M101 90C113 84 134 83 148 87L147 92C133 88 113 89 102 95Z", gilt(1)),
      circle(124, 67.5, 2.6, gilt(0.9)),
    ),
    path("M166 174L170 90", { stroke: "#7a5230", "stroke-width": 3.2, "stroke-linecap": "round" }),
    path("M170 92L171 74L174.5 91Z", steel),
    path("M169.7 97C180 93 186 101 184 111C180 107 175 107 169.3 106Z", steel),
    ...hand(167, 150),
  ];
}

const FIGURES = { K: king, Q: queen, J: jack };

/**
 * The framed, mirrored court panel of a J, Q or K.
 * @returns {SVGGElement}
 */
export function courtArt(rank, suit) {
  const pal = { ...PALETTES[SUIT_COLOUR[suit]], accent: ACCENTS[suit] };
  const frame = { x: 60, y: 34, width: 130, height: 282, rx: 6 };
  const letter = el("text", {
    x: 77, y: 61, "text-anchor": "middle", "font-family": FONT, "font-weight": 700, "font-size": 24, fill: pal.ink,
  }, [rank]);
  const half = el("g", {}, [...FIGURES[rank](suit, pal), letter, pip(suit, 77, 78, 15)]);
  return el("g", { class: "court" }, [
    el("rect", { ...frame, fill: pal.tint }),
    half,
    mirrored(half),
    path("M62 175H188", { stroke: GOLD, "stroke-width": 2 }),
    el("rect", { x: 64, y: 38, width: 122, height: 274, rx: 3.5, fill: "none", stroke: GOLD, "stroke-width": 1.2 }),
    el("rect", { ...frame, fill: "none", stroke: pal.ink, "stroke-width": 2.5 }),
  ]);
}

// ---- aces -------------------------------------------------------------

const SPADE_BODY =
  "M0 -50C12 -32 50 -16 50 10C50 25 39 33 27 33C17 33 8 27 0 17C-8 27 -17 33 -27 33C-39 33 -50 25 -50 10C-50 -16 -12 -32 0 -50Z";

/** The ornate ace of spades: a large inlaid spade in a double ring with diamond studs. */
export function spadeAceArt() {
  const ink = inkOf("S");
  const ring = { cx: 125, cy: 175, fill: "none", stroke: ink };
  const studs = [[125, 91], [209, 175], [125, 259], [41, 175]].map(([x, y]) => pip("D", x, y, 14, { fill: ink }));
  const dots = [[66, 116], [184, 116], [184, 234], [66, 234]].map(([x, y]) => circle(x, y, 2.2, { fill: ink }));
  return el("g", {}, [
    circle(125, 175, 84, { ...ring, "stroke-width": 2.2 }),
    circle(125, 175, 78, { ...ring, "stroke-width": 0.9, "stroke-dasharray": "1.5 4.5", "stroke-linecap": "round" }),
    ...studs,
    ...dots,
    pip("S", 125, 171, 118),
    path(SPADE_BODY, { fill: "none", stroke: PAPER, "stroke-width": 2.2, transform: "translate(125 167.5) scale(0.98)" }),
    pip("S", 125, 170, 22, { fill: PAPER }),
  ]);
}

// ---- joker --------------------------------------------------------------

function starburst(cx, cy, outer, inner, points, attrs) {
  const coords = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 ? inner : outer;
    const a = (Math.PI * i) / points;
    coords.push(`${(cx + r * Math.sin(a)).toFixed(1)},${(cy - r * Math.cos(a)).toFixed(1)}`);
  }
  return el("polygon", { points: coords.join(" "), ...attrs });
}

const bell = (x, y) => [circle(x, y, 6.5, gilt(1.2)), path(`M${x - 3} ${y + 2}h6`, { stroke: GOLD_DARK, "stroke-width": 1.4 })];

/** The jester: a star burst, a three-horned hat with bells, a ruff and a harlequin tunic. */
export function jokerArt() {
  const colours = ["#c62828", "#1f4e9c", "#2e8b57", GOLD];
  const ruff = Array.from({ length: 8 }, (_, i) =>
    path(`M${88 + 9.25 * i} 210l4.6 16l4.6 -16z`, outlined(colours[i % 4], 1)));
  return el("g", { class: "jester" }, [
    starburst(125, 178, 94, 60, 16, { fill: "#fff1c7", stroke: "#f0c75e", "stroke-width": 1.2 }),
    starburst(125, 178, 72, 48, 16, { fill: "#ffe08a", transform: "rotate(11.25 125 178)" }),
    path("M84 232C88 222 100 216 112 216H138C150 216 162 222 166 232L172 274Q125 284 78 274Z", outlined("#c62828", 1.4)),
    path("M125 216H138C150 216 162 222 166 232L172 274Q150 279 125 280Z", outlined("#1f4e9c", 1.4)),
    path("M125 224L109 251L125 278L141 251Z", outlined(GOLD, 1)),
    ...[236, 250, 264].map((y) => circle(125, y, 2.2, { fill: PAPER, stroke: LINE, "stroke-width": 0.8 })),
    ...ruff,
    path("M109 161C112 134 118 116 125 101C132 116 138 134 141 161Z", outlined("#1f4e9c", 1.4)),
    path("M103 166C95 142 84 126 63 121C84 114 108 127 121 160Z", outlined("#c62828", 1.4)),
    path("M147 166C155 142 166 126 187 121C166 114 142 127 129 160Z", outlined("#2e8b57", 1.4)),
    ...bell(63, 121), ...bell(125, 99), ...bell(187, 121),
    el("ellipse", { cx: 125, cy: 189, rx: 20, ry: 22, ...outlined(SKIN, 1.4) }),
    el("rect", { x: 101, y: 159, width: 48, height: 11, rx: 4, ...gilt(1.2) }),
    ...[111, 125, 139].map((x) => pip("D", x, 164.5, 8, { fill: "#c62828" })),
    path("M113 186Q117 182 121 186M129 186Q133 182 137 186", { fill: "none", stroke: LINE, "stroke-width": 1.6, "stroke-linecap": "round" }),
    circle(114, 195, 4, { fill: "#e8846f", opacity: 0.45 }),
    circle(136, 195, 4, { fill: "#e8846f", opacity: 0.45 }),
    circle(125, 192, 3.4, { fill: "#d93b3b" }),
    path("M115 199Q125 209 135 199", { fill: "none", stroke: "#a23b35", "stroke-width": 1.8, "stroke-linecap": "round" }),
  ]);
}

/** A round badge at the bottom centre with the suit a led joker names. */
export function namedSuitBadge(suit) {
  return el("g", { class: "named-suit" }, [
    circle(125, 313, 23, { fill: PAPER, stroke: inkOf(suit), "stroke-width": 3 }),
    circle(125, 313, 18.5, { fill: "none", stroke: inkOf(suit), "stroke-width": 0.8, opacity: 0.6 }),
    pip(suit, 125, 313, 24),
  ]);
}

// ---- back --------------------------------------------------------------

/**
 * The lattice back, drawn inside the card's white margin.
 * @param {string} patternId a document-unique id for the lattice pattern
 */
export function backArt(patternId) {
  const navy = "#19367a";
  const pattern = el("pattern", { id: patternId, width: 16, height: 16, patternUnits: "userSpaceOnUse", x: 13, y: 13 }, [
    el("rect", { width: 16, height: 16, fill: navy }),
    path("M8 0L16 8L8 16L0 8Z", { fill: "#21449a", stroke: "#5d86d6", "stroke-width": 1.1 }),
    circle(8, 8, 1.6, { fill: "#a9c0f0" }),
    ...[[0, 0], [16, 0], [0, 16], [16, 16]].map(([x, y]) => circle(x, y, 1.2, { fill: "#7fa0e4" })),
  ]);
  const medallion = [["S", 125, 150], ["D", 150, 175], ["C", 125, 200], ["H", 100, 175]]
    .map(([s, x, y]) => pip(s, x, y, 17, { fill: PAPER }));
  return el("g", { class: "lattice" }, [
    el("defs", {}, [pattern]),
    el("rect", { x: 13, y: 13, width: 224, height: 324, rx: 8, fill: `url(#${patternId})` }),
    el("rect", { x: 20, y: 20, width: 210, height: 310, rx: 5, fill: "none", stroke: PAPER, "stroke-width": 1.6, opacity: 0.8 }),
    path("M125 112L188 175L125 238L62 175Z", { fill: navy, stroke: PAPER, "stroke-width": 2.2, "stroke-linejoin": "round" }),
    path("M125 121L179 175L125 229L71 175Z", { fill: "none", stroke: "#7fa0e4", "stroke-width": 1 }),
    ...medallion,
  ]);
}
