"""Interactive Jupyter widgets: the clickable :class:`BoardWidget`.

``bglearn.BoardWidget`` is a lazy name for :class:`bglearn.widgets.board.BoardWidget`; importing
``bglearn`` alone loads no Jupyter code. The rules-free state machine behind the board is
:class:`bglearn.widgets.session.BoardSession` (usable and testable without ipywidgets), which hands
each click to one module per mode: :mod:`.play`, :mod:`.practice`, :mod:`.setup`, :mod:`.show`.

>>> from bglearn import Position
>>> from bglearn.widgets import BoardWidget
>>> board = BoardWidget(position=Position(), roll="31")      # display it in a notebook to play
>>> board.position == Position()
True
"""

from __future__ import annotations

from .board import BoardWidget
from .session import BoardSession

__all__ = ["BoardWidget", "BoardSession"]
