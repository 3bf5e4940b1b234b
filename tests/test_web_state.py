"""The end-of-hand sheet's numbers and words (fivehundred.web.state.sheet_json)."""

from __future__ import annotations

from dataclasses import replace

from fivehundred import Game, Rules
from fivehundred.actions import MISERE
from fivehundred.auction import bid_action, contract_of
from fivehundred.bots import make
from fivehundred.cards import CLUBS, HEARTS
from fivehundred.game.state import HandResult
from fivehundred.scoring import hand_points
from fivehundred.web.state import continue_summary, sheet_json, status_line

FIVE_NAMES = ["You", "West", "North-West", "North-East", "East"]


def sheet_after(rules: Rules, bid: int, declarer: int, partner: int | None,
                tricks: tuple[int, ...], names: list[str]) -> dict:  # type: ignore[type-arg]
    """The sheet of a hand scored by the engine's own scoring."""
    c = contract_of(rules, bid, declarer)
    points, made = hand_points(rules, c, partner, tricks)
    res = HandResult(0, 0, c, declarer, partner, tricks, points, made, "contract")
    view = replace(Game(rules, seed=1).view(0), hand_results=(res,), scores=points)
    return sheet_json(view, names)


def test_five_called_defenders_are_the_sides_outside_declarer_and_called_partner() -> None:
    # East (4) bids 7♣ and calls You (0); they take 4 tricks and fail: the three others took
    # 2 each (+20 each, +60 in all); the called partner's -80 is not the defenders'.
    r = Rules.preset("five_called")
    s = sheet_after(r, bid_action(7, CLUBS), 4, 0, (1, 2, 2, 2, 3), FIVE_NAMES)
    assert s["points"] == [-80, 20, 20, 20, -160]
    assert s["contract_points"] == -160
    assert s["partner_points"] == -80
    assert s["defender_points"] == 60
    assert sorted(s["declaring_sides"]) == [0, 4]
    assert s["lines"][0] == "East (with you) bid 7♣ and took 4 tricks: failed, -160"
    assert "You, East's partner: -80 (half of the contract)" in s["lines"]
    assert "West took 2 tricks: +20, 10 a trick" in s["lines"]
    assert not any(line.startswith("You took") for line in s["lines"])


def test_five_called_made_contract_counts_only_the_real_defenders() -> None:
    r = Rules.preset("five_called")
    s = sheet_after(r, bid_action(7, HEARTS), 4, 0, (3, 1, 1, 1, 4), FIVE_NAMES)
    assert s["made"] and s["contract_points"] == 200 and s["partner_points"] == 100
    assert s["defender_points"] == 30


def test_playing_alone_has_no_partner_line() -> None:
    r = Rules.preset("five_called")
    s = sheet_after(r, bid_action(6, HEARTS), 4, None, (1, 1, 1, 1, 6), FIVE_NAMES)
    assert s["partner_points"] == 0 and s["declaring_sides"] == [4]
    assert s["defender_points"] == 40
    assert not any("partner" in line for line in s["lines"])


def test_failed_misere_defender_points_say_they_come_from_the_declarers_tricks() -> None:
    # one line for the defenders (not one identical line each), each seat's points clear, and
    # "you" in lower case in mid-sentence
    r = Rules.preset("classic3", misere_defender_points="ten_per_declarer_trick")
    names = ["You", "West", "East"]
    s = sheet_after(r, MISERE, 0, None, (5, 0, 5), names)
    assert s["lines"] == ["You bid misère and took 5 tricks: failed, -250",
                          "The defenders (West, East): +50 each, 10 for each trick you took"]
    assert s["defender_points"] == 100


def test_a_misere_of_another_seat_names_you_among_the_defenders_in_lower_case() -> None:
    r = Rules.preset("five_called", misere_defender_points="ten_per_declarer_trick")
    s = sheet_after(r, MISERE, 4, None, (2, 3, 2, 1, 2), FIVE_NAMES)
    assert s["lines"] == ["East bid misère and took 2 tricks: failed, -250",
                          "The defenders (you, West, North-West, North-East): +20 each, "
                          "10 for each trick East took"]


