"""The table for those who ask for less motion or need contrast: with reduced motion a finished
trick is held as long as without (only nothing flies), and the texts that fell below WCAG AA
(passes in the auction, a red suit on BID, the misère buttons) reach 4.5:1."""

from __future__ import annotations

from playwright.sync_api import Page

from browser import play_first_playable, seq, start_game, wait_seq_after, wait_turn

WATCH_TRICKS = """() => {
  window.held = [];          // [when the winning card glowed, when it went]
  window.flew = false;       // whether any card on the table was animated
  let since = null;
  new MutationObserver(() => {
    const now = performance.now();
    const cards = [...document.querySelectorAll('.trick-card')];
    if (cards.some((c) => c.getAnimations().some((a) => a.effect.getTiming().duration > 1))) {
      window.flew = true;
    }
    const winning = cards.some((c) => c.classList.contains('winning'));
    if (winning && since === null) since = now;
    if (!winning && since !== null) { window.held.push([since, now]); since = null; }
  }).observe(document.body, {subtree: true, childList: true, attributes: true,
                             attributeFilter: ['class']});
}"""
"""JavaScript: how long each finished trick stays on the table (its winning card glowing),
and whether any card on the table flew (``window.held``, ``window.flew``)."""


def test_reduced_motion_holds_a_finished_trick_as_long(page: Page, server: str) -> None:
    """With prefers-reduced-motion the cards neither fly nor are swept, but the finished trick
    stays on the table as long as without (it went after 60 ms: "North wins the trick" was
    gone before it could be read)."""
    page.emulate_media(reduced_motion="reduce")
    start_game(page, server, "australian")
    page.evaluate(WATCH_TRICKS)
    while wait_turn(page) == "auction":
        before = seq(page)
        page.click("#pass-button")
        wait_seq_after(page, before)
    while not page.evaluate("window.held.length"):
        play_first_playable(page)
        page.wait_for_function("window.held.length > 0 || document.querySelectorAll("
                               "'#hand .card.playable').length > 0", timeout=60_000)
    (start, end), *_ = page.evaluate("window.held")
    assert end - start >= 500, f"the finished trick was held {end - start:.0f} ms"
    assert not page.evaluate("window.flew")


CONTRAST = """([sel, pseudo]) => {
  const parse = (c) => {
    const p = c.match(/rgba?\\(([^)]+)\\)/)[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (f, b) => [0, 1, 2].map((i) => f[i] * f[3] + b[i] * (1 - f[3])).concat([1]);
  const lum = (c) => {
    const [r, g, b] = c.slice(0, 3).map((v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const x = lum(a), y = lum(b);
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  };
  const e = document.querySelector(sel);
  const own = getComputedStyle(e, pseudo);
  // what lies under the text: the ancestors' colours over the felt at its lightest, and every
  // stop of the nearest gradient (the text may sit over any of them)
  const colours = [];
  let opacity = Number(own.opacity), stops = null;
  for (let p = e; p; p = p.parentElement) {
    const cs = getComputedStyle(p);
    opacity *= Number(cs.opacity);
    if (!stops && cs.backgroundImage.includes('gradient') && p.id !== 'felt-bg') {
      stops = (cs.backgroundImage.match(/rgba?\\([^)]+\\)/g) || []).map(parse);
      if (stops.every((s) => s[3] >= 1)) break;
    }
    const bg = parse(cs.backgroundColor);
    if (bg[3] > 0) colours.push(bg);
    if (bg[3] >= 1) break;
  }
  let base = [0x2b, 0x8c, 0x5c, 1];
  for (const c of colours.reverse()) base = over(c, base);
  const under = stops && stops.length ? stops.map((s) => over(s, base)) : [base];
  const text = parse(own.color);
  text[3] *= opacity;
  return Math.min(...under.map((b) => ratio(over(text, b), b)));
}"""
"""JavaScript: the WCAG contrast ratio of the text of ``sel`` (or of its ``pseudo`` element)
with what lies under it, its worst over a gradient's stops, from the computed styles."""


def contrast(page: Page, selector: str, pseudo: str | None = None) -> float:
    """The contrast of a text on the page (``CONTRAST``)."""
    return float(page.evaluate(CONTRAST, [selector, pseudo]))


def test_the_texts_that_fell_below_aa_reach_it(page: Page, server: str) -> None:
    """WCAG AA (4.5:1 for text under 18.66 px bold): a pass in the auction's plaque (at 60%
    opacity, 3.8:1), the red suit on BID over its gold (2.8:1 at its foot), white on the
    misère buttons' violet (4.0:1), and the points beside it."""
    start_game(page, server, "australian", seed=1)    # (North passed before your turn)
    wait_turn(page)
    page.click('button.strain[data-strain="H"]')
    page.wait_for_selector("#bid-button .suit.red")
    for b in ("#misere-button", "#open-misere-button"):    # (on show or not, as they look)
        page.evaluate("""(b) => { const e = document.querySelector(b); e.hidden = false;
            e.closest('.bid-extra').hidden = false; e.dataset.value = '250'; }""", b)
    found = {"red suit on BID": contrast(page, "#bid-button .suit.red"),
             "OPEN MISÈRE": contrast(page, "#open-misere-button"),
             "MISÈRE's points": contrast(page, "#misere-button", "::after"),
             "a pass's name": contrast(page, ".auction-item.pass .auction-name"),
             "a pass": contrast(page, ".auction-item.pass .bid-pass")}
    assert all(k >= 4.5 for k in found.values()), found
