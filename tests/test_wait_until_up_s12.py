"""The browser tests' ``wait_until_up`` (tests/browser.py): a server that never answers is
said to be so, by its port, once the time is up (it returned silently, and the test then
failed at its first request, far from the cause)."""

from __future__ import annotations

import pytest

from browser import free_port, wait_until_up


def test_a_server_that_never_answers_is_reported_by_its_port() -> None:
    port = free_port()                     # (nothing listens on it)
    with pytest.raises(AssertionError, match=f"the server on port {port} did not answer in "
                                             f"0.5 s"):
        wait_until_up(port, limit=0.5)
