"""Text that came from a submission, made safe for each place the grader writes it.

Anything a student controls — answers, exception messages, file names, notebook metadata, and the
grader's own sentences that quote them — passes through one of these before it is written:

- :func:`visible`: lone surrogates, control characters (newlines and tabs included), bidirectional
  overrides and other invisible format characters become visible escapes (``\\ud800``, ``\\x1b``,
  ``\\u202e``), so the text can always be encoded as UTF-8 and reads the same in every viewer;
- :func:`csv_cell`: :func:`visible`, and a cell a spreadsheet would run as a formula (starting with
  ``=``, ``+``, ``-`` or ``@``) is quoted with a leading ``'``;
- :func:`markdown`: :func:`visible`, with every character Markdown (or the HTML inside it, or a
  notebook's LaTeX) would read as formatting escaped: a student's text shows as the characters typed,
  so it can never make a heading, a bold "Score" line, a link or an HTML element;
- :func:`terminal`: :func:`visible` (no escape sequence reaches the teacher's terminal).

>>> from bglearn.grading.untrusted import csv_cell, markdown, visible
>>> visible("ok\\ud800\\u202egnp.exe\\n")
'ok\\\\ud800\\\\u202egnp.exe\\\\n'
>>> csv_cell("=HYPERLINK(\\"http://x\\")")
'\\'=HYPERLINK("http://x")'
>>> markdown("Score: **10 / 10**")
'Score: \\\\*\\\\*10 / 10\\\\*\\\\*'
"""

from __future__ import annotations

import re

__all__ = ["visible", "csv_cell", "markdown", "terminal"]

_FORMULA_START = ("=", "+", "-", "@")
_MARKDOWN_ACTIVE = re.compile(r"([\\`*_\[\]<>!|~&$#{}])")
_BLOCK_START = re.compile(r"^(\s*)([>+\-=]|\d+[.)])")


def visible(text: object, limit: int | None = None) -> str:
    """``str(text)`` with every character that is not printable (controls, lone surrogates, bidi and
    other format characters, line separators) replaced by its Python escape; cut to ``limit``
    characters (ending in "…") when given. Never raises for a ``str``."""
    s = text if isinstance(text, str) else str(text)
    s = str.__str__(s)   # a subclass of str cannot change what is written
    if limit is not None and len(s) > limit:
        s = s[: max(limit - 1, 0)] + "…"
    if s.isprintable():
        return s
    return "".join(ch if ch.isprintable() or ch == " " else repr(ch)[1:-1] for ch in s)


def csv_cell(value: object) -> str:
    """``value`` as a grade-sheet cell: :func:`visible`, and never a formula a spreadsheet runs."""
    s = visible(value)
    return "'" + s if s.startswith(_FORMULA_START) else s


def markdown(text: object, limit: int | None = None) -> str:
    """``text`` as Markdown that shows exactly these characters on one line and formats nothing."""
    s = _MARKDOWN_ACTIVE.sub(r"\\\1", visible(text, limit))
    # a line start that would open a quote, a list or a heading underline: its marker escaped too
    return _BLOCK_START.sub(lambda m: m.group(1) + m.group(2)[:-1] + "\\" + m.group(2)[-1], s, count=1)


def terminal(text: object) -> str:
    """``text`` as a line for the teacher's terminal: no escape sequence, no invisible character."""
    return visible(text)
