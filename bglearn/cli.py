"""The ``bglearn`` command line: a thin layer that parses arguments, asks the engine, prints.

Each family of subcommands lives in its own module under :mod:`bglearn.commands` and exposes
``register(subparsers)``. The convention for every command: an error caused by bad input (arguments,
files, notation, a missing optional part of the kit) prints one line on stderr,
``bglearn COMMAND: what is wrong``, and exits with status 2, before any work starts; a command's own
answer ("illegal" from ``bglearn explain``) uses status 1.

>>> from bglearn.cli import main
>>> main(["plays", "--position", "4HPwATDgc/ABMA", "--roll", "21"])   # doctest: +ELLIPSIS
24/23 24/22
...
6/3
0
"""

from __future__ import annotations

import argparse
import sys
from importlib import import_module
from typing import NoReturn, Sequence

from .errors import BglearnError
from .i18n import _
from .extras import missing_message

__all__ = ["main", "build_parser"]

COMMAND_MODULES = ("engine", "render", "match", "classroom", "gradebook", "hub", "lessons", "site", "progress")


class _Parser(argparse.ArgumentParser):
    """argparse, with its errors as one line on stderr (exit status 2) like every other bglearn error."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    """The ``bglearn`` argument parser with every installed command family."""
    parser = _Parser(
        prog="bglearn",
        description=_("Learn and teach the rules of backgammon: legal plays, explanations, diagrams, "
        "matches, lessons and graded exercises."),
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name in COMMAND_MODULES:
        try:
            module = import_module(f"bglearn.commands.{name}")
        except ModuleNotFoundError as exc:  # a command family not installed in this build
            if exc.name == f"bglearn.commands.{name}":
                continue
            raise
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``bglearn`` command line; returns the exit status (0 done, 1 a negative answer such as
    an illegal play, 2 bad input, 130 interrupted)."""
    # jsonschema (under nbformat) compiles an optional IRI grammar at import, over a second of start-up
    # for a check no command uses: skip that optional module in this process.
    sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]  # None: "no such module"
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except BglearnError as exc:
        print(f"bglearn {args.command}: {exc}", file=sys.stderr)
        return 2
    except ModuleNotFoundError as exc:
        message = missing_message(exc.name or "", f"bglearn {args.command}")
        if message is None:
            raise
        print(message, file=sys.stderr)
        return 2
    except BrokenPipeError:  # output piped into a program that stopped reading (e.g. head)
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except FileNotFoundError as exc:
        print(f"bglearn {args.command}: " + _("no such file: {path}").format(path=exc.filename), file=sys.stderr)
        return 2
    except IsADirectoryError as exc:
        print(f"bglearn {args.command}: " + _("{path} is a folder, not a file").format(path=exc.filename), file=sys.stderr)
        return 2
    except OSError as exc:
        if exc.filename is None:
            raise
        print(f"bglearn {args.command}: " + _("cannot use {path}: {error}").format(path=exc.filename, error=exc.strerror),
              file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"bglearn {args.command}: " + _("interrupted"), file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