def test_a_failed_misere_against_one_side_keeps_one_line() -> None:
    r = Rules.preset("australian", misere_defender_points="ten_per_declarer_trick")
    names = ["You", "West", "North", "East"]
    s = sheet_after(r, MISERE, 0, None, (3, 3, 0, 4), names)
    assert s["lines"][1:] == ["West & East: +30, 10 for each trick you took"]


def test_a_misere_whose_defenders_score_nothing_says_why() -> None:
    # the defenders' row read "West & East · 10 tricks · 0" with no line saying why, where a
    # contract's sheet explains its defenders' points: now a line says it under the rules in
    # force (misere_defender_points), made or failed
    names = ["You", "West", "North", "East"]
    made = sheet_after(Rules.preset("australian"), MISERE, 2, None, (4, 3, 0, 3), names)
    assert made["lines"] == ["North bid misère and took 0 tricks: made, +250",
                             "West & East: 0, a misère's defenders score nothing under these "
                             "rules"]
    failed = sheet_after(Rules.preset("australian"), MISERE, 2, None, (4, 2, 1, 3), names)
    assert failed["lines"][1:] == ["West & East: 0, a misère's defenders score nothing under "
                                   "these rules"]
    ten = sheet_after(Rules.preset("classic3"), MISERE, 0, None, (0, 5, 5),
                      ["You", "West", "East"])
    assert ten["lines"][1:] == ["The defenders (West, East): 0 each, 10 for each trick you "
                                "took, and you took none"]


def test_you_are_named_first_on_your_side_whichever_seat_you_sit_in() -> None:
    # seen from East (seat 3, West's partner): "You & West" (it said "West & you", while
    # the terminal table's score panel said "You & West"), "You & West win"
    r = Rules.preset("australian")
    names = ["South", "West", "North", "East"]
    c = contract_of(r, bid_action(7, HEARTS), 0)
    points, made = hand_points(r, c, None, (4, 1, 3, 2))
    res = HandResult(0, 0, c, 0, None, (4, 1, 3, 2), points, made, "contract")
    view = replace(Game(r, seed=1).view(3), hand_results=(res,), scores=points)
    s = sheet_json(view, names)
    assert s["lines"][1] == "You & West took 3 tricks: +30, 10 a trick"
    over = replace(view, phase="game_over", winner=1, scores=(-20, 510))
    assert status_line(over, names) == "You & West win the game."
    # further on in a sentence, "you": two sides of three fell, yours named second
    six = Rules.preset("six_pairs")
    seen = Game(six, seed=1).view(2)
    six_names = ["South", "South-West", "North-West", "North", "North-East", "South-East"]
    fell = replace(seen, phase="game_over", winner=1, scores=(-510, 100, -520))
    assert status_line(fell, six_names) == (
        "North & South (-510) and you & South-East (-520) fell (the hole is -500): "
        "North-East & South-West win with 100."), status_line(fell, six_names)


def test_partnership_sheet_keeps_its_shape() -> None:
    r = Rules.preset("australian")
    names = ["You", "West", "North", "East"]
    s = sheet_after(r, bid_action(7, HEARTS), 0, None, (4, 1, 3, 2), names)
    assert s["points"] == [200, 30] and s["contract_points"] == 200
    assert s["defender_points"] == 30 and s["side_tricks"] == [7, 3]
    # the tricks are the side's, said so (it read "You bid 7♥ and took 7 tricks", four of them
    # yours and three your partner's)
    assert s["lines"] == ["You bid 7♥; you & North took 7 tricks: made, +200",
                          "West & East took 3 tricks: +30, 10 a trick"]
    north = sheet_after(r, bid_action(7, HEARTS), 2, None, (4, 1, 3, 2), names)
    assert north["lines"][0] == "North bid 7♥; you & North took 7 tricks: made, +200"
    west = sheet_after(r, bid_action(7, HEARTS), 1, None, (4, 1, 3, 2), names)
    assert west["lines"][0] == "West bid 7♥; West & East took 3 tricks: failed, -200"


