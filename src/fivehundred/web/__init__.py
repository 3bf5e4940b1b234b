"""The browser game: a Starlette server, its protocol, saves and statistics, and the page.

Start it with ``fivehundred play`` (one person, opens the browser) or ``fivehundred serve``
(friends join through per-seat links); see docs/protocol.md for the messages.
"""
