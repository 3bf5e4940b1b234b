"""A saves file is not trusted: a saved strength names the bot made for a seat, and since
bots may be named ``module:name`` (which imports the module), one that is not a built-in
strength is damage, reported, never a bot made."""

from __future__ import annotations

import pytest

from fivehundred.rules import Rules
from fivehundred.web.seats import TableError
from fivehundred.web.table import Table


@pytest.mark.parametrize("where", ["table", "seat"])
def test_a_saved_strength_that_is_not_a_built_in_one_is_damage(where: str) -> None:
    t = Table.new("australian", Rules.preset("australian"), "medium", seed=5)
    d = t.to_json()
    assert Table.from_json(d, t.id).strength == "medium"
    if where == "table":
        d["strength"] = "os:system"
    else:
        d["seats"][1]["strength"] = "os:system"
    with pytest.raises(TableError) as e:
        Table.from_json(d, t.id)
    assert e.value.code == "damaged" and "'os:system'" in str(e.value), str(e.value)