def test_game_lost_in_the_hole_says_who_fell_and_who_won() -> None:
    r = Rules.preset("five_called")
    v = replace(Game(r, seed=1).view(0), phase="game_over", winner=1,
                scores=(-80, 100, -530, 20, -160))
    line = status_line(v, FIVE_NAMES)
    assert line == "North-West fell to -530 (the hole is -500): West wins with 100."
    won = replace(v, winner=0, scores=(520, 100, -20, 20, -160))
    assert status_line(won, FIVE_NAMES) == "You win the game."
    # a tie for the highest score is broken by the rules: said, not left to look arbitrary
    # (classic3: "West wins with 50." beside "East: 50")
    tie = replace(v, winner=1, scores=(-80, 100, -530, 100, 100))
    assert status_line(tie, FIVE_NAMES) == (
        "North-West fell to -530 (the hole is -500): West wins with 100, tied with "
        "North-East and East (a tie goes to the first in seat order (nobody declared the last "
        "hand)).")


def test_the_lobby_line_of_a_game_waiting_at_a_finished_hand_names_the_next_hand() -> None:
    g = Game(Rules.preset("australian"), seed=4)
    bots = make("easy")
    while g.phase != "hand_over":
        g.apply(bots.act(g.view(g.to_move)).action)
    sides = ["You & North", "West & East"]
    line = continue_summary("Australian", g.phase, g.hand_number, list(g.scores), sides)
    assert line.startswith("Australian · hand 1 over, next hand 2 · You & North ")
    assert continue_summary("Australian", "auction", 1, [20, 100], sides) == \
        "Australian · hand 2 · You & North 20 · West & East 100"


def test_the_lobby_line_says_whose_scores_they_are() -> None:
    assert continue_summary("5 players, called partner", "play", 0, [0, 20, -40, 10, 0],
                            FIVE_NAMES) == ("5 players, called partner · hand 1 · You 0 · "
                                            "West 20 · North-West -40 · North-East 10 · East 0")


def test_a_slam_says_what_the_slam_rule_added() -> None:
    """All ten tricks: the sheet says the slam rule made the score, where it did."""
    names = ["You", "West", "East"]
    r = Rules.preset("classic3")                       # slam=250_if_less
    s = sheet_after(r, bid_action(7, HEARTS), 0, None, (10, 0, 0), names)
    assert s["lines"][0] == ("You bid 7♥ and took 10 tricks: made, +250 (all ten tricks: a "
                             "slam scores at least 250)")
    s = sheet_after(r, bid_action(8, CLUBS), 0, None, (10, 0, 0), names)
    assert s["lines"][0] == "You bid 8♣ and took 10 tricks: made, +260"   # 260 ≥ 250
    s = sheet_after(r, bid_action(7, HEARTS), 0, None, (9, 1, 0), names)
    assert s["lines"][0] == "You bid 7♥ and took 9 tricks: made, +200"
    bonus = Rules.preset("classic3", slam="bonus_equal_to_bid")
    s = sheet_after(bonus, bid_action(8, CLUBS), 0, None, (10, 0, 0), names)
    assert s["lines"][0] == ("You bid 8♣ and took 10 tricks: made, +520 (all ten tricks: a "
                             "slam of 8♣ or more scores twice its price)")
    s = sheet_after(bonus, bid_action(7, HEARTS), 0, None, (10, 0, 0), names)
    assert s["lines"][0] == "You bid 7♥ and took 10 tricks: made, +200"
    s = sheet_after(Rules.preset("classic3", slam="none"), bid_action(7, HEARTS), 0, None,
                    (10, 0, 0), names)
    assert s["lines"][0] == "You bid 7♥ and took 10 tricks: made, +200"


def test_a_side_of_three_is_named_as_a_list() -> None:
    r = Rules.preset("six_threes")
    names = ["You", "South-West", "North-West", "North", "North-East", "South-East"]
    s = sheet_after(r, bid_action(7, HEARTS), 0, None, (3, 1, 2, 1, 2, 1), names)
    assert s["lines"] == ["You bid 7♥; you, North-West & North-East took 7 tricks: made, +200",
                          "South-West, North & South-East took 3 tricks: +30, 10 a trick"]


