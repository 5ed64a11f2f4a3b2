"""The ``bglearn`` command line: a thin layer that parses arguments, asks the engine, prints.

Each family of subcommands lives in its own module under :mod:`bglearn.commands` and exposes
``register(subparsers)``; errors caused by bad input print one line on stderr and exit with status 2.
"""

from __future__ import annotations

import argparse
import sys
from importlib import import_module
from typing import Sequence

from .errors import BglearnError

__all__ = ["main", "build_parser"]

COMMAND_MODULES = ("engine", "render", "match", "classroom", "lessons")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bglearn",
        description="Learn and teach the rules of backgammon: legal plays, explanations, diagrams, "
        "matches, lessons and graded exercises.",
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
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except BglearnError as exc:
        print(f"bglearn {args.command}: {exc}", file=sys.stderr)
        return 2
    except FileNotFoundError as exc:
        print(f"bglearn {args.command}: no such file: {exc.filename}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # output piped into a program that stopped reading (e.g. head)
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        print(f"bglearn {args.command}: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
