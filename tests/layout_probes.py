"""What the browser tests measure on the screen: JavaScript probes run in the page (whether
anything leaves the screen or covers something else, taps too small for a finger, the bid
panel's buttons beside the hint) and the boxes of what a selector shows.
"""

from __future__ import annotations

import json

from playwright.sync_api import FloatRect, Page

from browser import settle

SHOWN = """
  const shown = (e) => {
    if (!e || e.closest('[hidden]')) return false;
    const r = e.getBoundingClientRect();
    const st = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && st.visibility !== 'hidden' && st.display !== 'none';
  };
"""
"""JavaScript: ``shown(e)``, whether an element is on show (not hidden, not of no size)."""

LAYOUT_PROBLEMS = """() => {
  const W = window.innerWidth, H = window.innerHeight;""" + SHOWN + """  const items = [];
  const add = (group, name, e) => {
    if (!shown(e)) return;
    const r = e.getBoundingClientRect();
    items.push({group, name, l: r.left, t: r.top, r: r.right, b: r.bottom});
  };
  document.querySelectorAll('.seat').forEach((s) => {
    const nm = s.querySelector('.name').textContent;
    add('seat ' + nm, 'seat ' + nm, s.querySelector('.seat-plaque'));
    add('seat ' + nm, 'cards of ' + nm, s.querySelector('.seat-cards'));
    add('seat ' + nm, 'bid bubble of ' + nm, s.querySelector('.bubble'));
  });
  if (document.getElementById('status').textContent.trim())
    add('status', 'status line', document.getElementById('status'));
  add('scores', 'scores', document.getElementById('scores'));
  add('contract', 'contract', document.getElementById('contract'));
  add('menu', 'menu button', document.getElementById('menu-button'));
  document.querySelectorAll('#corner-tools button').forEach((b) => add(b.id, b.id, b));
  document.querySelectorAll('#bid-panel button, #kitty-panel button').forEach(
    (b, i) => add('panel', 'panel button ' + (b.id || b.textContent.trim() || i), b));
  // the panels themselves and the hint: nothing of the others may lie under them
  add('panel', 'bid panel', document.getElementById('bid-panel'));
  add('panel', 'kitty panel', document.getElementById('kitty-panel'));
  add('hint', 'hint', document.getElementById('hint'));
  document.querySelectorAll('#hand .hand-card').forEach(
    (c) => add('hand', 'card ' + c.dataset.card, c));
  // the cards on the table: each over none of the above (they overlap each other)
  document.querySelectorAll('#trick .trick-card').forEach(
    (c) => add('trick', 'trick card ' + c.dataset.card, c));
  const out = [];
  for (const it of items) {
    if (it.l < -0.5 || it.t < -0.5 || it.r > W + 0.5 || it.b > H + 0.5)
      out.push(`${it.name} leaves the screen: [${it.l|0}, ${it.t|0}, ${it.r|0}, ${it.b|0}]`);
  }
  const meet = (a, b) => Math.min(a.r, b.r) - Math.max(a.l, b.l) > 1
    && Math.min(a.b, b.b) - Math.max(a.t, b.t) > 1;
  for (let i = 0; i < items.length; i++) for (let j = i + 1; j < items.length; j++) {
    const a = items[i], b = items[j];
    if (a.group !== b.group && meet(a, b)) out.push(`${a.name} overlaps ${b.name}`);
  }
  return {out, cards: items.filter((x) => x.group === 'hand').length,
          trick: items.filter((x) => x.group === 'trick').length,
          seats: document.querySelectorAll('.seat').length,
          bubbles: items.filter((x) => x.name.startsWith('bid bubble')).length,
          buttons: items.filter((x) => x.name.startsWith('panel button')).length};
}"""


TAP_MIN = 32
"""The least width and height in CSS pixels of anything a finger taps on a phone."""

SMALL_TAPS = """(min) => {""" + SHOWN + """  const out = [];
  let n = 0;
  document.querySelectorAll('button, [role="button"], a[href], select, input, summary, .hand-card')
    .forEach((b) => {
      if (!shown(b)) return;
      n += 1;
      const r = b.getBoundingClientRect();
      if (r.width < min - 0.5 || r.height < min - 0.5)
        out.push(`${b.id || b.className} "${b.textContent.trim()}": `
                 + `${r.width.toFixed(0)}x${r.height.toFixed(0)}`);
    });
  return {out, n};
}"""


def small_taps(page: Page) -> list[str]:
    """Each button, card or control on show that is smaller than ``TAP_MIN`` either way."""
    found = page.evaluate(SMALL_TAPS, TAP_MIN)
    assert found["n"] > 0
    return list(found["out"])


Box = FloatRect


def boxes(page: Page, selector: str) -> list[Box]:
    """The boxes on the screen of what ``selector`` finds and shows."""
    return [b for b in (e.bounding_box() for e in page.query_selector_all(selector)
                        if e.is_visible()) if b]


