"""What a screen reader hears over a hand: each event once. The status line was a polite live
region as well as the announcements (announce.js): both spoke at each card, the line said its
words again at every state, and "North wins the trick" over and over while the next trick was
played. Now the announcements alone speak: at each state once, whose turn it is among what
happened."""

from __future__ import annotations

from playwright.sync_api import Page

from browser import play_to_the_sheet, start_game

LISTEN = """() => {
  window.spoken = [];       // [region, text, the state's seq]
  const polite = [...document.querySelectorAll('[aria-live], [role=status], [role=log]')]
    .filter((e) => (e.getAttribute('aria-live') || 'polite') === 'polite')
    .filter((e) => !e.closest('.bid-readout'));  // (the bid your own plus and minus choose)
  for (const el of polite) {
    new MutationObserver(() => window.spoken.push(
      [el.id || el.className, el.textContent.trim(), Number(document.body.dataset.seq)]))
      .observe(el, {subtree: true, childList: true, characterData: true});
  }
}"""
"""JavaScript: every update of a polite live region from now on (``window.spoken``)."""


def test_a_hand_is_said_once(page: Page, server: str) -> None:
    start_game(page, server, "australian")
    page.evaluate(LISTEN)
    play_to_the_sheet(page)
    page.wait_for_timeout(500)                        # (the sheet's own words come with it)
    spoken = page.evaluate("window.spoken")
    view = page.evaluate("window.fivehundred.app.state.view")
    you = page.evaluate("window.fivehundred.app.state.you")
    # one voice, once at each state: never two regions, nor the same words again
    by_state: dict[int, list[str]] = {}
    for region, text, at in spoken:
        by_state.setdefault(at, []).append(f"{region}: {text}")
    assert all(len(said) == 1 for said in by_state.values()), \
        {at: said for at, said in by_state.items() if len(said) > 1}
    heard = " ".join(text for _, text, _ in spoken)
    others = sum(seat != you for t in view["tricks"] for seat, _ in t["plays"])
    assert heard.count(" plays the ") == others, heard
    assert heard.count(" the trick") == len(view["tricks"]), heard   # each winner once
    assert "The contract: " in heard and ("Contract made" in heard or "Contract failed" in heard)
    assert "Your lead" in heard or "Your turn" in heard, heard         # whose turn it is
