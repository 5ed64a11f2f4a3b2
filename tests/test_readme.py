"""The README is true: every ```python block runs as written, and what it says a line prints or
returns is what that line prints or returns.

Conventions (README.md, for whoever edits it):

- Every ```python block runs top to bottom, in a fresh namespace, in an empty temporary folder (it may
  write files there), and must raise nothing.
- A block that is a reference list rather than a story (calls shown side by side, not meant to run in
  order) is preceded by the line ``<!-- reference: not run -->``. Keep these few.
- ``print(...)  # TEXT``: the printed text must agree with TEXT. TEXT may go on after the printed text
  with an explanation (``# True: the record replays to the same match``), or end with it after an
  explanation and a colon (``# the rules it tests: ('BEAR_OFF_NOT_ALL_HOME',)``). Prose that is not
  the output goes on a comment line of its own.
- ``expression  # LITERAL`` (or LITERAL on a comment line of its own right after the expression), where
  LITERAL is Python (a string, a tuple, ``Move(...)``): the expression's value must equal LITERAL,
  evaluated in the block's namespace. Comments that are prose are left alone.
"""

from __future__ import annotations

import ast
import contextlib
import io
import re
import tokenize
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
REFERENCE_MARK = "<!-- reference: not run -->"


def python_blocks(text: str) -> list[tuple[int, str, bool]]:
    """(first line number, source, is a reference list) of every ```python block."""
    blocks = []
    for m in re.finditer(r"^```python[ \t]*\n(.*?)^```", text, re.S | re.M):
        line = text[: m.start()].count("\n") + 1
        before = [ln for ln in text[: m.start()].splitlines() if ln.strip()]
        blocks.append((line, m.group(1), bool(before) and before[-1].strip() == REFERENCE_MARK))
    return blocks


BLOCKS = python_blocks(README.read_text(encoding="utf-8"))


def comments(source: str) -> dict[int, str]:
    """Line number -> the text of the comment on that line (without '#')."""
    out = {}
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            out[tok.start[0]] = tok.string[1:].strip()
    return out


def comment_only_lines(source: str) -> set[int]:
    return {i for i, ln in enumerate(source.splitlines(), start=1) if ln.lstrip().startswith("#")}


def as_python(text: str) -> ast.Expression | None:
    """The comment parsed as a Python expression that is not a bare name (prose is not a claim)."""
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError:
        return None
    if isinstance(tree.body, (ast.Name, ast.Compare, ast.BinOp, ast.BoolOp, ast.UnaryOp)):
        return None  # "points", "a - b" and such read as Python but are prose
    return tree


def printed_agrees(printed: str, claim: str) -> bool:
    """The printed text is the claim, or the claim is the printed text followed by an explanation
    (``True: why``), or an explanation ending in ``: `` followed by the printed text."""
    printed, claim = printed.strip(), claim.strip()
    if not printed:
        return False
    if printed == claim or claim.endswith(": " + printed):
        return True
    return claim.startswith(printed) and claim[len(printed)] in ":;,( —-"


def run_block(source: str, where: str) -> None:
    tree = ast.parse(source)
    notes = comments(source)
    alone = comment_only_lines(source)
    namespace: dict = {"__name__": "__readme__"}
    for stmt in tree.body:
        code = ast.Module(body=[stmt], type_ignores=[])
        last = stmt.end_lineno or stmt.lineno
        claim = notes.get(last) if last not in alone else None
        if claim is None and (last + 1) in alone:  # a literal on the comment line right after
            follow = notes.get(last + 1, "")
            claim = follow if follow[:1] in "'\"([{" else None
        is_print = (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)
                    and isinstance(stmt.value.func, ast.Name) and stmt.value.func.id == "print")
        out = io.StringIO()
        line = f"{where}, line {stmt.lineno}: {ast.get_source_segment(source, stmt)}"
        with contextlib.redirect_stdout(out):
            if isinstance(stmt, ast.Expr) and not is_print:
                value = eval(compile(ast.Expression(stmt.value), where, "eval"), namespace)
            else:
                exec(compile(code, where, "exec"), namespace)
                value = None
        if claim is None:
            continue
        if is_print:
            assert printed_agrees(out.getvalue(), claim), f"{line}\n  prints:  {out.getvalue().strip()!r}\n  README:  {claim!r}"
        elif isinstance(stmt, ast.Expr):
            expected_tree = as_python(claim)
            if expected_tree is None:
                continue
            expected = eval(compile(expected_tree, where, "eval"), namespace)
            assert value == expected, f"{line}\n  gives:   {value!r}\n  README:  {claim}"


@pytest.mark.parametrize("line,source", [(n, s) for n, s, ref in BLOCKS if not ref],
                         ids=[f"README-line-{n}" for n, s, ref in BLOCKS if not ref])
def test_readme_python_block_runs_as_written(line, source, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    run_block(source, f"README.md block at line {line}")


def test_reference_lists_are_few_and_still_valid_python():
    refs = [(n, s) for n, s, ref in BLOCKS if ref]
    assert len(refs) <= 3, f"{len(refs)} README blocks are marked as not run; make them stories that run"
    for line, source in refs:
        ast.parse(source, filename=f"README.md block at line {line}")


def test_the_conventions_catch_a_false_claim():
    with pytest.raises(AssertionError, match="README"):
        run_block("print(1 + 1)  # 3\n", "example")
    with pytest.raises(AssertionError, match="README"):
        run_block("x = 'a'\nx\n# 'b'\n", "example")
    with pytest.raises(AssertionError, match="README"):
        run_block("(1, 2)  # (1, 3)\n", "example")
    with pytest.raises(AssertionError, match="README"):
        run_block("print('x')  # the letter: y\n", "example")
    run_block("print(True)  # True: an explanation may follow\nprint('x')  # the letter: x\n"
              "(1, 2)  # (1, 2)\nlen('ab')  # the length\n", "example")


def test_the_top_commands_are_the_install_and_test_commands():
    """The two commands at the very top: install + open the lessons; install + run every test."""
    text = README.read_text(encoding="utf-8")
    first = re.search(r"```bash\n(.*?)```", text, re.S)
    assert first and text.index(first.group(0)) < text.index("\n## ")
    lines = [ln.split("#")[0].strip() for ln in first.group(1).splitlines() if ln.strip()]
    assert lines == ["python -m pip install -e '.[lessons]' && bglearn lessons",
                     "python -m pip install -e '.[test]' && python -m pytest"]
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert ci[-1].strip() == lines[1], "CI must end by running exactly the README's test command"


def test_what_the_rules_engine_section_calls_is_exported_by_bglearn():
    """Every function or class the README's "The rules engine" section shows called by its bare name
    (`points_won(kind, cube, ...)`, `legal_plays(position, roll)`, ...) is importable from ``bglearn``."""
    import bglearn

    text = README.read_text(encoding="utf-8")
    section = text[text.index("\n## The rules engine"):text.index("\n### Command line")]
    called = set(re.findall(r"`([A-Za-z_][A-Za-z_0-9]*)\([^)`]", section))  # `name(args`, not a method `result()`
    called -= set(re.findall(r"bglearn\.[a-z_.]+\.([A-Za-z_][A-Za-z_0-9]*)\(", section))  # given with its module
    assert {"points_won", "legal_plays", "explain", "game_result"} <= called
    missing = sorted(name for name in called if name not in bglearn.__all__ or not hasattr(bglearn, name))
    assert not missing, f"the README shows these as bglearn's, but `from bglearn import ...` lacks them: {missing}"

