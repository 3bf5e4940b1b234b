"""A seat's panel: its name and roles on the border and what it holds and said under them,
laid out again whenever its width changes (six seats share 80 columns)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from textual import events
from textual.containers import Vertical
from textual.content import Content
from textual.geometry import Size
from textual.widgets import RichLog, Static

from .cloth import MIN_ROWS
from .texts import fit_center, seat_panel


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


class Info(Static):
    """Above the cloth: the hand, the contract, the tricks and the auction's record
    (:func:`.texts.center_text`, given whole to :meth:`update`), in the lines the cloth
    leaves: the cloth keeps its :data:`.cloth.MIN_ROWS`, and a record too long for the rest
    is shortened (:func:`.texts.fit_center`).  Sized by its text alone, it took all but two
    or three lines of the middle at 80x24 with five or six players, and the cloth lost the
    seats along its bottom, You among them."""

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self._fitted: tuple[str, int, int, Content] | None = None

    def fitted(self, width: int, rows: int) -> Content:
        """The text as it fits ``rows`` lines of ``width`` cells (the last asked, kept)."""
        markup = str(self.content)
        if self._fitted is None or self._fitted[:3] != (markup, width, rows):
            self._fitted = (markup, width, rows,
                            Content.from_markup(fit_center(markup, width, rows)))
        return self._fitted[3]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many lines as the fitted text takes, never more than the cloth leaves."""
        rows = max(container.height - MIN_ROWS, 1)
        return min(len(self.fitted(width, rows).wrap(max(width, 1))), rows)

    def render(self) -> Content:
        """The text fitted to the lines the layout gave this widget."""
        size = self.content_size
        return self.fitted(size.width, size.height)


class Log(RichLog):
    """What happened, wrapped again whenever its width changes: a line keeps the wrapping of
    the width it was written at (narrowed, lines were cut at the edge and a scroll bar took
    one of the log's rows).  ``lines`` gives every line said so far, as markup."""

    def __init__(self, lines: Callable[[], Sequence[str]], **options: object) -> None:
        super().__init__(**options)  # type: ignore[arg-type]
        self._lines = lines
        self._wrapped_at = -1

    def on_resize(self, event: events.Resize) -> None:
        # (RichLog's own handler runs after this one: Textual calls each class's)
        if self._wrapped_at < 0:            # the first size: what was written waits for it
            self._wrapped_at = event.size.width
        elif event.size.width != self._wrapped_at:
            self.write_again()

    def write_again(self) -> None:
        """Clear the log and write every line again, at its width now."""
        self._wrapped_at = self.size.width
        self.clear()
        for markup in self._lines():
            self.write(markup)


class SideColumn(Vertical):
    """The scores over the log.  Where the scores leave the log no row for text (five seats'
    scores at 80x24 while the bids fill the bottom), the log is hidden instead of drawn as an
    empty box; the seats' panels show each one's last call then, the lines above the cloth
    the auction's latest round at least, and the log comes back whole with its room."""

    def on_resize(self, event: events.Resize) -> None:
        scores, log = self.query_one("#scores"), self.query_one("#log")
        log.display = event.size.height - scores.outer_size.height >= 3   # a border and a row
