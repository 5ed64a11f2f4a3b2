"""The games the engine plays, each a :class:`~bglearn.position.Position` subclass registered by name
(the way python-chess registers ``chess.variant``).

A variant's class states what differs from backgammon as class attributes — its name, the other
side's numbering (``OPPOSITE``), the start (``START``), hitting, the bar, the cube, GNU Backgammon IDs
and XGIDs, the opening rule, the most a game scores — and overrides a few hooks: how a roll may be
played (``legal_sequences``), the state check (``check_sides``), the board a play is explained on
(``check_state``), the win and its words (``win_kind``, ``result_words``) and the diagram
(``diagram_intro``, ``draw_variant``). The engine, the diagrams and the widgets ask the position;
nothing outside this package compares a variant's name.

>>> from bglearn.variants import find_variant
>>> find_variant("long-nardy").__name__, find_variant("nackgammon").has_cube
('LongNardyPosition', True)
>>> from bglearn import Position, legal_plays
>>> [p.notation for p in legal_plays(Position(variant="long-nardy"), "66")]
['24/18(2)']

**Adding a game** is one module (or one folder) under ``bglearn/variants/`` defining the subclass, and
one line in :data:`REGISTRY` naming it; :mod:`bglearn.variants.nackgammon` is the smallest example.
A class is imported only when its game is first asked for: ``import bglearn`` loads none of them.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from ..errors import InvalidPositionError
from ..i18n import _

if TYPE_CHECKING:  # pragma: no cover
    from ..position import Position

__all__ = ["REGISTRY", "find_variant", "variant_names", "variant_classes"]

REGISTRY: dict[str, str] = {
    "backgammon": "bglearn.position:Position",
    "long-nardy": "bglearn.variants.long_nardy:LongNardyPosition",
    "nackgammon": "bglearn.variants.nackgammon:NackgammonPosition",
}
"""Each game's name -> ``"module:Class"`` of its position class (the class's ``variant`` is that name)."""


def variant_names() -> tuple[str, ...]:
    """The registered games' names, the standard game first.

    >>> variant_names()
    ('backgammon', 'long-nardy', 'nackgammon')
    """
    return tuple(REGISTRY)


def _load(name: str) -> type[Position]:
    module, _sep, cls = REGISTRY[name].partition(":")
    found: type[Position] = getattr(import_module(module), cls)
    return found


def variant_classes() -> tuple[type[Position], ...]:
    """Every registered game's position class (importing each), in :data:`REGISTRY`'s order."""
    return tuple(_load(name) for name in REGISTRY)


def find_variant(name: str) -> type[Position]:
    """The position class of the game called ``name`` — a registered name (``"long-nardy"``) or one of
    a class's ``aliases`` (``"nardy"``), in any case, with spaces or underscores for hyphens. Anything
    else raises :class:`~bglearn.errors.InvalidPositionError` naming the games there are.

    >>> find_variant("Long Nardy").variant
    'long-nardy'
    >>> find_variant("chess")
    Traceback (most recent call last):
    ...
    bglearn.errors.InvalidPositionError: there is no variant 'chess'; choose one of 'backgammon', 'long-nardy', 'nackgammon'.
    """
    if isinstance(name, str):
        key = "-".join(name.lower().replace("_", " ").split())
        if key in REGISTRY:
            return _load(key)
        for cls in variant_classes():
            if key in cls.aliases:
                return cls
    raise InvalidPositionError(_("there is no variant {variant}; choose one of {names}.").format(
        variant=repr(name), names=", ".join(repr(n) for n in REGISTRY)))
