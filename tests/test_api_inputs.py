"""What the library does with odd arguments from a researcher's code: a clear error that
names what was expected, and nothing changed; numpy's integers taken as ints."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable

import numpy as np
import pytest

from fivehundred import (
    Deal,
    DealError,
    FiveHundredError,
    Game,
    IllegalActionError,
    Rules,
    SeatError,
)
from fivehundred.cards import card_from_token, cards_of
from fivehundred.record import record_from_game, replay
from fivehundred.solver import can_make, move_values, solve
from fivehundred.solver.limits import LimitError
from fivehundred.solver.position import PositionError


def _passed_out(seed: int) -> Game:
    g = Game(Rules.preset("australian"), seed=seed)
    for _ in range(4):
        g.apply("pass")
    return g


@pytest.mark.parametrize("deal", [
    {"dealer": 0, "hands": [], "kitty": []},          # malformed
    {"dealer": 3, "hands": [], "kitty": []},          # the wrong dealer too
])
def test_a_refused_next_deal_changes_nothing(deal: dict[str, object]) -> None:
    g, h = _passed_out(3), _passed_out(3)
    with pytest.raises(DealError):
        g.next_hand(deal=deal)
    assert g.hand_number == 0 and g.phase == "hand_over"
    g.next_hand()
    h.next_hand()
    assert g.deal == h.deal and g.hand_number == h.hand_number == 1
    for x in (g, h):
        for _ in range(4):
            x.apply("pass")
    assert [r.number for r in g.hand_results] == [0, 1]
    again = replay(record_from_game(g))
    g.next_hand()
    again.next_hand()
    assert again.deal == g.deal


def test_seeds_are_whole_numbers() -> None:
    r = Rules.preset("australian")
    assert Game(r, seed=np.int64(5)).deal == Game(r, seed=5).deal
    assert Game(r, seed=2**64 - 1).seed == 2**64 - 1
    for bad in (True, 1.5, "5", None.__class__):
        with pytest.raises(TypeError, match="seed must be a whole number"):
            Game(r, seed=bad)  # type: ignore[arg-type]
    # the generator keeps 64 bits: -1 would deal as 2**64 - 1, and 2**64 as 0
    for bad in (-1, 2**64, 2**70):
        with pytest.raises(ValueError, match=r"seed must be a whole number from 0 to 2\*\*64 - 1"):
            Game(r, seed=bad)


def test_rules_by_name_and_nothing_else() -> None:
    assert Game("classic3", seed=1).rules == Rules.preset("classic3")
    assert Game("fivehundred(preset=classic3,target=300)", seed=1).rules.target == 300
    with pytest.raises(TypeError, match="rules must be Rules, a preset's name"):
        Game(3)  # type: ignore[arg-type]


def test_numpy_action_ids_and_seats_are_ints_and_bools_are_not() -> None:
    g = Game(Rules.preset("australian"), seed=2)
    g.apply(np.int64(94))                      # 94: pass
    assert g.actions[-1] == 94
    assert g.view(np.int64(1)).seat == 1 and type(g.view(np.int64(1)).seat) is int
    before = g.actions
    for bad in (True, np.float64(94.0), 3.5, np.array([94])):
        with pytest.raises(IllegalActionError, match="an action is a token or an action id"):
            g.apply(bad)  # type: ignore[arg-type]
    assert g.actions == before
    with pytest.raises(SeatError, match="seat True: a seat is a number from 0 to 3"):
        g.view(True)


@pytest.mark.parametrize("preset", ["australian", "two_dead_hand"])
def test_a_seat_that_is_not_the_tables_is_refused_never_another_seats_cards(
        preset: str) -> None:
    """hand(), hand_tokens() and view() take a seat of the table: -1 is not seat 3, nor is
    the two-handed game's seat 2 its dead hand; numpy's ints are seats, bools are not."""
    g = Game(Rules.preset(preset), seed=2)
    n = g.rules.players
    assert g.hand(np.int64(1)) == g.hand(1)
    for bad in (-1, n, True, 1.0, None, "0"):
        for ask in (g.hand, g.hand_tokens, g.view):
            with pytest.raises(SeatError, match=f"a seat is a number from 0 to {n - 1}"):
                ask(bad)  # type: ignore[arg-type]


def _five_handed_play() -> Game:
    g = Game("five_called", seed=4)
    while g.phase != "play":
        acts = g.legal_actions()
        first_bid = g.phase == "auction" and not g.actions
        g.apply("7H" if first_bid else ("pass" if "pass" in acts else acts[0]))
    return g


@pytest.mark.parametrize(("side", "words"), [
    ((0, 0), r"seat 0 given twice"),
    ((9,), r"9 is not a seat from 0 to 4"),
    ((-1,), r"-1 is not a seat from 0 to 4"),
    ((), r"side must be a tuple of seats"),
    ((True,), r"a seat is a whole number from 0 to 4, not True"),
])
def test_the_solvers_side_is_checked(side: tuple[int, ...], words: str) -> None:
    g = _five_handed_play()
    with pytest.raises(PositionError, match=words):
        move_values(g, side=side)


def test_the_solvers_arguments_are_checked() -> None:
    g = _five_handed_play()
    with pytest.raises(PositionError, match="not View: a View hides cards"):
        solve(g.view(0))  # type: ignore[arg-type]
    with pytest.raises(PositionError, match="not NoneType"):
        solve(None)  # type: ignore[arg-type]
    for budget in ("5", True, 1.5, None):
        with pytest.raises(LimitError, match="a node budget is a whole number"):
            solve(g, budget=budget)  # type: ignore[arg-type]
    with pytest.raises(LimitError, match="a time limit is a number of seconds"):
        solve(g, seconds="1")  # type: ignore[arg-type]
    for tricks in ("3", 2.5):
        with pytest.raises(PositionError, match="tricks must be a whole number"):
            can_make(g, tricks)  # type: ignore[arg-type]
    best = solve(g).tricks
    assert best is not None
    assert can_make(g, np.int64(best)) is True and can_make(g, best + 1) is False
    assert solve(g, budget=np.int64(10**6)).tricks == best


def _misere_play() -> Game:
    from helpers import end_position

    return end_position("australian", 24, "misere", 4)


def _bad_calls() -> list[tuple[str, Callable[[], object], str]]:
    """Library calls with bad arguments, each with the words its error must say."""
    from fivehundred.actions import action_from_token, token_of
    from fivehundred.bots import Budget, make
    from fivehundred.cards import token
    from fivehundred.claims import plan_claim
    from fivehundred.env import FiveHundredEnv
    from fivehundred.record import load, loads, loads_json
    from fivehundred.solver import misere_safe
    from fivehundred.solver.analysis import analyse_record, dd_table

    g = _five_handed_play()
    env = FiveHundredEnv("australian")
    return [
        ("LimitError", lambda: solve(g, budget=-1), "node budget"),
        ("LimitError", lambda: move_values(g, cap=0), "a cap is a positive number"),
        ("LimitError", lambda: move_values(g, cap="x"), "a cap is a positive number"),
        ("PositionError", lambda: misere_safe(g), "is for a misère contract"),
        ("MalformedError", lambda: token_of(-1), "is not an action id"),
        ("MalformedError", lambda: token_of(163), "is not an action id"),
        ("MalformedError", lambda: token(-1), "is not a card id"),
        ("MalformedError", lambda: action_from_token(None), "an action token is text"),
        ("RulesError", lambda: Rules.parse(None), "a preset's name or a rules string"),
        ("RulesError", lambda: Rules.from_string(3), "a rules string looks like"),
        ("RulesError", lambda: Rules(deal_pattern=3), "deal_pattern must be str"),
        ("RulesError", lambda: Rules.preset("classic3", deal_pattern="3-k0-4-3"),
         "each at least 1"),
        ("RulesError", lambda: Rules.preset("classic3", deal_pattern="03-k3-4-3"),
         "without leading zeros"),
        ("RulesError", lambda: Rules.from_string("fivehundred(target=\u0661\u0660\u0660)"),
         "digits 0-9"),
        ("RulesError", lambda: Rules.from_string("fivehundred(target=+500)"),
         "digits 0-9"),
        ("BotError", lambda: make(None), "unknown bot None"),
        ("BotError", lambda: make("hard", seed="x"), "seed must be a whole number"),
        ("BotError", lambda: make("hard", seed=1.5), "seed must be a whole number"),
        ("BotError", lambda: make("hard", budget=-1), "budget is a Budget"),
        ("BotError", lambda: Budget(samples=1.5), "whole number of deals"),
        ("BotError", lambda: Budget(samples=True), "whole number of deals"),
        ("BotError", lambda: Budget(seconds="x"), "number of seconds"),
        ("ClaimError", lambda: plan_claim(g, g.to_move or 0, seconds=0),
         "the claim's limit: a time limit of 0 seconds"),
        ("ClaimError", lambda: plan_claim(g, g.to_move or 0, seconds=float("nan")),
         "give a positive number of seconds"),
        ("ClaimError", lambda: plan_claim(g, g.to_move or 0, seconds="x"),
         "the claim's limit: a time limit is a number of seconds"),
        ("ClaimError", lambda: plan_claim(g, g.to_move or 0, names=["A"]),
         "the 5 seats' names"),
        ("MalformedError", lambda: FiveHundredEnv(3), "rules are Rules"),
        ("MalformedError", lambda: env.last(), "has not been reset"),
        ("MalformedError", lambda: (env.reset(seed=1), env.observe("seat_9")),
         "'seat_9' is not an agent"),
        ("ClaimError", lambda: plan_claim(g, 9), "a seat is a number from 0 to 4"),
        ("RecordError", lambda: loads(None), "a text record is a str"),
        ("RecordError", lambda: loads(b"[Rules]"), "decode them first"),
        ("RecordError", lambda: loads_json(None), "a JSON record is a str"),
        ("RecordError", lambda: replay(None), "replay() takes a GameRecord"),
        ("RecordError", lambda: replay("x"), "replay() takes a GameRecord"),
        ("RecordError", lambda: load("game.fhr"), "reads an open text file"),
        ("RecordError", lambda: analyse_record(None), "replay() takes a GameRecord"),
        ("AnalysisError", lambda: dd_table(Rules.preset("australian"), None), "card mask"),
        ("AnalysisError", lambda: dd_table(Rules.preset("australian"), ["AS"] * 4),
         "card mask"),
        ("AnalysisError", lambda: dd_table(Rules.preset("australian"), [-1] * 4),
         "is not a card mask"),
        ("AnalysisError", lambda: dd_table(Rules.preset("australian"), [1 << 70] * 4),
         "is not a card mask"),
        ("AnalysisError", lambda: dd_table("australian", [1, 2, 4, 8]), "must be Rules"),
    ]


@pytest.mark.parametrize("case", range(len(_bad_calls())))
def test_bad_arguments_raise_the_engines_errors_saying_what_was_wrong(case: int) -> None:
    """Each call raises a FiveHundredError of its kind (never a bare TypeError, KeyError,
    AttributeError or IndexError), with words that name the fault."""
    kind, call, words = _bad_calls()[case]
    with pytest.raises(FiveHundredError) as e:
        call()
    assert type(e.value).__name__ == kind and words in str(e.value), repr(e.value)


def test_a_deal_refuses_true_for_a_card() -> None:
    """A card id is an int, and True is one to Python: a deal given ``True`` where a card
    stands is refused by name, never read as card 1."""
    r = Rules.preset("australian")
    good = Game(r, seed=4).deal
    hands = [list(cards_of(h)) for h in good.hands[:4]]
    kitty: list[object] = list(cards_of(good.kitty))
    Game(r, deal={"dealer": good.dealer, "hands": hands, "kitty": kitty})   # as dealt: fine
    with pytest.raises(DealError, match="the kitty: not a card: True"):
        Game(r, deal={"dealer": good.dealer, "hands": hands, "kitty": [*kitty[:2], True]})


def test_discarding_a_card_again_says_it_was_discarded() -> None:
    """The engine's reason for a second discard of one card is that it went already, not
    that it was never held; a card never held keeps its own reason; neither changes the
    game."""
    g = Game(Rules.preset("australian"), seed=2)
    g.apply("6S")
    for _ in range(3):
        g.apply("pass")
    first = g.hand_tokens(g.to_move)[0]
    g.apply(first)
    before = (g.discards, g.hand_tokens(g.to_move))
    with pytest.raises(IllegalActionError, match=f"cannot discard {first}: you have discarded "
                                                 "it already"):
        g.apply(first)
    never = next(t for t in ("AS", "KS", "AH", "KH", "AC", "AD", "JK")
                 if t not in g.hand_tokens(g.to_move) and not g.discards >> card_from_token(t) & 1)
    with pytest.raises(IllegalActionError, match=f"cannot discard {never}: you do not hold it"):
        g.apply(never)
    assert (g.discards, g.hand_tokens(g.to_move)) == before


@pytest.mark.parametrize(("preset", "make", "words"), [
    # another game's deal: another pack, another number of hands
    ("classic3", lambda: Game("australian", seed=5).deal,
     "hands must be a list of 3 hands, one per seat"),
    # one card a hand and no kitty: the game stuck in the kitty phase for good
    ("australian", lambda: Deal(0, (1, 2, 3, 4), 0), "card 2S is not in the 43-card pack"),
    ("australian", lambda: Game("australian", seed=5).deal._replace(dealer=9),
     "dealer must be a seat from 0 to 3, got 9"),
    ("australian", lambda: Game("australian", seed=5).deal._replace(kitty=1 << 200),
     "a Deal's mask has a bit above every card: 200"),
    ("two_dead_hand", lambda: Game("two_dead_hand", seed=5).deal._replace(
        hands=Game("two_dead_hand", seed=5).deal.hands[:2]), "needs the dead hand"),
])
def test_a_deal_object_is_checked_as_a_mapping_is(
        preset: str, make: Callable[[], Deal], words: str) -> None:
    """``Game(deal=...)`` and ``next_hand(deal=...)`` check a Deal (masks) as they check a
    mapping: it was taken as given, and a game could hold another pack's cards or stick."""
    with pytest.raises(DealError, match=re.escape(words)):
        Game(preset, deal=make())
    g = Game(preset, seed=1)
    while g.phase != "hand_over":
        g.apply(g.legal_actions()[0] if g.phase != "auction" else "pass")
    before = (g.hand_number, g.phase)
    with pytest.raises(DealError):
        g.next_hand(deal=make())
    assert (g.hand_number, g.phase) == before
    good = Game(preset, seed=3).deal               # a Deal that fits is taken as it is
    assert Game(preset, deal=good).deal == good
    assert Game(preset, deal=good._replace(hands=list(good.hands))).deal == good   # a list


