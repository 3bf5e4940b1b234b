"""A researcher's own bot: registered under any case, it is made under that name (``Passer``
was listed by ``bot_names`` and then "unknown"); a name that is no word is refused; and the
table's refusal of an unknown bot lists only the bots a table seats (it offered the cheater,
which a table then refused)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from fivehundred.bots import base
from fivehundred.bots.base import BotError, bot_names, make, make_player, register
from fivehundred.env.solo import SoloEnv


@pytest.fixture
def passer() -> Iterator[None]:
    """A bot registered as ``Passer`` for the test, gone after it."""
    register("Passer")(lambda seed, budget: make("random", seed, budget))
    yield
    del base._REGISTRY["passer"]


@pytest.mark.usefixtures("passer")
def test_a_bot_registered_with_capitals_is_made_by_its_name() -> None:
    assert "passer" in bot_names() and "Passer" not in bot_names()
    for name in ("Passer", "passer", " PASSER "):
        assert make(name, seed=3).name == "random"
        assert make_player(name, seed=3).name == "random"


@pytest.mark.parametrize("name", ["", "   ", "two words", None, 7])
def test_a_name_that_is_no_word_is_refused(name: object) -> None:
    before = bot_names()
    with pytest.raises(BotError, match="a bot's name is a word"):
        register(name)(lambda seed, budget: make("random", seed, budget))  # type: ignore[arg-type]
    assert bot_names() == before


def test_an_unknown_bot_at_a_table_lists_the_bots_a_table_seats() -> None:
    with pytest.raises(BotError) as e:
        SoloEnv("australian", bots="expert")
    assert str(e.value) == ("unknown bot 'expert'; bots at a table are easy, hard, insane, "
                            "medium, random, random_low")
    with pytest.raises(BotError, match="the cheater bot sees every card"):
        SoloEnv("australian", bots="cheater")
    with pytest.raises(BotError, match="seed must be a whole number"):
        make_player("hard", seed=-5)          # (a known bot's own refusal, not "unknown")


def test_a_name_registered_already_is_not_taken_over() -> None:
    """``register("Hard")`` replaced the built-in Hard without a word once names were folded
    to lower case; the same factory registered again (its module reloaded) is welcome."""
    factory = base._REGISTRY["hard"]
    with pytest.raises(BotError, match="a bot named 'hard' is registered already"):
        register("Hard")(lambda seed, budget: make("random", seed, budget))
    assert base._REGISTRY["hard"] is factory
    register("hard")(factory)
    assert base._REGISTRY["hard"] is factory


def test_a_bot_that_cannot_be_made_is_left_out_of_the_table_s_list() -> None:
    """Someone's factory that fails is not offered, and the message still comes."""

    def broken(seed: int, budget: object) -> base.Bot:
        raise RuntimeError("no weights file")

    register("broken")(broken)  # type: ignore[arg-type]
    try:
        with pytest.raises(BotError, match=r"unknown bot 'x'; bots at a table are easy, hard, "
                                           r"insane, medium, random, random_low$"):
            make_player("x")
    finally:
        del base._REGISTRY["broken"]
