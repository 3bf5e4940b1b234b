// Geometry for the panels of your turn and the hint on a small screen: what is on show where,
// and the largest room that the seats, the plaques, the panels and the cards leave free.

export const GAP = 6;

/** Whether an element is on show (not hidden, not of no size). */
export function onShow(e) {
  if (!e || e.closest("[hidden]")) return false;
  const r = e.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== "hidden";
}

/** Whether two boxes ({left, top, right, bottom}) overlap by more than a pixel. */
export function meets(a, b) {
  return Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
}

/** A plain box of a DOMRect (or of four numbers). */
export function box(left, top, right, bottom) {
  if (typeof left === "object") return { left: left.left, top: left.top, right: left.right, bottom: left.bottom };
  return { left, top, right, bottom };
}

/** The boxes on the screen of what the selector finds and shows. */
export function shownBoxes(selector) {
  return [...document.querySelectorAll(selector)].filter(onShow).map((e) => box(e.getBoundingClientRect()));
}

/** The box that holds all the boxes given (null for none). */
export function union(boxes) {
  if (!boxes.length) return null;
  return box(Math.min(...boxes.map((b) => b.left)), Math.min(...boxes.map((b) => b.top)),
    Math.max(...boxes.map((b) => b.right)), Math.max(...boxes.map((b) => b.bottom)));
}

/** Where a panel of your turn (centred on its place by a transform, moved by `translate`) lies
 * once its entrance animation is over: measured from its layout, not from the screen, where it
 * may still be growing into place. */
export function restBox(panel, dx = 0, dy = 0) {
  const w = panel.offsetWidth;
  const h = panel.offsetHeight;
  const left = panel.offsetLeft - w / 2 + dx;
  const top = panel.offsetTop - h / 2 + dy;
  return box(left, top, left + w, top + h);
}

/** What a seat shows (its cards, its plaque, its bid's bubble, its role), each seat's own; of
 * the seats `which` picks (".me", ":not(.me)"), else of all. */
export function seatBoxes(which = "") {
  return shownBoxes(["seat-cards", "seat-plaque", "bubble", "role-chip"].map((c) => `#seats .seat${which} .${c}`).join(", "));
}

/** The room the cards of a trick take on the table (table-geometry.js sets --trick-left and
 * the rest), or null before it is laid out. */
export function trickArea() {
  const cs = getComputedStyle(document.documentElement);
  const [l, t, r, b] = ["--trick-left", "--trick-top", "--trick-right", "--trick-bottom"]
    .map((n) => parseFloat(cs.getPropertyValue(n)));
  return [l, t, r, b].every(Number.isFinite) ? box(l, t, r, b) : null;
}

/**
 * The largest box within `bounds` that meets none of `obstacles` (each kept `gap` away), at
 * least minW wide and minH high: the one that shows most of something wantW by wantH (the
 * lower of two alike, nearer the hand; given `near`, a box, the one of two alike that moves it
 * least to lie inside), or null where there is none.
 */
export function largestFree(obstacles, bounds, { minW, minH, wantW, wantH, gap = GAP, near = null }) {
  const obs = obstacles.filter((o) => o && meets(o, bounds));
  const lefts = [bounds.left, ...obs.map((o) => o.right + gap)].filter((x) => x >= bounds.left && x < bounds.right);
  const rights = [bounds.right, ...obs.map((o) => o.left - gap)].filter((x) => x <= bounds.right && x > bounds.left);
  const tops = [bounds.top, ...obs.map((o) => o.bottom + gap)].filter((y) => y >= bounds.top && y < bounds.bottom);
  let best = null;
  let bestScore = -1;
  for (const l of lefts) {
    for (const r of rights) {
      if (r - l < minW) continue;
      const across = obs.filter((o) => o.right - l > 1 - gap && r - o.left > 1 - gap);
      for (const t of tops) {
        let b = bounds.bottom;
        let blocked = false;
        for (const o of across) {
          if (o.bottom - t > 1 - gap && o.top < t) { blocked = true; break; }
          if (o.top >= t) b = Math.min(b, o.top - gap);
        }
        if (blocked || b - t < minH) continue;
        const score = Math.min(r - l, wantW) * Math.min(b - t, wantH)
          + (near ? -moveInto(near, box(l, t, r, b)) / 1000 : b / 1000);
        if (score > bestScore) {
          bestScore = score;
          best = box(l, t, r, b);
        }
      }
    }
  }
  return best;
}

/** How far a box must move to lie inside another (as far as it can: a box too big for it keeps
 * its top left corner inside). */
export function moveInto(b, r) {
  const w = b.right - b.left;
  const hgt = b.bottom - b.top;
  const x = Math.max(r.left, Math.min(b.left, r.right - w));
  const y = Math.max(r.top, Math.min(b.top, r.bottom - hgt));
  return Math.hypot(x - b.left, y - b.top);
}