def test_copy_copy_is_a_clone() -> None:
    """``copy.copy(game)`` shared the undo stack: the copy's moves, undone in the first
    game, loaded the copy's states (the copy's next hand's end in a game still in its
    auction)."""
    def finish(x: Game) -> None:
        while x.phase not in ("hand_over", "game_over"):
            x.apply("pass" if x.phase == "auction" else x.legal_action_ids()[0])

    g = Game("classic3", seed=5)
    finish(g)
    g.next_hand()
    before = g.clone()
    h = copy.copy(g)
    finish(h)
    h.next_hand()
    g.apply(g.legal_actions()[0])
    g.undo()
    assert (g.hand_number, g.phase, g.scores, g.auction) == (
        before.hand_number, before.phase, before.scores, before.auction)
    g.undo()                                        # next_hand undone: the hand's end
    assert (g.hand_number, g.phase) == (0, "hand_over")
    assert h.hand_number == 2 and h.phase == "auction"


def test_the_pack_may_be_named_by_a_number() -> None:
    """rules.md lists the packs as numbers: ``deck=43`` was refused with "deck=43 is not one
    of 33, 43, ..." (only the string "43" was taken)."""
    assert Rules.preset("australian", deck=43) == Rules.preset("australian")
    assert Rules.preset("six_pairs", deck=np.int64(63)).deck == "63"
    with pytest.raises(FiveHundredError, match="deck=True is not one of"):
        Rules.preset("australian", deck=True)
    with pytest.raises(FiveHundredError, match="deck='44' is not one of"):
        Rules.preset("australian", deck=44)


