"""Board diagrams: any position drawn as SVG, the way backgammon players draw it.

>>> from bglearn import Position, render, WHITE
>>> svg = render(Position(), dice="31")
>>> svg.startswith("<svg") and 'data-point="13"' in svg
True

:func:`render` returns a :class:`Diagram`, the SVG text as a ``str`` that also shows itself in
Jupyter (``_repr_svg_``), saves to ``.svg`` or ``.png`` and converts to PNG bytes (PNG needs the
optional ``cairosvg`` extra). The drawing is built with svgwrite (validation off), has a ``viewBox``
so it scales cleanly, and is byte-for-byte the same for the same input.

Layout (from the bottom player's side, ``home="right"``): points 1-12 along the bottom with 1 at the
right, 13-24 along the top with 13 at the left, the bar in the middle, the bear-off trays on the
right next to the home boards and the cube on the left (centred, or at the owner's end). The player
on roll's dice lie in the half of the board on that player's right-hand side. ``home="left"``
mirrors the board left to right. ``layout="portrait"`` turns that board a quarter turn for a narrow
screen (points 12-1 down the left, 13-24 down the right), with every text upright and larger.

The renderer knows no rules: it draws what it is given (highlights, arrows) and asks the position
for its pip counts.
"""

from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence, Union

import svgwrite
from svgwrite.base import BaseElement
from svgwrite.etree import etree as ET  # ElementTree with svgwrite's CDATA support
from svgwrite.container import Group, Style
from svgwrite.path import Path as _SvgPath
from svgwrite.shapes import Circle, Rect
from svgwrite.text import Text

from .dice import Roll, as_roll
from .errors import BglearnError
from .i18n import N_, _, ngettext
from .plays import BAR, OFF, Move, Play
from .position import RED, WHITE, Player, Position
from .svg_theme import THEMES, Theme, style_sheet

__all__ = ["render", "Diagram", "RenderError", "PNG_MISSING_MESSAGE"]

PNG_MISSING_MESSAGE = "PNG export needs the optional cairosvg package: pip install 'bglearn-kit[png]'"

# -- geometry (viewBox units; the natural size is one unit per pixel) ---------------------------------
PW = 40            # point width
CR = 18            # checker radius
STEP = 37          # distance between stacked checkers
EDGE = 18.5        # centre of the first checker from the board edge
TH = 176           # triangle height
IH = 440           # height of a playing field
BAR_W = 48
SIDE = 56          # the frame strip that holds the cube (opposite the trays)
TRAY_W = 48
F = 12             # frame thickness
X_L = SIDE                  # left field, logical (home on the right)
X_B = X_L + 6 * PW          # bar
X_R = X_B + BAR_W           # right field
X_T = X_R + 6 * PW + F      # trays
W = X_T + TRAY_W + F        # total width
INFO = 26          # the band with a player's name and pip count
NUM = 18           # the band with point numbers
LINE = 18          # one caption line
SLAB = 12          # a borne-off checker seen from the side, with its gap
MAX_DRAWN = 5      # checkers drawn on a point before the count is written instead
# the portrait layout (the table turned a quarter turn): wider number bands and larger text, so a
# board 320 px wide still has point numbers at least 9 px high and targets at least 24 px each way
NUM_P = 28         # the band with point numbers (now a column beside the points)
NUMBER_FONT_P = 16 # point numbers
INFO_P = 30
LINE_P = 20
LAYOUTS = ("landscape", "portrait")

PointRef = Union[int, str]
_Element = Any  # an svgwrite element or drawing (svgwrite ships no type information)


class RenderError(BglearnError):
    """An option given to :func:`render` is not one it understands."""


class Diagram(str):
    """A board diagram: the SVG text itself (a ``str``), which Jupyter displays as a picture.

    ``save("board.svg")`` writes the SVG, ``save("board.png")`` a PNG; ``to_png()`` returns PNG
    bytes. PNG output needs the optional ``cairosvg`` package (``pip install 'bglearn-kit[png]'``);
    without it both raise :class:`~bglearn.errors.BglearnError` saying so.
    """

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        """The picture as an ``<img>`` (data URI): the form untrusted notebooks show (see bglearn.diagram)."""
        from .diagram import svg_image

        return svg_image(str(self))

    def to_png(self, path: str | Path | None = None, *, scale: float = 1.0) -> bytes:
        """PNG bytes of the diagram at ``scale`` times its pixel width; also written to ``path``
        when one is given."""
        try:
            import cairosvg
        except (ImportError, OSError):  # not installed, or libcairo missing
            raise BglearnError(PNG_MISSING_MESSAGE) from None
        if not isinstance(scale, (int, float)) or isinstance(scale, bool) or scale <= 0:
            raise RenderError(_("scale must be a positive number, got {value}.").format(value=repr(scale)))
        data: bytes = cairosvg.svg2png(bytestring=str(self).encode("utf-8"), scale=scale)
        if path is not None:
            Path(path).write_bytes(data)
        return data

    def save(self, path: str | Path) -> Path:
        """Write the diagram to ``path``: PNG when the name ends in ``.png``, SVG otherwise.
        Returns the path written."""
        target = Path(path)
        if target.suffix.lower() == ".png":
            self.to_png(target)
        else:
            target.write_text(str(self), encoding="utf-8")
        return target

    def __repr__(self) -> str:
        return f"<Diagram: {len(self)} characters of SVG>"


# -- small helpers -------------------------------------------------------------------------------------
def coord(x: float) -> str:
    """A coordinate as the diagrams write it: an integer without a decimal point, anything else
    rounded to two places with no trailing zeros (so the same drawing always gives the same text).

    >>> coord(12), coord(12.0), coord(3.14159), coord(2.5)
    ('12', '12', '3.14', '2.5')
    """
    if isinstance(x, int):
        return str(x)
    r = round(x, 2)
    if r == int(r):
        return str(int(r))
    return f"{r:.2f}".rstrip("0")