def test_every_bid_is_spelled_alike_in_the_status_the_advice_the_log_and_the_grid() -> None:
    """The terminal table's bid grid and log wrote 10NT, its status line, hint and take-back
    (the words shared with the web) 10 NT, side by side: one spelling everywhere."""
    from textual.content import Content

    from fivehundred.console.display import pretty
    from fivehundred.tui.texts import bid_markup
    from fivehundred.web.state import action_words

    g = Game(Rules.preset("australian"), seed=3)
    bids = [t for t in g.legal_actions() if t != "pass"]
    assert "10NT" in bids and "6S" in bids
    for tok in bids:
        assert action_words("auction", tok) == "Bid " + pretty(tok), tok
        assert Content.from_markup(bid_markup(tok)).plain == pretty(tok), tok
    g.apply("10NT")
    assert status_line(g.view(1), ["You", "West", "North", "East"]).endswith(
        "(the bid is 10NT)"), status_line(g.view(1), ["You", "West", "North", "East"])


def test_a_led_left_bower_or_joker_asks_for_a_trump() -> None:
    """Led in a suit contract, the left bower and the joker are trumps: "follow to the J♠"
    (clubs trumps) sent a player looking for spades."""
    names = ["You", "West", "North", "East"]
    seen: dict[str, str] = {}
    for seed in range(40):
        g = Game(Rules.preset("australian"), seed=seed)
        while g.phase == "auction":
            g.apply(g.legal_actions()[0] if not g.actions else "pass")
        while g.phase not in ("hand_over", "game_over"):
            v = g.view(g.to_move)
            if g.phase == "play" and v.trick:
                led, strain = v.trick[0][1], v.contract.strain
                trumps = ["spades", "clubs", "diamonds", "hearts"][strain]
                line = status_line(v, names)
                left = "J" + "SCDH"[strain ^ 1]
                if led in ("JK", left):
                    seen[led[:2]] = line
                    assert line == f"Your turn: follow in trumps ({trumps}) if you can", line
                else:
                    assert "trump" not in line, line
            g.apply(g.legal_actions()[0])
        if len(seen) == 2:
            return
    raise AssertionError(f"no joker and left bower led in 40 deals: {seen}")


def test_the_scores_name_sides_as_the_sheet_does_for_every_seat() -> None:
    """With friends, the scores panel named the sides by their seats' names ("South &
    North") while the sheet said "You & North": each seat now reads its own side as yours."""
    from fivehundred.web.table import Table

    t = Table.new("australian", Rules.preset("australian"), "easy", seed=4, friends=True)
    assert t.table_json(0, set(), None)["side_names"] == ["You & North", "West & East"]
    assert t.table_json(1, set(), None)["side_names"] == ["North & South", "You & East"]
    assert t.table_json(2, set(), None)["side_names"] == ["You & South", "East & West"]


def test_an_action_is_saved_as_the_engine_spells_it() -> None:
    """" 10nt", "10d" and "10h " were accepted and saved as sent: the table keeps tokens."""
    from fivehundred.web.table import Table

    t = Table.new("australian", Rules.preset("australian"), "easy", seed=4)
    while t.game.to_move != 0:          # the bots pass (as the table keeps their actions)
        t.game.apply("pass")
        t.hands[-1].append("pass")
    t.act(0, " 10nt")
    assert t.hands[-1][-1] == "10NT" and t.to_json()["hands"][-1][-1] == "10NT"
    while t.game.phase == "auction":
        t.game.apply("pass")
        t.hands[-1].append("pass")
    kitty = list(t.game.view(0).hand)[:3]
    t.discard(0, [c.lower() for c in kitty])
    assert t.hands[-1][-3:] == kitty


def test_a_claim_names_the_side_as_the_scores_do() -> None:
    """A claim's side was named in seat order ("West & East") where the scores panel of
    the same seat reads "East & West" (clockwise from you): now as the scores do."""
    from fivehundred.claims import Claim
    from fivehundred.web.replies import claimed_message
    from fivehundred.web.table import Table

    t = Table.new("australian", Rules.preset("australian"), "easy", seed=4, friends=True)
    c = Claim(1, (1, 3), False, 2, ())
    text = claimed_message(c, 2, t)["text"]
    assert text == "West claimed the last 2 tricks for East & West", text
    assert t.table_json(2, set(), None)["side_names"][1] == "East & West"
    assert claimed_message(c, 3, t)["text"] == "West claimed the last 2 tricks for you & West"
