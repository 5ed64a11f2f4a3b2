"""A progress bar for long runs (grading a class, making its handouts), with the time left estimated.

On a terminal it is one line redrawn in place; elsewhere (a log file, CI) it writes a plain line at
most every ``every`` seconds, and, if it wrote any, one at the end (a run shorter than ``every`` shows
nothing there). It writes to ``stream`` (standard error by default), never to standard output, so
what a command prints stays the same.

>>> import io
>>> out = io.StringIO()
>>> bar = Progress(4, label="grading", stream=out, every=1, clock=iter(range(100)).__next__)
>>> for _ in range(4):
...     bar.advance()
>>> bar.close()
>>> print(out.getvalue().splitlines()[-1])
grading: 4/4 done in 5 s
"""

from __future__ import annotations

import sys
import time
from typing import Callable, TextIO

from ..i18n import _

__all__ = ["Progress", "eta"]

_WIDTH = 24


def eta(done: int, total: int, seconds: float) -> float | None:
    """Seconds left when ``done`` of ``total`` took ``seconds``, at that rate; ``None`` before the first."""
    if done <= 0:
        return None
    return max(0.0, seconds / done * (total - done))


def _clock_text(seconds: float) -> str:
    whole = int(round(seconds))
    hours, rest = divmod(whole, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


class Progress:
    """Counts ``total`` pieces of work (:meth:`advance` after each) and shows how far it is."""

    def __init__(self, total: int, label: str, *, stream: TextIO | None = None, every: float = 10.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if total < 0:
            raise ValueError(f"a progress bar needs a count of at least 0, not {total}")
        self.total = total
        self.done = 0
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.every = every
        self._clock = clock
        self._start = clock()
        self._shown = self._start
        self._first: float | None = None   # when the first piece was done (what came before is start-up)
        self._lines = 0
        isatty = getattr(self.stream, "isatty", None)
        self.tty = bool(isatty and isatty())

    def advance(self, count: int = 1) -> None:
        """``count`` more pieces are done."""
        self.done = min(self.total, self.done + count)
        now = self._clock()
        if self._first is None:
            self._first = now
        if self.tty:
            self._draw(now)
        elif now - self._shown >= self.every and self.done < self.total:
            self._shown = now
            self._lines += 1
            self.stream.write(self._text(now) + "\n")
            self.stream.flush()

    def _text(self, now: float) -> str:
        # the rate since the first piece came back: starting the workers is not part of it
        left = eta(self.done - 1, self.total - 1, now - self._first) if self._first is not None else None
        text = _("{label}: {done}/{total}").format(label=self.label, done=self.done, total=self.total)
        if left is not None:
            text += ", " + _("about {time} left").format(time=_clock_text(left))
        return text

    def _draw(self, now: float) -> None:
        filled = _WIDTH * self.done // self.total if self.total else _WIDTH
        bar = "[" + "#" * filled + "." * (_WIDTH - filled) + "] "
        self.stream.write("\r" + bar + self._text(now) + "\033[K")
        self.stream.flush()

    def close(self) -> None:
        """The work is over: the final count and the time it took, on a line of its own (not a terminal:
        only after the lines written while it went on)."""
        if not self.tty and not self._lines:
            return
        seconds = self._clock() - self._start
        end = _("{label}: {done}/{total} done in {seconds} s").format(
            label=self.label, done=self.done, total=self.total, seconds=f"{seconds:.0f}")
        self.stream.write(("\r" + end + "\033[K\n") if self.tty else end + "\n")
        self.stream.flush()
