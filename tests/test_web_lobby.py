"""The lobby in a real browser (Playwright, Debian's Chromium, a live server): a saved game's
line, the house rules' switches (open misère follows misère), and each preset's house rules
remembered for the next game; the rules dialog saying what holds at the table."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, Route

from browser import SEED, live_server, seeded, wait_turn
from fivehundred.cards import token
from fivehundred.console.display import pretty
from fivehundred.dealing import first_cut
from fivehundred.options import PRESET_LABELS, TOGGLE_GROUPS, TOGGLES, choice_word
from fivehundred.rules import CHOICES, Rules
from fivehundred.web.store import Store

CONTINUE_LINES = """() => [...document.querySelectorAll('#continue-summary > div')].map(
  (line) => [...line.querySelectorAll('.cs-part')].map((part) => part.textContent))"""
"""JavaScript: the lobby's line for the saved game, each of its lines as the parts it shows."""


def seeded_lobby(page: Page, server: str) -> None:
    """The lobby, its new table to be dealt from ``SEED``."""
    page.route("**/api/tables", lambda route: seeded(route, SEED))
    page.goto(server)
    page.wait_for_selector("#lobby button#play")


def rules_at_the_table(page: Page) -> dict[str, str]:
    """PLAY, then the rules dialog from the menu: each option's item (its name, its value,
    its line) as the page shows it, by the option's name."""
    page.click("button#play")
    page.wait_for_function("document.body.dataset.seq !== undefined")
    wait_turn(page)
    page.click("#menu-button")
    page.click("#rules-button")
    page.wait_for_selector("#rules .rule-item")
    items: list[list[str]] = page.eval_on_selector_all("#rules .rule-item", """els => els.map(
        (e) => [e.querySelector('.rule-name').textContent, e.innerText])""")
    return {name: text for name, text in items}


def test_the_lobby_keeps_a_name_with_a_dot_in_one_piece(page: Page, tmp_path: Path) -> None:
    """A saved game of a player named "Ann · Bob": the lobby's line shows the rules and the
    hand on one line, each side with its score on the next, the name whole inside its side's
    part; from a server that sends the line alone its words are shown all the same."""
    with live_server(tmp_path / "names.db", "local") as url:
        made = page.request.post(url + "api/tables", data={
            "preset": "australian", "strength": "easy", "seed": SEED, "name": "Ann · Bob"})
        assert made.ok, made.text()
        label = PRESET_LABELS["australian"]
        page.goto(url)
        page.wait_for_selector("button#continue")
        assert page.evaluate(CONTINUE_LINES) == [
            [label, "hand 1"], ["Ann · Bob & North 0", "West & East 0"]]
        assert page.inner_text("#continue-summary").split("\n") == [
            f"{label} · hand 1", "Ann · Bob & North 0 · West & East 0"]

        def line_alone(route: Route) -> None:     # the lobby's reply of an older server
            reply = route.fetch().json()
            del reply["continue"]["summary_parts"]
            route.fulfill(json=reply)

        page.route("**/api/lobby?*", line_alone)
        page.reload()
        page.wait_for_selector("button#continue")
        assert page.inner_text("#continue-summary").split("\n") == [
            f"{label} · hand 1", "Ann · Bob & North 0 · West & East 0"]


def test_open_misere_follows_misere_in_the_lobby_and_the_rules(page: Page, server: str) -> None:
    """Misère not allowed bans open misère too: in the lobby the open-misère switch goes off
    and cannot be changed while misère is off (and comes back as it was); at the table the
    rules say open misère is not allowed, and why."""
    seeded_lobby(page, server)
    page.select_option("select#preset", "australian")
    page.click("#house-rules summary")
    misere, open_misere = "#opt-misere_allowed", "#opt-open_misere_allowed"
    assert page.is_checked(misere) and page.is_checked(open_misere)
    assert page.is_enabled(open_misere)
    page.click(f"label[for='{misere[1:]}'] .switch")
    assert not page.is_checked(misere)
    assert not page.is_checked(open_misere) and not page.is_enabled(open_misere)
    page.click(f"label[for='{misere[1:]}'] .switch")          # back on: as it was
    assert page.is_checked(open_misere) and page.is_enabled(open_misere)
    page.click(f"label[for='{misere[1:]}'] .switch")
    item = " ".join(rules_at_the_table(page)["Open misère allowed"].split())
    assert item.startswith("Open misère allowed no"), item
    assert "Not at this table: misère is not allowed" in item, item