class _Builder:
    """Creates svgwrite elements with ready-made attribute dictionaries (fast: no validation).

    ``turned``: the elements go into a board turned a quarter turn (the portrait layout), so
    :meth:`label` turns each text back to stay upright."""

    def __init__(self, dwg: svgwrite.Drawing, turned: bool = False) -> None:
        self.dwg = dwg
        self.turned = turned

    def add(self, parent: _Element, cls: Any, attrs: dict[str, Any], text: str | None = None) -> _Element:
        el = cls(text, factory=self.dwg) if cls is Text else cls(factory=self.dwg)
        el.attribs = attrs
        parent.elements.append(el)
        return el

    def g(self, parent: _Element, attrs: dict[str, Any] | None = None) -> _Element:
        return self.add(parent, Group, attrs or {})

    def rect(self, parent: _Element, x: float, y: float, w: float, h: float, **style: Any) -> _Element:
        attrs = {"x": coord(x), "y": coord(y), "width": coord(w), "height": coord(h)}
        attrs.update(_style(style))
        return self.add(parent, Rect, attrs)

    def circle(self, parent: _Element, cx: float, cy: float, r: float, **style: Any) -> _Element:
        attrs = {"cx": coord(cx), "cy": coord(cy), "r": coord(r)}
        attrs.update(_style(style))
        return self.add(parent, Circle, attrs)

    def path(self, parent: _Element, d: str, **style: Any) -> _Element:
        el = self.add(parent, _SvgPath, _style(style))
        el.commands = [d]
        return el

    def text(self, parent: _Element, x: float, y: float, content: str, **style: Any) -> _Element:
        attrs = {"x": coord(x), "y": coord(y)}
        attrs.update(_style(style))
        return self.add(parent, Text, attrs, content)

    def label(self, parent: _Element, cx: float, cy: float, dy: float, content: str, **style: Any) -> _Element:
        """A centred text on the board whose glyphs are centred near (``cx``, ``cy``): its baseline
        ``dy`` below that centre. On a turned board it is turned back about that centre, so it reads
        upright and stays where it was."""
        if self.turned:
            style["transform"] = f"rotate(-90 {coord(cx)} {coord(cy)})"
        return self.text(parent, cx, cy + dy, content, text_anchor="middle", **style)


def _style(style: dict[str, Any]) -> dict[str, Any]:
    return {k.rstrip("_").replace("_", "-"): v for k, v in style.items()}


# -- options -------------------------------------------------------------------------------------------
def player_option(value: object, what: str) -> Player:
    """The side a rendering option names: ``WHITE``/``RED`` or ``"white"``/``"red"`` (any case, or
    ``"w"``/``"r"``); anything else is refused with a :class:`RenderError` naming the option ``what``.

    >>> player_option("Red", "perspective")
    RED
    """
    if isinstance(value, str):
        key = value.strip().lower()
        if key in ("white", "w"):
            return WHITE
        if key in ("red", "r"):
            return RED
    elif isinstance(value, int) and not isinstance(value, bool) and value in (0, 1):
        return Player(value)
    raise RenderError(_("{option} must be WHITE or RED, got {value}.").format(option=what, value=repr(value)))


def _point_ref(value: object, what: str) -> PointRef:
    if isinstance(value, str):
        key = value.strip().lower()
        if key in ("bar", "off"):
            return key
        if key.isdigit():
            value = int(key)
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 24:
        return value
    raise RenderError(_("{option}: {value} is not a point; use 1-24, 'bar' or 'off'.").format(option=what, value=repr(value)))


def _moves(value: Any, what: str, default_mover: Player) -> tuple[Player, tuple[Move, ...]]:
    """The mover and the moves of an ``arrows``/``last_play`` option."""
    if isinstance(value, Play):
        return value.player, value.moves
    if isinstance(value, Move):
        return default_mover, (value,)
    try:
        items = list(value)
    except TypeError:
        raise RenderError(_("{option} must be a Play or a list of Moves, got {type}.").format(option=what, type=type(value).__name__)) from None
    moves = []
    for m in items:
        if not isinstance(m, Move):
            try:
                m = Move(*m)
            except TypeError:
                raise RenderError(_("{option}: {value} is not a Move.").format(option=what, value=repr(m))) from None
        ok = (1 <= m.source <= 24 or m.source == BAR) and (1 <= m.destination <= 24 or m.destination == OFF)
        if not ok:
            raise RenderError(
                f"{what}: {m!r} does not run between points 1-24, the bar ({BAR}) and off ({OFF})."
            )
        moves.append(m)
    return default_mover, tuple(moves)


# -- the drawing ---------------------------------------------------------------------------------------
class _Board:
    """Screen geometry for one perspective and layout (home on the right or left; landscape or portrait).

    The board itself (frame, fields, points, bar, trays, cube, dice, arrows) is always laid out in the
    landscape coordinates below. In the portrait layout that "table" is turned a quarter turn
    clockwise (``transform``) into a tall, narrow canvas: the bottom player's points 12 to 1 run down
    the left, 13 to 24 down the right, the cube sits at the top and the trays at the bottom; the bands
    with names, pip counts and the caption are laid out upright above and below it.
    """

    def __init__(self, perspective: Player, home: str, numbers: bool, caption_lines: int,
                 portrait: bool = False, head: bool = False) -> None:
        self.p = perspective
        self.mirror = home == "left"
        self.portrait = portrait
        if not portrait:
            self.num = NUM if numbers else 6
            self.info = INFO                            # the height of a name-and-pips band
            self.line = LINE                            # one caption line
            self.font = 14                              # the bands' text
            self.number_font = 12
            self.fy = INFO + self.num + F               # top of the playing fields
        else:
            self.num = NUM_P if numbers else 6
            self.info = INFO_P
            self.line = LINE_P
            self.font = 16
            self.number_font = NUMBER_FONT_P
            self.fy = self.num + F
        # the playing fields: in portrait one checker fewer is drawn on a point (the count is written
        # on the fourth), so the fields are shorter and the turned board narrow enough for its targets
        self.ih = IH if not portrait else IH - 2 * STEP
        self.th = TH if not portrait else TH - STEP
        self.max_drawn = MAX_DRAWN if not portrait else MAX_DRAWN - 1
        self.slab = SLAB if not portrait else SLAB - 2
        self.ym = self.fy + self.ih / 2              # the middle line
        self.fb = self.fy + self.ih                  # bottom of the playing fields
        self.bottom_num_y = self.fb + F
        if not portrait:
            self.table_h: float = self.bottom_num_y + self.num + INFO   # the frame's rectangle (bands included)
            self.canvas_w: float = W
            self.head_y: float | None = None if not head else 0.0      # the match line sits in the top band
            self.top_info_y: float = 0.0
            self.bottom_info_y: float = self.bottom_num_y + self.num
            self.transform: str | None = None
        else:
            self.table_h = self.bottom_num_y + self.num          # the turned table's width on the canvas
            self.canvas_w = self.table_h
            self.head_y = 0.0 if head else None                  # the match line: a band of its own
            self.top_info_y = self.line + 4 if head else 0.0
            top = self.top_info_y + self.info                    # where the turned table starts
            self.transform = f"matrix(0 1 -1 0 {coord(self.table_h)} {coord(top)})"
            self.bottom_info_y = top + W
        self.caption_y = self.bottom_info_y + self.info
        self.height = self.caption_y + (caption_lines * self.line + 8 if caption_lines else 0)

    def x(self, x: float) -> float:
        return W - x if self.mirror else x

    def rx(self, x: float, w: float) -> float:
        """Screen left edge of a logical span [x, x + w]."""
        return W - x - w if self.mirror else x

    @staticmethod
    def column(n: int) -> float:
        """Logical left edge of the point ``n`` (bottom player's numbering)."""
        if n <= 6:
            return X_R + (6 - n) * PW
        if n <= 12:
            return X_L + (12 - n) * PW
        if n <= 18:
            return X_L + (n - 13) * PW
        return X_R + (n - 19) * PW

    def point_x(self, n: int) -> float:
        return self.x(self.column(n) + PW / 2)

    def slot_y(self, n: int, k: int) -> float:
        """Centre height of the ``k``-th checker (1 = at the edge) on point ``n``."""
        if n >= 13:
            return self.fy + EDGE + (k - 1) * STEP
        return self.fb - EDGE - (k - 1) * STEP

    def bar_x(self) -> float:
        return self.x(X_B + BAR_W / 2)

    def bar_slot_y(self, bottom: bool, k: int) -> float:
        off = 40 + (k - 1) * STEP
        return self.ym + off if bottom else self.ym - off

    def tray_x(self) -> float:
        return self.rx(X_T, TRAY_W)

    def field_start(self, physical_right: bool) -> float:
        """Screen left edge of the physical right (or left) playing field."""
        if physical_right:
            return X_R if not self.mirror else W - X_L - 6 * PW
        return X_L if not self.mirror else W - X_R - 6 * PW

    def number_centre_y(self, n: int) -> float:
        """The middle of the band that holds point ``n``'s number (table coordinates)."""
        return self.num / 2 if n >= 13 else self.bottom_num_y + self.num / 2


