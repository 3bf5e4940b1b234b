"""The browser table to a screen reader (a review's findings): the last trick's plays are each
one image named "East: jack of diamonds, the left bower", said as the popover opens; the bid
and kitty readouts speak at the player's own changes, not as their panel opens; the hand's
result says whose contract and each side's points, its colour green or red only for the
declaring side; your own bids and cards are said; the table's parts have headings; the rules'
option words are not read after their values."""

from __future__ import annotations

import re

from playwright.sync_api import Page

from browser import bid_ten, start_game, take_turn, wait_turn

ANNOUNCED = """() => { window.said = []; new MutationObserver(() => window.said.push(
  document.getElementById('announce').textContent)).observe(document.getElementById('announce'),
  {childList: true, characterData: true, subtree: true}); }"""
"""JavaScript: from now on, each sentence the live region says (``window.said``)."""

READOUTS = """window.readouts = [];
document.addEventListener('DOMContentLoaded', () => {
  for (const sel of ['.bid-readout', '#kitty-text']) {
    const el = document.querySelector(sel);
    new MutationObserver(() => window.readouts.push(
      [sel, el.getAttribute('aria-live'), el.textContent.replace(/\\s+/g, ' ').trim()]))
      .observe(el, {childList: true, characterData: true, subtree: true});
  } });"""
"""JavaScript, run as the page loads: each change of the bid's and the kitty's readouts, with
whether it was live then (``window.readouts``: [selector, aria-live, words])."""

LEFT_BOWER = """async () => {
  const { app, views } = await import('/static/app.js');
  const s = structuredClone(app.state);
  s.view.contract = { ...(s.view.contract || {}), bid: '7H', strain: 'H', misere: false };
  const others = [0, 1, 2, 3].filter((x) => x !== s.you);
  s.view.tricks = [...s.view.tricks, { plays: [[others[0], 'JD'], [others[1], 'JH'],
    [others[2], '4H'], [s.you, 'JK']], winner: s.you }];
  const names = s.table.seats.map((x, i) => (i === s.you ? 'You' : x.name));
  views.table.renderLastTrick(s, names);
  return [...document.querySelectorAll('#last-trick .lt-play')].map(
    (e) => e.getAttribute('aria-label'));
}"""
"""JavaScript: the last trick drawn for hearts trumps, the jacks of diamonds and hearts, the 4
of hearts and your joker: each play's label."""


def to_the_play(page: Page) -> None:
    """Pass and play until a trick of the hand is done and it is your card."""
    while (phase := wait_turn(page)) != "play" or not page.evaluate(
            "window.fivehundred.app.state.view.tricks.length"):
        take_turn(page, phase)


def test_the_last_trick_is_read_play_by_play(page: Page, server: str) -> None:
    """Each play of the last trick is one image named as the trick's cards are (who, then the
    card, a bower named so), its parts hidden; opening it says the trick."""
    start_game(page, server, "australian")
    page.evaluate(ANNOUNCED)
    to_the_play(page)
    page.click("#last-trick-button")
    page.wait_for_selector("#last-trick:not([hidden])")
    s = page.evaluate("window.fivehundred.app.state")
    last = s["view"]["tricks"][-1]
    name = {i: ("You" if i == s["you"] else x["name"]) for i, x in enumerate(s["table"]["seats"])}
    plays = page.evaluate("""() => [...document.querySelectorAll('#last-trick .lt-play')].map(
      (e) => [e.getAttribute('role'), e.getAttribute('aria-label'),
              [...e.children].every((c) => c.getAttribute('aria-hidden') === 'true')])""")
    assert len(plays) == len(last["plays"]), plays
    for (role, label, hidden), (seat, _) in zip(plays, last["plays"], strict=True):
        assert role == "img" and label.startswith(f"{name[seat]}: ") and hidden, plays
    tree = page.locator("#last-trick").aria_snapshot()
    imgs = re.findall(r"^\s*- '?img (.*)$", tree, re.M)
    assert len(imgs) == len(last["plays"]), tree                # no card image of its own
    said = page.evaluate("window.said")
    assert said and said[-1].startswith(f"Trick {len(s['view']['tricks'])}: {plays[0][1]}; "), said
    assert said[-1].endswith(f"{name[last['winner']]} won it."), said
    labels = page.evaluate(LEFT_BOWER)
    assert labels[0].endswith(": jack of diamonds, the left bower"), labels
    assert labels[1].endswith(": jack of hearts, the right bower"), labels
    assert labels[3] == "You: joker", labels


