"""The serving limit on new tables: a token bucket per client address, a few at once, then
one a minute (:class:`Throttle`, used by :mod:`.app`'s ``POST /api/tables``); and the pace of
a seat's pauses (``PAUSE_EVERY``), of its renames (``NAME_BURST``, ``NAME_EVERY``), of the
creator's speed changes (``SPEED_BURST``, ``SPEED_EVERY``) and of a seat's socket opening
again (``OPEN_BURST``, ``OPEN_EVERY``), all :mod:`.hub`'s.
"""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Callable

NEW_TABLES_BURST = 20
NEW_TABLES_EVERY = 60.0
"""Serving, how many new tables one address may start: ``NEW_TABLES_BURST`` at once, then
one every ``NEW_TABLES_EVERY`` seconds (:class:`Throttle`).  A game takes a group of friends
half an hour or more, and even starting over and over they never start twenty in a row;
without it one client could start tables without end, each saved to disk."""
PAUSE_EVERY = 2.0
"""How often a seat may pause its table, in seconds (a bucket of one per seat; resuming is
never held back): each pause shows its overlay on every page and is saved, and a page
pausing and resuming hundreds of times flashed it on every screen."""
NAME_BURST = 3
NAME_EVERY = 2.0
"""How often a seat may rename itself: ``NAME_BURST`` times at once (the name the page
offers as a friend sits down, then a typo put right), then once every ``NAME_EVERY``
seconds (a bucket per seat).  Each rename is saved and sent to every page: five hundred
from one page made five hundred states on every screen."""
SPEED_BURST = 3
SPEED_EVERY = 2.0
"""How often the creator may change his table's speed: ``SPEED_BURST`` times at once (the
menu's arrow keys step through the three speeds), then once every ``SPEED_EVERY`` seconds
(a bucket per seat, as for a pause or a rename).  Each change is saved and sent to every
page: two hundred from one page made two hundred states and disk writes."""
OPEN_BURST = 5
OPEN_EVERY = 2.0
"""Serving, how often a seat's socket may open: ``OPEN_BURST`` times at once (a page coming
back after a network blip, a reload, a phone waking: each gets its seat at once), then once
every ``OPEN_EVERY`` seconds (a bucket per seat).  Each open, and each close after it, sends
every player at the table a state: a page closing and reopening its socket a hundred times
sent the others two hundred states in a second and a half."""


class Throttle:
    """A token bucket per client: ``burst`` requests at once, then one every ``every``
    seconds.

    A client is the address its connection comes from (``request.client.host``): behind a
    reverse proxy that is the proxy's, every client's in one bucket, unless the server was
    told the proxy's address (``serve --proxy``): then the address that proxy's
    ``X-Forwarded-For`` names (any other header is not believed: any client may write one).
    An IPv6 address counts by its /56 network (a home line is given a whole /56, 256
    networks of 64 bits, to choose from); an IPv4 address a dual-stack socket gives as
    ``::ffff:a.b.c.d`` counts as itself.  Players behind one address (a school's, a
    carrier's NAT) share its bucket.

    >>> now = [0.0]
    >>> t = Throttle(2, 60.0, lambda: now[0])
    >>> t.wait("1.2.3.4"), t.wait("1.2.3.4"), t.wait("1.2.3.4"), t.wait("5.6.7.8")
    (0.0, 0.0, 60.0, 0.0)
    >>> now[0] = 45.0
    >>> t.wait("1.2.3.4"), t.wait("2001:db8::1") + t.wait("2001:db8::2") + t.wait("2001:db8::3")
    (15.0, 60.0)
    """

    def __init__(self, burst: int, every: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.burst = burst
        self.every = every
        self.clock = clock
        self.buckets: dict[str, tuple[float, float]] = {}
        """Each client's tokens, as of when: one whose bucket has filled again is forgotten
        (:meth:`_forget_full`), so the clients of the last ``burst * every`` seconds only."""
        self._forget_at = 1024

    def wait(self, host: str) -> float:
        """Take one of the tokens of the client at ``host``: 0.0, or when none is left, how
        many seconds until one is (nothing taken)."""
        client = client_bucket(host)
        now = self.clock()
        tokens, at = self.buckets.get(client, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - at) / self.every)
        if tokens < 1.0:
            return (1.0 - tokens) * self.every
        self.buckets[client] = (tokens - 1.0, now)
        if len(self.buckets) >= self._forget_at:
            self._forget_full(now)
        return 0.0

    def _forget_full(self, now: float) -> None:
        """Forget the clients whose buckets have filled again (as good as unknown); looked
        for when their number has doubled, so each request costs little however many."""
        self.buckets = {c: (tokens, at) for c, (tokens, at) in self.buckets.items()
                        if tokens + (now - at) / self.every < self.burst}
        self._forget_at = max(1024, 2 * len(self.buckets))


def client_bucket(host: str) -> str:
    """The bucket of a client's address (:class:`Throttle`); one that is no address, as
    it is."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 56), strict=False))
    return str(ip)