@lru_cache(maxsize=64)
def _board(perspective: Player, home: str, numbers: bool, caption_lines: int, portrait: bool = False,
           head: bool = False) -> _Board:
    return _Board(perspective, home, numbers, caption_lines, portrait, head)


class _Frozen:
    """A finished svgwrite subtree kept as its ElementTree element (the pattern svgwrite's own
    ``Title`` uses) and as its SVG text, so the layers that never change are built and written once."""

    __slots__ = ("xml", "text")

    def __init__(self, element: _Element) -> None:
        self.xml = element.get_xml()
        self.text = ET.tostring(self.xml, encoding="unicode")

    def get_xml(self) -> Any:
        return self.xml


_escape_attrib = getattr(ET, "_escape_attrib")   # ElementTree's own escaping, so the text is the same
_escape_cdata = getattr(ET, "_escape_cdata")


def _svg_text(el: Any, out: list[str]) -> None:
    """Write ``el`` (an svgwrite element, a :class:`_Frozen` layer, or svgwrite's title and desc) as
    SVG text into ``out``: exactly what ``ElementTree.tostring(el.get_xml())`` writes (attributes in
    svgwrite's sorted order, empty elements as ``<x />``), without building the ElementTree first."""
    if type(el) is _Frozen:
        out.append(el.text)
        return
    if not isinstance(el, BaseElement):          # svgwrite's Title and Desc: ElementTree elements already
        out.append(ET.tostring(el.get_xml(), encoding="unicode"))
        return
    if type(el) is _SvgPath:
        el.attribs["d"] = " ".join(str(c) for c in el.commands)
    tag = el.elementname
    out.append("<" + tag)
    for key, value in sorted(el.attribs.items()):
        if value is not None:
            value = str(value)
            if value:
                out.append(f' {key}="{_escape_attrib(value)}"')
    text = str(el.text) if isinstance(el, Text) else None
    children = el.elements
    cdata = getattr(el, "_content", None) if isinstance(el, Style) else None
    if text or children or cdata:
        out.append(">")
        if text:
            out.append(_escape_cdata(text))
        if cdata:
            out.append(f"<![CDATA[{cdata}]]>")
        for child in children:
            _svg_text(child, out)
        out.append(f"</{tag}>")
    else:
        out.append(" />")


def _document_text(dwg: svgwrite.Drawing) -> str:
    """The whole drawing as SVG text (the root's attributes as ``Drawing.get_xml`` sets them)."""
    dwg.attribs.update({"xmlns": "http://www.w3.org/2000/svg", "xmlns:xlink": "http://www.w3.org/1999/xlink",
                        "xmlns:ev": "http://www.w3.org/2001/xml-events", "baseProfile": dwg.profile,
                        "version": dwg.version})
    out: list[str] = []
    _svg_text(dwg, out)
    return "".join(out)


@lru_cache(maxsize=64)
def _static_layers(theme: str, perspective: Player, home: str, numbers: bool,
                   caption_lines: int, portrait: bool = False, head: bool = False) -> tuple[_Frozen, _Frozen | None]:
    """The frame (board, fields, bar, triangles) and the point numbers for one layout and theme."""
    board = _board(perspective, home, numbers, caption_lines, portrait, head)
    th = THEMES[theme]
    scratch = svgwrite.Drawing(debug=False, profile="full")
    b = _Builder(scratch, turned=portrait)
    _draw_frame(b, scratch, board, th)
    if numbers:
        _draw_numbers(b, scratch, board, th)
    layers = [_Frozen(el) for el in scratch.elements[1:]]  # elements[0] is the empty <defs>
    return layers[0], (layers[1] if numbers else None)


