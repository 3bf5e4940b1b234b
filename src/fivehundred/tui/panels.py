"""A seat's panel: its name and roles on the border and what it holds and said under them,
laid out again whenever its width changes (six seats share 80 columns)."""

from __future__ import annotations

from collections.abc import Sequence

from textual import events
from textual.widgets import Static

from .texts import seat_panel


class SeatPanel(Static):
    """A seat's panel; :meth:`show` gives it the words, it fits them to its own width."""

    def __init__(self, name: str, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.border_title = name
        self._words: tuple[str, tuple[str, ...], str] = (name, (), "")
        self._drawn: tuple[int, str, tuple[str, ...], str] | None = None

    def show(self, name: str, roles: Sequence[str], body: str) -> None:
        """The seat's name, its roles this hand and its body (markup, a line a fact)."""
        self._words = (name, tuple(roles), body)
        self._draw()

    def on_resize(self, event: events.Resize) -> None:
        self._draw()

    def _draw(self) -> None:
        name, roles, body = self._words
        width = self.outer_size.width or 200    # before the first layout: as if roomy
        if self._drawn == (width, name, roles, body):
            return                              # its height changed, not its width
        self._drawn = (width, name, roles, body)
        title, text = seat_panel(name, roles, body, width)
        self.border_title = title
        self.update(text)