def test_the_lobby_remembers_each_presets_house_rules(page: Page, server: str) -> None:
    """House rules played under a preset come back the next time it is chosen (the heading
    counts them, so they are seen); THE PRESET'S OWN RULES puts them back; another preset
    keeps its own; the joker's rule is off where the pack has no joker. The rules dialog
    says what holds: the slam's bonus from 8♣ up, misère played out."""
    seeded_lobby(page, server)
    page.select_option("select#preset", "classic3")
    page.click("#house-rules summary")
    assert page.inner_text("#house-rules summary") == "House rules"
    assert page.is_hidden("#own-rules")
    shown = page.eval_on_selector("#opt-slam", "s => [...s.options].map((o) => o.text)")
    assert shown == [choice_word("slam", v) for v in CHOICES["slam"]]   # the server's words
    assert "Twice the bid, from 8♣ up" in shown
    page.select_option("#opt-slam", "bonus_equal_to_bid")
    page.fill("#opt-target", "250")
    assert page.inner_text("#house-rules summary") == "House rules · 2 changed"
    items = rules_at_the_table(page)
    slam = items["Slam (all ten tricks)"]
    assert "Twice the bid, from 8♣ up" in slam and "below 8♣, the price alone" in slam, slam
    stops = items["Misère stops at its first trick"]
    assert "played out to the last trick" in stops, stops
    page.goto(server)                  # the lobby again
    page.wait_for_selector("#lobby button#play")
    page.select_option("select#preset", "classic3")
    assert page.inner_text("#house-rules summary") == "House rules · 2 changed"
    assert page.input_value("#opt-slam") == "bonus_equal_to_bid"
    assert page.input_value("#opt-target") == "250"
    page.select_option("select#preset", "australian")        # another preset: its own
    assert page.inner_text("#house-rules summary") == "House rules"
    assert page.input_value("#opt-slam") == "250_if_less"
    page.select_option("select#preset", "two_24")              # no joker in that pack
    assert page.is_disabled("#opt-nt_joker")
    assert "no joker" in (page.get_attribute("label[for='opt-nt_joker']", "title") or "")
    page.select_option("select#preset", "classic3")
    page.click("#house-rules summary")
    page.click("#own-rules")
    assert page.inner_text("#house-rules summary") == "House rules"
    assert page.input_value("#opt-slam") == "250_if_less"
    assert page.input_value("#opt-target") == "500"
    assert page.is_enabled("#opt-nt_joker")



def test_every_house_rule_but_the_tables_shape_can_be_chosen(page: Page, server: str) -> None:
    """The lobby offered 7 of the options; RULES.md has every option switchable on every
    preset: all but those that make the table (players, pack, teams, deal) are offered,
    under three headings, open misère's following its switch, and a choice reaches the
    table's rules."""
    seeded_lobby(page, server)
    page.select_option("select#preset", "classic3")
    page.click("#house-rules summary")
    names = page.eval_on_selector_all("#toggles [name]", "els => els.map((e) => e.name)")
    assert names == list(TOGGLES)
    assert not set(names) & {"players", "deck", "teams", "dead_hand", "call_partner",
                             "deal_pattern"}
    assert page.eval_on_selector_all("#toggles .toggle-group", "els => els.map((e) => "
                                     "e.textContent)") == list(TOGGLE_GROUPS.values())
    page.click("label[for='opt-open_misere_allowed'] .switch")      # open misère off
    assert not page.is_enabled("#opt-open_misere_rank")
    assert page.input_value("#opt-open_misere_rank") == "top"       # classic3's, kept
    assert page.is_enabled("#opt-misere_rank")
    page.click("label[for='opt-misere_allowed'] .switch")           # misère off: all of it
    assert not page.is_enabled("#opt-misere_rank")
    page.click("label[for='opt-misere_allowed'] .switch")
    page.click("label[for='opt-open_misere_allowed'] .switch")
    assert page.is_enabled("#opt-open_misere_rank") and page.is_checked(
        "#opt-open_misere_allowed")
    page.select_option("#opt-opening_lead", "eldest")
    page.fill("#opt-hole", "-1000")
    page.select_option("#opt-misere_rank", "after_sevens")
    assert page.inner_text("#house-rules summary") == "House rules · 3 changed"
    items = rules_at_the_table(page)
    assert "The first to speak" in items["Opening lead"], items["Opening lead"]
    assert "-1000" in items["Game lost at"] and "Above every 7-bid" in items["Misère ranks"]