def test_an_all_pass_hand_says_how_to_name_the_side() -> None:
    """Everyone passed (played at no trumps): ``solve`` takes no side, so the error says where
    one is given (it said only "say which side to solve for")."""
    g = _passed_out(0)
    if g.phase != "play":                      # a table that redeals: take one that plays
        g = Game(Rules.preset("classic3"), seed=1)
        for _ in range(3):
            g.apply("pass")
    assert g.phase == "play" and g.contract is None
    with pytest.raises(PositionError, match=r"Position\.from_game\(game, side="):
        solve(g)
    assert set(move_values(g, side=g.rules.sides[0])) == set(g.legal_actions())


@pytest.mark.parametrize("seed", [-1, 2**64, True, 1.5])
def test_a_bots_seed_is_a_games_seed(seed: object) -> None:
    """A bot's seed, as a game's, is a whole number from 0 to 2**64 - 1: -1 played exactly as
    2**64 - 1 and 2**64 as 0 (the generator keeps 64 bits)."""
    from fivehundred.bots import make
    from fivehundred.bots.base import BotError

    with pytest.raises(BotError, match="seed must be a whole number from 0 to 2\\*\\*64 - 1"):
        make("easy", seed=seed)      # type: ignore[arg-type]
    assert make("easy", seed=2**64 - 1) is not None and make("easy", seed=np.uint64(5))


