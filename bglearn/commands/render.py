"""``bglearn render``: draw a position given as a Position ID or XGID to an SVG or PNG file.

    bglearn render --position 4HPwATDgc/ABMA --dice 31 -o opening.svg
    bglearn render --position "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10" --png -o board.png
    bglearn render --position 4HPwATDgc/ABMA:cAkAAAAAAAAA --perspective red -o red.svg

An XGID or a ``PositionID:MatchID`` also supplies the dice, the cube and the score; options given
on the command line win. Without ``-o`` the SVG is written to standard output.

>>> from bglearn.cli import build_parser
>>> from bglearn.commands.render import render_options
>>> args = build_parser().parse_args(["render", "-p", "4HPwATDgc/ABMA", "-o", "board.svg", "--perspective", "red"])
>>> position, options = render_options(args)
>>> options["perspective"], options["theme"]
(RED, 'classic')
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..dice import as_roll
from ..errors import BglearnError, NotationError
from ..i18n import _
from ..ids import decode_match_id, parse_xgid
from ..position import RED, WHITE, Player, Position
from . import check_extra, check_output_file

__all__ = ["register", "render_options"]


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = subparsers.add_parser(
        "render",
        help=_("draw a position (Position ID or XGID) as SVG or PNG"),
        description=_("Draw a position as a board diagram. An XGID or ID:MatchID also gives the dice, "
        "cube and score."),
    )
    p.add_argument("--position", "-p", required=True, metavar="ID",
                   help=_("a GNU Position ID (e.g. 4HPwATDgc/ABMA), ID:MatchID, or an XGID"))
    p.add_argument("--turn", choices=["white", "red"], default=None,
                   help=_("the colour on roll for a plain Position ID (default white)"))
    p.add_argument("--perspective", choices=["white", "red"], default="white",
                   help=_("the colour at the bottom of the board (default white)"))
    p.add_argument("--home", choices=["right", "left"], default="right",
                   help=_("the bottom player's home board on the right (default) or left"))
    p.add_argument("--dice", "-d", metavar="DICE", help=_("the roll to draw, e.g. 31 or 6-6"))
    p.add_argument("--caption", metavar="TEXT", help=_("a caption under the board"))
    p.add_argument("--theme", choices=["classic", "contrast"], default="classic",
                   help=_("classic board or high-contrast colour-blind-safe colours"))
    p.add_argument("--layout", choices=["landscape", "portrait"], default="landscape",
                   help=_("landscape (wide) or portrait (turned a quarter, for narrow screens)"))
    p.add_argument("--no-numbers", action="store_true", help=_("leave out the point numbers"))
    p.add_argument("--no-pips", action="store_true", help=_("leave out the pip counts"))
    p.add_argument("--no-cube", action="store_true", help=_("leave out the doubling cube"))
    p.add_argument("--width", type=float, metavar="PX", help=_("the pixel width (default 656)"))
    p.add_argument("--png", action="store_true",
                   help=_("write PNG instead of SVG (needs the optional cairosvg package); "
                        "implied when the output name ends in .png"))
    p.add_argument("--output", "-o", metavar="FILE", help=_("the file to write (default: SVG on stdout)"))
    p.set_defaults(func=_render)


def render_options(args: argparse.Namespace) -> tuple[Position, dict[str, Any]]:
    """The position and :func:`bglearn.render` options named on the command line."""
    text = args.position.strip()
    turn: Player = RED if args.turn == "red" else WHITE
    options: dict[str, Any] = {}
    if text.upper().startswith("XGID=") or text.count(":") >= 4:
        x = parse_xgid(text)
        position = x.position
        options.update(cube=x.cube_value, cube_owner=x.cube_owner, dice=x.dice)
        if x.match_length or any(x.score):
            options.update(score=x.score, match_length=x.match_length or None)
    elif ":" in text:
        pid, mid = (s.strip() for s in text.split(":", 1))
        m = decode_match_id(mid)
        position = Position.from_position_id(pid, m.on_roll)
        options.update(cube=m.cube_value, cube_owner=m.cube_owner, dice=m.dice)
        if m.match_length or any(m.score):
            options.update(score=m.score, match_length=m.match_length or None)
    else:
        position = Position.parse(text, turn)
    if args.turn and text.count(":"):
        position = position.with_turn(turn)
    if args.dice:
        options["dice"] = as_roll(args.dice)
    options.update(
        perspective=RED if args.perspective == "red" else WHITE,
        home=args.home,
        theme=args.theme,
        layout=args.layout,
        numbers=not args.no_numbers,
        pips=not args.no_pips,
        show_cube=not args.no_cube,
    )
    if args.caption:
        options["caption"] = args.caption
    if args.width is not None:
        options["width"] = args.width
    return position, options


def _render(args: argparse.Namespace) -> int:
    # every argument is checked before anything is drawn
    position, options = render_options(args)
    out = args.output
    png = args.png or (out is not None and out.lower().endswith(".png"))
    if png and out is None:
        raise NotationError(_("PNG output needs a file name: add -o FILE.png."))
    if png:
        check_extra("png", "PNG output")
    if out is not None:
        check_output_file(out)

    from ..svg import render

    diagram = render(position, **options)
    if out is None:
        sys.stdout.write(str(diagram) + "\n")
        return 0
    try:
        if png:
            diagram.to_png(out)
        else:
            with open(out, "w", encoding="utf-8") as fh:
                fh.write(str(diagram))
    except IsADirectoryError:
        raise BglearnError(_("{path} is a directory; give a file name with -o.").format(path=out)) from None
    except OSError as exc:
        raise BglearnError(_("cannot write {path}: {error}.").format(path=out, error=exc.strerror)) from None
    print(_("wrote {path}").format(path=out))
    return 0