def test_a_switch_shown_off_is_not_remembered_as_a_house_rule(page: Page, server: str) -> None:
    """Misère switched off for a game: open misère, off with it, was sent and remembered as a
    house rule of its own, so the next visit's open misère stayed off once misère was on
    again.  A switch shown off is not sent (the server refuses it: it means nothing there)."""
    seeded_lobby(page, server)
    assert page.is_hidden("#lobby-problems")          # (nothing went wrong)
    page.select_option("select#preset", "australian")
    page.click("#house-rules summary")
    page.click("label[for='opt-misere_allowed'] .switch")
    assert page.inner_text("#house-rules summary") == "House rules · 1 changed"
    with page.expect_request("**/api/tables") as sent:
        page.click("button#play")
    assert (sent.value.post_data_json or {})["toggles"] == {"misere_allowed": False}
    page.wait_for_function("document.body.dataset.seq !== undefined")
    page.goto(server)                  # the lobby again: misère off, as played
    page.wait_for_selector("#lobby button#play")
    page.select_option("select#preset", "australian")
    assert not page.is_checked("#opt-misere_allowed")
    assert not page.is_checked("#opt-open_misere_allowed")
    page.click("#house-rules summary")
    page.click("label[for='opt-misere_allowed'] .switch")
    assert page.is_checked("#opt-open_misere_allowed")
    assert page.is_enabled("#opt-open_misere_allowed")
    assert page.inner_text("#house-rules summary") == "House rules"


def test_a_saved_game_that_cannot_be_opened_is_said_in_the_lobby(
        page: Page, tmp_path: Path) -> None:
    """A damaged saved game was left out of the lobby's lists without a word (the lobby's
    reply had it in ``problems``): a notice says what it is, and that the file keeps it."""
    db = tmp_path / "damaged.db"
    store = Store(db)
    store.save("broken1", {"format": 0, "id": "broken1"}, finished=False)
    store.close()
    with live_server(db, "local") as url:
        page.goto(url)
        page.wait_for_selector("#lobby button#play")
        page.wait_for_selector("#lobby-problems", state="visible")
        text = page.inner_text("#lobby-problems")
        assert "saved game broken1: saved table format 0 is not" in text, text
        assert "saves file is kept as it is" in text, text
        assert page.is_hidden("#continue-box")


def test_every_game_in_progress_can_be_continued(page: Page, tmp_path: Path) -> None:
    """Starting a new game from the lobby hid the one before it for good (CONTINUE offered
    only the newest): the others are listed under it, each with its own CONTINUE; the
    lobby's keyboard focus is on CONTINUE while a game is in progress."""
    with live_server(tmp_path / "games.db", "local") as url:
        made = []
        for preset in ("classic3", "australian", "five_called"):
            r = page.request.post(url + "api/tables", data={
                "preset": preset, "strength": "easy", "seed": SEED})
            assert r.ok, r.text()
            made.append(r.json()["table"])
        page.goto(url)
        page.wait_for_selector("button#continue")
        page.wait_for_function("document.activeElement.id === 'continue'")
        assert PRESET_LABELS["five_called"] in page.inner_text("#continue-summary")
        listed = page.eval_on_selector_all("#in-play-list li", "els => els.map((e) => "
                                           "[e.dataset.table, e.innerText])")
        assert [t for t, _ in listed] == [made[1], made[0]], listed
        assert PRESET_LABELS["australian"] in listed[0][1]
        assert PRESET_LABELS["classic3"] in listed[1][1]
        label = page.get_attribute("#in-play-list li:last-child button", "aria-label") or ""
        assert label.startswith("Continue the game last played ") and "classic" in label.lower()
        page.click("#in-play-list li:last-child button")
        page.wait_for_function("document.body.dataset.seq !== undefined")
        assert page.evaluate("window.fivehundred.app.state.table.id") == made[0]
        assert page.evaluate("window.fivehundred.app.state.table.players") == 3


def test_a_house_rule_says_what_it_means_to_the_keyboard_too(page: Page, server: str) -> None:
    """Each house rule's meaning was only a tooltip (no keyboard, touch or screen reader
    reached it), and "Game won" read "by_own_contract: ...": each control is now described
    by it, in words; the note on partners says "partners" with two of them."""
    seeded_lobby(page, server)
    page.click("#house-rules summary")
    told = page.eval_on_selector_all("#toggles input, #toggles select", """els => els.map((e) =>
        [e.name, (document.getElementById(e.getAttribute('aria-describedby')) || {}).textContent
                 || ''])""")
    assert len(told) >= 6 and all(text for _, text in told), told
    assert not any("_" in text or "australian:" in text.lower() for _, text in told), told
    page.select_option("select#preset", "six_threes")
    assert page.inner_text("#lobby .note") == "Your partners play at least Hard."
    page.select_option("select#preset", "australian")
    assert page.inner_text("#lobby .note") == "Your partner plays at least Hard."
    page.select_option("select#preset", "classic3")
    assert not page.is_visible("#lobby .note")


