"""Interactive Jupyter widgets: the clickable :class:`BoardWidget`.

``bglearn.BoardWidget`` is a lazy name for :class:`bglearn.widgets.board.BoardWidget`; importing
``bglearn`` alone loads no Jupyter code. The rules-free state machine behind the board is
:class:`bglearn.widgets.session.BoardSession` (usable and testable without ipywidgets).
"""

from __future__ import annotations

from .board import BoardWidget
from .session import BoardSession

__all__ = ["BoardWidget", "BoardSession"]