def meet(a: Box, b: Box) -> bool:
    """Whether two boxes overlap by more than a pixel."""
    return (min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"]) > 1
            and min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"]) > 1)


def inside(inner: Box, outer: Box) -> bool:
    """Whether ``inner`` lies within ``outer`` (to half a pixel)."""
    return (inner["x"] >= outer["x"] - 0.5 and inner["y"] >= outer["y"] - 0.5
            and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 0.5
            and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + 0.5)


def screen(page: Page) -> Box:
    size = page.viewport_size
    assert size
    return {"x": 0, "y": 0, "width": size["width"], "height": size["height"]}


def in_sight(page: Page, selector: str, within: str) -> Box:
    """The box of ``within`` (a scrolling dialog, a panel), asserting it lies on the screen and
    every ``selector`` it shows lies in the part of it on show, unscrolled."""
    outer: Box = page.evaluate(f"""(() => {{
      const e = document.querySelector({json.dumps(within)});
      const r = e.getBoundingClientRect();
      return {{x: r.left + e.clientLeft, y: r.top + e.clientTop,
               width: e.clientWidth, height: e.clientHeight}};
    }})()""")
    assert inside(outer, screen(page)), f"{within} leaves the screen: {outer}"
    found = boxes(page, f"{within} {selector}")
    assert found, f"no {selector} in {within}"
    for b in found:
        assert inside(b, outer), f"{within} {selector} out of sight: {b} (in sight: {outer})"
    return outer


HINT_AND_BID_PANEL = """() => {""" + SHOWN + """
  // every bid button on show: on the screen, clear of the hint, and what a tap at its centre
  // reaches; the hint clear of the hand's cards too
  const W = window.innerWidth, H = window.innerHeight;
  const hint = document.getElementById('hint').getBoundingClientRect();
  const meet = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const out = [];
  let n = 0;
  document.querySelectorAll('#bid-panel button').forEach((b) => {
    if (!shown(b)) return;
    n += 1;
    const r = b.getBoundingClientRect();
    const name = b.id || b.dataset.strain || b.textContent.trim();
    if (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5)
      out.push(`${name} leaves the screen: [${r.left|0}, ${r.top|0}, ${r.right|0}, ${r.bottom|0}]`);
    if (meet(r, hint)) out.push(`the hint covers ${name}`);
    const e = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    if (!e || !b.contains(e))
      out.push(`a tap on ${name} reaches ${e ? e.id || e.className : 'nothing'}`);
  });
  document.querySelectorAll('#hand .hand-card').forEach((c) => {
    if (shown(c) && meet(c.getBoundingClientRect(), hint))
      out.push(`the hint covers ${c.dataset.card}`);
  });
  return {out, n};
}"""


def hint_clear_of_the_bid_panel(page: Page) -> None:
    """With the hint open in the auction: its words and its first two choices in sight,
    unscrolled, every bid button on the screen, clear of it and reached by a tap, the hand
    clear of it."""
    page.wait_for_selector("#hint .hint-words", timeout=60_000)   # not "Thinking…" any more
    settle(page, 300)
    in_sight(page, ".hint-words", "#hint")
    in_sight(page, ".hint-table tbody tr:nth-child(-n+2)", "#hint")
    found = page.evaluate(HINT_AND_BID_PANEL)
    assert found["n"] >= 10, found
    assert not found["out"], found["out"]


CORNER_TYPE_MIN = 11.0
"""The least height in CSS pixels of the type of a card's corner rank that reads on a phone
(cards.js draws it 0.22 of the card's width: a card at least 50 px wide)."""

SPREAD_CORNERS = """(typeMin) => {
  // each card of a hand spread face up (open misère) at a seat: its corner (its rank over its
  // suit: cards.js draws it within 3.2-22.4 % of the card's width, 6.4-31.3 % of its height)
  // wide enough to read, on the screen, and in sight: a tap anywhere on it reaches that card
  // (not the card laid over it, a row below it, the seat's plaque, another seat, the trick...)
  const W = window.innerWidth, H = window.innerHeight;
  const out = [];
  let n = 0;
  for (const c of document.querySelectorAll('.seat-cards.exposed .mini-card')) {
    n += 1;
    const r = c.getBoundingClientRect();
    const name = `${c.closest('.seat').querySelector('.name').textContent}'s ${c.dataset.card}`;
    const type = r.width * 0.22;
    if (type < typeMin - 0.01)
      out.push(`${name}: ${r.width.toFixed(0)} px wide, its corner in ${type.toFixed(1)} px type`);
    const x0 = r.left + r.width * 0.032, x1 = r.left + r.width * 0.224;
    const y0 = r.top + r.height * 0.064, y1 = r.top + r.height * 0.313;
    const hidden = [];
    for (let i = 0; i <= 4; i++) for (let j = 0; j <= 6; j++) {
      const x = x0 + (x1 - x0) * i / 4, y = y0 + (y1 - y0) * j / 6;
      if (x < 0 || y < 0 || x > W || y > H) { hidden.push('off the screen'); continue; }
      const e = document.elementFromPoint(x, y);
      if (!e || !c.contains(e))
        hidden.push(e ? (e.closest('.mini-card') ? 'card ' + e.closest('.mini-card').dataset.card
          : e.id || e.className.baseVal || e.className) : 'nothing');
    }
    if (hidden.length) out.push(`${name}: its corner covered at ${hidden.length} of 35 points `
                                + `(${[...new Set(hidden)].join(', ')})`);
  }
  return {out, n};
}"""


def unreadable_spread(page: Page, type_min: float = CORNER_TYPE_MIN) -> list[str]:
    """Each card of a hand spread face up at a seat whose corner (rank and suit) is too small
    to read (its rank's type under ``type_min`` px), off the screen or covered; asserts some
    such cards are on show."""
    found = page.evaluate(SPREAD_CORNERS, type_min)
    assert found["n"] > 0, "no hand spread face up"
    return list(found["out"])