def render(
    position: Position,
    *,
    perspective: Player = WHITE,
    home: str = "right",
    numbers: bool | str = True,
    pips: bool = True,
    dice: Roll | Sequence[int] | str | None = None,
    cube: int = 1,
    cube_owner: Player | None = None,
    show_cube: bool = True,
    caption: str | None = None,
    score: tuple[int, int] | None = None,
    match_length: int | None = None,
    highlight: Iterable[PointRef] = (),
    selected: PointRef | None = None,
    arrows: Play | Sequence[Move] | None = None,
    last_play: Play | Sequence[Move] | None = None,
    theme: str = "classic",
    width: float | None = None,
    interactive: bool = False,
    on_roll: bool = True,
    crawford: bool = False,
    layout: str = "landscape",
) -> Diagram:
    """Draw ``position`` as an SVG board diagram.

    - ``perspective``: the colour at the bottom; point numbers and every ``data-point`` are in its
      numbering. ``home``: ``"right"`` (default) or ``"left"``, where the bottom player's home board is.
    - ``numbers``: print point numbers 1-24 (``"both"``: each point's number for the other side too,
      smaller, beside it: ``position.opposite_point``); ``pips``: print both pip counts.
    - ``dice``: the roll of the side on roll (a :class:`~bglearn.dice.Roll`, a pair or ``"31"``),
      drawn in the half of the board on that player's right; ``None`` draws no dice.
    - ``cube``: the cube's value (a centred cube of value 1 shows 64); ``cube_owner``: ``None``
      (centred), ``WHITE`` or ``RED`` (drawn at the owner's end); ``show_cube=False`` hides it.
    - ``caption``: text under the board (``\\n`` starts a new line); ``score=(white, red)`` is written
      beside each player's name and ``match_length`` (with "Crawford game" when ``crawford``) in the
      top band, on the board itself.
    - ``highlight``: points to mark as candidate destinations; ``selected``: the selected checker's
      point. Both in the perspective's numbering, or ``"bar"``/``"off"`` for the bar or tray of the
      side on roll.
    - ``arrows``: a :class:`~bglearn.plays.Play` (or Moves of the side on roll) drawn as arrows,
      hits marked; ``last_play``: the same as a fainter overlay (a list of Moves is then taken as
      the side not on roll's, which has just played).
    - ``theme``: ``"classic"`` or ``"contrast"`` (high contrast, colour-blind safe).
    - ``width``: the pixel width (default: the natural width, 656; 446 in portrait); the drawing
      always has a viewBox.
    - ``interactive``: make every point, bar and tray a button (``role="button"``, ``tabindex="-1"``:
      the board's script keeps one tab stop and moves it among them) whose name says its state
      ("selected", "you can move here"), and the whole board a ``role="group"`` named in words
      ("Backgammon board, White to play 3-1"); a plain diagram (the default) is one ``role="img"``
      described by its ``<title>`` and ``<desc>``, and is not in the tab order.
    - ``layout``: ``"landscape"`` (default) or ``"portrait"``: the board turned a quarter turn, tall
      and narrow for a phone (natural size 446 x 716 with numbers): the bottom player's points 12-1
      down the left, 13-24 down the right, the cube at the top, the trays at the bottom, at most four
      checkers drawn on a point (the count on the fourth), every text upright and larger, so that
      from 270 px wide the point numbers are over 9 px high and every point, bar and tray is a target
      over 24 px each way. Every ``data-`` attribute and name is the same as in landscape.
    - ``on_roll``: mark the side on roll ("on roll" beside its name); never drawn once the position
      is over, and ``on_roll=False`` hides it (a game ended by a drop).

    Every point group carries ``data-point`` (1-24), checker stacks ``data-stack``, ``data-color``
    and ``data-count``, the bar areas ``data-bar`` and the trays ``data-off`` ("white"/"red"), each
    with an ``aria-label``; with ``interactive=True`` they are also focusable buttons. Bad options
    raise :class:`RenderError`.
    """
    if not isinstance(position, Position):
        raise RenderError(_("render draws a Position, got {type}.").format(type=type(position).__name__))
    persp = player_option(perspective, "perspective")
    if home not in ("right", "left"):
        raise RenderError(_("home must be 'right' or 'left', got {value}.").format(value=repr(home)))
    if not isinstance(layout, str) or layout not in LAYOUTS:
        raise RenderError(_("layout must be 'landscape' or 'portrait', got {value}.").format(value=repr(layout)))
    if numbers not in (True, False, "both"):
        raise RenderError(_("numbers must be True, False or 'both', got {value}.").format(value=repr(numbers)))
    if theme not in THEMES:
        raise RenderError(_("theme must be one of {themes}, got {value}.").format(themes=", ".join(sorted(THEMES)), value=repr(theme)))
    th = THEMES[theme]
    show_cube = show_cube and position.has_cube  # Long Nardy has no cube
    roll = None if dice is None else as_roll(dice)
    if isinstance(cube, bool) or not isinstance(cube, int) or cube < 1:
        raise RenderError(_("cube must be a positive whole number (the cube's value), got {value}.").format(value=repr(cube)))
    owner = None if cube_owner is None else player_option(cube_owner, "cube_owner")
    if highlight is None:
        highlight = ()
    elif isinstance(highlight, (int, str)):
        highlight = (highlight,)
    try:
        marks = tuple(_point_ref(h, "highlight") for h in highlight)
    except TypeError:
        raise RenderError(_("highlight must be a list of points, got {value}.").format(value=repr(highlight))) from None
    sel = None if selected is None else _point_ref(selected, "selected")
    arrow_moves = None if arrows is None else _moves(arrows, "arrows", position.turn)
    last_moves = None if last_play is None else _moves(last_play, "last_play", position.turn.opponent)
    if width is not None and (isinstance(width, bool) or not isinstance(width, (int, float)) or width <= 0):
        raise RenderError(_("width must be a positive number of pixels, got {value}.").format(value=repr(width)))
    lines = _caption_lines(caption)
    match = _match_info(score, match_length, crawford)

    portrait = layout == "portrait"
    head = match["head"] is not None
    board = _board(persp, home, bool(numbers), len(lines), portrait, head)
    height = board.height
    natural = board.canvas_w
    px_w = natural if width is None else width
    px_h = height * px_w / natural
    dwg = svgwrite.Drawing(size=(coord(px_w), coord(px_h)), debug=False, profile="full")
    turn = position.turn.name_text
    name = None
    if interactive:
        # A board that answers keys is a group of buttons, named in words (never by a Position ID).
        name = (
            # Translators: the name of an interactive board, e.g. "Backgammon board, White to play 3-1".
            _("{game} board, {player} to play {roll}").format(game=position.game_name(), player=turn, roll=roll)
            if roll is not None else
            # Translators: the name of an interactive board, e.g. "Backgammon board, White on roll".
            _("{game} board, {player} on roll").format(game=position.game_name(), player=turn))
    dwg.attribs.update({
        "viewBox": f"0 0 {coord(natural)} {coord(height)}",
        "class": f"bg-board bg-theme-{th.name}",
        "font-family": "DejaVu Sans, Verdana, Arial, sans-serif",
        "data-perspective": "white" if persp is WHITE else "red",
        "data-home": home,
        **({"data-layout": layout} if portrait else {}),
        "data-turn": "white" if position.turn is WHITE else "red",
        **({"data-position-id": position.position_id()} if position.has_gnubg_ids else {}),
        **({} if type(position) is Position else {"data-variant": position.variant}),  # a game other than backgammon
        # a plain diagram is one picture, named by its <title> and described by its <desc>
        **({"role": "group", "aria-label": name} if name is not None else {"role": "img"}),
    })
    title, desc = _describe(position, persp, home, roll, cube, owner, show_cube, [*match["lines"], *lines], portrait)
    dwg.set_desc(name or title, desc)   # the tooltip of a board that answers keys: its name
    b = _Builder(dwg, turned=portrait)
    b.add(dwg, Style, {"type": "text/css"})._content = style_sheet(th)

    frame, number_layer = _static_layers(th.name, persp, home, bool(numbers), len(lines), portrait, head)
    if portrait:   # the canvas, then the table turned a quarter turn on it
        b.rect(dwg, 0, 0, natural, height, fill=th.frame)
        table = b.g(dwg, {"class": "bg-table", "transform": board.transform})
    else:
        table = dwg
    table.elements.append(frame)
    # Labelled parts: buttons on a board that answers keys (tabindex -1: the board's script moves one
    # tab stop among them); otherwise pictures (an aria-label needs a role that allows one).
    button = {"tabindex": "-1", "role": "button"} if interactive else {"role": "img"}
    _draw_points(b, table, board, th, position, marks, sel, button)
    _draw_bar_and_trays(b, table, board, th, position, marks, sel, button)
    position.draw_variant(b, table, board, th)  # the game's own marks (Long Nardy: bglearn.variants.long_nardy.svg)
    if numbers == "both":
        _draw_both_numbers(b, table, board, th, position)
    elif number_layer is not None:
        table.elements.append(number_layer)
    if not portrait:
        _draw_info(b, dwg, board, th, position, bool(pips), match, bool(on_roll) and not position.is_game_over)
    if show_cube:
        _draw_cube(b, table, board, th, cube, owner)
    if roll is not None:
        _draw_dice(b, table, board, th, position.turn, roll)
    if last_moves is not None:
        _draw_arrows(b, table, board, th, position, *last_moves, last=True)
    if arrow_moves is not None:
        _draw_arrows(b, table, board, th, position, *arrow_moves, last=False)
    if portrait:
        _draw_info(b, dwg, board, th, position, bool(pips), match, bool(on_roll) and not position.is_game_over)
    if lines:
        _draw_caption(b, dwg, board, th, lines)
    return Diagram(_document_text(dwg))