def test_everyone_passing_at_no_trumps_is_said(page: Page, server: str) -> None:
    """With "When everyone passes: play at no trumps", the table went from "East is bidding"
    to "Your lead" and nothing said the hand was played at no trumps: a notice says so."""
    page.route("**/api/tables", lambda route: seeded(route, 164))
    page.goto(server)
    page.wait_for_selector("#lobby button#play")
    page.click("#house-rules summary")
    page.select_option("#opt-all_pass", "play_no_trumps")
    page.click("button#play")
    page.wait_for_function("document.body.dataset.seq !== undefined")
    while wait_turn(page) == "auction":
        page.click("#pass-button")
        page.wait_for_function("window.fivehundred.app.state.view.auction.some(([s]) => s === 0)"
                               " || document.body.dataset.phase !== 'auction'")
    assert page.evaluate("window.fivehundred.app.state.view.contract") is None
    page.wait_for_selector("#toasts .toast:has-text('Everyone passed: the hand is played at "
                           "no trumps')")
    # the contract's plaque says so before the first card too (it still read BIDDING), and
    # after a reload, when the notice has gone
    assert wait_turn(page) == "play" and page.evaluate(
        "window.fivehundred.app.state.view.trick.length") == 0
    for _ in range(2):
        plaque = page.inner_text("#contract")
        assert "No trumps, 10 a trick" in plaque and "BIDDING" not in plaque.upper(), plaque
        page.reload()                                  # (the table again)
        page.wait_for_function("document.body.dataset.phase === 'play'")


def test_a_hole_that_is_not_the_targets_opposite_is_shown(page: Page, server: str) -> None:
    """Out at -250 was in the rules dialog alone: the score's plaque and the menu say it."""
    seeded_lobby(page, server)
    page.click("#house-rules summary")
    page.fill("#opt-hole", "-250")
    page.click("button#play")
    page.wait_for_function("document.body.dataset.seq !== undefined")
    wait_turn(page)
    assert page.inner_text("#scores .plaque-aside") == "to 500 · out at \u2212250"
    assert page.inner_text("#menu-sub").endswith("game to 500 · out at \u2212250")


def test_a_cut_for_the_first_dealer_is_shown(page: Page, server: str) -> None:
    """A cut chose the first dealer and nothing showed it, only who dealt: a notice gives
    each seat's card and who deals."""
    seeded_lobby(page, server)
    page.click("#house-rules summary")
    page.select_option("#opt-first_dealer", "cut")
    page.click("button#play")
    page.wait_for_function("document.body.dataset.seq !== undefined")
    note = page.wait_for_selector("#toasts .toast:has-text('The cut: ')").inner_text()
    cut = [token(c) for c in first_cut(Rules.preset("australian", first_dealer="cut"), SEED)
           or ()]
    names = page.evaluate("window.fivehundred.app.state.table.seats.map((s) => s.name)")

    def shown(tok: str) -> str:
        return "Joker" if tok == "JK" else pretty(tok)

    assert len(cut) == 4 and note.startswith(f"The cut: you {shown(cut[0])}, "), note
    assert f"{names[1]} {shown(cut[1])}" in note and "(the lowest card)" in note, note


def test_points_are_typed_as_the_house_plays_them(page: Page, server: str) -> None:
    """A rule purist's finding: the form offered the game's target and hole and open misère's
    value only as 250/500/1000 and 500/520, and misère's value not at all (the rules string
    takes any).  They are typed (the common values offered), checked before a game is asked
    for: a wrong one is named, with what it takes, and has the keyboard; no table starts."""
    seeded_lobby(page, server)
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if r.method == "POST" else None)
    page.click("#house-rules summary")
    assert page.get_attribute("#opt-target", "type") == "number"
    offered = page.eval_on_selector("#opt-target-list", "l => [...l.options].map((o) => o.value)")
    assert offered == ["250", "500", "1000"]
    assert page.input_value("#opt-misere_value") == "250"
    page.fill("#opt-target", "")                        # (being typed: not a rule yet)
    assert page.inner_text("#house-rules summary") == "House rules"
    page.fill("#opt-target", "305")
    assert page.inner_text("#house-rules summary") == "House rules · 1 changed"
    page.click("button#play")
    assert page.inner_text("#lobby-error") == (
        "Game to: a whole number of tens from 10 to 10,000, not 305")
    page.fill("#opt-target", "")
    page.click("button#play")
    assert page.inner_text("#lobby-error") == "Game to: a whole number of tens from 10 to 10,000"
    assert page.evaluate("document.activeElement.id") == "opt-target"
    assert asked == []                                     # no game asked for
    page.fill("#opt-target", "750")
    page.fill("#opt-misere_value", "300")
    items = rules_at_the_table(page)
    assert "750" in items["Game to"] and "300" in items["Misère is worth"], items