def test_the_environments_take_numpys_ints_as_the_game_does() -> None:
    """``SoloEnv(seat=np.int64(1))`` and ``FiveHundredEnv(max_hands=np.int64(3))`` were refused
    ("got np.int64(1)") where Game, view and reset take numpy's ints; a bool is still no
    number."""
    from fivehundred.env import FiveHundredEnv
    from fivehundred.env.solo import SoloEnv

    assert FiveHundredEnv("australian", max_hands=np.int64(3)).max_hands == 3
    solo = SoloEnv("australian", seat=np.int64(1), bots="random")
    solo.reset(seed=1)
    assert solo.seat == 1
    with pytest.raises(FiveHundredError, match="a seat is a number from 0 to 3"):
        SoloEnv("australian", seat=True)
    with pytest.raises(FiveHundredError, match="max_hands must be a whole number from 1"):
        FiveHundredEnv("australian", max_hands=np.int64(0))


def test_a_record_is_made_from_a_game_not_a_view() -> None:
    from fivehundred.errors import RecordError

    g = Game("australian", seed=1)
    with pytest.raises(RecordError, match=r"takes a Game, not View \(a View hides cards"):
        record_from_game(g.view(0))      # type: ignore[arg-type]


def test_an_error_quotes_a_huge_value_cut_short() -> None:
    """An action of 100,000 characters came back whole in its error; the state is untouched."""
    g = Game("australian", seed=3)
    before = copy.deepcopy(g.__getstate__())
    for bad in ("x" * 100_000, 10**400, ["7H"] * 10_000):
        with pytest.raises(FiveHundredError) as e:
            g.apply(bad)  # type: ignore[arg-type]
        assert len(str(e.value)) < 300 and "characters)" in str(e.value), str(e.value)[:400]
    with pytest.raises(FiveHundredError, match="not an action id: a number of 5001 digits"):
        g.apply(10**5000)          # (past the digits Python's repr writes: it raised its own)
    assert g.__getstate__() == before
    with pytest.raises(ValueError, match="not a number of 5001 digits"):
        Game("australian", seed=10**5000)