def _caption_lines(caption: object) -> list[str]:
    return [] if caption is None else str(caption).split("\n")


def _match_info(score: Any, match_length: object, crawford: bool) -> dict[str, Any]:
    """The score beside each name and the match line of the top band (checked options)."""
    info: dict[str, Any] = {"score": None, "head": None, "lines": []}
    if match_length is not None and (isinstance(match_length, bool) or not isinstance(match_length, int) or match_length < 0):
        raise RenderError(_("match_length must be a whole number of points, got {value}.").format(value=repr(match_length)))
    if score is not None:
        try:
            sw, sr = score
        except (TypeError, ValueError):
            raise RenderError(_("score must be a pair (white, red), got {value}.").format(value=repr(score))) from None
        if not all(isinstance(s, int) and not isinstance(s, bool) and s >= 0 for s in (sw, sr)):
            raise RenderError(_("score must be two whole numbers (white, red), got {value}.").format(value=repr(score)))
        info["score"] = (sw, sr)
    head: str | None
    if match_length and crawford:
        head = _("{length}-point match · Crawford game").format(length=match_length)
    elif match_length:
        head = _("{length}-point match").format(length=match_length)
    else:
        head = _("Crawford game") if crawford else None
    info["head"] = head
    if score is not None:
        info["lines"].append(_("{what}: White {white}, Red {red}.").format(
            what=head or _("Score"), white=score[0], red=score[1]))
    elif head:
        info["lines"].append(_("{what}.").format(what=head))
    return info


def _describe(position: Position, persp: Player, home: str, roll: Roll | None, cube: int, owner: Player | None,
              show_cube: bool, lines: list[str], portrait: bool = False) -> tuple[str, str]:
    turn = position.turn.name_text
    told = position.diagram_intro(persp, home)  # None: backgammon's own words, below
    if told is not None:
        title, intro = told
        parts = [intro]
    else:
        pid = position.position_id()
        title = _("Backgammon position {id}, {player} on roll").format(id=pid, player=turn)
        parts = [_("Position ID {id}.").format(id=pid)]
    parts.append(_("{player} to play {roll}.").format(player=turn, roll=roll) if roll is not None else
                 _("{player} on roll.").format(player=turn))
    parts.append(_("Pip count: White {white}, Red {red}.").format(
        white=position.pip_count(WHITE), red=position.pip_count(RED)))
    # Translators: "{player} {count}" is one side's count in the lists "On the bar: ..." and "Borne off: ...".
    bar = [_("{player} {count}").format(player=p.name_text, count=position.bar(p)) for p in (WHITE, RED) if position.bar(p)]
    if bar:
        parts.append(_("On the bar: {sides}.").format(sides=", ".join(bar)))
    off = [_("{player} {count}").format(player=p.name_text, count=position.off(p)) for p in (WHITE, RED) if position.off(p)]
    if off:
        parts.append(_("Borne off: {sides}.").format(sides=", ".join(off)))
    if show_cube:
        if owner is None:
            parts.append(_("Cube: centred at {value}.").format(value=cube) if cube > 1 else _("Cube: centred (64)."))
        else:
            parts.append(_("Cube: {player} owns it at {value}.").format(player=Player(owner).name_text, value=cube))
    if portrait:   # the board turned a quarter turn: the bottom player's points run down the left
        parts.append((_("Drawn upright for a narrow screen: {player}'s points down the left side, {player}'s "
                        "home board at the bottom left.") if home == "right" else
                      _("Drawn upright for a narrow screen: {player}'s points down the left side, {player}'s "
                        "home board at the top left.")).format(player=persp.name_text))
    else:
        parts.append((_("Seen from {player}'s side, {player}'s home board at the bottom right.") if home == "right" else
                      _("Seen from {player}'s side, {player}'s home board at the bottom left.")).format(
            player=persp.name_text))
    parts.extend(lines)
    return title, " ".join(parts)


def _draw_frame(b: _Builder, dwg: _Element, board: _Board, th: Theme) -> None:
    g = b.g(dwg, {"class": "bg-frame"})
    b.rect(g, 0, 0, W, board.table_h if board.portrait else board.height, fill=th.frame)
    for x in (X_L, X_R):
        b.rect(g, board.rx(x, 6 * PW), board.fy, 6 * PW, board.ih, fill=th.felt)
    b.rect(g, board.rx(X_B, BAR_W), board.fy - F, BAR_W, board.ih + 2 * F, fill=th.bar)
    for parity, color in ((1, th.point_odd), (0, th.point_even)):
        d = "".join(_triangle(board, n) for n in range(1, 25) if n % 2 == parity)
        b.path(g, d, class_="bg-triangles", fill=color)


def _triangle(board: _Board, n: int) -> str:
    """The path of point ``n``'s triangle (bottom player's numbering)."""
    left = board.rx(board.column(n), PW)
    edge = board.fy if n >= 13 else board.fb
    tip = edge + board.th if n >= 13 else edge - board.th
    return f"M{coord(left)} {coord(edge)}L{coord(left + PW)} {coord(edge)}L{coord(left + PW / 2)} {coord(tip)}Z"


def checker_style(th: Theme, color: Player) -> dict[str, Any]:
    """The svgwrite attributes (``fill``, ``stroke``, ``stroke_width``) that draw a checker of ``color``
    in theme ``th``; a variant's marks (:mod:`bglearn.variants.long_nardy.svg`) use them to match the checkers."""
    if color is WHITE:
        return {"fill": th.white_fill, "stroke": th.white_stroke, "stroke_width": th.checker_stroke_width}
    return {"fill": th.red_fill, "stroke": th.red_stroke, "stroke_width": th.checker_stroke_width}


def _stack(b: _Builder, parent: _Element, th: Theme, color: Player, count: int, x: float, ys: Callable[..., float],
           attrs: dict[str, Any], max_drawn: int = MAX_DRAWN) -> None:
    """Draw ``count`` checkers (at most ``max_drawn``, the count written on the top one) at the heights ``ys``."""
    name = "white" if color is WHITE else "red"
    g = b.g(parent, {"class": "bg-stack", **attrs, "data-color": name, "data-count": str(count),
                     **_style(checker_style(th, color))})
    shown = min(count, max_drawn)
    for k in range(shown):
        g.elements.append(_checker_xml(x, ys(k + 1)))
    if count > max_drawn:
        b.label(g, x, ys(shown), 6, str(count), class_="bg-count", font_size="17", font_weight="bold",
                stroke="none", fill=th.white_text if color is WHITE else th.red_text)


