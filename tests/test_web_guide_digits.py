"""``/api/guide``'s house rules with a number of thousands of digits: a JSON object all the
same, refused as ``POST /api/tables`` refuses one (it said "toggles must be a JSON object")."""

from __future__ import annotations

from urllib.parse import quote

from fivehundred.web.store import Store
from webclient import web_client


def test_a_guides_toggles_with_a_huge_number_say_so() -> None:
    with web_client(Store(":memory:")) as client:
        toggles = '{"misere_value": ' + "9" * 5000 + "}"
        r = client.get(f"/api/guide?preset=australian&toggles={quote(toggles)}")
        assert r.status_code == 400, r.text
        assert r.json() == {"error": "a number in toggles has thousands of digits (a house "
                                     "rule's points are -10,000 to 10,000)"}
        posted = client.post("/api/tables", content=b'{"seed": ' + b"9" * 5000 + b"}",
                             headers={"content-type": "application/json"})
        assert "a number in the body has thousands of digits" in posted.json()["error"]
        # (not JSON at all: as before)
        r = client.get("/api/guide?preset=australian&toggles=%7Bnope")
        assert r.json()["error"].startswith("toggles must be a JSON object of option: value")