def test_the_readouts_speak_only_at_your_changes(page: Page, server: str) -> None:
    """The bid's readout and the kitty's count are not live as their panel opens and fills,
    and are at the player's +, trump or card chosen."""
    page.add_init_script(READOUTS)
    start_game(page, server, "australian", speed="fast")
    while (phase := wait_turn(page)) != "auction":
        take_turn(page, phase)
    opened = page.evaluate("window.readouts")
    assert opened and all(live == "off" for _, live, _ in opened), opened
    page.click("#bid-plus")
    sel, live, words = page.evaluate("window.readouts")[-1]
    assert (sel, live) == (".bid-readout", "polite") and "points" in words
    bid_ten(page, "NT", wait=True)
    assert wait_turn(page) == "kitty", "nobody bids over 10 no trumps"
    page.evaluate("window.readouts = []")
    page.wait_for_function("document.getElementById('kitty-text').textContent.includes('0 of')")
    opened = page.evaluate("window.readouts")
    assert all(live == "off" for _, live, _ in opened), opened
    page.click("#hand .hand-card >> nth=-1")
    sel, live, words = page.evaluate("window.readouts")[-1]
    assert (sel, live) == ("#kitty-text", "polite") and "1 of 3 chosen" in words


def test_the_result_and_your_own_moves_are_said(page: Page, server: str) -> None:
    """Your passes and cards are said ("You pass", "You play the ..."); the hand's result
    says whose contract and each side's points; its heading is green or red only to the
    declaring side."""
    start_game(page, server, "australian")
    page.evaluate(ANNOUNCED)
    while (phase := wait_turn(page)) != "hand_over":
        take_turn(page, phase)
    page.wait_for_selector("#sheet .sheet-head")
    s = page.evaluate("window.fivehundred.app.state")
    heard = " ".join(page.evaluate("window.said"))
    mine = sum(seat == s["you"] for t in s["view"]["tricks"] for seat, _ in t["plays"])
    assert len(re.findall(r"You (play|lead) the ", heard)) == mine > 0, heard
    assert "You pass." in heard, heard
    sheet = s["sheet"]
    assert sheet["contract"], "seed 3: a contract is played"
    whose = "Your" if sheet["declarer"] == s["you"] else f"{sheet['declarer_name']}'s"
    verdict = "Contract made" if sheet["made"] else "Contract failed"
    assert re.search(rf"{verdict}: {whose} [^;]+; ", heard), heard
    for name, points in zip(s["table"]["side_names"], sheet["points"], strict=True):
        said = f"+{points}" if points > 0 else str(points)
        assert re.sub("^You", "you", name) + f" {said}" in heard, heard
    side = next(i for i, x in enumerate(s["table"]["sides"]) if s["you"] in x)
    cls = page.get_attribute("#sheet .sheet-head", "class") or ""
    if side in sheet["declaring_sides"]:
        assert ("made" if sheet["made"] else "failed") in cls.split(), cls
    else:
        assert "neutral" in cls.split(), cls
    # a defender's verdict is neutral, the declaring side's green or red
    verdicts = page.evaluate("""async () => {
      const { sheetVerdict } = await import('/static/util.js');
      const sheet = { kind: 'played', contract: { bid: '7D' }, made: true, declaring_sides: [1] };
      return [sheetVerdict(sheet, 0).cls, sheetVerdict(sheet, 1).cls,
              sheetVerdict({ ...sheet, made: false }, 1).cls];
    }""")
    assert verdicts == ["neutral", "made", "failed"], verdicts


def test_the_table_has_headings_and_the_rules_read_once(page: Page, server: str) -> None:
    """The table's parts have headings a screen reader's heading keys find, seen by no eye;
    the rules' option words (``after_sevens``) are hidden from it, their title says them."""
    start_game(page, server, "australian")
    wait_turn(page)
    for heading in ("Scores", "Players", "Cards on the table", "Your hand"):
        found = page.get_by_role("heading", name=heading, exact=True)
        assert found.count() == 1, heading
        box = found.bounding_box()
        assert box is not None and box["width"] <= 1 and box["height"] <= 1, (heading, box)
    page.evaluate("document.getElementById('rules-button').click()")
    page.wait_for_selector("#rules .rule-token")
    tokens = page.eval_on_selector_all(
        "#rules .rule-token",
        "els => els.map((e) => [e.textContent, e.getAttribute('aria-hidden')])")
    assert tokens and all(hidden == "true" for _, hidden in tokens), tokens
    tree = page.locator("#rules").aria_snapshot()
    words = [t for t, _ in tokens if "_" in t]         # (one a reader would not hear otherwise)
    assert words and not [t for t in words if t in tree], (words, tree)