def _area(b: _Builder, g: _Element, x: float, y: float, w: float, h: float) -> None:
    """The transparent click and focus area of a clickable group."""
    g.elements.append(_area_xml(x, y, w, h))


_SCRATCH = svgwrite.Drawing(debug=False, profile="full")  # element factory for the cached pieces


@lru_cache(maxsize=256)
def _area_xml(x: float, y: float, w: float, h: float) -> "_Frozen":
    el = Rect(factory=_SCRATCH)
    el.attribs = {"class": "bg-area", "x": coord(x), "y": coord(y), "width": coord(w), "height": coord(h),
                  "fill": "#000000", "fill-opacity": "0", "stroke": "none"}
    return _Frozen(el)


@lru_cache(maxsize=1024)
def _checker_xml(x: float, y: float) -> "_Frozen":
    el = Circle(factory=_SCRATCH)
    el.attribs = {"class": "bg-checker", "cx": coord(x), "cy": coord(y), "r": coord(CR)}
    return _Frozen(el)


# The state a target's accessible name ends with (the marks drawn on it, said in words).
# Translators: the end of a point's (bar's, tray's) spoken name when its checker is selected,
# e.g. "White's 8-point: 3 White checkers, selected".
STATE_SELECTED = N_("{name}, selected")
# Translators: the end of a point's spoken name when the selected checker can move there,
# e.g. "White's 5-point: empty, you can move here".
STATE_MOVE = N_("{name}, you can move here")
# Translators: the end of a tray's spoken name when the selected checker can be borne off,
# e.g. "White's tray: 3 borne off, you can bear off here".
STATE_BEAR_OFF = N_("{name}, you can bear off here")


def _with_state(name: str, selected: bool, destination: bool, destination_words: str) -> str:
    """A target's accessible name with its state: selected, and/or a legal destination."""
    if selected:
        name = _(STATE_SELECTED).format(name=name)
    if destination:
        name = _(destination_words).format(name=name)
    return name


def _draw_points(b: _Builder, dwg: _Element, board: _Board, th: Theme, position: Position, marks: tuple[PointRef, ...],
                 sel: PointRef | None, button: dict[str, str]) -> None:
    persp = board.p
    owner_name = persp.name_text
    layer = b.g(dwg, {"class": "bg-points"})
    for n in range(1, 25):
        who, count = position.owner(n, persp)
        left = board.rx(board.column(n), PW)
        cx = left + PW / 2
        top = n >= 13
        if who is None:
            # Translators: the accessible name of an empty point, e.g. "White's 7-point: empty".
            label = _("{player}'s {number}-point: empty").format(player=owner_name, number=n)
        else:
            label = ngettext("{player}'s {number}-point: {n} {colour} checker",
                             "{player}'s {number}-point: {n} {colour} checkers", count).format(
                player=owner_name, number=n, n=count, colour=who.name_text)
        cls = "bg-point"
        if n in marks:
            cls += " bg-highlight"
        if n == sel:
            cls += " bg-selected"
        g = b.g(layer, {"class": cls, "data-point": str(n), **button,
                        "aria-label": _with_state(label, n == sel, n in marks, STATE_MOVE)})
        _area(b, g, left, board.fy if top else board.ym, PW, board.ih / 2)
        if n in marks:   # under the checkers: the triangle outlined, and a ring where a checker lands
            mark = b.g(g, {"class": "bg-mark"})
            _halo_path(b, mark, _triangle(board, n), th, th.highlight)
            landing = 1 if who is not None and who is not position.turn else min(count + 1, board.max_drawn)
            _halo_ring(b, mark, cx, board.slot_y(n, landing), CR - 5, th, th.highlight, dashed=True)
        if who is not None:
            _stack(b, g, th, who, count, cx, lambda k, n=n: board.slot_y(n, k), {"data-stack": str(n)},
                   board.max_drawn)
        if n == sel:     # around the top checker, never over it
            mark = b.g(g, {"class": "bg-mark"})
            _halo_ring(b, mark, cx, board.slot_y(n, max(1, min(count, board.max_drawn))), CR + 5, th, th.selected)


def _draw_bar_and_trays(b: _Builder, dwg: _Element, board: _Board, th: Theme, position: Position,
                        marks: tuple[PointRef, ...], sel: PointRef | None, button: dict[str, str]) -> None:
    layer = b.g(dwg, {"class": "bg-bar"})
    bx = board.bar_x()
    for player in (board.p.opponent, board.p):
        bottom = player is board.p
        name = "white" if player is WHITE else "red"
        count = position.bar(player)
        cls = "bg-bar-area"
        on_roll = player is position.turn
        if on_roll and "bar" in marks:
            cls += " bg-highlight"
        if on_roll and sel == "bar":
            cls += " bg-selected"
        # a game without a bar (Long Nardy): the strip between the halves, with nothing said about a bar
        said = {**button, "aria-label": _with_state(ngettext(
            "{player}'s bar: {n} {player} checker", "{player}'s bar: {n} {player} checkers", count).format(
            player=player.name_text, n=count), on_roll and sel == "bar", on_roll and "bar" in marks, STATE_MOVE)
        } if position.has_bar else {"aria-hidden": "true"}
        g = b.g(layer, {"class": cls, "data-bar": name, "data-count": str(count), **said})
        _area(b, g, board.rx(X_B, BAR_W), board.ym if bottom else board.fy, BAR_W, board.ih / 2)
        if on_roll and "bar" in marks:
            mark = b.g(g, {"class": "bg-mark"})
            x0, y0 = board.rx(X_B, BAR_W) + 4, (board.ym if bottom else board.fy) + 4
            _halo_path(b, mark, f"M{coord(x0)} {coord(y0)}h{coord(BAR_W - 8)}v{coord(board.ih / 2 - 8)}"
                                f"h{coord(8 - BAR_W)}Z", th, th.highlight)
        if count:
            _stack(b, g, th, player, count, bx, lambda k, bottom=bottom: board.bar_slot_y(bottom, k), {},
                   board.max_drawn)
        if on_roll and sel == "bar":
            mark = b.g(g, {"class": "bg-mark"})
            _halo_ring(b, mark, bx, board.bar_slot_y(bottom, max(1, min(count, board.max_drawn))), CR + 5, th, th.selected)

    layer = b.g(dwg, {"class": "bg-trays"})
    tx = board.tray_x()
    for player in (board.p.opponent, board.p):
        bottom = player is board.p
        name = "white" if player is WHITE else "red"
        count = position.off(player)
        on_roll = player is position.turn
        cls = "bg-tray"
        if on_roll and "off" in marks:
            cls += " bg-highlight"
        if on_roll and sel == "off":
            cls += " bg-selected"
        y0 = board.ym + 6 if bottom else board.fy
        h = board.ih / 2 - 6
        g = b.g(layer, {"class": cls, "data-off": name, "data-count": str(count), **button,
                        "aria-label": _with_state(ngettext(
                            "{player}'s tray: {n} borne off", "{player}'s tray: {n} borne off", count).format(
                            player=player.name_text, n=count), on_roll and sel == "off", on_roll and "off" in marks,
                            STATE_BEAR_OFF)})
        b.rect(g, tx, y0, TRAY_W, h, class_="bg-area", fill=th.tray, stroke="none")
        style = {**checker_style(th, player), "stroke_width": "1.5"}   # thin slabs: a thin rim
        for k in range(count):
            y = board.fb - 3 - (k + 1) * board.slab if bottom else board.fy + 3 + k * board.slab
            b.rect(g, tx + 5, y, TRAY_W - 10, board.slab - 1, class_="bg-off-checker", rx="2", **style)
        if count:
            ty = board.ym + 20 if bottom else board.ym - 20
            b.label(g, tx + TRAY_W / 2, ty, 6, str(count), class_="bg-off-count", font_size="16",
                    font_weight="bold", fill=th.tray_text)
        if on_roll and ("off" in marks or sel == "off"):
            color = th.selected if sel == "off" else th.highlight
            mark = b.g(g, {"class": "bg-mark"})
            _halo_path(b, mark, f"M{coord(tx + 4)} {coord(y0 + 4)}h{coord(TRAY_W - 8)}v{coord(h - 8)}"
                                f"h{coord(8 - TRAY_W)}Z", th, color)


