"""The board: one Line-API ``ScrollView`` that draws a ``GameState``.

Cells are laid out as ``board_layout.BoardLayout`` says (square blocks, staggered
flat-top hexes, shifted pointy-top rows; three zoom levels).

Rendering follows Textual's DataTable and checkerboard example: one widget,
``render_line`` returning Strips styled by ``COMPONENT_CLASSES``, and an LRU cache
of the visible strips keyed by (line, scroll x, width, version, the line's stamp,
cursor-on-this-line, edge labels); only the part of a line in view is drawn.  A
``show`` compares each cell's look with the last one and repaints only the lines
whose cells changed (a preview's path, a ship that moved): a keypress that moves a
prompt's highlight redraws a few lines, not the view.  A cursor move repaints only
the lines of the old and new cursor blocks.

Zoom levels (``zoom``, ``ZOOMS``): the detailed blocks; compact ones (one
line a row, about twice the cells in the same room); an overview, each
character a block of cells, that fits the whole map into the view; and large
blocks, twice the detailed ones each way.  Until the player picks a zoom
(``zoom_chosen``), the view shows the large blocks where the whole map fits in
it that way (a small map on a big terminal), else the detailed ones.  A board
smaller than the view is drawn in its middle.  Out of sight,
the next mark and the nearest enemies get an arrow on the view's edge with their
distance (``edge_labels``).

Overlays are what a ruleset's preview lays on the sea (``show(overlays=...)``,
cell -> one of ``OVERLAYS``): a broadside's firing arc, faint; the hexes of an
aim pattern, 40% and 10% apart by glyph and colour (and, on two-line hex
blocks, their percentage written under the glyph); a target.  Under a ship an
overlay only tints or underlines her token, so she stays readable.

What each cell shows is built by ``sea_looks.SeaLooks`` (cells with nothing on
them share one prebuilt look per terrain, so a ``show`` costs in proportion to what
the sea holds, not to the map); a ``show`` of exactly what is already on show costs
nothing.  The edge's arrows are ``edge_labels``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.geometry import Offset, Region, Size, Spacing
from textual.message import Message
from textual.reactive import var
from textual.scroll_view import ScrollView
from textual.strip import Strip

from tui_naval.core.grid import Cell, Grid, GridKind
from tui_naval.core.presenter import Presenter
from tui_naval.core.state import GameState
from tui_naval.tui.textual_contract import LaidOutView
from tui_naval.tui.widgets.board_layout import LARGE, ZOOMS, BoardLayout
from tui_naval.tui.widgets.edge_labels import EdgeLabel, edge_labels
from tui_naval.tui.widgets.sea_looks import OVERLAYS, SIDE_STYLES, Names, SeaLooks


class OceanView(LaidOutView, ScrollView, can_focus=True):
    """The board: one Line-API widget showing a ``GameState``.

    Call ``show`` with each new state; move the ``cursor`` with the arrow keys,
    hjkl and yubn (diagonals), or the mouse; Enter posts ``CellChosen``.
    """

    DEFAULT_CSS = """
    OceanView {
        scrollbar-size: 1 1;
    }
    OceanView > .ocean--sea { color: ansi_blue; }
    OceanView > .ocean--land { color: ansi_yellow; }
    OceanView > .ocean--shoal { color: ansi_cyan; }
    OceanView > .ocean--mark { color: ansi_bright_yellow; text-style: bold; }
    OceanView > .ocean--mark-next {
        color: ansi_black; background: ansi_bright_yellow; text-style: bold;
    }
    OceanView > .ocean--ship-0 { color: ansi_bright_cyan; text-style: bold; }
    OceanView > .ocean--ship-1 { color: ansi_bright_red; text-style: bold; }
    OceanView > .ocean--ship-2 { color: ansi_bright_green; text-style: bold; }
    OceanView > .ocean--ship-3 { color: ansi_bright_magenta; text-style: bold; }
    OceanView > .ocean--selected { background: ansi_bright_black; text-style: bold underline; }
    OceanView > .ocean--finished { text-style: dim; }
    OceanView > .ocean--preview { color: ansi_bright_white; text-style: bold; }
    OceanView > .ocean--arc { color: ansi_bright_blue; }
    OceanView > .ocean--hit-40 {
        color: ansi_bright_white; background: ansi_yellow; text-style: bold;
    }
    OceanView > .ocean--hit-10 { color: ansi_yellow; text-style: bold; }
    OceanView > .ocean--target { color: ansi_bright_white; background: ansi_yellow; }
    OceanView > .ocean--arc-under { }
    OceanView > .ocean--hit-40-under { background: ansi_yellow; }
    OceanView > .ocean--hit-10-under { text-style: underline; }
    OceanView > .ocean--target-under { background: ansi_yellow; }
    OceanView > .ocean--cursor { text-style: reverse; }
    OceanView > .ocean--edge { background: ansi_black; text-style: bold; }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "ocean--sea", "ocean--land", "ocean--shoal", "ocean--mark", "ocean--mark-next",
        *(f"ocean--ship-{i}" for i in range(SIDE_STYLES)),
        "ocean--selected", "ocean--finished", "ocean--preview", "ocean--cursor",
        "ocean--edge",
        *(f"ocean--{kind}" for kind in OVERLAYS),
        *(f"ocean--{kind}-under" for kind in OVERLAYS),
    }

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,k", "move_cursor('up')", "Up", show=False, id="ocean.cursor_up"),
        Binding("down,j", "move_cursor('down')", "Down", show=False, id="ocean.cursor_down"),
        Binding("left,h", "move_cursor('left')", "Left", show=False, id="ocean.cursor_left"),
        Binding("right,l", "move_cursor('right')", "Right", show=False,
                id="ocean.cursor_right"),
        Binding("y", "move_cursor('nw')", "Up-left", show=False, id="ocean.cursor_nw"),
        Binding("u", "move_cursor('ne')", "Up-right", show=False, id="ocean.cursor_ne"),
        Binding("b", "move_cursor('sw')", "Down-left", show=False, id="ocean.cursor_sw"),
        Binding("n", "move_cursor('se')", "Down-right", show=False, id="ocean.cursor_se"),
        Binding("enter", "choose_cell", "Choose", show=False, id="ocean.choose"),
    ]

    class _CellMessage(Message):
        """A message about one cell of the board."""

        def __init__(self, ocean: OceanView, cell: Cell) -> None:
            super().__init__()
            self.ocean = ocean
            self.cell = cell

        @property
        def control(self) -> OceanView:
            return self.ocean

    class CursorMoved(_CellMessage):
        """The cursor moved to ``cell`` (by keys, mouse or code)."""

    class CellClicked(_CellMessage):
        """A cell was clicked (the cursor has moved there too)."""

    class CellChosen(_CellMessage):
        """Enter was pressed on the cursor's ``cell`` (say, to aim there)."""

    cursor: var[Cell] = var(Cell(0, 0), init=False)
    """The cell under the cursor; setting it scrolls it into view."""
    ascii_only: var[bool] = var(False, init=False)
    """Draw with ASCII only, for fonts or terminals without the Unicode glyphs."""
    zoom: var[int] = var(0, init=False)
    """The zoom level, an index of ``ZOOMS``: detailed, compact, the whole map, large."""

    #: Enemies (vessels of other sides than the selected ship's) off the view that get an
    #: arrow on its edge, nearest first.
    EDGE_ENEMIES = 4

    #: Room kept between the cursor and the edge of the view when scrolling.
    _MARGIN = Spacing(1, 4, 1, 4)
    #: Compass angles the diagonal keys move towards.
    _DIAGONALS: ClassVar[dict[str, float]] = {"nw": 315.0, "ne": 45.0, "sw": 225.0, "se": 135.0}
    #: Keys that step in straight lines: (square/hex facing angle, offset step).
    _STRAIGHT: ClassVar[dict[str, tuple[float, tuple[int, int]]]] = {
        "up": (0.0, (0, -1)), "down": (180.0, (0, 1)),
        "left": (270.0, (-1, 0)), "right": (90.0, (1, 0)),
    }

    def __init__(self, *, ascii_only: bool = False, name: str | None = None,
                 id: str | None = None, classes: str | None = None,
                 disabled: bool = False) -> None:
        super().__init__(name=name, id=id, classes=classes, disabled=disabled)
        self._state: GameState | None = None
        self._layout: BoardLayout | None = None
        self._selected: str | None = None
        self._preview: tuple[Cell, ...] = ()
        self._marks_next: str | None = None
        self._overlays: dict[Cell, str] = {}
        #: Ship ids afloat but out of the play (finished a race, escaped): drawn dim.
        self._done: frozenset[str] = frozenset()
        self._shown: tuple[object, ...] | None = None
        self._sea = SeaLooks()
        #: Bumped by every ``show`` that changes what is drawn (and by the cursor).
        self._version = 0
        #: Bumped when every line must be drawn anew (the line cache's key has it).
        self._generation = 0
        self._line_cache: LRUCache[tuple[object, ...], Strip] = LRUCache(1024)
        self._styles: dict[Names, Style] = {}
        #: Per board line: a stamp bumped when the line changes (a ``show`` repaints only
        #: the lines whose cells look different).
        self._stamps: dict[int, int] = {}
        self._stamp = 0
        #: The labels on the view's edge, by line of the view, and what they were made for.
        self._edges: dict[int, tuple[EdgeLabel, ...]] = {}
        self._edges_for: tuple[object, ...] | None = None
        #: A cell to centre on once the widget has a size.
        self._pending_center: Cell | None = None
        #: ``keep_in_view``'s cells, kept until the widget has a size.
        self._pending_view: tuple[Cell, tuple[Cell, ...], tuple[Cell, ...]] | None = None
        #: The cursor moved: keep it in view (``_scroll_cursor_into_view``) at the next layout.
        self._pending_cursor = False
        #: The player has picked the zoom (else it follows the view's size: ``fit_zoom``).
        self.zoom_chosen = False
        self.set_reactive(OceanView.ascii_only, ascii_only)

    # -- public API ------------------------------------------------------------
    @property
    def state(self) -> GameState | None:
        """The state on show (None before the first ``show``)."""
        return self._state

    @property
    def selected(self) -> str | None:
        return self._selected

    @property
    def board_layout(self) -> BoardLayout | None:
        """The cell-to-screen geometry of the board on show."""
        return self._layout

    @property
    def overlays(self) -> Mapping[Cell, str]:
        """The overlays on show: cell -> kind (one of ``OVERLAYS``)."""
        return self._overlays

    def show(self, state: GameState, *, selected: str | None = None,
             preview: Sequence[Cell] = (), marks_next: str | None = None,
             overlays: Mapping[Cell, str] | None = None,
             presenter: Presenter | None = None) -> None:
        """Draw ``state``: ``selected`` ship highlighted, ``preview`` cells as a trail,
        the mark labelled ``marks_next`` standing out, and ``overlays`` (cell -> a kind
        of ``OVERLAYS``: "arc", "hit-40", "hit-10", "target") laid on the sea; the
        ruleset's ``presenter`` tells a ship that has left the play (drawn dim)."""
        grid = state.grid
        cells = tuple(Cell(*c) for c in preview)
        laid = {Cell(*c): kind for c, kind in (overlays or {}).items() if kind in OVERLAYS}
        shown = (id(state), selected, cells, marks_next, tuple(sorted(laid.items())),
                 id(presenter))
        if shown == self._shown and state is self._state:
            return
        self._shown = shown
        self._state = state
        self._done = frozenset() if presenter is None else frozenset(
            s.id for s in state.ships if s.afloat and presenter.ship_done(state, s))
        self._selected = selected
        self._preview = cells
        self._marks_next = marks_next
        self._overlays = laid
        layout = self._layout_for(grid)
        if layout != self._layout:
            self._layout = layout
            self.virtual_size = layout.size
            if not self.container_size and not layout.scaled:
                # Before the first layout the view's size is unknown: the board is taken to
                # overflow it (as boards do at any usual size), so the first layout makes
                # room for the scrollbars and the first frame draws them; Textual would
                # only show them in a second layout.  The layout pass puts this right.
                self.show_vertical_scrollbar = self.styles.overflow_y in ("auto", "scroll")
                self.show_horizontal_scrollbar = self.styles.overflow_x in ("auto", "scroll")
            if not grid.in_bounds(self.cursor):
                self.cursor = self._clamp(self.cursor)
        self._rebuild()

    def _layout_for(self, grid: Grid) -> BoardLayout:
        """The board's layout at the zoom level (the overview fits the view's size; a
        board smaller than the view is centred in it)."""
        return BoardLayout.for_grid(grid, self.zoom, self.view_size or None)

    def fit_zoom(self) -> None:
        """Unless the player has picked a zoom: the large blocks where the whole map fits
        in the view that way, else the detailed ones."""
        if self.zoom_chosen or self._state is None or self.zoom not in (0, LARGE):
            return
        view = self.view_size
        if not view:
            return
        large = BoardLayout.for_grid(self._state.grid, LARGE).board_size
        wanted = LARGE if large.width <= view.width and large.height <= view.height else 0
        if wanted != self.zoom:
            self.set_reactive(OceanView.zoom, wanted)
            self._relayout()

    def _relayout(self) -> None:
        """Lay the board out anew (the zoom level or, in the overview, the view's size
        changed), with no new layout of the screen."""
        if self._state is None:
            return
        layout = self._layout_for(self._state.grid)
        if layout == self._layout:
            return
        self._layout = layout
        self.set_virtual_size_quietly(layout.size)
        self._rebuild()

    def center_on(self, cell: Cell) -> None:
        """Scroll so that ``cell`` is in the middle of the view (the cursor stays)."""
        if self._layout is None:
            return
        # Done again in a layout pass before the next frame, which may change the view.
        self._pending_center = cell
        view = self.view_size
        if not view:
            return
        region = self._layout.region_of(cell)
        self.scroll_to(region.x + region.width // 2 - view.width // 2,
                       region.y + region.height // 2 - view.height // 2,
                       animate=False, force=True, immediate=True)

    @property
    def view_size(self) -> Size:
        """The size of the board's visible part, known from the first layout on (in the
        layout pass too, where ``size``, read from the screen's last layout, is not yet)."""
        width = self.container_size.width - self.scrollbar_size_vertical
        height = self.container_size.height - self.scrollbar_size_horizontal
        return Size(max(0, width), max(0, height))

    def margins(self, view: Size) -> tuple[int, int]:
        """Room kept between a followed ship and the view's edge: two cells, at most a
        quarter of the view."""
        assert self._layout is not None
        return (min(2 * self._layout.cell_width, view.width // 4),
                min(2 * self._layout.cell_height, view.height // 4))

    def keep_in_view(self, cell: Cell, extra: Sequence[Cell] = (),
                     aims: Sequence[Cell] = ()) -> None:
        """Scroll, if need be, so that ``cell`` is in sight with a margin round it, with
        the ``extra`` cells (such as a planned path) when they fit too, and then the first
        of ``aims`` (the next mark, the nearest enemy) that fits with them; before the
        widget has a size, as soon as it has one.  The view moves as little as it can."""
        if self._layout is None or self._state is None:
            return
        grid = self._state.grid
        if not grid.in_bounds(cell):
            return
        self._pending_view = (cell, tuple(extra), tuple(aims))  # (as for center_on)
        view = self.view_size
        if not view:
            return
        layout = self._layout
        mx, my = self.margins(view)

        def fits(region: Region) -> bool:
            return region.width + 2 * mx <= view.width and region.height + 2 * my <= view.height

        wanted = Region.from_union([layout.region_of(c) for c in (cell, *extra)
                                    if grid.in_bounds(c)])
        if not fits(wanted):
            wanted = layout.region_of(cell)
        for aim in aims:
            if grid.in_bounds(aim):
                both = wanted.union(layout.region_of(aim))
                if fits(both):
                    wanted = both
                    break
        x, y = int(self.scroll_x), int(self.scroll_y)
        comfortable = Region(x, y, view.width, view.height).shrink(Spacing(my, mx, my, mx))
        if comfortable.contains_region(wanted):
            return
        if not fits(wanted):  # (the ship alone in a view too small for its margins)
            x = wanted.x + wanted.width // 2 - view.width // 2
            y = wanted.y + wanted.height // 2 - view.height // 2
        else:
            if wanted.x < comfortable.x:
                x = wanted.x - mx
            elif wanted.right > comfortable.right:
                x = wanted.right + mx - view.width
            if wanted.y < comfortable.y:
                y = wanted.y - my
            elif wanted.bottom > comfortable.bottom:
                y = wanted.bottom + my - view.height
        self.scroll_to(x, y, animate=False, force=True, immediate=True)

    def laid_out(self, size: Size) -> None:
        # In the layout pass: the scrolling asked for since the last frame is done (again)
        # at the new size, so that the frame is drawn scrolled.  (The board's virtual size
        # is its own, kept by ``LaidOutView``.)
        if size and self._layout is not None:
            self.fit_zoom()
            self._relayout()  # (the overview fits the view, a small board is centred)
            if self._pending_center is not None:
                self.center_on(self._pending_center)
            if self._pending_cursor:
                self._scroll_cursor_into_view()
            if self._pending_view is not None:
                self.keep_in_view(*self._pending_view)

    def offset_of(self, cell: Cell) -> Offset:
        """Top-left of a cell's block in virtual (scrollable content) coordinates."""
        assert self._layout is not None, "show() a state first"
        return self._layout.offset_of(cell)

    def region_of(self, cell: Cell) -> Region:
        """A cell's block in virtual coordinates."""
        assert self._layout is not None, "show() a state first"
        return self._layout.region_of(cell)

    def glyph_offset(self, cell: Cell) -> Offset:
        """Where a cell's glyph starts, in virtual coordinates."""
        assert self._layout is not None, "show() a state first"
        return self._layout.glyph_offset(cell)

    def cell_at(self, offset: Offset) -> Cell | None:
        """The cell at a point in virtual coordinates (add ``scroll_offset`` to a
        point in the widget's content area), or None."""
        return None if self._layout is None else self._layout.cell_at(offset)

    def board_text(self) -> list[str]:
        """The whole board as plain text, one string per line, without the cursor."""
        if self._layout is None:
            return []
        width, height = self._layout.size
        return [self._render_board_line(y, 0, width).text for y in range(height)]

    # -- reactives -------------------------------------------------------------
    def validate_cursor(self, cell: Cell) -> Cell:
        return self._clamp(Cell(*cell))

    def watch_cursor(self, old: Cell, new: Cell) -> None:
        if self._layout is not None:
            self._refresh_cell(old)
            self._refresh_cell(new)
            self._scroll_cursor_into_view()
        self.post_message(self.CursorMoved(self, new))

    def _scroll_cursor_into_view(self) -> None:
        """When the cursor nears an edge of the view, jump to bring it to the middle.

        Jumping (rather than creeping a cell at a time) repaints the whole view
        rarely, which keeps key presses quick and SSH traffic low.
        """
        if self._layout is None:
            return
        self._pending_cursor = True  # (as for center_on)
        if not self.view_size:
            return
        width, height = self.view_size
        scroll_x, scroll_y = self.scroll_offset
        comfortable = Region(scroll_x, scroll_y, width, height).shrink(self._MARGIN)
        block = self._layout.region_of(self.cursor)
        x, y = scroll_x, scroll_y
        if block.x < comfortable.x or block.right > comfortable.right:
            x = block.x + block.width // 2 - width // 2
        if block.y < comfortable.y or block.bottom > comfortable.bottom:
            y = block.y + block.height // 2 - height // 2
        x = max(0, min(x, self.max_scroll_x))
        y = max(0, min(y, self.max_scroll_y))
        if (x, y) != (scroll_x, scroll_y):
            self.scroll_to(x, y, animate=False, force=True, immediate=True)

    def watch_ascii_only(self) -> None:
        self._shown = None
        self._rebuild()

    def validate_zoom(self, zoom: int) -> int:
        return zoom % len(ZOOMS)

    def watch_zoom(self) -> None:
        self._relayout()

    # -- actions and events ----------------------------------------------------
    def action_move_cursor(self, direction: str) -> None:
        """Step the cursor: up/down/left/right on screen, or nw/ne/sw/se diagonally."""
        if self._state is None:
            return
        grid = self._state.grid
        cell = self.cursor
        if direction in self._DIAGONALS:
            target = grid.neighbour(cell, grid.nearest_facing(self._DIAGONALS[direction]))
        else:
            angle, (dc, dr) = self._STRAIGHT[direction]
            vertical = direction in ("up", "down")
            if grid.kind is GridKind.SQUARE or (grid.kind is GridKind.HEX_FLAT and vertical) \
                    or (grid.kind is GridKind.HEX_POINTY and not vertical):
                target = grid.neighbour(cell, grid.nearest_facing(angle))
            else:
                # No hex side faces that way: step the offset coordinate (zig-zags on screen).
                target = Cell(cell.col + dc, cell.row + dr)
        if grid.in_bounds(target):
            self.cursor = target

    def action_choose_cell(self) -> None:
        """Enter: tell the screen the cursor's cell was chosen."""
        if self._state is not None:
            self.post_message(self.CellChosen(self, self.cursor))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        cell = self.cell_at(offset + self.scroll_offset)
        if cell is None:
            return
        event.stop()
        self.focus()
        self.cursor = cell
        self.post_message(self.CellClicked(self, cell))

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles.clear()
        self._line_cache.clear()
        self._version += 1
        self._generation += 1
        self._edges_for = None
        self.refresh()

    # -- rendering -------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        # A frame is being drawn: the scrolling asked for before it is done.
        self._pending_center = self._pending_view = None
        self._pending_cursor = False
        scroll_x, scroll_y = self.scroll_offset
        width = self.size.width
        line = y + scroll_y
        cursor: Region | None = None
        if self._layout is not None:
            region = self._layout.region_of(self.cursor)
            if region.y <= line < region.bottom:
                cursor = region
        edge = self.edge_labels().get(y, ())
        key = (line, scroll_x, width, self._generation, self._stamps.get(line, 0), cursor,
               edge)
        strip = self._line_cache.get(key)
        if strip is None:
            # Only the part of the line in view is drawn (a preview redraws a few lines).
            strip = self._render_board_line(line, scroll_x, width)
            if cursor is not None:
                strip = self._with_cursor(strip, cursor.x - scroll_x, cursor.right - scroll_x)
            strip = strip.extend_cell_length(width, self._style(()))
            for x, text, names in edge:
                before, _, after = strip.divide([x, x + len(text), width])
                strip = Strip.join([before, Strip([Segment(text, self._style(names))],
                                                  len(text)), after])
            self._line_cache[key] = strip
        return strip

    def _with_cursor(self, row: Strip, x0: int, x1: int) -> Strip:
        """``row`` with the cursor style added between ``x0`` and ``x1``."""
        x0, x1 = max(0, x0), min(row.cell_length, x1)
        if x1 <= x0:
            return row
        before, under, after = row.divide([x0, x1, row.cell_length])
        cursor = self.get_component_rich_style("ocean--cursor", partial=True)
        under = Strip([Segment(text, (style or Style()) + cursor) for text, style, _ in under],
                      under.cell_length)
        return Strip.join([before, under, after])

    def _render_board_line(self, y: int, x0: int, width: int) -> Strip:
        """Line ``y`` of the board from ``x0``, ``width`` characters (no cursor)."""
        base = self._style(())
        if self._layout is None or width <= 0:
            return Strip.blank(width, base)
        x1 = x0 + width
        start: int | None = None
        texts: list[str] = []
        styles: list[Names] = []
        text: str
        names: Names
        for x, w, cell, sub in self._layout.blocks_on_line(y, x0, x1):
            if start is None:
                start = x
            text, names = (" " * w, ()) if cell is None else self._sea.look(cell)[sub]
            if styles and styles[-1] == names:
                texts[-1] += text
            else:
                texts.append(text)
                styles.append(names)
        if start is None:
            return Strip.blank(width, base)
        segments = [Segment(text, self._style(names))
                    for text, names in zip(texts, styles, strict=True)]
        strip = Strip(segments).crop(x0 - start, x1 - start)
        return strip.extend_cell_length(width, base)

    def _style(self, names: Names) -> Style:
        style = self._styles.get(names)
        if style is None:
            if not names:
                style = self.rich_style
            else:
                style = self.get_component_rich_style(names[0])
                for name in names[1:]:
                    style += self.get_component_rich_style(name, partial=True)
            self._styles[names] = style
        return style

    # -- building what each cell shows -----------------------------------------
    def _rebuild(self) -> None:
        """Recompute the cells that differ from plain terrain, and repaint the lines
        that look different (all of them when the board, its layout or glyphs changed)."""
        old = self._sea.looks
        state, layout = self._state, self._layout
        self._version += 1
        self._edges_for = None
        if state is None or layout is None:
            self._generation += 1
            self._line_cache.clear()
            self.refresh()
            return
        full = self._sea.build(state, layout, self.ascii_only, selected=self._selected,
                               preview=self._preview, marks_next=self._marks_next,
                               overlays=self._overlays, done=self._done)
        if full:
            self._generation += 1
            self._line_cache.clear()
            self._stamps.clear()
            self.refresh()
            return
        new = self._sea.looks
        lines: set[int] = set()
        for cell in old.keys() | new.keys():
            if old.get(cell) != new.get(cell):
                region = layout.region_of(cell)
                lines.update(range(region.y, region.bottom))
        self._refresh_lines(lines)

    def _refresh_lines(self, lines: set[int]) -> None:
        """Draw these board lines anew (and the view's lines whose edge labels changed)."""
        before = self._edges
        after = self.edge_labels()
        top = int(self.scroll_y)
        width = self.outer_size.width
        self._stamp += 1
        for line in lines:
            self._stamps[line] = self._stamp
        changed = {line - top for line in lines}
        changed.update(y for y in before.keys() | after.keys() if before.get(y) != after.get(y))
        height = self.outer_size.height
        for y in sorted(changed):
            if 0 <= y < height:
                self.refresh(Region(0, y, width, 1))

    # -- the edge of the view: arrows to what is out of sight --------------------------
    def edge_labels(self) -> dict[int, tuple[EdgeLabel, ...]]:
        """Arrows on the view's edge, by line of the view, towards the next mark and the
        nearest enemies out of sight, each with its distance in cells from the selected
        ship (from the view's middle when none is): ``↗R3 12``."""
        view = self.view_size
        key = (self.scroll_offset, view, self._version, id(self._state), self._selected,
               self._marks_next, self._stamp)
        if key == self._edges_for:
            return self._edges
        self._edges_for = key
        if self._state is None or self._layout is None:
            self._edges = {}
        else:
            self._edges = edge_labels(
                self._state, self._layout, view,
                Offset(int(self.scroll_x), int(self.scroll_y)), selected=self._selected,
                marks_next=self._marks_next, done=self._done, ascii_only=self.ascii_only,
                enemies=self.EDGE_ENEMIES)
        return self._edges

    # -- helpers ---------------------------------------------------------------
    def _clamp(self, cell: Cell) -> Cell:
        if self._layout is None:
            return cell
        return Cell(min(max(cell.col, 0), self._layout.cols - 1),
                    min(max(cell.row, 0), self._layout.rows - 1))

    def _refresh_cell(self, cell: Cell) -> None:
        """Repaint the lines a cell's block is on."""
        if self._layout is None:
            return
        region = self._layout.region_of(cell)
        top = region.y - self.scroll_offset.y
        self.refresh(Region(0, top, self.outer_size.width, region.height))