def _halo_path(b: _Builder, parent: _Element, d: str, th: Theme, color: str) -> None:
    """An outline in ``color`` with a dark edge on both sides: visible on light and dark ground
    alike, and in grayscale."""
    b.path(parent, d, fill="none", stroke=th.halo, stroke_width="8", stroke_linejoin="round")
    b.path(parent, d, fill="none", stroke=color, stroke_width="4", stroke_linejoin="round")


def _halo_ring(b: _Builder, parent: _Element, cx: float, cy: float, r: float, th: Theme, color: str,
               dashed: bool = False) -> None:
    """A ring in ``color`` with a dark edge (dashed for a landing place)."""
    b.circle(parent, cx, cy, r, fill="none", stroke=th.halo, stroke_width="8")
    extra = {"stroke_dasharray": "6 4"} if dashed else {}
    b.circle(parent, cx, cy, r, fill="none", stroke=color, stroke_width="4", **extra)


def _draw_numbers(b: _Builder, dwg: _Element, board: _Board, th: Theme) -> None:
    if board.portrait:   # each number turned upright in the middle of its band
        size = board.number_font
        g = b.g(dwg, {"class": "bg-numbers", "font-size": str(size), "fill": th.label})
        for n in range(1, 25):
            b.label(g, board.point_x(n), board.number_centre_y(n), 0.36 * size, str(n))
        return
    g = b.g(dwg, {"class": "bg-numbers", "font-size": "12", "text-anchor": "middle", "fill": th.label})
    top_y = INFO + NUM - 5
    bottom_y = board.bottom_num_y + 13
    for n in range(1, 25):
        b.text(g, board.point_x(n), top_y if n >= 13 else bottom_y, str(n))


def _draw_both_numbers(b: _Builder, dwg: _Element, board: _Board, th: Theme, position: Position) -> None:
    """Each point's number for the bottom player and, smaller and fainter beside it, the other side's
    number for the same point (``position.opposite_point``: shifted by 12 in Long Nardy)."""
    if board.portrait:   # upright, the other side's number under this side's, inside the point's row
        size = board.number_font
        g = b.g(dwg, {"class": "bg-numbers bg-numbers-both", "font-size": str(size), "fill": th.label})
        for n in range(1, 25):
            x, cy = board.point_x(n), board.number_centre_y(n)
            other = size - 1
            b.label(g, x - 9, cy, 0.36 * size, str(n))   # table x - 9: higher on the turned board
            b.label(g, x + 10, cy, 0.36 * other, str(position.opposite_point(n)), font_size=str(other),
                    opacity="0.75")
        return
    g = b.g(dwg, {"class": "bg-numbers bg-numbers-both", "font-size": "12", "fill": th.label})
    top_y = INFO + NUM - 5
    bottom_y = board.bottom_num_y + 13
    for n in range(1, 25):
        x, y = board.point_x(n), (top_y if n >= 13 else bottom_y)
        b.text(g, x + 1, y, str(n), text_anchor="end")
        b.text(g, x + 3, y + 2, str(position.opposite_point(n)), text_anchor="start", font_size="9", opacity="0.75")


def _draw_info(b: _Builder, dwg: _Element, board: _Board, th: Theme, position: Position, pips: bool, match: dict[str, Any],
               on_roll: bool) -> None:
    """The bands above and below the board: each side's name, pip count and score, who is on roll, and
    the match line (in the top band; on a line of its own above it in the portrait layout)."""
    g = b.g(dwg, {"class": "bg-info", "font-size": str(board.font), "fill": th.label})
    band, base = board.info, board.info / 2 + (5 if board.font == 14 else 6)
    for player, y in ((board.p.opponent, board.top_info_y), (board.p, board.bottom_info_y)):
        name = "white" if player is WHITE else "red"
        row = b.g(g, {"class": "bg-player", "data-player": name})
        b.circle(row, 22, y + band / 2, 7 if board.font == 14 else 8, **{**checker_style(th, player), "stroke_width": "2"})
        label = player.name_text
        if pips:
            label = ngettext("{player}  ·  {n} pip", "{player}  ·  {n} pips", position.pip_count(player)).format(
                player=label, n=position.pip_count(player))
        if match["score"] is not None:
            points = match["score"][0 if player is WHITE else 1]
            label = _("{label}  ·  score {points}").format(label=label, points=points)
        b.text(row, 36, y + base, label, class_="bg-pips")
        if match["head"] and y == board.top_info_y:
            if board.portrait:
                hy = board.head_y + board.line / 2 + 6 if board.head_y is not None else y + base
                b.text(row, board.canvas_w / 2, hy, match["head"], class_="bg-match", text_anchor="middle",
                       font_weight="bold")
            else:
                b.text(row, W / 2 + 60, y + base, match["head"], class_="bg-match", text_anchor="middle",
                       font_weight="bold")
        if on_roll and player is position.turn:
            b.text(row, board.canvas_w - 16, y + base, _("on roll"), class_="bg-on-roll", text_anchor="end",
                   font_weight="bold")


def _draw_cube(b: _Builder, dwg: _Element, board: _Board, th: Theme, value: int, owner: Player | None) -> None:
    size = 36
    cx = board.x(SIDE / 2)
    if owner is None:
        cy = board.ym
    elif owner is board.p:
        cy = board.fb - size / 2 - 6
    else:
        cy = board.fy + size / 2 + 6
    face = 64 if owner is None and value == 1 else value
    text = str(face)
    attrs = {"class": "bg-cube", "data-cube-value": str(value),
             "data-cube-owner": "centre" if owner is None else ("white" if owner is WHITE else "red")}
    g = b.g(dwg, attrs)
    b.rect(g, cx - size / 2, cy - size / 2, size, size, rx="5", fill=th.cube_fill, stroke=th.cube_stroke,
           stroke_width="2")
    b.label(g, cx, cy, 6, text, font_size="18" if len(text) < 3 else ("14" if len(text) < 4 else "11"),
            font_weight="bold", fill=th.cube_text)


_PIPS = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def _draw_dice(b: _Builder, dwg: _Element, board: _Board, th: Theme, player: Player, roll: Roll) -> None:
    size = 32
    start = board.field_start(physical_right=player is board.p)
    centre = start + 3 * PW
    fill, pip = (th.white_fill, th.white_text) if player is WHITE else (th.red_fill, th.red_text)
    stroke = th.white_stroke if player is WHITE else th.red_stroke
    g = b.g(dwg, {"class": "bg-dice", "data-dice": f"{roll[0]}{roll[1]}",
                  "data-color": "white" if player is WHITE else "red"})
    for i, value in enumerate(roll):
        x = centre + (-22 if i == 0 else 22)
        y = board.ym
        die = b.g(g, {"class": "bg-die", "data-die": str(value)})
        b.rect(die, x - size / 2, y - size / 2, size, size, rx="5", fill=fill, stroke=stroke, stroke_width=th.checker_stroke_width)
        r = 3.2
        d = "".join(
            f"M{coord(x + dx * 8.5 - r)} {coord(y + dy * 8.5)}a{r} {r} 0 1 0 {2 * r} 0a{r} {r} 0 1 0 {-2 * r} 0"
            for dx, dy in _PIPS[value]
        )
        b.path(die, d, fill=pip)


def _anchor(board: _Board, position: Position, mover: Player, n: int, slot: int) -> tuple[float, float]:
    """Screen position of a move end: a point (mover's numbering), the bar or the tray."""
    bottom = mover is board.p
    if n == BAR:
        return board.bar_x(), board.bar_slot_y(bottom, max(1, min(slot, board.max_drawn)))
    if n == OFF:
        return board.tray_x() + TRAY_W / 2, (board.ym + board.ih / 4) if bottom else (board.ym - board.ih / 4)
    s = n if mover is board.p else position.opposite_point(n)  # the game's map between the two numberings
    return board.point_x(s), board.slot_y(s, max(1, min(slot, board.max_drawn)))


def _towards(x: float, y: float, tx: float, ty: float, distance: float) -> tuple[float, float]:
    """The point ``distance`` from (``x``, ``y``) on the way to (``tx``, ``ty``)."""
    d = math.hypot(tx - x, ty - y) or 1.0
    return x + (tx - x) * distance / d, y + (ty - y) * distance / d


def _draw_arrows(b: _Builder, dwg: _Element, board: _Board, th: Theme, position: Position, mover: Player,
                 moves: Sequence[Move], last: bool) -> None:
    # Where each checker leaves and lands: track the mover's stack heights from the drawn position
    # (before the play for arrows, after it for the last play). Display bookkeeping, not rules.
    side = position.checkers(mover)
    counts = {n: side[n] for n in range(1, 25)}
    counts[BAR] = side[0]
    counts[OFF] = 0
    # a stack drawn with its count written on its top checker: an arrow stops at that checker's
    # edge, so the count stays readable (a Long Nardy head of 15)
    labelled = {n for n, c in counts.items() if c > board.max_drawn and n != OFF}
    ends: list[tuple[tuple[float, float], tuple[float, float], bool, bool, bool]] = []
    if not last:
        for m in moves:
            a = _anchor(board, position, mover, m.source, counts[m.source])
            counts[m.source] -= 1
            counts[m.destination] += 1
            ends.append((a, _anchor(board, position, mover, m.destination, counts[m.destination]), m.hit,
                         m.source in labelled, m.destination in labelled))
    else:
        for m in reversed(moves):
            z = _anchor(board, position, mover, m.destination, counts[m.destination])
            counts[m.destination] -= 1
            counts[m.source] += 1
            ends.append((_anchor(board, position, mover, m.source, counts[m.source]), z, m.hit,
                         m.source in labelled, m.destination in labelled))
        ends.reverse()
    color = th.last_play if last else th.arrow
    attrs = {"class": "bg-last-play" if last else "bg-arrows", "data-color": "white" if mover is WHITE else "red"}
    g = b.g(dwg, attrs)
    dash = {"stroke_dasharray": "10 6"} if last else {}
    centre = (W / 2, board.ym)
    for (x1, y1), (x2, y2), hit, trim_start, trim_end in ends:
        dx, dy = x2 - x1, y2 - y1
        length = math.hypot(dx, dy)
        if length < 1:
            continue
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        nx, ny = -dy / length, dx / length
        if nx * (centre[0] - mx) + ny * (centre[1] - my) < 0:
            nx, ny = -nx, -ny
        bend = min(0.22 * length, 50)
        qx, qy = mx + nx * bend, my + ny * bend
        if trim_start:
            x1, y1 = _towards(x1, y1, qx, qy, CR + 3)
        if trim_end:
            x2, y2 = _towards(x2, y2, qx, qy, CR + 3)
        ux, uy = x2 - qx, y2 - qy
        ul = math.hypot(ux, uy) or 1.0
        ux, uy = ux / ul, uy / ul
        hx, hy = x2 - ux * 13, y2 - uy * 13
        d = f"M{coord(x1)} {coord(y1)}Q{coord(qx)} {coord(qy)} {coord(hx)} {coord(hy)}"
        a = b.g(g, {"class": "bg-arrow" + (" bg-arrow-hit" if hit else "")})
        b.path(a, d, fill="none", stroke=th.halo, stroke_width="8", stroke_linecap="round")
        b.path(a, d, fill="none", stroke=color, stroke_width="4", stroke_linecap="butt", **dash)
        head = (f"M{coord(x2)} {coord(y2)}L{coord(hx - uy * 8)} {coord(hy + ux * 8)}"
                f"L{coord(hx + uy * 8)} {coord(hy - ux * 8)}Z")
        b.path(a, head, fill=color, stroke=th.halo, stroke_width="2", stroke_linejoin="round")
        if hit:
            star = "".join(
                ("M" if i == 0 else "L")
                + f"{coord(x2 + (11 if i % 2 == 0 else 5) * math.cos(math.pi * i / 8))} "
                + f"{coord(y2 + (11 if i % 2 == 0 else 5) * math.sin(math.pi * i / 8))}"
                for i in range(16)
            ) + "Z"
            b.path(a, star, class_="bg-hit", fill=th.hit, stroke=th.halo, stroke_width="1.5")


def _draw_caption(b: _Builder, dwg: _Element, board: _Board, th: Theme, lines: list[str]) -> None:
    g = b.g(dwg, {"class": "bg-caption", "font-size": str(board.font), "text-anchor": "middle", "fill": th.label})
    for i, line in enumerate(lines):
        b.text(g, board.canvas_w / 2, board.caption_y + 4 + (i + 1) * board.line - 5, line)
